"""Players tied at a place that touches the awards, placed by lots (抽签) where the playoff the
regulations order (2016 八(二)1, shenzhen 十一(一)2) cannot be played: the chief arbiter's
decision, recorded with the order drawn, the decision a team's lots are (AwardBasis.LOTS,
抽签决定名次), and never printed as a playoff (加赛)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import openpyxl
import pytest

from app import wording
from app.errors import UserError
from app.services import playoffs, rounds
from app.services.event import Event
from app.services.exporting import build_model, export
from app.services.groups import update_group
from app.services.players import add_player
from app.services.queries import round_view
from app.services.ranking import rankings, standings
from app.services.tie_lots import record_tie_lots
from app.standings.awards import AwardBasis
from app.standings.ranking import PlayoffState
from tests.exports.helpers import footer_legend, pdf_pages, pdf_text, squeezed

GROUP = "男子组"
PRIZES = [{"from": 1, "to": 1, "money": 3000, "items": ["奖状"]},
          {"from": 2, "to": 2, "money": 1000, "items": ["奖状"]},
          {"from": 3, "to": 3, "money": 500, "items": ["奖状"]}]


def _code(first: int, second: int) -> str:
    """棋手1 beats everyone, 棋手4 loses to everyone, 棋手2 and 棋手3 draw: 2 and 3 are level on
    every criterion at places 2-3, which pay 1000 and 500 yuan."""
    if first == 2 and second == 3 or first == 3 and second == 2:
        return "="
    return "1-0" if first < second else "0-1"


def _play(event: Event, rounds_to_play: int) -> None:
    for number in range(1, rounds_to_play + 1):
        info = rounds.pair_next_round(event, GROUP)
        rounds.enter_results(event, GROUP, number, {
            b.number: [_code(b.first.id, b.second.id)] for b in info.boards
            if b.first is not None and b.second is not None})


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "e.db"


@pytest.fixture
def event(path: Path) -> Event:
    created = Event.create(path, preset="shenzhen-2022")
    update_group(created, GROUP, system="round_robin", prizes=PRIZES)
    for k in range(1, 5):
        add_player(created, GROUP, name=f"棋手{k}", gender="M", unit=f"单位{k}")
    return created


def test_a_tie_at_a_prize_place_waits_for_a_playoff_or_lots(event: Event) -> None:
    _play(event, 3)
    info = standings(event, GROUP)
    assert [(n.place, [p.id for p in n.players]) for n in info.playoffs_needed] == [(2, [2, 3])]
    assert not info.final


def test_lots_order_the_tie_and_every_paper_says_lots_never_a_playoff(event: Event) -> None:
    _play(event, 3)
    drawn = record_tie_lots(event, GROUP, 2, [3, 2])
    assert [p.name for p in drawn.order] == ["棋手3", "棋手2"] and drawn.replaced_playoff is None
    info = standings(event, GROUP)
    assert info.final and info.playoffs_needed == ()
    rows = {row.player.id: row for row in info.rows}
    assert [(rows[3].place, rows[3].shared), (rows[2].place, rows[2].shared)] == [
        (2, False), (3, False)]
    for pid, money in ((3, 1000), (2, 500)):
        award = rows[pid].award
        assert award is not None and award.basis is AwardBasis.LOTS and award.money == money
        assert rows[pid].playoff is PlayoffState.LOTS
        assert wording.playoff_text(rows[pid].playoff) == "抽签"
        assert wording.award_list_note(award) == "抽签决定名次"
    legend = wording.legend_texts(info.legend)
    assert "第2-3名并列，由抽签决定：棋手3、棋手2" in legend
    assert not any("需加赛" in line or "加赛决定" in line for line in legend)
    model = build_model(event)
    table = next(t for t in model.standings if t.title == GROUP)
    assert [row.playoff for row in table.rows[1:3]] == ["抽签", "抽签"]
    assert table.marks_note == "备注“抽签”：名次由抽签决定（未能加赛，由裁判长抽签）。"
    notes = {a.recipient: wording.award_list_note(a.decision) for a in model.awards}
    assert notes["棋手3"] == notes["棋手2"] == "抽签决定名次"
    assert model.playoffs == ()  # the package lists no playoff for it


def test_an_open_playoff_not_played_is_replaced_and_undo_brings_it_back(event: Event) -> None:
    _play(event, 3)
    opened = playoffs.create_playoff(event, GROUP, 2)
    drawn = record_tie_lots(event, GROUP, 2, [2, 3])
    assert drawn.replaced_playoff == opened
    assert playoffs.playoffs(event, GROUP) == []  # no playoff is left to print as one
    assert standings(event, GROUP).final
    event.undo()
    assert [p.id for p in playoffs.playoffs(event, GROUP)] == [opened]
    assert [n.place for n in standings(event, GROUP).playoffs_needed] == [2]


def _refused(event: Event, path: Path, place: int, order: list[int], *words: str,
             ranking: str | None = None) -> UserError:
    before = path.read_bytes()
    with pytest.raises(UserError) as refused:
        record_tie_lots(event, GROUP, place, order, ranking)
    for word in words:
        assert word in refused.value.zh, refused.value.zh
    assert refused.value.en  # English too
    assert path.read_bytes() == before
    return refused.value


def test_lots_are_refused_while_rounds_remain(event: Event, path: Path) -> None:
    _play(event, 2)
    _refused(event, path, 2, [3, 2], "尚有轮次未完成（2/3）", "最终名次")


def test_lots_are_refused_where_no_tie_needs_them(event: Event, path: Path) -> None:
    _play(event, 3)
    _refused(event, path, 1, [1, 2], "第1名没有并列")
    update_group(event, GROUP, prizes=PRIZES[:1] + [
        {"from": 2, "to": 3, "money": 500, "items": ["奖状"]}])  # 2 and 3 now give the same
    error = _refused(event, path, 2, [3, 2], "不涉及奖励差别", "并列名次")
    assert "2号 棋手2" in error.zh and "3号 棋手3" in error.zh


def test_lots_must_name_exactly_the_tied_players(event: Event, path: Path) -> None:
    _play(event, 3)
    _refused(event, path, 2, [3], "缺少：2号 棋手2", "并列的是 2号 棋手2、3号 棋手3")
    _refused(event, path, 2, [3, 2, 4], "不在此并列中：4")
    _refused(event, path, 2, [3, 3, 2], "重复：3")
    assert not standings(event, GROUP).final


def test_lots_are_refused_once_a_playoff_has_a_result(event: Event, path: Path) -> None:
    _play(event, 3)
    opened = playoffs.create_playoff(event, GROUP, 2)
    playoffs.record_playoff_result(event, opened, "1-0")
    _refused(event, path, 2, [3, 2], f"加赛 {opened}）已赛1盘", "先撤销")
    playoffs.record_playoff_result(event, opened, "0-1")  # 1-1: still level
    while not playoffs.playoff_view(event, opened).decided:
        playoffs.record_playoff_result(event, opened, "1-0")
    _refused(event, path, 2, [3, 2], f"已由加赛（加赛 {opened}）决定")


def test_lots_are_drawn_once_for_a_tie(event: Event, path: Path) -> None:
    _play(event, 3)
    record_tie_lots(event, GROUP, 2, [3, 2])
    _refused(event, path, 2, [2, 3], "已由抽签决定", "撤销")
    with pytest.raises(UserError, match="没有需要加赛的并列"):
        playoffs.create_playoff(event, GROUP, 2)


def test_a_team_swiss_group_is_sent_to_team_lots(tmp_path: Path) -> None:
    created = Event.create(tmp_path / "t.db", preset="tuanti-2026")
    with pytest.raises(UserError) as refused:
        record_tie_lots(created, "团体赛", 1, [1, 2])
    assert "team-lots" in refused.value.zh and "team-lots" in refused.value.en


def test_the_papers_follow_the_order_drawn(event: Event, tmp_path: Path) -> None:
    """Checked through the files themselves: the 名次表, the 录取名单 and the certificates
    (pdftotext), the 成绩册, the workbook (openpyxl) and the package's CSV."""
    _play(event, 3)
    record_tie_lots(event, GROUP, 2, [3, 2])
    written = export(event, tmp_path / "out", only=[
        f"{GROUP} 名次表", "录取名单", "奖状", "成绩册（PDF）", "Excel 工作簿", "上报材料"])
    by_name = {path.name: path for path in written}
    for paper in ("名次表.pdf", "成绩册.pdf"):
        text = squeezed(pdf_text(by_name[paper]))
        # place, 编号, name, unit, points, tie-breaks, prize, 备注
        assert "23棋手3单位331.511000元、奖状抽签32棋手2单位231.51500元、奖状抽签" in text, paper
        assert "第2-3名并列，由抽签决定：棋手3、棋手2" in text, paper
        assert "备注“抽签”：名次由抽签决定" in text and "需加赛" not in text, paper
        assert "名次由加赛决定" not in text and "加赛结果" not in text, paper
    listed = squeezed(pdf_text(by_name["录取名单.pdf"]))
    assert "棋手31000元、奖状抽签决定名次" in listed.replace("单位3", "")
    assert "加赛决定" not in listed and "待加赛" not in listed
    certificates = by_name["奖状.pdf"]
    pages = [squeezed(pdf_text(certificates, k)) for k in range(1, pdf_pages(certificates) + 1)]
    (second,) = [p for p in pages if "棋手3" in p]
    assert "第二名（抽签决定名次）" in second and "加赛" not in second
    book = openpyxl.load_workbook(next(p for p in written if p.name == "赛事数据.xlsx"))
    sheet = book[f"{GROUP}名次"]
    rows = list(sheet.iter_rows(values_only=True))
    assert [(r[0], r[3], r[-1]) for r in rows[2:4]] == [(2, "棋手3", "抽签"), (3, "棋手2", "抽签")]
    footer = footer_legend(sheet)
    notes = "".join(str(c) for n in book.sheetnames if n.endswith("名次说明")
                    for r in book[n].iter_rows(values_only=True) for c in r if c)
    assert "第2-3名并列，由抽签决定：棋手3、棋手2" in footer + notes
    awards = [r for r in book["录取名单"].iter_rows(values_only=True)]
    assert [r[-1] for r in awards if r[3] in ("棋手3", "棋手2")] == ["抽签决定名次"] * 2
    package = next(p for p in written if p.name == "录取名单.csv")
    lines = list(csv.reader(io.StringIO(package.read_text(encoding="utf-8-sig"))))
    assert [(r[3], r[-1]) for r in lines if r[3] in ("棋手3", "棋手2")] == [
        ("棋手3", "抽签决定名次"), ("棋手2", "抽签决定名次")]


