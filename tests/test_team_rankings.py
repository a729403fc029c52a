"""A team ranking's spec as one typed value: the presets' specs read and written back alike,
bad specs refused naming the ranking and the key (Chinese and English), the tie rule one enum."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from app.errors import UserError
from app.services.presets import PRESET_DIR
from app.standings.awards import TeamAwardRule, TieRule
from app.standings.teams import BEST_PLACE
from app.team_rankings import MemberRule, TeamMethod, TeamRankingSpec

QIWANG_MEN = {"name": "公开组团体（男子）", "method": "sum_scores", "groups": ["公开组"],
              "members": 3, "gender": "M", "award_rule": "qiwang",
              "prizes": [{"from": 1, "to": 1, "money": 10000, "items": ["奖牌", "奖状"]}]}


@pytest.mark.parametrize("path", sorted(PRESET_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_every_presets_team_rankings_read_and_write_back_alike(path: Path) -> None:
    for data in json.loads(path.read_text(encoding="utf-8"))["team_rankings"]:
        spec = TeamRankingSpec.from_json(data)
        assert TeamRankingSpec.from_json(spec.to_json()) == spec


def test_the_qiwang_spec_typed() -> None:
    spec = TeamRankingSpec.from_json(QIWANG_MEN)
    assert spec.method is TeamMethod.SUM_SCORES and spec.award_rule is TeamAwardRule.QIWANG
    assert spec.members == 3 and spec.gender == "M" and spec.declares
    assert spec.tie_rule is None  # qiwang states no team tie rule: nothing chosen yet
    assert spec.prize_table().prize_for(1) is not None


def test_shenzhen_ranks_level_units_by_the_best_place_unless_told_otherwise() -> None:
    """shenzhen 十一(二): 如相同则比较团体中个人最高名次."""
    spec = TeamRankingSpec.from_json({"name": "混合团体", "method": "best_places",
                                      "groups": ["男子组", "女子组"]})
    assert spec.tiebreaks == (BEST_PLACE,) and not spec.declares


@pytest.mark.parametrize(("change", "key"), [
    ({"members": "三"}, "members"),
    ({"tie_rule": "coin"}, "tie_rule"),
    ({"method": "sum_places"}, "method"),
    ({"gender": "X"}, "gender"),
    ({"prizes": [{"from": 3, "to": 1}]}, "prizes"),
    ({"award_rule": "fide"}, "award_rule"),
    ({"teams": [{"name": "甲", "members": ["张三"]}]}, "teams"),
    ({"members_from": {"lists": []}}, "members_from"),
    ({"tiebreaks": ["no_such_break"]}, "tiebreaks"),
    ({"groups": ["公开组", "少儿组"]}, "groups"),
    ({"colour": "red"}, "colour"),
])
def test_a_bad_spec_is_refused_naming_the_ranking_and_the_key(change: dict[str, object],
                                                              key: str) -> None:
    with pytest.raises(UserError) as raised:
        TeamRankingSpec.from_json({**QIWANG_MEN, **change})
    assert raised.value.where.endswith(key) and "公开组团体（男子）" in raised.value.zh
    assert key in raised.value.en


def test_a_spec_without_its_name_method_or_groups_is_refused() -> None:
    for key in ("name", "method", "groups"):
        data = {k: v for k, v in QIWANG_MEN.items() if k != key}
        with pytest.raises(UserError) as raised:
            TeamRankingSpec.from_json(data)
        assert raised.value.where.endswith(key)


def test_a_file_of_another_version_keeps_what_this_one_knows() -> None:
    spec = TeamRankingSpec.stored({**QIWANG_MEN, "colour": "red"})
    assert spec == TeamRankingSpec.from_json(QIWANG_MEN)


def test_the_tie_rule_is_the_one_enum_of_the_awards() -> None:
    for rule in TieRule:
        assert TeamRankingSpec.from_json({**QIWANG_MEN, "tie_rule": rule.value}).tie_rule is rule


def test_the_member_rule_admits_the_named_lists_only() -> None:
    """qiwang 十二(四)4: 所有队员需要通过网络选拔赛取得晋级资格 (a 外卡 player is no member)."""
    spec = TeamRankingSpec.from_json({**QIWANG_MEN, "members_from": {
        "lists": ["网络入围赛"], "clause": "十二(四)4"}})
    assert spec.member_rule == MemberRule(("网络入围赛",), "十二(四)4")
    assert spec.member_rule.admits("网络入围赛") and not spec.member_rule.admits("外卡")
    assert TeamRankingSpec.from_json(spec.to_json()) == spec
