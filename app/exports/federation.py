"""The results package for the federation (上报材料): one folder per event, and a zip of it.

Contents (all text UTF-8):
- `赛事成绩.xlsx`: the player register (棋手名册), the final standings of each group, and
  every game (group, round, board, black, white, result, how it ended, moves);
- `trf/<group>.trf`: a TRF-2026 file per group (FIDE "Format of Tournament Report File,
  Version 2026"; written by `app.pairing.trf.write_trf`, first mover = TRF `w`);
- `games/<group>/R<round>-B<board>[-G<game>].sgf|.psq`: each recorded game, written by
  `app.rules.records` (SGF with names, result, event, round; Piskvork `.psq`);
- the lists of `app.exports.federation_lists`: 录取名单.csv, 段级位申报表.csv, 最终名次/,
  加赛.csv and the PDFs to sign (签字文件/);
- playoff games (加赛) as records `games/<group>/加赛-第<place>名-P<playoff>-G<game>.*`;
  SGF and PSQ carry the protocol steps of the stored game (see `app.rules.records`);
- `renjunet.rif`: every game with moves in the RenjuNet database XML form
  (`app.rules.renjunet`);
- `说明.txt`: what the package holds, and which TRF file is which group; `MANIFEST.sha256`: the SHA-256 of every other file, in
  the format of `sha256sum` (`<hex>  <path>`), so the receiver can run `sha256sum -c`.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook

from app.errors import UserError
from app.exports import federation_lists
from app.exports.group_trf import (
    SYSTEMS,
    group_snapshot,
    group_trf,
    needs_character_columns,
    team_records_text,
)

__all__ = ["group_snapshot", "group_trf", "every_game", "write_federation_package"]
from app.exports.model import (
    BoardResult,
    ExportModel,
    Game,
    Group,
    result_zh,
    safe_filename,
)
from app.exports.xlsx import (
    Cell,
    players_sheet,
    save_workbook,
    standings_table,
    team_sheet,
    write_sheet,
)
from app.results import GameResult, Side
from app.rules.board import Point, parse_point
from app.rules.endings import Ending
from app.rules.game import decode_actions, encode_actions
from app.rules.openings import find_opening
from app.rules.records import GameRecord, step_point, with_steps, write_psq, write_sgf
from app.rules.renjunet import (
    RenjuNetGame,
    RenjuNetPlayer,
    RenjuNetTournament,
    alt_text,
    swap_text,
    write_renjunet,
)
from app.wording import code_text, game_code

MANIFEST = "MANIFEST.sha256"
FILE_MODE = 0o644  # the receiver (and anyone the package is passed to) can read every file
DIR_MODE = 0o755
WORKBOOK = "赛事成绩.xlsx"


# ---------------------------------------------------------------------------- every game


@dataclass(frozen=True)
class GameLine:
    """One game of the package: black moved first in it (game 2 of a double-game round
    swaps the round's colours). `result` is black first (None: no result)."""

    group: str
    round: int
    board: int
    game_no: int
    black: int
    white: int
    result: GameResult | None
    how_ended: Ending | None
    moves: tuple[str, ...]
    opening: str = ""
    actions: str = ""  # the stored game's steps (swap, offers, claim), when recorded
    playoff_place: int = 0  # a playoff game (加赛): the place it decides


def every_game(model: ExportModel) -> list[GameLine]:
    """Every game over the board or forfeited, from the rounds, with the recorded moves
    attached where a record exists; recorded games with no board in the rounds come too."""
    recorded = {(g.group, g.round, g.board, g.game_no): g for g in model.games}
    used: set[tuple[str, int, int, int]] = set()
    lines: list[GameLine] = []
    for group in model.groups:
        for rnd in model.rounds_of(group.key):
            for board in rnd.boards:
                if board.second is None:
                    continue
                lines.extend(_board_games(group, rnd.number, board, recorded, used))
    for key, game in sorted(recorded.items()):
        if key not in used:
            lines.append(GameLine(game.group, game.round, game.board, game.game_no, game.black,
                                  game.white, game.result, game.how_ended, game.moves,
                                  game.opening, game.actions))
    return lines


def playoff_lines(model: ExportModel) -> list[GameLine]:
    """The playoff (加赛) games, `board` = the playoff, `game_no` = the game in it."""
    return [GameLine(g.group, 0, g.board, g.game_no, g.black, g.white, g.result, g.how_ended,
                     g.moves, g.opening, g.actions, g.playoff_place)
            for g in model.playoff_games]


def _board_games(group: Group, round_number: int, board: BoardResult,
                 recorded: dict[tuple[str, int, int, int], Game],
                 used: set[tuple[str, int, int, int]]) -> Iterator[GameLine]:
    assert board.second is not None
    value = board.result
    count = 2 if group.double_game else 1
    for game_no in range(1, count + 1):
        # Each game's code is black first (the colours change in game 2, 先后手互换); a lone
        # forfeit code stands for the whole round, so game 2 repeats it turned round.
        # None: no result yet, or not played (lost on time in game 1)
        black_result: GameResult | None = None
        if value is not None and game_no - 1 < len(value.games):
            black_result = value.games[game_no - 1]
        elif value is not None and value.forfeit:
            black_result = value.games[0].flipped()
        black, white = (board.first, board.second) if game_no == 1 else (board.second,
                                                                         board.first)
        key = (group.key, round_number, board.number, game_no)
        game = recorded.get(key)
        if game is not None:
            used.add(key)
            yield GameLine(group.key, round_number, board.number, game_no, game.black,
                           game.white, game.result if game.result is not None else black_result,
                           game.how_ended or board.ending_of_game(game_no), game.moves,
                           game.opening, game.actions)
        else:
            yield GameLine(group.key, round_number, board.number, game_no, black, white,
                           black_result, board.ending_of_game(game_no), ())


# ---------------------------------------------------------------------------- game records

def sgf_result(game: GameResult | None, how_ended: Ending | None = None) -> str:
    """A black-first result as SGF `RE`: `B+`, `W+R` (resigned), `W+T` (time), `0`;
    the letters are the endings' record codes (`app.rules.endings`)."""
    if game is None:
        return ""
    if game.draw:
        return "0"
    if game.winner is None:
        return ""  # both forfeited: no winner to write
    winner = "B+" if game.winner is Side.FIRST else "W+"
    if game.forfeit:
        return winner + Ending.FORFEIT.record_code
    return winner + (how_ended.record_code if how_ended else "")


def _steps(group: Group, game: GameLine, moves: tuple[Point, ...]) -> tuple[str, ...]:
    """The stored game's steps, replayed under the group's rules; () when there are none or
    they do not give the stored stones (the stones are then the record)."""
    if not game.actions or group.game_settings is None:
        return ()
    try:
        replayed = decode_actions(group.game_settings, game.actions, "stored game")
    except UserError:
        return ()
    if tuple(replayed.moves) != moves:
        return ()
    return tuple(encode_actions(replayed).split())


def _game_name(group: Group, game: GameLine) -> str:
    if game.playoff_place:
        return f"第{game.playoff_place}名加赛 第{game.game_no}盘"
    return (f"第{game.round}轮 第{game.board}台"
            + (f" 第{game.game_no}盘" if group.double_game else ""))


def game_record(model: ExportModel, game: GameLine) -> GameRecord:
    """The game as an `app.rules.records.GameRecord` with names, result, event data and the
    protocol steps of the stored game (opening, swap, 五手N打 offers, claimed foul)."""
    group = model.group(game.group)
    info: list[tuple[str, tuple[str, ...]]] = [
        ("EV", (f"{model.event.title} {group.name}",)),
        ("RO", (str(game.round) if not game.playoff_place else "加赛",)),
        ("GN", (_game_name(group, game),)),
    ]
    if model.event.venue:
        info.append(("PC", (model.event.venue,)))
    day = model.event.start_date
    if day is not None:
        info.append(("DT", (day.isoformat(),)))
    if group.rules:
        info.append(("RU", (group.rules,)))
    if game.opening:
        info.append(("ON", (game.opening,)))
    moves = tuple(parse_point(m, f"{game.group} {_game_name(group, game)}") for m in game.moves)
    record = GameRecord(
        moves=moves,
        black=model.player(game.black).name,
        white=model.player(game.white).name,
        result=sgf_result(game.result, game.how_ended),
        info=tuple(info),
    )
    steps = _steps(group, game, moves)
    return with_steps(record, steps) if steps else record


def renjunet_game(model: ExportModel, game: GameLine, record: GameRecord) -> RenjuNetGame:
    """The game in the RenjuNet database form (`app.rules.renjunet`): the rule entry names the
    group's opening rule, the opening its entry (Kagetsu, 4D), offers and swap marks from the
    steps."""
    group = model.group(game.group)
    offers = tuple(p for p in (step_point(t[6:]) for t in record.steps
                               if t.startswith("offer:")) if p is not None)
    swaps = [t == "swap" for t in record.steps if t in ("swap", "noswap")]
    day, last = model.event.start_date, model.event.end_date
    tournament = RenjuNetTournament(
        name=f"{model.event.title} {group.name}", year=day.year if day else 0,
        month=day.month if day else 0, start=day.isoformat() if day else "",
        end=(last or day).isoformat() if day else "", rule=group.opening_text)
    try:
        opening = find_opening(game.opening) if game.opening else None
    except UserError:
        opening = None
    return RenjuNetGame(
        tournament=tournament, round=str(game.round),
        rule=group.opening_text or group.rules or "renju",
        black=RenjuNetPlayer(record.black), white=RenjuNetPlayer(record.white),
        result=_played_code(game.result),
        moves=record.moves,
        opening=opening.name_ja if opening else game.opening,
        opening_abbr=opening.code if opening else "",
        alt=alt_text(offers), swap=swap_text(swaps),
    )


def _played_code(game: GameResult | None) -> str:
    """A game's code as RenjuNet takes it: played games only (forfeits have no record), and
    without the time mark."""
    return game_code(game) if game is not None and game.played else ""


RECORD_WRITERS: dict[str, Callable[[GameRecord], str]] = {"sgf": write_sgf, "psq": write_psq}


# ---------------------------------------------------------------------------- the package


def _games_workbook_rows(model: ExportModel, games: list[GameLine]) -> list[list[Cell]]:
    rows: list[list[Cell]] = []
    for game in games:
        black = model.player(game.black)
        white = model.player(game.white)
        rows.append([model.group(game.group).name, game.round, game.board, game.game_no,
                     black.name, black.unit, white.name, white.unit, code_text(game.result),
                     result_zh(game.result), game.how_ended.zh if game.how_ended else "",
                     len(game.moves),
                     " ".join(game.moves)])
    return rows


def playoff_rows(model: ExportModel) -> list[list[Cell]]:
    """Every playoff game (加赛) with the tie it settled, why, and the order it decided: part of
    the event's record (2016 八(二)2, shenzhen 十一(一)2)."""
    rows: list[list[Cell]] = []
    for playoff in model.playoffs:
        group = model.group(playoff.group).name
        order = " > ".join(model.player(p).name for p in playoff.order)
        for game in playoff.games:
            rows.append([group, playoff.ranking, playoff.place, playoff.reason, game.stage,
                         model.player(game.black).name, model.player(game.white).name,
                         code_text(game.result) or "待赛", game.time_control, order])
    return rows


def federation_workbook(model: ExportModel, path: Path | io.BytesIO) -> Path | io.BytesIO:
    """棋手名册, 最终名次 per group and sub-ranking, 团体名次, and 对局 (every game with its
    moves)."""
    workbook = Workbook()
    if workbook.active is not None:
        workbook.remove(workbook.active)
    players_sheet(workbook, model, "棋手名册")
    for standings in (*model.standings, *model.sub_rankings):
        headers, rows = standings_table(model, standings)
        write_sheet(workbook, f"最终名次-{standings.title}", headers, rows,
                    f"{model.event.title} {standings.title} 最终名次")
    for team in model.team_standings:
        team_sheet(workbook, model, team)
    if model.playoffs:
        write_sheet(workbook, "加赛", ["组别", "名次表", "名次", "加赛原因", "阶段", "黑方",
                                        "白方", "结果", "用时", "加赛后名次"],
                    playoff_rows(model), f"{model.event.title} 加赛")
    headers = ["组别", "轮次", "台次", "盘次", "黑方", "黑方单位", "白方", "白方单位", "结果",
               "结果说明", "终局方式", "手数", "着法"]
    write_sheet(workbook, "对局", headers, _games_workbook_rows(model, every_game(model)),
                f"{model.event.title} 对局")
    if isinstance(path, Path):
        path.parent.mkdir(parents=True, exist_ok=True)
    save_workbook(workbook, path)
    return path


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for chunk in iter(lambda: handle.read(1 << 16), b""):
            digest.update(chunk)
    return digest.hexdigest()


def verify_manifest(folder: Path) -> list[str]:
    """The files whose checksum differs, are missing, or are not listed; [] when all verify."""
    manifest = folder / MANIFEST
    problems = []
    listed = set()
    for line in manifest.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        digest, _, name = line.partition("  ")
        listed.add(name)
        path = folder / name
        if not path.is_file():
            problems.append(f"missing: {name}")
        elif sha256_of(path) != digest:
            problems.append(f"changed: {name}")
    for path in folder.rglob("*"):
        if path.is_file() and path.name != MANIFEST:
            name = path.relative_to(folder).as_posix()
            if name not in listed:
                problems.append(f"unlisted: {name}")
    return sorted(problems)


RENJUNET = "renjunet.rif"


def _readme(model: ExportModel, trf_files: dict[str, str], records: list[str],
            notes: list[str], extra: list[str]) -> str:
    event = model.event
    lines = [
        f"{event.title}",
        f"主办：{'、'.join(event.organisers)}" if event.organisers else "",
        f"地点：{event.venue}" if event.venue else "",
        f"日期：{event.dates_text}" if event.dates_text else "",
        f"裁判长：{event.chief_arbiter}" if event.chief_arbiter else "",
        "",
        "本文件夹内容（UTF-8 编码）：",
        f"- {WORKBOOK}：棋手名册、各组最终名次、全部对局（组别、轮次、台次、黑方、白方、结果、"
        "终局方式、着法）。结果以黑方在前：1-0 黑胜，0-1 白胜，= 和，+- / -+ 弃权。",
        "- 录取名单.csv、段级位申报表.csv、最终名次/（各名次表，含名次、并列与全部小分）、"
        "加赛.csv（加赛对局）；签字文件/：裁判长签字用的 PDF（录取名单、段级位申报表、名次表）。",
        "- trf/：各组 TRF-2026 格式编排文件（先手记为 w），文件与组别：" if trf_files else "",
        *[f"    {path}：{text}" for path, text in trf_files.items()],
        f"- games/：对局棋谱（{'、'.join(s.upper() for s in records)}；SGF 含开局、三手交换、"
        "五手N打打点与所选一手、判禁；加赛对局在 games/<组>/加赛-…）。" if records else "",
        f"- {RENJUNET}：全部有着法的对局，RenjuNet 数据库 XML 格式（可并入国际连珠数据库）。"
        if RENJUNET in extra else "",
        f"- {MANIFEST}：全部文件的 SHA-256 校验值，可用 `sha256sum -c {MANIFEST}` 核对。",
    ]
    lines += [f"注：{n}" for n in notes]
    keep = [line for index, line in enumerate(lines) if line or index == 5]
    return "\n".join(keep) + "\n"


def _trf_files(model: ExportModel, files: dict[str, bytes], notes: list[str]) -> dict[str, str]:
    written: dict[str, str] = {}
    for group in model.groups:
        if not model.rounds_of(group.key):
            continue
        try:
            text = group_trf(model, group.key)
        except ValueError as error:
            notes.append(f"{group.name} 的积分制无法写成 TRF：{error}")
            continue
        path = f"trf/{safe_filename(group.key)}.trf"
        files[path] = text.encode("utf-8")
        written[path] = (f"{group.name}（{group.system.zh}"
                         f"{'，双盘制' if group.double_game else ''}，092 {SYSTEMS[group.system]}）")
        if group.system.team:
            # The same rounds without the team records (013, or a Team Swiss's 310 and
            # the rest of its team section), for pairing programs that read no team files
            # (bbpPairings).
            players = f"trf/{safe_filename(group.key)}-棋手.trf"
            files[players] = group_trf(model, group.key, with_teams=False).encode("utf-8")
            written[players] = (f"{group.name}（同上，不含 {team_records_text(group)}，"
                                "供不读团体文件的编排程序）")
        if needs_character_columns(model, group.key):
            # bbpPairings counts columns in characters, the other readers in bytes
            bbp = f"trf/{safe_filename(group.key)}-bbpPairings.trf"
            files[bbp] = group_trf(model, group.key, character_columns=True).encode("utf-8")
            written[bbp] = f"{group.name}（同上，按字符计列，供 bbpPairings 核对编排）"
    return written


def _record_files(model: ExportModel, files: dict[str, bytes]) -> list[RenjuNetGame]:
    renju: list[RenjuNetGame] = []
    for game in [*every_game(model), *playoff_lines(model)]:
        if not game.moves:
            continue
        if game.playoff_place:
            stem = f"加赛-第{game.playoff_place}名-P{game.board}-G{game.game_no}"
        else:
            stem = f"R{game.round:02d}-B{game.board:03d}"
            if game.game_no > 1 or model.group(game.group).double_game:
                stem += f"-G{game.game_no}"
        record = game_record(model, game)
        for suffix, writer in RECORD_WRITERS.items():
            path = f"games/{safe_filename(game.group)}/{stem}.{suffix}"
            files[path] = writer(record).encode("utf-8")
        renju.append(renjunet_game(model, game, record))
    return renju


def package_contents(model: ExportModel, signed: Mapping[str, Path] | None = None
                     ) -> dict[str, bytes]:
    """Every file of the package but the manifest, by relative path (`/` separators);
    `signed`: signed PDFs this export already wrote (`federation_lists.signed_pdfs`)."""
    files: dict[str, bytes] = {}
    buffer = io.BytesIO()
    federation_workbook(model, buffer)
    files[WORKBOOK] = buffer.getvalue()
    files.update(federation_lists.lists(model, signed))
    notes: list[str] = []
    trf_files = _trf_files(model, files, notes)
    renju = _record_files(model, files)
    if renju:
        files[RENJUNET] = write_renjunet(renju).encode("utf-8")
    readme = _readme(model, trf_files, sorted(RECORD_WRITERS), notes, list(files))
    files["说明.txt"] = readme.encode("utf-8")
    return files


def manifest_text(files: dict[str, bytes]) -> str:
    """`sha256sum` lines for `files`, sorted by path."""
    return "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n"
                   for name, data in sorted(files.items()))


