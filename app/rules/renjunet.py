"""Games in the XML form of the RenjuNet database (`.rif`), so an event's games can join the
international renju database and a game of it can be checked here.

The layout is the one the public RenjuNet viewer renju-note reads (GitHub
`renju-note/renju-note`, `src/database/rif.ts`, its loader `loadFromFile`): under the root,
sections whose children each carry an `id`, the other sections referring to them by id:

- `<countries>`: `<country id name abbr>`; `<cities>`: `<city id name country>`;
  `<months>`: `<month id name>` (renju-note reads it too; we write it when a tournament has a
  month);
- `<rules>`: `<rule id name>` with an `<info>` child; the rule is the opening rule
  (Taraguchi-10, Soosõrv-8, RIF, ...);
- `<openings>`: `<opening id name abbr>` (the 26 openings: Kagetsu, 4D);
- `<players>`: `<player id name surname country city>`;
- `<tournaments>`: `<tournament id name country city year month start end rule rated>`
  (`start` / `end` as YYYY-MM-DD, `rated` 1 or 0);
- `<games>`: `<game id publisher tournament round rule black white bresult btime wtime opening
  alt swap>` with `<move>` (the stones, `h8 h9 i8 ...`) and `<info>` children. `bresult` is
  black's score (1, 0.5, 0); `btime` / `wtime` the minutes each player used (renju-note
  shows them as "N min").

`alt` and `swap`: renju-note keeps both as the file's text without reading them (its viewer
shows them as they are; the list of alternatives is a TODO there), and no public reader found
says more than quinstella.net's note on the format ("RenjuNet Database形式"): `alt` holds the
fifth moves offered (5手目の提示珠), `swap` the outcome of the swap options (交替オプションの結果).
Readings taken here, from those two sources and a real game element
(`rule="25" opening="19" alt="51" swap="R--R-"`, five swap marks for a game whose first five
stones lie in Taraguchi's 1/3/5/7/9 squares):

- `swap` is one mark per swap decision of the opening rule, in order: `-` no swap, any other
  mark (`R` in the real file) a swap. It is kept as written; a swap is written as `R`.
- `alt` lists the offered fifth moves when every token is a point (`j7 a1`, as this program
  writes it); otherwise (`51`: not a point, and no source says what the digits count) it is
  kept as written and read as no offers.

`write_renjunet(games)` writes a file for a list of `RenjuNetGame`; `read_renjunet(text)` reads
one back (a file with a DOCTYPE or entities is refused, as is a game naming an id its section
does not have; an attribute left out or empty names nothing, as in renju-note);
`write_renjunet(read_renjunet(text))` is the same file for a file written here.
`renjunet_record(text, game)` is one game as a `GameRecord`, its swap marks and offers as
steps of the opening rule the rule entry names, so `record convert` and `record check` read
`.rif` files like any other record.
"""

from __future__ import annotations

import calendar
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from app.errors import UserError
from app.results import GameCode
from app.rules.board import Point, format_point, parse_point
from app.rules.protocols import Protocol
from app.rules.records import GameRecord, with_steps

MAX_BYTES = 64 * 1024 * 1024
_RESULTS: dict[str, str] = {GameCode.FIRST_WINS: "1", GameCode.SECOND_WINS: "0",
                            GameCode.DRAW: "0.5"}
_BACK: dict[str, str] = {"1": GameCode.FIRST_WINS, "1.0": GameCode.FIRST_WINS,
                         "0": GameCode.SECOND_WINS, "0.0": GameCode.SECOND_WINS,
                         "0.5": GameCode.DRAW, ".5": GameCode.DRAW}  # bresult: black's score
_SGF_RESULTS: dict[str, str] = {GameCode.FIRST_WINS: "B+", GameCode.SECOND_WINS: "W+",
                                GameCode.DRAW: "0"}  # black first -> SGF RE
SWAPPED = "R"  # the mark of a swap in the real file's `swap` (see the module docstring)
_POINT_RE = re.compile(r"[a-o](1[0-5]|[1-9])", re.ASCII)


@dataclass(frozen=True)
class RenjuNetPlayer:
    """A `<player>`: given name, surname, country and city by name (empty when unknown)."""

    name: str
    surname: str = ""
    country: str = ""
    city: str = ""

    @property
    def full_name(self) -> str:
        return " ".join(part for part in (self.name, self.surname) if part)


