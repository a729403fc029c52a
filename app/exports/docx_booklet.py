"""A booklet (秩序册 / 成绩册, `app.exports.booklet`) as an editable Word document
(python-docx): events edit the booklets before printing.

The same cover, headings and tables as the PDF; headings use Word's heading styles (the
navigation pane and the contents field read them); a contents field that Word fills when the
file is opened (its text is the list of headings until then); crosstables and brackets in
landscape sections; the event title in the page header and the page number in the footer.
Text is set in 宋体 with the East Asian language zh-CN, so Chinese glyph forms are used.
"""

from __future__ import annotations

import io
import re
import zipfile
from functools import lru_cache
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary
from xml.sax.saxutils import escape

from docx import Document
from docx.enum.section import WD_ORIENT, WD_SECTION
from docx.enum.style import WD_STYLE_TYPE
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_ALIGN_PARAGRAPH, WD_BREAK
from docx.oxml import OxmlElement, parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.oxml.simpletypes import ST_HpsMeasure, ST_TwipsMeasure
from docx.shared import Mm, Pt
from reportlab.lib.units import mm

from app import wording
from app.exports.booklet import (
    PORTRAIT_WIDTH,
    WORD_CELL_MARGIN,
    WORD_FONT_FACTOR,
    Booklet,
    BracketBlock,
    Break,
    Heading,
    TableBlock,
    Text,
)
from app.exports.fonts import register_fonts
from app.exports.model import ExportModel
from app.exports.pdf_common import Column, column_widths, row_leads

FONT = "宋体"


def _east_asian(element: Any, font: str = FONT) -> None:
    """Set the East Asian font and the zh-CN language on a style's or run's properties."""
    properties = element.get_or_add_rPr()
    fonts = properties.find(qn("w:rFonts"))
    if fonts is None:
        fonts = OxmlElement("w:rFonts")
        properties.append(fonts)
    for attribute in ("w:ascii", "w:hAnsi", "w:eastAsia", "w:cs"):
        fonts.set(qn(attribute), font)
    language = properties.find(qn("w:lang"))
    if language is None:
        language = OxmlElement("w:lang")
        properties.append(language)
    language.set(qn("w:val"), "zh-CN")
    language.set(qn("w:eastAsia"), "zh-CN")


def _styles(document: Any) -> None:
    for name in ("Normal", "Title", "Heading 1", "Heading 2", "Table Grid"):
        style = document.styles[name]
        _east_asian(style.element)
        style.font.name = FONT
    document.styles["Normal"].font.size = Pt(10.5)
    document.styles["Heading 1"].font.size = Pt(16)
    document.styles["Heading 2"].font.size = Pt(12.5)
    settings = document.settings.element
    update = OxmlElement("w:updateFields")
    update.set(qn("w:val"), "true")
    settings.append(update)


def _field(paragraph: Any, code: str, shown: str = "") -> None:
    """A Word field (PAGE, TOC ...) with `shown` as its text until Word updates it."""
    def add(kind: str) -> None:
        run = paragraph.add_run()
        char = OxmlElement("w:fldChar")
        char.set(qn("w:fldCharType"), kind)
        run._r.append(char)

    add("begin")
    run = paragraph.add_run()
    instruction = OxmlElement("w:instrText")
    instruction.set(qn("xml:space"), "preserve")
    instruction.text = code
    run._r.append(instruction)
    add("separate")
    paragraph.add_run(shown)
    add("end")


def _page_setup(section: Any, wide: bool, title: str) -> None:
    section.orientation = WD_ORIENT.LANDSCAPE if wide else WD_ORIENT.PORTRAIT
    section.page_width, section.page_height = (Mm(297), Mm(210)) if wide else (Mm(210), Mm(297))
    for side in ("left_margin", "right_margin", "top_margin", "bottom_margin"):
        setattr(section, side, Mm(15))
    section.header.is_linked_to_previous = False
    header = section.header.paragraphs[0]
    header.text = title
    header.alignment = WD_ALIGN_PARAGRAPH.CENTER
    footer = section.footer.paragraphs[0]
    footer.alignment = WD_ALIGN_PARAGRAPH.CENTER
    footer.text = ""
    footer.add_run("第 ")
    _field(footer, "PAGE", "1")
    footer.add_run(" 页")


