"""Rounds: pair the next round, enter and correct results, change a pairing by hand.

Each function is one operation (one transaction, undoable). Pairing follows the group's
system: Swiss (FIDE Dutch engine, with the Chinese options), round robin (Berger tables),
knockout with full placement, team matches.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING

from sqlalchemy import select, update
from sqlalchemy.orm import Session, object_session, selectinload

from app import wording
from app.errors import CorrectionNotConfirmed, NoAnswer, Place, UserError
from app.pairing.system import Engine, System
from app.pairing.types import (
    Colour,
    NoLegalPairing,
    Outcome,
    Pairing,
    PairingRequest,
    unit_key,
)
from app.results import BoardResult, Side, parse_board
from app.services.boards import sync_games
from app.services.event import Event, settings_of, store_settings
from app.services.lookup import (
    at_board,
    find_board,
    find_round,
    planned_rounds,
    seeded_players,
    system_of,
    table_players,
)
from app.standings.awards import group_cancelled, needs_merge
from app.store import codec
from app.store.locks import pairing_lock
from app.store.models import BoardRow, Group, Player, Round

if TYPE_CHECKING:
    # The read-only views and the snapshot are imported where a function needs them:
    # entering a result needs neither (issue 28).
    from app.services.queries import BoardInfo, PlayerRef, RoundInfo
    from app.services.snapshot import SnapshotBuild


def _check_ready(group: Group) -> int:
    """The number of the round to pair next, or a UserError saying why not."""
    from app.services.queries import round_is_complete

    rounds = list(group.rounds_played)
    if rounds and not round_is_complete(rounds[-1]):
        missing = [b.number for b in rounds[-1].boards if not b.result]
        # a team group's board row is a match (第2场), an individual group's a board (第2台)
        team = system_of(group).team
        units = ("场", "match") if team else ("台", "board")
        listed = wording.numbers_text(missing, *units, lang="en")
        raise UserError(
            f"第{rounds[-1].number}轮还有{units[0]}次没有结果：{wording.numbers_text(missing, *units)}",
            f"round {rounds[-1].number} still lacks results {'in' if team else 'on'} {listed}",
            group.name,
        )
    number = len(rounds) + 1
    planned = planned_rounds(group) or group.rounds  # a knockout: as many as its bracket
    if number > planned:
        raise UserError(
            f"本组共{planned}轮，已全部编排",
            f"all {planned} rounds of this group are paired",
            group.name,
        )
    # a round robin's table is made for the players who start (`table_players`)
    players = table_players(group) if system_of(group).round_robin else group.players
    if len(players) < 2:
        raise UserError("棋手不足两人，无法编排", "fewer than two players: nothing to pair",
                        group.name)
    return number


def _size_notes(group: Group) -> list[str]:
    """Round 1: what the regulation says of a group this small (shenzhen 九(一): fewer than N
    players merge with the same age group; 九(三): 4 or fewer, the group is cancelled). The
    arbiter decides; the pairing report says it, the core's rules decide when. A team group
    counts its teams (its entrants), not their members."""
    settings = settings_of(group)
    team = system_of(group).team
    count = len(group.teams) if team else len(group.players)
    zh, en = ("队", "teams") if team else ("人", "players")
    notes = []
    if settings.cancel_if_at_most and group_cancelled(count, settings.cancel_if_at_most):
        notes.append(f"注意：本组仅{count}{zh}，按规程（不足{settings.cancel_if_at_most + 1}{zh}）"
                     f"应取消该组比赛 / note: {count} {en}; the regulation cancels a group "
                     f"of {settings.cancel_if_at_most} or fewer")
    elif settings.merge_below and needs_merge(count, settings.merge_below):
        notes.append(f"注意：本组仅{count}{zh}，按规程少于{settings.merge_below}{zh}应与同年龄段组"
                     f"合并 / note: {count} {en}; the regulation merges a group of fewer than "
                     f"{settings.merge_below} with the same age group")
    return notes


def _unavailable(group: Group, build: SnapshotBuild, number: int) -> frozenset[int]:
    from app.services.snapshot import absence_outcome

    session = object_session(group)
    if session is not None:
        # Every player's absences in one query, not one lazy load per player.
        session.scalars(select(Player).where(Player.group_id == group.id)
                        .options(selectinload(Player.absences))).all()
    return frozenset(
        build.number_of[p.id] for p in group.players if absence_outcome(p, number) is not None
    )


def _forfeit_pairs(build: SnapshotBuild) -> set[frozenset[int]]:
    """Pairs whose game was forfeited: in Chinese practice they count as having met."""
    pairs = set()
    for player in build.snapshot.players:
        for record in player.rounds:
            if record.opponent is not None and record.outcome in (
                Outcome.FORFEIT_WIN,
                Outcome.FORFEIT_LOSS,
            ):
                pairs.add(frozenset((player.number, record.opponent)))
    return pairs


def _same_unit_pairs(build: SnapshotBuild, available: Sequence[int]) -> set[frozenset[int]]:
    units = {p.number: unit_key(p.unit) for p in build.snapshot.players}
    return {
        frozenset((a, b))
        for a, b in combinations(sorted(available), 2)
        if units[a] and units[a] == units[b]
    }


def _swiss(group: Group, build: SnapshotBuild, number: int,
           pair: Callable[[PairingRequest], Pairing]) -> tuple[Pairing, list[str]]:
    """A Swiss round by `pair` (the FIDE Dutch engine, or the Double-Swiss engine for a
    double_swiss group), with the forfeits and the same-unit avoidance of Chinese practice."""
    settings = settings_of(group)
    unavailable = _unavailable(group, build, number)
    forbidden: set[frozenset[int]] = set()
    if settings.forfeit_counts_as_meeting:
        forbidden |= _forfeit_pairs(build)
    report: list[str] = []
    available = [p.number for p in build.snapshot.players if p.number not in unavailable]
    if settings.avoids_same_unit(number):
        # 同单位回避: a soft rule. Try with same-unit pairs forbidden; only where no legal
        # pairing exists that way, pair without it and say so in the report.
        same_unit = _same_unit_pairs(build, available)
        try:
            pairing = pair(PairingRequest(build.snapshot, number, unavailable,
                                          frozenset(forbidden | same_unit)))
            report.append("同单位回避：已满足 / same-unit avoidance: kept")
            return pairing, report
        except NoLegalPairing:
            report.append(
                "同单位回避无法完全满足，已在无其他合法编排时放宽 "
                "/ same-unit avoidance relaxed: no legal pairing keeps it"
            )
    try:
        pairing = pair(PairingRequest(build.snapshot, number, unavailable, frozenset(forbidden)))
    except NoLegalPairing as error:
        raise NoAnswer(f"不存在合法的编排（{error.detail}）",
                       f"no legal pairing exists ({error.detail})") from None
    return pairing, report


def _draw_initial_colour(group: Group) -> None:
    """Draw by lot the top seed's colour in round 1 (抽签决定先后手), and record it."""
    colour = random.choice((Colour.FIRST, Colour.SECOND))
    store_settings(group, replace(settings_of(group), initial_colour=colour.value,
                                  initial_colour_drawn=True))


