"""The paper faces' character map, metrics and glyph offsets read a table at a time.

reportlab's TrueType parser reads them one number at a time, 0.45 s of every export for
the two paper faces (some 80,000 characters and glyphs). `PaperFont` is reportlab's TTFont
over a face read here: the same values (tests/exports/test_fonts.py compares them with
reportlab's own reading), kept as `app.exports.fonts` packs them. A face whose character
map is not a format 12 table is read by reportlab.

Imported only where fonts are registered: reportlab stays out of the window's start.
"""

from __future__ import annotations

import sys
from array import array
from fnmatch import fnmatch
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace
from reportlab.rl_config import unShapedFontGlob


class Metrics:
    """A face's horizontal metrics (advance width, left side bearing) by glyph, as the
    (aw, lsb) pairs reportlab's subsetting reads, held in two arrays instead of a list of
    tuples (50,000 glyphs of a CJK face)."""

    def __init__(self, advance: array[float], bearing: array[int]) -> None:
        self._advance = advance
        self._bearing = bearing

    @classmethod
    def of(cls, pairs: list[tuple[float, int]]) -> Metrics:
        # reportlab leaves the glyphs past the metrics' last full pair with that pair's width
        # scaled to 1/1000 em (a float); subsetting only ever takes int() of it
        return cls(array("d", (aw for aw, _ in pairs)), array("l", (lsb for _, lsb in pairs)))

    def __len__(self) -> int:
        return len(self._advance)

    def __getitem__(self, glyph: int) -> tuple[float, int]:
        return self._advance[glyph], self._bearing[glyph]


def _numbers(data: Any, start: int, count: int, bits: int) -> array[int]:
    """`count` big-endian unsigned numbers of `bits` (16 or 32) at `start` of `data`."""
    numbers = array("H" if bits == 16 else "I")
    numbers.frombytes(bytes(data[start:start + count * numbers.itemsize]))
    if sys.byteorder == "little":
        numbers.byteswap()
    return numbers


def _cmap_groups(face: Any) -> list[tuple[int, int, int]] | None:
    """The (first character, last character, first glyph) groups of the character map
    subtable reportlab's parser chooses, when it is of format 12; else None."""
    cmap = face.seek_table("cmap")
    version, count = face.read_ushort(), face.read_ushort()
    if count == 0 and version != 0:  # reportlab reads the two swapped in such a file
        count = version
    chosen, kind = None, 0
    for _ in range(count):  # reportlab's choice: the last Unicode subtable
        platform, encoding, offset = face.read_ushort(), face.read_ushort(), face.read_ulong()
        if platform == 3 or (platform == 1 and encoding == 1) or (
                platform == 0 and encoding != 5):
            chosen, kind = offset, 1
        elif platform == 1 and encoding == 0 and kind != 1:
            chosen, kind = offset, 2
    if chosen is None:
        return None
    face.seek(cmap + chosen)
    if face.read_ushort() != 12:
        return None
    face.skip(10)  # padding, length, language
    groups = face.read_ulong()
    numbers = _numbers(face._ttf_data, face._pos, 3 * groups, 32)
    return [(numbers[k], numbers[k + 1], numbers[k + 2]) for k in range(0, 3 * groups, 3)]


class PaperFace(TTFontFace):
    """reportlab's TrueType face, its character map, metrics and glyph offsets read here."""

    def extractInfo(self, charInfo: int = 1) -> None:  # noqa: N802, N803 (reportlab's names)
        super().extractInfo(0)  # names, head, OS/2, post, hhea, maxp: reportlab's reading
        if not charInfo:
            return
        groups = _cmap_groups(self)
        if groups is None or self.get_ushort(self.table["head"]["offset"] + 52) != 0:
            super().extractInfo(1)  # another format (or bad glyph data): reportlab's
            return
        self._read_tables(groups)

    def _read_tables(self, groups: list[tuple[int, int, int]]) -> None:
        face: Any = self  # reportlab's own attributes
        data, glyphs = face._ttf_data, self.numGlyphs
        char_to_glyph: dict[int, int] = {}
        for first, last, glyph in groups:
            char_to_glyph.update(zip(range(first, last + 1),
                                     range(glyph, glyph + last - first + 1), strict=True))
        full = self.get_ushort(self.table["hhea"]["offset"] + 34)  # glyphs with both values
        hmtx = self.table["hmtx"]["offset"]
        pairs = _numbers(data, hmtx, 2 * full, 16)
        rest = _numbers(data, hmtx + 4 * full, glyphs - full, 16)
        scale = face._pdfScale
        widths = [scale(aw) for aw in pairs[0::2]]
        tail = [widths[-1]] * (glyphs - full)  # the last pair's width, scaled (reportlab's)
        self.hmetrics = Metrics(array("d", [*pairs[0::2], *tail]),
                                array("l", [*pairs[1::2], *rest]))
        widths += tail
        self.defaultWidth = widths[0]
        self.charWidths = {char: widths[glyph] for char, glyph in char_to_glyph.items()
                           if glyph < glyphs}
        self.charToGlyph = char_to_glyph
        long_offsets = self.get_ushort(self.table["head"]["offset"] + 50)
        offsets = _numbers(data, self.table["loca"]["offset"], glyphs + 1,
                           32 if long_offsets else 16)
        self.glyphPos = array("q", offsets if long_offsets else (x << 1 for x in offsets))
        for space, other in ((0x20, 0xA0), (0xA0, 0x20)):  # the no-break space as the space
            if space in char_to_glyph:
                char_to_glyph[other] = char_to_glyph[space]
                self.charWidths[other] = self.charWidths[space]
                break


class PaperFont(TTFont):
    """reportlab's TTFont (its constructor's few lines) over a `PaperFace`."""

    def __init__(self, name: str, file: Any, subfont_index: int) -> None:
        self.fontName = name
        self.face = PaperFace(file, validate=0, subfontIndex=subfont_index)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob or ())
