"""Every path a command writes (a record, an import report, an export folder, a new or demo
event file, a snapshot) given as a missing folder, as a folder where a file is wanted (or a
file where a folder is wanted), or on a read-only medium: one line on stderr naming the
path and what is wrong, exit 2, nothing written and no traceback (docs/CLI.md: "exit 2 on bad
input with a one-line message on stderr naming the file")."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.cli import main
from app.services import players
from app.services.event import Event

DATA = Path(__file__).resolve().parents[1] / "data"
LIST = DATA / "imports" / "qiwang-2022-period-1.csv"
GROUP = "少儿组"

# (command line, the place it writes): {out} is the output path under test, {event} an event
# file, {record} a record file, {list} a qualifier list.
WRITERS = [
    ["record", "convert", "{record}", "--to", "sgf", "--out", "{out}"],
    ["import", "{event}", "--group", GROUP, "{list}", "--dry-run", "--report", "{out}"],
    ["export", "{event}", "--out", "{out}", "--xlsx"],
    ["new", "{out}", "--preset", "qiwang-2022"],
    ["demo", "{out}"],
]


@pytest.fixture
def inputs(tmp_path: Path) -> dict[str, str]:
    event = tmp_path / "inputs" / "e.gomoku"
    event.parent.mkdir()
    with Event.create(event, preset="qiwang-2022") as created:
        for k in range(4):
            players.add_player(created, GROUP, name=f"棋手{k}", unit=f"单位{k}")
    record = tmp_path / "inputs" / "game.txt"
    record.write_text("h8h9i10\n", encoding="utf-8")
    return {"event": str(event), "record": str(record), "list": str(LIST)}


@pytest.fixture
def read_only(tmp_path: Path) -> Iterator[Path]:
    """A real read-only medium: a small tmpfs mounted read-only (needs root)."""
    where = tmp_path / "medium"
    where.mkdir()
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m,ro", "tmpfs", str(where)],
                          capture_output=True)
    if done.returncode != 0:
        pytest.skip("needs root to mount a read-only tmpfs")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def _refused(argv: list[str], values: dict[str, str], capsys: pytest.CaptureFixture[str]
             ) -> str:
    code = main([a.format(**values) for a in argv])
    err = capsys.readouterr().err
    assert code == 2, (argv, err)
    named = values["out"] in err or str(Path(values["out"]).parent) in err  # or its folder
    assert err.count("\n") == 1 and "Traceback" not in err and named, err
    return err


def _name(argv: list[str]) -> str:
    return " ".join(argv[:2])


@pytest.mark.parametrize("argv", WRITERS, ids=_name)
def test_a_missing_folder_is_named(argv: list[str], inputs: dict[str, str], tmp_path: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "no-such-folder" / "deeper" / "out.x"
    if argv[0] == "export":  # export makes its folder, but not a missing parent's parents
        out = tmp_path / "a-file" / "out"
        (tmp_path / "a-file").write_text("x", encoding="utf-8")
    err = _refused(argv, {**inputs, "out": str(out)}, capsys)
    assert "does not exist" in err or "not a folder" in err
    assert not (tmp_path / "no-such-folder").exists()


@pytest.mark.parametrize("argv", WRITERS, ids=_name)
def test_a_folder_where_a_file_is_wanted_is_named(argv: list[str], inputs: dict[str, str],
                                                  tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """A folder given for a file (or, for export, a file given for its folder)."""
    out = tmp_path / "a-folder"
    out.mkdir()
    if argv[0] == "export":
        out = Path(inputs["record"])
    err = _refused(argv, {**inputs, "out": str(out)}, capsys)
    assert "a folder, not" in err or "not a folder" in err
    if argv[0] != "export":
        assert list(out.iterdir()) == []


@pytest.mark.parametrize("argv", WRITERS, ids=_name)
def test_a_read_only_medium_is_named(argv: list[str], inputs: dict[str, str], read_only: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    err = _refused(argv, {**inputs, "out": str(read_only / "out.x")}, capsys)
    assert "read-only" in err
    assert list(read_only.iterdir()) == []


def test_a_snapshot_folder_that_is_a_file_is_named(inputs: dict[str, str],
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """`snapshots --take` writes into FILE.snapshots: a file of that name is refused."""
    Path(inputs["event"] + ".snapshots").write_text("x", encoding="utf-8")
    _refused(["snapshots", "{event}", "--take", "x"],
             {**inputs, "out": inputs["event"] + ".snapshots"}, capsys)


@pytest.mark.parametrize("which", ["event", "list"])
def test_an_import_report_that_would_overwrite_its_event_or_list_is_refused(
        which: str, inputs: dict[str, str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """`import E L --report E` emptied the event file (opened for writing before the import
    read anything); `--report L` the list. Refused now, both files as they were."""
    own_list = tmp_path / "inputs" / "list.csv"
    own_list.write_bytes(LIST.read_bytes())
    values = {**inputs, "list": str(own_list)}
    before = {name: Path(values[name]).read_bytes() for name in ("event", "list")}
    err = _refused(["import", "{event}", "--group", GROUP, "{list}", "--report", "{out}"],
                   {**values, "out": values[which]}, capsys)
    assert "would be overwritten" in err and "会被覆盖" in err
    assert {name: Path(values[name]).read_bytes() for name in ("event", "list")} == before
    assert sorted(p.name for p in (tmp_path / "inputs").iterdir()) == [
        "e.gomoku", "game.txt", "list.csv"]


def test_a_refused_import_leaves_no_report_and_a_done_one_leaves_only_its_report(
        inputs: dict[str, str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "reports"
    folder.mkdir()
    out = folder / "report.txt"
    # The event file given as the list: not a qualifier list, refused before any row.
    assert main(["import", inputs["event"], inputs["event"], "--report", str(out)]) == 2
    assert "CSV" in capsys.readouterr().err
    assert list(folder.iterdir()) == []
    code = main(["import", inputs["event"], "--group", GROUP, inputs["list"], "--dry-run",
                 "--report", str(out)])
    assert code in (0, 2), capsys.readouterr().err
    assert [p.name for p in folder.iterdir()] == ["report.txt"]
    assert out.read_text(encoding="utf-8").strip()  # the list's rows' problems
