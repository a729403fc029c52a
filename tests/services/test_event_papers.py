"""The papers of a real event say what the window and the command line say (issue 24): one
crosstable reference (序号, the row in standings order) in the window's data, the command line,
the PDF and the workbook; a withdrawn player marked 退赛 in the 名次表 and the crosstable."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from app.exports import pdf_lists, xlsx
from app.services import rounds
from app.services.event import Event
from app.services.exporting import build_model
from app.services.players import withdraw_player
from app.services.queries import players, round_view
from app.services.ranking import crosstable
from tests.exports.helpers import pdf_layout_lines

Make = Callable[..., Event]
GROUP = "公开组"
OPPONENT = re.compile(r"^(\d+)([黑白])")


def play(event: Event, number: int) -> None:
    info = round_view(event, GROUP, number)
    codes = ("1-0", "0-1", "=", "+-")
    rounds.enter_results(event, GROUP, number, {
        b.number: [codes[(b.number + number) % len(codes)]]
        for b in info.boards if b.second is not None})


@pytest.fixture
def played(make_event: Make) -> tuple[Event, int]:
    """Twelve players, four rounds; the 4th player listed withdraws from round 3 on."""
    event = make_event("qiwang-2022", GROUP, players=12)
    gone = players(event, GROUP)[3].id
    for number in (1, 2, 3, 4):
        if number == 3:
            withdraw_player(event, gone, from_round=3)
        rounds.pair_next_round(event, GROUP)
        play(event, number)
    return event, gone


def pdf_rows(path: Path, names: list[str]) -> dict[str, list[str]]:
    """The words of each player's line in a PDF table, by name."""
    found = {}
    for line in pdf_layout_lines(path):
        words = line.split()
        for name in names:
            if name in words:
                found[name] = words
    return found


def test_every_crosstable_names_an_opponent_by_the_same_row(
        played: tuple[Event, int], tmp_path: Path) -> None:
    """Issue 24, item 8: the window and the command line named opponents by their row, the
    PDF and Excel by 编号, so one cell read "105白胜" and the other "102白胜"."""
    event, _gone = played
    table = crosstable(event, GROUP)  # what the window and the command line show
    model = build_model(event)
    key = model.groups[0].key
    path = pdf_lists.write_crosstable(model, key, tmp_path / "c.pdf")
    book = openpyxl.load_workbook(xlsx.write_workbook(model, tmp_path / "w.xlsx"))
    sheet = list(book[f"{GROUP}交叉表"].iter_rows(values_only=True))
    assert sheet[0][0] == "序号"
    names = [p.name for p in table.players]
    printed = pdf_rows(path, names)
    header = next(line.split() for line in pdf_layout_lines(path) if line.split()[:1] == ["序号"])
    first_round = header.index("第1轮")
    compared = 0
    for row, (player, cells) in enumerate(zip(table.players, table.by_round, strict=True),
                                          start=1):
        excel = sheet[row]
        assert excel[0] == row and excel[3] == player.name
        words = printed[player.name]
        assert words[0] == str(row)
        # the cells counted from the end of the line (a unit may be printed on two lines)
        pdf_cells = words[len(words) - len(header) + first_round:][:len(cells)]
        for k, cell in enumerate(cells):
            if cell.opponent_place is None:
                continue
            expected = (str(cell.opponent_place), "黑" if cell.colour.name == "FIRST" else "白")
            for shown in (str(excel[5 + k]), pdf_cells[k]):
                found = OPPONENT.match(shown)
                assert found is not None and found.groups() == expected, (player.name, k, shown)
            compared += 1
    assert compared > 30


def test_a_withdrawn_player_is_marked_in_the_standings_and_the_crosstable(
        played: tuple[Event, int], tmp_path: Path) -> None:
    """Issue 24, item 7: 退赛 on the 名次表 (PDF, Excel) and in the crosstable's rounds from
    the withdrawal on."""
    event, gone = played
    model = build_model(event)
    key = model.groups[0].key
    name = model.player(gone).name
    standings = model.standings_of(key)
    assert standings is not None
    pdf = pdf_lists.write_standings(model, standings, tmp_path / "s.pdf")
    assert "第3轮起退赛" in pdf_rows(pdf, [name])[name]
    cross = pdf_lists.write_crosstable(model, key, tmp_path / "c.pdf")
    assert pdf_rows(cross, [name])[name].count("退赛") == 2  # rounds 3 and 4
    book = openpyxl.load_workbook(xlsx.write_workbook(model, tmp_path / "w.xlsx"))
    ranked = next(r for r in book[f"{GROUP}名次（临时·非最终）"].iter_rows(values_only=True)
                  if r[3] == name)
    assert "第3轮起退赛" in str(ranked[-1])
    crossed = next(r for r in book[f"{GROUP}交叉表"].iter_rows(values_only=True)
                   if r[3] == name)
    assert crossed[5 + 2] == crossed[5 + 3] == "退赛"
    others = [r for r in book[f"{GROUP}交叉表"].iter_rows(min_row=2, values_only=True)
              if r[3] != name]
    assert all("退赛" not in str(cell) for r in others for cell in r)


def test_a_ranking_after_a_round_marks_a_withdrawal_only_once_it_has_begun(
        played: tuple[Event, int], tmp_path: Path) -> None:
    """The 名次表 after round 1 was printed before the player withdrew (from round 3 on)."""
    event, gone = played
    model = build_model(event)
    name = model.player(gone).name
    after = {s.after_round: s for s in model.progress_standings}
    early = pdf_lists.write_standings(model, after[1], tmp_path / "1.pdf")
    assert "退赛" not in " ".join(pdf_rows(early, [name])[name])
    late = pdf_lists.write_standings(model, after[3], tmp_path / "3.pdf")
    assert "第3轮起退赛" in pdf_rows(late, [name])[name]
