"""`python -m app judge` as docs/CLI.md states it: JSON Lines in, one verdict line out."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from app.cli import main
from tests.rules.helpers import DATA

ROOT = Path(__file__).resolve().parents[2]


def _run(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], text: str,
         *args: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["judge", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_whole_file_end_to_end() -> None:
    """The real command on every labelled position agrees with every label."""
    text = (DATA / "positions.jsonl").read_text(encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "app", "judge"], input=text, cwd=ROOT,
                          capture_output=True, text=True, check=True)
    lines = done.stdout.splitlines()
    records = [json.loads(line) for line in text.splitlines()]
    assert len(lines) == len(records)
    for line, record in zip(lines, records, strict=True):
        assert json.loads(line) == {k: record[k] for k in ("forbidden", "black_five", "white_five")}


def test_output_format_and_order(monkeypatch, capsys) -> None:  # noqa: ANN001
    text = '{"black": ["h8", "f8", "g8", "i9", "j10"], "white": ["a1"], "id": 7}\n\n{}\n'
    code, out, err = _run(monkeypatch, capsys, text)
    assert code == 0 and err == ""
    first, second = out.splitlines()
    assert json.loads(first)["forbidden"] == {}
    assert list(json.loads(first)) == ["forbidden", "black_five", "white_five"]
    assert second == '{"forbidden": {}, "black_five": [], "white_five": []}'


def test_sorted_by_column_then_row(monkeypatch, capsys) -> None:  # noqa: ANN001
    code, out, _ = _run(monkeypatch, capsys, '{"black": ["d8", "e8", "f8", "g8", "h4", "h5", '
                        '"h6", "h7"], "white": []}\n')
    assert code == 0
    assert json.loads(out)["black_five"] == ["c8", "h3", "h8"]


def test_bad_json_exits_2_naming_the_line(monkeypatch, capsys) -> None:  # noqa: ANN001
    code, out, err = _run(monkeypatch, capsys, '{"black": []}\n{"black": [\n')
    assert code == 2 and out == ""
    assert err.startswith("<stdin>:2:") and err.count("\n") == 1


def test_bad_coordinate_exits_2_naming_line_and_field(monkeypatch, capsys) -> None:  # noqa: ANN001
    code, out, err = _run(monkeypatch, capsys, '{"black": ["h8"]}\n{"white": ["h8", "p3"]}\n')
    assert code == 2 and out == ""
    assert "<stdin>:2" in err and "white[1]" in err and "p3" in err


def test_point_given_twice_exits_2(monkeypatch, capsys) -> None:  # noqa: ANN001
    code, _, err = _run(monkeypatch, capsys, '{"black": ["h8"], "white": ["h8"]}\n')
    assert code == 2 and "<stdin>:1" in err


def test_not_an_object_exits_2(monkeypatch, capsys) -> None:  # noqa: ANN001
    code, _, err = _run(monkeypatch, capsys, '["h8"]\n')
    assert code == 2 and "<stdin>:1" in err


def test_rule_set_option(monkeypatch, capsys) -> None:  # noqa: ANN001
    text = '{"black": ["d8", "e8", "f8", "g8", "i8"]}\n'
    _, out, _ = _run(monkeypatch, capsys, text)
    assert json.loads(out)["forbidden"] == {"h8": "overline"}
    _, out, _ = _run(monkeypatch, capsys, text, "--rules", "freestyle")
    assert json.loads(out) == {"forbidden": {}, "black_five": ["c8", "h8"], "white_five": []}


def test_all_kinds_option(monkeypatch, capsys) -> None:  # noqa: ANN001
    text = '{"black": ["e8", "f8", "g8", "i8", "j8", "h9", "h10", "h11", "e5", "f6", "g7"]}\n'
    _, out, _ = _run(monkeypatch, capsys, text, "--all-kinds")
    result = json.loads(out)
    assert result["forbidden"]["h8"] == "overline"
    assert result["forbidden_all_kinds"]["h8"] == ["overline", "44"]


def test_five_completion_option(monkeypatch, capsys) -> None:  # noqa: ANN001
    text = '{"black": ["f8", "g8", "i9", "i10", "i11", "i12", "g9", "f10"], "white": ["d8"]}\n'
    _, out, _ = _run(monkeypatch, capsys, text)
    assert "h8" not in json.loads(out)["forbidden"]
    _, out, _ = _run(monkeypatch, capsys, text, "--five-completion-counts")
    assert json.loads(out)["forbidden"]["h8"] == "33"
