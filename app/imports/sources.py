"""Reading a qualifier-list file into a plain grid of cells (读取名单文件): CSV in UTF-8 (with
or without BOM), UTF-16 or GBK/GB18030, comma/tab/semicolon separated; XLSX through openpyxl
(the first sheet holding a recognisable header row). Web exports named .xls that are really
text are read as text; a real old-format .xls is refused with a hint to save it as .xlsx."""

from __future__ import annotations

import csv
import io
import stat
import warnings
import zipfile
import zlib
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from app.errors import UserError
from app.imports.columns import Header, find_header

Cells = tuple[object, ...]

# Reading limits: a qualifier list of a few thousand rows is well under 1 MB; anything far
# larger is refused before it is read, so that no file can take the program's time or memory.
MAX_FILE_BYTES = 10 * 1024 * 1024  # on disk
MAX_UNPACKED_BYTES = 8 * 1024 * 1024  # an XLSX's parts, unpacked (zip bombs)
MAX_ROWS = 20_000
MAX_COLUMNS = 300
MAX_CELLS = 400_000  # rows x columns of one sheet
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
    data = _read_bounded(path, name)
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


def _too_large(name: str, what_zh: str, what_en: str) -> UserError:
    megabytes = MAX_FILE_BYTES // (1024 * 1024)
    return UserError(f"{what_zh}，超过名单文件的上限（{megabytes} MB、{MAX_ROWS} 行、"
                     f"{MAX_COLUMNS} 列、{MAX_CELLS} 个单元格）",
                     f"{what_en}: beyond the limit for a list file ({megabytes} MB,"
                     f" {MAX_ROWS} rows, {MAX_COLUMNS} columns, {MAX_CELLS} cells)", name)


def _read_bounded(path: Path, name: str) -> bytes:
    """The file's bytes, refused before reading when it is not a regular file (a FIFO, a
    device such as /dev/zero: reading them might never end) or larger than the limit."""
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise UserError("这是一个文件夹，不是名单文件", "this is a folder, not a list file",
                            name)
        if not stat.S_ISREG(info.st_mode):
            raise UserError("不是普通文件（管道或设备），不能作为名单读取",
                            "not a regular file (a pipe or a device): not read as a list", name)
        if info.st_size > MAX_FILE_BYTES:
            raise _too_large(name, f"文件有 {info.st_size // (1024 * 1024)} MB",
                             f"the file has {info.st_size // (1024 * 1024)} MB")
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError:
        raise UserError("文件不存在", "file not found", name) from None
    except OSError as exc:
        raise UserError(f"无法读取文件：{exc.strerror}", f"cannot read the file: {exc.strerror}",
                        name) from None
    if len(data) > MAX_FILE_BYTES:  # grew while being read
        raise _too_large(name, "文件过大", "the file is too large")
    return data


def _check_zip(name: str, data: bytes) -> None:
    """Unpack every part of the XLSX once, counting: a zip bomb (parts that unpack to far
    more than their size) is refused as soon as the count passes the limit."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            total = 0
            for info in archive.infolist():
                with archive.open(info) as part:
                    while chunk := part.read(1 << 20):
                        total += len(chunk)
                        if total > MAX_UNPACKED_BYTES:
                            raise UserError(
                                f"XLSX 解压后超过 {MAX_UNPACKED_BYTES // (1024 * 1024)} MB"
                                "（可能是压缩炸弹），不予读取",
                                f"the XLSX unpacks to more than"
                                f" {MAX_UNPACKED_BYTES // (1024 * 1024)} MB (a zip bomb?);"
                                " not read", name)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, OSError, EOFError, ValueError,
            NotImplementedError, zlib.error) as exc:
        raise UserError("XLSX 文件已损坏，无法打开", f"the XLSX file is damaged: {exc}",
                        name) from None


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
    if text.count("\n") > MAX_ROWS:
        raise _too_large(name, f"文件有 {text.count(chr(10))} 行",
                         f"the file has {text.count(chr(10))} rows")
    best: tuple[int, tuple[Cells, ...], Header] | None = None
    for delimiter in (",", "\t", ";"):
        try:
            rows = _split(text, delimiter)
        except csv.Error as exc:
            raise UserError(f"CSV 格式错误：{exc}", f"malformed CSV: {exc}", name) from None
        cells = sum(len(row) for row in rows)
        if cells > MAX_CELLS or any(len(row) > MAX_COLUMNS for row in rows):
            raise _too_large(name, f"文件有 {cells} 个单元格", f"the file has {cells} cells")
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
    _check_zip(name, data)
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
        if ws.max_row > MAX_ROWS or ws.max_column > MAX_COLUMNS or (
                ws.max_row * ws.max_column > MAX_CELLS):
            raise _too_large(f"{name} [{ws.title}]",
                             f"工作表有 {ws.max_row} 行、{ws.max_column} 列",
                             f"the sheet has {ws.max_row} rows and {ws.max_column} columns")
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
