"""A round robin's or a knockout's boards held by a player who does not play the round (退赛,
缺席, 请假).

The Berger schedule and the bracket keep every player in place, so such a board is forfeited:
entered when the round is paired, said in its report, and no other result is taken for it
while the player is still missing (the rules: `app.pairing.roundrobin.missing_player_forfeits`,
and for a knockout `app.pairing.knockout.missing_player_forfeits`, which sends no one on by a
double forfeit: a knockout board whose two players are both missing waits for the chief
arbiter's lots, `board_lots`, entered as `result … --lots PLAYER`). A player who is reinstated
(恢复参赛) or whose absence is cleared is no longer missing, and the board takes the result
played again (a correction, `result --replace`).
"""

from __future__ import annotations

from collections.abc import Sequence

from app import wording
from app.errors import UserError
from app.pairing import knockout, roundrobin
from app.pairing.types import Board, SitOut
from app.results import BoardResult
from app.services.lookup import at_board, sits_out, system_of, withdrawn_from
from app.store.models import BoardRow, Group, Player


def missing_players(group: Group, round_number: int) -> dict[int, SitOut]:
    """The group's players who do not play round `round_number`: player id -> why."""
    missing = {}
    for player in group.players:
        why = sits_out(player, round_number)
        if why is not None:
            missing[player.id] = why
    return missing


def _board(row: BoardRow) -> Board | None:
    if row.first_player_id is None:
        return None
    return Board(row.number, row.first_player_id, row.second_player_id)


def due_forfeits(group: Group, round_number: int, rows: Sequence[BoardRow]
                 ) -> dict[int, BoardResult]:
    """The boards of a round-robin or knockout round (board number -> result) that a missing
    player forfeits; nothing in any other system (a Swiss pairs only who plays)."""
    system = system_of(group)
    if not system.forfeits_missing:
        return {}
    missing = missing_players(group, round_number)
    if not missing:
        return {}
    boards = [board for board in map(_board, rows) if board is not None]
    double = group.games_per_round == 2
    rule = roundrobin.missing_player_forfeits if system.round_robin else \
        knockout.missing_player_forfeits
    return {number: BoardResult((result,), double) for number, result in
            rule(boards, missing).items()}


def undecided_boards(group: Group, round_number: int, rows: Sequence[BoardRow]
                     ) -> tuple[int, ...]:
    """A knockout round's boards whose two players are both missing: no forfeit is due (one
    lost by both sends no one on), the chief arbiter decides who goes through."""
    if not system_of(group).bracket or system_of(group).team:
        return ()
    missing = missing_players(group, round_number)
    boards = [board for board in map(_board, rows) if board is not None]
    return knockout.both_missing(boards, missing) if missing else ()


def forfeit_report(group: Group, round_number: int, rows: Sequence[BoardRow]) -> list[str]:
    """What the round's report says of its forfeited boards, one line a board, Chinese and
    English: `第1台 王三（退赛）弃权，李四不战胜 / board 1: …`."""
    missing = missing_players(group, round_number)
    name_of = {p.id: p.name for p in group.players}
    undecided = undecided_boards(group, round_number, rows)
    lines = []
    for row in rows:
        due = due_forfeits(group, round_number, [row]).get(row.number)
        if due is None and row.number not in undecided:
            continue
        first = (name_of[row.first_player_id or 0], missing.get(row.first_player_id or 0))
        second = (name_of[row.second_player_id or 0], missing.get(row.second_player_id or 0))
        if row.number in undecided:
            both = wording.both_missing_text
            lines.append(f"{both(row.number, first, second, 'zh', round_number)} / "
                         f"{both(row.number, first, second, 'en', round_number)}")
            continue
        say = wording.missing_forfeit_text  # the forfeit due, as entered (单循环: -- too)
        lines.append(f"{say(row.number, first, second, 'zh', due)} / "
                     f"{say(row.number, first, second, 'en', due)}")
    return lines


def check_result(group: Group, round_number: int, row: BoardRow,
                 result: BoardResult | None) -> None:
    """Refuse a result (None: a game recorded on the board) other than the forfeit due on a
    round-robin board held by a missing player, naming the player and why."""
    due = due_forfeits(group, round_number, [row]).get(row.number)
    if due is None and row.number in undecided_boards(group, round_number, [row]):
        _check_decided(group, round_number, row, result)
        return
    if due is None or (result is not None and result == due):
        return
    missing = missing_players(group, round_number)
    players = {p.id: p for p in group.players}
    gone = [players[p] for p in (row.first_player_id, row.second_player_id)
            if p is not None and p in missing]
    zh = "，".join(f"{p.name} {_why(p, missing, round_number)}" for p in gone)
    en = "; ".join(f"{p.name} {_why(p, missing, round_number, 'en')}" for p in gone)
    code = str(due)
    what = ("不能录入其他结果" if result is not None else "不能记录对局",
            "no other result is taken" if result is not None else "no game is recorded")
    raise at_board(UserError(
        f"{zh}：该台判其弃权负，已录 {code}，{what[0]}（如其已到场，请先恢复参赛或取消缺席，"
        "再更正成绩）",
        f"{en}: the board is lost by forfeit, entered as {code}; {what[1]} (if they are "
        "there after all, reinstate them or clear the absence first, then correct the "
        "result)"), group, round_number, row.number)


