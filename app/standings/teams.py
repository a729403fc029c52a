"""Team rankings (团体成绩): sums of members' scores, sums of unit places, team matches.

Sources:
- qiwang 2022 十二(四)4: "男子团体每队为3人、女子团体每队为2人，以队员个人赛成绩之和计算团体成绩"
  (`score_sum_ranking`).
- shenzhen 2022 十一(二) and 七(五): "各单位参赛选手在各组别个人赛中成绩最好的2男和1女名次相加计算团体
  成绩，小者名次列前，不足2男和1女不计算团体成绩，如相同则比较团体中个人最高名次" (`place_sum_ranking`).
- huazhi 2021 (分台定人制): team matches are placed by their knockout bracket
  (app/pairing/knockout.py, app/pairing/team.py), not here; its online preliminaries are
  ranked outside the program.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from app.standings.awards import AwardBasis
from app.standings.ranking import Standings
from app.standings.subranking import Gender

__all__ = [
    "BEST_PLACE",
    "apply_orders",
    "PlaceEntry",
    "TeamRow",
    "place_sum_ranking",
    "score_sum_ranking",
]


BEST_PLACE = "best_place"
"""The team tie-break 团体中个人最高名次 (shenzhen 十一(二)): the best individual place among the
members counted, lower first. Any other name in a team chain is an individual tie-break of the
group, summed over the members counted (higher first)."""


@dataclass(frozen=True)
class TeamRow:
    """One team's line. `place` and `total` are None for a team without a result (short of
    members): it shows no figure, and `members` lists the members it has.
    `values`: the team tie-break chain after the main total, in order (shown in the
    standings; None for a team without a result)."""

    team: str
    place: int | None
    shared: bool
    total: Fraction | None
    values: tuple[Fraction, ...] = ()
    members: tuple[int, ...] = ()  # the members whose results counted (or all it has)
    decided_by: AwardBasis | None = None  # the order among equals set by lots (抽签)

    @property
    def decided(self) -> bool:
        return self.decided_by is not None


Keyed = tuple[tuple[Any, ...], str, Fraction, tuple[Fraction, ...], tuple[int, ...]]


def _place_rows(given: Sequence[Keyed]) -> list[TeamRow]:
    """Rows from (sort key: smaller is better, team, total, values, members); teams with equal
    keys share the place."""
    keyed = sorted(given, key=lambda item: (item[0], item[1]))
    rows: list[TeamRow] = []
    for i, (key, team, total, values, members) in enumerate(keyed):
        first = i
        while first > 0 and keyed[first - 1][0] == key:
            first -= 1
        shared = first < i or (i + 1 < len(keyed) and keyed[i + 1][0] == key)
        rows.append(TeamRow(team, first + 1, shared, total, values, members))
    return rows


def score_sum_ranking(
    standings: Standings,
    teams: Mapping[str, Sequence[int]],
    size: int,
    tiebreaks: Sequence[str] = (),
) -> tuple[TeamRow, ...]:
    """Teams by the sum of their members' scores (higher first; qiwang 十二(四)4), then the team
    tie-break chain `tiebreaks`: `BEST_PLACE`, or names of `standings.tiebreaks` summed over
    the members counted. A team counts its best `size` members; a team with fewer than `size`
    members gets no result."""
    index = {name: i for i, name in enumerate(standings.tiebreaks)}
    rows = {row.number: row for row in standings.rows}
    keyed = []
    unplaced: list[TeamRow] = []
    for team, members in teams.items():
        present = [rows[n] for n in members if n in rows]
        if len(present) < size:
            unplaced.append(TeamRow(team, None, False, None,
                                    members=tuple(r.number for r in present)))
            continue
        best = sorted(present, key=lambda r: (r.place, r.number))[:size]
        total = Fraction(sum(r.points for r in best))
        values = []
        key: list[Fraction] = [-total]
        for name in tiebreaks:
            if name == BEST_PLACE:
                value = Fraction(min(r.place for r in best))
                key.append(value)
            else:
                value = sum((r.tiebreaks[index[name]] for r in best), Fraction(0))
                key.append(-value)
            values.append(value)
        keyed.append((tuple(key), team, total, tuple(values), tuple(r.number for r in best)))
    return tuple(_place_rows(keyed) + sorted(unplaced, key=lambda r: r.team))


def apply_orders(rows: Sequence[TeamRow], orders: Iterable[Sequence[str]]
                 ) -> tuple[TeamRow, ...]:
    """Orders drawn by lots among tied teams (huazhi 预选赛 (6) "涉及名次的进行网络视频抽签";
    where a regulation is silent, the arbiter's choice): an order naming exactly the teams
    sharing a place gives them that place and the ones after it, in that order (`LOTS`)."""
    by_set = {frozenset(order): tuple(order) for order in orders}
    out: list[TeamRow] = []
    index = 0
    listed = list(rows)
    while index < len(listed):
        row = listed[index]
        tied = [r for r in listed if r.place is not None and r.place == row.place]
        order = by_set.get(frozenset(r.team for r in tied)) if row.shared else None
        if order is None or row.place is None:
            out.append(row)
            index += 1
            continue
        named = {r.team: r for r in tied}
        out.extend(TeamRow(t, row.place + k, False, named[t].total, named[t].values,
                           named[t].members, decided_by=AwardBasis.LOTS)
                   for k, t in enumerate(order))
        index += len(tied)
    return tuple(out)


@dataclass(frozen=True)
class PlaceEntry:
    """A player's final place in an individual group, for unit (单位) team results."""

    player: int  # any stable id (players of different groups may share pairing numbers)
    unit: str
    gender: Gender
    place: int


def place_sum_ranking(entries: Iterable[PlaceEntry], men: int = 2, women: int = 1,
                      tiebreaks: Sequence[str] = (BEST_PLACE,)) -> tuple[TeamRow, ...]:
    """Units by the sum of the places of their best `men` men and best `women` women (lower
    is better), ties broken by the chain `tiebreaks` (shenzhen 十一(二): "如相同则比较团体中个人
    最高名次", `BEST_PLACE`; an empty chain leaves the tie to the ranking's tie rule); units
    short of members get no result and list the members they have. `values` follow the
    chain."""
    for name in tiebreaks:
        if name != BEST_PLACE:
            raise ValueError(name)
    by_unit: dict[str, list[PlaceEntry]] = {}
    for entry in entries:
        if entry.unit:
            by_unit.setdefault(entry.unit, []).append(entry)
    keyed = []
    unplaced: list[TeamRow] = []
    for unit, players in by_unit.items():
        best_men = sorted((p for p in players if p.gender is Gender.MALE),
                          key=lambda p: p.place)[:men]
        best_women = sorted((p for p in players if p.gender is Gender.FEMALE),
                            key=lambda p: p.place)[:women]
        if len(best_men) < men or len(best_women) < women:
            unplaced.append(TeamRow(unit, None, False, None,
                                    members=tuple(p.player for p in best_men + best_women)))
            continue
        counted = best_men + best_women
        total = Fraction(sum(p.place for p in counted))
        values = tuple(Fraction(min(p.place for p in counted)) for _ in tiebreaks)
        keyed.append(((total, *values), unit, total, values, tuple(p.player for p in counted)))
    return tuple(_place_rows(keyed) + sorted(unplaced, key=lambda r: r.team))
