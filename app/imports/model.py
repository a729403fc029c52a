"""The rows of a qualifier list as read and checked (晋级名单的行): plain frozen data."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import PurePath

from app.imports.problems import Problem
from app.imports.text import Gender


@dataclass(frozen=True)
class QualifierRow:
    """One person on one list, cleaned. Text fields are "" when empty; numbers, dates and
    gender are None when empty. `valid` is False when the row has an error `Problem`.

    `file` and `row_number` (the spreadsheet row a user sees) say where it came from; `notes`
    keeps the columns the importer does not know, as (header, value) pairs.
    """

    file: str
    row_number: int
    name: str
    gender: Gender | None = None
    birth_date: dt.date | None = None
    id_number: str = ""
    unit: str = ""
    platform_id: str = ""
    points: int | None = None
    wins: int | None = None
    rank: int | None = None
    seq: int | None = None
    group: str = ""
    grade: str = ""
    source: str = ""
    phone: str = ""
    withdrawn: bool = False  # 弃赛 / 放弃 in a status column
    notes: tuple[tuple[str, str], ...] = ()
    valid: bool = True
    id_key: str = ""  # the ID number that identifies the person (15-digit ones as 18 digits)

    @property
    def where(self) -> str:
        """`period-1.csv:8`: the list by its file's name (as the arbiter knows it) and row."""
        return f"{PurePath(self.file).name}:{self.row_number}"


@dataclass(frozen=True)
class ParsedList:
    """One file read and checked: its rows (valid or not, in file order) and its problems.

    `source` is the list's label (matched against `ListRule.label` when merging);
    `columns` are the header titles as written; `header_row` is the header's row number;
    `title` is the text above the header (merging also looks for a rule's label in it).
    """

    file: str
    source: str
    rows: tuple[QualifierRow, ...]
    problems: tuple[Problem, ...]
    columns: tuple[str, ...] = ()
    header_row: int = 1
    title: str = ""
    encoding: str = ""
    sheet: str = ""

    @property
    def has_errors(self) -> bool:
        return any(problem.is_error for problem in self.problems)

    @property
    def valid_rows(self) -> tuple[QualifierRow, ...]:
        return tuple(row for row in self.rows if row.valid)
