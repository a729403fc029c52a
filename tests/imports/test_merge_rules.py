"""Each merge rule on small lists in memory, one test per clause (regulation file and clause
in the test's comment)."""

from __future__ import annotations

import datetime as dt

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
    Severity,
    TieRule,
    group_for,
    merge,
)
from app.imports.idcard import check_digit
from tests.imports.helpers import board, make_id, names

BORN = dt.date(1990, 5, 6)


def person(n: int, male: bool = True) -> str:
    return make_id(BORN + dt.timedelta(days=n), male, serial=n)


def numbered(count: int, points_from: int = 100) -> list[list[object]]:
    """`count` distinct players P1.. with falling points, each with an ID number."""
    return [[i, f"P{i}", f"u{i}", person(i), "男", points_from - i, 10] for i in range(1, count + 1)]


def test_no_rules_take_every_list_whole_in_the_order_given() -> None:
    first = board("a.csv", numbered(3))
    second = board("b.csv", [[1, "Q1", "q1", person(50), "男", 5, 1]])
    result = merge([second, first], MergeRules())
    assert names(result.entrants) == ["Q1", "P1", "P2", "P3"]
    assert {e.route for e in result.entrants} == {Route.WHOLE_LIST}


def test_quota_takes_the_top_of_the_list_and_the_rest_are_reserves() -> None:
    # shenzhen 五: 每组前4名进入线下决赛（第5-8名轮候替补）
    result = merge([board("a.csv", numbered(8))], MergeRules((ListRule("a", quota=4),)))
    assert names(result.entrants) == ["P1", "P2", "P3", "P4"]
    assert names(result.reserves) == ["P5", "P6", "P7", "P8"]


def test_duplicate_of_the_same_person_on_two_lists_passed_down_and_not() -> None:
    # yike 七(一)(1)5 顺延 versus 七(一)(3)1 不顺延
    first = board("m1.csv", numbered(2))
    second = board("m2.csv", [
        [1, "X1", "x1", person(31), "男", 50, 5],
        [2, "P1", "u1", person(1), "男", 49, 5],  # taken by m1 already
        [3, "X3", "x3", person(33), "男", 48, 5],
        [4, "X4", "x4", person(34), "男", 47, 5],
    ])
    down = merge([first, second], MergeRules((ListRule("m", quota=3, pass_down=True),)))
    kept = merge([first, second], MergeRules((ListRule("m", quota=3, pass_down=False),)))
    assert names(e for e in down.entrants if e.row.file == "m2.csv") == ["X1", "X3", "X4"]
    assert names([e for e in kept.entrants if e.row.file == "m2.csv"]) == ["X1", "X3"]
    assert [e.route for e in down.entrants][-1] is Route.MOVED_UP
    dup = next(item for item in kept.left_out if item.reason is LeftOutReason.DUPLICATE)
    assert dup.taken_at == "m1.csv:2" and "不顺延" in dup.zh


def test_withdrawal_not_replaced_unless_the_rule_says_so() -> None:
    # yike 七(一)(1)5: 如晋级选手弃赛，不顺延; 2016 八(一)4: 录取者如放弃…则依次顺延
    rows = numbered(4)
    rows[1] = rows[1][:7] + ["弃赛"]
    yike = merge([board("a.csv", rows)], MergeRules((ListRule("a", quota=3),)))
    mind = merge([board("a.csv", rows)],
                 MergeRules((ListRule("a", quota=3, replace_withdrawn=True),)))
    assert names(yike.entrants) == ["P1", "P3"]
    assert names(mind.entrants) == ["P1", "P3", "P4"]
    assert {item.reason for item in yike.left_out} == {LeftOutReason.WITHDRAWN,
                                                       LeftOutReason.BELOW_QUOTA}


def test_tie_at_the_quota_edge_more_wins_first_then_all_qualify() -> None:
    # qiwang 十二(二)1 and yike 七(一)(1)5: 积分相同胜局多者列前；胜局也相同则并列一同晋级
    rows = [
        [1, "A", "a", person(1), "男", 20, 9],
        [2, "B", "b", person(2), "男", 18, 7],
        [3, "C", "c", person(3), "男", 18, 8],  # more wins than B: ahead of B
        [4, "D", "d", person(4), "男", 18, 7],  # level with B at the edge: qualifies too
        [5, "E", "e", person(5), "男", 18, 6],  # same points, fewer wins: out
    ]
    result = merge([board("a.csv", rows)], MergeRules((ListRule("a", quota=3),)))
    assert names(result.entrants) == ["A", "C", "B", "D"]
    assert [e.route for e in result.entrants] == [Route.QUOTA, Route.QUOTA, Route.QUOTA,
                                                   Route.TIE]
    assert names(result.reserves) == ["E"]
    warned = [p for p in result.problems if "重新排序" in p.zh]
    assert warned and warned[0].severity is Severity.WARNING  # B listed above C


