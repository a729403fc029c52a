"""What each team receives, on the team papers as on the individual 名次表: the 团体名次 PDF, its
sheet in the workbook and its section of the 成绩册 (PDF and Word) have a 奖励 column, filled
from the one decision `team-standings` prints (`app.services.ranking`: the team's award,
worded by `wording.prize_text`), with the 备注 of how the place was decided kept beside it: a
place drawn by lots (抽签决定名次), places shared with the money split (并列…奖金平分), a team
that withdrew (第2轮起退赛). Read off the files: pdftotext, openpyxl, python-docx."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import docx
import openpyxl
import pytest

from app.cli import main
from app.exports import booklet, docx_booklet, pdf_booklet, pdf_lists
from app.exports.model import ExportModel, TeamStandings
from app.exports.xlsx import write_workbook
from app.services import rounds, teams
from app.services.event import Event
from app.services.exporting import build_model
from app.services.groups import update_group
from app.services.players import add_player
from app.services.ranking import TeamStandingsInfo, team_standings
from app.wording import prize_text, team_row_note
from tests.exports.helpers import pdf_layout_lines, pdf_text, squeezed, word_heights

pytestmark = pytest.mark.slow  # whole events built, ranked and printed

OPEN = "公开组"
MEN, WOMEN = "公开组团体（男子）", "公开组团体（女子）"
UNITS = ("甲", "乙", "丙", "丁", "戊")
DRAWN = ("乙", "丁", "甲", "戊", "丙")  # the order the women's lots gave
SWISS = "团体赛"


def _qiwang(path: Path) -> Event:
    """Five units of four men and two women, one round all drawn: the five men's teams level
    over places worth 10000/6000/4000/2000/1000 元 (shared, the money split), the five
    women's level too (drawn by lots, qiwang 十五2)."""
    event = Event.create(path, preset="qiwang-2022")
    update_group(event, OPEN, rounds=1, settings={"playoffs": False})
    for unit in UNITS:
        for k in range(1, 5):
            add_player(event, OPEN, name=f"{unit}男{k}", unit=unit, gender="M")
        for k in (1, 2):
            add_player(event, OPEN, name=f"{unit}女{k}", unit=unit, gender="F")
    info = rounds.pair_next_round(event, OPEN)
    rounds.enter_results(event, OPEN, info.number,
                         {b.number: ["="] for b in info.boards if b.second})
    teams.set_team_ranking_rules(event, MEN, tie_rule="share")
    teams.set_team_ranking_rules(event, WOMEN, tie_rule="playoff")
    teams.record_lots(event, WOMEN, list(DRAWN))
    return event


def _team_swiss(path: Path) -> None:
    """A Team Swiss of six teams over two rounds (tuanti-2026): T6 withdraws from round 2,
    the two teams level for 2nd and 3rd (2000 and 1000 元) are drawn by lots."""
    def run(*args: object) -> None:
        assert main([str(a) for a in args]) == 0, args

    run("new", path, "--preset", "tuanti-2026")
    run("group", path, "--group", SWISS, "--rounds", 2, "--set",
        'prizes=[{"from":1,"to":1,"money":3000},{"from":2,"to":2,"money":2000},'
        '{"from":3,"to":6,"money":1000,"items":["奖杯"]}]')
    for k in range(1, 7):
        run("team-add", path, "--group", SWISS, f"T{k}", f"a{k}/男", f"b{k}/男", f"c{k}/女")
    for number in (1, 2):
        if number == 2:
            run("team-withdraw", path, "--group", SWISS, "T6")
        run("pair", path, "--group", SWISS)
        for match in (1, 2) if number == 2 else (1, 2, 3):
            run("team-result", path, "--group", SWISS, number, match, "1-0", "0-1", "1-0")
    assert main(["team-standings", str(path)]) == 1  # 2nd-3rd level: lots to draw
    level = [t for t in ("T1", "T2", "T3") if _swiss_place(path, t) == "2="]
    run("team-lots", path, "--group", SWISS, *reversed(level))


def _swiss_place(path: Path, team: str) -> str:
    with Event.open(path) as event:
        from app.services.ranking import standings
        table = standings(event, SWISS)
    row = next(r for r in table.rows if r.player.name == team)
    return f"{row.place}{'=' if row.shared else ''}"


