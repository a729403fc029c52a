"""Fuzzing the qualifier-list importers (app/imports, app/services/importing.py).

Bad input: damaged CSV and XLSX files, odd cells and random grids end either in a
parsed list whose row problems are reported, or in a `UserError` naming the file; never
another exception, never a hang; and an import that reports errors writes nothing.
"""

from __future__ import annotations

import datetime as dt
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import func, select

from app.errors import UserError
from app.imports.model import ParsedList
from app.imports.parse import read_list
from app.services.event import Event
from app.services.importing import import_lists
from app.store.models import Player, UndoEntry
from tests.imports.helpers import parse_rows
from tests.reliability.helpers import GROUP, make_event
from tests.reliability.mutations import mutated

pytestmark = pytest.mark.slow  # long hypothesis runs

IMPORTS = Path(__file__).resolve().parents[1] / "data" / "imports"
CSV_SAMPLES = sorted(IMPORTS.glob("*.csv"))
XLSX_SAMPLES = sorted(IMPORTS.glob("*.xlsx"))
FUZZ = settings(max_examples=100, deadline=15000, suppress_health_check=[HealthCheck.too_slow])


def _decode(data: bytes) -> str:
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise AssertionError("sample not decodable")


TEXTS = [(path.name, _decode(path.read_bytes())) for path in CSV_SAMPLES]


def _read(path: Path) -> None:
    try:
        parsed = read_list(path)
    except UserError as error:
        assert error.zh and error.en
        assert str(path) in error.where
        return
    assert isinstance(parsed, ParsedList)


def test_the_samples_read() -> None:
    assert len(CSV_SAMPLES) >= 3 and XLSX_SAMPLES
    for path in CSV_SAMPLES + XLSX_SAMPLES:
        assert isinstance(read_list(path), ParsedList)


@FUZZ
@given(st.data())
def test_damaged_csv_lists_are_read_or_refused_with_a_user_error(data: st.DataObject) -> None:
    name, text = data.draw(st.sampled_from(TEXTS))
    damaged = data.draw(mutated(text, max_edits=6))
    encoding = data.draw(st.sampled_from(["utf-8", "utf-8-sig", "gb18030", "utf-16"]))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / name
        path.write_bytes(damaged.encode(encoding, errors="replace"))
        _read(path)


@FUZZ
@given(st.binary(max_size=600), st.sampled_from([".csv", ".xlsx", ".xls", ".txt", ".CSV"]))
def test_random_bytes_are_refused_with_a_user_error(content: bytes, suffix: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"名单{suffix}"
        path.write_bytes(content)
        _read(path)


@FUZZ
@given(st.data())
def test_damaged_xlsx_lists_are_read_or_refused_with_a_user_error(data: st.DataObject) -> None:
    source = data.draw(st.sampled_from(XLSX_SAMPLES))
    content = bytearray(source.read_bytes())
    for _ in range(data.draw(st.integers(1, 8))):
        at = data.draw(st.integers(0, len(content) - 1))
        content[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans()):
        content = content[: data.draw(st.integers(0, len(content)))]
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / source.name
        path.write_bytes(bytes(content))
        _read(path)


HEADERS = st.sampled_from([
    "排名", "名次", "姓名", "name", "性别", "出生日期", "出生年月", "身份证号", "单位", "弈客ID",
    "积分", "胜局", "组别", "段位", "来源", "手机", "状态", "备注", "", "排 名", "姓名（必填）",
])
CELLS = st.one_of(
    st.none(),
    st.text(max_size=20),
    st.integers(-10**20, 10**20),
    st.floats(allow_nan=True, allow_infinity=True),
    st.dates(min_value=dt.date(1, 1, 1), max_value=dt.date(9999, 12, 31)),
    st.datetimes(),
    st.booleans(),
    st.sampled_from(["男", "女", "F", "弃赛", "110101200001011234", "11010519491231002X",
                     "1.10105E+17", "２０１０年１月１日", "2010-13-45", "３８６", "  ", "1e309"]),
)


@FUZZ
@given(st.lists(HEADERS, min_size=1, max_size=8),
       st.lists(st.lists(CELLS, max_size=10), max_size=15),
       st.integers(0, 3))
def test_random_grids_are_parsed_or_refused_with_a_user_error(
    header: list[str], rows: list[list[object]], blank_rows_above: int,
) -> None:
    grid = [[] for _ in range(blank_rows_above)] + [header] + rows
    try:
        parsed = parse_rows("grid.xlsx", grid)
    except UserError as error:
        assert error.where.startswith("grid.xlsx")
        return
    assert isinstance(parsed, ParsedList)


def test_an_import_with_errors_writes_nothing(tmp_path: Path) -> None:
    """Through the service: a damaged list is refused or reported; errors write nothing."""
    event_path = tmp_path / "event.gomoku"
    make_event(event_path, 0)
    event = Event.open(event_path)

    def counts() -> tuple[int, int]:
        with event.reading() as session:
            return (session.scalar(select(func.count()).select_from(Player)),
                    session.scalar(select(func.count()).select_from(UndoEntry)))

    @settings(max_examples=40, deadline=10000,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
    @given(st.data())
    def check(data: st.DataObject) -> None:
        name, text = data.draw(st.sampled_from(TEXTS))
        damaged = data.draw(mutated(text, max_edits=3))
        before = counts()
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / name
            path.write_text(damaged, encoding="utf-8")
            try:
                report = import_lists(event, [path], GROUP, dry_run=data.draw(st.booleans()))
            except UserError:
                assert counts() == before
                return
        if not report.written:
            assert counts() == before
        else:
            players, entries = counts()
            assert (players - before[0], entries - before[1]) == (report.entrants, 1 if report.entrants else 0)

    try:
        check()
    finally:
        event.close()
