"""What the window's tests share: setting up an event, choosing a group, typing, clicking on
the board, and taking screenshots. Test modules import from here, never from each other."""

from __future__ import annotations

import re
from pathlib import Path

from PySide6.QtCore import QPoint, Qt

from app.rules.board import parse_point
from app.ui.board_widget import BoardWidget

SCREENSHOTS = Path(__file__).parent / "screenshots"
DATA = Path(__file__).resolve().parents[1] / "data" / "imports"
LISTS = [DATA / "qiwang-2022-period-1.csv", DATA / "qiwang-2022-period-2.csv"]
GROUP = "公开组"

FOUL_GAME = ["h8", "h9", "j8", "SWAP-NO", "a15", "i7", "c3", "i7", "a14", "i6", "a13", "i8"]
"""A designated opening (金星), no swap, move 4, two fifth-move offers, white picks i7,
then black's ninth stone i8 is a double-three (三三: i6-i7-i8 and h8-i8-j8)."""
DECLARED_FOUL_GAME = [*FOUL_GAME[:3], "DECLARE-2", *FOUL_GAME[3:]]
"""The same game where the tentative black declares N of 五手N打 with the opening."""
SWAPPED_BLACK_FIVE = ["h8", "h9", "j8", "DECLARE-2", "SWAP-YES", "a15", "k8", "c3", "k8",
                      "a14", "l8", "a13", "i8"]
"""金星, 五手两打 declared, the second mover takes black (三手交换), black makes five on row 8
(h8 i8 j8 k8 l8) with its ninth stone: the first mover loses."""


def screenshot(widget, name: str) -> Path:  # type: ignore[no-untyped-def]
    """Save a picture of `widget` as tests/ui/screenshots/NAME.png (to look at)."""
    from PySide6.QtWidgets import QApplication

    QApplication.processEvents()  # let pending layout requests settle before the grab
    path = SCREENSHOTS / f"{name}.png"  # NAME may hold a folder: walkthrough/01-start
    path.parent.mkdir(parents=True, exist_ok=True)
    assert widget.grab().save(str(path))
    return path


def pdf_text(path: Path) -> str:
    """The text of a written PDF, laid out as on the page (pdftotext)."""
    import subprocess

    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


# ----- the texts a window shows ----------------------------------------------------------------

CJK = re.compile(r"[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]")
ASCII_COLON_IN_CHINESE = re.compile(r"[\u3400-\u9fff]:(?!分)|(?<!时):[\u3400-\u9fff]|:\s")
"""In a text shown in Chinese: an ASCII colon where the full-width ：belongs (黑: 宋梓, 1: 叶晨);
a time's form 时:分 (09:00, as it is typed) and a result 1:0 are no such colon."""
IDENTIFIERS = re.compile(
    r"(?<![\w-])second(?! (mover|game|wins|round))\b"  # a seat's code name, not the English word
    r"|\[C\d+\]|\bboard:|\bteam T\d+|(?<!\w)--[a-z]|\bperiod\d|\b[a-z]+_[a-z_]+\b")
"""Code names the arbiter never reads: a seat, a pairing criterion, a field, a team's key,
a command-line option, a list's key, any snake_case name."""


