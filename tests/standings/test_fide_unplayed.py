"""The FIDE policy for unplayed rounds (FIDE C.07 (2024) art. 16: the dummy opponent with the
player's own score; an opponent's voluntary unplayed rounds after his last game count as
draws; the lowest cut takes voluntary unplayed rounds first) agrees with the FIDE reference
tie-break calculator, gacrux's `tiebreakchecker` (2024 rules: modifier V1), on tournaments with
byes and forfeits of every kind."""

from __future__ import annotations

import csv
import io
import re
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main

DATA = Path(__file__).resolve().parents[1] / "pairing" / "swiss" / "data"
FILES = sorted(DATA.glob("gacrux_n0[0-4]*.trf"))


def _reference(path: Path) -> dict[int, tuple[float, float]]:
    out = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-s",
         "-t", "PTS", "BH/V1", "BH/M1/V1", "-d", ","],
        capture_output=True, text=True, check=True, timeout=120).stdout
    rows = csv.DictReader(io.StringIO(out))
    return {int(r["StartNo"]): (float(r["BH/V1"]), float(r["BH/M1/V1"])) for r in rows}


def _ours(path: Path, capsys: pytest.CaptureFixture[str]) -> dict[int, tuple[float, float]]:
    code = main(["trf", "standings", str(path), "--tiebreaks", "buchholz,median_buchholz",
                 "--unplayed", "fide"])
    assert code == 0
    rows = csv.DictReader(io.StringIO(capsys.readouterr().out))
    return {int(r["number"]): (float(r["buchholz"]), float(r["median_buchholz"])) for r in rows}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_fide_unplayed_policy_matches_the_reference_calculator(
        path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE C.07 art. 16 (dummy opponent), Buchholz and Median-1 (中间对手分)."""
    assert _ours(path, capsys) == _reference(path)


def test_the_reference_files_have_unplayed_rounds_of_every_kind() -> None:
    """The comparison means something: forfeits (+ / -), zero- and half-point byes, absences."""
    text = "".join(p.read_text(encoding="utf-8") for p in FILES)
    for pattern in (r"\d+ [bw] \+", r"\d+ [bw] -", r"0000 - H", r"0000 - Z", r"0000 - U"):
        assert re.search(pattern, text), pattern
