"""The rounds view's quick result entry by keyboard (see `app.ui.views.rounds`): the entry
line (board number, a space, one key per game), the keys typed on the pairing table, and
storing the result they make (a board that has one is replaced only when the arbiter says
so)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QLabel, QLineEdit

from app import wording
from app.errors import UserError
from app.results import (
    DRAW,
    FIRST_WINS,
    SECOND_WINS,
    BoardResult,
    GameCode,
    GameResult,
    LevelDecision,
    complete_entry,
    notation,
    parse_game,
)
from app.services import knockout as knockout_service
from app.services import queries
from app.services import rounds as rounds_service
from app.services.operations import ENTER_BOARD_LOTS, ENTER_RESULT, ENTER_TEAM_RESULT
from app.ui import common
from app.ui.i18n import aside, language, tr
from app.ui.views import rounds_table

if TYPE_CHECKING:
    from app.services.queries import BoardInfo
    from app.ui.views.rounds import RoundsView

KEY_CODES = {  # one key per game; the code each stands for is the results home's
    "1": notation(FIRST_WINS), "0": notation(SECOND_WINS), "=": notation(DRAW),
    "+": notation(GameResult(GameCode.FIRST_FORFEIT_WIN)),
    "-": notation(GameResult(GameCode.SECOND_FORFEIT_WIN)),
    "*": notation(GameResult(GameCode.DOUBLE_FORFEIT)),
    "t1": notation(GameResult(GameCode.FIRST_WINS, True)),
    "t0": notation(GameResult(GameCode.SECOND_WINS, True)),
}
_KEY = re.compile(r"t[10]|[10=+\-*]")
_KEYS = r"(?:t[10]|[10=+\-*])+"
_ENTRY = re.compile(rf"^\s*(\d+)\s*[ .,/:]\s*({_KEYS})\s*$")
_TEAM_PLAYOFF = re.compile(rf"^\s*(\d+)\s*[ .,/:]\s*({_KEYS})\s*[pP]\s*({_KEYS})\s*$")
# a level match decided by lots (抽签): L1 / L2 (or 抽1 / 抽2) the first- / second-named team,
# after the boards (and playoff games), or alone when the boards are entered already
_TEAM_LOTS = re.compile(rf"^\s*(\d+)(?:\s*[ .,/:]\s*({_KEYS}))?(?:\s*[pP]\s*({_KEYS}))?"
                        r"\s*[lL抽]\s*([12])\s*$")
# a knockout board neither of whose players came: L1 / L2 (or 抽1 / 抽2) the first / second
# mover, the one the lots sent on
_BOARD_LOTS = re.compile(r"^\s*(\d+)\s*[ .,/:]?\s*[lL抽]\s*([12])\s*$")
_SPOKEN = re.compile(r"^\s*(\d+)\s+(\S.*?)\s*$")
# "12 1:0" typed in a single-game round saves at "12 1"; the rest is the same code again
KEY_TAILS = {"1": ("-0", ":0"), "0": ("-1", ":1")}


def entry_keys(text: str) -> list[str]:
    """`"1t0="` -> `["1", "t0", "="]`: the keys typed for one board's games."""
    return _KEY.findall(text)


def parse_entry(text: str, games: int) -> tuple[int, list[str]] | None:
    """`"12 1"` -> `(12, ["1-0"])`; `"3 1="` with two games -> `(3, ["1-0", "="])`;
    `"5 t0"` -> `(5, ["0-1t"])` (the first mover lost on time).

    None while the text is not yet a complete entry for `games` games a round. In a
    double-game round one forfeit or one loss on time in game 1 is complete on its own
    (`app.results.complete_entry`).
    """
    match = _ENTRY.match(text)
    if match is None:
        return None
    codes = [KEY_CODES[k] for k in entry_keys(match.group(2))]
    if not complete_entry([parse_game(code) for code in codes], games):
        return None
    return int(match.group(1)), codes


