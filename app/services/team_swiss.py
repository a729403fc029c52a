"""A Swiss of teams from the event file (团体积分编排, FIDE C.04.6): the teams' matches read
from the stored rounds, the next round paired by `app.pairing.team_swiss.pair`, and the team
standings of `app.standings.team_swiss`.

A stored round of a Team Swiss group holds one board row per match, as a team knockout's does
(`app.services.knockout.store_team_boards`: the two teams, one game per board, the first-named
team 先行方 moving first on the odd boards, huazhi 六、(三)3); its result `1-0` / `0-1` / `=`
is derived from the boards (`enter_team_result`): a level match is a drawn match here, not one
the captains play off. A team with no opponent has the pairing-allocated bye (轮空), scored as a
won match (C.04.1 c) with a drawn game's points on every board
(`app.standings.team_swiss.bye_game_points`).

A team withdraws (整队退赛) as its members do: a team all of whose members are withdrawn is
not paired from the round they withdrew from on (C.04.1: only the teams present are paired);
`withdraw_team` and `reinstate_team` change the whole team in one undoable operation.
"""

from __future__ import annotations

from dataclasses import dataclass

from app import wording
from app.errors import UserError
from app.pairing import team_swiss
from app.pairing.team_swiss import Preferences, PrimaryScore, TeamSwissOptions
from app.pairing.types import (
    Board,
    Colour,
    NoLegalPairing,
    NoteKind,
    Outcome,
    Pairing,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    SitOut,
    TournamentSnapshot,
)
from app.services.event import Event, settings_of
from app.services.lookup import bracket_teams, planned_rounds, sits_out, system_of
from app.services.players import withdrawal_start
from app.standings.scoring import outcomes
from app.standings.team_swiss import (
    TeamMatch,
    TeamRecord,
    bye_game_points,
    default_tiebreaks,
    match_outcome,
    match_points_of,
)
from app.store import codec
from app.store.models import BoardRow, Group, Team


@dataclass(frozen=True)
class TeamRound:
    """One team's round as stored: its match record and its colour (FIRST: named first)."""

    match: TeamMatch
    colour: Colour | None


def seeded_teams(group: Group) -> list[Team]:
    """The group's teams in their seed order (the pairing numbers 1, 2, ...)."""
    return sorted(group.teams, key=lambda t: (t.seed, t.id))


def team_numbers(group: Group) -> dict[int, int]:
    """Team id -> pairing number (TPN order, C.04.6 Art. 1.2: the initial order)."""
    return {team.id: k for k, team in enumerate(seeded_teams(group), start=1)}


def options_of(group: Group) -> TeamSwissOptions:
    settings = settings_of(group)
    return TeamSwissOptions(Preferences(settings.team_swiss_colours),
                            PrimaryScore(settings.team_swiss_primary))


def tiebreaks_of(group: Group) -> tuple[str, ...]:
    settings = settings_of(group)
    return settings.team_tiebreaks or default_tiebreaks(PrimaryScore(settings.team_swiss_primary))


def _game_points(group: Group, board: BoardRow) -> tuple[int, int, bool] | None:
    """(first team's game points, second's, every board forfeited), or None while a board
    has no result."""
    points = settings_of(group).points
    boards = settings_of(group).team.boards
    results = {g.index: codec.game_result(g.result, g.ending) for g in board.games}
    first_team = next((t for t in group.teams if t.id == board.first_team_id), None)
    first_players = {m.player_id for m in first_team.members} if first_team else set()
    totals = [0, 0]
    forfeited = True
    for game in sorted(board.games, key=lambda g: g.index):
        if game.index > boards:
            continue  # a further game (none in a Team Swiss)
        result = results.get(game.index)
        if result is None:
            return None
        forfeited = forfeited and result.forfeit
        black, white = outcomes(result)
        black_first = game.black_player_id in first_players
        totals[0 if black_first else 1] += points.points(black)
        totals[1 if black_first else 0] += points.points(white)
    if not board.games:
        return None
    return totals[0], totals[1], forfeited


