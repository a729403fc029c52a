"""Prizes and grade titles (录取与奖励、段级位申报): final places turned into each player's awards;
team awards that shrink with few teams; groups cancelled for want of players.

Sources:
- qiwang 2022 十五1-3: prize tables (公开组 1st 30000 ... 9-16 800; 公开组（女子）; 团体; 少儿组);
  "参加团体不足3支队录取冠军，3支队录取前两名"; 十五4: grade titles by place, each "不顺延".
- shenzhen 2022 十二(一): individual top 4 (1st trophy, medal, certificate; 2-4 certificate and
  medal); 十二(二): team top 4, "参赛数量不足4队时，按实际参赛队数减一录取"; 九(三)/十二(一): "参赛
  人数少于4人（含4人），取消该组比赛"; 九(一): groups under 8 (大众) / 6 (专业) players merge.
- 2016 八(二)3: qualification places passed down in order (依次顺延) when a qualifier declines.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from app.standings.ranking import Standings

__all__ = [
    "QIWANG_JUNIOR_GRADES",
    "QIWANG_JUNIOR_PRIZES",
    "QIWANG_OPEN_GRADES",
    "QIWANG_OPEN_PRIZES",
    "QIWANG_TEAM_MEN_PRIZES",
    "QIWANG_TEAM_WOMEN_PRIZES",
    "QIWANG_WOMEN_PRIZES",
    "SHENZHEN_INDIVIDUAL_PRIZES",
    "SHENZHEN_MERGE_MINIMUM",
    "SHENZHEN_TEAM_PRIZES",
    "Award",
    "GradeTable",
    "Prize",
    "PrizeTable",
    "TeamAwardRule",
    "awards",
    "decisive_places",
    "group_cancelled",
    "needs_merge",
    "team_award_places",
]


@dataclass(frozen=True)
class Prize:
    """What one place receives: money (yuan, tax included), trophy 奖杯, medal 奖牌,
    certificate 奖状."""

    money: int = 0
    trophy: bool = False
    medal: bool = False
    certificate: bool = False

    def describe(self) -> str:
        parts = [f"{self.money}元"] if self.money else []
        parts += [name for flag, name in ((self.trophy, "奖杯"), (self.medal, "奖牌"),
                                           (self.certificate, "奖状")) if flag]
        return "、".join(parts)


@dataclass(frozen=True)
class PrizeTable:
    """Bands of places `(first, last, prize)`, e.g. `(4, 8, Prize(2000, certificate=True))`."""

    bands: tuple[tuple[int, int, Prize], ...]

    def prize_for(self, place: int) -> Prize | None:
        for first, last, prize in self.bands:
            if first <= place <= last:
                return prize
        return None

    @property
    def places(self) -> frozenset[int]:
        return frozenset(p for first, last, _ in self.bands for p in range(first, last + 1))

    def limited_to(self, places: int) -> PrizeTable:
        """Only the first `places` places (team awards with few teams)."""
        return PrizeTable(tuple((f, min(last, places), p) for f, last, p in self.bands
                                if f <= places))


@dataclass(frozen=True)
class GradeTable:
    """Grade titles (段级位) by place bands. `passed_down` False = "不顺延": a player who declines
    or is not eligible does not pass the title to the next player."""

    bands: tuple[tuple[int, int, str], ...]
    passed_down: bool = False

    def title_for(self, place: int) -> str | None:
        for first, last, title in self.bands:
            if first <= place <= last:
                return title
        return None

    @property
    def places(self) -> frozenset[int]:
        return frozenset(p for first, last, _ in self.bands for p in range(first, last + 1))


def _cert(money: int, medal: bool = False) -> Prize:
    return Prize(money=money, medal=medal, certificate=True)


# qiwang 2022 十五1: 公开组取前16名，女子单独取前6名，授予奖金和奖状
QIWANG_OPEN_PRIZES = PrizeTable((
    (1, 1, _cert(30000)), (2, 2, _cert(10000)), (3, 3, _cert(6000)),
    (4, 8, _cert(2000)), (9, 16, _cert(800)),
))
QIWANG_WOMEN_PRIZES = PrizeTable((
    (1, 1, _cert(8000)), (2, 2, _cert(4000)), (3, 3, _cert(2000)),
    (4, 4, _cert(1000)), (5, 5, _cert(800)), (6, 6, _cert(600)),
))
# 十五2: 团体 男子录取前6名，女子录取前3名，授予奖金、奖牌和奖状
QIWANG_TEAM_MEN_PRIZES = PrizeTable(tuple(
    (i, i, _cert(m, medal=True)) for i, m in enumerate((10000, 6000, 4000, 2000, 1000, 800), 1)
))
QIWANG_TEAM_WOMEN_PRIZES = PrizeTable(tuple(
    (i, i, _cert(m, medal=True)) for i, m in enumerate((5000, 3000, 2000), 1)
))
# 十五3: 少儿赛录取前8名，授予奖金、奖牌和奖状
QIWANG_JUNIOR_PRIZES = PrizeTable((
    (1, 1, _cert(2000, True)), (2, 2, _cert(1000, True)), (3, 3, _cert(800, True)),
    (4, 8, _cert(500, True)),
))
# 十五4②③: 总决赛 grade titles, all 不顺延
QIWANG_OPEN_GRADES = GradeTable((
    (1, 1, "六段"), (2, 3, "五段"), (4, 6, "四段"), (7, 9, "三段"), (10, 13, "二段"),
    (14, 17, "一段"), (18, 22, "一级"), (23, 26, "二级"), (27, 30, "三级"),
))
QIWANG_JUNIOR_GRADES = GradeTable((
    (1, 1, "二段"), (2, 3, "一段"), (4, 6, "一级"), (7, 9, "二级"), (10, 13, "三级"),
))
# shenzhen 2022 十二(一)(二)
SHENZHEN_INDIVIDUAL_PRIZES = PrizeTable((
    (1, 1, Prize(trophy=True, medal=True, certificate=True)),
    (2, 4, Prize(medal=True, certificate=True)),
))
SHENZHEN_TEAM_PRIZES = PrizeTable((
    (1, 1, Prize(trophy=True, certificate=True)),
    (2, 4, Prize(certificate=True)),
))
SHENZHEN_MERGE_MINIMUM = {"大众": 8, "专业": 6}  # 九(一): smaller groups merge


@dataclass(frozen=True)
class Award:
    """One player's awards for a ranking (a woman has one for the open ranking and one for the
    women's)."""

    number: int
    place: int
    rank_text: str
    prize: Prize | None
    title: str | None


