"""The Top-Scoregroup Procedure FIDE's 2026 systems share word for word (C.04.5 Double-Swiss and
C.04.6 Swiss Team, Art. 3.3-3.6): the pairing-allocated bye first, then again and again the
top scoregroup of those still unpaired with the first best set of upfloaters (3.5), paired by
the first best Pairing Identifier (3.6). Colours are each system's own business, afterwards.

Entrants are players (Double-Swiss) or teams (Swiss Team); this module knows neither: it sees
indices 0..n-1, an `Entrant` for each (TPN, score, matches played, bye bar, floated last
round), whether two may meet ([C1]) and the failures of a pair on the system's bracket
criteria. The entrants come in the Art. 1.2 order (score descending, then TPN; refused
otherwise), so that a scoregroup is a run of indices and each bracket is found without
looking over the whole round again. Pure Python.

What the articles ask, as this module does it:
- 3.4 the PAB: of those [C2] allows and whose absence leaves everybody else pairable (3.4.1,
  [C3]), the lowest score (3.4.2), then the most matches played (3.4.3), then the largest TPN
  (3.4.4).
- 3.5 the upfloaters of the top scoregroup: of the sets that make it pairable ([C1]) and leave
  the rest pairable ([C3]), the fewest ([C4]), the highest scores ([C5]: the ascending lists of
  their scores, the larger the better), the following scoregroup left pairable with no more
  upfloaters than its parity asks ([C6]; when no set can, [C6] tells none apart), the fewest
  who floated in the previous round ([C7], not when the system lets float criteria lapse), and
  then the first in the order of 3.5.3-3.5.4 (each set by descending score then ascending TPN,
  the sets compared by TPN: {2,6,1} before {2,6,3}).
- 3.6 the bracket: its pairing with the fewest failures on the system's criteria (a vector,
  the first weighing most), and of those the one with the smallest identifier (3.6.2: the
  pairs' top members, the lower TPN of each pair, in ascending order, then the bottom member
  of each in that order; so with every pair allowed 1-5 2-6 3-7 4-8, 3.6.3).

Where the articles were read. The handbook pages (handbook.fide.com/chapter/
DoubleSwissSystem202602, .../SwissTeamPairingSystem202602) only as far as C.04.5 Art. 1.3.2
and the C.04.6 Preface; the rest as two public readings of the full texts quote them, which
agree with each other and with this module on every point above: the research notes of
`MarkDechamps/fide-swiss-pairing-engine` (docs/research/other-swiss-systems.md §6,
double-swiss-2026-prior-art.md) and the TEC's own reference engine Gacrux
(`OttoMilvang/TieBreakServer`, gacrux/pairingfideteam.py and crosstablefideteam.py, C.04.6
article by article: the bye's keys of 3.4, the sets of 3.5 by [C4], by [C5] score profiles
best first, then [C6], [C7] and the order of 3.5.4 with the text's example {2,6,1} <
{2,6,3} < ... < {6,8,5}, [C6] as the following scoregroup pairable with the upfloaters its
parity asks, and the identifier of 3.6.2 with every top member before the first bottom
member, lower TPNs heavier). The reference library `gnutterts/chesspairing` reads 3.5 and
3.6 otherwise (the lowest-ranked player floated one group up; a bracket paired 1-2 3-4, the
first TPN with the first possible partner): both readings above contradict it, and the text
as they quote it is followed. `first_departure` names, for a round paired otherwise, the
first step where it parts from the text (tests/pairing/test_double_swiss.py and
test_team_swiss.py count them on the reference's answers).
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

from app.pairing.swiss.cardinality import complete_matching_exists
from app.pairing.swiss.matching import lex_first_assignment, max_weight_matching_tight

MayMeet = Callable[[int, int], bool]
"""[C1] for two indices: not met before (C.04.1 b), not a forbidden pair."""
PairFailures = Callable[[int, int, frozenset[int]], tuple[int, ...]]
"""A system's bracket criteria (3.6.4) for a pair, given the bracket's upfloaters: the
failures on each, the first criterion weighing most."""


class Entrant(NamedTuple):
    """One entrant as the procedure sees it (an immutable tuple: one is made for each
    entrant of every round paired)."""

    tpn: int  # Art. 1.1 pairing number: 3.4.4, 3.5.4 and the identifier's order (3.6.2)
    score: int  # the (primary) pairing score, Art. 1.2
    matches: int  # matches played, byes and forfeited matches excluded (3.4.3)
    bye_barred: bool  # [C2]: had the PAB, won a match by forfeit, or had a full-point bye
    floated: bool  # Art. 1.5: met an opponent of another score in the previous round


@dataclass(frozen=True)
class Bracket:
    """One bracket (3.3): its residents and upfloaters (indices) and its pairs (top, bottom)
    in identifier order, with its failures on the bracket criteria."""

    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    failures: tuple[int, ...]


@dataclass(frozen=True)
class RoundPairing:
    """The round before colours: the PAB (index or None) and the brackets top down."""

    bye: int | None
    brackets: tuple[Bracket, ...]

    @property
    def pairs(self) -> tuple[tuple[int, int], ...]:
        return tuple(p for bracket in self.brackets for p in bracket.pairs)


def blocked_indices(entrants: Sequence[tuple[int, frozenset[int]]],
                    forbidden: frozenset[frozenset[int]]) -> list[set[int]]:
    """For each index of `entrants` (number, opponents met), the indices it may not meet:
    met before (C.04.1 b, [C1]) or a forbidden pair; symmetric."""
    index = {number: i for i, (number, _) in enumerate(entrants)}
    found = index.get
    blocked: list[set[int]] = [set() for _ in entrants]
    for i, (_, met) in enumerate(entrants):
        apart = blocked[i]
        for opponent in met:
            j = found(opponent)
            if j is not None:  # an opponent in the round; both ways, as the records of
                apart.add(j)  # the two may disagree
                blocked[j].add(i)
    for pair in forbidden:
        ends = [index[n] for n in pair if n in index]
        if len(ends) == 2:
            blocked[ends[0]].add(ends[1])
            blocked[ends[1]].add(ends[0])
    return blocked


def bracket_notes(found: RoundPairing, criteria: Sequence[str], chapter: str,
                  meanings: Mapping[str, tuple[str, str]] | None = None) -> list[str]:
    """What the arbiter is told of how the brackets were paired: each bracket criterion
    (named in `criteria`, e.g. "[C8]") that some bracket could not keep for every pair
    (3.6.4: the pairing with the fewest failures is taken); `chapter` is the FIDE text,
    `meanings` what each criterion asks, in Chinese and English, said after its code."""
    notes: list[str] = []
    for position, name in enumerate(criteria):
        failed = sum(b.failures[position] for b in found.brackets if position < len(b.failures))
        if failed:
            # what happened first, in words; the criterion after it as the text's citation
            # (准则C8 of C.04.6), as an article is cited
            zh, en = (meanings or {}).get(name, ("", ""))
            label = name.strip("[]")
            pairs = "pair" if failed == 1 else "pairs"
            said_zh = f"有{failed}对：{zh}" if zh else f"有{failed}对未能满足准则{label}"
            said_en = f"{failed} {pairs}: {en}" if en else \
                f"{failed} {pairs} could not keep criterion {label}"
            notes.append(f"{said_zh}（FIDE {chapter} 准则{label}；第3.6.4条：取违背最少的编排）"
                         f" / {said_en} (FIDE {chapter} criterion {label}; Art. 3.6.4: the "
                         "pairing with the fewest failures)")
    return notes


@dataclass(frozen=True)
class Departure:
    """Where a round pairing first parts from the text (`first_departure`): the article or
    criterion of that step, and whether the text's choice there comes first (True) or the
    given round's does (False: a fault of this procedure)."""

    article: str
    text_first: bool


