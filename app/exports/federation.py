"""The results package for the federation (上报材料): one folder per event, and a zip of it.

Contents (all text UTF-8):
- `赛事成绩.xlsx`: the player register (棋手名册), the final standings of each group, and
  every game (group, round, board, black, white, result, how it ended, moves);
- `trf/<group>.trf`: a TRF-2026 file per group (FIDE "Format of Tournament Report File,
  Version 2026"; written by `app.pairing.trf.write_trf`, first mover = TRF `w`);
- `games/<group>/R<round>-B<board>[-G<game>].sgf|.psq`: each recorded game, written by
  `app.rules.records` (SGF with names, result, event, round; Piskvork `.psq`);
- `说明.txt`: what the package holds; `MANIFEST.sha256`: the SHA-256 of every other file, in
  the format of `sha256sum` (`<hex>  <path>`), so the receiver can run `sha256sum -c`.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from openpyxl import Workbook

from app.errors import UserError
from app.exports.model import (
    BoardResult,
    ExportModel,
    Game,
    Group,
    outcome_of,
    result_zh,
    safe_filename,
)
from app.exports.xlsx import players_sheet, standings_table, team_sheet, write_sheet
from app.pairing.types import (
    Colour,
    Outcome,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)
from app.rules.board import parse_point
from app.rules.endings import Ending
from app.rules.records import GameRecord, write_psq, write_sgf

MANIFEST = "MANIFEST.sha256"
_FORFEIT_TURNED = {"+-": "-+", "-+": "+-", "--": "--"}
WORKBOOK = "赛事成绩.xlsx"


# ---------------------------------------------------------------------------- every game


@dataclass(frozen=True)
class GameLine:
    """One game of the package: black moved first in it (game 2 of a double-game round
    swaps the round's colours). `result` is black first."""

    group: str
    round: int
    board: int
    game_no: int
    black: int
    white: int
    result: str
    how_ended: Ending | None
    moves: tuple[str, ...]
    opening: str = ""


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
                                  game.opening))
    return lines


def _board_games(group: Group, round_number: int, board: BoardResult,
                 recorded: dict[tuple[str, int, int, int], Game],
                 used: set[tuple[str, int, int, int]]) -> Iterator[GameLine]:
    assert board.second is not None
    codes = board.result.split() or [""]
    count = 2 if group.double_game else 1
    for game_no in range(1, count + 1):
        # Each game's code is black first (the colours change in game 2, 先后手互换); a lone
        # forfeit code stands for the whole round, so game 2 repeats it turned round.
        if game_no - 1 < len(codes):
            black_code = codes[game_no - 1]
        elif codes[0] in _FORFEIT_TURNED:
            black_code = _FORFEIT_TURNED[codes[0]]
        else:
            black_code = ""  # not played (lost on time in game 1)
        black, white = (board.first, board.second) if game_no == 1 else (board.second,
                                                                         board.first)
        key = (group.key, round_number, board.number, game_no)
        game = recorded.get(key)
        if game is not None:
            used.add(key)
            yield GameLine(group.key, round_number, board.number, game_no, game.black,
                           game.white, game.result or black_code,
                           game.how_ended or board.ending_of_game(game_no), game.moves,
                           game.opening)
        else:
            yield GameLine(group.key, round_number, board.number, game_no, black, white,
                           black_code, board.ending_of_game(game_no), ())


# ---------------------------------------------------------------------------- TRF


def _outcome(board: BoardResult, player: int) -> Outcome:
    outcome = outcome_of(board, player)
    if outcome is None:
        raise ValueError("a board without its result has no outcome")
    return outcome


