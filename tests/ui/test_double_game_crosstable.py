"""The window's crosstable of a double-game Swiss group (双盘制, 2016 无禁手组) says what the
papers and the command line say: a withdrawn player's rounds read 退赛, an absent one's 缺席,
and the caption's legend names whose they are and what they gave."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.services import rounds
from app.services.players import add_player, set_absence, withdraw_player
from app.services.queries import round_view
from tests.ui.helpers import select_group

GROUP = "无禁手组"  # mindgames-2016
NAMES = ("张一", "李二", "王三", "赵四", "钱五", "孙六")


def _played(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Six players, each board a game apiece (`1-0 1-0`); 王三 absent from round 2, 孙六
    withdrawn from it; rounds 1 and 2 played."""
    assert window.new_event(tmp_path / "mindgames.db", "mindgames-2016"), window.last_error
    ids = {name: add_player(window.ev, GROUP, name=name) for name in NAMES}
    for number in (1, 2):
        if number == 2:
            set_absence(window.ev, ids["王三"], 2, "absent")
            withdraw_player(window.ev, ids["孙六"], from_round=2)
        rounds.pair_next_round(window.ev, GROUP)
        boards = round_view(window.ev, GROUP, number).boards
        rounds.enter_results(window.ev, GROUP, number, {
            b.number: ["1-0", "1-0"] for b in boards if b.second is not None})
    window.changed()


def test_the_grid_marks_and_its_caption_explains_a_withdrawal_and_an_absence(
        window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _played(window, tmp_path)
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    view.show_crosstable()
    grid = view.crosstable
    names = [name.split(maxsplit=1)[1] for name in grid.row_names()]
    texts = grid.texts()
    assert texts[names.index("孙六")][2] == "退赛"  # unit, round 1, round 2
    assert texts[names.index("王三")][2] == "缺席"
    model = grid.model
    tip = model.data(model.index(names.index("孙六"), 2), Qt.ItemDataRole.ToolTipRole)
    assert "退赛" in tip
    caption = grid.caption.text()
    assert "退赛：孙六 第2轮起（此后不再编排，每轮计0分）" in caption
    assert "缺席：第2轮 王三（该轮不参加编排，计0分）" in caption


def test_a_double_game_cell_gives_each_game_and_the_rounds_points(
        window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Every board `1-0 1-0`: each first mover won game 1 and lost game 2, the round 1:1;
    the cell says so (it said 和, as a round drawn over the board), and its tooltip too."""
    _played(window, tmp_path)
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    view.show_crosstable()
    grid = view.crosstable
    names = [name.split(maxsplit=1)[1] for name in grid.row_names()]
    cells = grid.texts()[names.index("张一")]
    assert cells[1].endswith("黑胜／负 1:1")  # 张一 (id 1) had black in round 1
    model = grid.model
    tip = model.data(model.index(names.index("张一"), 1), Qt.ItemDataRole.ToolTipRole)
    assert "胜／负 1:1" in tip
    assert "双盘制：执子为本人第一盘所执" in grid.caption.text()
