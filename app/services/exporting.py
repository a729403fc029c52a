"""Exports of an event: the plain export model filled from the event file, then the PDFs,
the workbook and the federation package written by `app.exports` (打印与导出).

A snapshot of the event is taken before each export, as for pairings and playoffs.
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app import wording
from app.errors import UserError
from app.exports import model as m
from app.exports import pdf_slips
from app.exports.bundle import check_documents, document_labels, export_all
from app.pairing.system import System
from app.pairing.team import MatchScore
from app.pairing.types import TournamentSnapshot, on_pairing_list, withdrawn_by
from app.results import BoardResult, LevelDecision
from app.rules.board import format_point
from app.rules.endings import Ending
from app.rules.protocols import Protocol
from app.rules.records import read_moves
from app.services.event import (
    Event,
    Officials,
    organiser_roles,
    schedule_from_settings,
    settings_of,
)
from app.services.games import game_settings
from app.services.knockout import decided_bracket as knockout_bracket
from app.services.knockout import match_score, team_rules
from app.services.lookup import sits_out, withdrawn_from
from app.services.playoffs import playoff_records
from app.services.queries import seated_missing, system_of
from app.services.ranking import (
    GroupStandings,
    StandingsInfo,
    TeamStandingsInfo,
    compute_standings,
    in_bracket_order,
    knockout_standings,
    planned_rounds,
    ranking_rules,
    subranking_options,
    team_standings_of,
    tiebreak_label,
    wins_legend,
)
from app.services.snapshot import build_snapshot
from app.services.team_swiss import team_withdrawn_from
from app.services.venue import board_slip_codes
from app.standings.awards import CertificateRule, gets_certificate
from app.standings.ranking import rank
from app.store import codec
from app.store.files import check_name_fits, file_error
from app.store.models import Group, Playoff
from app.store.snapshots import take_snapshot
from app.team_rankings import TeamMethod

Progress = Callable[[int, int, str], None]
# Handed the event's team rankings as the export model works them out.
TeamRankingsSeen = Callable[[Sequence[TeamStandingsInfo]], None]

RULES_ZH = {"renju": "专业规则（禁手）", "free": "大众规则（无禁手）", "gomoku": "标准五子棋"}
GENDER_ZH = {"M": "男", "F": "女"}


def _key(group: Group) -> str:
    return f"g{group.id}"


def _scaled_column(values: list[Fraction]) -> tuple[int, list[int]]:
    """A column of tie-break values as integers with one scale (halves -> scale 2)."""
    scale = math.lcm(*(v.denominator for v in values)) if values else 1
    return scale, [int(v * scale) for v in values]


def _standings(session: Session, group: Group, shared: GroupStandings | None = None,
               **options: Any) -> tuple[m.Standings, StandingsInfo]:
    """A ranking as the export model prints it; `options` as `compute_standings` takes them;
    the group's own standings from `shared` when given (the team rankings read them too)."""
    if shared is not None and not options:
        info, _plain = shared.of(group)
    else:
        info, _plain = compute_standings(session, group, **options)
    columns = []
    scaled_rows: list[list[int]] = [[] for _ in info.rows]
    for k, (name, label) in enumerate(info.columns):
        values = [row.tiebreaks[k] for row in info.rows]
        scale, ints = _scaled_column(values)
        columns.append(m.TieBreakColumn(name, label, scale, _column_legend(group, name)))
        for i, value in enumerate(ints):
            scaled_rows[i].append(value)
    rows = tuple(
        m.StandingRow(rank=row.place, player=row.player.id, points=row.points,
                      tiebreaks=tuple(scaled_rows[i]), shared=row.shared,
                      playoff=wording.playoff_text(row.playoff),
                      open_rank=wording.place_text(row.open_place, row.open_shared),
                      prize=wording.prize_text(row.award),
                      grade_title=wording.title_text(row.award))
        for i, row in enumerate(info.rows)
    )
    return (m.Standings(_key(group), info.name, tuple(columns), rows, final=info.final,
                        after_round=info.rounds_complete,
                        legend=wording.legend_texts(info.legend),
                        marks_note=wording.playoff_marks_note(r.playoff for r in info.rows)),
            info)


def ranking_awards(info: StandingsInfo, group_key: str, ranking: str, teams: bool,
                   provisional: bool,
                   certificates: CertificateRule = CertificateRule.AWARDED) -> list[m.Award]:
    """The awards of one ranking for the printouts: none while it is not final unless the
    arbiter prints them as provisional (then each is marked so); a certificate for those
    `certificates` gives one to (qiwang 十五: the awarded places)."""
    if not info.final and not provisional:
        return []
    out = []
    for row in info.rows:
        award = row.award
        if award is None or not (award.has_prize or award.title):
            continue
        out.append(m.Award(ranking=ranking, place=row.place, recipient=row.player.name,
                           unit=row.player.unit, group=group_key,
                           player=None if teams else row.player.id,
                           prize=wording.prize_text(award),
                           grade_title=wording.title_text(award), shared=row.shared,
                           final=info.final,
                           decision=award, certificate=gets_certificate(award, certificates)))
    return out


