"""Tournaments outside the shared data (see data/README.md): every round re-paired."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pairing.swiss import pair
from app.pairing.trf import read_trf

FILES = sorted((Path(__file__).resolve().parent / "data").glob("*.trf"))


def test_the_files_are_there() -> None:
    assert len(FILES) == 7


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_round_is_paired_as_generated(path: Path) -> None:
    tournament = read_trf(path.read_text(encoding="utf-8"), str(path))
    for k in range(1, tournament.rounds_played + 1):
        got = sorted((b.first, b.second or 0) for b in pair(tournament.request_for_round(k)).boards)
        want = sorted((b.first, b.second or 0) for b in tournament.pairing_of_round(k).boards)
        assert got == want, f"round {k}"
