"""How a team place was decided, one typed decision worded once: a place drawn by lots (抽签)
reads 抽签决定 in `team-standings`, on the award list (PDF, Excel, CSV) and on the certificate,
never 加赛决定; checked through the files themselves (pdftotext, openpyxl, csv)."""

from __future__ import annotations

import csv
import io
import shutil
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest

from app.cli import main
from app.services import rounds, teams
from app.services.event import Event
from app.services.exporting import export
from app.services.groups import update_group
from app.services.players import add_player
from app.services.ranking import team_standings
from app.standings.awards import AwardBasis
from app.wording import decision_text, legend_texts, prize_text
from tests.exports.helpers import pdf_pages, pdf_text, squeezed

Make = Callable[..., Event]
OPEN = "公开组"
MEN, WOMEN = "公开组团体（男子）", "公开组团体（女子）"
UNITS = ("甲", "乙", "丙", "丁", "戊")
DRAWN = ("乙", "丁", "甲", "戊", "丙")  # the order the lots gave: 甲 3rd


def _level_womens_teams(make_event: Make) -> Event:
    """Five units of two women each, one round of draws (no individual playoffs): the five
    women's teams level on everything, over places worth different things (qiwang 十五2)."""
    event = make_event("qiwang-2022")
    update_group(event, OPEN, rounds=1, settings={"playoffs": False})
    for unit in UNITS:
        for k in (1, 2):
            add_player(event, OPEN, name=f"{unit}女{k}", unit=unit, gender="F")
    info = rounds.pair_next_round(event, OPEN)
    rounds.enter_results(event, OPEN, info.number,
                         {b.number: ["="] for b in info.boards if b.second})
    return event


@pytest.fixture
def drawn(make_event: Make) -> Event:
    event = _level_womens_teams(make_event)
    teams.set_team_ranking_rules(event, WOMEN, tie_rule="playoff")
    teams.record_lots(event, WOMEN, list(DRAWN))
    return event


def test_the_place_drawn_by_lots_is_typed_so(drawn: Event) -> None:
    women = next(t for t in team_standings(drawn) if t.name == WOMEN)
    assert women.final
    third = next(r for r in women.rows if r.team == "甲")
    assert third.place == 3 and third.award is not None
    assert third.award.basis is AwardBasis.LOTS and third.award.money == 2000


def test_team_standings_say_drawn_by_lots(drawn: Event, capsys: pytest.CaptureFixture[str]
                                          ) -> None:
    file = str(drawn.store.location)
    drawn.close()
    capsys.readouterr()
    main(["team-standings", file])
    out = capsys.readouterr().out
    line = next(x for x in out.splitlines() if "  甲  " in x and "女" in x)
    assert "抽签决定" in line and "加赛决定" not in out.split(WOMEN)[1]


def test_award_lists_and_certificate_say_drawn_by_lots(drawn: Event, tmp_path: Path) -> None:
    written = export(drawn, tmp_path / "out", only=["录取名单", "奖状", "Excel 工作簿", "上报材料"])
    by_name = {path.name: path for path in written}
    sheet = squeezed(pdf_text(by_name["录取名单.pdf"]))
    assert "甲2000元、奖牌、奖状抽签决定名次" in sheet and "加赛决定" not in sheet

    book = openpyxl.load_workbook(by_name[next(n for n in by_name if n.endswith(".xlsx"))])
    rows = [[str(c) if c is not None else "" for c in row]
            for row in book["录取名单"].iter_rows(values_only=True)]
    (third,) = [r for r in rows if r[0] == WOMEN and r[3] == "甲"]
    assert third[rows[0].index("说明")] == "抽签决定名次"

    package = next(p for p in written if p.name == "录取名单.csv")
    listed = list(csv.reader(io.StringIO(package.read_text(encoding="utf-8-sig"))))
    (row,) = [r for r in listed if r[0] == WOMEN and r[3] == "甲"]
    assert row[listed[0].index("说明")] == "抽签决定名次"

    certificates = by_name["奖状.pdf"]
    pages = [squeezed(pdf_text(certificates, k)) for k in range(1, pdf_pages(certificates) + 1)]
    (page,) = [p for p in pages if p.startswith("荣誉证书甲在")]
    assert "公开组团体（女子）比赛中荣获第三名（抽签决定名次）" in page and "加赛" not in page