@dataclass(frozen=True)
class RenjuNetTournament:
    """A `<tournament>`; `month` 1-12 (0 unknown), `start` / `end` as YYYY-MM-DD, `rule` the
    name of its rule entry."""

    name: str
    year: int = 0
    month: int = 0
    start: str = ""
    end: str = ""
    country: str = ""
    city: str = ""
    rule: str = ""
    rated: bool = False


@dataclass(frozen=True)
class RenjuNetGame:
    """One `<game>` with what its ids point to. `result` is black first (`1-0`, `0-1`, `=`,
    or empty when unknown); `rule` the rule entry's name (the opening rule), `rule_info` its
    `<info>`; `opening` / `opening_abbr` the opening entry (Kagetsu, 4D); `alt` and `swap` as
    the file writes them (see the module docstring; `offers` and `swaps` read them)."""

    tournament: RenjuNetTournament
    round: str
    rule: str
    black: RenjuNetPlayer
    white: RenjuNetPlayer
    result: str
    moves: tuple[Point, ...]
    opening: str = ""
    opening_abbr: str = ""
    alt: str = ""
    swap: str = ""
    publisher: RenjuNetPlayer | None = None
    btime: int = 0
    wtime: int = 0
    info: str = ""
    rule_info: str = ""

    @property
    def offers(self) -> tuple[Point, ...]:
        """The fifth moves offered, when `alt` lists points; else none."""
        tokens = self.alt.split()
        if not tokens or not all(_POINT_RE.fullmatch(t.lower()) for t in tokens):
            return ()
        return tuple(parse_point(t.lower()) for t in tokens)

    @property
    def swaps(self) -> tuple[bool, ...]:
        """One decision per mark of `swap`: True for a swap, False for `-`."""
        return tuple(mark != "-" for mark in self.swap)


def alt_text(offers: Iterable[Point]) -> str:
    """`alt` for offered fifth moves, as this program writes it (`j7 a1`)."""
    return " ".join(format_point(p) for p in offers)


def swap_text(decisions: Iterable[bool]) -> str:
    """`swap` for the swap decisions in order (`R` a swap, `-` none)."""
    return "".join(SWAPPED if swapped else "-" for swapped in decisions)


# ---------------------------------------------------------------------------- writing


@dataclass
class _Table:
    """One section being written: its entries in order of first use, numbered from 1."""

    tag: str
    entries: dict[tuple[object, ...], dict[str, str]] = field(default_factory=dict)
    children: dict[tuple[object, ...], str] = field(default_factory=dict)

    def id_of(self, key: tuple[object, ...], attrs: Callable[[], dict[str, str]],
              info: str = "") -> str:
        if key not in self.entries:
            self.entries[key] = {"id": str(len(self.entries) + 1), **attrs()}
            if info:
                self.children[key] = info
        return self.entries[key]["id"]

    def element(self, root: ET.Element, section: str) -> None:
        if not self.entries:
            return
        parent = ET.SubElement(root, section)
        for key, attrs in self.entries.items():
            entry = ET.SubElement(parent, self.tag, attrs)
            if key in self.children:
                ET.SubElement(entry, "info").text = self.children[key]


