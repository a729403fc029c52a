"""TRF files as real events write them: FIDE's two counts of wins (C.07 (2024) art. 7.1 WIN,
7.2 WON) checked against the FIDE reference tie-break calculator (gacrux's
`tiebreakchecker`), forfeits written without colour, and fields that are not ASCII digits."""

from __future__ import annotations

import csv
import io
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from app.pairing.trf import read_trf

DATA = Path(__file__).resolve().parents[1] / "data" / "trf"
BYES_FORFEITS = DATA / "byes_forfeits.trf"
COLOURLESS = DATA / "colourless_forfeits.trf"


def _standings(capsys: pytest.CaptureFixture[str], path: Path, *extra: str
               ) -> dict[int, dict[str, str]]:
    assert main(["trf", "standings", str(path), *extra]) == 0
    return {int(r["number"]): r for r in csv.DictReader(io.StringIO(capsys.readouterr().out))}


def _gacrux_win_won(path: Path) -> dict[int, tuple[int, int]]:
    out = subprocess.run(
        [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path), "-s",
         "-t", "PTS", "WIN", "WON", "-d", ","],
        capture_output=True, text=True, check=True, timeout=120).stdout
    return {int(r["StartNo"]): (int(r["WIN"]), int(r["WON"]))
            for r in csv.DictReader(io.StringIO(out))}


def test_the_file_has_every_kind_of_unplayed_round() -> None:
    """The comparison below means something: forfeit wins and losses, a pairing-allocated
    bye, full-, half- and zero-point byes."""
    text = BYES_FORFEITS.read_text(encoding="utf-8")
    for code in (" w +", " b -", "0000 - U", "0000 - F", "0000 - H", "0000 - Z"):
        assert code in text, code


def test_fide_win_and_won_agree_with_the_reference_calculator(
        capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE C.07 art. 7.1 (WIN: rounds with a win's points, played or not) is `rounds_won`
    and, under the FIDE policy, `wins`; art. 7.2 (WON: games won over the board) is
    `games_won`."""
    ours = _standings(capsys, BYES_FORFEITS, "--tiebreaks", "wins,rounds_won,games_won",
                      "--unplayed", "fide")
    reference = _gacrux_win_won(BYES_FORFEITS)
    assert {n: (int(r["wins"]), int(r["games_won"])) for n, r in ours.items()} == reference
    assert all(r["wins"] == r["rounds_won"] for r in ours.values())
    # byes and forfeit wins make the two counts differ for some players
    assert any(win != won for win, won in reference.values())


def test_chinese_wins_count_forfeit_wins_but_not_byes(capsys: pytest.CaptureFixture[str]
                                                      ) -> None:
    """Under the Chinese policy 胜局 keeps its own count (forfeit wins, no byes): a player
    with a bye worth a win has one 胜局 fewer than FIDE's WIN."""
    tournament = read_trf(BYES_FORFEITS.read_text(encoding="utf-8"))
    byes = {p.number: sum(1 for e in p.entries if e is not None and e.code in "UF")
            for p in tournament.players}
    ours = _standings(capsys, BYES_FORFEITS, "--tiebreaks", "wins,rounds_won")
    assert {n: int(r["rounds_won"]) - int(r["wins"]) for n, r in ours.items()} == byes


def test_check_reads_forfeits_written_without_colour(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """A forfeit with no colour on either side (`   8 - +` / `   1 - -`, as FIDE's example
    TRF writes round 5) matches a re-pairing with either player first; the top player's
    round-1 forfeit leaves the colour of round 1 to the next board."""
    assert main(["trf", "check", str(COLOURLESS)]) == 0
    assert capsys.readouterr().out == ""
    tournament = read_trf(COLOURLESS.read_text(encoding="utf-8"))
    assert tournament.colourless_games(1) == {frozenset((1, 8))}


def test_a_superscript_rank_is_ignored_and_a_superscript_number_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The rank field (86-89) is not read (TRF: ignored), so `²` there is harmless; in the
    pairing number it is refused on one line naming the file, line and field."""
    lines = COLOURLESS.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("001"))
    ranked = list(lines)
    ranked[index] = ranked[index][:85] + "   ²" + ranked[index][89:]
    path = tmp_path / "rank.trf"
    path.write_text("\n".join(ranked), encoding="utf-8")
    for argv in (["standings", str(path), "--tiebreaks", "buchholz"], ["check", str(path)]):
        assert main(["trf", *argv]) == 0
        capsys.readouterr()
    numbered = list(lines)
    numbered[index] = numbered[index][:7] + "²" + numbered[index][8:]
    path.write_text("\n".join(numbered), encoding="utf-8")
    assert main(["trf", "standings", str(path), "--tiebreaks", "buchholz"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{path}:{index + 1}" in err and "pairing number" in err


def test_a_forfeit_with_its_colour_on_one_side_only_takes_that_colour(tmp_path: Path) -> None:
    """`   8 - +` for player 1 but `   1 w -` for player 8: player 8 moved first."""
    lines = COLOURLESS.read_text(encoding="utf-8").split("\n")
    index = next(i for i, line in enumerate(lines) if line.startswith("001    8"))
    start = 91  # round 1 of player 8: "   1 - -"
    assert lines[index][start:start + 8] == "   1 - -"
    lines[index] = lines[index][:start + 5] + "w" + lines[index][start + 6:]
    tournament = read_trf("\n".join(lines))
    assert tournament.colourless_games(1) == frozenset()
    board = next(b for b in tournament.pairing_of_round(1).boards if 8 in (b.first, b.second))
    assert (board.first, board.second) == (8, 1)
