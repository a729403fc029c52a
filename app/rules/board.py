"""The 15x15 board (棋盘): points, their names (`h8`), stone colours and the 8 symmetries.

Coordinates follow the Chinese 2013 rules (《中国五子棋竞赛规则》 2013, 棋盘 clause) and the
RIF convention: columns `a`..`o` from left to right, rows `1`..`15` from bottom to top; `h8`
is the centre (天元). A `Point` is a plain `(column, row)` tuple counted from 0, so `h8` is
`(7, 7)` and sorting points sorts them by (column, row).

Public API:
- `SIZE`, `CENTRE`, `Point`, `Stone` (BLACK / WHITE), `Position` (frozen: black, white stones)
- `parse_point(text, where="") -> Point` (raises `UserError`), `format_point(point) -> str`
- `on_board(point) -> bool`, `all_points() -> tuple[Point, ...]`
- `SYMMETRIES`: the 8 maps of the board onto itself; `transform(point, k)`
- `board_text(position, marks={})`: the board as text (X black, O white, marks on points)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from app.errors import UserError

SIZE = 15
COLUMNS = "abcdefghijklmno"
Point = tuple[int, int]
CENTRE: Point = (7, 7)

_POINT_RE = re.compile(r"([a-o])(1[0-5]|[1-9])")


class Stone(StrEnum):
    """A stone colour: black (黑, moves first) or white (白)."""

    BLACK = "black"
    WHITE = "white"

    @property
    def other(self) -> Stone:
        return Stone.WHITE if self is Stone.BLACK else Stone.BLACK

    @property
    def zh(self) -> str:
        return "黑" if self is Stone.BLACK else "白"


def on_board(point: Point) -> bool:
    """True when `point` lies on the 15x15 board."""
    return 0 <= point[0] < SIZE and 0 <= point[1] < SIZE


def parse_point(text: str, where: str = "") -> Point:
    """`"h8"` -> `(7, 7)`; anything else raises `UserError` naming `where`."""
    if isinstance(text, str):
        match = _POINT_RE.fullmatch(text.strip().lower())
        if match:
            return (COLUMNS.index(match.group(1)), int(match.group(2)) - 1)
    raise UserError(
        f"坐标无效：{text!r}（应为 a1 至 o15）",
        f"bad coordinate: {text!r} (expected a1 to o15)",
        where,
    )


def format_point(point: Point) -> str:
    """`(7, 7)` -> `"h8"`."""
    return f"{COLUMNS[point[0]]}{point[1] + 1}"


def all_points() -> tuple[Point, ...]:
    """Every point of the board, sorted by (column, row)."""
    return tuple((c, r) for c in range(SIZE) for r in range(SIZE))


@dataclass(frozen=True)
class Position:
    """Stones on the board, by colour. No move order: see `app.rules.game` for that."""

    black: frozenset[Point] = frozenset()
    white: frozenset[Point] = frozenset()

    @classmethod
    def of(cls, black: Iterable[Point] = (), white: Iterable[Point] = ()) -> Position:
        """Build a position, refusing a point that holds two stones or lies off the board."""
        b, w = frozenset(black), frozenset(white)
        for point in b | w:
            if not on_board(point):
                raise UserError("坐标超出棋盘", "point off the board", str(point))
        both = b & w
        if both:
            name = format_point(min(both))
            raise UserError(f"{name} 同时有黑子和白子", f"{name} holds both colours", name)
        return cls(b, w)

    def stone_at(self, point: Point) -> Stone | None:
        if point in self.black:
            return Stone.BLACK
        if point in self.white:
            return Stone.WHITE
        return None

    def with_stone(self, point: Point, stone: Stone) -> Position:
        """A new position with one more stone (the point must be empty)."""
        if stone is Stone.BLACK:
            return Position(self.black | {point}, self.white)
        return Position(self.black, self.white | {point})

    def empty_points(self) -> tuple[Point, ...]:
        occupied = self.black | self.white
        return tuple(p for p in all_points() if p not in occupied)

    def transformed(self, k: int) -> Position:
        """The position under symmetry `k` of `SYMMETRIES`."""
        return Position(
            frozenset(transform(p, k) for p in self.black),
            frozenset(transform(p, k) for p in self.white),
        )


def _sym(k: int, c: int, r: int) -> Point:
    """Symmetry k (0..7) about the centre: k & 3 quarter turns, then a mirror if k >= 4."""
    x, y = c - 7, r - 7
    for _ in range(k & 3):
        x, y = -y, x
    if k >= 4:
        x = -x
    return (x + 7, y + 7)


SYMMETRIES: tuple[int, ...] = tuple(range(8))
"""The 8 symmetries of the square board (rotations and reflections about h8), 0 = identity."""


def transform(point: Point, k: int) -> Point:
    """Image of `point` under symmetry `k`."""
    return _sym(k, point[0], point[1])


def board_text(position: Position, marks: dict[Point, str] | None = None) -> str:
    """The board as text, row 15 at the top: `X` black, `O` white, `.` empty, or the
    one-character mark given for a point (for example `*` on black's forbidden points)."""
    marks = marks or {}
    lines = ["   " + " ".join(COLUMNS)]
    for r in range(SIZE - 1, -1, -1):
        cells = []
        for c in range(SIZE):
            stone = position.stone_at((c, r))
            cells.append("X" if stone is Stone.BLACK else "O" if stone is Stone.WHITE
                         else marks.get((c, r), "."))
        lines.append(f"{r + 1:>2} " + " ".join(cells))
    return "\n".join(lines) + "\n"
