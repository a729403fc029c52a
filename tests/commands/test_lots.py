"""`knockout-draw`, `berger-numbers`, `late` and `team-lineup` on an event file."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from tests.commands.helpers import run


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, count: int,
           preset: str = "qiwang-2022", group: str = "公开组") -> Path:
    path = tmp_path / "e.db"
    assert run(capsys, "new", path, "--preset", preset)[0] == 0
    assert run(capsys, "group", path, "--group", group, "--system", system)[0] == 0
    for k in range(count):
        assert run(capsys, "add-player", path, "--group", group, "--name", f"棋手{k}")[0] == 0
    return path


def _ids(capsys: pytest.CaptureFixture[str], path: Path, group: str) -> list[int]:
    code, out, _ = run(capsys, "players", path, "--group", group, "--csv")
    assert code == 0
    return [int(row["id"]) for row in csv.DictReader(io.StringIO(out))]


def test_knockout_draw_prints_the_seeds_drawn(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = _event(tmp_path, capsys, "knockout", 6)
    code, out, _ = run(capsys, "knockout-draw", path, "--group", "公开组", "--seed", "9")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith(": 9") and len(lines) == 7
    assert sorted(line.split("\t")[1] for line in lines[1:]) == [f"棋手{k}" for k in range(6)]
    assert run(capsys, "pair", path, "--group", "公开组")[0] == 0
    code, _, err = run(capsys, "knockout-draw", path, "--group", "公开组")
    assert code == 2 and "round 1" in err


def test_berger_numbers_are_given_by_player_id(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = _event(tmp_path, capsys, "round_robin", 4)
    ids = _ids(capsys, path, "公开组")
    given = [f"{pid}={n}" for pid, n in zip(ids, (4, 3, 2, 1), strict=True)]
    assert run(capsys, "berger-numbers", path, "--group", "公开组", *given)[0] == 0
    code, _, err = run(capsys, "berger-numbers", path, "--group", "公开组", f"{ids[0]}=x")
    assert code == 2 and "PLAYER=NUMBER" in err


def test_late_enters_the_forfeit_or_says_the_game_is_played(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _event(tmp_path, capsys, "swiss", 4)
    assert run(capsys, "pair", path, "--group", "公开组")[0] == 0
    code, out, _ = run(capsys, "late", path, "--group", "公开组", 1, 1, 5, 0)
    assert code == 0 and "in time" in out
    code, out, _ = run(capsys, "late", path, "--group", "公开组", 1, 1, "absent", 2)
    assert code == 0 and out.strip() == "-+"
    code, _, err = run(capsys, "late", path, "--group", "公开组", 1, 2, "soon", 2)
    assert code == 2 and "FIRST" in err


def test_team_lineup_answers_no_when_the_order_changed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "h.db"
    assert run(capsys, "new", path, "--preset", "huazhi-2021")[0] == 0
    assert run(capsys, "team-add", path, "--group", "决赛", "一队",
               "甲/男", "乙/男", "丙/女")[0] == 0
    code, out, _ = run(capsys, "team-lineup", path, "--group", "决赛", "一队", "甲", "乙", "丙")
    assert code == 0 and "as registered" in out
    code, _, err = run(capsys, "team-lineup", path, "--group", "决赛", "一队", "乙", "甲", "丙")
    assert code == 1 and "一队" in err