def team_awards(info: TeamStandingsInfo, provisional: bool) -> list[m.Award]:
    """The awards of a team ranking for the printouts (as `ranking_awards`)."""
    if not info.final and not provisional:
        return []
    return [m.Award(ranking=info.name, place=row.place, recipient=row.team,
                    prize=wording.prize_text(row.award), shared=row.shared, final=info.final,
                    decision=row.award)
            for row in info.rows
            if row.place is not None and row.award is not None and row.award.has_prize]


def _awards(info: StandingsInfo, group: Group, ranking: str, provisional: bool) -> list[m.Award]:
    return ranking_awards(info, _key(group), ranking, system_of(group).team,
                          provisional, CertificateRule(settings_of(group).certificates))


def _playoff_games(session: Session, group: Group, key: str) -> list[m.Game]:
    """The playoff (加赛) games of a group with a result or moves, as export games."""
    found = session.scalars(select(Playoff).where(Playoff.group_id == group.id)
                            .order_by(Playoff.id)).all()
    return [
        m.Game(group=key, round=0, board=playoff.id, black=game.black_player_id,
               white=game.white_player_id,
               moves=tuple(format_point(p) for p in read_moves(game.moves).moves),
               result=codec.game_result(game.result), how_ended=Ending.stored(game.ending),
               game_no=game.index, opening=game.opening,
               actions=str((game.record or {}).get("actions", "")),
               playoff_place=playoff.place)
        for playoff in found for game in playoff.games
        if game.black_player_id and game.white_player_id and (game.moves or game.result)
    ]


OPENING_ZH = {"designated": "指定开局", "free": "自由开局", "swap2": "Swap2",
              "soosyrv8": "Soosyrv-8", "taraguchi10": "Taraguchi-10", "yamaguchi": "Yamaguchi"}


def _event_info(tournament: Any, keys: dict[str, str]) -> m.EventInfo:
    staff = Officials.from_json(tournament.settings.get("officials"))
    items = tuple(
        m.ScheduleItem(e.round, e.day, e.time, e.room, keys.get(e.group, ""), e.label)
        for e in schedule_from_settings(tournament.settings)
        if not e.group or e.group in keys
    )
    return m.EventInfo(
        title=tournament.title,
        organisers=tuple(x for x in tournament.organisers.split("、") if x),
        venue=tournament.venue,
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        chief_arbiter=staff.chief_arbiter,
        deputy_chief_arbiters=staff.deputy_chief_arbiters,
        chief_pairing_officer=staff.chief_pairing_officer,
        appeals_committee=staff.appeals_committee,
        officials_note=staff.appointed_by,
        schedule=items,
        venue_address=str(tournament.settings.get("venue", {}).get("address", "")),
        organiser_roles=tuple(m.OrganiserRole(role, tuple(names)) for role, names in
                              organiser_roles(tournament.settings)),
    )


def _model_group(group: Group) -> m.Group:
    rounds = planned_rounds(group)
    system = system_of(group)
    settings = settings_of(group)
    tiebreaks = "、".join(["积分", *(tiebreak_label(group, tb) for tb in settings.tiebreaks)])
    if system is System.TEAM_SWISS:  # the team chain (FIDE C.07) after the primary score
        from app.services.team_swiss import options_of, tiebreaks_of
        from app.standings.team_swiss import TIEBREAKS

        primary = wording.points_header(options_of(group).primary)
        tiebreaks = "、".join([primary, *(TIEBREAKS[k].zh for k in tiebreaks_of(group))])
    # The opening as the games are played (指定开局 only under 专业规则), not the setting alone.
    opening = game_settings(group).opening_rule
    return m.Group(
        key=_key(group), name=group.name, system=system, rounds=rounds,
        rules=RULES_ZH.get(group.rule_set, ""), double_game=group.games_per_round == 2,
        scale=1, points=settings.points, forbidden=group.rule_set == "renju",
        designated_opening=opening is Protocol.DESIGNATED,
        opening_text=OPENING_ZH.get(opening.value, opening.value),
        fifth_move_offers=group.fifth_move_offers, time_control=group.time_control,
        system_text=f"{system.zh}（{rounds}轮）" if rounds else system.zh,
        tiebreak_text=tiebreaks if system.ranked_by_points else "",
        unplayed_text=wording.unplayed_text(settings.unplayed_policy, "zh",
                                            settings.tiebreak_label("buchholz")),
        certificate_text=wording.certificate_rule_text(CertificateRule(settings.certificates)),
        board_count=team_rules(group).boards if system.team else 0,
        team_swiss_colours=settings.team_swiss_colours,
        team_swiss_primary=settings.team_swiss_primary,
    )


