"""The matching algorithms against brute force on small random graphs."""

from __future__ import annotations

from functools import cache
from itertools import permutations

from hypothesis import given, settings
from hypothesis import strategies as st

from app.pairing.swiss.cardinality import (
    complete_matching_exists,
    deficient,
    deficient_of,
    has_complete_matching,
    maximum_matching,
    maximum_matching_of,
)
from app.pairing.swiss.matching import lex_first_assignment, max_weight_matching


def _best(n: int, weights: dict[tuple[int, int], int]) -> int:
    @cache
    def solve(free: frozenset[int]) -> int:
        if not free:
            return 0
        v = min(free)
        rest = free - {v}
        best = solve(rest)
        for u in rest:
            w = weights.get((v, u), weights.get((u, v), 0))
            if w > 0:
                best = max(best, w + solve(rest - {u}))
        return best

    return solve(frozenset(range(n)))


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, dict[tuple[int, int], int]]:
    n = draw(st.integers(0, 9))
    huge = draw(st.sampled_from([3, 1000, 2**300]))
    weights: dict[tuple[int, int], int] = {}
    for a in range(n):
        for b in range(a + 1, n):
            if draw(st.booleans()):
                weights[(a, b)] = draw(st.integers(1, huge))
    return n, weights


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_max_weight_matching_is_a_matching_of_maximum_weight(graph) -> None:  # type: ignore[no-untyped-def]
    n, weights = graph
    mate = max_weight_matching(n, [(a, b, w) for (a, b), w in weights.items()])
    total = 0
    for v, u in enumerate(mate):
        if u != -1:
            assert mate[u] == v
            if v < u:
                total += weights[(v, u)]
    assert total == _best(n, weights)


@settings(max_examples=150, deadline=None)
@given(graphs())
def test_maximum_cardinality_and_deficient_vertices(graph) -> None:  # type: ignore[no-untyped-def]
    n, weights = graph
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a, b in weights:
        adjacent[a].append(b)
        adjacent[b].append(a)
    unit = {key: 1 for key in weights}
    size = _best(n, unit)
    mate = maximum_matching(adjacent)
    assert sum(1 for m in mate if m != -1) == 2 * size
    got_size, spare = deficient(adjacent)
    assert got_size == size
    for v in range(n):
        without = {k: 1 for k in weights if v not in k}
        assert spare[v] == (_best(n, without) == size)
    assert has_complete_matching(adjacent, None) == (2 * size >= n - (n % 2))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.data())
def test_lexicographically_first_assignment(size: int, data: st.DataObject) -> None:
    left = list(range(size))
    right = list(range(10, 10 + size))
    edges = {(a, b) for a in left for b in right if data.draw(st.booleans())}
    best = None
    for order in permutations(right):  # permutations come in lexicographic order
        if all((a, b) in edges for a, b in zip(left, order, strict=True)):
            best = order
            break
    got = lex_first_assignment(left, right, edges)
    if best is None:
        assert got is None
    else:
        assert got is not None
        assert tuple(got[a] for a in left) == best


@settings(max_examples=200, deadline=None)
@given(graphs(), st.data())
def test_the_same_answers_without_adjacency_lists(graph, data: st.DataObject) -> None:  # type: ignore[no-untyped-def]
    """The linear-memory versions (a pair test instead of lists) answer as the lists do:
    complete or not (with the player left over allowed or not), the size of a maximum
    matching, and the vertices some maximum matching leaves out."""
    n, weights = graph
    adjacent: list[list[int]] = [[] for _ in range(n)]
    for a, b in weights:
        adjacent[a].append(b)
        adjacent[b].append(a)

    def may_pair(a: int, b: int) -> bool:
        return (min(a, b), max(a, b)) in weights

    allowed = data.draw(st.none() | st.lists(st.booleans(), min_size=n, max_size=n))
    assert complete_matching_exists(n, may_pair, allowed) == has_complete_matching(
        adjacent, allowed
    )
    mate = maximum_matching_of(n, may_pair)
    assert all(mate[mate[v]] == v and may_pair(v, mate[v]) for v in range(n) if mate[v] != -1)
    assert sum(1 for m in mate if m != -1) == sum(1 for m in maximum_matching(adjacent) if m != -1)
    assert deficient_of(n, may_pair) == deficient(adjacent)
