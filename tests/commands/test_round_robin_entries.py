"""A round robin (单循环) by the Berger tables takes no late entry (迟到报名) once its schedule
exists: add-player and an import (its --dry-run too) are refused naming the players and why,
nothing written; before round 1 a player joins and the table is made for everyone."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.services.event import Event
from app.store.models import Player
from tests.commands.helpers import file_state, run

MEN = "男子组"  # shenzhen-2022, played here as 单循环


def _round_robin(tmp_path: Path, capsys: pytest.CaptureFixture[str], players: int = 5,
                 paired: bool = True) -> Path:
    path = tmp_path / "shenzhen.gomoku"
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    assert run(capsys, "group", path, "--group", MEN, "--system", "round_robin")[0] == 0
    for k in range(players):
        assert run(capsys, "add-player", path, "--group", MEN, "--name", f"棋手{k + 1}")[0] == 0
    if paired:
        assert run(capsys, "pair", path, "--group", MEN)[0] == 0
    return path


def _names(path: Path) -> list[str]:
    event = Event.open(path)
    try:
        with event.reading() as session:
            return sorted(p.name for p in session.query(Player))
    finally:
        event.close()


def _list(tmp_path: Path) -> Path:
    path = tmp_path / "外卡.csv"
    path.write_text("姓名,性别,单位\n孙六,男,北京\n周七,男,上海\n", encoding="utf-8")
    return path


def test_add_player_to_a_scheduled_round_robin_is_refused_naming_the_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys)
    before = file_state(path)
    code, _out, err = run(capsys, "add-player", path, "--group", MEN, "--name", "孙六")
    assert code == 2
    assert "单循环已编排，不能迟到报名：孙六" in err and "男子组已编排1轮" in err
    assert "no late entry for 孙六" in err and "Berger table" in err
    assert file_state(path) == before
    assert "孙六" not in _names(path)


@pytest.mark.parametrize("dry_run", [False, True])
def test_an_import_into_a_scheduled_round_robin_is_refused_naming_its_rows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dry_run: bool) -> None:
    path = _round_robin(tmp_path, capsys)
    before = file_state(path)
    code, out, err = run(capsys, "import", path, "--group", MEN, str(_list(tmp_path)),
                         *(["--dry-run"] if dry_run else []))
    assert code == 2
    assert "单循环已编排，不能迟到报名：孙六、周七" in err and "no late entry for 孙六, 周七" in err
    assert "迟到报名：男子组已编排" not in out + err  # no Swiss late-entry warning
    assert file_state(path) == before
    assert "孙六" not in _names(path)


def test_before_round_one_a_player_joins_and_the_table_takes_everyone(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _round_robin(tmp_path, capsys, players=4, paired=False)
    assert run(capsys, "add-player", path, "--group", MEN, "--name", "吴八")[0] == 0
    assert run(capsys, "import", path, "--group", MEN, str(_list(tmp_path)))[0] == 0
    code, out, err = run(capsys, "pair", path, "--group", MEN)
    assert code == 0, err
    assert "迟到报名" not in out
    boards = [line for line in out.splitlines() if line.startswith("  ") and "-" in line]
    assert len(boards) == 3 and "轮空 / bye" in out  # 7 players: three boards, one sits out
    code, out, _err = run(capsys, "event", path)
    assert "男子组: 7 人 / players, 1/7 轮 / rounds" in out  # a table of 8: 7 rounds
