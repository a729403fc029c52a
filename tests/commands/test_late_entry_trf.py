"""A late entry's points for the rounds it missed (迟到报名所缺轮次得分, the group's
`late_entry_points`) in the exported TRF of an individual Swiss or Double-Swiss group: each
round missed is the TRF bye of those points (`0000 - H` a draw's worth, `0000 - F` a win's, as
the file's 162 line scores them; a Double-Swiss round's games' points in XXD), so that the
file's points column, its round records and a reader re-pairing it (`trf check`, `trf pair`,
bbpPairings) score the late entry as the event does. It was `0000 - -`, an absence worth
nothing: the reader paired a late entry given a win's points among the players on nothing,
and gave him the pairing-allocated bye the event bars (FIDE C.04.3 [C2]: a player who scored
a win's points without playing receives no PAB)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pairing.trf import read_trf
from tests.commands.helpers import YIKE_FINAL, YikeFinal, trf_rounds

LATE = "迟到者"
BYE = {1: "H", 2: "F"}  # a draw's worth, a win's (yike: 2/1/0)


def _late_event(tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str,
                points: int) -> YikeFinal:
    event = YikeFinal(tmp_path, capsys, system)
    code, _out, err = event.run("group", event.path, "--group", YIKE_FINAL, "--set",
                                f"late_entry_points={points}")
    assert code == 0, err
    return event


def _repairs_as_the_event(event: YikeFinal, trf: Path) -> set[tuple[str, str]]:
    """`trf check` takes the file, and `trf pair` pairs its next round as the event does
    (the boards and the bye); the event's boards."""
    code, out, err = event.run("trf", "check", trf)
    assert code == 0, out + err
    from_file, file_bye = event.file_pairing(trf), event.file_bye(trf)
    boards = event.pair()
    assert (from_file, file_bye) == (boards, event.bye(event.played + 1))
    return boards


@pytest.mark.parametrize("system", ["swiss", "double_swiss"])
@pytest.mark.parametrize("points", [1, 2])
def test_a_late_entrys_missed_round_is_the_bye_of_its_points(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str, points: int) -> None:
    event = _late_event(tmp_path, capsys, system, points)
    event.play()
    event.add_late(LATE)
    trf = event.trf()
    assert event.records(trf)[LATE] == [["0000", "-", BYE[points]]]
    tournament = read_trf(trf.read_text(encoding="utf-8"))
    late = next(p for p in tournament.players if p.name == LATE)
    totals = event.totals()
    if system == "swiss":
        assert late.points == totals[LATE] == points  # the 001 line's total, as the event's
    else:  # the match as the 162 line scores it; the games' points (two games) in XXD
        assert late.points == points
        assert tournament.game_points[late.number] == (2 * points,) == (totals[LATE],)
    boards = _repairs_as_the_event(event, trf)
    assert any(LATE in pair for pair in boards) or event.bye(2) == LATE

    event.enter(boards)  # a round later: the missed round still the bye, the file still agrees
    trf = event.trf()
    assert event.records(trf)[LATE][0] == ["0000", "-", BYE[points]]
    _repairs_as_the_event(event, trf)


@pytest.mark.parametrize("points", [1, 2])
def test_the_pab_after_a_late_entrys_points_is_as_the_events(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], points: int) -> None:
    """The players on less than a win after round 1 sit round 2 out (缺席), so that the late
    entry is in the last score group of round 2: with a draw's worth (`H`) he has the fewest
    points and the PAB; with a win's (`F`) he may not have it (FIDE C.04.3 [C2]), in the event
    and in the file alike."""
    event = _late_event(tmp_path, capsys, "swiss", points)
    event.play()
    for name, total in event.totals().items():
        if total < 2:
            event.absent(name, 2, "absent")
    event.add_late(LATE)
    trf = event.trf()
    assert event.records(trf)[LATE] == [["0000", "-", BYE[points]]]
    _repairs_as_the_event(event, trf)
    assert (event.bye(2) == LATE) == (points == 1)


def test_late_entry_points_no_bye_gives_are_kept_in_the_total_and_named(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """3 points a round missed, where F gives 2: no TRF bye holds them. The file keeps the
    event's total (a reader adding up the codes refuses it, naming the line) and says why in a
    `###` comment, rather than score the late entry otherwise than the event."""
    event = _late_event(tmp_path, capsys, "swiss", 3)
    event.play()
    event.add_late(LATE)
    trf = event.trf()
    text = trf.read_text(encoding="utf-8")
    line = next(line for line in text.splitlines() if LATE in line)
    assert trf_rounds(line) == [["0000", "-", "Z"]]
    assert line.encode("utf-8")[80:84] == b" 3.0" and event.totals()[LATE] == 3
    assert "### round 1: player 21 was given 3.0 points without a board" in text
    code, _out, err = event.run("trf", "check", trf)
    assert code != 0 and "积分 3.0 与各轮结果之和 0.0 不符" in err
