"""The shipped CJK fonts are present, licensed, and register as embedded TrueType."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from app.exports.fonts import FONT_FILES, FONTS_DIR, KAI, SANS, font_paths, register_fonts


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
