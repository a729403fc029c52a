"""The team records of TRF-2026 (FIDE "Format of Tournament Report File, Version 2026", team
section) for a Swiss of teams: written with a Team Swiss group's file and read back to pair
its next round by the teams (`trf pair --system team_swiss`).

Records (1-based columns, as TRF-2026 gives them):
- `352` colour sequence of the boards of the first-named team (`WBWB`: TRF white is our first
  mover, 先手; huazhi 六、(三)3: the first-named team 先行方 moves first on boards 1 and 3);
- `362` team points: `TW` won, `TD` drawn, `TL` lost match (defaults 2.0 / 1.0 / 0.0);
- `310` one per team: 5-7 team pairing number, 9-40 name, 55-60 match points, 62-67 game
  points, 69-71 rank, from 74 the players' pairing numbers in board order, 5 columns apart;
- `320` the pairing-allocated bye: 5-8 its match points, 10-13 its game points, then from 15
  the team that had it in each round (`000`: none), 4 columns apart;
- `240` a bye or absence entered for teams (TRF-2026 "Bye Section": 5 `F` / `H` / `Z`, 7-9
  round, from 11 the teams, 5 columns apart), read from other programs' files, not written:
  a team so entered (as one every player of which the `001` records show absent, `0000 - Z`,
  which is how our files mark a withdrawn team) is not paired in that round, as the event
  leaves it out (C.04.1);
- `330` a forfeited match: 5-6 `+-` / `-+` (won by the white / black team) or `--` (a double
  forfeit: both teams lost it, 双方弃权), 8-10 round, 12-14 the first-named ("white") team,
  16-18 the other.

The matches themselves are the players' `001` round records: a team's opponent in a round is
the team of its board-1 player's opponent, its colour that player's colour (first-named when
it is `352`'s first), its game points its players' points. The match result follows from the
game points (`app.standings.team_swiss`: more wins, equal draws); a match every board of
which was forfeited is a forfeit (the `330` record says so too), lost by both teams when
neither is ahead (every board `--`): each team's `001` records still name their opponents,
so the match is read back as the event holds it (both teams 0 match points, the two teams
having met where the file's `260` records say so).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from app.errors import UserError
from app.pairing.trf import (
    TrfTournament,
    byte_columns,
    column_text,
    fixed_text,
    format_points,
    read_trf,
)
from app.pairing.types import (
    Board,
    Colour,
    Outcome,
    Pairing,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)
from app.standings.team_swiss import match_outcome, match_points_of


@dataclass(frozen=True)
class TeamEntry:
    """A team as the file holds it: its pairing number, name, players in board order."""

    number: int
    name: str
    players: tuple[int, ...]


@dataclass(frozen=True)
class TeamBye:
    """The pairing-allocated bye's value (320) and who had it in each round."""

    match_points: int = 2
    game_points: int = 0
    teams: tuple[int, ...] = ()  # index r-1 = round r; 0: nobody


def _team_round(team: TeamEntry, round_number: int, by_player: Mapping[int, PlayerHistory],
                team_of: Mapping[int, int], bye: TeamBye) -> RoundRecord:
    if round_number <= len(bye.teams) and bye.teams[round_number - 1] == team.number:
        return RoundRecord(round_number, Outcome.PAB, None, None, bye.match_points,
                           bye.game_points)
    records = [r for p in team.players if p in by_player
               for r in by_player[p].rounds if r.round == round_number]
    captain = next((r for p in team.players[:1] if p in by_player
                    for r in by_player[p].rounds if r.round == round_number), None)
    if captain is None or captain.opponent is None or captain.opponent not in team_of:
        return RoundRecord(round_number, Outcome.ABSENT)
    games = sum(r.points for r in records)
    opponent = team_of[captain.opponent]
    theirs = sum(r.points for p, h in by_player.items() if team_of.get(p) == opponent
                 for r in h.rounds if r.round == round_number)
    forfeited = all(r.outcome in (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS) for r in records)
    if forfeited:
        outcome = Outcome.FORFEIT_WIN if games > theirs else Outcome.FORFEIT_LOSS
    else:
        outcome = match_outcome(games, theirs)
    return RoundRecord(round_number, outcome, opponent, captain.colour,
                       match_points_of(outcome), games)


