"""Pairing rounds from the event file, with the Chinese options, and entering results."""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations

import pytest

from app.errors import UserError
from app.pairing.types import Colour, Outcome
from app.services import rounds
from app.services.event import Event
from app.services.groups import update_group
from app.services.players import add_player, set_absence, withdraw_player
from app.services.queries import players, round_view
from app.services.ranking import standings
from app.wording import code_text, game_code

Make = Callable[..., Event]


def pairs(info) -> set[frozenset[int]]:  # noqa: ANN001
    return {frozenset((b.first.id, b.second.id)) for b in info.boards if b.second}


def play_all(event: Event, group: str, number: int, code: str = "1-0") -> None:
    info = round_view(event, group, number)
    rounds.enter_results(event, group, number,
                         {b.number: [code] for b in info.boards if b.second is not None})


def test_swiss_round_one_pairs_everyone_once_with_black_for_the_first_mover(make_event: Make
                                                                            ) -> None:
    event = make_event("qiwang-2022", "公开组", players=9)
    info = rounds.pair_next_round(event, "公开组")
    seated = [p.id for b in info.boards for p in (b.first, b.second) if p]
    assert sorted(seated) == sorted(p.id for p in players(event, "公开组"))
    assert info.boards[-1].second is None and info.boards[-1].bye  # the PAB
    assert len(info.boards) == 5


def test_swiss_never_pairs_the_same_two_twice(make_event: Make) -> None:
    """FIDE C.04.1 b / 积分编排: the same pair never meets twice."""
    event = make_event("qiwang-2022", "公开组", players=8)
    met: set[frozenset[int]] = set()
    for number in range(1, 6):
        info = rounds.pair_next_round(event, "公开组")
        assert not pairs(info) & met
        met |= pairs(info)
        play_all(event, "公开组", number, "1-0" if number % 2 else "0-1")


