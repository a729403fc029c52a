"""The rounds view's pairing table: its headers, one row of texts for each board (a game's
players with their points before the round, or a team match with its line-ups), and the
table brought up to date in place when the same boards are shown again."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTableWidget

from app import wording
from app.pairing.types import SitOut
from app.results import Side
from app.rules.endings import Ending
from app.services import queries
from app.ui.common import cell, fit_columns
from app.ui.i18n import aside, language, place_colon, tr
from app.wording import number_text

if TYPE_CHECKING:
    from app.services.event import Event
    from app.ui.views.rounds import RoundsView


def read_round(event: Event, group: str, number: int,
               team: bool) -> tuple[queries.RoundInfo, dict[int, int]]:
    """The round as the view shows it: its boards, and each player's points before it (in
    the event's units; none for a team match, whose line-ups show no points)."""
    from app.services import rounds

    found = queries.round_view(event, group, number)
    return found, ({} if team else rounds.points_before_round(event, group, number))


def headers(team: bool, knockout: bool = False) -> list[str]:
    """The table's headers; an individual knockout's boards end with the places each match
    plays for (名次段, as the bracket says them; a team match says them in its note)."""
    keys = (("col_match", "col_first_team", "col_label", "col_result", "col_second_team",
             "col_lineup") if team else
            ("col_board", "col_first", "col_points_before", "col_first_unit", "col_result",
             "col_second", "col_points_before", "col_second_unit",
             *(("col_places",) if knockout else ())))
    return [tr(k) for k in keys]


def places_shown(view: RoundsView) -> bool:
    """An individual knockout shown: its boards are matches for places (名次段)."""
    system = view.group_info.system if view.group_info else None
    return system is not None and system.bracket and not system.team


def player_text(ref: queries.PlayerRef | None, missing: SitOut | None = None) -> str:
    """A seat's player (`1. 张三`), marked where a round robin's player does not play the
    round and forfeits the board (`6. 张六（退赛）`)."""
    if ref is None:
        return tr("bye")
    name = ref.name if missing is None else wording.missing_mark(ref.name, missing, language())
    return f"{ref.number}. {name}" if ref.number else name


def match_note(board: queries.BoardInfo) -> str:
    """A team match's note in the language shown: its score once every board has its result
    ("3:3 主将加赛": the game points, decided by the captains' playoff; "3:3 抽签（队2胜）" by
    lots); before, the places a
    knockout match decides (1–8名)."""
    if board.score is not None:
        return wording.match_score_text(board.score, language(),
                                        (board.first_team, board.second_team))
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
        return wording.team_match_text(board.result, board.score, board.first_team,
                                       board.second_team, lang)
    if board.bye:
        return tr("bye")
    if board.result is None:
        return wording.games_text([g.result for g in board.games if g.result is not None],
                                  lang)
    if board.result.lots is not None:  # neither came: who the lots sent on, no forfeit
        drawn = board.first if board.result.lots is Side.FIRST else board.second
        return wording.lots_board_text(drawn.name if drawn is not None else "?", lang)
    timed = {g.index for g in board.games if g.ending is Ending.TIME}
    return wording.board_result_text(board.result, lang, points=board.round_points,
                                     lost_on_time=timed)


def _match_row(board: queries.BoardInfo) -> list[object]:
    """A team match (分台定人制): teams, its note, its result and each board's game in words,
    the line-ups. A level match's captains' playoff (主将加赛, `GameInfo.playoff`, huazhi
    六、(三)3) is no board: it follows them named so (`主将加赛 白胜`, `主将加赛：甲4–甲1`), as
    the printed lists and the typed entry's words say it, never as a board's number."""
    lang = language()
    playoff = wording.captains_playoff_text(lang)

    def said(games: list[queries.GameInfo]) -> str:
        return " ".join(wording.game_result_text(g.result, lang) if g.result else "·"
                        for g in games)

    def seats(g: queries.GameInfo) -> str:
        place = playoff if g.playoff else str(g.index)
        return (f"{place}{place_colon()}{g.black.name if g.black else '—'}–"
                f"{g.white.name if g.white else '—'}")

    boards = [g for g in board.games if not g.playoff]
    played_off = [g for g in board.games if g.playoff]
    games = aside(said(boards)) + (f" {playoff} {said(played_off)}" if played_off else "")
    lineup = ("；" if lang == "zh" else "; ").join(seats(g) for g in board.games)
    return [board.number, board.first_team, match_note(board),
            f"{result_words(board)}{games}", board.second_team or tr("bye"), lineup]


def board_row(board: queries.BoardInfo, points_before: dict[int, int],
              knockout: bool = False) -> list[object]:
    """Board, first side (points before the round, unit), result in words, second side
    (...); in an individual knockout (`knockout`) then the places the match plays for."""
    if board.first_team:
        return _match_row(board)
    result = result_words(board)
    second = player_text(board.second, board.second_missing) if board.second is not None \
        else tr("bye")
    row: list[object] = [
        board.number, player_text(board.first, board.first_missing),
        _points(points_before, board.first),
        board.first.unit if board.first else "", result, second,
        _points(points_before, board.second), board.second.unit if board.second else ""]
    if knockout:  # the places the match plays for (knockout.match_places), game or bye
        row.append(wording.places_text(board.places, language()) if board.places else "")
    return row


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
