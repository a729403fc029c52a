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


def test_a_double_game_rounds_games_are_each_players_own() -> None:
    """双盘制 (2016 七、(三)): game 2 exchanges the first move; a loss on time in game 1 is the
    round's one game (七、(五)2). Each player's record keeps his games, and the cell its round
    points beside the opponent's."""
    from app.pairing.types import Board, GameOutcome, PointSystem
    from app.results import parse_board
    from app.standings.scoring import double_game_records

    first, second = double_game_records(1, Board(1, 1, 2), parse_board(["1-0", "0-1t"], True),
                                        PointSystem())
    assert first.games == (GameOutcome(Outcome.WIN), GameOutcome(Outcome.WIN, on_time=True))
    assert second.games == (GameOutcome(Outcome.LOSS), GameOutcome(Outcome.LOSS, on_time=True))
    lost, won = double_game_records(1, Board(1, 1, 2), parse_board(["0-1t"], True),
                                    PointSystem())
    assert lost.games == (GameOutcome(Outcome.LOSS, on_time=True),)
    assert (lost.points, won.points) == (0, 2)
    forfeit, _ = double_game_records(1, Board(1, 1, 2), parse_board(["-+"], True), PointSystem())
    assert forfeit.games == ()
    table = crosstable(TournamentSnapshot((PlayerHistory(1, (first,)), PlayerHistory(2, (second,))),
                                          total_rounds=1), [1, 2])
    assert round_cell_text(table.rows[0].rounds[0]) == "2黑胜／超时胜 2:0"
    assert round_cell_text(table.rows[1].rounds[0], "en") == "1w−/−t 0:2"
