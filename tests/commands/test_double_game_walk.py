"""A double-game Swiss group (双盘制, 2016 无禁手组: 七、(三) two games a round, colours
exchanged; 七、(五)2 a loss on time in game 1 loses the round) walked from the command line
to its papers on the odd paths: a withdrawal, an absence, a loss on time in game 1 and in
game 2, a forfeit, and a playoff (加赛) for a prize place. Each test reads a paper itself
(the command line's output, a PDF through pdftotext, the workbook through openpyxl)."""

from __future__ import annotations

import contextlib
import io
import shutil
import subprocess
from pathlib import Path

import openpyxl
import pytest

from app.cli import main
from tests.commands.helpers import run
from tests.exports.helpers import footer_legend

GROUP = "无禁手组"  # mindgames-2016: Swiss, two games a round
NAMES = ("张一", "李二", "王三", "赵四", "钱五", "孙六", "周七", "吴八", "郑九")
ABSENT = "王三"  # absent from round 2 (缺席)
WITHDRAWN = "孙六"  # withdrawn from round 2 (退赛)


def _quiet(*args: object) -> str:
    """One command that must succeed, its output kept from the test's."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([str(a) for a in args])
    assert code == 0, (args, out.getvalue(), err.getvalue())
    return out.getvalue()


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Nine players (ids 1-9 in `NAMES` order), four rounds as the Dutch system pairs them:
    round 1 张一-钱五 won twice by 张一 (`1-0 0-1`), 孙六 lost on time in game 1 (`0-1t`), a
    draw twice, a game each; 王三 absent from round 2 and 孙六 withdrawn from it; round 2
    郑九 forfeits to 张一 (`-+`), 李二 wins and draws, 周七 wins game 2 on 吴八's time
    (`1-0 0-1t`); rounds 3 and 4; 张一 and 李二 level at place 2, whose prizes differ, play
    off: two draws, then 李二 wins the single game."""
    path = tmp_path_factory.mktemp("walk") / "mindgames.gomoku"
    _quiet("new", path, "--preset", "mindgames-2016")
    for name in NAMES:
        _quiet("add-player", path, "--group", GROUP, "--name", name, "--unit", f"单位{name}")
    _quiet("group", path, "--group", GROUP, "--rounds", "4")
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "1", "1=1-0 0-1", "2=0-1t", "3== =", "4=1-0 1-0")
    _quiet("absent", path, "3", "2", "--group", GROUP)
    _quiet("withdraw", path, "6", "--from-round", "2", "--group", GROUP)
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "2", "1=-+", "2=1-0 =", "3=1-0 0-1t")
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "3", "1== =", "2=0-1 1-0", "3=1-0 1-0", "4=0-1t")
    _quiet("pair", path, "--group", GROUP)
    _quiet("results", path, "--group", GROUP, "4", "1== =", "2== =", "3== =", "4=1-0 0-1")
    _quiet("playoff", path, "--group", GROUP, "--place", "2")
    for result in ("=", "=", "0-1"):
        _quiet("playoff-result", path, "1", result)
    return path


@pytest.fixture
def event(walked: Path, tmp_path: Path) -> Path:
    """A copy of the walked event for one test (an export takes a snapshot in it)."""
    copy = tmp_path / walked.name
    shutil.copy(walked, copy)
    return copy


def _export(path: Path, capsys: pytest.CaptureFixture[str], *only: str) -> Path:
    out = path.parent / "out"
    code, _out, err = run(capsys, "export", path, "--out", out,
                          *[a for name in only for a in ("--only", name)])
    assert code == 0, err
    return out


def _pdf_lines(path: Path) -> list[str]:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], check=True,
                          capture_output=True, text=True).stdout.splitlines()


def _flat(text: str) -> str:
    return "".join(text.split())  # a legend wraps


