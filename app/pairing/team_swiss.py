"""FIDE Swiss Team Pairing System (C.04.6, in force from 1 February 2026): one round of a Swiss
of teams (团体积分编排), paired on match points or game points.

The entrants are teams: a `PlayerHistory` per team, each round's record the team's match
(`points` its match points, `game_points` its boards' points, `colour` FIRST for the
first-named team, who is "white"). What the articles say, in the order the text states them:
- Preface: the Basic Rules apply to teams except their Articles 6 and 7 (colour limits): no
  colour preference is ever absolute; colour never keeps two teams from meeting.
- 1.2 the primary score (match or game points, the regulations choose) orders the teams, then
  TPN; the other score is the secondary score (used by Art. 4.2.2).
- 1.7 colour preferences: type A (a preference or none), type B (strong or mild), or none at
  all (`preference`).
- 3.4 the bye: the eligible team (C.04.1 d) of the lowest score, then with most matches
  played, then the highest TPN, leaving the rest pairable.
- 3.5-3.6 upfloaters and the lexicographic pairing of each bracket (`app.pairing.lexicographic`),
  with [C1] (no second meeting) absolute and [C8] (not two teams preferring the same colour)
  a quality criterion, relaxed when a bracket has no pairing keeping it.
- 4 colour allocation in nine steps (`allocate`), after choosing the first-team (4.2).

The readable text (the handbook page, C.04.6 Preface) was checked; the later articles are
cited as the reference library `gnutterts/chesspairing` numbers them.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

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
    Outcome,
    Pairing,
    PairingRequest,
    PlayerHistory,
)


class Preferences(StrEnum):
    """Art. 1.7: which colour preferences the regulations give teams."""

    A = "A"  # 1.7.1: a preference for a colour, or none
    B = "B"  # 1.7.2: strong or mild preferences
    NONE = "none"  # no colour preferences at all


class PrimaryScore(StrEnum):
    """Art. 1.2: the score that orders the teams (the other one is the secondary score)."""

    MATCH = "match"  # match points 场分
    GAME = "game"  # game points 局分


@dataclass(frozen=True)
class TeamSwissOptions:
    preferences: Preferences = Preferences.A
    primary: PrimaryScore = PrimaryScore.MATCH


@dataclass(frozen=True)
class Preference:
    """A team's colour preference: `colour` (None: none), `strong` (type B)."""

    colour: Colour | None = None
    strong: bool = False


@dataclass(frozen=True)
class SwissTeam:
    number: int  # the team's pairing number (TPN)
    tpn: int  # 0-based place in the Art. 1.2 order
    score: int
    secondary: int
    colours: tuple[tuple[int, Colour], ...]  # (round, colour) of each match played
    opponents: frozenset[int]
    matches: int  # matches played (Art. 3.4)
    bye_barred: bool  # had the PAB or a forfeit win (C.04.1 d)
    preference: Preference

    @property
    def difference(self) -> int:
        """The colour difference: matches as first-named team ("white") minus the others."""
        return sum(1 if c is Colour.FIRST else -1 for _, c in self.colours)

    @property
    def last(self) -> Colour | None:
        return self.colours[-1][1] if self.colours else None


def _scores(history: PlayerHistory) -> tuple[int, int]:
    match = sum(r.points for r in history.rounds)
    game = sum(r.game_points if r.game_points is not None else r.points for r in history.rounds)
    return match, game


def preference(colours: tuple[Colour, ...], kind: Preferences, last_round: bool) -> Preference:
    """Art. 1.7. Both types: a preference for white when the colour difference is below -1,
    or is 0 or -1 after two black matches running (for black the mirror); type B calls it
    strong, and adds a mild one for a difference of -1 (+1), or of 0 before the last round
    against the last colour."""
    if kind is Preferences.NONE or not colours:
        return Preference()
    cd = sum(1 if c is Colour.FIRST else -1 for c in colours)
    two = colours[-2:] if len(colours) >= 2 else ()
    if cd < -1 or (cd in (0, -1) and two == (Colour.SECOND, Colour.SECOND)):
        return Preference(Colour.FIRST, kind is Preferences.B)
    if cd > 1 or (cd in (0, 1) and two == (Colour.FIRST, Colour.FIRST)):
        return Preference(Colour.SECOND, kind is Preferences.B)
    if kind is Preferences.A:
        return Preference()
    if cd == -1 or (cd == 0 and not last_round and colours[-1] is Colour.SECOND):
        return Preference(Colour.FIRST)
    if cd == 1 or (cd == 0 and not last_round and colours[-1] is Colour.FIRST):
        return Preference(Colour.SECOND)
    return Preference()


def derive_teams(request: PairingRequest, options: TeamSwissOptions) -> list[SwissTeam]:
    """The teams to pair, in the Art. 1.2 order (primary score, then TPN)."""
    last_round = request.round >= request.snapshot.total_rounds
    present = [p for p in request.snapshot.players if p.number not in request.unavailable]

    def primary(history: PlayerHistory) -> tuple[int, int]:
        match, game = _scores(history)
        return (match, game) if options.primary is PrimaryScore.MATCH else (game, match)

    ordered = sorted(present, key=lambda p: (-primary(p)[0], p.number))
    teams = []
    for tpn, history in enumerate(ordered):
        played = [r for r in history.rounds if r.outcome.played and r.colour is not None]
        colours = tuple((r.round, r.colour) for r in played if r.colour is not None)
        score, secondary = primary(history)
        teams.append(SwissTeam(
            number=history.number, tpn=tpn, score=score, secondary=secondary,
            colours=colours,
            opponents=frozenset(r.opponent for r in played if r.opponent is not None),
            matches=len(played),
            bye_barred=any(r.outcome in (Outcome.PAB, Outcome.FORFEIT_WIN)
                           for r in history.rounds),
            preference=preference(tuple(c for _, c in colours), options.preferences,
                                  last_round),
        ))
    return teams


