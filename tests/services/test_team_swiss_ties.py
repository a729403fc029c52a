"""Ties between teams of a Team Swiss group (tuanti-2026): never an individual playoff; a tie
that touches the awards waits, not final, until the lots drawn are recorded (team-lots
--group, the decision a team ranking's lots are), and the papers then say 抽签决定名次."""

from __future__ import annotations

from pathlib import Path

import pytest

from app import wording
from app.errors import UserError
from app.services.event import Event
from app.services.exporting import build_model
from app.services.groups import update_group
from app.services.knockout import add_team, enter_team_result
from app.services.playoffs import create_playoff
from app.services.ranking import standings
from app.services.rounds import pair_next_round
from app.services.teams import record_group_lots
from app.standings.awards import AwardBasis

GROUP = "团体赛"


@pytest.fixture
def event(tmp_path: Path) -> Event:
    """Four teams, one round: T1 and T4 win 2-1 (1= on everything), T2 and T3 lose 1-2 (3=);
    the 奖杯 goes to places 1-3, so the tie at 3 straddles the prize."""
    created = Event.create(tmp_path / "e.db", preset="tuanti-2026")
    update_group(created, GROUP, rounds=1)
    for k in range(1, 5):
        add_team(created, GROUP, f"T{k}", [(f"a{k}", "M"), (f"b{k}", "M"), (f"c{k}", "F")])
    pair_next_round(created, GROUP)
    for board in (1, 2):
        enter_team_result(created, GROUP, 1, board, ["1-0", "0-1", "1-0"])
    update_group(created, GROUP, prizes=[{"from": 1, "to": 3, "items": ["奖杯"]}])
    return created


def _by_name(event: Event) -> dict[str, object]:
    return {row.player.name: row for row in standings(event, GROUP).rows}


def test_a_tie_over_the_prize_waits_for_lots_not_final(event: Event) -> None:
    info = standings(event, GROUP)
    assert not info.final
    assert [(n.place, sorted(p.name for p in n.players)) for n in info.lots_needed] == [
        (3, ["T2", "T3"])]
    assert info.playoffs_needed == ()  # no individual playoff is offered
    rows = {row.player.name: row for row in info.rows}
    for team in ("T2", "T3"):
        award = rows[team].award
        assert award is not None and award.basis is AwardBasis.AWAITING_LOTS
        assert not award.has_prize  # held back
        # A team plays no playoff: its held prize waits for lots, and says so.
        assert wording.decision_text(award) == "待抽签"
        assert wording.decision_text(award, "en") == "awaiting lots"
    legend = "\n".join(wording.legend_texts(info.legend))
    assert "待抽签" in legend and "team-lots" not in legend  # the legend goes on paper
    assert "待加赛" not in legend


def test_the_tie_at_one_inside_one_prize_band_is_shared_and_says_so(event: Event) -> None:
    rows = standings(event, GROUP).rows
    first = [row for row in rows if row.place == 1]
    assert len(first) == 2 and all(row.shared for row in first)


def test_playoff_is_refused_naming_team_lots_and_writes_nothing(event: Event,
                                                                tmp_path: Path) -> None:
    before = (tmp_path / "e.db").read_bytes()
    for place in (1, 3):
        with pytest.raises(UserError) as refused:
            create_playoff(event, GROUP, place)
        assert "team-lots" in refused.value.zh and "team-lots" in refused.value.en
        assert "团体" in refused.value.zh and "Team Swiss" in refused.value.en
    assert (tmp_path / "e.db").read_bytes() == before


def test_lots_decide_the_tie_and_the_papers_say_lots(event: Event) -> None:
    record_group_lots(event, GROUP, ["T3", "T2"])
    info = standings(event, GROUP)
    assert info.final and info.lots_needed == ()
    rows = {row.player.name: row for row in info.rows}
    assert (rows["T3"].place, rows["T3"].shared) == (3, False)
    assert (rows["T2"].place, rows["T2"].shared) == (4, False)
    t3 = rows["T3"].award
    assert t3 is not None and t3.basis is AwardBasis.LOTS and t3.items == ("奖杯",)
    legend = "\n".join(wording.legend_texts(info.legend))
    assert "由抽签决定：T3、T2" in legend and "加赛" not in legend.replace("（或加赛）", "")
    model = build_model(event)
    award = next(a for a in model.awards if a.recipient == "T3")
    assert wording.decision_text(award.decision) == "抽签决定名次"
    table = next(t for t in model.team_standings if t.heading == f"{GROUP} 团体名次")
    notes = {row.team: row.note for row in table.rows}
    assert notes["T3"] == "抽签决定名次" and "加赛" not in "".join(notes.values())


def test_lots_are_refused_unless_they_name_exactly_one_tie(event: Event,
                                                           tmp_path: Path) -> None:
    before = (tmp_path / "e.db").read_bytes()
    for wrong in (["T2", "T1"], ["T2"], ["T2", "T3", "T3"]):
        with pytest.raises(UserError):
            record_group_lots(event, GROUP, wrong)
    assert (tmp_path / "e.db").read_bytes() == before
    assert not standings(event, GROUP).final


def test_lots_hold_for_their_tie_only_through_a_result_correction(event: Event) -> None:
    """The order drawn decides the tie it was drawn for: a corrected result that breaks the
    tie ranks the teams by their results (no lots line), and the tie back is decided again
    by the same draw, without drawing anew."""
    record_group_lots(event, GROUP, ["T3", "T2"])
    match = next(b for b in _matches(event) if "T2" in b)
    enter_team_result(event, GROUP, 1, match[0], ["1-0", "1-0", "1-0"],
                      replace=True)  # a 3:0, not a 1:2
    info = standings(event, GROUP)
    assert "由抽签决定：" not in "\n".join(wording.legend_texts(info.legend))
    assert all(row.award is None or row.award.basis is not AwardBasis.LOTS for row in info.rows)
    enter_team_result(event, GROUP, 1, match[0], ["1-0", "0-1", "1-0"],
                      replace=True)  # corrected back
    rows = {row.player.name: row for row in standings(event, GROUP).rows}
    assert (rows["T3"].place, rows["T2"].place) == (3, 4)
    assert rows["T3"].award is not None and rows["T3"].award.basis is AwardBasis.LOTS


def _matches(event: Event) -> list[tuple[int, str, str]]:
    from app.services.queries import round_view

    return [(b.number, b.first_team or "", b.second_team or "")
            for b in round_view(event, GROUP, 1).boards]