def test_shared_rank_rule_takes_every_row_sharing_the_edge_rank() -> None:
    # shenzhen 九(一): 分数相同并列 (a list whose ranks are already shared)
    rows = [[1, "A"], [2, "B"], [3, "C"], [3, "D"], [5, "E"]]
    rules = MergeRules((ListRule("a", quota=3, tie=TieRule.SHARED_RANK),))
    result = merge([board("a.csv", rows)], rules)
    assert names(result.entrants) == ["A", "B", "C", "D"]


def test_list_order_rule_takes_exactly_the_quota() -> None:
    # 2016 八(一)3: ties were broken by time used, so the list's order is final
    rows = [[1, "A", "", "", "", 10], [2, "B", "", "", "", 10], [3, "C", "", "", "", 10]]
    rules = MergeRules((ListRule("a", quota=2, tie=TieRule.LIST_ORDER),))
    assert names(merge([board("a.csv", rows)], rules).entrants) == ["A", "B"]


def test_missing_points_under_the_points_rule_are_errors() -> None:
    rows = [[1, "A", "", "", "", 10], [2, "B", "", "", "", ""]]
    result = merge([board("a.csv", rows)], MergeRules((ListRule("a", quota=2),)))
    (problem,) = [p for p in result.problems if p.is_error]
    assert problem.row == 3 and not result.entrants[1].valid


def test_without_points_column_the_list_order_stands_with_a_warning() -> None:
    rows = [[1, "A"], [2, "B"], [3, "C"]]
    result = merge([board("a.csv", rows)], MergeRules((ListRule("a", quota=2),)))
    assert names(result.entrants) == ["A", "B"]
    assert any("没有积分列" in p.zh for p in result.problems)


def test_one_id_number_under_two_names_refuses_both_rows() -> None:
    """Issue 24, item 6: 邓坚 / 钱多多 with one 身份证号 were merged with a warning and the
    second person disappeared. Both rows are errors naming the other row; neither is taken,
    and a later row of the same number and one of the two names is refused as well."""
    first = board("a.csv", [[1, "邓坚", "", person(1)], [2, "王浩", "", person(2)]])
    second = board("b.csv", [[1, "钱多多", "", person(1)], [2, "邓坚", "", person(1)]])
    result = merge([first, second], MergeRules())
    assert names(result.entrants) == ["王浩"]
    assert result.has_errors
    errors = {(p.file, p.row): p for p in result.problems if p.is_error}
    assert set(errors) == {("a.csv", 2), ("b.csv", 2), ("b.csv", 3)}
    assert "b.csv:2（钱多多）" in errors[("a.csv", 2)].zh
    assert "a.csv:2（邓坚）" in errors[("b.csv", 2)].zh and "b.csv:3（邓坚）" in errors[
        ("b.csv", 2)].zh
    assert "b.csv:2 (钱多多)" in errors[("a.csv", 2)].en
    refused = [item for item in result.left_out if item.reason is LeftOutReason.ID_CONFLICT]
    assert sorted(item.row.where for item in refused) == ["a.csv:2", "b.csv:2", "b.csv:3"]


def test_old_15_digit_and_new_18_digit_numbers_are_one_person() -> None:
    first = board("a.csv", [[1, "王浩", "", "110105750308123"]])
    second = board("b.csv", [[1, "王浩", "", "11010519750308123" + check_digit("11010519750308123")]])
    assert second.rows[0].valid, second.problems
    assert names(merge([first, second], MergeRules()).entrants) == ["王浩"]


def test_without_id_number_same_name_and_platform_id_is_one_person() -> None:
    first = board("a.csv", [[1, "王浩", "yk1", person(1)]])
    second = board("b.csv", [[1, "王浩", "yk1", ""]])
    assert len(merge([first, second], MergeRules()).entrants) == 1


def test_same_name_different_people_stay_different() -> None:
    first = board("a.csv", [[1, "王浩", "yk1", person(1)], [2, "王浩", "yk2", person(2)]])
    second = board("b.csv", [[1, "王浩", "yk3", ""]])
    result = merge([first, second], MergeRules())
    assert names(result.entrants) == ["王浩", "王浩", "王浩"]
    assert not any(p.row is not None and "同名" in p.zh for p in result.problems)


def test_same_name_without_any_evidence_stays_two_people_with_a_warning() -> None:
    first = board("a.csv", [[1, "王浩"]])
    second = board("b.csv", [[1, "王浩"]])
    result = merge([first, second], MergeRules())
    assert len(result.entrants) == 2
    (warned,) = [p for p in result.problems if "同名" in p.zh]
    assert (warned.file, warned.row, warned.severity) == ("b.csv", 2, Severity.WARNING)


