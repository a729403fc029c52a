"""Awards as the regulations mean them, on hand-made events: nothing final before it is final,
ties never paid more than their places, titles to apply for and declined, declared teams,
team ties settled by lots, women keeping their open place, playoffs in the record."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from app.cli import main
from app.errors import UserError
from app.exports import certificates
from app.services import awards, playoffs, rounds, teams
from app.services.event import Event, settings_of
from app.services.exporting import build_model, export
from app.services.groups import update_group
from app.services.players import add_player
from app.services.queries import round_view
from app.services.ranking import (
    award_scheme,
    planned_rounds_of,
    rankings,
    standings,
    team_standings,
)
from app.standings.awards import AwardBasis
from app.standings.legend import LegendLine, Note, TeamNote
from app.standings.ranking import PlayoffState
from app.standings.stakes import Stake
from app.standings.tiebreaks import Unplayed
from app.wording import (
    code_text,
    game_code,
    legend_texts,
    prize_text,
    reason_text,
    team_criterion,
    title_text,
)
from tests.exports.helpers import pdf_text, squeezed

Make = Callable[..., Event]
OPEN = "公开组"
MEN_TEAMS = "公开组团体（男子）"


def play(event: Event, group: str, code: str = "=", count: int | None = None) -> None:
    """Pair and play `count` rounds (default: all planned), every board ending in `code`."""
    for _ in range(count or planned_rounds_of(event, group)):
        info = rounds.pair_next_round(event, group)
        rounds.enter_results(event, group, info.number,
                             {b.number: [code] for b in info.boards if b.second})


def qiwang(make_event: Make, units: dict[str, str], **settings: object) -> Event:
    """A qiwang event whose open group holds one player per (name, unit) of `units`; names
    ending in 女 are women."""
    event = make_event("qiwang-2022")
    if settings:
        update_group(event, OPEN, **settings)
    for name, unit in units.items():
        add_player(event, OPEN, name=name, unit=unit, gender="F" if name.endswith("女") else "M")
    return event


def closed(event: Event) -> str:
    """Close the event (to run commands on its file); its file name."""
    file = str(event.store.location)
    event.close()
    return file


def eight(make_event: Make, **settings: object) -> Event:
    units = {f"{u}{k}": u for u in ("甲", "乙", "丙", "丁") for k in (1, 2)}
    return qiwang(make_event, units, **settings)


def test_nothing_is_final_after_round_one_of_nine(make_event: Make, tmp_path: Path) -> None:
    """Certificates, the award list and grade titles only once the last round is complete: after
    round 1 of 9 the ranking is provisional and no certificate says 第一名 with a title."""
    event = eight(make_event)
    play(event, OPEN, "1-0", count=1)
    table = standings(event, OPEN)
    assert not table.final and table.legend[0] == LegendLine(Note.PROVISIONAL, complete=1,
                                                            planned=9)
    assert legend_texts(table.legend)[0].startswith("临时名次（非最终）：已完成 1/9 轮")
    assert not table.playoffs_needed  # while rounds remain a tie is only a tie
    assert build_model(event).awards == ()
    files = {p.name for p in export(event, tmp_path / "out", xlsx=False, federation=False)}
    assert "奖状.pdf" not in files and "段级位申报表.pdf" not in files
    provisional = build_model(event, provisional=True).awards
    assert provisional and all(a.provisional for a in provisional)
    path = certificates.write_certificates(build_model(event, provisional=True),
                                           tmp_path / "c.pdf")
    text = squeezed(pdf_text(path, 1))
    assert "临时（非最终）" in text and "并获" not in text and "可申请" in text


def test_a_tie_shared_without_playoffs_is_paid_its_places_only(make_event: Make) -> None:
    """Four winners level on 1st cover places 1-4 (30000 + 10000 + 6000 + 2000): each is paid a
    quarter, and the title of the lowest covered place (never more than the places give)."""
    event = eight(make_event, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "1-0")
    table = standings(event, OPEN)
    assert table.final
    winners = [r for r in table.rows if r.place == 1]
    assert len(winners) == 4
    for row in winners:
        assert row.award is not None and row.award.basis is AwardBasis.SHARED
        assert row.award.money == 12000 and row.award.title == "四段"
    assert sum((r.award.money for r in table.rows if r.award), Fraction(0)) == \
        30000 + 10000 + 6000 + 2000 * 5
    assert LegendLine(Note.NO_PLAYOFFS) in table.legend
    assert any("奖金平分" in line for line in legend_texts(table.legend))


def test_a_tie_over_different_prizes_waits_for_its_playoff_and_says_why(make_event: Make
                                                                         ) -> None:
    """2016 八(二)1 / shenzhen 十一(一)2: the tie is played off because the places differ; nothing
    is given meanwhile, and the standings say what differs."""
    event = eight(make_event, rounds=1)
    play(event, OPEN, "1-0")
    table = standings(event, OPEN)
    assert not table.final
    (need, *_rest) = table.playoffs_needed
    assert need.place == 1 and Stake.MONEY in need.why.stakes
    assert "奖金" in reason_text(need.why) and "第1名 30000元" in reason_text(need.why)
    assert all(not prize_text(r.award) and not title_text(r.award)
               for r in table.rows if r.place == 1)
    assert build_model(event).awards == () or all(
        a.place != 1 for a in build_model(event).awards)


def test_a_playoff_and_its_games_are_part_of_the_record(make_event: Make) -> None:
    event = make_event("shenzhen-2022", "男子组", players=5, system="round_robin")
    play(event, "男子组")
    need = standings(event, "男子组").playoffs_needed[0]
    assert Stake.ITEMS in need.why.stakes  # trophy for 1st, medals for 2nd-4th, none for 5th
    playoff_id = playoffs.create_playoff(event, "男子组", 1)
    for _ in range(60):
        view = playoffs.record_playoff_result(event, playoff_id, "1-0")
        if view.decided:
            break
    assert view.decided and view.reason == reason_text(need.why)
    (record,) = build_model(event).playoffs
    assert record.order == tuple(p.id for p in view.order)
    assert [game_code(g.result) for g in record.games] == [game_code(g.result) for g in view.games]
    assert record.reason == reason_text(need.why)
    import io

    import openpyxl

    from app.exports.federation import federation_workbook

    buffer = io.BytesIO()
    federation_workbook(build_model(event), buffer)
    sheet = openpyxl.load_workbook(io.BytesIO(buffer.getvalue()))["加赛"]
    assert sheet.max_row - 1 == len(record.games)  # the federation package holds every game
    final = standings(event, "男子组")
    assert final.final and final.rows[0].playoff is PlayoffState.PLAYED


def test_a_declined_title_is_not_passed_down_and_can_be_taken_back(make_event: Make) -> None:
    """qiwang 十五4 不顺延: the player who declines loses the title, nobody moves up; undoable."""
    event = eight(make_event, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "1-0")
    before = standings(event, OPEN)
    first = before.rows[0]
    awards.decline_award(event, first.player.id, "title")
    after = standings(event, OPEN)
    row = next(r for r in after.rows if r.player.id == first.player.id)
    assert title_text(row.award) == "" and row.award is not None and row.award.declined_title
    assert [title_text(r.award) for r in after.rows if r.player.id != first.player.id] == \
        [title_text(r.award) for r in before.rows if r.player.id != first.player.id]
    model = build_model(event)
    assert all(a.player != first.player.id or not a.grade_title for a in model.awards)
    with pytest.raises(UserError):
        awards.decline_award(event, first.player.id, "title")  # recorded already
    event.undo()
    assert title_text(standings(event, OPEN).rows[0].award) == title_text(first.award)


def test_decline_on_the_command_line(make_event: Make, capsys: pytest.CaptureFixture[str]
                                     ) -> None:
    event = eight(make_event, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "1-0")
    player = standings(event, OPEN).rows[0].player
    file = closed(event)
    assert main(["decline", file, str(player.id), "--prize"]) == 0
    assert "放弃奖励" in capsys.readouterr().out
    assert main(["decline", file, str(player.id), "--prize", "--ranking", "没有"]) == 2
    assert main(["decline", file, str(player.id), "--prize", "--withdraw"]) == 0


def test_women_keep_their_open_place_beside_the_womens(make_event: Make) -> None:
    """qiwang 十五1: 女子选手可同时获得公开组、公开组（女子）名次以及奖励."""
    units = {"甲1": "甲", "乙1女": "乙", "丙1": "丙", "丁1女": "丁"}
    event = qiwang(make_event, units, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "1-0")
    open_places = {r.player.id: (r.place, r.shared) for r in standings(event, OPEN).rows}
    (women,) = rankings(event, OPEN)[1]
    assert women.sub and {r.player.id: (r.open_place, r.open_shared) for r in women.rows} == {
        r.player.id: open_places[r.player.id] for r in women.rows}


def test_four_teams_level_share_the_prizes_of_places_one_to_four(make_event: Make) -> None:
    """Teams level after the chain share the covered prizes (the arbiter's choice where qiwang
    is silent, printed in the legend): (10000 + 6000 + 4000 + 2000) / 4 each."""
    units = {f"{u}{k}": u for u in ("甲", "乙", "丙", "丁") for k in (1, 2, 3)}
    event = qiwang(make_event, units, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "=")
    assert team_standings(event)[0].asks == ((1, 4),)  # never shared before it is chosen
    teams.set_team_ranking_rules(event, MEN_TEAMS, tie_rule="share")
    (men, _women) = team_standings(event)
    assert men.final and [(r.place, r.shared) for r in men.rows] == [(1, True)] * 4
    assert all(r.award is not None and r.award.money == 5500 for r in men.rows)
    assert LegendLine(Note.TEAM_BEST, count=3) in men.legend
    assert any("未报名队伍：按各单位成绩最好的3名" in line for line in legend_texts(men.legend))
    assert any("平分" in line for line in legend_texts(men.legend))


def test_three_teams_level_with_two_awarded_are_settled_by_lots(make_event: Make) -> None:
    """qiwang 十五2: with 3 teams only the top two are awarded, so a three-way tie covers an
    award edge (medals for two, none for one): the arbiter draws lots, recorded in the event."""
    units = {f"{u}{k}": u for u in ("甲", "乙", "丙") for k in (1, 2, 3)} | {"戊1": "戊"}
    event = qiwang(make_event, units, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "=")
    men = team_standings(event)[0]
    assert [(r.place, r.shared) for r in men.rows] == [(1, True)] * 3 + [(None, False)]
    assert not men.final and all(r.why is not None for r in men.rows[:3])
    why = men.rows[0].why
    assert all(not prize_text(r.award) for r in men.rows)
    assert why is not None and Stake.ITEMS in why.stakes and "奖项" in reason_text(why)
    with pytest.raises(UserError):
        teams.record_lots(event, MEN_TEAMS, ["甲", "乙"])
    teams.record_lots(event, MEN_TEAMS, ["乙", "丙", "甲"])
    men = team_standings(event)[0]
    assert men.final and [(r.team, r.place) for r in men.rows[:3]] == [("乙", 1), ("丙", 2),
                                                                        ("甲", 3)]
    assert [r.award.money if r.award else 0 for r in men.rows] == [10000, 6000, 0, 0]


def test_a_unit_without_a_complete_team_shows_no_figure_and_lists_its_members(
        make_event: Make) -> None:
    units = {"甲1": "甲", "甲2": "甲", "甲3": "甲", "乙1": "乙", "乙2": "乙"}
    event = qiwang(make_event, units, rounds=1)
    play(event, OPEN, "=")
    short = next(r for r in team_standings(event)[0].rows if r.team == "乙")
    assert short.total is None and short.place is None and len(short.members) == 2
    assert short.note is TeamNote.SHORT


def test_declared_teams_count_instead_of_the_best_three(make_event: Make, tmp_path: Path
                                                        ) -> None:
    """qiwang 十二(四)4: teams declared before the final (3 men); the printout says so."""
    units = {f"{u}{k}": u for u in ("甲", "乙") for k in (1, 2, 3, 4)}
    event = qiwang(make_event, units, rounds=1, settings={"playoffs": False})
    teams.declare_team(event, MEN_TEAMS, "甲一队", ["甲1", "甲2", "甲3"])
    with pytest.raises(UserError):
        teams.declare_team(event, MEN_TEAMS, "甲二队", ["甲3", "甲4", "乙1"])  # 甲3 taken
    with pytest.raises(UserError):
        teams.declare_team(event, MEN_TEAMS, "乙队", ["乙1", "乙2"])  # 3 members
    listing = tmp_path / "teams.csv"
    listing.write_text("队名,姓名,单位\n乙队,乙1,乙\n乙队,乙2,乙\n乙队,乙4,乙\n", encoding="utf-8")
    declared = teams.import_teams(event, MEN_TEAMS, listing)
    assert [t.name for t in declared] == ["甲一队", "乙队"]
    play(event, OPEN, "=")
    men = team_standings(event)[0]
    assert men.declared and {r.team for r in men.rows} == {"甲一队", "乙队"}
    assert LegendLine(Note.TEAM_DECLARED) in men.legend
    assert any("赛前报名的队伍" in line for line in legend_texts(men.legend))
    bad = tmp_path / "bad.csv"
    bad.write_text("队名,姓名\n丙队,没有这人\n", encoding="utf-8")
    with pytest.raises(UserError) as raised:
        teams.import_teams(event, MEN_TEAMS, bad)
    assert "第2行" in raised.value.where


def test_team_add_for_a_ranking_on_the_command_line(make_event: Make) -> None:
    units = {f"甲{k}": "甲" for k in (1, 2, 3)} | {"乙1女": "乙"}
    event = qiwang(make_event, units)
    file = closed(event)
    assert main(["team-add", file, "--ranking", MEN_TEAMS, "甲队", "甲1", "甲2", "甲3"]) == 0
    assert main(["team-add", file, "--ranking", MEN_TEAMS, "乙队", "乙1女", "甲1", "甲2"]) == 2
    assert main(["team-remove", file, "--ranking", MEN_TEAMS, "甲队"]) == 0


def test_a_declared_team_is_corrected_in_its_place_and_checked_as_declared(make_event: Make
                                                                            ) -> None:
    """qiwang 十二(四)4: a unit corrects its declared team; the same checks as declaring."""
    units = {f"{u}{k}": u for u in ("甲", "乙") for k in (1, 2, 3, 4)}
    event = qiwang(make_event, units, rounds=1)
    teams.declare_team(event, MEN_TEAMS, "甲队", ["甲1", "甲2", "甲3"])
    teams.declare_team(event, MEN_TEAMS, "乙队", ["乙1", "乙2", "乙3"])
    changed = teams.update_declared_team(event, MEN_TEAMS, "甲队", ["甲4", "甲2", "甲3"],
                                         name="甲一队")
    assert [m[1] for m in changed.members] == ["甲4", "甲2", "甲3"]
    assert [t.name for t in teams.declared_teams(event, MEN_TEAMS)] == ["甲一队", "乙队"]
    with pytest.raises(UserError, match="已在“乙队”队中"):
        teams.update_declared_team(event, MEN_TEAMS, "甲一队", ["甲4", "甲2", "乙1"])
    with pytest.raises(UserError, match="已有名为“乙队”"):
        teams.update_declared_team(event, MEN_TEAMS, "甲一队", ["甲4", "甲2", "甲3"], name="乙队")
    assert [m[1] for m in teams.declared_teams(event, MEN_TEAMS)[0].members] == ["甲4", "甲2",
                                                                                 "甲3"]
    file = closed(event)
    assert main(["team-edit", file, "--ranking", MEN_TEAMS, "甲一队", "甲1", "甲2",
                 "甲3"]) == 0
    assert main(["team-edit", file, "--ranking", MEN_TEAMS, "甲一队", "甲1", "甲2"]) == 2


def test_round_robin_plays_the_rounds_of_its_table(make_event: Make) -> None:
    """A group switched to round robin: n-1 rounds (n for odd n) unless the arbiter sets
    another count; standings stay provisional until its last round."""
    event = make_event("shenzhen-2022", "男子组", players=6, system="round_robin")
    assert planned_rounds_of(event, "男子组") == 5
    update_group(event, "男子组", rounds=3)
    assert planned_rounds_of(event, "男子组") == 3
    play(event, "男子组", "1-0", count=2)
    assert not standings(event, "男子组").final
    play(event, "男子组", "1-0", count=1)
    assert standings(event, "男子组").rounds_planned == 3


def test_the_unplayed_policy_is_stated_in_the_legend(make_event: Make) -> None:
    event = eight(make_event, rounds=1)
    assert LegendLine(Note.UNPLAYED, unplayed=Unplayed.ZERO, label="对手分") in standings(
        event, OPEN).legend
    assert any("按0分计" in line for line in legend_texts(standings(event, OPEN).legend))
    update_group(event, OPEN, unplayed_policy="fide")
    assert LegendLine(Note.UNPLAYED, unplayed=Unplayed.FIDE, label="对手分") in standings(
        event, OPEN).legend
    assert any("C.07 第16条" in line for line in legend_texts(standings(event, OPEN).legend))


def test_the_legend_says_what_wins_count_under_each_policy(make_event: Make) -> None:
    """胜局 under the Chinese policies: games won over the board, forfeit wins and byes as the
    group's settings say; under the FIDE policy FIDE's WIN (C.07 art. 7.1)."""
    event = eight(make_event, rounds=1)
    update_group(event, OPEN, tiebreaks=["buchholz", "wins"])
    lines = legend_texts(standings(event, OPEN).legend)
    assert "胜局：实战获胜的局数，含不战胜，不含轮空" in lines
    update_group(event, OPEN, wins_count_byes=True, wins_count_forfeits=False)
    assert "胜局：实战获胜的局数，含轮空，不含不战胜" in legend_texts(standings(event, OPEN).legend)
    update_group(event, OPEN, unplayed_policy="fide")
    assert any("C.07 第7.1条（WIN）" in line for line in legend_texts(standings(event, OPEN).legend))
    update_group(event, OPEN, tiebreaks=["buchholz"])
    assert not any(line.startswith("胜局") for line in legend_texts(standings(event, OPEN).legend))


def test_double_forfeit_and_second_mover_forfeit_on_the_command_line(make_event: Make
                                                                      ) -> None:
    """docs/CLI.md: `result FILE --group G ROUND BOARD --` and `-+` as written."""
    event = eight(make_event)
    rounds.pair_next_round(event, OPEN)
    file = closed(event)
    assert main(["result", file, "--group", OPEN, "1", "1", "--"]) == 0
    assert main(["result", file, "--group", OPEN, "1", "2", "-+"]) == 0
    with Event.open(file) as event:
        boards = {b.number: code_text(b.result) for b in round_view(event, OPEN, 1).boards}
    assert (boards[1], boards[2]) == ("--", "-+")


@pytest.mark.parametrize("preset", ["qiwang-2022", "shenzhen-2022", "mindgames-2016",
                                    "yike-2022", "huazhi-2021"])
def test_the_presets_demos_come_out_as_the_clauses_say(preset: str, tmp_path: Path) -> None:
    """Every finished demo: each ranking final, ties shared only where the tied places are
    worth the same, never more money paid than the tables hold, teams without a full side
    showing no figure, and every award carrying the rule that decided it."""
    from app.services.demo import build_demo
    from app.services.queries import event_info

    with build_demo(tmp_path / "demo.db", preset, seed=7) as event:
        for group in event_info(event).groups:
            tables = [standings(event, group.name), *rankings(event, group.name)[1]]
            for table in tables:
                assert table.final and not table.playoffs_needed, table.name
                for place in {r.place for r in table.rows if r.shared}:
                    tied = [r for r in table.rows if r.place == place]
                    assert len({(prize_text(r.award), title_text(r.award))
                                for r in tied}) == 1, (table.name, place)
                awarded = [r.award for r in table.rows if r.award is not None]
                assert all(a.basis not in (AwardBasis.AWAITING_PLAYOFF, AwardBasis.AWAITING_LOTS)
                           for a in awarded)
        for team in team_standings(event):
            assert all(r.total is None and r.members for r in team.rows if r.place is None)
            for place in {r.place for r in team.rows if r.place and r.shared}:
                tied = [r for r in team.rows if r.place == place]
                assert len({r.award.money if r.award else 0 for r in tied}) == 1
        with event.reading() as session:
            for group in event_info(event).groups:
                found = Event.group(session, group.name)
                for table, sub in [(standings(event, group.name), None)] + [
                        (t, settings_of(found).subranking(t.name))
                        for t in rankings(event, group.name)[1]]:
                    scheme = award_scheme(found, sub)
                    paid = sum((r.award.money for r in table.rows if r.award), Fraction(0))
                    worth = sum(scheme.place_award(p).money for p in range(1, len(table.rows) + 1))
                    assert paid <= worth, table.name
        model = build_model(event)
        assert all(a.final and a.decision is not None for a in model.awards)


def test_the_arbiter_chooses_the_team_chain_and_tie_rule(make_event: Make) -> None:
    """qiwang names no team tie-break: the arbiter's chain and rule are stored and printed."""
    units = {f"{u}{k}": u for u in ("甲", "乙", "丙", "丁") for k in (1, 2, 3)}
    event = qiwang(make_event, units, rounds=1, settings={"playoffs": False})
    play(event, OPEN, "=")
    teams.set_team_ranking_rules(event, MEN_TEAMS, ["best_place", "buchholz"], "playoff")
    men = team_standings(event)[0]
    assert men.columns == (("best_place", ""), ("buchholz", "对手分"))
    assert [team_criterion(key, label) for key, label in men.columns] == ["个人最好名次", "对手分之和"]
    assert any("个人最好名次、对手分之和；仍相同：抽签" in line for line in legend_texts(men.legend))
    assert not men.final  # four teams level on everything: lots are needed
    with pytest.raises(UserError):
        teams.set_team_ranking_rules(event, MEN_TEAMS, ["no_such_break"])
    event.undo()
    assert team_standings(event)[0].asks == ((1, 4),)  # no rule chosen again: it asks


