"""Fuzzing the command line's arguments (app/cli.py and every command in app/commands).

The command-line contract (docs/CLI.md): every command exits 0, 1 or 2; bad input exits 2
with one line on stderr naming the place, never a traceback or a hang; and bad input never
changes the event file or leaves a new file behind. The argument lists are built from the
parser itself (every command and option there is), filled with good, odd and bad values.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import shutil
import sqlite3
import sys
import tempfile
from collections.abc import Iterator
from contextlib import closing
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from app.cli import build_parser, main
from app.services.event import Event
from app.services.rounds import enter_result, pair_next_round
from tests.reliability.helpers import GROUP, make_event

pytestmark = pytest.mark.slow  # long hypothesis runs

SWISS = Path(__file__).resolve().parents[1] / "data" / "swiss" / "complete"
EVENT = "event.gomoku"
# Nothing here may name a place outside the working folder: no '/', no NUL (argv has none).
SAFE_TEXT = st.text(
    st.characters(blacklist_characters="/\\\x00", blacklist_categories=("Cs",)), max_size=12)
VALUES = st.one_of(
    st.sampled_from([
        EVENT, "missing.gomoku", "notes.txt", "folder", "list.csv", "small.trf", "garbage.trf",
        "game.sgf", "postgresql+psycopg://nobody@127.0.0.1:1/none", "sqlite:///x",
        GROUP, "不存在的组", "", " ", "0", "1", "2", "3", "-1", "99999999999999999999", "1.5",
        "x", "1-0", "0-1", "=", "+-", "-+", "--", "½", "2-0", "1-0 =", "qiwang-2022", "nope",
        "buchholz,wins", "zero", "own", "sgf", "psq", "moves", "h8h9", "a,b", "--", "-",
    ]),
    SAFE_TEXT,
)


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _has_command(argv: list[str]) -> bool:
    """True when argv names a command that has a handler (not just a command group)."""
    parser = build_parser(complete=True)
    for token in argv:
        choices = _subcommands(parser)
        if token not in choices:
            return not choices
        parser = choices[token]
    return not _subcommands(parser)


def _options(parser: argparse.ArgumentParser) -> list[str]:
    return [s for a in parser._actions for s in a.option_strings if s not in ("-h", "--help")]


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command path (with sub-commands), then a mix of its options and values."""
    parser = build_parser(complete=True)
    argv: list[str] = []
    while True:
        choices = _subcommands(parser)
        if not choices or draw(st.integers(0, 20)) == 0:
            break
        name = draw(st.sampled_from(sorted(choices)))
        argv.append(name)
        parser = choices[name]
    options = _options(parser)
    tokens = st.one_of(VALUES, st.sampled_from(options)) if options else VALUES
    return argv + draw(st.lists(tokens, max_size=7))


