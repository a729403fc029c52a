"""Print (with a preview) and save as PDF from the standings view's other lists: the
knockout bracket drawn on a landscape page, a team ranking, and the award list (奖励名单)
of the ranking shown; each PDF read back with pdftotext, the bracket's page looked at."""

from __future__ import annotations

import re
import subprocess

from PySide6.QtCore import Qt
from PySide6.QtPrintSupport import QPrinter

from app.services import knockout, ranking
from app.ui import printing
from tests.ui.helpers import SCREENSHOTS, open_demo, pdf_text, screenshot, select_group


def test_knockout_bracket_prints_its_drawing_on_a_landscape_page(window, tmp_path, saved,
                                                                  monkeypatch):
    view = open_demo(window, tmp_path, "huazhi-2021")
    select_group(view, "复赛")  # not a knockout: no bracket page
    assert not view.pages.isTabVisible(2)
    select_group(view, "决赛")
    assert view.show_bracket()
    assert view.print_button.isEnabled() and view.pdf_button.isEnabled()
    assert not view.award_print_button.isVisible() or not view.award_print_button.isEnabled()
    previews: list[QPrinter] = []

    def preview(_parent, render):
        printer = QPrinter(QPrinter.PrinterMode.ScreenResolution)
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(tmp_path / "preview.pdf"))
        previews.append(printer)
        render(printer)
        return True

    monkeypatch.setattr(printing, "show_page_preview", preview)
    assert view.print_standings()
    assert previews and (tmp_path / "preview.pdf").stat().st_size > 1000
    view.pdf_button.click()
    text = pdf_text(saved[-1])
    assert "决赛 对阵图" in text
    bracket = knockout.bracket_view(window.ev, "决赛")
    champion = bracket.rounds[-1][0].winner
    names = view.bracket.names
    for match in bracket.rounds[0]:
        for entrant in (match.top, match.bottom):
            if entrant in names:
                assert names[entrant] in text
    assert names[champion] in text
    info = subprocess.run(["pdfinfo", str(saved[-1])], capture_output=True, text=True,
                          check=True).stdout
    assert re.search(r"^Pages:\s+1$", info, re.MULTILINE), info
    width, height = (float(v) for v in
                     info.split("Page size:")[1].split("pts")[0].split(" x "))
    assert width > height  # landscape A4
    SCREENSHOTS.mkdir(exist_ok=True)
    subprocess.run(["pdftoppm", "-png", "-r", "60", "-singlefile", str(saved[-1]),
                    str(SCREENSHOTS / "40-bracket-print")], check=True)
    assert (SCREENSHOTS / "40-bracket-print.png").stat().st_size > 5000


def test_team_standings_and_award_list_print_and_save_as_pdf(window, tmp_path, saved,
                                                             monkeypatch):
    view = open_demo(window, tmp_path, "qiwang-2022")
    select_group(view, "公开组")
    previewed: list[str] = []

    def preview(_parent, document) -> bool:
        previewed.append(document.toPlainText())
        return True

    monkeypatch.setattr(printing, "show_preview", preview)
    # the award list of the group's own standings: place, name, unit, prize, title
    assert view.award_print_button.isEnabled()
    screenshot(window, "41-award-list-buttons")
    view.award_print_button.click()
    standings = ranking.standings(window.ev, "公开组")
    awarded = [row for row in standings.rows if row.prize or row.title]
    assert awarded and len(awarded) < len(standings.rows)
    assert "公开组" in previewed[-1] and "奖励名单" in previewed[-1]
    for row in awarded:
        assert row.player.name in previewed[-1]
    left_out = next(row for row in standings.rows if not (row.prize or row.title))
    assert left_out.player.name not in previewed[-1]
    view.award_pdf_button.click()
    text = pdf_text(saved[-1])
    first = awarded[0]
    assert first.player.name in text and first.title in text and "30000元" in text
    # a team ranking: the team standings page, then its award list
    team = "公开组团体（男子）"
    view.which.setCurrentIndex(view.which.findText(team, flags=common_match()))
    assert view.is_team()
    assert view.print_button.isEnabled()
    view.pdf_button.click()
    text = pdf_text(saved[-1])
    teams = next(t for t in ranking.team_standings(window.ev) if t.name == team)
    for team_row in teams.rows:
        assert team_row.team in text
    view.award_pdf_button.click()
    text = pdf_text(saved[-1])
    assert "上海棋院" in text and "10000元" in text
    # the crosstable page: the award list belongs to the table page
    view.pages.setCurrentIndex(1)
    assert not view.award_print_button.isEnabled()


def common_match() -> Qt.MatchFlag:
    return Qt.MatchFlag.MatchContains


def test_nothing_to_print_disables_the_actions_and_says_why(window, tmp_path):
    from app.services.event import add_group

    assert window.new_event(tmp_path / "ko.db", "qiwang-2022")
    add_group(window.ev, "淘汰组", like="公开组", system="knockout", rounds=3)
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, "淘汰组")
    assert not view.award_print_button.isEnabled()
    assert "奖励名单" in view.award_print_button.toolTip()
    assert view.show_bracket()
    assert not view.bracket.printable()
    assert not view.print_button.isEnabled() and not view.pdf_button.isEnabled()
    assert "对阵图" in view.print_button.toolTip()
    assert not view.print_standings(pdf=True)
