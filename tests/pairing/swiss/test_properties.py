"""Properties every pairing must have, on random small tournaments paired by the engine
round after round: the absolute criteria [C1]-[C3] and the PAB rules hold, everybody
available is paired, boards are in order (C.04.3 Art. 2.1, C.04.1 Art. 2-4)."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from app.pairing.swiss import pair
from app.pairing.swiss.players import derive_players
from app.pairing.types import (
    Colour,
    NoLegalPairing,
    Outcome,
    PairingRequest,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

POINTS = PointSystem()


def _check(request: PairingRequest, pairing) -> None:  # type: ignore[no-untyped-def]
    players = {p.number: p for p in derive_players(request)}
    seen: list[int] = []
    for board in pairing.boards:
        seen.append(board.first)
        if board.second is None:
            assert players[board.first].bye_eligible  # [C2]
            continue
        seen.append(board.second)
        a, b = players[board.first], players[board.second]
        assert b.number not in a.met  # [C1]
        assert frozenset((a.number, b.number)) not in request.forbidden_pairs
        last = request.round >= request.snapshot.total_rounds
        threshold = (request.round - 1) * POINTS.win // 2
        if not (last and max(a.score, b.score) > threshold):  # [C3]
            assert not (a.absolute and b.absolute and a.preference is b.preference)
    assert sorted(seen) == sorted(players)
    assert len(seen) == len(set(seen))
    byes = [b for b in pairing.boards if b.second is None]
    assert len(byes) == len(players) % 2
    if byes:
        assert pairing.boards[-1].second is None


@settings(max_examples=25, deadline=None)
@given(
    size=st.integers(2, 14),
    rounds=st.integers(1, 7),
    seed=st.integers(0, 10**6),
    forfeits=st.booleans(),
    absences=st.booleans(),
)
def test_random_tournaments_pair_legally(
    size: int, rounds: int, seed: int, forfeits: bool, absences: bool
) -> None:
    rng = random.Random(seed)
    histories: dict[int, list[RoundRecord]] = {n: [] for n in range(1, size + 1)}
    for k in range(1, rounds + 1):
        away = {n for n in histories if absences and rng.random() < 0.1}
        for n in away:
            histories[n].append(RoundRecord(k, Outcome.HALF_BYE, points=POINTS.half_bye))
        snapshot = TournamentSnapshot(
            tuple(PlayerHistory(n, tuple(h[: k - 1])) for n, h in histories.items()),
            rounds,
            POINTS,
            Colour.FIRST,
        )
        request = PairingRequest(snapshot, k, frozenset(away))
        try:
            pairing = pair(request)
        except NoLegalPairing:
            return  # small fields run out of opponents; then nothing is paired
        _check(request, pairing)
        for board in pairing.boards:
            if board.second is None:
                histories[board.first].append(RoundRecord(k, Outcome.PAB, points=POINTS.pab))
                continue
            roll = rng.random()
            if forfeits and roll < 0.1:
                win, loss = Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
            elif roll < 0.5:
                win, loss = Outcome.WIN, Outcome.LOSS
            elif roll < 0.7:
                win, loss = Outcome.DRAW, Outcome.DRAW
            else:
                win, loss = Outcome.LOSS, Outcome.WIN
            histories[board.first].append(
                RoundRecord(k, win, board.second, Colour.FIRST, POINTS.points(win))
            )
            histories[board.second].append(
                RoundRecord(k, loss, board.first, Colour.SECOND, POINTS.points(loss))
            )
