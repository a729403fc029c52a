"""Read-only views of an event for the window and the command line (plain frozen data)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import func, inspect, select
from sqlalchemy.orm import Session, object_session

from app import wording
from app.group_settings import GroupSettings
from app.pairing.system import System
from app.pairing.types import Outcome, SitOut, on_pairing_list, sit_out_of
from app.results import BoardResult, GameResult, Side
from app.rules.endings import Ending
from app.services.event import Event, settings_of
from app.services.lookup import find_board as find_board  # where the services read it
from app.services.lookup import (
    find_round,
    planned_rounds,
    planned_rounds_of,
    seeded_players,
    system_of,
)
from app.services.lookup import withdrawn_from as withdrawn_from  # where the services read it
from app.store import codec
from app.store.models import Absence, BoardRow, Game, Group, Player, Round, Team
from app.store.session import READING

if TYPE_CHECKING:
    from app.pairing.team import MatchScore  # a team match's score: the team code loads on use


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
    team_count: int = 0  # a team group's teams (代表队)
    rounds_planned: int = 0  # the rounds it plays (a round robin's table, a bracket's depth)


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
    absences: dict[int, SitOut]  # round -> the absence entered for it (缺席, 请假)
    version: int = 0  # for edits that must not overwrite another station's change
    changed_by: str = ""
    list_title: str = ""  # the imported list's title row ("" when none or not imported)
    list_file: str = ""  # the imported list's file name ("" when not imported)
    list_row: int | None = None  # the player's row in that file


@dataclass(frozen=True)
class PlayerRef:
    id: int
    name: str
    unit: str
    number: int  # pairing number in the group (seed order), 0 when not known
    withdrawn_from: int | None = None  # 退赛: the first round no longer played (None: plays on)


@dataclass(frozen=True)
class GameInfo:
    id: int
    index: int
    black: PlayerRef | None
    white: PlayerRef | None
    result: GameResult | None  # black first, a loss on time told by the ending; None: not yet
    ending: Ending | None
    moves: str
    opening: str
    # a team match's game after its boards: the captains' playoff of a level match (主将加赛,
    # huazhi 六、(三)3), no board of the round
    playoff: bool = False


@dataclass(frozen=True)
class BoardInfo:
    number: int
    first: PlayerRef | None
    second: PlayerRef | None
    result: BoardResult | None  # the round's first-named side first; None: not in (or a bye)
    games: tuple[GameInfo, ...]
    first_team: str = ""  # team matches: the first-named team (先行方)
    second_team: str = ""
    id: int = 0  # the stored board's id (0 when not known)
    # team matches: game points each side and the captains' playoff, once every board has
    # its result (huazhi 六、(二)/(三)3); None before
    score: MatchScore | None = None
    # knockouts: the places the match decides (名次段, best and worst); None in other systems
    places: tuple[int, int] | None = None
    bye: bool = False  # the board of a bye (轮空): no opponent, no result to enter
    # a round robin: why the player seated first / second does not play the round (退赛,
    # 缺席, 请假); their board is lost by forfeit (`roundrobin.missing_player_forfeits`)
    first_missing: SitOut | None = None
    second_missing: SitOut | None = None

    def missing_words(self, lang: str = "zh") -> str:
        """The forfeit of a board held by a player who does not play the round, as the
        pairing lists say it (`王三（退赛）弃权，李四不战胜`), a knockout board neither of whose
        players came as its lots decided it (`双方均未到场，抽签决定李四晋级`); "" for any
        other board."""
        if self.first is None or self.second is None:
            return ""
        return wording.missing_forfeit_words((self.first.name, self.first_missing),
                                             (self.second.name, self.second_missing), lang,
                                             self.result)
    # a double-game round (双盘制) with its result: the points it gave each side, the
    # first-named first, in the group's units (printed after the two games: 黑胜／白胜 2:0)
    round_points: tuple[int, int] | None = None

    @property
    def done(self) -> bool:
        """The board needs nothing more: its result is in, or it is a bye's."""
        return self.bye or self.result is not None


def seat_outcome(result: BoardResult | GameResult | None, first: bool) -> Outcome | None:
    """The outcome of the player seated first (先手, black) or second on a board or on one
    game of a team match (won, drawn, lost, won or lost by forfeit; a double-game round's as
    it scores, `scoring.side_outcome`);
    None while the result is not in."""
    if result is None:
        return None
    from app.standings.scoring import side_outcome

    return side_outcome(result, Side.FIRST if first else Side.SECOND)


