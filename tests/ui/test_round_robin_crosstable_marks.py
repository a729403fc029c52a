"""The window's round-robin crosstable says what the papers say: a game not played reads 不战胜
/ 弃权负 (English +f / -f) with a tooltip saying it was not played, a withdrawn player's row is
marked 第N轮起退赛, and the caption's legend explains them and lists the rest rounds."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from app.services import rounds
from app.services.groups import update_group
from app.services.lots import give_round_robin_numbers
from app.services.players import add_player, withdraw_player
from tests.ui.helpers import select_group

GROUP = "男子组"  # shenzhen-2022, played as 单循环
NAMES = ("张一", "张二", "张三", "张四", "张五")


def _played(window, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Five players numbered by their ids (Berger for 5: round 1 2-5 3-4, 1 rests; round 2
    5-3 1-2, 4 rests): round 1 played, 张二 withdrawn from round 2, round 2 paired."""
    assert window.new_event(tmp_path / "shenzhen.db", "shenzhen-2022"), window.last_error
    update_group(window.ev, GROUP, system="round_robin")
    ids = [add_player(window.ev, GROUP, name=name) for name in NAMES]
    give_round_robin_numbers(window.ev, GROUP, {pid: k for k, pid in enumerate(ids, 1)})
    rounds.pair_next_round(window.ev, GROUP)
    rounds.enter_results(window.ev, GROUP, 1, {1: ["1-0"], 2: ["="]})
    withdraw_player(window.ev, ids[1])
    rounds.pair_next_round(window.ev, GROUP)
    window.changed()


def _grid(window):  # type: ignore[no-untyped-def]
    view = window.standings_view
    window.tabs.setCurrentWidget(view)
    select_group(view, GROUP)
    view.show_crosstable()
    return view.crosstable


def test_the_grid_names_the_games_not_played_and_marks_the_withdrawn_row(
        window, qtbot, tmp_path: Path) -> None:
    _played(window, tmp_path)
    grid = _grid(window)
    names = [n.split(maxsplit=1)[1] for n in grid.row_names()]
    assert "张二（第2轮起退赛）" in names
    plain = [name.split("（")[0] for name in names]
    texts = grid.texts()
    one, two = plain.index("张一"), plain.index("张二")
    assert texts[one][1 + two] == "不战胜"
    assert texts[two][1 + one] == "弃权负"
    assert texts[two][1 + plain.index("张五")] == "2"  # played in round 1
    model = grid.model
    tip = model.data(model.index(one, 1 + two), Qt.ItemDataRole.ToolTipRole)
    assert tip == "张一 对 张二：不战胜（未赛，计2分）"
    caption = grid.caption.text()
    assert "不战胜：对手弃权（退赛、缺席或未到），判本人胜；弃权负：本人弃权，判负；该局未赛" in caption
    assert "退赛：张二 第2轮起（此后各局判弃权负）" in caption
    assert "轮空（不计分）：第1轮 张一、第2轮 张四" in caption


def test_the_marks_in_english(window, qtbot, tmp_path: Path) -> None:
    _played(window, tmp_path)
    window.set_language("en")  # the window's own switch (conftest sets Chinese back)
    grid = _grid(window)
    names = [n.split(maxsplit=1)[1] for n in grid.row_names()]
    assert "张二 (withdrew from round 2)" in names
    plain = [name.split(" (")[0] for name in names]
    texts = grid.texts()
    assert texts[plain.index("张一")][1 + plain.index("张二")] == "+f"
    assert texts[plain.index("张二")][1 + plain.index("张一")] == "-f"
    assert "rest rounds (no points): round 1 张一, round 2 张四" in grid.caption.text()
