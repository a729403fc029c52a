"""The parser built lazily (issue 28): `--help` lists the commands from the table in
app/commands/__init__.py without importing a command's module; a command's module is
imported when it is run. The table and the modules' own `register` cannot drift apart, and
the commands that take no event (or only list the commands) load neither the database layer
nor the export stack: each is run in a fresh interpreter (this test process has long
imported them all) that reports its `sys.modules`."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import pkgutil
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import app.commands
from app.cli import _ArgumentParser, build_parser, main
from app.commands import COMMANDS

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"

HEAVY = ("sqlalchemy", "app.store", "reportlab", "openpyxl", "docx", "pypinyin", "segno",
         "starlette", "PySide6")
"""Packages (and their submodules) a command without an event file must not import."""

RUN = """
import gc, json, runpy, sys
out = sys.argv.pop(1)
code = 0
try:
    runpy.run_module("app", run_name="__main__", alter_sys=True)
except SystemExit as stop:
    code = stop.code
patterns = {}
for module, name, function in (("app.commands._words", "cjk", "cjk"),
                               ("app.imports.text", "space_between_cjk", "_space_between_cjk")):
    if module in sys.modules:
        compiled = getattr(sys.modules[module], function, None)  # None: compiled at import
        patterns[name] = -1 if compiled is None else compiled.cache_info().currsize
with open(out, "w", encoding="utf-8") as file:
    json.dump({"code": code, "modules": sorted(sys.modules), "patterns": patterns,
               "collecting": gc.isenabled(), "frozen": gc.get_freeze_count()}, file)
