"""Merging qualifier lists into the finalists of one group (合并晋级名单), by the regulation's
rules: lists in order, one place per person, 顺延 / 不顺延, ties at the quota edge, wildcards,
eligibility. See `app.imports.rules` for the clauses each rule stands for.

A person is the same person on two rows when the ID numbers agree; where either row has no
ID number, when name AND platform id agree (DOMAIN.md "Qualifier lists"; yike 七(一)(3)1:
多次获得资格只取一次). Same-name rows without that evidence stay different people. One ID
number under two different names (邓坚 / 钱多多) is no evidence of anything but a mistake: every
row carrying it is refused with an error naming the others (file and row), and nothing is
imported from them until the lists are put right.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from app.imports.groups import group_for
from app.imports.model import ParsedList, QualifierRow
from app.imports.problems import Problem, error, warning
from app.imports.rules import Eligibility, ListKind, ListRule, MergeRules, TieRule


class Route(StrEnum):
    """How an entrant got a place."""

    QUOTA = "quota"  # inside the quota (名额内)
    MOVED_UP = "moved_up"  # took a place passed down (顺延递补)
    TIE = "tie"  # level with the last place at the quota edge (并列晋级)
    WHOLE_LIST = "whole_list"  # a list without quota: wildcard, invited, seeded


class LeftOutReason(StrEnum):
    """Why a row did not give a place."""

    DUPLICATE = "duplicate"  # 重复晋级: already taken by an earlier list or row
    BELOW_QUOTA = "below_quota"  # 名额之外 (in list order: the reserves, 候补)
    WITHDRAWN = "withdrawn"  # 弃赛
    INELIGIBLE = "ineligible"  # 不符合参赛资格
    ID_CONFLICT = "id_conflict"  # 身份证号相同而姓名不同: refused until the lists are right
    NO_RULE = "no_rule"  # no merge rule for the list's source


@dataclass(frozen=True)
class Entrant:
    """One finalist: the row that gave the place, the rule that took it and how.

    `place` is the row's position in its list once ordered (1 = top); `also_on` lists the
    "file:row" of the same person's later rows that were left out as duplicates. `valid` is
    False when the row has an error (the service may leave it out with --valid-only).
    """

    row: QualifierRow
    rule: str
    kind: ListKind
    source: str
    place: int
    route: Route
    also_on: tuple[str, ...] = ()
    valid: bool = True


@dataclass(frozen=True)
class LeftOut:
    """A row that gave no place, why, and (for duplicates) where the person was taken."""

    row: QualifierRow
    reason: LeftOutReason
    rule: str
    zh: str
    en: str
    taken_at: str = ""


@dataclass(frozen=True)
class MergeResult:
    """Entrants in merge order, rows left out, and every problem of the lists and the merge
    (each list's problems, its own merge problems after them, lists in the order given)."""

    entrants: tuple[Entrant, ...]
    left_out: tuple[LeftOut, ...]
    problems: tuple[Problem, ...]

    @property
    def has_errors(self) -> bool:
        return any(problem.is_error for problem in self.problems)

    @property
    def valid_entrants(self) -> tuple[Entrant, ...]:
        return tuple(entrant for entrant in self.entrants if entrant.valid)

    @property
    def reserves(self) -> tuple[LeftOut, ...]:
        """Rows below the quota, in list order (shenzhen 五: 第5-8名轮候替补)."""
        return tuple(item for item in self.left_out if item.reason is LeftOutReason.BELOW_QUOTA)


@dataclass
class _Taken:
    """A finalist while merging (private and mutable: `also_on` grows)."""

    row: QualifierRow
    rule: ListRule
    source: str
    place: int
    route: Route
    also_on: list[str] = field(default_factory=list)


@dataclass
class _Merger:
    """The running state of one merge."""

    rules: MergeRules
    eligibility: Eligibility | Mapping[str, Eligibility] | None
    taken: list[_Taken] = field(default_factory=list)
    by_id: dict[str, int] = field(default_factory=dict)
    by_name_platform: dict[tuple[str, str], int] = field(default_factory=dict)
    by_name: dict[str, list[int]] = field(default_factory=dict)
    left_out: list[LeftOut] = field(default_factory=list)
    problems: dict[str, list[Problem]] = field(default_factory=dict)
    conflicts: dict[tuple[str, int], tuple[str, str]] = field(default_factory=dict)

    def report(self, problem: Problem) -> None:
        self.problems.setdefault(problem.file, []).append(problem)

    # -- identity ---------------------------------------------------------------------------
    def same_person(self, row: QualifierRow) -> _Taken | None:
        """The finalist this row is, if any (ID number first; else name and platform id)."""
        if row.id_key and row.id_key in self.by_id:  # one name: rows of two names are refused
            return self.taken[self.by_id[row.id_key]]
        key = (row.name, row.platform_id)
        if row.name and row.platform_id and key in self.by_name_platform:
            found = self.taken[self.by_name_platform[key]]
            if not (found.row.id_key and row.id_key):
                return found
            self.report(warning(
                row.file, row.row_number, "",
                f"与 {found.row.where} 姓名和平台ID相同但身份证号不同，按不同的人处理",
                f"same name and platform id as {found.row.where} but another ID number; "
                "taken as different people",
            ))
        for index in self.by_name.get(row.name, []):
            other = self.taken[index].row
            undecided = not (other.id_key and row.id_key) and not (
                other.platform_id and row.platform_id
            )
            if undecided:
                self.report(warning(
                    row.file, row.row_number, "",
                    f"与 {other.where} 同名，但缺少身份证号和平台ID，无法确认是否同一人；按不同的人处理",
                    f"same name as {other.where} but no ID number or platform id to tell; "
                    "taken as different people",
                ))
        return None

    def take(self, entry: _Taken) -> None:
        index = len(self.taken)
        self.taken.append(entry)
        row = entry.row
        if row.id_key:
            self.by_id.setdefault(row.id_key, index)
        if row.name and row.platform_id:
            self.by_name_platform.setdefault((row.name, row.platform_id), index)
        if row.name:
            self.by_name.setdefault(row.name, []).append(index)

    # -- eligibility ------------------------------------------------------------------------
    def eligibility_failure(self, row: QualifierRow) -> tuple[str, str] | None:
        """The failing eligibility rule in words, or None (unknown values are reported as
        errors on the row but do not leave it out)."""
        rule = self.eligibility
        if isinstance(rule, Mapping):
            name = group_for(row.group, rule)
            rule = rule[name] if name is not None else None
        if rule is None:
            return None
        zh_rule, en_rule = rule.describe()
        if rule.gender is not None:
            if row.gender is None:
                self.report(error(row.file, row.row_number, "", f"缺少性别，无法核对资格（{zh_rule}）",
                                  f"gender missing, eligibility cannot be checked ({en_rule})"))
            elif row.gender is not rule.gender:
                return (f"性别不符合参赛资格（{zh_rule}）", f"gender not eligible ({en_rule})")
        if rule.born_from is not None or rule.born_to is not None:
            born = row.birth_date
            if born is None:
                self.report(error(row.file, row.row_number, "",
                                  f"缺少出生日期，无法核对资格（{zh_rule}）",
                                  f"birth date missing, eligibility cannot be checked ({en_rule})"))
            elif (rule.born_from and born < rule.born_from) or (rule.born_to and born > rule.born_to):
                return (f"出生日期 {born} 不符合参赛资格（{zh_rule}）",
                        f"birth date {born} not eligible ({en_rule})")
        return None


def merge(
    lists: Sequence[ParsedList],
    rules: MergeRules,
    eligibility: Eligibility | Mapping[str, Eligibility] | None = None,
) -> MergeResult:
    """Merge `lists` by `rules` (see `MergeRules` and `ListRule`) and check `eligibility`
    (one rule for every row, or one per group name, matched to the 组别 column by
    `group_for`; rows of a group not in the mapping are not checked).

    Rows are taken rule by rule in the order of `rules.lists`; within one rule, list by list
    in the order given; a list's quota applies to each of its groups (组别) and sources
    separately (shenzhen 五: 每组前4名).
    """
    merger = _Merger(rules, eligibility)
    merger.conflicts = _id_conflicts(lists)
    for (file, row_number), words in merger.conflicts.items():
        merger.report(error(file, row_number, "", *words))
    partitions = _partitions(lists, rules, merger)
    for partition in partitions:
        _take_partition(merger, partition)
    if rules.max_entrants is not None and len(merger.taken) > rules.max_entrants:
        first_over = merger.taken[rules.max_entrants].row
        merger.report(warning(
            first_over.file, first_over.row_number, "",
            f"入选人数 {len(merger.taken)} 超过上限 {rules.max_entrants}（从此行起超出）",
            f"{len(merger.taken)} entrants exceed the limit of {rules.max_entrants} "
            "(from this row on)",
        ))
    flagged = {
        (p.file, p.row)
        for items in merger.problems.values()
        for p in items
        if p.is_error
    }
    entrants = tuple(
        Entrant(
            row=item.row,
            rule=item.rule.label,
            kind=item.rule.kind,
            source=item.source,
            place=item.place,
            route=item.route,
            also_on=tuple(item.also_on),
            valid=item.row.valid and (item.row.file, item.row.row_number) not in flagged,
        )
        for item in merger.taken
    )
    problems: list[Problem] = []
    seen_files: set[str] = set()
    for parsed in lists:
        problems.extend(parsed.problems)
        if parsed.file not in seen_files:
            seen_files.add(parsed.file)
            own = merger.problems.get(parsed.file, [])
            problems.extend(sorted(own, key=lambda p: -1 if p.row is None else p.row))
    return MergeResult(entrants, tuple(merger.left_out), tuple(problems))


def _id_conflicts(lists: Sequence[ParsedList]) -> dict[tuple[str, int], tuple[str, str]]:
    """(file, row) of every row whose ID number other rows carry under another name, with
    the error naming them: `身份证号与 period-3.csv:7（钱多多）相同而姓名不同（邓坚）`."""
    by_id: dict[str, list[QualifierRow]] = {}
    for parsed in lists:
        for row in parsed.rows:
            if row.id_key:
                by_id.setdefault(row.id_key, []).append(row)
    found: dict[tuple[str, int], tuple[str, str]] = {}
    for rows in by_id.values():
        if len({row.name for row in rows}) < 2:
            continue
        for row in rows:
            others = [o for o in rows if o.name != row.name]
            zh = "、".join(f"{o.where}（{o.name}）" for o in others)
            en = ", ".join(f"{o.where} ({o.name})" for o in others)
            found[(row.file, row.row_number)] = (
                f"身份证号与 {zh} 相同而姓名不同（本行：{row.name}）：两行均不导入，请核对名单",
                f"the same ID number as {en} under another name (this row: {row.name}): "
                "neither row is imported; check the lists",
            )
    return found


@dataclass(frozen=True)
class _Partition:
    """Rows of one list that share a rule, a source and a group: one quota."""

    order: tuple[int, int, int]
    rule: ListRule
    source: str
    parsed: ParsedList
    rows: tuple[QualifierRow, ...]


def _partitions(lists: Sequence[ParsedList], rules: MergeRules, merger: _Merger) -> list[_Partition]:
    grouped: dict[tuple[int, int, str, str], list[QualifierRow]] = {}
    rule_of: dict[int, ListRule] = {}
    for list_index, parsed in enumerate(lists):
        unmatched = 0
        for row in parsed.rows:
            rule = _rule_for(rules, row.source, parsed)
            if rule is None:
                unmatched += 1
                merger.left_out.append(LeftOut(
                    row, LeftOutReason.NO_RULE, "",
                    f"没有适用于来源“{row.source}”的晋级规则",
                    f"no merge rule for the source '{row.source}'",
                ))
                continue
            rule_index = rules.lists.index(rule) if rule in rules.lists else list_index
            rule_of[rule_index] = rule
            grouped.setdefault((rule_index, list_index, row.source, row.group), []).append(row)
        if unmatched:
            labels = "、".join(rule.label for rule in rules.lists)
            merger.report(error(
                parsed.file, None, "",
                f"{unmatched} 行的来源“{parsed.source}”没有对应的晋级规则（已有：{labels}）",
                f"{unmatched} rows: no merge rule for the source '{parsed.source}' "
                f"(known: {', '.join(rule.label for rule in rules.lists)})",
            ))
    partitions = [
        _Partition(
            order=(rule_index, list_index, rows[0].row_number),
            rule=rule_of[rule_index],
            source=source,
            parsed=lists[list_index],
            rows=tuple(rows),
        )
        for (rule_index, list_index, source, _group), rows in grouped.items()
    ]
    return sorted(partitions, key=lambda partition: partition.order)


def _rule_for(rules: MergeRules, row_source: str, parsed: ParsedList) -> ListRule | None:
    """The rule for a row: by its 来源, else its list's source, else the list's title."""
    if not rules.lists:
        return ListRule(label=parsed.source, quota=None)
    rule = (rules.rule_for(row_source) or rules.rule_for(parsed.source)
            or (rules.rule_for(parsed.title) if parsed.title else None))
    if rule is None and len(rules.lists) == 1:
        return rules.lists[0]
    return rule


def _ordered(merger: _Merger, partition: _Partition) -> tuple[list[QualifierRow], TieRule]:
    """The rows in ranking order and the tie rule that can really be applied.

    The list's rank column gives the order where every row has one (else file order). Under
    积分→胜局 (WINS_THEN_SHARED) rows are sorted by points, then wins, both higher first;
    without points the list order stands and ties cannot be shared.
    """
    rows = list(partition.rows)
    rule = partition.rule
    if all(row.rank is not None for row in rows):
        rows.sort(key=lambda row: row.rank or 0)
    tie = rule.tie
    if rule.quota is None:
        return rows, TieRule.LIST_ORDER
    first = rows[0]
    if tie is TieRule.WINS_THEN_SHARED:
        if not any(row.points is not None for row in rows):
            merger.report(warning(
                first.file, None, "",
                "名单没有积分列，按名单顺序录取，同分并列无法判断",
                "the list has no points column: taken in list order, ties cannot be shared",
            ))
            return rows, TieRule.LIST_ORDER
        for row in rows:
            if row.points is None:
                merger.report(error(row.file, row.row_number, "", "积分为空，无法排序",
                                    "points missing, the row cannot be ranked"))
        by_points = sorted(rows, key=_points_key)
        if by_points != rows:
            merger.report(warning(
                first.file, None, "",
                "名单顺序与积分、胜局顺序不一致，已按积分、胜局重新排序",
                "the list's order differs from points and wins; sorted by points, then wins",
            ))
        return by_points, tie
    if tie is TieRule.SHARED_RANK and not all(row.rank is not None for row in rows):
        merger.report(warning(
            first.file, None, "",
            "名单缺少名次，按名单顺序录取，并列无法判断",
            "ranks missing: taken in list order, shared places cannot be told",
        ))
        return rows, TieRule.LIST_ORDER
    return rows, tie


def _points_key(row: QualifierRow) -> tuple[int, int, int]:
    if row.points is None:
        return (1, 0, 0)
    return (0, -row.points, -(row.wins if row.wins is not None else -1))


def _tie_key(row: QualifierRow, tie: TieRule) -> object:
    if tie is TieRule.WINS_THEN_SHARED:
        return (row.points, row.wins) if row.points is not None else None
    if tie is TieRule.SHARED_RANK:
        return row.rank
    return None


def _take_partition(merger: _Merger, partition: _Partition) -> None:
    """Walk one list in ranking order, spending its quota (the heart of 顺延 / 不顺延)."""
    rule = partition.rule
    rows, tie = _ordered(merger, partition)
    quota = rule.quota
    spent = 0  # places used up: by entrants, and by rows whose place is not passed down
    edge: object = None  # tie key of the row that spent the last place
    for place, row in enumerate(rows, start=1):
        key = _tie_key(row, tie)
        full = quota is not None and spent >= quota
        if full and not (key is not None and key == edge):
            merger.left_out.append(LeftOut(row, LeftOutReason.BELOW_QUOTA, rule.label,
                                           f"名额（{quota}）之外", f"outside the quota of {quota}"))
            continue
        if row.withdrawn:
            spent += _spend_lost_place(merger, row, rule, rule.replace_withdrawn,
                                       LeftOutReason.WITHDRAWN, ("弃赛", "withdrew"))
            edge = key if not rule.replace_withdrawn else edge
            continue
        if (row.file, row.row_number) in merger.conflicts:  # reported once, by `merge`
            merger.left_out.append(LeftOut(row, LeftOutReason.ID_CONFLICT, rule.label,
                                           "身份证号相同而姓名不同，不导入",
                                           "one ID number under two names: not imported"))
            continue
        failure = merger.eligibility_failure(row)
        if failure is not None:
            merger.report(error(row.file, row.row_number, "", *failure))
            spent += _spend_lost_place(merger, row, rule, rule.replace_withdrawn,
                                       LeftOutReason.INELIGIBLE, failure)
            edge = key if not rule.replace_withdrawn else edge
            continue
        earlier = merger.same_person(row)
        if earlier is not None:
            earlier.also_on.append(row.where)
            passed = "名额顺延" if rule.pass_down else "名额不顺延"
            passed_en = "the place passes down" if rule.pass_down else "the place is not passed down"
            merger.left_out.append(LeftOut(
                row, LeftOutReason.DUPLICATE, rule.label,
                f"已由 {earlier.row.where}（{earlier.source}）晋级，只取一次；{passed}",
                f"already qualified by {earlier.row.where} ({earlier.source}), counted once; "
                f"{passed_en}",
                taken_at=earlier.row.where,
            ))
            merger.report(warning(
                row.file, row.row_number, "",
                f"重复晋级：已由 {earlier.row.where} 晋级；{passed}",
                f"qualified again: already in by {earlier.row.where}; {passed_en}",
            ))
            if not rule.pass_down and not full:
                spent += 1
                edge = key
            continue
        if quota is None:
            route = Route.WHOLE_LIST
        elif full:
            route = Route.TIE
        elif place <= quota:
            route = Route.QUOTA
        else:
            route = Route.MOVED_UP
        merger.take(_Taken(row, rule, partition.source, place, route))
        if not full:
            spent += 1
            edge = key
    if quota is not None and spent < quota:
        merger.report(warning(
            partition.parsed.file, None, "",
            f"“{partition.source}”{_group_text(rows)}只有 {spent} 人入选，不足名额 {quota}",
            f"'{partition.source}'{_group_text(rows, en=True)} gives only {spent} of its "
            f"{quota} places",
        ))


def _group_text(rows: list[QualifierRow], en: bool = False) -> str:
    group = rows[0].group if rows else ""
    if not group:
        return ""
    return f" (group {group})" if en else f"（{group}）"


def _spend_lost_place(
    merger: _Merger,
    row: QualifierRow,
    rule: ListRule,
    replaced: bool,
    reason: LeftOutReason,
    why: tuple[str, str],
) -> int:
    """Leave out a row whose person will not play; 1 when its place is spent (不顺延)."""
    then_zh = "由下一名递补" if replaced else "名额不递补"
    then_en = "the next in line moves up" if replaced else "the place is not filled"
    merger.left_out.append(LeftOut(row, reason, rule.label, f"{why[0]}；{then_zh}",
                                   f"{why[1]}; {then_en}"))
    if reason is LeftOutReason.WITHDRAWN:
        merger.report(warning(row.file, row.row_number, "", f"弃赛；{then_zh}",
                              f"withdrew; {then_en}"))
    return 0 if replaced else 1
