"""Small builders for hand-made Swiss tournaments in the tests."""

from __future__ import annotations

from app.pairing.types import (
    Colour,
    Outcome,
    PairingRequest,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

POINTS = PointSystem()
_RESULTS = {
    "1": Outcome.WIN,
    "=": Outcome.DRAW,
    "0": Outcome.LOSS,
    "+": Outcome.FORFEIT_WIN,
    "-": Outcome.FORFEIT_LOSS,
}
_BYES = {"U": Outcome.PAB, "F": Outcome.FULL_BYE, "H": Outcome.HALF_BYE, "Z": Outcome.ZERO_BYE}


def record(round_number: int, entry: str) -> RoundRecord:
    """`"5w1"`: against 5, first mover (TRF white), won; `"U"`/`"H"`/`"Z"`/`"F"`: byes."""
    if entry in _BYES:
        outcome = _BYES[entry]
        return RoundRecord(round_number, outcome, points=POINTS.points(outcome))
    opponent, colour, result = int(entry[:-2]), entry[-2], entry[-1]
    outcome = _RESULTS[result]
    return RoundRecord(
        round_number,
        outcome,
        opponent=opponent,
        colour=Colour.FIRST if colour == "w" else Colour.SECOND,
        points=POINTS.points(outcome),
    )


def request(
    histories: dict[int, str],
    total_rounds: int = 9,
    unavailable: tuple[int, ...] = (),
    forbidden: tuple[tuple[int, int], ...] = (),
    initial: Colour = Colour.FIRST,
) -> PairingRequest:
    """`histories[number]` = space-separated entries, one per round already played."""
    players = tuple(
        PlayerHistory(
            number=number,
            rounds=tuple(record(i + 1, e) for i, e in enumerate(text.split())),
        )
        for number, text in sorted(histories.items())
    )
    played = max((len(p.rounds) for p in players), default=0)
    snapshot = TournamentSnapshot(players, total_rounds, POINTS, initial)
    return PairingRequest(
        snapshot,
        played + 1,
        frozenset(unavailable),
        frozenset(frozenset(pair) for pair in forbidden),
    )


def boards(pairing) -> list[tuple[int, int | None]]:  # type: ignore[no-untyped-def]
    return [(b.first, b.second) for b in pairing.boards]