def parse_spoken_entry(text: str, games: int) -> tuple[int, list[str]] | None:
    """`"12 胜"`, `"12 1:0"`, `"3 胜 和"`: the board number, then the result words arbiters
    say (`app.results.parse_game`: 胜/黑胜/先手胜, 负/白胜/后手胜, 和, 1:0, 0:1, ½:½), one per
    game; saved on Enter. None when it is not such an entry."""
    match = _SPOKEN.match(text)
    if match is None:
        return None
    try:
        typed = [parse_game(word) for word in match.group(2).split()]
    except UserError:
        return None
    if not complete_entry(typed, games):
        return None
    return int(match.group(1)), [notation(game) for game in typed]


def parse_team_playoff(text: str, games: int) -> tuple[int, list[str], list[str]] | None:
    """`"7 0=1 p1"`: match 7, one key per board, then the captains' playoff games (主将加赛)."""
    match = _TEAM_PLAYOFF.match(text)
    if match is None:
        return None
    keys = entry_keys(match.group(2))
    if len(keys) != games:
        return None
    return (int(match.group(1)), [KEY_CODES[k] for k in keys],
            [KEY_CODES[k] for k in entry_keys(match.group(3))])


def parse_team_lots(text: str, games: int) -> tuple[int, list[str], list[str], int] | None:
    """`"7 =10 L2"`: match 7, one key per board, the lots drawn for the second-named team
    (1: the first-named, 先行方); `"7 =10 p= L1"` after a drawn playoff game; `"7 L1"` alone,
    the boards as entered (the pairing's forfeits of two teams gone). None otherwise."""
    match = _TEAM_LOTS.match(text)
    if match is None:
        return None
    keys = entry_keys(match.group(2) or "")
    if (keys and len(keys) != games) or (match.group(3) and not keys):
        return None
    return (int(match.group(1)), [KEY_CODES[k] for k in keys],
            [KEY_CODES[k] for k in entry_keys(match.group(3) or "")], int(match.group(4)))




def parse_board_lots(text: str) -> tuple[int, int] | None:
    """`"12 L2"`: board 12 neither of whose players came, the lots sent its second mover on
    (1: the first mover). None otherwise."""
    match = _BOARD_LOTS.match(text)
    return None if match is None else (int(match.group(1)), int(match.group(2)))


def _drawn_team(shown: BoardInfo | None, lots: int | None) -> str | None:
    """The team a match's lots drew, by its side typed (1: the first-named, 2: the other)."""
    if lots is None or shown is None:
        return None
    return shown.first_team if lots == 1 else shown.second_team


def _typed_text(codes: list[str], playoff: list[str] | None, drawn: str | None) -> str:
    """What was typed for a board or match, in words for the correction's question."""
    text = typed_words(codes, playoff or [])
    if drawn:
        text += f" {wording.level_decision_text(LevelDecision.LOTS, language())} {drawn}"
    return text


def _stored(board: queries.BoardInfo | None) -> tuple[BoardResult | str, str]:
    """A board's stored result: the result itself, for the check that no other station
    changed it meanwhile ('' for none), and its words (黑胜／白胜 2:0), which the arbiter reads
    (never the code)."""
    if board is None:
        return "", ""
    return board.result or "", rounds_table.result_words(board)


def typed_words(codes: Sequence[str], playoff: Sequence[str] = ()) -> str:
    """What was typed for a board, in words (the codes the keys made: `1-0 0-1t` reads
    黑胜／白胜（黑超时）); a team match's boards' games, then its captains' playoff."""
    lang = language()
    text = wording.games_text([parse_game(code) for code in codes], lang)
    if playoff:
        text += f" {wording.captains_playoff_text(lang)} " + wording.games_text(
            [parse_game(code) for code in playoff], lang)
    return text