def _check_decided(group: Group, round_number: int, row: BoardRow,
                   result: BoardResult | None) -> None:
    """A knockout board whose two players are both missing takes the chief arbiter's lots
    only (`knockout.decided_by_lots`): never a game, and never a forfeit win — neither came
    to claim one (a forfeit win printed 不战胜 would say one had come)."""
    if result is not None and result.lots is not None:
        return
    missing = missing_players(group, round_number)
    players = {p.id: p for p in group.players}
    gone = [players[p] for p in (row.first_player_id, row.second_player_id) if p is not None]
    zh = "、".join(f"{p.name}（{_why(p, missing, round_number)}）" for p in gone)
    en = " and ".join(f"{p.name} ({_why(p, missing, round_number, 'en')})" for p in gone)
    raise at_board(UserError(
        f"{zh}均不出场：双方都没有到场，不能判一方不战胜；淘汰赛须有一方晋级，请由裁判长抽签决定，"
        f"录入 result … {round_number} {row.number} --lots 棋手（窗口：成绩录入中的“抽签…”）",
        f"{en} both do not play: neither came, so neither wins by forfeit; one has to go "
        f"through, as the chief arbiter's lots decide: enter result … {round_number} "
        f"{row.number} --lots PLAYER (in the window: Lots… in the result entry)"),
        group, round_number, row.number)


def board_lots(group: Group, round_number: int, row: BoardRow, player: str | int
               ) -> BoardResult:
    """The result of a knockout board neither of whose players came, the lots having drawn
    `player` (a name as typed, or the player's id: an int, or digits no name is) to go on (`knockout.decided_by_lots`,
    huazhi 八、(五)). Refused (`UserError` naming the board): a group that is not an
    individual knockout, a bye, a player not on the board."""
    system = system_of(group)
    if system.team:
        raise at_board(UserError(
            "团体赛打平的比赛抽签请用 team-result … --lots 队名",
            "a level team match's lots are entered with team-result … --lots TEAM"),
            group, round_number, row.number)
    if not system.bracket:
        raise at_board(UserError(
            f"{system.zh}不以抽签决定一台的胜负：抽签决定晋级只用于淘汰赛双方均未到场的对局"
            "（并列名次的抽签请用 lots 命令）",
            f"a {system.en} decides no board by lots: lots send a player on only in a "
            "knockout, where neither player of a board came (lots for tied places: the lots "
            "command)"), group, round_number, row.number)
    board = _board(row)
    if board is None or board.second is None:
        raise at_board(UserError("轮空台不需要抽签", "a bye takes no lots"), group,
                       round_number, row.number)
    names = {p.id: p.name for p in group.players}
    drawn = _drawn_player(group, round_number, row, player)
    try:
        return knockout.decided_by_lots(board, drawn, group.games_per_round == 2, names)
    except UserError as error:
        raise at_board(error, group, round_number, row.number) from None


def _drawn_player(group: Group, round_number: int, row: BoardRow, typed: str | int) -> int:
    """The player `typed` names (a name, or a player id): the board's own first (a name two
    players of the group share names the one on the board); a name no player of the group
    has, or one both players of the board have, refused."""
    by_id = {p.id: p for p in group.players}
    if isinstance(typed, int):
        if typed in by_id:
            return typed
        raise at_board(UserError(f"本组没有 id 为 {typed} 的棋手",
                                 f"no player with id {typed} in this group"),
                       group, round_number, row.number)
    text = typed.strip()
    seated = [p for p in (row.first_player_id, row.second_player_id) if p is not None]
    named = [pid for pid in seated if by_id[pid].name == text]
    if len(named) == 1:
        return named[0]
    if len(named) > 1:
        raise at_board(UserError(
            f"本台两名棋手都叫 {text}：请改用棋手 id（players --csv 所列）",
            f"both players of the board are called {text}: give the player id instead "
            "(as players --csv lists it)"), group, round_number, row.number)
    others = [p.id for p in group.players if p.name == text]
    if others:
        return others[0]  # not on the board: `decided_by_lots` says so, naming the board's
    if text.isdigit() and int(text) in by_id:
        return int(text)
    raise at_board(UserError(f"本组没有棋手 {text}", f"no player {text} in this group"),
                   group, round_number, row.number)


def _why(player: Player, missing: dict[int, SitOut], round_number: int,
         lang: str = "zh") -> str:
    return wording.missing_why_text(missing[player.id], round_number, withdrawn_from(player),
                                    lang)
