"""pypinyin with its phrase dictionary read on demand: the same readings, without holding
the 47,000 phrases as Python lists (some 35 MiB, a quarter of an export's memory, and a
fifth of a second to parse) when the papers only ask for the few phrases in names.

pypinyin loads `phrases_dict.json` whole when it is first imported. Before that import,
`lazy_pinyin` puts a read-only view of the same file in its place: the keys (one line
each, in code point order) found by one scan, a phrase's readings parsed from its own
lines when pypinyin asks for it. Same data, same order of keys, so pypinyin segments and
reads every text as with the whole dictionary (tests/exports/test_pinyin.py compares them).
When the file is not laid out so, or pypinyin is already imported, pypinyin stays as it is.
"""

from __future__ import annotations

import bisect
import importlib.util
import json
import sys
import types
from collections.abc import Iterator, MutableMapping
from itertools import accumulate
from operator import methodcaller
from pathlib import Path
from typing import Any, cast

# The end of a phrase's first line in pypinyin's file: `"一丁不识": [` and its line break.
_KEY_END = b'": [\n'


class LazyPhrases(MutableMapping[str, Any]):
    """pypinyin's phrase dictionary over the text of its file: keys kept, values parsed
    when asked for; phrases pypinyin is given later (`load_phrases_dict`) kept apart."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        # The file cut at the end of each key line (`": [` and its line break): each piece
        # ends with its key line's `"key`, after the piece's last line break. The keys are
        # kept as the file's UTF-8 (its order is the code points' order), where each value
        # lies worked out when asked: one split and slices, a third of the time a pattern
        # and decoding took for the 47,000 key lines.
        pieces = data.split(_KEY_END)[:-1]
        cuts = list(map(methodcaller("rfind", b'\n"'), pieces))
        keys = [piece[cut + 2:] for piece, cut in zip(pieces, cuts, strict=True)]
        if not keys or min(cuts) < 0 or b"\\" in data:
            keys = []  # not one plain key to a line as expected: pypinyin reads the file
        self._keys = keys
        self._cuts = cuts
        self._lengths = list(map(len, pieces))
        self._piece_ends = list(accumulate(self._lengths))  # separators not counted
        self._last = data.rindex(b"}") if keys else 0
        self._added: dict[str, Any] = {}
        self._removed: set[str] = set()
        self.quiet = False  # while True, iterating gives no keys (see `_install`)

    def is_sorted(self) -> bool:
        """True when the keys are unique and in code point order (bisect finds them)."""
        keys = self._keys
        return bool(keys) and all(a < b for a, b in zip(keys, keys[1:], strict=False))

    def keys_in_file(self) -> list[str]:
        """The shipped phrases, in the file's order."""
        return [key.decode("utf-8") for key in self._keys]

    def span(self, index: int) -> tuple[int, int]:
        """Where the value of the `index`th shipped phrase lies in the file: from its "[" to
        the next key line (or the closing brace)."""
        cut = len(_KEY_END)
        start = self._piece_ends[index] + cut * index + 3
        after = index + 1
        if after == len(self._keys):
            return start, self._last
        return start, (self._piece_ends[after] - self._lengths[after] + cut * after
                       + self._cuts[after] + 1)

    def has_prefix(self, word: str) -> bool:
        """True when some shipped phrase starts with `word`."""
        code = word.encode("utf-8", "surrogatepass")
        i = bisect.bisect_left(self._keys, code)
        return i < len(self._keys) and self._keys[i].startswith(code)

    def _index(self, key: str) -> int:
        code = key.encode("utf-8", "surrogatepass")
        i = bisect.bisect_left(self._keys, code)
        return i if i < len(self._keys) and self._keys[i] == code else -1

    def __getitem__(self, key: str) -> Any:
        if key in self._added:
            return self._added[key]
        i = self._index(key) if key not in self._removed else -1
        if i < 0:
            raise KeyError(key)
        start, end = self.span(i)
        text = self._data[start:end].rstrip().rstrip(b",")
        return json.loads(text)

    def __contains__(self, key: object) -> bool:
        if not isinstance(key, str):
            return False
        return key in self._added or (key not in self._removed and self._index(key) >= 0)

    def __setitem__(self, key: str, value: Any) -> None:
        self._added[key] = value

    def __delitem__(self, key: str) -> None:
        if key not in self:
            raise KeyError(key)
        self._added.pop(key, None)
        self._removed.add(key)

    def __iter__(self) -> Iterator[str]:
        if self.quiet:
            return
        for code in self._keys:
            key = code.decode("utf-8")
            if key not in self._removed and key not in self._added:
                yield key
        yield from self._added

    def __len__(self) -> int:
        shipped = sum(1 for key in self._removed if self._index(key) >= 0)
        extra = sum(1 for key in self._added if self._index(key) < 0 or key in self._removed)
        return len(self._keys) - shipped + extra

    def copy(self) -> LazyPhrases:
        """The view itself (pypinyin copies its dictionaries once, to change its copy)."""
        return self


class _Prefixes:
    """pypinyin's segmenter's set of phrase beginnings, answered from the sorted keys (a
    bisection) instead of a set of every beginning of every phrase (7 MiB more)."""

    def __init__(self, phrases: LazyPhrases) -> None:
        self._phrases = phrases
        self._added: set[str] = set()  # beginnings of phrases pypinyin is given later

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and bool(word) and (
            word in self._added or self._phrases.has_prefix(word))

    def add(self, word: str) -> None:
        self._added.add(word)


def _install() -> LazyPhrases | None:
    """Put a `LazyPhrases` of pypinyin's own file where pypinyin imports its phrases from,
    unless pypinyin is imported already or the file is not as expected; returns it."""
    if "pypinyin" in sys.modules or "pypinyin.phrases_dict" in sys.modules:
        return None
    spec = importlib.util.find_spec("pypinyin")  # finds the package, imports nothing
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "phrases_dict.json"
    try:
        data = path.read_bytes()
    except OSError:
        return None
    phrases = LazyPhrases(data)
    if not data.lstrip().startswith(b"{") or not phrases.is_sorted():
        return None
    module = types.ModuleType("pypinyin.phrases_dict")
    module.__dict__["phrases_dict"] = phrases
    sys.modules["pypinyin.phrases_dict"] = module
    return phrases


def lazy_pinyin(text: str) -> list[str]:
    """pypinyin's `lazy_pinyin(text)` (plain letters, no tones), its phrases read on demand."""
    phrases = _install()
    if phrases is not None:
        # The segmenter learns every phrase's beginnings when it is imported: with the
        # keys held back then, its set is replaced by `_Prefixes` over the same keys.
        phrases.quiet = True
        try:
            from pypinyin.seg import mmseg
        finally:
            phrases.quiet = False
        cast(Any, mmseg.p_set)._set = _Prefixes(phrases)
    from pypinyin import lazy_pinyin as convert

    return list(convert(text))
