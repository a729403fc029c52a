"""The papers of a knockout, read back from the saved files: the workbook holds an
individual knockout's crosstable as its PDF prints it (rows in the order of places, the same
cells), a team knockout none (its matches instead), and each team match's line with its score
and how a level match was decided (主将加赛, 抽签), as the round's PDF has it."""

from __future__ import annotations

import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.commands.helpers import KNOCKOUT_FINAL as FINAL
from tests.commands.helpers import KO, individual_knockout, ok, played_round_one, team_knockout


def _workbook(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> openpyxl.Workbook:
    ok(capsys, "export", path, "--out", out, "--xlsx", "--only", "Excel 工作簿")
    return openpyxl.load_workbook(next(out.rglob("*.xlsx")))


def _pdf_rows(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> list[list[str]]:
    ok(capsys, "export", path, "--out", out, "--pdf", "--only", f"{KO} 交叉表")
    text = subprocess.run(["pdftotext", "-layout", str(next(out.rglob("*.pdf"))), "-"],
                          capture_output=True, text=True, check=True).stdout
    return [line.split() for line in text.splitlines()
            if line.strip()[:1].isdigit() and "选手" in line]


def _played(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Six players, all three rounds played (places 1–6: 选手6, 4, 1, 2, 3, 5)."""
    individual_knockout(path, capsys)
    played_round_one(path, capsys)
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "results", path, "--group", KO, 2, "1=0-1", "2=0-1")
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "results", path, "--group", KO, 3, "1=0-1", "2=1-0", "3=0-1")
    return path


def test_an_individual_knockouts_workbook_has_its_crosstable_as_the_pdf(tmp_path, capsys):
    """The workbook had no 交叉表 sheet for a knockout (it has no standings of points, only
    the order of its places): it has the PDF's, the same rows in the same order with the
    same cells, and its legend in the printed footer."""
    path = _played(tmp_path / "ko.db", capsys)
    book = _workbook(capsys, path, tmp_path / "xlsx")
    assert f"{KO}交叉表" in book.sheetnames
    sheet = book[f"{KO}交叉表"]
    rows = list(sheet.iter_rows(values_only=True))
    assert rows[0] == ("序号", "编号", "名次", "姓名", "单位", "第1轮", "第2轮", "第3轮", "积分")
    assert rows[1:] == [(1, 6, 1, "选手6", None, "5白胜", "4白胜", "2白胜", 6),
                        (2, 4, 2, "选手4", None, "6黑胜", "3白胜", "1黑负", 4),
                        (3, 1, 3, "选手1", None, "轮空", "2黑负", "4黑胜", 4),
                        (4, 2, 4, "选手2", None, "轮空", "1黑负", "3白负", 2),
                        (5, 3, 5, "选手3", None, "1黑负", "轮空", "6白胜", 4),
                        (6, 5, 6, "选手5", None, "2白负", "轮空", "5黑负", 2)]
    printed = _pdf_rows(capsys, path, tmp_path / "pdf")
    assert [[str(c) for c in row if c is not None] for row in rows[1:]] == printed
    assert "按名次排列" in sheet.oddFooter.center.text


def test_a_knockout_crosstable_leaves_the_places_not_yet_decided_blank(tmp_path, capsys):
    """After round 1 no place is decided: the rows stand in the bands still played for, as
    on the PDF, the 名次 empty (not 0)."""
    path = individual_knockout(tmp_path / "ko.db", capsys)
    played_round_one(path, capsys)
    rows = list(_workbook(capsys, path, tmp_path / "xlsx")[f"{KO}交叉表"]
                .iter_rows(min_row=2, values_only=True))
    assert [(row[2], row[3]) for row in rows] == [
        (None, "选手1"), (None, "选手2"), (None, "选手4"), (None, "选手6"), (None, "选手3"),
        (None, "选手5")]
    # the PDF's line without a place: 序号, 编号, then the name
    assert [row[3] for row in rows] == [row[2] for row in _pdf_rows(capsys, path,
                                                                     tmp_path / "pdf")]


def _level_matches(path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """huazhi's 决赛 of four: round 1's match 1 level (3:3), decided by the captains'
    playoff (队4); round 2's final level, its playoff game drawn, decided by lots (队2)."""
    team_knockout(path, capsys, teams=4)
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 1, 1, "1-0", "1-0", "=", "--playoff",
       "1-0")
    ok(capsys, "team-result", path, "--group", FINAL, 1, 2, "1-0", "0-1", "1-0")
    ok(capsys, "pair", path, "--group", FINAL)
    ok(capsys, "team-result", path, "--group", FINAL, 2, 1, "=", "=", "=", "--playoff", "=",
       "--lots", "队2")
    ok(capsys, "team-result", path, "--group", FINAL, 2, 2, "0-1", "1-0", "0-1")
    return path


def test_a_team_knockouts_workbook_has_each_matchs_score_line(tmp_path, capsys):
    """The round's sheet listed the boards of each team match but not the match's score nor
    how a level match was decided, which the round's PDF prints on the match's line: the
    line is there, before its boards, with 3:3 主将加赛 / 3:3 抽签（队2胜）, and no points (a
    team's 局分 stays the sum of its boards' lines). No players' crosstable: its matches."""
    path = _level_matches(tmp_path / "hz.db", capsys)
    book = _workbook(capsys, path, tmp_path / "xlsx")
    assert not any("交叉表" in name for name in book.sheetnames)
    first = list(book[f"{FINAL}第1轮"].iter_rows(min_row=2, values_only=True))
    assert first[0] == ("第1场", None, None, "队1", "3:3 主将加赛", None, None, "队4", None,
                        None, None)
    assert [row[0] for row in first] == ["第1场", "第1场1台", "第1场2台", "第1场3台",
                                         "第1场主将加赛", "第2场", "第2场1台", "第2场2台",
                                         "第2场3台"]
    assert first[5][3:8] == ("队2", "6:0", None, None, "队3")
    second = list(book[f"{FINAL}第2轮"].iter_rows(min_row=2, values_only=True))
    assert second[0][:8] == ("第1场", None, None, "队4", "3:3 抽签（队2胜）", None, None, "队2")
    results = list(book[f"{FINAL}成绩"].iter_rows(min_row=2, values_only=True))
    assert [(row[0], row[1], row[5]) for row in results if row[1] == "第1场"] == [
        (1, "第1场", "3:3 主将加赛"), (2, "第1场", "3:3 抽签（队2胜）")]


# ----- a team's members in the booklets --------------------------------------------------------

_LONG = (("北京市五子棋协会", "欧阳明轩/男", "司马文博/男", "上官婉儿/女"),
         ("上海", "张伟/男", "李娜/女", "王芳/女"),
         ("杭州市棋类运动协会", "陈一鸣/男", "林晓东/男", "赵欣怡/女"),
         ("深圳", "刘洋/男", "黄磊/男", "周婷/女"))


def _teams_played(path: Path, capsys: pytest.CaptureFixture[str],
                  teams: tuple[tuple[str, ...], ...]) -> Path:
    """huazhi's 决赛 of four `teams` (name, members), both rounds played."""
    ok(capsys, "new", path, "--preset", "huazhi-2021")
    for team in teams:
        ok(capsys, "team-add", path, "--group", FINAL, *team)
    ok(capsys, "pair", path, "--group", FINAL)
    for match in (1, 2):
        ok(capsys, "team-result", path, "--group", FINAL, 1, match, "1-0", "0-1", "1-0")
    ok(capsys, "pair", path, "--group", FINAL)
    for match in (1, 2):
        ok(capsys, "team-result", path, "--group", FINAL, 2, match, "1-0", "0-1", "1-0")
    return path


def _members_table(docx_path: Path) -> tuple[list[float], list[str], bool]:
    """The 成绩册's team table: its column widths (pt), its longest cell of each column, and
    whether the section it stands in is landscape."""
    import docx
    from docx.oxml.ns import qn

    document = docx.Document(str(docx_path))
    body = document.element.body
    found = next(t for t in document.tables if "队员" in [c.text for c in t.rows[0].cells])
    elements = list(body.iterchildren())
    after = elements[elements.index(found._tbl):]
    section = next(e.find(f".//{qn('w:sectPr')}") if e.tag == qn("w:p") else e
                   for e in after
                   if e.tag == qn("w:sectPr") or e.find(f".//{qn('w:sectPr')}") is not None)
    size = section.find(qn("w:pgSz"))
    landscape = int(size.get(qn("w:w"))) > int(size.get(qn("w:h")))
    widths = [column.width.pt for column in found.columns]
    longest = [max((row.cells[k].text for row in found.rows[1:]), key=len)
               for k in range(len(widths))]
    return widths, longest, landscape


WORD_MARGIN = 11.0  # pt: Word's cell margins, both sides
WORD_FONT = 1.15  # a reader's CJK font sets a text this much wider than the shipped one


def _export_book(capsys: pytest.CaptureFixture[str], path: Path, out: Path) -> Path:
    ok(capsys, "export", path, "--out", out, "--pdf", "--only", "成绩册（Word）")
    return next(out.rglob("成绩册.docx"))


def test_the_word_booklet_gives_a_teams_members_one_line(tmp_path, capsys):
    """The 成绩册's 团体名次 in Word squeezed the members (the team's name and the prize kept
    their widths), so each team's list wrapped, a name cut across two lines: the members
    are counted whole, and a table too wide for them on a portrait page goes on a landscape
    one, the members' column as wide as its longest list measured as Word sets it."""
    from app.exports.fonts import register_fonts
    from app.exports.pdf_common import text_width

    register_fonts()
    path = _teams_played(tmp_path / "hz.db", capsys, _LONG)
    widths, longest, landscape = _members_table(_export_book(capsys, path, tmp_path / "out"))
    members = 3  # 名次 代表队 胜场 队员 奖励 备注
    assert longest[members] == "1台 欧阳明轩、2台 司马文博、3台 上官婉儿"
    assert landscape
    assert widths[members] >= text_width(longest[members], 9 * WORD_FONT) \
        + WORD_MARGIN


def test_short_members_stay_on_a_portrait_page_with_their_heading(tmp_path, capsys):
    """A table whose members fit a portrait page stays on it, under the part's heading and
    its own, the members on one line."""
    import docx

    from app.exports.fonts import register_fonts
    from app.exports.pdf_common import text_width

    register_fonts()
    teams = tuple((f"队{k}", f"甲{k}/男", f"乙{k}/男", f"丙{k}/女") for k in range(1, 5))
    path = _teams_played(tmp_path / "hz.db", capsys, teams)
    book = _export_book(capsys, path, tmp_path / "out")
    widths, longest, landscape = _members_table(book)
    assert not landscape
    assert widths[3] >= text_width(longest[3], 9 * WORD_FONT) + WORD_MARGIN
    texts = [p.text for p in docx.Document(str(book)).paragraphs]
    part = texts.index("团体名次")  # the contents are one field, its lines in one paragraph
    assert texts[part + 1] == f"{FINAL} 团体名次"


def test_the_pdf_booklet_prints_every_teams_members_at_one_size(tmp_path):
    """The 成绩册 PDF printed the longest members' list of a team table (qiwang's 团体, each
    member with his points) smaller than the others, shrunk to fit the squeezed column: the
    table goes landscape and every list is printed at the table's size."""
    from dataclasses import replace

    from app.exports import booklet, pdf_booklet
    from app.exports.model import TeamRow, TeamStandings, TieBreakColumn
    from tests.exports.sample import sample_model

    rows = (("绍兴市棋类协会", ("欧阳明轩（5分）", "司马文博（4.5分）", "上官婉儿（4分）")),
            ("上海", ("张伟（4分）", "李娜（4分）", "王芳（3分）")),
            ("杭州棋院", ("陈一鸣（3分）", "林晓东（3分）", "赵欣怡（2分）")))
    team = TeamStandings(
        "公开组团体（男子）",
        (TieBreakColumn("total", "团体总分"), TieBreakColumn("best", "最高个人积分")),
        tuple(TeamRow(k, name, (30 - k, 10 - k), members, prize="10000元、奖牌、奖状")
              for k, (name, members) in enumerate(rows, start=1)))
    model = replace(sample_model(players=12, rounds=3), team_standings=(team,), playoffs=(),
                    awards=())
    pdf = pdf_booklet.write_booklet_pdf(model, booklet.result_book(model), tmp_path / "b.pdf")
    text = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], capture_output=True,
                          text=True, check=True).stdout
    heights = {}
    for line in text.splitlines():
        if "分）、" in line:
            words = dict(part.split("=") for part in line.split("<word ")[1].split(">")[0]
                         .split())
            heights[line.split(">")[1].split("<")[0]] = round(
                float(words["yMax"].strip('"')) - float(words["yMin"].strip('"')), 1)
    assert len(heights) == 3 and len(set(heights.values())) == 1, heights