@dataclass(frozen=True)
class RoundInfo:
    group: str
    number: int
    boards: tuple[BoardInfo, ...]
    report: tuple[str, ...]
    complete: bool
    # players with no board whom the pairing list names, and why (请假半分, 缺席, 退赛)
    sitting_out: tuple[tuple[PlayerRef, SitOut], ...] = ()


def round_is_complete(round_: Round) -> bool:
    """Every board of the round has its result. Asked of the database when the boards are
    not loaded yet (a pending change is flushed first), rather than loading them all."""
    session = object_session(round_)
    if session is None or round_.id is None or "boards" not in inspect(round_).unloaded:
        return all(board.result for board in round_.boards)
    if session.info.get(READING) and not (session.new or session.dirty or session.deleted):
        # A reading session that changed nothing: the group's rounds asked about once.
        waiting_rounds: dict[int, frozenset[int]] = session.info.setdefault(_WAITING, {})
        if round_.group_id not in waiting_rounds:
            waiting_rounds[round_.group_id] = frozenset(session.scalars(
                select(BoardRow.round_id).distinct()
                .join(Round, BoardRow.round_id == Round.id)
                .where(Round.group_id == round_.group_id,
                       codec.waiting(BoardRow.result))))
        return round_.id not in waiting_rounds[round_.group_id]
    waiting = session.scalar(select(BoardRow.id).where(
        BoardRow.round_id == round_.id,
        codec.waiting(BoardRow.result)).limit(1))
    return waiting is None


_WAITING = "gomoku_rounds_waiting"  # in a reading session's info: group -> rounds not complete


@dataclass(frozen=True)
class _Counts:
    players: int
    rounds_paired: int
    rounds_complete: int
    teams: int = 0


def _counts(group: Group) -> _Counts:
    """How many players, paired rounds and complete rounds the group has: counted by the
    database when the group is in a session (a pending change is flushed first), rather
    than by loading every player, round and board."""
    session = object_session(group)
    if session is None or group.id is None:
        rounds = list(group.rounds_played)
        return _Counts(len(group.players), len(rounds),
                       sum(1 for r in rounds if round_is_complete(r)), len(group.teams))
    return _all_counts(session, group.id).get(group.id, _Counts(0, 0, 0))


def _all_counts(session: Session, group_id: int | None = None) -> dict[int, _Counts]:
    """`_counts` of every group (or of one), in four queries."""
    players = select(Player.group_id, func.count(Player.id)).group_by(Player.group_id)
    teams = select(Team.group_id, func.count(Team.id)).group_by(Team.group_id)
    paired = select(Round.group_id, func.count(Round.id)).group_by(Round.group_id)
    # A round is complete when none of its boards lacks a result (as `round_is_complete`).
    waiting = (select(Round.group_id, func.count(func.distinct(BoardRow.round_id)))
               .join(Round, BoardRow.round_id == Round.id)
               .where(codec.waiting(BoardRow.result))
               .group_by(Round.group_id))
    if group_id is not None:
        players = players.where(Player.group_id == group_id)
        teams = teams.where(Team.group_id == group_id)
        paired = paired.where(Round.group_id == group_id)
        waiting = waiting.where(Round.group_id == group_id)
    player_counts = {gid: n for gid, n in session.execute(players)}
    paired_counts = {gid: n for gid, n in session.execute(paired)}
    waiting_counts = {gid: n for gid, n in session.execute(waiting)}
    team_counts = {gid: n for gid, n in session.execute(teams)}
    return {gid: _Counts(player_counts.get(gid, 0), paired_counts.get(gid, 0),
                         paired_counts.get(gid, 0) - waiting_counts.get(gid, 0),
                         team_counts.get(gid, 0))
            for gid in {*player_counts, *paired_counts}}


def group_info(group: Group, counts: _Counts | None = None) -> GroupInfo:
    counts = counts if counts is not None else _counts(group)
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
        player_count=counts.players,
        rounds_paired=counts.rounds_paired,
        rounds_complete=counts.rounds_complete,
        team_count=counts.teams,
        rounds_planned=_rounds_planned(group, counts),
    )


