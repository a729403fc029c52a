"""The standings view's crosstable (交叉表) and knockout bracket (对阵图), driven through the
real window: groups chosen, rounds paired and results typed, the grid and the drawing read
back (cells, names, winners, places), the language switched, images painted and saved."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from PySide6.QtCore import QPointF, QSize, QSizeF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from app import wording
from app.pairing.knockout import BYE
from app.pairing.types import Colour, Outcome
from app.services import demo, knockout, queries
from app.services.event import add_group
from app.standings.crosstable import RoundCell
from app.ui import bracket_widget, crosstable_widget
from app.wording import code_text
from tests.ui.helpers import SCREENSHOTS, add_players, screenshot, select_group

RR = "循环组"


def enter_round(window, qtbot, group: str, keys: list[str]) -> None:
    """Pair the group's next round on the rounds view and type one result key per board."""
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    select_group(view, group)
    paired = view.pair_next()
    assert paired is not None, window.last_error
    for board, key in zip((b for b in paired.boards if b.second is not None), keys,
                          strict=False):
        qtbot.keyClicks(view.entry, f"{board.number} {key}")
        assert view.entry.text() == "", window.last_error


def expected_points(window, group: str) -> dict[tuple[str, str], list[str]]:
    """(player, opponent) -> the points of each game, from the stored results (2/1/0)."""
    worth = {"1-0": ("2", "0"), "0-1": ("0", "2"), "=": ("1", "1")}
    out: dict[tuple[str, str], list[str]] = {}
    number = 1
    while True:
        try:
            boards = queries.round_view(window.ev, group, number).boards
        except Exception:  # noqa: BLE001 (no such round: done)
            return out
        for board in boards:
            if board.second is None or code_text(board.result) not in worth:
                continue
            first, second = worth[code_text(board.result)]
            out.setdefault((board.first.name, board.second.name), []).append(first)
            out.setdefault((board.second.name, board.first.name), []).append(second)
        number += 1


def open_standings_group(window, group: str):  # type: ignore[no-untyped-def]
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, group)
    return view


# ----- round robin ------------------------------------------------------------------------------


def test_round_robin_crosstable_shows_each_pairs_points_and_follows_new_results(
        window, qtbot, tmp_path):
    assert window.new_event(tmp_path / "rr.db", "qiwang-2022")
    add_group(window.ev, RR, like="公开组", system="round_robin", rounds=5)
    window.changed()
    add_players(window, RR, 6)
    enter_round(window, qtbot, RR, ["1", "=", "0"])
    enter_round(window, qtbot, RR, ["0", "1", "1"])
    view = open_standings_group(window, RR)
    view.show_crosstable()
    assert not view.which.isVisible()  # sub-rankings and playoffs belong to the table page
    assert not view.lower_part.isVisible()
    grid = view.crosstable
    names = [n.split(maxsplit=1)[1] for n in grid.row_names()]
    assert sorted(names) == [f"棋手{i}" for i in range(1, 7)]
    assert grid.column_titles() == ["单位", "1", "2", "3", "4", "5", "6", "积分", "名次"]
    # the rows follow the standings table
    assert names == [row[1] for row in view.standings_texts()]
    texts = grid.texts()
    points = expected_points(window, RR)
    for i, row in enumerate(texts):
        assert row[1 + i] == "×"
        for j, other in enumerate(names):
            if i != j:
                assert row[1 + j] == " ".join(points.get((names[i], other), [])), (i, j)
        total = sum(int(p) for (a, _b), games in points.items() if a == names[i] for p in games)
        assert row[-2] == str(total)
    model = grid.model
    assert model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole).color() == \
        crosstable_widget.DIAGONAL
    i, j = next((i, j) for i in range(6) for j in range(6) if texts[i][1 + j] == "2")
    assert model.data(model.index(i, 1 + j), Qt.ItemDataRole.BackgroundRole).color() == \
        crosstable_widget.TINTS["win"]
    assert texts[j][1 + i] == "0"
    assert model.data(model.index(j, 1 + i), Qt.ItemDataRole.BackgroundRole).color() == \
        crosstable_widget.TINTS["loss"]
    tip = model.data(model.index(i, 1 + j), Qt.ItemDataRole.ToolTipRole)
    assert f"{names[i]} 对 {names[j]}：2 分" in tip  # the tooltip in the language shown
    assert model.data(model.index(0, 0), Qt.ItemDataRole.TextAlignmentRole) != \
        model.data(model.index(0, 1), Qt.ItemDataRole.TextAlignmentRole)
    assert view.pages.isTabVisible(1) and not view.pages.isTabVisible(2)  # no bracket here
    screenshot(window, "30-crosstable-round-robin")
    # the page chosen is remembered with the window's layout
    window.save_layout()
    assert int(window.settings.value("standings/page")) == 1
    view.pages.setCurrentIndex(0)
    assert view.which.isVisible() and view.lower_part.isVisible()
    view.restore_layout(window.settings)
    assert view.pages.currentWidget() is view.crosstable
    # a third round entered on the rounds view shows when the standings come back
    enter_round(window, qtbot, RR, ["=", "=", "="])
    window.tabs.setCurrentWidget(view)
    assert view.pages.currentWidget() is view.crosstable
    points = expected_points(window, RR)
    names = [n.split(maxsplit=1)[1] for n in grid.row_names()]
    shown = grid.texts()
    assert sum(len(g) for g in points.values()) == 18  # three rounds of three boards, two sides
    for i, a in enumerate(names):
        for j, b in enumerate(names):
            if i != j:
                assert shown[i][1 + j] == " ".join(points.get((a, b), []))
    # undo takes the last result back out of the grid
    before = sum(cell.count("1") for row in shown for cell in row[1:7])
    window.undo()
    after = sum(cell.count("1") for row in grid.texts() for cell in row[1:7])
    assert after == before - 2