@pytest.fixture(scope="module")
def qiwang(tmp_path_factory: pytest.TempPathFactory
           ) -> Iterator[tuple[ExportModel, list[TeamStandingsInfo]]]:
    with _qiwang(tmp_path_factory.mktemp("teams") / "qiwang.db") as event:
        yield build_model(event), team_standings(event)


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ExportModel]:
    path = tmp_path_factory.mktemp("swiss") / "tuanti.db"
    _team_swiss(path)
    with Event.open(path) as event:
        yield build_model(event)


def _table(model: ExportModel, caption: str) -> TeamStandings:
    return next(t for t in model.team_standings if t.caption == caption)


def _said(info: TeamStandingsInfo) -> dict[str, tuple[str, str]]:
    """Each placed team's prize and note as `team-standings` prints them."""
    return {row.team: (prize_text(row.award), team_row_note(row.note, row.award))
            for row in info.rows if row.place is not None}


def _pdf_rows(path: Path, teams_listed: list[str]) -> dict[str, str]:
    """Each team's line of a PDF table (its cells run together: wrapped cells break)."""
    lines = pdf_layout_lines(path)
    found = {}
    for team in teams_listed:
        line = next(x for x in lines if x.split() and x.split()[:2][-1] == team
                    or x.split()[:1] == [team])
        found[team] = squeezed(line)
    return found


def _header(path: Path) -> list[str]:
    return next(line.split() for line in pdf_layout_lines(path) if line.lstrip().startswith(
        "名次"))


# ---------------------------------------------------------------- the 团体名次 PDF


def test_the_team_paper_gives_each_team_the_prize_team_standings_prints(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], tmp_path: Path) -> None:
    model, infos = qiwang
    for info in infos:
        team = _table(model, f"团体名次（{info.name}）")
        path = pdf_lists.write_team_standings(model, team, tmp_path / f"{info.name}.pdf")
        header = _header(path)
        assert header[-2:] == ["奖励", "备注"], header
        said = _said(info)
        assert sum(1 for prize, _ in said.values() if prize) >= 3, said
        for name, line in _pdf_rows(path, list(said)).items():
            prize, note = said[name]
            assert squeezed(prize + note) in line, (name, line)


def test_shared_team_places_split_the_money_on_the_paper(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], tmp_path: Path) -> None:
    model, _infos = qiwang
    path = pdf_lists.write_team_standings(model, _table(model, f"团体名次（{MEN}）"),
                                          tmp_path / "men.pdf")
    rows = _pdf_rows(path, list(UNITS))
    # (10000 + 6000 + 4000 + 2000 + 1000) / 5, as the individual 名次表 splits a share
    assert all("1=" in line and "4600元" in line and "并列第1-5名，奖金平分" in line
               for line in rows.values()), rows


def test_a_place_drawn_by_lots_keeps_its_note_beside_its_prize(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], tmp_path: Path) -> None:
    model, _infos = qiwang
    path = pdf_lists.write_team_standings(model, _table(model, f"团体名次（{WOMEN}）"),
                                          tmp_path / "women.pdf")
    rows = _pdf_rows(path, list(DRAWN))
    assert rows["甲"].startswith("3甲") and "2000元" in rows["甲"], rows
    assert all(line.endswith("抽签决定名次") for line in rows.values()), rows


def test_a_team_swiss_paper_gives_the_withdrawn_and_the_drawn_their_prizes(
        swiss: ExportModel, tmp_path: Path) -> None:
    team = _table(swiss, f"{SWISS} 团体名次")
    path = pdf_lists.write_team_standings(swiss, team, tmp_path / "swiss.pdf")
    assert "奖励" in _header(path)
    rows = _pdf_rows(path, [f"T{k}" for k in range(1, 7)])
    assert "1000元、奖杯第2轮起退赛" in rows["T6"], rows
    drawn = sorted(line for line in rows.values() if "抽签决定名次" in line)
    assert [line[:1] for line in drawn] == ["2", "3"], rows
    assert any("2000元抽签决定名次" in line for line in drawn), drawn
    assert any("1000元、奖杯抽签决定名次" in line for line in drawn), drawn
    # the team crosstable gives nobody anything: no 奖励 column there
    cross = pdf_lists.write_team_standings(swiss, _table(swiss, f"{SWISS} 团体交叉表"),
                                           tmp_path / "cross.pdf")
    assert "奖励" not in pdf_text(cross)


