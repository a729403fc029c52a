"""Hypothesis strategies that damage good input: the bad files arbiters really meet.

`mutated(text)` applies a few edits to a valid text: characters replaced, text inserted,
ranges deleted, lines duplicated, swapped or dropped, the end cut off. The inserted text is
drawn from an alphabet near the format (digits, separators, the format's letters) plus some
CJK, full-width and control characters, so most examples stay close to the format and reach
deep into the reader rather than failing on the first byte.
"""

from __future__ import annotations

from hypothesis import strategies as st

NEAR = "0123456789 .,:;=+-/()[]\t\r\nabcdefghijklmnoWBDLHUFZwbxyz#;"
ODD = "王李张，。０１２３½－\u3000\ufeff\x00\x1a\u200b\ud7ff\U0001f600"
ALPHABET = st.sampled_from(NEAR + ODD)
PIECES = st.text(ALPHABET, min_size=1, max_size=12)


@st.composite
def mutated(draw: st.DrawFn, text: str, max_edits: int = 4) -> str:
    """`text` with 1..max_edits random edits."""
    for _ in range(draw(st.integers(1, max_edits))):
        size = len(text)
        kind = draw(st.sampled_from(
            ["replace", "insert", "delete", "dup_line", "drop_line", "swap_lines", "cut"]))
        if kind in ("replace", "insert", "delete", "cut"):
            at = draw(st.integers(0, size))
            if kind == "replace" and size:
                at = min(at, size - 1)
                text = text[:at] + draw(PIECES) + text[at + 1:]
            elif kind == "insert":
                text = text[:at] + draw(PIECES) + text[at:]
            elif kind == "delete":
                end = draw(st.integers(at, min(size, at + 40)))
                text = text[:at] + text[end:]
            else:
                text = text[:at]
            continue
        lines = text.splitlines(keepends=True)
        if not lines:
            continue
        i = draw(st.integers(0, len(lines) - 1))
        if kind == "dup_line":
            lines.insert(i, lines[i])
        elif kind == "drop_line":
            del lines[i]
        else:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        text = "".join(lines)
    return text


def near_text(max_size: int = 300) -> st.SearchStrategy[str]:
    """Text from scratch, in the alphabet near the formats."""
    return st.text(ALPHABET, max_size=max_size)
