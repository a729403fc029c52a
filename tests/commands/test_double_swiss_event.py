"""A shenzhen-style 双盘 group played as a FIDE Double-Swiss (C.04.5) from the command line:
system chosen, seven rounds paired and entered, standings on game points, the round list on
paper and the TRF naming the system."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from app.cli import main
from app.pairing.trf import read_trf
from tests.pairing.reference_rounds import with_team_records

GROUP = "女子组（大众规则·线上初赛）"
RESULTS = ("1-0 1-0", "1-0 0-1", "0-1 =", "= =", "0-1 1-0")


def _boards(capsys: pytest.CaptureFixture[str], path: Path, round_: int) -> list[str]:
    capsys.readouterr()
    assert main(["round", str(path), "--group", GROUP, str(round_)]) == 0
    return [line for line in capsys.readouterr().out.splitlines() if "(先手) -" in line]


def test_seven_rounds_are_paired_and_entered(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "shenzhen.gomoku"
    assert main(["new", str(path), "--preset", "shenzhen-2022"]) == 0
    assert main(["group", str(path), "--group", GROUP, "--system", "double_swiss"]) == 0
    capsys.readouterr()
    line = _group_line(capsys, path)
    # The system and its two games a round, in words (no code name on screen).
    assert "Double-Swiss" in line and "每轮局数：2" in line and "double_swiss" not in line
    for i in range(1, 12):
        assert main(["add-player", str(path), "--group", GROUP, "--name", f"选手{i}",
                     "--unit", f"单位{i % 4}"]) == 0
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    for round_ in range(1, 8):
        assert main(["pair", str(path), "--group", GROUP]) == 0
        out = capsys.readouterr().out
        assert "第一盘先手" in out  # the pairing's explanation lines
        boards = _boards(capsys, path, round_)
        assert len(boards) == 5
        for number, line in enumerate(boards, start=1):
            first, second = line.split("(先手) -")
            pair = frozenset((first.split()[-1], second.split()[0]))
            assert pair not in met  # C.04.1 b
            met.add(pair)
            codes = RESULTS[(number * 7 + round_ * 3) % 5].split()
            assert main(["result", str(path), "--group", GROUP, str(round_), str(number),
                         *codes]) == 0
        capsys.readouterr()
        assert main(["round", str(path), "--group", GROUP, str(round_)]) == 0
        byes += [line.split()[1] for line in capsys.readouterr().out.splitlines()
                 if "轮空 / bye" in line]
    assert len(byes) == 7 and len(set(byes)) == 7  # C.04.1 d: nobody has the PAB twice
    assert main(["standings", str(path), "--group", GROUP, "--csv"]) == 0
    rows = capsys.readouterr().out.splitlines()
    assert len(rows) == 12

    out = tmp_path / "out"
    assert main(["export", str(path), "--out", str(out), "--only",
                 f"{GROUP} 第7轮对阵表（按台次）", "--only", "上报材料"]) == 0
    pdf = next(out.rglob("对阵表（按台次）.pdf"))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    assert "第7轮对阵表" in text and "轮空" in text and "双盘制" in text
    trf = next(out.rglob("*.trf"))
    tournament = read_trf(trf.read_text(encoding="utf-8"))
    assert dict(tournament.header)["092"] == "FIDE_DOUBLE_SWISS_2026"
    assert tournament.rounds_played == 7
    assert "Double-Swiss (FIDE C.04.5)" in trf.read_text(encoding="utf-8")
    # the games' points are in the file (XXD), so every round checks out by C.04.5
    assert any(r.game_points is not None for p in tournament.snapshot().players
               for r in p.rounds)
    capsys.readouterr()
    assert main(["trf", "check", str(trf)]) == 0, capsys.readouterr()
    assert main(["trf", "check", str(trf), "--system", "double_swiss"]) == 0


def _group_line(capsys: pytest.CaptureFixture[str], path: Path) -> str:
    assert main(["group", str(path), "--group", GROUP]) == 0
    return capsys.readouterr().out


def test_a_double_swiss_group_with_one_game_a_round_is_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "shenzhen.gomoku"
    assert main(["new", str(path), "--preset", "shenzhen-2022"]) == 0
    assert main(["group", str(path), "--group", GROUP, "--system", "double_swiss",
                 "--games-per-round", "1"]) == 2
    assert "两盘" in capsys.readouterr().err


def test_trf_pair_by_the_system_092_names(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    source = Path(__file__).parent.parent / "data" / "fide_double_swiss" / "ds002.trf"
    # its five rounds all played: a sixth (XXR 6) to pair
    text = source.read_text().replace("XXR 5", "092 FIDE_DOUBLE_SWISS_2026\nXXR 6", 1)
    path = tmp_path / "ds.trf"
    path.write_text(text)
    assert main(["trf", "pair", str(path)]) == 0
    by_092 = capsys.readouterr().out
    assert main(["trf", "pair", str(path), "--system", "double_swiss"]) == 0
    assert capsys.readouterr().out == by_092
    assert main(["trf", "pair", str(path), "--system", "swiss"]) == 2
    assert "092" in capsys.readouterr().err
    before = text.replace("XXR 6", "XXR 5")
    path.write_text(before)  # every round the file states played: none to pair
    assert main(["trf", "pair", str(path)]) == 2
    assert "文件写明共 5 轮（XXR/142），已全部赛完，没有第 6 轮可编排" in capsys.readouterr().err
    assert path.read_text() == before


def test_trf_pair_team_swiss_prints_the_engines_pairing(tmp_path: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    # (the reference library pairs brackets otherwise than C.04.6 Art. 3.6: see
    # tests/pairing/test_team_swiss.py; the command prints what the engine gives)
    from app.pairing import team_swiss
    from app.pairing.trf import read_trf

    data = Path(__file__).parent.parent / "data" / "fide_team_swiss"
    lines = (data / "ts000_A.trf").read_text().splitlines()
    k = 2
    cut = [line[:91 + 10 * (k - 1)].rstrip() if line.startswith("001") else line
           for line in lines]
    text = "\n".join(["092 FIDE_TEAM_SWISS_2026", *cut]) + "\n"
    path = tmp_path / "teams.trf"
    path.write_text(with_team_records(text))  # read by its teams: 310 records
    assert main(["trf", "pair", str(path), "--team-colours", "A"]) == 0
    out = capsys.readouterr().out.splitlines()
    pairs = {tuple(map(int, line.split())) for line in out[1:]}
    engine = team_swiss.pair(read_trf(text).next_round_request(),
                             team_swiss.TeamSwissOptions(team_swiss.Preferences.A))
    expected = {(b.first, b.second) for b in engine.boards if b.second is not None}
    assert expected <= pairs and int(out[0]) == len(pairs)


def test_a_24_team_swiss_event_round_by_round_through_trf_pair(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Seven rounds of 24 teams, each paired by `trf pair` from the TRF the rounds before it
    make (092 FIDE_TEAM_SWISS_2026), the stronger team (lower number) winning its matches."""
    from app.pairing.trf import TrfHeader, write_trf
    from app.pairing.types import (
        Colour,
        Outcome,
        PlayerHistory,
        RoundRecord,
        TournamentSnapshot,
    )

    history: dict[int, list[RoundRecord]] = {n: [] for n in range(1, 25)}
    met: set[frozenset[int]] = set()
    path = tmp_path / "teams.trf"
    for round_ in range(1, 8):
        snapshot = TournamentSnapshot(
            tuple(PlayerHistory(n, tuple(r), rating=2400 - n, name=f"队{n}")
                  for n, r in history.items()), 7)
        path.write_text(with_team_records(write_trf(
            snapshot, name="团体积分编排", newline="\n",
            header=TrfHeader(system="FIDE_TEAM_SWISS_2026"))))
        capsys.readouterr()
        assert main(["trf", "pair", str(path), "--team-colours", "B"]) == 0
        lines = capsys.readouterr().out.splitlines()
        assert int(lines[0]) == 12 == len(lines) - 1
        for line in lines[1:]:
            white, black = map(int, line.split())
            assert frozenset((white, black)) not in met  # C.04.1 b
            met.add(frozenset((white, black)))
            winner, loser = min(white, black), max(white, black)
            for team, other, outcome, points in ((winner, loser, Outcome.WIN, 2),
                                                 (loser, winner, Outcome.LOSS, 0)):
                colour = Colour.FIRST if team == white else Colour.SECOND
                history[team].append(RoundRecord(round_, outcome, other, colour, points))
    whites = [sum(r.colour is Colour.FIRST for r in rounds) for rounds in history.values()]
    assert all(2 <= w <= 5 for w in whites)  # colours balanced by Art. 4 over seven rounds
    assert len(met) == 7 * 12
