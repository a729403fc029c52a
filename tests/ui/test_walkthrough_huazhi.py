"""A huazhi 2021 team knockout run from the window alone, as a new arbiter would: a new event
from the preset, eight teams registered with their three boards (a woman on board 3, board 1
the captain 主将) and one line-up corrected, the rounds paired with F5, every board's result
typed in the result-entry box (a drawn match decided by the captains' playoff 主将加赛), the
full placement (huazhi 六、(三)5), the bracket and the standings, then the prints and the export.

Each step saves a screenshot in tests/ui/screenshots/ (huazhi-NN-step.png) to look at.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication

from app.services import knockout, queries
from app.ui import common, export_dialog
from app.wording import code_text
from tests.ui.helpers import screenshot, select_group

GROUP = "决赛"
CITIES = ("北京", "上海", "杭州", "南京", "广州", "深圳", "成都", "武汉")


def line_up(city: str) -> str:
    """Three players one per line in board order, as typed in the team dialog."""
    return f"{city}甲 男\n{city}乙 男\n{city}丙 女"


class Walk:
    """The window, the keyboard and the screenshots of one walkthrough."""

    def __init__(self, window, qtbot) -> None:  # type: ignore[no-untyped-def]
        self.window = window
        self.qtbot = qtbot
        self.step = 0

    def shot(self, name: str, widget=None) -> Path:  # type: ignore[no-untyped-def]
        self.step += 1
        return screenshot(widget or self.window, f"huazhi-{self.step:02d}-{name}")

    def in_modal(self, act: Callable[[object], None], open_it: Callable[[], None]) -> None:
        """Open a modal dialog (`open_it` clicks the button) and act in it once it shows."""
        done: list[bool] = []

        def answer() -> None:
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                QTimer.singleShot(20, answer)
                return
            act(dialog)
            done.append(True)

        QTimer.singleShot(0, answer)
        open_it()
        assert done

    def f5(self) -> None:
        self.window.activateWindow()
        self.qtbot.waitUntil(self.window.isActiveWindow)
        self.qtbot.keyClick(self.window, Qt.Key.Key_F5)

    def type_result(self, text: str) -> None:
        """A match's boards typed in the result-entry box, then Enter."""
        entry = self.window.rounds_view.entry
        entry.setFocus()
        self.qtbot.keyClicks(entry, text)
        self.qtbot.keyClick(entry, Qt.Key.Key_Return)
        assert entry.text() == "", self.window.last_error


