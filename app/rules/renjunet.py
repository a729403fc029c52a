"""Games in the XML form of the RenjuNet database (`.rif`), so an event's games can join the
international renju database.

The database file is XML: `<database>` holding `<rules>`, `<tournaments>`, `<players>` and
`<games>`; each `<game>` names its tournament, round, rule, black and white players by id, the
result for black (`bresult`: 1 won, 0.5 draw, 0 lost), the opening (`opening`, the name of
the designated opening), the 五手N打 offers (`alt`, the offered fifth moves, space
separated), the swap decision (`swap`: `+` swapped, `-` not, empty when the rule has none),
and its moves in a `<move>` element (`h8 h9 i10 ...`). The tournament carries its name and
year; players their names.

`write_renjunet(games)` writes such a file for a list of `RenjuNetGame`; `read_renjunet(text)`
reads one back (a file with a DOCTYPE or entities is refused, as are games naming an unknown
id); `write_renjunet(read_renjunet(text))` is the same file. `renjunet_record(text, game)`
is one game of such a file as a `GameRecord`, so `record convert` and `record check` read
`.rif` files like any other record.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass

from app.errors import UserError
from app.results import GameCode
from app.rules.board import Point, format_point, parse_point
from app.rules.records import GameRecord, with_steps

MAX_BYTES = 64 * 1024 * 1024
_RESULTS: dict[str, str] = {GameCode.FIRST_WINS: "1", GameCode.SECOND_WINS: "0",
                            GameCode.DRAW: "0.5"}
_BACK = {value: key for key, value in _RESULTS.items()}
_SGF_RESULTS: dict[str, str] = {GameCode.FIRST_WINS: "B+", GameCode.SECOND_WINS: "W+",
                                GameCode.DRAW: "0"}  # black first -> SGF RE


@dataclass(frozen=True)
class RenjuNetGame:
    """One game as the database holds it; `result` is black first (`1-0`, `0-1`, `=`, or
    empty when unknown); `swap` True / False / None (no swap in the rule)."""

    tournament: str
    round: int
    rule: str
    black: str
    white: str
    result: str
    moves: tuple[Point, ...]
    opening: str = ""
    offers: tuple[Point, ...] = ()
    swap: bool | None = None
    year: int = 0


def _ids(values: list[str]) -> dict[str, int]:
    ids: dict[str, int] = {}
    for value in values:
        ids.setdefault(value, len(ids) + 1)
    return ids


def write_renjunet(games: list[RenjuNetGame]) -> str:
    """A RenjuNet database file holding `games` (ids numbered from 1 in order of use)."""
    rules = _ids([g.rule for g in games])
    tournaments = _ids([g.tournament for g in games])
    players = _ids([name for g in games for name in (g.black, g.white)])
    years = {g.tournament: g.year for g in games}
    root = ET.Element("database")
    section = ET.SubElement(root, "rules")
    for name, number in rules.items():
        ET.SubElement(section, "rule", id=str(number), name=name)
    section = ET.SubElement(root, "tournaments")
    for name, number in tournaments.items():
        attrs = {"id": str(number), "name": name}
        if years[name]:
            attrs["year"] = str(years[name])
        ET.SubElement(section, "tournament", attrs)
    section = ET.SubElement(root, "players")
    for name, number in players.items():
        ET.SubElement(section, "player", id=str(number), name=name)
    section = ET.SubElement(root, "games")
    for number, game in enumerate(games, start=1):
        element = ET.SubElement(section, "game", {
            "id": str(number), "tournament": str(tournaments[game.tournament]),
            "round": str(game.round), "rule": str(rules[game.rule]),
            "black": str(players[game.black]), "white": str(players[game.white]),
            "bresult": _RESULTS.get(game.result, ""), "opening": game.opening,
            "alt": " ".join(format_point(p) for p in game.offers),
            "swap": "" if game.swap is None else ("+" if game.swap else "-"),
        })
        ET.SubElement(element, "move").text = " ".join(format_point(p) for p in game.moves)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, "unicode") + "\n"


def _names(root: ET.Element, section: str, tag: str, where: str) -> dict[str, ET.Element]:
    found: dict[str, ET.Element] = {}
    for element in root.iterfind(f"{section}/{tag}"):
        number = element.get("id", "")
        if not number:
            raise UserError(f"{tag} 缺少 id", f"a {tag} without an id", f"{where} {section}")
        found[number] = element
    return found


def _points(text: str, where: str) -> tuple[Point, ...]:
    return tuple(parse_point(token, where) for token in text.split())


def _game(element: ET.Element, rules: dict[str, ET.Element], tournaments: dict[str, ET.Element],
          players: dict[str, ET.Element], where: str) -> RenjuNetGame:
    place = f"{where} game {element.get('id', '?')}"

    def ref(table: dict[str, ET.Element], key: str) -> ET.Element:
        value = element.get(key, "")
        if value not in table:
            raise UserError(f"对局的 {key} 编号 {value!r} 不存在",
                            f"{key} id {value!r} is not in the file", f"{place} {key}")
        return table[value]

    round_text = element.get("round", "0") or "0"
    if not (round_text.isascii() and round_text.isdigit() and len(round_text) <= 4):
        raise UserError(f"轮次有误：{round_text[:20]!r}", f"bad round {round_text[:20]!r}",
                        f"{place} round")
    result = element.get("bresult", "")
    if result and result not in _BACK:
        raise UserError(f"结果有误：{result[:20]!r}", f"bad bresult {result[:20]!r}",
                        f"{place} bresult")
    swap = {"+": True, "-": False, "": None}.get(element.get("swap", ""), None)
    tournament = ref(tournaments, "tournament")
    year = tournament.get("year", "")
    move = element.find("move")
    return RenjuNetGame(
        tournament=tournament.get("name", ""),
        round=int(round_text),
        rule=ref(rules, "rule").get("name", ""),
        black=ref(players, "black").get("name", ""),
        white=ref(players, "white").get("name", ""),
        result=_BACK.get(result, ""),
        moves=_points(move.text or "" if move is not None else "", f"{place} move"),
        opening=element.get("opening", ""),
        offers=_points(element.get("alt", ""), f"{place} alt"),
        swap=swap,
        year=int(year) if year.isascii() and year.isdigit() and len(year) <= 4 else 0,
    )


def read_renjunet(text: str, where: str = "renjunet") -> list[RenjuNetGame]:
    """The games of a RenjuNet database file; `UserError` names the game and attribute."""
    if len(text) > MAX_BYTES:
        raise UserError("文件过大（上限 64 MB）", "file too large (limit 64 MB)", where)
    if "<!DOCTYPE" in text or "<!ENTITY" in text:
        raise UserError("不接受 DOCTYPE / ENTITY", "DOCTYPE and entities are not accepted", where)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as error:
        line, column = error.position
        raise UserError(f"XML 第{line}行第{column + 1}列有误", f"XML error at line {line}, "
                        f"column {column + 1}", f"{where}:{line}:{column + 1}") from None
    if root.tag != "database":
        raise UserError("根元素应为 database", "the root element must be <database>", where)
    rules = _names(root, "rules", "rule", where)
    tournaments = _names(root, "tournaments", "tournament", where)
    players = _names(root, "players", "player", where)
    return [_game(element, rules, tournaments, players, where)
            for element in root.iterfind("games/game")]


def is_renjunet(text: str) -> bool:
    """The text is XML (a RenjuNet database file), not a record of another format."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


