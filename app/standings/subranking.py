"""Sub-rankings inside a group (分开录取): women in a mixed open group, juniors by birth-date
window, or any filter on player fields; each ranked by the group's own criteria.

Sources: qiwang 2022 十二(四)2 "男子、女子进行混合赛，名次分别录取。女子选手可获混合名次，奖金可以累积，
男子组名次则不再顺延录取" and 十五1 (women ranked apart, also keeping their open place); qiwang
十二(四)3 juniors born 2008-09-01..2017-08-31; shenzhen 八(三)3-4 juniors born 2010-01-01 or later;
shenzhen 九(一) merged groups keep men and women ranked apart.

A sub-ranking never changes the open ranking: a woman keeps her open place, and open places are
not passed down (不顺延) to the next man.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import date
from enum import StrEnum

from app.pairing.types import TournamentSnapshot
from app.standings.ranking import RankingRules, StandingRow, Standings, rank
from app.standings.stakes import PlayoffStakes
from app.standings.tiebreaks import TieBreakContext

__all__ = [
    "QIWANG_JUNIOR_WINDOW",
    "SHENZHEN_JUNIOR_WINDOW",
    "Gender",
    "PlayerProfile",
    "men",
    "open_places",
    "sub_ranking",
    "profile_filter",
    "where",
    "women",
]


class Gender(StrEnum):
    MALE = "m"  # 男
    FEMALE = "f"  # 女


@dataclass(frozen=True)
class PlayerProfile:
    """What the standings need to know about a player besides the games (by pairing number)."""

    number: int
    gender: Gender | None = None
    birth: date | None = None
    unit: str = ""  # 单位 / 代表队
    name: str = ""


QIWANG_JUNIOR_WINDOW = (date(2008, 9, 1), date(2017, 8, 31))  # qiwang 2022 十二(四)3
SHENZHEN_JUNIOR_WINDOW = (date(2010, 1, 1), None)  # shenzhen 2022 八(三)3-4


def where(profiles: Iterable[PlayerProfile], predicate: Callable[[PlayerProfile], bool]
          ) -> frozenset[int]:
    """Pairing numbers of the players a filter keeps."""
    return frozenset(p.number for p in profiles if predicate(p))


def women(profiles: Iterable[PlayerProfile]) -> frozenset[int]:
    return where(profiles, lambda p: p.gender is Gender.FEMALE)


def men(profiles: Iterable[PlayerProfile]) -> frozenset[int]:
    return where(profiles, lambda p: p.gender is Gender.MALE)


def sub_ranking(
    snapshot: TournamentSnapshot,
    rules: RankingRules,
    members: Iterable[int],
    *,
    stakes: PlayoffStakes | None = None,
    playoffs: Iterable[Iterable[int]] = (),
    lots: Iterable[Iterable[int]] = (),
    context: TieBreakContext | None = None,
) -> Standings:
    """Rank `members` among themselves by the group's criteria (tie-break values computed over
    the whole group); `stakes`: the sub-ranking's own awards (its prize and title tables)
    decide which of its ties are played off; `playoffs` and `lots` as `rank` takes them."""
    if stakes is not None:
        rules = replace(rules, stakes=stakes)
    return rank(snapshot, rules, among=members, playoffs=[tuple(o) for o in playoffs],
                lots=[tuple(o) for o in lots], context=context)


def open_places(open_ranking: Standings, sub: Standings) -> dict[int, StandingRow]:
    """Each sub-ranked player's line in the open ranking (its place, shared or not): qiwang
    十五1 "女子选手可同时获得公开组、公开组（女子）名次以及奖励" — she keeps both."""
    lines = {row.number: row for row in open_ranking.rows}
    return {row.number: lines[row.number] for row in sub.rows if row.number in lines}


def profile_filter(gender: Gender | None = None, born_from: date | None = None,
                   born_to: date | None = None) -> Callable[[PlayerProfile], bool]:
    """A sub-ranking's filter as a group's settings state it: a gender and / or a birth-date
    window (inclusive; no birth date -> left out when a window is set)."""
    def keep(p: PlayerProfile) -> bool:
        if gender is not None and p.gender is not gender:
            return False
        if born_from is None and born_to is None:
            return True
        if p.birth is None:
            return False
        return (born_from is None or p.birth >= born_from) and (born_to is None
                                                                 or p.birth <= born_to)

    return keep
