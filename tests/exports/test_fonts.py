"""The shipped CJK fonts are present, licensed, and register as embedded TrueType."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from app.exports import pdf_lists
from app.exports.fonts import (
    FONT_FILES,
    FONTS_DIR,
    KAI,
    SANS,
    covers,
    font_paths,
    register_fonts,
)
from app.exports.pdf_common import font_runs
from tests.exports.helpers import (
    assert_all_fonts_embedded,
    pdf_fonts,
    pdf_text,
    small_event,
    squeezed,
)


def test_every_font_file_is_shipped_with_its_licence_named_in_readme() -> None:
    readme = (FONTS_DIR / "README.md").read_text(encoding="utf-8")
    for font in FONT_FILES:
        assert font.path.is_file()
        assert font.filename in readme
    assert (FONTS_DIR / "LXGWWenKai.COPYRIGHT-OFL-1.1.txt").is_file()
    assert (FONTS_DIR / "wqy-microhei.LICENSE-Apache-2.0.txt").is_file()


def test_registered_fonts_are_truetype_and_cover_chinese() -> None:
    names = register_fonts()
    assert SANS in names and KAI in names
    for name in names:
        font = pdfmetrics.getFont(name)
        assert isinstance(font, TTFont)  # embedded subset, not a CID font
        assert pdfmetrics.stringWidth("五子棋赛事编排", name, 10) > 0
        assert ord("棋") in font.face.charToGlyph


def test_font_paths_names_existing_files() -> None:
    assert all(path.is_file() for path in font_paths().values())


def test_rare_name_characters_fall_back_to_the_other_shipped_font(tmp_path: Path) -> None:

    assert font_runs("刘䶮明", SANS) == [(SANS, "刘"), (KAI, "䶮"), (SANS, "明")]
    model = small_event()
    first = model.players[0]
    renamed = replace(model, players=(replace(first, name="刘䶮"), *model.players[1:]))
    path = pdf_lists.write_pairings_by_board(renamed, "open", 1, tmp_path / "p.pdf")
    assert "刘䶮" in pdf_text(path)
    assert any("LXGWWenKai" in name for name, _, _ in pdf_fonts(path))
    assert_all_fonts_embedded(path)


def test_a_certificate_template_may_choose_any_shipped_face(tmp_path: Path) -> None:
    """Only the faces the papers use are parsed up front (each costs tens of MiB); a
    template naming another shipped face gets it registered, one naming none is refused."""
    import json

    import pytest

    from app.errors import UserError
    from app.exports import certificates
    from app.exports.fonts import SANS_MONO

    assert set(register_fonts()) == {SANS, KAI}
    file = tmp_path / "t.json"
    file.write_text(json.dumps({"font": SANS_MONO, "lines": [{"text": "荣誉证书", "y_mm": 100}]}),
                    encoding="utf-8")
    assert certificates.load_template(file).font == SANS_MONO
    assert isinstance(pdfmetrics.getFont(SANS_MONO), TTFont)
    file.write_text(json.dumps({"font": "SimSun", "lines": [{"text": "x", "y_mm": 1}]}),
                    encoding="utf-8")
    with pytest.raises(UserError):
        certificates.load_template(file)


@pytest.mark.slow
def test_our_reading_of_a_face_gives_what_reportlabs_own_reading_gives() -> None:
    """`font_tables.PaperFace` reads the character map, widths, metrics and glyph offsets a
    table at a time: every value as reportlab's parser reads them, for every shipped face."""
    from reportlab.pdfbase.ttfonts import TTFontFace

    from app.exports.font_tables import Metrics, PaperFace
    from app.exports.fonts import _MappedFile

    own = ("charToGlyph", "charWidths", "glyphPos", "hmetrics", "glyphToChar", "_ttf_data",
           "_pdfScale", "_pos")
    for font in FONT_FILES:
        theirs = TTFontFace(_MappedFile(font.path), subfontIndex=font.subfont_index)
        ours = PaperFace(_MappedFile(font.path), subfontIndex=font.subfont_index)
        assert ours.charToGlyph == theirs.charToGlyph
        assert ours.charWidths == theirs.charWidths
        assert {type(w) for w in ours.charWidths.values()} == {
            type(w) for w in theirs.charWidths.values()}
        assert ours.defaultWidth == theirs.defaultWidth
        assert list(ours.glyphPos) == list(theirs.glyphPos)
        metrics = Metrics.of(theirs.hmetrics)
        assert len(ours.hmetrics) == len(metrics) == ours.numGlyphs
        assert all(ours.hmetrics[g] == metrics[g] for g in range(len(metrics)))
        rest = {k: v for k, v in vars(ours).items() if k not in own}
        assert rest == {k: v for k, v in vars(theirs).items() if k not in own}


@pytest.fixture(scope="module")
def paper_faces() -> list[Any]:
    """Every shipped face as the papers read it (`register_font`'s reading: glyphs from the
    mapped file, metrics packed)."""
    from app.exports.font_tables import PaperFace
    from app.exports.fonts import _compact, _MappedFile, _read_glyphs_lazily

    faces = []
    for font in FONT_FILES:
        face = PaperFace(_MappedFile(font.path), subfontIndex=font.subfont_index)
        _read_glyphs_lazily(face)
        _compact(face)
        faces.append(face)
    return faces