def _cover(document: Any, model: ExportModel, booklet: Booklet) -> None:
    """The cover as the PDF draws it: the event's title, the booklet's, then the venue, the
    dates and the organisers, set by paragraph spacing (not empty paragraphs) so that a long
    list of organisers still fits the one page: twelve lines of them ran onto a second page
    in LibreOffice. The page break is the last cover line's own."""
    titles = ((model.event.title, 22, Mm(55)), (booklet.title, 40, Mm(12)))
    for text, size, before in titles:
        paragraph = document.add_paragraph()
        paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
        paragraph.paragraph_format.space_before = before
        run = paragraph.add_run(text)
        run.font.size = Pt(size)
        run.bold = True
    paragraph = None
    for index, text in enumerate(booklet.cover_lines):
        paragraph = document.add_paragraph(text)
        paragraph.alignment = WD_ALIGN_PARAGRAPH.CENTER
        spacing = paragraph.paragraph_format
        spacing.space_before = Mm(45) if index == 0 else Pt(0)
        spacing.space_after = Pt(3)
        spacing.line_spacing = 1.0
    (paragraph or document.add_paragraph()).add_run().add_break(WD_BREAK.PAGE)


_STYLE_IDS: WeakKeyDictionary[Any, dict[tuple[str, Any], str | None]] = WeakKeyDictionary()


def _style_id(document: Any, name: str, kind: Any) -> str | None:
    """The id python-docx gives the style `name` of `kind`, looked up once per document:
    python-docx searches the styles part each time a table or heading takes a style."""
    known = _STYLE_IDS.setdefault(document.part, {})
    if (name, kind) not in known:
        known[name, kind] = document.part.get_style_id(document.styles[name], kind)
    return known[name, kind]


def _heading(document: Any, text: str, level: int) -> None:
    """`document.add_heading(text, level)`, its style's id looked up once."""
    paragraph = document.add_paragraph(text)
    paragraph._p.style = _style_id(document, f"Heading {level}", WD_STYLE_TYPE.PARAGRAPH)


def _contents(document: Any, booklet: Booklet) -> None:
    _heading(document, "目　录", 1)
    headings = [b for b in booklet.blocks if isinstance(b, Heading)]
    paragraph = document.add_paragraph()
    shown = "\n".join(("　　" * h.level) + h.text for h in headings)
    _field(paragraph, 'TOC \\o "1-2" \\h \\z \\u', shown)
    document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)


def _table(document: Any, block: TableBlock, wide: bool = False,
           deferred: _DeferredRows | None = None) -> None:
    """A table with the widths the PDF gives it (names and units wide, numbers narrow), the
    header row shaded and repeated on every page."""
    register_fonts()
    size_pt = block.size
    available = 267 * mm if wide else PORTRAIT_WIDTH
    # Word's cell margins (about 5.4 pt a side) and the reader's own CJK font (often wider
    # than the shipped one) get room of their own, so short numbers never wrap.
    margin = WORD_CELL_MARGIN
    widths = [w + margin for w in column_widths(
        block.columns, block.rows, available - margin * len(block.columns),
        size_pt * WORD_FONT_FACTOR)]
    table = document.add_table(rows=0, cols=len(block.columns))
    table._tbl.tblStyle_val = _style_id(document, "Table Grid", WD_STYLE_TYPE.TABLE)
    table.alignment = WD_TABLE_ALIGNMENT.CENTER
    table.autofit = False
    for column, width in zip(table.columns, widths, strict=True):
        column.width = Pt(width)
    # the widths and the size exactly as python-docx writes them
    twips = [ST_TwipsMeasure.convert_to_xml(Pt(width)) for width in widths]
    _append_rows(table, block, twips, ST_HpsMeasure.convert_to_xml(Pt(size_pt)), deferred)


