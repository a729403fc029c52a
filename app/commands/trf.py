"""`python -m app trf pair|check|standings FILE`: the Swiss engine and the standings on a FIDE
TRF file (the contract in docs/CLI.md).

- `trf pair FILE [--system swiss|double_swiss|team_swiss] [--team-colours A|B|none]`: pair
  the round after the last one with results, by the system `--system` or the file's `092`
  names (default: Dutch; team_swiss reads the teams' 310 records and refuses a file
  without them); prints the number of lines
  that follow, then `FIRST SECOND` per board (TRF white = first mover), `N 0` for the PAB;
  exit 1 with "no legal pairing" when none exists.
- `trf check FILE`: re-pair every round from the rounds before it; print each round that
  differs; exit 0 when all match, 1 otherwise.
- `trf standings FILE --tiebreaks LIST [--unplayed zero|own|lowest] [--cut N]`: CSV
  `rank,number,points,<tie-breaks>` with shared places as `3=`, in the file's own points.

Pairing and checking honour the file's forbidden pairs (`260`, `XXP`) round by round, and
refuse (exit 2, naming the line) a round that `250` / `XXA` accelerations touch. The file must
be a regular file of at most 128 MB (a FIFO or `/dev/zero` is refused before reading).
"""

from __future__ import annotations

import argparse
import stat
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from app.errors import NoAnswer, UserError
from app.pairing.system import SWISS_SYSTEMS, System, system_of_trf_type
from app.pairing.trf import TrfTournament, read_trf
from app.pairing.types import NoLegalPairing, Pairing, PairingRequest

# Only what `trf pair` needs is imported here: the standings (and the wording they pull in,
# a quarter of a second) when `trf standings` runs, the team records when a file has them
# (bench/bench_fide_systems.py measures the command against the reference's).
if TYPE_CHECKING:
    from app.pairing.trf_teams import TeamTournament

UNPLAYED = ("zero", "own", "lowest", "fide")
"""`app.standings.tiebreaks.Unplayed`'s values, for `--unplayed` (the parser is built without
importing the standings; tests/pairing/test_trf_command.py keeps the two equal)."""

MAX_BYTES = 128 * 1024 * 1024  # a full 9 999-player, 999-round file is about 100 MB


def read_limited(path_text: str, limit: int = MAX_BYTES) -> bytes:
    """The bytes of a regular file of at most `limit` bytes; a FIFO, a device (`/dev/zero`)
    or a bigger file is refused before it is read, naming the limit."""
    path = Path(path_text)
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise UserError("不是普通文件（目录、管道或设备不能读取）",
                            "not a regular file (a folder, pipe or device cannot be read)",
                            path_text)
        if info.st_size > limit:
            raise UserError(f"文件过大（上限 {limit // (1024 * 1024)} MB）",
                            f"file too large (limit {limit // (1024 * 1024)} MB)", path_text)
        with path.open("rb") as handle:
            data = handle.read(limit + 1)
    except OSError as error:
        raise UserError(f"无法读取文件：{error.strerror}", f"cannot read the file: "
                        f"{error.strerror}", path_text) from None
    if len(data) > limit:
        raise UserError(f"文件过大（上限 {limit // (1024 * 1024)} MB）",
                        f"file too large (limit {limit // (1024 * 1024)} MB)", path_text)
    return data


def load_text(path_text: str) -> tuple[str, str]:
    """A TRF file's text and the encoding it was read in: the columns are counted in the
    bytes of that encoding (`app.pairing.trf`, "Columns").

    UTF-8; else UTF-8 with a few bytes that are no character (a program that cut a name in
    the middle of a character: those bytes are kept as they are, so that the columns after
    them stay where they were); else GB18030 (GBK); else Latin-1."""
    data = read_limited(path_text)
    if data.isascii():
        return data.decode("ascii"), "utf-8"
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    text = data.decode("utf-8", "surrogateescape")
    if all(_cut_at_name_end(line) for line in text.split("\n") if not line.isascii()):
        return text, "utf-8"
    try:
        return data.decode("gb18030"), "gb18030"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


