"""FIDE Double-Swiss System (C.04.5, in force from 1 February 2026): each round a two-game
match (双盘制), the colours alternating inside it; one round of it paired.

What the articles say, in the order the text states them (criteria beside their number):
- Preface: a match is a forfeit only when a player forfeits both games; then the pairing may be
  repeated. Byes apply to matches, never to single games. Our records: a forfeited round
  (`Outcome.FORFEIT_*`) is no meeting; a round with a game played is.
- 1.2 Order: score (the match games' points, 小分 in our double-game rounds), then TPN
  ascending (our pairing number).
- 1.3.1 scoregroups; 1.3.2 a bracket is an even group all to be paired: resident players and
  upfloaters from lower scoregroups (`app.pairing.lexicographic`).
- 3.4 the pairing-allocated bye: lowest score, highest TPN, not to one who had a PAB or a
  forfeit win already (C.04.1 d); its value is the group's (1½ game points by FIDE).
- 3.5 upfloaters; 3.6 each bracket paired in lexicographic order, with
  [C1] no two players meet twice (C.04.1 b; forfeited matches excepted, Preface) and
  [C8] the colour criterion: two players who both played game 1 with the same colour in their
  last two matches, and so both need the other colour, are not paired (relaxed in the last
  round, and whenever a bracket has no pairing keeping it).
- 4 colour allocation: who is first mover (先手, TRF `w`) in game 1, in five steps
  (`game_one_first`); game 2 is the other way round.

The readable text (the handbook page, C.04.5 0-1.3.2) was checked; the later articles are cited
as the reference library `gnutterts/chesspairing` numbers them. Where our procedure and that
library differ, the comment at the place says why.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from app.pairing.lexicographic import (
    BracketPairing,
    blocked_indices,
    bracket_notes,
    choose_bye,
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


@dataclass(frozen=True)
class MatchPlayer:
    """One player as the Double-Swiss pairing sees them (Art. 1.2 order index `tpn`)."""

    number: int
    tpn: int  # 0-based place in the Art. 1.2 order: score, then pairing number
    score: int  # match games' points so far, in the group's units
    game_one: tuple[Colour, ...]  # own colour in game 1 of each match played, in order
    opponents: frozenset[int]  # met in a played match (Preface: forfeits excepted)
    bye_barred: bool  # had the PAB or a forfeit win (C.04.1 d)

    @property
    def whites(self) -> int:
        return sum(1 for c in self.game_one if c is Colour.FIRST)

    @property
    def must_not(self) -> Colour | None:
        """The colour this player may not have in game 1: the one of the last two matches,
        when they were the same (no colour three times in a row, C.04.1 g / Art. 4 step 1)."""
        if len(self.game_one) >= 2 and self.game_one[-1] is self.game_one[-2]:
            return self.game_one[-1]
        return None


def bye_points(points: PointSystem) -> int:
    """The pairing-allocated bye of a Double-Swiss match in game points: 1½ (one game won,
    one drawn), C.04.5 Art. 3.4, unless the regulations say otherwise."""
    return points.win + points.draw


def scored_by_games(snapshot: TournamentSnapshot) -> TournamentSnapshot:
    """`snapshot` with each round's points the games' points (Preface, Art. 1.2.1: the score
    of a Double-Swiss player is the points of his games), the pairing-allocated bye at its
    Art. 3.4 value (`bye_points`). The round's outcome (the match won, drawn or lost) stays.
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
    return replace(snapshot, players=players)


def match_score(history: PlayerHistory, points: PointSystem) -> int:
    """Art. 1.2.1: the points of the games of every match so far (a double-game round's 小分;
    a record without them, e.g. read from a TRF with one result per round, counts its round
    points)."""
    total = 0
    for record in history.rounds:
        total += record.game_points if record.game_points is not None else record.points
    return total


def derive_players(request: PairingRequest) -> list[MatchPlayer]:
    """The players to pair, in the Art. 1.2 order (score descending, then pairing number)."""
    snapshot = request.snapshot
    present = [p for p in snapshot.players if p.number not in request.unavailable]
    scored = sorted(present, key=lambda p: (-match_score(p, snapshot.points), p.number))
    players: list[MatchPlayer] = []
    for tpn, history in enumerate(scored):
        played = [r for r in history.rounds if r.outcome.played and r.colour is not None]
        players.append(MatchPlayer(
            number=history.number,
            tpn=tpn,
            score=match_score(history, snapshot.points),
            game_one=tuple(r.colour for r in played if r.colour is not None),
            opponents=frozenset(r.opponent for r in played if r.opponent is not None),
            bye_barred=any(r.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN)
                           for r in history.rounds),
        ))
    return players