# ----- Swiss -------------------------------------------------------------------------------------


@pytest.fixture
def demo_window(window, tmp_path, monkeypatch):
    target = tmp_path / "demo.db"
    monkeypatch.setattr(window, "demo_location", lambda: target)
    window.start_page.demo.click()
    assert window.ev is not None, window.last_error
    return window


SWISS_ZH = re.compile(r"^(\d+)([黑白])(胜|和|负|不战胜|弃权负)$")


def test_swiss_crosstable_names_opponents_colours_and_outcomes_both_ways(demo_window):
    window = demo_window
    group = queries.event_info(window.ev).groups[0]
    assert group.system == "swiss"
    view = open_standings_group(window, group.name)
    view.show_crosstable()
    grid = view.crosstable
    assert grid.column_titles() == ["单位", *[f"第{r}轮" for r in range(1, group.rounds + 1)],
                                    "积分", "名次"]
    names = [n.split(maxsplit=1)[1] for n in grid.row_names()]
    assert names == [row[1] for row in view.standings_texts()]
    texts = grid.texts()
    assert [row[-1] for row in texts] == [row[0] for row in view.standings_texts()]
    assert [row[-2] for row in texts] == [row[3] for row in view.standings_texts()]
    games = 0
    opposite = {"黑": "白", "白": "黑", "胜": "负", "负": "胜", "和": "和",
                "不战胜": "弃权负", "弃权负": "不战胜"}
    for i, row in enumerate(texts):
        for r, cell in enumerate(row[1:1 + group.rounds]):
            found = SWISS_ZH.match(cell)
            if found is None:
                assert cell in ("轮空", "免赛胜", "免赛和", "免赛", "缺席"), cell
                continue
            games += 1
            place, colour, outcome = found.groups()
            # the opponent's row says the same game from the other side
            assert texts[int(place) - 1][1 + r] == \
                f"{i + 1}{opposite[colour]}{opposite[outcome]}"
    assert games > group.rounds * len(names) // 2
    model = grid.model
    first = texts[0][1]
    kind = {"胜": "win", "和": "draw", "负": "loss"}[SWISS_ZH.match(first).group(3)]
    assert model.data(model.index(0, 1), Qt.ItemDataRole.BackgroundRole).color() == \
        crosstable_widget.TINTS[kind]
    tip = model.data(model.index(0, 1), Qt.ItemDataRole.ToolTipRole)
    place = int(SWISS_ZH.match(first).group(1))
    assert f"对序号{place} {names[place - 1]}" in tip and "v row" not in tip  # one language
    header_tip = model.headerData(1, Qt.Orientation.Horizontal, Qt.ItemDataRole.ToolTipRole)
    assert "第1轮" in header_tip and "Round 1" not in header_tip
    screenshot(window, "31-crosstable-swiss")
    # scrolled sideways, the names stay in view (the vertical header)
    grid.table.horizontalScrollBar().setValue(grid.table.horizontalScrollBar().maximum())
    assert grid.table.verticalHeader().isVisible()
    assert grid.table.verticalHeader().width() > grid.table.fontMetrics().horizontalAdvance(
        names[0])
    # larger text (Ctrl++): the grid's columns widen with it
    app = QApplication.instance()
    font = app.font()
    before = grid.table.columnWidth(1)
    try:
        window.zoom(4)
        QApplication.processEvents()
        assert grid.table.columnWidth(1) > before
        assert grid.table.columnWidth(2) == grid.table.columnWidth(1)
    finally:
        app.setFont(font)
    # English: the same games as 12b+ / 3w= / 5b−
    window.act_en.trigger()
    assert view.pages.tabText(1) == "Crosstable"
    assert grid.column_titles()[:3] == ["Unit", "R1", "R2"]
    assert grid.column_titles()[-2:] == ["Pts", "Place"]
    english = grid.texts()
    for zh_row, en_row in zip(texts, english, strict=True):
        for zh, en in zip(zh_row[1:1 + group.rounds], en_row[1:1 + group.rounds], strict=True):
            found = SWISS_ZH.match(zh)
            if found is not None:
                mark = {"胜": "+", "和": "=", "负": "−", "不战胜": "+f", "弃权负": "−f"}
                colour = "b" if found.group(2) == "黑" else "w"
                assert en == f"{found.group(1)}{colour}{mark[found.group(3)]}"
    assert "Swiss crosstable" in grid.caption.text()
    screenshot(window, "32-crosstable-swiss-en")