def team_histories(teams: Sequence[TeamEntry], players: Iterable[PlayerHistory], rounds: int,
                   bye: TeamBye) -> tuple[PlayerHistory, ...]:
    """One history per team from its players' records: each round its match (`points` the
    match points, `game_points` the game points, `colour` FIRST for the first-named team),
    the bye, or an absence."""
    by_player = {p.number: p for p in players}
    team_of = {player: team.number for team in teams for player in team.players}
    return tuple(PlayerHistory(team.number, tuple(_team_round(team, r, by_player, team_of, bye)
                                                  for r in range(1, rounds + 1)),
                               name=team.name)
                 for team in sorted(teams, key=lambda t: t.number))


def _points(units: int, scale: int) -> str:
    return format_points(units, scale).rjust(6)


# TRF26 192 codes of a Team Swiss (the tournament-type table, as gacrux reads it): the colour
# preferences of C.04.6 Art. 1.7 and the primary score first, then the secondary (Art. 1.2).
_COLOUR_CODES = {"A": "_TYPEA", "B": "_TYPEB", "none": ""}
_SCORE_CODES = {"match": "_MP_GP", "game": "_GP_MP"}


def coded_team_type(colours: str, primary: str) -> str:
    """The 192 code of a Team Swiss with colour preferences `colours` (A, B, none) ordered by
    `primary` (match, game): `FIDE_TEAM_TYPEA_MP_GP`, `FIDE_TEAM_GP_MP`, ..."""
    return f"FIDE_TEAM{_COLOUR_CODES[colours]}{_SCORE_CODES[primary]}"


def team_options_of_code(code: str) -> tuple[str | None, str | None]:
    """(colour preferences, primary score) a 192 code states; None where it states none
    (`FIDE_TEAM` and `FIDE_TEAM_BAKU` are type A on match points, as gacrux reads them)."""
    code = code.strip().upper()
    if not code.startswith("FIDE_TEAM") or "ROUNDROBIN" in code:
        return None, None
    colours = "A" if "_TYPEA" in code or code in ("FIDE_TEAM", "FIDE_TEAM_BAKU") else (
        "B" if "_TYPEB" in code else "none")
    primary = "game" if "_GP" in code.replace("_MP_GP", "") else "match"
    return colours, primary


def team_lines(teams: Sequence[TeamEntry], histories: Sequence[PlayerHistory], boards: int,
               bye: TeamBye, scale: int = 1, ranks: Mapping[int, int] | None = None,
               strengths: Mapping[int, int] | None = None) -> list[str]:
    """The team section: 352, 362, one 310 per team, 320 when a bye was given, 330 per
    forfeited match. No 240: a team withdrawn (整队退赛) is in its players' `0000 - Z` round
    records, which `read_teams` reads as the team not playing; TRF-2026's 240 is a bye that
    brings points (its Bye Section), and the reference reader (gnutterts/chesspairing, F
    and H only) refuses the whole file for a `240 Z`. `scale` units make one point of the
    file (its 162 line's); `strengths` the 310 strength factor (the players' average rating),
    0 when not given.

    362 is laid out as 162: each code in columns 5-6 of a 9-column cell, its points in
    7-10 (gacrux reads the points there and refuses the file otherwise). The strength
    factor is written even when 0: the Go library reads the numbers after column 47 as
    words, so a blank one would make it take the match points for the strength."""
    ranks = ranks or {}
    strengths = strengths or {}
    lines = ["352 " + "".join("W" if b % 2 == 1 else "B" for b in range(1, boards + 1)),
             "362 TW 2.0   TD 1.0   TL 0.0"]
    by_number = {h.number: h for h in histories}
    for team in sorted(teams, key=lambda t: t.number):
        history = by_number[team.number]
        match = sum(r.points for r in history.rounds)
        games = sum(r.game_points or 0 for r in history.rounds)
        rank = ranks.get(team.number)
        head = (f"310 {team.number:3d} {fixed_text(team.name, 32)} {'':5} "
                f"{strengths.get(team.number, 0):6d} "
                f"{format_points(match, 1).rjust(6)} {_points(games, scale)} "
                f"{(str(rank) if rank else ''):>3}  ")
        lines.append(head + " ".join(f"{n:4d}" for n in team.players))
    if any(bye.teams):
        lines.append(f"320 {format_points(bye.match_points, 1):>4} "
                     f"{format_points(bye.game_points, scale):>4} "
                     + " ".join(f"{t:03d}" for t in bye.teams))
    lines += [f"330 {code} {round_number:03d} {white:03d} {black:03d}"
              for round_number, code, white, black in forfeited_matches(histories)]
    return lines


