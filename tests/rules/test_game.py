"""A game driven one action at a time (Chinese 2013 rules: 指定开局, 三手交换, 五手N打, endings)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.types import Colour, Outcome
from app.rules.board import SIZE, SYMMETRIES, Stone, transform
from app.rules.endings import Ending
from app.rules.game import (
    ActionKind,
    Game,
    GameSettings,
    Phase,
    decode_actions,
    encode_actions,
)
from app.rules.judge import RuleSet, judge_position
from app.rules.openings import OPENINGS, equivalent, stabiliser

from .helpers import names, pt


def play(game: Game, moves: str) -> Game:
    for name in moves.split():
        game = game.play(pt(name))
    return game


def designated(**kwargs) -> Game:  # noqa: ANN003
    return Game.new(GameSettings.designated(**kwargs))


def test_whole_designated_game_with_swap_five_two_and_claimed_foul() -> None:
    """A whole designated game: 花月, swap, 五手两打, black's 33 claimed by white."""
    game = designated(fifth_offers=2, fixed_opening="花月")
    assert game.phase is Phase.OPENING and game.actor is Colour.FIRST
    assert "花月" in game.prompt[0]
    game = play(game, "h8 h9 i9")
    assert game.opening is not None and game.opening.name_zh == "花月"
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND
    assert game.legal_actions() >= {ActionKind.SWAP, ActionKind.RESIGN, ActionKind.UNDO}
    game = game.swap(True)
    assert game.swapped is True and game.black_player is Colour.SECOND
    assert game.phase is Phase.MOVE and game.to_move is Stone.WHITE
    assert game.actor is Colour.FIRST  # the first mover now holds white and plays move 4
    game = play(game, "g10")
    assert game.phase is Phase.OFFER and game.actor is Colour.SECOND
    assert game.prompt[0].startswith("五手2打")
    game = play(game, "j7 a1")
    assert game.phase is Phase.CHOOSE and game.actor is Colour.FIRST
    assert game.legal_points() == {pt("j7"), pt("a1")}
    game = play(game, "j7")
    assert names(game.moves) == ["h8", "h9", "i9", "g10", "j7"]
    game = play(game, "g7 j9 a15 k9 o1 k7 m12")
    assert game.forbidden_points() == {pt("j8"): "33"}
    game = play(game, "j8")
    assert game.foul_pending and ActionKind.CLAIM_FOUL in game.legal_actions()
    assert "禁手" in game.prompt[0] and "foul" in game.prompt[1]
    game = game.claim_foul()
    result = game.result
    assert result is not None and game.phase is Phase.OVER
    assert (result.winner, result.ending) == (Stone.WHITE, Ending.FOUL)
    assert result.winner_player is Colour.FIRST and result.code == "1-0"
    assert result.points_of(Colour.FIRST) == 2 and result.points_of(Colour.SECOND) == 0
    assert result.outcome_of(Colour.FIRST) is Outcome.WIN
    assert result.outcome_of(Colour.SECOND) is Outcome.LOSS
    assert result.zh == "白胜（禁手）"
    last = game.numbered_moves()[-1]
    assert (last.number, last.name, last.stone, last.foul) == (13, "j8", Stone.BLACK, "33")
    assert game.legal_actions() == {ActionKind.UNDO}
    with pytest.raises(UserError):
        game.play(pt("a2"))


def test_no_swap_keeps_the_first_mover_on_black() -> None:
    game = play(designated(), "h8 i9 i7").swap(False)
    assert game.opening is not None and game.opening.name_zh == "浦月"
    assert game.black_player is Colour.FIRST and game.actor is Colour.SECOND


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(OPENINGS), st.sampled_from(SYMMETRIES))
def test_every_opening_in_every_symmetry_is_recognised(opening, k) -> None:  # noqa: ANN001
    game = designated()
    for point in opening.canonical():
        game = game.play(transform(point, k))
    assert game.opening == opening and game.phase is Phase.SWAP


