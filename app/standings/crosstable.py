"""Crosstables (交叉表) from a snapshot: the round-robin grid, or the Swiss round-by-round table.

Round robin: one row and one column per player in standings order; a cell holds the points the
row player scored against the column player (several games, e.g. a double round robin, are
listed in round order). Swiss: one column per round with the opponent's place in the
standings, the row player's move order (黑 first mover / 白) and the outcome (胜 和 负, 不战胜,
弃权负, 轮空 ...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.pairing.types import Colour, Outcome, RoundRecord, TournamentSnapshot

OUTCOME_ZH = {
    Outcome.WIN: "胜",
    Outcome.DRAW: "和",
    Outcome.LOSS: "负",
    Outcome.FORFEIT_WIN: "不战胜",
    Outcome.FORFEIT_LOSS: "弃权负",
    Outcome.PAB: "轮空",
    Outcome.FULL_BYE: "免赛胜",
    Outcome.HALF_BYE: "免赛和",
    Outcome.ZERO_BYE: "免赛",
    Outcome.ABSENT: "缺席",
}
LATE_ZH = "迟报"
"""A round before a late entry's first (迟到报名): not absent, not yet entered."""


@dataclass(frozen=True)
class RoundCell:
    """One round of one player: the opponent's place (None without an opponent)."""

    round: int
    opponent_place: int | None
    colour: Colour | None
    outcome: Outcome
    points: int
    late: bool = False  # a round before the player's entry (迟到报名)

    @property
    def text(self) -> str:
        """`12黑胜`, `3白和`, `轮空`, `迟报`."""
        if self.late:
            return LATE_ZH
        if self.opponent_place is None:
            return OUTCOME_ZH[self.outcome]
        colour = "" if self.colour is None else ("黑" if self.colour is Colour.FIRST else "白")
        return f"{self.opponent_place}{colour}{OUTCOME_ZH[self.outcome]}"


@dataclass(frozen=True)
class CrosstableRow:
    number: int  # pairing number
    place: int  # position in the given order (1-based)
    rounds: tuple[RoundCell, ...]  # Swiss view, round order
    against: tuple[tuple[int, ...] | None, ...]  # grid view: points v each row; None = self


@dataclass(frozen=True)
class Crosstable:
    rows: tuple[CrosstableRow, ...]
    rounds: int


def crosstable(snapshot: TournamentSnapshot, order: Sequence[int],
               entered: Mapping[int, int] | None = None) -> Crosstable:
    """The crosstable of the players in `order` (pairing numbers, standings order);
    `entered`: a late entry's first round by pairing number (the rounds before it are
    marked late, not absent)."""
    first = entered or {}
    place = {number: k for k, number in enumerate(order, start=1)}
    players = {p.number: p for p in snapshot.players}
    rows = []
    for number in order:
        records: tuple[RoundRecord, ...] = players[number].rounds
        cells = tuple(
            RoundCell(r.round, place.get(r.opponent) if r.opponent is not None else None,
                      r.colour, r.outcome, r.points,
                      late=r.opponent is None and r.round < first.get(number, 1))
            for r in records
        )
        against: list[tuple[int, ...] | None] = []
        for other in order:
            if other == number:
                against.append(None)
                continue
            against.append(tuple(r.points for r in records if r.opponent == other))
        rows.append(CrosstableRow(number, place[number], cells, tuple(against)))
    return Crosstable(tuple(rows), snapshot.rounds_played)


# --- the round-robin grid: its games' outcomes, its rest rounds ------------------------------


def grid_games(cells: Sequence[RoundCell], place: int) -> tuple[RoundCell, ...]:
    """A round-robin grid cell: the row player's rounds against the player in row `place`
    (several in a double round robin, in round order); a forfeit among them is a game not
    played (不战胜 / 弃权负), the rest are the points scored."""
    return tuple(cell for cell in cells if cell.opponent_place == place)


def rest_rounds(cells: Sequence[RoundCell]) -> tuple[RoundCell, ...]:
    """The rounds a round-robin player sat out (轮空: the odd player's rest round,
    `app.pairing.roundrobin.REST_OUTCOME`), with what each gave."""
    from app.pairing.roundrobin import REST_OUTCOME

    return tuple(cell for cell in cells
                 if cell.opponent_place is None and cell.outcome is REST_OUTCOME)


@dataclass(frozen=True)
class GridNotes:
    """What a round-robin grid holds besides points, for its legend: games not played
    (forfeits), the withdrawn players' rows (row index from 0, first round out) and the rest
    rounds (round, row index, points it gave), in round order."""

    forfeits: bool = False
    withdrawn: tuple[tuple[int, int], ...] = ()
    rests: tuple[tuple[int, int, int], ...] = ()


def grid_notes(rows: Sequence[Sequence[RoundCell]],
               withdrawn_from: Sequence[int | None]) -> GridNotes:
    """The `GridNotes` of a round-robin table: `rows` each row's rounds, `withdrawn_from` each
    row's first round out (None: plays on)."""
    forfeits = any(cell.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
                   for row in rows for cell in row)
    withdrawn = tuple((k, start) for k, start in enumerate(withdrawn_from) if start is not None)
    rests = sorted((cell.round, k, cell.points) for k, row in enumerate(rows)
                   for cell in rest_rounds(row))
    return GridNotes(forfeits, withdrawn, tuple(rests))
