"""Lexicographic bracket pairing, the procedure FIDE's 2026 systems share (C.04.5 Double-Swiss
and C.04.6 Team Swiss, Art. 3.4-3.6): the pairing-allocated bye, upfloaters and the pairing of a
bracket as the first acceptable pairing in lexicographic order of pairing numbers.

Entrants are players (Double-Swiss) or teams (Team Swiss); this module knows neither: it sees
indices 0..n-1 in the order of Art. 1.2 (score, then TPN), a score per index and the yes/no
questions the system asks (may these two meet; is this pair acceptable by the system's quality
criteria). Pure Python.

Where the procedure cannot pair everybody, the systems' definition of a bracket decides:
C.04.5/C.04.6 Art. 1.3.2, "a (pairing) bracket is an even numbered group of players all to be
paired", and C.04.1 c, at most one player is unpaired. So instead of leaving players unpaired
(what the reference library `gnutterts/chesspairing` does then) a bracket that cannot be paired
takes in the scoregroup below it and is paired again (`pair_round`); only when one bracket of
everybody cannot be paired is the round paired as one list (`lexicographic_complete`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from app.pairing.swiss.cardinality import maximum_matching

MayMeet = Callable[[int, int], bool]
"""Absolute criteria for two indices: not met before (C.04.1 b), not a forbidden pair."""
Acceptable = Callable[[int, int], bool]
"""A system's quality criteria for a pair (Double-Swiss: the colour criterion)."""

DFS_BUDGET = 20_000  # nodes a plain depth-first search may visit before it is guided


def blocked_indices(entrants: Sequence[tuple[int, frozenset[int]]],
                    forbidden: frozenset[frozenset[int]]) -> list[set[int]]:
    """For each index of `entrants` (number, opponents met), the indices it may not meet:
    met before (C.04.1 b, [C1]) or a forbidden pair; symmetric."""
    index = {number: i for i, (number, _) in enumerate(entrants)}
    blocked: list[set[int]] = [set() for _ in entrants]
    for i, (_, met) in enumerate(entrants):
        for number in met:
            if number in index:
                blocked[i].add(index[number])
                blocked[index[number]].add(i)
    for pair in forbidden:
        found = [index[n] for n in pair if n in index]
        if len(found) == 2:
            blocked[found[0]].add(found[1])
            blocked[found[1]].add(found[0])
    return blocked


@dataclass(frozen=True)
class BracketPairing:
    """The pairs of a round (index pairs, the lower index first, in pairing order), whether a
    quality criterion had to be dropped, and whether brackets had to be merged (or the round
    paired as one list) for everybody to be paired."""

    pairs: tuple[tuple[int, int], ...]
    quality_dropped: bool = False
    completed: bool = False


def bracket_notes(found: BracketPairing, chapter: str) -> list[str]:
    """What the arbiter is told of how the round's brackets were paired: the colour criterion
    relaxed (Art. 3.6) or a bracket paired with the scoregroup below (Art. 1.3.2); `chapter`
    is the FIDE text that applies (C.04.5 Double-Swiss, C.04.6 Team Swiss)."""
    notes: list[str] = []
    if found.quality_dropped:
        notes.append(f"颜色条件已放宽（FIDE {chapter} 第3.6条） / the colour criterion was relaxed "
                     f"(FIDE {chapter} Art. 3.6)")
    if found.completed:
        notes.append("有分数组无法单独配对，已与下一分数组合并编排 / a bracket could not be "
                     "paired by itself: it was paired together with the scoregroup below "
                     "(Art. 1.3.2)")
    return notes


def _perfect(members: Sequence[int], may_meet: MayMeet, acceptable: Acceptable | None) -> bool:
    """Can `members` (an even number) all be paired?"""
    if not members:
        return True
    local = list(members)
    adjacent = [[j for j, b in enumerate(local)
                 if j != i and may_meet(a, b) and (acceptable is None or acceptable(a, b))]
                for i, a in enumerate(local)]
    mate = maximum_matching(adjacent)
    return all(m != -1 for m in mate)


def _dfs(members: list[int], may_meet: MayMeet, acceptable: Acceptable | None
         ) -> list[tuple[int, int]] | None:
    """Art. 3.6: the first pairing, in lexicographic order, of `members` (ascending): the
    first unpaired entrant meets the first later one it may meet, backtracking when the rest
    cannot be paired. None when there is none, or when the search is too long (then the guided
    search below finds the same first pairing)."""
    n = len(members)
    used = [False] * n
    pairs: list[tuple[int, int]] = []
    visits = 0

    def ok(a: int, b: int) -> bool:
        return may_meet(a, b) and (acceptable is None or acceptable(a, b))

    def search() -> bool | None:
        nonlocal visits
        visits += 1
        if visits > DFS_BUDGET:
            return None
        first = next((i for i in range(n) if not used[i]), -1)
        if first == -1:
            return True
        used[first] = True
        for j in range(first + 1, n):
            if used[j] or not ok(members[first], members[j]):
                continue
            used[j] = True
            pairs.append((members[first], members[j]))
            found = search()
            if found is None:
                return None
            if found:
                return True
            pairs.pop()
            used[j] = False
        used[first] = False
        return False

    found = search()
    if found:
        return pairs
    if found is None:
        return _guided(members, may_meet, acceptable)
    return None


