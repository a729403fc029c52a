"""The core's draws, line-up checks and late-arrival rule, as the services use them."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.errors import UserError
from app.services import knockout, lots, rounds
from app.services.arrivals import record_late_arrival
from app.services.event import Event
from app.services.groups import update_group
from app.services.queries import event_info, players, round_view
from app.wording import code_text

Make = Callable[..., Event]


def _knockout(make_event: Make, count: int = 8) -> Event:
    return make_event("qiwang-2022", "公开组", players=count, system="knockout")


def test_the_knockout_draw_by_lot_is_the_same_for_the_same_seed(make_event: Make) -> None:
    event = _knockout(make_event)
    before = [p.id for p in players(event, "公开组")]
    order = lots.draw_knockout(event, "公开组", seed=42)
    assert sorted(order) == sorted(before) and list(order) != before
    drawn = [p.name for p in players(event, "公开组")]  # the seeds follow the lot
    assert [p.id for p in players(event, "公开组")] == list(order)
    group = next(g for g in event_info(event).groups if g.name == "公开组")
    assert group.settings.draw_seed == 42
    again = make_event("qiwang-2022", "公开组", players=8, system="knockout", name="b.db")
    lots.draw_knockout(again, "公开组", seed=42)
    assert [p.name for p in players(again, "公开组")] == drawn


def test_the_top_seeds_may_keep_their_places_in_the_draw(make_event: Make) -> None:
    """huazhi 五、(三)1: the directly qualified keep their places; the rest are drawn."""
    event = _knockout(make_event)
    before = [p.id for p in players(event, "公开组")]
    order = lots.draw_knockout(event, "公开组", seed=3, fixed=2)
    assert list(order[:2]) == before[:2]


def test_no_draw_once_round_one_is_paired(make_event: Make) -> None:
    event = _knockout(make_event, 4)
    rounds.pair_next_round(event, "公开组")
    with pytest.raises(UserError, match="round 1"):
        lots.draw_knockout(event, "公开组", seed=1)


def test_a_swiss_group_has_no_knockout_draw(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    with pytest.raises(UserError):
        lots.draw_knockout(event, "公开组", seed=1)


def test_given_berger_numbers_decide_round_one(make_event: Make) -> None:
    """FIDE C.05 Annex 1: round 1 of 4 players is 1-4, 2-3."""
    event = make_event("shenzhen-2022", "男子组", players=4, system="round_robin")
    ids = [p.id for p in players(event, "男子组")]
    numbers = {ids[0]: 4, ids[1]: 3, ids[2]: 2, ids[3]: 1}
    lots.give_round_robin_numbers(event, "男子组", numbers)
    first = rounds.pair_next_round(event, "男子组")
    pairs = {frozenset((b.first.id, b.second.id)) for b in first.boards
             if b.first and b.second}
    by_number = {n: pid for pid, n in numbers.items()}
    assert pairs == {frozenset((by_number[1], by_number[4])),
                     frozenset((by_number[2], by_number[3]))}


def test_berger_numbers_must_cover_the_group_once_each(make_event: Make) -> None:
    event = make_event("shenzhen-2022", "男子组", players=3, system="round_robin")
    ids = [p.id for p in players(event, "男子组")]
    with pytest.raises(UserError, match="1..3"):
        lots.give_round_robin_numbers(event, "男子组", {ids[0]: 1, ids[1]: 1, ids[2]: 3})
    with pytest.raises(UserError, match="missing"):
        lots.give_round_robin_numbers(event, "男子组", {ids[0]: 1, ids[1]: 2})


def test_a_late_arrival_past_the_limit_forfeits(make_event: Make) -> None:
    """shenzhen 十、(三): 迟到时限为开赛后15分钟，超时未到者弃权，判到达者胜."""
    event = make_event("shenzhen-2022", "男子组", players=4)
    rounds.pair_next_round(event, "男子组")
    assert record_late_arrival(event, "男子组", 1, 1, 3, 15) is None  # at the limit: in time
    assert code_text(round_view(event, "男子组", 1).boards[0].result) == ""
    assert record_late_arrival(event, "男子组", 1, 1, 16, 0) == "-+"
    assert code_text(round_view(event, "男子组", 1).boards[0].result) == "-+"
    assert record_late_arrival(event, "男子组", 1, 2, None, None) == "--"


def test_the_late_limit_is_the_groups_own(make_event: Make) -> None:
    event = make_event("shenzhen-2022", "男子组", players=2)
    update_group(event, "男子组", settings={"late_limit_minutes": 30})
    rounds.pair_next_round(event, "男子组")
    assert record_late_arrival(event, "男子组", 1, 1, 20, 0) is None
    assert record_late_arrival(event, "男子组", 1, 1, 31, 0) == "-+"


def _team_event(make_event: Make) -> Event:
    event = make_event("huazhi-2021")
    for k in range(1, 5):
        knockout.add_team(event, "决赛", f"队{k}",
                          [(f"甲{k}", "M"), (f"乙{k}", "M"), (f"丙{k}", "F")], seed=k)
    return event


def test_a_line_up_is_checked_against_the_registered_board_order(make_event: Make) -> None:
    """huazhi 六、(三)3: 台号号码 ... 比赛过程中不可改变."""
    event = _team_event(make_event)
    assert knockout.lineup_problem(event, "决赛", "队1", ["甲1", "乙1", "丙1"]) is None
    problem = knockout.lineup_problem(event, "决赛", "队1", ["乙1", "甲1", "丙1"])
    assert problem is not None and "队1" in problem[0]
    with pytest.raises(UserError, match="no member"):
        knockout.lineup_problem(event, "决赛", "队1", ["甲2", "乙1", "丙1"])


def test_a_team_that_no_longer_keeps_its_womans_board_is_not_paired(make_event: Make) -> None:
    from app.services.players import update_player

    event = _team_event(make_event)
    woman = next(p for p in players(event, "决赛") if p.name == "丙1")
    update_player(event, woman.id, gender="M")
    with pytest.raises(UserError, match="board 3 must be a woman"):
        rounds.pair_next_round(event, "决赛")


def test_a_corrected_knockout_result_may_not_contradict_a_later_round(make_event: Make
                                                                      ) -> None:
    event = _knockout(make_event, 4)
    rounds.pair_next_round(event, "公开组")
    rounds.enter_result(event, "公开组", 1, 1, ["1-0"])
    rounds.enter_result(event, "公开组", 1, 2, ["1-0"])
    rounds.pair_next_round(event, "公开组")
    rounds.enter_result(event, "公开组", 2, 1, ["1-0"])
    with pytest.raises(UserError, match="cannot be corrected: round 2, board 1"):
        rounds.enter_result(event, "公开组", 1, 1, ["0-1"], replace=True)
    assert code_text(round_view(event, "公开组", 1).boards[0].result) == "1-0"


def test_round_one_reports_a_group_the_regulation_cancels(make_event: Make) -> None:
    """shenzhen 九(三): 参赛人数少于4人（含4人），取消该组比赛."""
    event = make_event("shenzhen-2022", "男子组", players=4)
    report = rounds.pair_next_round(event, "男子组").report
    assert any("取消该组比赛" in line and "4 or fewer" in line for line in report)
    bigger = make_event("shenzhen-2022", "男子组", players=5, name="b.db")
    assert not any("取消" in line for line in rounds.pair_next_round(bigger, "男子组").report)


def test_round_one_reports_a_group_the_regulation_merges(make_event: Make) -> None:
    """shenzhen 九(一): 少于8人的组与同年龄段的组合并."""
    event = make_event("shenzhen-2022", "男子组", players=6, merge_below=8, cancel_if_at_most=4)
    report = rounds.pair_next_round(event, "男子组").report
    assert any("合并" in line for line in report)
