"""The setup view names the event's preset by the regulation's event, never by the preset's
file name (issue 25: "预设: qiwang-2022")."""

from __future__ import annotations

from tests.ui.helpers import shown_texts


def test_the_preset_is_shown_by_its_title(window, tmp_path):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "q.db", "qiwang-2022"), window.last_error
    view = window.setup_view
    window.tabs.setCurrentWidget(view)
    assert view.preset_label.text() == "“嘉绍大桥杯”2022年全国五子棋棋王争霸赛总决赛"
    assert not any("qiwang-2022" in text for text in shown_texts(view))
    assert "棋王争霸赛" in view.preset_label.toolTip()