def test_same_name_and_platform_id_but_different_id_numbers_are_two_people() -> None:
    first = board("a.csv", [[1, "王浩", "yk1", person(1)]])
    second = board("b.csv", [[1, "王浩", "yk1", person(2)]])
    result = merge([first, second], MergeRules())
    assert len(result.entrants) == 2
    assert any("身份证号不同" in p.zh for p in result.problems)


def test_the_same_person_twice_on_one_list_counts_once() -> None:
    rows = [[1, "A", "a", person(1), "男", 9], [2, "A", "a", person(1), "男", 8],
            [3, "B", "b", person(2), "男", 7]]
    result = merge([board("a.csv", rows)], MergeRules((ListRule("a", quota=2),)))
    assert names(result.entrants) == ["A", "B"]


QIWANG_JUNIOR = Eligibility("少儿组", born_from=dt.date(2008, 9, 1),
                            born_to=dt.date(2017, 8, 31))


@pytest.mark.parametrize(
    ("born", "eligible"),
    [(dt.date(2008, 9, 1), True), (dt.date(2008, 8, 31), False), (dt.date(2017, 8, 31), True),
     (dt.date(2017, 9, 1), False)],
)
def test_junior_birth_date_window_includes_both_ends(born: dt.date, eligible: bool) -> None:
    # qiwang 十二(四)3: 少儿参赛棋手应在2008年9月1日至2017年8月31日出生
    header = ("姓名", "出生日期")
    result = merge([board("a.csv", [["A", born.isoformat()]], header=header)], MergeRules(),
                   QIWANG_JUNIOR)
    assert bool(result.entrants) is eligible
    if not eligible:
        (item,) = result.left_out
        assert item.reason is LeftOutReason.INELIGIBLE
        assert "少儿组" in item.zh and "2008-09-01" in item.zh and "2017-08-31" in item.en
        assert result.has_errors


def test_womens_group_takes_women_only() -> None:
    # qiwang 十五1 / shenzhen 七(二): 女子 groups
    rows = [[1, "A", "", person(1, male=False), "女"], [2, "B", "", person(2), "男"]]
    women = Eligibility("女子组", gender=Gender.FEMALE)
    result = merge([board("a.csv", rows)], MergeRules(), women)
    assert names(result.entrants) == ["A"]
    assert "女子组" in result.left_out[0].zh


def test_eligibility_that_cannot_be_checked_is_an_error_on_a_kept_row() -> None:
    result = merge([board("a.csv", [[1, "A"]])], MergeRules(), QIWANG_JUNIOR)
    assert names(result.entrants) == ["A"] and not result.entrants[0].valid
    assert result.valid_entrants == ()
    assert any(p.is_error and "无法核对" in p.zh for p in result.problems)


def test_list_without_a_matching_rule_is_an_error_and_its_rows_are_left_out() -> None:
    rules = MergeRules((ListRule("月榜", quota=2), ListRule("外卡", kind=ListKind.WILDCARD)))
    result = merge([board("x.csv", [[1, "A"]], source="报名表")], rules)
    assert result.entrants == ()
    assert result.left_out[0].reason is LeftOutReason.NO_RULE
    (problem,) = [p for p in result.problems if p.is_error]
    assert problem.file == "x.csv" and problem.row is None and "月榜" in problem.zh


def test_rule_label_matches_sources_that_start_with_it() -> None:
    rules = MergeRules((ListRule("入围赛", quota=1), ListRule("外卡", kind=ListKind.WILDCARD)))
    one = board("p1.csv", numbered(2), source="入围赛第1期")
    two = board("p2.csv", numbered(3)[2:], source="入围赛第2期")
    card = board("w.csv", [[1, "W", "", person(70)]], source="外卡")
    result = merge([card, two, one], rules)
    assert names(result.entrants) == ["P3", "P1", "W"]


def test_rule_label_inside_a_file_name_serves_it() -> None:
    rules = MergeRules((ListRule("月榜", quota=1), ListRule("外卡", kind=ListKind.WILDCARD)))
    assert rules.rule_for("2022年5月月榜导出") == rules.lists[0]
    assert rules.rule_for("棋王外卡名单") == rules.lists[1]
    assert rules.rule_for("报名表") is None


def test_row_source_column_picks_the_rule_row_by_row() -> None:
    header = ("姓名", "来源", "积分")
    rows = [["A", "月榜", 9], ["W", "外卡", ""], ["B", "月榜", 8], ["C", "月榜", 7]]
    rules = MergeRules((ListRule("月榜", quota=2), ListRule("外卡", kind=ListKind.WILDCARD)))
    result = merge([board("all.csv", rows, header=header)], rules)
    assert names(result.entrants) == ["A", "B", "W"]