def bye_scores(group: Group) -> tuple[int, int]:
    """What the pairing-allocated bye (轮空) gives its team: the match points of a match won
    (C.04.1 c) and a drawn game on every board (`bye_game_points`)."""
    settings = settings_of(group)
    return (match_points_of(Outcome.PAB),
            bye_game_points(settings.team.boards, settings.points.draw))


def team_rounds(group: Group, before_round: int | None = None,
                partial: bool = True) -> dict[int, list[TeamRound]]:
    """Team number -> its rounds so far (those before `before_round`): matches with a
    result, the bye, absences; with `partial` a match still without its result is left out,
    else a round with any such match ends the list."""
    numbers = team_numbers(group)
    bye_matches, bye_games = bye_scores(group)
    rounds: dict[int, list[TeamRound]] = {n: [] for n in numbers.values()}
    for round_ in group.rounds_played:
        if before_round is not None and round_.number >= before_round:
            break
        seen: set[int] = set()
        for board in round_.boards:
            first = numbers.get(board.first_team_id or 0)
            second = numbers.get(board.second_team_id or 0)
            if first is None:
                continue
            if second is None:
                seen.add(first)
                rounds[first].append(TeamRound(TeamMatch(
                    round_.number, Outcome.PAB, None, bye_matches, bye_games),
                    None))
                continue
            scored = _game_points(group, board)
            if scored is None:
                if not partial:
                    raise NoLegalPairing(f"第{round_.number}轮第{board.number}场尚无结果")
                continue
            own, other, forfeited = scored
            seen |= {first, second}
            for number, opponent, mine, theirs, colour in (
                    (first, second, own, other, Colour.FIRST),
                    (second, first, other, own, Colour.SECOND)):
                outcome = match_outcome(mine, theirs, forfeited)
                rounds[number].append(TeamRound(TeamMatch(
                    round_.number, outcome, opponent, match_points_of(outcome), mine, colour),
                    colour))
        for number in rounds:
            if number not in seen and not any(r.match.round == round_.number
                                              for r in rounds[number]):
                rounds[number].append(TeamRound(TeamMatch(round_.number, Outcome.ABSENT,
                                                          None, 0, 0), None))
    return rounds


def team_records(group: Group, before_round: int | None = None) -> list[TeamRecord]:
    """The teams' records for the standings (`app.standings.team_swiss.rank_teams`)."""
    return [TeamRecord(number, tuple(r.match for r in found))
            for number, found in team_rounds(group, before_round).items()]


def team_snapshot(group: Group, number: int | None, partial: bool = False
                  ) -> TournamentSnapshot:
    """The teams before round `number` (None: every round so far) as the Team Swiss engine
    takes them: one history per team, each round's `points` its match points and
    `game_points` its game points; `partial` as `team_rounds` reads it."""
    histories = []
    by_number = {n: t for t, n in ((t, team_numbers(group)[t.id]) for t in group.teams)}
    for team_number, found in sorted(team_rounds(group, number, partial=partial).items()):
        team = by_number[team_number]
        histories.append(PlayerHistory(
            number=team_number,
            rounds=tuple(RoundRecord(r.match.round, r.match.outcome, r.match.opponent,
                                     r.colour, r.match.match_points, r.match.game_points)
                         for r in found),
            unit=team.unit, name=team.name))
    chosen = settings_of(group).initial_colour
    initial = Colour(chosen) if chosen in (Colour.FIRST.value, Colour.SECOND.value) \
        else Colour.FIRST
    return TournamentSnapshot(tuple(histories), group.rounds, settings_of(group).points,
                              initial)


def forfeited_pairs(snapshot: TournamentSnapshot) -> frozenset[frozenset[int]]:
    """Teams whose match was forfeited: in Chinese practice they count as having met
    (the core's `team_swiss.forfeited_meetings`, which the TRF export writes as 260)."""
    return frozenset(team_swiss.forfeited_meetings(snapshot.players))


