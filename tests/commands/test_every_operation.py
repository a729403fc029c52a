"""The command line mirrors every operation (docs/CLI.md): each public service function that
takes an event is called by some command, and the commands added for them work end to end."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
from pathlib import Path

import pytest

import app.services
from app.cli import main
from app.services import knockout, players, rounds
from app.services.event import Event
from app.services.queries import players as listed
from app.services.queries import round_view
from app.wording import code_text

COMMANDS = Path(__file__).resolve().parents[2] / "app" / "commands"
# Service functions no command calls by name, and why.
NOT_COMMANDS = {
    "build_model": "what `export` writes is built by `export` itself",
    "new_game": "the board's empty game: `game` shows it for a board with none stored",
    # The venue server's own reading and writing from the hall: `serve` runs them.
    "change_mark": "serve", "current_round": "serve", "player_history": "serve",
    "station_event": "serve", "enter_hall_result": "serve", "slip_codes": "serve",
    "player_claim": "serve",
    # The window's own questions: what its Round actions would meet, and what it shows.
    "round_refusals": "the window's Round menu (pair, unpair, ... enabled or why not)",
    "board_view": "the window's pairing list, one board again after its result",
    "points_before_round": "the window's pairing list (points before the round)",
    "team_edit_refusal": "the window's team list (a line-up fixed once play started)",
    "team_rankings": "the window's teams dialog (the rankings typed); `team-standings` and "
                     "`team-list` print them",
    "tiebreak_columns": "the window's teams dialog (the chain it offers); `standings` prints "
                        "the same columns",
    "first_open_round": "the window's team withdrawal (the round it starts from by default); "
                        "`team-withdraw` finds it in the same operation",
    "team_swiss_groups": "serve (which groups get the venue's team crosstable page)",
    "drawn_bracket": "serve (a knockout's bracket page and projector slides); `bracket` "
                     "prints the same matches",
    "bracket_entrants": "the window's bracket (its entrants and their withdrawals, 退赛); "
                        "`bracket` names and marks them from it",
    "write_result_slips": "the window's print of one round's slips; `export --only` writes "
                          "the same document",
}


def service_operations() -> set[str]:
    """Public functions of app/services whose first parameter is the event."""
    names = set()
    for info in pkgutil.iter_modules(app.services.__path__):
        module = importlib.import_module(f"app.services.{info.name}")
        for name, function in vars(module).items():
            if name.startswith("_") or not inspect.isfunction(function):
                continue
            if function.__module__ != module.__name__:
                continue
            parameters = list(inspect.signature(function).parameters.values())
            if parameters and parameters[0].annotation == "Event":
                names.add(name)
    return names


def test_every_service_operation_has_a_command() -> None:
    text = "\n".join(path.read_text("utf-8") for path in COMMANDS.glob("*.py"))
    called = set(re.findall(r"\b([a-z_]+)\(", text))
    missing = sorted(service_operations() - called - set(NOT_COMMANDS))
    assert missing == []
    assert not set(NOT_COMMANDS) - service_operations()  # no stale exemption


def test_the_contract_is_in_the_repository_and_names_every_command() -> None:
    from app.cli import build_parser

    contract = (COMMANDS.parents[1] / "docs" / "CLI.md").read_text("utf-8")
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    for name in action.choices:  # type: ignore[union-attr]
        assert f"python -m app {name}" in contract, name


@pytest.fixture
def event_file(tmp_path: Path) -> Path:
    path = tmp_path / "e.gomoku"
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(6):
            players.add_player(event, "少儿组", name=f"棋手{k}", gender="M", unit=f"单位{k}")
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_player_edit_and_reinstate(event_file: Path, capsys) -> None:
    with Event.open(event_file) as event:
        pid = listed(event, "少儿组")[0].id
    assert _run(capsys, "player", str(event_file), str(pid), "--unit", "杭州棋院",
                "--grade", "2段")[0] == 0
    assert _run(capsys, "withdraw", str(event_file), str(pid))[0] == 0
    assert _run(capsys, "reinstate", str(event_file), str(pid))[0] == 0
    with Event.open(event_file) as event:
        info = listed(event, "少儿组")[0]
    assert (info.unit, info.grade, info.status) == ("杭州棋院", "2段", "active")
    code, _out, err = _run(capsys, "player", str(event_file), str(pid), "--expected-version",
                           "1", "--name", "旧屏幕")
    assert code == 2 and "changed meanwhile" in err and err.count("\n") == 1
    assert _run(capsys, "player", str(event_file), str(pid))[0] == 2  # nothing to change


def test_a_player_command_given_a_group_checks_the_player_is_in_it(event_file: Path,
                                                                   capsys) -> None:
    """`withdraw 5 --group 少儿组`, as every other command takes --group: it was parsed as
    the player id (应为…整数：'少儿组'); now it is checked, and a player of another group
    is refused with nothing written."""
    with Event.open(event_file) as event:
        players.add_player(event, "公开组", name="公开甲", gender="M", unit="单位甲")
        junior = listed(event, "少儿组")[0]
        other = listed(event, "公开组")[0]
    for command in (["withdraw"], ["absent", "--kind", "half_bye"], ["reinstate"],
                    ["player", "--unit", "某地"], ["decline", "--title"]):
        name, *options = command
        where = [str(other.id)] + (["2"] if name == "absent" else [])
        code, _out, err = _run(capsys, name, str(event_file), "--group", "少儿组", *where,
                               *options)
        assert code == 2 and f"{other.id}号 {other.name}不在少儿组（在公开组）" in err, name
    assert _run(capsys, "withdraw", str(event_file), "--group", "少儿组", str(junior.id))[0] == 0
    with Event.open(event_file) as event:
        assert listed(event, "少儿组")[0].status == "withdrawn"
        untouched = listed(event, "公开组")[0]
    assert (untouched.status, untouched.unit, dict(untouched.absences)) == (
        "active", other.unit, {})


def test_results_exchange_crosstable_and_game(event_file: Path, capsys) -> None:
    f = str(event_file)
    assert _run(capsys, "pair", f, "--group", "少儿组")[0] == 0
    code, out, _err = _run(capsys, "exchange", f, "--group", "少儿组", "1", "1", "first", "2",
                           "second")
    assert code == 0
    assert _run(capsys, "game", f, "--group", "少儿组", "1", "1", "--actions",
                "h8 h9 i9 swap g10 offer:j7 offer:a1 choose:j7")[0] == 0
    code, out, _err = _run(capsys, "game", f, "--group", "少儿组", "1", "1")
    assert code == 0 and "h8" in out and "not decided" in out
    assert _run(capsys, "results", f, "--group", "少儿组", "1", "1=1-0", "2==", "3=0-1")[0] == 0
    with Event.open(event_file) as event:
        assert [code_text(b.result) for b in round_view(event, "少儿组", 1).boards] == ["1-0", "=", "0-1"]
    code, out, _err = _run(capsys, "crosstable", f, "--group", "少儿组", "--csv")
    assert code == 0 and out.splitlines()[0] == "rank,number,name,R1,points"
    assert len(out.splitlines()) == 7
    code, _out, err = _run(capsys, "results", f, "--group", "少儿组", "1", "1=1-0", "1=0-1")
    assert code == 2 and "twice" in err


def test_bracket_prints_the_places(tmp_path: Path, capsys) -> None:
    path = tmp_path / "k.gomoku"
    with Event.create(path, preset="huazhi-2021") as event:
        for k in (1, 2):
            knockout.add_team(event, "决赛", f"队{k}", [("甲", "M"), ("乙", "M"), ("丙", "F")])
        rounds.pair_next_round(event, "决赛")
        knockout.enter_team_result(event, "决赛", 1, 1, ["1-0", "1-0", "0-1"])
    code, out, _err = _run(capsys, "bracket", str(path), "--group", "决赛")
    assert code == 0 and "places" in out and "1. 队" in out


def test_team_edit_changes_the_board_order_until_play_starts(tmp_path: Path, capsys) -> None:
    path = tmp_path / "k.gomoku"
    with Event.create(path, preset="huazhi-2021") as event:
        for k in (1, 2):
            knockout.add_team(event, "决赛", f"队{k}", [("甲", "M"), ("乙", "M"), ("丙", "F")])
    f = str(path)
    assert _run(capsys, "team-edit", f, "--group", "决赛", "队1", "乙/男", "甲/男", "丁/女",
                "--name", "一队")[0] == 0
    with Event.open(path) as event:
        team = knockout.teams(event, "决赛")[0]
    assert team.name == "一队" and [m[1] for m in team.members] == ["乙", "甲", "丁"]
    code, _out, err = _run(capsys, "team-edit", f, "--group", "决赛", "一队", "乙/男", "丁/女",
                           "甲/男")
    assert code == 2 and err.count("\n") == 1 and "第3台" in err
    assert _run(capsys, "pair", f, "--group", "决赛")[0] == 0
    code, _out, err = _run(capsys, "team-edit", f, "--group", "决赛", "一队", "甲/男", "乙/男",
                           "丁/女")
    assert code == 2 and "比赛已开始" in err


def test_venue_settings(event_file: Path, capsys) -> None:
    f = str(event_file)
    code, out, _err = _run(capsys, "venue", f, "--arbiter-code", "abcd", "--address",
                           "http://10.0.0.2:8000/", "--group", "少儿组", "--confirmations", "on")
    assert code == 0 and "已设置 / set" in out and "10.0.0.2" in out and "players confirm" in out
    code, _out, err = _run(capsys, "venue", f, "--arbiter-code", "ab")
    assert code == 2 and "4 characters" in err


@pytest.mark.parametrize("argv", [
    ["withdraw", "{f}", str(10**30)],
    ["absent", "{f}", "1", "99999999999999999999"],
    ["round", "{f}", "--group", "少儿组", "-1"],
    ["result", "{f}", "--group", "少儿组", "1²", "1", "1-0"],
    ["player", "{f}", "1", "--seed", "9" * 5000],
    ["snapshots", "{f}", "--restore", str(10**30)],
    ["playoff-result", "{f}", "0x10", "1-0"],
])
def test_numbers_out_of_range_are_refused_with_one_line(event_file: Path, capsys,
                                                        argv: list[str]) -> None:
    before = event_file.read_bytes()
    code, _out, err = _run(capsys, *[a.format(f=event_file) for a in argv])
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert len(err) < 400
    assert event_file.read_bytes() == before
