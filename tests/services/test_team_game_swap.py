"""A team match's game recorded on the board with a swap (三手交换): the second mover takes
black, and the stored game keeps who holds which colour however often it is saved — its
colours were read back as the movers, so that every save turned them round, and a game won
by one team's player was credited to the other team's."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from app.errors import UserError
from app.rules.board import Stone, parse_point
from app.services import games, knockout, rounds
from app.services.event import Event
from app.services.queries import round_view
from app.wording import code_text
from tests.services.test_teams_and_playoffs import register_teams

Make = Callable[..., Event]


def test_a_swapped_team_game_keeps_its_colours_through_every_save(make_event: Make) -> None:
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 2)
    rounds.pair_next_round(event, "决赛")
    match = round_view(event, "决赛", 1).boards[0]
    paired = {g.index: (g.black.name, g.white.name) for g in match.games
              if g.black and g.white}
    for index in (1, 2):  # board 1: the first-named team moves first; board 2: the other
        first, second = paired[index]
        game = games.load_game(event, "决赛", 1, 1, index)
        for point in ("h8", "h9", "i9"):
            game = game.play(parse_point(point))
        game = game.declare(2).swap(True)
        for _save in range(3):  # saved again and again while the game goes on
            games.save_game(event, "决赛", 1, 1, index, game)
            stored = next(g for g in round_view(event, "决赛", 1).boards[0].games
                          if g.index == index)
            assert (stored.black.name, stored.white.name) == (second, first)
            game = games.load_game(event, "决赛", 1, 1, index)
        game = game.resign(Stone.WHITE)  # the first mover, now white, resigns
        games.save_game(event, "决赛", 1, 1, index, game)
        stored = next(g for g in round_view(event, "决赛", 1).boards[0].games
                      if g.index == index)
        assert (stored.black.name, stored.white.name) == (second, first)
        assert stored.result is not None and stored.result.code.value == "1-0"  # black won


def _record(event: Event, match: int, index: int, loser: Stone | None,
            swap: bool = False) -> None:
    """Board `index` of match `match` recorded on the board, the `loser` colour resigning
    (None: drawn)."""
    game = games.load_game(event, "决赛", 1, match, index)
    if swap:
        for point in ("h8", "h9", "i9"):
            game = game.play(parse_point(point))
        game = game.declare(2).swap(True)
    ended = game.agree_draw() if loser is None else game.resign(loser)
    games.save_game(event, "决赛", 1, match, index, ended)


def test_a_match_recorded_game_by_game_on_the_board_gets_its_result(make_event: Make) -> None:
    """Every board of a match recorded on the board: the match has its result (it had its
    score but no result, and the knockout could not pair its next round); a level match
    waits for its captains' playoff; a swapped game counts for the team whose player won."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 4)
    rounds.pair_next_round(event, "决赛")
    match = round_view(event, "决赛", 1).boards[0]
    _record(event, 1, 1, Stone.WHITE)  # board 1: the first-named team's player (black) wins
    _record(event, 1, 2, Stone.BLACK, swap=True)  # board 2: the second mover took black
    assert round_view(event, "决赛", 1).boards[0].result is None  # a board still to play
    _record(event, 1, 3, Stone.WHITE)
    recorded = round_view(event, "决赛", 1).boards[0]
    # board 2's first mover is the other team's (even board), who took white by the swap
    # and won when black resigned: that team's board; boards 1 and 3 the first-named team's
    assert recorded.score is not None and (recorded.score.first, recorded.score.second) == (
        4, 2)
    assert code_text(recorded.result) == "1-0", match.first_team  # the first-named team won
    # match 2 level on the board (3:3): no result, waiting for its playoff
    _record(event, 2, 1, Stone.WHITE)  # the first-named team's board
    _record(event, 2, 2, Stone.WHITE)  # the other team's (its player moves first: black)
    _record(event, 2, 3, None)  # drawn
    level = round_view(event, "决赛", 1).boards[1]
    assert level.result is None and level.score is not None and level.score.waits_for_playoff
    knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "="], ["1-0"],
                               replace=True)
    rounds.pair_next_round(event, "决赛")  # the bracket goes on
    assert round_view(event, "决赛", 2).boards


def test_a_match_typed_after_a_swapped_game_reads_as_typed(make_event: Make) -> None:
    """The entry's keys are each board's result first mover first: typed after a board's
    game was swapped on the board (its black the second mover), the match scores as typed,
    and typing it again is the same result (nothing to correct)."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 4)
    rounds.pair_next_round(event, "决赛")
    game = games.load_game(event, "决赛", 1, 1, 2)
    for point in ("h8", "h9", "i9"):
        game = game.play(parse_point(point))
    games.save_game(event, "决赛", 1, 1, 2, game.declare(2).swap(True))  # not over yet
    typed = ["1-0", "0-1", "1-0"]  # board 2: its second mover (the first-named team's) won
    knockout.enter_team_result(event, "决赛", 1, 1, typed)
    match = round_view(event, "决赛", 1).boards[0]
    assert match.score is not None and (match.score.first, match.score.second) == (6, 0)
    assert code_text(match.result) == "1-0"
    board_two = next(g for g in match.games if g.index == 2)
    assert board_two.result is not None and board_two.result.code.value == "1-0"  # black
    assert knockout.same_team_result(event, "决赛", 1, 1, typed)


def test_a_level_matchs_captains_playoff_is_recorded_on_the_board(make_event: Make) -> None:
    """A match level on its boards (3:3) waits for its captains' playoff (主将加赛, huazhi
    六、(三)3): game 4 is its playoff game 1, the second-named team's captain moving first;
    recorded on the board it decides the match. A playoff game the match does not have
    (not level, or one beyond the next) is refused, nothing written."""
    event = make_event("huazhi-2021")
    register_teams(event, "决赛", 4)
    rounds.pair_next_round(event, "决赛")
    one_sided = games.load_game(event, "决赛", 1, 2, 4)
    for index in (1, 2, 3):
        _record(event, 2, index, Stone.WHITE if index != 2 else Stone.BLACK)
    with pytest.raises(UserError, match="主将加赛"):  # match 2 is not level: no playoff
        games.save_game(event, "决赛", 1, 2, 4, one_sided.resign(Stone.WHITE))
    assert all(g.index <= 3 for g in round_view(event, "决赛", 1).boards[1].games)
    _record(event, 1, 1, Stone.WHITE)
    _record(event, 1, 2, Stone.WHITE)
    _record(event, 1, 3, None)
    level = round_view(event, "决赛", 1).boards[0]
    assert level.result is None and level.score is not None and level.score.waits_for_playoff
    with pytest.raises(UserError, match="主将加赛"):  # game 5 before game 4
        games.save_game(event, "决赛", 1, 1, 5, games.load_game(event, "决赛", 1, 1, 5))
    playoff = games.load_game(event, "决赛", 1, 1, 4)
    games.save_game(event, "决赛", 1, 1, 4, playoff.resign(Stone.BLACK))  # white wins
    decided = round_view(event, "决赛", 1).boards[0]
    game = next(g for g in decided.games if g.index == 4)
    assert game.playoff and game.black is not None and game.white is not None
    # the second-named team's captain moved first (black) and lost: the first-named won
    assert game.black.name == "甲" + decided.second_team[-1]
    assert code_text(decided.result) == "1-0"
    assert decided.score is not None and decided.score.decided_by is not None
