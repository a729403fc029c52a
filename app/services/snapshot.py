"""From the event file to the plain snapshot the pairing engines and the standings take.

Pairing numbers follow the seed order of the group (`queries.pairing_numbers`): the snapshot
speaks in numbers, and `SnapshotBuild.player_of` maps them back to player ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlalchemy import select
from sqlalchemy.orm import Session, object_session

from app.pairing.system import Engine
from app.pairing.types import (
    Board,
    Colour,
    Outcome,
    Pairing,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)
from app.results import BoardResult
from app.services.event import settings_of
from app.services.lookup import absence_outcome as absence_outcome  # where the services read it
from app.services.lookup import table_players
from app.services.queries import pairing_numbers, seeded_players
from app.standings.scoring import bye_game_points, round_records
from app.store import codec
from app.store.models import BoardRow, Group, Round
from app.store.session import READING


@dataclass(frozen=True)
class SnapshotBuild:
    snapshot: TournamentSnapshot
    number_of: dict[int, int]  # player id -> pairing number
    player_of: dict[int, int]  # pairing number -> player id


@dataclass(frozen=True)
class _BoardLine:
    """What the snapshot needs of a stored board (read as a plain row, not an object)."""

    number: int
    first_player_id: int | None
    second_player_id: int | None
    result: BoardResult | None  # decoded where the row leaves the store (`app.store.codec`)


@dataclass(frozen=True)
class _RoundLines:
    number: int
    report: tuple[str, ...]
    boards: tuple[_BoardLine, ...]


def _pairing(number: int, boards: Sequence[_BoardLine], report: Sequence[object],
             number_of: dict[int, int]) -> Pairing:
    lines = []
    for board in boards:
        if board.first_player_id is None:
            continue
        second = board.second_player_id
        lines.append(
            Board(board.number, number_of[board.first_player_id],
                  None if second is None else number_of[second])
        )
    return Pairing(number, tuple(lines), tuple(str(x) for x in report))


def _entered(boards: Sequence[_BoardLine]) -> dict[int, BoardResult]:
    return {board.number: board.result for board in boards
            if board.result is not None and board.second_player_id is not None}


def _lines(round_: Round, double: bool) -> tuple[_BoardLine, ...]:
    return tuple(_BoardLine(b.number, b.first_player_id, b.second_player_id,
                            codec.board_result(b.result, double, b.label))
                 for b in round_.boards)


def round_pairing(round_: Round, number_of: dict[int, int]) -> Pairing:
    """The stored boards of a round, in pairing numbers."""
    return _pairing(round_.number, _lines(round_, False), round_.report, number_of)


def entered_results(round_: Round, double_game: bool) -> dict[int, BoardResult]:
    """Board number -> the board's result, for boards that have one."""
    return _entered(_lines(round_, double_game))


def _stored_rounds(group: Group) -> list[_RoundLines]:
    """The group's rounds with their boards, in round and board order: read as plain rows in
    two queries when the group is in a session (a pending change is flushed first), else
    from the objects."""
    session = object_session(group)
    double = group.games_per_round == 2
    if session is None or group.id is None:
        return [_RoundLines(r.number, tuple(str(x) for x in r.report), _lines(r, double))
                for r in group.rounds_played]
    rounds = session.execute(select(Round.id, Round.number, Round.report)
                             .where(Round.group_id == group.id)
                             .order_by(Round.number)).all()
    boards: dict[int, list[_BoardLine]] = {row.id: [] for row in rounds}
    lines = session.execute(
        select(BoardRow.round_id, BoardRow.number, BoardRow.first_player_id,
               BoardRow.second_player_id, BoardRow.result, BoardRow.label)
        .join(Round, BoardRow.round_id == Round.id)
        .where(Round.group_id == group.id)
        .order_by(BoardRow.round_id, BoardRow.number))
    for line in lines:
        boards[line.round_id].append(_BoardLine(line.number, line.first_player_id,
                                                line.second_player_id,
                                                codec.board_result(line.result, double, line.label)))
    return [_RoundLines(row.number, tuple(str(x) for x in (row.report or ())),
                        tuple(boards[row.id])) for row in rounds]