def _crosstable_rows(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, list[str]]:
    """The command line's crosstable: each player's round cells by name."""
    code, out, _err = run(capsys, "crosstable", path, "--group", GROUP)
    assert code == 0
    rows = [line.split("  ") for line in out.splitlines()[2:] if not line.startswith("  注")]
    return {row[3]: row[4:-1] for row in rows}


# ---------------------------------------------------------------- 退赛 / 缺席 in the crosstable

WITHDRAWN_NOTE = "退赛：孙六 第2轮起（此后不再编排，每轮计0分）"
ABSENT_NOTE = "缺席：第2轮 王三（该轮不参加编排，计0分）"


def test_the_command_line_crosstable_marks_and_explains_a_withdrawal_and_an_absence(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """退赛 for the withdrawn player's rounds (they read 缺席, an absence's word, before), 缺席
    for the absent one's, and the notes below the table say whose and what they gave (the
    Swiss table printed none)."""
    cells = _crosstable_rows(capsys, event)
    assert cells[WITHDRAWN][1:] == ["退赛", "退赛", "退赛"]
    assert cells[ABSENT][1] == "缺席"
    _code, out, _err = run(capsys, "crosstable", event, "--group", GROUP)
    notes = [line.strip() for line in out.splitlines() if line.startswith("  注")]
    assert notes[1:] == [f"注：{WITHDRAWN_NOTE}", f"注：{ABSENT_NOTE}"]


@pytest.mark.parametrize("document", [f"{GROUP} 交叉表", "成绩册（PDF）"])
def test_the_printed_crosstable_marks_and_explains_them(
        event: Path, capsys: pytest.CaptureFixture[str], document: str) -> None:
    """The PDF's and the 成绩册's crosstable: the absence reads 缺席 (it read —, 未编排, as a
    round not paired), the withdrawal 退赛, and the legend names both."""
    (pdf,) = _export(event, capsys, document).rglob("*.pdf")
    lines = _pdf_lines(pdf)
    cross = lines[next(k for k, line in enumerate(lines) if "第4轮" in line and "序号" in line):]
    absent = next(line for line in cross if f" {ABSENT} " in line)
    assert "缺席" in absent and "—" not in absent
    withdrawn = next(line for line in cross if f" {WITHDRAWN} " in line)
    assert withdrawn.split("0:2")[1].split()[:3] == ["退赛"] * 3  # after round 1's cell
    legend = _flat("".join(cross))
    assert _flat(WITHDRAWN_NOTE) in legend and _flat(ABSENT_NOTE) in legend


def test_the_workbook_crosstable_marks_and_explains_them(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (book,) = _export(event, capsys, "Excel 工作簿").rglob("*.xlsx")
    sheet = openpyxl.load_workbook(book)[f"{GROUP}交叉表"]
    rows = {row[3]: row for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert rows[ABSENT][6] == "缺席"
    assert rows[WITHDRAWN][6:9] == ("退赛",) * 3
    legend = footer_legend(sheet)
    assert WITHDRAWN_NOTE in legend and ABSENT_NOTE in legend


# ---------------------------------------------------------------- a round's games and points

DOUBLE_NOTE = ("双盘制：执子为本人第一盘所执（第二盘互换），其后为本人各盘结果（超时胜、超时负：该盘由"
               "超时判定）和本轮积分（本人在前，如 2:0）")


def _rows_by_name(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, int]:
    """Each player's row (序号) in the crosstable, by name: how cells name opponents."""
    return {name: k for k, name in enumerate(_crosstable_rows(capsys, path), start=1)}


def _expected_cells(row: dict[str, int]) -> dict[str, tuple[int, str]]:
    """Cells of the walk worked out by hand (player: round, cell), every odd path once: both
    games won as black then white; game 1 lost on time (the round lost alone, 2016 七、(五)2)
    and its winner; a game each; a win and a draw; game 2 won on the opponent's time."""
    return {"张一": (1, f"{row['钱五']}黑胜／胜 2:0"),
            "钱五": (1, f"{row['张一']}白负／负 0:2"),
            "孙六": (1, f"{row['李二']}黑超时负 0:2"),
            "李二": (1, f"{row['孙六']}白超时胜 2:0"),
            "吴八": (1, f"{row['赵四']}黑胜／负 1:1"),
            "赵四": (2, f"{row['李二']}白负／和 0:2"),
            "周七": (2, f"{row['吴八']}黑胜／超时胜 2:0")}


def test_the_command_line_crosstable_gives_each_game_and_the_rounds_points(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A double-game round's cell names each game as the row's player had it and the round's
    points, own first (it said only 胜 or 负 for the round: two games won read as one); a
    forfeit stays a forfeit; the notes say how to read it."""
    cells = _crosstable_rows(capsys, event)
    row = _rows_by_name(capsys, event)
    for name, (number, cell) in _expected_cells(row).items():
        assert cells[name][number - 1] == cell, name
    assert cells["张一"][1] == f"{row['郑九']}白不战胜"
    _code, out, _err = run(capsys, "crosstable", event, "--group", GROUP)
    assert f"  注：{DOUBLE_NOTE}" in out.splitlines()


@pytest.mark.parametrize("document", [f"{GROUP} 交叉表", "成绩册（PDF）"])
def test_the_printed_crosstable_gives_each_game_and_the_rounds_points(
        event: Path, capsys: pytest.CaptureFixture[str], document: str) -> None:
    row = _rows_by_name(capsys, event)
    (pdf,) = _export(event, capsys, document).rglob("*.pdf")
    lines = _pdf_lines(pdf)
    cross = lines[next(k for k, line in enumerate(lines) if "第4轮" in line and "序号" in line):]
    cross = cross[:next(k for k, line in enumerate(cross) if "各轮格内" in line) + 3]
    text = "\n".join(cross)
    for name, (_number, cell) in _expected_cells(row).items():
        line = next(x for x in cross if f" {name} " in x)
        assert cell in line, (name, line)
    assert "1-0" not in text and "0-1" not in text and "t" not in text  # no code (0-1t)
    assert _flat(DOUBLE_NOTE) in _flat(text)


def test_the_workbook_crosstable_gives_each_game_and_the_rounds_points(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    row = _rows_by_name(capsys, event)
    (book,) = _export(event, capsys, "Excel 工作簿").rglob("*.xlsx")
    sheet = openpyxl.load_workbook(book)[f"{GROUP}交叉表"]
    rows = {r[3]: r for r in sheet.iter_rows(min_row=2, values_only=True)}
    for name, (number, cell) in _expected_cells(row).items():
        assert rows[name][4 + number] == cell, name
    assert DOUBLE_NOTE in footer_legend(sheet)


def _round_lines(lines: list[str], start: str, end: str) -> list[str]:
    first = next(k for k, line in enumerate(lines) if start in line)
    last = next(k for k, line in enumerate(lines[first:], first) if end in line)
    return lines[first:last + 1]


@pytest.mark.parametrize("document", [f"{GROUP} 第1轮成绩表", "成绩册（PDF）"])
def test_the_results_list_gives_each_game_and_the_rounds_points(
        event: Path, capsys: pytest.CaptureFixture[str], document: str) -> None:
    """第1轮成绩表 and the 成绩册's round: each game in words (黑胜／白胜, a loss on time
    白胜（黑超时）, no 1-0t), then the round's points, the first-named player's first; the
    note says so. The 成绩册's round printed no note at all (nor who sat the round out)."""
    (pdf,) = _export(event, capsys, document).rglob("*.pdf")
    lines = _round_lines(_pdf_lines(pdf), "台次", "积分为本轮前积分")
    boards = {line.split()[2]: line for line in lines if line.split()[:1] == ["1"]
              or line.split()[:1] in (["2"], ["3"], ["4"])}
    assert "黑胜／白胜 2:0" in boards["张一"]
    assert "白胜（黑超时） 0:2" in boards["孙六"]
    assert "和／和 1:1" in boards["王三"]
    assert "黑胜／黑胜 1:1" in boards["吴八"]
    text = "\n".join(lines)
    assert "1-0" not in text and "0-1t" not in text
    assert _flat("其后的比分为本轮积分，本表先手方在前") in _flat(text)


def test_the_result_books_second_round_names_who_sat_it_out(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (pdf,) = _export(event, capsys, "成绩册（PDF）").rglob("*.pdf")
    lines = _pdf_lines(pdf)
    second = lines[next(k for k, line in enumerate(lines) if "第2轮成绩" in line
                        and "." not in line):]
    text = _flat("\n".join(second[:12]))
    assert "黑弃权0:2" in text  # 郑九 did not come: the round lost by forfeit
    assert _flat("本轮不参加编排：3号 王三（缺席）、6号 孙六（退赛）") in text


# ---------------------------------------------------------------- the 成绩册's playoff and awards

PLAYOFF_OUTCOME = "加赛结果：李二（第2名）、张一（第3名）"
SHARED_NOTE = "并列第4-5名（奖励相同，不加赛）"


def _award_lines(lines: list[str]) -> dict[str, str]:
    """The award list's lines by name, after its heading."""
    start = max(k for k, line in enumerate(lines) if line.strip() == "录取名单")
    return {line.split()[1]: line for line in lines[start:]
            if len(line.split()) > 2 and line.split()[1] in NAMES}


def test_the_result_book_says_what_the_playoff_decided_and_why_each_place_is_shared(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """成绩册 (PDF): the playoff's games, then what they decided, as the 加赛表 says it (it
    printed the games alone); the award list's 说明 as the 录取名单 prints it (it had no such
    column): 加赛决定名次 for the places played off, and a place shared inside one band of
    prizes says so (并列第4-5名…, 2016 八(二)1)."""
    (pdf,) = _export(event, capsys, "成绩册（PDF）").rglob("*.pdf")
    lines = _pdf_lines(pdf)
    playoff = lines[max(k for k, line in enumerate(lines) if line.strip() == "加赛"):]
    games = [k for k, line in enumerate(playoff) if "加赛（直到分出胜负）" in line]
    assert games and PLAYOFF_OUTCOME in playoff[games[-1] + 1]
    awards = _award_lines(lines)
    assert "说明" in "".join(lines[max(k for k, x in enumerate(lines) if x.strip() == "录取名单"):])
    assert awards["李二"].rstrip().endswith("加赛决定名次")
    assert awards["张一"].rstrip().endswith("加赛决定名次")
    assert awards["王三"].rstrip().endswith(SHARED_NOTE)
    assert awards["周七"].rstrip().endswith("证书")  # decided by the ranking: nothing to say


def test_the_word_result_book_says_the_same(event: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    import docx

    (path,) = _export(event, capsys, "成绩册（Word）").rglob("*.docx")
    document = docx.Document(str(path))
    texts = [p.text for p in document.paragraphs]
    assert PLAYOFF_OUTCOME in texts
    awards = document.tables[-1]
    assert [c.text for c in awards.rows[0].cells][-1] == "说明"
    rows = {row.cells[1].text: [c.text for c in row.cells] for row in awards.rows[1:]}
    assert rows["王三"][-1] == SHARED_NOTE and rows["李二"][-1] == "加赛决定名次"


def test_the_award_list_and_the_workbook_say_why_a_place_is_shared(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _export(event, capsys, "录取名单", "Excel 工作簿")
    (pdf,) = out.rglob("录取名单.pdf")
    assert _award_lines(_pdf_lines(pdf))["钱五"].rstrip().endswith(SHARED_NOTE)
    (book,) = out.rglob("*.xlsx")
    sheet = openpyxl.load_workbook(book)["录取名单"]
    rows = {row[3]: row for row in sheet.iter_rows(min_row=2, values_only=True)}
    assert rows["钱五"][-1] == SHARED_NOTE and rows["李二"][-1] == "加赛决定名次"
    assert rows["郑九"][-1] is None


# ---------------------------------------------------------------- how a result is typed


@pytest.mark.parametrize("command", ["result", "results"])
def test_the_result_help_says_how_a_loss_on_time_is_typed(
        capsys: pytest.CaptureFixture[str], command: str) -> None:
    """`result --help` (and `results --help`) say in words what `t` marks and what a loss on
    time in game 1 of a double-game round does (it loses the round: entered alone); each of
    its examples reads as it says (the results home's own parser)."""
    from app.results import Side, parse_board

    with pytest.raises(SystemExit) as exited:
        main([command, "--help"])
    assert exited.value.code == 0
    help_text = capsys.readouterr().out
    for words in ("超时负：胜负结果后加 t（或“超时”），表示负方超时，如 0-1t：后手胜，先手超时负",
                  "第一盘超时负即判当轮负（双盘包干），只写这一个结果：0-1t 为本台先手第一盘超时，本轮 0:2",
                  "1-0 0-1：本台先手两盘皆胜（本轮 2:0）；1-0 0-1t：第二盘本台后手超时负",
                  "A loss on time in game 1", "loses the round: enter it alone"):
        assert words in help_text, words
    both = parse_board(["1-0", "0-1"], True)
    assert (both.round_points(Side.FIRST), both.round_points(Side.SECOND)) == (2, 0)
    second = parse_board(["1-0", "0-1t"], True)
    assert second.games[1].time_loss and second.games[1].winner is Side.SECOND  # board's first
    alone = parse_board(["0-1t"], True)
    assert (alone.round_points(Side.FIRST), alone.round_points(Side.SECOND)) == (0, 2)
    assert parse_board(["白胜超时"], False) == parse_board(["0-1t"], False)


def test_a_loss_on_time_in_game_1_with_a_game_2_is_refused_nothing_written(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The help's rule holds where a result is typed: a second result after a loss on time in
    game 1 is refused, exit 2, naming why; the event file is left as it was."""
    before = event.read_bytes()
    code, _out, err = run(capsys, "result", event, "--group", GROUP, "--replace", "1", "2",
                          "0-1t", "1-0")
    assert code == 2 and "第一盘超时负即判当轮负，不能再有第二盘结果" in err
    assert event.read_bytes() == before


def test_a_ranking_after_a_round_says_what_wins_count(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """第2轮后名次表: its legend said 胜局：获胜的局数（计法见说明） with no 说明 on the page; it
    says what the group counts, as the final ranking's legend does."""
    (pdf,) = _export(event, capsys, f"{GROUP} 第2轮后名次表").rglob("*.pdf")
    text = _flat("".join(_pdf_lines(pdf)))
    assert "见说明" not in text
    assert "胜局：实战获胜的轮数（双盘制按两盘综合的当轮结果计），含不战胜，不含轮空" in text


def test_the_standings_say_that_wins_are_rounds_in_a_double_game_group(
        event: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """胜局 of a double-game group counts the rounds won (a round's result is its two games
    together, 2016 七(三)), as SP98 counts one result a round: the legend says rounds, not
    games, on the command line and on the final 名次表."""
    code, out, _err = run(capsys, "standings", event, "--group", GROUP)
    assert code == 0
    assert "注：胜局：实战获胜的轮数（双盘制按两盘综合的当轮结果计），含不战胜，不含轮空" in out
    assert "实战获胜的局数" not in out
    (pdf,) = _export(event, capsys, f"{GROUP} 名次表").rglob("*.pdf")
    text = _flat("".join(_pdf_lines(pdf)))
    assert "胜局：实战获胜的轮数（双盘制按两盘综合的当轮结果计）" in text