def pair_round(group: Group, number: int) -> tuple[Pairing, list[str]]:
    """Round `number` of a Team Swiss group: the pairing with the teams' ids on its boards
    (first = the first-named team 先行方), and the report in words."""
    snapshot = team_snapshot(group, number)
    forbidden = (forfeited_pairs(snapshot) if settings_of(group).forfeit_counts_as_meeting
                 else frozenset())
    options = options_of(group)
    away = absent_teams(group, number)
    paired = team_swiss.pair(PairingRequest(snapshot, number,
                                            frozenset(n for n, _why in away.values()),
                                            forbidden), options)
    id_of = {n: tid for tid, n in team_numbers(group).items()}
    name_of = {t.id: t.name for t in group.teams}
    boards = tuple(Board(b.number, id_of[b.first],
                         None if b.second is None else id_of[b.second])
                   for b in paired.boards)
    report = [_system_line(options)]
    report += [f"{name} {wording.team_not_paired_text(why)} / "
               f"{name} {wording.team_not_paired_text(why, 'en')}"
               for name, (_n, why) in sorted(away.items())]
    for board in boards:
        if board.second is None:
            report.append(f"{name_of[board.first]} 轮空（FIDE C.04.6 第3.4条） / "
                          f"{name_of[board.first]} receives the pairing-allocated bye "
                          "(FIDE C.04.6 Art. 3.4)")
    names = {n: name_of[tid] for n, tid in id_of.items()}
    # the notes about teams are typed, worded with the teams' names as the Dutch rounds' are
    # (`wording.pairing_note_text`); those about the round (the bracket criteria) name none
    report += [wording.pairing_note_text(note, names) for note in paired.remarks
               if note.kind is not NoteKind.PAB]  # the bye is said above, with its article
    report += list(paired.notes)
    return Pairing(number, boards), report


def absent_teams(group: Group, number: int) -> dict[str, tuple[int, SitOut]]:
    """The teams (name -> pairing number, why) none of whose members plays round `number`
    (withdrawn, or absent that round): they are not paired (C.04.1: only those present). The
    why is the first member's by board, as the round's papers name it
    (`ExportModel.team_missing_of`): 退赛 for a team withdrawn."""
    numbers = team_numbers(group)
    away: dict[str, tuple[int, SitOut]] = {}
    for team in group.teams:
        whys = [sits_out(m.player, number)
                for m in sorted(team.members, key=lambda m: m.board_order)]
        if whys and all(whys):
            away[team.name] = (numbers[team.id], next(w for w in whys if w is not None))
    return away


def _system_line(options: TeamSwissOptions) -> str:
    from app.group_settings import TEAM_SWISS_WORDS

    primary = TEAM_SWISS_WORDS[options.primary.value]
    colours = TEAM_SWISS_WORDS[options.preferences.value]
    return (f"团体积分编排（FIDE C.04.6）：按{primary[0]}排序，{colours[0]} / Team Swiss (FIDE "
            f"C.04.6): ordered by {primary[1]}, {colours[1]}")



# ----- withdrawing a team (整队退赛) ------------------------------------------------------------


def team_withdrawn_from(team: Team) -> int | None:
    """The first round a withdrawn team no longer plays: the latest of its members' (a team
    plays while any member does); None while it plays on."""
    if not team.members or any(m.player.status != "withdrawn" for m in team.members):
        return None
    return max(m.player.withdrawn_from_round or 1 for m in team.members)


def withdrawals(event: Event, group: str) -> dict[str, int]:
    """The group's withdrawn teams: name -> the first round they no longer play."""
    with event.reading() as session:
        found = Event.group(session, group)
        return {t.name: r for t in found.teams if (r := team_withdrawn_from(t)) is not None}


