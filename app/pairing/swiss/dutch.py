"""The FIDE (Dutch) Swiss system (荷兰积分编排制), FIDE Handbook C.04.3, text approved on
28/10/2025 and applied from 1 February 2026, with C.04.1 (Basic Rules for Swiss Systems) and
C.04.2 (General Handling Rules).

How it works (the rules allow any method that yields the same result as their algorithm):
brackets are paired from the top score down (Art. 1.9.2). For each bracket a graph holds the
bracket (moved-down players first, then residents) and, when it can matter ([C8]), the next
scoregroup; the weights of `weights.py` encode the criteria of Art. 2 in their order of
priority, so a maximum-weight matching is a best candidate (Art. 3.8). Among equally good
candidates the Article 4 generation order decides, written as lexicographic low-order fields:
a first matching chooses which moved-down players are paired (Art. 4.4, smallest BSNs first)
and their opponents (Art. 4.2, S2 in order); a second pairs the remainder with the fewest and
smallest exchanges (Art. 4.3) and each S1 player, in order, against the highest S2 player
possible (Art. 4.2). When the first candidate is provably as good as any (Art. 3.4), or no
exchange is needed, the second matching is replaced by a direct construction.

The completion criterion [C4] (a legal pairing must remain for everybody not yet paired) and
[C5] (lowest score for the PAB assignee) are checked on all players still unpaired; only when
the bracket's own best choice would break them is the bracket paired again on the whole
graph, where they sit in the top field of every weight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.pairing.swiss.cardinality import deficient, has_complete_matching, maximum_matching
from app.pairing.swiss.matching import lex_first_assignment, max_weight_matching_tight
from app.pairing.swiss.players import SwissPlayer
from app.pairing.swiss.weights import Layout, Weigher, bits
from app.pairing.types import NoLegalPairing, PairingRequest


@dataclass(frozen=True)
class Rules:
    """Absolute criteria [C1]-[C3] for one round."""

    forbidden: frozenset[frozenset[int]]
    last_round: bool  # topscorers exist only when pairing the last round (Art. 1.8)
    topscore_threshold: int

    def topscorer(self, player: SwissPlayer) -> bool:
        """Art. 1.8: more than 50% of the maximum possible score, in the last round."""
        return self.last_round and player.score > self.topscore_threshold

    def compatible(self, a: SwissPlayer, b: SwissPlayer) -> bool:
        """[C1] no second meeting (and arbiter's forbidden pairs); [C3] two non-topscorers
        with the same absolute colour preference do not meet."""
        if b.number in a.met or frozenset((a.number, b.number)) in self.forbidden:
            return False
        if (
            a.absolute
            and b.absolute
            and a.preference is b.preference
            and not (self.topscorer(a) or self.topscorer(b))
        ):
            return False
        return True


def _solve(
    vertices: list[int], weights: dict[tuple[int, int], int]
) -> tuple[dict[int, int], set[tuple[int, int]], list[set[int]], set[int]]:
    """Maximum-weight matching of the graph on `vertices` (unmatched vertices map to
    themselves), with the edges tight under its dual solution (the only ones any
    maximum-weight matching can use), the positive-dual blossoms (vertex sets) and the
    vertices with a positive dual (which every maximum-weight matching covers)."""
    index = {v: i for i, v in enumerate(vertices)}
    edges = [(index[a], index[b], w) for (a, b), w in weights.items() if w > 0]
    mate, tight, bound, positive = max_weight_matching_tight(len(vertices), edges)
    result = {}
    for i, v in enumerate(vertices):
        result[v] = vertices[mate[i]] if mate[i] >= 0 else v
    pairs = set()
    for i, j in tight:
        a, b = vertices[i], vertices[j]
        pairs.add((a, b) if a < b else (b, a))
    blossoms = [{vertices[i] for i in group} for group in bound]
    return result, pairs, blossoms, {vertices[i] for i in positive}


class DutchPairer:
    """Pairs one round; `players` ranked by Art. 1.2 (score, then TPN)."""

    def __init__(self, request: PairingRequest, players: list[SwissPlayer]) -> None:
        snapshot = request.snapshot
        self.players = players
        self.n = len(players)
        rounds_played = request.round - 1
        best = max(snapshot.points.win, snapshot.points.draw)
        self.rules = Rules(
            forbidden=request.forbidden_pairs,
            last_round=rounds_played >= snapshot.total_rounds - 1,
            topscore_threshold=(rounds_played * best) // 2,
        )
        self.layout = Layout.build(players, rounds_played)
        n = self.n
        self.compat = [[False] * n for _ in range(n)]
        for i in range(n):
            for j in range(i + 1, n):
                ok = self.rules.compatible(players[i], players[j])
                self.compat[i][j] = ok
                self.compat[j][i] = ok
        self.pairs: dict[int, int] = {}
        self.mdp_ever: set[int] = set()

    # -- [C4] / [C5] ---------------------------------------------------------------------
    def _completable(
        self, vertices: list[int], fixed: dict[int, int], bye_ok: Callable[[int], bool] | None
    ) -> bool:
        """Can `vertices` all be paired (one left over, passing `bye_ok`, if odd)? Pairs in
        `fixed` are taken as given; moved-down players are not paired with each other."""
        free = [v for v in vertices if v not in fixed]
        allowed = None if bye_ok is None else [bye_ok(v) for v in free]
        return has_complete_matching(self._adjacency(free), allowed)

    def _bye_score(self) -> int | None:
        """[C5]: the lowest score a PAB assignee can have in a complete pairing; [C2] is
        absolute, so without an eligible assignee there is no legal pairing."""
        everybody = list(range(self.n))
        if self.n % 2 == 0:
            if not self._completable(everybody, {}, None):
                raise NoLegalPairing("the players cannot all be paired")
            return None
        scores = sorted({p.score for p in self.players if p.bye_eligible})
        for score in scores:
            def ok(v: int, score: int = score) -> bool:
                p = self.players[v]
                return p.score == score and p.bye_eligible

            if self._completable(everybody, {}, ok):
                return score
        raise NoLegalPairing("the players cannot all be paired")

    def _adjacency(self, vertices: list[int]) -> list[list[int]]:
        index = {v: i for i, v in enumerate(vertices)}
        adjacent: list[list[int]] = [[] for _ in vertices]
        for i, v in enumerate(vertices):
            row = self.compat[v]
            for u in vertices[i + 1 :]:
                if row[u] and not (v in self.mdp_ever and u in self.mdp_ever):
                    adjacent[i].append(index[u])
                    adjacent[index[u]].append(i)
        return adjacent

    def _matching_size(self, vertices: list[int]) -> int:
        mate = maximum_matching(self._adjacency(vertices))
        return sum(1 for m in mate if m != -1) // 2

    def _next_pairs(self, paired_down: list[int], nxt: list[int]) -> dict[int, int]:
        """A maximum pairing of the next bracket with the downfloater in `paired_down`
        (none or one) paired there, as [C8] counted it."""
        group = paired_down + nxt
        adjacent = self._adjacency(group)
        mate = maximum_matching(adjacent)
        if paired_down and mate[0] == -1:
            for x in adjacent[0]:
                rest = [v for i, v in enumerate(group) if i not in (0, x)]
                sub = maximum_matching(self._adjacency(rest))
                if sum(1 for m in sub if m != -1) // 2 == sum(1 for m in mate if m != -1) // 2 - 1:
                    pairs = {group[0]: group[x], group[x]: group[0]}
                    for i, m in enumerate(sub):
                        if m != -1:
                            pairs[rest[i]] = rest[m]
                    return pairs
        return {group[i]: group[m] for i, m in enumerate(mate) if m != -1}

    @staticmethod
    def _first_candidate_if_best(
        residents: list[int],
        base: dict[tuple[int, int], int],
        with_virtual: bool,
        virtual: int,
    ) -> dict[int, int] | None:
        """Art. 3.4 shortcut for a bracket without moved-down players: when the first
        candidate (S1[i] against S2[i], the last player downfloating when the number is
        odd) covers every vertex and reaches the upper bound "half the sum over vertices of
        their best edge", no matching is better, and it is the first in Article 4 order."""
        count = len(residents)
        half = count // 2
        pairs = [(residents[i], residents[half + i]) for i in range(half)]
        if count % 2:
            if not with_virtual:
                return None
            pairs.append((residents[-1], virtual))
        elif with_virtual:
            return None
        best: dict[int, int] = {}
        for (a, b), w in base.items():
            if w > best.get(a, 0):
                best[a] = w
            if w > best.get(b, 0):
                best[b] = w
        total = 0
        for key in pairs:
            edge = base.get(key)
            if edge is None:
                return None
            total += edge
        if 2 * total != sum(best.values()):
            return None
        mate: dict[int, int] = {}
        for a, b in pairs:
            mate[a] = b
            mate[b] = a
        return mate

    @staticmethod
    def _blossom_holds(
        group: set[int], rem_set: set[int], virtual: int, local_pairs: dict[int, int]
    ) -> bool:
        """A positive-dual blossom needs (size-1)/2 matched edges inside it. It cannot be
        broken by re-pairing the remainder when it misses the remainder altogether, or when
        it is the (odd) remainder plus pairs already made: any pairing of the remainder
        that leaves one player over then keeps exactly that count."""
        if not (group & rem_set) and virtual not in group:
            return True
        if virtual in group or not rem_set <= group or len(rem_set) % 2 == 0:
            return False
        return all(local_pairs.get(x) in group for x in group - rem_set)

    @staticmethod
    def _zero_exchange(
        remainder: list[int],
        s1: int,
        tight: set[tuple[int, int]],
        positive: set[int],
        virtual: int | None,
        real_next: bool,
    ) -> dict[int, int] | None:
        """The remainder's pairing when no exchange is needed (Art. 4.2 transpositions
        only). The equally best pairings are exactly those on tight edges covering every
        positive-dual vertex (complementary slackness; no positive blossom dual here), so
        the first transposition among them is the lexicographically first assignment of
        S2 players to S1. With an odd remainder the S2 player left over downfloats: to the
        next bracket (`virtual`) when that edge is tight, alone when its dual is zero (a
        positive blossom on exactly the remainder holds its (size-1)/2 pairs anyway).
        None when exchanges are needed or the shape is not covered."""
        count = len(remainder)
        first, second = remainder[:s1], remainder[s1:]
        edges = {(a, b) for a in first for b in second if (a, b) in tight}
        if 2 * s1 == count:
            return lex_first_assignment(first, second, edges)
        if 2 * s1 + 1 != count or real_next:
            return None
        must_go_down = virtual is not None and virtual in positive
        leftover = -1  # stands for "whoever is left over", last in the order
        allowed = []
        for d in second:
            down = virtual is not None and (d, virtual) in tight
            if down or (not must_go_down and d not in positive):
                allowed.append(d)
                edges.add((leftover, d))
        result = lex_first_assignment(first + [leftover], second, edges)
        if result is None:
            return None
        d = result.pop(leftover)
        if virtual is not None and (d, virtual) in tight:
            result[d] = virtual
        return result

    @staticmethod
    def _canonical(
        remainder: list[int],
        s1: int,
        mate: dict[int, int],
        base: dict[tuple[int, int], int],
        has_next: bool,
    ) -> list[tuple[int, int]] | None:
        """The first candidate of Art. 3.3 (S1[i] against S2[i]) when it is as good as the
        best matching `mate` on every criterion, else None. Only tried when the remainder
        is paired completely, or downfloats its last player with nobody below."""
        count = len(remainder)
        if count < 2 or not (2 * s1 == count or (2 * s1 == count - 1 and not has_next)):
            return None
        pairs = [(remainder[i], remainder[s1 + i]) for i in range(s1)]
        total = 0
        for key in pairs:
            w = base.get(key)
            if w is None:
                return None
            total += w
        rem_set = set(remainder)
        best = 0
        for a in remainder:
            b = mate[a]
            if b in rem_set and a < b:
                best += base[(a, b)]
        return pairs if total == best else None

    # -- the round -------------------------------------------------------------------------
    def run(self) -> dict[int, int]:
        """Pairs (vertex -> vertex, both ways); the PAB assignee maps to itself."""
        players = self.players
        if self.n == 0:
            return {}
        self.bye_score = self._bye_score()
        groups: list[list[int]] = []
        for v, p in enumerate(players):
            if groups and players[groups[-1][0]].score == p.score:
                groups[-1].append(v)
            else:
                groups.append([v])
        mdps: list[int] = []
        for g, residents in enumerate(groups):
            nxt = groups[g + 1] if g + 1 < len(groups) else []
            rest = [v for group in groups[g + 2 :] for v in group]
            c9 = self._c9_active(mdps + residents, nxt + rest)
            result = self._bracket(mdps, residents, nxt, rest, c9, full=False)
            if result is None:
                result = self._bracket(mdps, residents, nxt, rest, c9, full=True)
                assert result is not None
            mdps = result
            self.mdp_ever.update(mdps)
        if len(mdps) > 1:
            raise NoLegalPairing("players left unpaired")
        for v in mdps:
            self.pairs[v] = v
        return self.pairs

    def _c9_active(self, current: list[int], below: list[int]) -> bool:
        """[C9] applies to a bracket that downfloats exactly one player, who will receive
        the PAB: one holding a PAB candidate, when everybody below it can be paired among
        themselves."""
        if self.n % 2 == 0 or self.bye_score is None:
            return False
        if not any(self.players[v].score == self.bye_score for v in current):
            return False
        return len(below) % 2 == 0 and self._completable(below, {}, None)

    def _bracket(
        self,
        mdps: list[int],
        residents: list[int],
        nxt: list[int],
        rest: list[int],
        c9: bool,
        full: bool,
    ) -> list[int] | None:
        """Pair one bracket; returns its downfloaters, or None when the choice made on the
        bracket alone breaks [C4]/[C5] (then call again with `full`).

        Two matchings per bracket. The first pairs the moved-down players: Art. 4.4 (the
        MDPs paired are those with the smallest BSNs, score level by score level) and
        Art. 4.2 (each in turn gets the highest resident possible) are lexicographic
        preferences below all criteria, written as low-order fields. The second pairs the
        remainder the same way: Art. 4.3 (fewest exchanges, smallest difference of the
        exchanged BSNs, the lowest S1 players moved first, then the highest S2 players) and
        Art. 4.2 (each S1 player in turn gets the highest S2 player possible).
        """
        players = self.players
        current = mdps + residents
        graph_next = nxt
        gadget: tuple[int, list[bool]] | None = None
        virtual = self.n  # stands for the whole next bracket (see below)
        if not full and len(current) % 2 == 0 and self._completable(current, {}, None):
            # everybody in the bracket can be paired, so nobody downfloats and the next
            # bracket cannot change the choice ([C8] is about downfloaters only)
            graph_next = []
        elif not full and nxt and not c9 and len(current) % 2 == 1:
            if self._matching_size(current) == len(current) // 2:
                # exactly one downfloater d: for [C8] the next bracket N only matters
                # through "d makes one more pair there" (d meets a vertex that some
                # maximum matching of N leaves out) and "d can be paired there at all"
                gadget = deficient(self._adjacency(nxt))
                graph_next = []
        vertices = current + graph_next + (rest if full else [])
        in_current = set(current)
        in_next = set(graph_next)
        mdp_set = set(mdps)
        resident_set = set(residents)
        m = len(mdps)
        size = len(residents)
        digit = bits(len(current)) + 1  # room for one rank (1..len(current))
        low_mdp = (m + 2) + (m + 1) * digit
        low_rem = 3 * (bits(size * size) + 2) + 2 * (size + 2) + (size + 1) * digit
        weigher = Weigher(self.layout, self.bye_score, c9, max(low_mdp, low_rem) + 4)
        base: dict[tuple[int, int], int] = {}
        order = sorted(vertices)
        for i, a in enumerate(order):
            row = self.compat[a]
            pa = players[a]
            for b in order[i + 1 :]:
                if not row[b] or (a in self.mdp_ever and b in self.mdp_ever):
                    continue
                if a in mdp_set and b in mdp_set:
                    continue
                pb = players[b]
                w = 0
                if b in in_current or b in in_next:
                    w = weigher.weight(pa, pb, b in in_current, b in in_next)
                if full:
                    w += weigher.completion(pa, pb)
                if w:
                    base[(a, b)] = w
        if gadget is not None:
            o = weigher.offset
            shift = self.layout.shift
            next_score = players[nxt[0]].score
            spare = gadget[1]
            for d in current:
                row = self.compat[d]
                linked = [i for i, x in enumerate(nxt) if row[x]]
                if not linked:
                    continue
                here = 1 << (o["c8_scores"] + shift[players[d].score])
                if any(spare[i] for i in linked):
                    base[(d, virtual)] = (1 << o["c8_pairs"]) + here
                else:
                    base[(d, virtual)] = here - (1 << (o["c8_scores"] + shift[next_score]))
            vertices = vertices + [virtual]
        local_pairs: dict[int, int] = {}
        active = list(vertices)

        tight: set[tuple[int, int]] | None = None
        bound: list[set[int]] = []
        positive: set[int] = set()

        def solve(weights: dict[tuple[int, int], int]) -> dict[int, int]:
            nonlocal tight, bound, positive
            live = {
                k: w
                for k, w in weights.items()
                if k[0] not in local_pairs and k[1] not in local_pairs
            }
            mate, tight, bound, positive = _solve(active, live)
            mate.update(local_pairs)
            return mate

        def finalize(a: int, b: int) -> None:
            local_pairs[a] = b
            local_pairs[b] = a
            active.remove(a)
            active.remove(b)

        # Art. 4.4 and 4.2 for the moved-down players
        if m:
            weights = dict(base)
            mdp_field = (m + 1) * digit
            for idx, v in enumerate(mdps):
                for pos, opponent in enumerate(residents):
                    key = (v, opponent)
                    if key in base:
                        rank = size - pos
                        bonus = (1 << (m - 1 - idx)) << mdp_field
                        bonus += rank << (digit * (m - 1 - idx))
                        weights[key] = base[key] + bonus
            mate = solve(weights)
            for v in mdps:
                if mate[v] in resident_set:
                    finalize(v, mate[v])
        else:
            first = self._first_candidate_if_best(residents, base, gadget is not None, virtual)
            mate = solve(base) if first is None else first

        # the remainder: residents not paired with a moved-down player
        remainder = [r for r in residents if r not in local_pairs]
        rem_set = set(remainder)
        count = len(remainder)
        s1 = sum(1 for r in remainder if mate[r] in rem_set and mate[r] < r)
        canonical = self._canonical(
            remainder, s1, mate, base, bool(graph_next or (full and rest) or gadget)
        )
        if canonical is not None:
            # Art. 3.4: the first candidate is already as good as any, so it is the one
            for a, b in canonical:
                mate[a] = b
                mate[b] = a
        elif (
            tight is not None
            and all(self._blossom_holds(group, rem_set, virtual, local_pairs) for group in bound)
            and (
                quick := self._zero_exchange(
                    remainder, s1, tight, positive, virtual if gadget is not None else None,
                    bool(graph_next),
                )
            )
            is not None
        ):
            for a in remainder:
                mate[a] = a
            for a, b in quick.items():
                mate[a] = b
                mate[b] = a
        elif count > 1:
            separable = 2 * s1 == count
            scope = remainder if separable else None
            weights = dict(base)
            lex_e = 0
            lex_s2 = lex_e + (count + 1) * digit
            lex_s1 = lex_s2 + count + 2
            sum_field = lex_s1 + count + bits(count) + 2
            exch_field = sum_field + bits(count * count) + 2
            for i, a in enumerate(remainder):
                if i < s1:
                    head = (1 << exch_field) + ((1 << s1) - (1 << i) << lex_s1)
                else:
                    head = 1 << (lex_s2 + count - 1 - i)
                head += (count - i) << sum_field
                for j in range(i + 1, count):
                    edge_key = (a, remainder[j])
                    if edge_key in base and (tight is None or edge_key in tight):
                        rank = count - j
                        weights[edge_key] = (
                            base[edge_key] + head + (rank << (digit * (count - 1 - i)))
                        )
            if tight is not None:
                # complementary slackness: the best matchings use tight edges only
                weights = {k: w for k, w in weights.items() if k in tight}
            if scope is not None:
                live = {k: w for k, w in weights.items() if k[0] in rem_set and k[1] in rem_set}
                sub, _, _, _ = _solve(scope, live)
                for a in scope:
                    mate[a] = sub[a]
            else:
                mate = solve(weights)
        for a in remainder:
            b = mate[a]
            if b in rem_set and a < b:
                finalize(a, b)

        downfloaters = [v for v in current if v not in local_pairs]
        if not full:
            if len(mate) < len(vertices):
                mate = {**{v: v for v in vertices}, **mate}
            # [C4]/[C5]: the choice must leave a complete pairing of everybody else,
            # including the pairs the next bracket was counted with ([C8])
            if gadget is not None:
                tentative = self._next_pairs(
                    [d for d in downfloaters if mate[d] == virtual], nxt
                )
            else:
                tentative = {
                    v: mate[v]
                    for v in downfloaters + graph_next
                    if mate[v] != v and mate[v] not in local_pairs
                }
            remaining_players = downfloaters + nxt + rest

            def bye_ok(v: int) -> bool:
                return weigher.candidate(players[v])

            if not self._completable(
                remaining_players, tentative, bye_ok if self.n % 2 else None
            ):
                return None
        self.pairs.update(local_pairs)
        return downfloaters