def _round_robin(group: Group, session: Session, number: int) -> tuple[Pairing, list[str]]:
    from app.pairing import roundrobin  # the Berger tables: round-robin groups only

    settings = settings_of(group)
    ids = [p.id for p in table_players(group)]  # not one withdrawn before round 1
    stored = settings.berger_numbers
    report: list[str] = []
    if stored is None or sorted(stored) != sorted(ids):
        if group.rounds_played:
            raise UserError(
                "单循环开始后不能增减棋手",
                "players cannot be added or removed once a round robin has started",
                group.name,
            )
        if stored is not None and settings.draw_seed is None:
            raise _numbers_outdated(group, stored, ids)
        seed = settings.draw_seed
        if seed is None:
            seed = dt.datetime.now().microsecond or 1
        if settings.same_unit_early:
            units = {p.id: unit_key(p.unit) for p in group.players}
            numbering = roundrobin.numbering_for_units(ids, units, seed)
            name_of = {p.id: p.name for p in group.players}
            names = {pid: wording.player_with_number(name_of[pid], k)
                     for k, pid in enumerate(numbering.players, 1) if pid in name_of}
            report += roundrobin.unit_clashes(numbering, units, names=names)
        else:
            numbering = roundrobin.draw_numbers(ids, seed)
        settings = replace(settings, berger_numbers=numbering.players, draw_seed=seed)
        store_settings(group, settings)
        report.append(f"抽签种子 {seed} / draw seed: {seed}")
        report += _left_out(group, ids)
    assert settings.berger_numbers is not None
    numbering = roundrobin.Numbering(settings.berger_numbers, settings.draw_seed)
    double = settings.system.cycles == 2
    total = roundrobin.round_count(len(ids), double)
    if number > total:
        raise UserError(f"单循环共{total}轮", f"the round robin has {total} rounds", group.name)
    return roundrobin.round_robin_pairing(numbering, number, double), report


def _left_out(group: Group, ids: Sequence[int]) -> list[str]:
    """What round 1's report says of the players withdrawn before it: the table is made for
    the others (`roundrobin.starts`)."""
    out = [p.name for p in seeded_players(group) if p.id not in set(ids)]
    return [wording.left_out_before_round_one(out, len(ids), bracket=False)] if out else []


def _numbers_outdated(group: Group, given: Sequence[int], ids: Sequence[int]) -> UserError:
    """Round 1 refused: the Berger numbers the arbiter gave are not for the players of the
    table now (one withdrew since, or was added); the program does not renumber them."""
    name_of = {p.id: p.name for p in group.players}
    gone = [name_of.get(pid, str(pid)) for pid in given if pid not in set(ids)]
    new = [name_of[pid] for pid in ids if pid not in set(given)]
    zh = "；".join([*([f"{'、'.join(gone)}已不在表中（第1轮前退赛）"] if gone else []),
                   *([f"{'、'.join(new)}没有编号"] if new else [])])
    en = "; ".join([*([f"{', '.join(gone)} no longer on it (withdrawn before round 1)"]
                      if gone else []),
                    *([f"{', '.join(new)} without a number"] if new else [])])
    return UserError(
        f"裁判长指定的循环赛编号与现在的棋手不符：{zh}；请按{len(ids)}名棋手重新指定编号"
        "（berger-numbers），或清除编号改由程序抽签（group --set berger_numbers=null）",
        f"the Berger numbers the arbiter gave do not fit the players now: {en}; give the "
        f"numbers again for the {len(ids)} players (berger-numbers), or clear them for the "
        "program to draw (group --set berger_numbers=null)", group.name)


