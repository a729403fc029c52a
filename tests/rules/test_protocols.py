"""The opening protocols clause by clause (app.rules.protocols, played by app.rules.game).

Each test names the clause of the rule it checks; the rule texts are summarised in the
module docstring of app.rules.protocols (RIF rules for Yamaguchi, Soosõrv-8, Taraguchi-10 and
Swap2; 《中国五子棋竞赛规则》2013 for 指定开局, 三手交换 and 五手N打).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from app.errors import UserError
from app.pairing.types import Colour
from app.rules.board import Stone, parse_point
from app.rules.check import check_actions
from app.rules.endings import Ending
from app.rules.game import (
    ActionKind,
    Game,
    GameSettings,
    Phase,
    decode_actions,
    encode_actions,
)
from app.rules.judge import RuleSet
from app.rules.openings import find_opening
from app.rules.protocols import Protocol


def settings(protocol: Protocol, **options: object) -> GameSettings:
    return GameSettings(protocol=protocol, **options)  # type: ignore[arg-type]


def play(protocol: Protocol, line: str, **options: object) -> Game:
    return decode_actions(settings(protocol, **options), line, "test")


def refused(protocol: Protocol, line: str, **options: object) -> str:
    with pytest.raises(UserError) as caught:
        play(protocol, line, **options)
    return caught.value.en


P = parse_point


# --- 指定开局 + 三手交换 + 五手N打 (2013) -----------------------------------------------------


def test_designated_with_declared_n_the_tentative_black_declares_with_the_opening() -> None:
    game = play(Protocol.DESIGNATED, "h8 h9 h10", fifth_offers=5, declared_offers=True)
    assert game.phase is Phase.DECLARE and game.actor is Colour.FIRST
    game = game.declare(3)
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND
    game = game.swap(False).play(P("i9"))
    for point in ("j8", "g6", "e5"):
        game = game.play(P(point))
    assert game.phase is Phase.CHOOSE and len(game.offers) == 3
    assert game.prompt[0].startswith("五手3打")


def test_designated_declared_n_outside_one_to_the_groups_most_is_refused() -> None:
    assert "1 to 5" in refused(Protocol.DESIGNATED, "h8 h9 h10 declare:6", fifth_offers=5,
                               declared_offers=True)
    assert "1 to 5" in refused(Protocol.DESIGNATED, "h8 h9 h10 declare:0", fifth_offers=5,
                               declared_offers=True)


def test_designated_fixed_n_needs_no_declaration() -> None:
    game = play(Protocol.DESIGNATED, "h8 h9 h10")
    assert game.phase is Phase.SWAP
    assert "swap decision comes first" in refused(Protocol.DESIGNATED, "h8 h9 h10 declare:2")


def test_designated_offers_may_not_be_symmetric_to_each_other() -> None:
    # 1D 寒星 (h8 h9 h10) and white i9: the position is not symmetric any more, so use the
    # symmetric 4th move h7 on the line of the opening instead.
    line = "h8 h9 h10 noswap h7 offer:g8"
    assert "symmetric" in refused(Protocol.DESIGNATED, line + " offer:i8")
    assert play(Protocol.DESIGNATED, line + " offer:j8").phase is Phase.CHOOSE


# --- Yamaguchi -----------------------------------------------------------------------------------


def test_yamaguchi_first_player_puts_one_of_the_26_openings() -> None:
    assert "centre" in refused(Protocol.YAMAGUCHI, "h9")
    assert "next to h8" in refused(Protocol.YAMAGUCHI, "h8 h10")
    assert "26 designated openings" in refused(Protocol.YAMAGUCHI, "h8 h9 h12")
    assert "4D" in refused(Protocol.YAMAGUCHI, "h8 h9 h10", fixed_opening=find_opening("4D"))
    game = play(Protocol.YAMAGUCHI, "h8 i9 j10")
    assert game.opening is not None and game.opening.code == "1I"


def test_yamaguchi_first_player_declares_the_number_of_fifth_moves() -> None:
    game = play(Protocol.YAMAGUCHI, "h8 h9 h10")
    assert game.phase is Phase.DECLARE and game.actor is Colour.FIRST
    assert game.legal_actions() >= {ActionKind.DECLARE}
    assert "1 to 20" in refused(Protocol.YAMAGUCHI, "h8 h9 h10 declare:0")
    assert play(Protocol.YAMAGUCHI, "h8 h9 h10 declare:12").declared == 12


def test_yamaguchi_next_player_may_swap_then_white_puts_move_4_anywhere() -> None:
    game = play(Protocol.YAMAGUCHI, "h8 h9 h10 declare:2")
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND
    game = game.swap(True)
    assert game.black_player is Colour.SECOND
    assert game.actor is Colour.FIRST  # the first player now holds white and plays move 4
    game = game.play(P("a1"))
    assert game.phase is Phase.OFFER and game.actor is Colour.SECOND


def test_yamaguchi_black_puts_the_declared_number_and_white_chooses_and_plays_6() -> None:
    game = play(Protocol.YAMAGUCHI, "h8 h9 h10 declare:2 noswap i9 offer:j8 offer:g6")
    assert game.phase is Phase.CHOOSE and game.actor is Colour.SECOND
    assert "offered" in refused(Protocol.YAMAGUCHI, "h8 h9 h10 declare:2 noswap i9 offer:j8 "
                                                    "offer:g6 choose:a1")
    game = game.play(P("g6"))
    assert game.moves[4] == P("g6") and game.to_move is Stone.WHITE
    assert game.phase is Phase.MOVE and game.actor is Colour.SECOND


# --- Soosõrv-8 -----------------------------------------------------------------------------------


def test_soosyrv_first_player_puts_an_opening_and_the_other_may_swap() -> None:
    game = play(Protocol.SOOSYRV8, "h8 h9 h10")
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND
    assert "26 designated openings" in refused(Protocol.SOOSYRV8, "h8 h9 a1")


def test_soosyrv_white_puts_move_4_and_declares_one_to_eight() -> None:
    game = play(Protocol.SOOSYRV8, "h8 h9 h10 swap k3")
    assert game.phase is Phase.DECLARE
    assert game.actor is Colour.FIRST  # after the swap the first player holds white
    assert "1 to 8" in refused(Protocol.SOOSYRV8, "h8 h9 h10 swap k3 declare:9")
    assert play(Protocol.SOOSYRV8, "h8 h9 h10 swap k3 declare:8").declared == 8


def test_soosyrv_the_other_player_may_swap_after_the_declaration() -> None:
    game = play(Protocol.SOOSYRV8, "h8 h9 h10 noswap i9 declare:3")
    assert game.phase is Phase.SWAP and game.actor is Colour.FIRST  # black holder
    game = game.swap(True)
    assert game.black_player is Colour.SECOND and game.phase is Phase.OFFER
    assert game.actor is Colour.SECOND


def test_soosyrv_black_offers_as_declared_not_symmetric_and_white_chooses() -> None:
    line = "h8 h9 h10 noswap h7 declare:2 noswap offer:g8"
    assert "symmetric" in refused(Protocol.SOOSYRV8, line + " offer:i8")
    game = play(Protocol.SOOSYRV8, line + " offer:j8 choose:j8")
    assert game.phase is Phase.MOVE and game.to_move is Stone.WHITE


# --- Taraguchi-10 --------------------------------------------------------------------------------


def test_taraguchi_move_1_on_the_centre_then_the_other_may_swap() -> None:
    assert "centre" in refused(Protocol.TARAGUCHI10, "g7")
    game = play(Protocol.TARAGUCHI10, "h8")
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND


def test_taraguchi_move_2_in_the_3x3_move_3_in_the_5x5_move_4_in_the_7x7() -> None:
    assert "3x3" in refused(Protocol.TARAGUCHI10, "h8 noswap h10")
    assert "5x5" in refused(Protocol.TARAGUCHI10, "h8 noswap h9 noswap h11")
    assert "7x7" in refused(Protocol.TARAGUCHI10, "h8 noswap h9 noswap h10 noswap h12")
    game = play(Protocol.TARAGUCHI10, "h8 noswap h9 noswap j10 noswap k11")
    assert game.opening is not None and game.opening.code == "3D"
    assert game.phase is Phase.SWAP  # black's choice after move 4


def test_taraguchi_each_swap_goes_to_the_player_who_did_not_place_the_stone() -> None:
    game = play(Protocol.TARAGUCHI10, "h8")
    assert game.actor is Colour.SECOND  # white holder, after black's move 1
    game = game.swap(True)  # the second player takes black
    assert game.black_player is Colour.SECOND
    assert game.actor is Colour.FIRST  # now white: plays move 2
    game = game.play(P("i9"))
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND  # black holder


def test_taraguchi_choice_1_black_puts_move_5_in_the_9x9_and_the_other_may_swap() -> None:
    line = "h8 noswap h9 noswap h10 noswap i9"
    assert "9x9" in refused(Protocol.TARAGUCHI10, line + " a1")
    game = play(Protocol.TARAGUCHI10, line + " l12")
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND  # white holder
    game = game.swap(False)
    assert game.phase is Phase.MOVE and game.to_move is Stone.WHITE


def test_taraguchi_choice_1_with_a_swap_the_new_black_puts_move_5() -> None:
    game = play(Protocol.TARAGUCHI10, "h8 noswap h9 noswap h10 noswap i9 swap")
    assert game.black_player is Colour.SECOND and game.actor is Colour.SECOND
    assert ActionKind.OFFER not in game.legal_actions()
    game = game.play(P("g10"))
    assert game.phase is Phase.SWAP and game.actor is Colour.FIRST


def test_taraguchi_choice_2_ten_fifth_moves_anywhere_not_symmetric() -> None:
    line = "h8 noswap h9 noswap h10 noswap h7"
    points = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2", "b2", "c2"]
    game = play(Protocol.TARAGUCHI10, line + " " + " ".join("offer:" + p for p in points))
    assert game.phase is Phase.CHOOSE and len(game.offers) == 10
    assert "symmetric" in refused(Protocol.TARAGUCHI10, line + " offer:a1 offer:o1")
    game = game.play(P("c2"))
    assert game.phase is Phase.MOVE and game.moves[4] == P("c2")


# --- Swap2 ------------------------------------------------------------------------------------------


def test_swap2_first_player_puts_black_white_black_anywhere() -> None:
    game = play(Protocol.SWAP2, "a1 o15 c3")
    assert [s for s in game.stones] == [Stone.BLACK, Stone.WHITE, Stone.BLACK]
    assert game.phase is Phase.SWAP and game.actor is Colour.SECOND


def test_swap2_option_a_the_second_player_stays_white_and_plays_move_4() -> None:
    game = play(Protocol.SWAP2, "h8 h9 h10 noswap")
    assert game.phase is Phase.MOVE and game.actor is Colour.SECOND
    assert game.black_player is Colour.FIRST


def test_swap2_option_b_the_second_player_takes_black() -> None:
    game = play(Protocol.SWAP2, "h8 h9 h10 swap")
    assert game.black_player is Colour.SECOND
    assert game.phase is Phase.MOVE and game.actor is Colour.FIRST


def test_swap2_option_c_two_more_stones_then_the_first_player_chooses() -> None:
    game = play(Protocol.SWAP2, "h8 h9 h10 i9")
    assert game.phase is Phase.OPENING and game.actor is Colour.SECOND
    game = game.play(P("j10"))
    assert game.phase is Phase.SWAP and game.actor is Colour.FIRST
    white = game.swap(True)  # the first player takes white
    assert white.black_player is Colour.SECOND and white.actor is Colour.FIRST
    black = game.swap(False)
    assert black.black_player is Colour.FIRST and black.actor is Colour.SECOND


# --- 自由开局 and passes ---------------------------------------------------------------------------


def test_free_opening_has_no_steps() -> None:
    game = Game.new(GameSettings.free())
    assert game.phase is Phase.MOVE and game.play(P("a1")).moves == (P("a1"),)


def test_no_pass_during_the_opening_steps() -> None:
    assert "opening" in refused(Protocol.DESIGNATED, "h8 pass")
    assert "opening" in refused(Protocol.SWAP2, "h8 h9 h10 pass")


def test_a_pass_gives_the_move_to_the_other_player() -> None:
    game = play(Protocol.FREE, "h8 pass")
    assert game.to_move is Stone.BLACK
    game = game.play(P("i9"))
    assert game.stone_at(P("i9")) is Stone.BLACK and game.passes_in_row == 0


def test_two_passes_in_a_row_end_the_game_as_a_draw() -> None:
    game = play(Protocol.TARAGUCHI10, "h8 noswap h9 noswap h10 noswap i9 j8 noswap pass pass")
    assert game.result is not None and game.result.winner is None
    assert game.result.ending is Ending.PASSES and game.result.code == "="


def test_passing_after_a_black_foul_means_the_foul_is_not_claimed() -> None:
    # black makes a 33 at j8 (free opening, renju rules), white passes: the foul stands.
    game = play(Protocol.FREE, "h8 a1 i8 a3 j9 a5 j10 a7 j8", rules=RuleSet.RENJU)
    assert game.foul_pending
    game = game.pass_move()
    assert not game.foul_pending and game.result is None


# --- properties: what the board offers, the checker accepts; an altered step is refused ---------

OPENING_RULES = [p for p in Protocol]


@st.composite
def legal_games(draw: st.DrawFn) -> Game:
    """A game played by choosing, at each step, one of the steps the game offers."""
    protocol = draw(st.sampled_from(OPENING_RULES))
    game = Game.new(GameSettings(protocol=protocol, fifth_offers=3))
    for _ in range(draw(st.integers(min_value=0, max_value=16))):
        kinds = game.legal_actions()
        choices = []
        if ActionKind.SWAP in kinds:
            choices.append("swap")
        if ActionKind.DECLARE in kinds:
            choices.append("declare")
        if ActionKind.PASS in kinds and draw(st.integers(0, 5)) == 0:
            choices.append("pass")
        if game.legal_points():
            choices.append("point")
        if game.offer_points() and ActionKind.OFFER in kinds:
            choices.append("offer")
        if not choices:
            break
        choice = draw(st.sampled_from(choices))
        if choice == "swap":
            game = game.swap(draw(st.booleans()))
        elif choice == "declare":
            low, high = game.current_step.declare
            game = game.declare(draw(st.integers(low, high)))
        elif choice == "pass":
            game = game.pass_move()
        elif choice == "offer":
            game = game.offer(draw(st.sampled_from(sorted(game.offer_points()))))
        else:
            game = game.play(draw(st.sampled_from(sorted(game.legal_points()))))
        if game.result is not None:
            break
    return game


@hypothesis_settings(max_examples=120, deadline=None)
@given(legal_games())
def test_every_step_sequence_the_board_offers_is_accepted_by_the_checker(game: Game) -> None:
    verdict = check_actions(game.settings, encode_actions(game).split())
    assert verdict.legal, verdict.reason
    replayed = decode_actions(game.settings, encode_actions(game))
    assert replayed.moves == game.moves and replayed.black_player == game.black_player
    assert replayed.offers == game.offers and replayed.result == game.result


@hypothesis_settings(max_examples=120, deadline=None)
@given(legal_games(), st.data())
def test_a_step_the_game_does_not_offer_is_refused_where_it_stands(game: Game,
                                                                    data: st.DataObject) -> None:
    tokens = encode_actions(game).split()
    at = data.draw(st.integers(0, len(tokens)))
    before = decode_actions(game.settings, " ".join(tokens[:at]))
    kinds = before.legal_actions()
    wrong: list[str] = []
    if P("h8") in before.moves:
        wrong.append("h8")  # an occupied point
    if ActionKind.SWAP not in kinds:
        wrong.append("swap")
    if ActionKind.DECLARE not in kinds:
        wrong.append("declare:1")
    if ActionKind.PASS not in kinds:
        wrong.append("pass")
    if ActionKind.CHOOSE not in kinds:
        wrong.append("choose:a1")
    if before.result is not None:
        wrong.append("a1" if P("a1") not in before.moves else "b1")
    if not wrong:
        return
    altered = [*tokens[:at], data.draw(st.sampled_from(wrong)), *tokens[at:]]
    verdict = check_actions(game.settings, altered)
    assert not verdict.legal and verdict.first_illegal_step == at + 1


def test_a_group_s_fifth_move_offers_make_its_game_settings() -> None:
    """指定开局 with N fixed, N declared (0), and 指定开局 outside 专业规则 (自由开局)."""
    from app.rules.game import GameSettings
    from app.rules.judge import RuleSet
    from app.rules.protocols import MAX_OFFERS

    fixed = GameSettings.of_group(RuleSet.RENJU, Protocol.DESIGNATED, 2)
    assert (fixed.fifth_offers, fixed.declared_offers, fixed.group_offers) == (2, False, 2)
    declared = GameSettings.of_group(RuleSet.RENJU, Protocol.DESIGNATED, 0)
    assert (declared.fifth_offers, declared.declared_offers) == (MAX_OFFERS, True)
    assert declared.group_offers == 0
    free = GameSettings.of_group(RuleSet.FREESTYLE, Protocol.DESIGNATED, 0)
    assert free.opening_rule is Protocol.FREE and not free.declared_offers
    assert GameSettings.of_group(RuleSet.RENJU, Protocol.SWAP2, 0).opening_rule is Protocol.SWAP2


def test_only_designated_openings_under_renju_read_a_group_s_fifth_move_offers() -> None:
    """五手N打 is 指定开局's (2013 rules): a group sets N there only; 自由开局 and Swap2 have no
    offers, Yamaguchi and Soosõrv-8 declare N in each game, Taraguchi-10 offers ten; 指定开局
    under rules without forbidden moves is played as 自由开局."""
    from app.rules.judge import RuleSet

    read = {p for p in Protocol if GameSettings.reads_group_offers(RuleSet.RENJU, p)}
    assert read == {Protocol.DESIGNATED}
    assert not GameSettings.reads_group_offers(RuleSet.FREESTYLE, Protocol.DESIGNATED)
    assert GameSettings.opening_played(RuleSet.FREESTYLE, Protocol.DESIGNATED) is Protocol.FREE
