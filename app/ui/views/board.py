"""The board view (棋盘): record a game by clicks through the rules' game object.

The view holds an `app.rules.game.Game` and replaces it with the game each click returns.
The status line shows what the opening protocol expects next (指定开局, 三手交换, 五手N打,
white's choice); black's forbidden points (禁手点) are crossed whenever it is black's turn
under 专业规则. When the game ends (five, a claimed foul, resignation, draw) and the view
is linked to a board of a round, the game is stored through `services.games.save_game`,
which fills in that board's result.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.errors import NoAnswer, UserError
from app.group_settings import RULE_SET_OF
from app.pairing.types import Colour
from app.results import GameCode, GameResult
from app.rules.board import Stone, format_point, parse_point
from app.rules.game import Game, GameSettings, Phase
from app.rules.protocols import MAX_OFFERS
from app.services import games, playoffs, queries
from app.services import rounds as rounds_service
from app.services.operations import RECORD_PLAYOFF_RESULT, SAVE_GAME, Area
from app.ui import common
from app.ui.board_widget import BoardWidget
from app.ui.i18n import aside, language, pick, tr
from app.ui.protocol_panel import ProtocolPanel
from app.ui.texts import RULE_SET_TEXTS
from app.ui.views import board_records, rounds_table
from app.ui.views.base import View


class BoardView(View):
    """The board, its status line and move list, and the game's controls."""

    areas = frozenset({Area.GAMES, Area.EVENT})

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.link: tuple[str, int, int, int] | None = None  # group, round, board, game index
        self.team_match = False  # the board linked is a team match's (场, its boards 台)
        self.match_boards = 0  # its boards; a game past them is its captains' playoff
        self.players: tuple[Any, Any] = (None, None)
        self.playoff_link: tuple[int, str, int] | None = None  # playoff id, group, place
        self.game = Game.new(GameSettings())
        self.shown = 0  # moves shown when stepping through
        self.saved_result: str | None = None
        self.board_result = ""  # the linked board's stored result (all its games)
        self.board = BoardWidget()
        self.board.setObjectName("board")
        self.board.pointClicked.connect(self.click)
        self.hover = QLabel()
        self.hover.setObjectName("board_hover")
        self.board.pointHovered.connect(self._hovered)
        self.link_label = QLabel()
        self.link_label.setWordWrap(True)
        self.game_index_label = QLabel()
        self.game_index = QSpinBox()
        self.game_index.setObjectName("game_index")
        self.game_index.setRange(1, 3)
        self.game_index.valueChanged.connect(self._index_changed)
        self.status = QLabel()
        self.status.setObjectName("board_status")
        self.status.setWordWrap(True)
        font = self.status.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        font.setBold(True)
        self.status.setFont(font)
        self.rules_label = QLabel()
        self.rules = QComboBox()
        for key in RULE_SET_OF:
            self.rules.addItem(pick(*RULE_SET_TEXTS[key]), key)
        # The opening rule of a game played on its own; a linked board takes its group's.
        self.protocol_panel = ProtocolPanel(self.act)
        self.offers = QSpinBox()
        self.offers.setRange(0, MAX_OFFERS)  # 0: the tentative black declares N
        self.offers.setValue(2)
        self.new_button = QPushButton()
        self.new_button.clicked.connect(self.new_game)
        self.swap_yes = QPushButton()
        self.swap_yes.clicked.connect(lambda: self.act(lambda g: g.swap(True)))
        self.swap_no = QPushButton()
        self.swap_no.clicked.connect(lambda: self.act(lambda g: g.swap(False)))
        self.claim = QPushButton()
        self.claim.setObjectName("claim_foul")
        self.claim.clicked.connect(lambda: self.act(lambda g: g.claim_foul()))
        self.resign_black = QPushButton()
        self.resign_black.clicked.connect(lambda: self.act(lambda g: g.resign(Stone.BLACK)))
        self.resign_white = QPushButton()
        self.resign_white.clicked.connect(lambda: self.act(lambda g: g.resign(Stone.WHITE)))
        self.time_black = QPushButton()
        self.time_black.setObjectName("board_time_black")
        self.time_black.clicked.connect(lambda: self.act(lambda g: g.lose_on_time(Stone.BLACK)))
        self.time_white = QPushButton()
        self.time_white.setObjectName("board_time_white")
        self.time_white.clicked.connect(lambda: self.act(lambda g: g.lose_on_time(Stone.WHITE)))
        self.draw = QPushButton()
        self.draw.clicked.connect(lambda: self.act(lambda g: g.agree_draw()))
        self.undo_button = QPushButton()
        self.undo_button.clicked.connect(self.take_back)
        self.step_buttons = []
        for key, step in (("board_first", -999), ("board_back", -1), ("board_forward", 1),
                          ("board_last", 999)):
            button = QPushButton(tr(key))
            button.clicked.connect(lambda _c=False, s=step: self.step(s))
            self.step_buttons.append(button)
        self.save_button = QPushButton()
        self.save_button.clicked.connect(self.save)
        self.open_record = QPushButton()
        self.open_record.clicked.connect(self.ask_open_record)
        self.save_record = QPushButton()
        self.save_record.clicked.connect(self.ask_save_record)
        self.moves = QListWidget()
        self.moves.setObjectName("move_list")
        self.moves.currentRowChanged.connect(self._move_selected)

        side = QVBoxLayout()
        link_row = QHBoxLayout()
        link_row.addWidget(self.link_label, 1)
        link_row.addWidget(self.game_index_label)
        link_row.addWidget(self.game_index)
        side.addLayout(link_row)
        # one row each, the choices as wide as the panel: side by side they were cut to
        # 专业规则（禁手 and 指定开局（三手
        rules_rows = QFormLayout()
        rules_rows.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.opening_label = QLabel()
        self.offers_label = QLabel()
        rules_rows.addRow(self.rules_label, self.rules)
        rules_rows.addRow(self.opening_label, self.protocol_panel.protocol)
        rules_rows.addRow(self.offers_label, self.offers)
        side.addLayout(rules_rows)
        side.addWidget(self.new_button)
        side.addWidget(self.status)
        side.addWidget(self.hover)
        for row in ((self.swap_yes, self.swap_no), (self.claim, self.draw),
                    (self.resign_black, self.resign_white), (self.time_black, self.time_white)):
            line = QHBoxLayout()
            for button in row:
                line.addWidget(button)
            side.addLayout(line)
        side.addWidget(self.protocol_panel)
        steps = QHBoxLayout()
        for button in self.step_buttons:
            steps.addWidget(button)
        steps.addWidget(self.undo_button)
        side.addLayout(steps)
        side.addWidget(self.moves, 1)
        files = QHBoxLayout()
        files.addWidget(self.open_record)
        files.addWidget(self.save_record)
        side.addLayout(files)
        side.addWidget(self.save_button)
        side_widget = QWidget()
        side_widget.setLayout(side)
        side_widget.setMaximumWidth(460)  # the opening rule named whole in English
        layout = QHBoxLayout(self)
        layout.addWidget(self.board, 3)
        layout.addWidget(side_widget, 1)
        QShortcut(QKeySequence("Ctrl+Backspace"), self).activated.connect(self.take_back)
        QShortcut(QKeySequence("Left"), self).activated.connect(lambda: self.step(-1))
        QShortcut(QKeySequence("Right"), self).activated.connect(lambda: self.step(1))
        QShortcut(QKeySequence("Home"), self).activated.connect(lambda: self.step(-999))
        QShortcut(QKeySequence("End"), self).activated.connect(lambda: self.step(999))
        QShortcut(QKeySequence("Ctrl+S"), self).activated.connect(self.save)
        self.show_game()

    # ----- linking to a board ------------------------------------------------------------------

    def forget_event(self) -> None:
        self.link = None
        self.team_match = False
        self.playoff_link = None
        self.players = (None, None)
        self.board_result = ""

    def reset(self) -> None:
        self.forget_event()
        self.game = Game.new(self.chosen_settings())
        self.saved_result = None
        self.shown = 0

    def link_board(self, group: str, round_number: int, board: int, index: int = 1) -> bool:
        """Record the game of a board of a round (loads what is stored for it)."""
        try:
            game = games.load_game(self.ev, group, round_number, board, index)
            round_ = queries.round_view(self.ev, group, round_number)
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)
            return False
        self.link = (group, round_number, board, index)
        self.playoff_link = None
        self._apply_settings_widgets(game.settings)
        self.game_index.blockSignals(True)
        self.game_index.setValue(index)
        self.game_index.blockSignals(False)
        board_info = next((b for b in round_.boards if b.number == board), None)
        stored = None
        if board_info is not None:
            stored = next((g for g in board_info.games if g.index == index), None)
        self.team_match, self.match_boards, self.players = linked_players(
            board_info, stored, bool(game.swapped))
        # the games (a double round's two) or a team match's boards and captains' playoff
        self.game_index.setMaximum(games_reached(board_info) or next(
            (g.games_per_round for g in self.main.standings.event_info(self.ev).groups
             if g.name == group), 1))
        # the board's stored result as the rounds table says it, in words (黑胜／白胜 2:0);
        # "" while it has none (a double round's first game alone is no board result yet)
        self.board_result = rounds_table.result_words(board_info) \
            if board_info is not None and board_info.result is not None else ""
        self.game = game
        self.saved_result = stored.result.code if stored is not None and stored.result \
            else None
        self.shown = len(game.moves)
        self.show_game()
        return True

    def link_playoff(self, playoff_id: int) -> bool:
        """Record the next game of a playoff (加赛) on the board."""
        try:
            info = playoffs.playoff_view(self.ev, playoff_id)
            game = games.new_game(self.ev, info.group)
        except (UserError, NoAnswer) as error:
            self.main.show_error(error)
            return False
        upcoming = info.next_game
        if info.order or upcoming is None:
            self.main.show_message(tr("board_playoff_decided"))
            return False
        self.link = None
        self.team_match = False
        self.playoff_link = (playoff_id, info.group, info.place)
        self.players = (upcoming.black, upcoming.white)
        self.board_result = ""
        self._apply_settings_widgets(game.settings)
        self.game = game
        self.saved_result = None
        self.shown = 0
        self.show_game()
        return True

    def _index_changed(self, index: int) -> None:
        """Game 2 of a double-game round (双盘制) or board N of a team match."""
        if self.link is not None and index != self.link[3]:
            group, number, board, _old = self.link
            if not self.link_board(group, number, board, index):
                self.game_index.blockSignals(True)
                self.game_index.setValue(_old)
                self.game_index.blockSignals(False)

    def _apply_settings_widgets(self, settings: GameSettings) -> None:
        key = next(k for k, v in RULE_SET_OF.items() if v is settings.rules)
        self.rules.setCurrentIndex(self.rules.findData(key))
        self.protocol_panel.choose_protocol(settings.opening_rule)
        self.offers.setValue(settings.group_offers)

    def chosen_settings(self) -> GameSettings:
        rules = RULE_SET_OF[str(self.rules.currentData())]
        return GameSettings.of_group(rules, self.protocol_panel.chosen_protocol(),
                                     self.offers.value())

    # ----- playing ---------------------------------------------------------------------------

    def new_game(self) -> None:
        self.game = Game.new(self.chosen_settings())
        self.saved_result = None
        self.shown = 0
        self.show_game()

    def click(self, column: int, row: int) -> None:
        """A click on a board point: the next stone, offer or choice of the game."""
        if self.shown < len(self.game.moves):
            self.shown = len(self.game.moves)
            self.show_game()
            return
        self.act(self.protocol_panel.click_step(self.game, (column, row)))

    def act(self, action: Any) -> bool:
        """Apply one action to the game; a refused action shows its reason, changes nothing."""
        try:
            game = action(self.game)
        except UserError as error:
            self.main.show_error(error)
            self.status.setText(pick(error.zh, error.en))
            return False
        self.game = game
        self.shown = len(game.moves)
        self.show_game()
        if game.result is not None and (self.link is not None or self.playoff_link is not None):
            self.save()
        return True

    def take_back(self) -> None:
        if self.game.previous is None:
            return
        self.act(lambda g: g.undo())

    def step(self, delta: int) -> None:
        """Step through the moves (the game itself is unchanged)."""
        self.shown = max(0, min(len(self.game.moves), self.shown + delta))
        self.show_game()

    def _hovered(self, name: str) -> None:
        """The point under the mouse, and what the judge says of it for black now."""
        kind = self.board.forbidden.get(parse_point(name)) if name else None
        self.hover.setText(f"{name}  {tr('board_hover_forbidden', kind=kind)}" if kind else name)

    def _move_selected(self, row: int) -> None:
        if row >= 0 and row + 1 != self.shown:
            self.shown = row + 1
            self.show_game(update_list=False)

    # ----- storing -----------------------------------------------------------------------------

    def save(self) -> str | None:
        """Store the game with its board (fills the result when the game has ended)."""
        if self.playoff_link is not None:
            return self._save_playoff_game()
        if self.link is None:
            self.main.show_message(tr("board_free"))
            return None
        group, number, board, index = self.link
        if not self._may_replace_result():
            self.main.show_message(tr("board_result_kept", result=self.board_result))
            return None
        outcome = self.run(SAVE_GAME, self.ev, group, number, board, index, self.game)
        if outcome is None:
            return None
        code = wording.code_text(outcome.value)
        self.saved_result = self.game.result.code if self.game.result else None
        self.board_result = wording.board_result_text(outcome.value, language())
        self._show_link()
        said = tr("board_saved", result=self._result_text(self.game.result)
                  if self.game.result is not None else self.board_result or "—")
        round_ = queries.round_view(self.ev, group, number)
        if self.team_match:  # a match now level reaches its captains' playoff (game 4)
            self.game_index.setMaximum(games_reached(
                next(b for b in round_.boards if b.number == board)))
        if code and round_.complete:
            # the round's last result: what the rounds view would say (pair the next, or done)
            finished = rounds_service.round_refusals(self.ev, group, number).finished
            said += "；" + (tr("rounds_group_finished", group=group) if finished
                           else tr("rounds_complete", round=number))
        self.main.show_message(said)
        return str(code) if code is not None else None

    def _may_replace_result(self) -> bool:
        """A board that holds a result has it changed by a finished game only when the arbiter
        says so (the result may have been typed from the slip, or the game replayed)."""
        result = self.game.result
        if result is None or not self.board_result or result.code == self.saved_result:
            return True
        return common.confirm(self, tr("board_replace_title"),
                              tr("board_replace_text", old=self.board_result,
                                 new=self._game_code_for_board()))

    def _game_code_for_board(self) -> str:
        """The finished game's result, the paired first mover first (as the board shows;
        after 三手交换 too: the code follows the pairing, not the colours), with who won."""
        result = self.game.result
        assert result is not None
        return self._result_text(result)

    def _result_text(self, result: Any) -> str:
        """`后手胜（宋勇胜）`: who won in words, the paired first mover's side (先手 / 后手, as
        the result is entered) and the winner by name (after 三手交换 the names are shown black
        first, so a bare 白胜 beside them would mislead); `和棋`. Never the code."""
        first, second = self.players
        if result.winner_player is None:
            return tr("board_result_drawn")
        seat = tr("board_first_mover") if result.winner_player is Colour.FIRST \
            else tr("board_second_mover")
        if first is None or second is None:
            return tr("board_result_won_seat", seat=seat)
        winner = first if result.winner_player is Colour.FIRST else second
        return tr("board_result_won", seat=seat, name=winner.name)

    def _save_playoff_game(self) -> str | None:
        """A finished playoff game is that playoff's next result (first mover first)."""
        assert self.playoff_link is not None
        if self.game.result is None:
            self.main.show_message(tr("board_playoff_unfinished"))
            return None
        if self.run(RECORD_PLAYOFF_RESULT, self.ev, self.playoff_link[0], game=self.game) is None:
            return None
        code = self.game.result.code
        self.saved_result = code
        self._show_link()
        self.main.show_message(tr("board_saved", result=self._result_text(self.game.result)))
        return code

    # ----- record files (app.ui.views.board_records) -------------------------------------------

    def record_text(self, fmt: str) -> str:
        return board_records.record_text(self.game, fmt)

    def ask_open_record(self) -> None:
        board_records.ask_open_record(self)

    def open_record_file(self, path: Path) -> bool:
        return board_records.open_record_file(self, path)

    def ask_save_record(self) -> None:
        board_records.ask_save_record(self)

    def save_record_file(self, path: Path) -> bool:
        return board_records.save_record_file(self, path)

    # ----- showing -----------------------------------------------------------------------------

    def marked_forbidden(self) -> dict[Any, str]:
        """Black's forbidden points, when it is black's turn under 专业规则 and at the end."""
        game = self.game
        if self.shown != len(game.moves) or game.phase in (Phase.OVER, Phase.SWAP, Phase.CHOOSE):
            return {}
        if game.to_move is not Stone.BLACK:
            return {}
        return game.forbidden_points()

    def show_game(self, update_list: bool = True) -> None:
        game = self.game
        numbered = game.numbered_moves()[: self.shown]
        self.board.set_stones([(m.point, m.stone) for m in numbered])
        self.board.set_forbidden(self.marked_forbidden())
        self.board.set_fouls(m.point for m in numbered if m.foul)
        self.board.set_offers(game.offers if game.phase is Phase.CHOOSE or
                              (game.phase is Phase.OFFER and game.offers) else ())
        if update_list:
            self.moves.blockSignals(True)
            self.moves.clear()
            for move in game.numbered_moves():
                colour = tr("board_black") if move.stone is Stone.BLACK else tr("board_white")
                foul = f"  ✗{move.foul}" if move.foul else ""
                self.moves.addItem(f"{move.number}. {colour} {format_point(move.point)}{foul}")
            self.moves.setCurrentRow(self.shown - 1)
            self.moves.blockSignals(False)
        zh, en = game.prompt
        if game.opening is not None:
            zh = f"{zh}\n开局：{game.opening.name_zh}（{game.opening.code}，{game.opening.kind_zh}）"
            en = f"{en}\nOpening: {game.opening.name_ja} ({game.opening.code})"
        self.status.setText(pick(zh, en))
        self.status.setToolTip(pick(zh, en))
        phase = game.phase
        self.swap_yes.setVisible(phase is Phase.SWAP)
        self.swap_no.setVisible(phase is Phase.SWAP)
        self.protocol_panel.show_game(game)
        if game.settings.designated_opening:  # 三手交换: the other player may take black
            self.swap_yes.setText(tr("board_swap_yes"))
            self.swap_no.setText(tr("board_swap_no"))
        else:  # any protocol's swap (Swap2, Taraguchi, Soosõrv, Yamaguchi)
            self.swap_yes.setText(pick("交换黑白", "Swap colours"))
            self.swap_no.setText(pick("不交换", "Keep colours"))
        self.claim.setEnabled(game.foul_pending)
        over = phase is Phase.OVER
        for button in (self.resign_black, self.resign_white, self.time_black, self.time_white,
                       self.draw):
            button.setEnabled(not over)
        self.undo_button.setEnabled(game.previous is not None)
        self.save_button.setEnabled(self.link is not None or self.playoff_link is not None)
        self.game_index.setEnabled(self.link is not None)
        self._show_link()

    def _colours_text(self) -> str:
        """Who has black and who white now (after 三手交换 the second mover may hold black)."""
        first, second = self.players
        if first is None or second is None:
            return ""
        black = first if self.game.holder(Stone.BLACK) is Colour.FIRST else second
        white = second if black is first else first
        key = "board_colours_swapped" if self.game.swapped else "board_colours"
        return "\n" + tr(key, black=black.name, white=white.name)

    def _show_link(self) -> None:
        self.game_index_label.setText(tr("board_game_index_match" if self.team_match
                                         else "board_game_index"))  # 第几台 of a match
        if self.playoff_link is not None:
            _id, group, place = self.playoff_link
            text = tr("board_for_playoff", group=group, place=place) + self._colours_text()
        elif self.link is None:
            self.link_label.setText(tr("board_free"))
            return
        else:
            text = link_text(self.link, self.team_match, self.match_boards)
            text += self._colours_text()
        if self.saved_result and self.game.result is not None \
                and self.game.result.code == self.saved_result:
            text += aside(self._result_text(self.game.result))
        elif self.saved_result:
            saved = GameResult(GameCode(self.saved_result))
            text += aside(wording.game_result_text(saved, language()))
        elif self.board_result:
            text += aside(tr("board_stored_result", result=self.board_result))
        self.link_label.setText(text)

    def refresh(self) -> None:
        self.show_game()

    def retranslate(self) -> None:
        self.rules_label.setText(tr("board_rules"))
        for index in range(self.rules.count()):
            self.rules.setItemText(index, pick(*RULE_SET_TEXTS[str(self.rules.itemData(index))]))
        self.game_index.setToolTip(tr("board_game_index_tip"))
        self.protocol_panel.retranslate()
        self.opening_label.setText(tr("f_opening"))
        self.offers_label.setText(tr("f_fifth_move_offers"))
        self.offers.setToolTip(tr("f_fifth_declared_tip"))
        self.offers.setSpecialValueText(tr("f_fifth_declared"))
        self.new_button.setText(tr("board_new"))
        self.claim.setText(tr("board_claim"))
        self.claim.setToolTip(tr("board_claim_tip"))
        self.resign_black.setText(tr("board_resign_black"))
        self.resign_white.setText(tr("board_resign_white"))
        self.time_black.setText(tr("board_time_black"))
        self.time_white.setText(tr("board_time_white"))
        self.draw.setText(tr("board_draw"))
        self.undo_button.setText(tr("board_undo"))
        self.undo_button.setToolTip(tr("board_undo") + "\nCtrl+Backspace")
        self.save_button.setText(tr("board_save") + " (Ctrl+S)")
        self.save_button.setToolTip(tr("board_save_tip"))
        self.open_record.setText(tr("board_open_record"))
        self.save_record.setText(tr("board_save_record"))
        self.show_game()