def first_open_round(event: Event, group: str) -> int:
    """The first round of the group not yet paired (where a withdrawal starts by default)."""
    with event.reading() as session:
        return len(Event.group(session, group).rounds_played) + 1


def _withdrawable_team(group: Group, team_name: str) -> Team:
    """The team of a Team Swiss or a team knockout called `team_name`: the groups a whole
    team withdraws from (the cross-group round is one round of the lists' order)."""
    from app.pairing.system import System

    system = system_of(group)
    if not (system is System.TEAM_SWISS or (system.team and system.bracket)):
        raise UserError(f"{group.name} 不是团体积分编排或团体淘汰赛的组别，不能整队退赛",
                        f"{group.name} is neither a Team Swiss nor a team knockout: no team "
                        "withdraws there", group.name)
    row = next((t for t in group.teams if t.name == team_name), None)
    if row is None:
        raise UserError(f"{group.name} 没有队伍“{team_name}”",
                        f"{group.name} has no team '{team_name}'", group.name)
    return row


def withdraw_team(event: Event, group: str, team_name: str,
                  from_round: int | None = None) -> int:
    """Withdraw a team (整队退赛) from round `from_round` on (default: the next round not yet
    paired): every member withdrawn; a Team Swiss pairs the team no more (C.04.1), a team
    knockout keeps it in its bracket, where its next match is forfeited (`knockout.
    store_team_boards`). Returns that round.
    Refused, writing nothing: an unknown team, a team withdrawn already, a round paired
    already or beyond the group's last round."""
    with event.operation("withdraw_team", f"整队退赛 {team_name} / withdraw team") as session:
        found = Event.group(session, group)
        row = _withdrawable_team(found, team_name)
        already = team_withdrawn_from(row)
        if already is not None:
            raise UserError(f"{team_name} 已从第{already}轮起退赛",
                            f"{team_name} withdrew already, from round {already}", team_name)
        # a Team Swiss its group's rounds, a knockout its bracket's (none before it is drawn)
        start = withdrawal_start(found.name, len(found.rounds_played) + 1,
                                 planned_rounds(found) or None, from_round, team_name)
        for member in row.members:
            player = member.player
            if player.status == "withdrawn" and (player.withdrawn_from_round or 1) <= start:
                continue  # withdrew alone before: keeps their own round (see reinstate_team)
            player.status = "withdrawn"
            player.withdrawn_from_round = start
        return start


def reinstate_team(event: Event, group: str, team_name: str) -> None:
    """Take a team's withdrawal back (恢复参赛): paired again from the next round on, with the
    members its withdrawal took out. A member who withdrew alone from an earlier round stays
    withdrawn (one who withdrew alone from the team's own round comes back with it: the file
    does not tell the two apart). Refused, writing nothing, for a team that has not withdrawn."""
    with event.operation("reinstate_team", f"恢复队伍 {team_name} / reinstate team") as session:
        found = Event.group(session, group)
        row = _withdrawable_team(found, team_name)
        since = team_withdrawn_from(row)
        if since is None:
            raise UserError(f"{team_name} 没有退赛，无需恢复",
                            f"{team_name} has not withdrawn: nothing to reinstate", team_name)
        system = system_of(found)
        if system.bracket:  # a knockout drawn without it has no slot for it
            from app.pairing import knockout

            knockout.check_return(len(found.rounds_played),
                                  row in bracket_teams(found), team_name, group, team=True)
        for member in row.members:
            if (member.player.withdrawn_from_round or 1) == since:
                member.player.status = "active"
                member.player.withdrawn_from_round = None


def team_swiss_groups(event: Event) -> frozenset[str]:
    """The names of the event's Team Swiss groups (the venue pages add their crosstable)."""
    from app.pairing.system import System

    with event.reading() as session:
        return frozenset(g.name for g in Event.tournament(session).groups
                         if system_of(g) is System.TEAM_SWISS)