def _bracket(group: Group) -> m.Bracket:
    """The bracket as drawn: names instead of ids, team match scores where played."""
    plain = knockout_bracket(group)
    if system_of(group).team:
        names = {t.id: t.name for t in group.teams}
        gone = {t.id: team_withdrawn_from(t) for t in group.teams}
    else:
        names = {p.id: p.name for p in group.players}
        gone = {p.id: withdrawn_from(p) for p in group.players}
    scores: dict[tuple[int, int], MatchScore] = {}
    if system_of(group).team:
        for round_ in group.rounds_played:
            for board in round_.boards:
                score = match_score(group, board)
                if score is not None:
                    scores[(round_.number, board.number)] = score

    def name(entrant: int | None) -> str:
        if entrant is None:
            return ""
        return "轮空" if entrant == 0 else names.get(entrant, "")

    def withdrawn(entrant: int | None, round_number: int) -> bool:
        """The entrant withdrew (退赛) by the round: it does not play the match."""
        return withdrawn_by(round_number, gone.get(entrant or 0))

    # a match only empty slots reach is none (it decides no place: byes create none)
    rounds = tuple(
        tuple(m.BracketMatch(match.round, match.number, name(match.top), name(match.bottom),
                             name(match.winner) if match.winner else "", match.places,
                             scores.get((match.round, match.number)), final=match.final,
                             lots=not system_of(group).team
                             and match.decided_by is LevelDecision.LOTS,
                             top_withdrawn=withdrawn(match.top, match.round),
                             bottom_withdrawn=withdrawn(match.bottom, match.round))
              for match in matches if not match.void)
        for matches in plain.rounds
    )
    return m.Bracket(_key(group), rounds)


def _team_members(group: Group, team_id: int) -> tuple[str, ...]:
    if not system_of(group).team:
        return ()
    for row in group.teams:
        if row.id == team_id:
            return tuple(f"{mb.board_order}台 {mb.player.name}" for mb in row.members)
    return ()


def _member_results(players: list[m.Player], standings: list[m.Standings]
                    ) -> dict[tuple[str, str], tuple[str, str]]:
    """(unit, name) -> (points, place) of every ranked player, to print team members with
    their results; a name shared inside one unit is left out (it would be ambiguous)."""
    by_id = {p.id: p for p in players}
    found: dict[tuple[str, str], tuple[str, str]] = {}
    seen: set[tuple[str, str]] = set()
    for table in standings:
        for row in table.rows:
            player = by_id[row.player]
            key = (player.unit, player.name)
            if key in seen:
                found.pop(key, None)
                continue
            seen.add(key)
            found[key] = (m.format_scaled(row.points), row.rank_text)
    return found


def _up_to_round(snapshot: TournamentSnapshot, number: int) -> TournamentSnapshot:
    """`snapshot` over the rounds up to `number` only: what `build_snapshot(before_round=
    number + 1)` gives (a round's records never depend on later rounds), from the group's one
    snapshot instead of the stored rounds read and decoded again for every round."""
    return replace(snapshot, players=tuple(
        replace(p, rounds=tuple(r for r in p.rounds if r.round <= number))
        for p in snapshot.players))


def _column_legend(group: Group, name: str) -> str:
    """What a tie-break column counts, under a ranking: 胜局 as the group counts it (forfeit
    wins, byes: `wording.wins_text`, as the final ranking's legend says it), the others as
    `m.tiebreak_legend` words them. A ranking after a round has no other legend to point to:
    it said 胜局：获胜的局数（计法见说明） with no 说明 on the page."""
    settings = settings_of(group)
    if name == "wins":
        return wording.wins_text(wins_legend(settings))
    return m.tiebreak_legend(name, settings.median_cut)


def _standings_after(group: Group, number: int) -> m.Standings:
    """The ranking after round `number` (名次表 after any round): the group's tie-breaks over
    the rounds up to it; no playoffs, no prizes while rounds remain."""
    build = build_snapshot(group, partial=True)
    rules = ranking_rules(group)  # no stakes while rounds remain: a tie is only a tie
    plain = rank(_up_to_round(build.snapshot, number), rules)
    columns = []
    per_row: list[list[int]] = [[] for _ in plain.rows]
    for k, name in enumerate(rules.tiebreaks):
        scale, ints = _scaled_column([Fraction(row.tiebreaks[k]) for row in plain.rows])
        columns.append(m.TieBreakColumn(name, tiebreak_label(group, name), scale,
                                        _column_legend(group, name)))
        for i, value in enumerate(ints):
            per_row[i].append(value)
    rows = tuple(
        m.StandingRow(rank=row.place, player=build.player_of[row.number], points=row.points,
                      tiebreaks=tuple(per_row[i]), shared=row.shared)
        for i, row in enumerate(plain.rows)
    )
    return m.Standings(_key(group), group.name, tuple(columns), rows, final=False,
                       after_round=number)


