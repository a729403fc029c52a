"""Names spelled in pinyin, as the players view sorts and searches them: each text spelled
once per session. pypinyin is loaded through app/pinyin.py, its phrase dictionary
read on demand (the same readings): loading it whole took most of a second, a third of it
in one reading of a table the interpreter does not interrupt, the window frozen meanwhile
whichever thread loaded it. The opening's worker spells an event's names ahead
(app/ui/opening.py)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache


@lru_cache(maxsize=8192)
def pinyin(text: str) -> str:
    """`"张三"` -> `"zhang san"` (names sort and search by it)."""
    from app.pinyin import lazy_pinyin  # pypinyin, loaded when first asked

    return " ".join(lazy_pinyin(text))


@lru_cache(maxsize=8192)
def initials(text: str) -> str:
    """`"张三"` -> `"zs"` (search by the first letters, as arbiters type)."""
    pinyin(text)  # pypinyin loaded as above (its phrases on demand), not whole
    from pypinyin import Style, lazy_pinyin

    return "".join(lazy_pinyin(text, style=Style.FIRST_LETTER))


def spell_ahead(texts: Iterable[str]) -> None:
    """Spell these texts now (in a worker), so that showing them later finds them spelled.
    (Their initials only serve a search, and are worked out when one is typed: a tenth of
    the spelling's time, for names nobody may search.)"""
    for text in texts:
        pinyin(text)
