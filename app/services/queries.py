"""Read-only views of an event for the window and the command line (plain frozen data)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from app.errors import UserError
from app.group_settings import GroupSettings
from app.pairing.system import System
from app.rules.endings import Ending
from app.services.event import Event, settings_of
from app.store.models import BoardRow, Game, Group, Player, Round


@dataclass(frozen=True)
class GroupInfo:
    id: int
    name: str
    rule_set: str
    opening: str
    fifth_move_offers: int
    time_control: str
    system: System
    rounds: int
    games_per_round: int
    points: dict[str, Any]
    tiebreaks: tuple[str, ...]
    unplayed_policy: str
    prizes: tuple[Any, ...]
    grade_titles: tuple[Any, ...]
    eligibility: dict[str, Any]
    settings: GroupSettings  # every setting, typed (the columns above are the same values)
    player_count: int
    rounds_paired: int
    rounds_complete: int


@dataclass(frozen=True)
class EventInfo:
    title: str
    organisers: str
    venue: str
    start_date: dt.date | None
    end_date: dt.date | None
    preset: str
    settings: dict[str, Any]
    groups: tuple[GroupInfo, ...]


@dataclass(frozen=True)
class PlayerInfo:
    id: int
    group: str
    name: str
    gender: str
    birth_date: dt.date | None
    id_number: str
    unit: str
    platform_id: str
    source: str
    qualifier_rank: int | None
    qualifier_points: int | None
    grade: str
    status: str
    withdrawn_from_round: int | None
    entered_round: int
    seed: int
    phone: str
    absences: dict[int, str]
    version: int = 0  # for edits that must not overwrite another station's change
    changed_by: str = ""


@dataclass(frozen=True)
class PlayerRef:
    id: int
    name: str
    unit: str
    number: int  # pairing number in the group (seed order), 0 when not known


@dataclass(frozen=True)
class GameInfo:
    id: int
    index: int
    black: PlayerRef | None
    white: PlayerRef | None
    result: str
    ending: Ending | None
    moves: str
    opening: str


@dataclass(frozen=True)
class BoardInfo:
    number: int
    first: PlayerRef | None
    second: PlayerRef | None
    result: str
    games: tuple[GameInfo, ...]
    label: str
    first_team: str = ""  # team matches: the first-named team (先行方)
    second_team: str = ""


@dataclass(frozen=True)
class RoundInfo:
    group: str
    number: int
    boards: tuple[BoardInfo, ...]
    report: tuple[str, ...]
    complete: bool


def system_of(group: Group) -> System:
    """The group's competition system (the event file stores its value)."""
    return System.of(group.system, f"组别 {group.name}")


def round_is_complete(round_: Round) -> bool:
    return all(board.result for board in round_.boards)


def group_info(group: Group) -> GroupInfo:
    rounds = list(group.rounds_played)
    return GroupInfo(
        id=group.id,
        name=group.name,
        rule_set=group.rule_set,
        opening=group.opening,
        fifth_move_offers=group.fifth_move_offers,
        time_control=group.time_control,
        system=system_of(group),
        rounds=group.rounds,
        games_per_round=group.games_per_round,
        points=dict(group.points),
        tiebreaks=tuple(group.tiebreaks),
        unplayed_policy=group.unplayed_policy,
        prizes=tuple(group.prizes),
        grade_titles=tuple(group.grade_titles),
        eligibility=dict(group.eligibility),
        settings=settings_of(group),
        player_count=len(group.players),
        rounds_paired=len(rounds),
        rounds_complete=sum(1 for r in rounds if round_is_complete(r)),
    )


def event_info(event: Event) -> EventInfo:
    with event.reading() as session:
        tournament = Event.tournament(session)
        return EventInfo(
            title=tournament.title,
            organisers=tournament.organisers,
            venue=tournament.venue,
            start_date=tournament.start_date,
            end_date=tournament.end_date,
            preset=tournament.preset,
            settings=dict(tournament.settings),
            groups=tuple(group_info(g) for g in tournament.groups),
        )