def _append_rows(table: Any, block: TableBlock, twips: list[str], size: str,
                 deferred: _DeferredRows | None = None) -> None:
    """The header row (shaded, bold, centred, repeated on every page) and the body rows,
    as python-docx would add them cell by cell (the width of each cell, the run's size,
    centred columns), written as one piece of XML: a results table of a 150-player event
    has some 20,000 cells, and python-docx's per-element look-ups made the 成绩册 take
    seconds. With `deferred`, the XML is put in when the document is saved."""
    rows = _header_xml(block, twips, size) + _rows_xml(block, twips, size)
    if deferred is not None:
        deferred.mark(table, rows)
        return
    holder = parse_xml(f"<w:tbl {nsdecls('w')}>{rows}</w:tbl>")
    table._tbl.extend(list(holder))


class _DeferredRows:
    """Tables' body rows kept as the XML text they are until the document is saved, where
    each table holds a mark: as elements, the 成绩册's 20,000 cells took some 30 MiB that
    stayed taken for the rest of the export, and the time to parse them and write them
    back out."""

    _MARK = re.compile(rb"<!--rows (\d+)-->")

    def __init__(self) -> None:
        self._rows: list[str] = []

    def mark(self, table: Any, rows: str) -> None:
        holder = parse_xml(f"<w:tbl {nsdecls('w')}><!--rows {len(self._rows)}--></w:tbl>")
        table._tbl.append(holder[0])  # the mark: an XML comment
        self._rows.append(rows)

    def save(self, document: Any, path: Path) -> None:
        """`document` saved to `path` with every mark replaced by its rows."""
        buffer = io.BytesIO()
        document.save(buffer)
        with zipfile.ZipFile(buffer) as source, zipfile.ZipFile(path, "w") as target:
            for info in source.infolist():  # the same parts, names, order and compression
                data = source.read(info)
                if info.filename == "word/document.xml":
                    data = self._MARK.sub(lambda m: self._rows[int(m.group(1))].encode(), data)
                target.writestr(info, data)


def _header_xml(block: TableBlock, twips: list[str], size: str) -> str:
    """The header row's XML (`w:` elements) for `_append_rows`."""
    return '<w:tr><w:trPr><w:tblHeader w:val="true"/></w:trPr>' + "".join(
        f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{width}"/><w:shd w:val="clear" '
        f'w:color="auto" w:fill="D9D9D9"/></w:tcPr><w:p><w:pPr><w:jc w:val="center"/></w:pPr>'
        f'<w:r><w:rPr><w:b/><w:sz w:val="{size}"/></w:rPr>{_run_content(column.header)}'
        "</w:r></w:p></w:tc>" for column, width in zip(block.columns, twips, strict=True)
    ) + "</w:tr>"


def _rows_xml(block: TableBlock, twips: list[str], size: str) -> str:
    """The body rows' XML (`w:` elements, as in the document) for `_append_rows`; in a table
    that keeps its groups (a team and its members), each row of a group but its last keeps
    with the next (Word's "keep with next"), so that Word too breaks a page between teams."""

    def cells(keep: bool) -> list[tuple[str, str]]:
        made = []
        for width, column in zip(twips, block.columns, strict=True):
            props = ("<w:keepNext/>" if keep else "") + (
                '<w:jc w:val="center"/>' if column.align == "CENTER" else "")
            paragraph = f"<w:pPr>{props}</w:pPr>" if props else ""
            made.append((f'<w:tc><w:tcPr><w:tcW w:type="dxa" w:w="{width}"/></w:tcPr><w:p>'
                         f'{paragraph}<w:r><w:rPr><w:sz w:val="{size}"/></w:rPr>',
                         "</w:r></w:p></w:tc>"))
        return made

    loose, kept = cells(False), cells(True)
    rows = block.rows
    leads = row_leads(rows, block.leads)
    return "".join(
        "<w:tr>" + "".join(start + _run_content(text) + end for (start, end), text in zip(
            kept if block.keep_groups and k + 1 < len(rows) and not leads[k + 1]
            else loose, row, strict=True)) + "</w:tr>"
        for k, row in enumerate(rows))


