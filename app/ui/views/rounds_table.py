"""The rounds view's pairing table: its headers, one row of texts for each board (a game's
players with their points before the round, or a team match with its line-ups), and the
table brought up to date in place when the same boards are shown again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from app import wording
from app.rules.endings import Ending
from app.services import queries
from app.ui.common import cell, fit_columns
from app.ui.i18n import language, tr
from app.wording import number_text

if TYPE_CHECKING:
    from app.services.event import Event


def read_round(event: Event, group: str, number: int,
               team: bool) -> tuple[queries.RoundInfo, dict[int, int]]:
    """The round as the view shows it: its boards, and each player's points before it (in
    the event's units; none for a team match, whose line-ups show no points)."""
    from app.services import rounds

    found = queries.round_view(event, group, number)
    return found, ({} if team else rounds.points_before_round(event, group, number))


def headers(team: bool) -> list[str]:
    keys = (("col_match", "col_first_team", "col_label", "col_result", "col_second_team",
             "col_lineup") if team else
            ("col_board", "col_first", "col_points_before", "col_first_unit", "col_result",
             "col_second", "col_points_before", "col_second_unit"))
    return [tr(k) for k in keys]


def player_text(ref: queries.PlayerRef | None) -> str:
    if ref is None:
        return tr("bye")
    return f"{ref.number}. {ref.name}" if ref.number else ref.name


def match_note(board: queries.BoardInfo) -> str:
    """A team match's note in the language shown: its score once every board has its result
    ("3:3 主将加赛": the game points, decided by the captains' playoff); before, the places a
    knockout match decides (1–8名)."""
    if board.score is not None:
        return wording.match_score_text(board.score, language())
    if board.places is not None:
        return wording.places_text(board.places, language())
    return ""


def _points(points_before: dict[int, int], ref: queries.PlayerRef | None) -> str:
    if ref is None or ref.id not in points_before:
        return ""
    return number_text(points_before[ref.id])

def result_words(board: queries.BoardInfo) -> str:
    """A board's result in the words the papers use (`wording.board_result_text`: 黑胜,
    白胜（黑超时）, 白弃权, a double-game round 黑胜／白胜 2:0; a team match 一队胜 with its boards'
    games): the arbiter types codes or keys, the window shows words, never a code. A
    double-game round not complete yet: the games in so far; "" while none is."""
    lang = language()
    if board.first_team:  # a team's bye: its line says 轮空 where the other team goes
        # every board played, level on game points: waiting for the captains' playoff
        waiting = board.score is not None and board.score.waits_for_playoff
        return wording.match_waiting_text(lang) if waiting else wording.match_result_text(
            board.result, board.first_team, board.second_team, lang)
    if board.bye:
        return tr("bye")
    if board.result is None:
        return wording.games_text([g.result for g in board.games if g.result is not None],
                                  lang)
    timed = {g.index for g in board.games if g.ending is Ending.TIME}
    return wording.board_result_text(board.result, lang, points=board.round_points,
                                     lost_on_time=timed)


def board_row(board: queries.BoardInfo, points_before: dict[int, int]) -> list[object]:
    """Board, first side (points before the round, unit), result, second side (...)."""
    if board.first_team:  # a team match (分台定人制): teams, each board's game, line-ups
        lang = language()
        games = " ".join(wording.game_result_text(g.result, lang) if g.result else "·"
                         for g in board.games)
        lineup = ("；" if lang == "zh" else "; ").join(
            f"{g.index}: {g.black.name if g.black else '—'}–"
            f"{g.white.name if g.white else '—'}" for g in board.games)
        return [board.number, board.first_team, match_note(board),
                f"{result_words(board)}  [{games}]",
                board.second_team or tr("bye"), lineup]
    result = result_words(board)
    second = player_text(board.second) if board.second is not None else tr("bye")
    return [board.number, player_text(board.first), _points(points_before, board.first),
            board.first.unit if board.first else "", result, second,
            _points(points_before, board.second), board.second.unit if board.second else ""]


def same_boards(table: QTableWidget, headers: list[str], shown: list[str] | None,
                rows: list[list[object]], data: list[object]) -> bool:
    """The table shows these boards already, under these headers (only texts differ:
    after undo or another full refresh of the round shown)."""
    if not rows or table.rowCount() != len(rows) or table.columnCount() != len(rows[0]) \
            or shown != headers:
        return False
    for r, number in enumerate(data):
        item = table.item(r, 0)
        if item is None or item.data(Qt.ItemDataRole.UserRole) != number \
                or item.data(Qt.ItemDataRole.DisplayRole) != rows[r][0]:
            return False
    return all(len(row) == table.columnCount() for row in rows)

def update_rows(table: QTableWidget, rows: list[list[object]]) -> None:
    """Put the texts that changed into the table's cells (rather than building every
    cell again), then size the columns as filling the table does."""
    changed = False
    for r, values in enumerate(rows):
        for c, value in enumerate(values):
            if c == 0:
                continue  # the board number: the same, checked above
            item = cell(table, r, c)
            if isinstance(value, int | float) and not isinstance(value, bool):
                if item.data(Qt.ItemDataRole.DisplayRole) != value:
                    item.setData(Qt.ItemDataRole.DisplayRole, value)
                    changed = True
                continue
            text = "" if value is None else str(value)
            if item.text() != text:
                item.setText(text)
                changed = True
    if changed:
        fit_columns(table, [["" if v is None else str(v) for v in row] for row in rows])
        header = table.horizontalHeader()
        header.setStretchLastSection(False)  # re-stretch after the columns were sized
        header.setStretchLastSection(True)