class ResultEntry(QObject):
    """The entry line of the rounds view and the result keys typed on its table."""

    def __init__(self, view: RoundsView) -> None:
        super().__init__(view)
        self.view = view
        self._pending: tuple[str, int | None] = ("", None)
        self._saved_tails: tuple[str, ...] = ()  # what may follow a key that saved (1 -> :0)
        self.entry_label = QLabel()
        self.entry = QLineEdit()
        self.entry.setObjectName("result_entry")
        self.entry.textEdited.connect(self.edited)
        self.entry.returnPressed.connect(self.entered)
        common.pass_undo_to_window(self.entry)
        self.entry_hint = QLabel()
        self.entry_hint.setObjectName("entry_hint")
        self.entry_error = QLabel()  # why the last entry was refused, until one is stored
        self.entry_error.setObjectName("entry_error")
        self.entry_error.setStyleSheet("color: #b00020;")
        self.entry_error.setWordWrap(True)
        self._reason = ""  # why the last result entered was refused ('' if it was not)
        view.table.installEventFilter(self)
        self.entry_shortcut = QShortcut(QKeySequence("Ctrl+R"), view)
        self.entry_shortcut.activated.connect(self.entry.setFocus)

    def reset(self) -> None:
        self._pending = ("", None)
        self.entry.setText("")
        self.entry_hint.setText("")
        self.entry_error.setText("")

    def show_games(self, games: int) -> None:
        """The placeholder: an example entry for `games` keys a board."""
        self.entry.setPlaceholderText("12 " + "1=0"[:games] if games <= 3 else "12 1")

    def confirm_replace(self, board: int, old: str, new: str) -> bool:
        return common.confirm(self.view, tr("rounds_replace_title"),
                              tr("rounds_replace_text", board=board, old=old, new=new))

    def enter_result(self, board: int, codes: list[str], playoff: list[str] | None = None,
                     lots: int | None = None) -> bool:
        """Store a board's result. A board that has one already is replaced only when the
        arbiter says so; later rounds paired on the old result are named."""
        view = self.view
        self._reason = ""
        number = view.current_round_number()
        name = view.selected_group()
        if number is None or name is None or view.round is None:
            view.main.show_message(tr("rounds_none"))
            return False
        shown = next((b for b in view.round.boards if b.number == board), None)
        replace = shown is not None and shown.result is not None
        expected, old = _stored(shown)
        drawn = _drawn_team(shown, lots)
        new = _typed_text(codes, playoff, drawn)
        if replace and self._unchanged(name, number, board, codes, playoff or [], drawn):
            view.main.show_message(tr("rounds_result_unchanged", board=board, result=old))
            view.main.banner.hide()  # an entry that stands: the last refusal is over
            return True  # nothing to correct: no question, nothing written
        if replace and not self.confirm_replace(board, old, new):
            view.main.show_message(tr("rounds_replace_kept", board=board, old=old))
            return False
        if view.is_team_group():
            return self._enter_match(name, number, board, codes, playoff or [], replace, drawn)
        view.changed_board = board  # only this board's row needs showing again
        # The result the arbiter saw when deciding: a tablet's entry meanwhile is not overwritten.
        outcome = view.run(ENTER_RESULT, view.ev, name, number, board, codes, replace=replace,
                           expected=expected if replace else None)
        view.changed_board = None
        if outcome is None:
            self._reason = view.main.last_error
            return False
        view.select_board(board)
        if outcome.warnings:
            return True
        if view.round is not None and view.round.complete:
            self.say_round_complete(name, number)
        else:
            view.main.show_message(tr("rounds_result_saved", board=board,
                                      result=self.said(board) or new))
        return True

    def enter_lots(self, board: int, player: int, confirmed: bool = False) -> str | None:
        """Record that the lots sent `player` (an id) on from a knockout board neither of whose
        players came; a board with a result is corrected only when the arbiter says so (asked
        here, unless `confirmed`: the dialog said it). None when recorded, else why not (the
        entry line or the dialog shows it)."""
        view = self.view
        number = view.current_round_number()
        name = view.selected_group()
        if number is None or name is None or view.round is None:
            return tr("rounds_none")
        shown = next((b for b in view.round.boards if b.number == board), None)
        if shown is None or shown.first is None or shown.second is None:
            view.main.show_message(tr("select_board"))
            return tr("select_board")
        replace = shown.result is not None
        expected, old = _stored(shown)
        drawn = shown.first if player == shown.first.id else shown.second
        new = wording.lots_board_text(drawn.name, language())
        if replace and rounds_service.same_lots(view.ev, name, number, board, player):
            view.main.show_message(tr("rounds_result_unchanged", board=board, result=old))
            return None
        if replace and not confirmed and not self.confirm_replace(board, old, new):
            view.main.show_message(tr("rounds_replace_kept", board=board, old=old))
            return tr("rounds_replace_kept", board=board, old=old)
        view.changed_board = board
        outcome = view.run(ENTER_BOARD_LOTS, view.ev, name, number, board, player,
                           replace=replace, expected=expected if replace else None)
        view.changed_board = None
        if outcome is None:
            return view.main.last_error
        view.select_board(board)
        if not outcome.warnings:
            view.main.show_message(tr("board_lots_saved", board=board,
                                      said=self.said(board) or new))
        return None

    def said(self, board: int) -> str:
        """The board's result as the table now shows it, in words."""
        shown = self.view.round.boards if self.view.round is not None else ()
        found = next((b for b in shown if b.number == board), None)
        return rounds_table.result_words(found) if found is not None else ""

    def _unchanged(self, name: str, number: int, board: int, codes: list[str],
                   playoff: list[str], lots: str | None = None) -> bool:
        """Whether the board (or match) has these results already: nothing to correct."""
        view = self.view
        if view.is_team_group():
            return knockout_service.same_team_result(view.ev, name, number, board, codes,
                                                     playoff, lots)
        return rounds_service.same_result(view.ev, name, number, board, codes)

    def _enter_match(self, name: str, number: int, match: int, codes: list[str],
                     playoff: list[str], replace: bool, lots: str | None = None) -> bool:
        """A team match's results, board by board, then its captains' playoff, or the team
        the lots drew (`lots`)."""
        view = self.view
        team = view.run(ENTER_TEAM_RESULT, view.ev, name, number, match, codes, playoff,
                        lots=lots, replace=replace)
        if team is None:
            self._reason = view.main.last_error
            return False
        view.select_board(match)
        if team.warnings:
            return True  # the window shows them (paired on the old result)
        if team.value.result is not None and view.round is not None and view.round.complete:
            self.say_round_complete(name, number)
        else:
            said = (wording.lots_winner_text(lots, language()) if lots is not None
                    else self.said(match) or wording.match_waiting_text(language()))
            view.main.show_message(tr("rounds_match_saved", board=match, result=said))
        return True

    def say_round_complete(self, name: str, number: int) -> None:
        """The last result of a round: pair the next one, or the group is finished."""
        view = self.view
        finished = rounds_service.round_refusals(view.ev, name, number).finished
        view.main.show_message(tr("rounds_group_finished", group=name) if finished
                               else tr("rounds_complete", round=number))

    def show_entry_board(self, text: str) -> None:
        """While a board number is typed: select that board and name who plays there."""
        view = self.view
        match = re.match(r"^\s*(\d+)", text)
        board = None
        if match and view.round is not None:
            number = int(match.group(1))
            board = next((b for b in view.round.boards if b.number == number), None)
        if board is None:
            self.entry_hint.setText("")
            return
        view.select_board(board.number)
        row = view.board_row(board)
        team = view.is_team_group()
        said = rounds_table.result_words(board)
        self.entry_hint.setText(
            tr("rounds_entry_match" if team else "rounds_entry_board", board=board.number,
               first=row[1], second=row[4] if team else row[5])
            + (aside(said) if said else ""))

    def done(self) -> None:
        self.entry.setText("")  # setText, not clear(): the typing is no longer to undo
        self.entry_hint.setText("")
        self.entry_error.setText("")

    def refused(self) -> None:
        """A refused entry: its text selected, so that the next one typed replaces it (not
        "99 1" + "5 0" = "99 15 0"), and the reason beside the box."""
        self.entry.selectAll()
        self.entry_error.setText(self._reason)

    def _store(self, board: int, codes: list[str], playoff: list[str] | None = None,
               lots: int | None = None) -> bool:
        """Enter what was typed; done when stored, else refused (and False)."""
        if self.enter_result(board, codes, playoff, lots):
            self.done()
            return True
        self.refused()
        return False

    def _store_lots(self, board: int, side: int) -> None:
        """`12 L2` typed: the lots sent board 12's second mover on (1: the first)."""
        shown = next((b for b in self.view.round.boards if b.number == board), None) \
            if self.view.round is not None else None
        seated = None if shown is None else (shown.first if side == 1 else shown.second)
        if seated is None:
            self._reason = tr("bad_entry", text=self.entry.text())
            self.view.main.show_message(self._reason)
            self.refused()
            return
        refusal = self.enter_lots(board, seated.id)
        if refusal is None:
            self.done()
            return
        self._reason = refusal
        self.refused()

    def edited(self, text: str) -> None:
        view = self.view
        tails, self._saved_tails = self._saved_tails, ()
        if text in tails:  # the rest of "1:0" after "1" saved it: the same result, no more
            self.done()
            return
        if any(tail.startswith(text) for tail in tails):
            self._saved_tails = tails
            return
        self.show_entry_board(text)
        if view.is_team_group():
            return  # a team match may go on with the captains' playoff: Enter saves it
        parsed = parse_entry(text, view.entry_games())
        if parsed is not None and self._store(*parsed):
            self._saved_tails = KEY_TAILS.get(text.strip()[-1:], ())

    def entered(self) -> None:
        view = self.view
        text = self.entry.text()
        if not text.strip():
            return
        games = view.entry_games()
        if view.is_team_group():
            team = parse_team_playoff(text, games)
            if team is not None:
                self._store(*team)
                return
            drawn = parse_team_lots(text, games)
            if drawn is not None:
                self._store(*drawn)
                return
        lots = None if view.is_team_group() else parse_board_lots(text)
        if lots is not None:
            self._store_lots(*lots)
            return
        parsed = parse_entry(text, games) or parse_spoken_entry(text, games)
        if parsed is None:
            view.main.show_error(UserError(tr("bad_entry", text=text), tr("bad_entry", text=text),
                                           tr("rounds_entry")))
            self._reason = view.main.last_error
            self.refused()
            return
        self._store(*parsed)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """Result keys typed on the pairing table enter the selected board's result."""
        view = self.view
        if watched is view.table and event.type() == QEvent.Type.KeyPress:
            assert isinstance(event, QKeyEvent)
            key = event.text()
            if (key in KEY_CODES or key == "t") and view.selected_board() is not None:
                self.table_key(key)
                return True
        return super().eventFilter(watched, event)

    def table_key(self, key: str) -> None:
        view = self.view
        board = view.selected_board()
        if board is None:
            return
        pending, pending_board = self._pending
        keys = pending + key if pending_board == board else key
        parsed = parse_entry(f"{board} {keys}", view.entry_games())
        if parsed is None:
            self._pending = (keys, board)
            return
        self._pending = ("", None)
        row = view.table.currentRow()
        if self.enter_result(*parsed) and row + 1 < view.table.rowCount():
            view.table.selectRow(row + 1)

    def tip(self) -> str:
        """How to type a result in the group shown: a double-game round's two keys and what a
        loss on time does (in game 1 it settles the round alone: 2016 七、(五)2); a team group's
        match takes one key per board, the captains' playoff only where a level match is
        played off (a team knockout, the cross-group round); a Team Swiss match with equal
        game points is drawn (C.04.6)."""
        info = self.view.group_info
        if info is not None and not info.system.team and info.games_per_round == 2:
            return tr("rounds_entry_tip_double") + (
                tr("rounds_entry_tip_game_forfeit") if info.system.game_forfeits else "")
        if info is not None and info.system.bracket and not info.system.team:
            return tr("rounds_entry_tip") + tr("rounds_entry_tip_lots")  # neither came
        if info is None or not info.system.team:
            return tr("rounds_entry_tip")
        return tr("rounds_entry_tip_drawn" if info.system.level_match_drawn
                  else "rounds_entry_tip_playoff")

    def show_tip(self) -> None:
        """The tip on the entry line and on the pairing table (its result keys)."""
        self.entry.setToolTip(self.tip())
        self.view.table.setToolTip(self.tip())

    def retranslate(self) -> None:
        self.entry_label.setText(tr("rounds_entry"))
        if self.entry_hint.text():  # the board typed, named again in the new language
            self.show_entry_board(self.entry.text())