def _rounds_planned(group: Group, counts: _Counts) -> int:
    """`planned_rounds` with the group's entrants counted already; a round robin counts the
    players of its Berger table (`table_players`: not one withdrawn before round 1), an
    knockout those of its bracket (`bracket_players`, `bracket_teams`, likewise)."""
    system = system_of(group)
    if system.round_robin or system.bracket:
        return planned_rounds(group)
    return planned_rounds_of(group, counts.teams if system.team else counts.players)


def event_info(event: Event) -> EventInfo:
    with event.reading() as session:
        tournament = Event.tournament(session)
        counts = _all_counts(session)
        return EventInfo(
            title=tournament.title,
            organisers=tournament.organisers,
            venue=tournament.venue,
            start_date=tournament.start_date,
            end_date=tournament.end_date,
            preset=tournament.preset,
            settings=dict(tournament.settings),
            groups=tuple(group_info(g, counts.get(g.id, _Counts(0, 0, 0)))
                         for g in tournament.groups),
        )


def player_info(player: Player, absences: dict[int, SitOut] | None = None) -> PlayerInfo:
    """The player as the views show them; `absences` (round -> kind) when already read."""
    from app.imports.model import LIST_FILE, LIST_ROW, LIST_TITLE  # only the player views

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
        absences=dict(absences) if absences is not None else {
            a.round_number: SitOut(a.kind) for a in player.absences},
        version=player.version,
        changed_by=player.changed_by,
        list_title=str(player.notes.get(LIST_TITLE, "")),
        list_file=str(player.notes.get(LIST_FILE, "")),
        list_row=_whole_number(player.notes.get(LIST_ROW)),
    )


def _whole_number(value: object) -> int | None:
    """A row number kept in the notes (JSON), None when absent or not a whole number."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def pairing_numbers(group: Group) -> dict[int, int]:
    """Player id -> pairing number (1 = top seed)."""
    return {p.id: n for n, p in enumerate(seeded_players(group), start=1)}


def _absences(session: Session, group: Group | None) -> dict[int, dict[int, SitOut]]:
    """Player id -> round -> kind of absence, for the group's players (every group's with
    None), in one query."""
    query = select(Absence.player_id, Absence.round_number, Absence.kind)
    if group is not None:
        query = query.join(Player, Absence.player_id == Player.id).where(
            Player.group_id == group.id)
    found: dict[int, dict[int, SitOut]] = {}
    for player_id, round_number, kind in session.execute(query):
        found.setdefault(player_id, {})[round_number] = SitOut(kind)
    return found


def players(event: Event, group: str | None = None) -> list[PlayerInfo]:
    with event.reading() as session:
        if group is None:
            list(session.scalars(select(Group)))  # each player's group, from the session
            absences = _absences(session, None)
            rows = session.scalars(select(Player).join(Group).order_by(
                Group.position, Player.seed, Player.id))
            return [player_info(p, absences.get(p.id, {})) for p in rows]
        found = Event.group(session, group)
        absences = _absences(session, found)
        rows = session.scalars(select(Player).where(Player.group_id == found.id)
                               .order_by(Player.seed, Player.id))
        return [player_info(p, absences.get(p.id, {})) for p in rows]


def _ref(player: Player | None, numbers: dict[int, int]) -> PlayerRef | None:
    if player is None:
        return None
    return PlayerRef(player.id, player.name, player.unit, numbers.get(player.id, 0))


def game_info(game: Game, session: Session, numbers: dict[int, int],
              match_boards: int | None = None) -> GameInfo:
    """A stored game as shown; `match_boards`: a team match's boards, the games after which
    are its captains' playoff."""
    black = session.get(Player, game.black_player_id) if game.black_player_id else None
    white = session.get(Player, game.white_player_id) if game.white_player_id else None
    return GameInfo(
        id=game.id,
        index=game.index,
        black=_ref(black, numbers),
        white=_ref(white, numbers),
        result=codec.game_result(game.result, game.ending),
        ending=Ending.stored(game.ending),
        moves=game.moves,
        opening=game.opening,
        playoff=match_boards is not None and game.index > match_boards,
    )


