"""A QR code drawn on a PDF page (vector squares, no image), leading phones to the venue's
page of a group: printed on the pairing lists posted on the wall."""

from __future__ import annotations

from urllib.parse import quote, unquote

import segno
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from app.exports.fonts import SANS, register_fonts

QUIET_ZONE = 4  # modules of white border, as the QR standard asks


def draw_qr(canvas: Canvas, address: str, x: float, y: float, size: float) -> None:
    """Draw the QR code of `address` with its lower left corner at (x, y), `size` wide."""
    code = segno.make_qr(address, error="m")
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QUIET_ZONE)]
    module = size / len(rows)
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.rect(x, y, size, size, stroke=0, fill=1)
    canvas.setFillColorRGB(0, 0, 0)
    for r, row in enumerate(rows):
        top = y + size - (r + 1) * module
        c = 0
        while c < len(row):
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                # a run of dark modules as one rectangle (slightly widened: no hairlines)
                canvas.rect(x + start * module, top, (c - start) * module + 0.01,
                            module + 0.01, stroke=0, fill=1)
            else:
                c += 1
    canvas.restoreState()


class QrFlowable(Flowable):
    """The QR code of an address with a line of text beside it."""

    def __init__(self, address: str, caption: str, size: float = 32 * mm) -> None:
        super().__init__()
        self.address = address
        self.caption = caption
        self.size = size

    def wrap(self, available_width: float, _available_height: float) -> tuple[float, float]:
        self.width = available_width
        return available_width, self.size + 4 * mm

    def draw(self) -> None:
        register_fonts()
        canvas = self.canv
        draw_qr(canvas, self.address, 0, 0, self.size)
        canvas.setFont(SANS, 10)
        canvas.drawString(self.size + 4 * mm, self.size / 2 + 2 * mm, self.caption)
        canvas.setFont(SANS, 8)
        canvas.drawString(self.size + 4 * mm, self.size / 2 - 3 * mm, unquote(self.address))


def group_page_address(venue_address: str, group: str, page: str = "pairings") -> str:
    """The venue page of `group` under the server's address (`http://H:P/`)."""
    return f"{venue_address.rstrip('/')}/groups/{quote(group, safe='')}/{page}"


def venue_qr(venue_address: str, group: str) -> list[Flowable]:
    """The flowables to append to a group's pairing list: none when no server is known."""
    if not venue_address:
        return []
    return [QrFlowable(group_page_address(venue_address, group),
                       "扫码查看本组对阵、成绩与名次（赛场局域网）")]