class _Writer:
    def __init__(self) -> None:
        self.countries = _Table("country")
        self.cities = _Table("city")
        self.months = _Table("month")
        self.rules = _Table("rule")
        self.openings = _Table("opening")
        self.players = _Table("player")
        self.tournaments = _Table("tournament")

    def country(self, name: str) -> str:
        return self.countries.id_of((name,), lambda: {"name": name, "abbr": ""}) if name else ""

    def city(self, name: str, country: str) -> str:
        if not name:
            return ""
        return self.cities.id_of((name, country),
                                 lambda: _given({"name": name, "country": self.country(country)}))

    def rule(self, name: str, info: str = "") -> str:
        return self.rules.id_of((name,), lambda: {"name": name}, info) if name else ""

    def player(self, p: RenjuNetPlayer) -> str:
        return self.players.id_of((p.name, p.surname, p.country, p.city), lambda: _given({
            "name": p.name, "surname": p.surname, "country": self.country(p.country),
            "city": self.city(p.city, p.country)}, keep=("name", "surname")))

    def tournament(self, t: RenjuNetTournament) -> str:
        def attrs() -> dict[str, str]:
            month = ""
            if 1 <= t.month <= 12:
                month = self.months.id_of((t.month,), lambda: {"name": calendar.month_name[
                    t.month]})
            return _given({
                "name": t.name, "country": self.country(t.country),
                "city": self.city(t.city, t.country), "year": str(t.year) if t.year else "",
                "month": month, "start": t.start, "end": t.end, "rule": self.rule(t.rule),
                "rated": "1" if t.rated else "0"}, keep=("name",))
        return self.tournaments.id_of(
            (t.name, t.year, t.month, t.start, t.end, t.country, t.city, t.rule, t.rated), attrs)

    def opening(self, name: str, abbr: str) -> str:
        if not (name or abbr):
            return ""
        return self.openings.id_of((name, abbr), lambda: {"name": name, "abbr": abbr})

    def game(self, parent: ET.Element, number: int, game: RenjuNetGame) -> None:
        rule = self.rule(game.rule, game.rule_info)  # first, so the entry keeps its <info>
        attrs = _given({
            "id": str(number),
            "publisher": self.player(game.publisher) if game.publisher else "",
            "tournament": self.tournament(game.tournament), "round": game.round,
            "rule": rule,
            "black": self.player(game.black), "white": self.player(game.white),
            "bresult": _RESULTS.get(game.result, ""),
            "btime": str(game.btime) if game.btime else "",
            "wtime": str(game.wtime) if game.wtime else "",
            "opening": self.opening(game.opening, game.opening_abbr),
            "alt": game.alt, "swap": game.swap,
        }, keep=("id", "tournament", "round", "rule", "black", "white", "bresult"))
        element = ET.SubElement(parent, "game", attrs)
        ET.SubElement(element, "move").text = " ".join(format_point(p) for p in game.moves)
        if game.info:
            ET.SubElement(element, "info").text = game.info


def _given(attrs: dict[str, str], keep: tuple[str, ...] = ()) -> dict[str, str]:
    """The attributes with a value (and those in `keep` even when empty)."""
    return {k: v for k, v in attrs.items() if v or k in keep}


def write_renjunet(games: list[RenjuNetGame]) -> str:
    """A RenjuNet database file holding `games` (every section's ids from 1, in order of use)."""
    writer = _Writer()
    root = ET.Element("database")
    games_element = ET.Element("games")
    for number, game in enumerate(games, start=1):
        writer.game(games_element, number, game)
    for section, table in (("countries", writer.countries), ("cities", writer.cities),
                           ("months", writer.months), ("rules", writer.rules),
                           ("openings", writer.openings), ("players", writer.players),
                           ("tournaments", writer.tournaments)):
        table.element(root, section)
    root.append(games_element)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, "unicode") + "\n"


# ---------------------------------------------------------------------------- reading


