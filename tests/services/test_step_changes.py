"""What an undo or redo step changed, as the window refreshes it: a result alone names its
board; anything else may have changed anything."""

from __future__ import annotations

from app.services import queries, rounds
from app.services.operations import ENTER_RESULT, step_changes
from app.services.players import update_player

GROUP = "公开组"


def test_a_result_taken_back_names_its_board_and_the_areas_of_a_result(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=6)
    paired = rounds.pair_next_round(event, GROUP)
    assert step_changes(event.store.last_step).areas is None  # nothing stepped yet
    rounds.enter_result(event, GROUP, paired.number, 2, ["1-0"])
    board = queries.round_view(event, GROUP, paired.number).boards[1]
    assert board.number == 2 and board.id
    assert event.undo()
    step = step_changes(event.store.last_step)
    assert step.areas == ENTER_RESULT.changes and step.boards == (board.id,)
    assert event.redo()
    assert step_changes(event.store.last_step).boards == (board.id,)


def test_other_steps_may_change_anything(make_event):  # type: ignore[no-untyped-def]
    event = make_event(group=GROUP, players=6)
    player = queries.players(event, GROUP)[0]
    update_player(event, player.id, name="改名")
    assert event.undo()
    assert step_changes(event.store.last_step).areas is None
    rounds.pair_next_round(event, GROUP)
    assert event.undo()  # the pairing taken back: its round and boards deleted
    assert step_changes(event.store.last_step).areas is None