def export_folder(out_dir: str | Path, overwrite: bool = False,
                  now: dt.datetime | None = None) -> Path:
    """Where an export goes without touching what is there: `out_dir` itself when it is
    missing or empty, or when the arbiter confirmed (`overwrite`: files of the same name are
    replaced, nothing else is removed); otherwise a new dated folder inside it
    (`导出-20221126-0930`, `-2` ... when that exists too)."""
    out = Path(out_dir)
    check_name_fits(out)  # a name the file system cannot hold is refused, naming it
    if out.exists() and not out.is_dir():
        raise UserError("输出位置不是文件夹", "output path is not a folder", str(out))
    if overwrite or not out.exists() or not any(out.iterdir()):
        return out
    stamp = (now or dt.datetime.now()).strftime("%Y%m%d-%H%M")
    base = f"导出-{stamp}"
    candidate, counter = out / base, 2
    while candidate.exists():
        candidate = out / f"{base}-{counter}"
        counter += 1
    return candidate


def export_target(event: Event, out_dir: str | Path, overwrite: bool = False) -> Path:
    """The folder `export` will write into (see `export_folder`), for the window and the
    command line to show before exporting."""
    return export_folder(out_dir, overwrite)


@dataclass
class _Parts:
    """What `build_model` gathers, group by group (private, filled in place)."""

    groups: list[m.Group] = field(default_factory=list)
    players: list[m.Player] = field(default_factory=list)
    rounds: list[m.Round] = field(default_factory=list)
    standings: list[m.Standings] = field(default_factory=list)
    subs: list[m.Standings] = field(default_factory=list)
    awards: list[m.Award] = field(default_factory=list)
    games: list[m.Game] = field(default_factory=list)
    team_tables: list[m.TeamStandings] = field(default_factory=list)
    playoffs: list[m.PlayoffRecord] = field(default_factory=list)
    progress: list[m.Standings] = field(default_factory=list)
    brackets: list[m.Bracket] = field(default_factory=list)
    bracket_orders: list[m.Standings] = field(default_factory=list)
    members: list[tuple[int, str, int]] = field(default_factory=list)
    sources: list[tuple[str, str, str]] = field(default_factory=list)  # a team's list
    playoff_games: list[m.Game] = field(default_factory=list)
    ahead: list[m.RoundAhead] = field(default_factory=list)
    qualifiers: list[m.Qualifiers] = field(default_factory=list)


def _group_players(group: Group, key: str, number_of: dict[int, int]) -> list[m.Player]:
    """The group's players in pairing-number order, as the papers name them."""
    return [m.Player(
        id=player.id, name=player.name, group=key, number=number_of[player.id],
        gender=GENDER_ZH.get(player.gender, ""), birth_date=player.birth_date,
        id_number=player.id_number, unit=player.unit, grade=player.grade,
        platform_id=player.platform_id, withdrawn_from=withdrawn_from(player),
        entered_round=player.entered_round,
    ) for player in sorted(group.players, key=lambda p: number_of[p.id])]


@dataclass(frozen=True)
class _TeamNames:
    """A team group's member and team names and its board count, looked up once per group
    (not again for every round)."""

    team_of: dict[int, str]  # player id -> team name
    team_name: dict[int, str]  # team id -> name
    board_count: int  # boards of a match; the games after them are the captains' playoff
    bye: tuple[int | None, int | None] = (None, None)  # a Team Swiss bye's 场分 and 局分

    @classmethod
    def of(cls, group: Group) -> _TeamNames:
        bye: tuple[int | None, int | None] = (None, None)
        if system_of(group).swiss:  # a Team Swiss: the bye is scored (a knockout's is not)
            from app.services.team_swiss import bye_scores
            bye = bye_scores(group)
        return cls({mb.player_id: t.name for t in group.teams for mb in t.members},
                   {t.id: t.name for t in group.teams}, team_rules(group).boards, bye)