def _cell(place, colour, outcome):
    return RoundCell(1, place, colour, outcome, 0)


def test_swiss_cell_texts_in_both_languages():
    text = crosstable_widget.swiss_text
    assert text(_cell(12, Colour.FIRST, Outcome.WIN), "en") == "12b+"
    assert text(_cell(3, Colour.SECOND, Outcome.DRAW), "en") == "3w="
    assert text(_cell(None, None, Outcome.PAB), "en") == "bye"
    assert text(_cell(7, Colour.SECOND, Outcome.FORFEIT_LOSS), "en") == "7w−f"
    assert text(_cell(12, Colour.FIRST, Outcome.WIN), "zh") == "12黑胜"
    assert text(_cell(None, None, Outcome.PAB), "zh") == "轮空"
    assert crosstable_widget.swiss_kind(_cell(5, Colour.SECOND, Outcome.FORFEIT_WIN)) == "win"
    assert crosstable_widget.swiss_kind(_cell(None, None, Outcome.ABSENT)) is None


def test_round_robin_cells_are_tinted_against_a_draw():
    assert crosstable_widget.points_kind((2, 0), 1) == "draw"
    assert crosstable_widget.points_kind((2, 1), 1) == "win"
    assert crosstable_widget.points_kind((), 1) is None
    assert crosstable_widget.points_text(None) == "×"
    assert crosstable_widget.points_text((2, 0)) == "2 0"


# ----- knockout bracket --------------------------------------------------------------------------


@pytest.fixture
def huazhi_window(window, tmp_path):
    path = tmp_path / "huazhi.db"
    demo.build_demo(path, "huazhi-2021").close()
    assert window.open_event(path), window.last_error
    return window


def winner_pixel(widget, size: QSize, round_number: int, number: int) -> QColor:
    """The colour just inside the right end of the winner's row of a match."""
    layout = widget.layout_for(QSizeF(size))
    match = widget.bracket.match(round_number, number)
    box = layout.boxes[(round_number, number)]
    slot = 0 if match.winner == match.top else 1
    y = (box.top() + layout.header_height + layout.row_height * (slot + 0.5)) * layout.scale
    return widget.render_image(size).pixelColor(int(box.right() * layout.scale - 5), int(y))


