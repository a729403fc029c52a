"""Exports of an event: the plain export model filled from the event file, then the PDFs,
the workbook and the federation package written by `app.exports` (打印与导出).

A snapshot of the event is taken before each export, as for pairings and playoffs.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.exports import model as m
from app.exports.bundle import export_all
from app.rules.board import format_point
from app.rules.endings import Ending
from app.rules.records import read_moves
from app.services.event import Event, settings_of
from app.services.games import game_settings
from app.services.playoffs import playoff_records
from app.services.queries import system_of
from app.services.ranking import (
    compute_standings,
    knockout_standings,
    planned_rounds,
    ranking_awards,
    subranking_options,
    team_awards,
    team_standings,
)
from app.services.snapshot import build_snapshot
from app.services.venue import board_slip_codes
from app.store.files import check_name_fits, file_error
from app.store.models import Group, Playoff
from app.store.snapshots import take_snapshot

Progress = Callable[[int, int, str], None]

RULES_ZH = {"renju": "专业规则（禁手）", "free": "大众规则（无禁手）", "gomoku": "标准五子棋"}
GENDER_ZH = {"M": "男", "F": "女"}


def _key(group: Group) -> str:
    return f"g{group.id}"


def _scaled_column(values: list[Fraction]) -> tuple[int, list[int]]:
    """A column of tie-break values as integers with one scale (halves -> scale 2)."""
    scale = math.lcm(*(v.denominator for v in values)) if values else 1
    return scale, [int(v * scale) for v in values]


def _standings(session: Session, group: Group, **options: Any) -> tuple[m.Standings, object]:
    """A ranking as the export model prints it; `options` as `compute_standings` takes them."""
    info, plain = compute_standings(session, group, **options)
    by_number = {row.number: row for row in plain.rows}
    columns = []
    scaled_rows: list[list[int]] = [[] for _ in info.rows]
    for k, (name, label) in enumerate(info.columns):
        values = [by_number[row.player.number].tiebreaks[k] for row in info.rows]
        scale, ints = _scaled_column(values)
        columns.append(m.TieBreakColumn(name, label, scale))
        for i, value in enumerate(ints):
            scaled_rows[i].append(value)
    rows = tuple(
        m.StandingRow(rank=row.place, player=row.player.id, points=row.points,
                      tiebreaks=tuple(scaled_rows[i]), shared=row.shared,
                      playoff=row.playoff_mark, open_rank=row.open_place)
        for i, row in enumerate(info.rows)
    )
    return (m.Standings(_key(group), info.name, tuple(columns), rows, final=info.final,
                        after_round=info.rounds_complete, legend=info.legend), info)


def _awards(info: object, group: Group, ranking: str, provisional: bool) -> list[m.Award]:
    return ranking_awards(info, _key(group), ranking, system_of(group).team,
                          provisional)


def _playoff_games(session: Session, group: Group, key: str) -> list[m.Game]:
    """The playoff (加赛) games of a group with a result or moves, as export games."""
    found = session.scalars(select(Playoff).where(Playoff.group_id == group.id)
                            .order_by(Playoff.id)).all()
    return [
        m.Game(group=key, round=0, board=playoff.id, black=game.black_player_id,
               white=game.white_player_id,
               moves=tuple(format_point(p) for p in read_moves(game.moves).moves),
               result=game.result, how_ended=Ending.stored(game.ending),
               game_no=game.index, opening=game.opening,
               actions=str((game.record or {}).get("actions", "")),
               playoff_place=playoff.place)
        for playoff in found for game in playoff.games
        if game.black_player_id and game.white_player_id and (game.moves or game.result)
    ]


def build_model(event: Event, provisional: bool = False) -> m.ExportModel:
    """Everything an export prints, read from the event in one session. Awards (certificates,
    award list, grade titles) of a ranking that is not final are left out unless
    `provisional`; then they are marked 临时（非最终）."""
    with event.reading() as session:
        tournament = Event.tournament(session)
        groups = list(tournament.groups)
        info = m.EventInfo(
            title=tournament.title,
            organisers=tuple(x for x in tournament.organisers.split("、") if x),
            venue=tournament.venue,
            start_date=tournament.start_date,
            end_date=tournament.end_date,
            venue_address=str(tournament.settings.get("venue", {}).get("address", "")),
        )
        model_groups, players, rounds, standings, subs, awards, games = [], [], [], [], [], [], []
        team_tables: list[m.TeamStandings] = []
        held_all: list[m.PlayoffRecord] = []
        playoff_games: list[m.Game] = []
        for group in groups:
            key = _key(group)
            held_all += playoff_records(session, group, key)
            model_groups.append(m.Group(
                key=key, name=group.name, system=system_of(group), rounds=planned_rounds(group),
                rules=RULES_ZH.get(group.rule_set, ""), double_game=group.games_per_round == 2,
                scale=1, points=settings_of(group).points,
                time_control=settings_of(group).time_control,
                forfeits_meet=settings_of(group).forfeit_counts_as_meeting,
                unit_avoidance_rounds=settings_of(group).same_unit_avoidance_rounds,
                game_settings=game_settings(group),
            ))
            build = build_snapshot(group)
            for player in sorted(group.players, key=lambda p: build.number_of[p.id]):
                players.append(m.Player(
                    id=player.id, name=player.name, group=key,
                    number=build.number_of[player.id], gender=GENDER_ZH.get(player.gender, ""),
                    birth_date=player.birth_date, id_number=player.id_number, unit=player.unit,
                    grade=player.grade, platform_id=player.platform_id,
                ))
            points_of = {
                (build.player_of[p.number], r.round): r.points
                for p in build.snapshot.players for r in p.rounds
            }
            system = system_of(group)
            for round_ in group.rounds_played:
                boards = []
                if system.team:
                    team_of = {m_.player_id: t.name for t in group.teams for m_ in t.members}
                    number = 0
                    for match in round_.boards:
                        for game in match.games:
                            if game.black_player_id is None:
                                continue  # a game row without its players: nothing to print
                            number += 1
                            label = (f"第{match.number}场加赛" if game.index > 3 else
                                     f"第{match.number}场{game.index}台")
                            boards.append(m.BoardResult(
                                number, game.black_player_id, game.white_player_id,
                                game.result, (Ending.stored(game.ending),), label=label,
                                first_team=team_of.get(game.black_player_id, ""),
                                second_team=team_of.get(game.white_player_id, "")
                                if game.white_player_id else ""))
                else:
                    for board in round_.boards:
                        first, second = board.first_player_id, board.second_player_id
                        if first is None:
                            continue  # an individual group's boards always hold a player
                        endings = tuple(Ending.stored(g.ending)
                                        for g in sorted(board.games, key=lambda g: g.index))
                        boards.append(m.BoardResult(
                            board.number, first, second,
                            "" if board.result == "bye" else board.result, endings,
                            points_of.get((first, round_.number)),
                            points_of.get((second, round_.number)) if second else None,
                            confirm_codes=board_slip_codes(tournament, group, round_.number,
                                                           board),
                        ))
                rounds.append(m.Round(
                    key, round_.number, tuple(boards),
                    day=round_.paired_at.date() if round_.paired_at else None,
                    report=tuple(str(line) for line in round_.report or ())))
                for board in round_.boards:
                    for game in board.games:
                        if game.black_player_id and game.white_player_id and (
                                game.moves or game.result):
                            games.append(m.Game(
                                group=key, round=round_.number, board=board.number,
                                black=game.black_player_id, white=game.white_player_id,
                                moves=tuple(format_point(p) for p in read_moves(game.moves).moves), result=game.result,
                                how_ended=Ending.stored(game.ending),
                                game_no=game.index, opening=game.opening,
                                actions=str((game.record or {}).get("actions", "")),
                            ))
            playoff_games += _playoff_games(session, group, key)
            if system.bracket:
                if len(group.teams if system.team else group.players) >= 2:
                    places = knockout_standings(group)
                    team_tables.append(m.TeamStandings(
                        title=f"{group.name} 名次", columns=(m.TieBreakColumn("wins", "胜场"),),
                        rows=tuple(m.TeamRow(r.place, r.player.name, (r.points,))
                                   for r in places.rows),
                        group=key,
                    ))
                    awards += _awards(places, group, group.name, provisional)
                continue
            if not system.ranked_by_points or not group.players:
                continue
            table, shown = _standings(session, group)
            standings.append(table)
            awards += _awards(shown, group, group.name, provisional)
            for spec in settings_of(group).subrankings:
                sub, sub_shown = _standings(session, group, **subranking_options(spec))
                subs.append(sub)
                awards += _awards(sub_shown, group, spec.name, provisional)
    for team_info in team_standings(event):
        team_tables.append(m.TeamStandings(
            title=team_info.name,
            columns=(m.TieBreakColumn("total", team_info.total_label),
                     *(m.TieBreakColumn(f"chain{k}", label)
                       for k, label in enumerate(team_info.columns))),
            rows=tuple(m.TeamRow(row.place or 0, row.team,
                                 (row.total, *(Fraction(v) for v in row.values))
                                 if row.total is not None
                                 else ("", *("" for _ in team_info.columns)),
                                 members=row.members, shared=row.shared,
                                 note=row.note)
                       for row in team_info.rows),
            final=team_info.final, legend=team_info.legend,
        ))
        awards += team_awards(team_info, provisional)
    return m.ExportModel(
        event=info, groups=tuple(model_groups), players=tuple(players), rounds=tuple(rounds),
        standings=tuple(standings), sub_rankings=tuple(subs),
        team_standings=tuple(team_tables), awards=tuple(awards), games=tuple(games),
        playoffs=tuple(held_all),
        playoff_games=tuple(playoff_games),
    )


def export(event: Event, out_dir: str | Path, *, pdf: bool = True, xlsx: bool = True,
           federation: bool = True, progress: Progress | None = None,
           provisional: bool = False) -> list[Path]:
    """Write the chosen exports of the whole event into `out_dir`; returns the files.
    `provisional`: also print the awards of rankings that are not final, marked 临时."""
    model = build_model(event, provisional)  # an event that cannot be exported is refused first
    folder = Path(out_dir)
    check_name_fits(folder)
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise file_error(error, str(folder), "无法创建输出文件夹", "cannot create the output "
                         "folder") from None
    if not event.store.read_only:  # a read-only event cannot change: nothing to snapshot
        take_snapshot(event.store, "导出前 / before export")
    return export_all(model, Path(out_dir), pdf=pdf, xlsx=xlsx, federation=federation,
                      progress=progress)
