"""Matching the 组别 written on a list to an event's group names (组别对应): lists write
"男子少年组（专业规则）" where the event calls the group "男子少年组"."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable


def _plain(text: str) -> str:
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", text))


def group_for(written: str, names: Iterable[str]) -> str | None:
    """The event group a list's 组别 value means: the same name (ignoring spaces and
    full-width forms), else the longest group name found inside it; None when none fits.

    "男子少年组（专业规则）" means "男子少年组", not "男子组" (which it does not contain)."""
    plain = _plain(written)
    if not plain:
        return None
    candidates = list(names)
    for name in candidates:
        if _plain(name) == plain:
            return name
    inside = [name for name in candidates if _plain(name) and _plain(name) in plain]
    return max(inside, key=lambda name: len(_plain(name))) if inside else None