def test_a_group_may_play_off_every_tie_inside_its_admitted_places(make_event: Make) -> None:
    """The per-group switch: ties inside one award band are played off too when it is on."""
    event = eight(make_event, rounds=1, grade_titles=[],
                  prizes=[{"from": 1, "to": 4, "money": 500, "items": ["奖状"]}])
    play(event, OPEN, "1-0")  # four winners level on 1st-4th, worth the same
    assert not standings(event, OPEN).playoffs_needed  # shenzhen 九(一): 不加赛
    update_group(event, OPEN, settings={"playoff_all_admitted": True})
    (need,) = standings(event, OPEN).playoffs_needed
    assert need.place == 1 and len(need.players) == 4 and need.why.stakes == (Stake.ADMITTED,)
    assert "一律加赛" in reason_text(need.why)


def test_players_entered_as_individuals_make_no_team(make_event: Make) -> None:
    """qiwang 十二(四)4: a team is a unit's players; 单位 个人 is an individual entry."""
    event = make_event("qiwang-2022", None, settings=None)
    for k in range(3):
        add_player(event, OPEN, name=f"个人{k}", gender="M", unit="个人")
        add_player(event, OPEN, name=f"绍兴{k}", gender="M", unit="绍兴棋院")
    update_group(event, OPEN, rounds=1)
    play(event, OPEN, "1-0")
    men = next(t for t in team_standings(event) if t.name == MEN_TEAMS)
    assert [row.team for row in men.rows] == ["绍兴棋院"]



def test_a_bad_team_ranking_in_the_event_file_is_refused_naming_its_key(make_event: Make
                                                                        ) -> None:
    """A team ranking is decoded once where it leaves the store: a bad value is a message
    naming the ranking and the key, not a crash."""
    event = make_event("qiwang-2022")
    with event.operation("edit", "edit") as session:
        tournament = Event.tournament(session)
        specs = [dict(s) for s in tournament.settings["team_rankings"]]
        specs[0]["members"] = "三"
        tournament.settings = {**tournament.settings, "team_rankings": specs}
    with pytest.raises(UserError) as raised:
        team_standings(event)
    assert raised.value.where.endswith("members") and MEN_TEAMS in raised.value.zh
