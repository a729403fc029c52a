"""Large fields: the Swiss engine's memory grows with the largest bracket's graph, not with
the square of the field (a TRF file holds up to 9 999 players), and a bracket too large for
its graph is paired only when Art. 3.4 proves its first candidate best, else refused with a
message naming the limit (FIDE C.04.3 Art. 3.4; see `DutchPairer`)."""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest

from app.errors import UserError
from app.pairing.swiss import pair
from app.pairing.swiss.dutch import DutchPairer
from app.pairing.trf import read_trf
from app.pairing.types import Pairing, PairingRequest, PlayerHistory, TournamentSnapshot

DATA = Path(__file__).resolve().parents[2] / "data" / "swiss" / "complete"
SAMPLE = sorted(DATA.glob("*.trf"))[::9]


def _boards(pairing: Pairing) -> list[tuple[int, int]]:
    return sorted((board.first, board.second or 0) for board in pairing.boards)


def _first_round(players: int) -> PairingRequest:
    snapshot = TournamentSnapshot(tuple(PlayerHistory(n) for n in range(1, players + 1)), 9)
    return PairingRequest(snapshot, 1)


def test_a_first_round_of_9999_players_is_paired_in_memory_linear_in_the_field() -> None:
    """Art. 3.4: in round 1 the first candidate (S1[i] against S2[i], the last player left
    over for the PAB) is as good as any, so the one bracket of 9 999 needs no graph."""
    tracemalloc.start()
    try:
        pairing = pair(_first_round(9999))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(pairing.boards) == 5000 and pairing.bye == 9999
    assert {(b.first, b.second) for b in pairing.boards[:2]} == {(1, 5000), (5001, 2)}
    assert peak < 150 * 2**20  # a table of all pairs alone would take over 400 MB


@pytest.mark.parametrize("players", [9, 10, 31, 64])
def test_a_first_round_beyond_the_limit_is_paired_as_with_its_graph(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    want = _boards(pair(_first_round(players)))
    monkeypatch.setattr(DutchPairer, "graph_limit", 4)
    assert _boards(pair(_first_round(players))) == want


@pytest.mark.parametrize("path", SAMPLE, ids=lambda p: p.stem)
def test_brackets_beyond_the_limit_are_paired_as_the_reference_or_refused(
    path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With the limit at 6 players, every bracket above it is either paired exactly as the
    reference engine paired it, or refused naming the limit; round 1 is always paired."""
    monkeypatch.setattr(DutchPairer, "graph_limit", 6)
    tournament = read_trf(path.read_text(encoding="utf-8"), str(path))
    for k in range(1, tournament.rounds_played + 1):
        try:
            got = pair(tournament.request_for_round(k))
        except UserError as error:
            assert k > 1 and "at most 6 players in one score bracket" in error.en
            continue
        assert _boards(got) == _boards(tournament.pairing_of_round(k)), f"round {k}"