_NAME_ENDS = {"001": 47, "013": 36, "310": 40}  # the byte after each record's name field


def _cut_at_name_end(line: str) -> bool:
    """Whether a line's bytes are UTF-8 but for a character cut at the end of its name
    field (a program that cut the name at its width in bytes): not so a Latin-1 line."""
    data = line.encode("utf-8", "surrogateescape")
    end = _NAME_ENDS.get(line[:3])
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        if end is None:
            return False
    try:
        data[end:].decode("utf-8")
    except UnicodeDecodeError:
        return False
    for cut in (1, 2, 3):
        try:
            data[:end - cut].decode("utf-8")
            return True
        except UnicodeDecodeError:
            continue
    return False


class _Loaded:
    """A TRF file read once: its text, its encoding and its players' reading."""

    def __init__(self, path_text: str) -> None:
        self.path = path_text
        self.text, self.encoding = load_text(path_text)
        self.tournament = read_trf(self.text, path_text, self.encoding)


def load(path_text: str) -> TrfTournament:
    """Read and parse a TRF file (UTF-8, else GB18030, else Latin-1)."""
    return _Loaded(path_text).tournament


def _next_request(loaded: _Loaded, system: str) -> PairingRequest:
    """The next round's input: by the teams of the file's TRF-2026 310 records for a Team
    Swiss (`app.pairing.trf_teams`), else one entrant per 001 record."""
    teams = _by_teams(loaded, system)
    if teams is not None:
        loaded.tournament.check_round_to_pair(teams.rounds_played + 1)
        return teams.request_for_round(teams.rounds_played + 1)
    return loaded.tournament.next_round_request()


TEAM_SWISS = "team_swiss"  # FIDE C.04.6: read by its teams, TRF-2026 310 records
ENGINES = (*(s.value for s in SWISS_SYSTEMS), TEAM_SWISS)


def _named_by_092(tournament: TrfTournament) -> str | None:
    text = dict(tournament.header).get("092", "")
    key = "".join(ch for ch in text.upper() if ch.isalnum())
    if "TEAMSWISS" in key or "SWISSTEAM" in key:
        return TEAM_SWISS
    named = system_of_trf_type(text)
    return named.value if named is not None else None


def _system(args: argparse.Namespace, tournament: TrfTournament) -> str:
    """The system that pairs the file: `--system`, else the one its `092` names, else the
    Dutch system. A `--system` the file's `092` contradicts is refused (exit 2)."""
    named = _named_by_092(tournament)
    chosen = getattr(args, "system", None)
    if chosen and named is not None and chosen != named:
        # the systems by their names (`System.zh` / `.en`), not by the option's values
        found, asked = System(named), System(chosen)
        raise UserError(f"文件的 092 行写明赛制为{found.zh}，与 --system 所选的{asked.zh}不符",
                        f"the file's 092 line names the {found.en} system, not the "
                        f"{asked.en} chosen with --system", args.file)
    return chosen or named or System.SWISS.value


def _pair(request: PairingRequest) -> Pairing:
    from app.pairing.swiss import pair

    return pair(request)


def team_options(args: argparse.Namespace, tournament: TrfTournament) -> tuple[str, str]:
    """A Team Swiss's (colour preferences, primary score): `--team-colours` and
    `--team-primary`, else what the file states (TRF26 192, `FIDE_TEAM_TYPEB_MP_GP`; the Go
    reference library's `XXT` / `XXG match|game`), else type A on match points (FIDE C.04.6
    Art. 1.7.1 and 1.2.2, the defaults)."""
    header = dict(tournament.header)
    colours, primary = None, None
    if "192" in header:
        from app.pairing.trf_teams import team_options_of_code

        colours, primary = team_options_of_code(header["192"])
    colours = colours or {"a": "A", "b": "B", "none": "none"}.get(
        header.get("XXT", "").strip().lower())
    primary = primary or header.get("XXG")
    return (getattr(args, "team_colours", None) or colours or "A",
            getattr(args, "team_primary", None) or primary or "match")


