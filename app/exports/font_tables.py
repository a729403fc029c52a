"""The paper faces' character map, metrics and glyph offsets read a table at a time, and
their subsets for a document made from glyphs read once.

reportlab's TrueType parser reads them one number at a time, 0.45 s of every export for
the two paper faces (some 80,000 characters and glyphs). `PaperFont` is reportlab's TTFont
over a face read here: the same values (tests/exports/test_fonts.py compares them with
reportlab's own reading), kept as `app.exports.fonts` packs them. A face whose character
map is not a format 12 table is read by reportlab.

reportlab makes every subset of up to 256 characters a document embeds by reading each
glyph and its components a number at a time (150 subsets, 0.2 s of an export, most of
them made of the same name characters again); `PaperFace.makeSubset` keeps each glyph's
components once read and writes the same bytes (the tests compare them).

Imported only where fonts are registered: reportlab stays out of the window's start.
"""

from __future__ import annotations

import struct
import sys
from array import array
from collections.abc import Sequence
from fnmatch import fnmatch
from typing import Any
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFArray
from reportlab.pdfbase.ttfonts import (
    GF_ARG_1_AND_2_ARE_WORDS,
    GF_MORE_COMPONENTS,
    GF_WE_HAVE_A_SCALE,
    GF_WE_HAVE_A_TWO_BY_TWO,
    GF_WE_HAVE_AN_X_AND_Y_SCALE,
    TTEncoding,
    TTFont,
    TTFontFace,
    TTFontMaker,
)
from reportlab.rl_config import unShapedFontGlob


class Metrics:
    """A face's horizontal metrics (advance width, left side bearing) by glyph, as the
    (aw, lsb) pairs reportlab's subsetting reads, held in two arrays instead of a list of
    tuples (50,000 glyphs of a CJK face)."""

    def __init__(self, advance: array[float], bearing: array[int]) -> None:
        self.advance = advance
        self.bearing = bearing

    @classmethod
    def of(cls, pairs: list[tuple[float, int]]) -> Metrics:
        # reportlab leaves the glyphs past the metrics' last full pair with that pair's width
        # scaled to 1/1000 em (a float); subsetting only ever takes int() of it
        return cls(array("d", (aw for aw, _ in pairs)), array("l", (lsb for _, lsb in pairs)))

    def __len__(self) -> int:
        return len(self.advance)

    def __getitem__(self, glyph: int) -> tuple[float, int]:
        return self.advance[glyph], self.bearing[glyph]


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


def _big_endian(numbers: array[int]) -> bytes:
    if sys.byteorder == "little":
        numbers.byteswap()
    return numbers.tobytes()


def _components(data: bytes) -> tuple[int, ...] | None:
    """Where a composite glyph's `data` names its component glyphs (the offsets of their
    16-bit numbers), read as reportlab's subsetting reads them; None for a simple glyph."""
    if len(data) <= 2 or struct.unpack_from(">h", data)[0] >= 0:
        return None
    at, flags, places = 10, GF_MORE_COMPONENTS, []
    while flags & GF_MORE_COMPONENTS:
        flags = struct.unpack_from(">H", data, at)[0]
        places.append(at + 2)
        at += 8 if flags & GF_ARG_1_AND_2_ARE_WORDS else 6
        if flags & GF_WE_HAVE_A_SCALE:
            at += 2
        elif flags & GF_WE_HAVE_AN_X_AND_Y_SCALE:
            at += 4
        elif flags & GF_WE_HAVE_A_TWO_BY_TWO:
            at += 8
    return tuple(places)


class _Glyph:
    """One glyph of a face as subsetting needs it: its outline bytes padded to a multiple
    of 4 (every glyph starts so in the table), and for a composite glyph where it names its
    components and which glyphs they are."""

    __slots__ = ("padded", "places", "parts")

    def __init__(self, data: bytes) -> None:
        self.padded = data + b"\0" * (-len(data) % 4)
        self.places = _components(data) or ()
        self.parts = tuple(struct.unpack_from(">H", data, at)[0] for at in self.places)


