"""A booklet (秩序册 / 成绩册, `app.exports.booklet`) as one PDF: a cover, a contents page,
then the blocks with the running header and page numbers; every heading is a bookmark in the
PDF outline (level 0 parts, level 1 inside them); crosstables and brackets on landscape
pages.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, cast
from xml.sax.saxutils import escape

from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from app.exports.booklet import Booklet, BracketBlock, Break, Heading, TableBlock, Text
from app.exports.fonts import SANS, register_fonts
from app.exports.model import ExportModel
from app.exports.pdf_bracket import _DrawingFlowable, bracket_drawing
from app.exports.pdf_common import (
    FOOTER_SPACE,
    HEADER_SPACE,
    MARGIN,
    PageHeader,
    _header_drawer,
    _NumberedCanvas,
    draw_bold,
    draw_fitted,
    make_table,
    markup,
    note,
)


class _BookletCanvas(_NumberedCanvas):
    """The page-counting canvas, with bookmarks placed on the page they were made on: the
    counting canvas writes its pages only at the end, so each page's bookmarks are kept with
    it and registered when the page is written."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["initialFontName"] = kwargs.get("initialFontName") or SANS
        super().__init__(*args, **kwargs)
        self._page_marks: list[str] = []

    def bookmarkPage(self, key: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N802
        self._page_marks.append(str(key))

    def showPage(self) -> None:  # noqa: N802
        super().showPage()
        self._page_marks = []

    def _draw_page_number(self, total: int) -> None:
        for key in self._page_marks:
            rl_canvas.Canvas.bookmarkPage(self, key)
        super()._draw_page_number(total)


class _Bookmarked(Paragraph):
    """A heading paragraph that registers itself in the outline and the contents; it stays
    with what follows it (keepWithNext), never left alone at the foot of a page."""

    def __init__(self, text: str, level: int, key: str) -> None:
        size = 15.0 if level == 0 else 11.5
        style = ParagraphStyle(name=f"booklet-h{level}", fontName=SANS, fontSize=size,
                               leading=size * 1.4, spaceBefore=6 if level else 2,
                               spaceAfter=4, wordWrap="CJK", keepWithNext=1)
        super().__init__(markup(text), style)
        self.outline_text = text
        self.outline_level = level
        self.outline_key = key


class _BookletDocument(BaseDocTemplate):
    def __init__(self, path: Path, booklet: Booklet, model: ExportModel) -> None:
        super().__init__(str(path), pagesize=A4, title=f"{model.event.title} {booklet.title}",
                         author=model.event.chief_arbiter or "Gomoku Arbiter",
                         creator="Gomoku Arbiter 五子棋赛事编排", initialFontName=SANS)
        self.booklet = booklet
        self.model = model
        header = _header_drawer(PageHeader(model.event, booklet.title))
        self.addPageTemplates([
            PageTemplate("cover", [self._frame(A4)], onPage=self._draw_cover, pagesize=A4),
            PageTemplate("portrait", [self._frame(A4)], onPage=header, pagesize=A4),
            PageTemplate("landscape", [self._frame(landscape(A4))], onPage=header,
                         pagesize=landscape(A4)),
        ])

    _passes = 0  # the passes built so far (the first one lays out only)

    def build(self, flowables: list[Flowable], filename: Any = None,
              canvasmaker: Any = rl_canvas.Canvas) -> None:
        """A pass of `multiBuild`; the first one on a canvas marked `layout_only`: its tables
        are laid out (the pages the contents lists) but not drawn, as its pages are never
        saved."""
        make = canvasmaker
        if self._passes == 0:
            def make(*args: Any, **kwargs: Any) -> Any:
                canvas = canvasmaker(*args, **kwargs)
                canvas.layout_only = True
                return canvas
        self._passes += 1
        super().build(flowables, filename, make)

    def _allSatisfied(self) -> bool:  # noqa: N802 (reportlab's name)
        # a first pass that needed no second one still drew nothing: build again
        return self._passes > 1 and bool(cast(Any, super())._allSatisfied())

    @staticmethod
    def _frame(size: tuple[float, float]) -> Frame:
        return Frame(MARGIN, MARGIN + FOOTER_SPACE - 4 * mm, size[0] - 2 * MARGIN,
                     size[1] - 2 * MARGIN - HEADER_SPACE - FOOTER_SPACE + 4 * mm,
                     leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def _draw_cover(self, canvas: Any, _doc: Any) -> None:
        width, height = A4
        event = self.model.event
        canvas.saveState()
        draw_fitted(canvas, event.title, 20 * mm, height * 0.68, width - 40 * mm, 24,
                    align="center")
        draw_bold(canvas, self.booklet.title, width / 2, height * 0.55, 40)
        y = height * 0.45  # venue, dates, then the organiser roles (a few lines each)
        for line in self.booklet.cover_lines:
            draw_fitted(canvas, line, 20 * mm, y, width - 40 * mm, 13, align="center")
            y -= 7 * mm
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:  # noqa: N802 (reportlab's name)
        if isinstance(flowable, _Bookmarked):
            key = flowable.outline_key
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(flowable.outline_text, key, flowable.outline_level,
                                      closed=flowable.outline_level > 0)
            self.notify("TOCEntry", (flowable.outline_level, escape(flowable.outline_text),
                                     self.page, key))


def _contents() -> list[Flowable]:
    toc = TableOfContents()
    # The contents table's own cell font (reportlab's default is Helvetica, never embedded).
    toc.tableStyle = TableStyle([("FONT", (0, 0), (-1, -1), SANS, 10),
                                 ("VALIGN", (0, 0), (-1, -1), "TOP"),
                                 ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                 ("RIGHTPADDING", (0, 0), (-1, -1), 0)])
    toc.levelStyles = [
        ParagraphStyle(name="toc0", fontName=SANS, fontSize=11, leading=16, leftIndent=0),
        ParagraphStyle(name="toc1", fontName=SANS, fontSize=9.5, leading=13, leftIndent=8 * mm),
    ]
    title = ParagraphStyle(name="toc-title", fontName=SANS, fontSize=16, leading=22,
                           spaceAfter=6)
    return [Paragraph("目　录", title), toc]


def _story(booklet: Booklet) -> list[Flowable]:
    story: list[Flowable] = [NextPageTemplate("portrait"), PageBreak(), *_contents(),
                             PageBreak()]
    wide = False
    width = {False: A4[0] - 2 * MARGIN, True: landscape(A4)[0] - 2 * MARGIN}
    count = 0
    for block in booklet.blocks:
        if isinstance(block, Break):
            if block.wide != wide or story[-1:] and not isinstance(story[-1], PageBreak):
                story += [NextPageTemplate("landscape" if block.wide else "portrait"),
                          PageBreak()]
            wide = block.wide
        elif isinstance(block, Heading):
            count += 1
            story.append(_Bookmarked(block.text, block.level, f"h{count}"))
        elif isinstance(block, Text):
            if block.text:
                story += [Spacer(1, 2), note(block.text, block.size)]
        elif isinstance(block, TableBlock):
            if block.wide != wide:
                story += [NextPageTemplate("landscape" if block.wide else "portrait"),
                          PageBreak()]
                wide = block.wide
            story.append(make_table(block.columns, block.rows, width[wide], block.size,
                                    shade_every=5, keep_groups=block.keep_groups,
                                    leads=block.leads))
        elif isinstance(block, BracketBlock):
            height = landscape(A4)[1] - 2 * MARGIN - HEADER_SPACE - FOOTER_SPACE - 14 * mm
            story.append(_DrawingFlowable(bracket_drawing(block.bracket, width[True], height)))
    return story


def write_booklet_pdf(model: ExportModel, booklet: Booklet, path: Path) -> Path:
    """The booklet as one PDF with bookmarks and a contents page."""
    register_fonts()
    path.parent.mkdir(parents=True, exist_ok=True)
    doc = _BookletDocument(path, booklet, model)
    doc.multiBuild(_story(booklet), canvasmaker=_BookletCanvas)
    return path
