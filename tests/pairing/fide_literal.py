"""The Top-Scoregroup Procedure of C.04.5/C.04.6 (Art. 3.3-3.6) by plain enumeration, to check
`app.pairing.lexicographic` against: every set of upfloaters of each size is listed and
assessed on [C1], [C3]-[C7], every pairing of a bracket is listed and the first identifier of
those with the fewest failures is taken. No matching, no shortcut; small fields only
(`TooLarge` beyond `MAX_ENTRANTS` entrants or `MAX_BRACKET` members in a bracket).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import combinations

from app.pairing import double_swiss
from app.pairing.lexicographic import Entrant, blocked_indices
from app.pairing.types import PairingRequest

MAX_BRACKET = 12
MAX_ENTRANTS = 16


class TooLarge(Exception):
    pass


def identifier(pairs: Sequence[tuple[int, int]], tpn: Callable[[int], int]) -> list[int]:
    """Art. 3.6.2: the top members (the lower TPN of each pair) ascending, then each one's
    bottom member in that order."""
    ordered = sorted((min(tpn(a), tpn(b)), max(tpn(a), tpn(b))) for a, b in pairs)
    return [t for t, _ in ordered] + [b for _, b in ordered]


def _pairings(members: tuple[int, ...], may_meet: Callable[[int, int], bool]
              ) -> Iterator[list[tuple[int, int]]]:
    if not members:
        yield []
        return
    first, rest = members[0], members[1:]
    for x, other in enumerate(rest):
        if may_meet(first, other):
            for tail in _pairings(rest[:x] + rest[x + 1:], may_meet):
                yield [(first, other), *tail]


def literal_round(entrants: Sequence[Entrant], may_meet: Callable[[int, int], bool],
                  failures: Callable[[int, int, frozenset[int]], tuple[int, ...]],
                  lapse: bool) -> tuple[int | None, list[list[tuple[int, int]]]] | None:
    """(the PAB, the pairs of each bracket as (lower TPN, higher TPN)), or None."""
    if len(entrants) > MAX_ENTRANTS:
        raise TooLarge
    tpn = [e.tpn for e in entrants]

    @cache
    def pairable(members: frozenset[int]) -> bool:
        if not members:
            return True
        first = min(members)
        rest = members - {first}
        return any(may_meet(first, o) and pairable(rest - {o}) for o in rest)

    @cache
    def fewest_crossings(members: frozenset[int], group: frozenset[int]) -> int:
        if not members:
            return 0
        first = min(members)
        rest = members - {first}
        best = 10 ** 9
        for o in rest:
            if may_meet(first, o) and pairable(rest - {o}):
                best = min(best, ((first in group) != (o in group))
                           + fewest_crossings(rest - {o}, group))
        return best

    everybody = frozenset(range(len(entrants)))
    unpaired = set(everybody)
    bye = None
    if len(unpaired) % 2:
        order = sorted(unpaired, key=lambda i: (entrants[i].score, -entrants[i].matches,
                                                -entrants[i].tpn))
        bye = next((i for i in order if not entrants[i].bye_barred
                    and pairable(frozenset(unpaired - {i}))), None)
        if bye is None:
            return None
        unpaired.discard(bye)
    elif not pairable(frozenset(unpaired)):
        return None
    scores = sorted({e.score for e in entrants}, reverse=True)
    brackets = []
    while unpaired:
        top = max(entrants[i].score for i in unpaired)
        residents = frozenset(i for i in unpaired if entrants[i].score == top)
        lower = sorted(unpaired - residents)
        following = next((s for s in scores if s < top), None)
        chosen = None
        for k in range(len(residents) % 2, len(lower) + 1, 2):
            sets = [c for c in combinations(lower, k)
                    if pairable(residents | set(c)) and pairable(frozenset(lower) - set(c))]
            if not sets:
                continue
            best_scores = max(sorted(entrants[i].score for i in c) for c in sets)
            sets = [c for c in sets if sorted(entrants[i].score for i in c) == best_scores]

            def c6(c: tuple[int, ...], lower: list[int] = lower,
                   following: int | None = following) -> int:
                left = frozenset(lower) - set(c)
                group = frozenset(i for i in left if entrants[i].score == following)
                if not group:
                    return 0
                return int(fewest_crossings(left, group) != len(group) % 2)

            every_fails = all(c6(c) for c in sets)

            def key(c: tuple[int, ...], every_fails: bool = every_fails,
                    c6: Callable[[tuple[int, ...]], int] = c6) -> tuple[int, int, list[int]]:
                seq = sorted(c, key=lambda i: (-entrants[i].score, tpn[i]))
                c7 = 0 if lapse else sum(entrants[i].floated for i in c)
                return (0 if every_fails else c6(c)), c7, [tpn[i] for i in seq]

            chosen = min(sets, key=key)
            break
        if chosen is None:
            return None
        members = tuple(sorted(residents | set(chosen), key=lambda i: tpn[i]))
        if len(members) > MAX_BRACKET:
            raise TooLarge
        ups = frozenset(chosen)

        pair_cost = {(a, b): failures(a, b, ups) for x, a in enumerate(members)
                     for b in members[x + 1:] if may_meet(a, b)}

        def key(pairing: list[tuple[int, int]],
                pair_cost: dict[tuple[int, int], tuple[int, ...]] = pair_cost
                ) -> tuple[tuple[int, ...], list[int]]:
            total = tuple(map(sum, zip(*(pair_cost[p] for p in pairing), strict=True)))
            # the failures, then the identifier of 3.6.2 (`identifier`: _pairings gives
            # each pair as (lower TPN, higher TPN), the pairs by their top members)
            return total, [tpn[a] for a, _ in pairing] + [tpn[b] for _, b in pairing]

        best = min(_pairings(members, may_meet), key=key)
        assert key(best)[1] == identifier(best, tpn.__getitem__)
        brackets.append(sorted(best, key=lambda p: tpn[p[0]]))
        unpaired -= set(members)
    return bye, brackets


def double_swiss_round(request: PairingRequest
                       ) -> tuple[list[int], tuple[int | None, list[list[tuple[int, int]]]] | None]:
    """A Double-Swiss round by plain enumeration: the entrants' pairing numbers in the
    Art. 1.2 order, and the bye and brackets (indices into them) or None when no pairing is
    legal; [C8] written from Art. 2.3.5's words: the upfloaters' opponents who floated in
    the previous round (in a pair of two upfloaters each is the other's opponent)."""
    players = double_swiss.derive_players(request)
    blocked = blocked_indices([(p.number, p.opponents) for p in players],
                              request.forbidden_pairs)
    last = request.round >= request.snapshot.total_rounds

    def c8(i: int, j: int, ups: frozenset[int]) -> tuple[int, ...]:
        if last:
            return (0,)
        return (int(i in ups and players[j].floated) + int(j in ups and players[i].floated),)

    entrants = [Entrant(p.number, p.score, p.matches, p.bye_barred, p.floated) for p in players]
    return [p.number for p in players], literal_round(entrants, lambda i, j: j not in blocked[i],
                                                      c8, last)
