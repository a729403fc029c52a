"""One test per clause of the five and forbidden-move rules (Chinese 2013 rules / RIF rules).

Positions are small and built by hand here, independent of the labelled data files.
"""

from __future__ import annotations

from app.rules.board import Stone
from app.rules.judge import (
    FiveResult,
    RuleSet,
    forbidden_kind,
    judge_position,
    move_result,
)

from .helpers import names, pos, pt


def kind(black: str, white: str, at: str, rules: RuleSet = RuleSet.RENJU) -> str | None:
    verdict = judge_position(pos(black, white), rules)
    single = forbidden_kind(pos(black, white), pt(at), rules)
    assert verdict.forbidden.get(pt(at)) == single  # whole-board scan agrees with one point
    if pt(at) in verdict.black_five:
        return "five"
    return single


def test_black_exactly_five_wins() -> None:
    """RIF: black wins with exactly five in a row (五连)."""
    assert kind("d8 e8 f8 g8", "", "h8") == "five"
    assert names(judge_position(pos("d8 e8 f8 g8", "")).black_five) == ["c8", "h8"]


def test_black_overline_is_forbidden() -> None:
    """RIF / 2013 rules: six or more black stones in a row (长连) is a foul."""
    assert kind("d8 e8 f8 g8 i8", "", "h8") == "overline"
    assert kind("c8 d8 e8 f8 g8 i8", "", "h8") == "overline"


def test_white_five_or_more_wins() -> None:
    """White wins with five or more; an overline is a win for white."""
    verdict = judge_position(pos("", "d8 e8 f8 g8 i8"))
    assert pt("h8") in verdict.white_five
    assert verdict.forbidden == {}


def test_white_has_no_forbidden_moves() -> None:
    """Only black has forbidden moves: a white double three is just a move."""
    assert judge_position(pos("a1", "f8 g8 i9 j10")).forbidden == {}


def test_double_four_in_two_lines() -> None:
    """44: two fours made by one move in two lines."""
    assert kind("e8 f8 g8 h9 h10 h11", "d8 h12", "h8") == "44"


def test_double_four_in_one_line_split() -> None:
    """44 in one line, X.X?X.X: two completion points, two fours."""
    assert kind("e8 g8 i8 k8", "", "h8") == "44"


def test_double_four_in_one_line_two_two() -> None:
    """44 in one line, XX.X?.XX."""
    assert kind("d8 e8 g8 j8 k8", "", "h8") == "44"


def test_double_four_in_one_line_three_three() -> None:
    """44 in one line, XXX.?.XXX."""
    assert kind("d8 e8 f8 j8 k8 l8", "", "h8") == "44"


def test_straight_four_is_one_four() -> None:
    """A straight four (活四) is one four: legal."""
    assert kind("e8 f8 g8", "", "h8") is None


def test_double_three() -> None:
    """33: two threes at once, each able to become a straight four."""
    assert kind("f8 g8 i9 j10", "", "h8") == "33"


def test_split_three_counts() -> None:
    """A split three (跳三) f8 . h8 i8 is a three."""
    assert kind("f8 i8 i7 i6", "", "h8") is None  # vertical line is not through h8
    assert kind("f8 i8 g9 f10", "", "h8") == "33"


def test_blocked_three_is_not_a_three() -> None:
    """A three whose straight four would be blocked by white is no three."""
    assert kind("f8 g8 i9 j10", "d8", "h8") == "33"  # i8 still makes a straight four
    assert kind("f8 g8 i9 j10", "e8", "h8") is None  # OXXX. only makes a closed four
    assert kind("f8 g8 i9 j10", "d8 j8", "h8") is None  # O.XXX.O: no straight four


def test_four_three_is_legal() -> None:
    """4-3 is legal (四三)."""
    assert kind("e8 f8 g8 i9 j10", "d8", "h8") is None


def test_four_three_three_is_forbidden() -> None:
    """4-3-3 is a foul: two threes besides the four."""
    assert kind("e8 f8 g8 i9 j10 h9 h10", "d8", "h8") == "33"


def test_four_four_three_is_forbidden() -> None:
    """4-4-3 is a foul (double four)."""
    assert kind("e8 f8 g8 h9 h10 h11 i9 j10", "d8 h12", "h8") == "44"


def test_five_with_double_four_wins() -> None:
    """A five made together with 44 wins (RIF: five beats the foul)."""
    assert kind("d8 e8 f8 g8 h9 h10 h11 i9 j10 k11", "h12 l12", "h8") == "five"


def test_five_with_overline_elsewhere_wins() -> None:
    """Exactly five in one line wins even with six in another line."""
    assert kind("d8 e8 f8 g8 h5 h6 h7 h9 h10", "", "h8") == "five"


