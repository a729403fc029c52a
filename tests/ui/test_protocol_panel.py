"""The board's opening-rule controls: they show only the steps the game allows now."""

from __future__ import annotations

import pytest

from app.errors import UserError
from app.rules.board import parse_point
from app.rules.game import Game, GameSettings, Phase, decode_actions
from app.rules.protocols import Protocol
from app.ui.protocol_panel import ProtocolPanel


def _panel(qtbot) -> tuple[ProtocolPanel, list[Game]]:  # type: ignore[no-untyped-def]
    games: list[Game] = []
    panel = ProtocolPanel(lambda step: games.append(step(games[-1])))
    qtbot.addWidget(panel)
    panel.show()
    return panel, games


def test_yamaguchi_declaration_is_offered_with_the_rules_range(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel, games = _panel(qtbot)
    games.append(decode_actions(GameSettings(protocol=Protocol.YAMAGUCHI), "h8 h9 h10"))
    panel.show_game(games[-1])
    assert panel.declare_button.isVisible() and panel.declared.maximum() == 20
    assert not panel.pass_button.isVisible() and not panel.offer_mode.isVisible()
    panel.declared.setValue(4)
    panel.declare_button.click()
    assert games[-1].declared == 4 and games[-1].phase is Phase.SWAP


def test_taraguchi_choice_after_move_4_offers_ten_fifth_moves_in_offer_mode(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel, games = _panel(qtbot)
    game = decode_actions(GameSettings(protocol=Protocol.TARAGUCHI10),
                          "h8 noswap h9 noswap h10 noswap h7")
    panel.show_game(game)
    assert panel.offer_mode.isVisible() and "10" in panel.offer_mode.text()
    with pytest.raises(UserError):  # a click places move 5, which must be in the 9x9
        panel.click_step(game, parse_point("a1"))(game)
    panel.offer_mode.setChecked(True)
    offered = panel.click_step(game, parse_point("a1"))(game)
    assert offered.offers == (parse_point("a1"),) and offered.phase is Phase.OFFER


def test_pass_is_offered_only_once_the_opening_is_over(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel, games = _panel(qtbot)
    games.append(decode_actions(GameSettings(protocol=Protocol.SWAP2), "h8 h9 h10"))
    panel.show_game(games[-1])
    assert not panel.pass_button.isVisible()
    games.append(games[-1].swap(False))
    panel.show_game(games[-1])
    assert panel.pass_button.isVisible()
    panel.pass_button.click()
    panel.pass_button.click()
    assert games[-1].result is not None and games[-1].result.code == "="


def test_the_rule_chooser_lists_every_protocol(qtbot) -> None:  # type: ignore[no-untyped-def]
    panel, _ = _panel(qtbot)
    assert panel.protocol.count() == len(Protocol)
    panel.choose_protocol(Protocol.SOOSYRV8)
    assert panel.chosen_protocol() is Protocol.SOOSYRV8
    assert Game.new(GameSettings(protocol=panel.chosen_protocol())).phase is Phase.OPENING