class Apart:
    """[C1] as a `MayMeet` over the sets `blocked_indices` gives: the procedure reads the
    sets themselves to answer "can these all be paired" quickly."""

    __slots__ = ("blocked",)

    def __init__(self, blocked: Sequence[set[int]]) -> None:
        self.blocked = blocked

    def __call__(self, i: int, j: int) -> bool:
        return j not in self.blocked[i]


class _Graph:
    """[C1] over sets of indices: can they all be paired, and who can be left out."""

    def __init__(self, may_meet: MayMeet) -> None:
        self.may_meet = may_meet
        self.blocked = may_meet.blocked if isinstance(may_meet, Apart) else None
        # Dirac: when each of m members may meet all but at most m/2 - 1 of the others,
        # they form a Hamiltonian cycle, so (m even) can all be paired; in a Swiss round
        # everybody has met few, so every set but the smallest is pairable at once
        self.dense_from = (2 * max(map(len, self.blocked), default=0) + 2
                           if self.blocked is not None else None)
        self.known: dict[frozenset[int], bool] = {}  # 3.5 asks of the same sets again

    def pairable(self, members: Sequence[int]) -> bool:
        if len(members) % 2:
            return False
        if self.dense_from is not None and len(members) >= self.dense_from:
            return True
        key = frozenset(members)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = self._pairable(members)
        return found

    def pairable_without(self, members: Sequence[int], left_out: Collection[int]) -> bool:
        """`pairable` of `members` but `left_out` (distinct members all): the size decides
        first, so the rest of a large set is never copied."""
        size = len(members) - len(left_out)
        if size % 2:
            return False
        if self.dense_from is not None and size >= self.dense_from:
            return True
        return self.pairable([i for i in members if i not in left_out])

    def _pairable(self, members: Sequence[int]) -> bool:
        if self.blocked is not None and _greedily_paired(members, self.blocked):
            return True  # a complete pairing found at once; else the matching decides
        local = list(members)
        return complete_matching_exists(
            len(local), lambda a, b: self.may_meet(local[a], local[b]), None)


