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

from bisect import bisect_left, bisect_right
from collections.abc import Callable
from dataclasses import dataclass, field

from app.errors import UserError
from app.pairing.swiss.cardinality import (
    complete_matching_exists,
    deficient_of,
    maximum_matching,
    maximum_matching_of,
)
from app.pairing.swiss.matching import lex_first_assignment, max_weight_matching_tight
from app.pairing.swiss.players import SwissPlayer
from app.pairing.swiss.weights import GenerationOrder, Layout, Weigher
from app.pairing.types import Colour, NoLegalPairing, PairingRequest


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


GRAPH_LIMIT = 2500
"""The most players one bracket's weighted graph holds (with the next bracket when [C8]
needs it): about 3 million edges; a 2 300-player bracket of a 9 999-player round takes about
a gigabyte and a few minutes while its matchings run (bench/bench_swiss_scale.py)."""


class DutchPairer:
    """Pairs one round; `players` ranked by Art. 1.2 (score, then TPN).

    Memory grows with the largest bracket's graph, not with the field: who may meet whom
    is answered pair by pair, and the questions about everybody below a bracket ([C4],
    [C5], [C9]) are answered without adjacency lists. A bracket's weighted graph is built
    for at most `graph_limit` players; a larger bracket is paired when Art. 3.4 shows that
    its first candidate is as good as any (always so in a first round), else refused.
    """

    graph_limit = GRAPH_LIMIT

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
        self._avoid, self._colour_class = self._meeting_rules()
        self.pairs: dict[int, int] = {}
        self.mdp_ever: set[int] = set()
        self._bracket_number = 0  # the bracket being paired, from the top (for messages)

    # -- who may meet whom ([C1]-[C3]) ------------------------------------------------------
    def _meeting_rules(self) -> tuple[list[frozenset[int]], list[Colour | None]]:
        """`Rules.compatible` for every pair, kept in memory linear in the field: for each
        player the players met ([C1], as the higher-ranked one's record says) and those the
        arbiter keeps apart, and the colour of an absolute preference that [C3] enforces
        (None for a topscorer or without one). No table of all pairs is built."""
        players = self.players
        index = {p.number: v for v, p in enumerate(players)}
        avoid: list[set[int]] = [set() for _ in players]
        for v, player in enumerate(players):
            for number in player.met:
                u = index.get(number)
                if u is not None and u > v:
                    avoid[v].add(u)
                    avoid[u].add(v)
        for pair in self.rules.forbidden:
            ends = [index[number] for number in pair if number in index]
            if len(ends) == 2:
                avoid[ends[0]].add(ends[1])
                avoid[ends[1]].add(ends[0])
        classes = [
            p.preference if p.absolute and not self.rules.topscorer(p) else None for p in players
        ]
        return [frozenset(s) for s in avoid], classes

    def may_meet(self, a: int, b: int) -> bool:
        """[C1]-[C3] for players `a` and `b` (vertices), as `Rules.compatible` says."""
        if b in self._avoid[a]:
            return False
        colour = self._colour_class[a]
        return colour is None or colour is not self._colour_class[b]

    def _pair_test(self, vertices: list[int]) -> Callable[[int, int], bool]:
        """Whether positions i and j of `vertices` may be paired: `may_meet`, and moved-down
        players of this round are not paired with each other."""
        avoid = self._avoid
        colours = [self._colour_class[v] for v in vertices]
        moved = [v in self.mdp_ever for v in vertices]

        def may_pair(i: int, j: int) -> bool:
            if vertices[j] in avoid[vertices[i]] or (moved[i] and moved[j]):
                return False
            colour = colours[i]
            return colour is None or colour is not colours[j]

        return may_pair

    # -- [C4] / [C5] ---------------------------------------------------------------------
    def _completable(
        self, vertices: list[int], fixed: dict[int, int], bye_ok: Callable[[int], bool] | None
    ) -> bool:
        """Can `vertices` all be paired (one left over, passing `bye_ok`, if odd)? Pairs in
        `fixed` are taken as given; moved-down players are not paired with each other."""
        free = [v for v in vertices if v not in fixed]
        allowed = None if bye_ok is None else [bye_ok(v) for v in free]
        return complete_matching_exists(len(free), self._pair_test(free), allowed)

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
        may_pair = self._pair_test(vertices)
        adjacent: list[list[int]] = [[] for _ in vertices]
        for i in range(len(vertices)):
            for j in range(i + 1, len(vertices)):
                if may_pair(i, j):
                    adjacent[i].append(j)
                    adjacent[j].append(i)
        return adjacent

    def _maximum_matching(self, vertices: list[int]) -> list[int]:
        """A maximum matching of `vertices` (positions; -1 when unpaired): from adjacency
        lists up to `graph_limit` players, beyond that in memory linear in their number."""
        if len(vertices) <= self.graph_limit:
            return maximum_matching(self._adjacency(vertices))
        return maximum_matching_of(len(vertices), self._pair_test(vertices))

    def _next_pairs(self, paired_down: list[int], nxt: list[int]) -> dict[int, int]:
        """A maximum pairing of the next bracket with the downfloater in `paired_down`
        (none or one) paired there, as [C8] counted it."""
        group = paired_down + nxt
        mate = self._maximum_matching(group)
        if paired_down and mate[0] == -1:
            may_pair = self._pair_test(group)
            for x in (i for i in range(1, len(group)) if may_pair(0, i)):
                rest = [v for i, v in enumerate(group) if i not in (0, x)]
                sub = self._maximum_matching(rest)
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
            self._bracket_number = g + 1
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
        """Pair one bracket (Art. 1.9.2); returns its downfloaters, or None when the choice
        made on the bracket alone breaks [C4]/[C5] (then call again with `full`).

        The stages follow Article 3: the graph of the bracket weighted by the criteria of
        Art. 2 (with the next bracket when [C8] can matter); the moved-down players paired
        first (Art. 4.4, 4.2); the remainder paired (Art. 3.4, 4.3, 4.2); then the
        completion criterion checked on everybody still to be paired ([C4], [C5]).
        """
        bracket = self._graph(mdps, residents, nxt, rest, c9, full)
        if bracket.size > self.graph_limit:
            mate = self._pair_large(bracket)
        else:
            mate = self._pair_moved_down(bracket)
            mate = self._pair_remainder(bracket, mate)
        downfloaters = [v for v in bracket.current if v not in bracket.local_pairs]
        if not full and not self._completion_holds(bracket, mate, downfloaters):
            return None
        self.pairs.update(bracket.local_pairs)
        return downfloaters

    # -- stage 1: the graph ([C1]-[C21], [C8]) ---------------------------------------------
    def _graph(
        self,
        mdps: list[int],
        residents: list[int],
        nxt: list[int],
        rest: list[int],
        c9: bool,
        full: bool,
    ) -> _Bracket:
        """The bracket's graph: MDPs first, then residents, with the next bracket as [C8]
        needs it, and everybody below too when `full` ([C4]/[C5] then sit in the top field).
        Edges exist between players who may meet ([C1]-[C3]); MDPs do not meet each other
        (they were already left over together)."""
        current = mdps + residents
        graph_next, gadget = self._next_bracket_in_graph(current, nxt, c9, full)
        vertices = current + graph_next + (rest if full else [])
        order = GenerationOrder.build(len(mdps), len(residents))
        weigher = Weigher(self.layout, self.bye_score, c9, order.width)
        bracket = _Bracket(
            mdps, residents, nxt, rest, full, current, graph_next, gadget, self.n,
            vertices, order, weigher,
        )
        if gadget is not None:
            self._add_next_bracket_vertex(bracket, gadget)
        bracket.active = list(bracket.vertices)
        return bracket

    def _edges(self, bracket: _Bracket) -> dict[tuple[int, int], int]:
        """The weighted edges of the bracket's graph, made when first needed: their number
        grows with the square of the graph, so a graph of more than `graph_limit` players is
        refused (`UserError`) rather than built."""
        if bracket.base is None:
            if bracket.size > self.graph_limit:
                raise self._too_large(bracket)
            bracket.base = self._base_weights(bracket)
            bracket.base.update(bracket.virtual_edges)
        return bracket.base

    def _next_bracket_in_graph(
        self, current: list[int], nxt: list[int], c9: bool, full: bool
    ) -> tuple[list[int], tuple[int, list[bool]] | None]:
        """[C8] (the choice of downfloaters maximises the pairs, then the scores, of the next
        bracket): the next bracket's players as they go into the graph, or none with the
        next bracket summed up in one vertex (the returned Gallai-Edmonds data), or none at
        all when nobody downfloats."""
        if not full and len(current) % 2 == 0 and self._completable(current, {}, None):
            # everybody in the bracket can be paired, so nobody downfloats and the next
            # bracket cannot change the choice ([C8] is about downfloaters only)
            return [], None
        if not full and nxt and not c9 and len(current) % 2 == 1:
            if self._completable(current, {}, None):
                # exactly one downfloater d: for [C8] the next bracket N only matters
                # through "d makes one more pair there" (d meets a vertex that some
                # maximum matching of N leaves out) and "d can be paired there at all"
                return [], deficient_of(len(nxt), self._pair_test(nxt))
        return nxt, None

    def _base_weights(self, bracket: _Bracket) -> dict[tuple[int, int], int]:
        """The weight of every edge of the graph: [C6]-[C21] between players of the bracket
        (and [C8] towards the next bracket), plus [C4]/[C5] on the whole graph."""
        players = self.players
        weigher = bracket.weigher
        in_current = set(bracket.current)
        in_next = set(bracket.graph_next)
        mdp_set = set(bracket.mdps)
        full = bracket.full
        colours = self._colour_class
        base: dict[tuple[int, int], int] = {}
        order = sorted(v for v in bracket.vertices if v != bracket.virtual)
        for i, a in enumerate(order):
            avoid = self._avoid[a]
            colour = colours[a]
            pa = players[a]
            for b in order[i + 1 :]:
                if b in avoid or (colour is not None and colour is colours[b]):
                    continue
                if a in self.mdp_ever and b in self.mdp_ever:
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
        return base

    def _add_next_bracket_vertex(
        self, bracket: _Bracket, gadget: tuple[int, list[bool]]
    ) -> None:
        """[C8] with one downfloater d: one vertex stands for the next bracket N. The edge
        d-N rewards d's score ([C7] in N) and, when d meets a player some maximum pairing
        of N leaves out, one more pair in N ([C6] there); else it costs N's own score, as
        d then pushes one of N's players down."""
        players = self.players
        nxt = bracket.nxt
        o = bracket.weigher.offset
        shift = self.layout.shift
        next_score = players[nxt[0]].score
        spare = gadget[1]
        virtual = bracket.virtual
        left_out = [x for i, x in enumerate(nxt) if spare[i]]
        may_meet = self.may_meet
        for d in bracket.current:
            here = 1 << (o["c8_scores"] + shift[players[d].score])
            if any(may_meet(d, x) for x in left_out):
                bracket.virtual_edges[(d, virtual)] = (1 << o["c8_pairs"]) + here
            elif any(may_meet(d, x) for x in nxt):
                bracket.virtual_edges[(d, virtual)] = here - (
                    1 << (o["c8_scores"] + shift[next_score])
                )
        bracket.vertices = bracket.vertices + [virtual]

    # -- stage 2: the moved-down players (Art. 4.4, 4.2) -----------------------------------
    def _pair_moved_down(self, bracket: _Bracket) -> dict[int, int]:
        """A best matching of the graph in which the MDPs paired are those Art. 4.4 chooses
        (smallest BSNs first) with the opponents Art. 4.2 gives them (S2 in order); the
        MDPs' pairs are final. Without MDPs, the first candidate when Art. 3.4 shows it is
        as good as any, else a best matching (the remainder stage orders it)."""
        base = self._edges(bracket)
        if not bracket.mdps:
            first = self._first_candidate_if_best(
                bracket.residents, base, bracket.gadget is not None, bracket.virtual
            )
            return bracket.solve(base) if first is None else first
        order = bracket.order
        weights = dict(base)
        for idx, v in enumerate(bracket.mdps):
            for pos, opponent in enumerate(bracket.residents):
                key = (v, opponent)
                if key in base:
                    weights[key] = base[key] + order.moved_down_bonus(idx, pos)
        mate = bracket.solve(weights)
        resident_set = set(bracket.residents)
        for v in bracket.mdps:
            if mate[v] in resident_set:
                bracket.finalize(v, mate[v])
        return mate

    # -- stage 3: the remainder (Art. 3.4, 4.3, 4.2) ---------------------------------------
    def _pair_remainder(self, bracket: _Bracket, mate: dict[int, int]) -> dict[int, int]:
        """Pair the remainder (residents not paired with an MDP, Art. 1.3.4) as the first
        candidate of Art. 4 among the best: the first candidate itself when it is as good
        as `mate` (Art. 3.4), the first transposition when no exchange is needed, else a
        second matching ordered by Art. 4.3 (exchanges) and 4.2 (transpositions)."""
        remainder = [r for r in bracket.residents if r not in bracket.local_pairs]
        rem_set = set(remainder)
        s1 = sum(1 for r in remainder if mate[r] in rem_set and mate[r] < r)
        has_next = bool(
            bracket.graph_next or (bracket.full and bracket.rest) or bracket.gadget
        )
        canonical = self._canonical(remainder, s1, mate, self._edges(bracket), has_next)
        quick = None if canonical is not None else self._without_exchange(bracket, remainder, s1)
        if canonical is not None:
            # Art. 3.4: the first candidate is already as good as any, so it is the one
            for a, b in canonical:
                mate[a] = b
                mate[b] = a
        elif quick is not None:
            for a in remainder:
                mate[a] = a
            for a, b in quick.items():
                mate[a] = b
                mate[b] = a
        elif len(remainder) > 1:
            mate = self._exchange_matching(bracket, remainder, s1, mate)
        for a in remainder:
            b = mate[a]
            if b in rem_set and a < b:
                bracket.finalize(a, b)
        return mate

    def _without_exchange(
        self, bracket: _Bracket, remainder: list[int], s1: int
    ) -> dict[int, int] | None:
        """Art. 4.2 alone: the remainder's first transposition among the best pairings,
        when the last matching's dual solution shows that no exchange is needed and no
        positive blossom can be broken; else None."""
        tight = bracket.tight
        if tight is None:
            return None
        rem_set = set(remainder)
        virtual = bracket.virtual
        if not all(
            self._blossom_holds(group, rem_set, virtual, bracket.local_pairs)
            for group in bracket.bound
        ):
            return None
        return self._zero_exchange(
            remainder, s1, tight, bracket.positive,
            virtual if bracket.gadget is not None else None, bool(bracket.graph_next),
        )

    def _exchange_matching(
        self, bracket: _Bracket, remainder: list[int], s1: int, mate: dict[int, int]
    ) -> dict[int, int]:
        """The second matching: the best pairing of the remainder that comes first in the
        order of Art. 4.3 (exchanges) and 4.2 (transpositions), on the tight edges of the
        last matching when it has a dual solution (the only edges a best matching uses)."""
        count = len(remainder)
        rem_set = set(remainder)
        base = self._edges(bracket)
        tight = bracket.tight
        fields = bracket.order.remainder(count, s1)
        weights = dict(base)
        for i, a in enumerate(remainder):
            head = fields.head(i)
            shift = fields.rank_shift(i)
            for j in range(i + 1, count):
                key = (a, remainder[j])
                if key in base and (tight is None or key in tight):
                    weights[key] = base[key] + head + ((count - j) << shift)
        if tight is not None:
            # complementary slackness: the best matchings use tight edges only
            weights = {k: w for k, w in weights.items() if k in tight}
        if 2 * s1 != count:
            return bracket.solve(weights)
        # the remainder pairs completely among itself: its matching is separable
        live = {k: w for k, w in weights.items() if k[0] in rem_set and k[1] in rem_set}
        sub, _, _, _ = _solve(remainder, live)
        for a in remainder:
            mate[a] = sub[a]
        return mate

    # -- a bracket too large for its graph (Art. 3.4) --------------------------------------
    def _pair_large(self, bracket: _Bracket) -> dict[int, int]:
        """A bracket of more than `graph_limit` players, paired without its graph: only a
        homogeneous bracket whose first candidate (S1[i] against S2[i], the last S2 player
        downfloating when the number is odd) provably reaches the best weight (Art. 3.4:
        then no candidate is better and it is the first generated). Else `UserError`."""
        if bracket.mdps or bracket.graph_next or bracket.full:
            raise self._too_large(bracket)
        mate = self._first_candidate_without_graph(bracket)
        if mate is None:
            raise self._too_large(bracket)
        for a in bracket.residents:
            b = mate.get(a, a)
            if b != bracket.virtual and b != a and a < b:
                bracket.finalize(a, b)
        return mate

    def _first_candidate_without_graph(self, bracket: _Bracket) -> dict[int, int] | None:
        """`_first_candidate_if_best` from the weights of the players' kinds: an edge's
        weight depends only on a few features of each end (`Weigher.kind`), so each
        player's best edge is the best over the kinds it may meet at least one player of.
        With an odd number and nobody below, the bound leaves out the smallest best edge
        (the player left over), and the first candidate must reach it."""
        residents = bracket.residents
        virtual = bracket.virtual
        with_virtual = bracket.gadget is not None
        count = len(residents)
        half = count // 2
        if count % 2 == 0 and with_virtual:
            return None
        pairs = [(residents[i], residents[half + i]) for i in range(half)]
        if count % 2 and with_virtual:
            pairs.append((residents[-1], virtual))
        total = 0
        for a, b in pairs:
            w = self._edge_weight(bracket, a, b)
            if w is None:
                return None
            total += w
        best = self._best_edges(bracket)
        bound = sum(best.values())
        if count % 2 and not with_virtual:
            bound -= min(best.get(v, 0) for v in residents)
        if 2 * total != bound:
            return None
        mate: dict[int, int] = {}
        for a, b in pairs:
            mate[a] = b
            mate[b] = a
        return mate

    def _edge_weight(self, bracket: _Bracket, a: int, b: int) -> int | None:
        """The weight `_base_weights` gives the edge a-b of a homogeneous bracket's graph
        (None when there is no edge)."""
        if b == bracket.virtual:
            return bracket.virtual_edges.get((a, b))
        if not self.may_meet(a, b):
            return None
        higher, lower = (a, b) if a < b else (b, a)
        w = bracket.weigher.weight(self.players[higher], self.players[lower], True, False)
        return w or None

    def _best_edges(self, bracket: _Bracket) -> dict[int, int]:
        """For each vertex of a homogeneous bracket's graph, its heaviest edge (positive
        weights only, as `_first_candidate_if_best` counts them)."""
        players = self.players
        weigher = bracket.weigher
        residents = bracket.residents
        kinds: dict[tuple[object, ...], list[int]] = {}
        for v in residents:  # in Art. 1.2 order, so each kind's list is sorted
            kinds.setdefault(weigher.kind(players[v]), []).append(v)
        kind_of = {v: kind for kind, members in kinds.items() for v in members}
        best: dict[int, int] = {}
        for v in residents:
            pv = players[v]
            colour = self._colour_class[v]
            kept_apart: dict[tuple[tuple[object, ...], bool], int] = {}
            for u in self._avoid[v]:
                kind = kind_of.get(u)
                if kind is not None:
                    kept_apart[kind, u < v] = kept_apart.get((kind, u < v), 0) + 1
            top = 0
            for kind, members in kinds.items():
                other = members[0]
                if colour is not None and colour is self._colour_class[other]:
                    continue
                above = bisect_left(members, v)  # players of the kind ranked higher
                below = len(members) - bisect_right(members, v)
                if above > kept_apart.get((kind, True), 0):
                    top = max(top, weigher.weight(players[other], pv, True, False))
                if below > kept_apart.get((kind, False), 0):
                    top = max(top, weigher.weight(pv, players[other], True, False))
            if top > 0:
                best[v] = top
        for (d, x), w in bracket.virtual_edges.items():
            if w > best.get(d, 0):
                best[d] = w
            if w > best.get(x, 0):
                best[x] = w
        return best

    def _too_large(self, bracket: _Bracket) -> UserError:
        limit, size = self.graph_limit, bracket.size
        number = self._bracket_number
        return UserError(
            f"积分编排的一个分数组最多可含 {limit} 名棋手；本轮从高分起第 {number} 个分数组"
            f"需要 {size} 名，无法编排",
            f"the Swiss pairing takes at most {limit} players in one score bracket; score "
            f"bracket {number} from the top needs {size} this round, so it cannot be paired",
        )

    # -- stage 4: the completion criterion ([C4], [C5]) ------------------------------------
    def _completion_holds(
        self, bracket: _Bracket, mate: dict[int, int], downfloaters: list[int]
    ) -> bool:
        """[C4]/[C5]: the bracket's choice must leave a complete pairing of everybody else
        (the PAB, if any, to a player who may have it), including the pairs the next
        bracket was counted with ([C8])."""
        if len(mate) < len(bracket.vertices):
            mate = {**{v: v for v in bracket.vertices}, **mate}
        if bracket.gadget is not None:
            tentative = self._next_pairs(
                [d for d in downfloaters if mate[d] == bracket.virtual], bracket.nxt
            )
        else:
            tentative = {
                v: mate[v]
                for v in downfloaters + bracket.graph_next
                if mate[v] != v and mate[v] not in bracket.local_pairs
            }
        remaining_players = downfloaters + bracket.nxt + bracket.rest
        weigher = bracket.weigher

        def bye_ok(v: int) -> bool:
            return weigher.candidate(self.players[v])

        return self._completable(remaining_players, tentative, bye_ok if self.n % 2 else None)


