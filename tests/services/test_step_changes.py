"""What an operation, an undo or a redo changed, as the window refreshes it: derived from the
rows the undo recorder saw written, never declared per operation. A result alone names its
board; a write that changed nothing changes nothing."""

from __future__ import annotations

import pytest

from app.errors import UserError
from app.services import queries, rounds
from app.services.operations import (
    ENTER_RESULT,
    PAIR_NEXT_ROUND,
    TAKE_SNAPSHOT,
    UPDATE_EVENT,
    UPDATE_PLAYER,
    Area,
    areas_changed,
    step_changes,
)
from app.services.players import update_player
from app.store.undo import RowChange

GROUP = "公开组"
RESULT_AREAS = {Area.ROUNDS, Area.GAMES, Area.STANDINGS, Area.PLAYOFFS, Area.EVENT}


def test_a_result_taken_back_names_its_board_and_the_areas_of_a_result(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=6)
    paired = rounds.pair_next_round(event, GROUP)
    assert step_changes(event.store.last_step).areas == frozenset()  # nothing stepped yet
    entered = ENTER_RESULT(event, GROUP, paired.number, 2, ["1-0"])
    board = queries.round_view(event, GROUP, paired.number).boards[1]
    assert board.number == 2 and board.id
    assert event.undo()
    step = step_changes(event.store.last_step)
    assert step.areas == entered.changes == RESULT_AREAS and step.boards == (board.id,)
    assert event.redo()
    assert step_changes(event.store.last_step).boards == (board.id,)


def test_other_steps_name_no_board_and_what_their_rows_are_shown_in(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=6)
    player = queries.players(event, GROUP)[0]
    update_player(event, player.id, name="改名")
    assert event.undo()
    step = step_changes(event.store.last_step)
    assert step.boards == () and Area.PLAYERS in step.areas and Area.SNAPSHOTS not in step.areas
    rounds.pair_next_round(event, GROUP)
    assert event.undo()  # the pairing taken back: its round and boards deleted
    step = step_changes(event.store.last_step)
    assert step.boards == () and {Area.ROUNDS, Area.STANDINGS} <= step.areas
    assert {row.done for row in event.store.last_step} == {"delete"}


def test_an_operation_changes_what_its_rows_are_shown_in(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=6)
    pairing = PAIR_NEXT_ROUND(event, GROUP)
    # a round, its boards, and the snapshot taken before it
    assert {Area.ROUNDS, Area.STANDINGS, Area.SNAPSHOTS} <= pairing.changes
    player = queries.players(event, GROUP)[0]
    renamed = UPDATE_PLAYER(event, player.id, name="改名")
    assert Area.PLAYERS in renamed.changes and Area.SNAPSHOTS not in renamed.changes
    titled = UPDATE_EVENT(event, title="新赛事")
    assert titled.changes == areas_changed([RowChange("update", "tournament")])
    assert Area.ROUNDS not in titled.changes
    assert TAKE_SNAPSHOT(event, "手动").changes == {Area.SNAPSHOTS}


def test_a_write_that_changes_nothing_changes_nothing_and_a_refusal_no_outcome(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=2)
    player = queries.players(event, GROUP)[0]
    assert UPDATE_PLAYER(event, player.id, name=player.name).changes == frozenset()
    with pytest.raises(UserError):
        UPDATE_EVENT(event, colour="red")
    with event.store.watching() as rows:
        with pytest.raises(UserError):
            UPDATE_EVENT(event, colour="red")
    assert rows == []


def test_a_table_the_screens_do_not_know_may_change_anything() -> None:
    assert areas_changed([RowChange("insert", "a_new_table")]) == frozenset(Area)
    assert areas_changed([]) == frozenset()


def test_watchers_inside_each_other_each_see_what_was_written_while_they_watched(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=2)
    with event.store.watching() as outer:
        with event.store.watching() as inner:
            pass  # nothing written: the two lists are equal, yet the inner one leaves
        UPDATE_EVENT(event, title="新赛事")
    assert inner == [] and [row.table for row in outer] == ["tournament"]
