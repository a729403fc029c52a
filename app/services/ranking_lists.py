"""The rankings a screen chooses among for one group, and the award list of one of them.

A group shows its own standings, its sub-rankings (women, juniors) and the event's team
rankings. Each is named by a typed `RankingKey` (what kind of ranking, and its name), never
by a text read back; `RankingKey.code` is the key's one spelling where a widget or a stored
layout needs a plain value. The award list (奖励名单) holds the rows of a ranking that
receive something (2016 八(二)3, qiwang 2022 十五4: a declined prize or title is not listed).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from app.standings.awards import Award


class RankingKind(Enum):
    MAIN = "main"  # the group's own standings
    SUB = "sub"  # a sub-ranking of the group (公开组（女子）...)
    TEAM = "team"  # a team ranking of the event (团体名次)


@dataclass(frozen=True)
class RankingKey:
    kind: RankingKind
    name: str = ""

    @property
    def code(self) -> str:
        """The key as one plain value (a list's item data): `main`, `sub:<name>`,
        `team:<name>`. Made here only; keys are looked up by it, never taken apart."""
        return self.kind.value if self.kind is RankingKind.MAIN else \
            f"{self.kind.value}:{self.name}"

    @property
    def team(self) -> bool:
        return self.kind is RankingKind.TEAM


MAIN_RANKING = RankingKey(RankingKind.MAIN)


def ranking_keys(sub_names: Iterable[str], team_names: Iterable[str]) -> list[RankingKey]:
    """The rankings of a group in the order a screen offers them: its own standings, its
    sub-rankings, then the event's team rankings."""
    return [MAIN_RANKING, *(RankingKey(RankingKind.SUB, name) for name in sub_names),
            *(RankingKey(RankingKind.TEAM, name) for name in team_names)]


@dataclass(frozen=True)
class AwardLine:
    """One line of an award list: who (a player with a unit, or a team) and the award."""

    place: int | None
    shared: bool
    name: str
    unit: str
    award: Award
    title: str  # the grade title one may apply for (teams: none)


def award_lines(key: RankingKey, info: Any) -> tuple[AwardLine, ...]:
    """The rows of the ranking `info` (a players' `StandingsInfo` or a `TeamStandingsInfo`)
    that receive a prize or a grade title, in the ranking's order."""
    lines: list[AwardLine] = []
    for row in info.rows:
        award = row.award
        if award is None:
            continue
        if key.team:
            name, unit, title = row.team, "", ""
        else:
            name, unit, title = row.player.name, row.player.unit, award.title or ""
        if award.has_prize or title:
            lines.append(AwardLine(row.place, row.shared, name, unit, award, title))
    return tuple(lines)
