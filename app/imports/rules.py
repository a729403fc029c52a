"""Merge rules for qualifier lists (晋级办法) and eligibility (参赛资格), as plain data that
presets store as JSON (`to_dict` / `from_dict`).

The regulations this models:
- yike 2022 (2022-national-online-open-yike.txt, 七(一)(1)5): monthly leaderboard top 50;
  equal points -> more wins first, still equal -> shared (并列); a repeat qualifier takes one
  place and the next moves up (后续晋级名额顺延); a withdrawal is not replaced (不顺延);
  七(一)(3)1: qualifying by several routes counts once, 不顺延; 七(一)(3)2: last year's 32
  finalists invited.
- qiwang 2022 (2022-qiwang-championship-shaoxing.txt, 十二(二)1): eight periods, top 10 each;
  equal points -> more wins, still equal -> all qualify (并列一同晋级); 十二(四)1 wildcards (外卡).
- mind games 2016 (2016-national-online-mind-games.txt, 八(一)4 and 八(二)3): top 100 / top 10,
  a qualifier who declines is replaced by the next (依次顺延); 六(一) seeded top 3 of 2016.
- shenzhen 2022 (2022-shenzhen-championship.txt, 五 and 八(三)): top 4 of each online group and
  of the 深圳杯 专业 group, 5th-8th reserves (轮候替补), at most 48 finalists; juniors born on
  or after 2010-01-01.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from app.errors import UserError
from app.imports.text import Gender


class ListKind(StrEnum):
    """How a list earns its places."""

    QUALIFIER = "qualifier"  # 晋级名单 (online stage, leaderboard)
    WILDCARD = "wildcard"  # 外卡
    INVITED = "invited"  # 邀请 / 受邀
    SEEDED = "seeded"  # 种子 / 直接晋级 (last year's places)


class TieRule(StrEnum):
    """Who qualifies when players at the quota edge are level."""

    # 积分相同胜局多者列前，仍相同则并列一同晋级 (yike 七(一)(1)5, qiwang 十二(二)1)
    WINS_THEN_SHARED = "wins_then_shared"
    # equal 名次 in the list's rank column all qualify (shared places already decided)
    SHARED_RANK = "shared_rank"
    # the list's order is final (ties already broken by the organiser: 2016 用时, playoffs)
    LIST_ORDER = "list_order"


@dataclass(frozen=True)
class ListRule:
    """How one kind of list is taken (one rule may serve several files, e.g. eight periods).

    `label` is matched against a row's 来源, else its list's source, else the title above
    the list's header (see `MergeRules.rule_for`): equal, else the longest label the source starts with, else the
    longest label inside it. `quota` None: everyone on the list.
    `pass_down` (顺延): a person already qualified by an earlier list (or earlier on this one)
    does not use up a place, so the next in line moves up; False (不顺延): the place is spent.
    `replace_withdrawn`: a place left by a withdrawal (弃赛) or an ineligible row is given to
    the next in line (2016: 依次顺延); False (yike: 如晋级选手弃赛，不顺延): it stays empty.
    """

    label: str
    quota: int | None = None
    pass_down: bool = True
    replace_withdrawn: bool = False
    tie: TieRule = TieRule.WINS_THEN_SHARED
    kind: ListKind = ListKind.QUALIFIER

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "quota": self.quota,
            "pass_down": self.pass_down,
            "replace_withdrawn": self.replace_withdrawn,
            "tie": self.tie.value,
            "kind": self.kind.value,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ListRule:
        _require_mapping(data, "list rule")
        _only_keys(data, {"label", "quota", "pass_down", "replace_withdrawn", "tie", "kind"},
                   "list rule")
        label = data.get("label")
        if not isinstance(label, str) or not label.strip():
            raise _bad("label", "名单规则需要非空的名称", "a list rule needs a non-empty label")
        quota = data.get("quota")
        if quota is not None and (isinstance(quota, bool) or not isinstance(quota, int)
                                  or quota < 1):
            raise _bad("quota", f"名额应为正整数或 null：{quota!r}",
                       f"quota must be a positive whole number or null: {quota!r}")
        return cls(
            label=label.strip(),
            quota=quota,
            pass_down=_bool(data, "pass_down", True),
            replace_withdrawn=_bool(data, "replace_withdrawn", False),
            tie=_enum(TieRule, data, "tie", TieRule.WINS_THEN_SHARED),
            kind=_enum(ListKind, data, "kind", ListKind.QUALIFIER),
        )


@dataclass(frozen=True)
class MergeRules:
    """The lists of one group in the regulation's order, and the cap on finalists.

    Lists are merged rule by rule in this order (and, within one rule, in the order the
    files are given), so a person on several lists is taken by the earliest. With no rules,
    every list is taken whole, in the order given. `max_entrants` (shenzhen 五: 不超过48人)
    only warns when exceeded: who gives way is the arbiters' decision.
    """

    lists: tuple[ListRule, ...] = ()
    max_entrants: int | None = None

    def rule_for(self, source: str) -> ListRule | None:
        """The rule whose label equals `source`; else the longest label `source` starts with
        ("入围赛" serves "入围赛第3期"); else the longest label found inside it ("月榜" serves
        the file name "2022年5月月榜")."""
        for rule in self.lists:
            if rule.label == source:
                return rule
        for test in (source.startswith, source.__contains__):
            found = [rule for rule in self.lists if test(rule.label)]
            if found:
                return max(found, key=lambda rule: len(rule.label))
        return None

    def to_dict(self) -> dict[str, Any]:
        return {
            "lists": [rule.to_dict() for rule in self.lists],
            "max_entrants": self.max_entrants,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> MergeRules:
        _require_mapping(data, "merge rules")
        _only_keys(data, {"lists", "max_entrants"}, "merge rules")
        lists = data.get("lists", [])
        if not isinstance(lists, list | tuple):
            raise _bad("lists", "lists 应为数组", "lists must be an array")
        rules = tuple(ListRule.from_dict(item) for item in lists)
        labels = [rule.label for rule in rules]
        if len(set(labels)) != len(labels):
            raise _bad("lists", "名单规则的名称重复", "two list rules share a label")
        cap = data.get("max_entrants")
        if cap is not None and (isinstance(cap, bool) or not isinstance(cap, int) or cap < 1):
            raise _bad("max_entrants", f"人数上限应为正整数或 null：{cap!r}",
                       f"max_entrants must be a positive whole number or null: {cap!r}")
        return cls(rules, cap)


@dataclass(frozen=True)
class Eligibility:
    """Who may play in a group (参赛资格): gender and a birth-date window, both ends included.

    qiwang 十二(四)3: 少儿组 born 2008-09-01..2017-08-31; shenzhen 八(三)3-4: 少年组 born
    2010-01-01 or later; women's groups (女子组) gender F. `label` names the rule in messages.
    """

    label: str = ""
    gender: Gender | None = None
    born_from: dt.date | None = None
    born_to: dt.date | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "label": self.label,
            "gender": self.gender.value if self.gender else None,
            "born_from": self.born_from.isoformat() if self.born_from else None,
            "born_to": self.born_to.isoformat() if self.born_to else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Eligibility:
        _require_mapping(data, "eligibility")
        _only_keys(data, {"label", "gender", "born_from", "born_to"}, "eligibility")
        label = data.get("label", "")
        if not isinstance(label, str):
            raise _bad("label", "label 应为文字", "label must be text")
        gender = data.get("gender")
        if gender is not None and gender not in ("M", "F"):
            raise _bad("gender", f"性别应为 M、F 或 null：{gender!r}",
                       f"gender must be M, F or null: {gender!r}")
        eligibility = cls(
            label=label,
            gender=Gender(gender) if gender else None,
            born_from=_iso_date(data, "born_from"),
            born_to=_iso_date(data, "born_to"),
        )
        if eligibility.born_from and eligibility.born_to and (
            eligibility.born_from > eligibility.born_to
        ):
            raise _bad("born_from", "出生日期范围的起点晚于终点",
                       "the birth-date window starts after it ends")
        return eligibility

    def describe(self) -> tuple[str, str]:
        """The rule in words, e.g. ("少儿组：2008-09-01 至 2017-08-31 出生", ...)."""
        zh: list[str] = []
        en: list[str] = []
        if self.gender is not None:
            zh.append(f"限{self.gender.zh}性")
            en.append("women only" if self.gender is Gender.FEMALE else "men only")
        if self.born_from and self.born_to:
            zh.append(f"{self.born_from} 至 {self.born_to} 出生")
            en.append(f"born {self.born_from} to {self.born_to}")
        elif self.born_from:
            zh.append(f"{self.born_from} 及以后出生")
            en.append(f"born on or after {self.born_from}")
        elif self.born_to:
            zh.append(f"{self.born_to} 及以前出生")
            en.append(f"born on or before {self.born_to}")
        prefix = f"{self.label}：" if self.label else ""
        prefix_en = f"{self.label}: " if self.label else ""
        return prefix + "，".join(zh), prefix_en + ", ".join(en)


def _bad(key: str, zh: str, en: str) -> UserError:
    return UserError(zh, en, key)


def _require_mapping(data: object, what: str) -> None:
    if not isinstance(data, Mapping):
        raise UserError(f"{what} 应为对象", f"{what} must be an object")


def _only_keys(data: Mapping[str, Any], allowed: set[str], what: str) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise UserError(f"{what} 中有未知的键：{', '.join(unknown)}",
                        f"unknown keys in {what}: {', '.join(unknown)}")


def _bool(data: Mapping[str, Any], key: str, default: bool) -> bool:
    value = data.get(key, default)
    if not isinstance(value, bool):
        raise _bad(key, f"{key} 应为 true 或 false", f"{key} must be true or false")
    return value


def _enum(kind: type[Any], data: Mapping[str, Any], key: str, default: Any) -> Any:
    value = data.get(key, default.value)
    try:
        return kind(value)
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise _bad(key, f"{key} 应为 {allowed} 之一：{value!r}",
                   f"{key} must be one of {allowed}: {value!r}") from None


def _iso_date(data: Mapping[str, Any], key: str) -> dt.date | None:
    value = data.get(key)
    if value is None:
        return None
    try:
        return dt.date.fromisoformat(value)
    except (TypeError, ValueError):
        raise _bad(key, f"{key} 应为 YYYY-MM-DD 日期：{value!r}",
                   f"{key} must be a YYYY-MM-DD date: {value!r}") from None