def test_the_legend_names_the_lots_that_decided(drawn: Event) -> None:
    women = next(t for t in team_standings(drawn) if t.name == WOMEN)
    assert "第1-5名并列，由抽签决定：乙、丁、甲、戊、丙" in legend_texts(women.legend)


# ----- ties where the regulation gives no team tie-break (qiwang names none) -----------------


def test_a_team_tie_the_regulation_leaves_open_is_asked_about_not_shared(make_event: Make
                                                                         ) -> None:
    """Five women's teams level over 5000/3000/2000 元: not two champions sharing, but a
    ranking that waits and says the regulation gives no team tie-break."""
    event = _level_womens_teams(make_event)
    women = next(t for t in team_standings(event) if t.name == WOMEN)
    assert not women.final and women.asks == ((1, 5),)
    assert all(not prize_text(row.award) for row in women.rows)
    # Teams play no playoff, and no rule is chosen yet: the held places say that.
    assert {decision_text(row.award) for row in women.rows} == {"待定并列办法"}
    assert any("规程未规定团体名次的破同分办法：第1-5名并列涉及奖励" in line
               for line in legend_texts(women.legend))
    assert any("仍相同：规程未规定，由裁判长选择" in line for line in legend_texts(women.legend))


def test_the_export_says_the_open_team_tie_is_not_on_the_award_list(
        make_event: Make, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    event = _level_womens_teams(make_event)
    file = str(event.store.location)
    event.close()
    out = tmp_path / "out"
    assert main(["export", file, "--out", str(out), "--only", "录取名单"]) == 0
    err = capsys.readouterr().err
    assert f"{WOMEN} 第1-5名并列：规程未规定团体名次的破同分办法，未列入录取名单" in err
    assert WOMEN not in pdf_text(next(out.rglob("录取名单.pdf")))


@pytest.fixture(scope="module")
def demo_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The qiwang demo with its men's teams 3rd-5th level on points: the demo draws lots for
    them (and says so); taken back, the tie is open again."""
    from app.services.demo import build_demo

    path = tmp_path_factory.mktemp("demo") / "qiwang.db"
    with build_demo(path, "qiwang-2022", seed=7) as event:
        men = next(t for t in team_standings(event) if t.name == MEN)
        assert men.final and any(line.startswith("第3-5名并列，由抽签决定：")
                                 for line in legend_texts(men.legend))
        event.undo()
    return path


def test_the_command_line_asks_for_the_chain_or_lots_and_takes_the_chain(
        demo_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = str(tmp_path / "demo.db")
    shutil.copy(demo_file, file)
    capsys.readouterr()
    assert main(["team-standings", file]) == 1
    out = capsys.readouterr().out
    men = out.split(WOMEN)[0]
    assert "第3-5名并列" in men and "规程未规定团体名次的破同分办法" in men
    assert f"team-ranking {file} --ranking {MEN} --tiebreaks" in men
    assert f"team-lots {file} --ranking {MEN}" in men
    assert main(["team-ranking", file, "--ranking", MEN, "--tiebreaks", "best_place,buchholz"]
                ) == 0
    capsys.readouterr()
    assert main(["team-standings", file]) == 0
    men = capsys.readouterr().out.split(WOMEN)[0]
    assert "团体并列依次比较：个人最好名次、对手分之和" in men and "3=" not in men
    assert "规程未规定团体名次的破同分办法" not in men


def test_the_arbiter_may_have_a_tie_shared_and_the_legend_says_so(
        demo_file: Path, tmp_path: Path) -> None:
    file = tmp_path / "demo.db"
    shutil.copy(demo_file, file)
    with Event.open(file) as event:
        teams.set_team_ranking_rules(event, MEN, tie_rule="share")
        men = next(t for t in team_standings(event) if t.name == MEN)
    assert men.final and not men.asks
    tied = [row for row in men.rows if row.place == 3]
    assert len(tied) == 3 and {row.award.money for row in tied if row.award} == {
        Fraction(4000 + 2000 + 1000, 3)}
    assert all(decision_text(row.award) == "并列第3-5名，奖金平分" for row in tied)
    assert any("仍相同：并列，所涉名次奖金平分" in line for line in legend_texts(men.legend))
