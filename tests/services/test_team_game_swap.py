"""A team match's game recorded on the board with a swap (三手交换): the second mover takes
black, and the stored game keeps who holds which colour however often it is saved — its
colours were read back as the movers, so that every save turned them round, and a game won
by one team's player was credited to the other team's."""

from __future__ import annotations

from collections.abc import Callable

from app.rules.board import Stone, parse_point
from app.services import games, rounds
from app.services.event import Event
from app.services.queries import round_view
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
