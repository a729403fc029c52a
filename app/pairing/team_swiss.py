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
- 3.3-3.6 the Top-Scoregroup Procedure, word for word the Double-Swiss one
  (`app.pairing.lexicographic`): the bye ([C2], 3.4: lowest score, most matches played,
  largest TPN), upfloaters by [C4]-[C7] ([C7] not in the last two rounds), each bracket by
  the fewest failures on [C8] (two teams wanting the same colour), [C9] (type B: both
  strongly) and [C10] (an upfloater's opponent who floated in the previous round; not in the
  last two rounds), then the first Pairing Identifier (3.6.2).
- 4 colour allocation in nine steps (`allocate`), after choosing the first-team (4.2).

The handbook page could be read up to the Preface (which says it: "the colour will never be a
factor so decisive as to prevent two teams from playing against each other"); the later
articles as the public readings `app.pairing.lexicographic` names quote them, among them the
TEC's reference engine Gacrux (gacrux/pairingfideteam.py), whose 1.7, [C8]-[C10] and nine
steps of 4.3 are these. Where the reference library `gnutterts/chesspairing` reads otherwise
(colour as a pass/fail criterion, no [C4]-[C7], no [C10], a bracket paired 1-2 3-4, the bye
without 3.4.3), the text is followed; `explain` names the article a pairing made otherwise
departs at.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from app.collector import uncollected
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
    RoundRecord,
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


class SwissTeam(NamedTuple):
    """One team as the pairing sees it (a tuple: one is made for each team of every round
    paired)."""

    number: int  # the team's pairing number (TPN)
    tpn: int  # 0-based place in the Art. 1.2 order
    score: int
    secondary: int
    colours: tuple[tuple[int, Colour], ...]  # (round, colour) of each match played
    opponents: frozenset[int]
    matches: int  # matches played (Art. 3.4)
    bye_barred: bool  # [C2]: had the PAB, a forfeit win or a full-point bye
    preference: Preference
    floated: bool = False  # a floater of the previous round (Art. 1.5)

    @property
    def difference(self) -> int:
        """The colour difference: matches as first-named team ("white") minus the others."""
        colours = self.colours
        return 2 * [c for _, c in colours].count(_FIRST) - len(colours)

    @property
    def last(self) -> Colour | None:
        return self.colours[-1][1] if self.colours else None


# the colours and kinds as plain names: an enum's member read from its class is a slow
# look-up, and the preferences and colours of every team and board ask for them
_FIRST, _SECOND = Colour.FIRST, Colour.SECOND
_A, _B, _NONE = Preferences.A, Preferences.B, Preferences.NONE
_NO_PREFERENCE = Preference()
_PREFERENCE = {(colour, strong): Preference(colour, strong)
               for colour in (_FIRST, _SECOND) for strong in (False, True)}
_new = tuple.__new__  # a named tuple made from a tuple at once, without its keywords


def preference(colours: tuple[Colour, ...], kind: Preferences, last_round: bool) -> Preference:
    """Art. 1.7. Both types: a preference for white when the colour difference is below -1,
    or is 0 or -1 after two black matches running (for black the mirror); type B calls it
    strong, and adds a mild one for a difference of -1 (+1), or of 0 before the last round
    against the last colour."""
    if kind is _NONE or not colours:
        return _NO_PREFERENCE
    cd = 2 * colours.count(_FIRST) - len(colours)
    two = colours[-2:] if len(colours) >= 2 else ()
    strong = kind is _B
    if cd < -1 or (cd in (0, -1) and two == (_SECOND, _SECOND)):
        return _PREFERENCE[_FIRST, strong]
    if cd > 1 or (cd in (0, 1) and two == (_FIRST, _FIRST)):
        return _PREFERENCE[_SECOND, strong]
    if kind is _A:
        return _NO_PREFERENCE
    if cd == -1 or (cd == 0 and not last_round and colours[-1] is _SECOND):
        return _PREFERENCE[_FIRST, False]
    if cd == 1 or (cd == 0 and not last_round and colours[-1] is _FIRST):
        return _PREFERENCE[_SECOND, False]
    return _NO_PREFERENCE


_PLAYED = frozenset(o for o in Outcome if o.played)  # `Outcome.played`, as a set to look in
_BYE_BARS = frozenset((Outcome.PAB, Outcome.FORFEIT_WIN, Outcome.FULL_BYE))  # [C2]

_Facts = tuple[int, int, int, list[tuple[int, Colour]], list[Colour], frozenset[int], bool,
               "int | None"]
"""What one pass over a team's rounds finds (`_facts`): its primary and secondary scores
(Art. 1.2: match and game points, the primary one as the regulations choose), the primary
one before the previous round (Art. 1.5), the (round, colour) and the colours of its
matches played, the opponents met in them, the [C2] bar, and the opponent of its match of
the previous round."""


def _facts(rounds: tuple[RoundRecord, ...], previous: int, by_match: bool,
           played: frozenset[Outcome] = _PLAYED, bars: frozenset[Outcome] = _BYE_BARS
           ) -> _Facts:
    # the sets as arguments: looked up as locals for every record
    match = game = match_before = game_before = 0
    matches: list[tuple[int, Colour]] = []
    own: list[Colour] = []
    opponents: list[int] = []
    barred = False
    last: int | None = None
    seen_last = False
    for r in rounds:  # each field read once
        points = r.points
        games = r.game_points
        if games is None:
            games = points
        match += points
        game += games
        number = r.round
        if number < previous:
            match_before += points
            game_before += games
        colour = r.colour
        if colour is not None and r.outcome in played:  # a match played
            matches.append((number, colour))
            own.append(colour)
            opponent = r.opponent
            if opponent is not None:
                opponents.append(opponent)
            if number == previous and not seen_last:
                seen_last, last = True, opponent
        elif r.outcome in bars:
            barred = True
    if by_match:
        return match, game, match_before, matches, own, frozenset(opponents), barred, last
    return game, match, game_before, matches, own, frozenset(opponents), barred, last


def derive_teams(request: PairingRequest, options: TeamSwissOptions) -> list[SwissTeam]:
    """The teams to pair, in the Art. 1.2 order (primary score, then TPN)."""
    last_round = request.round >= request.snapshot.total_rounds
    previous = request.round - 1
    by_match = options.primary is PrimaryScore.MATCH
    facts = {h.number: _facts(h.rounds, previous, by_match) for h in request.snapshot.players}
    unavailable = request.unavailable
    present = sorted(n for n in facts if n not in unavailable)
    present.sort(key=lambda n: facts[n][0], reverse=True)  # stable: the TPN within a score
    kind = options.preferences
    teams = []
    for tpn, number in enumerate(present):
        score, secondary, before, matches, own, opponents, barred, last = facts[number]
        colours = tuple(own)
        teams.append(_new(SwissTeam, (
            number, tpn, score, secondary, tuple(matches), opponents, len(colours), barred,
            preference(colours, kind, last_round),
            # Art. 1.5: met in the previous round an opponent of another score
            last is not None and (facts[last][2] if last in facts else None) != before)))
    return teams


def colour_failures(mine: Preference, theirs: Preference, kind: Preferences
                    ) -> tuple[int, int]:
    """[C8] two teams wanting the same colour (one will not get it); [C9] (type B) both
    wanting it strongly; from the two teams' preferences (Art. 1.7)."""
    same = mine.colour is not None and mine.colour is theirs.colour
    strong = same and kind is _B and mine.strong and theirs.strong
    return int(same), int(strong)


def first_team(a: SwissTeam, b: SwissTeam) -> tuple[SwissTeam, SwissTeam]:
    """Art. 4.2: the higher primary score, then the higher secondary score, then the smaller
    TPN."""
    if (-a.score, -a.secondary, a.number) <= (-b.score, -b.secondary, b.number):
        return a, b
    return b, a


def _alternation(a: SwissTeam, b: SwissTeam) -> Colour | None:
    """Art. 4.3.6: `a`'s colour alternated from the most recent time the two had different
    colours, their played matches compared from the last back (C.04.2 Art. 3.4: unplayed
    rounds do not count; the reference library compares round by round); None when there is
    no such time."""
    for (_, mine), (_, theirs) in zip(reversed(a.colours), reversed(b.colours), strict=False):
        if mine is not theirs:
            return _other(mine)
    return None


def _other(colour: Colour) -> Colour:
    """`Colour.other` without its look-ups of the class's members."""
    return _SECOND if colour is _FIRST else _FIRST


def allocate(a: SwissTeam, b: SwissTeam, kind: Preferences, initial: Colour
             ) -> tuple[SwissTeam, SwissTeam]:
    """Art. 4.3, nine steps: (the team that is "white", i.e. first-named, the other)."""
    white, black, _ = allocation(a, b, kind, initial)
    return white, black


def allocation(a: SwissTeam, b: SwissTeam, kind: Preferences, initial: Colour
               ) -> tuple[SwissTeam, SwissTeam, str]:
    """Art. 4.3: (the "white" team, the other, the rule of 4.3.1-4.3.9 that decided)."""
    first, second = first_team(a, b)
    colour, rule = _first_teams_colour(first, second, kind, initial)
    return (first, second, rule) if colour is _FIRST else (second, first, rule)


def _first_teams_colour(first: SwissTeam, second: SwissTeam, kind: Preferences,
                        initial: Colour) -> tuple[Colour, str]:
    """Art. 4.3's nine steps as the colour of the first-team (4.2) and the rule that gave
    it: a step that gives the other team a colour gives the first-team the other one."""
    pf, ps = first.preference, second.preference
    if not first.colours and not second.colours:
        return (initial if first.number % 2 == 1 else _other(initial)), "4.3.1"
    if pf.colour is not None and ps.colour is None:
        return pf.colour, "4.3.2"
    if ps.colour is not None and pf.colour is None:
        return _other(ps.colour), "4.3.2"
    if pf.colour is not None and ps.colour is not None and pf.colour is not ps.colour:
        return pf.colour, "4.3.3"
    if kind is _B and pf.strong != ps.strong:  # the strong preference is granted
        if pf.strong:
            assert pf.colour is not None
            return pf.colour, "4.3.4"
        assert ps.colour is not None
        return _other(ps.colour), "4.3.4"
    differences = first.difference, second.difference
    if differences[0] != differences[1]:  # the lower difference is white
        return (_FIRST if differences[0] < differences[1] else _SECOND), "4.3.5"
    alternated = _alternation(first, second)
    if alternated is not None:
        return alternated, "4.3.6"
    if pf.colour is not None:
        return pf.colour, "4.3.7"
    if first.colours:
        return _other(first.colours[-1][1]), "4.3.8"
    if second.colours:  # the second team's colour alternates: the first-team has its last
        return second.colours[-1][1], "4.3.9"
    return _FIRST, "4.3.9"


@dataclass(frozen=True)
class _Round:
    """The round as Art. 3.3-3.6 see it: the teams in the Art. 1.2 order, and the criteria
    over their indices."""

    teams: list[SwissTeam]
    entrants: list[Entrant]
    may_meet: MayMeet
    failures: PairFailures
    lapse: bool  # [C7] and [C10] do not apply in the last two rounds


CRITERIA = ("[C8]", "[C9]", "[C10]")  # Art. 3.6.4: the bracket's criteria, in priority

# What each bracket criterion asks (Art. 2.3.5-2.3.7), as the pairing's report explains it
MEANINGS = {
    "[C8]": ("两队所需先后手相同，其中一队得不到", "two teams wanting the same colour, one not "
             "getting it"),
    "[C9]": ("两队都强烈需要同一先后手", "two teams both strongly wanting the same colour"),
    "[C10]": ("升档队伍的对手上一轮已是浮动队伍", "an upfloating team's opponent floated in the "
              "previous round"),
}


def _round(request: PairingRequest, options: TeamSwissOptions) -> _Round:
    teams = derive_teams(request, options)
    blocked = blocked_indices([(t.number, t.opponents) for t in teams], request.forbidden_pairs)

    may_meet = Apart(blocked)  # [C1] and the arbiter's forbidden pairs

    lapse = request.round > request.snapshot.total_rounds - 2

    kind = options.preferences
    floated = [t.floated for t in teams]
    preferences = [t.preference for t in teams]

    def failures(i: int, j: int, upfloaters: frozenset[int]) -> tuple[int, ...]:
        c8, c9 = colour_failures(preferences[i], preferences[j], kind)
        # [C10] (Art. 2.3.7) "upfloaters' opponents who were floaters in the previous
        # round": in a pair of two upfloaters each would be the other's opponent (so the
        # TEC's reference engine Gacrux counts it, gacrux/crosstablefideteam.py); a bracket
        # [C4] chose never pairs two upfloaters (the set two smaller would be legal too)
        c10 = 0 if lapse else (int(i in upfloaters and floated[j])
                               + int(j in upfloaters and floated[i]))
        return c8, c9, c10

    entrants = [_new(Entrant, (t.number, t.score, t.matches, t.bye_barred, t.floated))
                for t in teams]
    return _Round(teams, entrants, may_meet, failures, lapse)


def explain(request: PairingRequest, pairing: Pairing,
            options: TeamSwissOptions = TeamSwissOptions()) -> Departure | None:
    """Where a complete pairing of round `request.round` first parts from Art. 3.3-3.6
    (`lexicographic.first_departure`); None when its pairs are the text's."""
    found = _round(request, options)
    index = {t.number: i for i, t in enumerate(found.teams)}
    pairs = [(index[b.first], index[b.second]) for b in pairing.boards if b.second is not None]
    byes = [index[b.first] for b in pairing.boards if b.second is None]
    return first_departure(found.entrants, found.may_meet, found.failures, CRITERIA,
                           found.lapse, byes[0] if byes else None, pairs)


@uncollected  # no cycles among its many short-lived tuples and sets
def pair(request: PairingRequest, options: TeamSwissOptions = TeamSwissOptions()) -> Pairing:
    """Pair round `request.round` of a Swiss of teams; raises `NoLegalPairing`."""
    setup = _round(request, options)
    teams = setup.teams
    found: RoundPairing | None = pair_round(setup.entrants, range(len(teams)), setup.may_meet,
                                            setup.failures, 3, setup.lapse)
    if found is None:
        if len(teams) % 2:
            raise NoLegalPairing("没有可轮空且使其余队伍都能配对的队伍 / no team may receive the "
                                 "bye so that the others can all be paired")
        raise NoLegalPairing("无法让所有队伍都有对手 / the teams cannot all be paired")
    notes = bracket_notes(found, list(CRITERIA), "C.04.6", MEANINGS)
    remarks: list[PairingNote] = []
    # Board order (C.04.2 Art. 3.6): the higher score, then the lower, then the higher rank
    # (the teams are in that order, so the lower index of a pair has the higher score and
    # the higher rank)
    score = [t.score for t in teams]
    ordered = sorted((min(ij), max(ij)) for ij in found.pairs)
    ordered.sort(key=lambda ij: (-score[ij[0]], -score[ij[1]]))  # stable: the place
    kind, initial = options.preferences, request.snapshot.initial_colour
    boards: list[Board] = []
    for i, j in ordered:
        white, black = allocate(teams[i], teams[j], kind, initial)
        number = len(boards) + 1
        boards.append(Board(number, white.number, black.number))
        for team, colour in ((white, _FIRST), (black, _SECOND)):
            wanted = team.preference
            if wanted.colour is not None and wanted.colour is not colour:
                strength = "" if kind is not _B else "strong" if wanted.strong else "mild"
                remarks.append(PairingNote(NoteKind.TEAM_COLOUR_NOT_GRANTED, number,
                                           (team.number,), strength))
    if found.bye is not None:
        bye = teams[found.bye]
        boards.append(Board(len(boards) + 1, bye.number, None))
        remarks.append(PairingNote(NoteKind.PAB, 0, (bye.number,)))
    return Pairing(round=request.round, boards=tuple(boards), notes=tuple(notes),
                   remarks=tuple(remarks))


def forfeited_meetings(teams: Iterable[PlayerHistory]) -> dict[frozenset[int], int]:
    """The teams whose match was forfeited (won by one, or by both teams, 双方弃权), each pair
    with the first round it was: in Chinese practice such teams count as having met
    (forfeit_counts_as_meeting); the engine itself meets only over the board (C.04.1 b,
    forfeits are not games played)."""
    found: dict[frozenset[int], int] = {}
    for team in teams:
        for record in team.rounds:
            if record.opponent is not None and not record.outcome.played:
                pair = frozenset((team.number, record.opponent))
                found[pair] = min(found.get(pair, record.round), record.round)
    return found
