"""Hostile qualifier lists (CSV/XLSX) on the command line: each ends in exit 2 and one line
on stderr naming the file (and the row and field where there is one), never a traceback, in
bounded time and memory: refused within seconds and under 500 MB, with the size limit named.

Each case runs `python -m app import` in its own process; the process's peak memory (from
wait4) and its wall time are measured and asserted.
"""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
import zipfile
from pathlib import Path

import pytest

from app.services.event import Event

ROOT = Path(__file__).resolve().parents[2]
SECONDS = 20.0  # the bound asserted (measured times are far below: see the report)
MEGABYTES = 500


# The command runs as the child of a small launcher, which reports the command's own peak memory:
# a child forked straight from pytest would count the pages of the (large) test process it was
# forked from in its peak (Linux keeps the peak across exec).
_LAUNCHER = """
import os, subprocess, sys
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_pid, status, usage = os.wait4(process.pid, 0)
sys.stdout.write(str(usage.ru_maxrss))
sys.exit(os.waitstatus_to_exitcode(status))
"""


def _run(args: list[str]) -> tuple[int, str, float, float]:
    """(exit code, stderr, seconds, peak MB) of `python -m app ARGS`."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    finished = subprocess.run(
        [sys.executable, "-c", _LAUNCHER, sys.executable, "-m", "app", *args], cwd=ROOT,
        env=env, capture_output=True, check=False)
    err = finished.stderr.decode("utf-8", "replace")
    peak_kb = int(finished.stdout.decode() or 0)
    return finished.returncode, err, time.monotonic() - started, peak_kb / 1024


@pytest.fixture(scope="module")
def event_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("hostile") / "e.gomoku"
    Event.create(path, preset="qiwang-2022").close()
    return path


def _xlsx(sheet_xml: bytes, *, compress: int = zipfile.ZIP_DEFLATED) -> bytes:
    """A minimal workbook with one sheet whose XML is `sheet_xml`."""
    parts = {
        "[Content_Types].xml": (
            b'<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
            b'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats'
            b'-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
            b'<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-'
            b'officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/'
            b'sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml'
            b'.worksheet+xml"/></Types>'),
        "_rels/.rels": (
            b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            b'2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            b'officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
            b'</Relationships>'),
        "xl/workbook.xml": (
            b'<?xml version="1.0"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/'
            b'2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
            b'relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": (
            b'<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
            b'2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/'
            b'officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
            b'</Relationships>'),
        "xl/worksheets/sheet1.xml": sheet_xml,
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", compress) as archive:
        for name, data in parts.items():
            archive.writestr(name, data)
    return out.getvalue()


def _sheet(cells: str, dimension: str = "A1:C2") -> bytes:
    return (f'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            f'spreadsheetml/2006/main"><dimension ref="{dimension}"/><sheetData>{cells}'
            f'</sheetData></worksheet>').encode()


def _row(number: int, *values: str, first_column: str = "A") -> str:
    columns = [chr(ord(first_column) + k) for k in range(len(values))]
    cells = "".join(f'<c r="{c}{number}" t="inlineStr"><is><t>{v}</t></is></c>'
                    for c, v in zip(columns, values, strict=True))
    return f'<row r="{number}">{cells}</row>'


def _zip_bomb() -> bytes:
    header = _row(1, "排名", "姓名", "积分")
    # 1.5 GB of one repeated row, streamed into the archive (about 1.5 MB compressed).
    out = io.BytesIO()
    small = _xlsx(_sheet(header))
    with zipfile.ZipFile(io.BytesIO(small)) as source, zipfile.ZipFile(
            out, "w", zipfile.ZIP_DEFLATED) as archive:
        for info in source.infolist():
            if info.filename != "xl/worksheets/sheet1.xml":
                archive.writestr(info.filename, source.read(info))
        with archive.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as part:
            part.write(b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org'
                       b'/spreadsheetml/2006/main"><sheetData>' + header.encode())
            block = b" " * (1 << 20)
            for _ in range(1536):
                part.write(block)
            part.write(b"</sheetData></worksheet>")
    return out.getvalue()


def _cases(folder: Path) -> dict[str, tuple[Path, str]]:
    """name -> (the list file, a text the one line must hold)."""
    cases: dict[str, tuple[Path, str]] = {}

    def put(name: str, data: bytes, expect: str) -> None:
        path = folder / name
        path.write_bytes(data)
        cases[name] = (path, expect)

    put("million-columns.xlsx", _xlsx(_sheet(
        _row(1, "排名", "姓名", "积分") + _row(2, "1", "张三", "9") +
        '<row r="3"><c r="XFD3" t="inlineStr"><is><t>x</t></is></c></row>',
        dimension="A1:XFD1048576")), "300 columns")
    put("zip-bomb.xlsx", _zip_bomb(), "8 MB")
    put("random.xlsx", os.urandom(4000), "XLSX")
    put("random.csv", os.urandom(4000), "random.csv")
    put("empty.csv", b"", "no header row")
    put("superscripts.csv", "排名,姓名,积分\n¹,张三,²\n2,李四,3\n".encode(), "superscripts.csv:2")
    put("huge-number.csv", f"排名,姓名,积分\n1,张三,{'9' * 5000}\n".encode(),
        "huge-number.csv:2")
    big = folder / "fifty-megabytes.csv"
    with big.open("wb") as handle:
        handle.write("排名,姓名,积分\n".encode())
        line = "1,张三,10\n".encode()
        handle.write(line * (50 * 1024 * 1024 // len(line)))
    cases[big.name] = (big, "10 MB")
    wide = "排名,姓名,积分," + ",".join(f"备注{k}" for k in range(280)) + "\n"
    put("wide.csv", (wide + ("1,张三,9," + ",".join("x" * 280) + "\n") * 2000).encode(),
        "400000 cells")
    cases["dev-zero"] = (Path("/dev/zero"), "not a regular file")
    fifo = folder / "pipe.csv"
    os.mkfifo(fifo)
    cases["fifo"] = (fifo, "not a regular file")
    rows = "".join(f"{k},棋手{k},{k}\n" for k in range(1, 30_001))
    put("many-rows.csv", ("排名,姓名,积分\n" + rows).encode(), "20000 rows")
    return cases


CASES = ["million-columns.xlsx", "zip-bomb.xlsx", "random.xlsx", "random.csv", "empty.csv",
         "superscripts.csv", "huge-number.csv", "fifty-megabytes.csv", "dev-zero", "fifo",
         "many-rows.csv", "wide.csv"]


@pytest.fixture(scope="module")
def cases(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, str]]:
    return _cases(tmp_path_factory.mktemp("lists"))


@pytest.mark.parametrize("case", CASES)
def test_a_hostile_list_is_refused_in_one_line_in_bounded_time_and_memory(
        case: str, cases: dict[str, tuple[Path, str]], event_file: Path) -> None:
    path, expect = cases[case]
    before = event_file.read_bytes()
    code, err, seconds, megabytes = _run(["import", str(event_file), "--group", "公开组",
                                          f"网络入围赛={path}"])
    print(f"{case}: exit {code}, {seconds:.2f} s, {megabytes:.0f} MB: {err.strip()[:160]}")
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert expect in err
    assert path.name in err or str(path) in err
    assert len(err) < 1000
    assert seconds < SECONDS and megabytes < MEGABYTES
    assert event_file.read_bytes() == before


def test_several_bad_rows_print_one_line_and_the_full_list_goes_to_the_report(
        tmp_path: Path, event_file: Path) -> None:
    from app.cli import main

    lines = ["排名,姓名,性别,积分"] + [f"{k},棋手{k},{'男' if k % 2 else 'X'},{k}" for k in
                                       range(1, 9)]
    source = tmp_path / "网络入围赛.csv"
    source.write_text("\n".join(lines) + "\n", encoding="utf-8")
    report = tmp_path / "报告.txt"
    before = event_file.read_bytes()
    process = subprocess.run(
        [sys.executable, "-m", "app", "import", str(event_file), "--group", "公开组",
         str(source), "--report", str(report)],
        cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True,
        text=True, timeout=120)
    assert process.returncode == 2
    assert process.stderr.count("\n") == 1
    assert "4 errors in all" in process.stderr and str(report) in process.stderr
    assert f"{source}:3" in process.stderr  # the first bad row, named
    listed = report.read_text("utf-8").splitlines()
    assert [line for line in listed if line.startswith("错误/error")] == [
        line for line in listed if "gender" in line]
    assert len([line for line in listed if "gender" in line]) == 4
    assert event_file.read_bytes() == before
    assert main(["import", str(event_file), "--group", "公开组", str(source)]) == 2