def _team_boards(group: Group, round_: Any, names: _TeamNames
                 ) -> tuple[list[m.BoardResult], list[m.TeamBye]]:
    """A team round's games as boards (第N场M台, the captains' playoff 第N场主将加赛) and the
    teams without an opponent (轮空)."""
    team_of, team_name, board_count = names.team_of, names.team_name, names.board_count
    boards: list[m.BoardResult] = []
    byes: list[m.TeamBye] = []
    number = 0
    for match in round_.boards:
        if match.second_team_id is None and match.first_team_id in team_name:
            byes.append(m.TeamBye(match.number, team_name[match.first_team_id], *names.bye))
            continue
        score = match_score(group, match)
        for game in match.games:
            if game.black_player_id is None:
                continue  # a game row without its players: nothing to print
            number += 1
            on_board = game.index if game.index <= board_count else 0
            label = f"第{match.number}场{on_board}台" if on_board else \
                f"第{match.number}场{wording.captains_playoff_text()}"
            played = codec.game_result(game.result)  # the game's loss on time: its ending
            boards.append(m.BoardResult(
                number, game.black_player_id, game.white_player_id,
                BoardResult((played,)) if played is not None else None,
                (Ending.stored(game.ending),), label=label, match=match.number,
                match_board=on_board, match_score=score,
                first_team=team_of.get(game.black_player_id, ""),
                second_team=team_of.get(game.white_player_id, "") if game.white_player_id
                else ""))
    return boards, byes


def _player_boards(tournament: Any, group: Group, round_: Any,
                   points_of: dict[tuple[int, int], int]) -> list[m.BoardResult]:
    """An individual round's boards with each player's round points."""
    from app.services.missing_players import missing_players

    boards = []
    double = group.games_per_round == 2
    missing = seated_missing(group, missing_players(group, round_.number))
    for board in round_.boards:
        first, second = board.first_player_id, board.second_player_id
        if first is None:
            continue  # an individual group's boards always hold a player
        endings = tuple(Ending.stored(g.ending) for g in sorted(board.games, key=lambda g: g.index))
        boards.append(m.BoardResult(
            board.number, first, second, codec.board_result(board.result, double, board.label),
            endings, points_of.get((first, round_.number)),
            points_of.get((second, round_.number)) if second else None,
            confirm_codes=board_slip_codes(tournament, group, round_.number, board),
            first_missing=missing.get(first), second_missing=missing.get(second or 0),
        ))
    return boards


def _seated(boards: list[m.BoardResult]) -> set[int]:
    """The players who have a board in the round."""
    return {b.first for b in boards} | {b.second for b in boards if b.second is not None}


def _sitting_out(group: Group, round_number: int, boards: list[m.BoardResult],
                 points_of: dict[tuple[int, int], int]) -> tuple[m.SittingOut, ...]:
    """The group's players with no board in the round that its pairing lists name
    (`on_pairing_list`), with why and the points it gave."""
    seated = _seated(boards)
    out = []
    for player in group.players:
        why = None if player.id in seated else sits_out(player, round_number)
        if why is not None and on_pairing_list(why, round_number, withdrawn_from(player)):
            out.append(m.SittingOut(player.id, why, points_of.get((player.id, round_number))))
    return tuple(out)


def _team_missing(group: Group, round_number: int) -> tuple[m.SittingOut, ...]:
    """The team members who do not play the round, with why: on their board it is lost by
    forfeit, and a team none of whose members plays is not paired (`knockout.missing_members`
    and `team_swiss.absent_teams` decide so when the round is paired)."""
    return tuple(m.SittingOut(member.player_id, why) for team in group.teams
                 for member in sorted(team.members, key=lambda x: x.board_order)
                 if (why := sits_out(member.player, round_number)) is not None)


def _off_board_points(group: Group, round_number: int, boards: list[m.BoardResult],
                      points_of: dict[tuple[int, int], int]) -> tuple[tuple[int, int], ...]:
    """The points the round gave the group's players with no board in it (a bye requested in
    advance, a late entry's points), for the points before a round its pairing lists print."""
    seated = _seated(boards)
    return tuple((player.id, points) for player in group.players if player.id not in seated
                 and (points := points_of.get((player.id, round_number), 0)))


def _round_games(key: str, round_: Any) -> list[m.Game]:
    """The recorded games (moves or a result) of a round, for the game sheets and records."""
    return [m.Game(
        group=key, round=round_.number, board=board.number, black=game.black_player_id,
        white=game.white_player_id,
        moves=tuple(format_point(p) for p in read_moves(game.moves).moves),
        result=codec.game_result(game.result), how_ended=Ending.stored(game.ending), game_no=game.index, opening=game.opening,
        actions=str((game.record or {}).get("actions", "")),
    ) for board in round_.boards for game in board.games
        if game.black_player_id and game.white_player_id and (game.moves or game.result)]


