"""A whole qiwang final (棋王争霸赛总决赛) from the window alone, as a new arbiter runs it.

New event from the qiwang preset; the two period lists (网络入围赛) and the wildcards (外卡)
imported through the import wizard's own buttons; nine rounds paired with F5, every result
typed into the result-entry box (wins, draws, forfeits, losses on time); one game recorded
click by click on the board (五手N打 declared, 三手交换 taken); the final standings with a tie
at a prize place played off by keys; then the pairing list, result slips, standings, award
list and crosstable saved as PDF from their views, a real print preview, and the whole export
(slips, certificates, booklets) from the export dialog. Asserts on what the views show and on the
event file; every step leaves a picture in tests/ui/screenshots/walkthrough-qiwang/.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtPrintSupport import QPrintPreviewDialog, QPrintPreviewWidget
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from app.rules.endings import Ending
from app.services import queries
from app.services.ranking import standings, team_standings
from app.ui import common
from app.ui.main_window import MainWindow
from app.wording import board_result_text, code_text, game_code
from tests.ui.helpers import DATA, GROUP, SCREENSHOTS, SWAPPED_BLACK_FIVE, play_clicks, screenshot

FOLDER = "walkthrough-qiwang"
LISTS = [(DATA / "qiwang-2022-period-1.csv", "网络入围赛"),
         (DATA / "qiwang-2022-period-2.csv", "网络入围赛"),
         (DATA / "qiwang-2022-wildcards.xlsx", "外卡")]
KEYS = ["=", "0", "0", "=", "t1", "=", "1", "1", "1", "0", "0", "=", "=", "0", "t1", "0", "1",
        "1", "1", "=", "=", "=", "1", "0", "t0", "0", "1", "0", "1"]
"""The result keys, board after board (1 first mover won, 0 second mover won, = draw, t1 / t0
the win came by a loss on time); with the forfeits below they leave two players level on
every tie-break at place 8, where the prize changes (2000 to 800 yuan)."""
FORFEITS = {(3, 2): "+", (6, 4): "-"}  # (round, board): forfeit win of the first / second
RECORDED = (5, 1)  # this board's game is recorded on the board, not typed
CODES = {"1": "1-0", "0": "0-1", "=": "=", "+": "+-", "-": "-+", "t1": "1-0t", "t0": "0-1t"}


def key_for(round_number: int, board: int) -> str:
    return FORFEITS.get((round_number, board), KEYS[(round_number * 7 + board) % len(KEYS)])


class Steps:
    """Numbered screenshots of the walkthrough."""

    def __init__(self) -> None:
        self.count = 0

    def shot(self, widget: QWidget, name: str) -> Path:
        self.count += 1
        return screenshot(widget, f"{FOLDER}/{self.count:02d}-{name}")


def press_f5(window: MainWindow, qtbot: QtBot) -> None:
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, Qt.Key.Key_F5)


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def page_picture(pdf: Path, page: int, name: str) -> None:
    """One page of a PDF as a picture beside the screenshots (pdftoppm -r 50)."""
    target = SCREENSHOTS / FOLDER / name
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", "-f", str(page),
                    "-l", str(page), str(pdf), str(target)], check=True)


def test_a_qiwang_final_from_the_window_alone(window, qtbot, tmp_path, monkeypatch) -> None:
    for old in (SCREENSHOTS / FOLDER).glob("*.png"):
        old.unlink()
    steps = Steps()
    chosen: list[object] = []  # what the arbiter picks in the file dialogs, in order
    monkeypatch.setattr(common, "ask_save_path", lambda *_a: chosen.pop(0))
    monkeypatch.setattr(common, "ask_open_paths", lambda *_a: chosen.pop(0))

    # ----- a new event from the qiwang preset ----------------------------------------------
    page = window.start_page
    presets = [page.presets.item(i).data(Qt.ItemDataRole.UserRole)
               for i in range(page.presets.count())]
    page.presets.setCurrentRow(presets.index("qiwang-2022"))
    steps.shot(window, "start-page")
    chosen.append(tmp_path / "棋王总决赛.db")
    page.new_preset.click()
    assert window.ev is not None, window.last_error
    setup = window.setup_view
    assert [setup.group_list.item(i).text() for i in range(setup.group_list.count())] == \
        [GROUP, "少儿组"]
    setup.group_list.setCurrentRow(0)
    assert setup.rounds.value() == 9 and setup.fifth.text() == "由假先方申明"
    steps.shot(window, "setup")

    # ----- the qualifier lists through the import wizard ----------------------------------
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    players.import_button.click()
    wizard = players.import_wizard
    qtbot.addWidget(wizard)
    offered = [wizard.source.itemText(i) for i in range(wizard.source.count())]
    assert "网络入围赛" in offered and "外卡" in offered  # the preset's list types
    for path, source in LISTS:
        chosen.append([path])
        wizard.add.click()
        wizard.files.setCurrentRow(wizard.files.count() - 1)
        wizard.source.setCurrentIndex(wizard.source.findText(source))
    wizard.group.setCurrentIndex(wizard.group.findText(GROUP))
    assert [wizard.files.item(i).text().split("← ")[1] for i in range(3)] == \
        ["网络入围赛", "网络入围赛", "外卡"]
    wizard.check_button.click()
    assert "26 名棋手可导入" in wizard.summary.text()
    rows = [[wizard.problems.item(r, c).text() for c in range(5)]
            for r in range(wizard.problems.rowCount())]
    left_out = [row for row in rows if row[3] == "未录取"]
    assert len(left_out) == 4 and all(row[0].endswith((".csv", ".xlsx")) for row in left_out)
    assert any("梁超" in row[4] and "名额" in row[4] for row in left_out)  # place 12, quota 10
    assert queries.event_info(window.ev).groups[0].player_count == 0  # checked, not written
    steps.shot(wizard, "import-checked")
    wizard.import_button.click()
    assert queries.event_info(window.ev).groups[0].player_count == 26
    wizard.close()
    players.group.setCurrentIndex(players.group.findText(GROUP))
    assert players.table.rowCount() == 26 and "26" in players.count.text()
    assert "外卡" in [players.table.item(r, 8).text() for r in range(26)]
    steps.shot(window, "players")

    # ----- nine rounds: F5, then every result typed -----------------------------------------
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    board_view = window.board_view
    for number in range(1, 10):
        press_f5(window, qtbot)
        info = queries.round_view(window.ev, GROUP, number)
        assert len(info.boards) == 13 and rounds.current_round_number() == number
        assert rounds.selected_board() == 1  # a fresh round opens at board 1
        for board in info.boards:
            if (number, board.number) == RECORDED:
                continue
            rounds.entry.setFocus()
            qtbot.keyClicks(rounds.entry, f"{board.number} {key_for(number, board.number)}")
            assert rounds.entry.text() == "", window.last_error  # saved on the key
        if (number, 1) == RECORDED:
            rounds.select_board(1)
            rounds.record_button.click()
            assert window.tabs.currentWidget() is board_view
            first, second = info.boards[0].first, info.boards[0].second
            assert first is not None and second is not None
            play_clicks(qtbot, board_view, SWAPPED_BLACK_FIVE[:4])
            steps.shot(window, "board-swap-question")
            play_clicks(qtbot, board_view, SWAPPED_BLACK_FIVE[4:])
            header = board_view.link_label.text()
            assert f"黑：{second.name}" in header and f"白：{first.name}" in header
            assert f"后手胜（{second.name}胜）" in header  # in words, never 0-1
            assert window.status_label.text().endswith("第5轮成绩已全部录入；按 F5 编排下一轮")
            steps.shot(window, "board-recorded")
            window.tabs.setCurrentWidget(rounds)
        stored = queries.round_view(window.ev, GROUP, number)
        assert stored.complete
        for board in stored.boards:
            wanted = "0-1" if (number, board.number) == RECORDED else \
                CODES[key_for(number, board.number)]
            assert code_text(board.result) == wanted
        texts = rounds.board_texts()
        # the results in words (黑胜, 白胜（黑超时）, 白弃权), as the results list prints them
        assert [row[4] for row in texts] == [board_result_text(b.result)
                                             for b in stored.boards]
        assert not any(re.search(r"[01=+-]", row[4]) for row in texts)
        assert rounds.table.columnWidth(4) >= rounds.table.sizeHintForColumn(4)  # not cut
        if number in (1, 5, 9):
            steps.shot(window, f"round-{number}")
    board = queries.round_view(window.ev, GROUP, 5).boards[0]
    recorded = board.games[0]  # the game itself: black first, black is the second mover
    assert recorded.moves == "h8h9j8a15k8a14l8a13i8" and recorded.ending is Ending.FIVE
    assert recorded.black is not None and board.second is not None
    assert recorded.black.id == board.second.id and game_code(recorded.result) == "1-0"
    assert window.status_label.text() == f"{GROUP}：比赛已全部结束（所有轮次成绩已录入）"
    assert not window.act_pair.isEnabled()
    report = rounds.report.toPlainText()
    assert " / " not in report and "floats" not in report  # one language

    # ----- final standings: a tie at place 8 is played off -----------------------------------
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    table = view.standings_texts()
    assert len(table) == 26
    assert [row[0] for row in table[7:9]] == ["8=", "8="]
    tied = {table[7][1], table[8][1]}
    assert view.needs.count() == 1 and "第8名需加赛" in view.needs.item(0).text()
    assert "临时" in view.state_label.text()
    steps.shot(window, "standings-tie")
    view.pages.setCurrentIndex(1)
    qtbot.waitUntil(lambda: view.crosstable.isVisible())
    steps.shot(window, "crosstable")
    view.pages.setCurrentIndex(0)
    view.needs.setCurrentRow(0)
    view.create_button.click()
    assert view.playoff_id is not None, window.last_error
    view.playoff_list.setFocus()
    qtbot.keyClick(view.playoff_list, "1")  # game 1: its first mover won
    assert window.status_label.text() == "第8名加赛：本盘 黑胜 已录入"
    # The tie still shows while its playoff is played, marked so; it is not opened twice.
    assert "加赛进行中" in view.needs.item(0).text()
    assert not view.create_button.isEnabled()
    assert "第8名的加赛已开始" in view.create_button.toolTip()
    qtbot.keyClick(view.playoff_list, "0")  # game 2, colours changed: the same player won
    assert "已决出" in view.playoff_label.toPlainText()
    assert window.status_label.text().startswith("已决出：")
    final = standings(window.ev, GROUP)
    assert final.final and not final.playoffs_needed
    table = view.standings_texts()
    assert [row[0] for row in table[7:9]] == ["8", "9"] and {table[7][1], table[8][1]} == tied
    assert table[7][-2].startswith("2000元") and table[8][-2].startswith("800元")
    assert view.state_label.text() == "最终名次"
    steps.shot(window, "standings-final")
    rankings = [view.which.itemText(i) for i in range(view.which.count())]
    view.which.setCurrentIndex(rankings.index("公开组（女子）"))
    assert 0 < len(view.standings_texts()) < 26
    steps.shot(window, "standings-women")
    men = next(t for t in team_standings(window.ev) if t.name == "公开组团体（男子）")
    assert "个人" not in [row.team for row in men.rows]  # individuals make no team
    view.which.setCurrentIndex(0)

    # ----- printing from the views ---------------------------------------------------------
    pdfs = tmp_path / "打印"
    pdfs.mkdir()
    window.tabs.setCurrentWidget(rounds)
    rounds.round_box.setCurrentIndex(8)
    chosen.append(pdfs / "第9轮对阵表.pdf")
    rounds.pdf_button.click()
    chosen.append(pdfs / "第9轮成绩记录单.pdf")
    rounds.slips_pdf_button.click()
    window.tabs.setCurrentWidget(view)
    chosen.append(pdfs / "名次表.pdf")
    view.pdf_button.click()
    chosen.append(pdfs / "奖励名单.pdf")
    view.award_pdf_button.click()
    view.pages.setCurrentIndex(1)
    chosen.append(pdfs / "交叉表.pdf")
    view.pdf_button.click()
    view.pages.setCurrentIndex(0)
    assert not chosen  # every Save-as-PDF asked for its file
    ninth = queries.round_view(window.ev, GROUP, 9).boards[0]
    assert ninth.first is not None
    assert "第9轮对阵表" in pdf_text(pdfs / "第9轮对阵表.pdf")
    assert ninth.first.name in pdf_text(pdfs / "第9轮对阵表.pdf")
    assert "成绩记录单" in pdf_text(pdfs / "第9轮成绩记录单.pdf")
    assert ninth.first.name in pdf_text(pdfs / "第9轮成绩记录单.pdf")
    assert all(name in pdf_text(pdfs / "名次表.pdf") for name in tied)
    assert "30000元" in pdf_text(pdfs / "奖励名单.pdf")
    assert "第9轮" in pdf_text(pdfs / "交叉表.pdf")
    page_picture(pdfs / "名次表.pdf", 1, f"{steps.count + 1:02d}-pdf-standings")
    steps.count += 1
    previewed: list[int] = []

    def look_at_the_preview() -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, QPrintPreviewDialog):
            QTimer.singleShot(20, look_at_the_preview)
            return
        pages = dialog.findChild(QPrintPreviewWidget)
        assert pages is not None
        previewed.append(pages.pageCount())
        steps.shot(dialog, "print-preview")
        dialog.reject()

    QTimer.singleShot(20, look_at_the_preview)
    view.print_button.click()  # the real preview, closed without printing
    assert previewed == [1]

    # ----- the export dialog: every document ------------------------------------------------
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    assert not dialog.provisional.isEnabled()  # everything is final now
    out = tmp_path / "导出"
    dialog.folder.setText(str(out))
    dialog.open_after.setChecked(False)
    dialog.run_button.click()
    assert dialog.written, window.last_error
    steps.shot(dialog, "export")
    pdf = out / "PDF"
    for document in ("秩序册", "成绩册", "录取名单", "奖状", "段级位申报表"):
        assert (pdf / f"{document}.pdf").exists(), document
    slips = pdf / GROUP / "第09轮" / "成绩记录单.pdf"
    assert ninth.first.name in pdf_text(slips) and "成绩记录单" in pdf_text(slips)
    assert "荣获第一名" in pdf_text(pdf / "奖状.pdf").replace(" ", "")
    assert all(name in pdf_text(pdf / "成绩册.pdf") for name in tied)
    page_picture(pdf / "奖状.pdf", 1, f"{steps.count + 1:02d}-certificate")
    page_picture(slips, 1, f"{steps.count + 2:02d}-result-slips")
    booklet = pdf / "成绩册.pdf"
    standings_page = next(n for n in range(3, 30) if "公开组最终名次" in subprocess.run(
        ["pdftotext", "-f", str(n), "-l", str(n), str(booklet), "-"], capture_output=True,
        text=True, check=True).stdout.replace(" ", ""))  # past the contents
    page_picture(booklet, standings_page, f"{steps.count + 3:02d}-results-booklet")
