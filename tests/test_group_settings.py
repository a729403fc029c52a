"""A group's settings as one validated value (app.group_settings)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.group_settings import GroupSettings, PlaceRange
from app.pairing.system import System
from app.pairing.types import PointSystem
from app.services.presets import PRESET_DIR, load_preset
from app.standings.playoff import PlayoffFormat
from app.standings.team_swiss import TIEBREAKS as TEAM_TIEBREAKS
from app.standings.tiebreaks import REGISTRY, Unplayed
from tests.commands.helpers import run

KEYS = GroupSettings.keys()

places = st.integers(1, 40).flatmap(lambda a: st.tuples(st.just(a), st.integers(a, 60)))
names = st.text("公开组女子少年甲乙ABC", min_size=1, max_size=6)
prize = places.flatmap(lambda p: st.fixed_dictionaries(
    {"from": st.just(p[0]), "to": st.just(p[1]), "money": st.integers(0, 30000),
     "items": st.lists(st.sampled_from(["奖状", "奖杯", "证书"]), max_size=2)}))
title = places.flatmap(lambda p: st.fixed_dictionaries(
    {"from": st.just(p[0]), "to": st.just(p[1]), "title": st.sampled_from(["六段", "一级"])}))
eligibility = st.fixed_dictionaries({}, optional={
    "gender": st.sampled_from(["M", "F"]), "born_from": st.just("2010-01-01")})
tiebreak = st.sampled_from(sorted(REGISTRY))

# A JSON value of each key, as a preset, the command line or the window gives it.
VALUES: dict[str, st.SearchStrategy[Any]] = {
    "name": names,
    "rule_set": st.sampled_from(["renju", "free", "gomoku"]),
    "opening": st.sampled_from(["designated", "free"]),
    "fifth_move_offers": st.integers(0, 20),
    "time_control": st.text("分钟秒+30", max_size=8),
    "system": st.sampled_from([s.value for s in System if not s.team]),
    "rounds": st.integers(1, 50),
    "games_per_round": st.sampled_from([1, 2]),
    "points": st.dictionaries(st.sampled_from(sorted(PointSystem.__dataclass_fields__)),
                              st.integers(0, 6)),
    "tiebreaks": st.lists(tiebreak, max_size=4),
    "unplayed_policy": st.sampled_from([u.value for u in Unplayed]),
    "prizes": st.lists(prize, max_size=3),
    "grade_titles": st.lists(title, max_size=3),
    "eligibility": eligibility,
    "playoffs": st.booleans(),
    "tie_rule": st.sampled_from(["playoff", "share"]),
    "playoff_format": st.sampled_from(["round_robin", "knockout"]),
    "playoff_all_admitted": st.booleans(),
    "grade_titles_passed_down": st.booleans(),
    "certificates": st.sampled_from(["awarded", "placed"]),
    "round_robin_rounds": st.none() | st.integers(1, 30),
    "median_cut": st.integers(0, 5),
    "wins_count_forfeits": st.booleans(),
    "wins_count_byes": st.booleans(),
    "tiebreak_labels": st.dictionaries(tiebreak, st.sampled_from(["小分", "小小分"]),
                                       max_size=2),
    "tiebreaks_by_system": st.dictionaries(st.sampled_from(["swiss", "round_robin"]),
                                           st.lists(tiebreak, max_size=3), max_size=2),
    "subrankings": st.lists(st.fixed_dictionaries(
        {"name": names, "filter": eligibility,
         "prizes": st.lists(prize, max_size=2), "grade_titles": st.lists(title, max_size=2)}),
        max_size=2, unique_by=lambda s: s["name"]),
    "same_unit_avoidance_rounds": st.integers(-1, 9),
    "same_unit_early": st.booleans(),
    "forfeit_counts_as_meeting": st.booleans(),
    "initial_colour": st.sampled_from(["first", "second", "draw"]),
    "systems_allowed": st.lists(st.sampled_from([s.value for s in System]), max_size=2),
    "late_entry_points": st.integers(0, 4),
    "late_limit_minutes": st.integers(1, 60),
    "team": st.fixed_dictionaries({"boards": st.just(3)}, optional={
        "woman_board": st.integers(1, 3), "captain_board": st.integers(1, 3),
        "min_women": st.integers(0, 3)}),
    "teams": st.integers(0, 32),
    "lists": st.just([]),
    "team_swiss_primary": st.sampled_from(["match", "game"]),
    "team_swiss_colours": st.sampled_from(["A", "B", "none"]),
    "team_tiebreaks": st.lists(st.sampled_from(sorted(TEAM_TIEBREAKS)), max_size=4),
    "team_lots": st.lists(st.lists(st.sampled_from(["甲队", "乙队", "丙队"]), min_size=2,
                                   max_size=3, unique=True), max_size=2),
    "lots": st.lists(st.lists(st.integers(1, 40), min_size=2, max_size=3, unique=True),
                     max_size=2),
    "merge_below": st.integers(0, 10),
    "cancel_if_at_most": st.integers(0, 10),
    "note": st.text("参赛奖金共计", max_size=10),
    "stage": st.text("线上初赛", max_size=4),
    "player_confirmation": st.booleans(),
    "berger_numbers": st.none() | st.lists(st.integers(1, 99), max_size=6),
    "draw_seed": st.none() | st.integers(0, 10**6),
    "initial_colour_drawn": st.booleans(),
}


def test_every_key_has_a_strategy_here() -> None:
    assert set(VALUES) == set(KEYS)


def _consistent(data: dict[str, Any]) -> dict[str, Any]:
    """A group's own system is among the systems its regulation allows; a Double-Swiss plays
    its two games a round (FIDE C.04.5)."""
    if data.get("system") == System.DOUBLE_SWISS.value:
        data = {**data, "games_per_round": 2}
    if data.get("systems_allowed"):
        data = {**data, "systems_allowed": [*data["systems_allowed"],
                                            data.get("system", "swiss")]}
    return data


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({}, optional=VALUES))
def test_settings_come_back_the_same_from_their_json(data: dict[str, Any]) -> None:
    value = GroupSettings.from_json(_consistent(data))
    again = GroupSettings.from_json(json.loads(json.dumps(value.to_json())))
    assert again == value
    assert again.to_json() == value.to_json()


@settings(max_examples=100, deadline=None)
@given(st.fixed_dictionaries({}, optional=VALUES))
def test_what_the_event_file_stores_reads_back_the_same(data: dict[str, Any]) -> None:
    value = GroupSettings.from_json(_consistent(data))
    assert GroupSettings.stored(value.columns(), value.extra()) == value


def test_the_double_swiss_sets_and_keeps_two_games_a_round() -> None:
    assert GroupSettings.from_json({"system": "double_swiss"}).games_per_round == 2
    with pytest.raises(UserError) as caught:
        GroupSettings.from_json({"system": "double_swiss", "games_per_round": 1})
    assert caught.value.where == "games_per_round" and "C.04.5" in caught.value.en


@given(st.text("abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=20).filter(
    lambda k: k not in KEYS and k != "settings"), st.integers())
def test_an_unknown_key_is_refused_naming_it(key: str, value: int) -> None:
    with pytest.raises(UserError) as caught:
        GroupSettings.from_json({key: value})
    assert key in caught.value.en and key in caught.value.zh and caught.value.where == key


def test_an_event_file_with_a_key_of_another_version_still_opens() -> None:
    stored = GroupSettings.stored({"rounds": 9}, {"a_future_key": 1})
    assert stored.rounds == 9


def test_an_older_files_decisive_places_are_ignored() -> None:
    """Older event files kept a number of decisive places, for the group and for each
    sub-ranking; the prize and title tables decide now, so the number is left out."""
    women = {"name": "公开组（女子）", "filter": {"gender": "F"}, "decisive_places": 6,
             "prizes": [{"from": 1, "to": 3, "money": 500}]}
    stored = GroupSettings.stored({"rounds": 9, "prizes": [{"from": 1, "to": 8}]},
                                  {"decisive_places": 16, "subrankings": [women]})
    assert "decisive_places" not in stored.to_json()
    assert stored.prizes[0].places == PlaceRange(1, 8)
    sub = stored.subranking("公开组（女子）")
    assert sub is not None and sub.prizes[0].places == PlaceRange(1, 3)
    assert "decisive_places" not in stored.to_json()["subrankings"][0]


def test_decisive_places_are_no_longer_a_setting() -> None:
    for data in ({"decisive_places": 8},
                 {"subrankings": [{"name": "女子", "decisive_places": 3}]}):
        with pytest.raises(UserError) as caught:
            GroupSettings.from_json(data)
        assert "decisive_places" in caught.value.en


def test_a_change_keeps_the_keys_another_version_wrote(tmp_path: Path) -> None:
    from app.services.event import Event
    from app.services.groups import update_group

    with Event.create(tmp_path / "e.db", preset="qiwang-2022") as event:
        with event.operation("test", "a newer version's key") as session:
            group = Event.group(session, "公开组")
            group.settings = {**group.settings, "a_future_key": [1, 2]}
        info = update_group(event, "公开组", rounds=8)
        assert info.rounds == 8
        with event.reading() as session:
            assert Event.group(session, "公开组").settings["a_future_key"] == [1, 2]


@pytest.mark.parametrize(("key", "value"), [
    ("rounds", 0), ("rounds", "7"), ("games_per_round", 3), ("system", "ladder"),
    ("tiebreaks", ["buchholz", "coin_toss"]), ("points", {"win": -1}),
    ("points", {"victory": 2}), ("same_unit_avoidance_rounds", "x"),
    ("forfeit_counts_as_meeting", 1), ("prizes", [{"from": 3, "to": 1}]),
    ("eligibility", {"gender": "X"}), ("initial_colour", "white"),
    ("team", {"boards": 3, "woman_board": 4}), ("unplayed_policy", "half"),
    ("playoff_format", "coin_toss"), ("playoff_format", 2),
])
def test_a_bad_value_is_refused_naming_key_and_value(key: str, value: Any) -> None:
    with pytest.raises(UserError) as caught:
        GroupSettings.from_json({key: value})
    assert caught.value.where == key
    assert key in caught.value.en and json.dumps(value, ensure_ascii=False) in caught.value.zh


def test_defaults_a_new_group_plays_by() -> None:
    """Without a preset: 专业规则, 指定开局 五手两打, Swiss of 7 rounds, 2/1/0, and the SP98
    tie-breaks (2016 八: 对手分, 中间对手分, 胜局)."""
    default = GroupSettings()
    assert (default.rule_set, default.opening, default.fifth_move_offers) == (
        "renju", "designated", 2)
    assert (default.system, default.rounds, default.points) == (System.SWISS, 7, PointSystem())
    assert default.tiebreaks == ("buchholz", "median_buchholz", "wins")


def test_a_playoff_of_three_or_more_is_a_mini_round_robin_unless_set() -> None:
    """小循环 by default; 淘汰 when the group says so; another value is refused, listing both."""
    assert GroupSettings().playoff_format is PlayoffFormat.ROUND_ROBIN
    assert GroupSettings.from_json({"playoff_format": "knockout"}).playoff_format is \
        PlayoffFormat.KNOCKOUT
    with pytest.raises(UserError) as caught:
        GroupSettings.from_json({"playoff_format": "lottery"})
    assert "round_robin, knockout" in caught.value.en and "加赛方式" in caught.value.zh


@pytest.mark.parametrize("path", sorted(PRESET_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_every_preset_group_reads_as_settings(path: Path) -> None:
    for group in load_preset(path.stem)["groups"]:
        value = GroupSettings.from_json(group)
        assert value.name == group["name"]
        assert "decisive_places" not in group  # the tables' places decide, no number
        assert all("decisive_places" not in sub
                   for sub in group.get("settings", {}).get("subrankings", []))


def test_the_qiwang_women_rank_apart_with_their_own_prizes() -> None:
    """qiwang 十五、1: 公开组（女子） ranked among the open group's women."""
    open_group = load_preset("qiwang-2022")["groups"][0]
    women = GroupSettings.from_json(open_group).subranking("公开组（女子）")
    assert women is not None and women.filter.gender is not None
    assert women.prizes[0].places == PlaceRange(1, 1) and women.prizes[0].money == 8000


