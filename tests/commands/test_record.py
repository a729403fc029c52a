"""`python -m app record ...`: record files between moves, SGF, .psq and RenjuNet .rif."""

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


@pytest.mark.parametrize(("name", "text"), [
    ("game.txt", "h8i9h9i9h10\n"),
    ("game.sgf", "(;GM[4]SZ[15];B[hh];W[ig];B[hg];W[ig];B[hf])"),
    ("game.psq", "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n8,7,0\n9,7,0\n8,6,0\n"),
    ("game.rif", '<?xml version="1.0"?><database><players><player id="1" name="A"/>'
                 '</players><games><game id="1" black="1" white="1" bresult="">'
                 '<move>h8 i9 h9 i9 h10</move></game></games></database>'),
])
def test_record_check_a_move_on_an_occupied_point_is_an_illegal_step(
        name: str, text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A readable record whose 4th move lands on the 2nd's point is illegal (exit 1, the JSON
    line naming step 4), not unreadable (docs/CLI.md: exit 2 is for unreadable records)."""
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    assert main(["record", "check", str(path), "--rule", "free"]) == 1
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] is False and verdict["first_illegal_step"] == 4
    assert verdict["reason"] and verdict["reason_zh"]
    # converting it still refuses: no reader would take the record written
    assert main(["record", "convert", str(path), "--to", "sgf"]) == 2
    assert "repeats move 2" in capsys.readouterr().err


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


def _renjunet_file(tmp_path: Path) -> Path:
    """A RenjuNet database file (.rif) of two games: the 花月 game above with its swap and
    fifth-move offers, and a stone-only one."""
    from app.rules.board import parse_point
    from app.rules.renjunet import RenjuNetGame, RenjuNetPlayer, RenjuNetTournament, write_renjunet

    def points(text: str) -> tuple[tuple[int, int], ...]:
        return tuple(parse_point(p) for p in text.split())

    event = RenjuNetTournament("棋王争霸赛 公开组", 2022)
    games = [
        RenjuNetGame(event, "3", "指定开局", RenjuNetPlayer("张三"), RenjuNetPlayer("李四"), "",
                     points("h8 h9 i9 g10 j7 g7 j9 a15 k9 o1 k7 m12"), "Kagetsu", "4D",
                     "j7 a1", "R"),
        RenjuNetGame(event, "4", "指定开局", RenjuNetPlayer("王五"), RenjuNetPlayer("赵六"), "1-0",
                     points("h8 h9 h10 i9 j8 i10")),
    ]
    path = tmp_path / "games.rif"
    path.write_text(write_renjunet(games), encoding="utf-8")
    return path


def test_a_renjunet_game_converts_to_every_format(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    rif = _renjunet_file(tmp_path)
    assert main(["record", "convert", str(rif), "--game", "2", "--to", "moves"]) == 0
    assert capsys.readouterr().out == "h8h9h10i9j8i10\n"
    sgf = tmp_path / "game1.sgf"
    assert main(["record", "convert", str(rif), "--game", "1", "--to", "sgf",
                 "--out", str(sgf)]) == 0
    text = sgf.read_text(encoding="utf-8")
    assert "PB[张三]PW[李四]" in text and "EV[棋王争霸赛 公开组]" in text
    # the swap and the offers of the file are steps of the record, as the board plays them
    assert main(["record", "check", str(sgf), "--rule", "designated", "--opening", "花月"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] and verdict["implied"] == []


def test_record_check_reads_a_renjunet_game(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    rif = _renjunet_file(tmp_path)
    assert main(["record", "check", str(rif), "--game", "1", "--rule", "designated"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] and verdict["implied"] == []
    assert main(["record", "check", str(rif), "--game", "2", "--rule", "designated"]) == 0
    verdict = json.loads(capsys.readouterr().out)
    assert verdict["legal"] and "after move 3: no swap" in verdict["implied"]
    # the file's first game is not a Taraguchi-10 game: its fifth stone came from two offers
    assert main(["record", "check", str(rif), "--game", "1", "--rule", "taraguchi10"]) == 1


@pytest.mark.parametrize("extra", [[], ["--game", "3"], ["--game", "0"]])
def test_a_renjunet_file_of_several_games_needs_one_named(
        extra: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rif = _renjunet_file(tmp_path)
    out = tmp_path / "out.sgf"
    assert main(["record", "convert", str(rif), "--to", "sgf", "--out", str(out), *extra]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 games" in err and not out.exists()


def test_a_game_number_is_for_renjunet_files_only(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.txt"
    path.write_text("h8h9\n", encoding="utf-8")
    assert main(["record", "convert", str(path), "--game", "1", "--to", "sgf"]) == 2
    assert "RenjuNet" in capsys.readouterr().err


def test_a_real_renjunet_game_converts_and_checks_legal(tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    """A real game element (`rule="25" opening="19" alt="51" swap="R--R-"`, once refused as
    `alt: bad coordinate '51'`): converted to SGF with its swap marks as steps, then checked
    under the rule its entry names, it is legal and black's five supports the file's 1-0."""
    sample = Path(__file__).resolve().parents[1] / "data" / "renjunet" / "sample.rif"
    sgf = tmp_path / "game.sgf"
    assert main(["record", "convert", str(sample), "--to", "sgf", "--out", str(sgf)]) == 0
    text = sgf.read_text(encoding="utf-8")
    assert "RU[Taraguchi-10]" in text and ";B[hh];AC[swap];W[hg];AC[noswap]" in text
    for source in (sgf, sample):
        assert main(["record", "check", str(source), "--rule", "taraguchi10"]) == 0
        verdict = json.loads(capsys.readouterr().out)
        assert verdict["legal"] and verdict["result"] == "1-0" and verdict["implied"] == []
