"""FIDE Double-Swiss System (C.04.5): one test per article, and agreement with the reference
library on 1 038 generated rounds (tests/data/fide_double_swiss, README there).

Agreement figures (asserted below): of the 1 038 rounds, the reference leaves two or more
players unpaired in 492 (C.04.1 c and Art. 1.3.2 forbid it: a bracket is "all to be paired";
we pair everybody) and one round of the generator's files paired nobody. Of the 545 others we
give the reference's pairing, colours included, in 442: in all 262 of the tournaments without
forfeits, and in 180 of the 283 with forfeits, where the other 103 touch a player with a
forfeited match in his history (98), where the FIDE text and the library part: a forfeited
match is no meeting and gives no colour (Preface; C.04.1 f-h count games played), a forfeit
win bars the PAB (C.04.1 d), and `-` on both sides is a double forfeit (TRF-16), which the
library reads as a win for black; or two players of equal rating (5), whom the library ranks
by name, where Art. 1.1 takes the TPN the file gives.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from app.pairing import double_swiss
from app.pairing.trf import read_trf
from app.pairing.types import (
    Colour,
    NoLegalPairing,
    NoteKind,
    Outcome,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)

DATA = Path(__file__).parent.parent / "data" / "fide_double_swiss"


def _won(round_: int, opponent: int, colour: Colour, points: int = 4) -> RoundRecord:
    return RoundRecord(round_, Outcome.WIN, opponent, colour, 2, points)


def _lost(round_: int, opponent: int, colour: Colour) -> RoundRecord:
    return RoundRecord(round_, Outcome.LOSS, opponent, colour, 0, 0)


def _request(*players: PlayerHistory, round_: int = 2, total: int = 7) -> PairingRequest:
    return PairingRequest(TournamentSnapshot(players, total), round_)


def _fresh(n: int) -> PairingRequest:
    return _request(*(PlayerHistory(i) for i in range(1, n + 1)), round_=1)


def test_art_1_2_order_is_score_then_tpn() -> None:
    players = double_swiss.derive_players(_request(
        PlayerHistory(1, (_lost(1, 2, Colour.FIRST),)),
        PlayerHistory(2, (_won(1, 1, Colour.SECOND),)),
        PlayerHistory(3, (_won(1, 4, Colour.FIRST),)),
        PlayerHistory(4, (_lost(1, 3, Colour.SECOND),)),
    ))
    assert [p.number for p in players] == [2, 3, 1, 4]


def test_art_1_2_1_score_is_the_games_points() -> None:
    # 1½-½ (game points 3) ranks above 1-1 (game points 2), though both "won"/"drew" rounds
    won_narrowly = RoundRecord(1, Outcome.WIN, 2, Colour.FIRST, 2, 3)
    drawn = RoundRecord(1, Outcome.DRAW, 4, Colour.FIRST, 1, 2)
    players = double_swiss.derive_players(_request(
        PlayerHistory(1, (drawn,)), PlayerHistory(2, (won_narrowly,)),
    ))
    assert [(p.number, p.score) for p in players] == [(2, 3), (1, 2)]


def test_art_3_6_round_one_pairs_lexicographically() -> None:
    pairing = double_swiss.pair(_fresh(8))
    assert {frozenset((b.first, b.second)) for b in pairing.boards} == {
        frozenset(p) for p in ((1, 2), (3, 4), (5, 6), (7, 8))}


def test_art_4_step_4_round_one_boards_alternate() -> None:
    boards = double_swiss.pair(_fresh(8)).boards
    assert [(b.first, b.second) for b in boards] == [(1, 2), (4, 3), (5, 6), (8, 7)]


def test_art_4_step_4_initial_colour_second_inverts() -> None:
    request = _fresh(4)
    snapshot = TournamentSnapshot(request.snapshot.players, 7,
                                  initial_colour=Colour.SECOND)
    boards = double_swiss.pair(PairingRequest(snapshot, 1)).boards
    assert [(b.first, b.second) for b in boards] == [(2, 1), (3, 4)]


def test_c04_1_c_art_3_4_bye_to_lowest_score_highest_tpn() -> None:
    pairing = double_swiss.pair(_fresh(7))
    assert pairing.bye == 7
    assert pairing.boards[-1].second is None


def test_c04_1_d_no_second_bye_and_no_bye_after_a_forfeit_win() -> None:
    pab = RoundRecord(1, Outcome.PAB, None, None, 2, 3)
    forfeit_win = RoundRecord(1, Outcome.FORFEIT_WIN, 4, Colour.SECOND, 2, 4)
    players = (
        PlayerHistory(1, (_won(1, 2, Colour.FIRST),)),
        PlayerHistory(2, (_lost(1, 1, Colour.SECOND),)),
        PlayerHistory(3, (pab,)),
        PlayerHistory(4, (RoundRecord(1, Outcome.FORFEIT_LOSS, 5, Colour.FIRST, 0, 0),)),
        PlayerHistory(5, (forfeit_win,)),
    )
    pairing = double_swiss.pair(_request(*players))
    # 4 and 2 have no points; 4 ranks lower (higher TPN) but neither is barred: 4 gets it
    assert pairing.bye == 4
    assert all(b.first != 5 or b.second is not None for b in pairing.boards)


def test_c04_1_b_no_rematch_but_a_forfeited_match_may_be_repeated() -> None:
    forfeit = RoundRecord(1, Outcome.FORFEIT_WIN, 2, Colour.FIRST, 2, 4)
    players = (
        PlayerHistory(1, (forfeit,)),
        PlayerHistory(2, (RoundRecord(1, Outcome.FORFEIT_LOSS, 1, Colour.SECOND, 0, 0),)),
    )
    pairing = double_swiss.pair(_request(*players))
    assert {(b.first, b.second) for b in pairing.boards} <= {(1, 2), (2, 1)}
    played = (PlayerHistory(1, (_won(1, 2, Colour.FIRST),)),
              PlayerHistory(2, (_lost(1, 1, Colour.SECOND),)))
    with pytest.raises(NoLegalPairing):
        double_swiss.pair(_request(*played))


def test_art_1_3_2_everybody_is_paired_when_a_bracket_cannot_be() -> None:
    # 1 and 2 met; the top scoregroup {1, 2} cannot be paired within itself
    players = (
        PlayerHistory(1, (_won(1, 2, Colour.FIRST), _won(2, 3, Colour.SECOND))),
        PlayerHistory(2, (_lost(1, 1, Colour.SECOND), _won(2, 4, Colour.FIRST))),
        PlayerHistory(3, (_won(1, 4, Colour.SECOND), _lost(2, 1, Colour.FIRST))),
        PlayerHistory(4, (_lost(1, 3, Colour.FIRST), _lost(2, 2, Colour.SECOND))),
    )
    pairing = double_swiss.pair(_request(*players, round_=3))
    assert {frozenset((b.first, b.second)) for b in pairing.boards} == {
        frozenset((1, 4)), frozenset((2, 3))}


def test_c8_two_players_needing_the_same_colour_are_kept_apart() -> None:
    twice_first = (_won(1, 9, Colour.FIRST), _won(2, 8, Colour.FIRST))
    players = (
        PlayerHistory(1, twice_first),
        PlayerHistory(2, twice_first),
        PlayerHistory(3, (_won(1, 7, Colour.SECOND), _won(2, 6, Colour.FIRST))),
        PlayerHistory(4, (_won(1, 6, Colour.FIRST), _won(2, 7, Colour.SECOND))),
    )
    boards = double_swiss.pair(_request(*players, round_=3)).boards
    assert frozenset((1, 2)) not in {frozenset((b.first, b.second)) for b in boards}


def test_c8_is_relaxed_in_the_last_round() -> None:
    twice_first = (_won(1, 9, Colour.FIRST), _won(2, 8, Colour.FIRST))
    players = (PlayerHistory(1, twice_first), PlayerHistory(2, twice_first),
               PlayerHistory(3, (_won(1, 7, Colour.SECOND), _won(2, 6, Colour.FIRST))),
               PlayerHistory(4, (_won(1, 6, Colour.FIRST), _won(2, 7, Colour.SECOND))))
    boards = double_swiss.pair(_request(*players, round_=3, total=3)).boards
    assert frozenset((1, 2)) in {frozenset((b.first, b.second)) for b in boards}


def test_art_4_step_1_no_colour_three_times_in_a_row() -> None:
    a = double_swiss.MatchPlayer(1, 0, 8, (Colour.FIRST, Colour.FIRST), frozenset(), False)
    b = double_swiss.MatchPlayer(2, 1, 8, (Colour.SECOND, Colour.FIRST, Colour.SECOND),
                                 frozenset(), False)
    first, second = double_swiss.game_one_first(a, b, 0, Colour.FIRST)
    assert (first.number, second.number) == (2, 1)


def test_art_4_steps_2_3_5() -> None:
    more = double_swiss.MatchPlayer(1, 0, 8, (Colour.FIRST, Colour.SECOND, Colour.FIRST),
                                    frozenset(), False)
    fewer = double_swiss.MatchPlayer(2, 1, 8, (Colour.SECOND, Colour.FIRST, Colour.SECOND),
                                     frozenset(), False)
    assert double_swiss.game_one_first(more, fewer, 0, Colour.FIRST)[0].number == 2  # step 2
    last_first = double_swiss.MatchPlayer(1, 0, 8, (Colour.SECOND, Colour.FIRST),
                                          frozenset(), False)
    last_second = double_swiss.MatchPlayer(2, 1, 8, (Colour.FIRST, Colour.SECOND),
                                           frozenset(), False)
    assert double_swiss.game_one_first(last_first, last_second, 0,
                                       Colour.FIRST)[0].number == 2  # step 3
    same = double_swiss.MatchPlayer(3, 2, 8, (Colour.SECOND, Colour.FIRST), frozenset(), False)
    assert double_swiss.game_one_first(last_first, same, 0,
                                       Colour.FIRST)[0].number == 1  # step 5


def test_bye_points_are_one_and_a_half_games() -> None:
    assert double_swiss.bye_points(TournamentSnapshot((), 1).points) == 3


def test_notes_say_who_moves_first_in_each_game_and_who_floats() -> None:
    notes = double_swiss.pair(_fresh(3)).notes
    assert any("第一盘先手" in n and "game 2" in n for n in notes)
    assert sum("第一盘先手" in n for n in notes) == 1
    remarks = double_swiss.pair(_fresh(3)).remarks
    assert [r.kind for r in remarks if r.kind is NoteKind.PAB] == [NoteKind.PAB]


# --- agreement with the reference ------------------------------------------------------------


def _cut(text: str, k: int) -> str:
    """The file as it stood before round k: every player's entries of rounds 1..k-1."""
    return "\n".join(line[:91 + 10 * (k - 1)].rstrip() if line.startswith("001") else line
                     for line in text.splitlines())


