"""FIDE Double-Swiss System (C.04.5, in force from 1 February 2026): each round a two-game
match (双盘制), the colours alternating inside it; one round of it paired.

What the articles say (the handbook page could be read up to Art. 1.3.2; the later articles
as the public readings `app.pairing.lexicographic` names quote and number them):
- Preface: a match is a forfeit only when a player forfeits both games; then the pairing may be
  repeated. Byes apply to matches, never to single games. Our records: a forfeited round
  (`Outcome.FORFEIT_*`) is no meeting; a round with a game played is.
- 1.2 Order: score (the match games' points, 小分 in our double-game rounds), then TPN
  ascending (our pairing number).
- 1.3 scoregroups and brackets (residents and upfloaters, no downfloaters); 1.4 the PAB is worth
  a game won and a game drawn; 1.5 a floater met an opponent of another score; 1.6 a player
  "had" the colour he was given in game 1 of a match with a game played.
- 2 criteria: [C1] no second meeting, [C2] no second PAB (nor after a forfeit win or a
  full-point bye, or a round not played worth as much: a late entry's), [C3] the round completed; for the upfloaters [C4]-[C7]; in the bracket only
  [C8], the upfloaters' opponents who floated in the previous round (not in the last round).
  There is no colour criterion: colours never keep two players apart.
- 3.3-3.6 the Top-Scoregroup Procedure (`app.pairing.lexicographic`).
- 4 colour allocation, who is first mover (先手, TRF `w`) in game 1 (`game_one_first`); game 2
  is the other way round (4.4).

The reference library `gnutterts/chesspairing` reads these articles otherwise (a colour
criterion, a three-in-a-row rule, White in game 1 to the higher-ranked player where 4.3.4
alternates, round 1 paired 1-2 3-4, the bye without 3.4.3 nor [C2]'s forfeit win, no
[C4]-[C7]): where they part, the text is followed and the comment at the place says so;
`explain` names the article a pairing made otherwise departs at.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import repeat
from typing import NamedTuple

from app.collector import uncollected
from app.pairing.board_checks import board_violations, names_of
from app.pairing.lexicographic import (
    Apart,
    Departure,
    Entrant,
    MayMeet,
    PairFailures,
    RoundPairing,
    blocked_indices,
    bracket_notes,
    first_departure,
    pair_round,
)
from app.pairing.types import (
    Board,
    Colour,
    NoLegalPairing,
    NoteKind,
    Outcome,
    Pairing,
    PairingNote,
    PairingRequest,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

BYE_BARS = (Outcome.PAB, Outcome.FORFEIT_WIN, Outcome.FULL_BYE)  # [C2]


class MatchPlayer(NamedTuple):
    """One player as the Double-Swiss pairing sees them (a tuple: one is made for each player
    of every round paired)."""

    number: int  # the TPN (Art. 1.1), our pairing number
    tpn: int  # 0-based place in the Art. 1.2 order: score, then pairing number
    score: int  # match games' points so far, in the group's units
    game_one: tuple[Colour, ...]  # own colour in game 1 of each match played, in order (1.6)
    opponents: frozenset[int]  # met in a played match (Preface: forfeits excepted)
    bye_barred: bool  # [C2]
    matches: int = 0  # matches played (3.4.3)
    floated: bool = False  # a floater of the previous round (1.5)


def bye_points(points: PointSystem) -> int:
    """The pairing-allocated bye of a Double-Swiss match in game points: 1½ (one game won,
    one drawn), C.04.5 Art. 3.4, unless the regulations say otherwise."""
    return points.win + points.draw


def scored_by_games(snapshot: TournamentSnapshot) -> TournamentSnapshot:
    """`snapshot` with each round's points the games' points (Preface, Art. 1.2.1: the score
    of a Double-Swiss player is the points of his games), the pairing-allocated bye at its
    Art. 3.4 value (`bye_points`). The round's outcome (the match won, drawn or lost) stays,
    and a round counts as won (FIDE C.07 7.1 WIN) from the bye's points on (`round_won_from`).
    """
    bye = bye_points(snapshot.points)

    def rescored(record: RoundRecord) -> RoundRecord:
        if record.outcome is Outcome.PAB:
            return replace(record, points=bye, game_points=bye)
        if record.game_points is None:
            return record
        return replace(record, points=record.game_points)

    players = tuple(replace(p, rounds=tuple(rescored(r) for r in p.rounds))
                    for p in snapshot.players)
    # a match is won with more than half its games' points: 1½ at least, the bye's (C.07 7.1)
    return replace(snapshot, players=players, round_won_from=bye)


def match_score(history: PlayerHistory, points: PointSystem) -> int:
    """Art. 1.2.1: the points of the games of every match so far (a double-game round's 小分;
    a record without them, e.g. read from a TRF with one result per round, counts its round
    points)."""
    total = 0
    for record in history.rounds:
        total += record.game_points if record.game_points is not None else record.points
    return total


_PLAYED = frozenset(o for o in Outcome if o.played)
# the colours as plain names: an enum's member read from its class is a slow look-up, and
# the colour allocation asks for them at every board
_FIRST, _SECOND = Colour.FIRST, Colour.SECOND
_new = tuple.__new__  # a named tuple made from a tuple at once, without its keywords


_BARRED = frozenset(BYE_BARS)


_Facts = tuple[int, int, tuple[Colour, ...], frozenset[int], int, bool, "int | None"]
"""What one pass over a player's rounds finds (`_facts`): the score, the score before the
previous round (Art. 1.5), the game-1 colours, the opponents met, the matches played, the
[C2] bar, and the opponent of a match played in the previous round."""


def _facts(rounds: tuple[RoundRecord, ...], previous: int, won_unplayed: int,
           played: frozenset[Outcome] = _PLAYED, barring: frozenset[Outcome] = _BARRED
           ) -> _Facts:
    """`won_unplayed`: the games' points of a match won without playing: a round not played
    worth that much (a late entry's points for a round it missed, 迟到报名) bars the PAB as a
    full-point bye does ([C2]; the group's TRF writes it F, which every reader bars)."""
    # the sets as arguments: looked up as locals for every record; each field read once
    total = earlier = matches = 0
    game_one: list[Colour] = []
    opponents: list[int] = []
    barred = False
    last_opponent: int | None = None
    for record in rounds:
        points = record.game_points
        if points is None:
            points = record.points
        total += points
        number = record.round
        if number < previous:
            earlier += points
        if record.outcome in played:
            matches += 1
            colour = record.colour
            if colour is not None:
                game_one.append(colour)
            last_opponent = record.opponent
            if last_opponent is not None:
                opponents.append(last_opponent)
            if number != previous:
                last_opponent = None
        elif points >= won_unplayed or record.outcome in barring:
            barred = True
    return (total, earlier, tuple(game_one), frozenset(opponents), matches, barred,
            last_opponent)


def derive_players(request: PairingRequest) -> list[MatchPlayer]:
    """The players to pair, in the Art. 1.2 order (score descending, then pairing number)."""
    previous = request.round - 1
    points = request.snapshot.points
    # two games won (Art. 1.2.1: a score is game points); never reached when a win is no more
    won_unplayed = 2 * points.win if points.win > points.loss else 10**9
    facts = {h.number: _facts(h.rounds, previous, won_unplayed)
             for h in request.snapshot.players}
    unavailable = request.unavailable
    present = sorted(n for n in facts if n not in unavailable)
    # the score descending; a stable sort (reverse keeps it stable) leaves the pairing
    # numbers ascending within a score
    present.sort(key=lambda n: facts[n][0], reverse=True)
    players: list[MatchPlayer] = []
    for tpn, number in enumerate(present):
        score, before, game_one, opponents, matches, barred, last = facts[number]
        # Art. 1.5: a floater met an opponent of another score (either direction)
        floated = last is not None and (
            facts[last][1] if last in facts else None) != before
        players.append(_new(MatchPlayer, (number, tpn, score, game_one, opponents, barred,
                                          matches, floated)))
    return players


def _other(colour: Colour) -> Colour:
    """`Colour.other` without its look-ups of the class's members."""
    return _SECOND if colour is _FIRST else _FIRST


def _higher_ranked(a: MatchPlayer, b: MatchPlayer) -> tuple[MatchPlayer, MatchPlayer]:
    """Art. 4.2: the higher score, then the smaller TPN, ranks higher."""
    if a.score > b.score or (a.score == b.score and a.number <= b.number):
        return a, b
    return b, a


def game_one_first(a: MatchPlayer, b: MatchPlayer, initial: Colour
                   ) -> tuple[MatchPlayer, MatchPlayer, str]:
    """Art. 4.3: (first mover in game 1, the other, the rule that decided).

    4.3.1 neither has played a match: the higher-ranked player (4.2) gets `initial` when his
          TPN is odd, the other colour when it is even;
    4.3.2 the one with fewer game-1 first moves moves first;
    4.3.3 colours alternate from the most recent match in which the two had different
          colours (the played matches of each, compared from the last back);
    4.3.4 the higher-ranked player's colour alternates from his last match;
    4.3.5 the other's colour alternates from his last match.
    The reference library's three-in-a-row rule and board alternation are not in the text.
    """
    high, low = _higher_ranked(a, b)
    colour, rule = _high_colour(high.game_one, low.game_one, high.number, initial)
    return (high, low, rule) if colour is _FIRST else (low, high, rule)


def _high_colour(mine: tuple[Colour, ...], theirs: tuple[Colour, ...], number: int,
                 initial: Colour) -> tuple[Colour, str]:
    """`game_one_first`'s rules (Art. 4.3) from the game-1 colours of the higher-ranked
    player (`mine`, his TPN `number`) and of the other: (the higher-ranked player's colour,
    the rule)."""
    if not mine and not theirs:
        return (initial if number % 2 == 1 else _other(initial)), "4.3.1"
    high_whites, low_whites = mine.count(_FIRST), theirs.count(_FIRST)
    if high_whites != low_whites:
        return (_FIRST if high_whites < low_whites else _SECOND), "4.3.2"
    for own, other in zip(reversed(mine), reversed(theirs), strict=False):
        if own is not other:
            return _other(own), "4.3.3"
    if mine:
        return _other(mine[-1]), "4.3.4"
    return theirs[-1], "4.3.5"


def _upfloat(board: int, lower: MatchPlayer, higher: MatchPlayer) -> PairingNote:
    """The note of a board where `lower` floated up to meet `higher` (Art. 1.5)."""
    return PairingNote(NoteKind.UPFLOAT, board, (lower.number, higher.number))


@dataclass(frozen=True)
class _Round:
    """The round as Art. 3.3-3.6 see it: the players in the Art. 1.2 order, and the
    criteria over their indices."""

    players: list[MatchPlayer]
    entrants: list[Entrant]
    may_meet: MayMeet
    failures: PairFailures
    last_round: bool  # [C7] and [C8] do not apply in the last round


def _round(request: PairingRequest) -> _Round:
    players = derive_players(request)
    # the players' columns (named tuples transpose at once)
    numbers, _, scores, _, opponents, barred, matches, floated = (
        zip(*players, strict=True) if players else ((),) * 8)
    blocked = blocked_indices(list(zip(numbers, opponents, strict=True)),
                              request.forbidden_pairs)

    may_meet = Apart(blocked)  # [C1] and the arbiter's forbidden pairs

    last_round = request.round >= request.snapshot.total_rounds
    lapsed = (0,)

    def failures(i: int, j: int, upfloaters: frozenset[int]) -> tuple[int, ...]:
        """[C8] (Art. 2.3.5): an upfloater's opponent who floated in the previous round.

        The pair's upfloaters whose opponent floated in the previous round: a pair of two
        upfloaters would count each for the other (the words "upfloaters' opponents", read
        as the TEC's reference engine Gacrux reads the same words of C.04.6 [C10]). No
        bracket [C4] chose can pair two upfloaters together (without them the set would be
        two smaller and still legal), so only the resident's float ever counts."""
        if last_round:
            return lapsed
        return (int(i in upfloaters and floated[j]) + int(j in upfloaters and floated[i]),)

    entrants: list[Entrant] = list(map(_new, repeat(Entrant),
                                       zip(numbers, scores, matches, barred, floated,
                                           strict=True)))
    return _Round(players, entrants, may_meet, failures, last_round)


def explain(request: PairingRequest, pairing: Pairing) -> Departure | None:
    """Where a complete pairing of round `request.round` (e.g. one changed by hand or made by
    another program) first parts from Art. 3.3-3.6 (`lexicographic.first_departure`); None
    when its pairs are the text's (its colours may still differ: Art. 4)."""
    found = _round(request)
    index = {p.number: i for i, p in enumerate(found.players)}
    pairs = [(index[b.first], index[b.second]) for b in pairing.boards if b.second is not None]
    byes = [index[b.first] for b in pairing.boards if b.second is None]
    return first_departure(found.entrants, found.may_meet, found.failures, ["[C8]"],
                           found.last_round, byes[0] if byes else None, pairs)


@uncollected  # no cycles among its many short-lived tuples and sets
def pair(request: PairingRequest) -> Pairing:
    """Pair round `request.round` by the Double-Swiss System; raises `NoLegalPairing`."""
    setup = _round(request)
    players = setup.players
    found: RoundPairing | None = pair_round(setup.entrants, range(len(players)), setup.may_meet,
                                            setup.failures, 1, setup.last_round)
    if found is None:
        if len(players) % 2:
            raise NoLegalPairing("没有可轮空且使其余棋手都能配对的棋手 / nobody may receive the "
                                 "bye so that the others can all be paired")
        raise NoLegalPairing("无法让所有棋手都有对手 / the players cannot all be paired")
    notes = bracket_notes(found, ["[C8]"], "C.04.5", {"[C8]": (
        "升档棋手的对手上一轮已是浮动棋手", "an upfloater's opponent floated in the previous round")})
    # Board order (C.04.2 Art. 3.6): the higher score of the two, then the lower score, then
    # the higher-ranked player's place (the players are in that order, so the lower index
    # of a pair has the higher score and the higher rank)
    score = [p.score for p in players]
    ordered = sorted((-score[i], -score[j], i, j) if i < j else (-score[j], -score[i], j, i)
                     for i, j in found.pairs)
    initial = request.snapshot.initial_colour
    notes.append("每台先列者第一盘先手，第二盘交换先后手（FIDE C.04.5 第4.4条） / on every board "
                 "the first-listed player moves first in game 1, the other in game 2 "
                 "(FIDE C.04.5 Art. 4.4)")
    boards: list[Board] = []
    remarks: list[PairingNote] = []
    for _, _, i, j in ordered:
        # Art. 4.2: of a pair the lower index ranks higher (the Art. 1.2 order), so
        # `game_one_first` without its comparison
        high, low = players[i], players[j]
        colour, _ = _high_colour(high.game_one, low.game_one, high.number, initial)
        first, second = (high, low) if colour is _FIRST else (low, high)
        board = len(boards) + 1
        boards.append(Board(board, first.number, second.number))
        if score[i] != score[j]:  # j floated up (the lower index has the higher score)
            remarks.append(_upfloat(board, players[j], players[i]))
    if found.bye is not None:
        bye = players[found.bye]
        boards.append(Board(len(boards) + 1, bye.number, None))
        remarks.append(PairingNote(NoteKind.PAB, 0, (bye.number,)))
    return Pairing(round=request.round, boards=tuple(boards), notes=tuple(notes),
                   remarks=tuple(remarks))


def violations(request: PairingRequest, pairing: Pairing) -> tuple[str, ...]:
    """The absolute criteria of C.04.5 Art. 2 a hand-changed `pairing` breaks (empty when
    none): everybody paired once, at most one PAB ([C3]), no second meeting in a played
    match nor a forbidden pair ([C1]), the PAB not to a player [C2] bars. Colours are no
    criterion of the Double-Swiss System (the Dutch check's colour rule does not apply)."""
    players = {p.number: p for p in derive_players(request)}
    return board_violations(pairing, players,
                            bye_barred=lambda number: players[number].bye_barred,
                            have_met=lambda a, b: b in players[a].opponents,
                            forbidden_pairs=request.forbidden_pairs,
                            names=names_of(request.snapshot))
