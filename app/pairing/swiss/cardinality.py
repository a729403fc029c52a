"""Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm).

Used to answer the yes/no questions of the Dutch system: can everybody still be paired
([C4], the completion criterion of FIDE C.04.3 Art. 2.2), and can the PAB go to a player of a
given score ([C5])? Vertices are 0..n-1; `adjacent[v]` lists v's neighbours.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence


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