def _guided(members: list[int], may_meet: MayMeet, acceptable: Acceptable | None
            ) -> list[tuple[int, int]] | None:
    """The same first lexicographic pairing as `_dfs`, found by asking at each step whether
    the rest can still be paired (a maximum matching) instead of by backtracking."""
    rest = list(members)
    if not _perfect(rest, may_meet, acceptable):
        return None
    pairs: list[tuple[int, int]] = []
    while rest:
        first = rest[0]
        for other in rest[1:]:
            if not may_meet(first, other) or (acceptable is not None
                                              and not acceptable(first, other)):
                continue
            remaining = [m for m in rest[1:] if m != other]
            if _perfect(remaining, may_meet, acceptable):
                pairs.append((first, other))
                rest = remaining
                break
        else:  # pragma: no cover - _perfect said a pairing exists
            return None
    return pairs


def pair_bracket(members: Sequence[int], may_meet: MayMeet, acceptable: Acceptable | None
                 ) -> tuple[list[tuple[int, int]] | None, bool]:
    """Art. 3.6 for one bracket: its first lexicographic pairing keeping the quality
    criteria; when none keeps them, the first keeping the absolute ones only (quality criteria
    are relaxed before a bracket is left unpaired). Returns (pairs or None, quality dropped)."""
    ordered = sorted(members)
    if acceptable is not None:
        found = _dfs(ordered, may_meet, acceptable)
        if found is not None:
            return found, False
    return _dfs(ordered, may_meet, None), acceptable is not None


def choose_bye(order: Sequence[int], scores: Sequence[int], eligible: Callable[[int], bool],
               may_meet: MayMeet) -> int | None:
    """Art. 3.4: the pairing-allocated bye goes to the eligible entrant (C.04.1 d) of the
    lowest score, of those the one with the highest TPN, such that everybody else can still be
    paired (1.3.2). None when nobody may have it."""
    candidates = sorted((i for i in order if eligible(i)), key=lambda i: (scores[i], -i))
    for candidate in candidates:
        if _perfect([i for i in order if i != candidate], may_meet, None):
            return candidate
    return None


def score_groups(order: Sequence[int], scores: Sequence[int]) -> list[list[int]]:
    """Art. 1.3.1: entrants of equal score, groups by descending score, each ascending."""
    groups: dict[int, list[int]] = {}
    for i in order:
        groups.setdefault(scores[i], []).append(i)
    return [sorted(groups[s]) for s in sorted(groups, reverse=True)]


def brackets_with_upfloaters(groups: list[list[int]], may_meet: MayMeet
                             ) -> tuple[list[list[int]], list[int]]:
    """Art. 1.3.2 and 3.5: make every bracket even by floating one entrant up from the
    scoregroup below, from the bottom scoregroup upwards: the lowest-ranked (highest TPN) one
    with at least one opponent it may meet in the bracket above. Returns the brackets and the
    upfloaters."""
    brackets = [list(g) for g in groups]
    floaters: list[int] = []
    for i in range(len(brackets) - 1, 0, -1):
        if len(brackets[i]) % 2 == 0:
            continue
        above = brackets[i - 1]
        for candidate in sorted(brackets[i], reverse=True):
            if any(may_meet(candidate, other) for other in above):
                brackets[i].remove(candidate)
                above.append(candidate)
                floaters.append(candidate)
                break
    return brackets, floaters


def lexicographic_complete(order: Sequence[int], may_meet: MayMeet,
                           acceptable: Acceptable | None) -> BracketPairing | None:
    """Everybody in `order` paired as one list, lexicographically first, the quality criteria
    kept when they can be (C.04.5/C.04.6 Art. 1.3.2: all to be paired). None when the
    absolute criteria leave no complete pairing."""
    members = sorted(order)
    if acceptable is not None:
        kept = _guided(members, may_meet, acceptable)
        if kept is not None:
            return BracketPairing(tuple(kept), False, True)
    found = _guided(members, may_meet, None)
    if found is None:
        return None
    return BracketPairing(tuple(found), acceptable is not None, True)


def pair_round(order: Sequence[int], scores: Sequence[int], may_meet: MayMeet,
               acceptable: Acceptable | None) -> BracketPairing | None:
    """Art. 3.5-3.6 for everybody in `order` (an even number, the bye already given): the
    brackets top down, each paired lexicographically. A bracket that cannot be paired (Art.
    1.3.2: all to be paired) takes in the next scoregroup and is paired again; the lowest one
    joins the bracket above it (whose pairing is then made again). When one bracket of
    everybody still cannot be paired, the round is paired as one list (`lexicographic_complete`).
    None: no complete pairing."""
    brackets = [b for b in brackets_with_upfloaters(score_groups(order, scores), may_meet)[0]
                if b]
    paired: list[list[tuple[int, int]]] = []
    dropped = merged = False
    i = 0
    while i < len(brackets):
        found: list[tuple[int, int]] | None = None
        relaxed = False
        if len(brackets[i]) % 2 == 0:
            found, relaxed = pair_bracket(brackets[i], may_meet, acceptable)
        if found is not None:
            paired.append(found)
            dropped = dropped or relaxed
            i += 1
            continue
        merged = True
        if i + 1 < len(brackets):
            brackets[i] = brackets[i] + brackets.pop(i + 1)
        elif i > 0:
            paired.pop()
            brackets[i - 1] = brackets[i - 1] + brackets.pop(i)
            i -= 1
        else:
            return lexicographic_complete(order, may_meet, acceptable)
    return BracketPairing(tuple(p for pairs in paired for p in pairs), dropped, merged)
