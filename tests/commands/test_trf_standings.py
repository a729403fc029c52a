"""`trf standings`: the CSV contract, checked against an independent calculation written here
from the raw TRF columns (not through app.pairing.trf)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from app.cli import main

DATA = Path(__file__).resolve().parents[1] / "data" / "swiss"
FILES = sorted((DATA / "complete").glob("*.trf"))
ALL = "buchholz,median_buchholz,wins,progressive,sonneborn_berger,black_games,black_wins"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _independent(path: Path, policy: str = "zero") -> dict[int, dict[str, float]]:
    """Per player: points and tie-breaks, from the fixed TRF columns and FIDE/162 points."""
    lines = path.read_text().replace("\r", "\n").split("\n")
    win, draw = 1.0, 0.5
    for line in lines:
        if line.startswith("162"):
            words = line[3:].split()
            table = dict(zip(words[::2], map(float, words[1::2]), strict=True))
            win, draw = table.get("W", win), table.get("D", draw)
    value = {"1": win, "W": win, "+": win, "U": win, "F": win, "=": draw, "D": draw,
             "H": draw}
    rows: dict[int, list[tuple[int, str, str]]] = {}
    for line in lines:
        if line.startswith("001"):
            number = int(line[4:8])
            rounds = []
            start = 91
            while start < len(line):
                rounds.append((int(line[start:start + 4]), line[start + 5], line[start + 7]))
                start += 10
            rows[number] = rounds
    played = max(len(r) for r in rows.values())
    score = {n: sum(value.get(c, 0.0) for _, _, c in r) for n, r in rows.items()}
    lowest = min(score.values())
    out: dict[int, dict[str, float]] = {}
    for n, rounds in rows.items():
        contributions = []
        sb = 0.0
        for opp, _colour, code in rounds + [(0, "-", "Z")] * (played - len(rounds)):
            if opp and code in "1=0WDL":
                contributions.append(score[opp])
                sb += score[opp] * value.get(code, 0.0) / win
            else:
                unplayed = {"zero": 0.0, "own": score[n], "lowest": lowest}[policy]
                contributions.append(unplayed)
                sb += unplayed * value.get(code, 0.0) / win
        ordered = sorted(contributions)
        running = total = 0.0
        for _, _, code in rounds:
            running += value.get(code, 0.0)
            total += running
        total += running * (played - len(rounds))
        out[n] = {
            "points": score[n],
            "buchholz": sum(contributions),
            "median_buchholz": sum(ordered[1:-1]) if len(ordered) > 2 else 0.0,
            "wins": sum(1 for opp, _, c in rounds if opp and c in "1W+"),
            "progressive": total,
            "sonneborn_berger": sb,
            "black_games": sum(1 for opp, col, c in rounds if opp and col == "w" and c in "1=0WDL"),
            "black_wins": sum(1 for opp, col, c in rounds if opp and col == "w" and c in "1W"),
        }
    return out


@pytest.mark.parametrize("path", FILES[::5], ids=lambda p: p.name)
def test_standings_match_an_independent_calculation(path: Path, capsys) -> None:
    code, out, err = _run(capsys, "trf", "standings", str(path), "--tiebreaks", ALL)
    assert code == 0, err
    table = list(csv.DictReader(io.StringIO(out)))
    expected = _independent(path)
    assert len(table) == len(expected)
    for row in table:
        want = expected[int(row["number"])]
        for column, value in want.items():
            assert float(row[column]) == pytest.approx(value), (row["number"], column)


@pytest.mark.parametrize("policy", ["own", "lowest"])
def test_unplayed_policies_match_independent_calculation(policy: str, capsys) -> None:
    path = DATA / "complete" / "n015_r05_mixed_s1165.trf"
    code, out, _ = _run(capsys, "trf", "standings", str(path), "--tiebreaks",
                        "buchholz,median_buchholz,sonneborn_berger", "--unplayed", policy)
    assert code == 0
    expected = _independent(path, policy)
    for row in csv.DictReader(io.StringIO(out)):
        for column in ("buchholz", "median_buchholz", "sonneborn_berger"):
            assert float(row[column]) == pytest.approx(expected[int(row["number"])][column])


def test_rank_column_orders_and_shares(capsys) -> None:
    path = DATA / "complete" / "n015_r05_mixed_s1165.trf"
    code, out, _ = _run(capsys, "trf", "standings", str(path), "--tiebreaks",
                        "buchholz,median_buchholz,wins")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "rank,number,points,buchholz,median_buchholz,wins"
    assert lines[1] == "1,1,5.0,15.0,8.5,5"
    # 9 and 11: 2.5 points, 对手分 14.0, 中间对手分 8.0, 2 wins each: shared 5th
    assert lines[5:7] == ["5=,9,2.5,14.0,8.0,2", "5=,11,2.5,14.0,8.0,2"]
    assert lines[7].startswith("7,")


def test_points_in_the_files_own_units(capsys) -> None:
    path = DATA / "complete" / "n007_r03_pts210_s1011.trf"
    code, out, _ = _run(capsys, "trf", "standings", str(path), "--tiebreaks", "buchholz")
    assert code == 0
    assert out.splitlines()[1].startswith("1,1,6.0,")


def test_cut_option(capsys) -> None:
    path = DATA / "complete" / "n015_r05_mixed_s1165.trf"
    _, cut0, _ = _run(capsys, "trf", "standings", str(path), "--tiebreaks",
                      "median_buchholz,buchholz", "--cut", "0")
    for row in csv.DictReader(io.StringIO(cut0)):
        assert row["median_buchholz"] == row["buchholz"]


def test_empty_tiebreak_list_ranks_by_points(capsys) -> None:
    path = DATA / "complete" / "n007_r03_nodraw_s1001.trf"
    code, out, _ = _run(capsys, "trf", "standings", str(path), "--tiebreaks", "")
    assert code == 0
    assert out.splitlines()[0] == "rank,number,points"


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--tiebreaks", "nonsense"], "unknown tie-break"),
        (["--tiebreaks", "wins", "--unplayed", "half"], "invalid choice"),
        (["--tiebreaks", "wins", "--cut", "-1"], "--cut"),
        ([], "--tiebreaks"),
    ],
)
def test_bad_arguments_exit_2(argv: list[str], needle: str, capsys) -> None:
    path = DATA / "complete" / "n007_r03_nodraw_s1001.trf"
    code, out, err = _run(capsys, "trf", "standings", str(path), *argv)
    assert code == 2 and out == ""
    assert needle in err and len(err.strip().splitlines()) == 1


def test_malformed_file_exit_2_with_line(tmp_path: Path, capsys) -> None:
    bad = tmp_path / "bad.trf"
    text = (DATA / "complete" / "n007_r03_nodraw_s1001.trf").read_text()
    bad.write_text(text.replace("    4 w 1", "    4 x 1", 1))
    code, out, err = _run(capsys, "trf", "standings", str(bad), "--tiebreaks", "wins")
    assert code == 2 and out == ""
    assert f"{bad}:2 round 1" in err


def test_missing_file_exit_2(tmp_path: Path, capsys) -> None:
    code, _, err = _run(capsys, "trf", "standings", str(tmp_path / "none.trf"),
                        "--tiebreaks", "wins")
    assert code == 2 and "none.trf" in err
