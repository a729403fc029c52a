"""FIDE Tournament Report File (TRF-16 / TRF-2026) reader and writer: the interchange format of
Swiss pairing programs (编排文件交换格式).

Format: FIDE Handbook "Format of Tournament Report File (TRF), Version 2026" (TRF26, in force
from 2025-09-01), with the TRF-16 extensions pairing programs use (`XXR`, `XXC`, `XXZ`, JaVaFo's
`BBW`/`BBD`/`BBL`/`BBZ`/`BBF`/`BBU` point lines). What is read (1-based columns):

- `001` player record: 5-8 pairing number, 10 sex, 11-13 title, 15-47 name, 49-52 rating,
  54-56 federation, 58-68 FIDE id, 70-79 birth date, 81-84 points, 86-89 rank (ignored). Round
  r uses the 10 columns from 92 + 10*(r-1): opponent (4 wide, `0000` or blank = none), blank,
  colour (`w`, `b`, `-` or blank), blank, result.
- Results: `1` `=` `0` played (`W` `D` `L` read as `1` `=` `0`); `+` / `-` forfeit win / loss
  against a named opponent (not a played game); with no opponent: `U` pairing-allocated bye
  (PAB, 轮空), `F` full-point bye, `H` half-point bye, `Z` zero-point bye, `-` or blank absent.
- `XXR n` / `142 n`: total rounds; `XXC white1|black1` / `152 W|B`: colour of the top player in
  round 1 (TRF26 tag 152: "the colour of the highest ranked participant who was paired in the
  first round"), inferred from round 1 when absent; `162` (TRF26 "scoring point system":
  codes W D L A P, X ignored) or `BB?` lines: the point system; `XXZ n n ...`: players absent
  from the next round.
- Header records 012 (name), 022 (city), 032 (federation), 042 / 052 (start, end), 062 / 072
  (players, rated players), 082 (teams), 092 (type of tournament, e.g. `FIDE_DUTCH_2025`),
  102 (chief arbiter), 122 (time control), 132 (round dates, YY/MM/DD in the round columns)
  are kept as text (`TrfTournament.header`); `013` team records (name in 5-36, pairing numbers
  from 37, 5 apart) in `teams`.
- Forbidden pairs: TRF26 `260` (5-7 first round, 9-11 last round, pairing numbers from 13,
  5 apart: none of them meets another in those rounds) and JaVaFo's `XXP n n ...` (in every
  round). Both are applied when a round is paired (`request_for_round`).
- Accelerations: TRF26 `250` and JaVaFo's `XXA` are read; the engine does not pair with
  accelerated scores, so pairing a round they touch is refused rather than done wrongly.
- JaVaFo's `0000 - =` is a half-point bye, as `0000 - H`.

Columns are counted in bytes of the file's encoding (UTF-8 for the files written here): the
Go reference library (gnutterts/chesspairing) slices its lines by bytes and gacrux reads TRF
as Latin-1, one character a byte, so a `001` record whose name is written in characters is
misaligned for both. Writing, a text field is cut on a character boundary and padded with
spaces to its width in bytes (`郑玉` fills 6 of the name's 33 columns). Reading, a line
with non-ASCII text is read by its bytes, or by its characters when only that reading
aligns the fields (files this program wrote before, which counted characters); a Latin-1
or ASCII file is the same either way. bbpPairings counts code points (it decodes UTF-8 to
UTF-32), so it reads a file with non-ASCII names only in character columns: with such names
no one layout suits every program, and the bytes are what FIDE's byte-oriented readers take.

Hostile input: fields are ASCII digits of bounded width (superscript or full-width digits, a
5 000-digit number are refused with line and field), at most 9 999 players and 999 rounds;
a file with no `001` record is refused.

Points are kept as integers (`PointSystem` units): `point_scale` units make one TRF point, the
smallest scale that makes every value of the file's point system an integer (FIDE 1/0.5/0 ->
scale 2, win 2 draw 1; a `162  W 2.0  D 1.0` file -> scale 1). `format_points` prints units back
in the file's own points.

Colours: a TRF `w` moves first, so `w` is `Colour.FIRST` (our black, 先手). A forfeit keeps its
scheduled colour in `RoundRecord.colour` but is not a played game (`Outcome.played` is False):
colour rules must look at played games only (FIDE C.04.1 / C.04.2).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import NamedTuple

from app.errors import UserError
from app.pairing.types import (
    Board,
    Colour,
    Outcome,
    Pairing,
    PairingRequest,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

__all__ = [
    "Acceleration",
    "ForbiddenPairs",
    "TrfHeader",
    "TrfTeam",
    "TrfEntry",
    "TrfPlayer",
    "TrfPlayerInfo",
    "TrfTournament",
    "read_trf",
    "write_trf",
]

_ROUND_START = 91  # 0-based index of column 92
_ROUND_WIDTH = 10
_PLAYED = {"1": Outcome.WIN, "=": Outcome.DRAW, "0": Outcome.LOSS,
           "W": Outcome.WIN, "D": Outcome.DRAW, "L": Outcome.LOSS}
_FORFEIT = {"+": Outcome.FORFEIT_WIN, "-": Outcome.FORFEIT_LOSS}
_NO_OPPONENT = {"U": Outcome.PAB, "F": Outcome.FULL_BYE, "H": Outcome.HALF_BYE,
                "Z": Outcome.ZERO_BYE, "-": Outcome.ABSENT, " ": Outcome.ABSENT,
                "+": Outcome.FULL_BYE, "=": Outcome.HALF_BYE}
_COMPLEMENT = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-",
               "-": "+"}
_POINTS_RE = re.compile(r"^\d{1,4}(?:[.,]\d{1,3})?$")

# TRF26 tag 162 codes -> PointSystem fields (W: win, forfeit win, full-point bye;
# D: draw, half-point bye; L: loss; A: absence = zero-point bye or forfeit loss; P: PAB).
_CODE_FIELDS: dict[str, tuple[str, ...]] = {
    "W": ("win", "forfeit_win", "full_bye"),
    "D": ("draw", "half_bye"),
    "L": ("loss",),
    "A": ("zero_bye", "forfeit_loss", "absent"),
    "P": ("pab",),
}
# JaVaFo's TRF-16 extension lines.
_BB_FIELDS: dict[str, tuple[str, ...]] = {
    "BBW": ("win", "forfeit_win", "full_bye"),
    "BBD": ("draw", "half_bye"),
    "BBL": ("loss",),
    "BBZ": ("zero_bye", "absent"),
    "BBF": ("forfeit_loss",),
    "BBU": ("pab",),
}


class TrfEntry(NamedTuple):
    """One round of one player as written in the file (codes upper-cased).

    `opponent` 0 = none; `colour` one of `w`, `b`, `-`; `code` the result character (blank
    when none was entered). A named tuple, not a dataclass: a file has one per player and
    round, and a tuple is made several times faster (reading a 300-player file is
    benchmarked, bench/bench_fide_systems.py).
    """

    round: int
    opponent: int
    colour: str
    code: str

    @property
    def outcome(self) -> Outcome:
        if self.opponent:
            if self.code in _PLAYED:
                return _PLAYED[self.code]
            return _FORFEIT[self.code]
        return _NO_OPPONENT[self.code]

    @property
    def has_result(self) -> bool:
        """A game with a result, or a pairing-allocated bye: the round has been paired."""
        return (self.opponent != 0 and self.code != " ") or (
            self.opponent == 0 and self.code == "U"
        )

    @property
    def is_preentered_bye(self) -> bool:
        """A bye or absence the player did not get from pairing (`0000 - H/Z/F`, ...)."""
        return self.opponent == 0 and self.code != "U"


@dataclass(frozen=True)
class TrfPlayer:
    """A `001` player record."""

    number: int
    name: str
    rating: int
    line: int  # line number in the file, for messages
    sex: str = ""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: int | None = None  # columns 81-84 in units; None when blank
    rank: int | None = None
    entries: tuple[TrfEntry | None, ...] = ()  # index r-1 = round r; None = blank

    def entry(self, round_number: int) -> TrfEntry | None:
        if 1 <= round_number <= len(self.entries):
            return self.entries[round_number - 1]
        return None


@lru_cache(maxsize=64)
def _points_table(points: PointSystem) -> dict[Outcome, int]:
    return {outcome: points.points(outcome) for outcome in Outcome}


@dataclass(frozen=True)
class TrfTournament:
    """A parsed TRF file."""

    name: str
    players: tuple[TrfPlayer, ...]
    total_rounds: int
    rounds_played: int
    points: PointSystem
    point_scale: int  # units per TRF point
    initial_colour: Colour | None  # colour of the top player in round 1; None = unknown
    initial_colour_stated: bool = False  # True when given by XXC / 152
    total_rounds_stated: bool = False  # True when given by XXR / 142
    absent_next: frozenset[int] = frozenset()  # XXZ
    source: str = ""
    header: tuple[tuple[str, str], ...] = ()  # (tag, text) of 012 ... 192, XXT, in file order
    teams: tuple[TrfTeam, ...] = ()  # 013
    forbidden: tuple[ForbiddenPairs, ...] = ()  # 260, XXP
    accelerations: tuple[Acceleration, ...] = ()  # 250, XXA
    _by_number: Mapping[int, TrfPlayer] = field(default_factory=dict, repr=False,
                                                compare=False)
    # XXD: each player's games' points per round, in units (None: the round has none)
    game_points: Mapping[int, tuple[int | None, ...]] = field(default_factory=dict)
    # each player's rounds as records, made once (snapshots and the score check share them)
    _records: dict[int, list[RoundRecord]] = field(default_factory=dict, repr=False,
                                                   compare=False)

    def player(self, number: int) -> TrfPlayer:
        return self._by_number[number]

    # -- points ---------------------------------------------------------------------------
    def to_points(self, units: int | Fraction) -> Fraction:
        """Units -> the file's own points."""
        return Fraction(units) / self.point_scale

    def format_points(self, units: int | Fraction) -> str:
        """Units printed in the file's own points: `3.5`, `4.0`, `1.25`."""
        return format_points(units, self.point_scale)

    # -- rounds ---------------------------------------------------------------------------
    def _record(self, player: TrfPlayer, round_number: int) -> RoundRecord:
        return self._records_of(player, round_number)[round_number - 1]

    def _records_of(self, player: TrfPlayer, count: int) -> list[RoundRecord]:
        """The player's rounds 1..`count` (at least) as records."""
        made = self._records.setdefault(player.number, [])
        if len(made) >= count:
            return made
        points = _points_table(self.points)
        colours = {"w": Colour.FIRST, "b": Colour.SECOND}
        entries = player.entries
        games = self.game_points.get(player.number, ())
        for round_number in range(len(made) + 1, count + 1):
            entry = entries[round_number - 1] if round_number <= len(entries) else None
            game = games[round_number - 1] if round_number <= len(games) else None
            if entry is None:
                made.append(RoundRecord(round_number, Outcome.ABSENT, None, None,
                                        points[Outcome.ABSENT], game))
                continue
            outcome = entry.outcome
            made.append(RoundRecord(round_number, outcome, entry.opponent or None,
                                    colours.get(entry.colour) if entry.opponent else None,
                                    points[outcome], game))
        return made

    def snapshot(self, rounds: int | None = None) -> TournamentSnapshot:
        """The tournament after `rounds` rounds (default: every round with results)."""
        count = self.rounds_played if rounds is None else rounds
        players = tuple(
            PlayerHistory(
                number=p.number,
                rounds=tuple(self._records_of(p, count)[:count]),
                rating=p.rating,
                name=p.name,
            )
            for p in self.players
        )
        return TournamentSnapshot(
            players=players,
            total_rounds=max(self.total_rounds, count),
            points=self.points,
            initial_colour=self.initial_colour or Colour.FIRST,
        )

    def request_for_round(self, k: int) -> PairingRequest:
        """The input for pairing round `k`: rounds 1..k-1 as history; players with a bye or
        absence entered in advance for round `k` (`0000 - H/Z/F`, a blank in a round already
        paired, `XXZ` for the next round) are `unavailable`."""
        if k < 1 or k > self.rounds_played + 1:
            raise UserError(
                f"第 {k} 轮无法编排：文件只有 {self.rounds_played} 轮成绩",
                f"round {k} cannot be paired: the file has results for "
                f"{self.rounds_played} rounds",
                self.source,
            )
        snapshot = self.snapshot(k - 1)
        if k > snapshot.total_rounds:
            snapshot = TournamentSnapshot(snapshot.players, k, snapshot.points,
                                          snapshot.initial_colour)
        unavailable: set[int] = set()
        for player in self.players:
            entry = player.entry(k)
            if entry is None:
                if k <= self.rounds_played:
                    unavailable.add(player.number)
            elif entry.is_preentered_bye:
                unavailable.add(player.number)
        if k == self.rounds_played + 1:
            unavailable |= self.absent_next
        accelerated = [a for a in self.accelerations if a.first <= k <= a.last and a.points]
        if accelerated:
            raise UserError(
                f"第 {k} 轮有加速分（250/XXA），本程序不按加速分编排",
                f"round {k} has accelerated scores (250/XXA): pairing with accelerations is "
                "not supported",
                _where(self.source, accelerated[0].line, "250/XXA"),
            )
        forbidden: frozenset[frozenset[int]] = frozenset().union(
            *(entry.pairs() for entry in self.forbidden if entry.applies(k)))
        return PairingRequest(snapshot=snapshot, round=k, unavailable=frozenset(unavailable),
                              forbidden_pairs=forbidden)

    def next_round_request(self) -> PairingRequest:
        """The request for the round after the last one with any result."""
        self.check_round_to_pair(self.rounds_played + 1)
        return self.request_for_round(self.rounds_played + 1)

    def check_round_to_pair(self, k: int) -> None:
        """Round `k` is one of the tournament's: a file that states its number of rounds
        (XXR / 142) with all of them played has no next round to pair (bbpPairings refuses
        the file so too), unless the number is raised first."""
        if self.total_rounds_stated and k > self.total_rounds:
            raise UserError(
                f"文件写明共 {self.total_rounds} 轮（XXR/142），已全部赛完，没有第 {k} 轮可编排；"
                f"如要再赛一轮，先把总轮数改为 {k}",
                f"the file states {self.total_rounds} rounds (XXR/142), all played: there is "
                f"no round {k} to pair; to play one more, raise the number of rounds to {k} "
                "first", self.source)

    def colourless_games(self, k: int) -> frozenset[frozenset[int]]:
        """The games of round `k` the file writes without a colour on both sides (`  12 - +`,
        `  7 - -`): a forfeit, which TRF lets go without colour (TRF26 round columns: the
        colour is `-` when no game was played). Which player "moved first" is unknown there,
        so a re-pairing may put either first (bbpPairings' `--check` accepts both)."""
        games: set[frozenset[int]] = set()
        for player in self.players:
            entry = player.entry(k)
            if entry is None or not entry.opponent or entry.colour != "-":
                continue
            other = self._by_number.get(entry.opponent)
            back = other.entry(k) if other is not None else None
            if back is None or back.colour == "-":
                games.add(frozenset((player.number, entry.opponent)))
        return frozenset(games)

    def pairing_of_round(self, k: int) -> Pairing:
        """The file's own pairing of round `k`: games in the order they first appear (first
        mover = TRF white), then the pairing-allocated bye (second=None)."""
        seen: set[int] = set()
        games: list[tuple[int, int | None]] = []
        byes: list[tuple[int, int | None]] = []
        for player in self.players:
            entry = player.entry(k)
            if entry is None or player.number in seen:
                continue
            if entry.opponent:
                seen.update((player.number, entry.opponent))
                colour = entry.colour
                if colour == "-":  # a forfeit without colour here: the opponent's, if given
                    other = self._by_number.get(entry.opponent)
                    back = other.entry(k) if other is not None else None
                    colour = {"w": "b", "b": "w"}.get(back.colour if back else "-", "-")
                if colour == "b":
                    games.append((entry.opponent, player.number))
                else:
                    games.append((player.number, entry.opponent))
            elif entry.code == "U":
                seen.add(player.number)
                byes.append((player.number, None))
        boards = tuple(
            Board(number=i, first=first, second=second)
            for i, (first, second) in enumerate(games + byes, start=1)
        )
        return Pairing(round=k, boards=boards)


