"""Results read as typed values where rows leave the store (issue 23): the knockout and the
grade-title list take a loss on time as the game it was."""

from __future__ import annotations

from collections.abc import Callable

from app.services import rounds
from app.services.event import Event

Make = Callable[..., Event]


def test_a_knockout_winner_on_time_goes_on_to_round_two(make_event: Make) -> None:
    """A game won because the other lost on time (超时判负) is won: the bracket sends the
    winner on, and round 2 is paired."""
    event = make_event("qiwang-2022", "公开组", players=4, system="knockout")
    rounds.pair_next_round(event, "公开组")
    rounds.enter_result(event, "公开组", 1, 1, ["1-0t"])
    rounds.enter_result(event, "公开组", 1, 2, ["0-1"])
    second = rounds.pair_next_round(event, "公开组")
    assert second.number == 2
    assert len([b for b in second.boards if b.second is not None]) == 2
