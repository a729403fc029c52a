"""A qualifier list imported once rounds are paired makes late entries (迟到报名), as
`add-player` does: they play from the next round, scored the group's late-entry points for
the rounds missed, and the import says so row by row; once every round is paired the
import is refused and writes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.services.event import Event
from app.store.models import Player
from tests.commands.helpers import OPEN, file_state, qiwang_open, run

LIST = "姓名,性别,单位\n张三,男,北京\n李四,女,上海\n"


def _list(tmp_path: Path) -> Path:
    path = tmp_path / "外卡.csv"
    path.write_text(LIST, encoding="utf-8")
    return path


def _entered(path: Path) -> dict[str, tuple[int, int]]:
    """name -> (entered round, late-entry points) as stored."""
    event = Event.open(path)
    try:
        with event.reading() as session:
            return {p.name: (p.entered_round, p.late_entry_points)
                    for p in session.query(Player)}
    finally:
        event.close()


def test_a_list_imported_after_round_one_is_paired_enters_from_round_two(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=8, paired=True)
    assert run(capsys, "group", path, "--group", OPEN, "--set", "late_entry_points=1")[0] == 0
    code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={_list(tmp_path)}")
    assert code == 0, err
    assert "张三 第2轮起参赛（迟到报名：公开组已编排1轮）" in err + out
    assert "plays from round 2 (a late entry" in err + out
    entered = _entered(path)
    assert entered["张三"] == entered["李四"] == (2, 1)
    assert entered["棋手0"] == (1, 0)  # added before play: from round 1


def test_a_list_imported_before_play_enters_from_round_one(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=8)
    code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={_list(tmp_path)}")
    assert code == 0 and "迟到报名" not in err + out
    assert _entered(path)["张三"][0] == 1


def test_a_list_imported_once_every_round_is_paired_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=8, paired=True)
    assert run(capsys, "group", path, "--group", OPEN, "--rounds", "1")[0] == 0
    before = file_state(path)
    code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={_list(tmp_path)}")
    assert code == 2 and "比赛已全部编排完毕" in err and "every round is paired" in err
    assert file_state(path) == before


def _warnings(out: str, folder: Path) -> list[str]:
    """The warning lines printed, the list's folder left out of its path."""
    return [line.replace(f"{folder}{os.sep}", "") for line in out.splitlines()
            if line.startswith("警告/warning: ")]


def test_the_dry_run_names_each_late_entry_the_import_makes_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=8, paired=True)
    listed = _list(tmp_path)
    before = file_state(path)
    code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={listed}", "--dry-run")
    assert code == 0, err
    assert file_state(path) == before  # a preview writes nothing
    previewed = _warnings(out, tmp_path)
    assert previewed == [
        "警告/warning: 外卡.csv:2:姓名: 张三 第2轮起参赛（迟到报名：公开组已编排1轮） / 张三 plays "
        "from round 2 (a late entry: 公开组 has 1 round(s) paired)",
        "警告/warning: 外卡.csv:3:姓名: 李四 第2轮起参赛（迟到报名：公开组已编排1轮） / 李四 plays "
        "from round 2 (a late entry: 公开组 has 1 round(s) paired)"]
    assert "将导入 2 人" in out
    code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={listed}")
    assert code == 0, err
    assert _warnings(out, tmp_path) == previewed  # the import says what its preview said
    assert _entered(path)["张三"] == (2, 0)


def test_the_dry_run_is_refused_once_every_round_is_paired(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=8, paired=True)
    assert run(capsys, "group", path, "--group", OPEN, "--rounds", "1")[0] == 0
    before = file_state(path)
    code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={_list(tmp_path)}",
                         "--dry-run")
    assert code == 2 and "比赛已全部编排完毕" in err and "every round is paired" in err
    assert "将导入" not in out
    assert file_state(path) == before


def test_a_list_with_errors_names_the_late_entries_its_valid_rows_would_make(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Without --valid-only nothing is written, and the rows --valid-only would write are
    named as the late entries they would be, preview and import alike."""
    path = qiwang_open(tmp_path / "qiwang.gomoku", capsys, players=8, paired=True)
    listed = tmp_path / "外卡.csv"
    listed.write_text(LIST + ",男,广州\n", encoding="utf-8")  # row 4: no name
    before = file_state(path)
    for dry_run in (("--dry-run",), ()):
        code, out, err = run(capsys, "import", path, "--group", OPEN, f"外卡={listed}", *dry_run)
        assert code == 2 and "外卡.csv:4" in err
        assert [line.split(": ", 2)[1] for line in _warnings(out, tmp_path)] == ["外卡.csv:2:姓名",
                                                                      "外卡.csv:3:姓名"]
        assert "第2轮起参赛" in out
        assert file_state(path) == before
