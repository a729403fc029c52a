"""The standings rows are typed: a place and whether it is shared, points in the group's units,
tie-break values as exact Fractions, the playoff state, the award decided; the window, the
command line and the venue pages word them alike."""

from __future__ import annotations

import json
from collections.abc import Callable
from fractions import Fraction

import pytest

from app.cli import main
from app.services import rounds
from app.services.event import Event, settings_of
from app.services.exporting import build_model
from app.services.groups import update_group
from app.services.players import add_player
from app.services.ranking import compute_standings, rankings, standings
from app.standings.awards import AwardBasis
from app.standings.legend import LegendLine, Note
from app.standings.ranking import PlayoffState
from app.standings.stakes import Stake
from app.standings.tiebreaks import Unplayed
from app.web import data
from app.wording import legend_text, number_text, place_text, unplayed_text

OPEN = "公开组"


def four_played(make_event: Callable[..., Event]) -> Event:
    """Two rounds of four players ranked by 索伯分: 1-0 1-0, then 1-0 and a draw. The two
    players on one point each drew with the player of one point: half a point of 索伯分
    each, level on everything (第3名并列)."""
    event = make_event("qiwang-2022")
    update_group(event, OPEN, rounds=2, settings={"tiebreaks": ["sonneborn_berger"]})
    for k in range(4):
        add_player(event, OPEN, name=f"p{k}", unit=f"u{k}", gender="M")
    for codes in (("1-0", "1-0"), ("1-0", "=")):
        info = rounds.pair_next_round(event, OPEN)
        boards = [b for b in info.boards if b.second]
        rounds.enter_results(event, OPEN, info.number,
                             {b.number: [c] for b, c in zip(boards, codes, strict=True)})
    return event


def test_a_shared_place_and_a_half_point_are_typed(make_event: Callable[..., Event]) -> None:
    event = four_played(make_event)
    table = standings(event, OPEN)
    assert [(r.place, r.shared, r.points) for r in table.rows] == [
        (1, False, 4), (2, False, 2), (3, True, 1), (3, True, 1)]
    assert [r.tiebreaks for r in table.rows] == [
        (Fraction(3),), (Fraction(1),), (Fraction(1, 2),), (Fraction(1, 2),)]
    # 3rd (6000元) and 4th (2000元) are worth different things: a playoff, nothing given yet
    assert [r.playoff for r in table.rows] == [PlayoffState.NONE] * 2 + [PlayoffState.NEEDED] * 2
    third = table.rows[2].award
    assert third is not None and third.basis is AwardBasis.AWAITING_PLAYOFF
    (need,) = table.playoffs_needed
    assert need.place == 3 and Stake.MONEY in need.why.stakes
    assert [(a.place, a.money) for a in need.why.places] == [(3, 6000), (4, 2000)]
    assert not table.final
    assert LegendLine(Note.PROVISIONAL, complete=2, planned=2, pending=1) in table.legend
    assert LegendLine(Note.GRADES, passed_down=False) in table.legend  # qiwang 十五4: 不顺延


def test_the_command_line_and_the_venue_word_the_typed_row_alike(
        make_event: Callable[..., Event], capsys: pytest.CaptureFixture[str]) -> None:
    event = four_played(make_event)
    table = standings(event, OPEN)
    shown = data.standings_json(table)["rows"]
    assert [(r["place"], r["points"], r["tiebreaks"]["sonneborn_berger"]) for r in shown] == [
        ("1", 4, 3), ("2", 2, 1), ("3=", 1, 0.5), ("3=", 1, 0.5)]
    json.dumps(shown)
    file = str(event.store.location)
    event.close()
    assert main(["standings", file, "--group", OPEN, "--csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(",")[0] for line in lines[1:]] == ["1", "2", "3=", "3="]
    assert lines[3].split(",")[4:6] == ["1", "0.5"]
    assert [place_text(r.place, r.shared) for r in table.rows] == ["1", "2", "3=", "3="]
    assert number_text(table.rows[3].tiebreaks[0]) == "0.5"


def test_a_groups_rankings_worked_out_together_are_the_same_as_one_by_one(
        make_event: Callable[..., Event]) -> None:
    """The window asks for a group's standings and its sub-rankings at once (one snapshot,
    one open ranking): the same as asking for each (qiwang 十五1: women keep their open
    places)."""
    event = make_event("qiwang-2022")
    update_group(event, OPEN, rounds=2)
    for k in range(8):
        add_player(event, OPEN, name=f"p{k}", unit=f"u{k % 4}", gender="F" if k % 3 else "M")
    for _ in range(2):
        info = rounds.pair_next_round(event, OPEN)
        rounds.enter_results(event, OPEN, info.number,
                             {b.number: ["1-0"] for b in info.boards if b.second})
    main_table, subs = rankings(event, OPEN)
    assert subs and main_table == standings(event, OPEN)
    with event.reading() as session:
        group = Event.group(session, OPEN)
        alone = [compute_standings(session, group, sub=spec)[0]
                 for spec in settings_of(group).subrankings]
    assert list(subs) == alone
    women = subs[0]
    places = {r.player.id: (r.place, r.shared) for r in main_table.rows}
    assert all((r.open_place, r.open_shared) == places[r.player.id] for r in women.rows)


def test_the_printouts_state_the_unplayed_policy_as_the_standings_do(
        make_event: Callable[..., Event]) -> None:
    """An unplayed round counts the player's own final score under `own` (the core's rule,
    `TieBreakContext.unplayed_value`): the booklet's note and the ranking's legend say the
    same, in one wording."""
    event = make_event("qiwang-2022")
    for policy in ("zero", "own", "lowest", "fide"):
        update_group(event, OPEN, unplayed_policy=policy)
        table = standings(event, OPEN)
        (line,) = [line for line in table.legend if line.note is Note.UNPLAYED]
        group = next(g for g in build_model(event).groups if g.name == OPEN)
        assert group.unplayed_text == legend_text(line) == unplayed_text(Unplayed(policy))
    assert "本人积分" in unplayed_text(Unplayed.OWN)


def test_a_crosstable_from_the_standings_held_is_the_one_worked_out_anew(
        make_event: Callable[..., Event]) -> None:
    """The window hands the crosstable its table's standings; a sub-ranking's are not the
    group's order and are worked out again."""
    from app.services.ranking import crosstable

    event = four_played(make_event)
    held = standings(event, OPEN)
    assert crosstable(event, OPEN, held) == crosstable(event, OPEN)
    main_info, subs = rankings(event, OPEN)
    for sub in subs:
        assert crosstable(event, OPEN, sub) == crosstable(event, OPEN)
