"""A knockout takes no late entry (迟到报名) once its bracket is drawn (round 1 paired): the
bracket's slots are decided then (a round-1 bye taken, a match played), and a player added
later took a decided bye's slot, left a played round's match open and stalled the next round
(第2轮第2场的双方尚未确定). add-player and an import (its --dry-run too) are refused naming
the players and why, nothing written; before round 1 a player joins the draw."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import file_state, run

GROUP = "禁手组"  # mindgames-2016, played here as a knockout


def _knockout(tmp_path: Path, capsys: pytest.CaptureFixture[str], paired: bool = True) -> Path:
    path = tmp_path / "mindgames.gomoku"
    assert run(capsys, "new", path, "--preset", "mindgames-2016")[0] == 0
    assert run(capsys, "group", path, "--group", GROUP, "--system", "knockout")[0] == 0
    for k in range(6):
        assert run(capsys, "add-player", path, "--group", GROUP, "--name", f"选手{k + 1}")[0] == 0
    if paired:
        assert run(capsys, "pair", path, "--group", GROUP)[0] == 0
    return path


def _list(tmp_path: Path) -> Path:
    path = tmp_path / "外卡.csv"
    path.write_text("姓名,性别,单位\n孙六,男,北京\n周七,男,上海\n", encoding="utf-8")
    return path


def test_add_player_to_a_drawn_knockout_is_refused_naming_the_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _knockout(tmp_path, capsys)
    before = file_state(path)
    code, _out, err = run(capsys, "add-player", path, "--group", GROUP, "--name", "迟到者")
    assert code == 2
    assert "淘汰赛已编排，不能迟到报名：迟到者（禁手组已编排1轮" in err
    assert "no late entry for 迟到者" in err and "bracket" in err
    assert file_state(path) == before


@pytest.mark.parametrize("dry_run", [False, True])
def test_an_import_into_a_drawn_knockout_is_refused_naming_its_rows(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], dry_run: bool) -> None:
    path = _knockout(tmp_path, capsys)
    before = file_state(path)
    code, out, err = run(capsys, "import", path, "--group", GROUP, f"晋级赛={_list(tmp_path)}",
                         *(["--dry-run"] if dry_run else []))
    assert code == 2
    assert "淘汰赛已编排，不能迟到报名：孙六、周七" in err
    assert "迟到报名：禁手组已编排" not in out + err  # no Swiss late-entry warning
    assert file_state(path) == before


def test_the_bracket_plays_on_as_drawn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The refused entry leaves round 2 pairable: the stall it made is gone."""
    path = _knockout(tmp_path, capsys)
    assert run(capsys, "add-player", path, "--group", GROUP, "--name", "迟到者")[0] == 2
    code, out, _err = run(capsys, "round", path, "--group", GROUP, "1")
    boards = [line.split()[0] for line in out.splitlines()[1:] if "先手" in line]
    assert run(capsys, "results", path, "--group", GROUP, "1",
               *(f"{b}=1-0" for b in boards))[0] == 0
    code, out, err = run(capsys, "pair", path, "--group", GROUP)
    assert code == 0, err


def test_before_round_one_a_player_joins_the_draw(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _knockout(tmp_path, capsys, paired=False)
    assert run(capsys, "add-player", path, "--group", GROUP, "--name", "吴八")[0] == 0
    code, out, err = run(capsys, "pair", path, "--group", GROUP)
    assert code == 0, err
    assert "吴八" in out and "迟到报名" not in out