def awards(
    standings: Standings,
    prizes: PrizeTable | None = None,
    grades: GradeTable | None = None,
    declined: Iterable[int] = (),
) -> tuple[Award, ...]:
    """Prizes and grade titles by final place. Players in `declined` get no title; with the
    table's `passed_down` (依次顺延) the players below move up one place per decliner above
    them, otherwise (不顺延) nobody moves up. Only players with something to receive are
    listed, in standings order."""
    out: list[Award] = []
    refused = set(declined)
    above = 0
    for row in standings.rows:
        prize = prizes.prize_for(row.place) if prizes else None
        title = None
        if grades is not None and row.number not in refused:
            place = row.place - above if grades.passed_down else row.place
            title = grades.title_for(place)
        if row.number in refused:
            above += 1
        if prize is not None or title is not None:
            out.append(Award(row.number, row.place, row.rank_text, prize, title))
    return tuple(out)


def decisive_places(*tables: PrizeTable | GradeTable | None, qualifying: int = 0
                    ) -> frozenset[int]:
    """Places that decide a prize, a title or qualification (录取名次): ties there are
    played off."""
    places: set[int] = set(range(1, qualifying + 1))
    for table in tables:
        if table is not None:
            places |= table.places
    return frozenset(places)


class TeamAwardRule(StrEnum):
    FULL = "full"
    QIWANG = "qiwang"  # <3 teams: champion only; 3 teams: top two
    SHENZHEN = "shenzhen"  # <4 teams: teams minus one


def team_award_places(teams: int, places: int, rule: TeamAwardRule = TeamAwardRule.FULL
                      ) -> int:
    """How many team places are awarded when `teams` teams took part."""
    if rule is TeamAwardRule.QIWANG:
        if teams < 3:
            return min(1, teams)
        if teams == 3:
            return min(2, places)
    if rule is TeamAwardRule.SHENZHEN and teams < 4:
        return max(0, min(places, teams - 1))
    return min(places, teams)


def group_cancelled(players: int, limit: int = 4) -> bool:
    """shenzhen 九(三): a group of `limit` (4) players or fewer is cancelled (取消该组比赛)."""
    return players <= limit


def needs_merge(players: int, minimum: int) -> bool:
    """shenzhen 九(一): a group with fewer than `minimum` players merges with the same age
    group (men and women still ranked apart)."""
    return players < minimum
