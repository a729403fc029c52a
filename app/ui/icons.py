"""The program's icon, painted at run time (a corner of a board with five in a row)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, QSize, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QIconEngine, QPainter, QPen, QPixmap

SIZES = (16, 24, 32, 48, 64, 128, 256)


def _paint(size: int) -> QPixmap:
    pixmap = QPixmap(size, size)
    pixmap.fill(Qt.GlobalColor.transparent)
    painter = QPainter(pixmap)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    radius = size * 0.12
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(QBrush(QColor("#e3b964")))
    painter.drawRoundedRect(QRectF(0, 0, size, size), radius, radius)
    step = size / 6
    painter.setPen(QPen(QColor("#3b2a14"), max(1.0, size / 64)))
    for i in range(1, 6):
        painter.drawLine(QPointF(step * i, step * 0.6), QPointF(step * i, size - step * 0.6))
        painter.drawLine(QPointF(step * 0.6, step * i), QPointF(size - step * 0.6, step * i))
    stone = step * 0.46
    painter.setPen(Qt.PenStyle.NoPen)
    for i in range(1, 6):  # five black stones on the diagonal
        painter.setBrush(QBrush(QColor("#111111")))
        painter.drawEllipse(QPointF(step * i, size - step * i), stone, stone)
    painter.setBrush(QBrush(QColor("#fafafa")))
    painter.setPen(QPen(QColor("#333333"), max(1.0, size / 96)))
    for x, y in ((2, 2), (4, 4)):
        painter.drawEllipse(QPointF(step * x, step * y), stone, stone)
    painter.end()
    return pixmap


class _BoardIcon(QIconEngine):
    """The icon painted at the size asked for, when it is asked for: the window's start does
    not wait for seven pictures of which the window system shows one or two."""

    def __init__(self) -> None:
        super().__init__()
        self._painted: dict[int, QPixmap] = {}

    def _at(self, size: int) -> QPixmap:
        if size not in self._painted:
            self._painted[size] = _paint(size)
        return self._painted[size]

    def pixmap(self, size: QSize, mode: QIcon.Mode, state: QIcon.State) -> QPixmap:
        return self._at(max(1, min(size.width(), size.height())))

    def paint(self, painter: QPainter, rect: QRect, mode: QIcon.Mode,
              state: QIcon.State) -> None:
        side = min(rect.width(), rect.height())
        if side > 0:
            painter.drawPixmap(rect.topLeft(), self._at(side))

    def availableSizes(self, mode: QIcon.Mode = QIcon.Mode.Normal,  # noqa: N802 (Qt's name)
                       state: QIcon.State = QIcon.State.Off) -> list[QSize]:
        return [QSize(size, size) for size in SIZES]

    def clone(self) -> QIconEngine:
        return _BoardIcon()


def app_icon() -> QIcon:
    return QIcon(_BoardIcon())