def match_boards(group: Group) -> int | None:
    """A team group's boards of a match (分台定人制, huazhi 六、(三)3): a game of a match past
    them is its captains' playoff; None for a group of players."""
    return settings_of(group).team.boards if system_of(group).team else None


def match_facts(group: Group, round_number: int
                ) -> tuple[dict[int, MatchScore], dict[int, tuple[int, int]]]:
    """What the rules say of each match of a round, by match: the team match scores, the
    places a knockout match decides (`app.services.knockout`); none in another group, whose
    pairing or result loads no knockout or Team Swiss code for them."""
    system = system_of(group)
    if not (system.team or system.bracket):
        return {}, {}
    from app.services.knockout import round_places, round_scores

    return round_scores(group, round_number), round_places(group, round_number)


def round_points_of(group: Group, result: BoardResult | None) -> tuple[int, int] | None:
    """The points a double-game round's result gave its two players (the core's
    `scoring.double_round_scores`), in the group's units; None in a single-game group or
    while the result is not in."""
    if result is None or not result.double:
        return None
    from app.standings.scoring import double_round_scores

    return double_round_scores(result, settings_of(group).points)


def round_info(session: Session, group: Group, round_: Round) -> RoundInfo:
    numbers = pairing_numbers(group)
    scores, places = match_facts(group, round_.number)
    teams = {t.id: t.name for t in group.teams}
    double = group.games_per_round == 2
    boards_of_match = match_boards(group)
    away = not_playing(session, group.players, round_.number)
    missing = seated_missing(group, away)
    boards = tuple(
        BoardInfo(
            number=b.number,
            first=_ref(b.first_player, numbers),
            second=_ref(b.second_player, numbers),
            result=codec.board_result(b.result, double, b.label),
            games=tuple(game_info(g, session, numbers, boards_of_match) for g in b.games),
            first_team=teams.get(b.first_team_id, "") if b.first_team_id else "",
            second_team=teams.get(b.second_team_id, "") if b.second_team_id else "",
            id=b.id,
            score=scores.get(b.number),
            places=places.get(b.number),
            bye=codec.is_bye(b.result),
            first_missing=missing.get(b.first_player_id or 0),
            second_missing=missing.get(b.second_player_id or 0),
            round_points=round_points_of(group, codec.board_result(b.result, double, b.label)),
        )
        for b in round_.boards
    )
    return RoundInfo(
        group=group.name,
        number=round_.number,
        boards=boards,
        report=tuple(str(line) for line in round_.report),
        complete=round_is_complete(round_),
        sitting_out=() if system_of(group).team else _sitting_out(
            away, {p.id: PlayerRef(p.id, p.name, p.unit, numbers.get(p.id, 0))
                   for p in group.players}, boards, round_.number),
    )


