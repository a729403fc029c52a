"""A 24-team championship played as a FIDE Team Swiss (C.04.6) from the command line: the
tuanti template, 4 boards a team, the system's options in words, seven rounds paired and
every match entered board by board (a drawn match, a forfeited one), the team standings on
match points with game points and the C.07 tie-breaks, and the papers read back from the
real files (PDF through pdftotext, the workbook through openpyxl, the TRF's team records)."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.commands.helpers import run

GROUP = "团体赛"
TEAMS = 24
BOARDS = 4
ROUNDS = 7
CODES = ("1-0", "0-1", "=", "1-0", "0-1")


def _codes(round_: int, match: int) -> list[str]:
    """Each board's result, generated; match 2 of round 3 is level (a drawn match) and
    match 5 of round 4 is forfeited by its second-named team."""
    if (round_, match) == (3, 2):
        return ["1-0", "1-0", "0-1", "0-1"]  # each team wins one game as first, one second
    if (round_, match) == (4, 5):
        return ["+-", "-+", "+-", "-+"]  # the first-named team wins every board by forfeit
    return [CODES[(round_ * 7 + match * 3 + board) % 5] for board in range(1, BOARDS + 1)]


def _event(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    code, out, err = run(capsys, "group", path, "--group", GROUP, "--system", "team_swiss",
                         "--team-colours", "B", "--set", 'team={"boards": 4}',
                         "--rounds", ROUNDS)
    assert code == 0, err
    # The options in words, Chinese first; no code name on screen.
    assert "团体积分编排制（FIDE Team Swiss）" in out and "场分" in out
    assert "B类（强偏好或弱偏好）" in out and "局分、直胜、索伯分、对手分" in out
    assert "team_swiss" not in out
    for k in range(1, TEAMS + 1):
        members = [f"队{k}选手{b}/{'女' if b == BOARDS else '男'}" for b in range(1, BOARDS + 1)]
        assert run(capsys, "team-add", path, "--group", GROUP, f"第{k}队", *members)[0] == 0
    return path


def _matches(out: str) -> list[tuple[int, str, str]]:
    """(match, first-named team, second) of a round as `round` prints it."""
    found = []
    for line in out.splitlines():
        hit = re.match(r"\s+(\d+)\s+(第\d+队) - (第\d+队)$", line)
        if hit:
            found.append((int(hit.group(1)), hit.group(2), hit.group(3)))
    return found


def _trf_pairing(tmp_path: Path, capsys: pytest.CaptureFixture[str], path: Path
                 ) -> set[tuple[int, int]]:
    """The next round as `trf pair --system team_swiss` pairs it from the exported TRF."""
    out_dir = tmp_path / "federation"
    code, _out, err = run(capsys, "export", path, "--out", out_dir, "--only", "上报材料")
    assert code == 0, err
    trf = next(p for p in out_dir.rglob("*.trf") if "棋手" not in p.name)
    text = trf.read_text(encoding="utf-8")
    assert "092 FIDE_TEAM_SWISS_2026" in text and "352 WBWB" in text
    assert len([line for line in text.splitlines() if line.startswith("310 ")]) == TEAMS
    code, out, err = run(capsys, "trf", "pair", trf, "--system", "team_swiss",
                         "--team-colours", "B")
    assert code == 0, err
    lines = out.splitlines()
    assert int(lines[0]) == TEAMS // 2
    return {(int(a), int(b)) for a, b in (line.split() for line in lines[1:])}


def test_a_24_team_swiss_is_paired_entered_ranked_and_printed(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _event(tmp_path, capsys)
    met: set[frozenset[str]] = set()
    for round_ in range(1, ROUNDS + 1):
        from_file = _trf_pairing(tmp_path, capsys, path) if round_ == ROUNDS else None
        code, out, err = run(capsys, "pair", path, "--group", GROUP)
        assert code == 0, err
        assert "FIDE C.04.6" in out  # the pairing's explanation lines
        matches = _matches(out)
        if from_file is not None:  # the TRF's team records pair as the event does
            assert from_file == {(int(a[1:-1]), int(b[1:-1])) for _m, a, b in matches}
        assert len(matches) == TEAMS // 2
        for match, first, second in matches:
            assert frozenset((first, second)) not in met  # C.04.1 b: never twice
            met.add(frozenset((first, second)))
            code, out, err = run(capsys, "team-result", path, "--group", GROUP, round_,
                                 match, *_codes(round_, match))
            assert code == 0, err
    code, out, err = run(capsys, "standings", path, "--group", GROUP, "--csv")
    assert code == 0, err
    rows = [line.split(",") for line in out.splitlines()]
    assert rows[0][:7] == ["rank", "number", "name", "unit", "points", "game_points",
                           "direct_encounter"]
    assert len(rows) == TEAMS + 1 and {r[2] for r in rows[1:]} == {
        f"第{k}队" for k in range(1, TEAMS + 1)}
    points = [int(r[4]) for r in rows[1:]]
    assert points == sorted(points, reverse=True)  # match points first (C.04.6 Art. 1.2)
    assert sum(points) == 2 * (TEAMS // 2) * ROUNDS  # 2 a match, won or shared
    games = {r[2]: int(r[5]) for r in rows[1:]}
    assert sum(games.values()) == 2 * BOARDS * (TEAMS // 2) * ROUNDS  # 2 a game

    code, out, err = run(capsys, "standings", path, "--group", GROUP)
    assert code == 0, err
    assert "局分" in out and "索伯分" in out and "临时" not in out
    assert "名次  队伍  单位  场分  局分" in out  # the primary score by its name, not 积分
    code, out, err = run(capsys, "team-standings", path)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0] == f"{GROUP} 团体名次 / team standings" and "局分" in lines[1]
    assert lines[1].startswith("名次  队伍  场分  局分")
    assert lines[2].split()[:3] == [rows[1][0], rows[1][2], rows[1][4]]
    code, out, err = run(capsys, "crosstable", path, "--group", GROUP)
    assert code == 0, err
    # the team crosstable: 序号, 名次, 队名, a cell per round, 场分, 局分; the legend under it
    *lines, legend = out.splitlines()[2:]
    table = [line.split("  ") for line in lines]
    assert len(table) == TEAMS and all(len(row) == 5 + ROUNDS for row in table)
    assert [row[2] for row in table] == [r[2] for r in rows[1:]] and "对手序号" in legend

    out_dir = tmp_path / "out"
    code, _out, err = run(capsys, "export", path, "--out", out_dir)
    assert code == 0, err
    pdfs = {p.name: p for p in out_dir.rglob("*.pdf")}
    text = "\n".join(subprocess.run(["pdftotext", "-layout", str(p), "-"], capture_output=True,
                                    text=True, check=True).stdout for p in pdfs.values())
    assert "第7轮" in text and "第1队" in text and "队1选手4" in text  # line-ups by board
    assert "团体赛 团体名次" in text and "场分" in text and "团体交叉表" in text
    standings = next(p for name, p in pdfs.items() if "团体赛 团体名次" in name)
    first = subprocess.run(["pdftotext", "-layout", str(standings), "-"], capture_output=True,
                           text=True, check=True).stdout
    assert rows[1][2] in first.split("场分", 1)[1].split("\n", 2)[1]  # the leader heads it
    book = load_workbook(next(out_dir.rglob("赛事数据.xlsx")), read_only=True)
    sheets = {sheet.title: list(sheet.iter_rows(values_only=True)) for sheet in book.worksheets}
    ranking = next(v for k, v in sheets.items() if "团体赛 团体名次" in k)
    assert ranking[0][2:5] == ("代表队", "场分", "局分")
    assert [row[2] for row in ranking[1:]] == [r[2] for r in rows[1:]]
    cross = next(v for k, v in sheets.items() if "团体交叉表" in k)
    assert len(cross) == TEAMS + 1 and any("胜" in str(c) for c in cross[1])
    # teams x rounds: the opponent's row, the side (先 named first, 后 second), the result,
    # the game points own first; then the team's match and game points
    assert cross[0][3:3 + ROUNDS] == tuple(f"第{k}轮" for k in range(1, ROUNDS + 1))
    assert cross[0][3 + ROUNDS:5 + ROUNDS] == ("场分", "局分")
    cell = re.compile(r"(\d+)([先后]) (胜|和|负|不战胜|弃权负) (\d+):(\d+)")
    for row in cross[1:]:
        found = [cell.fullmatch(str(c)) for c in row[3:3 + ROUNDS]]
        assert all(found), row
        assert sum(int(f.group(4)) for f in found if f) == row[4 + ROUNDS]  # 局分 summed
    assert {f.group(2) for r in cross[1:] for c in r[3:3 + ROUNDS]
            if (f := cell.fullmatch(str(c)))} == {"先", "后"}
    trf_path = next(p for p in out_dir.rglob("*.trf") if "棋手" not in p.name)
    # every round re-paired from the file's team records is the round the event paired
    code, out, err = run(capsys, "trf", "check", trf_path, "--system", "team_swiss",
                         "--team-colours", "B")
    assert code == 0, out + err
    trf = trf_path.read_text(encoding="utf-8")
    records = [line for line in trf.splitlines() if line.startswith("310 ")]
    assert "092 FIDE_TEAM_SWISS_2026" in trf and len(records) == TEAMS
    # 310: the team's match points (55-60), game points (62-67) and rank (69-71), columns
    # counted in UTF-8 bytes (app.pairing.trf)
    by_name = {line.encode()[8:40].decode().strip(): line.encode() for line in records}
    for row in rows[1:]:
        line = by_name[row[2]]
        assert float(line[54:60]) == int(row[4]) and float(line[61:67]) == int(row[5])
        assert line[68:71].strip().decode() == row[0].rstrip("=")


def _file_state(path: Path) -> dict[str, bytes]:
    """The event file and its companions (journal, snapshots) byte for byte."""
    return {p.name: p.read_bytes() for p in path.parent.rglob("*")
            if p.is_file() and p.name.startswith(path.name)}


def _pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True,
                          text=True, check=True).stdout


def test_a_team_withdraws_is_not_paired_and_comes_back(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`team-withdraw`: a team leaves from the next round (all its members), is not paired
    while away (C.04.1: only the teams present), is marked 退赛 on the standings and the
    crosstable, on paper too, and `--reinstate` brings it back; a refused withdrawal says why
    in both languages and leaves the file as it was."""
    path = tmp_path / "tuanti.gomoku"
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, 7):
        assert run(capsys, "team-add", path, "--group", GROUP, f"第{k}队", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0

    def play(round_: int) -> list[tuple[int, str, str]]:
        code, out, err = run(capsys, "pair", path, "--group", GROUP)
        assert code == 0, err
        for match, _first, _second in _matches(out):
            assert run(capsys, "team-result", path, "--group", GROUP, round_, match,
                       "1-0", "0-1", "1-0")[0] == 0
        return _matches(out)

    assert len(play(1)) == 3
    before = _file_state(path)
    for args, zh, en in (
            (("第2队", "--from-round", "1"), "第1轮已编排", "round 1 is paired already"),
            (("第9队",), "没有队伍“第9队”", "no team '第9队'"),
            (("第2队", "--from-round", "8"), "团体赛共7轮，没有第8轮可退赛",
             "has 7 rounds: there is no round 8"),
            (("--reinstate", "第2队"), "第2队 没有退赛", "第2队 has not withdrawn")):
        code, out, err = run(capsys, "team-withdraw", path, "--group", GROUP, *args)
        assert code == 2 and out == "" and zh in err and en in err, (args, err)
        assert _file_state(path) == before, args  # refused: nothing written
    code, out, err = run(capsys, "team-withdraw", path, "--group", GROUP, "第2队")
    assert code == 0, err
    assert "第2队 第2轮起退赛" in out and "withdrew from round 2" in out
    code, out, err = run(capsys, "team-withdraw", path, "--group", GROUP, "第2队")
    assert code == 2 and "第2队 已从第2轮起退赛" in err and "withdrew already" in err
    code, out, _err = run(capsys, "teams", path, "--group", GROUP)
    assert "第2队（第2轮起退赛）" in out

    second = play(2)  # five teams present: two matches and a bye, 第2队 in none
    assert len(second) == 2 and not any("第2队" in (a, b) for _m, a, b in second)
    code, out, _err = run(capsys, "standings", path, "--group", GROUP, "--csv")
    assert code == 0 and "第2队" in out
    # the team crosstable on the command line, as on paper: the team's line marked and its
    # round-2 cell 退赛; a played cell names the opponent's row, the side, result, game points
    code, out, err = run(capsys, "crosstable", path, "--group", GROUP)
    assert code == 0, err
    lines = out.splitlines()
    assert "团体交叉表" in lines[0] and lines[1].split()[-2:] == ["场分", "局分"]
    line = next(x for x in lines if "第2队" in x)
    assert "第2队（第2轮起退赛）" in line and line.split("  ")[4] == "退赛"
    assert re.search(r"\d+[先后] [胜和负] \d+:\d+", line)
    code, out, err = run(capsys, "crosstable", path, "--group", GROUP, "--csv")
    header, *csv_rows = out.splitlines()
    assert header == "row,rank,team,R1,R2,match_points,game_points"
    assert len(csv_rows) == 6 and any(r.split(",")[4] == "wd" for r in csv_rows)

    out_dir = tmp_path / "papers"
    assert run(capsys, "export", path, "--out", out_dir, "--pdf", "--xlsx")[0] == 0
    pdfs = {p.name: p for p in out_dir.rglob("*.pdf")}
    standings = _pdf_text(next(p for n, p in pdfs.items() if "团体赛 团体名次" in n))
    line = next(x for x in standings.splitlines() if "第2队" in x)
    assert "第2轮起退赛" in line  # the withdrawal on the team's line of the standings
    cross = _pdf_text(next(p for n, p in pdfs.items() if "团体交叉表" in n))
    line = next(x for x in cross.splitlines() if "第2队" in x)
    assert "退赛" in line.split("第2队", 1)[1]  # its round-2 cell
    book = load_workbook(next(out_dir.rglob("赛事数据.xlsx")), read_only=True)
    sheet = next(s for s in book.worksheets if "团体交叉表" in s.title)
    rows = list(sheet.iter_rows(values_only=True))
    withdrawn = next(r for r in rows if "第2队" in str(r[2]))
    assert withdrawn[4] == "退赛" and "第2轮起退赛" in str(withdrawn[-1])

    code, out, err = run(capsys, "team-withdraw", path, "--group", GROUP, "--reinstate",
                         "第2队")
    assert code == 0 and "恢复参赛" in out, err
    third = play(3)  # six teams again: three matches, 第2队 in one of them
    assert len(third) == 3 and any("第2队" in (a, b) for _m, a, b in third)
    code, out, _err = run(capsys, "teams", path, "--group", GROUP)
    assert "退赛" not in out
    # the TRF: the absent team in no match of round 2, the bye's 320 record; `trf check`
    # pairs every round again from the file as the event paired it
    out_dir = tmp_path / "federation"
    code, _out, err = run(capsys, "export", path, "--out", out_dir, "--only", "上报材料")
    assert code == 0, err
    trf = next(p for p in out_dir.rglob("*.trf") if "棋手" not in p.name)
    assert any(line.startswith("320 ") for line in trf.read_text(encoding="utf-8").splitlines())
    code, out, err = run(capsys, "trf", "check", trf, "--system", "team_swiss")
    assert code == 0, out + err
