"""The setup form of a round robin: the points it does not score (轮空, 请假全分, 请假半分, 缺席:
a player on leave or absent forfeits the scheduled game, nobody gets a pairing-allocated bye)
are shown disabled with a tooltip saying why; the zero-point bye's box, which scores the rest
round of an odd table, reads 单循环轮空 and says so; a Swiss gets them all back, as typed."""

from __future__ import annotations

from pathlib import Path

from app.services import queries
from app.services.groups import update_group

GROUP = "男子组"  # shenzhen-2022
UNSCORED = ["pab", "full_bye", "half_bye", "absent"]


def _setup(window, tmp_path: Path, system: str):  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "shenzhen.db", "shenzhen-2022"), window.last_error
    update_group(window.ev, GROUP, system=system)
    window.changed()
    setup = window.setup_view
    window.tabs.setCurrentWidget(setup)
    names = [setup.group_list.item(i).text() for i in range(setup.group_list.count())]
    setup.group_list.setCurrentRow(names.index(GROUP))
    return setup


def test_a_round_robin_shows_the_points_it_does_not_score_disabled_saying_why(
        window, tmp_path: Path) -> None:
    setup = _setup(window, tmp_path, "round_robin")
    disabled = [key for key, spin in setup.points.items() if not spin.isEnabled()]
    assert disabled == UNSCORED
    assert not any(setup.points[key].isHidden() for key in UNSCORED)  # shown, greyed
    assert not setup.point_labels["half_bye"].isEnabled()
    leave = "单循环请假不给分：伯格表不变，请假者该轮的对局判弃权负，对手不战胜"
    assert setup.points["half_bye"].toolTip() == leave
    assert setup.point_labels["full_bye"].toolTip() == leave
    assert setup.points["absent"].toolTip().startswith("单循环缺席不另计分：")
    assert "伯格表有一人轮空休息" in setup.points["pab"].toolTip()
    assert setup.point_labels["zero_bye"].text() == "单循环轮空"
    assert setup.points["zero_bye"].isEnabled()
    assert setup.points["zero_bye"].toolTip().startswith("单循环人数为奇数时，每轮按伯格表有一人轮空休息")
    for key in ("win", "draw", "loss", "forfeit_win", "forfeit_loss"):
        assert setup.points[key].isEnabled() and setup.points[key].toolTip() == ""
    window.set_language("en")
    assert setup.point_labels["zero_bye"].text() == "round-robin bye"
    assert setup.points["half_bye"].toolTip().startswith("a round robin gives no points for leave")


def test_choosing_a_swiss_gives_them_back(window, tmp_path: Path) -> None:
    setup = _setup(window, tmp_path, "round_robin")
    setup.system.setCurrentIndex(setup.system.findData("swiss"))
    assert all(spin.isEnabled() and spin.toolTip() == "" for spin in setup.points.values())
    assert setup.point_labels["zero_bye"].text() == "请假零分"
    setup.points["half_bye"].setValue(2)
    assert setup.save_group(), window.last_error
    group = next(g for g in queries.event_info(window.ev).groups if g.name == GROUP)
    assert group.points["half_bye"] == 2


def test_a_swiss_shows_every_points_box(window, tmp_path: Path) -> None:
    setup = _setup(window, tmp_path, "swiss")
    assert all(spin.isEnabled() and not spin.isHidden() for spin in setup.points.values())
    setup.system.setCurrentIndex(setup.system.findData("round_robin"))
    assert [key for key, spin in setup.points.items() if not spin.isEnabled()] == UNSCORED
