"""The rows of a qualifier list as read and checked (晋级名单的行): plain frozen data."""

from __future__ import annotations

import datetime as dt
import re
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


LIST_TITLE = "名单标题"
LIST_FILE = "名单文件"
LIST_ROW = "名单行"
"""Keys of a player's notes naming the list they were imported from: its title row (the text
above the header, "" when none), its file's name and the row in it."""

_PERIOD = re.compile(
    r"第\s*[0-9一二三四五六七八九十百]+\s*(?:期|阶段|站|轮|场|届)|\d{4}\s*年\s*\d{1,2}\s*月")


@dataclass(frozen=True)
class ListMark:
    """What tells one list apart from the others of its kind (`list_mark`): `text`, and
    whether it is only the file's name (`of_file`), which the reader is told as such."""

    text: str
    of_file: bool = False


def list_mark(title: str, file: str) -> ListMark:
    """What tells one list apart from the others of its kind: the period in its title
    (qiwang 十二(二)1: 网络入围赛共分八期, "第1期网络入围赛 晋级名单" -> "第1期"; a monthly
    leaderboard's "2022年5月"), else the whole title, else the period in the file's name (a
    list saved without its title row as 第1期.csv), else, as a last resort, the file's name
    without extension."""
    found = _PERIOD.search(title)
    if found:
        return ListMark(re.sub(r"\s+", "", found.group(0)))
    if title.strip():
        return ListMark(title.strip())
    stem = PurePath(file).stem
    found = _PERIOD.search(stem)
    if found:
        return ListMark(re.sub(r"\s+", "", found.group(0)))
    return ListMark(stem, of_file=True)
