"""Helpers for the import tests: sample paths, valid ID numbers, small lists in memory."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from pathlib import Path

from app.errors import UserError
from app.imports import ParsedList
from app.imports.columns import find_header
from app.imports.idcard import check_digit
from app.imports.parse import parse_table
from app.imports.sources import Table

DATA = Path(__file__).resolve().parent.parent / "data" / "imports"


def sample(name: str) -> Path:
    return DATA / name


def make_id(born: dt.date, male: bool, region: str = "440304", serial: int = 12) -> str:
    """A valid 18-digit ID number for the birth date and gender (GB 11643)."""
    sequence = serial * 2 + (1 if male else 0)
    first17 = f"{region}{born:%Y%m%d}{sequence:03d}"
    return first17 + check_digit(first17)


def parse_rows(file: str, rows: Sequence[Sequence[object]], source: str | None = None
               ) -> ParsedList:
    """The checks `read_list` makes, on a grid of cells in memory (row i is spreadsheet
    row i + 1); `UserError` when no header row is found, as for a file."""
    grid = tuple(tuple(row) for row in rows)
    header = find_header(grid)
    if header is None:
        raise UserError("找不到表头行", "no header row found", file)
    return parse_table(Table(file, grid, header, "memory"), source)


LEADERBOARD = ("排名", "姓名", "平台ID", "身份证号", "性别", "积分", "胜局", "状态", "组别")


def board(file: str, rows: Sequence[Sequence[object]], source: str | None = None,
          header: Sequence[str] = LEADERBOARD) -> ParsedList:
    """A list in memory with the leaderboard header; each row gives the header's fields in
    order (shorter rows are padded)."""
    return parse_rows(file, [list(header), *[list(row) for row in rows]], source)


def names(items: Sequence[object]) -> list[str]:
    return [item.row.name for item in items]  # type: ignore[attr-defined]
