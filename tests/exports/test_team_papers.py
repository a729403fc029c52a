"""The papers of a Team Swiss event (FIDE C.04.6, the tuanti template played to the end):
what the arbiter reads on the workbook, the booklets, the team crosstable and the
certificates."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import replace
from datetime import date
from pathlib import Path

import docx
import openpyxl
import pytest

from app import wording
from app.exports import booklet, docx_booklet, pdf_booklet, pdf_lists
from app.exports.certificates import write_certificates
from app.exports.group_trf import group_trf
from app.exports.model import Award, ExportModel, TeamBye, TeamStandings
from app.exports.xlsx import write_workbook
from app.services.demo import build_demo
from app.services.exporting import build_model
from tests.exports.helpers import pdf_layout_lines, pdf_pages, squeezed

GROUP = "团体赛"


@pytest.fixture(scope="module")
def model(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ExportModel]:
    event = build_demo(tmp_path_factory.mktemp("tuanti") / "tuanti.gomoku", "tuanti-2026")
    try:
        yield build_model(event)
    finally:
        event.close()


def _key(model: ExportModel) -> str:
    return next(g.key for g in model.groups if g.name == GROUP)


def _round_sheet(model: ExportModel, path: Path, number: int) -> list[tuple[object, ...]]:
    write_workbook(model, path)
    book = openpyxl.load_workbook(path)
    return list(book[f"{GROUP}第{number}轮"].iter_rows(values_only=True))


# ---------------------------------------------------------------- the workbook's points


def test_the_workbook_gives_each_team_game_its_game_points(
        model: ExportModel, tmp_path: Path) -> None:
    """先手得分 / 后手得分 of a team game: the game's points (胜2 和1 负0), which add up, match
    by match, to the match's game points (局分) the 成绩表 prints."""
    header, *rows = _round_sheet(model, tmp_path / "book.xlsx", 2)
    first, second = header.index("先手得分"), header.index("后手得分")
    result, first_team = header.index("结果"), header.index("先手单位")
    games = [r for r in rows if str(r[0]).endswith("台")]
    assert games, rows
    words = {"黑胜": (2, 0), "白胜": (0, 2), "和棋": (1, 1)}
    for row in games:
        assert (row[first], row[second]) == words.get(str(row[result]).split("（")[0],
                                                       (row[first], row[second])), row
        assert row[first] is not None and row[second] is not None, row
        assert row[first] + row[second] in (2, 0), row  # a game, a forfeit both lost
    rnd = model.round(_key(model), 2)
    for match in {b.match for b in rnd.boards}:
        team = next(b.first_team for b in rnd.boards if b.match == match)
        lines = [r for r in games if str(r[0]).startswith(f"第{match}场")]
        own = sum(r[first] if r[first_team] == team else r[second] for r in lines)
        total = sum(r[first] + r[second] for r in lines)
        score = next(b.match_score for b in rnd.boards if b.match == match)
        assert score is not None
        assert sorted((own, total - own)) == sorted((score.first, score.second)), match

def test_the_results_list_says_what_a_team_bye_gave(model: ExportModel, tmp_path: Path
                                                    ) -> None:
    """第N轮成绩表: a team's bye line gives what the bye brought (计胜一场：场分…，局分…), as the
    workbook does; the pairing list posted before the round says 轮空 alone."""
    group = _key(model)
    first = model.round(group, 1)
    bye = TeamBye(match=len(first.team_byes) + 99, team="轮空测试队", match_points=2,
                  game_points=3 * model.group(group).scale)
    rounds = tuple(replace(r, team_byes=(*r.team_byes, bye)) if r is first else r
                   for r in model.rounds)
    with_bye = replace(model, rounds=rounds)
    said = wording.team_bye_scores_text(2, "3")
    results = pdf_layout_lines(pdf_lists.write_round_results(with_bye, group, 1,
                                                             tmp_path / "r.pdf"))
    line = next(line for line in results if "轮空测试队" in line)
    assert "轮空" in line.replace("轮空测试队", "") and said in line, line
    posted = pdf_layout_lines(pdf_lists.write_pairings_by_board(with_bye, group, 1,
                                                                tmp_path / "p.pdf"))
    line = next(line for line in posted if "轮空测试队" in line)
    assert "计胜一场" not in line, line