def _group_rounds(tournament: Any, group: Group, key: str, info: m.EventInfo,
                  parts: _Parts) -> None:
    """Every round played of a group: its boards (or team matches), when and where, games;
    and an individual group's next round to pair, with the absences entered for it."""
    build = build_snapshot(group)
    points_of = {(build.player_of[p.number], r.round): r.points
                 for p in build.snapshot.players for r in p.rounds}
    names = _TeamNames.of(group) if system_of(group).team else None
    for round_ in group.rounds_played:
        sitting_out: tuple[m.SittingOut, ...] = ()
        missing: tuple[m.SittingOut, ...] = ()
        off_board: tuple[tuple[int, int], ...] = ()
        if names is not None:
            boards, byes = _team_boards(group, round_, names)
            missing = _team_missing(group, round_.number)
        else:
            boards, byes = _player_boards(tournament, group, round_, points_of), []
            sitting_out = _sitting_out(group, round_.number, boards, points_of)
            off_board = _off_board_points(group, round_.number, boards, points_of)
        when = next((item for wanted in (key, "") for item in info.schedule
                     if item.round == round_.number and item.group == wanted), None)
        parts.rounds.append(m.Round(
            key, round_.number, tuple(boards), date_text=when.when if when else "",
            room=when.room if when else "",
            day=round_.paired_at.date() if round_.paired_at else None,
            report=tuple(str(line) for line in round_.report or ()), team_byes=tuple(byes),
            sitting_out=sitting_out, team_missing=missing, off_board_points=off_board))
        parts.games += _round_games(key, round_)
    upcoming = len(group.rounds_played) + 1
    if names is None and upcoming <= group.rounds:  # absences entered for the next round
        parts.ahead.append(m.RoundAhead(key, upcoming, _sitting_out(group, upcoming, [], {})))


def _group_rankings(session: Session, group: Group, key: str, provisional: bool,
                    parts: _Parts, shared: GroupStandings) -> None:
    """A knockout's places and bracket, or a ranked group's standings, sub-rankings, awards
    and the standings after each round."""
    system = system_of(group)
    if system.bracket:
        if len(group.teams if system.team else group.players) >= 2:
            places = knockout_standings(group)
            # the places the bracket gives (huazhi 六、(三)5): teams', or players' (淘汰赛名次)
            parts.team_tables.append(m.TeamStandings(
                title=group.name, columns=(m.TieBreakColumn("wins", "胜场"),),
                rows=tuple(m.TeamRow(r.place, r.player.name, (r.points,),
                                     members=_team_members(group, r.player.id),
                                     note=wording.standing_note(r.player.withdrawn_from,
                                                                r.award, lots_path=r.lots_path),
                                     prize=wording.prize_text(r.award))
                           for r in places.rows),
                group=key, final=places.final,
                heading=f"{group.name} {'团体名次' if system.team else '淘汰赛名次'}",
                entrant="代表队" if system.team else "姓名",
            ))
            parts.awards += _awards(places, group, group.name, provisional)
            parts.brackets.append(_bracket(group))
            if not system.team:  # its crosstable's rows, as the command line's
                parts.bracket_orders.append(_bracket_order(session, group))
        return
    if system is System.TEAM_SWISS:
        _team_swiss_table(group, key, provisional, parts)
        return
    if system is System.CROSS_GROUP:  # ranks nobody: who goes on (出线)
        _qualifiers(group, key, parts)
        return
    if not system.ranked_by_points or not group.players:
        return
    table, shown = _standings(session, group, shared)
    parts.standings.append(table)
    parts.awards += _awards(shown, group, group.name, provisional)
    for spec in settings_of(group).subrankings:
        sub, sub_shown = _standings(session, group, **subranking_options(spec))
        parts.subs.append(replace(sub, parent=table.title))
        parts.awards += _awards(sub_shown, group, spec.name, provisional)
    parts.progress += [_standings_after(group, number) for number in range(1, table.after_round)]


def _bracket_order(session: Session, group: Group) -> m.Standings:
    """An individual knockout's players in the order of its places for its crosstable
    (`ranking.in_bracket_order`, huazhi 六、(三)5): each with the place decided (0 while
    open) and the points its crosstable adds up."""
    info = in_bracket_order(group, compute_standings(session, group)[0])
    rows = tuple(m.StandingRow(rank=row.place, player=row.player.id, points=row.points)
                 for row in info.rows)
    return m.Standings(_key(group), group.name, (), rows, final=info.final)


def _qualifiers(group: Group, key: str, parts: _Parts) -> None:
    """The cross-group round's 出线名单 once it is paired (huazhi 五、(二), 五、(三)2): each
    match, the teams with their lists' places, the score and who goes on."""
    from app.services.cross_group import group_outcome

    outcome = group_outcome(group)
    if not outcome.paired:
        return
    parts.qualifiers.append(m.Qualifiers(key, group.name, tuple(
        m.QualifierMatch(match.number, match.first.name, match.second.name,
                         match.first.source, match.first.rank, match.second.source,
                         match.second.rank, match.score,
                         match.qualified.name if match.qualified else "")
        for match in outcome.matches)))