class _Reader:
    """The sections of a parsed file, by id, and the references between them."""

    def __init__(self, root: ET.Element, where: str) -> None:
        self.where = where
        self.tables = {section: self._section(root, section, tag) for section, tag in (
            ("countries", "country"), ("cities", "city"), ("months", "month"),
            ("rules", "rule"), ("openings", "opening"), ("players", "player"),
            ("tournaments", "tournament"))}

    def _section(self, root: ET.Element, section: str, tag: str) -> dict[str, ET.Element]:
        found: dict[str, ET.Element] = {}
        for element in root.iterfind(f"{section}/{tag}"):
            number = element.get("id", "").strip()
            if not number:
                raise UserError(f"{tag} 缺少 id", f"a {tag} without an id",
                                f"{self.where} {section}")
            found[number] = element
        return found

    def ref(self, element: ET.Element, key: str, section: str, place: str) -> ET.Element | None:
        """The entry `element`'s attribute `key` names; None when it names none (left out,
        empty or `0`: renju-note reads such a reference as an unknown entry)."""
        value = element.get(key, "").strip()
        if not value or value == "0":
            return None
        table = self.tables[section]
        if value not in table:
            raise UserError(f"{key} 编号 {value[:20]!r} 不存在",
                            f"{key} id {value[:20]!r} is not in the file", f"{place} {key}")
        return table[value]

    def name(self, element: ET.Element, key: str, section: str, place: str) -> str:
        entry = self.ref(element, key, section, place)
        return entry.get("name", "") if entry is not None else ""

    def player(self, element: ET.Element, key: str, place: str) -> RenjuNetPlayer | None:
        entry = self.ref(element, key, "players", place)
        if entry is None:
            return None
        where = f"{self.where} player {entry.get('id')}"
        city = self.ref(entry, "city", "cities", where)
        return RenjuNetPlayer(entry.get("name", ""), entry.get("surname", ""),
                              self.name(entry, "country", "countries", where),
                              city.get("name", "") if city is not None else "")

    def tournament(self, element: ET.Element, place: str) -> RenjuNetTournament:
        entry = self.ref(element, "tournament", "tournaments", place)
        if entry is None:
            return RenjuNetTournament("")
        where = f"{self.where} tournament {entry.get('id')}"
        city = self.ref(entry, "city", "cities", where)
        month = self.ref(entry, "month", "months", where)
        return RenjuNetTournament(
            name=entry.get("name", ""),
            year=_small_number(entry.get("year", ""), 4),
            month=_month(month.get("name", "") if month is not None else ""),
            start=entry.get("start", ""), end=entry.get("end", ""),
            country=self.name(entry, "country", "countries", where),
            city=city.get("name", "") if city is not None else "",
            rule=self.name(entry, "rule", "rules", where),
            rated=entry.get("rated", "") == "1")

    def game(self, element: ET.Element) -> RenjuNetGame:
        place = f"{self.where} game {element.get('id', '?')}"
        result = element.get("bresult", "").strip()
        if result and result not in _BACK:
            raise UserError(f"结果有误：{result[:20]!r}", f"bad bresult {result[:20]!r}",
                            f"{place} bresult")
        rule = self.ref(element, "rule", "rules", place)
        opening = self.ref(element, "opening", "openings", place)
        move = element.find("move")
        info = element.find("info")
        return RenjuNetGame(
            tournament=self.tournament(element, place),
            round=element.get("round", "").strip(),
            rule=rule.get("name", "") if rule is not None else "",
            rule_info=_text(rule.find("info")) if rule is not None else "",
            black=self.player(element, "black", place) or RenjuNetPlayer(""),
            white=self.player(element, "white", place) or RenjuNetPlayer(""),
            publisher=self.player(element, "publisher", place),
            result=_BACK.get(result, ""),
            moves=_points(_text(move), f"{place} move"),
            btime=_small_number(element.get("btime", ""), 5),
            wtime=_small_number(element.get("wtime", ""), 5),
            opening=opening.get("name", "") if opening is not None else "",
            opening_abbr=opening.get("abbr", "") if opening is not None else "",
            alt=element.get("alt", ""), swap=element.get("swap", ""),
            info=_text(info),
        )


def _text(element: ET.Element | None) -> str:
    return (element.text or "").strip() if element is not None else ""