def test_first_stone_on_the_centre() -> None:
    with pytest.raises(UserError) as error:
        designated().play(pt("h9"))
    assert "天元" in error.value.zh and "centre" in error.value.en
    assert designated().legal_points() == {pt("h8")}


def test_second_stone_next_to_the_centre() -> None:
    game = play(designated(), "h8")
    with pytest.raises(UserError):
        game.play(pt("h10"))
    assert len(game.legal_points()) == 8


def test_third_stone_must_make_one_of_the_26() -> None:
    game = play(designated(), "h8 h9")
    with pytest.raises(UserError) as error:
        game.play(pt("l12"))
    assert "26" in error.value.zh
    # every empty point of the central 5x5 square makes one of the 26 (13 + 10 mirrors)
    centre = {(c, r) for c in range(5, 10) for r in range(5, 10)} - {pt("h8"), pt("h9")}
    assert game.legal_points() == centre
    assert len(play(designated(), "h8 i9").legal_points()) == 23


def test_fixed_opening_only_accepts_that_opening() -> None:
    game = play(designated(fixed_opening="浦月"), "h8")
    with pytest.raises(UserError):
        game.play(pt("h9"))  # 浦月 is indirect
    game = play(game, "g7")
    with pytest.raises(UserError) as error:
        game.play(pt("f6"))  # 彗星
    assert "浦月" in error.value.zh
    assert play(game, "g9").opening.name_zh == "浦月"  # mirror image of h8 i9 i7


def test_fifth_offers_symmetric_to_each_other_are_refused() -> None:
    """五手N打: offers must not be symmetric under a symmetry that keeps the position."""
    game = play(designated(fifth_offers=3), "h8 h9 h10").swap(False)
    game = play(game, "h7")  # symmetric about the h column
    game = play(game, "g8")
    with pytest.raises(UserError) as error:
        game.play(pt("i8"))
    assert "对称" in error.value.zh
    with pytest.raises(UserError):
        game.play(pt("g8"))
    assert pt("i8") not in game.legal_points() and pt("g9") in game.legal_points()
    game = play(game, "g9 j12")
    assert game.offers == (pt("g8"), pt("g9"), pt("j12")) and game.phase is Phase.CHOOSE
    with pytest.raises(UserError):
        game.play(pt("i8"))  # not offered
    game = game.play(pt("g9"))
    assert game.stone_at(pt("g9")) is Stone.BLACK and game.to_move is Stone.WHITE


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(OPENINGS), st.sampled_from(SYMMETRIES),
       st.lists(st.tuples(st.integers(0, 14), st.integers(0, 14)), min_size=6, max_size=12))
def test_accepted_offers_are_pairwise_not_symmetric(opening, k, clicks) -> None:  # noqa: ANN001
    game = designated(fifth_offers=4)
    for point in opening.canonical():
        game = game.play(transform(point, k))
    game = game.swap(False)
    game = game.play(next(p for p in [(7, 4), (3, 3), (1, 1)] if game.stone_at(p) is None))
    for point in clicks:
        if game.phase is not Phase.OFFER:
            break
        legal = point in game.legal_points()
        try:
            game = game.play(point)
            assert legal
        except UserError:
            assert not legal
    keep = stabiliser(game.position)
    for i, a in enumerate(game.offers):
        for b in game.offers[i + 1 :]:
            assert not equivalent(a, b, keep)


def test_unclaimed_foul_stands_and_play_goes_on() -> None:
    game = play(Game.new(GameSettings.free(RuleSet.RENJU)), "j7 a1 j9 a15 k7 o1 i9 o15")
    assert game.forbidden_points() == {pt("j8"): "33"}
    game = play(game, "j8")
    assert game.foul_pending
    game = play(game, "b2")  # white plays on instead of claiming
    assert not game.foul_pending and game.result is None
    assert game.stone_at(pt("j8")) is Stone.BLACK
    assert game.numbered_moves()[8].foul == "33"
    with pytest.raises(UserError):
        game.claim_foul()


def test_claim_without_a_foul_is_refused() -> None:
    with pytest.raises(UserError):
        play(Game.new(GameSettings.free(RuleSet.RENJU)), "h8").claim_foul()


