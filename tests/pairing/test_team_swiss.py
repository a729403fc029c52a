"""FIDE Swiss Team Pairing System (C.04.6): one test per article, and agreement with the
text and with the reference library on 1 085 generated rounds (tests/data/fide_team_swiss,
README there).

Agreement figures (asserted below). Against the text: our engine gives the pairing a plain
enumeration of Art. 3.3-3.6 gives (tests/pairing/fide_literal.py, with [C8]-[C10] written
here from the articles' words) in all 269 rounds small enough to enumerate (16 teams at most),
none differing. Against the reference: of the 1 085 rounds the reference leaves two or more
teams unpaired in 575 (C.04.1 c, Art. 1.3.2); in 3 the generator's history leaves no legal
pairing and the reference pairs a second meeting (C.04.1 b); 3 rounds of its files paired
nobody. The library reads the text otherwise: it pairs a bracket 1-2 3-4 where the first
Pairing Identifier (Art. 3.6.2) is 1-3 2-4, keeps [C8] as pass/fail instead of the fewest
failures (3.6.4), and has no [C4]-[C7], [C9], [C10]; of the 504 others we give its
pairing in 9 and its pairs with other colours in 1. (Before this
reading, the engine followed the library: 433 of 504 identical.)
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from app.pairing import team_swiss
from app.pairing.lexicographic import Entrant, blocked_indices
from app.pairing.team_swiss import Preference, Preferences, PrimaryScore, TeamSwissOptions
from app.pairing.trf import read_trf
from app.pairing.types import (
    Colour,
    Outcome,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)
from tests.pairing.fide_literal import TooLarge, literal_round

DATA = Path(__file__).parent.parent / "data" / "fide_team_swiss"
W, B = Colour.FIRST, Colour.SECOND


def _match(round_: int, opponent: int, colour: Colour, points: int, games: int) -> RoundRecord:
    outcome = {2: Outcome.WIN, 1: Outcome.DRAW, 0: Outcome.LOSS}[points]
    return RoundRecord(round_, outcome, opponent, colour, points, games)


def _request(*teams: PlayerHistory, round_: int = 2, total: int = 9) -> PairingRequest:
    return PairingRequest(TournamentSnapshot(teams, total), round_)


def test_art_1_2_primary_score_match_or_game_points() -> None:
    teams = (
        PlayerHistory(1, (_match(1, 9, W, 2, 5),)),  # won 2½-1½ (units: 5 of 8)
        PlayerHistory(2, (_match(1, 8, B, 1, 4),)),  # drew
        PlayerHistory(3, (_match(1, 7, W, 2, 8),)),  # won 4-0
    )
    by_match = team_swiss.derive_teams(_request(*teams), TeamSwissOptions())
    assert [t.number for t in by_match] == [1, 3, 2]
    by_game = team_swiss.derive_teams(_request(*teams),
                                      TeamSwissOptions(primary=PrimaryScore.GAME))
    assert [t.number for t in by_game] == [3, 1, 2]
    assert by_game[0].secondary == 2  # the match points are the secondary score


def test_art_1_7_type_a_preference_or_none() -> None:
    assert team_swiss.preference((W, W), Preferences.A, False) == Preference(B)
    assert team_swiss.preference((B, W, B, B), Preferences.A, False) == Preference(W)
    assert team_swiss.preference((W,), Preferences.A, False) == Preference()
    assert team_swiss.preference((W, W, W), Preferences.NONE, False) == Preference()


def test_art_1_7_type_b_strong_and_mild() -> None:
    assert team_swiss.preference((W, W), Preferences.B, False) == Preference(B, True)
    assert team_swiss.preference((W,), Preferences.B, False) == Preference(B)
    assert team_swiss.preference((W, B), Preferences.B, False) == Preference(W)
    assert team_swiss.preference((W, B), Preferences.B, True) == Preference()  # last round


def test_art_3_4_bye_lowest_score_most_matches_highest_tpn() -> None:
    teams = (
        PlayerHistory(1, (_match(1, 2, W, 2, 6),)),
        PlayerHistory(2, (_match(1, 1, B, 0, 2),)),
        PlayerHistory(3, (RoundRecord(1, Outcome.ZERO_BYE),)),  # no match played
    )
    pairing = team_swiss.pair(_request(*teams))
    assert pairing.bye == 2  # 2 and 3 have no points; 2 played more matches


def test_c1_no_second_meeting_and_c8_keeps_same_preferences_apart() -> None:
    teams = (
        PlayerHistory(1, (_match(1, 5, W, 2, 6), _match(2, 6, W, 2, 6))),
        PlayerHistory(2, (_match(1, 6, W, 2, 6), _match(2, 5, W, 2, 6))),
        PlayerHistory(3, (_match(1, 7, B, 2, 6), _match(2, 8, W, 2, 6))),
        PlayerHistory(4, (_match(1, 8, W, 2, 6), _match(2, 7, B, 2, 6))),
    )
    pairing = team_swiss.pair(_request(*teams, round_=3))
    pairs = {frozenset((b.first, b.second)) for b in pairing.boards}
    assert frozenset((1, 2)) not in pairs  # both prefer black (two whites running)
    assert pairs == {frozenset((1, 3)), frozenset((2, 4))}


def test_art_4_3_1_round_one_initial_colour_by_tpn() -> None:
    teams = tuple(PlayerHistory(n) for n in range(1, 5))
    boards = team_swiss.pair(_request(*teams, round_=1)).boards
    # Art. 3.6.3: identifier 1 2 3 4 (1-3, 2-4); 4.3.1: the first-team 1 (odd TPN) gets the
    # initial colour, 2 (even) the other
    assert [(b.first, b.second) for b in boards] == [(1, 3), (4, 2)]


def test_art_4_3_2_to_4_3_5() -> None:
    def team(number: int, colours: tuple[Colour, ...], kind: Preferences = Preferences.A
             ) -> team_swiss.SwissTeam:
        return team_swiss.SwissTeam(number, number - 1, 4, 0,
                                    tuple(enumerate(colours, start=1)), frozenset(),
                                    len(colours), False,
                                    team_swiss.preference(colours, kind, False))

    white, _ = team_swiss.allocate(team(1, (W, W)), team(2, (W, B)), Preferences.A, W)
    assert white.number == 2  # 4.3.2: only 1 has a preference (black): granted
    white, _ = team_swiss.allocate(team(1, (B, B)), team(2, (W, W)), Preferences.A, W)
    assert white.number == 1  # 4.3.3: opposite preferences both granted
    white, _ = team_swiss.allocate(team(1, (W, B, W), Preferences.B),
                                   team(2, (B, W, W), Preferences.B), Preferences.B, W)
    # 4.3.4: both prefer black, only 2 strongly (two whites running): 2 gets black
    assert white.number == 1
    white, _ = team_swiss.allocate(team(1, (W, B, W)), team(2, (B, W, B)), Preferences.A, W)
    assert white.number == 2  # 4.3.5: the lower colour difference is white


def test_art_4_3_6_alternate_from_the_last_round_they_differed() -> None:
    a = team_swiss.SwissTeam(1, 0, 4, 0, ((1, W), (2, B)), frozenset(), 2, False, Preference())
    b = team_swiss.SwissTeam(2, 1, 4, 0, ((1, B), (2, W)), frozenset(), 2, False, Preference())
    white, _ = team_swiss.allocate(a, b, Preferences.A, W)
    assert white.number == 1  # round 2: 1 had black, 2 white


# --- agreement with the reference ------------------------------------------------------------


def _cut(text: str, k: int) -> str:
    return "\n".join(line[:91 + 10 * (k - 1)].rstrip() if line.startswith("001") else line
                     for line in text.splitlines())


def _forfeit_teams(text: str) -> set[int]:
    numbers = set()
    for line in text.splitlines():
        if line.startswith("001"):
            entries = [line[i:i + 10] for i in range(91, len(line), 10)]
            if any(e[:4] != "0000" and e[7:8] in "+-" for e in entries):
                numbers.add(int(line[4:8]))
    return numbers


def _literal(request: PairingRequest, kind: Preferences
             ) -> tuple[set[frozenset[int]], set[int]]:
    """The round by plain enumeration of the text, [C8]-[C10] written from their words."""
    teams = team_swiss.derive_teams(request, TeamSwissOptions(kind))
    blocked = blocked_indices([(t.number, t.opponents) for t in teams], request.forbidden_pairs)
    lapse = request.round > request.snapshot.total_rounds - 2  # [C7], [C10]

    def criteria(i: int, j: int, ups: frozenset[int]) -> tuple[int, ...]:
        a, b = teams[i].preference, teams[j].preference
        same = a.colour is not None and a.colour == b.colour  # [C8]
        strong = same and kind is Preferences.B and a.strong and b.strong  # [C9]
        c10 = 0
        if not lapse and (i in ups) != (j in ups):
            c10 = int(teams[j if i in ups else i].floated)
        return int(same), int(strong), c10

    entrants = [Entrant(t.number, t.score, t.matches, t.bye_barred, t.floated) for t in teams]
    found = literal_round(entrants, lambda i, j: j not in blocked[i], criteria, lapse)
    if found is None:
        raise team_swiss.NoLegalPairing("none")
    bye, brackets = found
    pairs = {frozenset((teams[a].number, teams[b].number)) for br in brackets for a, b in br}
    return pairs, set() if bye is None else {teams[bye].number}


def _compare_one(name: str, text: str, k: int, reference: dict[str, list]) -> tuple[str, str]:
    """One round: (against the reference, against the text enumerated)."""
    tournament = read_trf(_cut(text, k))
    if tournament.rounds_played != k - 1:
        return "round_not_paired", "-"
    kind = Preferences(name.split("_")[1].removesuffix(".trf"))
    request = tournament.request_for_round(k)
    ours = team_swiss.pair(request, TeamSwissOptions(kind))
    our_pairs = {(b.first, b.second) for b in ours.boards if b.second is not None}
    our_byes = {b.first for b in ours.boards if b.second is None}
    try:
        literal = "text" if _literal(request, kind) == (
            {frozenset(p) for p in our_pairs}, our_byes) else "differs"
    except TooLarge:
        literal = "too_large"
    ref_pairs = {(int(w), int(b)) for w, b in reference["pairs"]}
    ref_byes = {int(x) for x in reference["byes"]}
    if 2 * len(ref_pairs) + len(ref_byes) < len(tournament.players) - 1:
        return "reference_incomplete", literal  # C.04.1 c, Art. 1.3.2
    if our_pairs == ref_pairs and our_byes == ref_byes:
        return "same", literal
    if {frozenset(p) for p in our_pairs} == {frozenset(p) for p in ref_pairs}:
        return "colours", literal
    return "pairs", literal  # Art. 3.4-3.6: identifier order, [C4]-[C10]


def test_agreement_with_the_text_and_the_reference_on_1085_generated_rounds() -> None:
    answers = json.loads((DATA / "reference_answers.json").read_text())
    reference: Counter[str] = Counter()
    text: Counter[str] = Counter()
    for name, rounds in sorted(answers.items()):
        source = (DATA / name).read_text()
        for k, answer in rounds.items():
            try:
                against_reference, against_text = _compare_one(name, source, int(k), answer)
            except team_swiss.NoLegalPairing:
                # the generator's histories repeat pairings; the reference then pairs a
                # second meeting (C.04.1 b forbids it)
                against_reference, against_text = "no_legal_pairing", "-"
            reference[against_reference] += 1
            text[against_text] += 1
    assert sum(reference.values()) >= 1000
    assert text["differs"] == 0, text
    assert text["text"] >= 260, (text, reference)
    assert reference["same"] + reference["colours"] + reference["pairs"] >= 500, reference