class PaperFace(TTFontFace):
    """reportlab's TrueType face, its character map, metrics and glyph offsets read here,
    its subsets made from glyphs read once."""

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

    def _glyphs(self, indices: list[int]) -> list[_Glyph]:
        """The glyphs `indices`, each read once per face and kept: at most the face's outlines
        (4.5 MiB for 文泉驿微米黑) in a window that prints every character in its life."""
        known: dict[int, _Glyph] = self.__dict__.setdefault("_known_glyphs", {})
        positions: Any = self.glyphPos
        table: Any = None
        found = []
        for index in indices:
            glyph = known.get(index)
            if glyph is None:
                if table is None:
                    table = self.get_table("glyf")
                start, end = positions[index], positions[index + 1]
                glyph = known[index] = _Glyph(bytes(table[start:end]))
            found.append(glyph)
        return found

    def _fixed_tables(self) -> dict[str, bytes]:
        """The tables every subset copies, or copies with a number changed."""
        tables: dict[str, bytes] | None = self.__dict__.get("_fixed")
        if tables is None:
            tables = {}
            for tag in ("name", "OS/2", "cvt ", "fpgm", "prep", "hhea", "maxp", "head"):
                try:
                    tables[tag] = self.get_table(tag)
                except KeyError:  # cvt, fpgm and prep are optional
                    pass
            tables["post"] = b"\x00\x03\x00\x00" + self.get_table("post")[4:16] + b"\x00" * 16
            self._fixed = tables
        return tables

    def makeSubset(self, subset: Sequence[int]) -> bytes:  # noqa: N802 (reportlab's name)
        """The TrueType font of the characters `subset` (in that order, format 6 character
        map), byte for byte as reportlab's `TTFontFile.makeSubset` writes it."""
        glyph_map, new_of, codes = self._glyph_map(subset)
        glyphs = self._glyphs(glyph_map)
        n = 0
        while n < len(glyph_map):  # the components of composite glyphs, as they come
            if n == len(glyphs):
                glyphs += self._glyphs(glyph_map[n:])
            for part in glyphs[n].parts:
                if part not in new_of:
                    new_of[part] = len(glyph_map)
                    glyph_map.append(part)
            n += 1
        fixed = self._fixed_tables()
        output = TTFontMaker()
        for tag in ("name", "OS/2", "cvt ", "fpgm", "prep", "post"):
            if tag in fixed:
                output.add(tag, fixed[tag])
        hmtx, full = self._horizontal_metrics(glyph_map)
        output.add("hmtx", hmtx)
        output.add("hhea", _with_ushort(fixed["hhea"], 34, full))
        output.add("maxp", _with_ushort(fixed["maxp"], 4, len(glyph_map)))
        entries = len(subset)
        cmap = array("H", [0, 1, 1, 0, 0, 12, 6, 10 + entries * 2, 0, 0, entries, *codes])
        output.add("cmap", _big_endian(cmap))
        glyf, offsets = _glyph_table(glyphs, new_of)
        output.add("glyf", glyf)
        long_offsets = (offsets[-1] + 1) >> 1 > 0xFFFF
        loca = array("I", offsets) if long_offsets else array("H", [o >> 1 for o in offsets])
        output.add("loca", _big_endian(loca))
        output.add("head", _with_ushort(fixed["head"], 50, int(long_offsets)))
        return output.makeStream()

    def _glyph_map(self, subset: Sequence[int]) -> tuple[list[int], dict[int, int], list[int]]:
        """The subset's glyphs: new glyph -> old glyph (glyph 0, the missing character,
        first), old -> new, and each character's new glyph."""
        char_to_glyph: dict[int, int] = self.charToGlyph
        glyph_map, new_of, codes = [0], {0: 0}, []
        for code in subset:
            old = char_to_glyph.get(code, 0)
            new = new_of.get(old)
            if new is None:
                new = new_of[old] = len(glyph_map)
                glyph_map.append(old)
            codes.append(new)
        return glyph_map, new_of, codes

    def _horizontal_metrics(self, glyph_map: list[int]) -> tuple[bytes, int]:
        """The subset's hmtx table and its count of full (width, bearing) pairs: the run
        of equal widths at the end is written as bearings only."""
        metrics: Any = self.hmetrics
        if isinstance(metrics, Metrics):
            advance, bearing = metrics.advance, metrics.bearing
            widths = [int(advance[old]) for old in glyph_map]
            bearings = [bearing[old] for old in glyph_map]
        else:  # reportlab's list of pairs
            widths = [int(metrics[old][0]) for old in glyph_map]
            bearings = [int(metrics[old][1]) for old in glyph_map]
        full = len(glyph_map)
        while full > 1 and widths[full - 1] == widths[full - 2]:
            full -= 1
        hmtx = array("H", [v for pair in zip(widths[:full], bearings[:full],
                                              strict=True) for v in pair])
        hmtx.extend(bearings[full:])
        return _big_endian(hmtx), full


