"""The federation package: workbook, TRF per group, manifest checksums that verify, zip."""

from __future__ import annotations

import shutil
import subprocess
import zipfile
from dataclasses import replace
from pathlib import Path

import openpyxl
import pytest

from app.exports import federation
from app.exports.model import BoardResult, Game, Round
from app.pairing.trf import read_trf
from app.pairing.types import Colour, Outcome
from app.rules.board import parse_point
from app.rules.endings import Ending
from app.rules.records import read_psq, read_sgf
from tests.exports.helpers import small_event


@pytest.fixture(scope="module")
def package(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    return federation.write_federation_package(small_event(), tmp_path_factory.mktemp("fed"))


def test_manifest_checksums_verify(package: tuple[Path, Path]) -> None:
    folder, _ = package
    assert federation.verify_manifest(folder) == []
    listed = (folder / federation.MANIFEST).read_text(encoding="utf-8")
    assert federation.WORKBOOK in listed and "trf/open.trf" in listed and "说明.txt" in listed
    result = subprocess.run(["sha256sum", "-c", federation.MANIFEST], cwd=folder,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_changed_file_fails_verification(package: tuple[Path, Path], tmp_path: Path) -> None:
    copy = tmp_path / "copy"
    shutil.copytree(package[0], copy)
    with (copy / "trf" / "open.trf").open("a", encoding="utf-8") as handle:
        handle.write(" ")
    (copy / "extra.txt").write_text("x", encoding="utf-8")
    (copy / "说明.txt").unlink()
    assert federation.verify_manifest(copy) == [
        "changed: trf/open.trf", "missing: 说明.txt", "unlisted: extra.txt"]


def test_zip_holds_the_folder_with_utf8_names(package: tuple[Path, Path]) -> None:
    folder, archive = package
    with zipfile.ZipFile(archive) as bundle:
        names = set(bundle.namelist())
        expected = {f"{folder.name}/{p.relative_to(folder).as_posix()}"
                    for p in folder.rglob("*") if p.is_file()}
        assert names == expected
        assert f"{folder.name}/赛事成绩.xlsx" in names
        manifest = bundle.read(f"{folder.name}/{federation.MANIFEST}")
        assert manifest == (folder / federation.MANIFEST).read_bytes()


def test_trf_reads_back_with_the_standings_points(package: tuple[Path, Path]) -> None:
    model = small_event()
    folder, _ = package
    for group in model.groups:
        text = (folder / "trf" / f"{group.key}.trf").read_text(encoding="utf-8")
        tournament = read_trf(text, f"{group.key}.trf")
        standings = model.standings_of(group.key)
        assert standings is not None
        by_name = {p.name: p for p in tournament.players}
        for row in standings.rows:
            player = model.player(row.player)
            trf_player = by_name[player.name]
            assert sum(r.points for r in tournament.snapshot().player(
                trf_player.number).rounds) == row.points


def test_snapshot_keeps_colours_byes_and_absences() -> None:
    model = small_event(players=31)
    snapshot, numbers = federation.group_snapshot(model, "open")
    first_round = model.round("open", 1)
    bye = next(b for b in first_round.boards if b.second is None)
    board = next(b for b in first_round.boards if b.second is not None)
    assert snapshot.player(numbers[bye.first]).rounds[0].outcome is Outcome.PAB
    record = snapshot.player(numbers[board.first]).rounds[0]
    assert record.colour is Colour.FIRST and record.opponent == numbers[board.second]
    absent_round = Round("open", 2, tuple(b for b in model.round("open", 2).boards
                                          if b.first != board.first and b.second != board.first))
    rounds = tuple(absent_round if (r.group, r.number) == ("open", 2) else r
                   for r in model.rounds)
    snapshot, numbers = federation.group_snapshot(replace(model, rounds=rounds), "open")
    assert snapshot.player(numbers[board.first]).rounds[1].outcome is Outcome.ABSENT


def test_games_sheet_lists_every_game_with_moves(package: tuple[Path, Path]) -> None:
    model = small_event()
    book = openpyxl.load_workbook(package[0] / federation.WORKBOOK)
    assert {"棋手名册", "对局", "团体名次（团体总分）"} <= set(book.sheetnames)
    assert any(name.startswith("最终名次-") for name in book.sheetnames)
    rows = list(book["对局"].iter_rows(min_row=2, values_only=True))
    played = sum(1 for r in model.rounds for b in r.boards if b.second is not None)
    assert len(rows) == played
    recorded = {(model.group(g.group).name, g.round, g.board): g for g in model.games}
    for row in rows:
        game = recorded.get((row[0], row[1], row[2]))
        if game is not None:
            assert row[12] == " ".join(game.moves) and row[11] == len(game.moves)
            assert row[4] == model.player(game.black).name


def test_double_game_rounds_give_two_games_with_colours_swapped() -> None:
    model = small_event()
    group = replace(model.groups[0], double_game=True)
    a, b = model.players[0].id, model.players[1].id
    # Each game's code is black first: a won game 1 as black and game 2 as white.
    board = BoardResult(1, a, b, "1-0 0-1", (), 2, 0)
    forfeit = BoardResult(2, model.players[2].id, model.players[3].id, "+-",
                          (Ending.FORFEIT,), 2, 0)
    rnd = Round(group.key, 1, (board, forfeit))
    second = Game(group.key, 1, 1, b, a, ("h8", "h9"), "", None, 2)
    double = replace(model, groups=(group,), rounds=(rnd,), games=(second,),
                     standings=(), sub_rankings=(), awards=())
    games = federation.every_game(double)
    assert [(g.board, g.game_no, g.black, g.white, g.result) for g in games] == [
        (1, 1, a, b, "1-0"),
        (1, 2, b, a, "0-1"),
        (2, 1, forfeit.first, forfeit.second, "+-"),
        (2, 2, forfeit.second, forfeit.first, "-+"),
    ]
    assert games[1].moves == ("h8", "h9")


def test_recorded_games_are_written_as_sgf_and_psq(package: tuple[Path, Path]) -> None:
    model = small_event()
    folder, _ = package
    for game in model.games_of("open")[:5]:
        stem = folder / "games" / "open" / f"R{game.round:02d}-B{game.board:03d}"
        sgf = read_sgf(stem.with_suffix(".sgf").read_text(encoding="utf-8"))
        psq = read_psq(stem.with_suffix(".psq").read_text(encoding="utf-8"))
        points = tuple(parse_point(m) for m in game.moves)
        assert sgf.moves == points and psq.moves == points
        assert sgf.black == model.player(game.black).name
        assert sgf.white == model.player(game.white).name
        assert sgf.result == federation.sgf_result(game.result, game.how_ended)
    games_written = list((folder / "games").rglob("*.sgf"))
    assert len(games_written) == len(model.games)


@pytest.mark.parametrize(
    ("code", "ended", "sgf"),
    [("1-0", Ending.FIVE, "B+"), ("0-1", Ending.RESIGNATION, "W+R"),
     ("1-0", Ending.TIME, "B+T"), ("=", None, "0"), ("0-1", Ending.FOUL, "W+F"),
     ("+-", Ending.FORFEIT, "B+F"), ("-+", None, "W+F"), ("", None, "")],
)
def test_sgf_result_codes(code: str, ended: Ending | None, sgf: str) -> None:
    assert federation.sgf_result(code, ended) == sgf
