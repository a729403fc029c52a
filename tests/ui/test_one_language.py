"""The window speaks one language at a time: in English mode no Chinese is left in any
menu, action, label, button, tooltip or header except names and data (the event's title,
groups, players, units, teams, prizes as the regulation names them), and in neither
language does a code name reach the arbiter (`second`, `[C1]`, `board:`, `team T17`,
`--group`, `period1`); Chinese text joins a label to what it names by the full-width colon
(黑：宋梓, never 黑: 宋梓)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PySide6.QtWidgets import QMenu

from app.results import WORDS as RESULT_WORDS
from app.services import knockout, queries
from app.services.team_specs import team_specs
from app.ui import i18n
from tests.ui.helpers import (
    ASCII_COLON_IN_CHINESE,
    CJK,
    IDENTIFIERS,
    import_two_lists,
    open_demo,
    set_up_event,
    shown_texts,
)

LANGUAGE_NAMES = ("中文",)  # the language menu names each language in itself
# What the arbiter may type as a result (F1 lists them in either language) and the time mark.
TYPED_WORDS = (*RESULT_WORDS, "超时")
FILE_COLUMNS = ("队名", "姓名", "单位", "身份证号")  # the headers a team list file must have


def strings(value: Any) -> Iterator[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def event_data(window) -> list[str]:  # type: ignore[no-untyped-def]
    """The open event's names and data, longest first: what may be Chinese in any mode."""
    info = queries.event_info(window.ev)
    data = {info.title, info.organisers, info.venue, *strings(info.settings),
            *LANGUAGE_NAMES, *FILE_COLUMNS, *TYPED_WORDS}
    with window.ev.reading() as session:  # the regulation's clauses the team rankings quote
        data |= {spec.member_rule.clause for spec in team_specs(window.ev.tournament(session))
                 if spec.member_rule is not None}
    for group in info.groups:
        data |= {group.name, *strings(group.settings.to_json())}
        if group.system.team:
            data |= {t.name for t in knockout.teams(window.ev, group.name)}
    for player in queries.players(window.ev):
        data |= {player.name, player.unit, player.source, player.grade}
    return sorted((d for d in data if d), key=len, reverse=True)


ASCII_BRACKETS = re.compile(r"\[[^\]]*\]")
"""ASCII brackets around a part of a text shown in Chinese (the language's are 【】, （）)."""


def bad_texts(widget, data: list[str]) -> list[str]:  # type: ignore[no-untyped-def]
    """The texts of `widget` with a code name, or (English mode) Chinese besides data; the
    menus are opened first (their entries say then what they can do)."""
    for menu in widget.findChildren(QMenu):
        menu.aboutToShow.emit()
    bad = []
    for text in shown_texts(widget):
        if IDENTIFIERS.search(text):
            bad.append(text)
        if i18n.language() == "zh" and CJK.search(text) and ASCII_COLON_IN_CHINESE.search(text):
            bad.append(text)  # 黑: 宋梓 where 黑：宋梓 belongs
        if i18n.language() == "zh" and CJK.search(text) and ASCII_BRACKETS.search(text):
            bad.append(text)  # [黑胜] where 【黑胜】 belongs, a criterion's code [C8]
        if i18n.language() == "en":
            rest = text
            for item in data:
                rest = rest.replace(item, "")
            if CJK.search(rest):
                bad.append(text)
    return bad


def each_choice(combo) -> Iterator[int]:  # type: ignore[no-untyped-def]
    """Choose each item of `combo` in turn (its index given)."""
    for index in range(combo.count()):
        combo.setCurrentIndex(index)
        yield index