"""
"""`python -m app ARGS…` that writes its exit code, `sys.modules`, whether the two patterns of
Chinese ranges were compiled (3 ms each: only a message or a name put into words needs them)
and the cycle collector's state (running? how many objects it leaves out?) to a file when
done."""


def _module_names() -> list[str]:
    return sorted(info.name for info in pkgutil.iter_modules(app.commands.__path__)
                  if not info.name.startswith("_"))


def _registered(module: str) -> list[tuple[str, tuple[str, ...], str | None]]:
    """The commands `module` registers on a plain argparse: name, aliases, help."""
    subparsers = argparse.ArgumentParser().add_subparsers()
    importlib.import_module(f"app.commands.{module}").register(subparsers)
    parsers = subparsers._name_parser_map
    return [(choice.dest,
             tuple(name for name, parser in parsers.items()
                   if parser is parsers[choice.dest] and name != choice.dest),
             choice.help)
            for choice in subparsers._choices_actions]


def _eager_parser() -> argparse.ArgumentParser:
    """The parser as it was built before the table: every module imported, in name order."""
    parser = _ArgumentParser(prog="gomoku-arbiter",
                             description="五子棋赛事编排 / Gomoku Arbiter")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND",
                                       parser_class=_ArgumentParser)
    for module in _module_names():
        importlib.import_module(f"app.commands.{module}").register(subparsers)
    return parser


def test_the_table_lists_every_module_s_commands_with_their_help() -> None:
    assert sorted({command.module for command in COMMANDS}) == _module_names()
    for module in _module_names():
        listed = [(c.name, c.aliases, c.help) for c in COMMANDS if c.module == module]
        assert listed == _registered(module), module


def test_the_table_names_each_command_once() -> None:
    names = [name for command in COMMANDS for name in (command.name, *command.aliases)]
    assert len(names) == len(set(names))


def test_help_lists_what_the_modules_register_in_the_same_words() -> None:
    assert build_parser().format_help() == _eager_parser().format_help()


def _sub(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    sub = action.choices[name]
    assert isinstance(sub, argparse.ArgumentParser)
    return sub


def test_a_command_s_own_help_is_its_module_s(capsys: pytest.CaptureFixture[str]) -> None:
    eager = _eager_parser()
    for command in COMMANDS:
        with pytest.raises(SystemExit):
            main([command.name, "--help"])
        assert capsys.readouterr().out == _sub(eager, command.name).format_help(), command.name


def test_the_complete_parser_has_every_command_s_arguments() -> None:
    complete, eager = build_parser(complete=True), _eager_parser()
    for command in COMMANDS:
        assert (_sub(complete, command.name).format_help()
                == _sub(eager, command.name).format_help()), command.name


def test_a_lazy_parser_holds_no_command_s_arguments_until_it_is_run() -> None:
    parser = build_parser()
    pair = _sub(parser, "pair")
    assert [a.dest for a in pair._actions] == ["help"]
    args = parser.parse_args(["pair", "event.db", "--group", "公开组"])
    assert (args.file, args.group) == ("event.db", "公开组") and callable(args.handler)


def ran(tmp_path: Path, *argv: str, stdin: str = "") -> dict[str, Any]:
    """`python -m app ARGV…` in a fresh interpreter: what RUN wrote when it was done."""
    out = tmp_path / "modules.json"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", RUN, str(out), *argv], cwd=tmp_path, env=env,
                          input=stdin, capture_output=True, text=True, timeout=600)
    assert out.exists(), done.stderr
    answer: dict[str, Any] = json.loads(out.read_text("utf-8"))
    out.unlink()
    return answer


def loaded(tmp_path: Path, *argv: str, stdin: str = "") -> tuple[int, list[str]]:
    """`python -m app ARGV…` in a fresh interpreter: its exit code and the modules it
    loaded."""
    answer = ran(tmp_path, *argv, stdin=stdin)
    return answer["code"], answer["modules"]


def heavy(modules: list[str]) -> list[str]:
    """The packages of `HEAVY` that `modules` holds (a package named once)."""
    return sorted({name for name in HEAVY for module in modules
                   if module == name or module.startswith(name + ".")})


def test_the_check_names_what_it_looks_for() -> None:
    assert heavy(["sqlalchemy.orm", "app.store.files", "app.storefront", "docxcompose",
                  "PySide6.QtCore"]) == ["PySide6", "app.store", "sqlalchemy"]


def test_help_imports_no_command_module(tmp_path: Path) -> None:
    answer = ran(tmp_path, "--help")
    code, modules = answer["code"], answer["modules"]
    assert code == 0
    assert heavy(modules) == []
    assert [m for m in modules if m.startswith("app.commands.")] == ["app.commands._words"]
    assert answer["patterns"] == {"cjk": 0}  # compiled for an error's message only


TRF = DATA / "trf" / "byes_forfeits.trf"
POSITION = (DATA / "renju" / "positions.jsonl").read_text("utf-8").splitlines()[0] + "\n"


@pytest.mark.parametrize(("argv", "modules"), [
    (("trf", "pair", str(TRF)), {"trf"}),
    (("trf", "check", str(TRF)), {"trf"}),
    (("berger", "6"), {"berger"}),
    (("judge",), {"judge"}),
    (("presets",), {"event_files"}),
    # record reads its file through trf's bounded reader.
    (("record", "convert", str(DATA / "renjunet" / "sample.rif"), "--to", "sgf"),
     {"record", "trf"}),
], ids=lambda value: " ".join(value[:2]) if isinstance(value, tuple) else "")
def test_a_command_without_an_event_imports_no_database_or_export(
        tmp_path: Path, argv: tuple[str, ...], modules: set[str]) -> None:
    code, loaded_modules = loaded(tmp_path, *argv, stdin=POSITION)
    assert code in (0, 1)  # 1: `trf check` answering that a round differs
    assert {m.removeprefix("app.commands.") for m in loaded_modules
            if m.startswith("app.commands.") and not m.startswith("app.commands._")} == modules
    assert heavy(loaded_modules) == [], f"{' '.join(argv)} imported {heavy(loaded_modules)}"


NOT_IN_AN_EVENT_COMMAND = ("reportlab", "openpyxl", "docx", "pypinyin", "segno", "starlette",
                           "PySide6", "hypothesis", "app.exports", "app.web", "app.ui",
                           "app.services.exporting", "app.services.operations",
                           "app.services.demo")
"""What no command on an event loads unless it is the one using it: the export stack, the
venue server, the window, the window's operation table, the demo."""

NOT_IN_A_SWISS_GROUP = ("app.imports.model", "app.imports.parse", "app.imports.merge",
                        "app.services.importing", "app.services.presets",
                        "app.pairing.team_swiss", "app.standings.team_swiss",
                        "app.pairing.lexicographic", "app.pairing.double_swiss",
                        "app.pairing.knockout", "app.services.knockout",
                        "app.pairing.roundrobin", "app.pairing.team")
"""What no command in a Swiss group of players loads (issue 28): the rows, readers and merge
of qualifier lists, the presets (read by a new event), Team Swiss, Double-Swiss, the
knockout's bracket, the Berger tables and the team matches' scores."""

