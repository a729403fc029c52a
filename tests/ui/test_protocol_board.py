"""Games under the RIF opening rules played by clicks on the board, then checked."""

from __future__ import annotations

from app.rules.check import check_actions
from app.rules.game import Phase, encode_actions
from app.rules.protocols import Protocol
from tests.ui.helpers import click_point, screenshot


def _new_game(window, protocol: Protocol):  # type: ignore[no-untyped-def]
    """The board view on its own (no event open), for a game under `protocol`."""
    board = window.board_view
    board.resize(1100, 760)
    board.show()
    board.protocol_panel.choose_protocol(protocol)
    board.new_game()
    assert board.game.settings.opening_rule is protocol
    return board


def test_a_swap2_game_by_clicks_option_c_and_a_five(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    board = _new_game(window, Protocol.SWAP2)
    for name in ("h8", "h9", "i9"):  # the first player: black, white, black anywhere
        click_point(qtbot, board.board, name)
    assert board.swap_yes.isVisibleTo(window.board_view) and "Swap2" in board.status.text()
    for name in ("g8", "j10"):  # option (c): the second player adds white, then black
        click_point(qtbot, board.board, name)
    assert board.game.phase is Phase.SWAP and board.swap_no.text() == "不交换"
    board.swap_no.click()  # the first player keeps black
    for name in ("a1", "k11", "a2", "l12"):  # black's five on the diagonal h8-l12
        click_point(qtbot, board.board, name)
    assert board.game.result is not None and board.game.result.code == "1-0"
    screenshot(board, "board-swap2")
    verdict = check_actions(board.game.settings, encode_actions(board.game).split())
    assert verdict.legal and verdict.result == "1-0"


def test_a_taraguchi_10_game_by_clicks_with_ten_offers_and_a_pass(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    board = _new_game(window, Protocol.TARAGUCHI10)
    for name in ("h8", "h9", "h10", "i9"):
        click_point(qtbot, board.board, name)
        assert board.swap_no.isVisibleTo(window.board_view)
        if board.game.current_step.place_instead:
            break
        board.swap_no.click()
    panel = board.protocol_panel
    assert panel.offer_mode.isVisibleTo(window.board_view)
    panel.offer_mode.setChecked(True)
    offers = ["a1", "b1", "c1", "d1", "e1", "f1", "g1", "a2", "b2", "c2"]
    for name in offers:
        click_point(qtbot, board.board, name)
    assert board.game.phase is Phase.CHOOSE and len(board.game.offers) == 10
    screenshot(board, "board-taraguchi-offers")
    click_point(qtbot, board.board, "c2")  # white chooses, then plays move 6
    click_point(qtbot, board.board, "j9")
    assert panel.pass_button.isVisibleTo(window.board_view)
    panel.pass_button.click()
    panel.pass_button.click()
    assert board.game.result is not None and board.game.result.code == "="
    verdict = check_actions(board.game.settings, encode_actions(board.game).split())
    assert verdict.legal and verdict.result == "="


def test_a_loss_on_time_is_recorded_on_the_board(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    board = _new_game(window, Protocol.FREE)
    for name in ("h8", "h9"):
        click_point(qtbot, board.board, name)
    board.time_black.click()
    result = board.game.result
    assert result is not None and result.ending.value == "time" and result.code == "0-1"
    assert not board.time_white.isEnabled()  # the game is over


def test_a_designated_game_with_n_declared_asks_for_the_declaration(window, qtbot) -> None:  # type: ignore[no-untyped-def]
    """五手N打 of 0 on the board: N declared by the tentative black, as in a group set so."""
    board = window.board_view
    board.resize(1100, 760)
    board.show()
    board.protocol_panel.choose_protocol(Protocol.DESIGNATED)
    board.offers.setValue(0)
    assert board.offers.text() == "由假先方申明"
    board.new_game()
    assert board.game.settings.declared_offers
    for name in ("h8", "h9", "j8"):  # 金星
        click_point(qtbot, board.board, name)
    assert board.game.phase is Phase.DECLARE
    board.offers.setValue(3)
    board.new_game()
    assert not board.game.settings.declared_offers and board.game.settings.fifth_offers == 3