def write_federation_package(model: ExportModel, out_dir: Path,
                             signed: Mapping[str, Path] | None = None) -> tuple[Path, Path]:
    """Write the package folder and its zip under `out_dir`; return (folder, zip). `signed`:
    the signed PDFs this export already wrote, by their name in 签字文件 (copied, not drawn
    again).

    Everything is built in memory first, so a failure leaves no half-written package; each
    file is then written once, and the zip and the manifest come from the same bytes."""
    files = package_contents(model, signed)
    files[MANIFEST] = manifest_text(files).encode("utf-8")
    name = f"{model.event.name_for_files}-上报材料"
    folder = out_dir / name
    folder.mkdir(parents=True, exist_ok=True)
    for old in sorted(folder.rglob("*"), reverse=True):  # a fresh package every time
        if old.is_file():
            old.unlink()
        elif old.is_dir():
            old.rmdir()
    made: set[Path] = {folder}
    folder.chmod(DIR_MODE)
    for relative, data in files.items():
        target = folder / relative
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.parent.chmod(DIR_MODE)
            made.add(target.parent)
        target.write_bytes(data)
        target.chmod(FILE_MODE)
    archive = out_dir / f"{name}.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for relative, data in sorted(files.items()):
            entry = zipfile.ZipInfo(f"{name}/{relative}", date_time=(2020, 1, 1, 0, 0, 0))
            entry.external_attr = (0o100000 | FILE_MODE) << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            bundle.writestr(entry, data)
    archive.chmod(FILE_MODE)
    return folder, archive
