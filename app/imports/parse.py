"""Turning a table of cells into checked qualifier rows (名单解析与校验): each known column is
cleaned, ID numbers are checked against GB 11643 and cross-checked with the birth date and
gender columns, and every problem is recorded against its file, row and column."""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from app.imports.columns import Field, Header, field_of
from app.imports.idcard import IdNumber, normalise_id, parse_id_number
from app.imports.model import ParsedList, QualifierRow
from app.imports.problems import Problem, error, warning
from app.imports.sources import Cells, Table, pad, read_table
from app.imports.text import (
    BadCell,
    ParsedDate,
    cell_text,
    clean_name,
    clean_phone,
    clean_text,
    parse_date,
    parse_gender,
    parse_int,
)

_FOOTNOTE_STARTS = ("注", "备注", "说明", "制表", "合计", "总计", "打印", "审核", "签字", "note")
_WITHDRAWN = ("弃赛", "放弃", "退赛", "弃权", "退出", "取消", "withdraw", "declin")
_PRESENT = ("正常", "确认", "已确认", "参赛", "晋级", "有效", "ok", "active", "confirmed")
_EARLIEST_BIRTH = dt.date(1900, 1, 1)


def read_list(path: Path, source: str | None = None, sheet: str | None = None) -> ParsedList:
    """Read and check one qualifier list (CSV or XLSX).

    `source` labels the list (e.g. "月榜2022-05"); when None, a 来源 column shared by every
    row or else the file name without extension is used. `sheet` picks an XLSX worksheet
    (default: the active one, else the first with a header; a warning names other sheets
    that also hold lists). Raises `UserError` only when the file cannot be read at all;
    everything else becomes a `Problem`.
    """
    return parse_table(read_table(Path(path), sheet), source)


@dataclass
class _RowCheck:
    """Collects one row's cleaned values and problems (private, mutable while checking)."""

    file: str
    row_number: int
    header: Header
    problems: list[Problem] = field(default_factory=list)

    def title(self, fld: Field) -> str:
        index = self.header.column(fld)
        return self.header.titles[index] if index is not None else ""

    def error(self, fld: Field | None, zh: str, en: str) -> None:
        column = self.title(fld) if fld is not None else ""
        self.problems.append(error(self.file, self.row_number, column, zh, en))

    def warn(self, fld: Field | None, zh: str, en: str) -> None:
        column = self.title(fld) if fld is not None else ""
        self.problems.append(warning(self.file, self.row_number, column, zh, en))

    def attempt(self, fld: Field, parse: Any, *args: object) -> Any:
        try:
            return parse(*args)
        except BadCell as bad:
            self.error(fld, bad.zh, bad.en)
            return None


def parse_table(table: Table, source: str | None = None) -> ParsedList:
    """Check every row below the header of `table`."""
    header = table.header
    width = len(header.titles)
    problems: list[Problem] = []
    if table.other_sheets:
        problems.append(warning(
            table.file, None, "",
            f"只读取了工作表“{table.sheet}”；其他工作表（{'、'.join(table.other_sheets)}）"
            "也有名单，请分别导入",
            f"only sheet '{table.sheet}' was read; the sheets {', '.join(table.other_sheets)} "
            "hold lists too: import them one by one",
        ))
    for index in header.repeated:
        problems.append(warning(
            table.file, header.row_index + 1, header.titles[index],
            f"重复的列“{header.titles[index]}”，作为备注保留",
            f"repeated column '{header.titles[index]}', kept as a note",
        ))
    parsed: list[tuple[QualifierRow, list[Problem]]] = []
    for index in range(header.row_index + 1, len(table.rows)):
        cells = table.rows[index]
        row_number = index + 1
        values = pad(cells, width)
        extra = tuple(cells[width:])
        texts = tuple(clean_text(v) for v in values)
        extra_texts = tuple(clean_text(v) for v in extra)
        if not any(texts) and not any(extra_texts):
            continue
        skip = _not_a_player_row(header, values, texts)
        if skip:
            problems.append(warning(table.file, row_number, "", *skip))
            continue
        check = _RowCheck(table.file, row_number, header)
        row = _check_row(check, values, texts, extra_texts)
        parsed.append((row, check.problems))
    list_source = source if source is not None else _list_source(table, parsed)
    rows: list[QualifierRow] = []
    for row, row_problems in parsed:
        problems.extend(row_problems)
        rows.append(_finish(row, list_source))
    if not rows:
        problems.append(warning(table.file, None, "", "名单中没有棋手", "the list holds no players"))
    problems = _fold_year_month(table, header, problems, rows)
    problems.sort(key=lambda p: -1 if p.row is None else p.row)
    return ParsedList(
        file=table.file,
        source=list_source,
        rows=tuple(rows),
        problems=tuple(problems),
        columns=header.titles,
        header_row=header.row_index + 1,
        title=_title(table, header),
        encoding=table.encoding,
        sheet=table.sheet,
    )


