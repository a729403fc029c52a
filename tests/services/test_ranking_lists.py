"""The rankings a screen chooses among are typed keys, and the award list holds the rows the
standings service awards something (a declined title is not listed)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from app.services.ranking_lists import (
    MAIN_RANKING,
    RankingKey,
    RankingKind,
    award_lines,
    ranking_keys,
)
from app.standings.awards import Award, AwardBasis


@dataclass(frozen=True)
class _Player:
    name: str
    unit: str


@dataclass(frozen=True)
class _Row:
    place: int
    shared: bool
    player: _Player
    award: Award | None


@dataclass(frozen=True)
class _TeamRow:
    place: int
    shared: bool
    team: str
    award: Award | None


@dataclass(frozen=True)
class _Info:
    rows: tuple[object, ...]


def _award(place: int, money: int = 0, title: str | None = None) -> Award:
    return Award(place, place, False, (place, place), AwardBasis.PLACE, Fraction(money),
                 (), title)


def test_keys_come_in_the_order_offered_and_a_name_with_a_colon_stays_whole() -> None:
    keys = ranking_keys(["公开组（女子）"], ["团体:甲"])
    assert keys == [MAIN_RANKING, RankingKey(RankingKind.SUB, "公开组（女子）"),
                    RankingKey(RankingKind.TEAM, "团体:甲")]
    assert [k.code for k in keys] == ["main", "sub:公开组（女子）", "team:团体:甲"]
    assert keys[2].team and keys[2].name == "团体:甲"


def test_the_award_list_holds_prizes_and_titles_only() -> None:
    rows = (_Row(1, False, _Player("甲", "北京"), _award(1, 600, "一级棋士")),
            _Row(2, False, _Player("乙", "上海"), _award(2, title="二级棋士")),
            _Row(3, False, _Player("丙", "天津"), _award(3)),  # nothing given
            _Row(4, False, _Player("丁", "重庆"), None))
    lines = award_lines(MAIN_RANKING, _Info(rows))
    assert [(line.name, line.unit, line.title) for line in lines] == [
        ("甲", "北京", "一级棋士"), ("乙", "上海", "二级棋士")]


def test_a_team_ranking_lists_teams_with_prizes_and_no_titles() -> None:
    rows = (_TeamRow(1, False, "北京队", _award(1, 1000, "一级棋士")),
            _TeamRow(2, False, "上海队", _award(2, title="二级棋士")))
    lines = award_lines(RankingKey(RankingKind.TEAM, "团体"), _Info(rows))
    assert [(line.name, line.unit, line.title) for line in lines] == [("北京队", "", "")]
