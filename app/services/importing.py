"""Importing qualifier lists into an event (导入晋级名单): read, check, merge, then write.

Every problem is reported row by row before anything is written. With any error nothing is
written, unless the user asks for the valid rows only; a dry run never writes. A dry run (the
preview) tells what the import would make of the rows, late entries (迟到报名) once rounds are
paired included, and refuses as it would once every round is paired.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import select, update
from sqlalchemy.orm import Session

from app.errors import UserError
from app.imports import (
    Eligibility,
    Entrant,
    LeftOutReason,
    MergeResult,
    MergeRules,
    Problem,
    Severity,
)
from app.imports.groups import group_for
from app.imports.model import LIST_FILE, LIST_ROW, LIST_TITLE, QualifierRow
from app.imports.pipeline import read_and_merge
from app.services.event import Event, settings_of
from app.services.lookup import system_of
from app.services.players import alone_in_team_group, entry_round, next_seed
from app.store.models import Group, Player


@dataclass(frozen=True)
class ProblemLine:
    file: str
    row: int | None
    column: str
    severity: str  # 'error' | 'warning'
    zh: str
    en: str

    def format(self) -> str:
        """`file:row:column: zh / en`, each text cut at 200 characters (a hostile cell of
        5 000 digits is quoted, not copied whole)."""
        place = ":".join(str(x) for x in (self.file, self.row, self.column) if x not in (None, ""))
        return f"{place}: {_cut(self.zh)} / {_cut(self.en)}"


def _cut(text: str, limit: int = 200) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


@dataclass(frozen=True)
class LeftOutLine:
    """A row the quota or a merge rule leaves out (未录取): where, who, and why."""

    file: str
    row: int
    name: str
    zh: str
    en: str

    def format(self) -> str:
        """`file:row name: zh / en`, as the command line prints it."""
        return f"{self.file}:{self.row} {self.name}: {self.zh} / {self.en}"


@dataclass(frozen=True)
class ImportReport:
    problems: tuple[ProblemLine, ...]
    entrants: int
    written: bool
    per_group: dict[str, int] = field(default_factory=dict)
    left_out: tuple[LeftOutLine, ...] = ()
    untyped: tuple[int, ...] = ()
    """The files (by their index in the paths given) whose list type, taken from a 来源 column
    or the file's name for want of one chosen, names none of the regulation's lists: the
    window asks which list each is."""

    @property
    def has_errors(self) -> bool:
        return any(p.severity == "error" for p in self.problems)


def _line(problem: Problem) -> ProblemLine:
    severity = "error" if problem.severity is Severity.ERROR else "warning"
    return ProblemLine(problem.file, problem.row, problem.column, severity, problem.zh, problem.en)


def _eligibility(group: Group) -> Eligibility:
    data = dict(group.eligibility)
    data.setdefault("label", group.name)
    return Eligibility.from_dict(data)


@dataclass(frozen=True)
class _Setting:
    """What an import reads of the event first: the groups, the one imported into (None:
    by each row's 组别), the merge rules, eligibility, and who is in the groups already."""

    groups: tuple[str, ...]
    target: str | None
    rules: MergeRules
    eligibility: Eligibility | dict[str, Eligibility]
    existing: frozenset[tuple[str, str]]  # (group, ID number or name|platform id)
    team_groups: frozenset[str] = frozenset()  # paired by teams: no list enters them


def _setting(event: Event, group: str | None) -> _Setting:
    with event.reading() as session:
        tournament = Event.tournament(session)
        groups = {g.name: g for g in tournament.groups}
        target = Event.group(session, group).name if group else None
        if target is not None and system_of(groups[target]).team:
            raise _into_team_group(groups[target])
        team_groups = frozenset(name for name, g in groups.items() if system_of(g).team)
        rules_data = tournament.settings.get("qualifiers", {}).get("rules", {})
        rules = MergeRules.from_dict(rules_data) if rules_data else MergeRules()
        eligibility: Eligibility | dict[str, Eligibility]
        if target:
            eligibility = _eligibility(groups[target])
        else:
            eligibility = {name: _eligibility(g) for name, g in groups.items()}
        existing = frozenset(
            (p.group.name, p.id_number or f"{p.name}|{p.platform_id}")
            for g in groups.values()
            for p in g.players
        )
    return _Setting(tuple(groups), target, rules, eligibility, existing, team_groups)


def _into_team_group(group: Group) -> UserError:
    """A qualifier list does not enter a team group (分台定人制): its rows name no team and no
    board, and the players it would make belong to no team and are never paired; a team and
    its players are registered together (添加队伍 / team-add), as for one player added alone
    (`players.alone_in_team_group`). The team list import (team-import) is for a team ranking
    over an individual group, not for a team group."""
    return alone_in_team_group(group.name, bool(group.rounds_played), "名单导入的棋手",
                               "a player imported from a list")


def _identity(row: QualifierRow) -> str:
    """How a row is told from the players of a group: its ID number, else name and platform."""
    return row.id_key or f"{row.name}|{row.platform_id}"


def _place(setting: _Setting, entrants: Sequence[Entrant], problems: list[ProblemLine]
           ) -> list[tuple[Entrant, str]]:
    """Each entrant with the group it goes into; rows of no group of the event, and players
    already in their group, are reported instead."""
    groups = setting.groups
    placed: list[tuple[Entrant, str]] = []
    for entrant in entrants:
        row = entrant.row
        name = setting.target or group_for(row.group, groups) or (
            groups[0] if len(groups) == 1 else "")
        if name not in groups:
            problems.append(_no_group(row, groups))
            continue
        if name in setting.team_groups:  # `_into_team_group`, short enough for a report line
            problems.append(ProblemLine(
                row.file, row.row_number, "组别", "error",
                f"组别“{name}”是团体赛，棋手须随队伍按台次登记（添加队伍 / team-add）；"
                "名单导入的棋手不属于任何队伍，不会被编排",
                f"group '{name}' is a team group: players enter with their team, by board "
                "(Add team / team-add); a player imported from a list would be in no team, "
                "never paired",
            ))
            continue
        if (name, _identity(row)) in setting.existing:
            problems.append(ProblemLine(
                row.file, row.row_number, "姓名", "warning",
                f"{row.name} 已在{name}中，不再重复导入",
                f"{row.name} is in {name} already; not imported again",
            ))
            continue
        placed.append((entrant, name))
    return placed


def _no_group(row: QualifierRow, groups: Sequence[str]) -> ProblemLine:
    """A row of an event with several groups that names none of them: a group the event does
    not have, or none at all (the list has no 组别 column, as most period lists, or the cell
    is empty) — then it says so, rather than quoting an empty group (组别“”)."""
    names_zh, names_en = "、".join(groups), ", ".join(groups)
    if not row.group.strip():
        return ProblemLine(
            row.file, row.row_number, "组别", "error",
            f"本行没有组别（名单无“组别”列或此格为空）；请指定导入的组别（{names_zh}）",
            f"the row names no group (the list has no 组别 column, or the cell is empty); "
            f"name the group to import into ({names_en})")
    return ProblemLine(
        row.file, row.row_number, "组别", "error",
        f"组别“{row.group}”不在本赛事中（{names_zh}）；请指定导入的组别",
        f"group '{row.group}' is not in this event ({names_en}); name the group to import into")


def _new_player(entrant: Entrant, group: Group, seed: int, title: str, entered: int = 1,
                late_points: int = 0) -> Player:
    """The player a row makes, its list's place kept in the notes (period 1's place 1 and
    period 2's place 1 read apart); `entered`: the round they play from (a list imported
    once rounds are paired makes late entries, 迟到报名, as add-player does), `late_points`
    the group's late-entry points."""
    row = entrant.row
    notes: dict[str, str | int] = {header: value for header, value in row.notes}
    if entrant.route != "quota":
        notes["录取方式"] = str(entrant.route)
    notes[LIST_TITLE] = title
    notes[LIST_FILE] = Path(row.file).name
    notes[LIST_ROW] = row.row_number
    return Player(
        group=group, name=row.name, gender=row.gender.value if row.gender else "",
        birth_date=row.birth_date, id_number=row.id_number, unit=row.unit,
        platform_id=row.platform_id, source=entrant.source or row.source,
        qualifier_rank=row.rank, qualifier_points=row.points, qualifier_wins=row.wins,
        grade=row.grade, phone=row.phone, notes=notes, seed=seed, entered_round=entered,
        late_entry_points=late_points,
    )


@dataclass(frozen=True)
class _Entry:
    """Where a group's new players start: the round they play from (once rounds are paired, the
    next one: 迟到报名, as add-player makes it, `players.entry_round`) and the group's points for
    each round they missed."""

    round: int
    late_points: int

    def line(self, row: QualifierRow, group: str) -> ProblemLine | None:
        """The row's warning when it makes a late entry (None before play): the preview and
        the import give it alike."""
        if self.round == 1:
            return None
        return ProblemLine(
            row.file, row.row_number, "姓名", "warning",
            f"{row.name} 第{self.round}轮起参赛（迟到报名：{group}已编排{self.round - 1}轮）",
            f"{row.name} plays from round {self.round} (a late entry: {group} has "
            f"{self.round - 1} round(s) paired)")


def _entries(session: Session, to_write: Sequence[tuple[Entrant, str]]) -> dict[str, _Entry]:
    """Where the entrants of each group they go into start, read from the groups as they are
    in `session`; refused (nothing written) when every round of one of them is paired, or
    a round robin among them has its schedule (`players.entry_round`, naming the rows)."""
    by_name = {g.name: g for g in Event.tournament(session).groups}
    rows: dict[str, list[str]] = {}
    for entrant, name in to_write:
        rows.setdefault(name, []).append(entrant.row.name)
    return {name: _Entry(entry_round(by_name[name], names),
                         settings_of(by_name[name]).late_entry_points)
            for name, names in rows.items()}


def _late_lines(entries: dict[str, _Entry], to_write: Sequence[tuple[Entrant, str]]
                ) -> list[ProblemLine]:
    """The late-entry warning of each row that would be written, as the import gives it."""
    lines = (entries[name].line(entrant.row, name) for entrant, name in to_write)
    return [line for line in lines if line is not None]


def _write(event: Event, paths: Sequence[str | Path], titles: dict[str, str],
           to_write: list[tuple[Entrant, str]], problems: list[ProblemLine],
           per_group: dict[str, int]) -> int:
    """Store the entrants in one operation; returns how many were written (a player another
    station imported meanwhile is reported, not written twice)."""
    names = "、".join(Path(p).name for p in paths)
    written = 0
    with event.operation("import_lists", f"导入名单 {names} / import lists") as session:
        by_name = {g.name: g for g in Event.tournament(session).groups}
        # Another station may be importing the same list this moment: hold the groups, then
        # look again at who is in them, inside this transaction.
        _hold_groups(session, [by_name[name].id for name in {n for _e, n in to_write}])
        present = _present(session)
        seeds = {name: next_seed(session, g) for name, g in by_name.items()}
        # read again inside the transaction: a round paired meanwhile counts
        entries = _entries(session, to_write)
        for entrant, name in to_write:
            row = entrant.row
            identity = (by_name[name].id, _identity(row))
            if identity in present:
                problems.append(ProblemLine(
                    row.file, row.row_number, "姓名", "warning",
                    f"{row.name} 已由其他工作站导入{name}，不再重复导入",
                    f"{row.name} was imported into {name} meanwhile by another station; not"
                    " imported again",
                ))
                per_group[name] -= 1
                continue
            present.add(identity)
            entry = entries[name]
            session.add(_new_player(entrant, by_name[name], seeds[name],
                                    titles.get(row.file, ""), entry.round, entry.late_points))
            if (late := entry.line(row, name)) is not None:
                problems.append(late)
            seeds[name] += 1
            written += 1
    return written


def import_lists(
    event: Event,
    paths: Sequence[str | Path],
    group: str | None = None,
    *,
    dry_run: bool = False,
    valid_only: bool = False,
    sources: Sequence[str | None] | None = None,
) -> ImportReport:
    """Import the lists in the regulation's order; see the module docstring for writing.

    `sources[i]` names the regulation's list that file i is (e.g. 网络入围赛, 外卡); without
    it, a 来源 column or the file name says (a name that starts with a list's label works).
    """
    if not paths:
        raise UserError("没有给出名单文件", "no list files given", "LIST")
    setting = _setting(event, group)
    lists, result = read_and_merge([Path(p) for p in paths], setting.rules,
                                   setting.eligibility, sources)
    problems = [_line(p) for p in result.problems]
    placed = _place(setting, result.entrants, problems)
    bad_rows = {(p.file, p.row) for p in problems if p.severity == "error"}
    has_errors = bool(bad_rows) or result.has_errors
    left_out, untyped = _left_out(result, paths)
    to_write = [
        (entrant, name)
        for entrant, name in placed
        if entrant.valid and (entrant.row.file, entrant.row.row_number) not in bad_rows
    ]
    per_group = dict(Counter(name for _entrant, name in to_write))
    if dry_run or (has_errors and not valid_only):
        # what the import would make of the rows it writes (late entries, or the refusal
        # once every round is paired), told before anything is written
        with event.reading() as session:
            problems += _late_lines(_entries(session, to_write), to_write)
        return ImportReport(tuple(problems), len(to_write), False, per_group, left_out,
                            untyped)
    titles = {parsed.file: parsed.title for parsed in lists}
    written = _write(event, paths, titles, to_write, problems, per_group)
    per_group = {name: count for name, count in per_group.items() if count}
    return ImportReport(tuple(problems), written, True, per_group, left_out, untyped)


def _left_out(result: MergeResult, paths: Sequence[str | Path]
              ) -> tuple[tuple[LeftOutLine, ...], tuple[int, ...]]:
    """The rows the merge left out, as the report lists them, and the files (their index in
    `paths`) whose list type names none of the regulation's lists (`ImportReport.untyped`)."""
    left_out = tuple(LeftOutLine(lo.row.file, lo.row.row_number, lo.row.name, lo.zh, lo.en)
                     for lo in result.left_out)
    no_rule = {lo.row.file for lo in result.left_out if lo.reason is LeftOutReason.NO_RULE}
    return left_out, tuple(i for i, path in enumerate(paths) if str(Path(path)) in no_rule)


def _hold_groups(session: Session, group_ids: list[int]) -> None:
    """Hold the groups for this transaction: a second station importing into them waits
    until this import has committed (SQLite: the file's write lock; PostgreSQL: row locks)."""
    if not group_ids:
        return
    if session.get_bind().dialect.name == "sqlite":
        session.execute(update(Group).where(Group.id.in_(group_ids)).values(id=Group.id))
    else:
        session.execute(select(Group.id).where(Group.id.in_(group_ids)).with_for_update())


def _present(session: Session) -> set[tuple[int, str]]:
    """(group id, identity) of every player stored now, read inside the transaction."""
    rows = session.execute(select(Player.group_id, Player.id_number, Player.name,
                                  Player.platform_id))
    return {(gid, number or f"{name}|{platform}") for gid, number, name, platform in rows}
