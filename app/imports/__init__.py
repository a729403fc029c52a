"""Qualifier lists (晋级名单): read CSV/XLSX, map columns, validate, merge.

Pure Python (no Qt, no SQLAlchemy). The service layer reads each file with `read_list`,
merges them with `merge` under a preset's `MergeRules` and a group's `Eligibility`, shows
`MergeResult.problems` row by row, then writes every entrant, only `valid_entrants`
(--valid-only), or nothing. Only a file that cannot be read at all raises `UserError`.

Public API
----------
read_list(path: Path, source: str | None = None) -> ParsedList
    Read one CSV (UTF-8 with/without BOM, UTF-16, GBK/GB18030; comma, tab or semicolon) or
    XLSX file; the header row is found below titles and merged title cells by its known
    headers (`columns.py` lists the Chinese and English aliases). `source` labels the list;
    default: a 来源 column shared by all rows, else the file name without extension.
merge(lists: Sequence[ParsedList], rules: MergeRules,
      eligibility: Eligibility | Mapping[str, Eligibility] | None = None) -> MergeResult
    One place per person (same ID number; without one, same name and platform id), lists
    in the order of `rules.lists` (then in the order given), a quota per list, source and
    组别, 顺延 / 不顺延, ties at the quota edge, eligibility with the failing rule named.
    A row's rule: the `ListRule` whose label equals, starts or is found inside the row's
    来源, else the list's source (file name), else the title above the header; with a
    single rule, that rule; with no rules, every list is taken whole.
    `eligibility` is one rule for every row, or one per event group name (matched to the
    rows' 组别 by `group_for`).
read_and_merge(paths: Sequence[Path], rules: MergeRules, eligibility=None,
               sources: Sequence[str | None] | None = None) -> tuple[tuple[ParsedList, ...],
                                                                     MergeResult]
    Read every file first (UserError before anything else for an unreadable one), then merge.
group_for(written: str, names: Iterable[str]) -> str | None
    The event group a list's 组别 means: same name (spaces, full-width ignored), else the
    longest name inside it ("男子少年组（专业规则）" -> "男子少年组").

Data (all frozen dataclasses)
-----------------------------
ParsedList: file, source, rows: tuple[QualifierRow], problems: tuple[Problem], columns,
    header_row, title, encoding, sheet; `has_errors`, `valid_rows`.
QualifierRow: file, row_number, name, gender (Gender.MALE "M" / Gender.FEMALE "F" / None),
    birth_date (date | None), id_number, unit, platform_id, points, wins, rank, seq (int |
    None), group, grade, source, phone (str, "" when empty), withdrawn (bool), notes
    (tuple of (header, value) for unknown columns), valid (no error on the row), id_key.
Problem: file, row (int | None), column (header text or ""), severity (Severity.ERROR /
    WARNING), zh, en; `format()` -> "file:row:column: zh / en"; `to_dict()`.
MergeRules(lists: tuple[ListRule, ...] = (), max_entrants: int | None = None)
ListRule(label, quota: int | None = None, pass_down: bool = True,
    replace_withdrawn: bool = False, tie: TieRule = WINS_THEN_SHARED, kind: ListKind =
    QUALIFIER); TieRule: wins_then_shared | shared_rank | list_order; ListKind: qualifier |
    wildcard | invited | seeded.
Eligibility(label: str = "", gender: Gender | None = None, born_from: date | None = None,
    born_to: date | None = None)
MergeResult: entrants: tuple[Entrant], left_out: tuple[LeftOut], problems: tuple[Problem];
    `has_errors`, `valid_entrants`, `reserves`.
Entrant: row, rule (label), kind, source, place, route (Route: quota | moved_up | tie |
    whole_list), also_on (where the person was found again), valid.
LeftOut: row, reason (LeftOutReason: duplicate | below_quota | withdrawn | ineligible |
    id_conflict | no_rule), rule, zh, en, taken_at.

JSON shapes (`to_dict` / `from_dict`; `from_dict` raises UserError on a bad shape)
--------------------------------------------------------------------------------
MergeRules: {"lists": [{"label": "月榜", "quota": 50, "pass_down": true,
              "replace_withdrawn": false, "tie": "wins_then_shared", "kind": "qualifier"},
             ...], "max_entrants": null}
Eligibility: {"label": "少儿组", "gender": null, "born_from": "2008-09-01",
              "born_to": "2017-08-31"}
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from app.imports.groups import group_for
    from app.imports.merge import Entrant, LeftOut, LeftOutReason, MergeResult, Route, merge
    from app.imports.model import ParsedList, QualifierRow
    from app.imports.parse import read_list
    from app.imports.pipeline import read_and_merge
    from app.imports.problems import Problem, Severity
    from app.imports.rules import Eligibility, ListKind, ListRule, MergeRules, TieRule
    from app.imports.text import Gender

# The public names and the module each lives in, loaded on first use: a group's settings
# import `app.imports.rules` (and so this package) on every command, which needs neither the
# readers (CSV, XLSX) nor the merge (issue 28).
_HOME = {
    "group_for": "groups",
    **dict.fromkeys(("Entrant", "LeftOut", "LeftOutReason", "MergeResult", "Route", "merge"),
                    "merge"),
    "ParsedList": "model",
    "QualifierRow": "model",
    "read_list": "parse",
    "read_and_merge": "pipeline",
    "Problem": "problems",
    "Severity": "problems",
    **dict.fromkeys(("Eligibility", "ListKind", "ListRule", "MergeRules", "TieRule"), "rules"),
    "Gender": "text",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"app.imports.{home}"), name)


class _Package(types.ModuleType):
    """This package, whose `merge` is always the function: importing the submodule of that
    name (as `pipeline` does) would otherwise set the package's `merge` to the submodule."""

    @property
    def merge(self) -> Any:
        return importlib.import_module("app.imports.merge").merge

    @merge.setter
    def merge(self, _submodule: Any) -> None:
        pass  # the import system naming the submodule: the function stays


sys.modules[__name__].__class__ = _Package


__all__ = [
    "Eligibility",
    "Entrant",
    "Gender",
    "LeftOut",
    "LeftOutReason",
    "ListKind",
    "ListRule",
    "MergeResult",
    "MergeRules",
    "ParsedList",
    "Problem",
    "QualifierRow",
    "Route",
    "Severity",
    "TieRule",
    "group_for",
    "merge",
    "read_and_merge",
    "read_list",
]
