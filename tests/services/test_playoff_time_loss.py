"""A playoff game (加赛) lost on time (超时判负): typed once (`0-1t`, 白胜超时) or ended on the
board's clock, kept as the game row's ending, read back as a loss on time, counted as a game
played and lost, and said so on every paper: 白胜（黑超时） in the 加赛表, the 成绩册 (PDF and
Word) and the workbook, `0-1t` in the federation package's 加赛 sheet.

2016-national-online-mind-games.txt 八(二)2 and 2022-shenzhen-championship.txt 十一(一)2: the
playoff is played on a clock (每方5分钟，每走一步加3秒, then 3 minutes + 2 s); the events'
time rule is 超时判负."""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Callable
from pathlib import Path

import docx
import openpyxl
import pytest

from app.errors import UserError
from app.results import GameCode, GameResult
from app.rules.board import Stone
from app.rules.game import Game, GameSettings
from app.services import playoffs, rounds
from app.services.event import Event
from app.services.exporting import export
from app.store.models import Playoff
from tests.exports.helpers import pdf_layout_lines

Make = Callable[..., Event]
GROUP = "男子组"
BLACK_ON_TIME = GameResult(GameCode.SECOND_WINS, time_loss=True)  # 白胜（黑超时）


@pytest.fixture
def tied(make_event: Make) -> tuple[Event, int]:
    """Two players who drew their one game, tied at place 1 (a prize place): the playoff
    opened for them, its first game still to play."""
    event = make_event("shenzhen-2022", GROUP, players=2, system="round_robin")
    info = rounds.pair_next_round(event, GROUP)
    rounds.enter_results(event, GROUP, 1, {b.number: ["="] for b in info.boards if b.second})
    return event, playoffs.create_playoff(event, GROUP, 1)


def stored_games(event: Event, playoff_id: int) -> list[tuple[str, str]]:
    with event.reading() as session:
        row = session.get(Playoff, playoff_id)
        assert row is not None
        return [(g.result, g.ending) for g in row.games if g.result]


def test_a_typed_loss_on_time_is_stored_and_read_back_as_one(tied: tuple[Event, int]) -> None:
    event, playoff_id = tied
    view = playoffs.record_playoff_result(event, playoff_id, "0-1t")
    assert view.games[0].result == BLACK_ON_TIME
    # the code black first, the loss on time as the game row's ending (as a board's game)
    assert stored_games(event, playoff_id) == [("0-1", "time")]
    assert playoffs.playoff_view(event, playoff_id).games[0].result == BLACK_ON_TIME
    assert playoffs.playoffs(event, GROUP)[0].games[0].result == BLACK_ON_TIME
    # the words arbiters say: 黑胜超时 is black's win, white out of time
    view = playoffs.record_playoff_result(event, playoff_id, "黑胜超时")
    assert view.games[1].result == GameResult(GameCode.FIRST_WINS, time_loss=True)
    assert stored_games(event, playoff_id)[1] == ("1-0", "time")


def test_a_loss_on_time_is_a_game_played_and_lost(tied: tuple[Event, int]) -> None:
    """It counts in the playoff as a loss: two losses on time by the same player decide the
    two-game playoff for the other (no sudden-death game follows)."""
    event, playoff_id = tied
    first = playoffs.playoff_view(event, playoff_id).games[0]
    playoffs.record_playoff_result(event, playoff_id, "0-1t")  # first's black loses on time
    view = playoffs.record_playoff_result(event, playoff_id, "1-0t")  # white now: loses again
    assert all(g.result is not None and g.result.played for g in view.games)
    assert view.decided and [p.id for p in view.order] == [first.white.id, first.black.id]


@pytest.mark.parametrize("typed", ["=t", "和超时", "+-t", "-+", "--"])
def test_a_draw_on_time_or_a_forfeit_is_refused_and_nothing_written(
        tied: tuple[Event, int], tmp_path: Path, typed: str) -> None:
    event, playoff_id = tied
    path = tmp_path / "event.db"
    before = path.read_bytes()
    with pytest.raises(UserError) as refused:
        playoffs.record_playoff_result(event, playoff_id, typed)
    assert refused.value.where.zh == f"加赛 {playoff_id}"  # type: ignore[union-attr]
    assert path.read_bytes() == before and stored_games(event, playoff_id) == []


