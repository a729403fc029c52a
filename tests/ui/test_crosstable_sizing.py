"""The crosstable's columns sized as Qt sizes them to their contents, though only the widest
text of each is measured whole (app/ui/crosstable_widget.py: `widest_cell`): the unit, the
points and the place each to its widest cell or its header, every grid column as wide as the
widest grid cell, in both languages; the rows' header as wide as Qt's own makes it."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetricsF
from PySide6.QtWidgets import QApplication, QHeaderView

from app.pairing.types import Colour, Outcome
from app.services.queries import PlayerRef
from app.services.ranking import CrosstableInfo
from app.standings.crosstable import RoundCell
from app.ui import i18n
from app.ui.crosstable_widget import CrosstableWidget, widest_cell

OUTCOMES = (Outcome.WIN, Outcome.LOSS, Outcome.DRAW, Outcome.FORFEIT_WIN, Outcome.ABSENT)


def swiss(count: int, rounds: int) -> CrosstableInfo:
    """A Swiss crosstable of `count` players: opponents' places of one to three digits,
    both colours, every kind of outcome, a withdrawn player, long and short units."""
    players = tuple(PlayerRef(id=i, name=f"棋手{i:03d}", unit=("单位" * (1 + i % 4))[:2 + i % 7],
                              number=i, withdrawn_from=3 if i == 5 else None)
                    for i in range(1, count + 1))
    by_round = tuple(
        tuple(RoundCell(round=r, opponent_place=(i * 7 + r * 13) % count + 1,
                        colour=Colour.FIRST if (i + r) % 2 else Colour.SECOND,
                        outcome=OUTCOMES[(i + r) % len(OUTCOMES)], points=0)
              for r in range(1, rounds + 1))
        for i in range(count))
    return CrosstableInfo(group="公开组", round_robin=False, rounds=rounds, players=players,
                          places=tuple(range(1, count + 1)), shared=(False,) * count,
                          points=tuple(2 * rounds - i % 9 for i in range(count)), draw_points=1,
                          by_round=by_round, against=())


def qt_sized(grid: CrosstableWidget) -> list[int]:
    """The columns as `resizeColumnsToContents` sizes them (every cell asked), the grid
    columns then made as wide as the widest of them."""
    table = grid.table
    table.resizeColumnsToContents()
    widths = [table.columnWidth(c) for c in range(grid.model.columnCount())]
    cells = widths[1:-2]
    return [widths[0], *[max(cells)] * len(cells), *widths[-2:]]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_columns_are_as_wide_as_qt_sizes_them_to_their_contents(qtbot, lang) -> None:  # type: ignore[no-untyped-def]
    i18n.set_language(lang)
    try:
        grid = CrosstableWidget()
        qtbot.addWidget(grid)
        grid.set_info(swiss(120, 9))
        QApplication.processEvents()
        shown = [grid.table.columnWidth(c) for c in range(grid.model.columnCount())]
        assert shown == qt_sized(grid)
    finally:
        i18n.set_language("zh")


def test_the_widest_text_is_found_though_estimates_of_others_come_close(qtbot) -> None:  # type: ignore[no-untyped-def]
    font = QFont(QApplication.font())
    metrics = QFontMetricsF(font)
    texts = ["12黑胜", "148白不战胜", "3b+", "150w−f", "WAVAWA", "WWWWWW", "iiiiiiiiii", ""]
    cells = {text: (row, 0) for row, text in enumerate(texts)}
    widest = max(texts, key=metrics.horizontalAdvance)
    assert widest_cell(cells, font) == cells[widest]


def test_the_rows_header_is_as_wide_as_qt_makes_it_and_follows_the_font(qtbot) -> None:  # type: ignore[no-untyped-def]
    grid = CrosstableWidget()
    qtbot.addWidget(grid)
    grid.set_info(swiss(150, 9))
    qt_own = QHeaderView(Qt.Orientation.Vertical)
    qtbot.addWidget(qt_own)
    qt_own.setModel(grid.model)
    assert grid.rows.sizeHint() == qt_own.sizeHint()
    font = QApplication.font()
    larger = QFont(font)
    larger.setPointSizeF(font.pointSizeF() * 2)
    before = grid.rows.sizeHint()
    QApplication.setFont(larger)  # as the window's larger text (Ctrl++) makes it
    try:
        QApplication.processEvents()
        assert grid.rows.sizeHint() == qt_own.sizeHint() != before
    finally:
        QApplication.setFont(font)
        QApplication.processEvents()
    grid.set_info(swiss(12, 5))  # fewer, shorter names
    assert grid.rows.sizeHint() == qt_own.sizeHint()
