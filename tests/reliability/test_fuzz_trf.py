"""Fuzzing the TRF reader (app/pairing/trf.py): every malformed file ends in UserError.

Bad input: damaged TRF files (characters changed, lines lost or doubled, cut short)
are either still valid or refused with a `UserError` naming the line; never another
exception, never a hang (hypothesis deadline).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.trf import TrfTournament, read_trf
from tests.reliability.mutations import mutated, near_text

pytestmark = pytest.mark.slow  # long hypothesis runs

SWISS = Path(__file__).resolve().parents[1] / "data" / "swiss"
SAMPLES = [
    (SWISS / "complete" / name).read_bytes().decode("utf-8")
    for name in sorted(p.name for p in (SWISS / "complete").glob("n00*_*.trf"))[:6]
] + [
    (SWISS / "nopairing" / name).read_bytes().decode("utf-8")
    for name in sorted(p.name for p in (SWISS / "nopairing").glob("*.trf"))[:2]
]
# Generous deadlines: they catch a hang, not a slow CI machine.
FUZZ = settings(max_examples=150, deadline=10000, suppress_health_check=[HealthCheck.too_slow])


def _read(text: str) -> None:
    try:
        result = read_trf(text, "fuzz.trf")
    except UserError as error:
        assert error.zh and error.en
        assert error.where.startswith("fuzz.trf")
        return
    assert isinstance(result, TrfTournament)


def test_the_samples_read() -> None:
    assert len(SAMPLES) == 8
    for text in SAMPLES:
        assert isinstance(read_trf(text, "sample.trf"), TrfTournament)


@FUZZ
@given(st.data())
def test_damaged_trf_files_are_refused_with_a_user_error(data: st.DataObject) -> None:
    text = data.draw(st.sampled_from(SAMPLES))
    _read(data.draw(mutated(text)))


@FUZZ
@given(near_text())
def test_trf_text_from_scratch_is_refused_with_a_user_error(text: str) -> None:
    _read(text)


@FUZZ
@given(st.data())
def test_player_lines_with_random_fields_are_refused_with_a_user_error(
    data: st.DataObject,
) -> None:
    """Column-exact damage: one fixed-width field of a player line replaced."""
    text = data.draw(st.sampled_from(SAMPLES))
    lines = text.replace("\r\n", "\r").replace("\n", "\r").split("\r")
    player_lines = [i for i, line in enumerate(lines) if line.startswith("001")]
    i = data.draw(st.sampled_from(player_lines))
    line = lines[i]
    start = data.draw(st.sampled_from([4, 48, 80, 85] + list(range(91, max(92, len(line)), 10))))
    width = data.draw(st.integers(1, 10))
    piece = data.draw(st.text(st.sampled_from("0123456789 wb-=+HUFZDLW?x9"), min_size=width,
                              max_size=width))
    lines[i] = (line.ljust(start) + "")[:start] + piece + line[start + width:]
    _read("\r".join(lines))


def test_hostile_trf_files_exit_2_with_one_line(tmp_path, capsys) -> None:  # noqa: ANN001
    """Superscript digits, 5 000-digit numbers, empty files, random bytes, a FIFO."""
    import os

    from app.cli import main

    player = next(line for line in SAMPLES[0].splitlines() if line.startswith("001"))
    hostile = {
        "super.trf": player[:4] + "   ¹" + player[8:],
        "digits.trf": "XXR " + "9" * 5000 + "\n" + player,
        "forbid.trf": player + "\n260   1   2 " + "1" * 5000,
        "empty.trf": "",
        "random.trf": "".join(chr((i * 7919) % 256) for i in range(5000)),
    }
    for name, text in hostile.items():
        (tmp_path / name).write_bytes(text.encode("latin-1", "replace") if name == "random.trf"
                                      else text.encode("utf-8"))
    os.mkfifo(tmp_path / "pipe.trf")
    for name in [*hostile, "pipe.trf"]:
        for command in ("pair", "check"):
            assert main(["trf", command, str(tmp_path / name)]) == 2, name
            err = capsys.readouterr().err.strip()
            assert len(err.splitlines()) == 1 and name in err and "Traceback" not in err


@FUZZ
@given(st.data())
def test_extension_lines_with_random_fields_are_read_or_refused(data: st.DataObject) -> None:
    """260 / XXP forbidden pairs, 250 / XXA accelerations, 013 teams, 132 dates, 162 points:
    random fields after the tag are read or refused with a `UserError`, and a file that
    reads can have its next round requested or refused the same way."""
    text = data.draw(st.sampled_from(SAMPLES))
    tag = data.draw(st.sampled_from(["260", "XXP", "250", "XXA", "013", "132", "162", "XXZ",
                                     "142", "152"]))
    body = data.draw(st.text(st.sampled_from("0123456789 .,-+=WDLAPZXwb¹²٣１\t"),
                             max_size=60))
    try:
        tournament = read_trf(text + "\n" + tag + body + "\n", "fuzz.trf")
    except UserError as error:
        assert error.where.startswith("fuzz.trf")
        return
    try:
        tournament.next_round_request()
    except UserError as error:
        assert error.zh and error.en