def test_team_knockout_bracket_shows_every_match_its_winner_and_where_both_go(huazhi_window):
    window = huazhi_window
    view = open_standings_group(window, "决赛")
    assert view.pages.isTabVisible(2) and not view.pages.isTabVisible(1)
    assert view.show_bracket()
    widget = view.bracket
    bracket = knockout.bracket_view(window.ev, "决赛")
    teams = {t.id: t.name for t in knockout.teams(window.ev, "决赛")}
    shown = widget.shown_matches()
    assert len(shown) == 4 * 8 and {m.round for m in shown} == {1, 2, 3, 4}
    assert {m.top for m in shown if m.round == 1} | {m.bottom for m in shown if m.round == 1} \
        == set(teams.values())
    by_key = {(m.round, m.number): m for m in shown}
    for matches in bracket.rounds:
        for m in matches:
            seen = by_key[(m.round, m.number)]
            assert (seen.top, seen.bottom) == (teams[m.top], teams[m.bottom])
            assert seen.winner == teams[m.winner] and seen.winner in (seen.top, seen.bottom)
            following = bracket_widget.next_matches(bracket, m)
            if following is None:
                continue
            # the lines lead where the entrants really play next
            win_match, win_slot, lose_match, lose_slot = following
            nxt = by_key[(m.round + 1, win_match)]
            assert (nxt.top, nxt.bottom)[win_slot] == seen.winner
            loser = seen.bottom if seen.winner == seen.top else seen.top
            assert (by_key[(m.round + 1, lose_match)].top,
                    by_key[(m.round + 1, lose_match)].bottom)[lose_slot] == loser
    # the places shown in the last round are the service's final places
    places = knockout.knockout_places(window.ev, "决赛")
    assert widget.shown_places() == {teams[i]: p for i, p in places.items()}
    assert sorted(widget.shown_places().values()) == list(range(1, 17))
    assert [m.places for m in shown if m.round == 2][:5] == [(1, 8)] * 4 + [(9, 16)]
    # a match under the mouse and its tooltip in the language shown
    rect = widget.match_rect(1, 1)
    assert widget.match_at(rect.center()) == bracket.match(1, 1)
    assert widget.match_at(QPointF(1, 1)) is None
    tip = widget.tooltip_for(bracket.match(4, 1))
    assert "第4轮第1场" in tip and "Round 4 match 1" not in tip
    assert f"胜者：{by_key[(4, 1)].winner}" in tip and "决第1、2名" in tip
    screenshot(window, "33-bracket")
    # painted crisply at two sizes: the winner's row is tinted at both
    assert widget.layout_for(QSizeF(widget.sizeHint())).scale == 1
    assert widget.layout_for(QSizeF(1800, 1500)).scale > 1.5  # enlarged on a large screen
    for size in (widget.sizeHint(), QSize(1800, 1500)):
        image = widget.render_image(size)
        assert not image.isNull() and image.size() == size
        assert winner_pixel(widget, size, 1, 1) == bracket_widget.WIN_FILL
        assert winner_pixel(widget, size, 4, 8) == bracket_widget.WIN_FILL
        SCREENSHOTS.mkdir(exist_ok=True)
        assert image.save(str(SCREENSHOTS / f"35-bracket-{size.width()}x{size.height()}.png"))
    # too large for a small window: it scrolls instead of squeezing
    window.resize(900, 560)
    qtbot_wait_layout(window)
    area = view.bracket_area
    assert area.verticalScrollBar().maximum() > 0
    assert widget.height() >= widget.sizeHint().height()
    window.resize(1280, 860)
    # larger text (Ctrl++) makes larger boxes, still sized to the names
    app = QApplication.instance()
    font = app.font()
    before = widget.sizeHint()
    try:
        window.zoom(4)
        QApplication.processEvents()
        assert widget.sizeHint().width() > before.width()
        assert widget.sizeHint().height() > before.height()
        assert widget.width() >= widget.sizeHint().width()
    finally:
        app.setFont(font)
    window.act_en.trigger()
    assert view.pages.tabText(2) == "Bracket"
    tip = widget.tooltip_for(bracket.match(1, 1))
    assert "Round 1 match 1" in tip and "第1轮第1场" not in tip
    screenshot(window, "34-bracket-en")


def qtbot_wait_layout(window) -> None:  # type: ignore[no-untyped-def]
    for _ in range(3):
        QApplication.processEvents()