def forfeited_matches(histories: Sequence[PlayerHistory]) -> list[tuple[int, str, int, int]]:
    """The 330 records of the teams' histories, round by round: (round, type, white team,
    black team), the type `+-` won by white, `-+` won by black, `--` a double forfeit
    (TRF-2026 330: both teams lost the match by forfeit, 双方弃权). "White" is the first-named
    team; a double forfeit without colours is written with the lower number first."""
    by_number = {h.number: h for h in histories}
    found: dict[tuple[int, int, int], str] = {}
    for history in histories:
        for record in history.rounds:
            opponent = record.opponent
            won = record.outcome is Outcome.FORFEIT_WIN
            both_lost = (record.outcome is Outcome.FORFEIT_LOSS and opponent is not None
                         and _lost_by_forfeit(by_number.get(opponent), record.round))
            if opponent is None or not (won or both_lost):
                continue
            first = record.colour is Colour.FIRST or (
                record.colour is None and history.number < opponent)
            white, black = (history.number, opponent) if first else (opponent, history.number)
            if won:
                found[(record.round, white, black)] = "+-" if first else "-+"
            else:
                found.setdefault((record.round, white, black), "--")
    return [(r, code, white, black) for (r, white, black), code in sorted(found.items())]


def _lost_by_forfeit(team: PlayerHistory | None, round_number: int) -> bool:
    """Whether `team` lost its match of `round_number` by forfeit too (a double forfeit)."""
    return team is not None and any(r.round == round_number
                                    and r.outcome is Outcome.FORFEIT_LOSS for r in team.rounds)


# ----- reading -----------------------------------------------------------------------------


def _number(text: str, where: str, field: str) -> int:
    text = text.strip()
    if not text.isascii() or not text.isdigit():
        raise UserError(f"{field}应为数字：{text!r}", f"{field} must be a number: {text!r}",
                        where)
    return int(text)


def _decimal(text: str, where: str, field: str) -> Fraction:
    try:
        return Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise UserError(f"{field}应为数值：{text!r}", f"{field} must be a number: {text!r}",
                        where) from None


def _aligned_310(view: str) -> bool:
    """A 310 record's fields where TRF-2026 puts them: the strength factor (48-53), match
    and game points (55-60, 62-67) numbers or blank, the rank (69-71) digits or blank, the
    blanks between them, the players' pairing numbers from column 74."""
    if any(view[c:c + 1] not in ("", " ") for c in (40, 46, 53, 60, 67)) or view[71:73].strip():
        return False
    numbers = (view[47:53].strip(), view[54:60].strip(), view[61:67].strip())
    rank = view[68:71].strip()
    return (all(not n or n.replace(".", "", 1).isdigit() for n in numbers)
            and (not rank or rank.isdigit())
            and all(word.isdigit() for word in view[73:].split()))


