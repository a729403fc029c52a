"""Ranking (名次排列): order by points then the group's tie-breaks, shared places (并列), ties
that change what someone receives flagged for a playoff (加赛) with the reason, and playoff
results applied.

Sources: 2016 national online mind games 八(二)1 and shenzhen 2022 十一(一)2: "积分高者名次列前;
如积分相同则依次比较对手分、中间对手分、胜局 … 均为高者列前; 如再相同, 则不涉及录取名次的为并列名次,
涉及录取名次的进行加赛". FIDE C.07 (2024) art. 2 and 3 (shared places or play-offs).

`rank` also makes sub-rankings (women, juniors, ...): `among` names the players to rank; their
tie-break values are still computed over the whole group (a woman's 对手分 counts the men she
met), and shared places or playoffs are judged among them only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from app.pairing.types import TournamentSnapshot
from app.standings.stakes import PlayoffReason, PlayoffStakes
from app.standings.tiebreaks import (
    DEFAULT_TIEBREAKS,
    TieBreakContext,
    TieBreakOptions,
    tiebreak,
)

__all__ = ["PlayoffNeed", "PlayoffState", "RankingRules", "StandingRow", "Standings", "rank"]


@dataclass(frozen=True)
class RankingRules:
    """A group's ranking criteria after points.

    `tiebreaks`: names from `app.standings.tiebreaks.REGISTRY`, in order.
    `stakes`: what the places are worth (the ranking's `app.standings.awards.AwardScheme`); a
    tie still level after every tie-break needs a playoff where it says so (2016 八(二)1,
    shenzhen 十一(一)2: only ties that change a prize, title or qualification). None: every tie
    is shared (e.g. while rounds remain).
    """

    tiebreaks: tuple[str, ...] = DEFAULT_TIEBREAKS
    options: TieBreakOptions = field(default_factory=TieBreakOptions)
    stakes: PlayoffStakes | None = None


class PlayoffState(StrEnum):
    """Where a player stands with a tie that touches the awards: none, a playoff (or lots)
    still needed, placed by a playoff, or placed by lots drawn where no playoff could be
    played (抽签, the chief arbiter's decision: never worded as a playoff)."""

    NONE = ""
    NEEDED = "needed"  # 需加赛: tied where the award differs, no playoff result yet
    PLAYED = "played"  # 加赛: the order among equals was set by a playoff
    LOTS = "lots"  # 抽签: the order among equals was drawn by lots


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings."""

    place: int
    shared: bool  # 并列: same place as another player, equal on every criterion
    number: int
    points: int
    tiebreaks: tuple[Fraction, ...]
    needs_playoff: bool = False  # tied where the award differs, no playoff result yet
    decided_by_playoff: bool = False  # order among equals set by a playoff (加赛决定)
    decided_by_lots: bool = False  # order among equals drawn by lots (抽签决定)

    @property
    def playoff(self) -> PlayoffState:
        if self.needs_playoff:
            return PlayoffState.NEEDED
        if self.decided_by_lots:
            return PlayoffState.LOTS
        return PlayoffState.PLAYED if self.decided_by_playoff else PlayoffState.NONE


@dataclass(frozen=True)
class PlayoffNeed:
    """A tie that still needs a playoff: its players (tie-break order) and why."""

    players: tuple[int, ...]
    reason: PlayoffReason

    @property
    def place(self) -> int:
        return self.reason.first


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    tiebreaks: tuple[str, ...]
    needs: tuple[PlayoffNeed, ...] = ()  # ties that still need a playoff

    @property
    def playoff_groups(self) -> tuple[tuple[int, ...], ...]:
        return tuple(need.players for need in self.needs)

    def row(self, number: int) -> StandingRow:
        for row in self.rows:
            if row.number == number:
                return row
        raise KeyError(number)

    def place_of(self, number: int) -> int:
        return self.row(number).place


def _split(group: list[int], values: Mapping[int, Fraction | int]) -> list[list[int]]:
    """Split a tied group into ordered subgroups, higher value first."""
    ordered = sorted(group, key=lambda n: (-values[n], n))
    out: list[list[int]] = []
    for n in ordered:
        if out and values[out[-1][0]] == values[n]:
            out[-1].append(n)
        else:
            out.append([n])
    return out


def _decided_order(group: list[int], played: Mapping[frozenset[int], tuple[int, ...]],
                   drawn: Mapping[frozenset[int], tuple[int, ...]]
                   ) -> tuple[tuple[int, ...], bool] | None:
    """The order a tied group was given, and whether a playoff gave it (else lots did); a
    playoff's games decide before lots. None: undecided (or no tie)."""
    if len(group) < 2:
        return None
    key = frozenset(group)
    if key in played:
        return played[key], True
    if key in drawn:
        return drawn[key], False
    return None


def rank(
    snapshot: TournamentSnapshot,
    rules: RankingRules | None = None,
    *,
    among: Iterable[int] | None = None,
    playoffs: Sequence[Sequence[int]] = (),
    lots: Sequence[Sequence[int]] = (),
    context: TieBreakContext | None = None,
) -> Standings:
    """Rank the players of `snapshot` (or only those in `among`).

    `playoffs`: orders decided by playoffs, best first; one whose players are exactly a group
    still tied after every criterion orders that group (marked `decided_by_playoff`).
    `lots`: orders drawn by lots, best first, where the playoff the regulations order (2016
    八(二)1, shenzhen 十一(一)2) could not be played and the chief arbiter had lots drawn; one
    naming exactly a tied group orders it likewise (marked `decided_by_lots`). A playoff's
    order comes first: games played decide before lots.
    `context`: the tie-break context of `snapshot` under the same options, to share the
    values already worked out (an open ranking and its sub-rankings).
    """
    rules = rules or RankingRules()
    if context is not None and (context.snapshot is not snapshot
                                or context.options != rules.options):
        raise ValueError("the tie-break context is of another snapshot or other options")
    ctx = context if context is not None else TieBreakContext(snapshot, rules.options)
    members = sorted(ctx.players if among is None else set(among))
    breaks = [tiebreak(name) for name in rules.tiebreaks]
    fixed = {name: tb.values(ctx) for name, tb in zip(rules.tiebreaks, breaks, strict=True)
             if not tb.per_group}
    shown: dict[int, list[Fraction]] = {n: [] for n in members}

    groups: list[list[int]] = _split(members, ctx.scores)
    for name, tb in zip(rules.tiebreaks, breaks, strict=True):
        refined: list[list[int]] = []
        for group in groups:
            values = tb.values(ctx, group) if tb.per_group else fixed[name]
            for n in group:
                shown[n].append(Fraction(values[n]))
            refined.extend(_split(group, values) if len(group) > 1 else [group])
        groups = refined

    drawn = {frozenset(order): tuple(order) for order in lots}
    orders = {frozenset(order): tuple(order) for order in playoffs}
    rows: list[StandingRow] = []
    pending: list[PlayoffNeed] = []
    place = 1
    for group in groups:
        size = len(group)
        decided = _decided_order(group, orders, drawn)
        if decided is not None:
            order, by_playoff = decided
            for offset, n in enumerate(order):
                rows.append(StandingRow(place + offset, False, n, ctx.scores[n],
                                        tuple(shown[n]), decided_by_playoff=by_playoff,
                                        decided_by_lots=not by_playoff))
        else:
            reason = None
            if size > 1 and rules.stakes is not None:
                reason = rules.stakes.playoff_reason(place, place + size - 1)
            touches = reason is not None
            if reason is not None:
                pending.append(PlayoffNeed(tuple(group), reason))
            for n in group:
                rows.append(StandingRow(place, size > 1, n, ctx.scores[n], tuple(shown[n]),
                                        needs_playoff=touches))
        place += size
    return Standings(tuple(rows), tuple(rules.tiebreaks), tuple(pending))