_SPECIAL = re.compile(r"(\t|\r|\n)")


@lru_cache(maxsize=1 << 14)  # a booklet's tables repeat the same names and numbers
def _run_content(text: str) -> str:
    """A run's text as python-docx's `Run.text` writes it: a tab as <w:tab/>, a line break
    as <w:br/>, the rest in <w:t> (keeping its spaces when it starts or ends with one)."""
    parts = []
    for piece in _SPECIAL.split(text):
        if piece == "\t":
            parts.append("<w:tab/>")
        elif piece in ("\r", "\n"):
            parts.append("<w:br/>")
        elif piece:
            space = ' xml:space="preserve"' if len(piece.strip()) < len(piece) else ""
            parts.append(f"<w:t{space}>{escape(piece)}</w:t>")
    return "".join(parts)


def _shade(cell: Any) -> None:
    properties = cell._tc.get_or_add_tcPr()
    shading = OxmlElement("w:shd")
    shading.set(qn("w:val"), "clear")
    shading.set(qn("w:color"), "auto")
    shading.set(qn("w:fill"), "D9D9D9")
    properties.append(shading)


def _repeat_header(row: Any) -> None:
    properties = row._tr.get_or_add_trPr()
    repeat = OxmlElement("w:tblHeader")
    repeat.set(qn("w:val"), "true")
    properties.append(repeat)


def _bracket(document: Any, block: BracketBlock, wide: bool,
             deferred: _DeferredRows | None = None) -> None:
    """The bracket as a table of matches (Word has no drawing of it): round, places, both
    entrants, winner and score."""
    rows = []
    for matches in block.bracket.rounds:
        for match in matches:
            places = wording.places_text(match.places) if match.places[1] else ""
            rows.append((f"第{match.round}轮", str(match.number), places, match.shown(True),
                         match.shown(False),
                         wording.match_score_text(match.score, teams=(match.top, match.bottom))
                         if match.score else
                         wording.lots_board_text(match.winner) if match.lots else "",
                         match.winner))
    columns = (Column("轮次"), Column("场次"), Column("名次段"), Column("先行方", "LEFT"),
               Column("后行方", "LEFT"), Column("比分"), Column("胜方", "LEFT"))
    _table(document, TableBlock(columns, tuple(rows)), wide, deferred)


def write_booklet_docx(model: ExportModel, booklet: Booklet, path: Path) -> Path:
    """The booklet as a .docx file."""
    document = Document()
    _styles(document)
    title = f"{model.event.title}  {booklet.title}"
    _page_setup(document.sections[0], False, title)
    document.core_properties.title = title
    document.core_properties.author = model.event.chief_arbiter or "Gomoku Arbiter"
    document.core_properties.language = "zh-CN"
    _cover(document, model, booklet)
    _contents(document, booklet)
    wide = False
    deferred = _DeferredRows()
    for block in booklet.blocks:
        if isinstance(block, Break):
            if block.wide != wide:
                _page_setup(document.add_section(WD_SECTION.NEW_PAGE), block.wide, title)
                wide = block.wide
            else:
                document.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
        elif isinstance(block, Heading):
            _heading(document, block.text, block.level + 1)
        elif isinstance(block, Text):
            if block.text:
                document.add_paragraph(block.text).runs[0].font.size = Pt(block.size)
        elif isinstance(block, TableBlock):
            if block.wide != wide:
                _page_setup(document.add_section(WD_SECTION.NEW_PAGE), block.wide, title)
                wide = block.wide
            _table(document, block, wide, deferred)
        elif isinstance(block, BracketBlock):
            _bracket(document, block, wide, deferred)
    path.parent.mkdir(parents=True, exist_ok=True)
    deferred.save(document, path)
    return path
