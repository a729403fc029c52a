"""The Print/Export menu offers every list of the group shown (pairings, result slips,
standings, crosstable, bracket, team standings, award list), each printed with a preview or
saved as a PDF by the same code as its view's buttons; an entry is enabled only when there
is something to print, and a disabled one says why."""

from __future__ import annotations

import subprocess
from pathlib import Path

from app.ui import printing
from app.ui.window_menus import PRINT_LISTS
from tests.ui.helpers import SCREENSHOTS, open_demo, pdf_text, select_group


def states(window, group: str) -> dict[tuple[str, bool], tuple[bool, str]]:
    """Each entry's enabled state and tooltip as the menu shows them for `group`."""
    window.tabs.setCurrentWidget(window.rounds_view)
    select_group(window.rounds_view, group)
    window.menu_print.aboutToShow.emit()
    return {key: (act.isEnabled(), act.toolTip()) for key, act in window.print_actions.items()}


def test_every_list_has_a_print_and_a_pdf_entry_in_the_menu(window):
    entries = window.menu_print.actions()
    for name in PRINT_LISTS:
        for pdf in (False, True):
            act = window.print_actions[(name, pdf)]
            assert act in entries
            assert not act.isEnabled() and "赛事" in act.toolTip()  # no event open
    texts = [act.text() for act in entries]
    for what in ("对阵表", "成绩记录单", "名次表", "交叉表", "淘汰赛对阵图", "团体名次表", "奖励名单"):
        assert any(what in text and "打印" in text for text in texts), what
        assert any(what in text and "PDF" in text for text in texts), what


def test_swiss_group_prints_its_crosstable_not_a_bracket(window, tmp_path, saved,
                                                         monkeypatch):
    open_demo(window, tmp_path, "qiwang-2022")
    shown = states(window, "公开组")
    for name in ("pairings", "slips", "standings", "crosstable", "team_standings",
                 "award_list"):
        assert shown[(name, False)][0] and shown[(name, True)][0], name
    enabled, tip = shown[("bracket", True)]
    assert not enabled and "不是淘汰赛" in tip  # the reason, in the language shown
    previews: list[str] = []
    monkeypatch.setattr(printing, "show_preview",
                        lambda _parent, document: previews.append(document.toPlainText())
                        or True)
    window.print_actions[("crosstable", False)].trigger()
    assert previews and "公开组 交叉表" in previews[-1]
    assert window.standings_view.pages.currentWidget() is window.standings_view.crosstable
    window.tabs.setCurrentWidget(window.rounds_view)
    window.print_actions[("standings", True)].trigger()
    assert "公开组" in pdf_text(saved[-1]) and "总名次" in pdf_text(saved[-1])
    viewer: list[Path] = []
    monkeypatch.setattr(printing, "open_document", lambda path: viewer.append(path) or True)
    number = window.rounds_view.current_round_number()
    window.rounds_view.slips_button.click()  # the view's button: the same action
    assert viewer and viewer[-1].read_bytes().startswith(b"%PDF")
    info = subprocess.run(["pdfinfo", str(viewer[-1])], capture_output=True, text=True,
                          check=True).stdout
    assert f"公开组 第{number}轮成绩记录单" in info
    window.print_actions[("slips", True)].trigger()
    assert saved[-1].read_bytes().startswith(b"%PDF") and "成绩记录单" in pdf_text(saved[-1])
    SCREENSHOTS.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "50", "-f", "1", "-singlefile", str(saved[-1]),
                    str(SCREENSHOTS / "44-slips-from-menu")], check=True)


def test_team_knockout_prints_its_bracket_not_a_crosstable(window, tmp_path, saved):
    open_demo(window, tmp_path, "huazhi-2021")
    shown = states(window, "决赛")
    for name in ("pairings", "slips", "standings", "bracket", "team_standings", "award_list"):
        assert shown[(name, False)][0] and shown[(name, True)][0], name
    enabled, tip = shown[("crosstable", False)]
    assert not enabled and "团体赛没有" in tip
    assert not window.print_list("crosstable", pdf=True)  # refused, nothing asked
    assert not saved
    window.print_actions[("bracket", True)].trigger()
    text = pdf_text(saved[-1])
    assert "决赛 对阵图" in text
    window.print_actions[("team_standings", True)].trigger()
    assert "决赛" in pdf_text(saved[-1])
    assert window.standings_view.which.currentData() == "main"  # the team group's standings
    window.print_actions[("award_list", True)].trigger()
    assert "奖励名单" in pdf_text(saved[-1]) and "30000元" in pdf_text(saved[-1])