def _round_from_rows(session: Session, group: Group, number: int) -> RoundInfo:
    """Round `number` as `round_info` shows it, read as plain rows in a few queries (the
    round, the group's players, its teams, the boards, their games) rather than as objects."""
    found = session.execute(select(Round.id, Round.number, Round.report).where(
        Round.group_id == group.id, Round.number == number)).first()
    if found is None:
        find_round(session, group, number)  # its refusal, worded once
        raise AssertionError("find_round refuses a round it cannot find")
    players = session.execute(select(Player.id, Player.name, Player.unit, Player.seed,
                                     Player.status, Player.withdrawn_from_round,
                                     Player.entered_round)
                              .where(Player.group_id == group.id)).all()
    numbers = {row.id: n for n, row in enumerate(sorted(players, key=lambda r: (r.seed, r.id)),
                                                 start=1)}
    refs = {row.id: PlayerRef(row.id, row.name, row.unit, numbers[row.id]) for row in players}

    def ref(player_id: int | None) -> PlayerRef | None:
        if player_id is None:
            return None
        if player_id not in refs:  # not of this group: named as the game stores it
            other = session.get(Player, player_id)
            return _ref(other, numbers)
        return refs[player_id]

    teams = {t.id: t.name for t in session.execute(
        select(Team.id, Team.name).where(Team.group_id == group.id))}
    scores, places = match_facts(group, number)
    away = not_playing(session, players, number)
    missing = seated_missing(group, away)
    boards_of_match = match_boards(group)
    games: dict[int, list[GameInfo]] = {}
    for g in session.execute(
            select(Game.id, Game.board_id, Game.index.label("game_index"), Game.black_player_id,
                   Game.white_player_id, Game.result, Game.ending, Game.moves, Game.opening)
            .join(BoardRow, Game.board_id == BoardRow.id)
            .where(BoardRow.round_id == found.id).order_by(Game.board_id, Game.index)):
        games.setdefault(g.board_id, []).append(GameInfo(
            id=g.id, index=g.game_index, black=ref(g.black_player_id), white=ref(g.white_player_id),
            result=codec.game_result(g.result, g.ending), ending=Ending.stored(g.ending),
            moves=g.moves, opening=g.opening,
            playoff=boards_of_match is not None and g.game_index > boards_of_match))
    double = group.games_per_round == 2
    boards = tuple(
        BoardInfo(
            number=b.number,
            first=ref(b.first_player_id),
            second=ref(b.second_player_id),
            result=codec.board_result(b.result, double, b.label),
            games=tuple(games.get(b.id, ())),
            first_team=teams.get(b.first_team_id, "") if b.first_team_id else "",
            second_team=teams.get(b.second_team_id, "") if b.second_team_id else "",
            id=b.id,
            score=scores.get(b.number),
            places=places.get(b.number),
            bye=codec.is_bye(b.result),
            first_missing=missing.get(b.first_player_id or 0),
            second_missing=missing.get(b.second_player_id or 0),
            round_points=round_points_of(group, codec.board_result(b.result, double, b.label)),
        )
        for b in session.execute(
            select(BoardRow.id, BoardRow.number, BoardRow.first_player_id,
                   BoardRow.second_player_id, BoardRow.result, BoardRow.label,
                   BoardRow.first_team_id, BoardRow.second_team_id)
            .where(BoardRow.round_id == found.id).order_by(BoardRow.number))
    )
    return RoundInfo(
        group=group.name,
        number=found.number,
        boards=boards,
        report=tuple(str(line) for line in (found.report or ())),
        complete=all(b.done for b in boards),
        sitting_out=() if system_of(group).team else _sitting_out(away, refs, boards,
                                                                   found.number),
    )


def not_playing(session: Session, players: Sequence[Any], number: int
                 ) -> dict[int, tuple[SitOut, int | None]]:
    """The players who do not play round `number`, with why and the round a withdrawn one
    left from; `players` as objects or as plain rows (id, status, withdrawn_from_round,
    entered_round), their absences asked in one query."""
    ids = [row.id for row in players]
    absences = dict(session.execute(
        select(Absence.player_id, Absence.kind).where(
            Absence.round_number == number, Absence.player_id.in_(ids))).all()) if ids else {}
    away = {}
    for row in players:
        gone = withdrawn_from(row)
        why = sit_out_of(number, row.entered_round, gone, absences.get(row.id))
        if why is not None:
            away[row.id] = (why, gone)
    return away


def seated_missing(group: Group, away: Mapping[int, SitOut | tuple[SitOut, int | None]]
                   ) -> dict[int, SitOut]:
    """Of the players who do not play a round (`away`: player id -> why, as `not_playing`
    gives it or bare), those who keep their board: in a round robin and an individual
    knockout everyone does (`System.forfeits_missing`), lost by forfeit
    (`roundrobin.missing_player_forfeits`, `knockout.missing_player_forfeits`; both missing in
    a knockout, decided by lots); in any other system a player who does not play has no
    board."""
    if not system_of(group).forfeits_missing:
        return {}
    return {pid: why if isinstance(why, SitOut) else why[0] for pid, why in away.items()}


def _sitting_out(away: dict[int, tuple[SitOut, int | None]], refs: dict[int, PlayerRef],
                 boards: Sequence[BoardInfo], number: int
                 ) -> tuple[tuple[PlayerRef, SitOut], ...]:
    """The players of the round's group with no board that its pairing list names
    (`on_pairing_list`), as the export's model lists them."""
    seated = {p.id for b in boards for p in (b.first, b.second) if p is not None}
    return tuple((refs[pid], why) for pid, (why, gone) in away.items()
                 if pid not in seated and on_pairing_list(why, number, gone))


def round_view(event: Event, group: str | None, number: int) -> RoundInfo:
    with event.reading() as session:
        return _round_from_rows(session, Event.group(session, group), number)