def test_a_game_played_on_the_board_that_ends_on_time_is_a_loss_on_time(
        tied: tuple[Event, int]) -> None:
    event, playoff_id = tied
    game = Game.new(GameSettings.free()).lose_on_time(Stone.BLACK)
    view = playoffs.record_playoff_result(event, playoff_id, game=game)
    assert view.games[0].result == BLACK_ON_TIME
    assert stored_games(event, playoff_id) == [("0-1", "time")]


def test_a_file_written_before_keeps_its_playoff_games(tied: tuple[Event, int],
                                                       tmp_path: Path) -> None:
    """No new column: a playoff game stored before (its code, an ending only when it was
    played on the board) opens as it was, and one the board ended on time now reads as the
    loss on time it was (it read as a plain loss)."""
    event, playoff_id = tied
    playoffs.record_playoff_result(event, playoff_id, "0-1")
    playoffs.record_playoff_result(event, playoff_id, "1-0")
    event.close()
    with sqlite3.connect(tmp_path / "event.db") as db:  # as an earlier program wrote them
        db.execute("UPDATE game SET ending = '' WHERE playoff_id = ? AND \"index\" = 1",
                   (playoff_id,))
        db.execute("UPDATE game SET ending = 'time' WHERE playoff_id = ? AND \"index\" = 2",
                   (playoff_id,))
    with Event.open(tmp_path / "event.db") as reopened:
        games = playoffs.playoff_view(reopened, playoff_id).games
        assert [g.result for g in games[:2]] == [
            GameResult(GameCode.SECOND_WINS), GameResult(GameCode.FIRST_WINS, time_loss=True)]


@pytest.mark.slow
def test_every_paper_says_the_loss_on_time(tied: tuple[Event, int], tmp_path: Path) -> None:
    """加赛表 and 成绩册 (pdftotext), 成绩册.docx, 赛事数据.xlsx (openpyxl): 白胜（黑超时）; the
    federation package keeps codes: `0-1t` in its 加赛 sheet, `0-1` with 终局方式 超时 in
    加赛.csv (as its other game lists)."""
    event, playoff_id = tied
    playoffs.record_playoff_result(event, playoff_id, "0-1t")
    playoffs.record_playoff_result(event, playoff_id, "0-1")  # 1-1: a third game to play
    written = export(event, tmp_path / "out", only=[
        f"{GROUP} 加赛表", "成绩册（PDF）", "成绩册（Word）", "Excel 工作簿", "上报材料"])
    by_name = {path.name: path for path in written}
    for paper in ("加赛表.pdf", "成绩册.pdf"):
        lines = [line.split() for line in pdf_layout_lines(by_name[paper])
                 if "双盘加赛" in line]
        assert [line[4] for line in lines] == ["白胜（黑超时）", "白胜"], (paper, lines)
    book = docx.Document(str(by_name["成绩册.docx"]))
    results = [row.cells[4].text for table in book.tables for row in table.rows
               if row.cells[1].text == "双盘加赛"]
    assert results == ["白胜（黑超时）", "白胜"]
    workbook = openpyxl.load_workbook(by_name["赛事数据.xlsx"])
    sheet = list(workbook["加赛"].iter_rows(values_only=True))
    assert sheet[0][6] == "结果" and [r[6] for r in sheet[1:]] == ["白胜（黑超时）", "白胜", None]
    assert [r[2] for r in sheet[1:]] == [1, 2, 3] and sheet[1][4:6] == (1, "棋手01")
    package = openpyxl.load_workbook(by_name["赛事成绩.xlsx"])
    codes = [r[7] for r in package["加赛"].iter_rows(min_row=2, values_only=True)]
    assert codes == ["0-1t", "0-1", "待赛"]
    listed = list(csv.reader(io.StringIO(by_name["加赛.csv"].read_text(encoding="utf-8-sig"))))
    assert [(r[6], r[7]) for r in listed[1:]] == [("0-1", "超时"), ("0-1", "")]
