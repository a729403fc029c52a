"""A team match's game on the board view: named by its match and board (第1场 第2台), who
holds black and white said as on an individual board, the index box reaching every board of
the match (a team of five reaches board 5) and, once the match is level, its captains'
playoff game (主将加赛第1局)."""

from __future__ import annotations

from app.services import knockout, rounds
from app.services.queries import round_view
from tests.ui.helpers import screenshot, select_group

GROUP = "决赛"


def _teams(window, tmp_path, boards: int = 3) -> None:  # type: ignore[no-untyped-def]
    assert window.new_event(tmp_path / "hz.db", "huazhi-2021"), window.last_error
    if boards != 3:
        from app.services import groups

        groups.update_group(window.ev, GROUP, team={"boards": boards, "woman_board": 3})
    for k in range(1, 5):
        knockout.add_team(window.ev, GROUP, f"队{k}",
                          [(f"{'甲乙丙丁戊'[b]}{k}", "F" if b == 2 else "M")
                           for b in range(boards)])
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()


def test_a_team_boards_game_is_named_by_its_match_and_board(window, tmp_path):  # type: ignore[no-untyped-def]
    _teams(window, tmp_path)
    view = window.board_view
    assert view.link_board(GROUP, 1, 1, 2), window.last_error
    window.tabs.setCurrentWidget(view)
    game = next(g for g in round_view(window.ev, GROUP, 1).boards[0].games if g.index == 2)
    said = view.link_label.text()
    assert said.startswith("对局：决赛 第1轮 第1场 第2台"), said
    assert f"黑：{game.black.name}" in said and f"白：{game.white.name}" in said, said
    assert view.game_index_label.text() == "第几台"
    assert view.game_index.maximum() == 3
    screenshot(window, "board-team-match")
    window.set_language("en")
    assert view.link_label.text().startswith("Game: 决赛 round 1 match 1 board 2")
    assert view.game_index_label.text() == "Board"
    window.set_language("zh")


def test_every_board_of_a_team_of_five_is_recorded_on_the_board(window, tmp_path):  # type: ignore[no-untyped-def]
    """A team of five: the box and the store reach board 5 (both stopped at board 3)."""
    _teams(window, tmp_path, boards=5)
    view = window.board_view
    assert view.link_board(GROUP, 1, 1, 1), window.last_error
    window.tabs.setCurrentWidget(view)
    assert view.game_index.maximum() == 5
    view.game_index.setValue(5)
    assert view.link == (GROUP, 1, 1, 5)
    assert view.link_label.text().startswith("对局：决赛 第1轮 第1场 第5台")
    view.act(lambda g: g.resign(g.to_move))  # a result on board 5, saved
    view.save()
    assert window.banner_message() == "", window.banner_message()
    stored = next(g for g in round_view(window.ev, GROUP, 1).boards[0].games if g.index == 5)
    assert stored.result is not None


def test_a_level_matchs_captains_playoff_is_recorded_on_the_board(window, tmp_path):  # type: ignore[no-untyped-def]
    """Level on its boards (3:3), the match waits for its captains' playoff: the index box
    reaches game 4, named 主将加赛第1局; its game recorded on the board decides the match
    in the rounds table."""
    _teams(window, tmp_path)
    view = window.board_view
    assert view.link_board(GROUP, 1, 1, 1), window.last_error
    window.tabs.setCurrentWidget(view)
    assert view.game_index.maximum() == 3  # no playoff before the match is level
    for index, ends in ((1, lambda g: g.resign(g.to_move)), (2, lambda g: g.resign(g.to_move)),
                        (3, lambda g: g.agree_draw())):
        view.game_index.setValue(index)
        view.act(ends)
        view.save()
        assert window.banner_message() == "", window.banner_message()
    level = round_view(window.ev, GROUP, 1).boards[0]
    assert level.score is not None and level.score.waits_for_playoff
    assert view.game_index.maximum() == 4
    view.game_index.setValue(4)
    assert view.link_label.text().startswith("对局：决赛 第1轮 第1场 主将加赛第1局"), \
        view.link_label.text()
    view.act(lambda g: g.resign(g.to_move))
    view.save()
    assert window.banner_message() == "", window.banner_message()
    decided = round_view(window.ev, GROUP, 1).boards[0]
    assert decided.result is not None and decided.score is not None
    window.tabs.setCurrentWidget(window.rounds_view)
    select_group(window.rounds_view, GROUP)
    row = window.rounds_view.board_texts()[0]
    assert "主将加赛" in row[2] and "胜" in row[3], row