def _greedily_paired(members: Sequence[int], blocked: Sequence[set[int]]) -> bool:
    """True when pairing each last free member with the nearest free one it may meet pairs
    them all (in a Swiss round almost everybody may still meet almost everybody); False
    says nothing."""
    free = list(members)
    while free:
        v = free.pop()
        apart = blocked[v]
        for x in range(len(free) - 1, -1, -1):
            if free[x] not in apart:
                del free[x]
                break
        else:
            return False
    return True


def choose_bye(entrants: Sequence[Entrant], order: Sequence[int], may_meet: MayMeet,
               graph: _Graph | None = None) -> int | None:
    """Art. 3.4 (see the module text); None when nobody may have the bye. `graph`: the
    round's, when it has one (what it knows of sets is kept). `entrants` in the Art. 1.2
    order: the lowest score is the last scoregroup of `order` sorted."""
    graph = _Graph(may_meet) if graph is None else graph
    ordered = sorted(order)
    end = len(ordered)
    while end:  # scoregroup by scoregroup from the lowest score (3.4.2)
        start = _group_start(ordered, end, entrants)
        group = sorted((i for i in ordered[start:end] if not entrants[i].bye_barred),
                       key=lambda i: (-entrants[i].matches, -entrants[i].tpn))  # 3.4.3-3.4.4
        for i in group:
            if graph.pairable_without(ordered, (i,)):
                return i
        end = start
    return None


def _group_start(ordered: Sequence[int], end: int, entrants: Sequence[Entrant]) -> int:
    """Where the scoregroup ending before `end` in `ordered` (indices ascending, so scores
    descending) starts."""
    score = entrants[ordered[end - 1]].score
    start = end - 1
    while start and entrants[ordered[start - 1]].score == score:
        start -= 1
    return start