def _composite_characters(face: Any, count: int) -> list[int]:
    """`count` characters whose glyphs are composites (some name composites in turn)."""
    import struct

    start = face.get_table_pos("glyf")[0]
    found = []
    for char, glyph in sorted(face.charToGlyph.items()):
        at, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
        if end - at > 2 and struct.unpack(">h", face._ttf_data[start + at:start + at + 2])[0] < 0:
            found.append(char)
            if len(found) == count:
                break
    return found


@settings(max_examples=40, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_subset_is_byte_for_byte_the_one_reportlab_makes(
        paper_faces: list[Any], data: st.DataObject) -> None:
    """`PaperFace.makeSubset` keeps glyphs once read: every subset, of any face, first made
    or made again from kept glyphs, is the font reportlab's own subsetting writes, for
    simple glyphs, composites (most of 文泉驿微米黑's characters), characters the face lacks,
    and the trailing glyphs whose width reportlab scales."""
    from reportlab.pdfbase.ttfonts import TTFontFile

    face = data.draw(st.sampled_from(paper_faces))
    chars = sorted(face.charToGlyph)
    pool = st.one_of(st.sampled_from(chars), st.sampled_from(_composite_characters(face, 400)),
                     st.sampled_from([0x10FFFD, 0xE000]))  # not in the face: glyph 0
    subset = [0, *data.draw(st.lists(pool, min_size=1, max_size=255, unique=True))]
    expected = TTFontFile.makeSubset(face, subset)
    assert face.makeSubset(subset) == expected
    assert face.makeSubset(subset) == expected  # again, from the glyphs kept


@lru_cache(maxsize=1)
def _two_sans_fonts() -> tuple[Any, Any]:
    from app.exports.font_tables import PaperFont
    from app.exports.fonts import _MappedFile

    font = next(f for f in FONT_FILES if f.name == SANS)
    return (PaperFont("Ours", _MappedFile(font.path), font.subfont_index),
            PaperFont("Theirs", _MappedFile(font.path), font.subfont_index))


@settings(max_examples=60, deadline=None)
@given(texts=st.lists(st.text(alphabet=st.sampled_from(
    "张王李赵刘陈杨黄周吴徐孙胡朱高林何郭马罗abcXYZ 0123456789:（）\u00a0\U0010fffd\u4e00"),
    max_size=6), min_size=1, max_size=40), many=st.booleans())
def test_a_text_splits_into_the_codes_reportlab_gives(texts: list[str], many: bool) -> None:
    """`PaperFont.splitString` looks texts of characters already coded up at once: for
    any texts drawn one after another in a document (characters new and known, the
    no-break space, characters the face lacks, past the first 256 codes), the runs and
    the codes they leave behind are reportlab's."""
    from reportlab.pdfbase.ttfonts import TTFont as ReportlabFont

    ours, theirs = _two_sans_fonts()

    class Doc:  # a document, for the fonts' per-document codes
        pass

    ours_doc, their_doc = Doc(), Doc()
    if many:  # the first subset full: runs across subsets
        filler = "".join(chr(c) for c in sorted(ours.face.charToGlyph)[300:600])
        texts = [filler, *texts, filler[::-1]]
    for text in texts:
        assert ours.splitString(text, ours_doc) == ReportlabFont.splitString(
            theirs, text, their_doc)
    assert ours.state[ours_doc].assignments == theirs.state[their_doc].assignments
    assert ours.state[ours_doc].subsets == theirs.state[their_doc].subsets


def test_a_page_of_up_to_255_characters_embeds_one_subset(tmp_path: Path) -> None:
    """Codes are given in the order of first use, ASCII too (not kept at its own codes):
    240 Chinese characters and the digits take one subset of the face, not two, and read
    back whole."""
    from app.exports.pdf_common import FastTextCanvas

    register_fonts()
    path = tmp_path / "page.pdf"
    canvas = FastTextCanvas(str(path), initialFontName=SANS)
    canvas.setFont(SANS, 9)
    chinese = [chr(c) for c in range(0x4E00, 0x4E00 + 400) if covers(SANS, chr(c))][:240]
    for row in range(12):
        canvas.drawString(40, 800 - 20 * row, "".join(chinese[row * 20:(row + 1) * 20]))
    canvas.drawString(40, 500, "0123456789 ABC")
    canvas.save()
    assert [(kind, embedded) for _, kind, embedded in pdf_fonts(path)] == [
        ("TrueType", "yes")]  # one subset of 文泉驿微米黑, embedded
    text = squeezed(pdf_text(path))
    assert "".join(chinese[:20]) in text and "0123456789ABC" in text


@given(st.lists(st.one_of(st.integers(-2000, 2000), st.floats(0, 2000, allow_nan=False)),
                max_size=300))
def test_a_subsets_widths_are_written_as_reportlab_writes_an_array(widths: list[float]) -> None:
    """`_Widths` writes ten numbers a call: the bytes of reportlab's own PDFArray, for any
    count (none, up to ten, many rows) of whole and fractional widths."""
    from reportlab.pdfbase.pdfdoc import PDFArray, PDFDocument

    from app.exports.font_tables import _Widths

    document = PDFDocument()
    assert _Widths(widths).format(document) == PDFArray(widths).format(document)