def test_an_individual_knockouts_result_book_has_its_crosstable(tmp_path, capsys):
    """The 成绩册 printed a knockout's rounds and bracket but not the crosstable its own
    交叉表 PDF has: now the same table, in the order of places, in the PDF and the Word
    booklets alike."""
    path = _played(tmp_path / "ko.db", capsys)
    out = tmp_path / "books"
    ok(capsys, "export", path, "--out", out, "--pdf", "--only", "成绩册（PDF）", "--only",
       "成绩册（Word）")
    text = subprocess.run(["pdftotext", "-layout", str(next(out.rglob("成绩册.pdf"))), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert f"{KO} 交叉表" in text
    lines = [line.split() for line in text[text.rindex(f"{KO} 交叉表"):].splitlines()
             if line.strip()[:1].isdigit() and "选手" in line]
    assert [line[:4] for line in lines[:2]] == [["1", "6", "1", "选手6"], ["2", "4", "2", "选手4"]]
    import docx

    document = docx.Document(str(next(out.rglob("成绩册.docx"))))
    headings = [p.text for p in document.paragraphs]
    assert f"{KO} 交叉表" in headings
    tables = [t for t in document.tables if t.rows[0].cells[0].text == "序号"]
    assert tables and tables[-1].rows[1].cells[3].text == "选手6"
