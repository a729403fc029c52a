"""Build small tournaments by hand for the standings tests: rounds of `(first, second, result)`
games and byes, turned into a `TournamentSnapshot` with the default 2/1/0 points."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from app.pairing.types import (
    Colour,
    Outcome,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)
from app.standings.awards import AwardScheme, Prize, PrizeTable

# result codes, first mover first: 1-0, 0-1, =, +- (forfeit win first), -+, -- (both forfeit)
_OUTCOMES = {
    "1-0": (Outcome.WIN, Outcome.LOSS),
    "0-1": (Outcome.LOSS, Outcome.WIN),
    "=": (Outcome.DRAW, Outcome.DRAW),
    "+-": (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    "-+": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    "--": (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
}

Game = tuple[int, int, str]
Bye = tuple[int, Outcome]


def snapshot(
    players: int | Iterable[int],
    rounds: Sequence[Sequence[Game | Bye]],
    points: PointSystem | None = None,
    game_points: dict[tuple[int, int], int] | None = None,
) -> TournamentSnapshot:
    """`rounds[k]` lists round k+1: games `(first, second, "1-0")` and byes `(n, Outcome.PAB)`.
    Players missing from a round are ABSENT. `game_points[(round, n)]` sets 小分."""
    ps = points or PointSystem()
    numbers = list(range(1, players + 1)) if isinstance(players, int) else list(players)
    history: dict[int, list[RoundRecord]] = {n: [] for n in numbers}
    extra = game_points or {}
    for index, games in enumerate(rounds, start=1):
        seen: set[int] = set()
        for item in games:
            if len(item) == 3:
                first, second, code = item  # type: ignore[misc]
                a, b = _OUTCOMES[code]
                for n, outcome, opp, colour in ((first, a, second, Colour.FIRST),
                                                (second, b, first, Colour.SECOND)):
                    history[n].append(RoundRecord(index, outcome, opp, colour, ps.points(outcome),
                                                  extra.get((index, n))))
                    seen.add(n)
            else:
                n, outcome = item  # type: ignore[misc]
                history[n].append(RoundRecord(index, outcome, None, None, ps.points(outcome),
                                              extra.get((index, n))))
                seen.add(n)
        for n in numbers:
            if n not in seen:
                history[n].append(RoundRecord(index, Outcome.ABSENT, points=ps.absent))
    return TournamentSnapshot(
        players=tuple(PlayerHistory(n, tuple(history[n])) for n in numbers),
        total_rounds=len(rounds),
        points=ps,
    )


# A 4-player, 3-round example with hand-computed tie-breaks (units: win 2, draw 1).
# R1: 1-2 1-0, 3-4 =;  R2: 1-3 =, 2-4 1-0;  R3: 4-1 0-1, 2-3 0-1
# scores 1:5 2:2 3:4 4:1
FOUR = snapshot(4, [
    [(1, 2, "1-0"), (3, 4, "=")],
    [(1, 3, "="), (2, 4, "1-0")],
    [(4, 1, "0-1"), (2, 3, "0-1")],
])

# 3 players, 2 rounds with a pairing-allocated bye each round.
# R1: 1-2 1-0, 3 PAB;  R2: 3-1 1-0, 2 PAB.  scores 1:2 2:2 3:4
BYES = snapshot(3, [
    [(1, 2, "1-0"), (3, Outcome.PAB)],
    [(3, 1, "1-0"), (2, Outcome.PAB)],
])


def paid_places(count: int) -> AwardScheme:
    """Awards where each of the first `count` places gets a different prize (so every tie
    touching them changes what someone receives)."""
    return AwardScheme(PrizeTable(tuple((p, p, Prize(1000 - p)) for p in range(1, count + 1))))
