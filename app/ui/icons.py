"""The program's icon, painted at run time (a corner of a board with five in a row)."""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QIcon, QPainter, QPen, QPixmap

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


def app_icon() -> QIcon:
    icon = QIcon()
    for size in SIZES:
        icon.addPixmap(_paint(size))
    return icon
