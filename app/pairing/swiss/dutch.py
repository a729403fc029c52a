"""The FIDE (Dutch) Swiss system (荷兰积分编排制), FIDE Handbook C.04.3, text approved on
28/10/2025 and applied from 1 February 2026, with C.04.1 (Basic Rules for Swiss Systems) and
C.04.2 (General Handling Rules).

How it works (the rules allow any method that yields the same result, C.04.3 Art. 0/3):
brackets are paired from the top score down (Art. 1.9.2). For each bracket a graph holds the
bracket (moved-down players first, then residents) and the next scoregroup; the weights of
`weights.py` encode the criteria of Art. 2 in their order of priority, so a maximum-weight
matching is a best candidate (Art. 3.8). Among equally good candidates the Article 4
generation order decides; it is reproduced step by step, each step a new matching with a
small preference added: which moved-down players are paired (Art. 4.4, smallest BSNs
first), their opponents (Art. 4.2, S2 in order), the fewest and smallest exchanges between
S1 and S2 of the remainder (Art. 4.3), then the opponent of each S1 player (Art. 4.2).

The completion criterion [C4] (a legal pairing must remain for everybody not yet paired) and
[C5] (lowest score for the PAB assignee) are checked on all players still unpaired; only when
the bracket's own best choice would break them is the bracket paired again on the whole
graph, where they sit in the top field of every weight.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from app.pairing.swiss.cardinality import has_complete_matching
from app.pairing.swiss.matching import max_weight_matching
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


FULL = False
Solve = Callable[[list[int], dict[tuple[int, int], int]], dict[int, int]]


def _solve(vertices: list[int], weights: dict[tuple[int, int], int]) -> dict[int, int]:
    """Maximum-weight matching of the graph on `vertices`; unmatched vertices map to
    themselves."""
    index = {v: i for i, v in enumerate(vertices)}
    edges = [(index[a], index[b], w) for (a, b), w in weights.items() if w > 0]
    mate = max_weight_matching(len(vertices), edges)
    result = {}
    for i, v in enumerate(vertices):
        result[v] = vertices[mate[i]] if mate[i] >= 0 else v
    return result


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
        index = {v: i for i, v in enumerate(free)}
        adjacent: list[list[int]] = [[] for _ in free]
        for i, v in enumerate(free):
            row = self.compat[v]
            for u in free[i + 1 :]:
                if row[u] and not (v in self.mdp_ever and u in self.mdp_ever):
                    adjacent[i].append(index[u])
                    adjacent[index[u]].append(i)
        allowed = None if bye_ok is None else [bye_ok(v) for v in free]
        return has_complete_matching(adjacent, allowed)

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
            result = self._bracket(mdps, residents, nxt, rest, c9, full=FULL)
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
        bracket alone breaks [C4]/[C5] (then call again with `full`)."""
        players = self.players
        weigher = Weigher(self.layout, self.bye_score, c9)
        current = mdps + residents
        vertices = current + nxt + (rest if full else [])
        in_current = set(current)
        in_next = set(nxt)
        mdp_set = set(mdps)
        resident_set = set(residents)
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
        weights = dict(base)
        local_pairs: dict[int, int] = {}
        active = list(vertices)

        def solve() -> dict[int, int]:
            mate = _solve(active, weights)
            mate.update(local_pairs)
            return mate

        def finalize(a: int, b: int) -> None:
            local_pairs[a] = b
            local_pairs[b] = a
            active.remove(a)
            active.remove(b)
            for key in [k for k in weights if a in k or b in k]:
                del weights[key]

        def edge(a: int, b: int) -> tuple[int, int]:
            return (a, b) if a < b else (b, a)

        first_resident = residents[0]
        first_next = nxt[0] if nxt else (rest[0] if rest else self.n)

        def is_resident(v: int) -> bool:
            return v in resident_set

        mate = solve()

        # Art. 4.4: which moved-down players are paired (smallest BSNs first)
        will_pair: set[int] = set()
        level_count = 0
        level_paired = 0
        level_score = None
        for idx, v in enumerate(mdps):
            score = players[v].score
            if level_score is None or score < level_score:
                level_score = score
                same = [u for u in mdps[idx:] if players[u].score == score]
                level_count = len(same)
                level_paired = sum(1 for u in same if is_resident(mate[u]))
            if level_paired == 0:
                continue
            if level_count <= level_paired:
                will_pair.add(v)
                continue
            level_count -= 1
            if not is_resident(mate[v]):
                for o in residents:
                    key = edge(v, o)
                    if key in base:
                        weights[key] = base[key] | 1
                mate = solve()
            if is_resident(mate[v]):
                will_pair.add(v)
                level_paired -= 1
                for o in residents:
                    key = edge(v, o)
                    if key in base:
                        weights[key] = (base[key] | len(residents)) + 1

        # Art. 4.2: the opponents of the moved-down players, S2 in order
        for v in mdps:
            if v not in will_pair:
                continue
            addend = len(current) + len(nxt)
            for o in reversed(residents):
                if o in local_pairs:
                    continue
                key = edge(v, o)
                if key in base:
                    weights[key] = base[key] + addend
                    addend += 1
            mate = solve()
            finalize(v, mate[v])

        # the remainder: residents not paired with a moved-down player
        remainder = [r for r in residents if not (mate[r] < first_resident)]
        pairs_in_remainder = sum(1 for r in remainder if mate[r] < r)
        width = bits(self.n) + 2

        def exchange_weight(position: int, key: tuple[int, int]) -> int:
            w = base.get(key, 0)
            if not w:
                return 0
            addend = (int(position < pairs_in_remainder) << (2 * width)) - position
            return w + (addend << 1)

        def in_s1(v: int) -> bool:
            """v is the higher player of a pair inside the bracket (an S1 player)."""
            return v < mate[v] < first_next

        for i, a in enumerate(remainder):
            for b in remainder[i + 1 :]:
                weights_key = (a, b)
                w = exchange_weight(i, weights_key)
                if w:
                    weights[weights_key] = w
                else:
                    weights.pop(weights_key, None)
        mate = solve()
        s1_size = pairs_in_remainder
        exchanges = sum(1 for v in remainder[:s1_size] if not in_s1(v))

        # Art. 4.3: exchanges - the lowest S1 players go to S2 first
        remaining = exchanges
        for k in range(s1_size - 1, -1, -1):
            if remaining <= 0:
                break
            v = remainder[k]
            if in_s1(v):
                for b in remainder[k + 1 :]:
                    w = exchange_weight(k, (v, b))
                    if w:
                        weights[(v, b)] = w - 1
                mate = solve()
            exchange = not in_s1(v)
            remaining -= exchange
            for b in remainder[k + 1 :]:
                if exchange:
                    base.pop((v, b), None)
                w = exchange_weight(k, (v, b))
                if w:
                    weights[(v, b)] = w
                else:
                    weights.pop((v, b), None)

        # Art. 4.3: ... and the highest S2 players go to S1
        remaining = exchanges
        for q in range(s1_size, len(remainder)):
            if remaining <= 1:
                break
            v = remainder[q]
            already = in_s1(v)
            if not already:
                for b in remainder[q + 1 :]:
                    w = exchange_weight(q, (v, b))
                    if w:
                        weights[(v, b)] = w + 1
                mate = solve()
            if in_s1(v):
                remaining -= 1
                for a in remainder[:q]:
                    base.pop((a, v), None)
                    weights.pop((a, v), None)
                for o in nxt:
                    base.pop((v, o), None)
                    weights.pop((v, o), None)
            if not already:
                for b in remainder[q + 1 :]:
                    w = exchange_weight(q, (v, b))
                    if w:
                        weights[(v, b)] = w
                    else:
                        weights.pop((v, b), None)

        # the exchanges are fixed: only S1-to-S2 edges remain inside the remainder
        for i, a in enumerate(remainder):
            for b in remainder[i + 1 :]:
                if not in_s1(a) or in_s1(b):
                    base.pop((a, b), None)
                if (a, b) in base:
                    weights[(a, b)] = base[(a, b)]
                else:
                    weights.pop((a, b), None)

        # Art. 4.2: each S1 player, in order, gets the highest S2 player possible
        for a in remainder:
            if a in local_pairs or not in_s1(a):
                continue
            addend = 0
            for b in reversed(remainder):
                if b <= a or b in local_pairs:
                    continue
                if (a, b) in base:
                    weights[(a, b)] = base[(a, b)] + addend
                addend += 1
            mate = solve()
            finalize(a, mate[a])

        downfloaters = [v for v in current if v not in local_pairs]
        if not full:
            # [C4]/[C5]: the choice must leave a complete pairing of everybody else,
            # including the pairs the next bracket was counted with ([C8])
            tentative = {
                v: mate[v]
                for v in downfloaters + nxt
                if mate[v] != v and mate[v] not in local_pairs
            }
            remaining_players = downfloaters + nxt + rest

            def bye_ok(v: int) -> bool:
                return weigher.candidate(players[v]) if self.n % 2 else False

            if not self._completable(
                remaining_players, tentative, bye_ok if self.n % 2 else None
            ):
                return None
        self.pairs.update(local_pairs)
        return downfloaters
