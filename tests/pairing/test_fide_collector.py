"""The FIDE 2026 engines pair a round with the cycle collector off (`app.collector.uncollected`:
its passes over the whole process found no garbage among the round's short-lived tuples and
sets: a seventh to a quarter of a 300-player Double-Swiss round's CPU) and leave it as the
caller had it, also when the round cannot be paired."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator

import pytest

from app.pairing import double_swiss, lexicographic, team_swiss
from app.pairing.types import (
    Colour,
    NoLegalPairing,
    Outcome,
    Pairing,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)

ENGINES: list[Callable[[PairingRequest], Pairing]] = [double_swiss.pair, team_swiss.pair]


def _request(n: int) -> PairingRequest:
    return PairingRequest(TournamentSnapshot(tuple(PlayerHistory(i) for i in range(1, n + 1)),
                                             5), 1)


def _met_pair() -> PairingRequest:
    """Round 2 of two entrants who met in round 1: no legal pairing ([C1])."""
    first = RoundRecord(1, Outcome.WIN, 2, Colour.FIRST, 2)
    second = RoundRecord(1, Outcome.LOSS, 1, Colour.SECOND, 0)
    return PairingRequest(TournamentSnapshot((PlayerHistory(1, (first,)),
                                              PlayerHistory(2, (second,))), 5), 2)


@pytest.fixture
def collector_on() -> Iterator[None]:
    was = gc.isenabled()
    gc.enable()
    yield
    if not was:
        gc.disable()


@pytest.mark.parametrize("pair", ENGINES)
def test_the_round_is_paired_with_the_collector_off_and_it_is_on_again(
        pair: Callable[[PairingRequest], Pairing], collector_on: None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    search = lexicographic.pair_round

    def watched(*args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(gc.isenabled())
        return search(*args, **kwargs)

    monkeypatch.setattr(double_swiss, "pair_round", watched)
    monkeypatch.setattr(team_swiss, "pair_round", watched)
    assert len(pair(_request(6)).boards) == 3
    assert seen == [False]
    assert gc.isenabled()


@pytest.mark.parametrize("pair", ENGINES)
def test_a_round_that_cannot_be_paired_turns_the_collector_on_again(
        pair: Callable[[PairingRequest], Pairing], collector_on: None) -> None:
    with pytest.raises(NoLegalPairing):
        pair(_met_pair())
    assert gc.isenabled()


@pytest.mark.parametrize("pair", ENGINES)
def test_a_caller_s_collector_held_off_stays_off(
        pair: Callable[[PairingRequest], Pairing], collector_on: None) -> None:
    gc.disable()
    try:
        pair(_request(5))
        assert not gc.isenabled()
    finally:
        gc.enable()
