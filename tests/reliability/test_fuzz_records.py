"""Fuzzing the game-record readers (app/rules/records.py, app/rules/game.py).

Bad input: damaged SGF, Piskvork `.psq`, plain move strings and action lines are
read or refused with a `UserError` naming the place; never another exception, never a hang,
never half a game (a reader returns a whole record or nothing).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.rules.board import format_point
from app.rules.game import Game, GameSettings, decode_actions
from app.rules.records import (
    GameRecord,
    read_moves,
    read_psq,
    read_record,
    read_sgf,
    write_moves,
    write_psq,
    write_sgf,
)
from tests.reliability.mutations import mutated, near_text

pytestmark = pytest.mark.slow  # long hypothesis runs

# Generous deadlines: they catch a hang, not a slow CI machine.
FUZZ = settings(max_examples=150, deadline=10000, suppress_health_check=[HealthCheck.too_slow])

# A short game: black makes five on row 8 (h8 i8 j8 k8 l8), white answers on row 9.
MOVES = ((7, 7), (7, 8), (8, 7), (8, 8), (9, 7), (9, 8), (10, 7), (10, 8), (11, 7))
RECORD = GameRecord(MOVES, black="王小明", white="李娜", result="B+")
SAMPLES = {
    "sgf": write_sgf(RECORD),
    "psq": write_psq(GameRecord(MOVES, times=tuple(1000 * i for i in range(len(MOVES))))),
    "moves": write_moves(RECORD),
}
ACTIONS = " ".join(format_point(p) for p in MOVES)


def _check_record(reader, text: str) -> None:
    try:
        record = reader(text, "fuzz")
    except UserError as error:
        assert error.zh and error.en and error.where.startswith("fuzz")
        return
    assert isinstance(record, GameRecord)
    # Whole games only: distinct points of the board.
    assert len(set(record.moves)) == len(record.moves)
    assert all(0 <= c < 15 and 0 <= r < 15 for c, r in record.moves)


def test_the_samples_read_back() -> None:
    assert read_sgf(SAMPLES["sgf"]).moves == MOVES
    assert read_psq(SAMPLES["psq"]).moves == MOVES
    assert read_moves(SAMPLES["moves"]).moves == MOVES
    assert decode_actions(GameSettings.free(), ACTIONS).actions


@FUZZ
@given(st.data())
def test_damaged_records_are_refused_with_a_user_error(data: st.DataObject) -> None:
    fmt = data.draw(st.sampled_from(sorted(SAMPLES)))
    text = data.draw(mutated(SAMPLES[fmt]))
    reader = {"sgf": read_sgf, "psq": read_psq, "moves": read_moves}[fmt]
    _check_record(reader, text)
    _check_record(read_record, text)


@FUZZ
@given(near_text())
def test_record_text_from_scratch_is_refused_with_a_user_error(text: str) -> None:
    for reader in (read_record, read_sgf, read_psq, read_moves):
        _check_record(reader, text)


@FUZZ
@given(st.data())
def test_sgf_with_odd_brackets_and_properties_is_refused_with_a_user_error(
    data: st.DataObject,
) -> None:
    nodes = data.draw(st.lists(
        st.tuples(st.text(st.sampled_from("BWABCGMFSZPRE"), max_size=3),
                  st.text(st.sampled_from("abcdefghijklmnopz\\]["), max_size=4)),
        max_size=12))
    text = "(;GM[4]SZ[15]" + "".join(f";{k}[{v}]" for k, v in nodes) + \
        data.draw(st.sampled_from([")", "", "((", ")extra", "\\"]))
    _check_record(read_sgf, text)


TOKENS = st.sampled_from([
    "h8", "h9", "i9", "a1", "o15", "p1", "a0", "h16", "swap", "noswap", "offer:i10",
    "offer:h8", "choose:i10", "choose:z9", "claim", "draw", "resign:black", "resign:red",
    "time:white", "arbiter:black", "arbiter:draw:规则%20争议", "arbiter:nobody", "offer",
    "swap:1", ":", "h8:", "Ｈ８", "",
])


@FUZZ
@given(st.lists(TOKENS, max_size=25), st.booleans())
def test_action_lines_are_replayed_or_refused_with_a_user_error(tokens: list[str],
                                                                designated: bool) -> None:
    game_settings = GameSettings.designated() if designated else GameSettings.free()
    try:
        game = decode_actions(game_settings, " ".join(tokens), "fuzz")
    except UserError as error:
        assert error.where.startswith("fuzz")
        return
    assert isinstance(game, Game)


@FUZZ
@given(st.data())
def test_damaged_action_lines_are_refused_with_a_user_error(data: st.DataObject) -> None:
    text = data.draw(mutated(ACTIONS))
    try:
        decode_actions(GameSettings.free(), text, "fuzz")
    except UserError as error:
        assert error.where.startswith("fuzz")


# --- hostile files on the command line: exit 2, one line naming file, line and field -------

HOSTILE_RECORDS = {
    "deep.sgf": ("(;GM[4]" * 5000).encode(),  # 5 000-deep nesting
    "long.psq": ("Piskvorky 15x15, 11:11, 0\n" + "9" * 5000 + ",1,0\n").encode(),
    "size.sgf": ("(;GM[4]SZ[" + "1" * 5000 + "])").encode(),
    "super.sgf": "(;GM[4];B[h¹])".encode(),
    "super.txt": "h8 h¹".encode(),
    "empty.sgf": b"",
    "random.sgf": bytes((i * 7919) % 256 for i in range(5000)),
}


def _one_line_exit_2(argv: list[str], name: str, capsys) -> str:  # noqa: ANN001
    from app.cli import main

    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and name in err and "Traceback" not in err
    return err


def test_hostile_records_are_refused_with_one_line(tmp_path, capsys) -> None:  # noqa: ANN001
    for name, data in HOSTILE_RECORDS.items():
        path = tmp_path / name
        path.write_bytes(data)
        _one_line_exit_2(["record", "convert", str(path), "--to", "sgf"], name, capsys)


def test_hostile_judge_lines_are_refused_with_one_line(monkeypatch, capsys) -> None:  # noqa: ANN001
    import io

    for text in ("[" * 5000, '{"black": ' * 5000, '{"black": [], "n": ' + "9" * 5000 + "}",
                 '{"black": ["h¹"]}', "\x00\x01\x02"):
        monkeypatch.setattr("sys.stdin", io.StringIO(text + "\n"))
        _one_line_exit_2(["judge"], "<stdin>:1", capsys)


def test_a_fifo_or_a_device_is_refused_at_once(tmp_path, capsys) -> None:  # noqa: ANN001
    import os

    fifo = tmp_path / "pipe.sgf"
    os.mkfifo(fifo)
    _one_line_exit_2(["record", "convert", str(fifo), "--to", "sgf"], "pipe.sgf", capsys)
    _one_line_exit_2(["record", "convert", "/dev/zero", "--to", "sgf"], "/dev/zero", capsys)
