"""The 26 designated openings (指定开局) and the symmetry checks of the opening protocol.

《中国五子棋竞赛规则》(2013), 指定开局 clause, the same as the RIF 26-opening rule: black's
first stone on the centre h8 (天元), white's second next to it, directly (直指, h9) or
diagonally (斜指, i9), and black's third stone in the central 5x5 square as one of 13 direct
and 13 indirect openings. Any of the 8 symmetries of the board gives the same opening.

Public API:
- `Opening` (no, code such as "4D", name_zh such as 花月, name_ja, direct, third offset)
- `OPENINGS`: the 26, in the official order; `find_opening(text)` by name or code or number
- `recognise(first, second, third) -> Opening | None`
- `second_stone_allowed(point, fixed=None) -> bool`
- `stabiliser(position) -> tuple[int, ...]`: the symmetries that keep a position
- `equivalent(a, b, symmetries) -> bool`: one point maps onto the other (五手N打 offers)
"""

from __future__ import annotations

from dataclasses import dataclass

from app.errors import UserError
from app.rules.board import CENTRE, SYMMETRIES, Point, Position, transform


@dataclass(frozen=True)
class Opening:
    """One designated opening. `third` is the third stone's offset from h8 in the canonical
    orientation (white's stone at h9 for direct openings, at i9 for indirect ones)."""

    no: int
    code: str
    name_zh: str
    name_ja: str
    direct: bool
    third: tuple[int, int]

    @property
    def kind_zh(self) -> str:
        return "直指" if self.direct else "斜指"

    def canonical(self) -> tuple[Point, Point, Point]:
        """The three stones in the canonical orientation."""
        c, r = CENTRE
        second = (c, r + 1) if self.direct else (c + 1, r + 1)
        return (CENTRE, second, (c + self.third[0], r + self.third[1]))

    def __str__(self) -> str:
        return f"{self.name_zh} ({self.code}, {self.name_ja})"


OPENINGS: tuple[Opening, ...] = (
    Opening(1, "1D", "寒星", "Kansei", True, (0, 2)),
    Opening(2, "2D", "溪月", "Keigetsu", True, (1, 2)),
    Opening(3, "3D", "疏星", "Sosei", True, (2, 2)),
    Opening(4, "4D", "花月", "Kagetsu", True, (1, 1)),
    Opening(5, "5D", "残月", "Zangetsu", True, (2, 1)),
    Opening(6, "6D", "雨月", "Ugetsu", True, (1, 0)),
    Opening(7, "7D", "金星", "Kinsei", True, (2, 0)),
    Opening(8, "8D", "松月", "Shogetsu", True, (0, -1)),
    Opening(9, "9D", "丘月", "Kyugetsu", True, (1, -1)),
    Opening(10, "10D", "新月", "Shingetsu", True, (2, -1)),
    Opening(11, "11D", "瑞星", "Zuisei", True, (0, -2)),
    Opening(12, "12D", "山月", "Sangetsu", True, (1, -2)),
    Opening(13, "13D", "游星", "Yusei", True, (2, -2)),
    Opening(14, "1I", "长星", "Chosei", False, (2, 2)),
    Opening(15, "2I", "峡月", "Kyogetsu", False, (2, 1)),
    Opening(16, "3I", "恒星", "Kosei", False, (2, 0)),
    Opening(17, "4I", "水月", "Suigetsu", False, (2, -1)),
    Opening(18, "5I", "流星", "Ryusei", False, (2, -2)),
    Opening(19, "6I", "云月", "Ungetsu", False, (1, 0)),
    Opening(20, "7I", "浦月", "Hogetsu", False, (1, -1)),
    Opening(21, "8I", "岚月", "Rangetsu", False, (1, -2)),
    Opening(22, "9I", "银月", "Gingetsu", False, (0, -1)),
    Opening(23, "10I", "明星", "Myojo", False, (0, -2)),
    Opening(24, "11I", "斜月", "Shagetsu", False, (-1, -1)),
    Opening(25, "12I", "名月", "Meigetsu", False, (-1, -2)),
    Opening(26, "13I", "彗星", "Suisei", False, (-2, -2)),
)

_BY_STONES: dict[tuple[Point, Point, Point], Opening] = {
    tuple(transform(p, k) for p in opening.canonical()): opening  # type: ignore[misc]
    for opening in OPENINGS
    for k in SYMMETRIES
}


def find_opening(text: str | int) -> Opening:
    """An opening by Chinese or Japanese name (花月, Kagetsu), code (4D) or number (4)."""
    key = str(text).strip()
    for opening in OPENINGS:
        if key in (opening.name_zh, str(opening.no)) or key.lower() in (
            opening.code.lower(),
            opening.name_ja.lower(),
        ):
            return opening
    raise UserError(f"没有名为 {key} 的指定开局", f"no designated opening called {key!r}", key)


def recognise(first: Point, second: Point, third: Point) -> Opening | None:
    """The designated opening formed by stones 1 (black), 2 (white) and 3 (black)."""
    return _BY_STONES.get((first, second, third))


def second_stone_allowed(point: Point, fixed: Opening | None = None) -> bool:
    """Stone 2 goes next to h8: directly (直指) or diagonally (斜指); a fixed opening also
    fixes which of the two."""
    dc, dr = point[0] - CENTRE[0], point[1] - CENTRE[1]
    if max(abs(dc), abs(dr)) != 1:
        return False
    direct = dc == 0 or dr == 0
    return fixed is None or fixed.direct == direct


def stabiliser(position: Position) -> tuple[int, ...]:
    """The symmetries of the board that map the position onto itself (colours kept)."""
    return tuple(k for k in SYMMETRIES if position.transformed(k) == position)


def equivalent(a: Point, b: Point, symmetries: tuple[int, ...]) -> bool:
    """True when one of `symmetries` maps point `a` onto point `b` (五手N打: such offers
    are the same fifth move and may not both be offered)."""
    return any(transform(a, k) == b for k in symmetries)
