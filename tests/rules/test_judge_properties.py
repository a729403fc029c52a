"""Property tests of the judge: symmetry, locality, five beats foul, and agreement with a
slow reference judge written from the RIF definitions in another shape."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.rules.board import SIZE, SYMMETRIES, Position, transform
from app.rules.judge import forbidden_kind, judge_position

from . import reference_judge


def _positions(lo: int, hi: int, max_stones: int) -> st.SearchStrategy[Position]:
    """Crowded positions inside columns/rows lo..hi: black has as many stones as white or
    one more, as in a game."""
    point = st.tuples(st.integers(lo, hi), st.integers(lo, hi))

    def split(points: list) -> Position:
        return Position(frozenset(points[0::2]), frozenset(points[1::2]))

    return st.lists(point, unique=True, max_size=max_stones).map(split)


def _black_heavy(lo: int, hi: int) -> st.SearchStrategy[Position]:
    """Positions rich in black patterns (many threes and fours)."""
    point = st.tuples(st.integers(lo, hi), st.integers(lo, hi))
    return st.lists(point, unique=True, min_size=4, max_size=30).flatmap(
        lambda pts: st.integers(0, len(pts) // 3).map(
            lambda n: Position(frozenset(pts[n:]), frozenset(pts[:n]))
        )
    )


ANY = st.one_of(_positions(0, SIZE - 1, 80), _positions(3, 11, 45), _black_heavy(4, 10))


@settings(max_examples=150, deadline=None)
@given(ANY, st.sampled_from(SYMMETRIES))
def test_symmetries_map_verdicts(position: Position, k: int) -> None:
    """The 8 symmetries of the board map the verdict of a position onto its image's."""
    base = judge_position(position)
    image = judge_position(position.transformed(k))
    assert image.forbidden == {transform(p, k): v for p, v in base.forbidden.items()}
    assert sorted(image.black_five) == sorted(transform(p, k) for p in base.black_five)
    assert sorted(image.white_five) == sorted(transform(p, k) for p in base.white_five)


@settings(max_examples=100, deadline=None)
@given(st.one_of(_positions(0, 5, 30), _black_heavy(0, 5)), st.integers(0, SIZE - 1),
       st.integers(13, SIZE - 1))
def test_white_stone_far_away_changes_nothing(position: Position, row: int, col: int) -> None:
    """A white stone eight or more columns away from every stone changes no verdict."""
    far = (col, row)
    before = judge_position(position)
    after = judge_position(Position(position.black, position.white | {far}))
    assert after.forbidden == before.forbidden
    assert after.black_five == before.black_five
    assert after.white_five == before.white_five


@settings(max_examples=100, deadline=None)
@given(ANY)
def test_black_five_is_never_forbidden(position: Position) -> None:
    """A point where black makes exactly five is a win, never a foul (RIF)."""
    verdict = judge_position(position)
    for point in verdict.black_five:
        assert point not in verdict.forbidden
        assert forbidden_kind(position, point) is None


@settings(max_examples=60, deadline=None)
@given(st.one_of(_black_heavy(4, 10), _positions(4, 10, 40)))
def test_agrees_with_reference_judge(position: Position) -> None:
    """Every empty point gets the same verdict from the fast judge and the reference."""
    verdict = judge_position(position)
    for c in range(3, 12):
        for r in range(3, 12):
            p = (c, r)
            if p in position.black or p in position.white:
                continue
            expected = reference_judge.status(position.black, position.white, p)
            if expected == "five":
                assert p in verdict.black_five
            else:
                assert p not in verdict.black_five
                assert verdict.forbidden.get(p) == expected, p
