"""An absence entered in advance (缺席, 请假全分/半分/零分; `absent`) in the exported TRF of an
individual Swiss or Double-Swiss group, so that a reader (`trf check`, `trf pair`, bbpPairings)
scores and pairs the group as the event does: once its round is played, a bye requested is TRF
`H` / `F` / `Z` with the points it gave (a Double-Swiss round's in games' points, XXD)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from app.pairing.trf import read_trf
from tests.commands.helpers import YIKE_FINAL, YikeFinal


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