def _team_swiss(group: Group, number: int) -> tuple[Pairing, list[str]]:
    """A Team Swiss round (FIDE C.04.6) of the registered teams; the boards hold team ids."""
    from app.services import team_swiss
    from app.services.knockout import check_registered_teams

    check_registered_teams(group)
    if len(group.teams) < 2:
        raise UserError("队伍不足两支，无法编排", "fewer than two teams: nothing to pair",
                        group.name)
    try:
        return team_swiss.pair_round(group, number)
    except NoLegalPairing as error:
        raise NoAnswer(f"不存在合法的编排（{error.detail}）",
                       f"no legal pairing exists ({error.detail})") from None


def _engine_pair(engine: Engine) -> Callable[[PairingRequest], Pairing]:
    """The pairing function of a Swiss engine."""
    if engine is Engine.DOUBLE_SWISS:
        from app.pairing import double_swiss

        return double_swiss.pair
    from app.pairing.swiss import pair

    return pair


def pair_next_round(event: Event, group: str, expected_round: int | None = None) -> RoundInfo:
    """Pair the group's next round and store it with its report (编排下一轮).

    A snapshot of the event as it was before is taken once the round is paired and just before
    it is stored (a refused pairing takes none); it is always kept. Only one station pairs a group at a time; with
    `expected_round` (the round the user saw as next) a round paired meanwhile by another
    station is refused instead of pairing the one after it.
    """
    from app.services.queries import round_info
    from app.services.snapshot import build_snapshot

    with event.operation("pair_round", f"编排 {group} 下一轮 / pair next round") as session:
        found = Event.group(session, group)
        pairing_lock(session, found.id, event.store.station, expected_round)
        session.refresh(found)
        number = _check_ready(found)
        event.snapshot_first(session, f"编排前 {group} 第{number}轮 / before pairing {group}, "
                                      f"round {number}",
                             hold=f"pairing {found.id} {number}")
        system = system_of(found)
        if system.engine in (Engine.DUTCH, Engine.DOUBLE_SWISS):
            build = build_snapshot(found, partial=False)
            if number == 1 and settings_of(found).initial_colour == "draw":
                _draw_initial_colour(found)
                build = build_snapshot(found, partial=False)
            pairing, report = _swiss(found, build, number, _engine_pair(system.engine))
            to_id = build.player_of
        elif system.engine is Engine.BERGER:
            pairing, report = _round_robin(found, session, number)
            to_id = {p.id: p.id for p in found.players}
        elif system.engine is Engine.TEAM_SWISS:
            pairing, report = _team_swiss(found, number)
            to_id = {}
        else:
            from app.services.knockout import pair_knockout_round

            pairing, report = pair_knockout_round(found, session, number)
            to_id = {p.id: p.id for p in found.players}
        name_of = {p.id: p.name for p in found.players}
        names = {n: name_of[pid] for n, pid in to_id.items() if pid in name_of}
        round_ = Round(group=found, number=number, paired_at=dt.datetime.now(),
                       report=[wording.pairing_note_text(note, names)
                               for note in pairing.remarks]
                       + list(pairing.notes) + report
                       + (_size_notes(found) if number == 1 else []))
        session.add(round_)
        forfeits: list[str] = []  # a team's board held by a member who is not there
        for board in pairing.boards:
            # A bye needs no result: it is settled by the pairing itself.
            # A new board has no games yet: said here, so showing the round afterwards
            # does not ask the database for each board's games.
            row = BoardRow(number=board.number, result=codec.BYE if board.second is None else codec.NO_RESULT,
                           games=[])
            if system.team:
                from app.services.knockout import store_team_boards

                forfeits += store_team_boards(found, row, board.first, board.second, number)
            else:
                row.first_player_id = to_id[board.first]
                row.second_player_id = None if board.second is None else to_id[board.second]
            round_.boards.append(row)
        if system.forfeits_missing:  # a missing player's board forfeited (missing_players)
            forfeits += _enter_missing_forfeits(found, round_)
        if forfeits:
            round_.report = [*round_.report, *forfeits]
        session.flush()
        return round_info(session, found, round_)


def _enter_missing_forfeits(group: Group, round_: Round) -> list[str]:
    """Enter the forfeits of a round-robin or knockout round's boards held by a player who
    does not play it; returns what its report says of them."""
    from app.services import missing_players

    for number, result in missing_players.due_forfeits(group, round_.number,
                                                       round_.boards).items():
        board = find_board(round_, number)
        codec.store_board(board, result)
        sync_games(board, result.games)
    return missing_players.forfeit_report(group, round_.number, round_.boards)