def _in_order(descending: Sequence[int], tpn: Sequence[int]) -> bool:
    """The Art. 1.2 order the procedure reads the indices in: score descending (`descending`
    the scores negated), then TPN."""
    keys = list(zip(descending, tpn, strict=True))
    return keys == sorted(keys)


class _Procedure:
    """Art. 3.3-3.6 over entrants in the Art. 1.2 order, so that the indices ascending are
    that order: a scoregroup is a run of them, the top scoregroup the first run."""

    def __init__(self, entrants: Sequence[Entrant], may_meet: MayMeet,
                 failures: PairFailures, criteria: int, floats_lapse: bool) -> None:
        self.entrants = entrants
        self.may_meet = may_meet
        self.failures = failures
        self.criteria = criteria
        self.floats_lapse = floats_lapse
        self.graph = _Graph(may_meet)
        # the columns looked up in every bracket's loops
        tpn, score, _, _, floated = zip(*entrants, strict=True) if entrants else ((),) * 5
        self.score: Sequence[int] = score
        self.tpn: Sequence[int] = tpn
        self.descending = [-s for s in score]  # ascending along the indices
        if not _in_order(self.descending, tpn):
            raise ValueError("entrants not in the Art. 1.2 order (score, then TPN)")
        self.scores = sorted(set(score), reverse=True)
        # [C7]'s order within a scoregroup: those who did not float in the previous round
        # first (no order when float criteria lapse; False sorts before True as 0 before 1)
        self.floated = [0] * len(score) if floats_lapse else list(floated)

    def following(self, score: int) -> int | None:
        """The score of the scoregroup right below `score` in the round (the PAB's included)."""
        lower = [s for s in self.scores if s < score]
        return lower[0] if lower else None

    def _run_end(self, members: list[int], start: int) -> int:
        """The end of the scoregroup starting at `members[start]` (`members` ascending)."""
        return bisect_right(members, self.descending[members[start]], start + 1,
                            key=self.descending.__getitem__)

    # 3.5 ---------------------------------------------------------------------------------
    def upfloaters(self, residents: list[int], lower: list[int]) -> list[int] | None:
        """The upfloaters of the bracket of `residents`, from `lower` (both ascending)."""
        for k in range(len(residents) % 2, len(lower) + 1, 2):
            if k == 0:
                if self.graph.pairable(residents) and self.graph.pairable(lower):
                    return []  # the empty set is the only one of its size
                continue
            if k == 1:
                single = self._single(residents, lower)
                if single is not None:
                    return single
                continue
            valid = self._valid_sets(residents, lower, k)
            if valid:
                return self._best(residents, lower, valid)
        return None

    def _valid_sets(self, residents: list[int], lower: list[int], k: int
                    ) -> list[tuple[int, ...]]:
        """The sets of k upfloaters legal with the residents and leaving the rest pairable
        ([C1], [C3]), of the best scores [C5] only (the lowest score of a set outside the
        first scoregroups tried is below every set within them)."""
        score = self.score
        end = 0
        while end < len(lower):  # the scoregroups below, one more each time
            newest = score[lower[end]]
            end = self._run_end(lower, end)
            pool = lower[:end]  # by descending score then ascending TPN
            found: list[tuple[int, ...]] = []
            for chosen in combinations(pool, k):
                if score[chosen[-1]] != newest:
                    continue  # tried with the scoregroups above
                if (self.graph.pairable(residents + list(chosen))
                        and self.graph.pairable_without(lower, chosen)):
                    found.append(chosen)
            if found:
                best = max(sorted(score[i] for i in s) for s in found)
                return [s for s in found if sorted(score[i] for i in s) == best]
        return []

    def _single(self, residents: list[int], lower: list[int]) -> list[int] | None:
        """One upfloater: scoregroup by scoregroup from the highest ([C5]), in the order of
        [C7] then TPN, the first legal one ([C1], [C3]) keeping [C6]; when none of its
        scoregroup keeps [C6], the first legal one."""
        following = self.following(self.score[residents[0]])
        start = 0
        while start < len(lower):
            end = self._run_end(lower, start)
            group = sorted(lower[start:end], key=self.floated.__getitem__)  # stable: TPN
            start = end
            legal: int | None = None
            for u in group:
                if not (self.graph.pairable(residents + [u])
                        and self.graph.pairable_without(lower, (u,))):
                    continue
                if self._c6_kept(lower, (u,), following):
                    return [u]
                if legal is None:
                    legal = u
            if legal is not None:
                return [legal]
        return None

    def _best(self, residents: list[int], lower: list[int], valid: list[tuple[int, ...]]
              ) -> list[int]:
        """[C6], [C7], then the order of 3.5.3-3.5.4, of sets equal on [C4] and [C5]."""
        e = self.entrants

        def ordered(s: tuple[int, ...]) -> list[int]:
            return sorted(s, key=lambda i: (-e[i].score, e[i].tpn))

        def c7(s: tuple[int, ...]) -> int:
            return 0 if self.floats_lapse else sum(1 for i in s if e[i].floated)

        ranked = sorted(valid, key=lambda s: (c7(s), [e[i].tpn for i in ordered(s)]))
        following = self.following(e[residents[0]].score)
        for s in ranked:
            if self._c6_kept(lower, s, following):
                return ordered(s)
        return ordered(ranked[0])  # no set keeps [C6]: it tells none apart

    def _c6_kept(self, lower: list[int], chosen: tuple[int, ...], following: int | None
                 ) -> bool:
        """[C6]: the following scoregroup, without these upfloaters, can be paired with the
        rest needing no more upfloaters than its parity asks (none when it is even, one when
        it is odd). `lower` ascending: the following scoregroup, when it is left, is its
        first run."""
        if following is None or not lower or self.score[lower[0]] != following:
            return True
        end = self._run_end(lower, 0)
        group = [i for i in lower[:end] if i not in chosen]
        if not group:
            return True
        rest = lower[end:]
        outside = tuple(i for i in chosen if self.score[i] != following)  # in the rest
        if len(group) % 2 == 0:
            return self.graph.pairable(group) and self.graph.pairable_without(rest, outside)
        return any(self.graph.pairable(group + [x])
                   and self.graph.pairable_without(rest, outside + (x,))
                   for x in rest if x not in outside)

    # 3.6 ---------------------------------------------------------------------------------
    def bracket(self, members: list[int], upfloaters: frozenset[int]
                ) -> tuple[list[tuple[int, int]], tuple[int, ...]]:
        members = sorted(members, key=self.tpn.__getitem__)
        may_meet, failures, blocked = self.may_meet, self.failures, self.graph.blocked

        def kept(a: int, b: int) -> bool:
            if blocked is not None:  # [C1] read from its sets (`Apart`), without a call
                return b not in blocked[a] and not any(failures(a, b, upfloaters))
            return may_meet(a, b) and not any(failures(a, b, upfloaters))

        pairs = _first_identifier(members, kept)
        if pairs is not None:
            return pairs, (0,) * self.criteria
        costs = {(a, b): failures(a, b, upfloaters) for x, a in enumerate(members)
                 for b in members[x + 1:] if may_meet(a, b)}
        pairs = _first_best_identifier(members, costs, self.criteria)
        totals = tuple(sum(costs[p][c] for p in pairs) for c in range(self.criteria))
        return pairs, totals

    def run(self, order: Sequence[int]) -> RoundPairing | None:
        unpaired = sorted(order)  # the Art. 1.2 order
        bye: int | None = None
        if len(unpaired) % 2:
            bye = choose_bye(self.entrants, unpaired, self.may_meet, self.graph)
            if bye is None:
                return None
            unpaired.remove(bye)
        elif not self.graph.pairable(unpaired):
            return None
        brackets: list[Bracket] = []
        while unpaired:
            split = self._run_end(unpaired, 0)  # the top scoregroup
            residents, lower = unpaired[:split], unpaired[split:]
            chosen = self.upfloaters(residents, lower)
            if chosen is None:
                return None
            pairs, failures = self.bracket(residents + chosen, frozenset(chosen))
            brackets.append(Bracket(tuple(residents), tuple(chosen), tuple(pairs), failures))
            for i in chosen:
                lower.remove(i)
            unpaired = lower
        return RoundPairing(bye, tuple(brackets))

    # Where a given round pairing parts from the text's ----------------------------------------
    def departure(self, order: list[int], bye: int | None, pairs: Sequence[tuple[int, int]],
                  names: Sequence[str]) -> Departure | None:
        """The first step of 3.3.2 at which the complete, legal round `bye` + `pairs` parts
        from what the text asks (see `first_departure`); None when its pairs are the text's."""
        e = self.entrants
        unpaired = list(order)
        if bye is not None:
            text_bye = choose_bye(e, unpaired, self.may_meet, self.graph)
            if text_bye is not None and text_bye != bye:
                return _bye_departure(e[text_bye], e[bye])
            unpaired.remove(bye)
        partner = {a: b for a, b in pairs} | {b: a for a, b in pairs}
        while unpaired:
            top = max(e[i].score for i in unpaired)
            residents = sorted((i for i in unpaired if e[i].score == top), key=lambda i: e[i].tpn)
            lower = [i for i in unpaired if e[i].score < top]
            chosen = self.upfloaters(residents, lower)
            assert chosen is not None  # the given pairing shows the round can be completed
            given = sorted({partner[i] for i in residents} - set(residents),
                           key=lambda i: (-e[i].score, e[i].tpn))
            if set(given) != set(chosen):
                return self._upfloater_departure(residents, lower, chosen, given)
            members = residents + chosen
            ups = frozenset(chosen)
            ours, ours_failed = self.bracket(members, ups)
            theirs = sorted({(min(i, partner[i], key=lambda x: e[x].tpn),
                              max(i, partner[i], key=lambda x: e[x].tpn)) for i in members},
                            key=lambda p: e[p[0]].tpn)
            if {frozenset(p) for p in ours} != {frozenset(p) for p in theirs}:
                return self._bracket_departure(ours, ours_failed, theirs, ups, names)
            unpaired = [i for i in unpaired if i not in set(members)]
        return None

    def _set_key(self, residents: list[int], lower: list[int], chosen: Sequence[int]
                 ) -> tuple[tuple[int, ...], ...]:
        """A set of upfloaters on 3.5's criteria, each the smaller the better: [C4] its size,
        [C5] its scores in ascending order (negated), [C6] kept or not, [C7] those who
        floated, then 3.5.3-3.5.4 its TPNs in the set's order."""
        e = self.entrants
        following = self.following(e[residents[0]].score)
        ordered = sorted(chosen, key=lambda i: (-e[i].score, e[i].tpn))
        return ((len(chosen),), tuple(-s for s in sorted(e[i].score for i in chosen)),
                (0 if self._c6_kept(lower, tuple(chosen), following) else 1,),
                (0 if self.floats_lapse else sum(e[i].floated for i in chosen),),
                tuple(e[i].tpn for i in ordered))

    def _upfloater_departure(self, residents: list[int], lower: list[int],
                             chosen: list[int], given: list[int]) -> Departure:
        ours = self._set_key(residents, lower, chosen)
        theirs = self._set_key(residents, lower, given)
        at = next(x for x in range(len(ours)) if ours[x] != theirs[x])
        return Departure(("[C4]", "[C5]", "[C6]", "[C7]", "3.5.4")[at], ours[at] < theirs[at])

    def _bracket_departure(self, ours: list[tuple[int, int]], ours_failed: tuple[int, ...],
                           theirs: list[tuple[int, int]], ups: frozenset[int],
                           names: Sequence[str]) -> Departure:
        failed = tuple(sum(self.failures(a, b, ups)[c] for a, b in theirs)
                       for c in range(self.criteria))
        if failed != ours_failed:
            at = next(c for c in range(self.criteria) if failed[c] != ours_failed[c])
            return Departure(names[at], ours_failed[at] < failed[at])
        tpn = [x.tpn for x in self.entrants]
        ours_id = _identifier(ours, tpn)
        return Departure("3.6.2", ours_id < _identifier(theirs, tpn))


