"""The board widget: a 15x15 Renju board painted with QPainter at any size.

Coordinates as in `app.rules.board` (《中国五子棋竞赛规则》2013, 棋盘 clause): columns a-o
left to right, rows 1-15 bottom to top, h8 the centre (天元); star points (星) on d4, l4,
h8, d12, l12. Stones carry their move numbers; the last move is marked; black's forbidden
points (禁手点) are crossed when the view asks; fifth-move offers (五手N打) are ringed.
The widget only paints and reports clicks: what a click means is the view's business.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QBrush,
    QColor,
    QFont,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QRadialGradient,
)
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.rules.board import COLUMNS, SIZE, Point, Stone, format_point

STAR_POINTS: tuple[Point, ...] = ((3, 3), (11, 3), (7, 7), (3, 11), (11, 11))
WOOD = QColor("#e3b964")
LINE = QColor("#3b2a14")
MARK = QColor("#d0021b")
LAST_ON_BLACK = QColor("#ff7a7a")  # the last move's number, readable on a black stone


class BoardWidget(QWidget):
    """Paints stones, numbers, marks; emits `pointClicked(column, row)` for a click."""

    pointClicked = Signal(int, int)  # noqa: N815 (Qt signal name)
    pointHovered = Signal(str)  # noqa: N815 (Qt signal name): "h8", or "" off the board

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.stones: list[tuple[Point, Stone]] = []
        self.forbidden: dict[Point, str] = {}
        self.offers: list[Point] = []
        self.fouls: set[Point] = set()  # black stones that were fouls (禁手), crossed
        self.show_numbers = True
        self.number_from = 1
        self.setMinimumSize(240, 240)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMouseTracking(True)
        self.hovered: Point | None = None

    # ----- state -------------------------------------------------------------------------------

    def set_stones(self, stones: Iterable[tuple[Point, Stone]]) -> None:
        """The stones in move order (move 1 first)."""
        self.stones = list(stones)
        self.update()

    def set_forbidden(self, forbidden: Mapping[Point, str]) -> None:
        self.forbidden = dict(forbidden)
        self.update()

    def set_fouls(self, fouls: Iterable[Point]) -> None:
        self.fouls = set(fouls)
        self.update()

    def set_offers(self, offers: Iterable[Point]) -> None:
        self.offers = list(offers)
        self.update()

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(600, 600)

    # ----- geometry ----------------------------------------------------------------------------

    def cell(self) -> float:
        """The distance between two lines, in pixels."""
        return min(self.width(), self.height()) / (SIZE + 1.2)

    def origin(self) -> QPointF:
        """The pixel centre of a1 (bottom-left point)."""
        cell = self.cell()
        span = cell * (SIZE - 1)
        left = (self.width() - span) / 2 + cell * 0.15
        bottom = (self.height() + span) / 2 - cell * 0.15
        return QPointF(left, bottom)

    def centre_of(self, point: Point) -> QPointF:
        """The pixel centre of a board point (column, row from 0)."""
        origin = self.origin()
        cell = self.cell()
        return QPointF(origin.x() + point[0] * cell, origin.y() - point[1] * cell)

    def point_at(self, pos: QPointF) -> Point | None:
        """The board point under a pixel, or None when the pixel is not near one."""
        origin = self.origin()
        cell = self.cell()
        column = round((pos.x() - origin.x()) / cell)
        row = round((origin.y() - pos.y()) / cell)
        if not (0 <= column < SIZE and 0 <= row < SIZE):
            return None
        centre = self.centre_of((column, row))
        if abs(centre.x() - pos.x()) > cell * 0.48 or abs(centre.y() - pos.y()) > cell * 0.48:
            return None
        return (column, row)

    def mousePressEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        if event.button() == Qt.MouseButton.LeftButton:
            point = self.point_at(event.position())
            if point is not None:
                self.pointClicked.emit(point[0], point[1])
                return
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:  # noqa: N802 (Qt name)
        point = self.point_at(event.position())
        if point != self.hovered:
            self.hovered = point
            self.pointHovered.emit(format_point(point) if point is not None else "")
        super().mouseMoveEvent(event)

    # ----- painting -----------------------------------------------------------------------------

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        cell = self.cell()
        self._paint_board(painter, cell)
        self._paint_coordinates(painter, cell)
        self._paint_stones(painter, cell)
        self._paint_marks(painter, cell)
        painter.end()

    def _paint_board(self, painter: QPainter, cell: float) -> None:
        painter.fillRect(self.rect(), QColor("#c9c2b3"))
        first = self.centre_of((0, SIZE - 1))
        last = self.centre_of((SIZE - 1, 0))
        pad = cell * 0.95
        wood = QRectF(first.x() - pad, first.y() - pad, last.x() - first.x() + 2 * pad,
                      last.y() - first.y() + 2 * pad)
        painter.fillRect(wood, WOOD)
        pen = QPen(LINE)
        pen.setWidthF(max(1.0, cell / 30))
        painter.setPen(pen)
        for i in range(SIZE):
            a, b = self.centre_of((i, 0)), self.centre_of((i, SIZE - 1))
            painter.drawLine(a, b)
            a, b = self.centre_of((0, i)), self.centre_of((SIZE - 1, i))
            painter.drawLine(a, b)
        frame = QPen(LINE)
        frame.setWidthF(max(1.5, cell / 16))
        painter.setPen(frame)
        painter.drawRect(QRectF(first, last))
        painter.setBrush(QBrush(LINE))
        painter.setPen(Qt.PenStyle.NoPen)
        radius = max(2.0, cell * 0.1)
        for point in STAR_POINTS:
            painter.drawEllipse(self.centre_of(point), radius, radius)

    def _paint_coordinates(self, painter: QPainter, cell: float) -> None:
        font = QFont(self.font())
        font.setPixelSize(max(7, int(cell * 0.36)))
        painter.setFont(font)
        painter.setPen(LINE)
        for i in range(SIZE):
            bottom = self.centre_of((i, 0))
            rect = QRectF(bottom.x() - cell / 2, bottom.y() + cell * 0.52, cell, cell * 0.5)
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, COLUMNS[i])
            left = self.centre_of((0, i))
            rect = QRectF(left.x() - cell * 1.15, left.y() - cell / 2, cell * 0.6, cell)
            painter.drawText(rect, Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight,
                             str(i + 1))

    def _paint_stones(self, painter: QPainter, cell: float) -> None:
        radius = cell * 0.46
        font = QFont(self.font())
        font.setPixelSize(max(6, int(cell * 0.4)))
        font.setBold(True)
        painter.setFont(font)
        for number, (point, stone) in enumerate(self.stones, start=self.number_from):
            centre = self.centre_of(point)
            gradient = QRadialGradient(centre.x() - radius * 0.35, centre.y() - radius * 0.35,
                                       radius * 1.4)
            if stone is Stone.BLACK:
                gradient.setColorAt(0, QColor("#5a5a5a"))
                gradient.setColorAt(1, QColor("#050505"))
                text = QColor("#ffffff")
            else:
                gradient.setColorAt(0, QColor("#ffffff"))
                gradient.setColorAt(1, QColor("#c8c8c8"))
                text = QColor("#000000")
            painter.setBrush(QBrush(gradient))
            painter.setPen(QPen(QColor("#000000"), max(0.8, cell / 40)))
            painter.drawEllipse(centre, radius, radius)
            last = number == self.number_from + len(self.stones) - 1
            if self.show_numbers:
                mark = LAST_ON_BLACK if stone is Stone.BLACK else MARK
                painter.setPen(mark if last else text)
                rect = QRectF(centre.x() - radius, centre.y() - radius, 2 * radius, 2 * radius)
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, str(number))
            elif last:
                painter.setBrush(QBrush(MARK))
                painter.setPen(Qt.PenStyle.NoPen)
                painter.drawEllipse(centre, radius * 0.25, radius * 0.25)
        if self.stones:
            # the last move: a red ring around the stone, with or without numbers
            centre = self.centre_of(self.stones[-1][0])
            pen = QPen(MARK, max(1.5, cell / 14))
            painter.setPen(pen)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(centre, radius * 1.02, radius * 1.02)

    def _paint_marks(self, painter: QPainter, cell: float) -> None:
        pen = QPen(MARK, max(1.5, cell / 12))
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        half = cell * 0.22
        for point in self.forbidden:
            c = self.centre_of(point)
            painter.drawLine(QPointF(c.x() - half, c.y() - half), QPointF(c.x() + half, c.y() + half))
            painter.drawLine(QPointF(c.x() - half, c.y() + half), QPointF(c.x() + half, c.y() - half))
        shown = {point for point, _stone in self.stones}
        foul_pen = QPen(LAST_ON_BLACK, max(1.5, cell / 14))
        painter.setPen(foul_pen)
        small = cell * 0.16
        for point in self.fouls & shown:  # a small cross at the stone's upper right
            c = self.centre_of(point)
            x, y = c.x() + cell * 0.3, c.y() - cell * 0.3
            painter.drawLine(QPointF(x - small, y - small), QPointF(x + small, y + small))
            painter.drawLine(QPointF(x - small, y + small), QPointF(x + small, y - small))
        offer_pen = QPen(QColor("#1565c0"), max(1.5, cell / 12))
        painter.setPen(offer_pen)
        for point in self.offers:
            painter.drawEllipse(self.centre_of(point), cell * 0.3, cell * 0.3)
