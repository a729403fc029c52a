"""The finished qiwang-2022 demo event: open, women's, junior and team standings with prizes and
titles, a playoff that orders the final table, and everything exported from it."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest

from app.services import playoffs, ranking
from app.services.demo import build_demo
from app.services.event import Event
from app.services.exporting import build_model, export
from app.services.queries import event_info
from app.standings.legend import TeamNote
from app.standings.ranking import PlayoffState
from app.wording import prize_text, title_text


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("demo") / "qiwang.db"
    build_demo(path, "qiwang-2022", seed=7).close()
    return path


def test_the_demo_is_reproducible_for_a_seed(demo: Path, tmp_path: Path) -> None:
    again = tmp_path / "again.db"
    build_demo(again, "qiwang-2022", seed=7).close()
    with Event.open(demo) as first, Event.open(again) as second:
        for group in ("公开组", "少儿组"):
            a = [(r.place, r.shared, r.player.name, r.points)
                 for r in ranking.standings(first, group).rows]
            b = [(r.place, r.shared, r.player.name, r.points)
                 for r in ranking.standings(second, group).rows]
            assert a == b


def test_every_round_is_played(demo: Path) -> None:
    with Event.open(demo) as event:
        for group in event_info(event).groups:
            assert group.rounds_paired == group.rounds_complete == group.rounds


def test_open_standings_with_prizes_and_titles(demo: Path) -> None:
    """qiwang 十五1 and 十五4②: 1st 30000元 and 六段; 2-3 五段; titles to 30th place."""
    with Event.open(demo) as event:
        table = ranking.standings(event, "公开组")
    first, second = table.rows[0], table.rows[1]
    assert prize_text(first.award) == "30000元、奖状" and title_text(first.award) == "六段"
    assert prize_text(second.award) == "10000元、奖状" and title_text(second.award) == "五段"
    assert [title_text(r.award) for r in table.rows if r.place == 30] == ["三级"]
    assert all(not prize_text(r.award) for r in table.rows if r.place > 16)
    assert not table.playoffs_needed


def test_women_keep_their_open_place_and_have_their_own_prizes(demo: Path) -> None:
    """qiwang 十五1: 女子选手可同时获得公开组、公开组（女子）名次以及奖励."""
    with Event.open(demo) as event:
        open_table = ranking.standings(event, "公开组")
        women = ranking.rankings(event, "公开组")[1][0]
    assert women.name == "公开组（女子）"
    open_place = {r.player.id: r.place for r in open_table.rows}
    ids = [r.player.id for r in women.rows]
    assert ids == sorted(ids, key=lambda pid: open_place[pid])
    assert prize_text(women.rows[0].award) == "8000元、奖状"
    assert prize_text(women.rows[5].award) == "600元、奖状"
    assert {r.gender for r in open_table.rows if r.player.id in ids} == {"F"}


def test_junior_group_has_its_own_prizes(demo: Path) -> None:
    with Event.open(demo) as event:
        juniors = ranking.standings(event, "少儿组")
    top = juniors.rows[0].award
    assert prize_text(top) == "2000元、奖牌、奖状" and title_text(top) == "二段"


def test_team_standings_sum_the_members_scores(demo: Path) -> None:
    """qiwang 十二(四)4 and 十五2: men's teams of 3, women's of 2, by the sum of scores."""
    with Event.open(demo) as event:
        men, women = ranking.team_standings(event)
        scores = {r.player.name: r.points for r in ranking.standings(event, "公开组").rows}
    assert (men.name, women.name) == ("公开组团体（男子）", "公开组团体（女子）")
    top = men.rows[0]
    assert len(top.members) == 3
    assert top.total == sum(scores[name] for name in top.members)
    assert all(len(r.members) == 2 for r in women.rows if r.place)
    short = [r for r in men.rows if r.place is None]
    assert short and all(r.note is TeamNote.SHORT for r in short)


def test_ties_are_played_off_only_where_the_award_differs(demo: Path) -> None:
    """2016 八(二)1, shenzhen 九(一): a shared place in the final table covers places worth the
    same; every playoff held ordered a tie over places worth different things."""
    with Event.open(demo) as event:
        held = playoffs.playoffs(event, "公开组")
        table = ranking.standings(event, "公开组")
    assert table.final and not table.playoffs_needed
    for place in {r.place for r in table.rows if r.shared}:
        tied = [r for r in table.rows if r.place == place]
        assert len({(prize_text(r.award), title_text(r.award)) for r in tied}) == 1
    for playoff in held:
        assert playoff.decided
        rows = [r for r in table.rows if r.player.id in {p.id for p in playoff.order}]
        assert [r.player.id for r in rows] == [p.id for p in playoff.order]
        assert all(r.playoff is PlayoffState.PLAYED for r in rows)


def test_export_everything_from_the_demo(demo: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    seen: list[tuple[int, int]] = []
    with Event.open(demo) as event:
        files = export(event, out, progress=lambda done, total, _label: seen.append((done, total)))
        model = build_model(event)
        table = ranking.standings(event, "公开组")
    assert seen[-1][0] == seen[-1][1]
    names = {p.name for p in files}
    assert {"名次表.pdf", "奖状.pdf", "段级位申报表.pdf", "赛事数据.xlsx"} <= names
    assert any(p.suffix == ".zip" for p in files)
    # The top board's games were recorded on the board: sheets and records are exported.
    assert "棋谱.pdf" in names
    assert any(p.suffix == ".sgf" for p in files) and any(p.suffix == ".psq" for p in files)
    assert model.games and all(g.moves for g in model.games if g.board == 1 and g.round == 1)
    # The workbook reads back the standings.
    workbook = openpyxl.load_workbook(next(p for p in files if p.name == "赛事数据.xlsx"))
    cells = [[c for c in row if c is not None] for ws in workbook.worksheets
             for row in ws.iter_rows(values_only=True)]
    champion = table.rows[0].player.name
    assert any(champion in row for row in cells)
    # The federation package's checksums verify.
    manifest = next(p for p in files if p.name == "MANIFEST.sha256")
    for line in manifest.read_text(encoding="utf-8").splitlines():
        digest, name = line.split(maxsplit=1)
        target = manifest.parent / name.lstrip("*")
        assert hashlib.sha256(target.read_bytes()).hexdigest() == digest
    archive = next(p for p in files if p.suffix == ".zip")
    assert zipfile.ZipFile(archive).testzip() is None
    assert len(model.awards) > 30
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(next(p for p in files if p.name == "名次表.pdf")),
                               "-"], capture_output=True, text=True, check=True).stdout
        assert champion in text
