"""Team standings of a Swiss of teams (团体积分编排, FIDE C.04.6): match points 场分, game
points 局分 and the team tie-breaks of FIDE's Tie-Break Regulations (C.07, 2024).

What the texts say, in the order they say it:
- C.04.6 Art. 1.2: the primary score is match points or game points, as the regulations choose;
  the other one is the secondary score. A match won scores 2 match points, drawn 1, lost 0
  (TRF-2026 record 362, its defaults TW 2.0 / TD 1.0 / TL 0.0); a match's game points are the
  points of its boards (TRF-2026 162, here the group's own points per game).
- C.07 Art. 2.1 and 4.1: the ranking is the primary score, then an ordered list of tie-breaks
  the regulations (or the chief arbiter) choose; participants equal on all of them share
  the place (并列).
- The tie-breaks kept here (names as the settings store them):
  `game_points` 局分 / `match_points` 场分: the secondary score (C.07 13.1, "MPvGP": the score
  that is not primary);
  `direct_encounter` 直胜: C.07 6, the primary points teams tied so far scored in the
  matches among themselves, applied when each of them met every other (else it separates
  nobody);
  `sonneborn_berger` 索伯分: C.07 13.2 extended Sonneborn-Berger, over the matches played, each
  opponent's primary score times the game points scored against it (EMGSB on match points,
  EGGSB on game points);
  `buchholz` 对手分: C.07 8.1 on the primary score, the opponents' scores summed over the
  matches played;
  `wins` 胜场: C.07 7.1 WIN, the rounds with a win's match points, played or not (a forfeit
  win and the pairing-allocated bye count).
- Unplayed rounds (the bye, a forfeit) give no opponent to Buchholz and Sonneborn-Berger: the
  opponent is counted as nothing, the plain reading of "over the matches played"; C.07 16's
  dummy opponent is not applied (this program's individual standings do the same under the
  group's `unplayed_policy` = zero).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from app.pairing.team_swiss import PrimaryScore
from app.pairing.types import Colour, Outcome

MATCH_WIN, MATCH_DRAW, MATCH_LOSS = 2, 1, 0
"""Match points (TRF-2026 362 defaults; the usual 2/1/0 of team Swiss events)."""


@dataclass(frozen=True)
class TeamTieBreak:
    key: str
    zh: str
    en: str
    article: str  # where C.07 defines it


TIEBREAKS: dict[str, TeamTieBreak] = {t.key: t for t in (
    TeamTieBreak("game_points", "局分", "game points", "C.07 13.1"),
    TeamTieBreak("match_points", "场分", "match points", "C.07 13.1"),
    TeamTieBreak("direct_encounter", "直胜", "direct encounter", "C.07 6"),
    TeamTieBreak("sonneborn_berger", "索伯分", "Sonneborn-Berger (extended)", "C.07 13.2"),
    TeamTieBreak("buchholz", "对手分", "Buchholz", "C.07 8.1"),
    TeamTieBreak("wins", "胜场", "matches won", "C.07 7.1"),
)}

DEFAULT_TIEBREAKS = ("game_points", "direct_encounter", "sonneborn_berger", "buchholz")
"""The chain a group gets unless its regulation names another (C.07 4.1.1: the chief
arbiter completes the list): the secondary score first, as team Swiss events rank."""


def default_tiebreaks(primary: PrimaryScore) -> tuple[str, ...]:
    """The default chain with the secondary score of `primary` first."""
    if primary is PrimaryScore.GAME:
        return ("match_points", *DEFAULT_TIEBREAKS[1:])
    return DEFAULT_TIEBREAKS


@dataclass(frozen=True)
class TeamMatch:
    """One team's round: its match (or bye, or absence) and what it scored."""

    round: int
    outcome: Outcome  # WIN / DRAW / LOSS, FORFEIT_WIN / FORFEIT_LOSS, PAB, ABSENT
    opponent: int | None  # the other team's number; None for a bye or absence
    match_points: int
    game_points: int
    colour: Colour | None = None  # FIRST: the first-named team 先行方 (black on board 1)

    @property
    def played(self) -> bool:
        return self.opponent is not None and self.outcome.played


@dataclass(frozen=True)
class TeamRecord:
    number: int  # the team's pairing number (its seed order)
    matches: tuple[TeamMatch, ...]

    @property
    def match_points(self) -> int:
        return sum(m.match_points for m in self.matches)

    @property
    def game_points(self) -> int:
        return sum(m.game_points for m in self.matches)

    def score(self, primary: PrimaryScore) -> int:
        return self.match_points if primary is PrimaryScore.MATCH else self.game_points


@dataclass(frozen=True)
class TeamPlace:
    """One team's line: its place (shared: 并列), scores, and the chain's values in order."""

    number: int
    place: int
    shared: bool
    match_points: int
    game_points: int
    values: tuple[Fraction, ...]


def match_points_of(outcome: Outcome) -> int:
    """A match's match points: won 2, drawn 1, lost 0; a forfeit win and the
    pairing-allocated bye as a win (C.04.1 c), a forfeit loss or an absence nothing."""
    if outcome in (Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.PAB, Outcome.FULL_BYE):
        return MATCH_WIN
    if outcome in (Outcome.DRAW, Outcome.HALF_BYE):
        return MATCH_DRAW
    return MATCH_LOSS


