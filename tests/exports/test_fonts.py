"""The shipped CJK fonts are present, licensed, and register as embedded TrueType."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from app.exports import pdf_lists
from app.exports.fonts import FONT_FILES, FONTS_DIR, KAI, SANS, font_paths, register_fonts
from app.exports.pdf_common import font_runs
from tests.exports.helpers import assert_all_fonts_embedded, pdf_fonts, pdf_text, small_event


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
