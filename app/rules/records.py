"""Game records (棋谱): read and write plain move strings, SGF (GM[4]) and Piskvork `.psq`.

Formats:
- plain moves: `h8h9i10...` (points as on the board, `app.rules.board`; spaces between
  moves are allowed on reading).
- SGF (FF[4], GM[4] = gomoku/renju, SZ[15]): one node per move, `;B[hh]` / `;W[hg]`, the
  column letter `a`..`o` then the row letter counted from the top (`a` = row 15), so h8 is
  `hh` and a1 is `ao` (the layout of the usual renju SGF files). Player names go to PB/PW,
  the result to RE; other root properties are kept as they are.
- Piskvork `.psq`: a `Piskvorky 15x15, 11:11, 0` header, then one `x,y,time` line per move,
  x and y 1-based with y counted from the top, time in milliseconds; lines after the moves
  (engine names, `-1`) are ignored.

Readers check the whole file first and raise `UserError` naming the line and the column (or
the move) of the first problem; they never return half a game. Moves must be distinct
points of the 15x15 board, black first, alternating. `write(read(text)) == text` for text
written here, and `read(write(record)) == record`.

Public API:
- `GameRecord(moves, times=(), black="", white="", result="", info=())`
- `read_moves(text, where) / write_moves(record_or_moves)`
- `read_sgf(text, where) / write_sgf(record)`, `read_psq(text, where) / write_psq(record)`
- `read_record(text, where, fmt=None)` (format detected when None), `write_record(record, fmt)`
- `record_of_game(game, black="", white="") -> GameRecord`
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from app.errors import UserError
from app.rules.board import COLUMNS, SIZE, Point, Stone, format_point

if TYPE_CHECKING:
    from app.rules.game import Game

FORMATS = ("moves", "sgf", "psq")


@dataclass(frozen=True)
class GameRecord:
    """A game as a record: stones in order (black first), optional per-move times in ms
    (`.psq`), player names, a result text (SGF `RE`) and other SGF root properties."""

    moves: tuple[Point, ...]
    times: tuple[int, ...] = ()
    black: str = ""
    white: str = ""
    result: str = ""
    info: tuple[tuple[str, tuple[str, ...]], ...] = ()


def _check_moves(moves: Iterable[Point], places: list[str]) -> tuple[Point, ...]:
    seen: dict[Point, int] = {}
    out = []
    for i, point in enumerate(moves):
        if point in seen:
            raise UserError(
                f"第{i + 1}手 {format_point(point)} 与第{seen[point] + 1}手重复",
                f"move {i + 1} {format_point(point)} repeats move {seen[point] + 1}",
                places[i],
            )
        seen[point] = i
        out.append(point)
    return tuple(out)


def _line_col(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    col = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return line, col


# --- plain move strings -------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([a-oA-O])(\d{1,2})")


def read_moves(text: str, where: str = "moves") -> GameRecord:
    """`h8h9i10` (spaces allowed between moves) -> a record."""
    moves: list[Point] = []
    places: list[str] = []
    i = 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        match = _MOVE_RE.match(text, i)
        if match is None or not 1 <= int(match.group(2)) <= SIZE:
            line, col = _line_col(text, i)
            raise UserError(
                f"第{line}行第{col}个字符起不是有效的着点（应为 a1 至 o15）",
                f"no valid move at line {line}, column {col} (expected a1 to o15)",
                f"{where}:{line}:{col}",
            )
        line, col = _line_col(text, i)
        moves.append((COLUMNS.index(match.group(1).lower()), int(match.group(2)) - 1))
        places.append(f"{where}:{line}:{col}")
        i = match.end()
    return GameRecord(_check_moves(moves, places))


def write_moves(record: GameRecord | Iterable[Point]) -> str:
    moves = record.moves if isinstance(record, GameRecord) else tuple(record)
    return "".join(format_point(p) for p in moves)


# --- SGF ------------------------------------------------------------------------------------------

_ROOT_KNOWN = ("GM", "FF", "CA", "SZ", "PB", "PW", "RE")


def _sgf_point(point: Point) -> str:
    return COLUMNS[point[0]] + COLUMNS[SIZE - 1 - point[1]]


def _sgf_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def write_sgf(record: GameRecord) -> str:
    """The record as SGF: `(;GM[4]FF[4]CA[UTF-8]SZ[15]PB[..]PW[..]RE[..];B[hh];W[hg]...)`."""
    root = "GM[4]FF[4]CA[UTF-8]SZ[15]"
    for key, value in (("PB", record.black), ("PW", record.white), ("RE", record.result)):
        if value:
            root += f"{key}[{_sgf_escape(value)}]"
    for key, values in record.info:
        root += key + "".join(f"[{_sgf_escape(v)}]" for v in values)
    nodes = "".join(
        f";{'B' if i % 2 == 0 else 'W'}[{_sgf_point(p)}]" for i, p in enumerate(record.moves)
    )
    return f"(;{root}{nodes})\n"


@dataclass(frozen=True)
class _Prop:
    name: str
    values: tuple[str, ...]
    offset: int


class _SgfParser:
    """A small recursive SGF parser: game trees, nodes, properties with their offsets."""

    def __init__(self, text: str, where: str) -> None:
        self.text = text
        self.where = where
        self.i = 0

    def fail(self, offset: int, zh: str, en: str) -> UserError:
        line, col = _line_col(self.text, offset)
        return UserError(f"SGF 第{line}行第{col}列：{zh}", f"SGF line {line}, column {col}: {en}",
                         f"{self.where}:{line}:{col}")

    def skip_space(self) -> None:
        while self.i < len(self.text) and self.text[self.i].isspace():
            self.i += 1

    def peek(self) -> str:
        self.skip_space()
        return self.text[self.i] if self.i < len(self.text) else ""

    def tree(self) -> list[list[_Prop]]:
        """One game tree; returns the nodes of its main line (first variation each time)."""
        if self.peek() != "(":
            raise self.fail(self.i, "此处应为“(”", "expected '('")
        self.i += 1
        nodes: list[list[_Prop]] = []
        while self.peek() == ";":
            self.i += 1
            nodes.append(self.properties())
        if not nodes:
            raise self.fail(self.i, "游戏树中没有节点", "a game tree without nodes")
        first: list[list[_Prop]] | None = None
        while self.peek() == "(":
            variation = self.tree()
            if first is None:
                first = variation
        if self.peek() != ")":
            if self.i >= len(self.text):
                raise self.fail(self.i, "缺少结束的“)”", "missing the closing ')'")
            raise self.fail(self.i, f"意外的字符 {self.text[self.i]!r}",
                            f"unexpected character {self.text[self.i]!r}")
        self.i += 1
        return nodes + (first or [])

    def properties(self) -> list[_Prop]:
        props = []
        text = self.text
        while True:
            ch = self.peek()
            if not (ch.isalpha() and ch.isupper()):
                return props
            start = self.i
            while self.i < len(text) and text[self.i].isalpha():
                self.i += 1
            name = text[start:self.i]
            values = []
            while self.peek() == "[":
                j = self.i + 1
                value = []
                while j < len(text) and text[j] != "]":
                    if text[j] == "\\" and j + 1 < len(text):
                        j += 1
                    value.append(text[j])
                    j += 1
                if j >= len(text):
                    raise self.fail(self.i, "属性值缺少“]”",
                                    "property value without its closing ']'")
                values.append("".join(value))
                self.i = j + 1
            if not values:
                raise self.fail(start, f"属性 {name} 没有值", f"property {name} has no value")
            props.append(_Prop(name, tuple(values), start))


def _sgf_nodes(text: str, where: str) -> list[list[_Prop]]:
    """The nodes of the main line of the first game tree of the file."""
    parser = _SgfParser(text, where)
    nodes = parser.tree()
    rest = text[parser.i:].strip()
    if rest and not rest.startswith("("):
        raise parser.fail(parser.i, "游戏树结束后还有多余内容", "text after the end of the game tree")
    return nodes


def read_sgf(text: str, where: str = "sgf") -> GameRecord:
    """An SGF record of a gomoku/renju game on the 15x15 board (main line only)."""
    nodes = _sgf_nodes(text, where)

    def fail(prop: _Prop, zh: str, en: str) -> UserError:
        line, col = _line_col(text, prop.offset)
        return UserError(f"SGF 第{line}行第{col}列：{zh}", f"SGF line {line}, column {col}: {en}",
                         f"{where}:{line}:{col}")

    names = {"PB": "", "PW": "", "RE": ""}
    info: list[tuple[str, tuple[str, ...]]] = []
    moves: list[Point] = []
    places: list[str] = []
    for number, node in enumerate(nodes):
        for prop in node:
            if prop.name in ("B", "W"):
                stone = "B" if len(moves) % 2 == 0 else "W"
                if prop.name != stone:
                    raise fail(prop, f"第{len(moves) + 1}手应为{'黑' if stone == 'B' else '白'}棋",
                               f"move {len(moves) + 1} should be {stone}")
                value = prop.values[0].strip().lower()
                if (len(value) != 2 or value[0] not in COLUMNS or value[1] not in COLUMNS
                        or len(prop.values) != 1):
                    raise fail(prop, f"着点 {prop.values[0]!r} 不在15路棋盘上",
                               f"move {prop.values[0]!r} is not a point of the 15x15 board")
                moves.append((COLUMNS.index(value[0]), SIZE - 1 - COLUMNS.index(value[1])))
                line, col = _line_col(text, prop.offset)
                places.append(f"{where}:{line}:{col}")
            elif prop.name in ("AB", "AW", "AE"):
                raise fail(prop, "不支持摆子属性（AB/AW/AE）", "setup stones (AB/AW/AE) are not "
                           "supported")
            elif number == 0 and prop.name == "GM" and prop.values[0].strip() != "4":
                raise fail(prop, "GM 应为 4（五子棋）", "GM must be 4 (gomoku/renju)")
            elif number == 0 and prop.name == "SZ" and prop.values[0].strip() not in ("15",
                                                                                       "15:15"):
                raise fail(prop, "棋盘应为15路", "the board must be 15x15")
            elif number == 0 and prop.name in names:
                names[prop.name] = prop.values[0]
            elif number == 0 and prop.name not in _ROOT_KNOWN:
                info.append((prop.name, prop.values))
    return GameRecord(_check_moves(moves, places), (), names["PB"], names["PW"], names["RE"],
                      tuple(info))


# --- Piskvork .psq -------------------------------------------------------------------------------

PSQ_HEADER = "Piskvorky 15x15, 11:11, 0"
_PSQ_HEADER_RE = re.compile(r"Piskvorky\s+(\d+)x(\d+)\b.*")
_PSQ_MOVE_RE = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*(-?\d+)\s*")


def write_psq(record: GameRecord) -> str:
    """The record as a Piskvork file (times 0 where the record has none)."""
    times = record.times or (0,) * len(record.moves)
    lines = [PSQ_HEADER]
    lines += [f"{p[0] + 1},{SIZE - p[1]},{t}" for p, t in zip(record.moves, times, strict=True)]
    return "\n".join(lines) + "\n"


def read_psq(text: str, where: str = "psq") -> GameRecord:
    """A Piskvork `.psq` record on the 15x15 board."""
    lines = text.splitlines()
    header = lines[0].strip() if lines else ""
    match = _PSQ_HEADER_RE.fullmatch(header)
    if match is None:
        raise UserError("第1行应为“Piskvorky 15x15, ...”", "line 1 must be 'Piskvorky 15x15, ...'",
                        f"{where}:1")
    if (match.group(1), match.group(2)) != ("15", "15"):
        raise UserError(f"棋盘为 {match.group(1)}x{match.group(2)}，应为15路",
                        f"board {match.group(1)}x{match.group(2)}, expected 15x15", f"{where}:1")
    moves: list[Point] = []
    times: list[int] = []
    places: list[str] = []
    ended = False
    for number, line in enumerate(lines[1:], start=2):
        place = f"{where}:{number}"
        move = _PSQ_MOVE_RE.fullmatch(line)
        if move is None:
            if "," in line:
                raise UserError(f"第{number}行不是“x,y,时间”", f"line {number} is not 'x,y,time'",
                                place)
            ended = True  # engine names and the closing -1 follow the moves
            continue
        if ended:
            raise UserError(f"第{number}行：着法出现在着法列表结束之后",
                            f"line {number}: a move after the end of the move list", place)
        x, y, t = (int(g) for g in move.groups())
        if not (1 <= x <= SIZE and 1 <= y <= SIZE):
            raise UserError(f"第{number}行：着点 {x},{y} 不在15路棋盘上",
                            f"line {number}: {x},{y} is not a point of the 15x15 board", place)
        if t < 0:
            raise UserError(f"第{number}行：用时不能为负", f"line {number}: negative time", place)
        moves.append((x - 1, SIZE - y))
        times.append(t)
        places.append(place)
    return GameRecord(_check_moves(moves, places), tuple(times))


# --- any format -----------------------------------------------------------------------------------


def detect_format(text: str) -> str:
    """`sgf`, `psq` or `moves`, from the text itself."""
    head = text.lstrip()
    if head.startswith("("):
        return "sgf"
    if head.startswith("Piskvorky"):
        return "psq"
    return "moves"


def read_record(text: str, where: str = "record", fmt: str | None = None) -> GameRecord:
    fmt = fmt or detect_format(text)
    readers = {"moves": read_moves, "sgf": read_sgf, "psq": read_psq}
    if fmt not in readers:
        raise UserError(f"未知的棋谱格式 {fmt}", f"unknown record format {fmt!r}", where)
    return readers[fmt](text, where)


def write_record(record: GameRecord, fmt: str) -> str:
    if fmt == "moves":
        return write_moves(record) + "\n"
    if fmt == "sgf":
        return write_sgf(record)
    if fmt == "psq":
        return write_psq(record)
    raise UserError(f"未知的棋谱格式 {fmt}", f"unknown record format {fmt!r}", fmt)


def record_of_game(game: Game, black: str = "", white: str = "") -> GameRecord:
    """The stones of a game as a record, with the result in SGF notation (`B+R`, `W+F`, `0`)."""
    result = ""
    if game.result is not None:
        if game.result.winner is None:
            result = "0"
        else:
            letter = "B" if game.result.winner is Stone.BLACK else "W"
            result = f"{letter}+{game.result.ending.record_code}"
    return GameRecord(tuple(game.moves), black=black, white=white, result=result)
