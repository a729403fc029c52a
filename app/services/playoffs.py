"""Playoffs (加赛) from the event file: create one for a tie at a decisive place, record its
games one by one (typed, or played on the board), and let its outcome order the standings.

The games to play next come from `app.standings.playoff.resolve` over the games stored so
far; each stored game keeps its stage and the players it settles, so a replay of the log
gives the same schedule.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sqlalchemy.orm import Session

if TYPE_CHECKING:
    from app.exports.model import PlayoffRecord

from app import wording
from app.errors import Place, UserError
from app.group_settings import GroupSettings
from app.pairing.system import System
from app.results import GameResult, parse_game
from app.rules.endings import Ending
from app.rules.game import Game
from app.rules.game import encode_actions as encode_game
from app.rules.records import write_moves
from app.services.event import Event, settings_of
from app.services.queries import PlayerRef, system_of
from app.services.ranking import (
    StandingsInfo,
    compute_standings,
    find_need,
    playoff_kept,
    subranking_options,
)
from app.standings.playoff import (
    PlayoffFormat,
    PlayoffGame,
    PlayoffState,
    Stage,
    plan,
    resolve,
)
from app.store import codec
from app.store.models import Game as GameRow
from app.store.models import Group, Player, Playoff

STAGE_ZH = {
    Stage.MINI_ROUND_ROBIN: "小循环加赛",
    Stage.MATCH: "双盘加赛",
    Stage.SUDDEN_DEATH: "单盘加赛（直到分出胜负）",
}


@dataclass(frozen=True)
class PlayoffGameInfo:
    index: int
    stage: str  # Chinese stage name
    black: PlayerRef
    white: PlayerRef
    result: GameResult | None  # black first, a loss on time marked; None while to be played
    time_control: str


@dataclass(frozen=True)
class PlayoffInfo:
    id: int
    group: str
    place: int
    players: tuple[PlayerRef, ...]  # in tie-break order
    games: tuple[PlayoffGameInfo, ...]  # played, then the ones to play next
    order: tuple[PlayerRef, ...]  # the decided order (best first); () while open
    ranking: str = ""  # the ranking whose tie it settles (the group, or 公开组（女子）...)
    reason: str = ""  # why it was needed: what differs across the tied places

    @property
    def decided(self) -> bool:
        return bool(self.order)

    @property
    def next_game(self) -> PlayoffGameInfo | None:
        return next((g for g in self.games if g.result is None), None)


def _ref(session: Session, player_id: int | None) -> PlayerRef:
    player = session.get(Player, player_id) if player_id is not None else None
    assert player is not None
    return PlayerRef(player.id, player.name, player.unit, 0)


def _plain_games(row: Playoff) -> list[PlayoffGame]:
    return [
        PlayoffGame(Stage(g.record["stage"]), tuple(g.record["among"]), g.black_player_id or 0,
                    g.white_player_id or 0, codec.game_result(g.result, g.ending))
        for g in row.games
    ]


def _state(row: Playoff) -> PlayoffState:
    return resolve(tuple(row.player_ids), _plain_games(row),
                   PlayoffFormat(row_format(row)))


def row_format(row: Playoff) -> str:
    """The playoff's format, kept on its first game (小循环 by default)."""
    return playoff_kept(row, "format", "round_robin")


