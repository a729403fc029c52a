"""The board's controls for the opening rule's steps (开局规则): the rule chosen for a free
game, and the steps a protocol asks for besides clicks on the board.

The panel holds no rule: it shows what `Game.legal_actions()` allows now (declare N, offer
fifth moves instead of placing move 5 at Taraguchi's choice, pass) and hands each choice back
as a function from game to game, which the board view applies like a click.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QHBoxLayout, QPushButton, QSpinBox, QWidget

from app.rules.game import ActionKind, Game
from app.rules.protocols import Protocol
from app.ui.i18n import pick

GameStep = Callable[[Game], Game]


class ProtocolPanel(QWidget):
    """Declare, offer-mode and pass controls; `act` receives each step to apply."""

    def __init__(self, act: Callable[[GameStep], object]) -> None:
        super().__init__()
        self._act = act
        self.protocol = QComboBox()
        self.protocol.setObjectName("board_protocol")
        for protocol in Protocol:
            self.protocol.addItem(protocol.zh, protocol.value)
        self.declared = QSpinBox()
        self.declared.setObjectName("board_declared")
        self.declare_button = QPushButton()
        self.declare_button.setObjectName("board_declare")
        self.declare_button.clicked.connect(
            lambda: self._act(lambda g: g.declare(self.declared.value())))
        self.offer_mode = QPushButton()
        self.offer_mode.setObjectName("board_offer_mode")
        self.offer_mode.setCheckable(True)
        self.pass_button = QPushButton()
        self.pass_button.setObjectName("board_pass")
        self.pass_button.clicked.connect(lambda: self._act(lambda g: g.pass_move()))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        for widget in (self.declared, self.declare_button, self.offer_mode, self.pass_button):
            row.addWidget(widget)
        self.retranslate()

    def chosen_protocol(self) -> Protocol:
        return Protocol(str(self.protocol.currentData()))

    def choose_protocol(self, protocol: Protocol) -> None:
        self.protocol.setCurrentIndex(self.protocol.findData(protocol.value))

    def click_step(self, game: Game, point: tuple[int, int]) -> GameStep:
        """What a click on `point` does: an offer in offer mode, else what the game wants."""
        if self.offer_mode.isChecked() and ActionKind.OFFER in game.legal_actions():
            return lambda g: g.offer(point)
        return lambda g: g.play(point)

    def show_game(self, game: Game) -> None:
        kinds = game.legal_actions()
        declaring = ActionKind.DECLARE in kinds
        self.declared.setVisible(declaring)
        self.declare_button.setVisible(declaring)
        if declaring:
            low, high = game.current_step.declare
            self.declared.setRange(low, high)
        # Offer mode is a choice only where a click could also place a stone (Taraguchi).
        choice = ActionKind.OFFER in kinds and ActionKind.PLACE in kinds
        self.offer_mode.setVisible(choice)
        if not choice and ActionKind.OFFER not in kinds:
            self.offer_mode.setChecked(False)
        self.offer_mode.setText(pick(f"改为提出{game.offers_wanted}个第五手打点",
                                     f"Offer {game.offers_wanted} fifth moves instead"))
        self.pass_button.setVisible(ActionKind.PASS in kinds)

    def retranslate(self) -> None:
        for index, protocol in enumerate(Protocol):
            self.protocol.setItemText(index, pick(protocol.zh, protocol.en))
        self.protocol.setToolTip(pick("开局规则", "Opening rule"))
        self.declare_button.setText(pick("声明打点数", "Declare"))
        self.declare_button.setToolTip(pick("声明将提出的第五手打点个数",
                                            "Declare how many fifth moves will be offered"))
        self.pass_button.setText(pick("放弃行棋（PASS）", "Pass"))
        self.pass_button.setToolTip(pick("放弃本手；双方连续放弃为和棋",
                                         "Give up this move; two passes in a row draw"))