def test_individual_knockout_draws_byes_and_open_matches(window, qtbot, tmp_path):
    """Six players in a bracket of eight: seeds 1 and 2 get a bye (轮空), the rest is open."""
    assert window.new_event(tmp_path / "ko.db", "qiwang-2022")
    add_group(window.ev, "淘汰组", like="公开组", system="knockout", rounds=3)
    window.changed()
    add_players(window, "淘汰组", 6)
    enter_round(window, qtbot, "淘汰组", ["1", "0"])
    view = open_standings_group(window, "淘汰组")
    assert view.pages.isTabVisible(1) and view.pages.isTabVisible(2)
    assert view.show_bracket()
    widget = view.bracket
    bracket = knockout.bracket_view(window.ev, "淘汰组")
    players = {p.id: p.name for p in queries.players(window.ev, "淘汰组")}
    shown = {(m.round, m.number): m for m in widget.shown_matches()}
    for m in bracket.rounds[0]:
        seen = shown[(1, m.number)]
        if m.is_bye:
            entrant = m.top if m.top != BYE else m.bottom
            assert "轮空" in (seen.top, seen.bottom)
            assert seen.winner == players[entrant]
        else:
            assert seen.winner == players[m.winner]
            assert {seen.top, seen.bottom} == {players[m.top], players[m.bottom]}
    # two empty slots meeting are not drawn; matches still open show no winner
    assert all(not (m.top == BYE and m.bottom == BYE) or (m.round, m.number) not in shown
               for r in bracket.rounds for m in r)
    open_ = [m for m in widget.shown_matches() if m.round == 3]
    assert open_ and all(m.winner == "" for m in open_)
    assert widget.shown_places() == {}
    for size in (QSize(500, 400), QSize(1400, 1000)):
        assert not widget.render_image(size).isNull()
    screenshot(view, "36-bracket-individual")
    assert "双击" in widget.tooltip_for(bracket.match(1, 2))
    # a double-click on a match opens its board on the rounds view, ready for the result key
    game = next(m for m in bracket.rounds[0] if m.is_game)
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton,
                      pos=widget.match_rect(1, game.number).center().toPoint())
    rounds = window.rounds_view
    assert window.tabs.currentWidget() is rounds
    assert rounds.selected_group() == "淘汰组" and rounds.current_round_number() == 1
    assert rounds.selected_board() == game.number
    assert rounds.entry.text() == f"{game.number} "
    # a round not paired yet only says so
    window.tabs.setCurrentWidget(view)
    assert view.pages.currentWidget() is view.bracket_area
    qtbot.mouseDClick(widget, Qt.MouseButton.LeftButton,
                      pos=widget.match_rect(2, 1).center().toPoint())
    assert window.tabs.currentWidget() is view
    assert "第2轮尚未编排" in window.status_label.text()
    # the crosstable of the same group lists the players' rounds
    view.show_crosstable()
    assert len(view.crosstable.texts()) == 6
    assert view.crosstable.column_titles()[1] == "第1轮"


def test_a_group_without_a_knockout_has_no_bracket(window, tmp_path: Path):
    assert window.new_event(tmp_path / "e.db", "qiwang-2022")
    view = open_standings_group(window, "公开组")
    assert not view.pages.isTabVisible(2) and not view.show_bracket()
    view.show_crosstable()
    assert view.crosstable.texts() == [] and window.last_error == ""


def test_a_knockout_without_entrants_says_so_instead_of_a_drawing(window, tmp_path: Path):
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    view = open_standings_group(window, "决赛")
    window.last_error = ""  # (the table page's standings service refuses an empty knockout)
    assert view.show_bracket()
    assert view.bracket.bracket is None and view.bracket.shown_matches() == []
    assert "至少需要两个参赛者" in view.bracket.message()
    assert window.last_error == ""  # looking is not an error
    assert not view.bracket.render_image(QSize(400, 300)).isNull()
    screenshot(view, "37-bracket-empty")