def player_info(player: Player) -> PlayerInfo:
    return PlayerInfo(
        id=player.id,
        group=player.group.name,
        name=player.name,
        gender=player.gender,
        birth_date=player.birth_date,
        id_number=player.id_number,
        unit=player.unit,
        platform_id=player.platform_id,
        source=player.source,
        qualifier_rank=player.qualifier_rank,
        qualifier_points=player.qualifier_points,
        grade=player.grade,
        status=player.status,
        withdrawn_from_round=player.withdrawn_from_round,
        entered_round=player.entered_round,
        seed=player.seed,
        phone=player.phone,
        absences={a.round_number: a.kind for a in player.absences},
        version=player.version,
        changed_by=player.changed_by,
    )


def seeded_players(group: Group) -> list[Player]:
    """The group's players in pairing-number order (seed, then registration order)."""
    return sorted(group.players, key=lambda p: (p.seed, p.id))


def pairing_numbers(group: Group) -> dict[int, int]:
    """Player id -> pairing number (1 = top seed)."""
    return {p.id: n for n, p in enumerate(seeded_players(group), start=1)}


def players(event: Event, group: str | None = None) -> list[PlayerInfo]:
    with event.reading() as session:
        if group is None:
            rows = session.scalars(select(Player).join(Group).order_by(Group.position, Player.seed,
                                                                       Player.id))
            return [player_info(p) for p in rows]
        found = Event.group(session, group)
        return [player_info(p) for p in seeded_players(found)]


def _ref(player: Player | None, numbers: dict[int, int]) -> PlayerRef | None:
    if player is None:
        return None
    return PlayerRef(player.id, player.name, player.unit, numbers.get(player.id, 0))


def find_round(session: Session, group: Group, number: int) -> Round:
    for round_ in group.rounds_played:
        if round_.number == number:
            return round_
    raise UserError(
        f"组别“{group.name}”没有第{number}轮",
        f"group '{group.name}' has no round {number}",
        "round",
    )


def find_board(round_: Round, number: int) -> BoardRow:
    for board in round_.boards:
        if board.number == number:
            return board
    raise UserError(
        f"第{round_.number}轮没有第{number}台",
        f"round {round_.number} has no board {number}",
        "board",
    )


def game_info(game: Game, session: Session, numbers: dict[int, int]) -> GameInfo:
    black = session.get(Player, game.black_player_id) if game.black_player_id else None
    white = session.get(Player, game.white_player_id) if game.white_player_id else None
    return GameInfo(
        id=game.id,
        index=game.index,
        black=_ref(black, numbers),
        white=_ref(white, numbers),
        result=game.result,
        ending=Ending.stored(game.ending),
        moves=game.moves,
        opening=game.opening,
    )


def round_info(session: Session, group: Group, round_: Round) -> RoundInfo:
    numbers = pairing_numbers(group)
    teams = {t.id: t.name for t in group.teams}
    boards = tuple(
        BoardInfo(
            number=b.number,
            first=_ref(b.first_player, numbers),
            second=_ref(b.second_player, numbers),
            result=b.result,
            games=tuple(game_info(g, session, numbers) for g in b.games),
            label=b.label,
            first_team=teams.get(b.first_team_id, "") if b.first_team_id else "",
            second_team=teams.get(b.second_team_id, "") if b.second_team_id else "",
        )
        for b in round_.boards
    )
    return RoundInfo(
        group=group.name,
        number=round_.number,
        boards=boards,
        report=tuple(str(line) for line in round_.report),
        complete=round_is_complete(round_),
    )


def round_view(event: Event, group: str | None, number: int) -> RoundInfo:
    with event.reading() as session:
        found = Event.group(session, group)
        return round_info(session, found, find_round(session, found, number))