def test_long_member_lists_keep_the_tables_size_beside_the_prize(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], tmp_path: Path) -> None:
    """Three members with their points beside the prize and the note are wider than a
    portrait page: the page turns, the members are not printed smaller than the teams."""
    model, _infos = qiwang
    team = _table(model, f"团体名次（{MEN}）")
    longer = replace(team, rows=tuple(
        replace(row, members=tuple(f"{name.split('（')[0]}号棋手（1分）" for name in row.members))
        for row in team.rows))
    path = pdf_lists.write_team_standings(model, longer, tmp_path / "men.pdf")
    heights = word_heights(path)
    teams = {round(h, 1) for word, h in heights if word in UNITS}
    members = {round(h, 1) for word, h in heights if "号棋手" in word}
    assert len(teams) == 1 and members == teams, (teams, members)


def test_a_provisional_team_ranking_prints_no_prize_yet(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], tmp_path: Path) -> None:
    """As a 名次表 after a round: while a team ranking is not final (临时), what its places
    give is not printed beside them."""
    model, _infos = qiwang
    team = replace(_table(model, f"团体名次（{MEN}）"), final=False)
    path = pdf_lists.write_team_standings(model, team, tmp_path / "men.pdf")
    assert _header(path)[-2:] == ["队员", "备注"] and "4600元" not in pdf_text(path)


# ---------------------------------------------------------------- the workbook


def test_the_workbook_team_sheet_has_the_prize_column(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], swiss: ExportModel,
        tmp_path: Path) -> None:
    model, infos = qiwang
    write_workbook(model, tmp_path / "book.xlsx")
    book = openpyxl.load_workbook(tmp_path / "book.xlsx")
    for info in infos:
        sheet = next(s for s in book.worksheets if s.title.startswith(f"团体名次（{info.name}"))
        header, *rows = [[c if c is not None else "" for c in row]
                         for row in sheet.iter_rows(values_only=True)]
        prize, note = header.index("奖励"), header.index("备注")
        assert prize == note - 1, header
        said = _said(info)
        got = {row[header.index("代表队")]: (row[prize], row[note]) for row in rows
               if row[header.index("代表队")] in said}
        assert got == said
    write_workbook(swiss, tmp_path / "swiss.xlsx")
    book = openpyxl.load_workbook(tmp_path / "swiss.xlsx")
    sheet = next(s for s in book.worksheets if s.title.startswith(f"{SWISS} 团体名次"))
    header, *rows = list(sheet.iter_rows(values_only=True))
    line = next(r for r in rows if r[header.index("代表队")] == "T6")
    assert (line[header.index("奖励")], line[header.index("备注")]) == ("1000元、奖杯", "第2轮起退赛")


# ---------------------------------------------------------------- the 成绩册


def test_the_result_book_team_section_has_the_prize_column(
        qiwang: tuple[ExportModel, list[TeamStandingsInfo]], tmp_path: Path) -> None:
    model, infos = qiwang
    book = booklet.result_book(model)
    pdf = pdf_booklet.write_booklet_pdf(model, book, tmp_path / "成绩册.pdf")
    text = squeezed(pdf_text(pdf))
    # the section's tables (the contents page names them first), before the 录取名单's
    section = text[text.rfind(f"团体名次（{MEN}）"):].split("录取名单")[0]
    men, women = section.split(f"团体名次（{WOMEN}）")
    assert men.count("名次代表队积分队员奖励备注") == 1 == women.count("名次代表队积分队员奖励备注")
    assert men.count("（1分）4600元、奖牌、奖状并列第1-5名，奖金平分") == 5, men
    assert "3甲2甲女1（1分）、甲女2（1分）2000元、奖牌、奖状抽签决定名次" in women
    word = docx.Document(str(docx_booklet.write_booklet_docx(model, book,
                                                             tmp_path / "成绩册.docx")))
    tables = [t for t in word.tables if [c.text for c in t.rows[0].cells][:2] == ["名次", "代表队"]]
    assert len(tables) == 2, [t.rows[0].cells[1].text for t in word.tables]
    for table, info in zip(tables, infos, strict=True):
        header = [c.text for c in table.rows[0].cells]
        assert header[-2:] == ["奖励", "备注"], header
        cells = {row.cells[1].text: (row.cells[-2].text, row.cells[-1].text)
                 for row in table.rows[1:]}
        assert {t: cells[t] for t in _said(info)} == _said(info)