def _has_results(group: Group, round_: Round) -> bool:
    """Whether a result was entered on the round: a bye's, or a forfeit its pairing entered
    (a round robin's or knockout's missing player, `_enter_missing_forfeits`; a team knockout
    match none of whose boards is played, `forfeited_by_pairing`), is the pairing's own."""
    from app.services.knockout import forfeited_by_pairing
    from app.services.missing_players import due_forfeits

    entered = [b for b in round_.boards if b.result and not codec.is_bye(b.result)
               and not forfeited_by_pairing(group, round_.number, b)]
    if not entered:
        return False
    due = due_forfeits(group, round_.number, entered)
    return any(codec.board_result(b.result, group.games_per_round == 2, b.label) != due.get(b.number)
               for b in entered)


def unpair_last_round(event: Event, group: str) -> None:
    """Delete the last round's pairing while no result has been entered on it."""
    with event.operation("unpair_round", f"撤销 {group} 最后一轮编排 / unpair last round"
                         ) as session:
        found = Event.group(session, group)
        pairing_lock(session, found.id, event.store.station)
        found.rounds_played.remove(_check_unpairable(found))


def _check_unpairable(found: Group) -> Round:
    """The last round, when its pairing may be deleted; else a UserError saying why not."""
    if not found.rounds_played:
        raise UserError("还没有编排任何轮次", "no round is paired", found.name)
    last = found.rounds_played[-1]
    if _has_results(found, last):
        raise UserError(
            f"第{last.number}轮已有结果，不能撤销编排",
            f"round {last.number} has results already: it cannot be unpaired",
            found.name,
        )
    return last


def _later_rounds_warning(group: Group, round_number: int, board: int) -> list[str]:
    """A correction once later rounds are paired: which were paired on the old result (none
    in a round robin, whose schedule does not read results); a knockout's later rounds follow
    it instead, where no result stands in the way (`knockout.follow_correction`)."""
    if system_of(group).bracket:
        from app.services.knockout import follow_correction

        return follow_correction(group, round_number, board)
    if not system_of(group).pairs_on_results:
        return []
    later = [r.number for r in group.rounds_played if r.number > round_number]
    return [wording.paired_on_old_result_text(later)] if later else []


def enter_result(
    event: Event,
    group: str,
    round_number: int,
    board_number: int,
    codes: Sequence[str],
    *,
    replace: bool = False,
    expected: str | BoardResult | None = None,
    check: Callable[[Session, BoardRow], None] | None = None,
) -> list[str]:
    """Enter (or with `replace`, correct) the result of one board; returns warnings.

    `expected` (the result the station showed when the arbiter decided, '' for none): a
    board another station changed meanwhile is refused instead of overwritten, checked under
    the board row's lock in this transaction. `check` (the venue's guard) is called likewise
    with the board, before the result is set; it may lock the row and refuse."""
    place = wording.board_place_text(round_number, board_number)
    checks = [c for c in (check, None if expected is None else
                          expecting(expected, round_number, board_number)) if c is not None]
    with event.operation("enter_result", f"录入成绩 {group} {place}: {' '.join(codes)} / "
                         "enter result") as session:
        found = Event.group(session, group)
        round_ = find_round(session, found, round_number)
        for each in checks:
            each(session, find_board(round_, board_number))
        changed = _set_result(found, round_, board_number, codes, replace)
        return _later_rounds_warning(found, round_number, board_number) if replace and changed \
            else []


def hold_board(session: Session, board: BoardRow) -> BoardRow:
    """Lock the board's row for this transaction and read it again under the lock."""
    if session.get_bind().dialect.name == "sqlite":
        # SQLite locks the file, not the row: a write takes its write lock now (waiting up to
        # busy_timeout), so what is read next cannot change before the commit.
        session.execute(update(BoardRow).where(BoardRow.id == board.id)
                        .values(id=BoardRow.id))
    session.expire(board, ["games"])
    return session.scalars(select(BoardRow).where(BoardRow.id == board.id).with_for_update()
                           .execution_options(populate_existing=True)).one()


def expecting(expected: str | BoardResult, round_number: int,
               board_number: int) -> Callable[[Session, BoardRow], None]:
    """A guard for `enter_result`: the board must still hold `expected` once its row is
    locked, so that of two stations correcting one board only one hears OK (the other is
    told who changed it and to what). `expected`: the result the station showed, typed (the
    window: a board decided by lots is told apart by whom the lots drew), or its code as a
    page shows it ('' for none; `wording.code_text`, the stored text for every result but
    lots, whose code is its game's `--`)."""

    def check(session: Session, board: BoardRow) -> None:
        board = hold_board(session, board)
        double = board.round.group.games_per_round == 2
        stored = codec.board_result(board.result, double, board.label)
        if isinstance(expected, BoardResult):
            same = stored == expected
        else:
            same = (board.result or "") == expected or wording.code_text(stored) == expected
        if not same:
            now = _stored_words(board, stored) or "（无）"
            raise UserError(
                f"该台结果已被{board.changed_by or '另一工作站'}改为 {now}，请刷新后再录入",
                f"the result was changed meanwhile by {board.changed_by or 'another station'}"
                f" to {_stored_words(board, stored, 'en') or '(none)'}: reload and enter "
                "again",
                Place(f"第{round_number}轮第{board_number}台",
                      f"round {round_number}, board {board_number}"))

    return check