def read_teams(text: str, source: str = "", encoding: str = "utf-8"
               ) -> tuple[list[TeamEntry], TeamBye]:
    """The 310 teams and the 320 bye of a TRF text (other lines are the players' reader's);
    columns counted in bytes of the file's `encoding`, as `app.pairing.trf` reads them."""
    teams: list[TeamEntry] = []
    bye = TeamBye()
    for lineno, line in enumerate(text.splitlines(), start=1):
        where = f"{source}: 第{lineno}行" if source else f"第{lineno}行"
        if line.startswith("310 "):
            view, in_bytes = ((line, False) if line.isascii()
                              else byte_columns(line, encoding, _aligned_310))
            number = _number(view[4:7], where + " 310", "队伍编号")
            players = tuple(_number(word, where + " 310", "棋手编号")
                            for word in view[73:].split())
            name = column_text(view[8:40], encoding, in_bytes).strip()
            teams.append(TeamEntry(number, name, players))
        elif line.startswith("320 "):
            words = line[4:].split()
            if len(words) < 2:
                raise UserError("320 行缺少轮空的场分与局分", "320: the bye's points are missing",
                                where)
            match = _decimal(words[0], where + " 320", "轮空场分")
            games = _decimal(words[1], where + " 320", "轮空局分")
            bye = TeamBye(int(match), int(games),
                          tuple(_number(w, where + " 320", "队伍编号") for w in words[2:]))
    if not teams:
        # C.04.6 pairs teams: a file of players alone (one 001 each, no 310) is not paired
        # by its players in their place
        raise UserError("文件中没有队伍记录（TRF-2026 的 310 行）：团体积分编排制按队编排，"
                        "每队需一条 310 记录（队伍编号、队名、各台棋手编号）",
                        "no team records (TRF-2026 310 lines) in the file: the Team Swiss "
                        "pairs teams and needs one 310 record per team (its number, name "
                        "and players by board)", source or "TRF")
    return teams, bye


def has_team_records(text: str) -> bool:
    return any(line.startswith("310 ") for line in text.splitlines())


def team_request(text: str, source: str = "") -> PairingRequest:
    """The next round of a team Swiss TRF as the Team Swiss engine takes it: one entrant per
    310 team, its matches derived from its players' records; the file's 260 records, read
    as team pairs, are forbidden."""
    found = read_team_tournament(text, source)
    return found.request_for_round(found.rounds_played + 1)

@dataclass(frozen=True)
class TeamTournament:
    """A team Swiss TRF read by its teams: every round's matches, as the engine takes them."""

    snapshot: TournamentSnapshot  # every round read
    forbidden: tuple[tuple[int, int, frozenset[int]], ...]  # (first round, last round, teams)
    absent: frozenset[tuple[int, int]] = frozenset()  # (round, team) entered as not playing

    @property
    def rounds_played(self) -> int:
        return max((len(p.rounds) for p in self.snapshot.players), default=0)

    def request_for_round(self, k: int) -> PairingRequest:
        """Round `k` to pair from rounds 1..k-1 (the 260 records in force in round k); a team
        the file shows in no match and without the bye in round `k` (withdrawn, absent) is
        unavailable, as a player without a game is in the players' check, and so is one
        entered as not playing round `k` (`absent`: 240, or its players' `0000 - Z`)."""
        players = tuple(replace(p, rounds=p.rounds[:k - 1]) for p in self.snapshot.players)
        away = frozenset(p.number for p in self.snapshot.players
                         if k <= len(p.rounds) and p.rounds[k - 1].outcome is Outcome.ABSENT
                         or (k, p.number) in self.absent)
        snapshot = replace(self.snapshot, players=players,
                           total_rounds=max(self.snapshot.total_rounds, k))
        pairs = frozenset(frozenset(pair) for first, last, teams in self.forbidden
                          if first <= k <= (last or k) for pair in _pairs(teams))
        return PairingRequest(snapshot, k, away, pairs)

    def pairing_of_round(self, k: int) -> Pairing:
        """The file's own matches of round `k` (the first-named team first), then the bye."""
        boards: list[Board] = []
        byes: list[int] = []
        for team in self.snapshot.players:
            record = team.rounds[k - 1] if k <= len(team.rounds) else None
            if record is None:
                continue
            if record.outcome is Outcome.PAB:
                byes.append(team.number)
            elif record.opponent is not None and record.colour is Colour.FIRST:
                boards.append(Board(len(boards) + 1, team.number, record.opponent))
        boards += [Board(len(boards) + 1, n, None) for n in byes]
        return Pairing(k, tuple(boards))