def test_three_whose_straight_four_needs_an_overline_is_false() -> None:
    """A three counts only if its straight four makes exactly five at both ends."""
    assert kind("d8 g8 h8 i9 i10", "k8", "i8") is None
    assert kind("g8 h8 i9 i10", "k8", "i8") == "33"


def test_three_completed_only_through_a_double_four_is_false() -> None:
    """Recursive rule: the completing point of a three must not itself be forbidden."""
    # h8: horizontal f8 g8 h8 (d8 white) can only be completed at i8; i8 would then be
    # 44 (f8-i8 and i8-i11), so that three is false; the other three h8-g9-f10 is real.
    assert kind("f8 g8 i9 i10 i11 g9 f10", "d8 i12", "h8") is None
    # Control: without i11, i8 is a plain 4-3 point and both threes are real.
    assert kind("f8 g8 i9 i10 g9 f10", "d8 i12", "h8") == "33"


def test_three_completed_only_by_making_a_five_is_false() -> None:
    """RIF: a three is completed "without at the same time making a five"."""
    # f8 g8 h8 (d8 white) completes only at i8, which also makes i8-i12 five.
    black = "f8 g8 i9 i10 i11 i12 g9 f10"
    assert kind(black, "d8", "h8") is None
    verdict = judge_position(pos(black, "d8"), five_completion_counts=True)
    assert verdict.forbidden.get(pt("h8")) == "33"


def test_the_jrf_reading_is_a_named_variant_of_the_same_judge() -> None:
    """JRF 1996: the three completed only at a point that also makes five still counts, so h8
    is a 33 under `RuleSet.RENJU_JRF` in every entry point of the judge (the position, one
    point, one move), while the default RIF reading keeps it legal."""
    black = "f8 g8 i9 i10 i11 i12 g9 f10"
    position = pos(black, "d8")
    assert kind(black, "d8", "h8") is None
    assert kind(black, "d8", "h8", RuleSet.RENJU_JRF) == "33"
    assert judge_position(position, RuleSet.RENJU_JRF).forbidden.get(pt("h8")) == "33"
    assert move_result(position, pt("h8"), Stone.BLACK, RuleSet.RENJU_JRF) is FiveResult.FORBIDDEN
    assert move_result(position, pt("h8"), Stone.BLACK, RuleSet.RENJU) is FiveResult.NONE
    # white is judged as under the RIF rules: five or more wins, no forbidden moves
    assert RuleSet.RENJU_JRF.wins_with(Stone.WHITE, 6)
    assert not RuleSet.RENJU_JRF.wins_with(Stone.BLACK, 6)


def test_edge_blocks_a_straight_four() -> None:
    """The board edge stops a straight four like a white stone."""
    assert kind("a8 b8 c9 c10", "", "c8") is None
    assert kind("b8 c8 d9 d10", "", "d8") == "33"


def test_freestyle_overline_wins_and_nothing_is_forbidden() -> None:
    """大众规则: five or more wins for both sides, no forbidden moves."""
    verdict = judge_position(pos("d8 e8 f8 g8 i8 f10 g9", "d5 e5 f5 g5 i5"), RuleSet.FREESTYLE)
    assert pt("h8") in verdict.black_five
    assert pt("h5") in verdict.white_five
    assert verdict.forbidden == {}


def test_standard_gomoku_needs_exactly_five() -> None:
    """标准五子棋: exactly five wins for both, an overline wins for nobody, no fouls."""
    verdict = judge_position(pos("d8 e8 f8 g8 i8", "d5 e5 f5 g5 i5"), RuleSet.STANDARD)
    assert pt("h8") not in verdict.black_five
    assert pt("h5") not in verdict.white_five
    assert verdict.forbidden == {}
    verdict = judge_position(pos("d8 e8 f8 g8", "d5 e5 f5 g5"), RuleSet.STANDARD)
    assert names(verdict.black_five) == ["c8", "h8"]
    assert names(verdict.white_five) == ["c5", "h5"]


def test_move_result() -> None:
    position = pos("d8 e8 f8 g8 i8 f10 g9", "d5 e5 f5 g5")
    assert move_result(position, pt("h8"), Stone.BLACK, RuleSet.RENJU) is FiveResult.FORBIDDEN
    assert move_result(position, pt("c8"), Stone.BLACK, RuleSet.RENJU) is FiveResult.FIVE
    assert move_result(position, pt("h5"), Stone.WHITE, RuleSet.RENJU) is FiveResult.FIVE
    assert move_result(position, pt("a1"), Stone.BLACK, RuleSet.RENJU) is FiveResult.NONE