def enter_results(event: Event, group: str, round_number: int,
                  results: dict[int, Sequence[str]]) -> None:
    """Enter the results of several boards of a round at once (one operation, one undo)."""
    with event.operation("enter_results", f"录入成绩 {group} 第{round_number}轮 "
                         f"{len(results)}台 / results of round {round_number}") as session:
        found = Event.group(session, group)
        round_ = find_round(session, found, round_number)
        for board_number, codes in sorted(results.items()):
            _set_result(found, round_, board_number, codes, replace=False)


def _board_result(group: Group, board: BoardRow, codes: Sequence[str]) -> BoardResult:
    """The result `codes` give the board, read as the group plays (one or two a round)."""
    try:
        return parse_board(list(codes), group.games_per_round == 2,
                           game_forfeits=system_of(group).game_forfeits)
    except UserError as error:
        raise at_board(error, group, board.round.number, board.number) from None


def same_result(event: Event, group: str, round_number: int, board_number: int,
                codes: Sequence[str]) -> bool:
    """Whether `codes` are the result the board has already: entering them again changes
    nothing (no correction to confirm, nothing written). False for codes that do not read."""
    with event.reading() as session:
        found = Event.group(session, group)
        board = find_board(find_round(session, found, round_number), board_number)
        try:
            parsed = _board_result(found, board, codes)
        except UserError:
            return False
        return codec.board_result(board.result, found.games_per_round == 2, board.label) == parsed


def _set_result(group: Group, round_: Round, board_number: int, codes: Sequence[str],
                replace: bool) -> bool:
    """Store the board's result; False when it is the one it has (nothing is written)."""
    board = _result_board(group, round_, board_number)
    return _store_result(group, round_, board, _board_result(group, board, codes), replace)


def _result_board(group: Group, round_: Round, board_number: int) -> BoardRow:
    """The board a result is entered on: refused for a team round's match and a bye."""
    board = find_board(round_, board_number)
    # a team round's rows are matches (no players of their own): asked first, so that a
    # match is never taken for a bye
    if system_of(group).team:
        raise at_board(UserError("团体赛按场录入：每场各台一个结果",
                                 "a team match's results are entered match by match, one "
                                 "per board"),
                       group, round_.number, board_number)
    if board.second_player_id is None:
        raise at_board(UserError("轮空台不需要录入结果", "a bye takes no result"), group,
                       round_.number, board_number)
    return board


def _old_result_text(group: Group, board: BoardRow) -> str:
    """A board's stored result as a correction's refusal names it: the code, or for a board
    decided by lots who the lots sent on (`双方均未到场，抽签决定选手6晋级`)."""
    stored = codec.board_result(board.result, group.games_per_round == 2, board.label)
    return _stored_words(board, stored)


def _stored_words(board: BoardRow, stored: BoardResult | None, lang: str = "zh") -> str:
    """`stored`, the board's result, as a refusal names it: its stored code, or for a board
    decided by lots who the lots sent on."""
    if stored is None or stored.lots is None:
        return board.result
    drawn = board.first_player if stored.lots is Side.FIRST else board.second_player
    return wording.lots_board_text(drawn.name if drawn is not None else "?", lang)


def _store_result(group: Group, round_: Round, board: BoardRow, parsed: BoardResult,
                  replace: bool) -> bool:
    """Store `parsed` on the board, checked as the group's rules take a result; False when
    it is the one it has (nothing is written)."""
    board_number = board.number
    if system_of(group).forfeits_missing:  # a missing player's board: its forfeit only
        from app.services.missing_players import check_result

        check_result(group, round_.number, board, parsed)
    if codec.board_result(board.result, group.games_per_round == 2, board.label) == parsed:
        return False  # the result it has: nothing to correct, nothing written, no undo entry
    if board.result and not replace:
        old = _old_result_text(group, board)
        error = at_board(UserError(
            f"该台已有结果 {old}；更正须先确认",
            f"the board already has the result {old}; a correction must be confirmed",
        ), group, round_.number, board_number)
        raise CorrectionNotConfirmed(error.zh, error.en, group.name, old)
    if system_of(group).decisive_games:  # someone goes through (app.pairing.knockout)
        from app.pairing.knockout import undecided_result

        undecided = undecided_result(parsed)
        if undecided is not None:
            raise at_board(undecided, group, round_.number, board_number)
    if system_of(group).bracket:  # a knockout's bracket must take it (app.services.knockout)
        from app.services.knockout import check_match_result

        check_match_result(group, round_.number, board, parsed)
    codec.store_board(board, parsed)
    sync_games(board, parsed.games)
    return True


def enter_lots(event: Event, group: str, round_number: int, board_number: int,
               player: str | int, *, replace: bool = False,
               expected: str | BoardResult | None = None) -> list[str]:
    """Record that the lots sent `player` (a name, or a player id) on from a knockout board
    neither of whose players came (抽签, huazhi 八、(五); `missing_players.board_lots` says
    where it is refused), or with `replace` correct a board's result to it; returns warnings
    (the later rounds a correction re-seats). One operation, undoable; `expected` as for
    `enter_result`."""
    from app.services.missing_players import board_lots

    place = wording.board_place_text(round_number, board_number)
    with event.operation("enter_board_lots", f"抽签决定晋级 {group} {place}: {player} / "
                         "lots send a player on") as session:
        found = Event.group(session, group)
        round_ = find_round(session, found, round_number)
        if expected is not None:
            expecting(expected, round_number, board_number)(session,
                                                            find_board(round_, board_number))
        board = find_board(round_, board_number)
        parsed = board_lots(found, round_number, board, player)  # a team's match, a bye refused
        changed = _store_result(found, round_, board, parsed, replace)
        return _later_rounds_warning(found, round_number, board_number) if replace and changed \
            else []


