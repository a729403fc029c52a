"""Crosstables: the round-robin grid and the Swiss round-by-round table."""

from __future__ import annotations

from app.pairing.types import Colour, Outcome, PlayerHistory, RoundRecord, TournamentSnapshot
from app.standings.crosstable import RoundNotes, crosstable, round_notes
from app.wording import round_cell_text


def snapshot() -> TournamentSnapshot:
    # Round 1: 1 (black) beat 2, 3 had the bye. Round 2: 3 (black) drew with 1, 2 forfeited.
    return TournamentSnapshot((
        PlayerHistory(1, (RoundRecord(1, Outcome.WIN, 2, Colour.FIRST, 2),
                          RoundRecord(2, Outcome.DRAW, 3, Colour.SECOND, 1))),
        PlayerHistory(2, (RoundRecord(1, Outcome.LOSS, 1, Colour.SECOND, 0),
                          RoundRecord(2, Outcome.ABSENT, None, None, 0))),
        PlayerHistory(3, (RoundRecord(1, Outcome.PAB, None, None, 2),
                          RoundRecord(2, Outcome.DRAW, 1, Colour.FIRST, 1))),
    ), total_rounds=2)


def test_swiss_cells_name_the_opponents_place_colour_and_outcome() -> None:
    table = crosstable(snapshot(), [1, 3, 2])
    first, second, third = table.rows
    assert [round_cell_text(c) for c in first.rounds] == ["3黑胜", "2白和"]
    assert [round_cell_text(c) for c in second.rounds] == ["轮空", "1黑和"]
    assert [round_cell_text(c) for c in third.rounds] == ["1白负", "缺席"]
    assert table.rounds == 2


def test_a_withdrawn_players_rounds_without_a_game_are_marked_and_noted() -> None:
    """Player 2 withdrew from round 2: that round reads 退赛, not 缺席 (an absence); the notes
    name the row, the first round out and what it gave; an absence is noted by round."""
    table = crosstable(snapshot(), [1, 3, 2], withdrawn={2: 2})
    third = table.rows[2]
    assert [round_cell_text(c) for c in third.rounds] == ["1白负", "退赛"]
    assert round_notes([row.rounds for row in table.rows]) == RoundNotes(withdrawn=((2, 2, 0),))
    absent = crosstable(snapshot(), [1, 3, 2])
    assert round_notes([row.rounds for row in absent.rows]) == RoundNotes(absent=((2, 2, 0),))


def test_grid_cells_hold_the_points_against_each_opponent() -> None:
    table = crosstable(snapshot(), [1, 3, 2])
    assert table.rows[0].against == (None, (1,), (2,))
    assert table.rows[1].against == ((1,), None, ())
    assert table.rows[2].against == ((0,), (), None)