def _steps(game: RenjuNetGame) -> tuple[str, ...]:
    """The game as the opening protocol played it, where the file says more than its stones:
    three stones, the swap decision (三手交换), the fourth stone, the fifth-move offers (五手N打;
    the stone played is one of them, whether `alt` lists it or not) and the choice, then the
    rest. Empty when the file gives neither a swap nor offers."""
    moves = [format_point(p) for p in game.moves]
    if (game.swap is None and not game.offers) or len(moves) < 4:
        return ()
    steps = moves[:3]
    if game.swap is not None:
        steps.append("swap" if game.swap else "noswap")
    steps.append(moves[3])
    if game.offers and len(moves) >= 5:
        offers = [format_point(p) for p in game.offers]
        if moves[4] not in offers:
            offers.append(moves[4])
        steps += [f"offer:{p}" for p in offers] + [f"choose:{moves[4]}"] + moves[5:]
    else:
        steps += moves[4:]
    return tuple(steps)


def renjunet_record(text: str, number: int | None = None, where: str = "renjunet"
                    ) -> GameRecord:
    """Game `number` (1 for the first in the file) of a RenjuNet database file as a record:
    its stones, the steps its swap and offers show, the players and the result (SGF `B+`,
    `W+`, `0`). Without `number` the file must hold one game only."""
    games = read_renjunet(text, where)
    if not games:
        raise UserError("文件中没有对局", "the file holds no game", where)
    if number is None and len(games) > 1:
        raise UserError(f"文件中有 {len(games)} 局，请指定第几局（--game）",
                        f"the file holds {len(games)} games: choose one with --game", where)
    number = 1 if number is None else number
    if not 1 <= number <= len(games):
        raise UserError(f"文件中只有 {len(games)} 局，没有第{number}局",
                        f"the file holds {len(games)} games, not a game {number}", where)
    game = games[number - 1]
    place = f"{where} game {number}"
    seen: dict[Point, int] = {}
    for index, point in enumerate(game.moves, start=1):
        if point in seen:
            raise UserError(f"第{index}手 {format_point(point)} 与第{seen[point]}手重复",
                            f"move {index} {format_point(point)} repeats move {seen[point]}",
                            f"{place} move")
        seen[point] = index
    info = tuple((key, (value,)) for key, value in (("EV", game.tournament),
                                                    ("RO", str(game.round) if game.round else ""),
                                                    ("RU", game.rule)) if value)
    record = GameRecord(game.moves, black=game.black, white=game.white,
                        result=_SGF_RESULTS.get(game.result, ""), info=info)
    steps = _steps(game)
    return with_steps(record, steps) if steps else record
