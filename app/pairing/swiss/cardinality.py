"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm).

Used to answer the yes/no questions of the Dutch system: can everybody still be paired
([C4], the completion criterion of FIDE C.04.3 Art. 2.2), and can the PAB go to a player of a
given score ([C5])? Vertices are 0..n-1; `adjacent[v]` lists v's neighbours.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence


def maximum_matching(adjacent: Sequence[Sequence[int]]) -> list[int]:
    """A maximum matching: `mate[v]` is v's partner, or -1."""
    n = len(adjacent)
    mate = [-1] * n
    # greedy start, fewest-neighbours first
    for v in sorted(range(n), key=lambda x: len(adjacent[x])):
        if mate[v] == -1:
            for u in adjacent[v]:
                if mate[u] == -1 and u != v:
                    mate[v] = u
                    mate[u] = v
                    break
    for root in range(n):
        if mate[root] == -1:
            _augment_from(root, adjacent, mate)
    return mate


def _augment_from(
    root: int,
    adjacent: Sequence[Sequence[int]],
    mate: list[int],
    outer: list[bool] | None = None,
) -> bool:
    """Search an augmenting path from the exposed vertex `root` and apply it. Without one,
    marks in `outer` (when given) the vertices reached by even alternating paths."""
    n = len(adjacent)
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    queue: deque[int] = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = True
            blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while queue:
        v = queue.popleft()
        for u in adjacent[v]:
            if base[v] == base[u] or mate[v] == u:
                continue
            if u == root or (mate[u] != -1 and parent[mate[u]] != -1):
                current = lca(v, u)
                blossom = [False] * n
                mark_path(v, current, u, blossom)
                mark_path(u, current, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = current
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[u] == -1:
                parent[u] = v
                if mate[u] == -1:
                    # augment along the path ending at u
                    while u != -1:
                        pv = parent[u]
                        nxt = mate[pv]
                        mate[u] = pv
                        mate[pv] = u
                        u = nxt
                    return True
                used[mate[u]] = True
                queue.append(mate[u])
    if outer is not None:
        for i in range(n):
            if used[i]:
                outer[i] = True
    return False


def deficient(adjacent: Sequence[Sequence[int]]) -> tuple[int, list[bool]]:
    """The size of a maximum matching and, for each vertex, whether some maximum matching
    leaves it uncovered (the set D of the Gallai-Edmonds decomposition)."""
    mate = maximum_matching(adjacent)
    n = len(adjacent)
    outer = [False] * n
    for v in range(n):
        if mate[v] == -1:
            _augment_from(v, adjacent, mate, outer)
    size = sum(1 for m in mate if m != -1) // 2
    return size, outer


def has_complete_matching(
    adjacent: Sequence[Sequence[int]], bye_allowed: Sequence[bool] | None
) -> bool:
    """True when all vertices can be paired, except one when their number is odd, and
    that one satisfies `bye_allowed` (None: anybody may be left over)."""
    n = len(adjacent)
    if n % 2 == 0:
        mate = maximum_matching(adjacent)
        return all(m != -1 for m in mate)
    dummy = n
    extended: list[list[int]] = [list(a) for a in adjacent]
    extended.append([])
    for v in range(n):
        if bye_allowed is None or bye_allowed[v]:
            extended[v].append(dummy)
            extended[dummy].append(v)
    if not extended[dummy]:
        return False
    mate = maximum_matching(extended)
    return all(m != -1 for m in mate)


# -- the same questions on a graph given by a test, without adjacency lists ---------------
# A bracket's "everybody below" can hold thousands of players, almost all of whom may meet
# each other: lists of neighbours would grow with the square of the field. Here `may_pair`
# answers for one pair, neighbours are listed only when a search reaches a vertex, and the
# memory stays linear in the number of vertices.


class _Neighbours(Sequence[Sequence[int]]):
    """The adjacency of vertices 0..n-1 (plus, when `spare` is given, a vertex n joined to
    the vertices it allows), listed on demand from `may_pair`."""

    def __init__(
        self, n: int, may_pair: Callable[[int, int], bool], spare: Sequence[bool] | None
    ) -> None:
        self.n = n
        self.may_pair = may_pair
        self.spare = spare

    def __len__(self) -> int:
        return self.n + (self.spare is not None)

    def __getitem__(self, v: int) -> list[int]:  # type: ignore[override]
        n, spare = self.n, self.spare
        if v == n:
            assert spare is not None
            return [u for u in range(n) if spare[u]]
        may_pair = self.may_pair
        found = [u for u in range(n) if u != v and may_pair(v, u)]
        if spare is not None and spare[v]:
            found.append(n)
        return found


def _greedy(adjacent: _Neighbours, tries: int = 32) -> list[int]:
    """A first matching: each vertex in turn with the next free vertex it may meet (a few
    tries each; what is left is for the augmenting paths)."""
    size = len(adjacent)
    n = adjacent.n
    may_pair, spare = adjacent.may_pair, adjacent.spare
    mate = [-1] * size
    follow = list(range(1, n + 2))  # from a paired vertex i, look on at follow[i] > i

    def next_free(i: int) -> int:
        """The first free vertex at i or after (n when none); the paths are shortened."""
        root = i
        while root < n and mate[root] != -1:
            root = follow[root]
        while i < root:
            after = follow[i]
            follow[i] = root
            i = after
        return root

    for v in range(n):
        if mate[v] != -1:
            continue
        u = next_free(v + 1)
        for _ in range(tries):
            if u >= n:
                break
            if may_pair(v, u):
                mate[v], mate[u] = u, v
                break
            u = next_free(u + 1)
    if spare is not None:
        for v in range(n):
            if mate[v] == -1 and spare[v]:
                mate[v], mate[n] = n, v
                break
    return mate


def maximum_matching_of(n: int, may_pair: Callable[[int, int], bool]) -> list[int]:
    """A maximum matching of vertices 0..n-1 joined where `may_pair` says so (`mate[v]` or
    -1), in memory linear in n."""
    adjacent = _Neighbours(n, may_pair, None)
    mate = _greedy(adjacent)
    for root in range(n):
        if mate[root] == -1:
            _augment_from(root, adjacent, mate)
    return mate


def deficient_of(n: int, may_pair: Callable[[int, int], bool]) -> tuple[int, list[bool]]:
    """`deficient` of the graph `may_pair` defines on 0..n-1, in memory linear in n (the
    set D of the Gallai-Edmonds decomposition does not depend on the maximum matching)."""
    adjacent = _Neighbours(n, may_pair, None)
    mate = maximum_matching_of(n, may_pair)
    outer = [False] * n
    for v in range(n):
        if mate[v] == -1:
            _augment_from(v, adjacent, mate, outer)
    return sum(1 for m in mate if m != -1) // 2, outer


def complete_matching_exists(
    n: int, may_pair: Callable[[int, int], bool], bye_allowed: Sequence[bool] | None
) -> bool:
    """`has_complete_matching` of the graph `may_pair` defines on 0..n-1, in memory linear
    in n. An exposed vertex that no augmenting path reaches stays exposed in every larger
    matching, so the first such vertex answers "no"."""
    if n % 2 == 0:
        spare = None
    else:
        spare = [True] * n if bye_allowed is None else list(bye_allowed)
        if not any(spare):
            return False
    adjacent = _Neighbours(n, may_pair, spare)
    mate = _greedy(adjacent)
    for root in range(len(adjacent)):
        if mate[root] == -1 and not _augment_from(root, adjacent, mate):
            return False
    return True