def group_snapshot(model: ExportModel, group_key: str) -> tuple[TournamentSnapshot,
                                                                 dict[int, int]]:
    """The group as a `TournamentSnapshot` (rounds with every result in), and the map from
    player id to the pairing number used in it."""
    group = model.group(group_key)
    players = sorted(model.players_of(group_key), key=lambda p: (p.number or 10**9, p.id))
    numbers: dict[int, int] = {}
    taken = {p.number for p in players if p.number}
    if len(taken) != sum(1 for p in players if p.number):
        raise UserError(f"{group.name}中有重复的编号", f"duplicate pairing numbers in {group.name}")
    next_free = max(taken, default=0) + 1
    for player in players:
        if player.number:
            numbers[player.id] = player.number
        else:
            numbers[player.id] = next_free
            next_free += 1
    complete = [r for r in model.rounds_of(group_key)
                if all(b.result or b.second is None for b in r.boards)]
    records: dict[int, list[RoundRecord]] = {p.id: [] for p in players}
    for rnd in complete:
        seen: set[int] = set()
        for board in rnd.boards:
            for me, other, colour, points in (
                (board.first, board.second, Colour.FIRST, board.first_points),
                (board.second, board.first, Colour.SECOND, board.second_points),
            ):
                if me is None or me not in records:
                    continue
                seen.add(me)
                outcome = _outcome(board, me)
                records[me].append(RoundRecord(
                    rnd.number, outcome,
                    numbers.get(other) if other is not None else None,
                    colour if other is not None else None,
                    points if points is not None else group.points.points(outcome),
                ))
        for pid in records:
            if pid not in seen:
                records[pid].append(RoundRecord(rnd.number, Outcome.ABSENT))
    histories = tuple(
        PlayerHistory(numbers[p.id], tuple(records[p.id]), unit=p.unit, name=p.name)
        for p in players
    )
    snapshot = TournamentSnapshot(histories, max(group.rounds, len(complete)), group.points)
    return snapshot, numbers


def group_trf(model: ExportModel, group_key: str) -> str:
    """A TRF-2026 text of the group (names, sex, birth dates, final ranks)."""
    from app.pairing.trf import TrfPlayerInfo, write_trf

    snapshot, numbers = group_snapshot(model, group_key)
    standings = model.standings_of(group_key)
    ranks = {row.player: row.rank for row in standings.rows} if standings else {}
    info = {}
    for player in model.players_of(group_key):
        info[numbers[player.id]] = TrfPlayerInfo(
            name=player.name,
            sex={"男": "m", "女": "w"}.get(player.gender, ""),
            birth=player.birth_date.strftime("%Y/%m/%d") if player.birth_date else "",
            rank=ranks.get(player.id),
        )
    title = f"{model.event.title} {model.group(group_key).name}"
    return write_trf(snapshot, name=title, info=info, newline="\n")


# ---------------------------------------------------------------------------- game records

def sgf_result(code: str, how_ended: Ending | None = None) -> str:
    """A black-first result code as SGF `RE`: `B+`, `W+R` (resigned), `W+T` (time), `0`;
    the letters are the endings' record codes (`app.rules.endings`)."""
    if code == "=":
        return "0"
    if code in ("+-", "-+"):
        return ("B+" if code == "+-" else "W+") + Ending.FORFEIT.record_code
    if code in ("1-0", "0-1"):
        return ("B+" if code == "1-0" else "W+") + (how_ended.record_code if how_ended else "")
    return ""


def game_record(model: ExportModel, game: GameLine) -> GameRecord:
    """The game as an `app.rules.records.GameRecord` with names, result and event data."""
    group = model.group(game.group)
    info: list[tuple[str, tuple[str, ...]]] = [
        ("EV", (f"{model.event.title} {group.name}",)),
        ("RO", (str(game.round),)),
        ("GN", (f"第{game.round}轮 第{game.board}台"
                + (f" 第{game.game_no}盘" if group.double_game else ""),)),
    ]
    if model.event.venue:
        info.append(("PC", (model.event.venue,)))
    day = model.event.start_date
    if day is not None:
        info.append(("DT", (day.isoformat(),)))
    if group.rules:
        info.append(("RU", (group.rules,)))
    return GameRecord(
        moves=tuple(parse_point(m, f"{game.group} 第{game.round}轮 第{game.board}台")
                    for m in game.moves),
        black=model.player(game.black).name,
        white=model.player(game.white).name,
        result=sgf_result(game.result, game.how_ended),
        info=tuple(info),
    )


RECORD_WRITERS: dict[str, Callable[[GameRecord], str]] = {"sgf": write_sgf, "psq": write_psq}


# ---------------------------------------------------------------------------- the package


def _games_workbook_rows(model: ExportModel, games: list[GameLine]) -> list[list[object]]:
    rows: list[list[object]] = []
    for game in games:
        black = model.player(game.black)
        white = model.player(game.white)
        rows.append([model.group(game.group).name, game.round, game.board, game.game_no,
                     black.name, black.unit, white.name, white.unit, game.result,
                     result_zh(game.result), game.how_ended.zh if game.how_ended else "",
                     len(game.moves),
                     " ".join(game.moves)])
    return rows


