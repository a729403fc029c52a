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
from app.exports.model import BoardResult, ExportModel, Game, Round
from app.pairing.trf import read_trf
from app.pairing.types import Colour, Outcome
from app.results import from_notation, read_notation
from app.rules.board import parse_point
from app.rules.endings import Ending
from app.rules.records import read_psq, read_sgf
from app.wording import code_text
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
    board = BoardResult(1, a, b, read_notation("1-0 0-1"), (), 2, 0)
    forfeit = BoardResult(2, model.players[2].id, model.players[3].id, read_notation("+-"),
                          (Ending.FORFEIT,), 2, 0)
    rnd = Round(group.key, 1, (board, forfeit))
    second = Game(group.key, 1, 1, b, a, ("h8", "h9"), None, None, 2)
    double = replace(model, groups=(group,), rounds=(rnd,), games=(second,),
                     standings=(), sub_rankings=(), awards=())
    games = federation.every_game(double)
    assert [(g.board, g.game_no, g.black, g.white, code_text(g.result)) for g in games] == [
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
    assert federation.sgf_result(from_notation(code), ended) == sgf


# --- what the federation receives, and that others can read it --------------------------


def test_files_are_readable_by_others(package: tuple[Path, Path]) -> None:
    folder, archive = package
    for path in [archive, *folder.rglob("*")]:
        mode = path.stat().st_mode & 0o777
        assert mode == (0o755 if path.is_dir() else 0o644), (path, oct(mode))
    with zipfile.ZipFile(archive) as bundle:
        assert all((info.external_attr >> 16) & 0o777 == 0o644 for info in bundle.infolist())


def test_package_holds_awards_grades_standings_and_signed_pdfs(
        package: tuple[Path, Path]) -> None:
    import csv

    model = small_event()
    folder, _ = package
    awards = list(csv.reader((folder / "录取名单.csv").read_text(encoding="utf-8-sig")
                             .splitlines()))
    assert awards[0][:4] == ["名次表", "名次", "并列", "姓名／队名"]
    assert len(awards) - 1 == len(model.awards)
    grades = (folder / "段级位申报表.csv").read_text(encoding="utf-8-sig").splitlines()
    assert grades[0].startswith("序号,姓名")
    for standings in model.standings:
        rows = list(csv.reader((folder / "最终名次" / f"{standings.title}.csv")
                               .read_text(encoding="utf-8-sig").splitlines()))
        assert rows[0][0] == "名次" and all(c.header in rows[0] for c in standings.columns)
        assert len(rows) - 1 == len(standings.rows)
    signed = sorted(p.name for p in (folder / "签字文件").iterdir())
    assert "录取名单.pdf" in signed and all((folder / "签字文件" / n).read_bytes()[:5] == b"%PDF-"
                                           for n in signed)
    readme = (folder / "说明.txt").read_text(encoding="utf-8")
    for group in model.groups:
        if model.rounds_of(group.key):
            assert f"trf/{group.key}.trf：{group.name}" in readme


def test_forfeit_meetings_are_260_records_the_readers_apply() -> None:
    """A forfeited pairing counts as having met (the Chinese option): TRF 260 from the next
    round on, and `trf pair` keeps the two apart."""
    from app.exports.group_trf import group_trf

    model = small_event()
    group = model.groups[0]
    rounds = list(model.rounds)
    first = next(i for i, r in enumerate(rounds) if r.group == group.key and r.number == 1)
    board = rounds[first].boards[0]
    forfeited = replace(board, result=read_notation("+-"), how_ended="弃权", first_points=None,
                        second_points=None)
    rounds[first] = replace(rounds[first], boards=(forfeited, *rounds[first].boards[1:]))
    changed = replace(model, rounds=tuple(rounds))
    numbers = {p.id: p.number for p in changed.players_of(group.key)}
    pair = tuple(sorted((numbers[board.first], numbers[board.second or 0])))
    tournament = read_trf(group_trf(changed, group.key))
    assert any(e.players == pair and e.first == 2 for e in tournament.forbidden)
    request = tournament.request_for_round(2)
    assert frozenset(pair) in request.forbidden_pairs
    unchanged = read_trf(group_trf(replace(changed, groups=tuple(
        replace(g, forfeits_meet=False) for g in changed.groups)), group.key))
    assert not unchanged.forbidden


def test_kept_same_unit_avoidance_is_reported_and_written() -> None:
    from app.exports.group_trf import group_trf

    model = small_event()
    group = model.groups[0]
    rounds = tuple(replace(r, report=("同单位回避：已满足 / same-unit avoidance: kept",))
                   if r.group == group.key and r.number <= 2 else r for r in model.rounds)
    groups = tuple(replace(g, unit_avoidance_rounds=2) if g.key == group.key else g
                   for g in model.groups)
    text = group_trf(replace(model, rounds=rounds, groups=groups), group.key)
    assert "### same-unit avoidance kept in rounds 1, 2" in text
    tournament = read_trf(text)
    units: dict[str, set[int]] = {}
    for player in model.players_of(group.key):
        if player.unit:
            units.setdefault(player.unit, set()).add(player.number)
    written = [set(e.players) for e in tournament.forbidden if (e.first, e.last) == (1, 2)]
    assert written == [m for m in units.values() if len(m) > 1]


@pytest.fixture(scope="module")
def demo_package(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """The yike demo, played with same-unit avoidance (同单位回避) in rounds 1-3."""
    import app.services.demo as demo
    from app.services.exporting import build_model

    def with_avoidance(event, name, settings=None, **options):  # noqa: ANN001, ANN003, ANN202
        return update_group(event, name, settings={**(settings or {}),
                                                   "same_unit_avoidance_rounds": 3}, **options)

    update_group = demo.update_group
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(demo, "update_group", with_avoidance)
        event = demo.build_demo(tmp_path_factory.mktemp("demo") / "yike.db", preset="yike-2022")
    return federation.package_contents(build_model(event))


def test_demo_trf_files_reproduce_under_our_check_and_gacrux(demo_package: dict[str, bytes],
                                                             tmp_path: Path) -> None:
    """Each Swiss group's TRF re-pairs round by round to itself under `trf check` and the
    independent FIDE pairing checker gacrux (`pairingchecker -c`)."""
    import sys

    from app.cli import main

    trfs = {name: data for name, data in demo_package.items() if name.startswith("trf/")}
    assert trfs
    assert any(b"### same-unit avoidance kept in rounds 1, 2, 3" in d for d in trfs.values())
    assert any(b"\n260   1   3 " in d for d in trfs.values())
    for name, data in trfs.items():
        path = tmp_path / Path(name).name
        path.write_bytes(data)
        assert b"092 FIDE_DUTCH_2025" in data and b"\n162  W 2.0    D 1.0    L 0.0    P 2.0" in data
        assert main(["trf", "check", str(path)]) == 0, name
        # gacrux's own reading (Latin-1, a character a byte) for the columns in UTF-8 bytes;
        # bbpPairings' file counts characters, which gacrux reads as UTF-8 text
        characters = ["-b", "utf-8"] if name.endswith("-bbpPairings.trf") else []
        checked = subprocess.run(
            [sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-f", "TRF",
             *characters, "-c", "-d", "B"], capture_output=True, text=True, timeout=300)
        assert checked.stdout.strip().endswith("Check: True"), checked.stdout[-2000:]


def test_demo_records_keep_the_steps_and_sgfmill_reads_them(
        demo_package: dict[str, bytes]) -> None:
    from sgfmill import sgf

    from app.rules.renjunet import read_renjunet

    records = {n: d for n, d in demo_package.items() if n.endswith(".sgf")}
    assert records
    stepped = 0
    for name, data in records.items():
        game = sgf.Sgf_game.from_bytes(data)
        assert game.get_size() == 15, name
        record = read_sgf(data.decode("utf-8"))
        psq = read_psq(demo_package[name[:-4] + ".psq"].decode("utf-8"))
        assert psq.steps == record.steps and psq.moves == record.moves
        stepped += bool(record.steps)
    assert stepped  # the designated-opening games carry swap and offers
    games = read_renjunet(demo_package["renjunet.rif"].decode("utf-8"))
    assert len(games) == len(records)
    assert any(g.offers and g.swap for g in games)
    assert all(g.rule and g.tournament.start for g in games)  # the rule entry: the opening rule


def _team_match() -> ExportModel:
    """Two teams of three (分台定人制), one match with a captains' playoff (主将加赛)."""
    from app.exports.model import EventInfo, Group, Player
    from app.pairing.system import System

    players = tuple(Player(i, f"棋手{i}", "t", number=i, unit="甲队" if i <= 3 else "乙队")
                    for i in range(1, 7))
    boards = (
        BoardResult(1, 1, 4, read_notation("1-0"), label="第1场1台", first_team="甲队", second_team="乙队"),
        BoardResult(2, 5, 2, read_notation("1-0"), label="第1场2台", first_team="乙队", second_team="甲队"),
        BoardResult(3, 3, 6, read_notation("="), label="第1场3台", first_team="甲队", second_team="乙队"),
        BoardResult(4, 4, 1, read_notation("1-0"), label="第1场加赛", first_team="乙队", second_team="甲队"),
    )
    return ExportModel(EventInfo("团体赛"), (Group("t", "决赛", System.TEAM_KNOCKOUT, 1),),
                       players, rounds=(Round("t", 1, boards),))


def test_team_groups_get_013_records_and_a_file_without_them() -> None:
    from app.exports.group_trf import group_trf

    model = _team_match()
    tournament = read_trf(group_trf(model, "t"), "t.trf")
    assert [(t.name, t.players) for t in tournament.teams] == [("甲队", (1, 2, 3)),
                                                              ("乙队", (4, 5, 6))]
    assert ("092", "TEAM_KNOCKOUT_WITH_PLACEMENT") in tournament.header
    # the playoff is a second game of 1 and 4 in round 1: a comment, not a round record
    assert "### round 1: a further game 4-1 1-0" in group_trf(model, "t")
    assert tournament.player(1).entry(1) is not None
    assert tournament.player(1).entry(1).opponent == 4  # type: ignore[union-attr]
    plain = read_trf(group_trf(model, "t", with_teams=False))
    assert not plain.teams and plain.snapshot() == tournament.snapshot()
    files = federation.package_contents(model)
    assert "trf/t.trf" in files and "trf/t-棋手.trf" in files
    assert "trf/t-棋手.trf：决赛（同上，不含 013" in files["说明.txt"].decode("utf-8")