def format_points(units: int | Fraction, scale: int = 1) -> str:
    """`units / scale` with one decimal, or as many as needed (`3.5`, `4.0`, `1.25`)."""
    value = Fraction(units) / scale
    for decimals in (1, 2, 3, 4):
        scaled = value * 10**decimals
        if scaled.denominator == 1:
            return f"{value.numerator / value.denominator:.{decimals}f}"
    return f"{float(value):.4f}"


# ---------------------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------------------

MAX_PLAYERS = 9999  # four columns of pairing number
MAX_ROUNDS = 999  # three columns of round number in 250 / 260


def _where(source: str, line: int, what: str = "") -> str:
    place = f"{source or 'TRF'}:{line}"
    return f"{place} {what}".rstrip()


def _is_number(text: str, width: int = 4) -> bool:
    """ASCII digits only (no superscripts or full-width digits), at most `width` of them."""
    return 0 < len(text) <= width and text.isascii() and text.isdigit()


def _number(text: str, where: str, zh: str, en: str, width: int = 4) -> int:
    text = text.strip()
    if not _is_number(text, width):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise UserError(f"{zh}有误：{shown!r}", f"bad {en}: {shown!r}", where)
    return int(text)


_POINTS_SEEN: dict[str, Fraction] = {}


def _parse_points(text: str, where: str, zh: str, en: str) -> Fraction:
    text = text.strip()
    known = _POINTS_SEEN.get(text)
    if known is not None:
        return known
    if not text.isascii() or not _POINTS_RE.match(text):
        shown = text if len(text) <= 20 else text[:20] + "…"
        raise UserError(f"{zh}不是分数：{shown!r}", f"{en} is not a number of points: {shown!r}",
                        where)
    value = Fraction(text.replace(",", "."))
    if len(_POINTS_SEEN) < 4096:
        _POINTS_SEEN[text] = value
    return value


