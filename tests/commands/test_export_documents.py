"""`export --list` and `export --only`: one document alone, an unknown one refused unwritten."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("export") / "demo.db"
    assert main(["demo", str(path), "--preset", "mindgames-2016"]) == 0
    return path


def test_list_names_every_document_and_writes_nothing(demo: Path, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    capsys.readouterr()
    assert main(["export", str(demo), "--list"]) == 0
    labels = capsys.readouterr().out.splitlines()
    assert labels[0] == "秩序册（PDF）" and "禁手组 交叉表" in labels and "上报材料" in labels
    assert list(tmp_path.iterdir()) == []


def test_only_writes_the_one_document(demo: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out"
    assert main(["export", str(demo), "--out", str(out), "--only", "禁手组 交叉表"]) == 0
    written = [Path(line) for line in capsys.readouterr().out.splitlines()]
    assert [p.relative_to(out) for p in written] == [Path("PDF/禁手组/交叉表.pdf")]


def test_an_unknown_document_is_refused_before_anything_is_written(
        demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["snapshots", str(demo)]) == 0
    before = capsys.readouterr().out
    out = tmp_path / "out"
    assert main(["export", str(demo), "--out", str(out), "--only", "没有的文件"]) == 2
    assert "没有的文件" in capsys.readouterr().err and not out.exists()
    assert main(["snapshots", str(demo)]) == 0
    assert capsys.readouterr().out == before  # not even a snapshot


def test_progress_names_the_document_being_written(demo: Path, tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    """Into a log (stderr not a terminal) the progress is a line per document, no carriage
    returns, each naming the document then at work, and the last one saying it is done."""
    capsys.readouterr()
    only = ["秩序册（PDF）", "禁手组 交叉表"]
    assert main(["export", str(demo), "--out", str(tmp_path / "out"),
                 "--only", only[0], "--only", only[1]]) == 0
    said = capsys.readouterr().err
    assert "\r" not in said
    lines = [line for line in said.splitlines() if line.startswith("[")]
    assert lines == [f"[0/2] {only[0]}", f"[1/2] {only[1]}", "[2/2] 完成 / done"]


def test_progress_on_a_terminal_is_one_line_rewritten(
        demo: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal each step rewrites the line, clearing what a longer name left, and the
    line is ended before the files are listed."""
    import sys

    capsys.readouterr()
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    assert main(["export", str(demo), "--out", str(tmp_path / "out"),
                 "--only", "禁手组 交叉表"]) == 0
    said = capsys.readouterr().err
    assert said.endswith("\r[0/1] 禁手组 交叉表\x1b[K\r[1/1] 完成 / done\x1b[K\n")