def build_snapshot(group: Group, *, partial: bool = True,
                   before_round: int | None = None) -> SnapshotBuild:
    """The group's snapshot over its paired rounds (those before `before_round` if given).

    With `partial`, boards still without a result are left out of the players' records (a
    round in progress shows what is known); otherwise every board must have its result.
    In a reading session that changed nothing, the snapshot is built once and kept for the
    session (the standings, the sub-rankings and the crosstable each ask for it).
    """
    kept = _kept_builds(object_session(group))
    key = (group.id, partial, before_round)
    if kept is not None and key in kept:
        return kept[key]
    build = _build_snapshot(group, partial=partial, before_round=before_round)
    if kept is not None:
        kept[key] = build
    return build


def _kept_builds(session: Session | None
                 ) -> dict[tuple[int, bool, int | None], SnapshotBuild] | None:
    """The snapshots kept in a reading session (None: keep none, the event may change)."""
    if session is None or not session.info.get(READING) or session.new or session.dirty \
            or session.deleted:
        return None
    kept: dict[tuple[int, bool, int | None], SnapshotBuild] = session.info.setdefault(
        _BUILDS, {})
    return kept


_BUILDS = "gomoku_snapshot_builds"


def _build_snapshot(group: Group, *, partial: bool, before_round: int | None) -> SnapshotBuild:
    settings = settings_of(group)
    points = settings.points
    double_game = group.games_per_round == 2
    number_of = pairing_numbers(group)
    player_of = {n: pid for pid, n in number_of.items()}
    records: dict[int, list[RoundRecord]] = {n: [] for n in player_of}
    for round_ in _stored_rounds(group):
        if before_round is not None and round_.number >= before_round:
            break
        pairing = _pairing(round_.number, round_.boards, round_.report, number_of)
        byes: dict[int, Outcome] = {}
        special: dict[int, int] = {}
        on_boards = {b.first for b in pairing.boards} | {
            b.second for b in pairing.boards if b.second is not None
        }
        if settings.system.round_robin:
            from app.pairing.roundrobin import REST_OUTCOME

            # In a round robin the player who sits out rests: no game, no points.
            for board in pairing.boards:
                if board.second is None:
                    byes[board.first] = REST_OUTCOME
            pairing = Pairing(pairing.round,
                              tuple(b for b in pairing.boards if b.second is not None))
        for player in group.players:
            number = number_of[player.id]
            if number in on_boards:
                continue
            absence = absence_outcome(player, round_.number)
            outcome, extra = absence if absence else (Outcome.ABSENT, None)
            byes[number] = outcome
            if extra is not None:
                special[number] = extra
        entered = _entered(round_.boards)
        by_number = round_records(pairing, entered, points, double_game=double_game,
                                  byes=byes, partial=partial)
        for number, record in by_number.items():
            if number in special:
                # a late entry's points for the round it missed (迟到报名所缺轮次得分): in a
                # double-game group its game score too, which a Double-Swiss ranks on
                record = RoundRecord(record.round, record.outcome, None, None, special[number],
                                     bye_game_points(special[number], double_game))
            records[number].append(record)
    # a round robin ranks the players of its Berger table: not one who withdrew before round 1
    # and so played none of it (`roundrobin.starts`)
    entrants = table_players(group) if settings.system.round_robin else seeded_players(group)
    players = tuple(
        PlayerHistory(
            number=number_of[p.id],
            rounds=tuple(records[number_of[p.id]]),
            rating=p.rating,
            unit=p.unit,
            name=p.name,
        )
        for p in entrants
    )
    chosen = settings.initial_colour  # "draw" until drawn: the first mover until then
    initial = Colour(chosen) if chosen in (Colour.FIRST.value, Colour.SECOND.value) else (
        Colour.FIRST)
    snapshot = TournamentSnapshot(players, group.rounds, points, initial)
    if settings.system.engine is Engine.DOUBLE_SWISS:
        from app.pairing.double_swiss import scored_by_games  # only a Double-Swiss group's

        snapshot = scored_by_games(snapshot)  # FIDE C.04.5: a player's score is game points
    return SnapshotBuild(snapshot, number_of, player_of)
