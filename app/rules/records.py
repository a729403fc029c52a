"""Game records (棋谱): read and write plain move strings, SGF (GM[4]) and Piskvork `.psq`.

Formats:
- plain moves: `h8h9i10...` (points as on the board, `app.rules.board`; spaces between
  moves are allowed on reading).
- SGF (FF[4], GM[4] = gomoku/renju, SZ[15]): one node per move, `;B[hh]` / `;W[hg]`, the
  column letter `a`..`o` then the row letter counted from the top (`a` = row 15), so h8 is
  `hh` and a1 is `ao` (the layout of the usual renju SGF files). Player names go to PB/PW,
  the result to RE; other root properties are kept as they are.
- Piskvork `.psq`: a `Piskvorky 15x15, 11:11, 0` header, then one `x,y,time` line per move,
  x and y 1-based with y counted from the top, time in milliseconds; then the trailer
  Piskvork writes (`-1`, the two players in move order, `-1`), read back as the names; our
  files add `#steps h8 h9 h10 swap ...` when the game has protocol steps (other readers
  stop at the trailer).
- SGF protocol steps (private properties, FF[4] allows them; a reader that does not know
  them still gets every stone): `ON[花月]` (FF[4] opening, root), a pass `;B[]`, the
  五手N打 offers with the chosen fifth move on its node `;FO[ij][gk]B[ij]`, any other step
  as a node `;AC[swap]` / `;AC[noswap]` / `;AC[claim]` / `;AC[resign:black]` (the tokens
  of `app.rules.game.encode_actions`).

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
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from app.errors import UserError
from app.rules.board import COLUMNS, SIZE, Point, Stone, format_point

if TYPE_CHECKING:
    from app.rules.game import Game

FORMATS = ("moves", "sgf", "psq")


@dataclass(frozen=True)
class GameRecord:
    """A game as a record: stones in order (black first), optional per-move times in ms
    (`.psq`), player names, a result text (SGF `RE`) and other SGF root properties.

    `steps` is the whole game as the opening protocol played it, one token per step in the
    language of `app.rules.game.encode_actions` (`h8`, `swap` / `noswap`, `offer:j7`,
    `choose:j7`, `pass`, `claim`, `resign:black`, ...); empty when the game is only its
    stones. A protocol with steps of its own (Swap2, ...) adds tokens, not fields."""

    moves: tuple[Point, ...]
    times: tuple[int, ...] = ()
    black: str = ""
    white: str = ""
    result: str = ""
    info: tuple[tuple[str, tuple[str, ...]], ...] = ()
    steps: tuple[str, ...] = ()


def step_point(token: str) -> Point | None:
    """The stone a step places (`h8`, `choose:h8`), else None."""
    head, _, rest = token.partition(":")
    text = rest if head == "choose" else (head if not rest else "")
    match = _MOVE_RE.fullmatch(text)
    if match is None or not 1 <= int(match.group(2)) <= SIZE:
        return None
    return (COLUMNS.index(match.group(1).lower()), int(match.group(2)) - 1)


def with_steps(record: GameRecord, steps: Iterable[str]) -> GameRecord:
    """`record` carrying `steps`, its stones taken from them; steps that are only stones are
    not kept (the moves say it all), so every format reads back the same record."""
    steps = tuple(steps)
    moves = tuple(p for p in (step_point(t) for t in steps) if p is not None)
    plain = all(step_point(t) is not None and not t.startswith("choose:") for t in steps)
    return replace(record, moves=moves, steps=() if plain else steps)


def _check_moves(moves: Iterable[Point], places: list[str], repeats: bool = False
                 ) -> tuple[Point, ...]:
    """The moves, refused when one repeats an earlier point, unless `repeats` (the checker
    reads such a record: a stone on an occupied point is an illegal step, not a bad file)."""
    seen: dict[Point, int] = {}
    out = []
    for i, point in enumerate(moves):
        if point in seen and not repeats:
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


def describe_steps(steps: Iterable[str]) -> tuple[str, ...]:
    """The protocol steps beyond the stones, as the game sheet prints them (Chinese):
    `三手交换：交换`, `第1手后：不交换`, `声明五手3打`, `五手2打：j7、a1，选定 a1`,
    `第12手后黑方弃手`, `白方指出禁手`, ... (the steps of any opening rule,
    `app.rules.protocols`)."""
    out: list[str] = []
    offers: list[str] = []
    stones = passes = 0
    for token in steps:
        head, _, rest = token.partition(":")
        if head == "offer":
            offers.append(rest)
            continue
        if head == "choose":
            out.append(f"五手{len(offers)}打：{'、'.join(offers)}，选定 {rest}")
            offers = []
            stones += 1
        elif token in ("swap", "noswap"):
            what = "交换" if token == "swap" else "不交换"
            out.append(f"三手交换：{what}" if stones == 3 else f"第{stones}手后：{what}")
        elif head == "declare":
            out.append(f"声明五手{rest}打")
        elif token == "pass":
            out.append(f"第{stones}手后{'黑' if (stones + passes) % 2 == 0 else '白'}方弃手")
            passes += 1
        elif token == "claim":
            out.append("白方指出禁手")
        elif head in ("resign", "time"):
            side = "黑方" if rest == "black" else "白方"
            out.append(side + ("认输" if head == "resign" else "超时"))
        elif token == "draw":
            out.append("协议和棋")
        elif head == "arbiter":
            out.append("裁判判定")
        elif step_point(token) is not None:
            stones += 1
    if offers:
        out.append(f"五手打点：{'、'.join(offers)}（未选定）")
    return tuple(out)


# --- plain move strings -------------------------------------------------------------------------

_MOVE_RE = re.compile(r"([a-oA-O])([0-9]{1,2})", re.ASCII)


def read_moves(text: str, where: str = "moves", repeats: bool = False) -> GameRecord:
    """`h8h9i10` (spaces allowed between moves) -> a record; linear in the length of the
    text (line and column are counted as the text is read). `repeats`: see `read_record`."""
    moves: list[Point] = []
    places: list[str] = []
    i = 0
    line, line_start = 1, 0
    while i < len(text):
        if text[i].isspace():
            if text[i] == "\n":
                line, line_start = line + 1, i + 1
            i += 1
            continue
        col = i - line_start + 1
        match = _MOVE_RE.match(text, i)
        if match is None or not 1 <= int(match.group(2)) <= SIZE:
            raise UserError(
                f"第{line}行第{col}个字符起不是有效的着点（应为 a1 至 o15）",
                f"no valid move at line {line}, column {col} (expected a1 to o15)",
                f"{where}:{line}:{col}",
            )
        moves.append((COLUMNS.index(match.group(1).lower()), int(match.group(2)) - 1))
        places.append(f"{where}:{line}:{col}")
        if len(moves) > SIZE * SIZE:
            raise UserError("着法超过 225 手", "more than 225 moves", places[-1])
        i = match.end()
    return GameRecord(_check_moves(moves, places, repeats))


def write_moves(record: GameRecord | Iterable[Point]) -> str:
    moves = record.moves if isinstance(record, GameRecord) else tuple(record)
    return "".join(format_point(p) for p in moves)


# --- SGF ------------------------------------------------------------------------------------------

_ROOT_KNOWN = ("GM", "FF", "CA", "SZ", "PB", "PW", "RE")


def _sgf_point(point: Point) -> str:
    return COLUMNS[point[0]] + COLUMNS[SIZE - 1 - point[1]]


def _sgf_escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("]", "\\]")


def _stone_nodes(record: GameRecord) -> list[str]:
    """The move nodes of `record`: one per stone, or, with steps, one per step: a stone
    `;B[hh]`, a pass `;B[]`, the 五手N打 offers with the chosen fifth move
    `;FO[ij][gk]B[ij]`, any other step `;AC[swap]`."""
    if not record.steps:
        return [f";{'B' if i % 2 == 0 else 'W'}[{_sgf_point(p)}]"
                for i, p in enumerate(record.moves)]
    nodes: list[str] = []
    offers: list[str] = []
    turn = 0
    for token in record.steps:
        head, _, rest = token.partition(":")
        if head == "offer" and step_point(rest) is not None:
            offers.append(f"[{_sgf_point(step_point(rest) or (0, 0))}]")
            continue
        stone = "B" if turn % 2 == 0 else "W"
        fifth = "FO" + "".join(offers) if offers else ""
        offers = []
        point = step_point(token)
        if token == "pass":
            nodes.append(f";{fifth}{stone}[]")
            turn += 1
        elif point is not None:
            nodes.append(f";{fifth}{stone}[{_sgf_point(point)}]")
            turn += 1
        else:
            if fifth:
                nodes.append(";" + fifth)
            nodes.append(f";AC[{_sgf_escape(token)}]")
    if offers:
        nodes.append(";FO" + "".join(offers))
    return nodes


def write_sgf(record: GameRecord) -> str:
    """The record as SGF: `(;GM[4]FF[4]CA[UTF-8]SZ[15]PB[..]PW[..]RE[..];B[hh];W[hg]...)`."""
    root = "GM[4]FF[4]CA[UTF-8]SZ[15]"
    for key, value in (("PB", record.black), ("PW", record.white), ("RE", record.result)):
        if value:
            root += f"{key}[{_sgf_escape(value)}]"
    for key, values in record.info:
        root += key + "".join(f"[{_sgf_escape(v)}]" for v in values)
    return f"(;{root}{''.join(_stone_nodes(record))})\n"


MAX_SGF_DEPTH = 200  # nested variations; deeper files are refused (no recursion limit hit)


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

    def tree(self, depth: int = 0) -> list[list[_Prop]]:
        """One game tree; returns the nodes of its main line (first variation each time)."""
        if depth > MAX_SGF_DEPTH:
            raise self.fail(self.i, f"变化嵌套超过 {MAX_SGF_DEPTH} 层",
                            f"variations nested more than {MAX_SGF_DEPTH} deep")
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
            variation = self.tree(depth + 1)
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
        props: list[_Prop] = []
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


def _sgf_value_point(value: str) -> Point | None:
    value = value.strip().lower()
    if len(value) != 2 or value[0] not in COLUMNS or value[1] not in COLUMNS:
        return None
    return (COLUMNS.index(value[0]), SIZE - 1 - COLUMNS.index(value[1]))


class _SgfSteps:
    """The move nodes of an SGF file read back into stones and protocol steps."""

    def __init__(self, text: str, where: str) -> None:
        self.text = text
        self.where = where
        self.moves: list[Point] = []
        self.places: list[str] = []
        self.steps: list[str] = []
        self.turn = 0  # stones and passes so far: whose turn it is

    def fail(self, prop: _Prop, zh: str, en: str) -> UserError:
        line, col = _line_col(self.text, prop.offset)
        return UserError(f"SGF 第{line}行第{col}列：{zh}", f"SGF line {line}, column {col}: {en}",
                         f"{self.where}:{line}:{col}")

    def node(self, node: list[_Prop]) -> None:
        offers = [p for p in node if p.name == "FO"]
        for prop in offers:
            for value in prop.values:
                point = _sgf_value_point(value)
                if point is None:
                    raise self.fail(prop, f"第五手打点 {value!r} 不在15路棋盘上",
                                    f"fifth-move offer {value!r} is not a point of the board")
                self.steps.append("offer:" + format_point(point))
        for prop in node:
            if prop.name in ("B", "W"):
                self.stone(prop, chosen=bool(offers))
            elif prop.name == "AC":
                self.steps += [v.strip() for v in prop.values if v.strip()]
            elif prop.name in ("AB", "AW", "AE"):
                raise self.fail(prop, "不支持摆子属性（AB/AW/AE）",
                                "setup stones (AB/AW/AE) are not supported")

    def stone(self, prop: _Prop, chosen: bool) -> None:
        stone = "B" if self.turn % 2 == 0 else "W"
        number = len(self.moves) + 1
        if prop.name != stone:
            raise self.fail(prop, f"第{number}手应为{'黑' if stone == 'B' else '白'}棋",
                            f"move {number} should be {stone}")
        if len(prop.values) != 1:
            raise self.fail(prop, "一个着法只能有一个着点", "a move has exactly one point")
        self.turn += 1
        if not prop.values[0].strip():
            self.steps.append("pass")
            return
        point = _sgf_value_point(prop.values[0])
        if point is None:
            raise self.fail(prop, f"着点 {prop.values[0]!r} 不在15路棋盘上",
                            f"move {prop.values[0]!r} is not a point of the 15x15 board")
        self.moves.append(point)
        line, col = _line_col(self.text, prop.offset)
        self.places.append(f"{self.where}:{line}:{col}")
        self.steps.append(("choose:" if chosen else "") + format_point(point))


def _sgf_root(text: str, where: str, root: list[_Prop]
              ) -> tuple[dict[str, str], list[tuple[str, tuple[str, ...]]]]:
    names = {"PB": "", "PW": "", "RE": ""}
    info: list[tuple[str, tuple[str, ...]]] = []
    for prop in root:
        line, col = _line_col(text, prop.offset)
        place = f"{where}:{line}:{col}"
        if prop.name == "GM" and prop.values[0].strip() != "4":
            raise UserError(f"SGF 第{line}行第{col}列：GM 应为 4（五子棋）",
                            f"SGF line {line}, column {col}: GM must be 4 (gomoku/renju)", place)
        if prop.name == "SZ" and prop.values[0].strip() not in ("15", "15:15"):
            raise UserError(f"SGF 第{line}行第{col}列：棋盘应为15路",
                            f"SGF line {line}, column {col}: the board must be 15x15", place)
        if prop.name in names:
            names[prop.name] = prop.values[0]
        elif prop.name not in _ROOT_KNOWN and prop.name not in ("B", "W", "AC", "FO", "AB",
                                                                 "AW", "AE"):
            info.append((prop.name, prop.values))
    return names, info


def read_sgf(text: str, where: str = "sgf", repeats: bool = False) -> GameRecord:
    """An SGF record of a gomoku/renju game on the 15x15 board (main line only), with the
    protocol steps where the file has them (FO, AC, passes)."""
    nodes = _sgf_nodes(text, where)
    names, info = _sgf_root(text, where, nodes[0])
    reading = _SgfSteps(text, where)
    for node in nodes:
        reading.node(node)
    record = GameRecord(_check_moves(reading.moves, reading.places, repeats), (), names["PB"],
                        names["PW"], names["RE"], tuple(info))
    return with_steps(record, reading.steps)


# --- Piskvork .psq -------------------------------------------------------------------------------

PSQ_HEADER = "Piskvorky 15x15, 11:11, 0"
_PSQ_HEADER_RE = re.compile(r"Piskvorky\s+(\d+)x(\d+)\b.*")
_PSQ_MOVE_RE = re.compile(r"\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*,\s*(-?[0-9]{1,9})\s*",
                          re.ASCII)


PSQ_STEPS = "#steps "


def _psq_name(name: str) -> str:
    return " ".join(name.replace(",", "，").split()) or "-"


def write_psq(record: GameRecord) -> str:
    """The record as a Piskvork file (times 0 where the record has none), with the trailer
    Piskvork writes after the moves: `-1`, the two players' names (black's, then white's;
    `-` for none), `-1`; then, when the game has protocol steps, one `#steps ...` line."""
    times = record.times or (0,) * len(record.moves)
    lines = [PSQ_HEADER]
    lines += [f"{p[0] + 1},{SIZE - p[1]},{t}" for p, t in zip(record.moves, times, strict=True)]
    lines += ["-1", _psq_name(record.black), _psq_name(record.white), "-1"]
    if record.steps:
        lines.append(PSQ_STEPS + " ".join(record.steps))
    return "\n".join(lines) + "\n"


def read_psq(text: str, where: str = "psq", repeats: bool = False) -> GameRecord:
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
    trailer: list[str] = []
    ended = False
    for number, line in enumerate(lines[1:], start=2):
        place = f"{where}:{number}"
        move = _PSQ_MOVE_RE.fullmatch(line)
        if move is None:
            trailer.append(line.strip())
            if "," in line and not line.startswith(PSQ_STEPS):
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
    record = GameRecord(_check_moves(moves, places, repeats), tuple(times))
    return _psq_trailer(record, trailer, where)


def _psq_trailer(record: GameRecord, trailer: list[str], where: str) -> GameRecord:
    """Names and steps from the lines after the moves (see `write_psq`)."""
    names = [t for t in trailer if t and t != "-1" and not t.startswith(PSQ_STEPS)][:2]
    names = [("" if n == "-" else n) for n in names] + ["", ""]
    record = replace(record, black=names[0], white=names[1])
    steps = [t for t in trailer if t.startswith(PSQ_STEPS)]
    if not steps:
        return record
    stepped = with_steps(record, steps[-1][len(PSQ_STEPS):].split())
    if stepped.moves != record.moves:
        raise UserError("#steps 行与着法不符", "the #steps line does not match the moves",
                        f"{where}:steps")
    return stepped


# --- any format -----------------------------------------------------------------------------------


def detect_format(text: str) -> str:
    """`sgf`, `psq` or `moves`, from the text itself."""
    head = text.lstrip()
    if head.startswith("("):
        return "sgf"
    if head.startswith("Piskvorky"):
        return "psq"
    return "moves"


def read_record(text: str, where: str = "record", fmt: str | None = None,
                repeats: bool = False) -> GameRecord:
    """A record in any format (detected when `fmt` is None); an empty file is refused.

    A move on a point an earlier move took is refused unless `repeats`: `record check` reads
    such a record and reports the move as its first illegal step (docs/CLI.md, "Records");
    converting it would write a record no reader accepts."""
    if not text.strip():
        raise UserError("棋谱文件是空的", "the record file is empty", where)
    fmt = fmt or detect_format(text)
    readers = {"moves": read_moves, "sgf": read_sgf, "psq": read_psq}
    if fmt not in readers:
        raise UserError(f"未知的棋谱格式 {fmt}", f"unknown record format {fmt!r}", where)
    return readers[fmt](text, where, repeats)


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
    from app.rules.game import encode_actions

    record = GameRecord(tuple(game.moves), black=black, white=white, result=result)
    return with_steps(record, encode_actions(game).split())
