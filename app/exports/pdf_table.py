"""The list tables of the papers (pairing lists, standings, crosstables, the booklets'
tables), laid out and drawn here instead of by reportlab's general `Table`.

The result on paper is what `Table` drew for these tables (a grid of 0.4 pt lines, the
header row shaded and repeated on every page, rows shaded in bands, text cells centred
vertically with the same paddings, long texts as `Paragraph`s shrunk or wrapped), but
the columns' widths and the rows' heights are known before it starts, so a page break is
a slice of the rows and a page is drawn with one text line per cell: `Table` restyled,
measured and drew every cell through its general machinery, 4 of the 8 seconds an
event's export took.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Paragraph

# The paddings of every cell, as the papers' tables always had them.
LEFT_PAD = RIGHT_PAD = 3.0
TOP_PAD, BOTTOM_PAD = 2.0, 3.0
GRID_WIDTH = 0.4

Cell = str | Paragraph


@dataclass(frozen=True)
class Row:
    """One row: its cells (plain text in the table's font and size, or a Paragraph that
    brings its own), its height, and its shading as (first column, last column, colour)
    painted in that order."""

    cells: tuple[Cell, ...]
    height: float
    shading: tuple[tuple[int, int, colors.Color], ...] = ()
    lead: bool = True  # False: the row continues the group above it (`ListTable.keep_groups`)


@lru_cache(maxsize=1 << 16)
def _width(text: str, font: str, size: float) -> float:
    return stringWidth(text, font, size)


def _tops(heights: Sequence[float]) -> list[float]:
    """The rows' top edges from the table's bottom, then the bottom (0), summed from the
    bottom up with the compensation reportlab's Table uses: the same positions to the
    last digit printed."""
    tops = []
    height = compensation = 0.0
    for row_height in reversed(heights):
        tops.append(height)
        step = row_height - compensation
        total = height + step
        compensation = (total - height) - step
        height = total
    tops.append(height)
    tops.reverse()
    return tops


class ListTable(Flowable):
    """A table of fixed column widths and row heights whose first row (the header) repeats
    on every page it is split over; cells aligned by column (`aligns`: LEFT, CENTER or
    RIGHT for the body, the header always centred).

    `keep_groups`: a row that is no `lead` continues the group above it (a team's members
    under its name, a team match's boards under its line); a page breaks before such a group
    rather than inside it when no more than `keep_groups` of its rows would stay above the
    break (0: rows break anywhere), so that a page never starts with members whose team is
    on the page before, nor with boards whose match is.

    `continued`: the rows after a page break, under the header again; they start the next
    page, never the room the break left on this one (a group sent over leaves some)."""

    def __init__(self, rows: Sequence[Row], widths: Sequence[float], aligns: Sequence[str],
                 font: str, size: float, keep_groups: int = 0, continued: bool = False
                 ) -> None:
        super().__init__()
        self.rows = tuple(rows)
        self.keep_groups = keep_groups
        self.continued = continued
        self.widths = tuple(widths)
        self.aligns = tuple(aligns)
        self.font, self.size = font, size
        self.hAlign = "CENTER"  # as reportlab's Table: centred in a wider frame
        self.width = sum(self.widths)
        self.tops = _tops([row.height for row in self.rows])
        self.height = self.tops[0]

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:  # noqa: N803
        if self._waits_for_next_page():  # too tall here: the frame asks to split, then
            return self.width, max(self.height, availHeight + 1)  # moves it on
        return self.width, self.height

    def _waits_for_next_page(self) -> bool:
        """A continuation offered the rest of the page its first part is on."""
        frame = getattr(self, "_frame", None)  # set by the frame placing it
        return self.continued and frame is not None and not getattr(frame, "_atTop", True)

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:  # noqa: N803
        """The rows that fit `availHeight` and the rest under the header again; nothing when
        not even the header and one row fit (the page breaks before the table), or when a
        continuation is offered the room its first part left (`continued`)."""
        if self._waits_for_next_page():
            return []
        used, fits = 0.0, 0
        for row in self.rows:
            if used + row.height > availHeight:
                break
            used += row.height
            fits += 1
        if fits <= 1:
            return []
        if fits == len(self.rows):
            return [self]
        fits = self._group_start(fits)
        return [self._part(self.rows[:fits]), self._rest(fits)]

    def _group_start(self, fits: int) -> int:
        """Where the page breaks: before the first row of the group that `fits` would cut,
        when that group's rows above the break are few (`keep_groups`) and not the first."""
        start = fits
        while start > 1 and fits - start < self.keep_groups and not self.rows[start].lead:
            start -= 1
        return start if 1 < start < fits and self.rows[start].lead else fits

    def _part(self, rows: Sequence[Row]) -> ListTable:
        return ListTable(rows, self.widths, self.aligns, self.font, self.size, self.keep_groups)

    def _rest(self, start: int) -> ListTable:
        """The rows from `start` on, under the header, for the next page."""
        return ListTable((self.rows[0], *self.rows[start:]), self.widths, self.aligns,
                         self.font, self.size, self.keep_groups, continued=True)

    def draw(self) -> None:
        canvas: Any = self.canv
        if getattr(canvas, "layout_only", False):  # a booklet's first pass: pages only
            return
        tops = self.tops
        lefts = [0.0]
        for width in self.widths:
            lefts.append(lefts[-1] + width)
        canvas.saveState()
        self._draw_shading(canvas, tops, lefts)
        canvas.setFillColor(colors.black)
        canvas.setFont(self.font, self.size, self.size * 1.2)
        fast = getattr(canvas, "line_writer", None)  # the papers' canvas writes lines itself
        write = (fast() if fast else None) or canvas.drawString
        leading = self.size * 1.2
        for index, row in enumerate(self.rows):
            aligns = ("CENTER",) * len(self.widths) if index == 0 else self.aligns
            bottom, height = tops[index + 1], row.height
            one_line = bottom + (BOTTOM_PAD + height - TOP_PAD + leading) / 2 - self.size
            for cell, align, left, width in zip(row.cells, aligns, lefts[:-1], self.widths,
                                                strict=True):
                if not isinstance(cell, str):
                    self._draw_paragraph(canvas, cell, align, left, width, bottom, height)
                elif "\n" in cell:
                    self._draw_text(write, cell, align, left, width, bottom, height)
                elif cell:  # most cells: one line, written here (a cell's text is a call)
                    write(self._line_x(cell, align, left, width), one_line, cell)
        self._draw_grid(canvas, tops, lefts)
        canvas.restoreState()

    def _draw_shading(self, canvas: Any, tops: Sequence[float], lefts: Sequence[float]
                      ) -> None:
        last = len(self.widths) - 1
        for index, row in enumerate(self.rows):
            for first, end, colour in row.shading:
                end = last if end < 0 else end
                canvas.setFillColor(colour)
                canvas.rect(lefts[first], tops[index + 1], lefts[end + 1] - lefts[first],
                            row.height, stroke=0, fill=1)

    def _draw_text(self, write: Callable[[float, float, str], None], text: str, align: str,
                   left: float, width: float, bottom: float, height: float) -> None:
        """Plain text where reportlab's Table put it: its lines centred vertically between
        the paddings, aligned on the left or right padding or centred between them (the x
        worked out as reportlab's drawRightString and drawCentredString do)."""
        size = self.size
        leading = size * 1.2
        lines = text.split("\n") if "\n" in text else (text,)
        y = bottom + (BOTTOM_PAD + height - TOP_PAD + len(lines) * leading) / 2 - size
        for line in lines:
            write(self._line_x(line, align, left, width), y, line)
            y -= leading

    def _line_x(self, line: str, align: str, left: float, width: float) -> float:
        """Where a line of the cell starts: on the left padding, or ending on the right
        one, or centred between them (as reportlab's drawRightString, drawCentredString)."""
        if align == "LEFT":
            return left + LEFT_PAD
        if align == "RIGHT":
            return left + width - RIGHT_PAD - _width(line, self.font, self.size)
        return (left + (width + LEFT_PAD - RIGHT_PAD) * 0.5
                - 0.5 * _width(line, self.font, self.size))

    @staticmethod
    def _draw_paragraph(canvas: Any, paragraph: Paragraph, align: str, left: float,
                        width: float, bottom: float, height: float) -> None:
        drawn_width, drawn_height = paragraph.wrapOn(canvas, width - LEFT_PAD - RIGHT_PAD,
                                                     height - TOP_PAD - BOTTOM_PAD)
        y = bottom + (height + BOTTOM_PAD - TOP_PAD + drawn_height) / 2 - drawn_height
        if align == "LEFT":
            x = left + LEFT_PAD
        elif align == "RIGHT":
            x = left + width - RIGHT_PAD - drawn_width
        else:
            x = left + (width + LEFT_PAD - RIGHT_PAD - drawn_width) / 2
        paragraph.drawOn(canvas, x, y)

    def _draw_grid(self, canvas: Any, tops: Sequence[float], lefts: Sequence[float]) -> None:
        """The outer box, then the inner lines, each line from end to end, with round caps
        and joins (reportlab's table lines)."""
        canvas.saveState()
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        canvas.setStrokeColor(colors.black)
        canvas.setLineWidth(GRID_WIDTH)
        right, bottom = lefts[-1], tops[-1]
        canvas.line(0, tops[0], right, tops[0])
        canvas.line(0, bottom, right, bottom)
        canvas.line(0, bottom, 0, tops[0])
        canvas.line(right, bottom, right, tops[0])
        for y in tops[1:-1]:
            canvas.line(0, y, right, y)
        for x in lefts[1:-1]:
            canvas.line(x, bottom, x, tops[0])
        canvas.restoreState()


def _stacked_height(flowables: Sequence[Flowable], width: float) -> float:
    """The height `flowables` take one under the other at `width` (a KeepTogether: its
    content's), with the space between them."""
    total = 0.0
    for index, flowable in enumerate(flowables):
        if isinstance(flowable, KeepTogether):
            total += _stacked_height(getattr(flowable, "_content", ()), width)
        else:
            total += flowable.wrap(width, 0xFFFFFF)[1]
        if index:
            total += flowable.getSpaceBefore()
        if index < len(flowables) - 1:
            total += flowable.getSpaceAfter()
    return total


class TableWithTail(KeepTogether):
    """A list table kept with what follows it on paper (its legend, the signature lines
    裁判长 / 编排长): the tail goes on the table's last page when it fits there, else the
    table's last `rows_kept` rows go over to the next page with it, so that no page carries
    the signatures alone."""

    def __init__(self, table: ListTable, tail: Sequence[Flowable], rows_kept: int = 2
                 ) -> None:
        super().__init__([table, *tail])
        self.table, self.tail, self.rows_kept = table, tuple(tail), rows_kept

    def split(self, aW: float, aH: float) -> list[Flowable]:  # noqa: N803 (reportlab's)
        frame = getattr(self, "_frame", None)
        at_top = bool(frame is not None and getattr(frame, "_atTop", False))
        if self.table.continued and not at_top:  # the rest after a break: the next page
            return []
        if self.table.height + _stacked_height(self.tail, aW) <= aH:  # all of it fits here
            return [self.table, *self.tail]
        rows = self.table.rows
        parts = self.table.split(aW, aH)
        fitting = len(cast(ListTable, parts[0]).rows) if len(parts) == 2 else len(rows)
        # the rows that stay here: as many as fit, leaving the last `rows_kept` to go over,
        # and a group the break would cut going over whole (`ListTable.keep_groups`)
        kept = self.table._group_start(min(fitting, len(rows) - self.rows_kept)) if parts else 0
        if kept <= 1:  # no row can stay: all of it on the next page (as it comes on a
            return [self.table, *self.tail] if at_top else []  # page of its own already)
        return [self.table._part(rows[:kept]),
                TableWithTail(self.table._rest(kept), self.tail, self.rows_kept)]
