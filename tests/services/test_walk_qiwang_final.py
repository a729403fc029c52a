"""The walk of issue 24: what the chief arbiter signs, on every path a real final takes.

A 150-player qiwang final (棋王争霸赛总决赛, 2022-qiwang-championship-shaoxing.txt) imported
from eight period lists (十二(二)1: top 10 of each; period 1 a GBK CSV with a title row, as
the platform exports it; a tie at the quota edge; one person qualifying twice, 不顺延) and a
wild-card list (外卡, 十二(四)1); nine rounds with draws, forfeits, a double forfeit, losses on
time, a late entry and a withdrawal; the playoffs the prize places ask for; team rankings;
the whole export. Then a huazhi knockout (2021-huazhi-cup-team-championship.txt 六、(三)5)
with a captains' playoff (主将加赛). Every assertion reads the papers themselves (pdftotext,
openpyxl, csv).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import random
import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from app.exports import pdf_bracket
from app.services import playoffs, ranking, rounds
from app.services.demo import build_demo
from app.services.event import Event
from app.services.exporting import build_model, export
from app.services.importing import import_lists
from app.services.players import add_player, withdraw_player
from app.services.queries import players, round_view
from app.services.teams import record_lots
from tests.data.imports.make_samples import People, write_csv
from tests.exports.test_header_widths import table_files_problems

GROUP = "公开组"
PERIODS = 8
WILDCARDS = 69
UNITS = ("杭州棋院", "上海弈客俱乐部", "北京五子棋协会", "深圳棋院", "绍兴棋类协会", "天津棋院",
         "南京五子棋俱乐部", "成都棋院", "武汉市棋协", "重庆棋院", "广州棋艺社", "西安智力运动协会")
PERIOD_HEADER = ["名次", "弈战ID", "姓名", "性别", "出生年月", "代表队", "积分", "胜局"]
WILD_HEADER = ["序号", "姓名", "性别", "出生日期", "身份证号", "弈战ID", "代表队", "外卡依据"]
CODES = re.compile(r"^(1-0|0-1|=|\+-|-\+|--)t?$")


def text_of(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", "-enc", "UTF-8", str(path), "-"],
                          capture_output=True, check=True).stdout.decode("utf-8")


def squeezed(text: str) -> str:
    return re.sub(r"\s+", "", text)


# ----- the lists ----------------------------------------------------------------------------


def period_list(folder: Path, period: int, people: People, again: dict[str, object] | None
                ) -> Path:
    """One period's list: 11 rows for 10 places; period 3's places 10 and 11 level on points
    and wins (both qualify); `again` (a period-2 qualifier) stands at place 3 of period 5."""
    rng = people.rng
    rows: list[list[object]] = []
    points = 60
    for place in range(1, 12):
        person = again if (again is not None and place == 3) else people.person(1975, 2007)
        if not (period == 3 and place == 11):
            points -= rng.randrange(1, 3)
        wins = points // 4
        rows.append([place, person["platform"], person["name"], "男" if person["male"] else "女",
                     f"{person['born']:%Y年%m月}", UNITS[(place + period) % len(UNITS)],
                     points, wins])
    title = [f"“嘉绍大桥杯”2022年全国五子棋棋王争霸赛 第{period}期网络入围赛 晋级名单"]
    path = folder / f"第{period}期网络入围赛.csv"
    write_csv(path, [title, PERIOD_HEADER, *rows], "gbk" if period == 1 else "utf-8-sig")
    return path


def wildcard_list(folder: Path, people: People) -> Path:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["“嘉绍大桥杯”2022年全国五子棋棋王争霸赛 外卡名单"])
    sheet.append(WILD_HEADER)
    for seq in range(1, WILDCARDS + 1):
        person = people.person(1975, 2007)
        sheet.append([seq, person["name"], "男" if person["male"] else "女", person["born"],
                      person["id"], person["platform"], UNITS[seq % len(UNITS)],
                      "段位" if seq % 2 else "称号"])
    path = folder / "外卡名单.xlsx"
    book.save(path)
    return path


def make_lists(folder: Path) -> list[Path]:
    people = People(2022)
    paths, second = [], None
    for period in range(1, PERIODS + 1):
        path = period_list(folder, period, people, second if period == 5 else None)
        if period == 2:
            with path.open(encoding="utf-8-sig") as handle:
                row = list(csv.reader(handle))[4]  # place 3 of period 2
            second = {"platform": row[1], "name": row[2], "male": row[3] == "男",
                      "born": dt.date(int(row[4][:4]), int(row[4][5:7]), 1)}
        paths.append(path)
    return [*paths, wildcard_list(folder, people)]


# ----- playing it ---------------------------------------------------------------------------


def result_code(board_number: int, round_number: int, rng: random.Random) -> str:
    """Mostly over the board, some draws, some losses on time; a forfeit now and then."""
    roll = rng.random()
    if roll < 0.04:
        return rng.choice(("+-", "-+"))
    if roll < 0.10:
        return rng.choice(("1-0t", "0-1t"))
    if roll < 0.25:
        return "="
    return "1-0" if (board_number + round_number) % 3 else "0-1"


def play_round(event: Event, number: int, rng: random.Random) -> dict[str, str]:
    """Pair and fill a round; returns the special results it holds (by kind, a name)."""
    rounds.pair_next_round(event, GROUP)
    info = round_view(event, GROUP, number)
    results = {}
    seen: dict[str, str] = {}
    for board in info.boards:
        if board.second is None or board.first is None:
            continue
        code = result_code(board.number, number, rng)
        if number == 4 and board.number == 20:
            code = "--"  # both absent (双方弃权)
            seen["double"] = board.first.name
        results[board.number] = [code]
        if code.endswith("t"):
            seen.setdefault("time", board.first.name)
    rounds.enter_results(event, GROUP, number, results)
    return seen


def play_playoffs(event: Event, rng: random.Random) -> int:
    """Every playoff the rankings ask for (2016 五(二), as the demo plays them)."""
    held = 0
    for _ in range(40):
        main, subs = ranking.rankings(event, GROUP)
        ties = [(info.name, info.playoffs_needed[0]) for info in (main, *subs)
                if info.playoffs_needed]
        if not ties:
            return held
        name, need = ties[0]
        playoff = playoffs.create_playoff(event, GROUP, need.place, ranking=name)
        held += 1
        for _game in range(30):
            if playoffs.record_playoff_result(event, playoff,
                                              rng.choice(("1-0", "0-1", "="))).decided:
                break
    return held


def settle_team_ties(event: Event) -> int:
    """Team ties where the regulation is silent (qiwang): settled by lots (抽签), the order
    drawn recorded, until every team ranking is final; returns the lots drawn."""
    drawn = 0
    for _ in range(20):
        open_ties = [(info.name, row.place, row.team) for info in ranking.team_standings(event)
                     for row in info.rows
                     if row.place is not None and row.shared and row.why is not None]
        if not open_ties:
            return drawn
        name, place, _team = open_ties[0]
        teams = sorted(team for n, p, team in open_ties if n == name and p == place)
        record_lots(event, name, teams)
        drawn += 1
    return drawn


@pytest.fixture(scope="module")
def final(tmp_path_factory: pytest.TempPathFactory) -> dict[str, object]:
    folder = tmp_path_factory.mktemp("walk")
    lists = make_lists(folder)
    event = Event.create(folder / "棋王总决赛.db", preset="qiwang-2022")
    sources = ["网络入围赛"] * PERIODS + ["外卡"]
    dry = import_lists(event, lists, GROUP, dry_run=True, sources=sources)
    report = import_lists(event, lists, GROUP, sources=sources)
    rng = random.Random(9)
    seen: dict[str, str] = {}
    late = ""
    gone = players(event, GROUP)[7]
    for number in range(1, 10):
        if number == 3:  # a late entry (迟到报名) from round 3
            late = "迟到者"
            add_player(event, GROUP, name=late, gender="M", unit="杭州棋院")
        if number == 6:
            withdraw_player(event, gone.id, from_round=6)
        seen.update(play_round(event, number, rng))
    held = play_playoffs(event, rng)
    lots = settle_team_ties(event)
    out = folder / "导出"
    files = export(event, out)
    model = build_model(event)
    table = ranking.standings(event, GROUP)
    teams = ranking.team_standings(event)
    event.close()
    return {"dry": dry, "report": report, "files": files, "out": out, "model": model,
            "table": table, "teams": teams, "seen": seen, "late": late, "gone": gone.name,
            "held": held, "lots": lots, "lists": lists}


def test_the_lists_give_their_places_by_the_regulation(final: dict[str, object]) -> None:
    """十二(二)1: 10 per period, a tie at the edge qualifies both, a second qualification
    takes one place and is not passed down (不顺延); 十二(四)1: every wild card."""
    report = final["report"]
    assert report.written and not report.has_errors  # type: ignore[attr-defined]
    # 80 places, one more for the tie, one less for the person qualifying twice
    assert report.entrants == PERIODS * 10 + WILDCARDS == 149  # type: ignore[attr-defined]
    left = [line for line in report.left_out if "已由" in line.zh]  # type: ignore[attr-defined]
    assert len(left) == 1 and left[0].file.endswith("第5期网络入围赛.csv")
    model = final["model"]
    assert len(model.players) == 150  # with the late entry  # type: ignore[attr-defined]


def test_the_whole_export_reads_right(final: dict[str, object]) -> None:
    out = final["out"]
    assert isinstance(out, Path)
    names = {p.name for p in final["files"]}  # type: ignore[attr-defined]
    assert {"名次表.pdf", "交叉表.pdf", "奖状.pdf", "段级位申报表.pdf", "赛事数据.xlsx",
            "秩序册.pdf", "成绩册.pdf"} <= names
    problems, checked = table_files_problems(out)
    assert checked >= 6 and problems == []  # item 3 on the real export
    model = final["model"]
    table = final["table"]
    gone, late = str(final["gone"]), str(final["late"])
    # item 7: the withdrawn player marked on the 名次表 and the crosstable
    standings_pdf = next(out.rglob("名次表.pdf"))
    line = next(ln for ln in text_of(standings_pdf).splitlines() if gone in ln.split())
    assert "第6轮起退赛" in line
    cross_pdf = next(out.rglob("交叉表.pdf"))
    cross_line = next(ln for ln in text_of(cross_pdf).splitlines() if gone in ln.split())
    assert cross_line.count("退赛") == 4  # rounds 6-9
    # item 8: the crosstable's reference is the row, named in the header
    assert any(ln.split()[:3] == ["序号", "编号", "名次"] for ln in text_of(cross_pdf).splitlines())
    book = openpyxl.load_workbook(next(out.rglob("赛事数据.xlsx")), read_only=True)
    crossed = list(book[f"{GROUP}交叉表"].iter_rows(values_only=True))
    assert crossed[0][0] == "序号"
    row_of = {r[3]: r[0] for r in crossed[1:]}
    first = table.rows[0]  # type: ignore[attr-defined]
    r1 = next(r for r in crossed[1:] if r[3] == first.player.name)[5]
    opponent = int(re.match(r"\d+", str(r1)).group())  # type: ignore[union-attr]
    assert crossed[opponent][0] == opponent and row_of[crossed[opponent][3]] == opponent
    # item 11: one notation in the result columns, losses on time in words
    sheet = list(book[f"{GROUP}成绩"].iter_rows(values_only=True))
    column = list(sheet[0]).index("结果")
    results = [r[column] for r in sheet[1:] if r[column] not in (None, "轮空")]
    assert not [r for r in results if CODES.match(str(r))]
    assert any("超时" in str(r) for r in results) and "双方弃权" in results
    # item 9: the title column of the final 名次表
    header = next(ln.split() for ln in text_of(standings_pdf).splitlines()
                  if ln.split()[:2] == ["名次", "编号"])
    assert "可申请段级位" in header and "段级位" not in header
    # item 3: the grade application CSV under its headings
    grades = next(out.rglob("段级位申报表.csv")).read_bytes().decode("utf-8-sig")
    rows = list(csv.DictReader(io.StringIO(grades)))
    assert rows and rows[0]["申报段级位"] == "六段" and rows[0]["名次"] == "第一名"
    # item 10: every organiser role on the front matter
    for booklet in ("秩序册.pdf", "成绩册.pdf"):
        front = squeezed(text_of(next(out.rglob(booklet))))
        for role, body in (("主办单位", "浙江日报报业集团"), ("冠名单位", "浙江嘉绍跨江大桥"),
                           ("承办单位", "绍兴市体育局"), ("协办单位", "杭州天元大厦有限公司")):
            assert role in front and body in front, (booklet, role)
    # the late entry plays from round 3 (rounds 1-2 not paired) and is ranked
    assert late in [r.player.name for r in table.rows]  # type: ignore[attr-defined]
    assert any(model.player(r.player).name == late  # type: ignore[attr-defined]
               for r in model.standings[0].rows)  # type: ignore[attr-defined]
    # team rankings printed
    teams = final["teams"]
    assert teams and all(t.rows and t.final for t in teams)  # type: ignore[attr-defined]
    assert final["lots"]  # the team ties the regulation leaves open were drawn by lots
    sheet_text = squeezed(text_of(next(out.rglob("录取名单.pdf"))))
    assert "抽签决定" in sheet_text
    team_pdfs = [p for p in final["files"] if "团体" in p.name]  # type: ignore[attr-defined]
    assert team_pdfs


def test_a_huazhi_knockout_with_a_captains_playoff_on_paper(tmp_path: Path) -> None:
    """huazhi 六、(三)3/5: team matches, a level match settled by the captains' playoff, full
    placement; the bracket sheet shows every band and the places, names at 10 pt."""
    event = build_demo(tmp_path / "huazhi.db", "huazhi-2021")
    files = export(event, tmp_path / "out")
    model = build_model(event)
    event.close()
    bracket = model.brackets[0]
    sheet = next(p for p in files if p.name.endswith("淘汰赛对阵图.pdf"))
    text = squeezed(text_of(sheet))
    for title in ("第1-16名", "第9-16名", "第5-8名", "第13-16名"):
        assert title in text
    assert "主将加赛" in text  # a level match's score with its captains' playoff
    final_match = next(m for m in bracket.rounds[-1] if m.places == (1, 2))
    assert f"第1名{final_match.winner}" in text
    plan = pdf_bracket.layout(bracket, 700)
    assert len(plan.boxes) == sum(len(r) for r in bracket.rounds)
    matches = next(p for p in files if p.name == "交叉表.pdf" or "团体对抗" in p.name)
    assert "主将加赛" in squeezed(text_of(matches)) or "加赛" in squeezed(text_of(matches))