def walk(window) -> list[str]:  # type: ignore[no-untyped-def]
    """Every view, page, ranking, menu and dialog of the open event, and what each says
    that it should not."""
    data = event_data(window)
    bad: list[str] = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        bad += bad_texts(window, data)
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    for _group in each_choice(view.group):
        for page in range(view.pages.count()):
            if view.pages.isTabVisible(page):
                view.pages.setCurrentIndex(page)
                bad += bad_texts(window, data)
        view.pages.setCurrentIndex(0)
        for _ranking in each_choice(view.which):
            bad += bad_texts(window, data)
    rounds = window.rounds_view
    window.tabs.setCurrentWidget(rounds)
    for _group in each_choice(rounds.group):
        bad += bad_texts(window, data)
        if rounds.round is not None and rounds.round.boards:  # a board's number typed ...
            board = rounds.round.boards[0]
            rounds.entry.setText(str(board.number))
            rounds.entry.textEdited.emit(rounds.entry.text())
            bad += bad_texts(window, data)  # ... named beside the entry line
            rounds.entry.setText("")
            if window.board_view.link_board(rounds.selected_group(), rounds.round.number,
                                            board.number):  # its game on the board view
                window.tabs.setCurrentWidget(window.board_view)
                bad += bad_texts(window, data)
                window.tabs.setCurrentWidget(rounds)
    window.show_export()
    window.show_snapshots()
    window.show_shortcuts()
    window.players_view.show_import()
    from app.ui.player_dialog import PlayerDialog
    from app.ui.serve_dialog import ServeDialog

    players = window.players_view
    dialogs = [window.export_dialog, window.snapshot_dialog, window.shortcuts_dialog,
               players.import_wizard, view.open_teams_dialog(), ServeDialog(window),
               PlayerDialog(players, None, players.group_names(), players.group_names()[0])]
    team_groups = [g.name for g in queries.event_info(window.ev).groups if g.system.team]
    if team_groups:
        window.tabs.setCurrentWidget(players)
        players.group.setCurrentIndex(players.group.findData(team_groups[0]))
        dialogs.append(players.team_dialog_for(team_groups[0]))
    for dialog in dialogs:
        bad += bad_texts(dialog, data)
        dialog.close()
    return sorted(set(bad))


@pytest.mark.parametrize("preset", ["qiwang-2022", "huazhi-2021", "tuanti-2026"])
def test_english_mode_shows_no_chinese_but_names_and_data(window, tmp_path, preset):
    open_demo(window, tmp_path, preset)
    window.act_en.trigger()
    found = walk(window)
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("preset", ["qiwang-2022", "huazhi-2021", "tuanti-2026"])
def test_chinese_mode_shows_no_code_names_nor_english_colons(window, tmp_path, preset):
    open_demo(window, tmp_path, preset)
    found = walk(window)
    assert found == [], "\n".join(found)


def test_the_start_page_and_its_menus_speak_english(window):
    window.act_en.trigger()
    assert bad_texts(window, list(LANGUAGE_NAMES)) == []


def test_the_data_left_out_of_the_check_is_only_the_events_own(window, tmp_path):
    """The check cannot pass by itself: a Chinese label that is no data is caught."""
    open_demo(window, tmp_path, "qiwang-2022")
    window.act_en.trigger()
    window.tabs.setCurrentWidget(window.rounds_view)
    window.rounds_view.entry_label.setText("录入成绩")
    assert "录入成绩" in bad_texts(window, event_data(window))
    window.rounds_view.entry_label.setToolTip("seat: second")
    assert "seat: second" in bad_texts(window, event_data(window))


def test_an_import_checked_in_english_tells_its_problems_in_english(window, qtbot, tmp_path):
    """The import wizard's problems and the rows the quota leaves out: each reason in the
    language shown (the file's own names and column titles are data)."""
    set_up_event(window, tmp_path)
    window.act_en.trigger()
    wizard = import_two_lists(window, qtbot)
    report = wizard.check()
    assert report is not None and report.left_out
    table = wizard.problems
    reasons = [table.item(r, 4).text() for r in range(table.rowCount())]
    left_out = reasons[len(report.problems):]
    assert len(left_out) == len(report.left_out)
    for text in left_out:  # "file:row name: reason", the reason naming the list (data)
        assert not CJK.search(text.rsplit(": ", 1)[-1].replace("网络入围赛", "")), text
    for r in range(len(report.problems)):
        tip = table.item(r, 4).toolTip()
        assert tip and not CJK.search(tip.replace(table.item(r, 2).text(), "")), tip


def test_english_counts_one_in_the_singular(window):
    from app.standings.legend import LegendLine, Note
    from app.wording import legend_text

    window.act_en.trigger()
    assert i18n.tr("import_summary", entrants=1, problems=2, errors=1) == \
        "1 entrant; 2 problems (1 error)"
    assert i18n.tr("progress_text", players=11, planned=7, paired=1, complete=0) == \
        "11 players, 7 rounds to play, 1 round paired, 0 complete"
    legend = legend_text(LegendLine(Note.PROVISIONAL, complete=9, planned=9, pending=1), "en")
    assert legend.startswith("Provisional (not final): 1 tie still to play off;")
    window.act_zh.trigger()
    assert i18n.tr("import_summary", entrants=1, problems=2, errors=1).startswith("1")


def test_a_place_an_error_names_is_shown_in_the_language_chosen():
    from app.errors import Place, UserError
    from app.ui.i18n import error_text, set_language

    error = UserError("轮空台没有先后手", "a bye has no colours", Place("第3台", "board 3"))
    assert error_text(error) == "第3台：轮空台没有先后手"
    set_language("en")
    try:
        assert error_text(error) == "board 3: a bye has no colours"
    finally:
        set_language("zh")