def _forfeit_players(text: str) -> set[int]:
    numbers = set()
    for line in text.splitlines():
        if line.startswith("001"):
            entries = [line[i:i + 10] for i in range(91, len(line), 10)]
            if any(e[:4] != "0000" and e[7:8] in "+-" for e in entries):
                numbers.add(int(line[4:8]))
    return numbers


def _compare_one(text: str, k: int, reference: dict[str, list]) -> str:
    """One round against the reference: the name of the agreement or of its explanation."""
    tournament = read_trf(_cut(text, k))
    if tournament.rounds_played != k - 1:
        return "round_not_paired"  # the generator wrote a round with nobody paired
    ours = double_swiss.pair(tournament.request_for_round(k))
    ref_pairs = {(int(w), int(b)) for w, b in reference["pairs"]}
    ref_byes = {int(x) for x in reference["byes"]}
    if 2 * len(ref_pairs) + len(ref_byes) < len(tournament.players) - 1:
        return "reference_incomplete"  # C.04.1 c, Art. 1.3.2
    our_pairs = {(b.first, b.second) for b in ours.boards if b.second is not None}
    our_byes = {b.first for b in ours.boards if b.second is None}
    if our_pairs == ref_pairs and our_byes == ref_byes:
        return "same"
    differing = {n for pair in our_pairs ^ ref_pairs for n in pair} | (our_byes ^ ref_byes)
    if differing & _forfeit_players(_cut(text, k)):
        return "forfeit"  # Preface, C.04.1 d, f-h, TRF-16 double forfeit
    ratings = Counter(p.rating for p in tournament.players)
    if any(ratings[tournament.player(n).rating] > 1 for n in differing):
        # Art. 1.1: the TPN is the file's pairing number; the library re-ranks players of
        # equal rating by name ("Player 10" before "Player 9")
        return "tpn_of_equal_ratings"
    return "unexplained"


def test_agreement_with_the_reference_on_1038_generated_rounds() -> None:
    answers = json.loads((DATA / "reference_answers.json").read_text())
    counts: Counter[str] = Counter()
    unexplained: list[tuple[str, str]] = []
    for name, rounds in sorted(answers.items()):
        text = (DATA / name).read_text()
        for k, reference in rounds.items():
            verdict = _compare_one(text, int(k), reference)
            counts[verdict] += 1
            if verdict == "unexplained":
                unexplained.append((name, k))
    assert sum(counts.values()) >= 1000
    assert unexplained == []
    assert counts["same"] >= 440, counts