def test_a_huazhi_team_knockout_from_the_window_alone(window, qtbot, tmp_path, monkeypatch):
    walk = Walk(window, qtbot)
    saved: list[Path] = []

    def save_at(_parent, _title, start="", _filters=""):  # type: ignore[no-untyped-def]
        path = tmp_path / (Path(start).name if start else "event.db")
        saved.append(path)
        return path

    monkeypatch.setattr(common, "ask_save_path", save_at)
    monkeypatch.setattr(export_dialog, "open_folder", lambda _folder: True)

    # ----- a new event from the huazhi preset ---------------------------------------------
    start = window.start_page
    row = next(r for r in range(start.presets.count())
               if start.presets.item(r).data(Qt.ItemDataRole.UserRole) == "huazhi-2021")
    start.presets.setCurrentRow(row)
    assert "主将加赛" in start.preset_description.text()
    walk.shot("start-page")
    start.new_preset.click()
    assert window.ev is not None, window.last_error
    walk.shot("setup")

    # ----- eight teams, each in board order, through the team dialog ------------------------
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    select_group(players, GROUP)
    assert players.team_button.isVisible()

    def register(city: str, members: str) -> Callable[[object], None]:
        def fill(dialog) -> None:  # type: ignore[no-untyped-def]
            dialog.name.setText(f"{city}队")
            dialog.unit.setText(city)
            dialog.members.setPlainText(members)
            dialog.ok_button.click()
            if dialog.isVisible():  # refused: the reason beside what was typed
                assert dialog.members.toPlainText() == members
                walk.shot("team-refused", dialog)
                dialog.members.setPlainText(line_up(city))
                dialog.ok_button.click()
            assert not dialog.isVisible(), dialog.error.text()
        return fill

    for city in CITIES:
        # 上海 first names a man on board 3 (a woman must hold it, huazhi 五、(一)3)
        members = "上海丙 女\n上海乙 男\n上海甲 男" if city == "上海" else line_up(city)
        walk.in_modal(register(city, members), players.team_button.click)
    assert players.teams.count() == 8
    walk.shot("teams-registered")

    # 北京 exchanges its boards 1 and 2 before play: 北京乙 becomes the captain (主将)
    players.teams.setCurrentRow(0)

    def exchange(dialog) -> None:  # type: ignore[no-untyped-def]
        assert dialog.members.toPlainText() == "北京甲 男\n北京乙 男\n北京丙 女"
        dialog.members.setPlainText("北京乙 男\n北京甲 男\n北京丙 女")
        walk.shot("team-edit", dialog)
        dialog.ok_button.click()

    walk.in_modal(exchange, players.edit_team_button.click)
    beijing = knockout.teams(window.ev, GROUP)[0]
    assert [name for _id, name, _g in beijing.members] == ["北京乙", "北京甲", "北京丙"]
    walk.shot("team-edited")

    # ----- round 1: F5, the boards by keyboard, a level match and its playoff --------------
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    select_group(rounds, GROUP)
    walk.f5()
    assert rounds.current_round_number() == 1, window.last_error
    texts = rounds.board_texts()
    assert [t[1] for t in texts] == ["北京队", "南京队", "上海队", "杭州队"]
    assert texts[0][5].startswith("1：北京乙–武汉甲")  # the edited captain on board 1
    walk.shot("round1-paired")
    walk.type_result("1 1=1")
    walk.type_result("2 11=")  # 3:3 — the captains play off
    assert "主将加赛" in window.status_label.text()
    assert rounds.board_texts()[1][3].startswith("战平，需主将加赛")
    walk.shot("round1-level")
    walk.type_result("2 11= p0")  # the playoff's first mover (广州's captain) lost
    assert code_text(queries.round_view(window.ev, GROUP, 1).boards[1].result) == "1-0"
    walk.type_result("3 000")
    walk.type_result("4 101")
    assert "按 F5" in window.status_label.text()
    walk.shot("round1-done")

    # once play has started a line-up is fixed (huazhi 六、(三)3): the window says why
    window.tabs.setCurrentWidget(players)
    players.teams.setCurrentRow(1)
    assert not players.edit_team_button.isEnabled()
    players.teams.itemDoubleClicked.emit(players.teams.item(1))
    assert "比赛已开始" in window.banner_message()
    walk.shot("lineup-fixed")
    window.tabs.setCurrentWidget(rounds)

    # ----- rounds 2 and 3 -----------------------------------------------------------------
    for number in (2, 3):
        walk.f5()
        assert rounds.current_round_number() == number, window.last_error
        for match in range(1, 5):
            walk.type_result(f"{match} 1=1" if match % 2 else f"{match} 010")
        walk.shot(f"round{number}-done")
    assert "比赛已全部结束" in window.status_label.text()
    assert not window.act_pair.isEnabled() and "共3轮" in window.act_pair.toolTip()

    # ----- the full placement: standings and bracket --------------------------------------
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    select_group(standings, GROUP)
    table = standings.standings_texts()
    assert [row[1] for row in table] == ["北京队", "杭州队", "成都队", "南京队", "武汉队",
                                         "深圳队", "上海队", "广州队"]
    assert table[0][4].startswith("30000元") and table[7][4].startswith("3000元")
    assert standings.state_label.text() == "最终名次"
    walk.shot("standings")
    places = knockout.knockout_places(window.ev, GROUP)
    names = {t.id: t.name for t in knockout.teams(window.ev, GROUP)}
    assert sorted((place, names[team]) for team, place in places.items())[:2] == [
        (1, "北京队"), (2, "杭州队")]
    assert standings.show_bracket()
    walk.shot("bracket")

    # ----- prints: the bracket, the standings, the award list, the pairings, the slips -------
    assert standings.pdf_button.isEnabled()
    standings.pdf_button.click()
    standings.pages.setCurrentIndex(0)
    standings.pdf_button.click()
    standings.award_pdf_button.click()
    window.tabs.setCurrentWidget(rounds)
    rounds.round_box.setCurrentIndex(0)
    rounds.pdf_button.click()
    assert rounds.slips_pdf_button.isEnabled()
    rounds.slips_pdf_button.click()  # the result slips of round 1 (成绩记录单)
    pdfs = [p for p in saved if p.suffix == ".pdf"]
    assert len(pdfs) == 5 and all(p.stat().st_size > 1000 for p in pdfs), saved
    slips = subprocess.run(["pdftotext", "-layout", str(pdfs[4]), "-"], capture_output=True,
                           text=True, check=True).stdout
    assert slips.count("成绩记录单") == 4 and "北京乙" in slips and "主将加赛" in slips
    text = subprocess.run(["pdftotext", "-layout", str(pdfs[3]), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "北京队" in text and "主将加赛" in text
    awards = subprocess.run(["pdftotext", "-layout", str(pdfs[2]), "-"], capture_output=True,
                            text=True, check=True).stdout
    assert "团体" in awards and "姓名" not in awards and "称号" not in awards
    png = tmp_path / "bracket"
    subprocess.run(["pdftoppm", "-r", "50", "-png", "-singlefile", str(pdfs[0]), str(png)],
                   check=True)
    assert png.with_suffix(".png").stat().st_size > 5000

    # ----- the export dialog: one document (the slips of round 1), then everything ----------
    window.act_export.trigger()
    dialog = window.export_dialog
    documents = [dialog.document.itemText(i) for i in range(dialog.document.count())]
    slips = next(d for d in documents if "第1轮成绩记录单" in d)
    dialog.document.setCurrentIndex(documents.index(slips))
    dialog.folder.setText(str(tmp_path / "slips"))
    written = dialog.export()
    assert [p.name for p in written] == ["成绩记录单.pdf"]
    walk.shot("export-one", dialog)
    dialog.document.setCurrentIndex(0)
    dialog.folder.setText(str(tmp_path / "all"))
    written = dialog.export()
    names_written = {p.name for p in written}
    assert {"淘汰赛对阵图.pdf", "团体对抗成绩表.pdf", "奖状.pdf"} <= names_written
    sheet = next(p for p in written if p.name == "团体对抗成绩表.pdf")
    text = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "5:1" in text and "3:3 主将加赛" in text  # the game points that decided
    walk.shot("export-all", dialog)
