"""The paths a Double-Swiss (FIDE C.04.5, 双盘) group takes once in a real final, walked from
the command line as an arbiter walks them: a bye requested in advance, a late entry, a
withdrawal, forfeits, a pairing changed by hand; each checked on the papers and in the TRF
the export writes (re-paired by `trf check`)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

import pytest

from app.cli import main

GROUP = "男子组（大众规则·线上初赛）"
Capture = pytest.CaptureFixture[str]


def _run(capsys: Capture, *args: str) -> str:
    """Run one command that must succeed; what it printed."""
    capsys.readouterr()
    code = main(list(args))
    out, err = capsys.readouterr()
    assert code == 0, (args, out, err)
    return out


def _event(tmp_path: Path, capsys: Capture, players: int = 8) -> str:
    path = str(tmp_path / "ds.gomoku")
    _run(capsys, "new", path, "--preset", "shenzhen-2022")
    _run(capsys, "group", path, "--group", GROUP, "--system", "double_swiss", "--rounds", "5")
    for k in range(1, players + 1):
        _run(capsys, "add-player", path, "--group", GROUP, "--name", f"棋手{k}",
             "--unit", f"单位{k % 4}")
    return path


def _boards(capsys: Capture, path: str, round_: int) -> list[int]:
    """The boards of a round that have two players."""
    out = _run(capsys, "round", path, "--group", GROUP, str(round_))
    return [int(line.split()[0]) for line in out.splitlines() if "(先手) -" in line]


def _play(capsys: Capture, path: str, round_: int, results: Iterable[str] = ("1-0 =",)
          ) -> None:
    """Pair the round and enter its boards, the results given in turn."""
    _run(capsys, "pair", path, "--group", GROUP)
    codes = list(results)
    entries = [f"{board}={codes[k % len(codes)]}"
               for k, board in enumerate(_boards(capsys, path, round_))]
    _run(capsys, "results", path, "--group", GROUP, str(round_), *entries)


def _export(capsys: Capture, path: str, out: Path, *only: str) -> Path:
    _run(capsys, "export", path, "--out", str(out),
         *[arg for name in only for arg in ("--only", name)])
    return out


def _trf(out: Path) -> Path:
    return next(p for p in out.rglob("*.trf") if not p.stem.endswith("棋手"))


def _player_lines(trf: Path) -> dict[str, str]:
    return {line[14:47].strip(): line for line in trf.read_text(encoding="utf-8").splitlines()
            if line.startswith("001")}


def _xxd(trf: Path) -> dict[int, list[str]]:
    return {int(line.split()[1]): line.split()[2:]
            for line in trf.read_text(encoding="utf-8").splitlines() if line.startswith("XXD")}


def _standings(capsys: Capture, path: str) -> dict[str, str]:
    """Name -> points, as `standings --csv` prints them."""
    rows = _run(capsys, "standings", path, "--group", GROUP, "--csv").splitlines()
    header = rows[0].split(",")
    name, points = header.index("name"), header.index("points")
    return {row.split(",")[name]: row.split(",")[points] for row in rows[1:]}


def test_a_requested_bye_is_in_the_trf_as_the_event_scores_it(tmp_path: Path,
                                                             capsys: Capture) -> None:
    """请假半分 / 请假全分 in a Double-Swiss group give two games' points (1 and 2 games'
    worth, 2 and 4 in the group's 2/1/0): the TRF's round record is the bye as its 162 line
    scores it (H, F), the games' points it gave are in XXD, so the file's totals read back
    and `trf check` re-pairs the rounds as the event paired them."""
    path = _event(tmp_path, capsys)
    _play(capsys, path, 1)
    _run(capsys, "absent", path, "2", "2", "--kind", "half_bye")
    _run(capsys, "absent", path, "3", "2", "--kind", "full_bye")
    _play(capsys, path, 2)
    _play(capsys, path, 3)
    trf = _trf(_export(capsys, path, tmp_path / "out", "上报材料"))
    lines, games = _player_lines(trf), _xxd(trf)
    assert "0000 - H" in lines["棋手2"] and "0000 - F" in lines["棋手3"]
    assert games[2][1] == "2.0" and games[3][1] == "4.0"  # the byes' games, 小分 units
    totals = _standings(capsys, path)
    for number in (2, 3):
        # the 001 total is the match points, the event's score the games' (XXD's sum)
        assert sum(float(x) for x in games[number] if x != "-") == float(
            totals[f"棋手{number}"])
    capsys.readouterr()
    assert main(["trf", "check", str(trf)]) == 0, capsys.readouterr()


def _list_points(pdf: Path) -> dict[str, str]:
    """Name -> the points before the round on a pairing list by name (积分 column)."""
    from tests.exports.helpers import pdf_layout_lines

    lines = pdf_layout_lines(pdf)
    header = next(line for line in lines if line.split()[:2] == ["姓名", "编号"])
    return {line.split()[0]: line.split()[3] for line in lines[lines.index(header) + 1:]
            if line.startswith("棋手") and len(line.split()) > 4}


def test_the_pairing_list_counts_a_requested_bye_in_the_points_before_the_round(
        tmp_path: Path, capsys: Capture) -> None:
    """The round after a 请假半分, the pairing list prints the points the bye gave among the
    points before the round (积分为本轮前积分), as the standings count them; it printed them
    without the bye."""
    path = _event(tmp_path, capsys)
    _play(capsys, path, 1)
    _run(capsys, "absent", path, "2", "2", "--kind", "half_bye")
    _play(capsys, path, 2)
    _run(capsys, "pair", path, "--group", GROUP)
    out = _export(capsys, path, tmp_path / "out", f"{GROUP} 第3轮对阵表（按姓名）")
    listed = _list_points(next(out.rglob("对阵表（按姓名）.pdf")))
    totals = _standings(capsys, path)
    assert listed["棋手2"] == totals["棋手2"] != "0"
    assert listed == {name: totals[name] for name in listed}


def test_the_crosstable_shows_a_requested_bye_as_the_window_does(tmp_path: Path,
                                                                capsys: Capture) -> None:
    """A 请假半分 round is 免赛和 in the printed and the workbook's crosstable, as in the
    window's and the command line's, with its word in the legend; the papers said — (not
    paired) for a round the standings count 2 for."""
    import openpyxl

    from tests.exports.helpers import pdf_layout_lines, pdf_text, squeezed

    path = _event(tmp_path, capsys)
    _play(capsys, path, 1)
    _run(capsys, "absent", path, "2", "2", "--kind", "half_bye")
    _play(capsys, path, 2)
    out = _export(capsys, path, tmp_path / "out", f"{GROUP} 交叉表", "Excel 工作簿")
    command_line = _run(capsys, "crosstable", path, "--group", GROUP)
    assert "免赛和" in next(line for line in command_line.splitlines() if "棋手2" in line)
    pdf = next(out.rglob("交叉表.pdf"))
    row = next(line for line in pdf_layout_lines(pdf) if "棋手2" in line)
    # round 1's cell its games and points (`负／和 1:3`), round 2's the bye asked for
    assert row.split()[7] == "免赛和" and ":" in row.split()[6] and "—" not in row
    assert "免赛和" in squeezed(pdf_text(pdf)).split("各轮格内")[1]  # the legend says it
    sheet = openpyxl.load_workbook(next(out.rglob("*.xlsx")))[f"{GROUP}交叉表"]
    cells = next(r for r in sheet.iter_rows(values_only=True) if r[3] == "棋手2")
    assert cells[6] == "免赛和"


def test_a_late_entry_keeps_its_points_for_the_round_it_missed(tmp_path: Path,
                                                              capsys: Capture) -> None:
    """迟到报名所缺轮次得分: the points a late entry is given for a round it missed count in a
    Double-Swiss group too, as two games at that value (the games' points it is ranked and
    paired on, as a bye's are); they were lost (0), where a Swiss group keeps them."""
    path = _event(tmp_path, capsys, players=4)
    _run(capsys, "group", path, "--group", GROUP, "--set", "late_entry_points=1")
    _play(capsys, path, 1, ["1-0 0-1"])  # the first-named wins both
    _run(capsys, "add-player", path, "--group", GROUP, "--name", "迟到者")
    totals = _standings(capsys, path)
    assert totals["迟到者"] == "2"  # two games drawn's worth: 1 point a game at 2/1/0
    assert totals["棋手1"] == "4" and totals["棋手2"] == "0"


def test_one_game_of_a_match_forfeited_alone(tmp_path: Path, capsys: Capture) -> None:
    """C.04.5 Preface: a match is a forfeit only when a player forfeits both games. A player
    who wins game 1 and does not come to game 2 is entered `1-0 -+` (game 2 its own first
    mover first: he is the second-named player, so `-+`): the match is played (the two have
    met, the TRF's round record a win, not a forfeit), the forfeited game scored as a forfeit.
    Refused before: a forfeit could only be the whole round's."""
    path = _event(tmp_path, capsys, players=6)
    _run(capsys, "pair", path, "--group", GROUP)
    _run(capsys, "results", path, "--group", GROUP, "1", "1=1-0 -+", "2=+- 0-1", "3== --")
    out = _run(capsys, "round", path, "--group", GROUP, "1")
    assert "[1-0 -+]" in out and "[+- 0-1]" in out and "[= --]" in out
    boards = [line.split() for line in out.splitlines() if "(先手) -" in line]
    totals = _standings(capsys, path)
    first, second = boards[0][1], boards[0][4]
    assert (totals[first], totals[second]) == ("4", "0")  # both games to the first-named
    assert (totals[boards[2][1]], totals[boards[2][4]]) == ("1", "1")  # a draw, a game lost
    # by both: level, a drawn match on every paper (the crosstable and the TRF alike)
    crosstable = _run(capsys, "crosstable", path, "--group", GROUP)
    assert "和" in next(line for line in crosstable.splitlines() if boards[2][1] in line)
    trf = _trf(_export(capsys, path, tmp_path / "out", "上报材料"))
    lines = _player_lines(trf)
    assert lines[first].rstrip().endswith(" w 1") and lines[second].rstrip().endswith(" b 0")
    assert lines[boards[2][1]].rstrip().endswith(" w =")
    capsys.readouterr()
    assert main(["trf", "check", str(trf)]) == 0, capsys.readouterr()


def test_a_match_with_no_game_played_is_one_forfeit_code(tmp_path: Path,
                                                         capsys: Capture) -> None:
    path = _event(tmp_path, capsys, players=2)
    _run(capsys, "pair", path, "--group", GROUP)
    capsys.readouterr()
    assert main(["result", path, "--group", GROUP, "1", "1", "+-", "-+"]) == 2
    err = capsys.readouterr().err
    assert "两盘都未下即整场弃权" in err and "enter one forfeit code alone" in err
    assert "[" not in _run(capsys, "round", path, "--group", GROUP, "1")  # nothing written


def test_a_shenzhen_double_game_round_keeps_its_forfeit_for_the_whole_round(
        tmp_path: Path, capsys: Capture) -> None:
    """Not a Double-Swiss: the shenzhen 双盘 group (双盘包干) takes a forfeit for the round
    only, as before."""
    path = str(tmp_path / "sz.gomoku")
    _run(capsys, "new", path, "--preset", "shenzhen-2022")
    for k in (1, 2):
        _run(capsys, "add-player", path, "--group", GROUP, "--name", f"棋手{k}")
    _run(capsys, "pair", path, "--group", GROUP)
    capsys.readouterr()
    assert main(["result", path, "--group", GROUP, "1", "1", "1-0", "-+"]) == 2
    assert "弃权只能作为整轮结果单独录入" in capsys.readouterr().err


def test_a_pairing_changed_by_hand_names_who_met_and_dates_the_notes(tmp_path: Path,
                                                                     capsys: Capture) -> None:
    """`exchange` in a Double-Swiss round: the rules the change breaks name the players (棋手1
    （1号）), not their bare numbers (`1 与 4`); and the round's notes, which the program
    wrote for its own boards (升档 on board 1 ...), are said to be about those, once, before
    the first change by hand."""
    path = _event(tmp_path, capsys, players=4)
    _play(capsys, path, 1, ["1-0 ="])
    _run(capsys, "pair", path, "--group", GROUP)
    one = _run(capsys, "round", path, "--group", GROUP, "1")
    met = [line.split() for line in one.splitlines() if "(先手) -" in line]
    two = [line.split() for line in _run(capsys, "round", path, "--group", GROUP, "2")
           .splitlines() if "(先手) -" in line]
    seat = {name: (int(row[0]), "first" if k == 1 else "second")
            for row in two for k, name in ((1, row[1]), (4, row[4]))}
    a, b = met[0][1], met[0][4]
    (board_a, seat_a), (board_b, seat_b) = seat[a], seat[b]
    opposite_a = "first" if seat_a == "second" else "second"
    # b into the seat facing a: the two of round 1's board 1 meet again
    printed = _run(capsys, "exchange", path, "--group", GROUP, "2", str(board_a), opposite_a,
                   str(board_b), seat_b)
    assert f"{a}（" in printed and f"{b}（" in printed and "已经对局过" in printed
    assert f"{a} (no. " in printed and "have met" in printed
    _run(capsys, "swap", path, "--group", GROUP, "2", "1")
    report = _run(capsys, "round", path, "--group", GROUP, "2")
    assert report.count("以上编排说明是对程序所编对阵而言") == 1
    assert report.index("以上编排说明") < report.index("人工调整")


def test_the_group_says_what_the_bye_is_worth_as_the_standings_count_it(
        tmp_path: Path, capsys: Capture) -> None:
    """`group` printed 轮空2 (the points line's bye, which a Double-Swiss does not use) where
    the standings give the pairing-allocated bye 3 (a game won, one drawn, C.04.5 Art. 3.4):
    it now says what each round without a game gives, the values the standings count."""
    path = _event(tmp_path, capsys, players=3)
    shown = _run(capsys, "group", path, "--group", GROUP)
    line = next(x for x in shown.splitlines() if "双盘积分编排计分" in x)
    assert "轮空3" in line and "请假半分2" in line and "不战胜4" in line and "bye 3" in line
    _run(capsys, "absent", path, "1", "1", "--kind", "half_bye")
    _run(capsys, "pair", path, "--group", GROUP)  # two left: one board, no bye
    _run(capsys, "results", path, "--group", GROUP, "1", "1=+-")
    _run(capsys, "pair", path, "--group", GROUP)
    out = _run(capsys, "round", path, "--group", GROUP, "2")
    bye = next(x.split()[1] for x in out.splitlines() if "轮空 / bye" in x)
    totals = _standings(capsys, path)  # round 2's bye counted as soon as it is paired
    assert totals["棋手1"] == "2"  # 请假半分2
    assert totals[bye] == "3"  # lost round 1 by forfeit (0), then 轮空3
    assert sorted(totals.values()) == ["2", "3", "4"]  # and 不战胜4