def _options(args: argparse.Namespace, tournament: TrfTournament, system: str
             ) -> tuple[str, str]:
    """`team_options` for a Team Swiss (the other engines take none)."""
    return team_options(args, tournament) if system == TEAM_SWISS else ("A", "match")


def _pair_by(request: PairingRequest, system: str, options: tuple[str, str]) -> Pairing:
    """One round paired by `system`'s engine (the Dutch one through `_pair`); `options` a
    Team Swiss's (colour preferences, primary score)."""
    if system == System.DOUBLE_SWISS.value:
        from app.pairing import double_swiss

        return double_swiss.pair(request)
    if system == TEAM_SWISS:
        from app.pairing import team_swiss

        return team_swiss.pair(request, team_swiss.TeamSwissOptions(
            team_swiss.Preferences(options[0]), team_swiss.PrimaryScore(options[1])))
    return _pair(request)


def _board_lines(pairing: Pairing) -> list[str]:
    return [f"{b.first} {b.second if b.second is not None else 0}" for b in pairing.boards]


def run_pair(args: argparse.Namespace) -> int:
    loaded = _Loaded(args.file)
    try:
        system = _system(args, loaded.tournament)
        pairing = _pair_by(_next_request(loaded, system), system,
                           _options(args, loaded.tournament, system))
    except UserError as error:  # e.g. a score bracket beyond the engine's size limit
        raise UserError(error.zh, error.en, error.where or args.file) from None
    except NoLegalPairing as error:
        raise NoAnswer("不存在合法的编排", "no legal pairing" +
                       (f": {error.detail}" if error.detail else "")) from None
    lines = _board_lines(pairing)
    print(len(lines))
    for line in lines:
        print(line)
    return 0


def _as_set(pairing: Pairing, colourless: frozenset[frozenset[int]] = frozenset()
            ) -> frozenset[tuple[int, int | None]]:
    """The boards as (first, second); a game the file writes without colour (a forfeit,
    `TrfTournament.colourless_games`) in one order whichever player the engine put first."""
    boards: set[tuple[int, int | None]] = set()
    for b in pairing.boards:
        if b.second is not None and frozenset((b.first, b.second)) in colourless:
            boards.add((min(b.first, b.second), max(b.first, b.second)))
        else:
            boards.add((b.first, b.second))
    return frozenset(boards)


def _by_teams(loaded: _Loaded, system: str) -> TeamTournament | None:
    """A Team Swiss file read by its teams, its TRF-2026 310 records (None for the other
    systems); a file without them is refused (`trf_teams.read_teams`), not paired by its
    players."""
    if system != TEAM_SWISS:
        return None
    from app.pairing import trf_teams

    return trf_teams.read_team_tournament(loaded.text, loaded.path, loaded.encoding,
                                          loaded.tournament)


def run_check(args: argparse.Namespace) -> int:
    loaded = _Loaded(args.file)
    tournament = loaded.tournament
    differ = 0
    system = _system(args, tournament)
    options = _options(args, tournament, system)
    # the teams' matches (TRF-2026 310 records), or one entrant per 001 record
    rounds: TeamTournament | TrfTournament = _by_teams(loaded, system) or tournament
    for k in range(1, tournament.rounds_played + 1):
        expected = rounds.pairing_of_round(k)
        try:
            got: Pairing | None = _pair_by(rounds.request_for_round(k), system, options)
        except NoLegalPairing:
            got = None
        colourless = tournament.colourless_games(k)
        if got is not None and _as_set(got, colourless) == _as_set(expected, colourless):
            continue
        differ += 1
        print(f"round {k}: differs / 第 {k} 轮不同")
        print("  file:   " + ", ".join(_board_lines(expected)))
        print("  engine: " + (", ".join(_board_lines(got)) if got is not None
                              else "no legal pairing"))
    if differ:
        print(f"{differ} of {tournament.rounds_played} rounds differ", file=sys.stderr)
        named = dict(tournament.header).get("092", "")
        if named and "DUTCH" not in named.upper() and "SWISS" not in named.upper():
            print(f"092 {named}: not paired by the Dutch system (非积分编排的组别)",
                  file=sys.stderr)
        return 1
    return 0