def _team_swiss_table(group: Group, key: str, provisional: bool, parts: _Parts) -> None:
    """A Team Swiss group's standings (FIDE C.04.6, C.07) as a team table: the primary score
    (场分 or 局分, as its heading says), the chain, each team with its members by board and
    its withdrawal (退赛) noted; its crosstable; its awards."""
    from app.services.ranking import team_swiss_standings

    info = team_swiss_standings(group)
    if not info.rows:
        return
    parts.team_tables.append(m.TeamStandings(
        title=group.name, heading=f"{group.name} 团体名次", group=key, final=info.final,
        columns=(m.TieBreakColumn("points", wording.points_header(info.primary)),
                 *(m.TieBreakColumn(name, label) for name, label in info.columns)),
        rows=tuple(m.TeamRow(r.place, r.player.name, (r.points, *r.tiebreaks),
                             members=_team_members(group, r.player.id), shared=r.shared,
                             note=wording.standing_note(r.player.withdrawn_from,
                                                        r.award),
                             prize=wording.prize_text(r.award))
                   for r in info.rows),
        legend=wording.legend_texts(info.legend)))
    parts.team_tables.append(_team_crosstable(group, key))
    parts.awards += _awards(info, group, group.name, provisional)


def _team_crosstable(group: Group, key: str) -> m.TeamStandings:
    """The team crosstable (团体交叉表): the teams in standings order, one column per round
    (opponent, side, match result, game points), then their match and game points."""
    from app.pairing.team_swiss import PrimaryScore
    from app.services.team_crosstable import team_crosstable

    table = team_crosstable(group)
    return m.TeamStandings(
        title=group.name, heading=f"{group.name} 团体交叉表", group=key, final=table.final,
        columns=(*(m.TieBreakColumn(f"R{k}", f"第{k}轮") for k in range(1, table.rounds + 1)),
                 m.TieBreakColumn("match_points", wording.points_header(PrimaryScore.MATCH)),
                 m.TieBreakColumn("game_points", wording.points_header(PrimaryScore.GAME))),
        rows=tuple(m.TeamRow(
            r.place, f"{r.row}. {r.team.name}",
            (*wording.team_cross_cells(r.cells, r.team.withdrawn_from, table.rounds),
             r.match_points, r.game_points),
            shared=r.shared, note=wording.withdrawn_text(r.team.withdrawn_from))
            for r in table.rows),
        legend=(wording.team_cross_legend(),))


def _team_rankings(session: Session, shared: GroupStandings, parts: _Parts, provisional: bool,
                   seen: TeamRankingsSeen | None) -> None:
    """The event's team rankings, over the groups' standings `shared` with the sheets, each
    member with their points (or place); `seen` is handed them as worked out."""
    results = _member_results(parts.players, parts.standings)
    infos = team_standings_of(session, shared)
    if seen is not None:
        seen(infos)
    for team_info in infos:
        by_place = team_info.method is TeamMethod.BEST_PLACES

        def member(team: str, name: str, by_place: bool = by_place) -> str:
            points, place = results.get((team, name), ("", ""))
            if by_place:
                return f"{name}（第{place}名）" if place else name
            return f"{name}（{points}分）" if points else name

        parts.team_tables.append(m.TeamStandings(
            title=team_info.name,
            columns=(m.TieBreakColumn("total", wording.team_total_label(team_info.method)),
                     *(m.TieBreakColumn(f"chain{k}", wording.team_criterion(key, label))
                       for k, (key, label) in enumerate(team_info.columns))),
            rows=tuple(m.TeamRow(row.place or 0, row.team,
                                 (row.total, *row.values) if row.total is not None
                                 else ("", *("" for _ in team_info.columns)),
                                 members=tuple(member(row.team, x) for x in row.members),
                                 shared=row.shared,
                                 note=wording.team_row_note(row.note, row.award),
                                 prize=wording.prize_text(row.award))
                       for row in team_info.rows),
            final=team_info.final, legend=wording.legend_texts(team_info.legend),
        ))
        parts.awards += team_awards(team_info, provisional)


def _load_event(session: Session) -> None:
    """Every group with its players, rounds, boards, games and teams, in a few queries (one
    per level), before the model reads them: board by board they were some 750 queries for
    a 150-player event, half the time of building the model. Kept in the session's `info`
    while it lasts: the session holds what it loaded only while something refers to it."""
    from sqlalchemy.orm import selectinload

    from app.store.models import BoardRow, Player, Round, Team

    session.info["export_loaded"] = list(session.scalars(select(Group).options(
        selectinload(Group.players).selectinload(Player.absences),
        selectinload(Group.rounds_played).selectinload(Round.boards)
        .selectinload(BoardRow.games),
        selectinload(Group.teams).selectinload(Team.members),
    )))