NOT_FOR_RESULTS = (*NOT_IN_A_SWISS_GROUP, "app.pairing.swiss.engine")
"""What `standings`, `crosstable` and `result` in a Swiss group need neither: besides the
above, the pairing engine."""

NOT_FOR_A_RESULT = ("app.services.queries", "app.services.snapshot")
"""What entering one result needs besides: neither the read-only views of the event nor its
snapshot for the pairing and the standings."""


def among(modules: list[str], names: tuple[str, ...]) -> list[str]:
    """The packages of `names` that `modules` holds (a package named once)."""
    return sorted({name for name in names for module in modules
                   if module == name or module.startswith(name + ".")})


def test_among_names_packages_and_their_modules_only() -> None:
    assert among(["reportlab.pdfgen", "app.pairing.swiss.engine", "app.services.knockouts",
                  "openpyxl"], ("reportlab", "app.pairing.swiss.engine",
                                "app.services.knockout")) == ["app.pairing.swiss.engine",
                                                              "reportlab"]


@pytest.fixture(scope="module")
def swiss_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A qiwang event with eight players in its open group and round 1 paired."""
    from app.services import players, rounds
    from app.services.event import Event

    path = tmp_path_factory.mktemp("event") / "event.sqlite"
    with Event.create(path, preset="qiwang-2022") as event:
        for k in range(8):
            players.add_player(event, "公开组", name=f"棋手{k}", unit=f"单位{k % 3}")
        rounds.pair_next_round(event, "公开组")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ("standings", "--group", "公开组"),
    ("crosstable", "--group", "公开组"),
    ("result", "--group", "公开组", "1", "1", "1-0"),
], ids=lambda argv: argv[0])
def test_reading_and_entering_results_loads_no_papers_server_window_or_engine(
        tmp_path: Path, swiss_event: Path, argv: tuple[str, ...]) -> None:
    event = tmp_path / "event.sqlite"
    shutil.copy(swiss_event, event)
    command, *rest = argv
    answer = ran(tmp_path, command, str(event), *rest)
    assert answer["code"] == 0
    assert among(answer["modules"], NOT_IN_AN_EVENT_COMMAND) == []
    assert among(answer["modules"], NOT_FOR_RESULTS) == []
    if command == "result":
        assert among(answer["modules"], NOT_FOR_A_RESULT) == []
    assert answer["patterns"] == {"cjk": 0, "space_between_cjk": 0}


@pytest.mark.slow
def test_pairing_loads_its_engine_and_nothing_of_the_papers(
        tmp_path: Path, swiss_event: Path) -> None:
    event = tmp_path / "event.sqlite"
    shutil.copy(swiss_event, event)
    assert ran(tmp_path, "result", str(event), "--group", "公开组", "1", "1", "1-0")["code"] == 0
    answer = ran(tmp_path, "results", str(event), "--group", "公开组", "1", "2=0-1", "3==",
                 "4=+-")
    assert answer["code"] == 0
    answer = ran(tmp_path, "pair", str(event), "--group", "公开组")
    assert answer["code"] == 0
    assert among(answer["modules"], NOT_IN_AN_EVENT_COMMAND) == []
    assert among(answer["modules"], NOT_IN_A_SWISS_GROUP) == []
    assert "app.pairing.swiss.engine" in answer["modules"]


@pytest.mark.slow
def test_the_collector_is_on_again_once_the_event_is_open(
        tmp_path: Path, swiss_event: Path) -> None:
    # The start's objects are left out of collection (frozen) once the event is open, and
    # the collector runs again; as it does when a command stops early or takes no event.
    event = tmp_path / "event.sqlite"
    shutil.copy(swiss_event, event)
    opened = ran(tmp_path, "standings", str(event), "--group", "公开组")
    assert opened["code"] == 0 and opened["collecting"] and opened["frozen"] > 10_000
    refused = ran(tmp_path, "standings", str(event), "--group", "无此组")
    assert refused["code"] == 2 and refused["collecting"] and refused["frozen"] == 0
    without = ran(tmp_path, "berger", "4")
    assert without["code"] == 0 and without["collecting"]


def test_a_caller_s_collector_is_left_alone(swiss_event: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    # main(argv) in another program (these tests): its collector is not stopped or frozen.
    import gc

    event = tmp_path / "event.sqlite"
    shutil.copy(swiss_event, event)
    frozen = gc.get_freeze_count()
    assert main(["standings", str(event), "--group", "公开组"]) == 0
    assert gc.isenabled() and gc.get_freeze_count() == frozen
    capsys.readouterr()