def same_lots(event: Event, group: str, round_number: int, board_number: int,
              player: str | int) -> bool:
    """Whether the board is decided by lots for `player` already: entering it again changes
    nothing. False where the lots would be refused."""
    from app.services.missing_players import board_lots

    with event.reading() as session:
        found = Event.group(session, group)
        board = find_board(find_round(session, found, round_number), board_number)
        try:
            parsed = board_lots(found, round_number, board, player)
        except UserError:
            return False
        return codec.board_result(board.result, found.games_per_round == 2,
                                  board.label) == parsed


def swap_colours(event: Event, group: str, round_number: int, board_number: int) -> list[str]:
    """Exchange first and second mover on a board; returns the rules the change breaks."""
    with event.operation("swap_colours", f"交换先后手 第{round_number}轮第{board_number}台"
                         ) as session:
        found = Event.group(session, group)
        round_ = _editable_round(session, found, round_number)
        board = find_board(round_, board_number)
        if board.second_player_id is None:
            raise UserError("轮空台没有先后手", "a bye has no colours",
                            Place(f"第{board_number}台", f"board {board_number}"))
        board.first_player_id, board.second_player_id = (board.second_player_id,
                                                         board.first_player_id)
        return _record_manual_change(session, found, round_,
                                     f"人工交换第{board_number}台先后手 / colours swapped by hand")


_SEAT_ZH = {"first": "先手", "second": "后手"}


def _fixed_pairs_refusal(group: Group) -> UserError | None:
    """Why no player may be exchanged between boards of `group`'s rounds: a round robin's
    pairs are its Berger table's, a knockout's its bracket's; None for a Swiss."""
    system = system_of(group)
    if system.round_robin:
        from app.pairing.roundrobin import exchange_refusal

        return exchange_refusal(group.name)
    if system.bracket:
        from app.pairing.knockout import exchange_refusal as bracket_refusal

        return bracket_refusal(group.name)
    return None


def exchange_players(event: Event, group: str, round_number: int, board_a: int, seat_a: str,
                     board_b: int, seat_b: str) -> list[str]:
    """Exchange two players between seats ('first' or 'second'); returns broken rules."""
    for seat in (seat_a, seat_b):
        if seat not in ("first", "second"):
            raise UserError("座位须为 first 或 second", "seat must be first or second", seat)
    with event.operation("exchange_players", f"人工调整 第{round_number}轮") as session:
        found = Event.group(session, group)
        round_ = _editable_round(session, found, round_number)
        a = find_board(round_, board_a)
        b = find_board(round_, board_b)
        fixed = _fixed_pairs_refusal(found)  # a Berger table's or a bracket's pairs stand
        if a is not b and fixed is not None:
            raise fixed
        attr_a, attr_b = f"{seat_a}_player_id", f"{seat_b}_player_id"
        pa, pb = getattr(a, attr_a), getattr(b, attr_b)
        if pa is None or pb is None:
            raise UserError("该座位没有棋手", "that seat is empty",
                            Place(f"第{board_a}台与第{board_b}台", f"boards {board_a} and {board_b}"))
        setattr(a, attr_a, pb)
        setattr(b, attr_b, pa)
        for board in (a, b):
            if board.first_player_id is None and board.second_player_id is not None:
                board.first_player_id, board.second_player_id = board.second_player_id, None
            board.result = codec.BYE if board.second_player_id is None else codec.NO_RESULT
            board.label = ""
        return _record_manual_change(
            session, found, round_,
            f"人工调整：第{board_a}台{_SEAT_ZH[seat_a]} ↔ 第{board_b}台{_SEAT_ZH[seat_b]}"
            f" / players exchanged by hand: board {board_a} {seat_a} mover ↔ board {board_b}"
            f" {seat_b} mover",
        )


