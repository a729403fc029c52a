"""Every round of every shared Swiss file re-paired by our engine (tests/data/swiss/README.md):
the same boards, the same first mover, the same PAB; every `nopairing` file refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pairing.swiss import pair
from app.pairing.trf import read_trf
from app.pairing.types import NoLegalPairing, Pairing

DATA = Path(__file__).resolve().parents[2] / "data" / "swiss"
COMPLETE = sorted((DATA / "complete").glob("*.trf"))
NOPAIRING = sorted((DATA / "nopairing").glob("*.trf"))


def _boards(pairing: Pairing) -> list[tuple[int, int]]:
    return sorted((board.first, board.second or 0) for board in pairing.boards)


def test_the_shared_data_is_there() -> None:
    assert len(COMPLETE) == 218
    assert len(NOPAIRING) == 33


@pytest.mark.parametrize("path", COMPLETE, ids=lambda p: p.stem)
def test_every_round_is_paired_as_the_reference_engine_did(path: Path) -> None:
    tournament = read_trf(path.read_text(encoding="utf-8"), str(path))
    assert tournament.rounds_played >= 1
    for k in range(1, tournament.rounds_played + 1):
        got = pair(tournament.request_for_round(k))
        assert _boards(got) == _boards(tournament.pairing_of_round(k)), f"round {k}"
        assert [board.number for board in got.boards] == list(range(1, len(got.boards) + 1))
        if got.bye is not None:
            assert got.boards[-1].second is None


@pytest.mark.parametrize("path", NOPAIRING, ids=lambda p: p.stem)
def test_no_legal_pairing_is_refused(path: Path) -> None:
    tournament = read_trf(path.read_text(encoding="utf-8"), str(path))
    with pytest.raises(NoLegalPairing):
        pair(tournament.next_round_request())