def test_a_forfeit_counts_as_a_meeting_in_chinese_practice(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    first = rounds.pair_next_round(event, "公开组")
    forfeited = frozenset((first.boards[0].first.id, first.boards[0].second.id))
    rounds.enter_result(event, "公开组", 1, 1, ["+-"])
    rounds.enter_result(event, "公开组", 1, 2, ["="])
    second = rounds.pair_next_round(event, "公开组")
    assert forfeited not in pairs(second)


def test_pairing_waits_for_every_result(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    rounds.pair_next_round(event, "公开组")
    rounds.enter_result(event, "公开组", 1, 1, ["1-0"])
    with pytest.raises(UserError, match="board"):
        rounds.pair_next_round(event, "公开组")


def test_same_unit_avoidance_in_the_first_rounds(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=8,
                       settings={"same_unit_avoidance_rounds": 2})
    info = rounds.pair_next_round(event, "公开组")
    units = {p.id: p.unit for p in players(event, "公开组")}
    assert all(units[b.first.id] != units[b.second.id] for b in info.boards if b.second)
    assert any("同单位回避" in line for line in info.report)


def test_same_unit_avoidance_gives_way_when_nothing_else_is_legal(make_event: Make) -> None:
    event = make_event("qiwang-2022", None, settings=None)
    update_group(event, "公开组", settings={"same_unit_avoidance_rounds": -1})
    for k in range(4):
        add_player(event, "公开组", name=f"同队{k}", unit="同一单位")
    info = rounds.pair_next_round(event, "公开组")
    assert len(pairs(info)) == 2
    assert any("relaxed" in line for line in info.report)


def test_individual_entries_are_not_one_unit_to_keep_apart(make_event: Make) -> None:
    """单位 个人: players who represent no unit may meet in the avoided rounds."""
    event = make_event("qiwang-2022", None, settings=None)
    update_group(event, "公开组", settings={"same_unit_avoidance_rounds": -1})
    for k in range(4):
        add_player(event, "公开组", name=f"个人{k}", unit="个人")
    info = rounds.pair_next_round(event, "公开组")
    assert not any("relaxed" in line for line in info.report)  # nothing to avoid


def test_late_entry_gets_the_configured_points_for_missed_rounds(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4, settings={"late_entry_points": 1})
    rounds.pair_next_round(event, "公开组")
    play_all(event, "公开组", 1)
    late = add_player(event, "公开组", name="迟到者")
    info = rounds.pair_next_round(event, "公开组")
    assert late in {p.id for b in info.boards for p in (b.first, b.second) if p}
    row = next(r for r in standings(event, "公开组").rows if r.player.id == late)
    assert row.points >= 1  # the missed round counts 1 point as configured


def test_withdrawn_and_absent_players_are_not_paired(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=6)
    ids = [p.id for p in players(event, "公开组")]
    withdraw_player(event, ids[0])
    set_absence(event, ids[1], 1, "half_bye")
    info = rounds.pair_next_round(event, "公开组")
    seated = {p.id for b in info.boards for p in (b.first, b.second) if p}
    assert ids[0] not in seated and ids[1] not in seated
    play_all(event, "公开组", 1)
    half = next(r for r in standings(event, "公开组").rows if r.player.id == ids[1])
    assert half.points == 1  # a half-point bye given in advance


def test_a_withdrawal_needs_a_round_of_the_group_still_to_pair(make_event: Make) -> None:
    """Past the last round a withdrawal changes no pairing; it was kept and the list said
    第3轮起退赛 in a two-round group. Refused, naming what to do, and nothing written."""
    event = make_event("qiwang-2022", "公开组", players=4, rounds=2)
    first = players(event, "公开组")[0]
    with pytest.raises(UserError, match="没有第3轮可退赛"):
        withdraw_player(event, first.id, 3)
    with pytest.raises(UserError, match="没有第3轮"):
        set_absence(event, first.id, 3, "half_bye")
    for number in (1, 2):
        rounds.pair_next_round(event, "公开组")
        play_all(event, "公开组", number)
    with pytest.raises(UserError, match="已全部编排，退赛不再影响编排；未赛的对局请录入弃权"):
        withdraw_player(event, first.id)
    again = players(event, "公开组")[0]
    assert again.withdrawn_from_round is None and again.status == "active"
    assert not again.absences


def test_results_are_checked_against_the_pairing(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=5)
    rounds.pair_next_round(event, "公开组")
    with pytest.raises(UserError, match="no board 9"):
        rounds.enter_result(event, "公开组", 1, 9, ["1-0"])
    with pytest.raises(UserError, match="bye"):
        rounds.enter_result(event, "公开组", 1, 3, ["1-0"])
    with pytest.raises(UserError, match="unknown result"):
        rounds.enter_result(event, "公开组", 1, 1, ["2-0"])
    rounds.enter_result(event, "公开组", 1, 1, ["1-0"])
    with pytest.raises(UserError, match="already has the result"):
        rounds.enter_result(event, "公开组", 1, 1, ["0-1"])
    rounds.enter_result(event, "公开组", 1, 1, ["0-1"], replace=True)
    assert code_text(round_view(event, "公开组", 1).boards[0].result) == "0-1"


def test_correcting_a_result_warns_about_rounds_paired_on_it(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    rounds.pair_next_round(event, "公开组")
    play_all(event, "公开组", 1)
    rounds.pair_next_round(event, "公开组")
    warnings = rounds.enter_result(event, "公开组", 1, 1, ["="], replace=True)
    assert warnings and "第2轮" in warnings[0] and "round 2" in warnings[0]
    assert "[" not in warnings[0]  # the rounds in words, no Python list


def test_a_manual_swap_lists_the_rules_it_breaks(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    for number in (1, 2):
        rounds.pair_next_round(event, "公开组")
        if number == 1:
            play_all(event, "公开组", 1)
    info = round_view(event, "公开组", 2)
    # Swap a board whose first mover already had the first move in round 1 or not: the
    # check must at least run and record the change in the report.
    problems = rounds.swap_colours(event, "公开组", 2, 1)
    report = round_view(event, "公开组", 2).report
    assert any("人工交换" in line for line in report)
    assert all(p in report for p in problems)
    assert round_view(event, "公开组", 2).boards[0].first.id == info.boards[0].second.id


def test_exchanging_players_into_a_repeat_pairing_is_reported(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    first = rounds.pair_next_round(event, "公开组")
    play_all(event, "公开组", 1)
    rounds.pair_next_round(event, "公开组")
    second = round_view(event, "公开组", 2)
    # Put round 1's board-1 opponents against each other again.
    a, b = first.boards[0].first.id, first.boards[0].second.id
    seat = {p.id: (board.number, side) for board in second.boards
            for side, p in (("first", board.first), ("second", board.second)) if p}
    partner_board = seat[a][0]
    other_side = "second" if seat[a][1] == "first" else "first"
    problems = rounds.exchange_players(event, "公开组", 2, partner_board, other_side,
                                       seat[b][0], seat[b][1])
    assert any("have met" in p and "已经对局过" in p for p in problems)
    assert not any("[C" in p for p in problems)  # the arbiter reads words, not article codes


def test_round_robin_everyone_meets_everyone_once(make_event: Make) -> None:
    event = make_event("shenzhen-2022", "男子组", players=6, system="round_robin")
    met: list[frozenset[int]] = []
    for number in range(1, 6):
        met += pairs(rounds.pair_next_round(event, "男子组"))
        play_all(event, "男子组", number, "=")
    ids = [p.id for p in players(event, "男子组")]
    assert sorted(met, key=sorted) == sorted((frozenset(c) for c in combinations(ids, 2)),
                                             key=sorted)
    with pytest.raises(UserError):
        rounds.pair_next_round(event, "男子组")


def test_round_robin_ranks_by_the_round_robin_tiebreaks(make_event: Make) -> None:
    """shenzhen 十一(一)1: 单循环 积分, 小分, 胜局."""
    event = make_event("shenzhen-2022", "男子组", players=4, system="round_robin")
    assert [key for key, _ in standings(event, "男子组").columns] == ["sonneborn_berger",
                                                                      "wins"]


def test_double_game_round_points(make_event: Make) -> None:
    """shenzhen 九(一): won 1 drew 1 -> 2 round points; 小分 keeps the games' score."""
    group = "男子组（大众规则·线上初赛）"
    event = make_event("shenzhen-2022", group, players=2)
    rounds.pair_next_round(event, group)
    with pytest.raises(UserError, match="double-game"):
        rounds.enter_result(event, group, 1, 1, ["1-0"])
    rounds.enter_result(event, group, 1, 1, ["1-0", "="])
    board = round_view(event, group, 1).boards[0]
    assert [game_code(g.result) for g in board.games] == ["1-0", "="]
    assert [g.black.id for g in board.games] == [board.first.id, board.second.id]
    table = {r.player.id: r.points for r in standings(event, group).rows}
    assert table == {board.first.id: 2, board.second.id: 0}


def test_unpair_the_last_round_while_it_has_no_result(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    rounds.pair_next_round(event, "公开组")
    rounds.unpair_last_round(event, "公开组")
    rounds.pair_next_round(event, "公开组")
    rounds.enter_result(event, "公开组", 1, 1, ["1-0"])
    with pytest.raises(UserError, match="results already"):
        rounds.unpair_last_round(event, "公开组")


def test_undo_a_pairing(make_event: Make) -> None:
    event = make_event("qiwang-2022", "公开组", players=4)
    rounds.pair_next_round(event, "公开组")
    assert "编排" in (event.undo() or "")
    with pytest.raises(UserError):
        round_view(event, "公开组", 1)


def test_crosstable_of_a_round_robin_and_of_a_swiss_group(make_event: Make) -> None:
    from app.services.ranking import crosstable

    event = make_event("shenzhen-2022", "男子组", players=4, system="round_robin")
    for number in range(1, 4):
        rounds.pair_next_round(event, "男子组")
        play_all(event, "男子组", number, "1-0")
    table = crosstable(event, "男子组")
    assert table.round_robin and len(table.against) == 4
    assert [row[k] for k, row in enumerate(table.against)] == [None] * 4
    assert all(len(row) == 4 for row in table.against)
    # Everyone met everyone once; a won game is worth a win's points, in the group's units.
    assert all(sum(len(p) for p in row if p is not None) == 3 for row in table.against)
    assert table.points == tuple(sorted(table.points, reverse=True))
    swiss = make_event("qiwang-2022", "公开组", players=4, name="swiss.db")
    rounds.pair_next_round(swiss, "公开组")
    play_all(swiss, "公开组", 1, "1-0")
    cells = crosstable(swiss, "公开组").by_round
    assert sorted((row[0].colour, row[0].outcome) for row in cells) == [
        (Colour.FIRST, Outcome.WIN), (Colour.FIRST, Outcome.WIN),
        (Colour.SECOND, Outcome.LOSS), (Colour.SECOND, Outcome.LOSS)]



def test_a_refused_change_names_its_board_in_words_of_each_language(make_event: Make) -> None:
    """The place is typed (第N台 / board N): the command line prints both, the window picks
    its language, and nobody makes it out of a code string."""
    from app.errors import Place

    event = make_event("qiwang-2022", None, settings=None)
    for k in range(5):
        add_player(event, "公开组", name=f"p{k}", unit=f"u{k}")
    info = rounds.pair_next_round(event, "公开组")
    bye = next(b.number for b in info.boards if b.second is None)
    with pytest.raises(UserError) as refused:
        rounds.swap_colours(event, "公开组", 1, bye)
    assert refused.value.where == Place(f"第{bye}台", f"board {bye}")
    assert refused.value.message() == (f"第{bye}台：轮空台没有先后手 / board {bye}: a bye has no "
                                       "colours")


def _queries_pairing_round_2(make_event: Make, size: int) -> int:
    """How many queries (SELECT statements) pairing round 2 of a `size`-player Swiss group
    sends."""
    from sqlalchemy import event as sa_event

    event = make_event("qiwang-2022", "公开组", players=size, name=f"e{size}.db")
    rounds.pair_next_round(event, "公开组")
    play_all(event, "公开组", 1)
    sent: list[str] = []
    sa_event.listen(event.store.engine, "before_cursor_execute",
                    lambda _c, _cursor, statement, *_: sent.append(statement))
    rounds.pair_next_round(event, "公开组")
    return sum(statement.lstrip().upper().startswith("SELECT") for statement in sent)


def test_pairing_asks_as_many_queries_for_many_players_as_for_few(make_event: Make
                                                                   ) -> None:
    # Issue 28: no query per player (their absences) or per new board (its games): what a
    # pairing reads does not grow with the field (the rows it writes do).
    assert _queries_pairing_round_2(make_event, 16) == _queries_pairing_round_2(
        make_event, 6)