def test_team_game_points_leave_the_other_papers_as_they_were(
        model: ExportModel, tmp_path: Path) -> None:
    """Only the workbook's two columns change: the boards keep no round points, so the pairing
    list has no points column, the players' TRF its points from the games (a win 1) and the
    team crosstable its match scores."""
    key = _key(model)
    lines = pdf_layout_lines(pdf_lists.write_pairings_by_board(
        model, key, 2, tmp_path / "pairings.pdf"))
    header = next(line for line in lines if "结果" in line).split()
    assert header == ["台次", "编号", "先手（黑）", "单位", "结果", "后手（白）", "单位", "编号"]
    trf = group_trf(model, key, with_teams=False)
    worth = {"1": 2, "+": 2, "=": 1, "0": 0, "-": 0}  # the TRF's 162 line: W 2.0 D 1.0
    lines = [line for line in trf.splitlines() if line.startswith("001")]
    assert lines
    for line in lines:
        points = float(re.findall(r" (\d+\.\d) ", line)[0])
        games = re.findall(r" +\d+ [wb-] ([10=+-])", line)
        assert points == sum(worth[g] for g in games), line
    assert all(b.first_points is None and b.second_points is None
               for r in model.rounds_of(key) for b in r.boards)


# ---------------------------------------------------------------- the 秩序册's entries


def _teams_in_board_order(model: ExportModel) -> dict[str, list[str]]:
    names = {p.id: p.name for p in model.players}
    teams: dict[str, list[tuple[int, str]]] = {}
    for player, team, board in model.team_members:
        teams.setdefault(team, []).append((board, names[player]))
    return {team: [name for _board, name in sorted(members)]
            for team, members in teams.items()}


def test_the_order_book_lists_each_team_with_its_members_in_board_order(
        model: ExportModel, tmp_path: Path) -> None:
    """秩序册 参赛名单 of a team group (PDF): each team named, its members under it by 台次."""
    teams = _teams_in_board_order(model)
    assert len(teams) == 16
    path = pdf_booklet.write_booklet_pdf(model, booklet.order_book(model), tmp_path / "b.pdf")
    lines = pdf_layout_lines(path)
    start = lines.index(next(line for line in lines if line.strip() == "参赛名单"))
    assert "团体赛（16队，48人）" in lines[start + 1]
    rows = [line.split() for line in lines[start + 2:] if re.search(r"第\d台", line)]
    listed: dict[str, list[str]] = {}
    team = ""
    for row in rows:
        at = next(k for k, word in enumerate(row) if re.fullmatch(r"第\d台", word))
        team = row[0] if at else team
        listed.setdefault(team, []).append(row[at + 2])
        assert row[at] == f"第{len(listed[team])}台", row
    assert listed == teams


def test_the_order_books_rules_table_counts_the_teams_and_their_players(
        model: ExportModel, tmp_path: Path) -> None:
    """组别与竞赛办法's 人数 of a team group: 16队48人, as the start list's heading counts them
    (it gave 48, the players alone), in the PDF and in Word."""
    path = pdf_booklet.write_booklet_pdf(model, booklet.order_book(model), tmp_path / "b.pdf")
    lines = pdf_layout_lines(path)
    start = lines.index(next(line for line in lines if line.strip() == "组别与竞赛办法"))
    end = lines.index(next(line for line in lines if line.strip() == "参赛名单"))
    table = " ".join(lines[start:end])
    assert "人数" in table and "16队48人" in table, table
    document = docx.Document(str(docx_booklet.write_booklet_docx(
        model, booklet.order_book(model), tmp_path / "b.docx")))
    rules = next(t for t in document.tables if t.rows[0].cells[-1].text == "人数")
    assert [row.cells[-1].text for row in rules.rows[1:]] == ["16队48人"]


