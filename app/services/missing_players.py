"""A round robin's boards held by a player who does not play the round (退赛, 缺席, 请假).

The Berger schedule keeps every player on it, so such a board is forfeited: entered when the
round is paired, said in its report, and no other result is taken for it while the player is
still missing (the rule: `app.pairing.roundrobin.missing_player_forfeits`). A player who is
reinstated (恢复参赛) or whose absence is cleared is no longer missing, and the board takes
the result played again (a correction, `result --replace`).
"""

from __future__ import annotations

from collections.abc import Sequence

from app import wording
from app.errors import UserError
from app.pairing import roundrobin
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
    """The boards of a round-robin round (board number -> result) that a missing player
    forfeits; nothing in any other system (a Swiss pairs only who plays)."""
    if not system_of(group).round_robin:
        return {}
    missing = missing_players(group, round_number)
    if not missing:
        return {}
    boards = [board for board in map(_board, rows) if board is not None]
    double = group.games_per_round == 2
    return {number: BoardResult((result,), double) for number, result in
            roundrobin.missing_player_forfeits(boards, missing).items()}


def forfeit_report(group: Group, round_number: int, rows: Sequence[BoardRow]) -> list[str]:
    """What the round's report says of its forfeited boards, one line a board, Chinese and
    English: `第1台 王三（退赛）弃权，李四不战胜 / board 1: …`."""
    missing = missing_players(group, round_number)
    name_of = {p.id: p.name for p in group.players}
    lines = []
    for row in rows:
        if row.number not in due_forfeits(group, round_number, [row]):
            continue
        first = (name_of[row.first_player_id or 0], missing.get(row.first_player_id or 0))
        second = (name_of[row.second_player_id or 0], missing.get(row.second_player_id or 0))
        lines.append(f"{wording.missing_forfeit_text(row.number, first, second)} / "
                     f"{wording.missing_forfeit_text(row.number, first, second, 'en')}")
    return lines


def check_result(group: Group, round_number: int, row: BoardRow,
                 result: BoardResult | None) -> None:
    """Refuse a result (None: a game recorded on the board) other than the forfeit due on a
    round-robin board held by a missing player, naming the player and why."""
    due = due_forfeits(group, round_number, [row]).get(row.number)
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


def _why(player: Player, missing: dict[int, SitOut], round_number: int,
         lang: str = "zh") -> str:
    return wording.missing_why_text(missing[player.id], round_number, withdrawn_from(player),
                                    lang)