def test_quota_applies_to_each_group_of_a_list() -> None:
    header = ("组别", "名次", "姓名")
    rows = [["甲", 1, "A1"], ["乙", 1, "B1"], ["甲", 2, "A2"], ["乙", 2, "B2"]]
    result = merge([board("g.csv", rows, header=header)],
                   MergeRules((ListRule("g", quota=1, tie=TieRule.LIST_ORDER),)))
    assert names(result.entrants) == ["A1", "B1"]


def test_short_list_warns_that_the_quota_is_not_filled() -> None:
    result = merge([board("a.csv", numbered(2))], MergeRules((ListRule("a", quota=3),)))
    assert any("不足名额" in p.zh for p in result.problems)


def test_more_entrants_than_the_cap_is_a_warning_at_the_first_row_over() -> None:
    # shenzhen 五: 线下决赛不超过48人
    result = merge([board("a.csv", numbered(5))], MergeRules(max_entrants=3))
    (problem,) = [p for p in result.problems if "上限" in p.zh]
    assert (problem.row, problem.severity) == (5, Severity.WARNING)
    assert len(result.entrants) == 5


def test_rows_with_errors_are_entrants_but_not_valid() -> None:
    rows = numbered(2)
    rows[0][3] = rows[0][3][:17] + ("0" if rows[0][3][17] != "0" else "1")  # type: ignore[index]
    result = merge([board("a.csv", rows)], MergeRules())
    assert [e.valid for e in result.entrants] == [False, True]
    assert names(result.valid_entrants) == ["P2"]
    assert result.has_errors


def test_rules_round_trip_through_json_shapes() -> None:
    rules = MergeRules((ListRule("月榜", 50, True, False, TieRule.WINS_THEN_SHARED),
                        ListRule("邀请", None, kind=ListKind.INVITED)), max_entrants=48)
    assert MergeRules.from_dict(rules.to_dict()) == rules
    junior = Eligibility("少年组", Gender.FEMALE, dt.date(2010, 1, 1), None)
    assert Eligibility.from_dict(junior.to_dict()) == junior
    assert rules.to_dict()["lists"][0] == {  # type: ignore[index]
        "label": "月榜", "quota": 50, "pass_down": True, "replace_withdrawn": False,
        "tie": "wins_then_shared", "kind": "qualifier"}


@pytest.mark.parametrize(
    "data",
    [
        {"lists": [{"label": ""}]},
        {"lists": [{"label": "a", "quota": 0}]},
        {"lists": [{"label": "a", "quota": True}]},
        {"lists": [{"label": "a", "tie": "coin"}]},
        {"lists": [{"label": "a", "kind": "vip"}]},
        {"lists": [{"label": "a", "pass_down": "yes"}]},
        {"lists": [{"label": "a"}, {"label": "a"}]},
        {"lists": [{"label": "a", "extra": 1}]},
        {"lists": "a"},
        {"max_entrants": -1},
        [],
    ],
)
def test_bad_merge_rule_shapes_are_user_errors(data: object) -> None:
    with pytest.raises(UserError):
        MergeRules.from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "data",
    [{"gender": "X"}, {"born_from": "2010/01/01"}, {"born_to": 2010},
     {"born_from": "2011-01-01", "born_to": "2010-01-01"}, {"label": 3}],
)
def test_bad_eligibility_shapes_are_user_errors(data: object) -> None:
    with pytest.raises(UserError):
        Eligibility.from_dict(data)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("written", "meant"),
    [("男子少年组（专业规则）", "男子少年组"), ("男子组(专业规则)", "男子组"), ("女子 组", "女子组"),
     ("女子少年组", "女子少年组"), ("公开组", None), ("", None)],
)
def test_list_group_names_find_the_event_group(written: str, meant: str | None) -> None:
    # shenzhen 七: 男子组/女子组/男子少年组/女子少年组, written with the rule set on lists
    assert group_for(written, ["男子组", "女子组", "男子少年组", "女子少年组"]) == meant


def test_id_numbers_cut_by_excel_do_not_make_two_people_one() -> None:
    rows = [[1, "A", "", "4.40304E+17"], [2, "B", "", "4.40304E+17"]]
    parsed = board("a.csv", rows)
    assert parsed.has_errors
    assert names(merge([parsed], MergeRules()).entrants) == ["A", "B"]


def test_a_number_with_a_wrong_check_digit_still_identifies_its_person() -> None:
    number = person(1)
    wrong = number[:17] + ("0" if number[17] != "0" else "1")
    first = board("a.csv", [[1, "A", "", wrong]])
    second = board("b.csv", [[1, "A", "", wrong]])
    assert names(merge([first, second], MergeRules()).entrants) == ["A"]
