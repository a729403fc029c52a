"""The shipped CJK fonts: where they are, and registering them with reportlab as embedded
TrueType fonts (never the non-embedded CID fonts, which many viewers show as blanks).

`SANS` (文泉驿微米黑, WenQuanYi Micro Hei) is for tables and lists, `KAI` (霞鹜文楷, LXGW
WenKai) for certificates (奖状). See resources/fonts/README.md for files and licences.
"""

from __future__ import annotations

import mmap
from array import array
from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.errors import UserError

SANS = "WQYMicroHei"
SANS_MONO = "WQYMicroHeiMono"
KAI = "LXGWWenKai"

FONTS_DIR = Path(__file__).resolve().parents[2] / "resources" / "fonts"


@dataclass(frozen=True)
class FontFile:
    """One shipped font face: the name reportlab knows it by, its file and face index."""

    name: str
    filename: str
    subfont_index: int = 0

    @property
    def path(self) -> Path:
        return FONTS_DIR / self.filename


FONT_FILES: tuple[FontFile, ...] = (
    FontFile(SANS, "wqy-microhei.ttc", 0),
    FontFile(SANS_MONO, "wqy-microhei.ttc", 1),
    FontFile(KAI, "LXGWWenKai-Regular.ttf", 0),
)


def font_paths() -> dict[str, Path]:
    """The font files by font name (for the UI: QFontDatabase.addApplicationFont)."""
    return {font.name: font.path for font in FONT_FILES}


_registered: set[str] = set()

# The faces the papers print with; the other shipped faces are registered when a document
# (a certificate template) names one: each face costs tens of MiB once parsed.
PAPER_FONTS = (SANS, KAI)


class _MappedFile:
    """A font file for reportlab's TrueType parser, read through a read-only memory map:
    the parser keeps the whole file for subsetting, and mapped, only the pages it reads
    (the character map, the metrics, the glyphs a document uses) take memory, not the
    15 MiB of outlines of a CJK face."""

    def __init__(self, path: Path) -> None:
        self.name = str(path)

    def read(self) -> mmap.mmap:
        with open(self.name, "rb") as handle:
            mapped = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ)
        if hasattr(mapped, "madvise"):  # glyphs are read here and there: no read-ahead
            mapped.madvise(mmap.MADV_RANDOM)
        return mapped


class _GlyphTable:
    """A face's glyph table (glyf) in the mapped file, handing out the slices asked for as
    bytes: reportlab's subsetting otherwise copies the whole table (4.5 MiB for 文泉驿微米黑,
    14 MiB for 霞鹜文楷) for every document, to read the few glyphs it prints."""

    def __init__(self, data: Any, start: int, length: int) -> None:
        self._view = memoryview(data)[start:start + length]

    def __getitem__(self, part: slice) -> bytes:
        return bytes(self._view[part])


def _read_glyphs_lazily(face: Any) -> None:
    """Have `face` (a reportlab TrueType face over a mapped file) give its glyph table as
    `_GlyphTable`; every other table as before."""
    whole_table = face.get_table

    def get_table(tag: str) -> Any:
        if tag != "glyf":
            return whole_table(tag)
        start, length = face.get_table_pos(tag)
        return _GlyphTable(face._ttf_data, start, length)

    face.get_table = get_table


def _compact(face: Any) -> None:
    """Drop or pack what reportlab's TrueType parser keeps of a face beyond what drawing
    and subsetting read: the glyph-to-characters lists (read only while parsing), the
    metrics and glyph offsets as arrays; some 15 MiB for the two paper faces. (A face read
    by `font_tables` has them so already.)"""
    from app.exports.font_tables import Metrics

    if hasattr(face, "glyphToChar"):
        del face.glyphToChar
    if isinstance(face.hmetrics, list):
        face.hmetrics = Metrics.of(face.hmetrics)
        face.glyphPos = array("q", face.glyphPos)


def register_font(name: str) -> None:
    """Register one shipped face with reportlab (once per process).

    Raises `UserError` when its file is missing from resources/fonts."""
    if name in _registered:
        return
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    from app.exports.font_tables import PaperFont

    font = next(f for f in FONT_FILES if f.name == name)
    if not font.path.is_file():
        raise UserError(
            f"找不到字体文件 {font.filename}",
            f"font file {font.filename} is missing",
            str(font.path),
        )
    face = PaperFont(font.name, _MappedFile(font.path), font.subfont_index)
    _read_glyphs_lazily(face.face)
    _compact(face.face)
    pdfmetrics.registerFont(face)
    # No separate bold/italic faces are shipped: map them to the regular face so
    # <b> in paragraphs stays on an embedded font.
    for bold in (0, 1):
        for italic in (0, 1):
            addMapping(font.name, bold, italic, font.name)
    _registered.add(font.name)


def register_fonts() -> tuple[str, ...]:
    """Register the faces the papers print with (`PAPER_FONTS`, once per process) and
    return their names; `register_font` registers another shipped face.

    Raises `UserError` when a font file is missing from resources/fonts.
    """
    for name in PAPER_FONTS:
        register_font(name)
    return PAPER_FONTS


_cmaps: dict[str, Collection[int]] = {}


def glyphs(font_name: str) -> Collection[int]:
    """The code points the shipped font `font_name` has glyphs for (the keys of the face's
    own character map: a copy of them would be 3 MiB more)."""
    cmap = _cmaps.get(font_name)
    if cmap is None:
        from reportlab.pdfbase import pdfmetrics

        register_fonts()
        font: Any = pdfmetrics.getFont(font_name)  # a TrueType font: it has a face
        face = font.face
        cmap = face.charToGlyph.keys()
        _cmaps[font_name] = cmap
    return cmap


def covers(font_name: str, char: str) -> bool:
    """True when the shipped font `font_name` has a glyph for `char`."""
    return ord(char) in glyphs(font_name)


def fallback_font(font_name: str) -> str:
    """The other shipped face, for characters the first lacks (rare name characters such as
    䶮 or 𠮷 are in LXGW WenKai but not in WenQuanYi Micro Hei)."""
    return SANS if font_name == KAI else KAI
