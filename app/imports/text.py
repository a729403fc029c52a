"""Cell normalisation for qualifier lists (数据规范化): full-width characters, stray spaces,
dates, genders and whole numbers as arbiters and online platforms write them.

Every parser takes a raw cell (text, number, date or None from CSV/XLSX) and either returns a
clean value or raises `BadCell` with a Chinese and English message; the caller turns that
into a `Problem` naming the file, row and column.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass
from enum import StrEnum
from functools import cache


class BadCell(Exception):
    """A cell whose value cannot be understood (the row gets an error)."""

    def __init__(self, zh: str, en: str) -> None:
        self.zh = zh
        self.en = en
        super().__init__(f"{zh} / {en}")


class Gender(StrEnum):
    """性别: stored as M / F."""

    MALE = "M"  # 男
    FEMALE = "F"  # 女

    @property
    def zh(self) -> str:
        return "男" if self is Gender.MALE else "女"


# Full-width ASCII letters and digits (０-９ Ａ-Ｚ ａ-ｚ) to their half-width forms.
_FULLWIDTH_ALNUM = {
    **{0xFF10 + i: 0x30 + i for i in range(10)},
    **{0xFF21 + i: 0x41 + i for i in range(26)},
    **{0xFF41 + i: 0x61 + i for i in range(26)},
}
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u200c\u200d\u2060\ufeff"), None)
_SPACES = re.compile(r"[\s\u3000\u00a0]+")
_CJK = r"\u3400-\u9fff\uf900-\ufaff\u00b7\u30fb"


@cache
def _space_between_cjk() -> re.Pattern[str]:
    """Spaces between two Chinese characters. Compiled when a name is first cleaned:
    compiling these ranges takes about 3 ms, which every command on an event would otherwise
    pay at its start (issue 28)."""
    return re.compile(rf"(?<=[{_CJK}])\s+(?=[{_CJK}])")


def cell_text(value: object) -> str:
    """Any cell as text: numbers without a spurious `.0`, dates as ISO, None as ""."""
    if type(value) is str:
        return value
    if value is None:
        return ""
    if isinstance(value, bool):
        return "是" if value else "否"
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            return ""
        if value.is_integer() and abs(value) < 1e15:
            return str(int(value))
        return repr(value)
    if isinstance(value, dt.datetime):
        if value.time() == dt.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ")
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)


def clean_text(value: object) -> str:
    """Text with full-width letters/digits made half-width and spaces tidied (one space, none
    at the ends); other full-width punctuation such as （） is kept as Chinese text uses it."""
    text = cell_text(value).translate(_INVISIBLE).translate(_FULLWIDTH_ALNUM)
    return _SPACES.sub(" ", text).strip()


def clean_name(value: object) -> str:
    """A person's name (姓名): like `clean_text`, and spaces between Chinese characters removed
    ("张　三" padded to align two-character names is "张三"); Latin names keep one space."""
    return _space_between_cjk().sub("", clean_text(value))


def _compat(value: object) -> str:
    """NFKC form for numeric fields: every full-width character folded, no spaces at all."""
    text = unicodedata.normalize("NFKC", cell_text(value).translate(_INVISIBLE))
    return _SPACES.sub("", text)


_MALE = {"男", "男性", "男子", "m", "male", "man", "boy", "1", "男生"}
_FEMALE = {"女", "女性", "女子", "f", "female", "woman", "girl", "2", "女生"}


def parse_gender(value: object) -> Gender | None:
    """性别 as 男/女, M/F, male/female (any case), or the GB/T 2261.1 codes 1/2."""
    text = _compat(value).lower()
    if not text:
        return None
    if text in _MALE:
        return Gender.MALE
    if text in _FEMALE:
        return Gender.FEMALE
    raise BadCell(f"无法识别的性别“{clean_text(value)}”（应为男/女）",
                  f"unknown gender '{clean_text(value)}' (expected M/F)")


_INT = re.compile(r"^[+-]?\d+(?:\.0+)?$")


def _styled_digit(ch: str) -> bool:
    """A digit written as a superscript, a subscript or in a circle (¹, ₂, ③)."""
    return unicodedata.decomposition(ch).startswith(("<super>", "<sub>", "<circle>")) and (
        unicodedata.numeric(ch, None) is not None)


def parse_int(value: object, what_zh: str, what_en: str) -> int | None:
    """A whole number (积分, 胜局, 名次, 序号): full-width digits, thousands commas, a unit
    suffix (分/局/名/胜) and rank marks (第3名, 并列3, 3=) are accepted."""
    if value is None:
        return None
    if isinstance(value, bool):
        raise BadCell(f"{what_zh}应为整数", f"{what_en} must be a whole number")
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if value.is_integer() and abs(value) < 1e15:
            return int(value)
        raise BadCell(f"{what_zh}应为整数：{cell_text(value)}",
                      f"{what_en} must be a whole number: {cell_text(value)}")
    if any(_styled_digit(ch) for ch in str(value)):
        # ¹²³, ₁, ①: compatibility forms that normalise to digits, but no list writes a
        # number so; most likely a footnote mark or a damaged cell. Refused, not guessed.
        raise BadCell(f"{what_zh}应为整数（含上标、下标或带圈数字）：{clean_text(value)[:40]}",
                      f"{what_en} must be a whole number (it has superscript, subscript or"
                      f" circled digits): {clean_text(value)[:40]}")
    text = _compat(value).replace(",", "")
    if not text or text in {"-", "--", "/", "无"}:
        return None
    text = re.sub(r"^(?:第|并列)+", "", text)
    text = re.sub(r"(?:分|局|名|胜|盘|=|\(并列\)|并列)+$", "", text)
    if not _INT.match(text) or len(text) > 15:
        shown = clean_text(value)
        shown = shown if len(shown) <= 40 else f"{shown[:40]}…（{len(shown)} 字符 / characters）"
        raise BadCell(f"{what_zh}应为整数：{shown}", f"{what_en} must be a whole number: {shown}")
    return int(float(text)) if "." in text else int(text)


@dataclass(frozen=True)
class ParsedDate:
    """A date read from a cell; `day_missing` when only year and month were given (出生年月)."""

    date: dt.date
    day_missing: bool = False


_EXCEL_EPOCH = dt.date(1899, 12, 30)
_YMD = re.compile(r"^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})[日号]?$")
_YMD_COMPACT = re.compile(r"^(\d{4})(\d{2})(\d{2})$")
_YM = re.compile(r"^(\d{4})[-/.年](\d{1,2})月?$")
_YM_COMPACT = re.compile(r"^(\d{4})(\d{2})$")
_DMY_OR_MDY = re.compile(r"^(\d{1,2})/(\d{1,2})/(\d{4})$")
_TIME_PART = re.compile(r"^(.*\S)[T\s]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?$")


def excel_serial_date(serial: float) -> dt.date:
    """An Excel (1900 system) date serial as a date: 40179 is 2010-01-01."""
    if serial != serial or not 1 <= serial < 2958466:
        raise BadCell(f"日期序号超出范围：{cell_text(serial)}",
                      f"date serial out of range: {cell_text(serial)}")
    whole = int(serial)
    if whole == 60:  # Excel's 1900-02-29, a day that never was
        raise BadCell("日期无效：1900-02-29", "invalid date: 1900-02-29")
    if whole < 60:
        whole += 1
    return _EXCEL_EPOCH + dt.timedelta(days=whole)


def _make_date(year: int, month: int, day: int, raw: str) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise BadCell(f"日期无效：{raw}", f"invalid date: {raw}") from None


def parse_date(value: object) -> ParsedDate | None:
    """出生日期 in the forms lists use: 2010-01-01, 2010/1/1, 20100101, 2010年1月1日, 2010.1.1,
    an Excel date serial (number) or a date/datetime cell; 2010-01 / 2010年1月 (出生年月) give
    the 1st of the month with `day_missing` set."""
    if value is None:
        return None
    if isinstance(value, dt.datetime):
        return ParsedDate(value.date())
    if isinstance(value, dt.date):
        return ParsedDate(value)
    if isinstance(value, bool):
        raise BadCell("日期无效", "invalid date")
    if isinstance(value, int | float):
        return _date_of_number(value)
    return _date_of_text(clean_text(value))


def _date_of_number(value: int | float) -> ParsedDate | None:
    """A number cell: a whole number is read as its digits (20100101, or an Excel serial); a
    fraction is a datetime serial with a time of day."""
    if isinstance(value, float) and not value.is_integer():
        value_text = cell_text(value)
        if 1 <= value < 2958466:
            return ParsedDate(excel_serial_date(value))
        raise BadCell(f"日期无效：{value_text}", f"invalid date: {value_text}")
    return parse_date(str(int(value)))


def _date_of_text(raw: str) -> ParsedDate | None:
    spaced = unicodedata.normalize("NFKC", raw)
    timed = _TIME_PART.match(spaced)
    if timed and any(c in timed.group(1) for c in "-/.年"):
        spaced = timed.group(1)
    text = _SPACES.sub("", spaced)
    if not text:
        return None
    for pattern in (_YMD, _YMD_COMPACT):
        match = pattern.match(text)
        if match:
            year, month, day = (int(g) for g in match.groups())
            return ParsedDate(_make_date(year, month, day, raw))
    match = _DMY_OR_MDY.match(text)
    if match:
        return ParsedDate(_day_or_month_first(match, raw))
    for pattern in (_YM, _YM_COMPACT):
        match = pattern.match(text)
        if match:
            year, month = (int(g) for g in match.groups())
            return ParsedDate(_make_date(year, month, 1, raw), day_missing=True)
    if text.isdigit() and len(text) == 4:
        raise BadCell(f"只有年份，缺少月日：{raw}", f"year only, month and day missing: {raw}")
    if text.isdigit() and len(text) <= 7:
        return ParsedDate(excel_serial_date(int(text)))
    raise BadCell(f"无法识别的日期：{raw}", f"unrecognised date: {raw}")


def _day_or_month_first(match: re.Match[str], raw: str) -> dt.date:
    """`d/m/yyyy` or `m/d/yyyy`: read only when one of the two cannot be a month."""
    first, second, year = (int(g) for g in match.groups())
    if first > 12 >= second:
        return _make_date(year, second, first, raw)
    if second > 12 >= first:
        return _make_date(year, first, second, raw)
    raise BadCell(f"日期的月和日无法区分：{raw}（请写作 年-月-日）",
                  f"ambiguous day and month: {raw} (write year-month-day)")


_PHONE_SEPARATORS = re.compile(r"[-()（）+ ]")


def clean_phone(value: object) -> tuple[str, bool]:
    """手机/电话 without separators; the flag says whether it looks like a Chinese mobile
    (11 digits starting with 1, optional +86) or landline number (7-12 digits)."""
    text = _compat(value)
    if not text:
        return "", True
    digits = _PHONE_SEPARATORS.sub("", text)
    if digits.startswith("86") and len(digits) == 13:
        digits = digits[2:]
    plausible = digits.isdigit() and (
        (len(digits) == 11 and digits.startswith("1")) or 7 <= len(digits) <= 12
    )
    return (digits if digits.isdigit() else clean_text(value)), plausible