def create_playoff(event: Event, group: str, place: int,
                   playoff_format: str | None = None, ranking: str | None = None) -> int:
    """Open a playoff for the players tied at `place` (a snapshot is taken first).

    `playoff_format` (three or more tied): 小循环 `round_robin` or 淘汰 `knockout`; by default
    the group's setting `playoff_format`. `ranking` names a sub-ranking (e.g. 公开组（女子）)
    whose tie it is; by default the group's.
    """
    if playoff_format is not None:  # refused as the group setting refuses it
        GroupSettings.from_json({"playoff_format": playoff_format})
    with event.reading() as session:
        if system_of(Event.group(session, group)) is System.TEAM_SWISS:
            raise UserError(
                "团体积分编排赛的并列是队伍之间的并列，不进行个人加赛：由团体名次区分决定，仍相同且涉及"
                f"奖励的由抽签决定，请用 team-lots FILE --group {group} 按抽签顺序列出队伍",
                "ties in a Team Swiss group are between teams, never an individual playoff: the "
                "team tie-breaks decide them, and a tie still level that touches the awards is "
                f"drawn by lots: team-lots FILE --group {group} with the teams in the order "
                "drawn", group)
    with event.operation("create_playoff", f"{group} 第{place}名加赛 / playoff") as session:
        found = Event.group(session, group)
        if playoff_format is None:
            playoff_format = settings_of(found).playoff_format.value
        info = ranking_info(session, found, ranking)
        need = find_need(info, place)
        if need.open_playoff is not None:
            # Its tie still shows while it is played; a second one would play it twice.
            raise UserError(
                f"第{need.place}名的加赛已开始（加赛 {need.open_playoff}），请录入其结果；"
                "如需重开，先撤销开始加赛",
                f"the playoff for place {need.place} is already open (playoff "
                f"{need.open_playoff}): enter its results, or undo opening it to start again",
                info.name)
        event.snapshot_first(session, f"加赛前 {group} / before playoff, {group}")
        row = Playoff(group_id=found.id, place=place,
                      player_ids=[p.id for p in need.players], order=[],
                      created_at=dt.datetime.now())
        session.add(row)
        session.flush()
        # The format is kept on the first scheduled game (the row has no column for it).
        first = plan(tuple(row.player_ids), PlayoffFormat(playoff_format))[0]
        row.games.append(GameRow(index=1, black_player_id=first.first,
                                 white_player_id=first.second, result="",
                                 record={"stage": first.stage.value,
                                         "among": list(first.among),
                                         "format": playoff_format,
                                         "ranking": info.name, "reason": wording.reason_text(need.why)}))
        return row.id


def ranking_info(session: Session, group: Group, ranking: str | None) -> StandingsInfo:
    """The group's ranking, or its sub-ranking `ranking` (公开组（女子）...), whose tie a
    playoff or lots settle."""
    if ranking is None or ranking == group.name:
        return compute_standings(session, group)[0]
    spec = settings_of(group).subranking(ranking)
    if spec is not None:
        return compute_standings(session, group, **subranking_options(spec))[0]
    raise UserError(f"没有名为“{ranking}”的名次表", f"no ranking named '{ranking}'", group.name)


def playoffs(event: Event, group: str) -> list[PlayoffInfo]:
    with event.reading() as session:
        found = Event.group(session, group)
        rows = session.query(Playoff).filter(Playoff.group_id == found.id).order_by(Playoff.id)
        return [_info(session, found.name, row) for row in rows]


def playoff_view(event: Event, playoff_id: int) -> PlayoffInfo:
    with event.reading() as session:
        row = _row(session, playoff_id)
        return _info(session, _group_name(session, row), row)


def _info(session: Session, group: str, row: Playoff) -> PlayoffInfo:
    state = _state(row)
    played = [g for g in row.games if g.result]
    games = [
        PlayoffGameInfo(g.index, STAGE_ZH[Stage(g.record["stage"])],
                        _ref(session, g.black_player_id), _ref(session, g.white_player_id),
                        codec.game_result(g.result, g.ending),
                        str(PlayoffGame(Stage(g.record["stage"]), (), 0, 0)
                                      .time_control))
        for g in played
    ]
    for k, pending in enumerate(state.pending, start=len(played) + 1):
        games.append(PlayoffGameInfo(k, STAGE_ZH[pending.stage], _ref(session, pending.first),
                                     _ref(session, pending.second), None,
                                     str(pending.time_control)))
    return PlayoffInfo(
        id=row.id,
        group=group,
        place=row.place,
        players=tuple(_ref(session, pid) for pid in row.player_ids),
        games=tuple(games),
        order=tuple(_ref(session, pid) for pid in row.order),
        ranking=playoff_kept(row, "ranking", group),
        reason=playoff_kept(row, "reason", ""),
    )