def _identifier(pairs: Sequence[tuple[int, int]], tpn: Sequence[int]) -> list[int]:
    """Art. 3.6.2: the top members (the smaller TPN of each pair) ascending, then each one's
    bottom member in that order."""
    ordered = sorted((min(tpn[a], tpn[b]), max(tpn[a], tpn[b])) for a, b in pairs)
    return [t for t, _ in ordered] + [b for _, b in ordered]


def _bye_departure(ours: Entrant, theirs: Entrant) -> Departure:
    """3.4: the given PAB against the text's (both legal and leaving the rest pairable)."""
    keys = ((ours.score, theirs.score), (-ours.matches, -theirs.matches),
            (-ours.tpn, -theirs.tpn))
    at = next(x for x, (a, b) in enumerate(keys) if a != b)
    return Departure(("3.4.2", "3.4.3", "3.4.4")[at], keys[at][0] < keys[at][1])


def _greedy_assignment(tops: list[int], free: list[int], place: dict[int, int],
                       ok: Callable[[int, int], bool]) -> list[tuple[int, int]] | None:
    """Each top member in turn with the first of the `free` bottom members after it that
    `ok` allows (taking it); None when one finds none."""
    greedy: list[tuple[int, int]] = []
    for a in tops:
        at = place[a]
        for b in free:
            if at < place[b] and ok(a, b):
                break
        else:
            return None
        free.remove(b)
        greedy.append((a, b))
    return greedy