@pytest.fixture(scope="module")
def base_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small event: 8 players, round 1 paired, one result entered."""
    path = tmp_path_factory.mktemp("cli") / EVENT
    make_event(path, 8)
    event = Event.open(path)
    try:
        pair_next_round(event, GROUP)
        enter_result(event, GROUP, 1, 1, ["1-0"])
    finally:
        event.close()
    shutil.rmtree(Path(f"{path}.snapshots"), ignore_errors=True)
    with closing(sqlite3.connect(path)) as connection:
        connection.execute("PRAGMA journal_mode=DELETE")
    return path


@contextlib.contextmanager
def _workplace(base_event: Path) -> Iterator[Path]:
    with tempfile.TemporaryDirectory() as folder:
        here = Path(folder)
        shutil.copyfile(base_event, here / EVENT)
        (here / "notes.txt").write_text("not an event\n", encoding="utf-8")
        (here / "folder").mkdir()
        (here / "list.csv").write_text("排名,姓名\n1,张三\nx,\n", encoding="utf-8")
        (here / "small.trf").write_bytes(
            (SWISS / "n007_r03_nodraw_s1001.trf").read_bytes())
        (here / "garbage.trf").write_bytes(b"001 garbage\r\x00\xff")
        (here / "game.sgf").write_text("(;GM[4]SZ[15];B[hh];W[hi]", encoding="utf-8")
        old = Path.cwd()
        os.chdir(here)
        try:
            yield here
        finally:
            os.chdir(old)


def _content(path: Path) -> list[str]:
    with closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return list(connection.iterdump())


def _files(here: Path) -> set[str]:
    return {
        str(p.relative_to(here)) for p in here.rglob("*")
        if not p.name.endswith(("-wal", "-shm", "-journal")) and ".snapshots" not in str(p)
    }


def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as done:  # --help
                code = done.code if isinstance(done.code, int) else 0
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


FUZZ = settings(max_examples=200, deadline=30000,
                suppress_health_check=[HealthCheck.too_slow,
                                       HealthCheck.function_scoped_fixture])


@FUZZ
@given(argv=command_lines(), stdin=st.text(max_size=80))
@example(argv=["new", "0?"], stdin="")  # a `?` in the name once began a URL query: file `0`
def test_any_command_line_exits_0_1_or_2_with_one_line_and_no_partial_write(
    base_event: Path, argv: list[str], stdin: str
) -> None:
    with _workplace(base_event) as here:
        before, files = _content(here / EVENT), _files(here)
        code, _out, err = run(argv, stdin)
        assert code in (0, 1, 2), (argv, code, err)
        assert "Traceback" not in err
        if code == 2:
            lines = err.strip().splitlines()
            # Without a command the program prints its usage (app/cli.py); else one line.
            if not (lines and lines[0].startswith("用法 / usage:") and not _has_command(argv)):
                assert len(lines) == 1 and lines[0].strip(), (argv, err)
            assert _content(here / EVENT) == before, argv
            assert _files(here) == files, argv


@pytest.mark.parametrize(
    "argv",
    [
        ["players", "notes.txt"],
        ["players", "folder"],
        ["players", "missing.gomoku"],
        ["pair", "garbage.trf"],
        ["result", EVENT, "--group", GROUP, "1", "1", "2-0"],
        ["result", EVENT, "--group", GROUP, "9", "1", "1-0"],
        ["result", EVENT, "--group", "不存在的组", "1", "2", "1-0"],
        ["trf", "pair", "garbage.trf"],
        ["new", EVENT, "--preset", "qiwang-2022"],
        ["new", "fresh.gomoku", "--preset", "nope"],
        ["snapshots", EVENT, "--restore", "5"],
        ["import", EVENT, "missing.csv"],
    ],
)
def test_known_bad_command_lines_exit_2_with_one_line(base_event: Path, argv: list[str]) -> None:
    with _workplace(base_event) as here:
        before, files = _content(here / EVENT), _files(here)
        code, _out, err = run(argv)
        assert code == 2, (argv, err)
        assert len(err.strip().splitlines()) == 1
        assert _content(here / EVENT) == before
        assert _files(here) == files


POINTS = st.one_of(
    st.sampled_from(["h8", "a1", "o15", "p1", "a0", "h16", "H8", "h08", "", "8h"]),
    st.integers(-5, 300), st.none(), st.booleans(), st.text(max_size=4),
)
POSITIONS = st.one_of(
    st.fixed_dictionaries({"black": st.lists(POINTS, max_size=12),
                           "white": st.lists(POINTS, max_size=12)},
                          optional={"extra": st.integers()}),
    st.dictionaries(st.sampled_from(["black", "white", "x"]),
                    st.one_of(POINTS, st.lists(POINTS, max_size=4)), max_size=3),
    st.lists(POINTS, max_size=3),
    POINTS,
)

@settings(max_examples=150, deadline=30000, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(POSITIONS, min_size=1, max_size=4))
def test_judge_takes_any_json_lines_with_exit_0_or_2_and_one_line(positions: list) -> None:
    import json

    stdin = "".join(json.dumps(p, ensure_ascii=False) + "\n" for p in positions)
    code, out, err = run(["judge"], stdin)
    assert code in (0, 2) and "Traceback" not in err
    if code == 2:
        assert len(err.strip().splitlines()) == 1
    else:
        assert len(out.splitlines()) == len(positions)