_YEAR_MONTH = "只有出生年月"


def _fold_year_month(
    table: Table, header: Header, problems: list[Problem], rows: list[QualifierRow]
) -> list[Problem]:
    """One warning for a 出生年月 column that gives year and month on every row, instead of
    the same warning on each row."""
    flagged = [p for p in problems if p.zh.startswith(_YEAR_MONTH)]
    dated = sum(row.birth_date is not None for row in rows)
    if len(flagged) < 2 or len(flagged) != dated:
        return problems
    column = flagged[0].column
    kept = [p for p in problems if not p.zh.startswith(_YEAR_MONTH)]
    kept.append(warning(
        table.file, None, column,
        f"{_YEAR_MONTH}（{len(flagged)} 行），均按当月1日计",
        f"year and month only ({len(flagged)} rows), each taken as the 1st of the month",
    ))
    return kept


def _title(table: Table, header: Header) -> str:
    """The text above the header row (a title such as "第1期网络入围赛 晋级名单")."""
    seen: list[str] = []
    for cells in table.rows[: header.row_index]:
        for cell in cells:
            text = clean_text(cell)
            if text and text not in seen:
                seen.append(text)
    return " ".join(seen)


def _finish(row: QualifierRow, list_source: str) -> QualifierRow:
    if row.source:
        return row
    return replace(row, source=list_source)


def _list_source(table: Table, parsed: list[tuple[QualifierRow, list[Problem]]]) -> str:
    sources = {row.source for row, _ in parsed}
    if len(sources) == 1 and "" not in sources:
        return sources.pop()
    return Path(table.file).stem


def _not_a_player_row(
    header: Header, values: Cells, texts: tuple[str, ...]
) -> tuple[str, str] | None:
    """A repeated header, a footnote or a total line inside the table (skipped with a warning)."""
    name_index = header.column(Field.NAME)
    assert name_index is not None
    name_cell = values[name_index]
    if field_of(name_cell) is Field.NAME:
        return ("重复的表头行，已跳过", "repeated header row, skipped")
    filled = [text for text in texts if text]
    first = filled[0].lower() if filled else ""
    if first.startswith(_FOOTNOTE_STARTS) or (len(filled) == 1 and not texts[name_index]):
        shown = filled[0][:20] if filled else ""
        return (f"不是棋手行（“{shown}”），已跳过", f"not a player row ('{shown}'), skipped")
    return None