def test_five_ends_the_game() -> None:
    game = play(Game.new(GameSettings.free()), "a1 o15 b1 o14 c1 o13 d1 o12 e1")
    result = game.result
    assert result is not None and (result.winner, result.ending) == (Stone.BLACK, Ending.FIVE)
    assert result.code == "1-0" and game.prompt[0] == "对局结束：黑胜（连五）"
    assert names(game.winning_line()) == ["a1", "b1", "c1", "d1", "e1"]
    assert game.last_move == pt("e1") and game.undo().winning_line() == ()


def test_black_overline_is_a_foul_under_renju_but_wins_under_freestyle() -> None:
    moves = "a1 o15 b1 o14 c1 o13 e1 o12 f1 n15 d1"
    renju = play(Game.new(GameSettings.free(RuleSet.RENJU)), moves)
    assert renju.result is None and renju.fouls == ((11, "overline"),)
    free = play(Game.new(GameSettings.free()), moves)
    assert free.result is not None and free.result.winner is Stone.BLACK


def test_white_overline_wins_under_renju() -> None:
    game = play(Game.new(GameSettings.free(RuleSet.RENJU)),
                "h8 a1 h10 b1 j12 c1 l14 e1 n3 f1 n5 d1")
    assert game.result is not None and game.result.winner is Stone.WHITE


@pytest.mark.parametrize(
    ("action", "winner", "ending"),
    [
        (lambda g: g.resign(Stone.BLACK), Stone.WHITE, Ending.RESIGNATION),
        (lambda g: g.lose_on_time(Stone.WHITE), Stone.BLACK, Ending.TIME),
        (lambda g: g.agree_draw(), None, Ending.AGREED_DRAW),
        (lambda g: g.arbiter_decision(Stone.WHITE, "迟到"), Stone.WHITE, Ending.ARBITER),
        (lambda g: g.arbiter_decision(None), None, Ending.ARBITER),
    ],
)
def test_other_endings(action, winner, ending) -> None:  # noqa: ANN001
    game = action(play(designated(), "h8 h9 h10").swap(True))
    assert game.result is not None
    assert (game.result.winner, game.result.ending) == (winner, ending)
    if winner is None:
        assert game.result.code == "=" and game.result.points_of(Colour.FIRST) == 1
        assert game.result.outcome_of(Colour.SECOND) is Outcome.DRAW
    else:  # after the swap the second player holds black
        expected = Colour.SECOND if winner is Stone.BLACK else Colour.FIRST
        assert game.result.winner_player is expected


def test_full_board_is_a_draw() -> None:
    """满盘和棋: 225 stones without a five."""
    black = [(c, r) for c in range(SIZE) for r in range(SIZE) if (c + 2 * r) % 4 < 2]
    white = [(c, r) for c in range(SIZE) for r in range(SIZE) if (c + 2 * r) % 4 >= 2]
    order = [p for pair in zip(black, white, strict=False) for p in pair] + [black[-1]]
    game = Game.new(GameSettings.free(RuleSet.STANDARD))
    for point in order:
        game = game.play(point)
    assert game.result is not None
    assert (game.result.winner, game.result.ending) == (None, Ending.FULL_BOARD)


def test_undo_the_last_action() -> None:
    game = play(designated(), "h8 h9 i9")
    swapped = game.swap(True)
    assert swapped.undo() == game and swapped.undo().phase is Phase.SWAP
    claimed = play(Game.new(GameSettings.free(RuleSet.RENJU)),
                   "j7 a1 j9 a15 k7 o1 i9 o15 j8").claim_foul()
    assert claimed.undo().foul_pending and claimed.undo().result is None
    with pytest.raises(UserError):
        designated().undo()


def test_wrong_action_for_the_phase() -> None:
    with pytest.raises(UserError) as error:
        designated().swap(True)
    assert error.value.zh and error.value.en
    with pytest.raises(UserError):
        play(designated(), "h8 h9 i9").play(pt("a1"))  # swap decision first
    with pytest.raises(UserError):
        play(designated(), "h8").play(pt("h8"))  # not empty


