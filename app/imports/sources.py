"""Reading a qualifier-list file into a plain grid of cells (读取名单文件): CSV in UTF-8 (with
or without BOM), UTF-16 or GBK/GB18030, comma/tab/semicolon separated; XLSX through openpyxl
(the first sheet holding a recognisable header row). Web exports named .xls that are really
text are read as text; a real old-format .xls is refused with a hint to save it as .xlsx."""

from __future__ import annotations

import csv
import io
import warnings
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from app.errors import UserError
from app.imports.columns import Header, find_header

Cells = tuple[object, ...]

_ZIP_MAGIC = b"PK\x03\x04"
_OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_TEXT_SUFFIXES = {".csv", ".txt", ".tsv", ".xls"}
_XLSX_SUFFIXES = {".xlsx", ".xlsm"}


@dataclass(frozen=True)
class Table:
    """The cells of one file (row i of `rows` is spreadsheet row i + 1) and its header row."""

    file: str
    rows: tuple[Cells, ...]
    header: Header
    encoding: str  # "utf-8", "utf-8-sig", "utf-16", "gb18030" or "xlsx"
    sheet: str = ""
    other_sheets: tuple[str, ...] = ()


def read_table(path: Path, sheet: str | None = None) -> Table:
    """Read `path` into a `Table`; `UserError` naming the file when it cannot be read at all
    (missing, not CSV/XLSX, undecodable, no header row, no such sheet). For XLSX, `sheet`
    names the worksheet; by default the active one, else the first holding a header row
    (other sheets that hold lists are named in `Table.other_sheets`)."""
    name = str(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise UserError("文件不存在", "file not found", name) from None
    except IsADirectoryError:
        raise UserError("这是一个文件夹，不是名单文件", "this is a folder, not a list file",
                        name) from None
    except OSError as exc:
        raise UserError(f"无法读取文件：{exc.strerror}", f"cannot read the file: {exc.strerror}",
                        name) from None
    suffix = path.suffix.lower()
    if data.startswith(_ZIP_MAGIC) and suffix in _XLSX_SUFFIXES | _TEXT_SUFFIXES:
        return _read_xlsx(name, data, sheet)
    if suffix in _XLSX_SUFFIXES:
        raise UserError("不是有效的 XLSX 文件（文件已损坏或扩展名不对）",
                        "not a valid XLSX file (damaged, or the extension is wrong)", name)
    if data.startswith(_OLE_MAGIC):
        raise UserError("不支持旧版 Excel（.xls）格式，请在 Excel 中另存为 .xlsx 或 CSV",
                        "old Excel (.xls) files are not supported; save it as .xlsx or CSV", name)
    if suffix not in _TEXT_SUFFIXES:
        raise UserError("只能导入 CSV 或 XLSX 文件", "only CSV or XLSX files can be imported", name)
    return _read_csv(name, data)


def _decode(name: str, data: bytes) -> tuple[str, str]:
    if data.startswith(b"\xef\xbb\xbf"):
        encodings = ["utf-8-sig"]
    elif data.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    else:
        encodings = ["utf-8", "gb18030"]
    for encoding in encodings:
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            continue
    raise UserError("无法识别文件编码（应为 UTF-8 或 GBK）",
                    "cannot tell the text encoding (expected UTF-8 or GBK)", name)


def _split(text: str, delimiter: str) -> tuple[Cells, ...]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    return tuple(tuple(cell if cell != "" else None for cell in row) for row in reader)


def _read_csv(name: str, data: bytes) -> Table:
    text, encoding = _decode(name, data)
    if "\x00" in text:
        raise UserError("文件含有二进制内容，不是文本表格",
                        "the file holds binary data, not a text table", name)
    best: tuple[int, tuple[Cells, ...], Header] | None = None
    for delimiter in (",", "\t", ";"):
        try:
            rows = _split(text, delimiter)
        except csv.Error as exc:
            raise UserError(f"CSV 格式错误：{exc}", f"malformed CSV: {exc}", name) from None
        header = find_header(rows)
        if header is None:
            continue
        score = sum(field is not None for field in header.fields)
        if best is None or score > best[0]:
            best = (score, rows, header)
    if best is None:
        raise _no_header(name)
    return Table(name, best[1], best[2], encoding)


def _no_header(name: str) -> UserError:
    return UserError(
        "找不到表头行（需要“姓名”列以及排名、性别、积分等至少一个已知列）",
        "no header row found (a name column and at least one other known column such as "
        "rank, gender or points are needed)",
        name,
    )


def _read_xlsx(name: str, data: bytes, sheet: str | None) -> Table:
    try:
        import openpyxl

        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            book = openpyxl.load_workbook(io.BytesIO(data), data_only=True)
    except Exception as exc:  # a broken file makes openpyxl/zipfile raise many kinds
        raise UserError("XLSX 文件已损坏，无法打开", f"the XLSX file is damaged: {exc}",
                        name) from None
    chosen: list[Any]  # worksheets, and chartsheets that are skipped below
    if sheet is not None:
        if sheet not in book.sheetnames:
            raise UserError(f"没有名为“{sheet}”的工作表（有：{'、'.join(book.sheetnames)}）",
                            f"no sheet named '{sheet}' (sheets: {', '.join(book.sheetnames)})",
                            name)
        chosen = [book[sheet]]
    else:
        chosen = [book.active, *(ws for ws in book.worksheets if ws is not book.active)]
    found: Table | None = None
    others: list[str] = []
    for ws in chosen:
        if ws is None or not hasattr(ws, "iter_rows"):
            continue
        rows = _sheet_rows(ws)
        header = find_header(rows)
        if header is None:
            continue
        if found is None:
            found = Table(name, rows, header, "xlsx", ws.title)
        else:
            others.append(ws.title)
    if found is None:
        raise _no_header(name)
    return replace(found, other_sheets=tuple(others))


def _sheet_rows(sheet: Any) -> tuple[Cells, ...]:
    """The sheet's values from A1; a merged range (a 组别 cell spanning its group's rows)
    gives its value to every cell it covers."""
    rows = [list(row) for row in sheet.iter_rows(min_row=1, min_col=1, values_only=True)]
    for merged in getattr(sheet, "merged_cells", None) and sheet.merged_cells.ranges or ():
        top, left = merged.min_row - 1, merged.min_col - 1
        if top >= len(rows) or left >= len(rows[top]):
            continue
        value = rows[top][left]
        for r in range(top, min(merged.max_row, len(rows))):
            for c in range(left, min(merged.max_col, len(rows[r]))):
                rows[r][c] = value
    return tuple(tuple(row) for row in rows)


def pad(cells: Sequence[object], width: int) -> Cells:
    """A row cut or padded with None to `width` cells."""
    cells = tuple(cells[:width])
    return cells + (None,) * (width - len(cells))