def playoff_records(session: Session, group: Group, key: str) -> list[PlayoffRecord]:
    """The group's playoffs as part of the event's record (standings, exports, the federation
    package): players, every game with its result, the order decided, and why."""
    from app.exports.model import PlayoffGame as ExportGame
    from app.exports.model import PlayoffRecord

    rows = session.query(Playoff).filter(Playoff.group_id == group.id).order_by(Playoff.id)
    out = []
    for row in rows:
        info = _info(session, group.name, row)
        out.append(PlayoffRecord(
            group=key, ranking=info.ranking, place=info.place,
            players=tuple(p.id for p in info.players),
            games=tuple(ExportGame(g.stage, g.black.id, g.white.id, g.result, g.time_control)
                        for g in info.games),
            order=tuple(p.id for p in info.order), reason=info.reason))
    return out


def _row(session: Session, playoff_id: int) -> Playoff:
    row = session.get(Playoff, playoff_id)
    if row is None:
        raise UserError(f"没有编号为 {playoff_id} 的加赛", f"no playoff {playoff_id}", "playoff")
    return row


def record_playoff_result(event: Event, playoff_id: int, code: str | None = None,
                          game: Game | None = None) -> PlayoffInfo:
    """The result of the next playoff game: a code (first mover first) or a finished game
    recorded on the board. When the playoff is decided, its order goes into the standings."""
    where = Place(f"加赛 {playoff_id}", f"playoff {playoff_id}")
    with event.operation("playoff_result",
                         f"录入加赛结果 加赛 {playoff_id} / playoff {playoff_id}") as session:
        row = _row(session, playoff_id)
        if row.order:
            raise UserError("该加赛已分出名次", "this playoff is decided already", where)
        state = _state(row)
        next_game = state.pending[0]
        played = _played_result(code, game, where)
        existing = next((g for g in row.games if not g.result), None)
        record = {"stage": next_game.stage.value, "among": list(next_game.among)}
        if existing is None:
            existing = GameRow(index=len(row.games) + 1, black_player_id=next_game.first,
                               white_player_id=next_game.second)
            row.games.append(existing)
        else:
            record |= {k: existing.record[k] for k in ("format", "ranking", "reason")
                       if k in existing.record}
        existing.record = record | ({"actions": encode_game(game)} if game else {})
        existing.result = codec.game_text(played)
        if game is not None:
            existing.moves = write_moves(game.moves)
            existing.ending = game.result.ending.value if game.result else ""
        else:  # a typed loss on time is kept as the game's ending, as a board's game keeps it
            ending = codec.game_ending(played)
            existing.ending = ending.value if ending is not None else ""
        session.flush()
        session.refresh(row)
        state = _state(row)
        if state.order is not None:
            row.order = list(state.order)
        return _info(session, _group_name(session, row), row)


def _played_result(code: str | None, game: Game | None, where: Place) -> GameResult:
    """The result of a playoff game, black first: typed (`1-0`, `0-1`, `=`, a loss on time
    `0-1t` / 白胜超时 as `result` takes it), or that of a game finished on the board (its
    ending 超时 a loss on time). The playoff is played on a clock (2016 八(二)2 and shenzhen
    十一(一)2: 每方5分钟，每走一步加3秒, then 3 minutes + 2 s), and the events' time rule is
    超时判负: a loss on time is a game played and lost, counted in the playoff as a loss and
    said so on every paper. A forfeit is no playoff game."""
    if game is not None:
        if game.result is None:
            raise UserError("对局尚未结束", "the game has not ended", where)
        return GameResult(game.result.code, game.result.ending is Ending.TIME
                          and game.result.code.decisive)
    if code is None:
        raise UserError("缺少结果", "no result given", where)
    played = parse_game(code, where)  # refuses `=t`: only a win can be on time
    if not played.played:
        raise UserError("加赛只接受 1-0、0-1、=（超时负加 t，如 0-1t）",
                        "a playoff game takes 1-0, 0-1 or = (add t for a loss on time: 0-1t)",
                        where)
    return played


def _group_name(session: Session, row: Playoff) -> str:
    group = session.get(Group, row.group_id)
    assert group is not None
    return group.name
