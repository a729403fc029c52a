"""Crosstables (交叉表) from a snapshot: the round-robin grid, or the Swiss round-by-round table.

Round robin: one row and one column per player in standings order; a cell holds the points the
row player scored against the column player (several games, e.g. a double round robin, are
listed in round order). Swiss: one column per round with the opponent's place in the
standings, the row player's move order (黑 first mover / 白) and the outcome (胜 和 负, 不战胜,
弃权负, 轮空 ...); a round the player sat out says why (缺席, 退赛, 迟报, a bye asked for).
The cells are typed here; `app.wording` words them and their legend.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from app.pairing.types import Colour, GameOutcome, Outcome, RoundRecord, TournamentSnapshot

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
    withdrawn: bool = False  # a round from the player's withdrawal on (退赛)
    # a double-game round played: each game as this player had it, and the opponent's round
    # points beside `points` (the round reads 胜／和 2:0)
    games: tuple[GameOutcome, ...] = ()
    opponent_points: int | None = None
    # a knockout board neither player came to, decided by lots (`RoundRecord.lots`): True for
    # the one sent on, False for the other
    lots: bool | None = None

    @property
    def absent(self) -> bool:
        """A round the player was not paired for by the arbiter's absence entry (缺席): not
        a late entry's, not a withdrawn player's."""
        return (self.outcome is Outcome.ABSENT and self.opponent_place is None
                and not (self.late or self.withdrawn))


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
               entered: Mapping[int, int] | None = None,
               withdrawn: Mapping[int, int | None] | None = None) -> Crosstable:
    """The crosstable of the players in `order` (pairing numbers, standings order);
    `entered`: a late entry's first round by pairing number (the rounds before it are
    marked late, not absent); `withdrawn`: a withdrawn player's first round out (the rounds
    from it on without a board are marked withdrawn, not absent)."""
    first = entered or {}
    out = withdrawn or {}
    place = {number: k for k, number in enumerate(order, start=1)}
    players = {p.number: p for p in snapshot.players}
    scored = {(p.number, r.round): r.points for p in snapshot.players for r in p.rounds}
    rows = []
    for number in order:
        records: tuple[RoundRecord, ...] = players[number].rounds
        start = out.get(number)
        cells = tuple(
            RoundCell(r.round, place.get(r.opponent) if r.opponent is not None else None,
                      r.colour, r.outcome, r.points,
                      late=r.opponent is None and r.round < first.get(number, 1),
                      withdrawn=(start is not None and r.round >= start
                                 and r.outcome is Outcome.ABSENT),
                      games=r.games,
                      opponent_points=(scored.get((r.opponent, r.round))
                                       if r.games and r.opponent is not None else None),
                      lots=r.lots)
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


# --- the Swiss table's rounds without a game: its legend -------------------------------------


@dataclass(frozen=True)
class RoundNotes:
    """What a crosstable by rounds (Swiss) holds besides games, for its legend: the withdrawn
    players' rows (row index from 0, first round marked 退赛, the points such a round gave),
    the absences (round, row index, points), and whether a bye asked for (请假: 免赛胜 ...) or a
    late entry's round (迟报) is among the cells."""

    withdrawn: tuple[tuple[int, int, int], ...] = ()
    absent: tuple[tuple[int, int, int], ...] = ()
    requested: bool = False
    late: bool = False
    double_game: bool = False  # a double-game round's games and points are among the cells
    lots: bool = False  # a knockout board neither player came to, decided by lots (抽签)


def round_notes(rows: Sequence[Sequence[RoundCell]]) -> RoundNotes:
    """The `RoundNotes` of a crosstable by rounds: `rows` each row's rounds, in row order."""
    withdrawn = []
    for k, row in enumerate(rows):
        out = [cell for cell in row if cell.withdrawn]
        if out:
            withdrawn.append((k, out[0].round, out[0].points))
    absent = sorted((cell.round, k, cell.points) for k, row in enumerate(rows)
                    for cell in row if cell.absent)
    requested = any(cell.outcome in (Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.ZERO_BYE)
                    for row in rows for cell in row)
    late = any(cell.late for row in rows for cell in row)
    double_game = any(cell.games for row in rows for cell in row)
    lots = any(cell.lots is not None for row in rows for cell in row)
    return RoundNotes(tuple(withdrawn), tuple(absent), requested, late, double_game, lots)