def _small_number(text: str, width: int) -> int:
    """A count of at most `width` ASCII digits; anything else (blank, `?`) is unknown: 0."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= width else 0


def _month(name: str) -> int:
    names = [m.lower() for m in calendar.month_name]
    text = name.strip().lower()
    if text in names[1:]:
        return names.index(text)
    return _small_number(text, 2) if 1 <= _small_number(text, 2) <= 12 else 0


def _points(text: str, where: str) -> tuple[Point, ...]:
    return tuple(parse_point(token.lower(), where) for token in text.split())


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
    reader = _Reader(root, where)
    return [reader.game(element) for element in root.iterfind("games/game")]


def is_renjunet(text: str) -> bool:
    """The text is XML (a RenjuNet database file), not a record of another format."""
    return text.lstrip("\ufeff \t\r\n").startswith("<")


# ---------------------------------------------------------------------------- as a record


def _fold(name: str) -> str:
    return re.sub(r"[\s\-_–]", "", name.lower().replace("õ", "o").replace("ö", "o"))


_RULE_ALIASES = {"rif": Protocol.DESIGNATED, "指定开局": Protocol.DESIGNATED}


def protocol_of_rule(name: str) -> Protocol | None:
    """The opening rule a rule entry names (`Taraguchi-10`, `Soosõrv-8`, `RIF`, `Yamaguchi`,
    `Swap2`, 指定开局, or a `Protocol`'s own names); None for a rule this program does not
    play."""
    folded = _fold(name)
    for protocol in Protocol:
        if folded in {protocol.value, _fold(protocol.en), _fold(protocol.zh)}:
            return protocol
    return _RULE_ALIASES.get(folded)


def _fifth(moves: list[str], offers: tuple[Point, ...]) -> list[str]:
    """Move 5 as the offers make it (五手N打: the stone played is one of them, whether `alt`
    lists it or not), then the rest; without offers, the stones as they are."""
    if not offers or len(moves) < 5:
        return moves[4:]
    listed = _offered(moves, offers)
    return [f"offer:{p}" for p in listed] + [f"choose:{moves[4]}"] + moves[5:]


def _offered(moves: list[str], offers: tuple[Point, ...]) -> list[str]:
    listed = [format_point(p) for p in offers]
    if len(moves) >= 5 and moves[4] not in listed:
        listed.append(moves[4])
    return listed


def _interleave(stones: list[str], decisions: list[str]) -> list[str]:
    return [x for pair in zip(stones, decisions, strict=True) for x in pair]


def _taraguchi(moves: list[str], swaps: list[str], offers: tuple[Point, ...]
               ) -> tuple[str, ...]:
    """Taraguchi-10: a swap decision after each of moves 1-3, then after move 4 either ten
    offers (choice 2: three marks) or a decision, move 5 and a last decision (choice 1: five
    marks; `app.rules.protocols` reads "no swap" after move 4 as black putting move 5)."""
    if len(moves) < 5:
        return ()
    if offers:
        if len(swaps) != 3:
            return ()
        return tuple(_interleave(moves[:3], swaps) + [moves[3]] + _fifth(moves, offers))
    if len(swaps) != 5:
        return ()
    return tuple(_interleave(moves[:4], swaps[:4]) + [moves[4], swaps[4], *moves[5:]])


def _steps(game: RenjuNetGame) -> tuple[str, ...]:
    """The game as its opening rule played it, where the file says more than its stones: the
    swap marks at the rule's swap decisions in order, and the fifth-move offers. Empty when
    the file gives neither, when the rule is not one this program plays (or is Swap2, whose
    option of two more stones the marks cannot show), or when the marks do not fit the rule's
    decisions; the checker then takes those steps as a stone-only record lets it."""
    moves = [format_point(p) for p in game.moves]
    protocol = protocol_of_rule(game.rule)
    swaps = ["swap" if s else "noswap" for s in game.swaps]
    offers = game.offers
    if protocol in (None, Protocol.FREE, Protocol.SWAP2) or (not swaps and not offers):
        return ()
    if protocol is Protocol.TARAGUCHI10:
        return _taraguchi(moves, swaps, offers)
    if len(swaps) != (2 if protocol is Protocol.SOOSYRV8 else 1) or len(moves) < 4:
        return ()
    # Yamaguchi: the number is declared with the opening; Soosõrv: by white after move 4.
    declared = [f"declare:{len(_offered(moves, offers))}"] if offers else []
    steps = moves[:3] + (declared if protocol is Protocol.YAMAGUCHI else [])
    steps += [swaps[0], moves[3]]
    if protocol is Protocol.SOOSYRV8:
        steps += [*declared, swaps[1]]
    return tuple(steps + _fifth(moves, offers))


def renjunet_record(text: str, number: int | None = None, where: str = "renjunet",
                    repeats: bool = False) -> GameRecord:
    """Game `number` (1 for the first in the file) of a RenjuNet database file as a record:
    its stones, the steps its swap marks and offers show, the players and the result (SGF
    `B+`, `W+`, `0`). Without `number` the file must hold one game only. `repeats`: a move
    on an occupied point is read (for `record check`, which reports it) instead of refused."""
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
        if point in seen and not repeats:
            raise UserError(f"第{index}手 {format_point(point)} 与第{seen[point]}手重复",
                            f"move {index} {format_point(point)} repeats move {seen[point]}",
                            f"{place} move")
        seen.setdefault(point, index)
    info = tuple((key, (value,)) for key, value in (("EV", game.tournament.name),
                                                    ("RO", game.round), ("RU", game.rule))
                 if value)
    record = GameRecord(game.moves, black=game.black.full_name, white=game.white.full_name,
                        result=_SGF_RESULTS.get(game.result, ""), info=info)
    steps = _steps(game) if len(seen) == len(game.moves) else ()
    return with_steps(record, steps) if steps else record
