"""Shared PDF machinery: A4 pages with a running header (event, document, group) and
"第 x 页 共 y 页" footer on every page, and tables whose header row repeats on every page and
whose cells never overflow (long names and units shrink, then wrap).

Only the embedded TrueType fonts of `app.exports.fonts` are used.
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, cast
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.rl_accel import escapePDF, fp_str
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.pdfgen.textobject import rtlSupport as _RTL_SUPPORT
from reportlab.platypus import (
    Flowable,
    KeepTogether,
    PageBreak,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
)

from app.exports.fonts import SANS, covers, fallback_font, glyphs, register_fonts
from app.exports.model import EventInfo
from app.exports.pdf_table import BOTTOM_PAD, LEFT_PAD, RIGHT_PAD, TOP_PAD, ListTable, Row

# Compressed streams without the ASCII85 layer: smaller files, and reportlab's pure-Python
# ASCII85 encoder was most of the time spent on long documents.
rl_config.useA85 = 0


def _deflate_fast(content: str | bytes) -> bytes:
    return zlib.compress(content.encode("utf8") if isinstance(content, str) else content, 1)


# Every stream of the papers (pages, font subsets, character maps) is compressed at zlib's
# fastest level instead of its default: a 150-player export's compression (most of its bytes
# are font subsets) took 0.18 s instead of 0.33 s when measured, its files 5 % larger.
cast(Any, pdfdoc.PDFZCompress).encode = _deflate_fast

MARGIN = 12 * mm
HEADER_SPACE = 20 * mm
FOOTER_SPACE = 10 * mm
BASE_SIZE = 10.0
MIN_ONE_LINE_SIZE = 7.0  # below this a cell wraps instead of shrinking further
CELL_PAD = LEFT_PAD  # a cell's padding on each side (the list tables' own)


def font_runs(text: str, font: str = SANS) -> list[tuple[str, str]]:
    """`text` cut into (font, run) pieces: `font` where it has the glyph, else the other
    shipped face, so no character prints as a blank box."""
    runs: list[tuple[str, str]] = []
    other = fallback_font(font)
    for char in text:
        chosen = font if covers(font, char) or not covers(other, char) else other
        if runs and runs[-1][0] == chosen:
            runs[-1] = (chosen, runs[-1][1] + char)
        else:
            runs.append((chosen, char))
    return runs


@lru_cache(maxsize=1 << 16)
def needs_fallback(text: str, font: str = SANS) -> bool:
    """True when `font` lacks a glyph for some printable character of `text`."""
    cmap = glyphs(font)
    return any(ord(char) not in cmap and not char.isspace() for char in text)


@lru_cache(maxsize=1 << 16)
def text_width(text: str, size: float, font: str = SANS) -> float:
    if not needs_fallback(text, font):
        return stringWidth(text, font, size)
    return sum(stringWidth(run, run_font, size) for run_font, run in font_runs(text, font))


def draw_runs(canvas: rl_canvas.Canvas, text: str, x: float, y: float, size: float,
              font: str = SANS) -> None:
    """drawString with the glyph fallback of `font_runs`."""
    if not needs_fallback(text, font):
        canvas.setFont(font, size)
        canvas.drawString(x, y, text)
        return
    for run_font, run in font_runs(text, font):
        canvas.setFont(run_font, size)
        canvas.drawString(x, y, run)
        x += stringWidth(run, run_font, size)


def markup(text: str, font: str = SANS) -> str:
    """Paragraph markup of `text`, escaped, with fallback runs in their own font."""
    if not needs_fallback(text, font):
        return escape(text)
    return "".join(escape(run) if run_font == font else
                   f'<font face="{run_font}">{escape(run)}</font>'
                   for run_font, run in font_runs(text, font))


def fit_size(text: str, width: float, size: float, minimum: float, font: str = SANS) -> float:
    """The largest font size <= `size` (in 0.5 pt steps) at which `text` fits `width`,
    or `minimum` when it fits nowhere."""
    natural = text_width(text, 1.0, font)
    if natural <= 0:
        return size
    best = width / natural
    if best >= size:
        return size
    stepped = int(best * 2) / 2
    return max(minimum, stepped)


def draw_fitted(
    canvas: rl_canvas.Canvas,
    text: str,
    x: float,
    y: float,
    width: float,
    size: float,
    font: str = SANS,
    align: str = "left",
    minimum: float = 5.0,
) -> None:
    """Draw one line of text inside `width`, shrinking it as far as needed; the canvas's
    font is as before afterwards."""
    chosen = fit_size(text, width, size, minimum, font)
    # Below the minimum, squeeze horizontally so it still never leaves its box.
    scale = min(1.0, width / max(text_width(text, chosen, font), 0.01))
    drawn = text_width(text, chosen, font) * scale
    if align == "center":
        left = x + (width - drawn) / 2
    elif align == "right":
        left = x + width - drawn
    else:
        left = x
    if scale == 1.0:  # most text: drawn where it goes, without a saved and scaled state
        private: Any = canvas  # reportlab's own font state
        before = private._fontname, private._fontsize, private._leading
        draw_runs(canvas, text, left, y, chosen, font)
        canvas.setFont(*before)
        return
    canvas.saveState()
    canvas.setFont(font, chosen)
    canvas.translate(left, y)
    canvas.scale(scale, 1)
    draw_runs(canvas, text, 0, 0, chosen, font)
    canvas.restoreState()


def draw_bold(canvas: rl_canvas.Canvas, text: str, x: float, y: float, size: float,
              font: str = SANS, align: str = "center") -> None:
    """Heading text: the regular face filled and stroked (no bold face is shipped)."""
    canvas.saveState()
    canvas.setFont(font, size)
    canvas.setLineWidth(size / 40)
    text_object = canvas.beginText()
    text_object.setTextRenderMode(2)
    width = text_width(text, size, font)
    left = x - width / 2 if align == "center" else x - width if align == "right" else x
    text_object.setTextOrigin(left, y)
    for run_font, run in font_runs(text, font):
        text_object.setFont(run_font, size)
        text_object.textOut(run)
    canvas.drawText(text_object)
    canvas.restoreState()


# ---------------------------------------------------------------------------- page template


class FastTextCanvas(rl_canvas.Canvas):
    """A canvas that writes a line of text in an embedded TrueType font straight into the
    page: the very operators reportlab's drawString writes through a text object
    (`BT 1 0 0 1 x y Tm /F1+0 9 Tf 10.8 TL (...) Tj T* ET`), without building one for each
    of the 100,000 cells and labels of an event's papers, where it was a third of the time.
    Anything else (a text mode, spacing, shaping, a standard font) goes the usual way."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # (font, size, leading, text) -> its operators; the same in the whole document once
        # its characters have their codes in the font's subsets.
        self._lines: dict[tuple[str, float, float, str], str] = {}
        self._selections: dict[tuple[str, int, float, float], str] = {}

    def _plain_font(self, text: object, *options: object) -> Any:
        private: Any = self  # reportlab's own state
        if any(options) or _RTL_SUPPORT or type(text) is not str or not private.bottomup:
            return None
        font = pdfmetrics.getFont(private._fontname)
        return font if getattr(font, "_dynamicFont", False) else None

    def _text_line(self, font: Any, x: float, y: float, text: str) -> str:
        private: Any = self
        key = (private._fontname, private._fontsize, private._leading, text)
        shown = self._lines.get(key)
        if shown is None:
            shown = self._lines[key] = self._show(font, text)
        return f"BT 1 0 0 1 {fp_str(x, y)} Tm {shown} T* ET"

    def line_writer(self) -> Callable[[float, float, str], None] | None:
        """A function writing one line of text at (x, y) in the current font and size, for
        many lines (a table's cells) on this page; None where the font needs drawString."""
        font = self._plain_font("")
        if font is None:
            return None
        private: Any = self
        lines, show, code = self._lines, self._show, private._code
        name, size, leading = private._fontname, private._fontsize, private._leading

        numbers: dict[float, str] = {}  # a table's cells share their rows' y, columns' x

        def write(x: float, y: float, text: str) -> None:
            shown = lines.get((name, size, leading, text))
            if shown is None:
                shown = lines[name, size, leading, text] = show(font, text)
            at_x = numbers.get(x)
            if at_x is None:
                at_x = numbers[x] = fp_str(x)
            at_y = numbers.get(y)
            if at_y is None:
                at_y = numbers[y] = fp_str(y)
            code.append(f"BT 1 0 0 1 {at_x} {at_y} Tm {shown} T* ET")

        return write

    def _show(self, font: Any, text: str) -> str:
        """`text`'s operators: each run of one font subset selected and shown."""
        private: Any = self
        doc = private._doc
        ops = []
        current = -1
        for subset, piece in font.splitString(text, doc):
            if subset != current:
                ops.append(self._select(font, subset, private._fontsize, private._leading))
                current = subset
            ops.append(f"({escapePDF(piece)}) Tj")
        return " ".join(ops)

    def _select(self, font: Any, subset: int, size: float, leading: float) -> str:
        """The operators selecting a font subset at a size (`/F1+0 9 Tf 10.8 TL`), worked
        out once in the document: a subset's name is the same once it has one."""
        key = (font.fontName, subset, size, leading)
        selected = self._selections.get(key)
        if selected is None:
            name = font.getSubsetInternalName(subset, cast(Any, self)._doc)
            selected = self._selections[key] = f"{name} {fp_str(size)} Tf {fp_str(leading)} TL"
        return selected

    def drawString(self, x: float, y: float, text: str, mode: Any = None,  # noqa: N802
                   charSpace: float = 0, direction: Any = None,  # noqa: N803
                   wordSpace: Any = None, shaping: bool = False) -> None:  # noqa: N803
        font = self._plain_font(text, mode is not None, charSpace, direction, wordSpace,
                                shaping)
        if font is None:
            super().drawString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        cast(Any, self)._code.append(self._text_line(font, x, y, text))

    def drawCentredString(self, x: float, y: float, text: str, mode: Any = None,  # noqa: N802
                          charSpace: float = 0, direction: Any = None,  # noqa: N803
                          wordSpace: Any = None, shaping: bool = False) -> None:  # noqa: N803
        font = self._plain_font(text, mode is not None, charSpace, direction, wordSpace,
                                shaping)
        if font is None:
            super().drawCentredString(x, y, text, mode, charSpace, direction, wordSpace,
                                      shaping)
            return
        private: Any = self
        width = stringWidth(text, private._fontname, private._fontsize)
        private._code.append(self._text_line(font, x - 0.5 * width, y, text))

    def drawRightString(self, x: float, y: float, text: str, mode: Any = None,  # noqa: N802
                        charSpace: float = 0, direction: Any = None,  # noqa: N803
                        wordSpace: Any = None, shaping: bool = False) -> None:  # noqa: N803
        font = self._plain_font(text, mode is not None, charSpace, direction, wordSpace,
                                shaping)
        if font is None:
            super().drawRightString(x, y, text, mode, charSpace, direction, wordSpace, shaping)
            return
        private: Any = self
        width = stringWidth(text, private._fontname, private._fontsize)
        private._code.append(self._text_line(font, x - width, y, text))