def _glyph_table(glyphs: list[_Glyph], new_of: dict[int, int]) -> tuple[bytes, list[int]]:
    """The subset's glyf table, composites naming their components by their new numbers,
    and where each glyph starts (and the table ends)."""
    pack_into = struct.pack_into
    pieces: list[bytes | bytearray] = []
    offsets, pos = [], 0
    for glyph in glyphs:
        offsets.append(pos)
        data = glyph.padded
        if glyph.places:
            renumbered = bytearray(data)
            for at, part in zip(glyph.places, glyph.parts, strict=True):
                pack_into(">H", renumbered, at, new_of[part])
            pieces.append(renumbered)
        else:
            pieces.append(data)
        pos += len(data)
    offsets.append(pos)
    return b"".join(pieces), offsets


def _with_ushort(table: bytes, at: int, value: int) -> bytes:
    return table[:at] + struct.pack(">H", value) + table[at + 2:]


class PaperFont(TTFont):
    """reportlab's TTFont (its constructor's few lines) over a `PaperFace`."""

    def __init__(self, name: str, file: Any, subfont_index: int) -> None:
        self.fontName = name
        self.face = PaperFace(file, validate=0, subfontIndex=subfont_index)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        # Codes in the order the document first uses its characters, not the ASCII ones
        # kept at their own codes (reportlab's default, for reading the raw file): a
        # document of up to 255 characters fits one subset, where ASCII's reserved codes
        # made most lists of an event take two (153 subsets in an export, now 95; the
        # PDFs a quarter smaller). Text is read through each subset's ToUnicode map.
        self._asciiReadable = False
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob or ())

    def splitString(self, text: str | bytes, doc: Any,  # noqa: N802 (reportlab's name)
                    encoding: str = "utf-8") -> list[tuple[int, bytes]]:
        """`text` as (subset, codes) runs, as reportlab's `splitString` gives them; a text
        whose characters all have their codes in this document already (most of a list's
        cells after its first rows) is looked up at once, without reportlab's steps for
        each character."""
        state: Any = self.state.get(doc)  # reportlab's own
        if state is not None and isinstance(text, str) and text:
            assignments: dict[int, int] = state.assignments
            try:
                codes = [assignments[char] for char in map(ord, text)]
            except KeyError:  # a new character (or the no-break space): reportlab's way
                pass
            else:
                first = codes[0] >> 8
                if all(code >> 8 == first for code in codes):
                    return [(first, bytes(code & 0xFF for code in codes))]
        return super().splitString(text, doc, encoding)

    def addObjects(self, doc: Any) -> None:  # noqa: N802 (reportlab's name)
        """reportlab's font objects of this face's subsets in `doc`, each subset's widths
        written ten numbers a call (`_Widths`) instead of one formatting step a number."""
        before = set(doc.idToObject["BasicFonts"].dict)
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for name in set(fonts) - before:
            font = fonts[name]
            widths = getattr(font, "Widths", None)
            if type(widths) is PDFArray:
                font.Widths = _Widths(widths.sequence)


class _Widths(PDFArray):
    """A subset's widths as reportlab's PDFArray writes numbers (`[ a b ... j \\n  k ... ]`,
    a line break after every tenth), each row of ten formatted in one call."""

    def format(self, document: Any, IND: bytes = b"\n ") -> bytes:  # noqa: N803 (reportlab's)
        numbers = self.sequence
        if rl_config.pdfMultiLine or not all(type(n) in (int, float) for n in numbers):
            return super().format(document, IND)
        rows = [fp_str(*numbers[k:k + 10]).encode("ascii") for k in range(0, len(numbers), 10)]
        return b"[ " + b" \n  ".join(rows) + b" ]"