def _parse_point_codes(line: str, lineno: int, source: str) -> dict[str, Fraction]:
    """A `162` line: code letters each followed by points, `162  W 2.0    D 1.0`; `Z` is
    bbpPairings' name for TRF26 `A`."""
    tokens = line[3:].split()
    values: dict[str, Fraction] = {}
    i = 0
    while i < len(tokens):
        code = tokens[i].upper()
        where = _where(source, lineno, "162")
        if code not in {"W", "D", "L", "A", "Z", "P", "X"}:
            shown = code[:10]
            raise UserError(f"积分制代码未知：{shown}", f"point system: unknown code {shown}",
                            where)
        if i + 1 >= len(tokens):
            raise UserError(f"积分制缺少 {code} 的分值", f"point system: no points after {code}",
                            where)
        values["A" if code == "Z" else code] = _parse_points(
            tokens[i + 1], _where(source, lineno, f"162 {code}"), "积分制分值", "point value")
        i += 2
    return values


def _split_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def byte_columns(line: str, encoding: str, aligned: Callable[[str], bool]) -> tuple[str, bool]:
    """A line with non-ASCII text as its columns are counted: one character per byte of the
    file's `encoding` (the module's "Columns"), or, when that view is not `aligned` and the
    line itself is, the line as it is (a file written in character columns, as this program
    wrote names before). Returns the view and whether it is the byte view; `column_text`
    turns a field of the byte view back into text."""
    # surrogateescape: the bytes of a character cut in two, kept by the loader as they were
    view = line.encode(encoding, "surrogateescape").decode("latin-1")
    if view == line or aligned(view) or not aligned(line):
        return view, True
    return line, False


def column_text(field_text: str, encoding: str, in_bytes: bool) -> str:
    """A text field of a `byte_columns` view as text; a character another program cut in
    the middle is left out."""
    if not in_bytes:
        return field_text
    return field_text.encode("latin-1").decode(encoding, "ignore")  # a cut character left out


def _aligned_001(view: str) -> bool:
    """The blanks a `001` record has between its fields where they are (columns 48, 85 and
    those of each round's 10 columns from 92)."""
    if view[47:48] not in ("", " ") or view[84:85] not in ("", " "):
        return False
    end = len(view.rstrip())
    for start in range(_ROUND_START, end, _ROUND_WIDTH):
        if view[start + 4:start + 5] not in ("", " ") or view[start + 6:start + 7] not in (
                "", " ") or view[start + 8:start + 10].strip():
            return False
    return True


def _aligned_013(view: str) -> bool:
    """A `013` record's pairing numbers at their columns: 4 digits or blanks, 5 apart."""
    end = len(view.rstrip())
    return all(view[c:c + 4].strip().isdigit() or not view[c:c + 4].strip()
               for c in range(36, end, 5)) and all(
        not view[c + 4:c + 5].strip() for c in range(36, end, 5))


def _entry_code(chunk: str, r: int, opponent: int, colour: str, where: str) -> str:
    code = chunk[7].upper()
    if opponent:
        if code not in _PLAYED and code not in _FORFEIT and code != " ":
            raise UserError(f"第 {r} 轮有对手时结果有误：{chunk[7]!r}",
                            f"round {r}: bad result {chunk[7]!r} against an opponent", where)
        if code in _PLAYED and colour == "-":
            raise UserError(f"第 {r} 轮对局缺少先后手", f"round {r}: played game without colour",
                            where)
    elif code not in _NO_OPPONENT:
        raise UserError(f"第 {r} 轮没有对手却有对局结果：{chunk[7]!r}",
                        f"round {r}: game result {chunk[7]!r} without an opponent", where)
    return code


