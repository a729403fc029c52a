"""The renju judge (裁判): fives, black's forbidden moves (禁手) and the three rule sets.

Rule sets (`RuleSet`):
- `RENJU` 专业规则 (《中国五子棋竞赛规则》2013, following the RIF rules of 1996/1998): black
  wins only with exactly five (五连); white wins with five or more. Black's forbidden moves:
  overline (长连, six or more in a row), double-four (四四, two fours at once, also two fours
  in one line such as `X.X?X.X`) and double-three (三三, two real threes at once). A move that
  makes exactly five wins even when it also makes 44, 33 or an overline (RIF article on five).
- `RENJU_JRF`: `RENJU` with the Japanese Renju Federation's 1996 reading of a three (below);
  a named variant of the one judge (the same code, one flag), never the default.
- `FREESTYLE` 大众规则 / 无禁手: five or more wins for both sides, no forbidden moves.
- `STANDARD` 标准五子棋: exactly five wins for both sides, no forbidden moves.

The regulations name the rule sets: 2022-shenzhen-championship.txt (三)各组比赛规则 1 (大众规则:
先五为胜, 无禁手) and 2 (专业规则: 黑方有禁手); 2016-national-online-mind-games.txt 七(一)-(三)
(禁手组 / 无禁手组 under the 2013 rules); 2022-qiwang-championship-shaoxing.txt (大众无禁手规则
online, 2013 rules in the final).

Definitions (RIF rules, "Definitions"; Chinese 2013 rules, 禁手 clauses):
- four (四): a row to which one more stone makes five (for black: exactly five). A straight
  four (活四), with two completion points five apart, is one four.
- three (三): a row to which black can add one stone, without making a five at the same
  time, to make a straight four, where that completing point is not itself forbidden once
  the move is on the board. The check is recursive (真假三 / 假禁手).
  Where the readings differ: the clause "without at the same time making a five" is the RIF
  rules' definition of a three (RIF International Rules of Renju, "Definitions"), which the
  Chinese 2013 rules follow: a three whose only straight-four point also makes a five is no
  three. This is the default. The Japanese Renju Federation's 1996 rules (日本連珠社) read the
  three without that clause: such a three still counts, so the point can be a 33. The public
  renju library realcore (github.com/starpentagon/realcore, its forbidden-move tests) follows
  that reading; it agrees with this judge on 22 of its 24 labelled positions, the two others
  being exactly this case. `RuleSet.RENJU_JRF` (and `five_completion_counts=True`) judges by it.
- 4-3 is legal; 4-4-3 and 4-3-3 are fouls. The primary kind of a foul is overline > 44 > 33.

How it is fast: every line of the board (rows, columns, both diagonals) is kept as a string
padded with five wall cells at each end; a point's 11-cell window in each of the 4
directions is a slice of that string, and what a window means (run lengths, number of fours,
the points that would turn a three into a straight four) is computed once per distinct
window and cached. Only the rare real double-three candidates need the recursive check.

Public API:
- `RuleSet`, `FiveResult`, `Verdict` (forbidden, forbidden_all_kinds, black_five, white_five)
- `judge_position(position, rules=RuleSet.RENJU, *, five_completion_counts=False) -> Verdict`
  (`five_completion_counts`: the JRF reading for one call, as `RuleSet.RENJU_JRF` gives it)
- `forbidden_kind(position, point, rules=RuleSet.RENJU) -> str | None` (`overline`/`44`/`33`)
- `move_result(position, point, stone, rules) -> FiveResult` (what one move does)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from operator import itemgetter

from app.rules.board import SIZE, Point, Position, Stone

OVERLINE = "overline"
DOUBLE_FOUR = "44"
DOUBLE_THREE = "33"
KIND_ORDER = (OVERLINE, DOUBLE_FOUR, DOUBLE_THREE)
"""Forbidden kinds, primary first (README of the judge data; RIF definitions)."""


class RuleSet(StrEnum):
    """The rule set of a game (行棋规则)."""

    RENJU = "renju"  # 专业规则 / 禁手规则
    RENJU_JRF = "renju-jrf"  # 专业规则, the JRF 1996 reading of a three (module docstring)
    FREESTYLE = "freestyle"  # 大众规则 / 无禁手: five or more wins
    STANDARD = "standard"  # 标准五子棋: exactly five wins, no forbidden moves

    @property
    def zh(self) -> str:
        return {"renju": "专业规则", "renju-jrf": "专业规则（日本连珠社1996年三的定义）",
                "freestyle": "大众规则", "standard": "标准五子棋"}[self.value]

    @property
    def has_forbidden(self) -> bool:
        return self in (RuleSet.RENJU, RuleSet.RENJU_JRF)

    @property
    def five_completion_counts(self) -> bool:
        """A three completed only by a move that also makes five still counts (JRF 1996)."""
        return self is RuleSet.RENJU_JRF

    def wins_with(self, stone: Stone, run: int) -> bool:
        """True when a row of `run` stones of `stone` is a winning five under these rules."""
        if self is RuleSet.FREESTYLE or (self.has_forbidden and stone is Stone.WHITE):
            return run >= 5
        return run == 5


class FiveResult(StrEnum):
    """What one move does: wins with five, is a foul, or neither."""

    FIVE = "five"
    FORBIDDEN = "forbidden"
    NONE = "none"


@dataclass(frozen=True)
class Verdict:
    """Everything the judge says about a position (points as `(column, row)`)."""

    forbidden: dict[Point, str] = field(default_factory=dict)
    forbidden_all_kinds: dict[Point, tuple[str, ...]] = field(default_factory=dict)
    black_five: tuple[Point, ...] = ()
    white_five: tuple[Point, ...] = ()


# --- the line geometry --------------------------------------------------------------------

_PAD = 5
_WALL = "#"
_EMPTY = "."
_BLACK = "X"
_WHITE = "O"
_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
_STEPS = tuple(dc * SIZE + dr for dc, dr in _DIRECTIONS)  # index step along each direction


def _build_geometry() -> tuple[list[list[int]], list[tuple[tuple[int, int], ...]]]:
    """Lines as lists of cell indexes (index = column * 15 + row), and for each cell its
    (line number, position in line) in the 4 directions."""
    lines: list[list[int]] = []
    where: list[list[tuple[int, int]]] = [[] for _ in range(SIZE * SIZE)]
    for dc, dr in _DIRECTIONS:
        starts = [
            (c, r)
            for c in range(SIZE)
            for r in range(SIZE)
            if not (0 <= c - dc < SIZE and 0 <= r - dr < SIZE)
        ]
        for c, r in starts:
            cells: list[int] = []
            while 0 <= c < SIZE and 0 <= r < SIZE:
                where[c * SIZE + r].append((len(lines), len(cells)))
                cells.append(c * SIZE + r)
                c, r = c + dc, r + dr
            lines.append(cells)
    return lines, [tuple(w) for w in where]


_LINE_CELLS, _CELL_LINES = _build_geometry()
# Each line's cells picked out of the board in one call (a line's string is built for every
# position judged: 88 lines, a third of replaying a game).
_LINE_PICKERS = tuple(itemgetter(*line) for line in _LINE_CELLS)


def _index(point: Point) -> int:
    return point[0] * SIZE + point[1]


def _point(index: int) -> Point:
    return divmod(index, SIZE)


# --- what one 11-cell window means -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Window:
    """The meaning of one direction through an empty centre if a stone is put there.

    brun / wrun: length of the black / white row through the centre.
    fours: black fours through the centre (a straight four counts once).
    threes: offsets of the points that turn a black three into a straight four (empty when
    this direction holds a four or a five or an overline).
    """

    brun: int
    wrun: int
    fours: int
    threes: tuple[int, ...]


def _run(cells: list[str], i: int, own: str) -> tuple[int, int]:
    lo = i
    while cells[lo - 1] == own:
        lo -= 1
    hi = i
    while cells[hi + 1] == own:
        hi += 1
    return lo, hi


def _analyse(window: str) -> _Window:
    """Read one window (centre at index 5, cells '.', 'X', 'O', '#')."""
    cells = ["#", *window, "#"]  # one more wall so runs never leave the list
    c = 6  # centre in `cells`
    cells[c] = _WHITE
    wlo, whi = _run(cells, c, _WHITE)
    cells[c] = _BLACK
    lo, hi = _run(cells, c, _BLACK)
    brun = hi - lo + 1
    fours: list[int] = []
    threes: list[int] = []
    if brun < 5:
        for q in range(2, 11):
            if cells[q] != _EMPTY:
                continue
            cells[q] = _BLACK
            a, b = _run(cells, c, _BLACK)
            if a <= q <= b:
                if b - a == 4:
                    fours.append(q)
                elif b - a == 3 and cells[a - 1] == _EMPTY and cells[b + 1] == _EMPTY:
                    if cells[a - 2] != _BLACK and cells[b + 2] != _BLACK:
                        threes.append(q - c)
            cells[q] = _EMPTY
    count = len(fours)
    if count == 2 and fours[1] - fours[0] == 5:
        count = 1  # straight four (活四): one four
    return _Window(brun, whi - wlo + 1, count, () if count else tuple(threes))


_CACHE: dict[str, _Window] = {}
_CACHE_LIMIT = 300_000  # distinct windows kept; real games use a few tens of thousands


def _window(window: str) -> _Window:
    info = _CACHE.get(window)
    if info is None:
        info = _CACHE[window] = _analyse(window)
    return info


# --- a board that can be changed while judging ----------------------------------------------


class _Lines:
    """The board as padded line strings, changed in place while a position is judged."""

    __slots__ = ("lines", "cells")

    def __init__(self, position: Position) -> None:
        cells = [_EMPTY] * (SIZE * SIZE)
        for p in position.black:
            cells[_index(p)] = _BLACK
        for p in position.white:
            cells[_index(p)] = _WHITE
        self.cells = cells
        pad = _WALL * _PAD
        self.lines = [pad + "".join(pick(cells)) + pad for pick in _LINE_PICKERS]

    def put(self, index: int, ch: str) -> None:
        self.cells[index] = ch
        lines = self.lines
        for number, pos in _CELL_LINES[index]:
            s = lines[number]
            lines[number] = s[: pos + _PAD] + ch + s[pos + _PAD + 1 :]

    def windows(self, index: int) -> list[_Window]:
        lines = self.lines
        out = []
        for number, pos in _CELL_LINES[index]:
            key = lines[number][pos : pos + 11]
            info = _CACHE.get(key)
            if info is None:
                info = _CACHE[key] = _analyse(key)
            out.append(info)
        return out


def _black_status(board: _Lines, index: int, rules: RuleSet, counts_five: bool) -> str | None:
    """'five', a forbidden kind, or None for an empty point if black played it now."""
    infos = board.windows(index)
    if any(rules.wins_with(Stone.BLACK, w.brun) for w in infos):
        return "five"
    if not rules.has_forbidden:
        return None
    if max(w.brun for w in infos) >= 6:
        return OVERLINE
    if sum(w.fours for w in infos) >= 2:
        return DOUBLE_FOUR
    if _real_threes(board, index, infos, rules, counts_five, stop_at=2) >= 2:
        return DOUBLE_THREE
    return None


def _real_threes(
    board: _Lines,
    index: int,
    infos: list[_Window],
    rules: RuleSet,
    counts_five: bool,
    stop_at: int,
) -> int:
    """Number of directions holding a real three (RIF definition of three, recursive)."""
    candidates = [(d, w.threes) for d, w in enumerate(infos) if w.threes]
    if len(candidates) < stop_at:
        return 0
    board.put(index, _BLACK)
    real = 0
    try:
        for left, (d, offsets) in enumerate(candidates):
            if real + (len(candidates) - left) < stop_at:
                break
            step = _STEPS[d]
            for offset in offsets:
                status = _black_status(board, index + offset * step, rules, counts_five)
                if status is None or (status == "five" and counts_five):
                    real += 1
                    break
            if real >= stop_at:
                break
    finally:
        board.put(index, _EMPTY)
    return real


def _all_kinds(board: _Lines, index: int, rules: RuleSet, counts_five: bool) -> tuple[str, ...]:
    infos = board.windows(index)
    kinds = []
    if max(w.brun for w in infos) >= 6:
        kinds.append(OVERLINE)
    if sum(w.fours for w in infos) >= 2:
        kinds.append(DOUBLE_FOUR)
    if _real_threes(board, index, infos, rules, counts_five, stop_at=2) >= 2:
        kinds.append(DOUBLE_THREE)
    return tuple(kinds)


# --- public functions ------------------------------------------------------------------------


def judge_position(
    position: Position,
    rules: RuleSet = RuleSet.RENJU,
    *,
    five_completion_counts: bool = False,
) -> Verdict:
    """Every forbidden point of black and both sides' five points, for every empty point.

    `five_completion_counts=True` reads the definition of three without the RIF clause
    "without at the same time making a five" (a reading some programs follow); the default
    follows the RIF wording, as the Chinese 2013 rules do (`RuleSet.RENJU_JRF` reads it so
    throughout).
    """
    five_completion_counts = five_completion_counts or rules.five_completion_counts
    if len(_CACHE) > _CACHE_LIMIT:
        _CACHE.clear()
    board = _Lines(position)
    cells = board.cells
    lines = board.lines
    cache = _CACHE
    black_long = rules.wins_with(Stone.BLACK, 6)  # does an overline win?
    white_long = rules.wins_with(Stone.WHITE, 6)
    forbidden: dict[Point, str] = {}
    all_kinds: dict[Point, tuple[str, ...]] = {}
    black_five: list[Point] = []
    white_five: list[Point] = []
    renju = rules.has_forbidden
    for index in range(SIZE * SIZE):
        if cells[index] != _EMPTY:
            continue
        b5 = b6 = w5 = w6 = False
        fours = threes = 0
        for number, pos in _CELL_LINES[index]:
            key = lines[number][pos : pos + 11]
            info = cache.get(key)
            if info is None:
                info = cache[key] = _analyse(key)
            if info.brun >= 5:
                if info.brun == 5:
                    b5 = True
                else:
                    b6 = True
            if info.wrun >= 5:
                if info.wrun == 5:
                    w5 = True
                else:
                    w6 = True
            fours += info.fours
            if info.threes:
                threes += 1
        if w5 or (w6 and white_long):
            white_five.append(_point(index))
        if b5 or (b6 and black_long):
            black_five.append(_point(index))
            continue
        if not renju or (not b6 and fours < 2 and threes < 2):
            continue
        kinds = _all_kinds(board, index, rules, five_completion_counts)
        if kinds:
            forbidden[_point(index)] = kinds[0]
            all_kinds[_point(index)] = kinds
    return Verdict(forbidden, all_kinds, tuple(black_five), tuple(white_five))


def forbidden_kind(
    position: Position, point: Point, rules: RuleSet = RuleSet.RENJU
) -> str | None:
    """The primary forbidden kind if black played the empty `point` now, else None."""
    if not rules.has_forbidden or position.stone_at(point) is not None:
        return None
    status = _black_status(_Lines(position), _index(point), rules, rules.five_completion_counts)
    return None if status == "five" else status


def move_result(position: Position, point: Point, stone: Stone, rules: RuleSet) -> FiveResult:
    """What playing `stone` on the empty `point` does: a winning five, a foul, or neither."""
    board = _Lines(position)
    index = _index(point)
    if stone is Stone.BLACK:
        status = _black_status(board, index, rules, rules.five_completion_counts)
        if status == "five":
            return FiveResult.FIVE
        return FiveResult.NONE if status is None else FiveResult.FORBIDDEN
    if any(rules.wins_with(Stone.WHITE, w.wrun) for w in board.windows(index)):
        return FiveResult.FIVE
    return FiveResult.NONE