def _check_row(
    check: _RowCheck, values: Cells, texts: tuple[str, ...], extra: tuple[str, ...]
) -> QualifierRow:
    header = check.header

    def cell(fld: Field) -> object:
        index = header.column(fld)
        return values[index] if index is not None else None

    name = clean_name(cell(Field.NAME))
    if not name:
        check.error(Field.NAME, "姓名为空", "the name is empty")
    gender = check.attempt(Field.GENDER, parse_gender, cell(Field.GENDER))
    born: ParsedDate | None = check.attempt(Field.BIRTH_DATE, parse_date, cell(Field.BIRTH_DATE))
    id_info: IdNumber | None = check.attempt(Field.ID_NUMBER, parse_id_number, cell(Field.ID_NUMBER))
    # a number that failed its check is still shown and still identifies the person
    id_number = id_info.number if id_info else normalise_id(cell(Field.ID_NUMBER))
    gender, birth_date = _cross_check(check, id_info, gender, born)
    points = check.attempt(Field.POINTS, parse_int, cell(Field.POINTS), "积分", "points")
    wins = check.attempt(Field.WINS, parse_int, cell(Field.WINS), "胜局", "wins")
    if wins is not None and wins < 0:
        check.error(Field.WINS, f"胜局不能为负数：{wins}", f"wins cannot be negative: {wins}")
    rank = check.attempt(Field.RANK, parse_int, cell(Field.RANK), "名次", "rank")
    if rank is not None and rank < 1:
        check.error(Field.RANK, f"名次应从1开始：{rank}", f"a rank starts at 1: {rank}")
    seq = check.attempt(Field.SEQ, parse_int, cell(Field.SEQ), "序号", "number")
    phone, plausible = clean_phone(cell(Field.PHONE))
    if not plausible:
        check.warn(Field.PHONE, f"电话号码不像有效号码：{phone}",
                   f"the phone number does not look valid: {phone}")
    withdrawn = _withdrawn(check, cell(Field.STATUS))
    notes = tuple(
        (header.titles[i], text)
        for i, text in enumerate(texts)
        if header.fields[i] is None and text
    ) + tuple((f"列{len(values) + i + 1}", text) for i, text in enumerate(extra) if text)

    def text(fld: Field) -> str:
        index = header.column(fld)
        return texts[index] if index is not None else ""

    return QualifierRow(
        file=check.file,
        row_number=check.row_number,
        name=name,
        gender=gender,
        birth_date=birth_date,
        id_number=id_number,
        unit=text(Field.UNIT),
        platform_id=text(Field.PLATFORM_ID),
        points=points,
        wins=wins,
        rank=rank,
        seq=seq,
        group=text(Field.GROUP),
        grade=text(Field.GRADE),
        source=text(Field.SOURCE),
        phone=phone,
        withdrawn=withdrawn,
        notes=notes,
        valid=not any(p.is_error for p in check.problems),
        id_key=id_info.key if id_info else _whole_id(id_number),
    )


def _whole_id(number: str) -> str:
    """A number that failed its check still identifies the person if all its digits are
    there (a wrong check digit); one that Excel cut to 4.40304E+17 identifies nobody."""
    return number if re.fullmatch(r"\d{17}[\dX]|\d{15}", number) else ""


def _cross_check(
    check: _RowCheck, id_info: IdNumber | None, gender: Any, born: ParsedDate | None
) -> tuple[Any, dt.date | None]:
    """The ID number's birth date and gender against the columns (GB 11643: digits 7-14 are
    the birth date, digit 17 odd for men); missing columns are filled from the ID number."""
    birth_date = born.date if born else None
    if id_info is not None and not id_info.mainland:
        check.warn(Field.ID_NUMBER, f"不是大陆居民身份证号，未校验：{id_info.number}",
                   f"not a mainland resident ID number, not checked: {id_info.number}")
    elif id_info is not None:
        if born is None:
            birth_date = id_info.birth_date
        elif born.day_missing and id_info.birth_date is not None and (
            (born.date.year, born.date.month)
            == (id_info.birth_date.year, id_info.birth_date.month)
        ):
            birth_date, born = id_info.birth_date, None
        elif born.date != id_info.birth_date:
            check.error(
                Field.BIRTH_DATE,
                f"出生日期 {born.date} 与身份证号中的 {id_info.birth_date} 不一致",
                f"birth date {born.date} differs from {id_info.birth_date} in the ID number",
            )
        if gender is None:
            gender = id_info.gender
        elif gender != id_info.gender and id_info.gender is not None:
            check.error(
                Field.GENDER,
                f"性别“{gender.zh}”与身份证号（{id_info.gender.zh}）不一致",
                f"gender {gender.value} differs from the ID number ({id_info.gender.value})",
            )
    if born is not None and born.day_missing:
        check.warn(Field.BIRTH_DATE, f"{_YEAR_MONTH}，按当月1日计：{born.date}",
                   f"only year and month given, taken as the 1st: {born.date}")
    if birth_date is not None and not _EARLIEST_BIRTH <= birth_date <= dt.date.today():
        check.error(Field.BIRTH_DATE, f"出生日期不合理：{birth_date}",
                    f"implausible birth date: {birth_date}")
    return gender, birth_date


def _withdrawn(check: _RowCheck, value: object) -> bool:
    text = clean_text(value).lower()
    if not text:
        return False
    if any(word in text for word in _WITHDRAWN):
        return True
    if not any(word in text for word in _PRESENT):
        check.warn(Field.STATUS, f"无法识别的状态“{cell_text(value)}”，按正常参赛处理",
                   f"unknown status '{cell_text(value)}', taken as taking part")
    return False