def bye_game_points(boards: int, draw: int) -> int:
    """The pairing-allocated bye's game points: a drawn game on every board (this program's
    reading: C.04.6 leaves them to the regulations; TRF-2026 record 320 states them)."""
    return boards * draw


def match_outcome(own: int, other: int, forfeited: bool = False) -> Outcome:
    """A match by its game points: more wins, equal draws (C.04.6: a drawn match, no
    playoff), fewer loses. A match with every board `forfeited` was not played: it is won
    or lost by forfeit, and level (both teams absent, or forfeits even) lost by both."""
    if forfeited:
        return Outcome.FORFEIT_WIN if own > other else Outcome.FORFEIT_LOSS
    if own > other:
        return Outcome.WIN
    return Outcome.DRAW if own == other else Outcome.LOSS


def _value(name: str, team: TeamRecord, by_number: Mapping[int, TeamRecord],
           primary: PrimaryScore) -> Fraction:
    if name == "game_points":
        return Fraction(team.game_points)
    if name == "match_points":
        return Fraction(team.match_points)
    if name == "wins":
        return Fraction(sum(1 for m in team.matches if m.match_points == MATCH_WIN))
    played = [m for m in team.matches if m.played and m.opponent in by_number]
    if name == "buchholz":
        return Fraction(sum(by_number[m.opponent].score(primary) for m in played
                            if m.opponent is not None))
    if name == "sonneborn_berger":
        return Fraction(sum(by_number[m.opponent].score(primary) * m.game_points
                            for m in played if m.opponent is not None))
    raise KeyError(name)


def _direct_encounter(tied: Sequence[TeamRecord], primary: PrimaryScore) -> dict[int, Fraction]:
    """C.07 6: the primary points each of `tied` scored against the others, when every one of
    them met every other; else 0 for all (it separates nobody)."""
    numbers = {t.number for t in tied}
    met = {t.number: {m.opponent for m in t.matches if m.played} for t in tied}
    if any(not (numbers - {n}) <= met[n] for n in numbers):
        return {n: Fraction(0) for n in numbers}
    points: dict[int, Fraction] = {}
    for team in tied:
        among = [m for m in team.matches if m.played and m.opponent in numbers]
        score = (sum(m.match_points for m in among) if primary is PrimaryScore.MATCH
                 else sum(m.game_points for m in among))
        points[team.number] = Fraction(score)
    return points


def rank_teams(teams: Sequence[TeamRecord], primary: PrimaryScore,
               tiebreaks: Sequence[str]) -> tuple[TeamPlace, ...]:
    """The teams in order: primary score, then each tie-break of the chain (higher first);
    teams equal on everything share the place (C.07 2.1). Direct encounter is worked out
    among the teams still level when the chain reaches it."""
    by_number = {t.number: t for t in teams}
    keys: dict[int, list[Fraction]] = {t.number: [Fraction(t.score(primary))] for t in teams}
    for name in tiebreaks:
        if name == "direct_encounter":
            groups: dict[tuple[Fraction, ...], list[TeamRecord]] = {}
            for team in teams:
                groups.setdefault(tuple(keys[team.number]), []).append(team)
            for tied in groups.values():
                for number, value in _direct_encounter(tied, primary).items():
                    keys[number].append(value)
        else:
            for team in teams:
                keys[team.number].append(_value(name, team, by_number, primary))
    ordered = sorted(teams, key=lambda t: ([-v for v in keys[t.number]], t.number))
    places: list[TeamPlace] = []
    for index, team in enumerate(ordered):
        key = keys[team.number]
        first = index
        while first > 0 and keys[ordered[first - 1].number] == key:
            first -= 1
        shared = first < index or (index + 1 < len(ordered)
                                   and keys[ordered[index + 1].number] == key)
        places.append(TeamPlace(team.number, first + 1, shared, team.match_points,
                                team.game_points, tuple(key[1:])))
    return tuple(places)


@dataclass(frozen=True)
class CrossCell:
    """One team's round in the team crosstable (团体交叉表): the opponent by its row in the
    standings order (序号, None for a bye or absence), the team's colour (FIRST: named first,
    先行方), the outcome, the match points it brought and the game points of both."""

    round: int
    opponent_row: int | None
    outcome: Outcome
    game_points: int
    opponent_game_points: int
    colour: Colour | None = None
    match_points: int = 0


def crosstable(places: Sequence[TeamPlace], teams: Sequence[TeamRecord]
               ) -> tuple[tuple[CrossCell, ...], ...]:
    """The team crosstable in standings order: for each row, one cell per round."""
    row_of = {p.number: k for k, p in enumerate(places, start=1)}
    by_number = {t.number: t for t in teams}

    def theirs(match: TeamMatch) -> int:
        if match.opponent is None:
            return 0
        return next((m.game_points for m in by_number[match.opponent].matches
                     if m.round == match.round), 0)

    return tuple(tuple(CrossCell(m.round, row_of.get(m.opponent) if m.opponent else None,
                                 m.outcome, m.game_points, theirs(m), m.colour, m.match_points)
                       for m in by_number[p.number].matches) for p in places)