def _tiebreak_names(text: str) -> tuple[str, ...]:
    from app.standings.tiebreaks import tiebreak

    names = tuple(name.strip() for name in text.split(",") if name.strip())
    for name in names:
        tiebreak(name)  # UserError on unknown names
    return names


def run_standings(args: argparse.Namespace) -> int:
    import csv

    from app import wording
    from app.standings.ranking import RankingRules, rank
    from app.standings.tiebreaks import TieBreakOptions, Unplayed, tiebreak

    names = _tiebreak_names(args.tiebreaks)
    if args.cut < 0:
        raise UserError("--cut 不能为负数", "--cut must not be negative", "--cut")
    tournament = load(args.file)
    options = TieBreakOptions(unplayed=Unplayed(args.unplayed), cut=args.cut)
    standings = rank(tournament.snapshot(), RankingRules(tiebreaks=names, options=options))
    kinds = [tiebreak(name).kind for name in names]
    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(["rank", "number", "points", *names])
    for row in standings.rows:
        values = [
            tournament.format_points(value) if kind == "points" else str(int(value))
            for value, kind in zip(row.tiebreaks, kinds, strict=True)
        ]
        writer.writerow([wording.place_text(row.place, row.shared), row.number, tournament.format_points(row.points),
                         *values])
    return 0


def _team_options(parser: argparse.ArgumentParser) -> None:
    """`--team-primary` and `--team-colours`; left out, the file's 192 record says them."""
    parser.add_argument("--team-primary", choices=("match", "game"),
                        help="团体积分编排的主分：match（场分）或 game（局分），默认按文件 192 行，"
                             "否则场分 / Team Swiss primary score (FIDE C.04.6 Art. 1.2; "
                             "default: as the file's 192 says, else match)")
    parser.add_argument("--team-colours", choices=("A", "B", "none"),
                        help="团体积分编排的先后手倾向类型，默认按文件 192 行，否则 A / Team "
                             "Swiss colour preferences (FIDE C.04.6 Art. 1.7; default: as the "
                             "file's 192 says, else A)")


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "trf",
        help="FIDE TRF 文件：编排、核对、排名 / pair, check and rank a FIDE TRF file",
        description="FIDE TRF 文件：编排下一轮、逐轮核对、名次表 / TRF pairing, check, standings",
    )
    commands = parser.add_subparsers(dest="trf_command", metavar="pair|check|standings",
                                     parser_class=type(parser))
    commands.required = True
    pair = commands.add_parser("pair", help="编排下一轮 / pair the next round")
    pair.add_argument("file", metavar="FILE")
    pair.add_argument("--system", choices=ENGINES,
                      help="赛制（默认按 092，否则荷兰制）/ system (default: as 092 says, "
                           "else the Dutch system)")
    _team_options(pair)
    pair.set_defaults(handler=run_pair)
    check = commands.add_parser("check", help="逐轮重新编排并核对 / re-pair every round")
    check.add_argument("file", metavar="FILE")
    check.add_argument("--system", choices=ENGINES,
                       help="赛制（默认按 092）/ system (default: as 092 says)")
    _team_options(check)
    check.set_defaults(handler=run_check)
    standings = commands.add_parser("standings", help="名次表（CSV）/ standings as CSV")
    standings.add_argument("file", metavar="FILE")
    standings.add_argument("--tiebreaks", required=True,
                           help="逗号分隔的名次区分方法 / comma-separated tie-breaks")
    standings.add_argument("--unplayed", choices=UNPLAYED, default=UNPLAYED[0],
                           help="未赛轮次计法 / how rounds without a game count")
    standings.add_argument("--cut", type=int, default=1,
                           help="中间对手分两端各去掉几个 / median_buchholz cut at each end")
    standings.set_defaults(handler=run_standings)