def shown_texts(widget) -> list[str]:  # type: ignore[no-untyped-def]
    """Every text `widget` shows the arbiter: labels, buttons, tooltips, list choices, tables
    (headers and cells), group titles, hints of what is visible in it, and its actions' texts
    and tips (menus included)."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import (
        QAbstractButton,
        QComboBox,
        QGroupBox,
        QLabel,
        QLineEdit,
        QMenu,
        QPlainTextEdit,
        QTableView,
        QTabWidget,
        QWidget,
    )

    texts: list[str] = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if child is not widget and not child.isVisibleTo(widget):
            continue  # another page, or a row's editor replaced (deleted later)
        texts += [child.toolTip(), child.windowTitle()]
        if isinstance(child, QLabel | QAbstractButton):
            texts.append(child.text())
        if isinstance(child, QComboBox):
            texts += [child.itemText(i) for i in range(child.count())]
        if isinstance(child, QTabWidget):
            texts += [f(i) for i in range(child.count()) for f in (child.tabText,
                                                                   child.tabToolTip)]
        if isinstance(child, QGroupBox | QMenu):
            texts.append(child.title())
        if isinstance(child, QLineEdit | QPlainTextEdit):
            texts.append(child.placeholderText())
        if isinstance(child, QTableView) and child.model() is not None:
            model = child.model()
            texts += [str(model.headerData(c, Qt.Orientation.Horizontal) or "")
                      for c in range(model.columnCount())]
            texts += [str(model.index(r, c).data() or "") for r in range(model.rowCount())
                      for c in range(model.columnCount())]
    for action in widget.findChildren(QAction):
        texts += [action.text(), action.toolTip(), action.statusTip()]
    return [text for text in texts if text]


# ----- events, players and groups ------------------------------------------------------------


_DEMOS: dict[str, Path] = {}  # each preset's demonstration event, built once per test run


def open_demo(window, tmp_path: Path, preset: str):  # type: ignore[no-untyped-def]
    """The demonstration event of `preset` (built once, then copied into tmp_path with its
    snapshots) opened in the window; the standings view is shown (returned)."""
    import atexit
    import shutil
    import tempfile

    from app.services import demo

    if preset not in _DEMOS:
        folder = tempfile.mkdtemp(prefix="demo-")
        atexit.register(shutil.rmtree, folder, True)
        built = Path(folder) / f"{preset}.db"
        demo.build_demo(built, preset).close()
        _DEMOS[preset] = built
    path = tmp_path / f"{preset}.db"
    shutil.copy(_DEMOS[preset], path)
    snapshots = _DEMOS[preset].with_name(f"{preset}.db.snapshots")
    if snapshots.is_dir():
        shutil.copytree(snapshots, path.with_name(snapshots.name))
    assert window.open_event(path), window.last_error
    window.tabs.setCurrentWidget(window.standings_view)
    return window.standings_view


def set_up_event(window, tmp_path: Path, rounds: int = 2) -> None:  # type: ignore[no-untyped-def]
    """A qiwang final with its open group cut to `rounds` rounds."""
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    setup = window.setup_view
    setup.group_list.setCurrentRow(0)
    setup.rounds.setValue(rounds)
    assert setup.save_group(), window.last_error


def import_two_lists(window, qtbot) -> object:  # type: ignore[no-untyped-def]
    """The import wizard, opened from the players view, with two period lists added."""
    players = window.players_view
    window.tabs.setCurrentWidget(players)
    players.group.setCurrentIndex(players.group.findData(GROUP))
    players.import_button.click()
    wizard = players.import_wizard
    qtbot.addWidget(wizard)
    assert wizard.group.currentData() == GROUP  # the group shown in the players view
    wizard.add_files(LISTS, source="网络入围赛")
    return wizard


def untitled_copy(folder: Path, name: str, source: Path = LISTS[0]) -> Path:
    """A period list (GBK, its title row 第1期网络入围赛 晋级名单 above the header) saved in
    `folder` as `name`, in UTF-8 and without its title row."""
    lines = source.read_bytes().decode("gbk").splitlines()
    path = folder / name
    path.write_text("\n".join(lines[1:]) + "\n", encoding="utf-8")
    return path


def add_players(window, group: str, count: int) -> None:  # type: ignore[no-untyped-def]
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    for i in range(count):
        assert view.add_player(group, name=f"棋手{i + 1}", gender="M" if i % 2 else "F",
                               unit=f"单位{i % 3}") is not None, window.last_error


def select_group(view, group: str) -> None:  # type: ignore[no-untyped-def]
    view.group.setCurrentIndex(view.group.findText(group))


# ----- keyboard and mouse ----------------------------------------------------------------------


def type_into(qtbot, edit, text: str) -> None:  # type: ignore[no-untyped-def]
    """Replace the field's text as the user would: key clicks for ASCII; Chinese arrives
    whole, as from an input method (QTest cannot click keys outside Latin-1)."""
    edit.setFocus()
    edit.selectAll()
    if text.isascii():
        qtbot.keyClicks(edit, text)
    else:
        edit.insert(text)


def answer_modal(action, answer) -> list[object]:  # type: ignore[no-untyped-def]
    """Run `action`, which opens a modal dialog (QInputDialog, QMessageBox ...) and waits in
    it; `answer(dialog)` is called on that dialog once it is up, to look and to answer (with
    keys, as the arbiter would). The dialogs answered, for asserting that one came."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    answered: list[object] = []

    def look() -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is None:
            QTimer.singleShot(20, look)
            return
        answered.append(dialog)
        answer(dialog)

    QTimer.singleShot(20, look)
    action()
    return answered


def press_ctrl(window, qtbot, key: Qt.Key) -> None:  # type: ignore[no-untyped-def]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    qtbot.keyClick(window, key, Qt.KeyboardModifier.ControlModifier)


def click_point(qtbot, widget: BoardWidget, name: str, dx: float = 0,  # type: ignore[no-untyped-def]
                dy: float = 0) -> None:
    """A mouse click on the board point `name` (e.g. h8), off its centre by dx, dy pixels."""
    centre = widget.centre_of(parse_point(name))
    qtbot.mouseClick(widget, Qt.MouseButton.LeftButton,
                     pos=QPoint(round(centre.x() + dx), round(centre.y() + dy)))


def play_clicks(qtbot, view, moves: list[str]) -> None:  # type: ignore[no-untyped-def]
    """Moves clicked on the board view; `SWAP-NO` / `SWAP-YES` answer 三手交换 and
    `DECLARE-N` declares N of 五手N打 (the view's buttons)."""
    for move in moves:
        if move == "SWAP-NO":
            view.swap_no.click()
        elif move == "SWAP-YES":
            view.swap_yes.click()
        elif move.startswith("DECLARE-"):
            view.protocol_panel.declared.setValue(int(move.split("-")[1]))
            view.protocol_panel.declare_button.click()
        else:
            click_point(qtbot, view.board, move)
