"""The demo event opened from the start page, every view shown on it, and the export."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services import queries
from app.services.operations import Area
from app.ui import export_dialog
from tests.ui.helpers import screenshot


@pytest.fixture
def demo_window(window, tmp_path, monkeypatch):
    target = tmp_path / "demo.db"
    monkeypatch.setattr(window, "demo_location", lambda: target)
    window.start_page.demo.click()
    assert window.ev is not None, window.last_error
    assert window.ev.store.path == target
    return window


def test_every_view_shows_the_demo_event(demo_window):
    window = demo_window
    info = queries.event_info(window.ev)
    open_group = info.groups[0]
    assert open_group.rounds_complete == open_group.rounds > 0
    screenshot(window, "10-demo-setup")
    window.tabs.setCurrentWidget(window.players_view)
    assert window.players_view.table.rowCount() == len(queries.players(window.ev, None))
    screenshot(window, "11-demo-players")
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    assert rounds.current_round_number() == open_group.rounds
    assert rounds.progress.value() == rounds.progress.maximum() > 0
    screenshot(window, "12-demo-rounds")
    standings = window.standings_view
    window.tabs.setCurrentWidget(standings)
    rows = standings.standings_texts()
    assert rows and rows[0][0] == "1" and all(r[3] for r in rows)
    labels = [standings.which.itemText(i) for i in range(standings.which.count())]
    team = next(i for i, label in enumerate(labels) if "团体" in label)
    standings.which.setCurrentIndex(team)
    teams = standings.standings_texts()
    assert teams and teams[0][0] == "1" and teams[0][1]
    screenshot(window, "13-demo-teams")
    standings.which.setCurrentIndex(0)
    screenshot(window, "14-demo-standings")
    # a board game of the demo on the board view
    first_board = queries.round_view(window.ev, open_group.name, 1).boards[0]
    assert window.board_view.link_board(open_group.name, 1, first_board.number, 1)
    window.tabs.setCurrentWidget(window.board_view)
    screenshot(window, "15-demo-board")


def test_export_writes_files_with_progress_and_opens_the_folder(demo_window, tmp_path,
                                                                monkeypatch, qtbot):
    window = demo_window
    opened: list[Path] = []
    monkeypatch.setattr(export_dialog, "open_folder", lambda folder: opened.append(folder))
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    out = tmp_path / "out"
    dialog.folder.setText(str(out))
    steps: list[int] = []
    dialog.progress.valueChanged.connect(steps.append)
    written = dialog.export()
    assert written and all(p.exists() for p in written)
    assert {p.suffix for p in written} >= {".pdf", ".xlsx"}
    assert opened == [out]
    assert steps and dialog.progress.value() == dialog.progress.maximum()
    assert dialog.files.count() == len(written)
    assert str(len(written)) in window.status_label.text()
    screenshot(dialog, "16-export")


def test_an_export_into_a_folder_that_holds_files_names_and_opens_the_folder_written(
        demo_window, tmp_path, monkeypatch, qtbot):
    """A folder that holds files is not written over: the papers go into a new dated folder
    inside it (导出-日期), and the dialog names, lists and opens that folder, not its parent."""
    window = demo_window
    opened: list[Path] = []
    monkeypatch.setattr(export_dialog, "open_folder", lambda folder: opened.append(folder))
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    out = tmp_path / "full"
    out.mkdir()
    (out / "kept.txt").write_text("the arbiter's own file")
    labels = [dialog.document.itemData(i) for i in range(1, dialog.document.count())]
    dialog.document.setCurrentIndex(labels.index("Excel 工作簿") + 1)
    dialog.folder.setText(str(out))
    written = dialog.export()
    (dated,) = [p for p in out.iterdir() if p.is_dir()]
    assert dated.name.startswith("导出-") and all(dated in p.parents for p in written)
    assert opened == [dated]
    assert str(dated) in dialog.progress_label.text()
    assert dialog.files.item(0).text() == str(written[0].relative_to(dated))
    assert (out / "kept.txt").read_text() == "the arbiter's own file"


def test_every_view_relabels_in_english(demo_window):
    window = demo_window
    window.act_en.trigger()
    names = ["20-en-setup", "21-en-players", "22-en-rounds", "23-en-board", "24-en-standings"]
    for index, name in enumerate(names):
        window.tabs.setCurrentIndex(index)
        screenshot(window, name)
    assert window.players_view.table.horizontalHeaderItem(1).text() == "Name"
    assert window.rounds_view.table.horizontalHeaderItem(1).text() == "First (black)"
    assert window.standings_view.table.horizontalHeaderItem(3).text() == "Points"
    headers = [window.standings_view.table.horizontalHeaderItem(c).text()
               for c in range(window.standings_view.table.columnCount())]
    assert "Buchholz" in headers and "Median Buchholz" in headers  # tie-breaks in English
    assert not any("对手分" in h for h in headers)
    assert window.board_view.new_button.text() == "New game"
    assert window.standings_view.which.itemText(0) == "Overall"
    assert window.rounds_view.progress.format().startswith("Round")


def test_the_export_dialog_writes_one_chosen_document(demo_window, tmp_path, monkeypatch,
                                                      qtbot):
    window = demo_window
    monkeypatch.setattr(export_dialog, "open_folder", lambda folder: None)
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    labels = [dialog.document.itemData(i) for i in range(1, dialog.document.count())]
    crosstable = next(label for label in labels if label.endswith("交叉表"))
    assert "Excel 工作簿" in labels and "秩序册（PDF）" in labels
    dialog.document.setCurrentIndex(labels.index(crosstable) + 1)
    assert not dialog.pdf.isEnabled()  # one document alone: the kinds wait
    dialog.folder.setText(str(tmp_path / "one"))
    written = dialog.export()
    assert [p.name for p in written] == ["交叉表.pdf"]
    dialog.document.setCurrentIndex(0)
    assert dialog.pdf.isEnabled()


def test_a_refused_export_says_why_in_one_language(demo_window, tmp_path, qtbot):
    window = demo_window
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("x", encoding="utf-8")  # the output folder is a file
    dialog.folder.setText(str(blocked))
    assert dialog.export() == []
    said = dialog.progress_label.text()
    assert said and said == window.last_error  # as the banner says it
    assert " / " not in said


def test_the_export_s_snapshot_is_written_through_the_operation_runner(demo_window, tmp_path,
                                                                       monkeypatch, qtbot):
    """Every write goes through the one operation runner: the snapshot an export takes
    before its papers is the operation's change, seen by the window (the snapshot list open
    beside it shows the new snapshot at once)."""
    window = demo_window
    monkeypatch.setattr(export_dialog, "open_folder", lambda folder: None)
    seen = []
    shown = window.operation_did_execute
    monkeypatch.setattr(window, "operation_did_execute",
                        lambda outcome: (seen.append(outcome), shown(outcome)))
    window.act_snapshots.trigger()
    snapshots = window.snapshot_dialog
    qtbot.addWidget(snapshots)
    before = snapshots.table.rowCount()
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    labels = [dialog.document.itemData(i) for i in range(1, dialog.document.count())]
    dialog.document.setCurrentIndex(labels.index("Excel 工作簿") + 1)
    dialog.folder.setText(str(tmp_path / "one"))
    assert [p.suffix for p in dialog.export()] == [".xlsx"]
    assert [outcome.changes for outcome in seen] == [frozenset({Area.SNAPSHOTS})]
    assert snapshots.table.rowCount() == before + 1
    assert "导出前" in snapshots.table.item(0, 4).text()


def test_the_files_written_are_listed_in_their_folder_and_open_by_enter(
        demo_window, tmp_path, monkeypatch, qtbot):
    """After the export the list names each file by its place in the output folder (PDF/…,
    not the folder again on every line); Enter on one opens that file, and only that (the
    dialog's default button, 导出, does not take the key and export again)."""
    from PySide6.QtCore import Qt

    window = demo_window
    opened: list[Path] = []
    monkeypatch.setattr(export_dialog, "open_folder", lambda folder: None)
    monkeypatch.setattr(export_dialog, "open_file", lambda path: opened.append(path))
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    out = tmp_path / "导出"
    dialog.folder.setText(str(out))
    written = dialog.export()
    shown = [dialog.files.item(i).text() for i in range(dialog.files.count())]
    assert shown == [str(p.relative_to(out)) for p in written]
    assert "PDF/秩序册.pdf" in shown and not any(str(tmp_path) in text for text in shown)
    row = shown.index("PDF/秩序册.pdf")
    dialog.files.setCurrentRow(row)
    dialog.files.setFocus()
    qtbot.keyClick(dialog.files, Qt.Key.Key_Return)
    assert opened == [out / "PDF" / "秩序册.pdf"]
    assert dialog.written == written  # Enter opened the file; it did not export again
    assert not [p for p in out.iterdir() if p.name.startswith("导出-")]
    screenshot(dialog, "export/files-written")


def test_the_box_that_writes_the_word_files_says_so(demo_window, tmp_path, monkeypatch, qtbot,
                                                     capsys):
    """The order and result books (秩序册、成绩册) are also written as Word files (.docx): the
    box whose export writes them names Word, as the command line's --pdf does; no other box
    writes one."""
    from app.cli import main

    window = demo_window
    monkeypatch.setattr(export_dialog, "open_folder", lambda folder: True)
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    assert "Word" in dialog.pdf.text() and ".docx" in dialog.pdf.toolTip()
    screenshot(dialog, "50-export-pdf-and-word")
    dialog.xlsx.setChecked(False)
    dialog.federation.setChecked(False)
    dialog.folder.setText(str(tmp_path / "papers"))
    written = dialog.export()
    assert {p.suffix for p in written} == {".pdf", ".docx"}
    assert all(p.parent.name == "Word" for p in written if p.suffix == ".docx")
    dialog.pdf.setChecked(False)
    dialog.xlsx.setChecked(True)
    dialog.folder.setText(str(tmp_path / "workbook"))
    assert {p.suffix for p in dialog.export()} == {".xlsx"}
    with pytest.raises(SystemExit):
        main(["export", "--help"])
    assert "PDF and Word files" in " ".join(capsys.readouterr().out.split())