_ENTRY_RE = re.compile(r"( {0,3}[0-9]{1,4}| {4}) ([wbWB -]) (.)")
_COLOUR = {"w": "w", "W": "w", "b": "b", "B": "b", "-": "-", " ": "-"}
_WITH_OPPONENT = frozenset(_PLAYED) | frozenset(_FORFEIT) | {" "}


def _parse_entry(line: str, r: int, lineno: int, source: str) -> TrfEntry | None:
    start = _ROUND_START + _ROUND_WIDTH * (r - 1)
    chunk = line[start:start + 8].ljust(8)
    if chunk == "        ":
        return None
    # the common well-formed entry, read without building the messages' places
    match = _ENTRY_RE.fullmatch(chunk)
    if match is not None:
        opponent = int(match[1]) if match[1] != "    " else 0
        colour = _COLOUR[match[2]]
        code = match[3].upper()
        if (code in _NO_OPPONENT) if not opponent else (
                code in _WITH_OPPONENT and not (code in _PLAYED and colour == "-")):
            return TrfEntry(r, opponent, colour, code)
    return _parse_entry_checked(chunk, r, lineno, source, start)


_FIELDS_SEEN: dict[str, tuple[int, str, str]] = {}  # a well-formed entry's text -> its fields


def _parse_entries(line: str, rounds: int, lineno: int, source: str
                   ) -> tuple[TrfEntry | None, ...]:
    """The round entries of a `001` line, rounds 1..`rounds`; an entry already seen in the
    file (the same text) is not checked again."""
    entries: list[TrfEntry | None] = []
    seen = _FIELDS_SEEN
    for r in range(1, rounds + 1):
        start = _ROUND_START + _ROUND_WIDTH * (r - 1)
        chunk = line[start:start + 8]
        fields = seen.get(chunk)
        if fields is not None:
            entries.append(TrfEntry(r, *fields))
            continue
        entry = _parse_entry(line, r, lineno, source)
        if entry is not None and len(chunk) == 8 and len(seen) < 65536:
            seen[chunk] = (entry.opponent, entry.colour, entry.code)
        entries.append(entry)
    return tuple(entries)


def _parse_entry_checked(chunk: str, r: int, lineno: int, source: str, start: int
                         ) -> TrfEntry | None:
    """`_parse_entry` for an entry off the common form: checked field by field, the error
    naming the field."""
    if not chunk.strip():
        return None
    where = _where(source, lineno, f"round {r} (columns {start + 1}-{start + 8})")
    opp_text = chunk[0:4].strip()
    if opp_text and not _is_number(opp_text):
        raise UserError(f"第 {r} 轮对手编号有误：{opp_text!r}",
                        f"round {r}: bad opponent number {opp_text!r}", where)
    opponent = int(opp_text) if opp_text else 0
    if chunk[4] != " " or chunk[6] != " ":
        raise UserError(f"第 {r} 轮格式有误（列未对齐）", f"round {r}: misaligned columns",
                        where)
    colour = chunk[5].lower()
    if colour == " ":
        colour = "-"
    if colour not in {"w", "b", "-"}:
        raise UserError(f"第 {r} 轮先后手有误：{chunk[5]!r}",
                        f"round {r}: bad colour {chunk[5]!r}", where)
    code = _entry_code(chunk, r, opponent, colour, where)
    return TrfEntry(round=r, opponent=opponent, colour=colour, code=code)


