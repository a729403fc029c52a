"""`python -m app record convert`: record files between moves, SGF and .psq."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.cli import main


def test_convert_through_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "game.txt"
    source.write_text("h8h9i10a1\n", encoding="utf-8")
    sgf = tmp_path / "game.sgf"
    assert main(["record", "convert", str(source), "--to", "sgf", "--out", str(sgf)]) == 0
    assert ";B[hh];W[hg];B[if];W[ao])" in sgf.read_text(encoding="utf-8")
    assert main(["record", "convert", str(sgf), "--to", "psq"]) == 0
    psq_text = capsys.readouterr().out
    # the moves, then Piskvork's trailer: -1, the two players (none named here), -1
    assert psq_text.splitlines()[1:] == ["8,8,0", "8,7,0", "9,6,0", "1,15,0",
                                         "-1", "-", "-", "-1"]
    psq = tmp_path / "game.psq"
    psq.write_text(psq_text, encoding="utf-8")
    assert main(["record", "convert", str(psq), "--to", "moves"]) == 0
    assert capsys.readouterr().out == "h8h9i10a1\n"


def test_gbk_sgf_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sgf = tmp_path / "old.sgf"
    sgf.write_bytes("(;GM[4]SZ[15]PB[张三];B[hh])".encode("gbk"))
    assert main(["record", "convert", str(sgf), "--to", "sgf"]) == 0
    assert "PB[张三]" in capsys.readouterr().out


def test_bad_record_exits_2_and_writes_nothing(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.psq"
    bad.write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", encoding="utf-8")
    out = tmp_path / "out.sgf"
    assert main(["record", "convert", str(bad), "--to", "sgf", "--out", str(out)]) == 2
    assert not out.exists()
    err = capsys.readouterr().err
    assert f"{bad}:3" in err and err.count("\n") == 1
    assert main(["record", "convert", str(tmp_path / "missing.sgf"), "--to", "psq"]) == 2


GAME = "h8 h9 i9 swap g10 offer:j7 offer:a1 choose:j7 g7 j9 a15 k9 o1 k7 m12"


def test_replay_shows_board_forbidden_points_and_prompt(capsys) -> None:  # noqa: ANN001
    assert main(["record", "replay", GAME, "--opening", "花月"]) == 0
    out = capsys.readouterr().out
    assert " 8 . . . . . . . X . * . . . . ." in out  # j8 is black's 33
    assert "花月" in out and "第13手：黑方落子" in out


def test_replay_to_the_end_and_to_a_record(capsys) -> None:  # noqa: ANN001
    assert main(["record", "replay", GAME + " j8 claim"]) == 0
    out = capsys.readouterr().out
    assert "13.j8!33" in out and "1-0" in out and "白胜（禁手）" in out
    assert main(["record", "replay", GAME + " j8 claim", "--to", "sgf"]) == 0
    assert capsys.readouterr().out.startswith("(;GM[4]FF[4]CA[UTF-8]SZ[15]RE[W+F];B[hh]")


def test_replay_free_opening(capsys) -> None:  # noqa: ANN001
    assert main(["record", "replay", "a1 o15 b1 o14 c1 o13 d1 o12 e1", "--free",
                 "--rules", "freestyle", "--to", "moves"]) == 0
    assert capsys.readouterr().out == "a1o15b1o14c1o13d1o12e1\n"


def test_replay_illegal_action_exits_2(capsys) -> None:  # noqa: ANN001
    assert main(["record", "replay", "h8 h9 i9 g10"]) == 2
    assert "action 4" in capsys.readouterr().err
    assert main(["record", "replay", "h8 h9 i9", "--opening", "寒星"]) == 2


def test_record_check_designated_stone_only_record_is_legal_with_its_implied_steps(
        tmp_path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "game.txt"
    path.write_text("h8h9h10i9j8i10\n", encoding="utf-8")
    assert main(["record", "check", str(path), "--rule", "designated"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] is True and verdict["first_illegal_step"] is None
    assert "after move 3: no swap" in verdict["implied"] and verdict["result"] is None


def test_record_check_names_the_first_illegal_step_and_exits_1(tmp_path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "game.txt"
    path.write_text("h8 noswap h9 noswap h10 noswap h12\n", encoding="utf-8")
    assert main(["record", "check", str(path), "--rule", "taraguchi10"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] is False and verdict["first_illegal_step"] == 7
    assert "7x7" in verdict["reason"]


def test_record_check_reports_an_unclaimed_foul_and_the_five_that_followed(
        tmp_path, capsys) -> None:  # noqa: ANN001
    # black's 33 at j8 (move 9) is not claimed; white plays on and later makes five.
    path = tmp_path / "game.txt"
    path.write_text("h8 a1 i8 a3 j9 a5 j10 a7 j8 a2 b15 a4\n", encoding="utf-8")
    assert main(["record", "check", str(path), "--rule", "free"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["unclaimed_fouls"] == [{"move": 9, "point": "j8", "kind": "33"}]
    assert verdict["result"] == "0-1"


def test_record_check_unreadable_record_exits_2(tmp_path, capsys) -> None:  # noqa: ANN001
    path = tmp_path / "game.sgf"
    path.write_text("(;GM[4]SZ[15];B[zz])", encoding="utf-8")
    assert main(["record", "check", str(path), "--rule", "swap2"]) == 2
    assert capsys.readouterr().err.count("\n") == 1


TARAGUCHI_TEN_OFFERS = ("h8 noswap h9 noswap h10 noswap h7 offer:a1 offer:b1 offer:c1 offer:d1 "
                        "offer:e1 offer:f1 offer:g1 offer:a2 offer:b2 offer:c2 choose:c2 j9 "
                        "pass pass")


@pytest.mark.parametrize("fmt", ["sgf", "psq"])
def test_record_check_reads_the_steps_an_sgf_or_psq_record_carries(
        fmt: str, tmp_path, capsys) -> None:  # noqa: ANN001
    assert main(["record", "replay", TARAGUCHI_TEN_OFFERS, "--rule", "taraguchi10",
                 "--to", fmt]) == 0
    path = tmp_path / f"game.{fmt}"
    path.write_text(capsys.readouterr().out, encoding="utf-8")
    assert main(["record", "check", str(path), "--rule", "taraguchi10"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] and verdict["implied"] == [] and verdict["result"] == "="
    # the same record is not a Swap2 game: its second step is a swap decision
    assert main(["record", "check", str(path), "--rule", "swap2"]) == 1
    assert json.loads(capsys.readouterr().out)["first_illegal_step"] == 2


def test_a_swap2_record_with_its_steps_is_read_by_sgfmill(tmp_path, capsys) -> None:  # noqa: ANN001
    from sgfmill import sgf

    assert main(["record", "replay", "h8 h9 h10 i9 j10 swap k11 a1 g9", "--rule", "swap2",
                 "--to", "sgf"]) == 0
    text = capsys.readouterr().out
    moves = [node.get_move() for node in sgf.Sgf_game.from_bytes(text.encode()).get_main_sequence()]
    stones = [move for move in moves if move[0] is not None]
    assert len(stones) == 8 and stones[0] == ("b", (7, 7))