def test_a_system_the_regulation_does_not_allow_is_refused() -> None:
    """shenzhen 十、(二): 各组个人赛采用积分编排制或单循环制."""
    shenzhen = load_preset("shenzhen-2022")["groups"][0]
    assert GroupSettings.from_json({**shenzhen, "system": "round_robin"}).system.round_robin
    with pytest.raises(UserError) as caught:
        GroupSettings.from_json({**shenzhen, "system": "knockout"})
    assert caught.value.where == "system" and "Swiss" in caught.value.en


def test_same_unit_avoidance_in_the_first_rounds_or_all() -> None:
    assert [GroupSettings(same_unit_avoidance_rounds=2).avoids_same_unit(r)
            for r in (1, 2, 3)] == [True, True, False]
    assert GroupSettings(same_unit_avoidance_rounds=-1).avoids_same_unit(9)
    assert not GroupSettings().avoids_same_unit(1)


def test_a_group_set_up_like_another_does_not_inherit_its_lot() -> None:
    played = GroupSettings(berger_numbers=(3, 1, 2), draw_seed=7, initial_colour="second",
                           initial_colour_drawn=True)
    fresh = played.for_new_group()
    assert fresh.berger_numbers is None and fresh.draw_seed is None
    assert fresh.initial_colour == "draw" and not fresh.initial_colour_drawn