def build_model(event: Event, provisional: bool = False,
                team_rankings_seen: TeamRankingsSeen | None = None) -> m.ExportModel:
    """Everything an export prints, read from the event in one session. Awards (certificates,
    award list, grade titles) of a ranking that is not final are left out unless
    `provisional`; then they are marked 临时（非最终）. `team_rankings_seen`: handed the
    event's team rankings (`team_standings`) as the model works them out (the export
    command says which ties the regulation leaves open), not worked out again for it."""
    parts = _Parts()
    with event.reading() as session:
        shared = GroupStandings(session)  # each group's standings: its sheets, team rankings
        tournament = Event.tournament(session)
        _load_event(session)
        groups = list(tournament.groups)
        info = _event_info(tournament, {g.name: _key(g) for g in groups})
        for group in groups:
            key = _key(group)
            parts.playoffs += playoff_records(session, group, key)
            parts.groups.append(replace(
                _model_group(group),
                forfeits_meet=settings_of(group).forfeit_counts_as_meeting,
                unit_avoidance_rounds=settings_of(group).same_unit_avoidance_rounds,
                game_settings=game_settings(group),
            ))
            parts.players += _group_players(group, key, build_snapshot(group).number_of)
            _group_rounds(tournament, group, key, info, parts)
            parts.playoff_games += _playoff_games(session, group, key)
            parts.members += [(mb.player_id, t.name, mb.board_order) for t in group.teams
                              for mb in t.members]
            parts.sources += [(key, t.name, t.source) for t in group.teams if t.source]
            _group_rankings(session, group, key, provisional, parts, shared)
        _team_rankings(session, shared, parts, provisional, team_rankings_seen)
    return m.ExportModel(
        event=info, groups=tuple(parts.groups), players=tuple(parts.players),
        rounds=tuple(parts.rounds), standings=tuple(parts.standings),
        sub_rankings=tuple(parts.subs), team_standings=tuple(parts.team_tables),
        awards=tuple(parts.awards), games=tuple(parts.games), playoffs=tuple(parts.playoffs),
        playoff_games=tuple(parts.playoff_games), progress_standings=tuple(parts.progress),
        brackets=tuple(parts.brackets), bracket_orders=tuple(parts.bracket_orders),
        team_members=tuple(parts.members),
        team_sources=tuple(parts.sources), rounds_ahead=tuple(parts.ahead),
        qualifiers=tuple(parts.qualifiers),
    )


def export_documents(event: Event, *, pdf: bool = True, xlsx: bool = True,
                     federation: bool = True, provisional: bool = False) -> list[str]:
    """The names of the documents an export of the event writes (for choosing one)."""
    return document_labels(build_model(event, provisional), pdf, xlsx, federation)


def export(event: Event, out_dir: str | Path, *, pdf: bool = True, xlsx: bool = True,
           federation: bool = True, progress: Progress | None = None,
           provisional: bool = False, overwrite: bool = False,
           only: Collection[str] | None = None,
           team_rankings_seen: TeamRankingsSeen | None = None) -> list[Path]:
    """Write the chosen exports of the whole event; returns the files. Into `out_dir` when it
    is empty (or `overwrite`), else into a new dated folder inside it (`export_folder`).
    `provisional`: also print the awards of rankings that are not final, marked 临时.
    `only`: just these documents (names as `export_documents` gives them).
    `team_rankings_seen`: as `build_model` takes it."""
    # An event that cannot be exported is refused first.
    model = build_model(event, provisional, team_rankings_seen)
    if only is not None:  # an unknown document is refused before anything is written
        check_documents(document_labels(model, pdf, xlsx, federation), only)
    folder = export_folder(out_dir, overwrite)
    out_dir = folder
    check_name_fits(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise file_error(error, str(folder), "无法创建输出文件夹", "cannot create the output "
                         "folder") from None
    if not event.store.read_only:  # a read-only event cannot change: nothing to snapshot
        take_snapshot(event.store, "导出前 / before export")
    return export_all(model, Path(out_dir), pdf=pdf, xlsx=xlsx, federation=federation,
                      progress=progress, only=only)


def write_result_slips(event: Event, group: str, round_number: int, path: str | Path) -> Path:
    """The result slips (成绩记录单) of one round into `path`, as the export writes them (the
    window's print of the round's slips): one slip per board, byes left out."""
    model = build_model(event)
    key = next((g.key for g in model.groups if g.name == group), None)
    if key is None:
        raise UserError(f"没有组别“{group}”", f"no group “{group}”", "group")
    if all(r.number != round_number for r in model.rounds_of(key)):
        raise UserError(f"{group} 第{round_number}轮尚未编排", f"round {round_number} of "
                        f"{group} is not paired yet", "round")
    target = Path(path)
    check_name_fits(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        return pdf_slips.write_result_slips(model, key, round_number, target)
    except OSError as error:
        raise file_error(error, str(target), "无法写入成绩记录单", "cannot write the result "
                         "slips") from None
