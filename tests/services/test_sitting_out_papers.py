"""A player with no board in a round is on its pairing lists too, with why: a bye requested
in advance (请假半分), an absence (缺席), a withdrawal in its first round (退赛). The list by
name is where a player looks for his name; the list by board says who sits out below the
boards; the workbook's round sheet lists them with the points the bye gave. A late entry is
not listed for the rounds before it entered, nor a withdrawn player after his first round
out. Checked on the papers themselves (pdftotext, openpyxl)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import openpyxl
import pytest

from app import wording
from app.cli import main
from app.pairing.types import SitOut
from app.services import rounds
from app.services.event import Event
from app.services.exporting import export
from app.services.players import add_player, set_absence, withdraw_player
from app.services.queries import players, round_view
from app.services.ranking import standings
from tests.exports.helpers import pdf_layout_lines, pdf_text, squeezed

Make = Callable[..., Event]
GROUP = "公开组"


def _play(event: Event, number: int) -> None:
    info = round_view(event, GROUP, number)
    rounds.enter_results(event, GROUP, number,
                         {b.number: ["1-0"] for b in info.boards if b.second is not None})


def _event(make_event: Make) -> tuple[Event, dict[str, int]]:
    event = make_event("qiwang-2022", GROUP, players=8)
    ids = {p.name: p.id for p in players(event, GROUP)}
    names = list(ids)
    rounds.pair_next_round(event, GROUP)
    _play(event, 1)
    set_absence(event, ids[names[1]], 2, "half_bye")
    set_absence(event, ids[names[2]], 2, "absent")
    withdraw_player(event, ids[names[3]], 2)
    add_player(event, GROUP, name="迟到者")
    rounds.pair_next_round(event, GROUP)
    _play(event, 2)
    rounds.pair_next_round(event, GROUP)
    return event, {"half": ids[names[1]], "absent": ids[names[2]], "gone": ids[names[3]]}


def test_the_pairing_lists_name_who_sits_the_round_out_and_why(make_event: Make,
                                                               tmp_path: Path) -> None:
    event, ids = _event(make_event)
    name = {p.id: p.name for p in players(event, GROUP)}
    export(event, tmp_path)
    folder = next(tmp_path.rglob("第02轮"))
    by_name = {line.split()[0]: line for line in pdf_layout_lines(folder / "对阵表（按姓名）.pdf")
               if line.strip()}
    assert "请假半分" in by_name[name[ids["half"]]]
    assert "缺席" in by_name[name[ids["absent"]]]
    assert "退赛" in by_name[name[ids["gone"]]]
    by_board = squeezed(pdf_text(folder / "对阵表（按台次）.pdf"))
    assert "本轮不参加编排：" in by_board
    for key, why in (("half", "请假半分"), ("absent", "缺席"), ("gone", "退赛")):
        assert f"{name[ids[key]]}（{why}）" in by_board
    assert "迟到者（" not in by_board  # he entered after round 1, and plays round 2
    round_one = squeezed(pdf_text(next(tmp_path.rglob("第01轮")) / "对阵表（按台次）.pdf"))
    assert "本轮不参加编排" not in round_one and "迟到者" not in round_one
    round_three = squeezed(pdf_text(next(tmp_path.rglob("第03轮")) / "对阵表（按姓名）.pdf"))
    assert name[ids["gone"]] not in round_three  # listed in his first round out only
    assert name[ids["half"]] in round_three  # back on a board

    workbook = next(tmp_path.rglob("赛事数据.xlsx"))
    sheet = openpyxl.load_workbook(workbook)[f"{GROUP}第2轮"]
    rows = {row[2]: row for row in sheet.iter_rows(values_only=True) if row[2]}
    half = rows[name[ids["half"]]]
    assert half[0] is None and half[4] == "请假半分" and half[9] == 1  # half of 2 points
    assert rows[name[ids["gone"]]][4] == "退赛"


def test_a_round_with_every_player_on_a_board_says_nothing_more(make_event: Make,
                                                                 tmp_path: Path) -> None:
    event = make_event("qiwang-2022", GROUP, players=6)
    rounds.pair_next_round(event, GROUP)
    export(event, tmp_path)
    text = squeezed(pdf_text(next(tmp_path.rglob("第01轮")) / "对阵表（按台次）.pdf"))
    assert "本轮不参加编排" not in text


def test_the_trf_holds_a_requested_bye_with_its_points_and_re_pairs_the_same(
        make_event: Make, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A bye requested in advance is TRF `H` / `F` (with the points it gave in the 001 line's
    total), not an absence `-`: otherwise the reader's scores, and so its pairings of the
    later rounds, differ from the event's."""
    event = make_event("qiwang-2022", GROUP, players=8)
    ids = [p.id for p in players(event, GROUP)]
    rounds.pair_next_round(event, GROUP)
    _play(event, 1)
    set_absence(event, ids[1], 2, "half_bye")
    set_absence(event, ids[2], 2, "full_bye")
    set_absence(event, ids[3], 2, "absent")
    for number in (2, 3):
        rounds.pair_next_round(event, GROUP)
        _play(event, number)
    file = str(event.store.location)
    event.close()
    assert main(["export", file, "--out", str(tmp_path / "out")]) == 0
    trf = next(p for p in (tmp_path / "out").rglob("*.trf") if not p.stem.endswith("棋手"))
    lines = {line[14:47].strip(): line for line in trf.read_text(encoding="utf-8").splitlines()
             if line.startswith("001")}
    with Event.open(file) as reopened:
        named = {p.id: p.name for p in players(reopened, GROUP)}
        totals = {r.player.name: r.points for r in standings(reopened, GROUP).rows}
    assert "0000 - H" in lines[named[ids[1]]] and "0000 - F" in lines[named[ids[2]]]
    assert "0000 - -" in lines[named[ids[3]]]
    for pid in ids[1:4]:
        assert float(lines[named[pid]][80:84]) == totals[named[pid]]
    capsys.readouterr()
    assert main(["trf", "check", str(trf)]) == 0, capsys.readouterr()


def test_the_round_as_paired_and_as_read_names_who_sits_out(make_event: Make) -> None:
    """The round's view (window, `round`, `pair`) says the same as the pairing list: once
    as paired, and as read back later."""
    event = make_event("qiwang-2022", GROUP, players=8)
    ids = [p.id for p in players(event, GROUP)]
    rounds.pair_next_round(event, GROUP)
    _play(event, 1)
    set_absence(event, ids[1], 2, "half_bye")
    withdraw_player(event, ids[3], 2)
    paired = rounds.pair_next_round(event, GROUP)
    read = round_view(event, GROUP, 2)
    for info in (paired, read):
        assert {(ref.id, why) for ref, why in info.sitting_out} == {
            (ids[1], SitOut.HALF_BYE), (ids[3], SitOut.WITHDRAWN)}
    text = wording.sitting_out_text((r.number, r.name, why) for r, why in read.sitting_out)
    assert text.startswith("本轮不参加编排：") and "（请假半分）" in text and "（退赛）" in text
    english = wording.sitting_out_text(((r.number, r.name, w) for r, w in read.sitting_out), "en")
    assert "half-point bye" in english and "withdrawn" in english
    _play(event, 2)
    later = rounds.pair_next_round(event, GROUP)
    assert later.sitting_out == ()  # back on a board; the withdrawal named once
