"""The window's import wizard previews a list imported once rounds are paired as the import
will take it: each row a late entry (迟到报名) from the next round, named in the problem table
before anything is written, and refused once every round is paired, as the command line's
--dry-run and the import itself say."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services import queries, rounds
from app.services.groups import update_group
from app.services.players import add_player
from app.ui import common
from tests.ui.helpers import GROUP


def _stored(path: Path) -> dict[str, bytes]:
    """The event file and its companions (journal, snapshots) byte for byte; SQLite's
    shared-memory index (-shm), which a read touches, left out."""
    return {p.name: p.read_bytes() for p in path.parent.rglob("*")
            if p.is_file() and p.name.startswith(path.name) and not p.name.endswith("-shm")}


def _wizard(window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A qiwang open group of 8 with round 1 paired, the wizard open on a list of two."""
    path = tmp_path / "qiwang.db"
    assert window.new_event(path, "qiwang-2022"), window.last_error
    for k in range(8):
        add_player(window.ev, GROUP, name=f"棋手{k + 1}", unit="甲乙丙丁"[k % 4])
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()
    listed = tmp_path / "外卡.csv"
    listed.write_text("姓名,性别,单位\n张三,男,北京\n李四,女,上海\n", encoding="utf-8")
    monkeypatch.setattr(common, "ask_open_paths", lambda *_a: [listed])
    view = window.players_view
    window.tabs.setCurrentWidget(view)
    view.import_button.click()
    wizard = view.import_wizard
    qtbot.addWidget(wizard)
    wizard.add.click()
    wizard.group.setCurrentIndex(wizard.group.findText(GROUP))
    return wizard, path


def _rows(wizard) -> list[list[str]]:  # type: ignore[no-untyped-def]
    table = wizard.problems
    return [[table.item(r, c).text() for c in range(table.columnCount())]
            for r in range(table.rowCount())]


def test_the_check_names_each_row_a_late_entry_before_anything_is_written(
        window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    wizard, path = _wizard(window, qtbot, tmp_path, monkeypatch)
    before = _stored(path)
    wizard.check_button.click()
    previewed = _rows(wizard)
    assert previewed == [
        ["外卡.csv", "2", "姓名", "提示", "张三 第2轮起参赛（迟到报名：公开组已编排1轮）"],
        ["外卡.csv", "3", "姓名", "提示", "李四 第2轮起参赛（迟到报名：公开组已编排1轮）"]]
    assert _stored(path) == before and len(queries.players(window.ev, GROUP)) == 8
    assert wizard.import_button.isEnabled()
    report = wizard.write()
    assert report is not None and report.written
    assert _rows(wizard) == previewed  # the import said what its check said
    entered = {p.name: p.entered_round for p in queries.players(window.ev, GROUP)}
    assert entered["张三"] == entered["李四"] == 2 and entered["棋手1"] == 1
    wizard.close()


def test_the_check_is_refused_once_every_round_is_paired(
        window, qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Checked while a round was left, then the last round paired (on another station, say):
    the check again refuses, and takes back the rows and the import the first one offered."""
    wizard, path = _wizard(window, qtbot, tmp_path, monkeypatch)
    wizard.check_button.click()
    assert wizard.problems.rowCount() == 2 and wizard.import_button.isEnabled()
    update_group(window.ev, GROUP, rounds=1)
    before = _stored(path)
    wizard.check_button.click()
    assert "比赛已全部编排完毕，不能再添加棋手" in window.last_error
    assert "比赛已全部编排完毕" in wizard.summary.text()
    assert not wizard.import_button.isEnabled()  # nothing checked: nothing to import
    assert wizard.problems.rowCount() == 0
    assert _stored(path) == before and len(queries.players(window.ev, GROUP)) == 8
    wizard.close()
