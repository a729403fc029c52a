"""The board widget and the board view: clicks land on exact points; a game by clicks."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, QPointF

from app.rules.board import Stone, parse_point
from app.rules.game import Phase
from app.rules.protocols import Protocol
from app.ui.board_widget import BoardWidget
from tests.ui.helpers import FOUL_GAME, click_point, play_clicks, screenshot


@pytest.mark.parametrize("size", [(300, 300), (900, 620)])
def test_a_click_lands_on_the_point_under_it(qtbot, size):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(*size)
    widget.show()
    qtbot.waitExposed(widget)
    clicked: list[tuple[int, int]] = []
    widget.pointClicked.connect(lambda c, r: clicked.append((c, r)))
    cell = widget.cell()
    for name in ("a1", "o15", "h8", "a15", "o1", "d12"):
        click_point(qtbot, widget, name)
        # off-centre by a third of a cell still lands on the same point
        click_point(qtbot, widget, name, dx=cell / 3, dy=-cell / 3)
    assert clicked == [p for name in ("a1", "o15", "h8", "a15", "o1", "d12")
                       for p in (parse_point(name),) * 2]
    # row 1 is at the bottom and column a at the left
    assert widget.centre_of(parse_point("a1")).y() > widget.centre_of(parse_point("a15")).y()
    assert widget.centre_of(parse_point("a1")).x() < widget.centre_of(parse_point("o1")).x()


def test_clicks_off_the_board_or_between_points_are_ignored(qtbot):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(400, 400)
    widget.show()
    cell = widget.cell()
    a1 = widget.centre_of((0, 0))
    assert widget.point_at(QPointF(a1.x() - cell, a1.y())) is None  # left of column a
    assert widget.point_at(QPointF(a1.x(), a1.y() + cell)) is None  # below row 1
    assert widget.point_at(QPointF(a1.x() + cell / 2, a1.y())) is None  # halfway to b1
    assert widget.point_at(QPointF(a1.x() + cell * 0.4, a1.y())) == (0, 0)


def test_the_board_paints_stones_numbers_and_marks(qtbot):
    widget = BoardWidget()
    qtbot.addWidget(widget)
    widget.resize(480, 480)
    widget.set_stones([((7, 7), Stone.BLACK), ((7, 8), Stone.WHITE)])
    widget.set_forbidden({(8, 7): "33"})
    image = widget.grab().toImage()
    black = image.pixelColor(widget.centre_of((7, 7)).toPoint() + QPoint(0, round(widget.cell() / 3)))
    white = image.pixelColor(widget.centre_of((7, 8)).toPoint() + QPoint(round(widget.cell() / 3), 0))
    empty = image.pixelColor(widget.centre_of((2, 2)).toPoint() + QPoint(round(widget.cell() / 3), 3))
    assert black.lightness() < 80
    assert white.lightness() > 180
    assert 80 < empty.lightness() < 220 and empty.red() > empty.blue()  # wood
    mark = image.pixelColor(widget.centre_of((8, 7)).toPoint())
    assert mark.red() > 150 and mark.green() < 100  # the red cross of a forbidden point


def test_a_game_by_clicks_through_the_opening_protocol_to_a_claimed_foul(window, qtbot, tmp_path):
    window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = window.board_view
    window.tabs.setCurrentWidget(view)
    view.rules.setCurrentIndex(view.rules.findData("renju"))
    view.protocol_panel.choose_protocol(Protocol.DESIGNATED)
    view.offers.setValue(2)
    view.new_game()
    assert "指定开局" in view.status.text()
    play_clicks(qtbot, view, FOUL_GAME[:3])
    assert view.game.phase is Phase.SWAP and "三手交换" in view.status.text()
    assert view.swap_no.isVisible()
    play_clicks(qtbot, view, FOUL_GAME[3:5])
    assert "五手2打" in view.status.text()
    play_clicks(qtbot, view, FOUL_GAME[5:7])
    assert view.game.phase is Phase.CHOOSE and set(view.board.offers) == {(8, 6), (2, 2)}
    play_clicks(qtbot, view, FOUL_GAME[7:11])
    # black to play: every forbidden point is marked, and named under the mouse
    assert view.board.forbidden == {parse_point("i8"): "33"}
    qtbot.mouseMove(view.board, view.board.centre_of(parse_point("i8")).toPoint())
    assert view.hover.text().startswith("i8") and "33" in view.hover.text()
    screenshot(window, "04-board-forbidden")
    play_clicks(qtbot, view, FOUL_GAME[11:])
    assert view.game.foul_pending and view.claim.isEnabled()
    assert "禁手" in view.status.text()
    view.claim.click()
    assert view.game.result is not None and view.game.result.code == "0-1"
    assert "对局结束" in view.status.text() and "禁手" in view.status.text()
    assert view.moves.count() == 9 and view.moves.item(8).text().startswith("9.")
    assert view.board.fouls == {parse_point("i8")}  # the foul stone is crossed
    screenshot(window, "04-board-over")


def test_refused_moves_and_stepping_and_take_back(window, qtbot):
    view = window.board_view
    view.protocol_panel.choose_protocol(Protocol.DESIGNATED)
    view.new_game()
    click_point(qtbot, view.board, "a1")  # the first stone must be on h8
    assert view.game.moves == () and window.last_error
    play_clicks(qtbot, view, ["h8", "h9", "j8"])
    view.step(-2)
    assert len(view.board.stones) == 1 and view.board.forbidden == {}
    view.step(999)
    assert len(view.board.stones) == 3
    view.take_back()
    assert len(view.game.moves) == 2 and view.game.phase is Phase.OPENING


def test_records_are_saved_and_opened(window, qtbot, tmp_path):
    view = window.board_view
    view.rules.setCurrentIndex(view.rules.findData("free"))
    view.new_game()
    play_clicks(qtbot, view, ["h8", "i9", "h9", "j10", "h10"])
    for suffix in ("sgf", "psq", "txt"):
        path = tmp_path / f"game.{suffix}"
        assert view.save_record_file(path)
        view.new_game()
        assert view.open_record_file(path), window.last_error
        assert [m.point for m in view.game.numbered_moves()] == [
            parse_point(p) for p in ("h8", "i9", "h9", "j10", "h10")]
    bad = tmp_path / "bad.txt"
    bad.write_text("h8h8", encoding="utf-8")
    assert not view.open_record_file(bad) and "bad.txt" in window.last_error


def test_every_point_maps_back_at_any_size(qtbot):
    """Property: at any widget size, the pixel centre of every point (and any pixel within
    a third of a cell of it) is read back as that point; the board stays square."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    widget = BoardWidget()
    qtbot.addWidget(widget)

    @settings(max_examples=60, deadline=None)
    @given(st.integers(240, 1600), st.integers(240, 1200), st.integers(0, 14),
           st.integers(0, 14), st.floats(-0.33, 0.33), st.floats(-0.33, 0.33))
    def check(width, height, column, row, fx, fy):
        widget.resize(width, height)
        cell = widget.cell()
        centre = widget.centre_of((column, row))
        assert widget.point_at(centre) == (column, row)
        assert widget.point_at(QPointF(centre.x() + fx * cell, centre.y() + fy * cell)) == (
            column, row)
        span_x = widget.centre_of((14, 0)).x() - widget.centre_of((0, 0)).x()
        span_y = widget.centre_of((0, 0)).y() - widget.centre_of((0, 14)).y()
        assert abs(span_x - span_y) < 1e-6
        assert 0 < widget.centre_of((0, 14)).y() and widget.centre_of((14, 0)).x() < width

    check()