def games_reached(board: queries.BoardInfo | None) -> int:
    """How many games the index box reaches on a team match: its boards (its team size) and
    its captains' playoff games, played or next (a level match waits for one); 0 for a
    board of players (the group's games a round: 双盘制 2)."""
    if board is None or not board.first_team:
        return 0
    waits = board.score is not None and board.score.waits_for_playoff
    return max([g.index for g in board.games], default=1) + (1 if waits else 0)


def link_text(link: tuple[str, int, int, int], team_match: bool, match_boards: int) -> str:
    """The game linked as the board view names it: 第3台 第2局; a team match's 第1场 第2台, or
    its captains' playoff game past its boards (主将加赛第1局)."""
    group, number, board, index = link
    if team_match and index > match_boards:
        return tr("board_for_playoff_game", group=group, round=number, board=board,
                  index=index - match_boards)
    return tr("board_for_match" if team_match else "board_for", group=group, round=number,
              board=board, index=index)


def linked_players(board: queries.BoardInfo | None, stored: queries.GameInfo | None,
                   swapped: bool) -> tuple[bool, int, tuple[Any, Any]]:
    """Of a board linked: whether it is a team match's, its boards (a game past them is its
    captains' playoff), and its (first mover, second mover): a board's pairing, or a team
    game's players as stored (in the colours they hold: after a swap the second mover has
    black)."""
    if board is None:
        return False, 0, (None, None)
    team_match = bool(board.first_team)
    boards = sum(1 for g in board.games if not g.playoff)
    if team_match and stored is not None:
        return True, boards, ((stored.white, stored.black) if swapped
                              else (stored.black, stored.white))
    return team_match, boards, (board.first, board.second)