def test_no_page_of_the_order_book_starts_inside_a_team(
        model: ExportModel, tmp_path: Path) -> None:
    """Each page of the team start list begins with a team's first board and its name: a
    team's members are never on the page after their team's name."""
    path = pdf_booklet.write_booklet_pdf(model, booklet.order_book(model), tmp_path / "b.pdf")
    starts = []
    for page in range(1, pdf_pages(path) + 1):
        lines = [line for line in pdf_layout_lines(path, page) if line.strip()]
        starts += [lines[k + 1] for k, line in enumerate(lines[:-1])
                   if "队名" in line and "台次" in line]
    assert len(starts) > 1  # the list goes over pages
    teams = _teams_in_board_order(model)
    for line in starts:
        assert "第1台" in line and any(line.lstrip().startswith(t) for t in teams), line


def test_the_word_order_book_lists_each_team_with_its_members_in_board_order(
        model: ExportModel, tmp_path: Path) -> None:
    path = docx_booklet.write_booklet_docx(model, booklet.order_book(model), tmp_path / "b.docx")
    document = docx.Document(str(path))
    table = next(t for t in document.tables if t.rows[0].cells[0].text == "队名")
    header = [c.text for c in table.rows[0].cells]
    assert header[:3] == ["队名", "单位", "台次"]
    listed: dict[str, list[str]] = {}
    team = ""
    for row in table.rows[1:]:
        cells = [c.text for c in row.cells]
        team = cells[0] or team
        listed.setdefault(team, []).append(cells[header.index("姓名")])
        assert cells[2] == f"第{len(listed[team])}台", cells
    assert listed == _teams_in_board_order(model)


def test_the_word_order_book_keeps_each_team_on_one_page(
        model: ExportModel, tmp_path: Path) -> None:
    """In Word each row of a team but its last keeps with the next (Word breaks a page
    between teams, never inside one); a team's last row lets the page break after it."""
    path = docx_booklet.write_booklet_docx(model, booklet.order_book(model), tmp_path / "b.docx")
    table = next(t for t in docx.Document(str(path)).tables if t.rows[0].cells[0].text == "队名")
    body = table.rows[1:]
    for row, below in zip(body, [*body[1:], None], strict=True):
        continues = below is not None and below.cells[0].text == ""
        kept = {c.paragraphs[0].paragraph_format.keep_with_next for c in row.cells}
        assert kept == ({True} if continues else {None}), [c.text for c in row.cells]


# ---------------------------------------------------------------- the team crosstable's pages


def _crosstable_of(model: ExportModel, teams: int) -> TeamStandings:
    """The event's team crosstable with `teams` lines (its own lines repeated, renumbered),
    as an event with more teams prints it."""
    table = next(t for t in model.team_standings if "交叉表" in t.caption)
    rows = [replace(table.rows[k % len(table.rows)], rank=k + 1, team=f"{k + 1}. 第{k + 1}队")
            for k in range(teams)]
    return replace(table, rows=tuple(rows))


def test_the_team_crosstable_keeps_its_signatures_with_the_table(
        model: ExportModel, tmp_path: Path) -> None:
    """Whatever the number of teams, the signature lines (裁判长, 编排长) are on a page of the
    table, under its last team, never on a page of their own."""
    spilled = 0
    for teams in range(16, 41):
        path = pdf_lists.write_team_standings(model, _crosstable_of(model, teams),
                                              tmp_path / f"{teams}.pdf")
        pages = pdf_pages(path)
        last = pdf_layout_lines(path, pages)
        signed = [k for k, line in enumerate(last) if "裁判长" in line and "编排长" in line]
        assert signed, (teams, last)
        rows = [k for k, line in enumerate(last) if f"第{teams}队" in line]
        assert rows and rows[0] < signed[0], (teams, last)  # the last team, then signatures
        assert "格中依次为" in "".join(last), teams  # the legend with them
        for page in range(1, pages):
            assert not any("裁判长" in line for line in pdf_layout_lines(path, page)), teams
        spilled += pages > 1
    assert spilled  # some of these tables do go over two pages


# ---------------------------------------------------------------- the certificates' numbers