def federation_workbook(model: ExportModel, path: Path | io.BytesIO) -> Path | io.BytesIO:
    """棋手名册, 最终名次 per group and sub-ranking, 团体名次, and 对局 (every game with its
    moves)."""
    workbook = Workbook()
    workbook.remove(workbook.active)
    players_sheet(workbook, model, "棋手名册")
    for standings in (*model.standings, *model.sub_rankings):
        headers, rows = standings_table(model, standings)
        write_sheet(workbook, f"最终名次-{standings.title}", headers, rows,
                    f"{model.event.title} {standings.title} 最终名次")
    for team in model.team_standings:
        team_sheet(workbook, model, team)
    headers = ["组别", "轮次", "台次", "盘次", "黑方", "黑方单位", "白方", "白方单位", "结果",
               "结果说明", "终局方式", "手数", "着法"]
    write_sheet(workbook, "对局", headers, _games_workbook_rows(model, every_game(model)),
                f"{model.event.title} 对局")
    if isinstance(path, Path):
        path.parent.mkdir(parents=True, exist_ok=True)
    workbook.save(path)
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


def _readme(model: ExportModel, trf_written: list[str], records: list[str],
            notes: list[str]) -> str:
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
        "- trf/：各组 TRF-2026 格式编排文件（先手记为 w）。" if trf_written else "",
        f"- games/：对局棋谱（{'、'.join(s.upper() for s in records)}）。" if records else "",
        f"- {MANIFEST}：全部文件的 SHA-256 校验值，可用 `sha256sum -c {MANIFEST}` 核对。",
    ]
    lines += [f"注：{n}" for n in notes]
    keep = [line for index, line in enumerate(lines) if line or index == 5]
    return "\n".join(keep) + "\n"


def package_contents(model: ExportModel) -> dict[str, bytes]:
    """Every file of the package but the manifest, by relative path (`/` separators)."""
    files: dict[str, bytes] = {}
    buffer = io.BytesIO()
    federation_workbook(model, buffer)
    files[WORKBOOK] = buffer.getvalue()
    notes: list[str] = []
    trf_written = []
    for group in model.groups:
        if not model.rounds_of(group.key):
            continue
        try:
            text = group_trf(model, group.key)
        except ValueError as error:
            notes.append(f"{group.name} 的积分制无法写成 TRF：{error}")
            continue
        files[f"trf/{safe_filename(group.key)}.trf"] = text.encode("utf-8")
        trf_written.append(group.key)
    for game in every_game(model):
        if not game.moves:
            continue
        stem = f"R{game.round:02d}-B{game.board:03d}"
        if game.game_no > 1 or model.group(game.group).double_game:
            stem += f"-G{game.game_no}"
        record = game_record(model, game)
        for suffix, writer in RECORD_WRITERS.items():
            path = f"games/{safe_filename(game.group)}/{stem}.{suffix}"
            files[path] = writer(record).encode("utf-8")
    readme = _readme(model, trf_written, sorted(RECORD_WRITERS), notes)
    files["说明.txt"] = readme.encode("utf-8")
    return files


def manifest_text(files: dict[str, bytes]) -> str:
    """`sha256sum` lines for `files`, sorted by path."""
    return "".join(f"{hashlib.sha256(data).hexdigest()}  {name}\n"
                   for name, data in sorted(files.items()))


def write_federation_package(model: ExportModel, out_dir: Path) -> tuple[Path, Path]:
    """Write the package folder and its zip under `out_dir`; return (folder, zip).

    Everything is built in memory first, so a failure leaves no half-written package; each
    file is then written once, and the zip and the manifest come from the same bytes."""
    files = package_contents(model)
    files[MANIFEST] = manifest_text(files).encode("utf-8")
    name = f"{model.event.name_for_files}-上报材料"
    folder = out_dir / name
    folder.mkdir(parents=True, exist_ok=True)
    for old in sorted(folder.rglob("*"), reverse=True):  # a fresh package every time
        if old.is_file():
            old.unlink()
        elif old.is_dir():
            old.rmdir()
    made: set[Path] = set()
    for relative, data in files.items():
        target = folder / relative
        if target.parent not in made:
            target.parent.mkdir(parents=True, exist_ok=True)
            made.add(target.parent)
        target.write_bytes(data)
    archive = out_dir / f"{name}.zip"
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as bundle:
        for relative, data in sorted(files.items()):
            bundle.writestr(f"{name}/{relative}", data)
    return folder, archive