def _first_identifier(members: list[int], ok: Callable[[int, int], bool]
                      ) -> list[tuple[int, int]] | None:
    """3.6.2-3.6.3 for `members` (ascending TPN) with the pairs `ok` allows (a before b):
    the pairing of the smallest identifier, or None. The top members come first in the
    identifier, so each member is a top member when it can be (first the upper half as the
    top members, the most common answer); then each top member, in order, meets the first
    bottom member it can."""
    half = len(members) // 2
    if not members:
        return []
    place = {m: x for x, m in enumerate(members)}

    def assign(tops: list[int], bottoms: list[int]) -> list[tuple[int, int]] | None:
        # each top member in turn meets the first free bottom member it may: when that
        # pairs them all it is the lexicographically first assignment (each got the first
        # bottom member left, and the rest could be completed)
        greedy = _greedy_assignment(tops, list(bottoms), place, ok)
        if greedy is not None:
            return greedy
        edges = {(a, b) for a in tops for b in bottoms if place[a] < place[b] and ok(a, b)}
        found = lex_first_assignment(tops, bottoms, edges)
        return None if found is None else [(a, found[a]) for a in tops]

    quick = assign(members[:half], members[half:])
    if quick is not None or len(members) == 2:  # two members: the one pairing was tried
        return quick
    roles: dict[int, bool] = {}  # True: a top member

    def feasible() -> bool:
        def joined(x: int, y: int) -> bool:
            a, b = (members[x], members[y]) if x < y else (members[y], members[x])
            return roles.get(a) is not False and roles.get(b) is not True and ok(a, b)
        return complete_matching_exists(len(members), joined, None)

    if not feasible():
        return None
    for m in members:
        for role in (True, False):
            roles[m] = role
            counted = sum(1 for r in roles.values() if r is role)
            if counted <= half and feasible():
                break
        else:  # pragma: no cover - the previous step left a feasible completion
            return None
    return assign([m for m in members if roles[m]], [m for m in members if not roles[m]])


