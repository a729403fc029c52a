"""The workbook's crosstable prints its legend in the page footer, as the PDF prints it under
the table; Excel takes at most 255 characters in a footer and reports the file damaged past
that. A legend too long (many withdrawals and absences) goes on a sheet of its own, one
clause a line, which the footer names; a short one stays in the footer."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from app.exports.xlsx import FOOTER_LIMIT
from app.services import rounds
from app.services.event import Event
from app.services.players import add_player, set_absence, withdraw_player
from app.services.queries import players, round_view
from tests.commands.helpers import run
from tests.exports.helpers import footer_legend

GROUP = "公开组"


def _event(path: Path, withdrawn: int) -> None:
    """Twenty players with long names, three rounds; `withdrawn` of them leave from round 2,
    two more are absent from round 3."""
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(20):
            add_player(event, GROUP, name=f"欧阳长名字棋手{k + 1:02d}", gender="M",
                       unit=f"单位{k % 5}")
        everyone = players(event, GROUP)
        for number in (1, 2, 3):
            if number == 2:
                for gone in everyone[:withdrawn]:
                    withdraw_player(event, gone.id, from_round=2)
            if number == 3 and withdrawn:
                for away in everyone[withdrawn:withdrawn + 2]:
                    set_absence(event, away.id, 3, "absent")
            rounds.pair_next_round(event, GROUP)
            info = round_view(event, GROUP, number)
            rounds.enter_results(event, GROUP, number, {
                b.number: ["1-0"] for b in info.boards if b.second is not None})


def _workbook(tmp_path: Path, capsys: pytest.CaptureFixture[str], withdrawn: int
              ) -> openpyxl.Workbook:
    path = tmp_path / "event.db"
    _event(path, withdrawn)
    out = tmp_path / "out"
    code, _out, err = run(capsys, "export", path, "--out", out, "--xlsx")
    assert code == 0, err
    return openpyxl.load_workbook(next(out.rglob("赛事数据.xlsx")))


def test_a_long_legend_goes_on_its_own_sheet_named_in_the_footer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = _workbook(tmp_path, capsys, withdrawn=12)
    sheet = book[f"{GROUP}交叉表"]
    footer = sheet.oddFooter
    assert len(str(footer)) <= FOOTER_LIMIT
    assert footer_legend(sheet) == f"说明见工作表“{GROUP}交叉表说明”"
    names = book.sheetnames
    assert names[names.index(f"{GROUP}交叉表") + 1] == f"{GROUP}交叉表说明"
    lines = [row[0] for row in book[f"{GROUP}交叉表说明"].iter_rows(values_only=True)]
    assert lines[0] == "说明"
    assert lines[1].startswith("各轮格内：对手序号")
    text = "".join(lines)
    assert all(f"欧阳长名字棋手{k:02d}" in text for k in range(1, 15))  # 12 withdrawn, 2 absent
    assert "退赛" in text and "缺席" in text


def test_a_short_legend_stays_in_the_footer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = _workbook(tmp_path, capsys, withdrawn=0)
    assert footer_legend(book[f"{GROUP}交叉表"]).startswith("各轮格内：对手序号")
    assert f"{GROUP}交叉表说明" not in book.sheetnames