def colour_criterion(a: MatchPlayer, b: MatchPlayer) -> bool:
    """[C8]: not both barred from the same game-1 colour (each would need the other's)."""
    return a.must_not is None or a.must_not is not b.must_not


def game_one_first(a: MatchPlayer, b: MatchPlayer, board_index: int, initial: Colour
                   ) -> tuple[MatchPlayer, MatchPlayer]:
    """Art. 4: (first mover in game 1, the other); `a` ranks higher (lower TPN).

    1. nobody has the same game-1 colour three times in a row;
    2. the one with more game-1 first moves (TRF whites) moves second;
    3. colours alternate from the last match, when the two had different colours in it;
    4. neither has played: boards alternate, the higher-ranked moving first on the odd boards
       (of the round's pairing order) when `initial` is FIRST, on the even ones otherwise;
    5. the higher-ranked moves first.
    """
    for player, other in ((a, b), (b, a)):
        if player.must_not is Colour.FIRST and other.must_not is not Colour.SECOND:
            return other, player
    for player, other in ((a, b), (b, a)):
        if player.must_not is Colour.SECOND and other.must_not is not Colour.FIRST:
            return player, other
    if a.whites != b.whites:
        return (b, a) if a.whites > b.whites else (a, b)
    if a.game_one and b.game_one and a.game_one[-1] is not b.game_one[-1]:
        return (b, a) if a.game_one[-1] is Colour.FIRST else (a, b)
    if not a.game_one and not b.game_one:
        odd = board_index % 2 == 0
        return (a, b) if odd == (initial is Colour.FIRST) else (b, a)
    return a, b


def _notes(board: int, first: MatchPlayer, second: MatchPlayer) -> list[PairingNote]:
    notes: list[PairingNote] = []
    higher, lower = (first, second) if first.tpn < second.tpn else (second, first)
    if higher.score > lower.score:
        notes.append(PairingNote(NoteKind.UPFLOAT, board, (lower.number, higher.number)))
    for player, colour in ((first, Colour.FIRST), (second, Colour.SECOND)):
        if player.must_not is colour:  # Art. 4 step 1 could not hold for both
            notes.append(PairingNote(NoteKind.SAME_COLOUR_AGAIN, board, (player.number,),
                                     colour=colour))
    return notes


def pair(request: PairingRequest) -> Pairing:
    """Pair round `request.round` by the Double-Swiss System; raises `NoLegalPairing`."""
    players = derive_players(request)
    forbidden = request.forbidden_pairs

    blocked = blocked_indices([(t.number, t.opponents) for t in players], forbidden)

    def may_meet(i: int, j: int) -> bool:  # [C1] and the arbiter's forbidden pairs
        return j not in blocked[i]

    last_round = request.round >= request.snapshot.total_rounds
    acceptable = None if last_round else (
        lambda i, j: colour_criterion(players[i], players[j]))
    order = list(range(len(players)))
    scores = [p.score for p in players]
    notes: list[str] = []
    bye: MatchPlayer | None = None
    if len(order) % 2:
        chosen = choose_bye(order, scores, lambda i: not players[i].bye_barred, may_meet)
        if chosen is None:
            raise NoLegalPairing("没有可轮空的棋手 / nobody may receive the bye")
        bye = players[chosen]
        order.remove(chosen)
    found: BracketPairing | None = pair_round(order, scores, may_meet, acceptable)
    if found is None:
        raise NoLegalPairing("无法让所有棋手都有对手 / the players cannot all be paired")
    notes += bracket_notes(found, "C.04.5")
    coloured = [game_one_first(players[i], players[j], index, request.snapshot.initial_colour)
                for index, (i, j) in enumerate(found.pairs)]
    # Board order: the higher score of the two, then the better TPN (as the reference orders).
    coloured.sort(key=lambda fs: (-max(fs[0].score, fs[1].score), min(fs[0].tpn, fs[1].tpn)))
    notes.append("每台先列者第一盘先手，第二盘交换先后手（FIDE C.04.5 第4条） / on every board "
                 "the first-listed player moves first in game 1, the other in game 2 "
                 "(FIDE C.04.5 Art. 4)")
    boards: list[Board] = []
    remarks: list[PairingNote] = []
    for first, second in coloured:
        board = len(boards) + 1
        boards.append(Board(board, first.number, second.number))
        remarks += _notes(board, first, second)
    if bye is not None:
        boards.append(Board(len(boards) + 1, bye.number, None))
        remarks.append(PairingNote(NoteKind.PAB, 0, (bye.number,)))
    return Pairing(round=request.round, boards=tuple(boards), notes=tuple(notes),
                   remarks=tuple(remarks))