def _first_best_identifier(members: list[int], costs: dict[tuple[int, int], tuple[int, ...]],
                           criteria: int) -> list[tuple[int, int]]:
    """3.6.4 when no pairing keeps every bracket criterion: of the pairings with the fewest
    failures (lexicographically over the criteria), the first identifier (3.6.2), by one
    minimum-cost perfect matching whose edge costs write that order as digits (as the TEC's
    reference engine Gacrux writes the same order of C.04.6):
    - the failures, criterion by criterion, in base B/2+1 (no criterion's total can reach it);
    - below them, one bit for each bottom member, the lower the TPN the heavier: the top
      members ascending are compared first, and a set of top members comes earlier when
      it holds the first member the other set lacks;
    - below that, each bottom member's place in base B+1, the digit the heavier the lower
      its top member's TPN: the bottom members in the order of their top members.
    `members` in ascending TPN, `costs` the allowed pairs (a before b)."""
    size = len(members)
    if size == 2 and (members[0], members[1]) in costs:
        return [(members[0], members[1])]  # the one pairing there is: no matching to weigh
    base = size + 1
    place = {m: x for x, m in enumerate(members)}
    order_span = base ** size  # above every sum of the bottom members' places
    identifier_span = order_span << size  # above every identifier's cost
    failure_base = size // 2 + 1
    cost: dict[tuple[int, int], int] = {}
    for (a, b), failed in costs.items():
        x, y = place[a], place[b]
        failures = 0
        for count in failed:
            failures = failures * failure_base + count
        cost[(a, b)] = ((failures * identifier_span) + ((1 << (size - 1 - y)) * order_span)
                        + y * base ** (size - 1 - x))
    # maximum weight with every member matched: each edge's weight holds a share above
    # any difference of costs, so a matching with more pairs always weighs more
    share = (size // 2 + 1) * max(cost.values()) + 1
    edges = [(place[a], place[b], share - c) for (a, b), c in cost.items()]
    mate = max_weight_matching_tight(size, edges)[0]
    if any(m == -1 for m in mate):
        raise ValueError("the bracket has no legal pairing")  # 3.5 chose it pairable
    return [(members[x], members[m]) for x, m in enumerate(mate) if x < m]


def first_departure(entrants: Sequence[Entrant], may_meet: MayMeet, failures: PairFailures,
                    names: Sequence[str], floats_lapse: bool, bye: int | None,
                    pairs: Sequence[tuple[int, int]]) -> Departure | None:
    """Where the round `bye` + `pairs` (indices of `entrants`, everybody once) first parts from
    Art. 3.3-3.6, walking the text's order: the absolute criteria ([C1], [C2]), the PAB (3.4),
    then bracket by bracket the upfloaters (3.5: [C4]-[C7], then the order of 3.5.4) and the
    bracket's pairing (3.6.4: the system's criteria `names`, then the identifier of 3.6.2).
    None when its pairs are the text's. `Departure.text_first` is False when the given round
    is the better one at that step: the procedure here would then have missed it."""
    if any(not may_meet(a, b) for a, b in pairs):
        return Departure("[C1]", True)
    if bye is not None and entrants[bye].bye_barred:
        return Departure("[C2]", True)
    procedure = _Procedure(entrants, may_meet, failures, len(names), floats_lapse)
    return procedure.departure(list(range(len(entrants))), bye, pairs, names)


def pair_round(entrants: Sequence[Entrant], order: Sequence[int], may_meet: MayMeet,
               failures: PairFailures, criteria: int, floats_lapse: bool
               ) -> RoundPairing | None:
    """Art. 3.3-3.6 for the entrants `order` lists: the PAB when their number is odd, then
    bracket after bracket; None when the round cannot be completed (3.3.3)."""
    return _Procedure(entrants, may_meet, failures, criteria, floats_lapse).run(list(order))