@dataclass
class _Bracket:
    """One bracket being paired: its players, its graph and the pairs made so far (the
    working state `DutchPairer._bracket` hands from stage to stage).

    `virtual` is the vertex that stands for the whole next bracket in the [C8] construction
    (one past the last player); `tight`, `bound` and `positive` describe the dual solution
    of the last matching solved on the graph (see `_solve`).
    """

    mdps: list[int]
    residents: list[int]
    nxt: list[int]
    rest: list[int]
    full: bool
    current: list[int]
    graph_next: list[int]
    gadget: tuple[int, list[bool]] | None
    virtual: int
    vertices: list[int]
    order: GenerationOrder
    weigher: Weigher
    base: dict[tuple[int, int], int] | None = None  # see DutchPairer._edges
    virtual_edges: dict[tuple[int, int], int] = field(default_factory=dict)
    active: list[int] = field(default_factory=list)
    local_pairs: dict[int, int] = field(default_factory=dict)
    tight: set[tuple[int, int]] | None = None
    bound: list[set[int]] = field(default_factory=list)
    positive: set[int] = field(default_factory=set)

    @property
    def size(self) -> int:
        """The players in the graph (the next bracket's vertex not counted)."""
        return len(self.vertices) - (self.gadget is not None)

    def solve(self, weights: dict[tuple[int, int], int]) -> dict[int, int]:
        """A maximum-weight matching of the players not yet paired, the pairs made kept."""
        live = {
            k: w
            for k, w in weights.items()
            if k[0] not in self.local_pairs and k[1] not in self.local_pairs
        }
        mate, self.tight, self.bound, self.positive = _solve(self.active, live)
        mate.update(self.local_pairs)
        return mate

    def finalize(self, a: int, b: int) -> None:
        """`a` and `b` are paired for good."""
        self.local_pairs[a] = b
        self.local_pairs[b] = a
        self.active.remove(a)
        self.active.remove(b)
