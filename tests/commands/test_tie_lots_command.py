"""`lots FILE --group G --place N PLAYER...`: the order drawn by lots for players tied at a
place that touches the awards, where no playoff can be played (docs/CLI.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main
from app.services import playoffs, rounds
from app.services.event import Event
from app.services.groups import update_group
from app.services.players import add_player

GROUP = "男子组"


@pytest.fixture
def file(tmp_path: Path) -> str:
    """Four players, a round robin: 棋手2 and 棋手3 draw and are level at places 2-3, which
    pay 1000 and 500 yuan."""
    path = tmp_path / "e.db"
    with Event.create(path, preset="shenzhen-2022") as event:
        update_group(event, GROUP, system="round_robin", prizes=[
            {"from": 1, "to": 1, "money": 3000}, {"from": 2, "to": 2, "money": 1000},
            {"from": 3, "to": 3, "money": 500}])
        for k in range(1, 5):
            add_player(event, GROUP, name=f"棋手{k}", gender="M", unit=f"单位{k}")
        for number in range(1, 4):
            info = rounds.pair_next_round(event, GROUP)
            rounds.enter_results(event, GROUP, number, {
                b.number: ["=" if {b.first.id, b.second.id} == {2, 3} else
                           "1-0" if b.first.id < b.second.id else "0-1"]
                for b in info.boards if b.first is not None and b.second is not None})
        playoffs.create_playoff(event, GROUP, 2)  # opened, then the time ran out
    return str(path)


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_standings_name_the_lots_command_under_a_tie_that_waits(file: str, capsys) -> None:
    code, out, _err = _run(capsys, "standings", file, "--group", GROUP)
    assert code == 0 and "需加赛" in out
    assert f"python -m app lots {file} --group {GROUP} --place 2 ID...（2 棋手2、3 棋手3）" in out


def test_lots_replace_the_playoff_not_played_and_the_standings_follow(file: str,
                                                                      capsys) -> None:
    code, out, _err = _run(capsys, "lots", file, "--group", GROUP, "--place", "2", "3", "2")
    assert code == 0
    assert out.splitlines()[:3] == [f"{GROUP} 第2-3名由抽签决定 / places 2-3 placed by lots:",
                                    "   2  棋手3", "   3  棋手2"]
    assert "加赛 1 已取消，由抽签代替（可撤销）" in out
    code, out, _err = _run(capsys, "standings", file, "--group", GROUP)
    lines = out.splitlines()
    assert "临时" not in lines[0] and "需加赛" not in out
    assert "棋手3" in lines[3] and "抽签  1000元  抽签决定名次" in lines[3]
    assert "棋手2" in lines[4] and "抽签  500元  抽签决定名次" in lines[4]
    assert "  注：第2-3名并列，由抽签决定：棋手3、棋手2" in lines
    assert _run(capsys, "playoffs", file, "--group", GROUP)[1] == ""  # no playoff left
    assert _run(capsys, "undo", file)[0] == 0  # the lots taken back, the playoff back
    assert "加赛 1:" in _run(capsys, "playoffs", file, "--group", GROUP)[1]


@pytest.mark.parametrize(("argv", "said"), [
    (["--place", "2", "3"], "缺少：2号 棋手2"),
    (["--place", "2", "3", "1"], "不在此并列中：1"),
    (["--place", "1", "1", "2"], "第1名没有并列"),
    (["--place", "2", "--ranking", "没有这个", "3", "2"], "没有名为“没有这个”的名次表"),
])
def test_a_refused_order_exits_two_in_one_line_and_writes_nothing(
        file: str, capsys, argv: list[str], said: str) -> None:
    before = Path(file).read_bytes()
    code, out, err = _run(capsys, "lots", file, "--group", GROUP, *argv)
    assert code == 2 and out == "" and said in err and err.count("\n") == 1
    assert " / " in err  # Chinese, then English
    assert Path(file).read_bytes() == before