def test_forbidden_points_follow_the_judge() -> None:
    game = play(Game.new(GameSettings.free(RuleSet.RENJU)), "j7 a1 j9 a15 k7 o1 i9 o15")
    assert game.forbidden_points() == judge_position(game.position).forbidden
    free = play(Game.new(GameSettings.free()), "j7 a1 j9 a15 k7 o1 i9 o15")
    assert free.forbidden_points() == {}


def test_actions_as_text_round_trip() -> None:
    game = play(designated(fixed_opening="花月"), "h8 h9 i9").swap(True)
    game = play(game, "g10 j7 a1 j7 g7 j9 a15 k9 o1 k7 m12 j8").claim_foul()
    text = encode_actions(game)
    assert text.startswith("h8 h9 i9 swap g10 offer:j7 offer:a1 choose:j7") and text.endswith(
        "j8 claim")
    again = decode_actions(game.settings, text)
    assert again == game and again.result == game.result
    decided = play(designated(), "h8 h9 h10").arbiter_decision(Stone.BLACK, "白方 100% 迟到")
    assert decode_actions(decided.settings, encode_actions(decided)) == decided
    with pytest.raises(UserError) as error:
        decode_actions(game.settings, "h8 h9 zz")
    assert "action 3" in error.value.where
    with pytest.raises(UserError):
        decode_actions(game.settings, "h8 h9 swap")


def test_bad_fifth_offer_count() -> None:
    with pytest.raises(UserError):
        GameSettings.designated(fifth_offers=0)


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(3, 11), st.integers(3, 11)), unique=True, max_size=60),
       st.sampled_from(list(RuleSet)))
def test_random_free_games_follow_the_judge_and_replay(points, rules) -> None:  # noqa: ANN001
    """Each stone of a random game is a five, a foul or neither exactly as the judge says,
    and the game replays from its action line."""
    game = Game.new(GameSettings.free(rules))
    for point in points:
        if game.result is not None:
            break
        verdict = judge_position(game.position, rules)
        stone = game.to_move
        game = game.play(point)
        fives = verdict.black_five if stone is Stone.BLACK else verdict.white_five
        if point in fives:
            assert game.result is not None and game.result.winner is stone
            assert point in game.winning_line()
        else:
            assert game.result is None
            foul = verdict.forbidden.get(point) if stone is Stone.BLACK else None
            assert game.foul_pending == (foul is not None)
            assert game.numbered_moves()[-1].foul == foul
    assert decode_actions(game.settings, encode_actions(game)) == game


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.tuples(st.integers(4, 10), st.integers(4, 10)),
                          st.sampled_from(["swap", "noswap", "undo"])), max_size=40))
def test_legal_points_match_what_play_accepts(steps) -> None:  # noqa: ANN001
    """A click is accepted exactly when `legal_points` lists it; undo gives the game back."""
    game = designated(fifth_offers=2)
    for step in steps:
        if game.result is not None:
            break
        if step == "undo":
            if game.actions:
                before = game.undo()
                assert before.actions == game.actions[:-1]
                game = before
            continue
        if isinstance(step, str):
            if game.phase is Phase.SWAP:
                game = game.swap(step == "swap")
            else:
                with pytest.raises(UserError):
                    game.swap(step == "swap")
            continue
        legal = step in game.legal_points()
        try:
            after = game.play(step)
        except UserError:
            assert not legal
            continue
        assert legal
        assert after.undo() is game
        game = after


def test_a_refused_move_names_its_board_point_not_the_program_s_name_for_it() -> None:
    """五手N打 declared by black: a stone before the declaration is refused at its point."""
    game = play(Game.new(GameSettings(RuleSet.RENJU, True, 20, declared_offers=True)),
                "h8 h9 j8")
    assert game.phase is Phase.DECLARE
    with pytest.raises(UserError) as error:
        game.play(pt("j10"))
    assert error.value.where == "j10"
    assert "声明" in error.value.zh
    with pytest.raises(UserError) as error:
        game.swap(True)
    assert error.value.where == ""
