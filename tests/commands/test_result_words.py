"""The result words arbiters say, on the command line (../shared/docs/CLI.md "Arguments and
output"): 胜/黑胜/先手胜 = 1-0, 负/白胜/后手胜 = 0-1, 和 = `=`, and 1:0, 0:1, ½:½."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.services import knockout, rounds
from app.services.event import Event
from app.services.players import add_player
from app.services.queries import round_view
from app.wording import code_text, game_code


def _run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def paired(tmp_path: Path) -> Path:
    """qiwang 公开组 with 12 players and round 1 paired (6 boards)."""
    path = tmp_path / "words.gomoku"
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(12):
            add_player(event, "公开组", name=f"棋手{k + 1:02d}", unit=f"单位{k % 4}")
        rounds.pair_next_round(event, "公开组")
    return path


@pytest.mark.parametrize(("board", "word", "stored"), [
    (1, "胜", "1-0"), (2, "白胜", "0-1"), (3, "和", "="), (4, "1:0", "1-0"),
    (5, "½:½", "="), (6, "后手胜超时", "0-1t"),
])
def test_result_takes_the_words_arbiters_say(paired: Path, capsys: pytest.CaptureFixture[str],
                                             board: int, word: str, stored: str) -> None:
    code, _out, err = _run(capsys, "result", paired, "--group", "公开组", 1, board, word)
    assert code == 0, err
    with Event.open(paired) as event:
        found = next(b for b in round_view(event, "公开组", 1).boards if b.number == board)
    assert code_text(found.result) == stored


def test_results_of_several_boards_take_words_too(paired: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(capsys, "results", paired, "--group", "公开组", 1, "1=黑胜",
                           "2=负", "3=½", "4=0:1", "5=先手胜", "6=和")
    assert code == 0, err
    with Event.open(paired) as event:
        stored = [code_text(b.result) for b in round_view(event, "公开组", 1).boards]
    assert stored == ["1-0", "0-1", "=", "0-1", "1-0", "="]


def test_a_word_it_does_not_know_is_refused_naming_the_words(
        paired: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _out, err = _run(capsys, "result", paired, "--group", "公开组", 1, 1, "赢")
    assert code == 2 and "胜/负/和" in err and err.count("\n") == 1


def test_team_result_takes_the_words(tmp_path: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "team.gomoku"
    with Event.create(path, preset="huazhi-2021") as event:
        for k in (1, 2):
            knockout.add_team(event, "决赛", f"队{k}", [("甲", "M"), ("乙", "M"), ("丙", "F")])
        rounds.pair_next_round(event, "决赛")
    code, _out, err = _run(capsys, "team-result", path, "--group", "决赛", 1, 1,
                           "黑胜", "和", "白胜", "--playoff", "1:0")
    assert code == 0, err
    with Event.open(path) as event:
        match = round_view(event, "决赛", 1).boards[0]
    assert [game_code(g.result) for g in match.games][:3] == ["1-0", "=", "0-1"]
    assert code_text(match.result) in ("1-0", "0-1")
