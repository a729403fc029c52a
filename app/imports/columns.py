"""Column headers of qualifier lists (表头识别): the known fields, their Chinese and English
aliases, and finding the header row below titles and merged title cells."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from app.imports.text import cell_text


class Field(StrEnum):
    """The fields a qualifier row can carry (the `QualifierRow` attribute of the same name)."""

    SEQ = "seq"  # 序号
    RANK = "rank"  # 排名/名次
    NAME = "name"  # 姓名
    GENDER = "gender"  # 性别
    BIRTH_DATE = "birth_date"  # 出生日期
    ID_NUMBER = "id_number"  # 身份证号
    UNIT = "unit"  # 单位/代表队
    PLATFORM_ID = "platform_id"  # 平台ID
    POINTS = "points"  # 积分
    WINS = "wins"  # 胜局
    GROUP = "group"  # 组别
    GRADE = "grade"  # 段位/等级
    SOURCE = "source"  # 来源
    PHONE = "phone"  # 手机/电话
    STATUS = "status"  # 状态 (弃赛 marks a withdrawal)


_ALIASES: dict[Field, tuple[str, ...]] = {
    Field.SEQ: ("序号", "编号", "no", "no.", "#", "seq", "序"),
    Field.RANK: ("排名", "名次", "rank", "ranking", "place", "最终排名", "总排名", "积分排名", "排位"),
    Field.NAME: ("姓名", "名字", "name", "选手姓名", "棋手姓名", "选手", "棋手", "真实姓名",
                 "运动员", "运动员姓名", "fullname", "playername"),
    Field.GENDER: ("性别", "gender", "sex"),
    Field.BIRTH_DATE: ("出生日期", "出生年月", "出生年月日", "生日", "birthdate", "birthday",
                       "dateofbirth", "dob", "birth"),
    Field.ID_NUMBER: ("身份证号", "证件号", "身份证", "身份证号码", "证件号码", "idnumber",
                      "idcard", "idno", "公民身份号码"),
    Field.UNIT: ("单位", "代表队", "俱乐部", "学校", "unit", "team", "club", "school",
                 "所属单位", "参赛单位", "代表单位", "队名", "队伍", "所在学校"),
    Field.PLATFORM_ID: ("平台id", "弈客id", "弈战id", "platformid", "yikeid", "用户id", "uid",
                        "userid", "账号", "平台账号", "弈客账号", "弈战账号", "弈客号", "弈战号",
                        "id", "选手id", "棋手id", "账号id", "会员id", "用户名"),
    Field.POINTS: ("积分", "points", "score", "总积分", "得分", "总分", "大分", "月积分", "分数"),
    Field.WINS: ("胜局", "wins", "胜局数", "胜场", "胜", "胜数", "胜场数", "胜盘",
                   "胜盘数"),
    Field.GROUP: ("组别", "group", "组", "参赛组别", "division", "category"),
    Field.GRADE: ("段位", "等级", "grade", "段级位", "等级称号", "段级", "level", "棋力"),
    Field.SOURCE: ("来源", "source", "晋级方式", "资格来源", "晋级途径", "route"),
    Field.PHONE: ("手机", "电话", "phone", "mobile", "手机号", "联系电话", "手机号码", "tel", "联系方式"),
    Field.STATUS: ("状态", "status", "参赛状态"),
}

_BRACKETS = re.compile(r"[(\[（【][^)\]）】]*[)\]）】]")
_NOISE = re.compile(r"[\s_\-*:：]+")


def header_key(value: object) -> str:
    """A header cell reduced for matching: NFKC, lower case, no spaces, no bracketed remark
    ("积分（分）" and "Name *" match "积分" and "name")."""
    text = unicodedata.normalize("NFKC", cell_text(value)).lower()
    text = _BRACKETS.sub("", text)
    return _NOISE.sub("", text)


_LOOKUP: dict[str, Field] = {
    header_key(alias): field for field, aliases in _ALIASES.items() for alias in aliases
}


def field_of(header: object) -> Field | None:
    """The field a header names, or None for a column kept as a note. A header joining two
    aliases of one field ("学校/单位", "姓名 Name") names that field."""
    key = header_key(header)
    found = _LOOKUP.get(key)
    if found is not None or not key:
        return found
    parts = {_LOOKUP.get(part) for part in re.split(r"[/、|\\]", key) if part}
    if len(parts) == 1:
        return parts.pop()
    return None


@dataclass(frozen=True)
class Header:
    """The header row of a table: where it is and what each column holds.

    `fields[i]` is the field of column i (None: kept as a note under `titles[i]`); a second
    column naming a field already taken is kept as a note too and listed in `repeated`.
    """

    row_index: int
    titles: tuple[str, ...]
    fields: tuple[Field | None, ...]
    repeated: tuple[int, ...]

    def column(self, field: Field) -> int | None:
        try:
            return self.fields.index(field)
        except ValueError:
            return None


def make_header(row_index: int, cells: Sequence[object]) -> Header:
    titles: list[str] = []
    fields: list[Field | None] = []
    repeated: list[int] = []
    for i, cell in enumerate(cells):
        titles.append(cell_text(cell).strip() or f"列{i + 1}")
        field = field_of(cell)
        if field is not None and field in fields:
            repeated.append(i)
            field = None
        fields.append(field)
    return Header(row_index, tuple(titles), tuple(fields), tuple(repeated))


def find_header(rows: Sequence[Sequence[object]], scan: int = 30) -> Header | None:
    """The header row among the first `scan` rows: the one naming the most known fields, at
    least two of them and a name column (titles and merged title cells above it are skipped)."""
    best: Header | None = None
    best_score = 1
    for index, cells in enumerate(rows[:scan]):
        fields = {field_of(cell) for cell in cells} - {None}
        if Field.NAME not in fields:
            continue
        if len(fields) > best_score:
            best, best_score = make_header(index, cells), len(fields)
    return best
