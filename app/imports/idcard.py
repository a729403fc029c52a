"""Resident ID numbers (居民身份证号码) after GB 11643-1999: the 18-digit form with its ISO 7064
MOD 11-2 check digit, and the old 15-digit form; the birth date and gender they encode.

18 digits: 6 address code, 8 birth date YYYYMMDD, 3 sequence (odd = male, even = female), 1
check character (0-9 or X). 15 digits (before 1999): 6 address, 6 birth date YYMMDD in the
1900s, 3 sequence (odd = male).
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from dataclasses import dataclass

from app.imports.text import BadCell, Gender, cell_text

_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)
_CHECK_CHARS = "10X98765432"
_DIGITS_X = re.compile(r"^\d+[X]?$")
_SCIENTIFIC = re.compile(r"^\d(?:\.\d+)?E\+?\d+$")


@dataclass(frozen=True)
class IdNumber:
    """A checked mainland ID number with what it encodes (None fields for other documents)."""

    number: str
    birth_date: dt.date | None = None
    gender: Gender | None = None
    mainland: bool = True

    @property
    def key(self) -> str:
        """The number that identifies the person: old 15-digit numbers in their 18-digit form."""
        if self.mainland and len(self.number) == 15:
            return upgrade15(self.number)
        return self.number


def check_digit(first17: str) -> str:
    """The GB 11643 check character of the first 17 digits."""
    total = sum(int(d) * w for d, w in zip(first17, _WEIGHTS, strict=True))
    return _CHECK_CHARS[total % 11]


def normalise_id(value: object) -> str:
    """Full-width digits, spaces and a lower-case x tidied: "１１０１ ... x" is "1101...X"."""
    text = cell_text(value)
    text = unicodedata.normalize("NFKC", text)
    return re.sub(r"[\s\-]", "", text).upper()


def parse_id_number(value: object) -> IdNumber | None:
    """Read and check an ID number (身份证号/证件号).

    A value made of digits (with a final X) must be a valid 15- or 18-digit number: a wrong
    length, an impossible birth date or a wrong check digit raise `BadCell`. Anything else
    (passports, Hong Kong/Macau/Taiwan permits) is kept as `mainland=False`, unchecked.
    """
    if isinstance(value, float) and (not value.is_integer() or abs(value) >= 1e15):
        raise BadCell(
            "证件号被 Excel 存成了数字，末几位已丢失；请把该列设为文本后重新输入",
            "the ID number was stored by Excel as a number and lost its last digits; "
            "format the column as text and enter it again",
        )
    number = normalise_id(value)
    if not number:
        return None
    if _SCIENTIFIC.match(number):
        raise BadCell(
            f"证件号被 Excel 显示为科学计数法（{number}），末几位已丢失；请把该列设为文本后重新输入",
            f"the ID number was turned by Excel into {number} and lost digits; "
            "format the column as text and enter it again",
        )
    if not _DIGITS_X.match(number):
        return IdNumber(number, mainland=False)
    if len(number) == 18:
        return _parse18(number)
    if len(number) == 15 and number.isdigit():
        return _parse15(number)
    raise BadCell(f"身份证号应为18位（或旧版15位），此处为{len(number)}位：{number}",
                  f"an ID number has 18 (or old 15) digits, this one has {len(number)}: {number}")


def _birth(number: str, year: int, month: int, day: int) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError:
        raise BadCell(f"身份证号中的出生日期无效：{number}",
                      f"the birth date inside the ID number is invalid: {number}") from None


def _parse18(number: str) -> IdNumber:
    if not number[:17].isdigit():
        raise BadCell(f"身份证号格式错误：{number}", f"malformed ID number: {number}")
    born = _birth(number, int(number[6:10]), int(number[10:12]), int(number[12:14]))
    expected = check_digit(number[:17])
    if number[17] != expected:
        raise BadCell(
            f"身份证号校验位错误：{number}（末位应为 {expected}）",
            f"wrong check digit in ID number {number} (the last character should be {expected})",
        )
    gender = Gender.MALE if int(number[16]) % 2 else Gender.FEMALE
    return IdNumber(number, born, gender)


def _parse15(number: str) -> IdNumber:
    born = _birth(number, 1900 + int(number[6:8]), int(number[8:10]), int(number[10:12]))
    gender = Gender.MALE if int(number[14]) % 2 else Gender.FEMALE
    return IdNumber(number, born, gender)


def upgrade15(number: str) -> str:
    """The 18-digit form of an old 15-digit number (century 19 inserted, check digit added)."""
    first17 = number[:6] + "19" + number[6:]
    return first17 + check_digit(first17)
