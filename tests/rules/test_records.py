"""Game records: plain move strings, SGF (GM[4], rows from the top) and Piskvork .psq."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.rules.board import SIZE
from app.rules.game import Game, GameSettings
from app.rules.records import (
    GameRecord,
    detect_format,
    read_moves,
    read_psq,
    read_record,
    read_sgf,
    record_of_game,
    write_moves,
    write_psq,
    write_record,
    write_sgf,
)

from .helpers import names, pt

POINT = st.tuples(st.integers(0, SIZE - 1), st.integers(0, SIZE - 1))
MOVES = st.lists(POINT, unique=True, max_size=225).map(tuple)
TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=12)
INFO = st.lists(
    st.tuples(st.sampled_from(["EV", "DT", "PC", "RO", "C", "TM"]), st.tuples(TEXT)),
    unique_by=lambda item: item[0], max_size=3,
).map(tuple)


@settings(max_examples=80, deadline=None)
@given(MOVES)
def test_moves_round_trip(moves: tuple) -> None:
    record = GameRecord(moves)
    text = write_moves(record)
    assert read_moves(text) == record
    assert write_moves(read_moves(text)) == text


@settings(max_examples=80, deadline=None)
@given(MOVES, TEXT, TEXT, st.sampled_from(["", "B+", "W+F", "0", "B+R"]), INFO)
def test_sgf_round_trip(moves: tuple, black: str, white: str, result: str, info: tuple) -> None:
    record = GameRecord(moves, (), black, white, result, info)
    text = write_sgf(record)
    assert read_sgf(text) == record
    assert write_sgf(read_sgf(text)) == text


@settings(max_examples=80, deadline=None)
@given(MOVES.flatmap(lambda m: st.tuples(
    st.just(m), st.lists(st.integers(0, 10**7), min_size=len(m), max_size=len(m)).map(tuple))))
def test_psq_round_trip(moves_and_times: tuple) -> None:
    moves, times = moves_and_times
    record = GameRecord(moves, times)
    text = write_psq(record)
    assert read_psq(text) == record
    assert write_psq(read_psq(text)) == text


def test_coordinates_of_each_format() -> None:
    record = GameRecord((pt("h8"), pt("a1"), pt("o15"), pt("h10")))
    assert write_moves(record) == "h8a1o15h10"
    assert write_sgf(record).endswith(";B[hh];W[ao];B[oa];W[hf])\n")
    assert write_sgf(record).startswith("(;GM[4]FF[4]CA[UTF-8]SZ[15]")
    assert write_psq(record).splitlines() == [
        "Piskvorky 15x15, 11:11, 0", "8,8,0", "1,15,0", "15,1,0", "8,6,0",
        "-1", "-", "-", "-1"]  # the trailer: the players' names (none here) and -1


def test_reading_foreign_files() -> None:
    sgf = "(;FF[4]GM[4]SZ[15]PB[黑方]AP[x:1]\n;B[hh]\n(;W[hg];B[ii])\n(;W[aa]))"
    record = read_sgf(sgf)
    assert names(record.moves) == ["h8", "h9", "i7"] and record.black == "黑方"
    assert record.info == (("AP", ("x:1",)),)
    psq = "Piskvorky 15x15, 11:11, 0\n8,8,1000\n9,7,2000\n-1\npbrain-a.exe\npbrain-b.exe\n-1\n"
    # Piskvork's trailer: -1, the two players (engines) in move order, -1.
    assert read_psq(psq) == GameRecord((pt("h8"), pt("i9")), (1000, 2000),
                                       black="pbrain-a.exe", white="pbrain-b.exe")
    assert names(read_moves("h8 h9\ni10").moves) == ["h8", "h9", "i10"]


@pytest.mark.parametrize(
    ("reader", "text", "where"),
    [
        (read_moves, "h8h9x5", "moves:1:5"),
        (read_moves, "h8\nh9 h16", "moves:2:4"),
        (read_moves, "h8h9h8", "moves:1:5"),
        (read_sgf, "(;GM[4];B[hh];B[hg])", "sgf:1:15"),
        (read_sgf, "(;GM[1];B[hh])", "sgf:1:3"),
        (read_sgf, "(;GM[4]SZ[19];B[hh])", "sgf:1:8"),
        (read_sgf, "(;GM[4]\n;B[hh];W[pp])", "sgf:2:8"),
        (read_sgf, "(;GM[4];B[hh];W[zz])", "sgf:1:15"),
        (read_sgf, "(;GM[4];B[hh];W[hh])", "sgf:1:15"),
        (read_sgf, "(;GM[4];B[hh]", "sgf:1:14"),
        (read_sgf, "(;GM[4];B[hh", "sgf:1:10"),
        (read_sgf, "(;GM[4]AB[hh][hg])", "sgf:1:8"),
        (read_sgf, "GM[4];B[hh]", "sgf:1:1"),
        (read_psq, "Piskvorky 20x20, 11:11, 0\n10,10,0\n", "psq:1"),
        (read_psq, "8,8,0\n", "psq:1"),
        (read_psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,x,0\n", "psq:3"),
        (read_psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n", "psq:3"),
        (read_psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", "psq:3"),
        (read_psq, "Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\n9,9,0\n", "psq:4"),
    ],
)
def test_bad_files_name_line_and_position(reader, text: str, where: str) -> None:  # noqa: ANN001
    with pytest.raises(UserError) as error:
        reader(text)
    assert error.value.where == where
    assert error.value.zh and error.value.en


def test_format_detection_and_dispatch() -> None:
    record = GameRecord((pt("h8"), pt("h9")), black="甲", white="乙", result="B+R")
    for fmt in ("moves", "sgf", "psq"):
        text = write_record(record, fmt)
        assert detect_format(text) == fmt
        back = read_record(text)
        assert back.moves == record.moves
    with pytest.raises(UserError):
        write_record(record, "pdf")


def test_record_of_a_finished_game() -> None:
    game = Game.new(GameSettings.designated(fixed_opening="花月"))
    for name in "h8 h9 i9".split():
        game = game.play(pt(name))
    game = game.swap(True)
    for name in "g10 j7 a1 j7 g7 j9 a15 k9 o1 k7 m12 j8".split():
        game = game.play(pt(name))
    record = record_of_game(game.claim_foul(), black="乙", white="甲")
    assert record.result == "W+F"
    assert write_moves(record) == "h8h9i9g10j7g7j9a15k9o1k7m12j8"
    assert read_sgf(write_sgf(record)) == record
    assert record_of_game(game.agree_draw()).result == "0"