def _editable_round(session: Session, group: Group, number: int) -> Round:
    """The round whose pairing may be changed by hand. Team matches never: who plays whom
    and with which colour follows from the registered boards (huazhi 六、(三)3: 由两队之间台号
    相同的选手对局，先行方第1、3台黑棋). A Team Swiss's matches are the pairing rules' own
    (FIDE C.04.6: which teams meet, which is named first by the colour preferences, Art. 1.7);
    the one way to another pairing is to unpair the round and pair it again once what the
    rules read (the teams, who plays) is corrected."""
    if system_of(group) is System.TEAM_SWISS:
        raise UserError(
            "团体积分编排（FIDE C.04.6）的对阵由编排规则决定：哪两队相遇、哪队为先行方都按规则"
            "产生，各台的对阵和先后手又由台次决定（先行方第1、3台执黑），因此不能人工交换先后手或"
            "调换棋手；要改变本轮对阵，请在录入成绩前撤销最后一轮编排，更正队伍或参赛情况（如整队"
            "退赛）后重新编排",
            "a Team Swiss round (FIDE C.04.6) is the pairing rules' own: which teams meet and "
            "which is named first follow the rules, and each board's players and colours "
            "follow the board order (the first-named team has black on boards 1 and 3), so "
            "colours cannot be swapped nor players exchanged by hand; to change the round's "
            "pairing, unpair the last round before any result is entered, correct the teams "
            "or who plays (a team's withdrawal, say) and pair it again", group.name)
    if system_of(group).team:
        raise UserError("团体赛各台的对阵和先后手由台次决定（先行方第1、3台执黑），不能人工调整",
                        "team matches: who plays whom and the colours follow the boards (the "
                        "first-named team has black on boards 1 and 3); they cannot be "
                        "changed by hand", group.name)
    round_ = find_round(session, group, number)
    if round_ is not group.rounds_played[-1]:
        raise UserError(f"只能调整最后一轮的编排（第{number}轮不是最后一轮）",
                        f"only the last round's pairing can be changed (not round {number})",
                        group.name)
    if _has_results(group, round_):
        raise UserError(f"第{number}轮已有结果，不能再调整编排",
                        f"round {number} has results already: the pairing cannot change",
                        group.name)
    return round_


def _record_manual_change(session: Session, group: Group, round_: Round, what: str) -> list[str]:
    """Check the changed round: a round robin's against its Berger table, any other against
    the rounds before it (the Swiss rules); a missing player's forfeit entered again for the
    boards as they are now; keep the findings in its report."""
    if system_of(group).round_robin:
        forfeits = _forfeits_again(group, round_)
        problems = _table_departures(group, round_)
    else:  # a knockout keeps a missing player in the match too (`forfeits_missing`)
        forfeits = _forfeits_again(group, round_) if system_of(group).forfeits_missing else []
        problems = _swiss_problems(session, group, round_)
    first_change = not any(str(line).startswith(_BY_HAND) for line in round_.report)
    round_.report = [*round_.report, *([_BY_HAND] if first_change else []), what, *forfeits,
                     *problems]
    return problems


def _table_departures(group: Group, round_: Round) -> list[str]:
    """A round robin's round changed by hand (a colour swap: players are not exchanged,
    `roundrobin.exchange_refusal`), against its Berger table: each board whose first mover is
    not the table's, and in a double round robin the pair then moving first twice by the same
    player (`roundrobin.colour_departures`). The Swiss checks do not apply: the table's own
    pairs meet again in its second cycle, and its colours are its own."""
    from app.pairing import roundrobin
    from app.pairing.types import Board

    settings = settings_of(group)
    assert settings.berger_numbers is not None  # a paired round robin has its numbers
    numbering = roundrobin.Numbering(settings.berger_numbers, settings.draw_seed)
    boards = [Board(b.number, b.first_player_id, b.second_player_id) for b in round_.boards
              if b.first_player_id is not None]
    earlier = {frozenset((b.first_player_id, b.second_player_id)): b.first_player_id
               for r in group.rounds_played if r.number < round_.number for b in r.boards
               if b.first_player_id is not None and b.second_player_id is not None}
    from app.services.queries import pairing_numbers

    name_of = {p.id: p.name for p in group.players}
    numbers = pairing_numbers(group)  # 编号 as the pairing lists print it
    return [wording.colour_departure_text(d, round_.number, name_of, numbers)
            for d in roundrobin.colour_departures(numbering, round_.number,
                                                  settings.system.cycles == 2, boards, earlier)]


def _swiss_problems(session: Session, group: Group, round_: Round) -> list[str]:
    """A round changed by hand (a Swiss's, a knockout's), against the rounds before it: the
    absolute pairing rules, and same-unit avoidance where the group asks for it."""
    from app.pairing.swiss.checks import violations  # here: entering a result needs none
    from app.services.snapshot import build_snapshot, round_pairing

    if settings_of(group).system is System.DOUBLE_SWISS:  # its own criteria (C.04.5 Art. 2)
        from app.pairing.double_swiss import violations
    session.flush()
    build = build_snapshot(group, partial=False, before_round=round_.number)
    pairing = round_pairing(round_, build.number_of)
    settings = settings_of(group)
    forbidden = _forfeit_pairs(build) if settings.forfeit_counts_as_meeting else set()
    request = PairingRequest(build.snapshot, round_.number,
                             _unavailable(group, build, round_.number), frozenset(forbidden))
    problems = list(violations(request, pairing))
    if settings.avoids_same_unit(round_.number):
        units = {p.number: unit_key(p.unit) for p in build.snapshot.players}
        for board in pairing.boards:
            unit = units[board.first]
            if board.second is not None and unit and unit == units[board.second]:
                problems.append(f"第{board.number}台 同单位相遇（{unit}） / board {board.number}:"
                                f" same unit meets ({unit})")
    return problems


def _forfeits_again(group: Group, round_: Round) -> list[str]:
    """A round robin's or knockout's round changed by hand: its boards' forfeits (the only
    results it has, `_editable_round`) entered again for the boards as they are now."""
    for board in round_.boards:
        if board.second_player_id is not None:
            codec.store_board(board, None)
            sync_games(board, ())
    return _enter_missing_forfeits(group, round_)


