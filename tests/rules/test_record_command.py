"""`python -m app record convert`: record files between moves, SGF and .psq."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.cli import main


def test_convert_through_every_format(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "game.txt"
    source.write_text("h8h9i10a1\n", encoding="utf-8")
    sgf = tmp_path / "game.sgf"
    assert main(["record", "convert", str(source), "--to", "sgf", "--out", str(sgf)]) == 0
    assert ";B[hh];W[hg];B[if];W[ao])" in sgf.read_text(encoding="utf-8")
    assert main(["record", "convert", str(sgf), "--to", "psq"]) == 0
    psq_text = capsys.readouterr().out
    assert psq_text.splitlines()[1:] == ["8,8,0", "8,7,0", "9,6,0", "1,15,0"]
    psq = tmp_path / "game.psq"
    psq.write_text(psq_text, encoding="utf-8")
    assert main(["record", "convert", str(psq), "--to", "moves"]) == 0
    assert capsys.readouterr().out == "h8h9i10a1\n"


def test_gbk_sgf_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    sgf = tmp_path / "old.sgf"
    sgf.write_bytes("(;GM[4]SZ[15]PB[张三];B[hh])".encode("gbk"))
    assert main(["record", "convert", str(sgf), "--to", "sgf"]) == 0
    assert "PB[张三]" in capsys.readouterr().out


def test_bad_record_exits_2_and_writes_nothing(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.psq"
    bad.write_text("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n", encoding="utf-8")
    out = tmp_path / "out.sgf"
    assert main(["record", "convert", str(bad), "--to", "sgf", "--out", str(out)]) == 2
    assert not out.exists()
    err = capsys.readouterr().err
    assert f"{bad}:3" in err and err.count("\n") == 1
    assert main(["record", "convert", str(tmp_path / "missing.sgf"), "--to", "psq"]) == 2