class _NumberedCanvas(FastTextCanvas):
    """A canvas that knows the page count when it draws each footer (第 x 页 共 y 页)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._saved_pages: list[dict[str, Any]] = []

    def showPage(self) -> None:  # noqa: N802 (reportlab's name)
        self._saved_pages.append(dict(self.__dict__))
        cast(Any, self)._startPage()

    def save(self) -> None:
        total = len(self._saved_pages)
        for state in self._saved_pages:
            self.__dict__.update(state)
            self._draw_page_number(total)
            super().showPage()
        super().save()

    def _draw_page_number(self, total: int) -> None:
        private = cast(Any, self)  # reportlab's own page size and number
        width, _ = private._pagesize
        self.setFont(SANS, 8)
        self.setFillColor(colors.black)
        self.drawCentredString(width / 2, MARGIN - 4 * mm,
                               f"第 {private._pageNumber} 页  共 {total} 页")


def numbered_canvas(*args: Any, **kwargs: Any) -> _NumberedCanvas:
    """The page-counting canvas, starting on an embedded font (never Helvetica)."""
    kwargs["initialFontName"] = kwargs.get("initialFontName") or SANS
    kwargs["initialFontSize"] = kwargs.get("initialFontSize") or BASE_SIZE
    return _NumberedCanvas(*args, **kwargs)


def plain_canvas(path: Path, pagesize: tuple[float, float], title: str) -> rl_canvas.Canvas:
    """A canvas for pages drawn by hand (slips, certificates, game sheets)."""
    register_fonts()
    path.parent.mkdir(parents=True, exist_ok=True)
    options: dict[str, Any] = {"initialFontName": SANS, "initialFontSize": BASE_SIZE}
    canvas = FastTextCanvas(str(path), pagesize=pagesize, pageCompression=1, **options)
    canvas.setTitle(title)
    canvas.setCreator("Gomoku Arbiter 五子棋赛事编排")
    return canvas


@dataclass(frozen=True)
class PageHeader:
    """What the running header of every page shows."""

    event: EventInfo
    title: str  # the document: 第3轮对阵表（按台次）
    subtitle: str = ""  # the group, the round's date ...


def _header_drawer(header: PageHeader) -> Callable[[rl_canvas.Canvas, Any], None]:
    def draw(canvas: rl_canvas.Canvas, doc: Any) -> None:
        # The page's own size: a booklet mixes portrait and landscape pages.
        width, height = getattr(canvas, "_pagesize", None) or doc.pagesize
        usable = width - 2 * MARGIN
        canvas.saveState()
        canvas.setFillColor(colors.black)
        draw_fitted(canvas, header.event.title, MARGIN, height - MARGIN - 4 * mm, usable, 11,
                    align="center")
        title_size = fit_size(header.title, usable, 15, 8)
        draw_bold(canvas, header.title, width / 2, height - MARGIN - 11 * mm, title_size)
        left_bits = [header.subtitle] if header.subtitle else []
        right_bits = [b for b in (header.event.venue, header.event.dates_text) if b]
        y = height - MARGIN - 17 * mm
        if left_bits:
            draw_fitted(canvas, "  ".join(left_bits), MARGIN, y, usable / 2, 9)
        if right_bits:
            draw_fitted(canvas, "  ".join(right_bits), MARGIN + usable / 2, y, usable / 2, 9,
                        align="right")
        canvas.setLineWidth(0.6)
        canvas.line(MARGIN, y - 2 * mm, width - MARGIN, y - 2 * mm)
        canvas.restoreState()

    return draw


def build_document(
    path: Path,
    header: PageHeader,
    story: Sequence[Flowable],
    wide: bool = False,
    pagesize: tuple[float, float] | None = None,
) -> Path:
    """Write `story` to `path` on A4 (landscape when `wide`; `pagesize` another sheet, e.g.
    A3 landscape for a large bracket) with the running header."""
    register_fonts()
    path.parent.mkdir(parents=True, exist_ok=True)
    if pagesize is None:
        pagesize = landscape(A4) if wide else A4
    doc = SimpleDocTemplate(
        str(path),
        pagesize=pagesize,
        leftMargin=MARGIN,
        rightMargin=MARGIN,
        topMargin=MARGIN + HEADER_SPACE,
        bottomMargin=MARGIN + FOOTER_SPACE - 4 * mm,
        title=f"{header.event.title} {header.title}",
        author=header.event.chief_arbiter or "Gomoku Arbiter",
        creator="Gomoku Arbiter 五子棋赛事编排",
        initialFontName=SANS,
    )
    draw = _header_drawer(header)
    doc.build(list(story) or [Spacer(1, 1)], onFirstPage=draw, onLaterPages=draw,
              canvasmaker=numbered_canvas)
    return path


def usable_width(wide: bool) -> float:
    page_width = landscape(A4)[0] if wide else A4[0]
    return page_width - 2 * MARGIN


# ---------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class Column:
    """One table column: header, alignment, and whether its text may wrap (names, units)."""

    header: str
    align: str = "CENTER"  # LEFT | CENTER | RIGHT
    flexible: bool = False  # gives up width first when the page is too narrow
    min_width: float = 0.0


def _para_style(size: float, align: str) -> ParagraphStyle:
    alignment: Any = {"LEFT": TA_LEFT, "CENTER": TA_CENTER, "RIGHT": TA_RIGHT}[align]
    return ParagraphStyle(
        name=f"cell-{size}-{align}",
        fontName=SANS,
        fontSize=size,
        leading=size * 1.2,
        alignment=alignment,
        wordWrap="CJK",
    )


def natural_width(columns: Sequence[Column], rows: Sequence[Sequence[str]],
                  size: float = BASE_SIZE, flexible_cap: int = 0) -> float:
    """The table's width with every cell on one line at `size`; with `flexible_cap`, a
    flexible column counts at most that many CJK characters."""
    widths = _natural_widths(columns, rows, size)
    if flexible_cap:
        cap = flexible_cap * size + 2 * CELL_PAD + 1
        widths = [min(w, cap) if c.flexible else w
                  for w, c in zip(widths, columns, strict=True)]
    return sum(widths)


def _natural_widths(columns: Sequence[Column], rows: Sequence[Sequence[str]],
                    size: float) -> list[float]:
    widths = []
    for index, column in enumerate(columns):
        texts = [column.header] + [row[index] for row in rows]
        longest = max(text_width(t, size) for t in texts)
        widths.append(max(longest + 2 * CELL_PAD + 1, column.min_width))
    return widths


def column_widths(columns: Sequence[Column], rows: Sequence[Sequence[str]],
                  available: float, size: float = BASE_SIZE) -> list[float]:
    """Widths that fill `available`: natural widths plus a share of the spare room, or,
    when too wide, flexible columns cut down first, then everything proportionally."""
    natural = _natural_widths(columns, rows, size)
    total = sum(natural)
    if total <= available:
        spare = available - total
        flexible = [i for i, c in enumerate(columns) if c.flexible] or list(range(len(columns)))
        share = spare / len(flexible)
        return [w + share if i in flexible else w for i, w in enumerate(natural)]
    fixed = sum(w for w, c in zip(natural, columns, strict=True) if not c.flexible)
    flexible = sorted((i for i, c in enumerate(columns) if c.flexible), key=lambda i: natural[i])
    room = available - fixed
    floor = 2 * size + 2 * CELL_PAD  # a flexible column keeps at least two characters
    if not flexible or room < floor * len(flexible):
        ratio = available / total
        return [w * ratio for w in natural]
    # Max-min fair shares: narrow flexible columns (names) keep their natural width, the
    # widest ones (long units) split what is left and shrink or wrap.
    widths = list(natural)
    for k, index in enumerate(flexible):
        share = room / (len(flexible) - k)
        widths[index] = max(min(natural[index], share), floor)
        room -= widths[index]
    return widths


def _lines_fit(paragraph: Paragraph, room: float) -> bool:
    paragraph.wrap(room, 100_000)
    for line in cast(Any, paragraph).blPara.lines:
        extra = line[0] if isinstance(line, tuple) else line.extraSpace
        if extra < -0.01:
            return False
    return True


def fitted_cell(text: str, width: float, size: float, align: str) -> str | Paragraph:
    """The text itself when it fits, else a Paragraph shrunk to one line (down to 7 pt), else
    wrapped over several lines (at 7 pt, smaller only when a column is extremely narrow)."""
    room = width - 2 * CELL_PAD
    fallback = needs_fallback(text)
    if text_width(text, size) <= room:
        return Paragraph(markup(text), _para_style(size, align)) if fallback else text
    shrunk = fit_size(text, room, size, MIN_ONE_LINE_SIZE)
    if text_width(text, shrunk) <= room:
        return Paragraph(markup(text), _para_style(shrunk, align))
    wrap_size = MIN_ONE_LINE_SIZE
    paragraph = Paragraph(markup(text), _para_style(wrap_size, align))
    while not _lines_fit(paragraph, room) and wrap_size > 3:
        wrap_size -= 1
        paragraph = Paragraph(markup(text), _para_style(wrap_size, align))
    return paragraph


KEPT_ROWS = 12
"""The rows of a group kept on one page at most (`ListTable.keep_groups`): a team's line and
its members, a team match's line and its boards (9 boards at most, and a captains' playoff)."""

Rows = list[list[str]]


def grouped(groups: Sequence[Sequence[Sequence[str]]]) -> tuple[Rows, tuple[bool, ...]]:
    """Groups of rows (a team match: its line, then its boards) as one table's rows and
    which of them lead a group (`make_table`'s `leads`)."""
    rows = [list(row) for group in groups for row in group]
    return rows, tuple(k == 0 for group in groups for k in range(len(group)))


def row_leads(rows: Sequence[Sequence[str]], leads: Sequence[bool] | None = None
              ) -> tuple[bool, ...]:
    """Which rows lead a group of rows kept together: `leads` as given, else those whose
    first cell is not empty (a team's members under its name have none)."""
    if leads is not None:
        if len(leads) != len(rows):
            raise ValueError(f"{len(leads)} leads for {len(rows)} rows")
        return tuple(leads)
    return tuple(not row or row[0] != "" for row in rows)


def make_table(
    columns: Sequence[Column],
    rows: Sequence[Sequence[str]],
    available: float,
    size: float = BASE_SIZE,
    shade_every: int = 0,
    extra_styles: Sequence[tuple[Any, ...]] = (),
    keep_groups: int = 0,
    leads: Sequence[bool] | None = None,
) -> ListTable:
    """A table filling `available` width; its header row repeats on every page. Rows shaded
    in bands of `shade_every`; `extra_styles`: more shading as reportlab's table style
    commands `("BACKGROUND", (first column, row), (last column, row), colour)` (row 0: the
    header); `keep_groups`: groups of rows (a team and its members, a match and its boards)
    kept on one page (`ListTable`), each led by a row of `leads` (`row_leads`)."""
    widths = column_widths(columns, rows, available, size)
    data: list[list[str | Paragraph]] = [
        [fitted_cell(c.header, w, size, "CENTER") for c, w in zip(columns, widths, strict=True)]
    ]
    for row in rows:
        data.append([
            fitted_cell(text, w, size, c.align)
            for text, c, w in zip(row, columns, widths, strict=True)
        ])
    shading: list[list[tuple[int, int, colors.Color]]] = [[(0, -1, HEADER_SHADE)]]
    for row_index in range(1, len(data)):
        band = bool(shade_every) and (row_index - 1) // shade_every % 2 == 1
        shading.append([(0, -1, BAND_SHADE)] if band else [])
    for command, (first, row_index), (last, end_row), colour in extra_styles:
        if command != "BACKGROUND" or end_row != row_index:
            raise ValueError(f"a list table shades cells of one row: {command} {row_index}")
        shading[row_index].append((first, last, colour))
    heights = _row_heights(data, widths, size)
    starts = (True, *row_leads(rows, leads))  # the header leads
    table_rows = [Row(tuple(cells), height, tuple(shades), lead)
                  for cells, height, shades, lead in zip(data, heights, shading, starts,
                                                         strict=True)]
    return ListTable(table_rows, widths, [c.align for c in columns], SANS, size, keep_groups)


HEADER_SHADE = colors.Color(0.85, 0.85, 0.85)
BAND_SHADE = colors.Color(0.95, 0.95, 0.95)


def _row_heights(data: Sequence[Sequence[str | Paragraph]], widths: Sequence[float],
                 size: float) -> list[float]:
    """Each row's height as reportlab's Table measured it: the tallest cell, its lines at
    the leading (a Paragraph's own height) plus the top and bottom padding."""
    leading = size * 1.2
    heights = []
    for row in data:
        tallest = 0.0
        for cell, width in zip(row, widths, strict=True):
            if isinstance(cell, str):
                tall = leading * len(cell.split("\n"))
            else:
                tall = cell.wrap(width - LEFT_PAD - RIGHT_PAD, 72000 - (TOP_PAD + BOTTOM_PAD))[1]
            tallest = max(tallest, tall + (TOP_PAD + BOTTOM_PAD))
        heights.append(tallest)
    return heights


def heading(text: str, size: float = 12) -> Paragraph:
    register_fonts()
    style = ParagraphStyle(name=f"heading-{size}", fontName=SANS, fontSize=size,
                           leading=size * 1.4, spaceBefore=4, spaceAfter=4)
    return Paragraph(escape(text), style)


def note(text: str, size: float = 9) -> Paragraph:
    register_fonts()
    style = ParagraphStyle(name=f"note-{size}", fontName=SANS, fontSize=size,
                           leading=size * 1.35, wordWrap="CJK")
    return Paragraph(escape(text), style)


def signature_line(labels: Sequence[str]) -> KeepTogether:
    text = "　　　　".join(f"{label}：＿＿＿＿＿＿" for label in labels)
    return KeepTogether([Spacer(1, 8 * mm), note(text, 10)])


__all__ = [
    "Column",
    "PageBreak",
    "PageHeader",
    "Spacer",
    "build_document",
    "column_widths",
    "draw_bold",
    "draw_fitted",
    "fit_size",
    "fitted_cell",
    "heading",
    "make_table",
    "natural_width",
    "note",
    "signature_line",
    "text_width",
    "usable_width",
]