def _parse_player(line: str, lineno: int, source: str,
                  text: Callable[[str], str] | None = None) -> tuple[TrfPlayer, Fraction | None]:
    """A `001` record and its points column (in TRF points; None when blank). `text` makes a
    text field of a byte view (`byte_columns`) text again, before its blanks are stripped: a
    byte view's character may end in a byte that reads as a blank there (超 and 者 end in 0x85,
    U+0085 in Latin-1, which `str.strip` takes away, and the character with it)."""
    where = f"{source or 'TRF'}:{lineno}"
    number_text = line[4:8].strip()
    if _is_number(number_text):
        number = int(number_text)
    else:
        number = _number(line[4:8], where + " pairing number (columns 5-8)", "编号",
                         "pairing number")
    if number == 0:
        raise UserError("编号不能为 0", "pairing number 0", where + " pairing number (columns 5-8)")
    rating_text = line[48:52].strip()
    if rating_text and not _is_number(rating_text):
        raise UserError(f"等级分有误：{rating_text!r}", f"bad rating {rating_text!r}",
                        where + " rating (columns 49-52)")
    points_text = line[80:84].strip()
    points = None
    if points_text:
        points = _POINTS_SEEN.get(points_text)
        if points is None:
            points = _parse_points(points_text, where + " points (columns 81-84)", "积分",
                                   "points")
    rank_text = line[85:89].strip()
    rounds = max(0, -(-(len(line.rstrip()) - _ROUND_START) // _ROUND_WIDTH))
    if rounds > MAX_ROUNDS:
        raise UserError(f"轮次过多（{rounds}），最多 {MAX_ROUNDS} 轮",
                        f"too many rounds ({rounds}); at most {MAX_ROUNDS}", where)
    entries = _parse_entries(line, rounds, lineno, source)
    while entries and entries[-1] is None:
        entries = entries[:-1]

    def text_at(start: int, end: int) -> str:
        return (line[start:end] if text is None else text(line[start:end])).strip()

    player = TrfPlayer(
        number=number,
        name=text_at(14, 47),
        rating=int(rating_text) if rating_text else 0,
        line=lineno,
        sex=text_at(9, 10),
        title=text_at(10, 13),
        federation=text_at(53, 56),
        fide_id=text_at(57, 68),
        birth=text_at(69, 79),
        points=None,
        rank=int(rank_text) if _is_number(rank_text) else None,
        entries=entries,
    )
    return player, points


def _point_system(values: dict[str, Fraction]) -> tuple[PointSystem, int]:
    scale = lcm(*(v.denominator for v in values.values()))
    return PointSystem(**{name: int(v * scale) for name, v in values.items()}), scale


def _int_after_code(line: str, lineno: int, source: str, code: str) -> int:
    words = line[3:].split()
    text = words[0] if words else ""
    value = _number(text, _where(source, lineno, code), f"{code} 行轮数", "number of rounds", 3)
    return value


def _fixed_numbers(line: str, start: int, lineno: int, source: str, tag: str,
                   ) -> tuple[int, ...]:
    """Pairing numbers 4 wide, 5 apart, from 0-based column `start` to the end of the line."""
    numbers = []
    text = line.rstrip()
    for column in range(start, len(text), 5):
        field_text = text[column:column + 4]
        where = _where(source, lineno, f"{tag} (columns {column + 1}-{column + 4})")
        if text[column + 4:column + 5].strip():
            raise UserError(f"{tag} 行列未对齐", f"{tag}: misaligned columns", where)
        if not field_text.strip():
            continue
        numbers.append(_number(field_text, where, f"{tag} 行编号", "pairing number"))
    return tuple(numbers)


@dataclass(frozen=True)
class ForbiddenPairs:
    """Players none of whom may meet another in rounds `first`..`last` (TRF26 `260`, JaVaFo
    `XXP`; last = 0 means to the end of the event)."""

    players: tuple[int, ...]
    first: int = 1
    last: int = 0
    line: int = 0

    def applies(self, round_number: int) -> bool:
        return self.first <= round_number and (self.last == 0 or round_number <= self.last)

    def pairs(self) -> frozenset[frozenset[int]]:
        return frozenset(frozenset((a, b)) for a in self.players for b in self.players if a < b)


@dataclass(frozen=True)
class Acceleration:
    """Virtual points added to players `first_player`..`last_player` in rounds `first`..`last`
    (TRF26 `250`, JaVaFo `XXA`), in TRF points."""

    points: Fraction
    first: int
    last: int
    first_player: int
    last_player: int
    line: int = 0


@dataclass(frozen=True)
class TrfTeam:
    """A `013` team record: its name and its players' pairing numbers, board order."""

    name: str
    players: tuple[int, ...]
    line: int = 0


@dataclass
class _Reading:
    """What the header and extension lines said, gathered line by line."""

    source: str
    encoding: str = "utf-8"  # the file's: its columns are counted in its bytes
    name: str = ""
    total_rounds: int | None = None
    stated_colour: Colour | None = None
    codes: dict[str, Fraction] = field(default_factory=dict)
    bb: dict[str, Fraction] = field(default_factory=dict)
    absent_next: set[int] = field(default_factory=set)
    players: list[TrfPlayer] = field(default_factory=list)
    raw_points: list[Fraction | None] = field(default_factory=list)
    header: list[tuple[str, str]] = field(default_factory=list)
    teams: list[TrfTeam] = field(default_factory=list)
    forbidden: list[ForbiddenPairs] = field(default_factory=list)
    accelerations: list[Acceleration] = field(default_factory=list)
    game_points: dict[int, list[Fraction | None]] = field(default_factory=dict)  # XXD

    def where(self, lineno: int, what: str) -> str:
        return _where(self.source, lineno, what)

    def read_line(self, line: str, lineno: int) -> None:
        tag = line[:3].upper()
        handler = _HANDLERS.get(tag)
        if handler is not None:
            handler(self, line, lineno)
        elif tag in _HEADER_TAGS or tag == "XXT":
            self.header.append((tag, line[4:].rstrip()))
        elif tag in _BB_FIELDS:
            words = line[3:].split()
            if not words:
                raise UserError(f"{tag} 行缺少分值", f"{tag}: no points", self.where(lineno, tag))
            self.bb[tag] = _parse_points(words[0], self.where(lineno, tag), "分值", "points")

    def player(self, line: str, lineno: int) -> None:
        if len(self.players) >= MAX_PLAYERS:
            raise UserError(f"棋手超过 {MAX_PLAYERS} 人", f"more than {MAX_PLAYERS} players",
                            self.where(lineno, "001"))
        if line.isascii():
            player, raw = _parse_player(line, lineno, self.source)
        else:
            view, in_bytes = byte_columns(line, self.encoding, _aligned_001)
            player, raw = _parse_player(view, lineno, self.source, lambda text: column_text(
                text, self.encoding, in_bytes))
        self.players.append(player)
        self.raw_points.append(raw)

    def games_xxd(self, line: str, lineno: int) -> None:
        """`XXD NNNN p p ...`: the games' points of each round (see `_lines_xxd`), also
        read as `XXG`, the tag this program first wrote them under; the Go reference
        library's own `XXG match|game` (a Team Swiss's primary score) is kept as header
        text, as its `XXT A|B|none`."""
        tag = line[:3].upper()
        words = line[3:].split()
        if tag == "XXG" and len(words) == 1 and words[0].lower() in ("match", "game"):
            self.header.append(("XXG", words[0].lower()))
            return
        if not words:
            raise UserError(f"{tag} 行缺少编号", f"{tag}: no pairing number",
                            self.where(lineno, tag))
        number = _number(words[0], self.where(lineno, tag), f"{tag} 行编号", "pairing number")
        self.game_points[number] = [
            None if word == "-" else _parse_points(word, self.where(lineno, tag), "局分",
                                                   "games' points")
            for word in words[1:]]

    def tournament_name(self, line: str, lineno: int) -> None:
        self.name = line[4:].strip()
        self.header.append(("012", self.name))

    def rounds(self, line: str, lineno: int) -> None:
        self.total_rounds = _int_after_code(line, lineno, self.source, line[:3].upper())

    def xxc(self, line: str, lineno: int) -> None:
        for word in line[3:].split():
            if word.lower() == "white1":
                self.stated_colour = Colour.FIRST
            elif word.lower() == "black1":
                self.stated_colour = Colour.SECOND

    def colour_152(self, line: str, lineno: int) -> None:
        value = line[3:].strip().upper()[:1]
        if value not in ("W", "B"):
            raise UserError("初始先后手应为 W 或 B", "initial colour must be W or B",
                            self.where(lineno, "152"))
        self.stated_colour = Colour.FIRST if value == "W" else Colour.SECOND

    def points_162(self, line: str, lineno: int) -> None:
        self.codes.update(_parse_point_codes(line, lineno, self.source))

    def xxz(self, line: str, lineno: int) -> None:
        for word in line[3:].replace(",", " ").split():
            self.absent_next.add(_number(word, self.where(lineno, "XXZ"), "XXZ 行编号",
                                         "XXZ number"))

    def team_013(self, line: str, lineno: int) -> None:
        view, in_bytes = ((line, False) if line.isascii()
                          else byte_columns(line, self.encoding, _aligned_013))
        players = _fixed_numbers(view, 36, lineno, self.source, "013")
        name = column_text(view[4:36], self.encoding, in_bytes).strip()
        self.teams.append(TrfTeam(name, players, lineno))

    def forbidden_260(self, line: str, lineno: int) -> None:
        first = _number(line[4:7], self.where(lineno, "260 first round (columns 5-7)"),
                        "260 行起始轮次", "first round", 3)
        last_text = line[8:11].strip()
        last = _number(last_text, self.where(lineno, "260 last round (columns 9-11)"),
                       "260 行结束轮次", "last round", 3) if last_text else first
        if first == 0 or last < first:
            raise UserError("260 行轮次范围有误", "260: bad round range",
                            self.where(lineno, "260 rounds (columns 5-11)"))
        players = _fixed_numbers(line, 12, lineno, self.source, "260")
        self.forbidden.append(ForbiddenPairs(players, first, last, lineno))

    def forbidden_xxp(self, line: str, lineno: int) -> None:
        players = tuple(_number(word, self.where(lineno, "XXP"), "XXP 行编号", "XXP number")
                        for word in line[3:].split())
        self.forbidden.append(ForbiddenPairs(players, 1, 0, lineno))

    def acceleration_250(self, line: str, lineno: int) -> None:
        def num(lo: int, hi: int, zh: str, en: str, width: int) -> int:
            return _number(line[lo:hi], self.where(lineno, f"250 {en} (columns {lo + 1}-{hi})"),
                           f"250 行{zh}", en, width)
        points = _parse_points(line[9:13], self.where(lineno, "250 game points (columns 10-13)"),
                               "250 行加速分", "acceleration points")
        first = num(14, 17, "起始轮次", "first round", 3)
        last = num(18, 21, "结束轮次", "last round", 3) if line[18:21].strip() else first
        first_player = num(22, 26, "起始编号", "first player", 4)
        last_player = (num(27, 31, "结束编号", "last player", 4) if line[27:31].strip()
                       else first_player)
        self.accelerations.append(Acceleration(points, first, last, first_player,
                                               last_player, lineno))

    def acceleration_xxa(self, line: str, lineno: int) -> None:
        player = _number(line[4:8], self.where(lineno, "XXA player (columns 5-8)"),
                         "XXA 行编号", "pairing number")
        text = line.rstrip()
        for r, column in enumerate(range(9, len(text), 5), start=1):
            chunk = text[column:column + 4]
            if chunk.strip():
                points = _parse_points(chunk, self.where(
                    lineno, f"XXA round {r} (columns {column + 1}-{column + 4})"),
                    "XXA 行加速分", "acceleration points")
                if points:
                    self.accelerations.append(Acceleration(points, r, r, player, player,
                                                           lineno))


_HANDLERS = {
    "001": _Reading.player,
    "012": _Reading.tournament_name,
    "XXR": _Reading.rounds,
    "142": _Reading.rounds,
    "XXC": _Reading.xxc,
    "152": _Reading.colour_152,
    "162": _Reading.points_162,
    "XXZ": _Reading.xxz,
    "013": _Reading.team_013,
    "260": _Reading.forbidden_260,
    "XXP": _Reading.forbidden_xxp,
    "250": _Reading.acceleration_250,
    "XXA": _Reading.acceleration_xxa,
    "XXD": _Reading.games_xxd,
    "XXG": _Reading.games_xxd,
}
_HEADER_TAGS = ("022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
                "132", "192")


def _points_of(reading: _Reading) -> tuple[PointSystem, int]:
    """The point system: TRF26 defaults, then 162 codes, then JaVaFo's BB? lines."""
    values: dict[str, Fraction] = {}
    default = {"W": Fraction(1), "D": Fraction(1, 2), "L": Fraction(0), "A": Fraction(0)}
    default.update({k: v for k, v in reading.codes.items() if k != "X"})
    default.setdefault("P", default["W"])
    for code, names in _CODE_FIELDS.items():
        for field_name in names:
            values[field_name] = default[code]
    for tag, value in reading.bb.items():
        for field_name in _BB_FIELDS[tag]:
            values[field_name] = value
    return _point_system(values)


def _index_players(reading: _Reading, scale: int) -> dict[int, TrfPlayer]:
    """Players by pairing number, each with its points column in units."""
    by_number: dict[int, TrfPlayer] = {}
    for player, raw in zip(reading.players, reading.raw_points, strict=True):
        if player.number in by_number:
            raise UserError(f"编号 {player.number} 重复", f"pairing number {player.number} "
                            "appears twice", reading.where(player.line, "pairing number"))
        units = None
        if raw is not None:
            whole, rest = divmod(raw.numerator * scale, raw.denominator)
            if rest:
                raise UserError("积分与积分制不符", "points do not fit the point system",
                                reading.where(player.line, "points (columns 81-84)"))
            units = whole
        # dataclasses.replace, the slow way, only when the column holds points
        by_number[player.number] = player if units is None else _replace_points(player, units)
    return by_number


def _game_units(reading: _Reading, scale: int) -> dict[int, tuple[int | None, ...]]:
    """The XXD games' points in units; a number naming no player is refused."""
    numbers = {p.number for p in reading.players}
    found: dict[int, tuple[int | None, ...]] = {}
    for number, values in reading.game_points.items():
        if number not in numbers:
            raise UserError(f"XXD 行的编号 {number} 不是棋手",
                            f"XXD: pairing number {number} is not a player",
                            reading.source or "TRF")
        units: list[int | None] = []
        for value in values:
            if value is None:
                units.append(None)
                continue
            whole, rest = divmod(value.numerator * scale, value.denominator)
            if rest:
                raise UserError("XXD 局分与积分制不符", "XXD: games' points do not fit the "
                                "point system", reading.source or "TRF")
            units.append(whole)
        found[number] = tuple(units)
    return found


def _rounds_played(players: Iterable[TrfPlayer], source: str) -> int:
    """The last round with a result anywhere; every game up to it must have one."""
    rounds_played = 0
    for player in players:
        for entry in reversed(player.entries):
            if entry is not None and entry.has_result:
                rounds_played = max(rounds_played, entry.round)
                break
    for player in players:
        for entry in player.entries[:rounds_played]:
            if entry is not None and entry.opponent and entry.code == " ":
                raise UserError(f"第 {entry.round} 轮缺少结果", f"round {entry.round}: no result",
                                _where(source, player.line, f"round {entry.round}"))
    return rounds_played


def _check_references(reading: _Reading, by_number: Mapping[int, TrfPlayer]) -> None:
    """Every pairing number in 013, 260, XXP, XXZ and 250 / XXA names a player."""
    named: list[tuple[int, int, str]] = []
    for team in reading.teams:
        named += [(n, team.line, "013") for n in team.players]
    for entry in reading.forbidden:
        named += [(n, entry.line, "260/XXP") for n in entry.players]
    for acc in reading.accelerations:
        named += [(acc.first_player, acc.line, "250/XXA"), (acc.last_player, acc.line,
                                                             "250/XXA")]
    for number, line, tag in named:
        if number not in by_number:
            raise UserError(f"{tag} 行的编号 {number} 不是棋手",
                            f"{tag}: pairing number {number} is not a player",
                            reading.where(line, tag))
    for number in reading.absent_next:
        if number not in by_number:
            raise UserError(f"XXZ 行的编号 {number} 不是棋手",
                            f"XXZ: pairing number {number} is not a player",
                            reading.source or "TRF")


def read_trf(text: str, source: str = "", encoding: str = "utf-8") -> TrfTournament:
    """Parse a TRF file's text, decoded from `encoding` (its columns are counted in the bytes
    of that encoding); malformed input raises `UserError` naming line and field."""
    reading = _Reading(source, encoding)
    for lineno, line in enumerate(_split_lines(text), start=1):
        if line.strip() and not line.startswith("###"):
            reading.read_line(line, lineno)
    if not reading.players:
        raise UserError("文件中没有棋手记录（001 行）", "no player records (001 lines) in the "
                        "file", source or "TRF")
    points, scale = _points_of(reading)
    by_number = _index_players(reading, scale)
    players = [by_number[p.number] for p in reading.players]
    _check_opponents(by_number, source)
    _check_references(reading, by_number)
    rounds_played = _rounds_played(players, source)
    longest = max(len(player.entries) for player in players)
    total_rounds = reading.total_rounds
    if total_rounds is None:
        total_rounds = longest
    elif total_rounds < rounds_played:
        raise UserError(f"总轮数 {total_rounds} 少于已赛轮数 {rounds_played}",
                        f"total rounds {total_rounds} is less than the {rounds_played} rounds "
                        "played", source or "TRF")
    stated = reading.stated_colour
    tournament = TrfTournament(
        name=reading.name,
        players=tuple(sorted(players, key=lambda p: p.number)),
        total_rounds=total_rounds,
        rounds_played=rounds_played,
        points=points,
        point_scale=scale,
        initial_colour=stated if stated is not None else _infer_initial_colour(players),
        initial_colour_stated=stated is not None,
        total_rounds_stated=reading.total_rounds is not None,
        absent_next=frozenset(reading.absent_next),
        source=source,
        header=tuple(reading.header),
        teams=tuple(reading.teams),
        forbidden=tuple(reading.forbidden),
        accelerations=tuple(reading.accelerations),
        game_points=_game_units(reading, scale),
        _by_number=by_number,
    )
    _check_scores(tournament)
    return tournament

def _replace_points(player: TrfPlayer, units: int | None) -> TrfPlayer:
    # every field named (dataclasses.replace walks the fields: slow over a big file)
    return TrfPlayer(player.number, player.name, player.rating, player.line, player.sex,
                     player.title, player.federation, player.fide_id, player.birth, units,
                     player.rank, player.entries)


def _check_opponents(by_number: Mapping[int, TrfPlayer], source: str) -> None:
    """Every game is written on both lines: opponents name each other, colours differ,
    results complement each other."""
    for player in by_number.values():
        for entry in player.entries:
            if entry is None or not entry.opponent:
                continue
            other = by_number.get(entry.opponent)
            back = other.entry(entry.round) if other is not None else None
            if (back is not None and back.opponent == player.number
                    and entry.opponent != player.number
                    and (entry.colour == "-" or back.colour != entry.colour)
                    and (entry.code == " " or back.code == " "
                         or _COMPLEMENT[entry.code] == back.code)):
                continue  # the common case, found without building the messages' place
            where = _where(source, player.line, f"round {entry.round} opponent")
            r = entry.round
            if entry.opponent == player.number:
                raise UserError(f"第 {r} 轮对手是自己", f"round {r}: paired against itself",
                                where)
            other = by_number.get(entry.opponent)
            if other is None:
                raise UserError(f"第 {r} 轮对手 {entry.opponent} 不存在",
                                f"round {r}: opponent {entry.opponent} does not exist", where)
            back = other.entry(r)
            if back is None or back.opponent != player.number:
                raise UserError(
                    f"第 {r} 轮与 {entry.opponent} 号的对阵不对称",
                    f"round {r}: opponent {entry.opponent} does not name {player.number}",
                    where,
                )
            if entry.colour != "-" and back.colour == entry.colour:
                raise UserError(f"第 {r} 轮双方先后手相同", f"round {r}: both players have "
                                f"colour {entry.colour}", where)
            if entry.code != " " and back.code != " ":
                ok = _COMPLEMENT[entry.code] == back.code or (
                    entry.code == "-" and back.code == "-")
                if not ok:
                    raise UserError(
                        f"第 {r} 轮双方结果矛盾（{entry.code} 对 {back.code}）",
                        f"round {r}: results {entry.code} and {back.code} do not match",
                        where,
                    )


def _infer_initial_colour(players: Iterable[TrfPlayer]) -> Colour | None:
    """The round-1 colour of the lowest-numbered player paired in round 1 (TRF26 tag 152).

    When his game is a forfeit written without colour (`  8 - +`), the colour is taken from
    the next player of the top half who has one, flipped once for each paired player before
    him: in round 1 the top half meets the bottom half board by board, the colours of the
    top-half players alternating from board 1 (FIDE C.04.3 Dutch, article on round 1)."""
    paired = [p for p in sorted(players, key=lambda p: p.number)
              if (e := p.entry(1)) is not None and e.opponent]
    for index, player in enumerate(paired[:len(paired) // 2 or 1]):
        entry = player.entry(1)
        if entry is not None and entry.colour in ("w", "b"):
            first = entry.colour == "w"
            return Colour.FIRST if first == (index % 2 == 0) else Colour.SECOND
    return None


def _check_scores(tournament: TrfTournament) -> None:
    """Columns 81-84 must equal the sum of the results: over the rounds played, or also
    counting byes entered in advance for later rounds (some programs write it so)."""
    ps = tournament.points
    for player in tournament.players:
        if player.points is None:
            continue
        played = sum(record.points for record in tournament._records_of(
            player, tournament.rounds_played)[:tournament.rounds_played])
        later = sum(
            ps.points(entry.outcome)
            for entry in player.entries[tournament.rounds_played:]
            if entry is not None and entry.is_preentered_bye
        )
        if player.points not in (played, played + later):
            raise UserError(
                f"积分 {tournament.format_points(player.points)} 与各轮结果之和 "
                f"{tournament.format_points(played)} 不符",
                f"points {tournament.format_points(player.points)} differ from the sum of "
                f"the results {tournament.format_points(played)}",
                _where(tournament.source, player.line, "points (columns 81-84)"),
            )


# ---------------------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TrfPlayerInfo:
    """Optional fields of a `001` record beyond what a `PlayerHistory` holds."""

    name: str = ""
    sex: str = ""  # m / w
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    birth: str = ""  # YYYY/MM/DD
    rank: int | None = None
    # rounds after the snapshot's that the player is known not to play, each with the bye it
    # is: ZERO_BYE for a withdrawal (退赛) or an absence (缺席), TRF26 round result Z "known
    # absence"; HALF_BYE / FULL_BYE for a bye requested in advance (请假, H / F); written
    # `0000 - Z` / `0000 - H` / `0000 - F`, the rounds between blank
    ahead: tuple[tuple[int, Outcome], ...] = ()


_WRITE_CODE = {
    Outcome.WIN: "1", Outcome.DRAW: "=", Outcome.LOSS: "0", Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "-", Outcome.PAB: "U", Outcome.FULL_BYE: "F",
    Outcome.HALF_BYE: "H", Outcome.ZERO_BYE: "Z", Outcome.ABSENT: "-",
}


def _system_codes(points: PointSystem) -> dict[str, int]:
    """The 162 codes of a point system; fields a code covers must agree."""
    codes: dict[str, int] = {}
    for code, names in _CODE_FIELDS.items():
        values = {points.points(Outcome(n)) for n in names}
        if len(values) != 1:
            raise ValueError(f"point system cannot be written as TRF code {code}: "
                             f"{', '.join(names)} differ")
        codes[code] = values.pop()
    return codes


def _character_text(text: str, width: int, right: bool = False) -> str:
    """`text` in `width` columns counted in characters (`write_trf(character_columns=True)`)."""
    text = text[:width]
    return text.rjust(width) if right else text.ljust(width)


def fixed_text(text: str, width: int, right: bool = False) -> str:
    """`text` in `width` columns, columns counted in UTF-8 bytes (the module's "Columns"):
    cut on a character boundary, padded with spaces to `width` bytes."""
    if not text.isascii():
        text = text.encode("utf-8")[:width].decode("utf-8", "ignore")
        pad = " " * (width - len(text.encode("utf-8")))
        return pad + text if right else text + pad
    text = text[:width]
    return text.rjust(width) if right else text.ljust(width)


@dataclass(frozen=True)
class TrfHeader:
    """The header records a rating officer reads (TRF26 012-132); empty fields are left out.

    `system` is the 092 type of tournament (`FIDE_DUTCH_2025`, ...), `coded_type` the 192
    code of TRF26's tournament-type table that pairing programs select their system and
    options by (gacrux: `FIDE_DOUBLESWISS`, `FIDE_TEAM_TYPEB_MP_GP`); `round_dates` one per
    round (None where unknown), written as YY/MM/DD in the round columns of 132."""

    site: str = ""  # 022 city
    federation: str = ""  # 032
    start: date | None = None  # 042
    end: date | None = None  # 052
    teams: int = 0  # 082
    system: str = ""  # 092
    coded_type: str = ""  # 192, TRF26's encoded type of tournament (`FIDE_TEAM_TYPEA_MP_GP`)
    chief_arbiter: str = ""  # 102
    time_control: str = ""  # 122
    round_dates: tuple[date | None, ...] = ()  # 132


def _header_lines(snapshot: TournamentSnapshot, name: str, header: TrfHeader) -> list[str]:
    rated = sum(1 for p in snapshot.players if p.rating)
    lines = [f"012 {name}".rstrip()]
    for tag, value in (("022", header.site), ("032", header.federation),
                       ("042", header.start.strftime("%Y/%m/%d") if header.start else ""),
                       ("052", header.end.strftime("%Y/%m/%d") if header.end else ""),
                       ("062", str(len(snapshot.players))), ("072", str(rated)),
                       ("082", str(header.teams) if header.teams else ""),
                       ("092", header.system), ("102", header.chief_arbiter),
                       ("122", header.time_control), ("192", header.coded_type)):
        if value:
            lines.append(f"{tag} {value}")
    if any(header.round_dates):
        dates = "".join(
            (day.strftime("%y/%m/%d") if day else "").ljust(8) + "  "
            for day in header.round_dates
        )
        lines.append(("132" + " " * (_ROUND_START - 3) + dates).rstrip())
    return lines


def _line_162(points: PointSystem, point_scale: int) -> str:
    """`162  W 2.0    D 1.0    L 0.0    P 2.0`: the TRF26 codes, each in a 9-column cell;
    `A` only when it differs from its default 0 (bbpPairings reads no `A`)."""
    codes = _system_codes(points)
    shown = [code for code in "WDLAP" if code != "A" or codes["A"]]
    return ("162  " + "".join(
        code + format_points(codes[code], point_scale).rjust(4) + "    " for code in shown
    )).rstrip()


def _line_260(entry: ForbiddenPairs, total_rounds: int) -> str:
    last = entry.last or total_rounds
    return (f"260 {entry.first:3d} {last:3d} "
            + " ".join(f"{n:4d}" for n in entry.players))


def _line_013(team: TrfTeam) -> str:
    return "013 " + fixed_text(team.name, 32) + " ".join(f"{n:4d}" for n in team.players)


def _lines_xxd(snapshot: TournamentSnapshot, point_scale: int) -> list[str]:
    """`XXD` (this program's extension, as JaVaFo's `XX` lines): a player's games' points
    per round, where the rounds have them (a Double-Swiss match, FIDE C.04.5 Art. 1.2.1: the
    score that pairs is the games' points, which one result a round cannot hold); `-` for a
    round without. Other readers skip the line or keep it as it is (the Go reference library
    writes it back); its `XXG` is its own Team Swiss option, so these lines are no longer
    written under that tag."""
    lines = []
    for player in sorted(snapshot.players, key=lambda p: p.number):
        if all(r.game_points is None for r in player.rounds):
            continue
        values = [format_points(r.game_points, point_scale) if r.game_points is not None
                  else "-" for r in player.rounds]
        lines.append(f"XXD {player.number:4d}" + "".join(f"{v:>6}" for v in values))
    return lines


def write_trf(
    snapshot: TournamentSnapshot,
    *,
    name: str = "",
    info: Mapping[int, TrfPlayerInfo] | None = None,
    point_scale: int = 1,
    newline: str = "\r\n",
    header: TrfHeader | None = None,
    forbidden: Iterable[ForbiddenPairs] = (),
    teams: Iterable[TrfTeam] = (),
    comments: Iterable[str] = (),
    character_columns: bool = False,
) -> str:
    """A TRF-2026 file of `snapshot`: the header records (`012` ... `132`), `142` and `XXR`,
    `152`, `162`, `### ` comment lines, the `001` records, then `013` teams and `260`
    forbidden pairs.

    Columns are counted in UTF-8 bytes (the module's "Columns"); `character_columns` counts
    them in characters instead, for bbpPairings, which counts code points: its file is not
    read right by a reader that counts bytes when a name is not ASCII.

    `point_scale` units make one TRF point (1: our 2/1/0 written as 2.0/1.0/0.0; 2: written
    as FIDE's 1/0.5/0). Names come from `info`, else `PlayerHistory.name`. Double-game
    `game_points` have no place in TRF's round records: they go to `XXD` lines.
    """
    info = info or {}
    lines = _header_lines(snapshot, name, header or TrfHeader())
    lines += [f"142 {snapshot.total_rounds}", f"XXR {snapshot.total_rounds}",
              "152 " + ("W" if snapshot.initial_colour is Colour.FIRST else "B"),
              _line_162(snapshot.points, point_scale)]
    lines += [f"### {comment}" for comment in comments]
    fit = _character_text if character_columns else fixed_text
    for player in sorted(snapshot.players, key=lambda p: p.number):
        extra = info.get(player.number, TrfPlayerInfo())
        head = (
            "001 "
            + fit(str(player.number), 4, right=True)
            + " "
            + fit(extra.sex, 1)
            + fit(extra.title, 3, right=True)
            + " "
            + fit(extra.name or player.name, 33)
            + " "
            + fit(str(player.rating) if player.rating else "", 4, right=True)
            + " "
            + fit(extra.federation, 3)
            + " "
            + fit(extra.fide_id, 11, right=True)
            + " "
            + fit(extra.birth, 10)
            + " "
            + fit(format_points(player.score, point_scale), 4, right=True)
            + " "
            + fit(str(extra.rank) if extra.rank else "", 4, right=True)
        )
        assert len(head if character_columns else head.encode("utf-8")) == 89, head
        text = head
        for record in player.rounds:
            opponent = record.opponent or 0
            colour = {Colour.FIRST: "w", Colour.SECOND: "b"}.get(record.colour, "-") \
                if record.colour is not None else "-"
            opp_text = f"{opponent:4d}" if opponent else "0000"
            text += f"  {opp_text} {colour} {_WRITE_CODE[record.outcome]}"
        ahead = dict(extra.ahead)
        for number in range(len(player.rounds) + 1, max(ahead, default=0) + 1):
            text += (f"  0000 - {_WRITE_CODE[ahead[number]]}" if number in ahead
                     else " " * _ROUND_WIDTH)
        lines.append(text.rstrip())
    lines += _lines_xxd(snapshot, point_scale)
    lines += [_line_013(team) for team in teams]
    lines += [_line_260(entry, snapshot.total_rounds) for entry in forbidden]
    return newline.join(lines) + newline