def test_lots_hold_for_their_tie_only_through_a_result_correction(event: Event) -> None:
    """The order drawn decides the tie it was drawn for: a correction that breaks the tie
    ranks the players by their results (no lots line), and the tie back is decided by the
    same draw again."""
    _play(event, 3)
    record_tie_lots(event, GROUP, 2, [3, 2])
    number, board = next((n, b) for n in (1, 2, 3) for b in round_view(event, GROUP, n).boards
                         if b.first and b.second and {b.first.id, b.second.id} == {2, 3})
    assert board.first is not None
    rounds.enter_result(event, GROUP, number, board.number,
                        ["1-0" if board.first.id == 2 else "0-1"], replace=True)  # 2 beat 3
    info = standings(event, GROUP)
    assert [row.player.id for row in info.rows[1:3]] == [2, 3]
    assert not any("由抽签决定" in line for line in wording.legend_texts(info.legend))
    assert all(row.playoff is PlayoffState.NONE for row in info.rows)
    rounds.enter_result(event, GROUP, number, board.number, ["="], replace=True)
    rows = standings(event, GROUP).rows
    assert [(row.player.id, row.playoff) for row in rows[1:3]] == [
        (3, PlayoffState.LOTS), (2, PlayoffState.LOTS)]


def test_a_sub_ranking_s_tie_takes_its_own_lots(tmp_path: Path) -> None:
    """qiwang 十五1: 公开组（女子） is ranked apart (8000 / 4000 元 ...); its tie is drawn with
    --ranking, and the open ranking's own tie still waits."""
    created = Event.create(tmp_path / "q.db", preset="qiwang-2022")
    update_group(created, "公开组", rounds=1)
    for name, gender in (("男1", "M"), ("女1", "F"), ("男2", "M"), ("女2", "F")):
        add_player(created, "公开组", name=name, gender=gender, unit=name)
    info = rounds.pair_next_round(created, "公开组")
    rounds.enter_results(created, "公开组", 1, {b.number: ["="] for b in info.boards})
    women = {row.player.name: row.player.id for row in standings(created, "公开组").rows}
    drawn = record_tie_lots(created, "公开组", 1, [women["女2"], women["女1"]], "公开组（女子）")
    assert drawn.ranking == "公开组（女子）"
    open_ranking, (sub,) = rankings(created, "公开组")
    assert [row.player.name for row in sub.rows] == ["女2", "女1"]
    assert "第1-2名并列，由抽签决定：女2、女1" in wording.legend_texts(sub.legend)
    assert [n.place for n in open_ranking.playoffs_needed] == [1]  # the open tie of four
    assert not any("由抽签决定" in line for line in wording.legend_texts(open_ranking.legend))