def test_the_command_line_refuses_an_unknown_key_and_a_bad_value(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = str(tmp_path / "e.db")
    assert run(capsys, "new", event, "--preset", "qiwang-2022")[0] == 0
    before = (tmp_path / "e.db").read_bytes()
    code, _out, err = run(capsys, "group", event, "--group", "公开组", "--set", "no_such_key=1")
    assert code == 2 and "no_such_key" in err
    code, _out, err = run(capsys, "group", event, "--group", "公开组", "--set",
                          "same_unit_avoidance_rounds=\"x\"")
    assert code == 2
    assert "same_unit_avoidance_rounds" in err and '"x"' in err
    assert (tmp_path / "e.db").read_bytes() == before
    code, _out, err = run(capsys, "group", event, "--group", "公开组", "--set",
                          "same_unit_avoidance_rounds=3")
    assert code == 0, err


def test_points_are_given_as_win_draw_loss_on_the_command_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The yike 专业场 scores 4/1/0; forfeit wins and byes score a win."""
    event = str(tmp_path / "e.db")
    assert run(capsys, "new", event, "--preset", "qiwang-2022")[0] == 0
    code, out, err = run(capsys, "group", event, "--group", "公开组", "--points", "4/1/0")
    assert code == 0, err
    assert "胜4 和1 负0 不战胜4" in out and "轮空4" in out  # in words
    code, _out, err = run(capsys, "group", event, "--group", "公开组", "--points", "4/x")
    assert code == 2 and "--points" in err


def test_a_cross_group_round_with_other_than_two_lists_is_refused_in_words() -> None:
    """huazhi 六、(三): 复赛 crosses the two groups' qualifiers; the refusal names no key."""
    with pytest.raises(UserError) as refused:
        GroupSettings.from_json({"system": System.CROSS_GROUP.value, "lists": ["A组", "B组", "C组"]})
    assert "两个来源名单" in refused.value.zh and "two source lists" in refused.value.en
    assert "lists" not in refused.value.zh and "(lists" not in refused.value.en


def test_what_the_event_file_holds_is_read_once_and_a_change_reads_anew() -> None:
    """`stored` keeps one reading for each content of the file's columns: the same content
    gives the same (immutable) settings, any change to a column or to the JSON column, even
    1 for True, gives settings read anew; a bad value is still refused every time."""
    first = GroupSettings.stored({"rounds": 9, "playoffs": True}, {"median_cut": 2})
    assert GroupSettings.stored({"rounds": 9, "playoffs": True}, {"median_cut": 2}) is first
    assert GroupSettings.stored({"playoffs": True, "rounds": 9}, {"median_cut": 2}) is first
    changed = GroupSettings.stored({"rounds": 8, "playoffs": True}, {"median_cut": 2})
    assert changed.rounds == 8 and first.rounds == 9
    assert GroupSettings.stored({"rounds": 9, "playoffs": True}, {"median_cut": 1}
                                ).median_cut == 1
    for _ in range(2):  # 1 is not the True kept above: read, and refused
        with pytest.raises(UserError) as caught:
            GroupSettings.stored({"rounds": 9, "playoffs": 1}, {"median_cut": 2})
        assert caught.value.where == "playoffs"


@pytest.mark.parametrize(("key", "reads"), [
    ("tiebreaks", {System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN,
                   System.DOUBLE_SWISS}),
    ("unplayed_policy", {System.SWISS, System.ROUND_ROBIN, System.DOUBLE_ROUND_ROBIN,
                         System.DOUBLE_SWISS}),
    ("same_unit_avoidance_rounds", {System.SWISS, System.DOUBLE_SWISS}),
    ("forfeit_counts_as_meeting", {System.SWISS, System.DOUBLE_SWISS, System.TEAM_SWISS}),
    ("team_tiebreaks", {System.TEAM_SWISS}),
    ("team", {System.TEAM_KNOCKOUT, System.CROSS_GROUP, System.TEAM_SWISS}),
    # a round robin's table and a knockout's bracket take no late entry
    ("late_entry_points", {System.SWISS, System.DOUBLE_SWISS}),
    ("initial_colour", set(System)),
])
def test_a_setting_applies_to_the_systems_that_read_it(key: str, reads: set[System]) -> None:
    """Which systems' rounds or rankings read a setting is said once, by the setting: a Team
    Swiss reads no players' tie-breaks, unplayed policy or 同单位回避 (the Team Swiss engine and
    the team standings of C.07 never do), a Swiss of players no team line-up."""
    assert {s for s in System if GroupSettings.applies_to(key, s)} == reads
    assert GroupSettings(system=System.TEAM_SWISS).applies(key) is (System.TEAM_SWISS in reads)


def test_a_team_group_scores_the_games_of_its_boards_only() -> None:
    """A team group's points are its boards' games (a member not there loses by forfeit);
    a player's bye, requested byes and absence are an individual group's."""
    assert GroupSettings.point_keys(System.TEAM_SWISS) == (
        "win", "draw", "loss", "forfeit_win", "forfeit_loss")
    assert GroupSettings.point_keys(System.SWISS) == tuple(PointSystem.__dataclass_fields__)