_BY_HAND = ("以上编排说明是对程序所编对阵而言；以下为人工调整，各台对阵可能已与之不同 / the "
            "notes above are about the pairing the program made; the boards were changed by "
            "hand since, as follows")
"""Said once, before a round's first change by hand: the pairing's notes (升档 on board 1,
the bye ...) were about the boards as paired, which the change moves."""


# ----- whether an operation can succeed now (the window enables its actions by these) -----


@dataclass(frozen=True)
class RoundRefusals:
    """Why each round operation cannot succeed now (None: it can), asked in one reading."""

    pair: UserError | None
    unpair: UserError | None
    change_pairing: UserError | None  # swap colours, exchange players (the round shown)
    playoff: UserError | None
    finished: bool  # every round the group plays has all its results
    # exchange players: as change_pairing, and never in a round robin (its table's pairs)
    exchange: UserError | None = None


def _refusal(check: Callable[[], object]) -> UserError | None:
    try:
        check()
    except UserError as error:
        return error
    return None


def _finished(session: Session, group: Group) -> bool:
    """Every planned round paired, and no board of the group without its result."""
    from sqlalchemy import func, select

    planned = planned_rounds(group)
    if not planned or len(group.rounds_played) < planned:
        return False
    waiting = session.scalar(select(func.count()).select_from(BoardRow).join(Round).where(
        Round.group_id == group.id, BoardRow.result == codec.NO_RESULT))
    return not waiting


def _playoff_refusal(group: Group, finished: bool) -> UserError | None:
    """Playoffs (加赛) break the ties of the final standings: only once the group is finished,
    and never in a knockout, whose bracket decides every place (huazhi 六、(三)5; a level
    team match is decided within the match by the captains, 六、(三)3)."""
    if system_of(group).bracket:
        return UserError("淘汰赛的名次由对阵决出，没有名次加赛（打平的团体赛在该场由主将加赛）",
                         "a knockout decides every place in its bracket: no playoff for "
                         "places (a level team match is decided by its captains' playoff)",
                         group.name)
    if finished:
        return None
    return UserError("本组比赛尚未全部结束：加赛在最后一轮之后进行",
                     "the group has not finished: playoffs come after the last round",
                     group.name)


def round_refusals(event: Event, group: str, round_number: int | None) -> RoundRefusals:
    """What the round operations would say now: pair the next round, unpair the last, change
    the pairing of `round_number` by hand, open a playoff."""
    with event.reading() as session:
        found = Event.group(session, group)
        change = (UserError("尚未编排", "no round is paired", group) if round_number is None
                  else _refusal(lambda: _editable_round(session, found, round_number)))
        finished = _finished(session, found)
        exchange = change or _fixed_pairs_refusal(found)
        return RoundRefusals(
            pair=_refusal(lambda: _check_ready(found)),
            unpair=_refusal(lambda: _check_unpairable(found)),
            change_pairing=change,
            playoff=_playoff_refusal(found, finished),
            finished=finished,
            exchange=exchange,
        )


def points_before_round(event: Event, group: str, round_number: int) -> dict[int, int]:
    """Each player's points (in the event's own units) before `round_number` was played:
    what the pairing list shows beside each name."""
    from app.services.snapshot import build_snapshot

    with event.reading() as session:
        found = Event.group(session, group)
        build = build_snapshot(found, partial=True, before_round=round_number)
        return {build.player_of[p.number]: p.score for p in build.snapshot.players}


def board_view(event: Event, group: str, round_number: int, board_number: int) -> BoardInfo:
    """One board of a round as the pairing list shows it (after a result on it)."""
    from app.services.queries import (
        BoardInfo,
        game_info,
        match_boards,
        match_facts,
        not_playing,
        pairing_numbers,
        round_points_of,
        seated_missing,
    )

    with event.reading() as session:
        found = Event.group(session, group)
        board = find_board(find_round(session, found, round_number), board_number)
        numbers = pairing_numbers(found)
        missing = seated_missing(found, not_playing(session, found.players, round_number))
        teams = {t.id: t.name for t in found.teams} if board.first_team_id else {}
        scores, places = match_facts(found, round_number)
        result = codec.board_result(board.result, found.games_per_round == 2, board.label)
        return BoardInfo(
            number=board.number,
            first=_player_ref(board.first_player, numbers),
            second=_player_ref(board.second_player, numbers),
            result=result,
            games=tuple(game_info(g, session, numbers, match_boards(found))
                        for g in board.games),
            first_team=teams.get(board.first_team_id or 0, ""),
            second_team=teams.get(board.second_team_id or 0, ""),
            id=board.id,
            score=scores.get(board.number),
            places=places.get(board.number),
            bye=codec.is_bye(board.result),
            first_missing=missing.get(board.first_player_id or 0),
            second_missing=missing.get(board.second_player_id or 0),
            round_points=round_points_of(found, result),
        )


def _player_ref(player: Player | None, numbers: dict[int, int]) -> PlayerRef | None:
    from app.services.queries import PlayerRef

    if player is None:
        return None
    return PlayerRef(player.id, player.name, player.unit, numbers.get(player.id, 0))