def _team_awards(model: ExportModel) -> list[Award]:
    table = next(t for t in model.team_standings if "交叉表" not in t.caption)
    return [Award(ranking=table.title, place=row.rank, recipient=row.team, group=_key(model),
                  prize="奖杯") for row in table.rows[:3]]


def _numbers(path: Path) -> list[str]:
    return re.findall(r"证书编号：(\S*)", "\n".join(pdf_layout_lines(path)))


def test_a_certificate_without_the_events_year_is_numbered_without_a_dash(
        model: ExportModel, tmp_path: Path) -> None:
    """An event with no dates: 证书编号：001, not -001."""
    assert model.event.start_date is None and model.event.end_date is None
    path = write_certificates(model, tmp_path / "奖状.pdf", _team_awards(model))
    assert _numbers(path) == ["001", "002", "003"]


def test_a_certificate_number_starts_with_the_events_year(
        model: ExportModel, tmp_path: Path) -> None:
    dated = replace(model, event=replace(model.event, start_date=date(2026, 8, 1),
                                         end_date=date(2026, 8, 5)))
    path = write_certificates(dated, tmp_path / "奖状.pdf", _team_awards(dated))
    assert _numbers(path) == ["2026-001", "2026-002", "2026-003"]


# ---------------------------------------------------------------- a level match is drawn


def _as_knockout(model: ExportModel) -> ExportModel:
    """The same papers as a team knockout's (huazhi 六、(三)3: a level match is played off)."""
    from app.pairing.system import System

    return replace(model, groups=tuple(replace(g, system=System.TEAM_KNOCKOUT)
                                       if g.name == GROUP else g for g in model.groups))


def test_a_team_swiss_result_slip_offers_no_captains_playoff(
        model: ExportModel, tmp_path: Path) -> None:
    """FIDE C.04.6: a level match is a drawn match (match points 2/1/0); the slip says so
    under the score, where a knockout's slip has the 主将加赛 box to tick."""
    from app.exports import pdf_slips

    text = squeezed("".join(pdf_layout_lines(pdf_slips.write_result_slips(
        model, _key(model), 2, tmp_path / "slips.pdf"))))
    assert "主将加赛" not in text.replace("不设主将加赛", "")
    assert "两队局分相同即为和局" in text
    knockout = squeezed("".join(pdf_layout_lines(pdf_slips.write_result_slips(
        _as_knockout(model), _key(model), 2, tmp_path / "knockout.pdf"))))
    assert "如两队打平，由两队主将加赛" in knockout and "即为和局" not in knockout


def test_the_team_match_list_of_a_team_swiss_names_no_captains_playoff(
        model: ExportModel, tmp_path: Path) -> None:
    """团体对抗成绩表: its note under the matches says a level match is drawn; a knockout's
    says the captains' playoff is not in the score."""
    text = squeezed("".join(pdf_layout_lines(pdf_lists.write_team_matches(
        model, _key(model), tmp_path / "matches.pdf"))))
    assert "两队局分相同即为和局，不设主将加赛" in text and "主将加赛不计入比分" not in text
    knockout = squeezed("".join(pdf_layout_lines(pdf_lists.write_team_matches(
        _as_knockout(model), _key(model), tmp_path / "knockout.pdf"))))
    assert "主将加赛不计入比分" in knockout


def test_the_result_book_prints_the_team_crosstable_as_its_own_paper_does(
        model: ExportModel, tmp_path: Path) -> None:
    """成绩册: the 团体交叉表 has no empty 队员 column, and both team tables keep their legends
    (the tie rule under the standings, what a cell says under the crosstable)."""
    path = pdf_booklet.write_booklet_pdf(model, booklet.result_book(model), tmp_path / "r.pdf")
    lines = pdf_layout_lines(path)
    header = next(line for line in lines if "第1轮" in line and "场分" in line)
    assert "队员" not in header, header
    text = squeezed("".join(lines))
    assert "格中依次为" in text
    standings = next(t for t in model.team_standings if "交叉表" not in t.caption)
    assert standings.legend and all(squeezed(line) in text for line in standings.legend)
