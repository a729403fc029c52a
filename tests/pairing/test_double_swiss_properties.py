"""Property tests of the FIDE 2026 engines' restructured hot paths (made faster without
changing a pairing): each against a plain version written here from the articles.

- the entrants' facts (C.04.5 Art. 1.2, 1.5, 3.4.3, [C1], [C2]; C.04.6 Art. 1.2, 1.5, 1.7)
  from one pass over each history, against one plain look per fact;
- [C1]'s sets of indices (`blocked_indices`), records disagreeing and forbidden pairs
  included, against plain set building;
- the PAB of Art. 3.4 chosen scoregroup by scoregroup, against one sort of every candidate;
- the boards' colours of Art. 4.3 read on the pair's order, against `game_one_first`;
- the procedure (reading the indices as the Art. 1.2 order) and whole Double-Swiss rounds,
  against the plain enumeration of Art. 3.3-3.6 (tests/pairing/fide_literal.py).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from app.pairing import double_swiss, team_swiss
from app.pairing.lexicographic import Apart, Entrant, blocked_indices, choose_bye, pair_round
from app.pairing.team_swiss import Preferences, PrimaryScore, TeamSwissOptions
from app.pairing.types import (
    Colour,
    NoLegalPairing,
    Outcome,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)
from tests.pairing.fide_literal import TooLarge, double_swiss_round, literal_round

_POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
_OTHER = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN, Outcome.DRAW: Outcome.DRAW}


def _tournament(rng: random.Random, n: int, rounds: int, games: bool) -> PairingRequest:
    """`rounds` rounds of `n` entrants met at random (no second meeting sought: the records
    are what they are), with draws, forfeits, byes, absences and (when `games`) the games'
    points of a two-game match; the request for the next round, some absent, a forbidden
    pair now and then."""
    history: dict[int, list[RoundRecord]] = {k: [] for k in range(1, n + 1)}
    for number in range(1, rounds + 1):
        order = list(history)
        rng.shuffle(order)
        while len(order) >= 2 and rng.random() < 0.95:
            a, b = order.pop(), order.pop()
            kind = rng.random()
            if kind < 0.06:  # a forfeit: no meeting (C.04.5 Preface)
                history[a].append(RoundRecord(number, Outcome.FORFEIT_WIN, b, Colour.FIRST, 2))
                history[b].append(RoundRecord(number, Outcome.FORFEIT_LOSS, a, None, 0))
                continue
            result = rng.choice(list(_POINTS))
            mine = rng.choice((0, 1, 2, 3, 4)) if games else None
            history[a].append(RoundRecord(number, result, b, Colour.FIRST, _POINTS[result], mine))
            history[b].append(RoundRecord(number, _OTHER[result], a, Colour.SECOND,
                                          _POINTS[_OTHER[result]],
                                          None if mine is None else 4 - mine))
        for k in order:
            outcome = rng.choice((Outcome.PAB, Outcome.ABSENT, Outcome.HALF_BYE,
                                  Outcome.FULL_BYE))
            history[k].append(RoundRecord(number, outcome, None, None,
                                          {Outcome.PAB: 2, Outcome.FULL_BYE: 2,
                                           Outcome.HALF_BYE: 1}.get(outcome, 0)))
    absent = frozenset(k for k in history if rng.random() < 0.1)
    forbidden = frozenset(frozenset(rng.sample(range(1, n + 1), 2))
                          for _ in range(rng.choice((0, 0, 1, 2)) if n > 1 else 0))
    snapshot = TournamentSnapshot(tuple(PlayerHistory(k, tuple(r)) for k, r in history.items()),
                                  rounds + rng.choice((1, 2, 3)),
                                  initial_colour=rng.choice((Colour.FIRST, Colour.SECOND)))
    return PairingRequest(snapshot, rounds + 1, absent, forbidden)


def _plain_players(request: PairingRequest) -> list[tuple[int, int, tuple[Colour, ...],
                                                          frozenset[int], bool, int, bool]]:
    """C.04.5's facts of each player, one look at the records per fact: (number, score,
    game-1 colours, opponents, [C2] bar, matches, floated), in the Art. 1.2 order."""
    previous = request.round - 1

    def score(h: PlayerHistory, before: int) -> int:  # Art. 1.2.1: the games' points
        return sum(r.points if r.game_points is None else r.game_points
                   for r in h.rounds if r.round < before)

    histories = {h.number: h for h in request.snapshot.players}
    facts = []
    for h in histories.values():
        if h.number in request.unavailable:
            continue
        played = [r for r in h.rounds if r.outcome.played]
        last = [r.opponent for r in played if r.round == previous]
        opponent = last[0] if last else None
        floated = opponent is not None and (
            score(histories[opponent], previous) if opponent in histories else None
        ) != score(h, previous)  # Art. 1.5
        facts.append((h.number, score(h, request.round),
                      tuple(r.colour for r in played if r.colour is not None),
                      frozenset(r.opponent for r in played if r.opponent is not None),
                      any(r.outcome in double_swiss.BYE_BARS for r in h.rounds),
                      len(played), floated))
    return sorted(facts, key=lambda f: (-f[1], f[0]))


@given(st.randoms(use_true_random=False), st.integers(1, 14), st.integers(0, 5), st.booleans())
def test_double_swiss_facts_are_the_articles_plainly(rng: random.Random, n: int, rounds: int,
                                                     games: bool) -> None:
    request = _tournament(rng, n, rounds, games)
    derived = [(p.number, p.score, p.game_one, p.opponents, p.bye_barred, p.matches,
                p.floated) for p in double_swiss.derive_players(request)]
    assert derived == _plain_players(request)
    assert [p.tpn for p in double_swiss.derive_players(request)] == list(range(len(derived)))


@given(st.randoms(use_true_random=False), st.integers(1, 12), st.integers(0, 5),
       st.sampled_from(list(Preferences)), st.sampled_from(list(PrimaryScore)))
def test_team_swiss_facts_are_the_articles_plainly(rng: random.Random, n: int, rounds: int,
                                                   kind: Preferences,
                                                   primary: PrimaryScore) -> None:
    request = _tournament(rng, n, rounds, True)
    options = TeamSwissOptions(kind, primary)
    previous = request.round - 1
    last_round = request.round >= request.snapshot.total_rounds

    def scores(h: PlayerHistory, before: int) -> tuple[int, int]:  # Art. 1.2
        match = sum(r.points for r in h.rounds if r.round < before)
        game = sum(r.points if r.game_points is None else r.game_points
                   for r in h.rounds if r.round < before)
        return (match, game) if primary is PrimaryScore.MATCH else (game, match)

    histories = {h.number: h for h in request.snapshot.players}
    expected = []
    for h in histories.values():
        if h.number in request.unavailable:
            continue
        played = [r for r in h.rounds if r.colour is not None and r.outcome.played]
        last = next((r.opponent for r in played if r.round == previous), None)
        colours = tuple(r.colour for r in played if r.colour is not None)
        expected.append((h.number, *scores(h, request.round),
                         tuple((r.round, r.colour) for r in played),
                         frozenset(r.opponent for r in played if r.opponent is not None),
                         len(played), any(r.outcome in double_swiss.BYE_BARS for r in h.rounds),
                         team_swiss.preference(colours, kind, last_round),
                         last is not None
                         and scores(histories[last], previous)[0] != scores(h, previous)[0]))
    expected.sort(key=lambda t: (-t[1], t[0]))
    derived = [(t.number, t.score, t.secondary, t.colours, t.opponents, t.matches,
                t.bye_barred, t.preference, t.floated)
               for t in team_swiss.derive_teams(request, options)]
    assert derived == expected


@given(st.lists(st.tuples(st.integers(1, 12), st.frozensets(st.integers(1, 14), max_size=5)),
                max_size=10, unique_by=lambda e: e[0]),
       st.frozensets(st.frozensets(st.integers(1, 14), min_size=2, max_size=2), max_size=3))
def test_blocked_indices_are_the_met_and_forbidden_both_ways(
        entrants: list[tuple[int, frozenset[int]]], forbidden: frozenset[frozenset[int]]
) -> None:
    index = {number: i for i, (number, _) in enumerate(entrants)}
    plain: list[set[int]] = [set() for _ in entrants]
    for i, (number, met) in enumerate(entrants):
        for other in met:
            if other in index:  # met before, whichever of the two records says so
                plain[i].add(index[other])
                plain[index[other]].add(i)
        for pair in forbidden:
            if number in pair and all(x in index for x in pair):
                (other,) = pair - {number}
                plain[i].add(index[other])
    assert blocked_indices(entrants, forbidden) == plain


def _entrants(draw: st.DrawFn, n: int) -> list[Entrant]:
    scores = sorted(draw(st.lists(st.integers(0, 6), min_size=n, max_size=n)), reverse=True)
    tpns = draw(st.permutations(range(1, n + 1)))
    rows = sorted(zip(scores, tpns, strict=True), key=lambda st_: (-st_[0], st_[1]))
    return [Entrant(tpn, score, draw(st.integers(0, 4)), draw(st.booleans()),
                    draw(st.booleans())) for score, tpn in rows]


@st.composite
def _rounds(draw: st.DrawFn) -> tuple[list[Entrant], list[set[int]]]:
    n = draw(st.integers(1, 11))
    entrants = _entrants(draw, n)
    blocked: list[set[int]] = [set() for _ in range(n)]
    for i in range(n):
        for j in range(i + 1, n):
            if draw(st.integers(0, 3)) == 0:
                blocked[i].add(j)
                blocked[j].add(i)
    return entrants, blocked


@given(_rounds())
def test_the_bye_is_art_3_4_plainly(round_: tuple[list[Entrant], list[set[int]]]) -> None:
    entrants, blocked = round_
    order = list(range(len(entrants)))
    literal = literal_round(entrants, Apart(blocked), lambda i, j, ups: (0,), True)

    def pairable(members: list[int]) -> bool:
        if not members:
            return True
        first, rest = members[0], members[1:]
        return any(first not in blocked[o] and pairable([x for x in rest if x != o])
                   for o in rest)

    # 3.4: the lowest score, the most matches played, the largest TPN, of those [C2] allows
    # whose absence leaves the others pairable
    ranked = sorted((i for i in order if not entrants[i].bye_barred),
                    key=lambda i: (entrants[i].score, -entrants[i].matches, -entrants[i].tpn))
    plain = next((i for i in ranked if pairable([j for j in order if j != i])), None)
    chosen = choose_bye(entrants, order, Apart(blocked))
    assert chosen == plain
    if literal is not None and len(entrants) % 2:
        assert literal[0] == chosen


@given(_rounds(), st.booleans())
def test_the_procedure_pairs_as_the_text_enumerated(
        round_: tuple[list[Entrant], list[set[int]]], lapse: bool) -> None:
    entrants, blocked = round_

    def failures(i: int, j: int, ups: frozenset[int]) -> tuple[int, ...]:
        # a criterion on the upfloaters' opponents, as [C8] of C.04.5 and [C10] of C.04.6
        if lapse:
            return (0,)
        return (int(i in ups and entrants[j].floated) + int(j in ups and entrants[i].floated),)

    found = pair_round(entrants, range(len(entrants)), Apart(blocked), failures, 1, lapse)
    literal = literal_round(entrants, Apart(blocked), failures, lapse)
    if literal is None:
        assert found is None
        return
    assert found is not None
    bye, brackets = literal
    assert found.bye == bye
    assert {frozenset(p) for p in found.pairs} == {frozenset(p) for b in brackets for p in b}


@given(st.randoms(use_true_random=False), st.integers(2, 14), st.integers(0, 4))
def test_whole_double_swiss_rounds_are_the_text_enumerated(rng: random.Random, n: int,
                                                          rounds: int) -> None:
    request = _tournament(rng, n, rounds, True)
    try:
        number, literal = double_swiss_round(request)
    except TooLarge:
        assume(False)
        return
    try:
        pairing = double_swiss.pair(request)
    except NoLegalPairing:
        assert literal is None
        return
    assert literal is not None
    bye, brackets = literal
    assert {frozenset((b.first, b.second)) for b in pairing.boards if b.second} == {
        frozenset((number[i], number[j])) for bracket in brackets for i, j in bracket}
    assert pairing.bye == (None if bye is None else number[bye])


def test_entrants_out_of_the_art_1_2_order_are_refused() -> None:
    # the procedure reads the indices ascending as score descending then TPN
    entrants = [Entrant(1, 2, 1, False, False), Entrant(2, 4, 1, False, False)]
    with pytest.raises(ValueError, match="Art. 1.2"):
        pair_round(entrants, range(2), Apart([set(), set()]), lambda i, j, u: (0,), 1, False)
    same_score = [Entrant(2, 4, 1, False, False), Entrant(1, 4, 1, False, False)]
    with pytest.raises(ValueError, match="Art. 1.2"):
        pair_round(same_score, range(2), Apart([set(), set()]), lambda i, j, u: (0,), 1,
                   False)


@given(st.randoms(use_true_random=False), st.integers(2, 16), st.integers(0, 5))
def test_the_boards_colours_are_game_one_first(rng: random.Random, n: int, rounds: int) -> None:
    # `pair` gives game 1's first move on the pair's order (Art. 4.2 read from the indices)
    # without `game_one_first`'s comparison: the same colours on every board
    request = _tournament(rng, n, rounds, True)
    try:
        pairing = double_swiss.pair(request)
    except NoLegalPairing:
        assume(False)
        return
    players = {p.number: p for p in double_swiss.derive_players(request)}
    initial = request.snapshot.initial_colour
    for board in pairing.boards:
        if board.second is not None:
            first, second, _ = double_swiss.game_one_first(players[board.first],
                                                           players[board.second], initial)
            assert (board.first, board.second) == (first.number, second.number)
