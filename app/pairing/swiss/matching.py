"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm, primal-dual,
O(n^3)), for the very large integer weights of `weights.py`.

Why our own: the Dutch weights are hundreds of bits wide (one bit field per criterion), so
solvers with machine-size integers (rustworkx: 64/128-bit) cannot take them, and floating
point would lose the low fields. Python integers are exact at any size. All dual values stay
integers: vertex duals start at the largest weight, slacks are `u[i] + u[j] - 2 w(i, j)`.

Vertices are 0..n-1; blossoms get the numbers n..2n-1. A blossom keeps its children in cycle
order, starting with the child holding its base, and the edges between consecutive children
(`edges[i]` joins a vertex of `children[i]` to one of `children[i + 1]`).
"""

from __future__ import annotations

import sys

FREE, S, T = 0, 1, 2


class _Solver:
    def __init__(self, n: int, edges: list[tuple[int, int, int]]) -> None:
        self.n = n
        self.weight: list[dict[int, int]] = [{} for _ in range(n)]
        doubled: dict[int, int] = {}  # one object per value: the weights are big integers
        for a, b, w in edges:
            if a != b and w > 0:
                twice = doubled.get(w)
                if twice is None:
                    twice = doubled[w] = 2 * w  # doubled: slack = u[a] + u[b] - 2 w
                self.weight[a][b] = twice
                self.weight[b][a] = twice
        self.neighbours = [list(d) for d in self.weight]
        size = 2 * n
        self.mate = [-1] * n
        self.label = [FREE] * size
        self.label_edge: list[tuple[int, int] | None] = [None] * size
        self.in_blossom = list(range(n))
        self.parent = [-1] * size
        self.children: list[list[int]] = [[] for _ in range(size)]
        self.blossom_edges: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        self.base = list(range(n)) + [-1] * n
        self.best_edge: list[tuple[int, int] | None] = [None] * size
        self.best_edges: list[list[tuple[int, int]] | None] = [None] * size
        self.unused = list(range(n, size))
        self.in_use: set[int] = set()  # blossom numbers currently allocated
        top = max((w for d in self.weight for w in d.values()), default=0) // 2
        self.dual = [top] * n + [0] * n
        self.queue: list[int] = []

    # -- helpers -----------------------------------------------------------------------
    def slack(self, a: int, b: int) -> int:
        return self.dual[a] + self.dual[b] - self.weight[a][b]

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            x = stack.pop()
            if x < self.n:
                out.append(x)
            else:
                stack.extend(self.children[x])
        return out

    def assign_label(self, w: int, kind: int, via: tuple[int, int] | None) -> None:
        """Label the top blossom of vertex `w`; `via` = (outside vertex, w)."""
        b = self.in_blossom[w]
        self.label[w] = self.label[b] = kind
        self.label_edge[w] = self.label_edge[b] = via
        self.best_edge[w] = self.best_edge[b] = None
        if kind == S:
            self.queue.extend(self.leaves(b))
        else:
            base = self.base[b]
            partner = self.mate[base]
            self.assign_label(partner, S, (base, partner))

    def scan_blossom(self, v: int, w: int) -> int:
        """Common base of the trees of v and w, or -1 when they lie in different trees."""
        path: list[int] = []
        base = -1
        x: int | None = v
        y: int | None = w
        while x is not None or y is not None:
            if x is not None:
                b = self.in_blossom[x]
                if self.label[b] & 4:
                    base = self.base[b]
                    break
                path.append(b)
                self.label[b] = 5
                edge = self.label_edge[b]
                if edge is None:
                    x = None
                else:
                    t = self.in_blossom[edge[0]]
                    t_edge = self.label_edge[t]
                    assert t_edge is not None
                    x = t_edge[0]
            if y is not None:
                x, y = y, x
        for b in path:
            self.label[b] = S
        return base

    def add_blossom(self, base: int, v: int, w: int) -> None:
        bb = self.in_blossom[base]
        bv = self.in_blossom[v]
        bw = self.in_blossom[w]
        b = self.unused.pop()
        self.in_use.add(b)
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        left: list[int] = []
        left_edges: list[tuple[int, int]] = []
        x = bv
        while x != bb:
            self.parent[x] = b
            left.append(x)
            edge = self.label_edge[x]
            assert edge is not None
            left_edges.append(edge)
            x = self.in_blossom[edge[0]]
        right: list[int] = []
        right_edges: list[tuple[int, int]] = []
        x = bw
        while x != bb:
            self.parent[x] = b
            right.append(x)
            edge = self.label_edge[x]
            assert edge is not None
            right_edges.append((edge[1], edge[0]))
            x = self.in_blossom[edge[0]]
        self.children[b] = [bb] + left[::-1] + right
        self.blossom_edges[b] = left_edges[::-1] + [(v, w)] + right_edges
        self.label[b] = S
        self.label_edge[b] = self.label_edge[bb]
        self.dual[b] = 0
        for leaf in self.leaves(b):
            if self.label[self.in_blossom[leaf]] == T:
                self.queue.append(leaf)
            self.in_blossom[leaf] = b
        best_to: dict[int, tuple[int, int]] = {}
        for child in self.children[b]:
            candidates = self.best_edges[child]
            if candidates is None:
                candidates = [(i, j) for i in self.leaves(child) for j in self.neighbours[i]]
            for i, j in candidates:
                bj = self.in_blossom[j]
                if bj != b and self.label[bj] == S:
                    old = best_to.get(bj)
                    if old is None or self.slack(i, j) < self.slack(*old):
                        best_to[bj] = (i, j)
            self.best_edges[child] = None
            self.best_edge[child] = None
        chosen = list(best_to.values())
        self.best_edges[b] = chosen
        best = None
        for edge in chosen:
            if best is None or self.slack(*edge) < self.slack(*best):
                best = edge
        self.best_edge[b] = best
        self.gap_epoch[b] = -1

    def expand_blossom(self, b: int, end_of_stage: bool) -> None:
        for child in self.children[b]:
            self.parent[child] = -1
            if child < self.n:
                self.in_blossom[child] = child
            elif end_of_stage and self.dual[child] == 0:
                self.expand_blossom(child, end_of_stage)
            else:
                for leaf in self.leaves(child):
                    self.in_blossom[leaf] = child
        if not end_of_stage and self.label[b] == T:
            children = self.children[b]
            edges = self.blossom_edges[b]
            k = len(children)
            via = self.label_edge[b]
            assert via is not None
            entry = self.in_blossom[via[1]]
            j = children.index(entry)
            step = 1 if j % 2 == 1 else -1
            p, q = via
            while j % k != 0:
                self.label[q] = FREE
                if step == 1:
                    x, y = edges[j % k]  # matched edge from children[j] to children[j+1]
                    self.label[y] = FREE
                else:
                    x, y = edges[(j - 1) % k]  # matched edge children[j-1] - children[j]
                    self.label[x] = FREE
                self.assign_label(q, T, (p, q))
                j += step
                if step == 1:
                    p, q = edges[j % k]
                else:
                    q, p = edges[(j - 1) % k]
                j += step
            base_child = children[0]
            self.label[q] = self.label[base_child] = T
            self.label_edge[q] = self.label_edge[base_child] = (p, q)
            self.best_edge[base_child] = None
            j += step
            while children[j % k] != entry:
                child = children[j % k]
                if self.label[child] == S:
                    j += step
                    continue
                found = None
                for leaf in self.leaves(child):
                    if self.label[leaf] != FREE:
                        found = leaf
                        break
                if found is not None:
                    self.label[found] = FREE
                    self.label[self.mate[self.base[child]]] = FREE
                    edge = self.label_edge[found]
                    assert edge is not None
                    self.assign_label(found, T, edge)
                j += step
        self.label[b] = FREE
        self.label_edge[b] = None
        self.children[b] = []
        self.blossom_edges[b] = []
        self.base[b] = -1
        self.best_edges[b] = None
        self.best_edge[b] = None
        self.unused.append(b)
        self.in_use.discard(b)

    def augment_blossom(self, b: int, v: int) -> None:
        """Make vertex v the base of blossom b, swapping matched edges inside it."""
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= self.n:
            self.augment_blossom(t, v)
        children = self.children[b]
        edges = self.blossom_edges[b]
        k = len(children)
        i = j = children.index(t)
        step = 1 if i % 2 == 1 else -1
        while j % k != 0:
            j += step
            if step == 1:
                x, y = edges[j % k]
                first, second = x, y
            else:
                x, y = edges[(j - 1) % k]
                first, second = y, x
            child = children[j % k]
            if child >= self.n:
                self.augment_blossom(child, first)
            j += step
            child = children[j % k]
            if child >= self.n:
                self.augment_blossom(child, second)
            self.mate[x] = y
            self.mate[y] = x
        self.children[b] = children[i:] + children[:i]
        self.blossom_edges[b] = edges[i:] + edges[:i]
        self.base[b] = self.base[self.children[b][0]]

    def augment(self, v: int, w: int) -> None:
        for s, partner in ((v, w), (w, v)):
            while True:
                bs = self.in_blossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = partner
                edge = self.label_edge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = self.in_blossom[t]
                t_edge = self.label_edge[bt]
                assert t_edge is not None
                s, j = t_edge
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = s
                partner = j

    # -- main loop -----------------------------------------------------------------------
    def run(self) -> list[int]:
        n = self.n
        # a valid start for the primal-dual method: with every vertex dual at the largest
        # weight, the heaviest edges are tight, so a greedy matching on them costs nothing
        heaviest = 2 * self.dual[0] if n else 0
        for v in range(n):
            if self.mate[v] == -1:
                row = self.weight[v]
                for w in self.neighbours[v]:
                    if self.mate[w] == -1 and row[w] == heaviest:
                        self.mate[v] = w
                        self.mate[w] = v
                        break
        best_gap = self.best_gap = [0] * (2 * n)
        gap_epoch = self.gap_epoch = [-1] * (2 * n)
        epoch = 0
        for _ in range(n + 1):
            self.label = [FREE] * (2 * n)
            self.best_edge = [None] * (2 * n)
            for b in range(n, 2 * n):
                self.best_edges[b] = None
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.in_blossom[v]] == FREE:
                    self.assign_label(v, S, None)
            augmented = False
            while True:
                epoch += 1
                dual = self.dual
                in_blossom = self.in_blossom
                label = self.label
                best_edge = self.best_edge
                queue = self.queue
                while queue and not augmented:
                    v = queue.pop()
                    bv = in_blossom[v]
                    dv = dual[v]
                    row = self.weight[v]
                    for w in self.neighbours[v]:
                        bw = in_blossom[w]
                        if bv == bw:
                            continue
                        gap = dv + dual[w] - row[w]
                        if gap <= 0:
                            if label[bw] == FREE:
                                self.assign_label(w, T, (v, w))
                            elif label[bw] == S:
                                base = self.scan_blossom(v, w)
                                if base >= 0:
                                    self.add_blossom(base, v, w)
                                    bv = in_blossom[v]
                                else:
                                    self.augment(v, w)
                                    augmented = True
                                    break
                            elif label[w] == FREE:
                                label[w] = T
                                self.label_edge[w] = (v, w)
                        elif label[bw] == S:
                            best = best_edge[bv]
                            if best is None:
                                best_edge[bv] = (v, w)
                                best_gap[bv] = gap
                                gap_epoch[bv] = epoch
                            else:
                                if gap_epoch[bv] != epoch:
                                    best_gap[bv] = self.slack(*best)
                                    gap_epoch[bv] = epoch
                                if gap < best_gap[bv]:
                                    best_edge[bv] = (v, w)
                                    best_gap[bv] = gap
                        elif label[w] == FREE:
                            best = best_edge[w]
                            if best is None:
                                best_edge[w] = (v, w)
                                best_gap[w] = gap
                                gap_epoch[w] = epoch
                            else:
                                if gap_epoch[w] != epoch:
                                    best_gap[w] = self.slack(*best)
                                    gap_epoch[w] = epoch
                                if gap < best_gap[w]:
                                    best_edge[w] = (v, w)
                                    best_gap[w] = gap
                if augmented:
                    break
                kind, delta, target = self._delta()
                if delta:
                    for v in range(n):
                        lab = label[in_blossom[v]]
                        if lab == S:
                            dual[v] -= delta
                        elif lab == T:
                            dual[v] += delta
                    for b in self.in_use:
                        if self.parent[b] == -1:
                            if label[b] == S:
                                dual[b] += delta
                            elif label[b] == T:
                                dual[b] -= delta
                if kind == 1:
                    break
                if kind == 2:
                    assert isinstance(target, tuple)
                    a, b2 = target
                    self.queue.append(a if self.label[self.in_blossom[a]] == S else b2)
                elif kind == 3:
                    assert isinstance(target, tuple)
                    a, b2 = target
                    self.queue.append(a)
                elif kind == 4:
                    assert isinstance(target, int)
                    self.expand_blossom(target, False)
            if not augmented:
                break
            for b in range(n, 2 * n):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and self.label[b] == S
                    and self.dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return self.mate

    def _delta(self) -> tuple[int, int, tuple[int, int] | int | None]:
        n = self.n
        dual = self.dual
        label = self.label
        in_blossom = self.in_blossom
        best_edge = self.best_edge
        parent = self.parent
        slack = self.slack
        kind = 1
        delta = min(dual[:n])
        target: tuple[int, int] | int | None = None
        for v in range(n):
            edge = best_edge[v]
            if edge is None:
                continue
            lab = label[in_blossom[v]]
            if lab == FREE:
                d = slack(*edge)
                if d < delta:
                    kind, delta, target = 2, d, edge
            elif lab == S and parent[v] == -1:
                d = slack(*edge) // 2
                if d < delta:
                    kind, delta, target = 3, d, edge
        for b in self.in_use:
            if parent[b] != -1:
                continue
            if label[b] == S:
                edge = best_edge[b]
                if edge is not None:
                    d = slack(*edge) // 2
                    if d < delta:
                        kind, delta, target = 3, d, edge
            elif label[b] == T and dual[b] < delta:
                kind, delta, target = 4, dual[b], b
        return kind, delta, target


def _solved(solver: _Solver) -> list[int]:
    """`solver.run()` with room for blossoms nested as deep as the graph allows: expanding
    and augmenting recurse once per nesting level, up to n/2 levels (Python-to-Python calls
    take no C stack, so a higher limit is safe)."""
    limit = sys.getrecursionlimit()
    needed = 2 * solver.n + 1000
    if needed > limit:
        sys.setrecursionlimit(needed)
    try:
        return solver.run()
    finally:
        sys.setrecursionlimit(limit)


def max_weight_matching_tight(
    n: int, edges: list[tuple[int, int, int]]
) -> tuple[list[int], set[tuple[int, int]], list[set[int]], set[int]]:
    """As `max_weight_matching`, with what complementary slackness says about every
    maximum-weight matching: the edges tight under the final dual solution (the only ones
    such a matching uses), the blossoms with a positive dual (each must hold (size-1)/2
    matched edges) and the vertices with a positive dual (which it must cover)."""
    if n == 0:
        return [], set(), [], set()
    solver = _Solver(n, edges)
    mate = _solved(solver)
    dual = solver.dual
    lifted: list[dict[int, int]] = []  # positive blossom duals above each vertex
    members: dict[int, set[int]] = {}
    for v in range(n):
        chain: dict[int, int] = {}
        b = solver.parent[v]
        while b != -1:
            if dual[b] > 0:
                chain[b] = dual[b]
                members.setdefault(b, set()).add(v)
            b = solver.parent[b]
        lifted.append(chain)
    tight: set[tuple[int, int]] = set()
    for a, b, _ in edges:
        if a == b or b not in solver.weight[a]:
            continue
        gap = dual[a] + dual[b] - solver.weight[a][b]
        if lifted[a] and lifted[b]:
            common = lifted[a].keys() & lifted[b].keys()
            gap += 2 * sum(lifted[a][x] for x in common)
        if gap == 0:
            tight.add((a, b))
    positive = {v for v in range(n) if dual[v] > 0}
    return mate, tight, list(members.values()), positive


def lex_first_assignment(
    s1: list[int], s2: list[int], edges: set[tuple[int, int]]
) -> dict[int, int] | None:
    """A perfect matching between `s1` and `s2` (equal sizes) using `edges` (pairs
    (s1 vertex, s2 vertex)), lexicographically first: s1[0] gets the earliest s2 vertex
    possible, then s1[1], and so on. None when there is no perfect matching."""
    order = {b: i for i, b in enumerate(s2)}
    adjacent: dict[int, list[int]] = {a: [] for a in s1}
    for a, b in edges:
        if a in adjacent and b in order:
            adjacent[a].append(b)
    for a in s1:
        adjacent[a].sort(key=order.__getitem__)
    owner: dict[int, int] = {}
    partner: dict[int, int] = {}
    for a in s1:  # any perfect matching first: augmenting paths found breadth first
        came: dict[int, int] = {}
        frontier = [a]
        found = None
        while frontier and found is None:
            following: list[int] = []
            for x in frontier:
                for b in adjacent[x]:
                    if b in came:
                        continue
                    came[b] = x
                    if b not in owner:
                        found = b
                        break
                    following.append(owner[b])
                if found is not None:
                    break
            frontier = following
        if found is None:
            return None
        y = found
        while True:
            x = came[y]
            previous = partner.get(x)
            owner[y] = x
            partner[x] = y
            if x == a:
                break
            assert previous is not None
            y = previous
    fixed: set[int] = set()
    for a in s1:
        for b in adjacent[a]:
            if b in fixed:
                continue
            if partner[a] == b:
                break
            # put a-b in; a's old partner b0 is freed, b's old owner a1 must reach b0
            a1 = owner[b]
            b0 = partner[a]
            path = _alternating_path(a1, b0, adjacent, owner, partner, fixed | {b})
            if path is None:
                continue
            for x, y in path:
                owner[y] = x
                partner[x] = y
            owner[b] = a
            partner[a] = b
            break
        fixed.add(partner[a])
    return partner


def _alternating_path(
    start: int,
    target: int,
    adjacent: dict[int, list[int]],
    owner: dict[int, int],
    partner: dict[int, int],
    blocked: set[int],
) -> list[tuple[int, int]] | None:
    """New pairs (s1, s2) that re-match `start` so that the freed `target` is taken,
    avoiding `blocked` s2 vertices; None when impossible."""
    came: dict[int, int] = {}
    frontier = [start]
    seen = {start}
    while frontier:
        following: list[int] = []
        for a in frontier:
            for b in adjacent[a]:
                if b in blocked or b in came:
                    continue
                came[b] = a
                if b == target:
                    path = []
                    y = b
                    while True:
                        x = came[y]
                        path.append((x, y))
                        if x == start:
                            return path
                        y = partner[x]
                nxt = owner.get(b)
                if nxt is not None and nxt not in seen:
                    seen.add(nxt)
                    following.append(nxt)
        frontier = following
    return None


def max_weight_matching(n: int, edges: list[tuple[int, int, int]]) -> list[int]:
    """A matching of maximum total weight; `mate[v]` is v's partner or -1.

    `edges` holds (a, b, weight) with positive integer weights; other pairs are not edges.
    """
    if n == 0:
        return []
    return _solved(_Solver(n, edges))
