"""Merging the sample lists by the rules of the regulations they come from: several
lists merged in the regulation's order."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from app.errors import UserError
from app.imports import (
    Eligibility,
    Gender,
    LeftOutReason,
    ListKind,
    ListRule,
    MergeRules,
    Route,
    TieRule,
    merge,
    read_and_merge,
    read_list,
)
from tests.imports.helpers import sample

MONTH = ListRule("yike-2022", quota=50, pass_down=True, replace_withdrawn=False,
                 tie=TieRule.WINS_THEN_SHARED)
INVITED = ListRule("2021年第三阶段", kind=ListKind.INVITED)
YIKE = MergeRules((MONTH, INVITED))


def ranks(entrants: object, file_part: str) -> list[int]:
    return [e.row.rank for e in entrants if file_part in e.row.file]  # type: ignore[attr-defined]


def test_yike_monthly_top_50_with_level_players_at_the_edge_all_qualify() -> None:
    # yike 七(一)(1)5: 如选手积分相同，则胜局数高者排名列前，如相同允许并列
    may = read_list(sample("yike-2022-05-leaderboard.xlsx"))
    result = merge([may], YIKE)
    assert [e.row.rank for e in result.entrants] == list(range(1, 52))
    assert result.entrants[50].route is Route.TIE
    edge = (may.rows[49].points, may.rows[49].wins)
    assert (may.rows[50].points, may.rows[50].wins) == edge
    assert may.rows[51].points == edge[0] and may.rows[51].wins < edge[1]  # type: ignore[operator]
    assert [item.row.rank for item in result.reserves][:1] == [52]


def test_yike_repeat_qualifier_passes_the_place_down_but_a_withdrawal_does_not() -> None:
    # yike 七(一)(1)5: 如选手通过积分排行榜多次进入，后续晋级名额顺延; 如晋级选手弃赛，不顺延
    may = read_list(sample("yike-2022-05-leaderboard.xlsx"))
    june = read_list(sample("yike-2022-06-leaderboard.csv"))
    result = merge([may, june], YIKE)
    june_in = ranks(result.entrants, "06")
    assert 3 not in june_in and 30 not in june_in and 10 not in june_in
    assert june_in == [r for r in range(1, 53) if r not in (3, 10, 30)]  # 50 - 1 withdrawn
    moved = [e.row.rank for e in result.entrants if e.route is Route.MOVED_UP]
    assert moved == [51, 52]
    reasons = {item.row.rank: item.reason for item in result.left_out if "06" in item.row.file}
    assert reasons[3] is reasons[30] is LeftOutReason.DUPLICATE
    assert reasons[10] is LeftOutReason.WITHDRAWN
    may7 = next(e for e in result.entrants if "05" in e.row.file and e.row.rank == 7)
    assert may7.also_on == (f"{Path(june.file).name}:4",)  # June place 3 is spreadsheet row 4


def test_yike_not_passed_down_when_the_rule_says_so() -> None:
    # yike 七(一)(3)1: 多次获得资格只取一次，不顺延
    may = read_list(sample("yike-2022-05-leaderboard.xlsx"))
    june = read_list(sample("yike-2022-06-leaderboard.csv"))
    strict = MergeRules((ListRule("yike-2022", quota=50, pass_down=False), INVITED))
    result = merge([may, june], strict)
    assert ranks(result.entrants, "06") == [r for r in range(1, 51) if r not in (3, 10, 30)]
    assert not [e for e in result.entrants if e.route is Route.MOVED_UP]


def test_invited_list_has_no_quota_and_counts_a_qualifier_once() -> None:
    # yike 七(一)(3)2: last year's 32 invited straight to stage two (a list of its own)
    may = read_list(sample("yike-2022-05-leaderboard.xlsx"))
    invited = read_list(sample("yike-2021-invited.csv"))
    result = merge([invited, may], YIKE)  # given first, merged after: the rules' order counts
    assert [e.rule for e in result.entrants[:51]] == ["yike-2022"] * 51
    guests = [e for e in result.entrants if e.kind is ListKind.INVITED]
    assert len(guests) == 31 and {e.route for e in guests} == {Route.WHOLE_LIST}
    (dup,) = [item for item in result.left_out if item.reason is LeftOutReason.DUPLICATE]
    assert dup.row.seq == 5 and dup.taken_at == f"{Path(may.file).name}:{12 + 3}"


QIWANG = MergeRules((
    ListRule("qiwang-2022-period", quota=10, pass_down=True, tie=TieRule.WINS_THEN_SHARED),
    ListRule("qiwang-2022-wildcards", kind=ListKind.WILDCARD),
))


def test_qiwang_period_top_10_level_on_points_and_wins_qualify_together() -> None:
    # qiwang 十二(二)1: 如胜局数也相同，则并列一同晋级
    period1 = read_list(sample("qiwang-2022-period-1.csv"))
    result = merge([period1], QIWANG)
    assert [e.row.rank for e in result.entrants] == list(range(1, 12))
    assert [item.row.rank for item in result.reserves] == [12]


def test_qiwang_person_on_two_periods_by_name_and_platform_id_same_name_stays_apart() -> None:
    period1 = read_list(sample("qiwang-2022-period-1.csv"))
    period2 = read_list(sample("qiwang-2022-period-2.csv"))
    result = merge([period1, period2], QIWANG)
    p1, p2 = period1.rows, period2.rows
    assert (p2[5].name, p2[5].platform_id) == (p1[5].name, p1[5].platform_id)
    assert p2[1].name == p1[1].name and p2[1].platform_id != p1[1].platform_id
    second = ranks(result.entrants, "period-2")
    assert 6 not in second and 2 in second  # the namesake is another person
    assert second == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11]
    assert len(result.entrants) == 11 + 10


def test_qiwang_wildcard_already_qualified_is_taken_once() -> None:
    # qiwang 十二(四)1: 外卡 are a list of their own; a wildcard who qualified online counts once
    period1 = read_list(sample("qiwang-2022-period-1.csv"))
    wildcards = read_list(sample("qiwang-2022-wildcards.xlsx"))
    result = merge([period1, wildcards], QIWANG)
    cards = [e for e in result.entrants if e.kind is ListKind.WILDCARD]
    assert [e.row.seq for e in cards] == [1, 2, 4, 5, 6]
    fourth = next(e for e in result.entrants if e.row.rank == 4)
    assert fourth.also_on == (f"{Path(wildcards.file).name}:5",)


SHENZHEN_JUNIOR = dt.date(2010, 1, 1)
SHENZHEN_ELIGIBILITY = {  # keyed by the event's group names; the list adds （专业规则）
    "男子组": Eligibility("男子组", gender=Gender.MALE),
    "女子组": Eligibility("女子组", gender=Gender.FEMALE),
    "男子少年组": Eligibility("男子少年组", Gender.MALE, born_from=SHENZHEN_JUNIOR),
    "女子少年组": Eligibility("女子少年组", Gender.FEMALE, born_from=SHENZHEN_JUNIOR),
}


def test_shenzhen_top_4_per_group_ineligible_replaced_by_the_reserve() -> None:
    # shenzhen 五: 线上初赛每组前4名进入线下决赛 (第5-8名轮候替补); 八(三)3-4: 少年组须为
    # 2010年1月1日及以后出生; a women's group takes women only
    groups = read_list(sample("shenzhen-2022-online-groups.xlsx"))
    rules = MergeRules((ListRule("shenzhen", quota=4, replace_withdrawn=True,
                                 tie=TieRule.SHARED_RANK),), max_entrants=48)
    result = merge([groups], rules, SHENZHEN_ELIGIBILITY)
    by_group: dict[str, list[int]] = {}
    for entrant in result.entrants:
        by_group.setdefault(entrant.row.group, []).append(entrant.row.rank)  # type: ignore[arg-type]
    assert by_group == {
        "男子组（专业规则）": [1, 2, 3, 4],
        "女子组（专业规则）": [1, 2, 3, 4],
        "男子少年组（专业规则）": [1, 3, 4, 5],
        "女子少年组（专业规则）": [1, 2, 4, 5],
    }
    ineligible = {(item.row.group, item.row.rank): item.zh for item in result.left_out
                  if item.reason is LeftOutReason.INELIGIBLE}
    assert set(ineligible) == {("男子少年组（专业规则）", 2), ("女子少年组（专业规则）", 3)}
    assert "2010-01-01" in ineligible[("男子少年组（专业规则）", 2)]
    assert "性别" in ineligible[("女子少年组（专业规则）", 3)]
    errors = [p for p in result.problems if p.is_error]
    assert {p.row for p in errors} >= {2 + 8 * 2 + 2, 2 + 8 * 3 + 3}  # the two ineligible rows
    women_first = next(e for e in result.entrants if e.row.group.startswith("女子组"))
    assert not women_first.valid  # her birth date disagrees with her ID number
    assert len(result.valid_entrants) == len(result.entrants) - 1
    assert len(result.reserves) == 4 * 8 - 16 - 2


def test_read_and_merge_reads_every_file_before_merging(tmp_path: Path) -> None:
    paths = [sample("qiwang-2022-period-1.csv"), tmp_path / "missing.csv"]
    with pytest.raises(UserError) as caught:
        read_and_merge(paths, QIWANG)
    assert caught.value.where == str(paths[1])
    with pytest.raises(UserError):
        read_and_merge(paths, QIWANG, sources=["only one"])
    lists, result = read_and_merge(paths[:1], QIWANG, sources=["qiwang-2022-period-1"])
    assert lists[0].source == "qiwang-2022-period-1" and len(result.entrants) == 11


def test_rule_labels_are_found_in_the_titles_above_the_header() -> None:
    # the files' names say nothing; their titles name 网络入围赛 and 外卡 (qiwang 十二(二), 十二(四))
    rules = MergeRules((ListRule("网络入围赛", quota=10),
                        ListRule("外卡", kind=ListKind.WILDCARD)))
    lists = [read_list(sample(name)) for name in
             ("qiwang-2022-wildcards.xlsx", "qiwang-2022-period-1.csv")]
    result = merge(lists, rules)
    assert not result.has_errors
    assert [e.rule for e in result.entrants] == ["网络入围赛"] * 11 + ["外卡"] * 5
