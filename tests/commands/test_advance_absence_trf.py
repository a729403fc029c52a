"""An absence entered in advance (缺席, 请假全分/半分/零分; `absent`) in the exported TRF of an
individual Swiss or Double-Swiss group, so that a reader (`trf check`, `trf pair`, bbpPairings)
scores and pairs the group as the event does:
- for the next round to pair, written in its column as the bye it is (TRF-16 / TRF-2026 round
  results: `H` half-point bye, `F` full-point bye, `Z` zero-point bye, "known absence from
  round", for a plain absence too), so that the reader pairing that round leaves the player
  out (FIDE C.04.1: only the players present are paired); an absence for a later round is not
  written before it is the next (bbpPairings reads an entry in round k as rounds 1..k-1
  having been paired);
- once its round is played, a bye requested is `H` / `F` / `Z` with the points it gave (a
  Double-Swiss round's in games' points, XXD)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from app.pairing.trf import read_trf
from tests.commands.helpers import YIKE_FINAL, YikeFinal

AWAY = {"棋手3": ("half_bye", "H"), "棋手4": ("absent", "Z"), "棋手5": ("full_bye", "F"),
        "棋手6": ("zero_bye", "Z")}


@pytest.mark.parametrize("system", ["swiss", "double_swiss"])
def test_an_absence_entered_for_the_next_round_is_its_bye_in_the_exported_trf(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> None:
    event = YikeFinal(tmp_path, capsys, system)
    event.play()
    event.play()
    for name, (kind, _code) in AWAY.items():
        event.absent(name, 3, kind)
    event.absent("棋手8", 4, "absent")  # not the next round: not in the file yet
    event.absent("棋手9", 4, "half_bye")

    trf = event.trf()
    records = event.records(trf)
    for name, (_kind, code) in AWAY.items():
        assert records[name][2:] == [["0000", "-", code]], name
    assert all(len(r) == 2 for name, r in records.items() if name not in AWAY)
    from_file = event.file_pairing(trf)
    boards = event.pair()
    assert from_file == boards
    assert not set(AWAY) & {name for pair in boards for name in pair}

    # round 3 paired, its results not in: the file's next round is still round 3
    assert event.file_pairing(event.trf()) == boards
    event.enter(boards)
    trf = event.trf()
    records = event.records(trf)
    assert records["棋手8"][3:] == [["0000", "-", "Z"]]  # now the next round
    assert records["棋手9"][3:] == [["0000", "-", "H"]]
    code, out, err = event.run("trf", "check", trf)
    assert code == 0, out + err
    from_file = event.file_pairing(trf)
    assert from_file == event.pair()
    assert not {"棋手8", "棋手9"} & {name for pair in from_file for name in pair}


def test_a_requested_bye_of_a_double_swiss_round_played_is_a_match_bye_with_its_games_points(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A Double-Swiss round record holds the match (FIDE C.04.5), its games' points the XXD
    line: a bye requested (请假半分/全分) is `H` / `F` scored as the 162 line says, the points
    it gave in games in XXD, as a match's; the record held the games' points, and no reader
    took the file's totals (积分 与各轮结果之和不符)."""
    event = YikeFinal(tmp_path, capsys, "double_swiss")
    event.play()
    event.absent("棋手3", 2, "half_bye")
    event.absent("棋手5", 2, "full_bye")
    event.play()
    trf = event.trf()
    code, out, err = event.run("trf", "check", trf)
    assert code == 0, out + err
    tournament = read_trf(trf.read_text(encoding="utf-8"))
    by_name = {p.name: p.number for p in tournament.players}
    code, out, err = event.run("standings", event.path, "--group", YIKE_FINAL, "--csv")
    assert code == 0, err
    totals = {row["name"]: int(row["points"]) for row in csv.DictReader(io.StringIO(out))}
    for name, bye in (("棋手3", "H"), ("棋手5", "F")):
        number = by_name[name]
        assert event.records(trf)[name][1] == ["0000", "-", bye]
        games = tournament.game_points[number]
        assert games[1] is not None and games[1] > 0
        assert sum(g or 0 for g in games) == totals[name]  # the event's own score


def test_a_double_swiss_half_bye_in_the_round_paired_is_h_before_its_results(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The round paired, its results not in: the bye requested for it (请假半分) is still the
    next round's `H`. Its points there are the games' (two games drawn, 2), which were taken for
    a round's points and read as a full-point bye's: `0000 - F`."""
    event = YikeFinal(tmp_path, capsys, "double_swiss")
    event.play()
    event.absent("棋手3", 2, "half_bye")
    event.absent("棋手5", 2, "full_bye")
    boards = event.pair()
    records = event.records(event.trf())
    assert records["棋手3"][1:] == [["0000", "-", "H"]]
    assert records["棋手5"][1:] == [["0000", "-", "F"]]
    assert event.file_pairing(event.trf()) == boards
