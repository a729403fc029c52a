"""Award decisions in the window: final or provisional standings with their legend, why a
playoff is needed, the open place of the women's ranking, declined titles and prizes (undoable),
declared teams of a team ranking, and printing provisional awards."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.services import exporting, rounds
from app.services.groups import update_group
from app.services.players import add_player
from app.services.ranking import planned_rounds_of, standings, team_standings
from app.ui import common
from app.ui import export_dialog as export_module
from app.wording import legend_texts, reason_text
from tests.ui.helpers import GROUP, press_ctrl, screenshot, type_into

MEN_TEAMS = "公开组团体（男子）"


def play(event, group: str, code: str = "=", count: int | None = None) -> None:  # type: ignore[no-untyped-def]
    """Pair and play `count` rounds (default: all planned), every board ending in `code`."""
    for _ in range(count or planned_rounds_of(event, group)):
        info = rounds.pair_next_round(event, group)
        rounds.enter_results(event, group, info.number,
                             {b.number: [code] for b in info.boards if b.second})


def event_with(window, tmp_path: Path, units: dict[str, str], rounds_planned: int = 1,  # type: ignore[no-untyped-def]
               playoffs: bool = False) -> None:
    """A qiwang final whose open group holds one player per (name, unit); names ending in 女
    are women."""
    assert window.new_event(tmp_path / "final.db", "qiwang-2022"), window.last_error
    update_group(window.ev, GROUP, rounds=rounds_planned, settings={"playoffs": playoffs})
    for name, unit in units.items():
        add_player(window.ev, GROUP, name=name, unit=unit,
                   gender="F" if name.endswith("女") else "M")


def shown(window):  # type: ignore[no-untyped-def]
    """The standings view on screen, afresh."""
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    view.group.setCurrentIndex(view.group.findText(GROUP))
    return view


def headers(view) -> list[str]:  # type: ignore[no-untyped-def]
    return [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]


def column(view, title: str) -> list[str]:  # type: ignore[no-untyped-def]
    index = headers(view).index(title)
    return [row[index] for row in view.standings_texts()]


EIGHT = {f"{u}{k}": u for u in ("甲", "乙", "丙", "丁") for k in (1, 2)}


def test_provisional_standings_say_so_until_the_last_round(window, tmp_path, monkeypatch):
    event_with(window, tmp_path, EIGHT, rounds_planned=2)
    play(window.ev, GROUP, "1-0", count=1)
    view = shown(window)
    assert view.state_label.text() == "临时（非最终）"
    legend = view.legend.text()
    assert "临时名次（非最终）" in legend and "对手分" in legend  # the unplayed-game policy
    assert "standings" not in legend and "[" not in legend
    printed: list[str] = []
    from app.ui import printing

    monkeypatch.setattr(printing, "print_table",
                        lambda _w, title, *_a, **_k: printed.append(title) or True)
    assert view.print_standings()
    assert printed and printed[0].endswith("临时（非最终）")
    screenshot(window, "awards-01-provisional")
    play(window.ev, GROUP, "1-0", count=1)
    view = shown(window)
    assert view.state_label.text() == "最终名次"
    assert "临时" not in view.legend.text()
    assert any(column(view, "可申请称号"))
    screenshot(window, "awards-02-final")


def test_a_needed_playoff_says_why(window, tmp_path):
    event_with(window, tmp_path, EIGHT, playoffs=True)
    play(window.ev, GROUP, "1-0")
    view = shown(window)
    need = standings(window.ev, GROUP).playoffs_needed[0]
    text = view.needs.item(0).text()
    assert text.startswith("第1名需加赛") and f"原因：{reason_text(need.why)}" in text
    assert "30000元" in text
    assert view.state_label.text() == "临时（非最终）"  # the decisive playoff is not played
    screenshot(window, "awards-03-playoff-reason")


def test_women_show_their_open_place_beside_the_womens(window, tmp_path):
    units = {"甲1": "甲", "乙1女": "乙", "丙1": "丙", "丁1女": "丁"}
    event_with(window, tmp_path, units)
    play(window.ev, GROUP, "1-0")
    view = shown(window)
    open_places = dict(zip(column(view, "姓名"), column(view, "名次"), strict=True))
    sub = next(i for i in range(view.which.count()) if view.which.itemData(i).startswith("sub:"))
    view.which.setCurrentIndex(sub)
    assert "公开组名次" in headers(view)
    women = dict(zip(column(view, "姓名"), column(view, "公开组名次"), strict=True))
    assert set(women) == {"乙1女", "丁1女"}
    assert women == {name: open_places[name] for name in women}
    screenshot(window, "awards-04-women-open-place")


def test_declining_a_title_and_a_prize_is_recorded_and_undone(window, tmp_path, qtbot):
    event_with(window, tmp_path, EIGHT)
    play(window.ev, GROUP, "1-0")
    view = shown(window)
    assert not view.decline_title_button.isEnabled()  # nobody selected
    assert "选中" in view.decline_title_button.toolTip()
    first = view.standings_texts()[0]
    name, title = first[1], first[headers(view).index("可申请称号")]
    assert title
    view.table.selectRow(0)
    assert view.decline_title_button.isEnabled()
    view.decline_title_button.click()
    assert view.declines.item(0).text() == f"{name} 放弃{GROUP}的等级称号"
    row = next(r for r in view.standings_texts() if r[1] == name)
    assert row[headers(view).index("可申请称号")] == ""
    screenshot(window, "awards-05-declined")
    press_ctrl(window, qtbot, Qt.Key.Key_Z)
    row = next(r for r in view.standings_texts() if r[1] == name)
    assert row[headers(view).index("可申请称号")] == title
    assert view.declines.item(0).text() == "无人放弃称号或奖金"
    assert not view.withdraw_button.isEnabled()
    # the prize, from the table's context menu, then taken back from the list
    view.table.selectRow(0)
    assert view.act_decline_prize in view.table.actions()
    view.act_decline_prize.trigger()
    assert view.declines.item(0).text() == f"{name} 放弃{GROUP}的奖金"
    row = next(r for r in view.standings_texts() if r[1] == name)
    assert row[headers(view).index("奖励")] == ""
    view.declines.setCurrentRow(0)
    assert view.withdraw_button.isEnabled()
    view.withdraw_button.click()
    assert view.declines.item(0).text() == "无人放弃称号或奖金"
    row = next(r for r in view.standings_texts() if r[1] == name)
    assert row[headers(view).index("奖励")]


def open_men_teams(view):  # type: ignore[no-untyped-def]
    view.which.setCurrentIndex(view.which.findData(f"team:{MEN_TEAMS}"))
    assert view.teams_button.isVisible()
    assert not view.lower_part.isVisible()  # players' playoffs and declines
    return view.open_teams_dialog()


def test_teams_are_declared_imported_and_removed_in_the_dialog(window, tmp_path, qtbot,
                                                                monkeypatch):
    units = {f"{u}{k}": u for u in ("甲", "乙") for k in (1, 2, 3, 4)} | {"丙1": "丙"}
    event_with(window, tmp_path, units)
    view = shown(window)
    dialog = open_men_teams(view)
    qtbot.addWidget(dialog)
    assert dialog.ranking.currentText() == MEN_TEAMS
    assert "最好的3名" in dialog.how.text()
    # refused: two members for a team of three; what was typed stays, with the reason
    type_into(qtbot, dialog.name, "乙队")
    type_into(qtbot, dialog.members, "乙1、乙2")
    dialog.declare_button.click()
    assert "每队应为3人" in dialog.error.text()
    assert dialog.name.text() == "乙队" and dialog.members.text() == "乙1、乙2"
    assert dialog.teams.count() == 0
    type_into(qtbot, dialog.name, "甲一队")
    type_into(qtbot, dialog.members, "甲1、甲2 甲3")
    dialog.declare_button.click()
    assert dialog.error.text() == "" and dialog.name.text() == ""
    assert [dialog.teams.item(i).text() for i in range(dialog.teams.count())] == \
        ["甲一队（甲）：甲1、甲2、甲3"]
    assert "赛前报名" in dialog.how.text()
    import openpyxl

    listing = tmp_path / "teams.xlsx"
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    for line in (("队名", "姓名", "单位"), ("乙队", "乙1", "乙"), ("乙队", "乙2", "乙"),
                 ("乙队", "乙4", "乙")):
        sheet.append(line)
    book.save(listing)
    monkeypatch.setattr(common, "ask_open_path", lambda *_a, **_k: listing)
    assert dialog.ask_import()
    assert dialog.teams.count() == 2
    screenshot(dialog, "awards-06-teams-dialog")
    bad = tmp_path / "bad.csv"
    bad.write_text("队名,姓名\n丙队,没有这人\n", encoding="utf-8")
    assert not dialog.import_file(bad)
    assert "第2行" in dialog.error.text() and dialog.teams.count() == 2
    dialog.teams.setCurrentRow(0)
    dialog.remove_button.click()
    assert [dialog.teams.item(i).text() for i in range(dialog.teams.count())] == \
        ["乙队（乙）：乙1、乙2、乙4"]
    press_ctrl(window, qtbot, Qt.Key.Key_Z)  # the open dialog follows the undo
    assert dialog.teams.count() == 2
    play(window.ev, GROUP, "=")
    window.changed()
    texts = view.standings_texts()
    assert {r[1] for r in texts} == {"甲一队", "乙队"}
    assert "赛前报名的队伍" in view.legend.text()
    screenshot(window, "awards-07-declared-teams")


def test_a_declared_team_is_listed_in_the_language_shown(window, tmp_path, qtbot):
    """Its unit in brackets and its members after the colon of the language: 甲队（甲）：甲1、
    甲2、甲3 in Chinese, 甲队 (甲): 甲1, 甲2, 甲3 in English."""
    event_with(window, tmp_path, {f"甲{k}": "甲" for k in (1, 2, 3)})
    window.act_en.trigger()
    dialog = open_men_teams(shown(window))
    qtbot.addWidget(dialog)
    type_into(qtbot, dialog.name, "甲队")
    type_into(qtbot, dialog.members, "甲1、甲2、甲3")
    dialog.declare_button.click()
    assert dialog.error.text() == ""
    assert dialog.teams.item(0).text() == "甲队 (甲): 甲1, 甲2, 甲3"


def test_a_declared_team_is_corrected_in_the_dialog(window, tmp_path, qtbot):
    """qiwang 十二(四)4: the team chosen fills the form; 保存修改 replaces it in its place; a
    refused change keeps what was typed, with the reason."""
    units = {f"{u}{k}": u for u in ("甲", "乙") for k in (1, 2, 3, 4)}
    event_with(window, tmp_path, units)
    dialog = open_men_teams(shown(window))
    qtbot.addWidget(dialog)
    for team, members in (("甲队", "甲1、甲2、甲3"), ("乙队", "乙1、乙2、乙3")):
        type_into(qtbot, dialog.name, team)
        type_into(qtbot, dialog.members, members)
        dialog.declare_button.click()
    assert not dialog.update_button.isEnabled()  # no team chosen
    dialog.teams.setCurrentRow(0)
    assert (dialog.name.text(), dialog.members.text()) == ("甲队", "甲1、甲2、甲3")
    type_into(qtbot, dialog.members, "甲1、甲2、乙1")
    dialog.update_button.click()
    assert "乙1 已在“乙队”队中" in dialog.error.text()
    assert dialog.members.text() == "甲1、甲2、乙1"
    screenshot(dialog, "awards-06b-team-refused-change")
    type_into(qtbot, dialog.members, "甲4、甲2、甲3")
    dialog.update_button.click()
    assert dialog.error.text() == ""
    assert [dialog.teams.item(i).text() for i in range(dialog.teams.count())] == \
        ["甲队（甲）：甲4、甲2、甲3", "乙队（乙）：乙1、乙2、乙3"]


def test_team_ties_rules_and_lots_from_the_dialog(window, tmp_path, qtbot):
    """qiwang 十五2: three teams level with two awarded: lots decide, recorded in the dialog;
    a unit without a complete team shows no figure."""
    units = {f"{u}{k}": u for u in ("甲", "乙", "丙") for k in (1, 2, 3)} | {"戊1": "戊"}
    event_with(window, tmp_path, units)
    play(window.ev, GROUP, "=")
    view = shown(window)
    dialog = open_men_teams(view)
    qtbot.addWidget(dialog)
    texts = view.standings_texts()
    short = next(r for r in texts if r[1] == "戊")
    assert short[2] == "" and "人数不足" in " ".join(short)
    reason = headers(view).index("抽签或加赛原因")
    assert all("奖项" in r[reason] for r in texts[:3])
    assert view.state_label.text() == "临时（非最终）"
    screenshot(window, "awards-08-team-tie")
    assert dialog.tie.currentText().startswith("第1名并列：")
    assert set(dialog.lots.text().split("、")) == {"甲", "乙", "丙"}
    type_into(qtbot, dialog.lots, "乙、丙")
    dialog.lots_button.click()
    assert "并列同一名次" in dialog.error.text()
    type_into(qtbot, dialog.lots, "乙、丙、甲")
    dialog.lots_button.click()
    assert dialog.error.text() == ""
    assert dialog.tie.currentText() == "没有需要抽签的并列" and not dialog.lots_button.isEnabled()
    assert [r[1] for r in view.standings_texts()[:3]] == ["乙", "丙", "甲"]
    assert view.state_label.text() == "最终名次"
    # the chain and the tie rule
    chain = [dialog.chain.item(i).text() for i in range(dialog.chain.count())]
    assert chain[0] == "个人最好名次" and "对手分之和" in chain
    dialog.chain.item(0).setCheckState(Qt.CheckState.Checked)
    dialog.tie_rule.setCurrentIndex(dialog.tie_rule.findData("playoff"))
    dialog.rules_button.click()
    assert dialog.error.text() == ""
    spec = next(t for t in team_standings(window.ev) if t.name == MEN_TEAMS)
    assert "best_place" in [key for key, _label in spec.columns]
    assert any("抽签" in line for line in legend_texts(spec.legend))
    screenshot(dialog, "awards-09-team-rules")


def test_a_team_tie_the_regulation_leaves_open_is_asked_about_in_the_window(window, tmp_path,
                                                                            qtbot):
    """qiwang names no team tie-break: four teams level over 1st-4th are not shared silently;
    the window says so and asks; the arbiter has them shared, and the legend says it."""
    units = {f"{u}{k}": u for u in ("甲", "乙", "丙", "丁") for k in (1, 2, 3)}
    event_with(window, tmp_path, units)
    play(window.ev, GROUP, "=")
    view = shown(window)
    dialog = open_men_teams(view)
    qtbot.addWidget(dialog)
    assert not dialog.asks.isHidden() and "规程未规定团体名次的破同分办法" in dialog.asks.text()
    assert "第1-4名" in dialog.asks.text()
    assert "规程未规定团体名次的破同分办法" in view.legend.text()
    assert view.state_label.text() == "临时（非最终）"
    assert dialog.tie_rule.currentData() == ""  # nothing chosen
    dialog.tie_rule.setCurrentIndex(dialog.tie_rule.findData("share"))
    dialog.rules_button.click()
    assert dialog.error.text() == ""
    assert dialog.asks.isHidden()
    assert view.state_label.text() == "最终名次"
    assert "仍相同：并列，所涉名次奖金平分" in view.legend.text()


def test_a_team_ranking_of_places_takes_no_declared_teams(window, tmp_path, qtbot):
    """shenzhen 十二(二): the mixed team ranking adds the units' places; no team is declared,
    its chain is the best individual place only (shenzhen 十一(二))."""
    assert window.new_event(tmp_path / "sz.db", "shenzhen-2022"), window.last_error
    for group, gender in (("男子组", "M"), ("女子组", "F")):
        for unit in ("深圳", "广州"):
            for k in (1, 2):
                add_player(window.ev, group, name=f"{unit}{gender}{k}", unit=unit, gender=gender)
    window.changed()
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    view.group.setCurrentIndex(view.group.findText("男子组"))
    view.which.setCurrentIndex(view.which.findData("team:混合团体"))
    assert view.teams_button.isVisible()
    dialog = view.open_teams_dialog()
    qtbot.addWidget(dialog)
    assert dialog.ranking.currentText() == "混合团体"
    assert "不报名队伍" in dialog.how.text()
    assert not dialog.declare_button.isEnabled() and not dialog.import_button.isEnabled()
    assert "不报名队伍" in dialog.declare_button.toolTip()
    assert [dialog.chain.item(i).text() for i in range(dialog.chain.count())] == ["个人最好名次"]
    dialog.tie_rule.setCurrentIndex(dialog.tie_rule.findData("playoff"))
    dialog.rules_button.click()
    assert dialog.error.text() == ""
    assert dialog.tie_rule.currentData() == "playoff"  # as stored, read back


def test_export_offers_provisional_awards_only_while_not_final(window, tmp_path, qtbot,
                                                               monkeypatch):
    event_with(window, tmp_path, EIGHT, rounds_planned=2)
    play(window.ev, GROUP, "1-0", count=1)
    calls: list[dict[str, object]] = []
    monkeypatch.setattr(exporting, "export",
                        lambda _ev, _folder, **kw: calls.append(kw) or [])
    monkeypatch.setattr(export_module, "open_folder", lambda _folder: True)
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    assert dialog.provisional.isEnabled() and not dialog.provisional.isChecked()
    assert GROUP in dialog.provisional_note.text()
    dialog.provisional.setChecked(True)
    dialog.folder.setText(str(tmp_path / "out"))
    dialog.export()
    assert calls[-1]["provisional"] is True
    screenshot(dialog, "awards-10-export-provisional")
    dialog.close()
    play(window.ev, GROUP, "1-0", count=1)
    window.act_export.trigger()
    dialog = window.export_dialog
    qtbot.addWidget(dialog)
    assert not dialog.provisional.isEnabled(), dialog.unfinished_rankings()
    assert "全部名次均为最终名次" in dialog.provisional_note.text()
    assert "全部名次均为最终名次" in dialog.provisional.toolTip()
    dialog.folder.setText(str(tmp_path / "out"))
    dialog.export()
    assert calls[-1]["provisional"] is False
    screenshot(dialog, "awards-11-export-final")


def test_award_texts_in_english(window, tmp_path, qtbot):
    event_with(window, tmp_path, EIGHT, rounds_planned=2)
    play(window.ev, GROUP, "1-0", count=1)
    window.act_en.trigger()
    view = shown(window)
    assert view.state_label.text() == "Provisional (not final)"
    assert "Title (may apply)" in headers(view)
    assert view.decline_title_button.text() == "Decline the title"
    assert view.declines.item(0).text() == "Nobody declined a title or a prize"
    legend = view.legend.text()
    assert legend.startswith("Notes:")
    assert "Provisional (not final): 1/2 rounds played; prizes, titles" in legend
    assert "Unplayed rounds (byes, forfeits) count 0" in legend
    assert "12000 yuan, certificate" in column(view, "Prize")
    view.which.setCurrentIndex(view.which.findData(f"team:{MEN_TEAMS}"))
    assert view.teams_button.text() == "Teams and lots…"
    assert set(column(view, "Note")) == {"Incomplete team: no team result"}
    assert "Points" in headers(view)
    assert "No team declared: each unit's best 3 players count" in view.legend.text()
    dialog = view.open_teams_dialog()
    qtbot.addWidget(dialog)
    assert dialog.declare_button.text() == "Declare"
    screenshot(window, "awards-12-english")


def test_why_a_playoff_is_needed_reads_in_english(window, tmp_path):
    """The reason beside a needed playoff follows the window's language."""
    event_with(window, tmp_path, EIGHT, playoffs=True)
    play(window.ev, GROUP, "1-0")
    view = shown(window)
    need = standings(window.ev, GROUP).playoffs_needed[0]
    assert reason_text(need.why) in view.needs.item(0).text()
    window.act_en.trigger()
    view = shown(window)
    assert reason_text(need.why, "en") in view.needs.item(0).text()
    assert "Places 1-4: the prize money" in view.needs.item(0).text()
