"""The standings view's playoff panel (加赛): the ties the standings service says need a
playoff, opening one (in the format chosen for three or more), the group's playoffs with
their games, and entering the next game's result (or playing it on the board view): 黑胜 /
和 / 白胜, or a win on time (超时判负: 黑胜（白超时） / 白胜（黑超时）) on a second row, as the
rounds entry takes t1 / t0."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from app import wording
from app.errors import NoAnswer, UserError
from app.results import GameCode, GameResult, notation, parse_game
from app.services import playoffs
from app.services.operations import CREATE_PLAYOFF, RECORD_PLAYOFF_RESULT, RECORD_TIE_LOTS
from app.services.ranking_lists import RankingKind
from app.ui import common
from app.ui.i18n import language, names_text, tr
from app.ui.lots_dialog import LotsDialog
from app.ui.settings_controls import PlayoffFormatChoice
from app.ui.views.standings_tables import playoff_text

if TYPE_CHECKING:
    from app.ui.views.standings import StandingsView

PLAYOFF_CODES = (GameCode.FIRST_WINS.value, GameCode.DRAW.value, GameCode.SECOND_WINS.value)
PLAYOFF_KEYS = dict(zip(("1", "=", "0"), PLAYOFF_CODES, strict=True))  # key -> its result
# A win on time (the loser ran out of time, 超时判负): the notation `result` takes (`0-1t`),
# typed on the playoff list as t then 1 / 0, as the rounds entry's t1 / t0
TIME_CODES = {code: notation(GameResult(GameCode(code), time_loss=True))
              for code in (GameCode.FIRST_WINS.value, GameCode.SECOND_WINS.value)}
TIME_KEY = "t"
_PLACE = Qt.ItemDataRole.UserRole
_TIED = Qt.ItemDataRole.UserRole + 1
_UNDER_WAY = Qt.ItemDataRole.UserRole + 2


class PlayoffPanel(QWidget):
    """Ties and playoffs of the ranking the standings view shows."""

    def __init__(self, view: StandingsView) -> None:
        super().__init__()
        self.view = view
        self.needs_label = QLabel()
        self.needs = common.wrapping_list()
        self.needs.setObjectName("playoff_needs")
        self.create_button = QPushButton()
        self.create_button.clicked.connect(self.create_selected_playoff)
        # where the playoff cannot be played, the chief arbiter decides by lots (抽签)
        self.lots_button = QPushButton()
        self.lots_button.setObjectName("draw_lots_for_tie")
        self.lots_button.clicked.connect(self.ask_lots)
        self.lots_dialog: LotsDialog | None = None
        # 小循环 or 淘汰: asked only when three or more are tied (two always play a duel)
        self.playoff_format = PlayoffFormatChoice("playoff_create_format")
        self.needs.currentRowChanged.connect(lambda _r: self.show_selected_tie())
        self.playoff_formats: dict[str, str] = {}  # each group's own default
        self.playoff_list = QListWidget()
        self.playoff_list.setObjectName("playoffs")
        self.playoff_list.currentRowChanged.connect(self._playoff_selected)
        self.playoff_list.installEventFilter(self)
        self.result_buttons: dict[str, QPushButton] = {}
        for code in PLAYOFF_CODES:
            button = QPushButton()
            button.clicked.connect(lambda _c=False, k=code: self.record_playoff(k))
            self.result_buttons[code] = button
        # the same wins on time (黑胜（白超时）, 白胜（黑超时）), keyed by the code they enter
        self.time_buttons: dict[str, QPushButton] = {}
        for code in TIME_CODES.values():
            button = QPushButton()
            button.clicked.connect(lambda _c=False, k=code: self.record_playoff(k))
            self.time_buttons[code] = button
        self.time_key_pressed = False  # t pressed on the playoff list: 1 / 0 is a win on time
        self.board_button = QPushButton()
        self.board_button.clicked.connect(self.record_on_board)
        self.playoff_label = QPlainTextEdit()
        self.playoff_label.setObjectName("playoff_view")
        self.playoff_label.setReadOnly(True)
        self.playoff_id: int | None = None
        self.playoff_infos: list[Any] = []

        row = QHBoxLayout()
        row.addWidget(self.needs, 2)
        buttons = QVBoxLayout()
        buttons.addWidget(self.create_button)
        buttons.addWidget(self.playoff_format)
        buttons.addWidget(self.lots_button)
        buttons.addStretch(1)
        row.addLayout(buttons)
        row.addWidget(self.playoff_list, 2)
        games = QVBoxLayout()
        games.addWidget(self.playoff_label, 1)
        result_row = QHBoxLayout()
        for button in self.result_buttons.values():
            result_row.addWidget(button)
        result_row.addWidget(self.board_button)
        games.addLayout(result_row)
        time_row = QHBoxLayout()
        for button in self.time_buttons.values():
            time_row.addWidget(button)
        time_row.addStretch(1)
        games.addLayout(time_row)
        row.addLayout(games, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.needs_label)
        layout.addLayout(row)

    def forget(self) -> None:
        self.playoff_id = None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        """On the playoff list, 1 / = / 0 enter the next game's result (first mover first);
        t then 1 / 0 a win on time (t1 / t0, as the rounds entry takes them)."""
        if watched is self.playoff_list and isinstance(event, QKeyEvent) \
                and event.type() == QEvent.Type.KeyPress and self.playoff_id is not None:
            return self._playoff_key(event.text()) or super().eventFilter(watched, event)
        return super().eventFilter(watched, event)

    def _playoff_key(self, key: str) -> bool:
        """A key typed on the playoff list: True when it was a result key (or t)."""
        timed, self.time_key_pressed = self.time_key_pressed, False
        if key.lower() == TIME_KEY:
            self.time_key_pressed = True
            self.view.main.show_message(tr("playoff_time_key"))
            return True
        code = PLAYOFF_KEYS.get(key)
        if code is None:
            return False
        # t then =: a draw cannot be on time; the service refuses it and says why
        self.record_playoff(code + TIME_KEY if timed else code)
        return True

    # ----- ties --------------------------------------------------------------------------------

    def show_needs(self, info: Any) -> None:
        """The ties of the ranking `info` to play off, then the group's playoffs."""
        self.needs.clear()
        needs = getattr(info, "playoffs_needed", ()) if info is not None else ()
        for need in needs:
            players = names_text(p.name for p in need.players)
            text = tr("standings_need", place=need.place, players=players)
            if need.open_playoff is not None:
                text += tr("standings_need_open")
            reason = wording.reason_text(need.why, language())
            if reason:
                text += "\n" + tr("standings_need_reason", reason=reason)
            item = QListWidgetItem(text)
            item.setToolTip(reason)
            item.setData(_PLACE, need.place)
            item.setData(_TIED, len(need.players))
            item.setData(_UNDER_WAY, need.open_playoff is not None)
            self.needs.addItem(item)
        self.playoff_format.set_value(self.playoff_formats.get(self.view.selected_group() or "",
                                                               "round_robin"))
        if not needs:
            self.needs.addItem(tr("standings_no_need"))
        else:
            self.needs.setCurrentRow(0)
        self.show_selected_tie()
        self.load_playoffs()

    def tied(self) -> int:
        """How many players the selected tie holds (0: none selected)."""
        item = self.needs.currentItem()
        count = item.data(_TIED) if item is not None else None
        return count if isinstance(count, int) else 0

    def show_selected_tie(self) -> None:
        """The choice of 小循环 or 淘汰 only for a tie of three or more; a tie whose playoff
        is under way is not opened again (its results are entered below)."""
        self.playoff_format.setVisible(self.tied() >= 3)
        item = self.needs.currentItem()
        place = item.data(_PLACE) if item is not None else None
        under_way = item is not None and bool(item.data(_UNDER_WAY))
        self.create_button.setEnabled(isinstance(place, int) and not under_way)
        self.create_button.setToolTip(tr("standings_playoff_open_tip", place=place) if under_way
                                      else tr("standings_create_playoff"))
        self.lots_button.setEnabled(isinstance(place, int))
        self.lots_button.setToolTip(tr("standings_draw_lots_tip", place=place)
                                    if isinstance(place, int) else tr("standings_no_need"))

    def create_selected_playoff(self) -> int | None:
        item = self.needs.currentItem()
        place = item.data(_PLACE) if item is not None else None
        if not isinstance(place, int):
            return None
        return self.create_playoff(place)

    def create_playoff(self, place: int) -> int | None:
        """Open the playoff (加赛) for the players tied at `place` of the ranking shown; three
        or more play it in the format chosen (the group's setting unless changed here)."""
        view = self.view
        name = view.selected_group()
        if name is None:
            return None
        need = next((n for n in getattr(view.info, "playoffs_needed", ()) if n.place == place),
                    None)
        playoff_format = self.playoff_format.value() if need is not None and \
            len(need.players) >= 3 else None
        key = view.current_key()
        ranking_name = key.name if key is not None and key.kind is RankingKind.SUB else None
        outcome = view.run(CREATE_PLAYOFF, view.ev, name, place, playoff_format=playoff_format,
                           ranking=ranking_name)
        if outcome is None:
            return None
        self.playoff_id = int(outcome.value)
        self.load_playoffs()
        view.main.show_message(tr("standings_playoff_created", place=place))
        return self.playoff_id

    def ask_lots(self) -> None:
        dialog = self.lots_dialog_for_selected()
        if dialog is not None:
            dialog.exec()

    def lots_dialog_for_selected(self) -> LotsDialog | None:
        """The dialog that records the order drawn by lots for the selected tie (a playoff
        opened for it and not played is replaced; the service refuses one under way)."""
        item = self.needs.currentItem()
        place = item.data(_PLACE) if item is not None else None
        need = next((n for n in getattr(self.view.info, "playoffs_needed", ())
                     if n.place == place), None)
        if need is None:
            return None
        self.lots_dialog = LotsDialog(self, need.place, need.players,
                                      lambda order: self.record_lots(need.place, order),
                                      playoff_open=need.open_playoff is not None)
        return self.lots_dialog

    def record_lots(self, place: int, order: list[int]) -> str | None:
        """Record the order drawn for the tie at `place` of the ranking shown; None when
        recorded, else why not (the dialog shows it)."""
        view = self.view
        name = view.selected_group()
        if name is None:
            return tr("rounds_none")
        key = view.current_key()
        ranking_name = key.name if key is not None and key.kind is RankingKind.SUB else None
        outcome = view.run(RECORD_TIE_LOTS, view.ev, name, place, order, ranking=ranking_name)
        if outcome is None:
            return view.main.last_error
        drawn = outcome.value
        said = tr("standings_tie_lots_recorded", place=place,
                  players=" > ".join(p.name for p in drawn.order))
        if drawn.replaced_playoff is not None:
            said += tr("standings_tie_lots_replaced", playoff=drawn.replaced_playoff)
        view.main.show_message(said)
        return None

    # ----- the group's playoffs ----------------------------------------------------------------

    def load_playoffs(self) -> None:
        """The group's playoffs; the selected one shows its games and the next to play."""
        self.playoff_list.blockSignals(True)
        self.playoff_list.clear()
        self.playoff_infos = []
        name = self.view.selected_group()
        if name is not None and self.view.main.ev is not None:
            try:
                ev = self.view.ev
                self.playoff_infos = list(self.view.main.standings.prepared(  # read ahead?
                    ("playoffs", name), lambda: playoffs.playoffs(ev, name)))
            except (UserError, NoAnswer) as error:
                self.view.main.show_error(error)
        for info in self.playoff_infos:
            names = names_text(p.name for p in info.players)
            state = (tr("playoff_decided", order=" > ".join(p.name for p in info.order))
                     if info.order else tr("playoff_open"))
            item = QListWidgetItem(tr("playoff_item", place=info.place, players=names,
                                      state=state))
            item.setData(Qt.ItemDataRole.UserRole, info.id)
            self.playoff_list.addItem(item)
        ids = [info.id for info in self.playoff_infos]
        if self.playoff_id not in ids:
            self.playoff_id = ids[-1] if ids else None
        if self.playoff_id is not None:
            self.playoff_list.setCurrentRow(ids.index(self.playoff_id))
        self.playoff_list.blockSignals(False)
        self.show_playoff()

    def _playoff_selected(self, row: int) -> None:
        if 0 <= row < len(self.playoff_infos):
            self.playoff_id = self.playoff_infos[row].id
            self.show_playoff()

    def current_playoff(self) -> Any:
        return next((p for p in self.playoff_infos if p.id == self.playoff_id), None)

    def show_playoff(self) -> None:
        info = self.current_playoff()
        self.playoff_label.setPlainText(playoff_text(info) if info is not None else "")
        open_ = info is not None and not info.order and info.next_game is not None
        for button in (*self.result_buttons.values(), *self.time_buttons.values(),
                       self.board_button):
            button.setEnabled(open_)

    def record_on_board(self) -> bool:
        """Play the playoff's next game on the board view."""
        main = self.view.main
        if self.playoff_id is None:
            return False
        if main.board_view.link_playoff(self.playoff_id):
            main.tabs.setCurrentWidget(main.board_view)
            return True
        return False

    def record_playoff(self, code: str) -> bool:
        """The result of the selected playoff's next game (first mover first)."""
        if self.playoff_id is None:
            return False
        outcome = self.view.run(RECORD_PLAYOFF_RESULT, self.view.ev, self.playoff_id, code)
        if outcome is None:
            return False
        info = outcome.value
        self.view.main.show_message(
            tr("playoff_decided", order=" > ".join(p.name for p in info.order)) if info.order
            else tr("playoff_result_saved", place=info.place,
                    result=wording.game_result_text(parse_game(code), language())))
        return True

    def retranslate(self) -> None:
        self.playoff_format.retranslate()
        self.playoff_list.setToolTip(tr("playoff_keys_tip"))
        self.needs_label.setText(tr("standings_ties"))
        self.create_button.setText(tr("standings_create_playoff"))
        self.lots_button.setText(tr("standings_draw_lots"))
        self.show_selected_tie()  # the create button's tooltip, in the language shown
        for key, code in PLAYOFF_KEYS.items():
            # the next game's result in the papers' words (黑胜, 和, 白胜: each player has black
            # once), never its code; the tip names the key that enters it from the list
            words = wording.game_result_text(GameResult(GameCode(code)), language())
            self.result_buttons[code].setText(words)
            self.result_buttons[code].setToolTip(tr("playoff_result_tip", result=words,
                                                    shortcut=key))
            if code in TIME_CODES:  # the same win, the loser out of time (超时判负)
                timed = TIME_CODES[code]
                words = wording.game_result_text(parse_game(timed), language())
                self.time_buttons[timed].setText(words)
                self.time_buttons[timed].setToolTip(tr("playoff_result_tip", result=words,
                                                       shortcut=TIME_KEY + key))
        self.board_button.setText(tr("rounds_record"))
        self.board_button.setToolTip(tr("playoff_on_board_tip"))