def colour_criterion(a: SwissTeam, b: SwissTeam) -> bool:
    """[C8]: not two teams preferring the same colour (one of them would not get it)."""
    return a.preference.colour is None or a.preference.colour is not b.preference.colour


def first_team(a: SwissTeam, b: SwissTeam) -> tuple[SwissTeam, SwissTeam]:
    """Art. 4.2: the higher primary score, then the higher secondary score, then the smaller
    TPN."""
    return min((a, b), key=lambda t: (-t.score, -t.secondary, t.number)), max(
        (a, b), key=lambda t: (-t.score, -t.secondary, t.number))


def _alternation(a: SwissTeam, b: SwissTeam) -> Colour | None:
    """Art. 4.3.6: `a`'s colour alternated from the latest round in which the two had
    different colours; None when there is no such round."""
    theirs = dict(b.colours)
    for round_, colour in reversed(a.colours):
        other = theirs.get(round_)
        if other is not None and other is not colour:
            return colour.other
    return None


def allocate(a: SwissTeam, b: SwissTeam, kind: Preferences, initial: Colour
             ) -> tuple[SwissTeam, SwissTeam]:
    """Art. 4.3, nine steps: (the team that is "white", i.e. first-named, the other)."""
    first, second = first_team(a, b)

    def give(team: SwissTeam, colour: Colour) -> tuple[SwissTeam, SwissTeam]:
        other = second if team is first else first
        return (team, other) if colour is Colour.FIRST else (other, team)

    pf, ps = first.preference, second.preference
    if not first.colours and not second.colours:  # 4.3.1
        return give(first, initial if first.number % 2 == 1 else initial.other)
    if pf.colour is not None and ps.colour is None:  # 4.3.2
        return give(first, pf.colour)
    if ps.colour is not None and pf.colour is None:
        return give(second, ps.colour)
    if pf.colour is not None and ps.colour is not None and pf.colour is not ps.colour:
        return give(first, pf.colour)  # 4.3.3
    if kind is Preferences.B and pf.strong != ps.strong:  # 4.3.4
        strong = first if pf.strong else second
        assert strong.preference.colour is not None
        return give(strong, strong.preference.colour)
    if first.difference != second.difference:  # 4.3.5: the lower difference is white
        lower = first if first.difference < second.difference else second
        return give(lower, Colour.FIRST)
    alternated = _alternation(first, second)  # 4.3.6
    if alternated is not None:
        return give(first, alternated)
    if pf.colour is not None:  # 4.3.7
        return give(first, pf.colour)
    if first.last is not None:  # 4.3.8
        return give(first, first.last.other)
    if second.last is not None:  # 4.3.9
        return give(second, second.last.other)
    return first, second


def pair(request: PairingRequest, options: TeamSwissOptions = TeamSwissOptions()) -> Pairing:
    """Pair round `request.round` of a Swiss of teams; raises `NoLegalPairing`."""
    teams = derive_teams(request, options)
    forbidden = request.forbidden_pairs

    blocked = blocked_indices([(t.number, t.opponents) for t in teams], forbidden)

    def may_meet(i: int, j: int) -> bool:  # [C1] and the arbiter's forbidden pairs
        return j not in blocked[i]

    acceptable = None if options.preferences is Preferences.NONE else (
        lambda i, j: colour_criterion(teams[i], teams[j]))
    order = list(range(len(teams)))
    notes: list[str] = []
    bye: SwissTeam | None = None
    if len(order) % 2:
        # Art. 3.4: lowest score, then most matches played, then highest TPN
        ranked = sorted(order, key=lambda i: (teams[i].score, -teams[i].matches, -i))
        keys = [0] * len(teams)
        for place, i in enumerate(ranked):
            keys[i] = place
        chosen = choose_bye(order, keys, lambda i: not teams[i].bye_barred,
                            may_meet)
        if chosen is None:
            raise NoLegalPairing("没有可轮空的队伍 / no team may receive the bye")
        bye = teams[chosen]
        order.remove(chosen)
    found: BracketPairing | None = pair_round(order, [t.score for t in teams], may_meet,
                                              acceptable)
    if found is None:
        raise NoLegalPairing("无法让所有队伍都有对手 / the teams cannot all be paired")
    notes += bracket_notes(found, "C.04.6")
    matches = [allocate(teams[i], teams[j], options.preferences, request.snapshot.initial_colour)
               for i, j in found.pairs]
    matches.sort(key=lambda m: (-max(m[0].score, m[1].score), min(m[0].tpn, m[1].tpn)))
    boards: list[Board] = []
    for white, black in matches:
        number = len(boards) + 1
        boards.append(Board(number, white.number, black.number))
        for team, colour in ((white, Colour.FIRST), (black, Colour.SECOND)):
            if team.preference.colour is not None and team.preference.colour is not colour:
                notes.append(f"第{number}场 {team.number} 未得到所需先后手"
                             f" / match {number}: {team.number} does not get its colour "
                             "preference")
    if bye is not None:
        boards.append(Board(len(boards) + 1, bye.number, None))
        notes.append(f"{bye.number} 轮空 / {bye.number} receives the pairing-allocated bye")
    return Pairing(round=request.round, boards=tuple(boards), notes=tuple(notes))