def _pairs(teams: frozenset[int]) -> list[tuple[int, int]]:
    ordered = sorted(teams)
    return [(a, b) for i, a in enumerate(ordered) for b in ordered[i + 1:]]


def read_team_tournament(text: str, source: str = "", encoding: str = "utf-8",
                         tournament: TrfTournament | None = None) -> TeamTournament:
    """A team Swiss TRF by its teams: the 310 teams, their matches from the players' records
    and the 320 byes; the 260 records read as team pairs. `tournament`: the text already
    read by `read_trf` (it is not read twice)."""
    if tournament is None:
        tournament = read_trf(text, source, encoding)
    teams, bye = read_teams(text, source, encoding)
    bye = replace(bye, game_points=int(bye.game_points * tournament.point_scale))
    rounds = tournament.rounds_played
    histories = team_histories(teams, tournament.snapshot(rounds).players, rounds, bye)
    # the file's XXR rounds (a round paired later raises it: request_for_round): the rounds
    # left change what the engine asks of the last ones, as the event paired them
    snapshot = TournamentSnapshot(histories, max(tournament.total_rounds, rounds),
                                  tournament.points, tournament.initial_colour or Colour.FIRST)
    numbers = {t.number for t in teams}
    forbidden = tuple((entry.first, entry.last, frozenset(entry.players) & numbers)
                      for entry in tournament.forbidden)
    return TeamTournament(snapshot, forbidden,
                          read_absences(text, source) | _absent_players(teams, tournament))


def read_absences(text: str, source: str = "") -> frozenset[tuple[int, int]]:
    """(round, team) of every team a TRF-2026 `240` record enters as not playing a round
    (`F` / `H` / `Z`: a bye entered in advance, or an absence): such a team is not paired."""
    found: set[tuple[int, int]] = set()
    for lineno, line in enumerate(text.splitlines(), start=1):
        if not line.startswith("240 "):
            continue
        where = (f"{source}: 第{lineno}行" if source else f"第{lineno}行") + " 240"
        if line[4:5].upper() not in ("F", "H", "Z") or line[5:6] not in ("", " "):
            raise UserError(f"轮空类型应为 F、H 或 Z：{line[4:5]!r}",
                            f"the type of bye must be F, H or Z: {line[4:5]!r}", where)
        round_number = _number(line[6:9], where, "轮次")
        found.update((round_number, _number(word, where, "队伍编号"))
                     for word in line[9:].split())
    return frozenset(found)


def _absent_players(teams: Sequence[TeamEntry], tournament: TrfTournament
                    ) -> frozenset[tuple[int, int]]:
    """(round, team) where every player of the team is entered as not playing the round
    (`0000 - Z`, ... in the rounds not yet played): a team none of whose members plays is
    not paired (C.04.1), as the event leaves such a team out."""
    entries = {p.number: p for p in tournament.players}
    found: set[tuple[int, int]] = set()
    for team in teams:
        players = [entries[n] for n in team.players if n in entries]
        if not players:
            continue
        for k in range(tournament.rounds_played + 1, max(len(p.entries) for p in players) + 1):
            if all((entry := p.entry(k)) is not None and entry.is_preentered_bye
                   for p in players):
                found.add((k, team.number))
    return frozenset(found)