def test_a_team_knockout_ranks_teams_by_matches_won(window, qtbot, tmp_path):
    """A team knockout's standings name teams and their matches won, without the playoff and
    grade-title columns of a Swiss group (huazhi 六、(三)5, 九(二): no titles)."""
    from app.services import knockout, rounds

    assert window.new_event(tmp_path / "hz.db", "huazhi-2021")
    for k in range(1, 5):
        knockout.add_team(window.ev, "决赛", f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                      (f"丙{k}", "F")])
    rounds.pair_next_round(window.ev, "决赛")
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    view.group.setCurrentIndex(view.group.findText("决赛"))
    headers = [view.table.horizontalHeaderItem(c).text() for c in range(view.table.columnCount())]
    assert headers == ["名次", "团体", "单位", "胜场", "奖励"]
    # a row is a team, not a player: no player's decline, no players' playoff part
    view.table.selectRow(0)
    assert view.selected_player() is None and not view.decline_prize_button.isEnabled()
    assert view.lower_part.isHidden()


def test_a_bracket_of_fifteen_shows_no_phantom_place_or_score(window, qtbot, tmp_path):
    """Fifteen teams in a bracket of sixteen, one match played: every box says which match
    and the places it plays for, the last place alone (第15名, never 15–15 nor a 16th), and
    no score anywhere, played or not; the picture (grab) is saved to look at."""
    from app.services import rounds

    assert window.new_event(tmp_path / "hz15.db", "huazhi-2021")
    for k in range(1, 16):
        knockout.add_team(window.ev, "决赛", f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                      (f"丙{k}", "F")])
    rounds.pair_next_round(window.ev, "决赛")
    knockout.enter_team_result(window.ev, "决赛", 1, 2, ["1-0", "1-0", "1-0"])
    window.changed()
    view = open_standings_group(window, "决赛")
    assert view.show_bracket()
    widget = view.bracket
    drawn = [m for r in widget.bracket.rounds for m in r if widget.drawn(m)]
    assert len(drawn) == 32  # no match of two empty slots: with 15, none is void
    texts = [text for m in drawn for text in widget.header_texts(m)]
    assert widget.header_texts(widget.bracket.match(4, 8)) == ("第8场", "第15名")
    assert widget.header_texts(widget.bracket.match(1, 1)) == ("第1场", "1–15名")
    assert not any("16" in text or "15–15" in text or re.search(r"\d+\s*[:：]\s*\d+", text)
                   for text in texts)
    assert all(m.places[1] <= 15 for m in widget.shown_matches())
    tip = widget.tooltip_for(widget.bracket.match(4, 8))
    assert "名次段 第15名" in tip and "15–15" not in tip
    picture = screenshot(view, "38-bracket-fifteen")
    assert picture.stat().st_size > 0


def test_a_knockouts_rounds_list_says_the_places_each_match_plays_for(window, qtbot, tmp_path):
    """The rounds view of an individual knockout showed no places (名次段) for a match, where
    the bracket shows them: each board, game or bye, ends with the places its match plays
    for (knockout.match_places, stopping at the entrants: six play 1–6, round 2's losers
    5–6), kept when a result is entered, in each language; a Swiss round has no such column."""
    assert window.new_event(tmp_path / "ko.db", "qiwang-2022")
    add_group(window.ev, "淘汰组", like="公开组", system="knockout", rounds=3)
    window.changed()
    add_players(window, "淘汰组", 6)
    enter_round(window, qtbot, "淘汰组", ["1", "0"])
    view = window.rounds_view
    assert view.headers()[-1] == "名次段"
    assert [row[-1] for row in view.board_texts()] == ["1–6名"] * 4
    paired = view.pair_next()
    assert paired is not None, window.last_error
    bracket = knockout.bracket_view(window.ev, "淘汰组")
    expected = [wording.places_text(bracket.match(2, b.number).places) for b in paired.boards]
    assert [row[-1] for row in view.board_texts()] == expected == ["1–4名", "1–4名", "5–6名",
                                                                   "5–6名"]
    game = next(b.number for b in paired.boards if b.second is not None)
    qtbot.keyClicks(view.entry, f"{game} 1")
    assert view.entry.text() == "", window.last_error
    row = next(r for r in view.board_texts() if r[0] == str(game))
    assert row[4] == "黑胜" and row[-1] == expected[game - 1]  # the row updated keeps them
    window.set_language("en")
    assert view.headers()[-1] == "Places" and view.board_texts()[-1][-1] == "places 5–6"
    window.set_language("zh")
    select_group(view, "公开组")
    assert "名次段" not in view.headers()
