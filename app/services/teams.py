"""Teams declared for a team ranking over an individual group (团体报名): qiwang 2022 十二(四)4
"男子团体每队为3人、女子团体每队为2人，以队员个人赛成绩之和计算团体成绩。所有队员需要通过网络选拔赛取得
晋级资格，在总决赛前由各参赛队统一报名".

A unit declares its team before the final: the team's name, its unit and its members, who
are players of the group already (qualified). Where a ranking has no declared team, each unit's
best N players count instead (`app.services.ranking`), and the printout says which.
Teams are stored with the ranking in the event's settings; each change is one undoable
operation. A list of teams can be imported from CSV/XLSX: one row per member with a team
column (队名 / 队伍 / 代表队) and 姓名, optionally 单位 and 身份证号 (to tell same-name players apart).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from app.errors import UserError
from app.imports.columns import Field
from app.imports.sources import Table, read_table
from app.imports.text import cell_text
from app.pairing.system import System
from app.services.event import Event, settings_of, store_settings
from app.services.queries import system_of
from app.services.ranking import team_standings, team_swiss_standings
from app.services.team_specs import list_rules, member_refusal, store_spec, team_specs
from app.standings.awards import TieRule
from app.store.models import Group, Player, Tournament
from app.team_rankings import DeclaredTeamEntry, TeamRankingSpec

__all__ = ["DeclaredTeam", "declare_team", "declared_teams", "import_teams", "record_group_lots",
           "record_lots", "remove_team", "set_team_ranking_rules", "team_rankings", "update_declared_team"]


@dataclass(frozen=True)
class DeclaredTeam:
    ranking: str
    name: str
    unit: str
    members: tuple[tuple[int, str], ...]  # (player id, name) in the order declared


def team_rankings(event: Event) -> tuple[TeamRankingSpec, ...]:
    """The event's team rankings, typed (for the window and the command line)."""
    with event.reading() as session:
        return team_specs(Event.tournament(session))


def _find(tournament: Tournament, ranking: str) -> TeamRankingSpec:
    specs = team_specs(tournament)
    for spec in specs:
        if spec.name == ranking:
            return spec
    names = "、".join(s.name for s in specs) or "无"
    raise UserError(f"没有名为“{ranking}”的团体名次（现有：{names}）",
                    f"no team ranking named {ranking!r}", "ranking")


def _spec(tournament: Tournament, ranking: str) -> TeamRankingSpec:
    """A ranking that takes declared teams (it sums the members' scores)."""
    spec = _find(tournament, ranking)
    if not spec.declares:
        raise UserError(f"“{ranking}”按名次相加计算，不报名队伍",
                        f"{ranking!r} adds unit places; it takes no declared teams", "ranking")
    return spec


def _group_of(session: Session, tournament: Tournament, spec: TeamRankingSpec) -> Group:
    for group in tournament.groups:
        if group.name == spec.groups[0]:
            return group
    raise UserError("团体名次所依据的组别不存在", "the team ranking's group does not exist",
                    spec.name)


def _member(group: Group, given: str | int, id_number: str = "", where: str = "") -> Player:
    """A member by player id (a number) or by name (same-name players need the ID number)."""
    players = list(group.players)
    if isinstance(given, int) or str(given).isdigit():
        found = [p for p in players if p.id == int(given)]
    else:
        found = [p for p in players if p.name == str(given).strip()]
        if id_number:
            found = [p for p in found if p.id_number == id_number]
    if not found:
        raise UserError(f"{group.name} 没有棋手“{given}”", f"no player {given!r} in {group.name}",
                        where or "members")
    if len(found) > 1:
        raise UserError(f"{group.name} 有多名“{given}”，请写棋手编号或身份证号",
                        f"several players named {given!r}: give the id or the ID number",
                        where or "members")
    return found[0]


def _check(tournament: Tournament, spec: TeamRankingSpec,
           teams: Sequence[DeclaredTeamEntry], team: DeclaredTeamEntry,
           members: Sequence[Player], where: str) -> None:
    """A declaration as qiwang 十二(四)4 asks: the team's size and gender, each player once and
    in one team only, from the lists the member rule names."""
    size = spec.members
    if len(members) != size:
        raise UserError(f"每队应为{size}人，“{team.name}”有{len(members)}人",
                        f"a team has {size} members; {team.name!r} has {len(members)}", where)
    if len({p.id for p in members}) != len(members):
        raise UserError("同一棋手在队中出现两次", "a player is named twice in the team", where)
    for player in members:
        if spec.gender and player.gender != spec.gender:
            sex, sex_en = ("男", "men") if spec.gender == "M" else ("女", "women")
            if not player.gender:  # not recorded: say so, not that the player is of the other sex
                raise UserError(
                    f"{player.name} 未登记性别，不能确认可参加{sex}子团体（先登记性别：修改棋手资料）",
                    f"{player.name} has no gender recorded: cannot join a {sex_en}'s team "
                    f"(record it first: edit the player)", where)
            raise UserError(f"{player.name} 不是{sex}选手，不能参加该团体",
                            f"{player.name} may not play in this team (gender)", where)
    if spec.member_rule is not None:
        rules = list_rules(tournament)
        for player in members:
            refused = member_refusal(spec.member_rule, rules, player)
            if refused is not None:
                raise UserError(refused.zh, refused.en, where)
    taken = {pid: t.name for t in teams for pid in t.members}
    for player in members:
        if player.id in taken:
            raise UserError(f"{player.name} 已在“{taken[player.id]}”队中",
                            f"{player.name} is in team {taken[player.id]!r} already", where)
    if any(t.name == team.name for t in teams):
        raise UserError(f"已有名为“{team.name}”的队伍", f"team {team.name!r} exists already",
                        where)


def _declared(tournament: Tournament, spec: TeamRankingSpec) -> list[DeclaredTeam]:
    players = {p.id: p.name for g in tournament.groups for p in g.players}
    return [DeclaredTeam(spec.name, t.name, t.unit,
                         tuple((pid, players.get(pid, str(pid))) for pid in t.members))
            for t in spec.teams]


def declare_team(event: Event, ranking: str, name: str, members: Sequence[str | int],
                 unit: str = "") -> DeclaredTeam:
    """Declare one team for `ranking`: members by player id or name, in the order given."""
    if not name.strip():
        raise UserError("队名不能为空", "the team needs a name", "name")
    with event.operation("declare_team", f"团体报名 {name} / declare team") as session:
        tournament = Event.tournament(session)
        spec = _spec(tournament, ranking)
        group = _group_of(session, tournament, spec)
        chosen = [_member(group, m) for m in members]
        team = DeclaredTeamEntry(name.strip(), unit or _common_unit(chosen),
                                 tuple(p.id for p in chosen))
        _check(tournament, spec, spec.teams, team, chosen, name)
        spec = spec.with_teams((*spec.teams, team))
        store_spec(tournament, spec)
        session.flush()
        return next(t for t in _declared(tournament, spec) if t.name == team.name)


def update_declared_team(event: Event, ranking: str, team_name: str,
                         members: Sequence[str | int], unit: str = "",
                         name: str | None = None) -> DeclaredTeam:
    """Correct a declared team (its members in order, its unit, its name): one undoable
    operation, checked as a declaration is (`_check`) against the other teams; refused,
    the team stays as it was."""
    new_name = (name if name is not None else team_name).strip()
    if not new_name:
        raise UserError("队名不能为空", "the team needs a name", "name")
    with event.operation("update_declared_team", f"修改团体报名 {team_name} / change team"
                         ) as session:
        tournament = Event.tournament(session)
        spec = _spec(tournament, ranking)
        group = _group_of(session, tournament, spec)
        teams = list(spec.teams)
        at = next((k for k, t in enumerate(teams) if t.name == team_name), None)
        if at is None:
            raise UserError(f"“{ranking}”没有名为“{team_name}”的队伍",
                            f"no team {team_name!r} in {ranking!r}", "name")
        chosen = [_member(group, m) for m in members]
        team = DeclaredTeamEntry(new_name, unit.strip() or _common_unit(chosen),
                                 tuple(p.id for p in chosen))
        _check(tournament, spec, teams[:at] + teams[at + 1:], team, chosen, new_name)
        teams[at] = team  # in its place: the order of declaration is kept
        spec = spec.with_teams(tuple(teams))
        store_spec(tournament, spec)
        session.flush()
        return next(t for t in _declared(tournament, spec) if t.name == new_name)


def _common_unit(players: Sequence[Player]) -> str:
    units = {p.unit for p in players}
    return units.pop() if len(units) == 1 else ""


def remove_team(event: Event, ranking: str, name: str) -> None:
    """Take a declared team off the ranking (one undoable operation)."""
    with event.operation("remove_team", f"撤销团体报名 {name} / remove team") as session:
        tournament = Event.tournament(session)
        spec = _spec(tournament, ranking)
        kept = tuple(t for t in spec.teams if t.name != name)
        if len(kept) == len(spec.teams):
            raise UserError(f"“{ranking}”没有名为“{name}”的队伍",
                            f"no team {name!r} in {ranking!r}", "name")
        store_spec(tournament, spec.with_teams(kept))


def declared_teams(event: Event, ranking: str) -> list[DeclaredTeam]:
    with event.reading() as session:
        tournament = Event.tournament(session)
        return _declared(tournament, _spec(tournament, ranking))


# ----- a team list (CSV/XLSX) ------------------------------------------------------------


@dataclass(frozen=True)
class _ListedTeam:
    """One team as a list gives it: its members (row number, name, ID number) and unit."""

    name: str
    members: tuple[tuple[int, str, str], ...]
    unit: str = ""


def _team_column(titles: Sequence[str], header_unit: int | None) -> int | None:
    for i, title in enumerate(titles):
        if any(word in title for word in ("队名", "队伍", "代表队", "团体")):
            return i
    return header_unit


def _cell(cells: Sequence[Any], column: int | None) -> str:
    return cell_text(cells[column]).strip() if column is not None and column < len(cells) \
        else ""


def _listed_teams(table: Table, where: str) -> list[_ListedTeam]:
    """The teams of a list, row by row; a row with a team but no name (or the other way
    round) is refused naming its row and field."""
    header = table.header
    name_col = header.column(Field.NAME)
    team_col = _team_column(header.titles, header.column(Field.UNIT))
    if name_col is None or team_col is None:
        raise UserError("队伍名单需要“队名”和“姓名”两列", "a team list needs 队名 and 姓名 columns",
                        where)
    unit_col = next((i for i, t in enumerate(header.titles) if t == "单位" and i != team_col),
                    None)
    id_col = header.column(Field.ID_NUMBER)
    rows: dict[str, list[tuple[int, str, str]]] = {}
    units: dict[str, str] = {}
    for number, cells in enumerate(table.rows[header.row_index + 1:], start=header.row_index + 2):
        team_name, member = _cell(cells, team_col), _cell(cells, name_col)
        if not team_name and not member:
            continue
        if not team_name or not member:
            field = "队名" if not team_name else "姓名"
            raise UserError(f"缺少{field}", f"missing {field}", f"{where}: 第{number}行 {field}")
        rows.setdefault(team_name, []).append((number, member, _cell(cells, id_col)))
        if _cell(cells, unit_col):
            units.setdefault(team_name, _cell(cells, unit_col))
    if not rows:
        raise UserError("名单中没有队伍", "the list holds no team", where)
    return [_ListedTeam(name, tuple(members), units.get(name, ""))
            for name, members in rows.items()]


def import_teams(event: Event, ranking: str, path: str | Path,
                 replace: bool = False) -> list[DeclaredTeam]:
    """Import a team list (CSV/XLSX, one row per member) for `ranking`, all or nothing: a bad
    row is refused naming its row and field. `replace` drops the teams declared so far."""
    listed = _listed_teams(read_table(Path(path)), str(path))
    with event.operation("import_teams", f"导入团体名单 / import teams {ranking}") as session:
        tournament = Event.tournament(session)
        spec = _spec(tournament, ranking)
        group = _group_of(session, tournament, spec)
        teams: list[DeclaredTeamEntry] = [] if replace else list(spec.teams)
        for one in listed:
            chosen = [_member(group, m, id_number, f"{path}: 第{n}行 姓名")
                      for n, m, id_number in one.members]
            team = DeclaredTeamEntry(one.name, one.unit or _common_unit(chosen),
                                     tuple(p.id for p in chosen))
            _check(tournament, spec, teams, team, chosen, f"{path}: 第{one.members[0][0]}行 队名")
            teams.append(team)
        spec = spec.with_teams(tuple(teams))
        store_spec(tournament, spec)
        session.flush()
        return _declared(tournament, spec)


# ----- ties: lots and the arbiter's rules ------------------------------------------------


def record_lots(event: Event, ranking: str, order: Sequence[str]) -> None:
    """Record the order drawn by lots (抽签) among teams sharing a place in a team ranking,
    best first; it orders them in the standings and their awards, which say 抽签决定. The teams
    named must be exactly the ones sharing that place (an order that matches no tie changes
    nothing and is refused)."""
    names = tuple(n.strip() for n in order)
    infos = {i.name: i for i in team_standings(event)}
    info = infos.get(ranking)
    if info is None:
        raise UserError(f"没有名为“{ranking}”的团体名次", f"no team ranking named {ranking!r}",
                        "ranking")
    shared: dict[int, set[str]] = {}
    for row in info.rows:
        if row.place is not None and row.shared:
            shared.setdefault(row.place, set()).add(row.team)
    if set(names) not in shared.values() or len(names) != len(set(names)):
        raise UserError("所列队伍不是并列同一名次的全部队伍",
                        "the teams named are not exactly the teams sharing one place", "teams")
    with event.operation("record_lots", f"团体抽签 {ranking} / lots") as session:
        tournament = Event.tournament(session)
        store_spec(tournament, _find(tournament, ranking).with_lots(names))


def record_group_lots(event: Event, group: str, order: Sequence[str]) -> None:
    """Record the order drawn by lots (抽签) among teams of a Team Swiss group still level
    after its team tie-breaks, best first: the same decision a team ranking's lots are
    (`record_lots`), kept with the group (`team_lots`); the standings, the award list and the
    certificates then say 抽签决定名次. Refused, writing nothing, outside a Team Swiss group,
    while rounds remain (the lots are for the final order), and unless the teams named are
    exactly the teams sharing one place."""
    names = tuple(n.strip() for n in order)
    with event.reading() as session:
        found = Event.group(session, group)
        system = system_of(found)
        if system is not System.TEAM_SWISS:
            raise UserError(f"{system.zh}不是团体积分编排赛，团体抽签请用 team-lots --ranking（团体名次）",
                            f"a {system.en} is no Team Swiss group: for a team ranking's lots "
                            "use team-lots --ranking", found.name)
        info = team_swiss_standings(found)
    if info.rounds_complete < info.rounds_planned:
        raise UserError(
            f"尚有轮次未完成（{info.rounds_complete}/{info.rounds_planned}），抽签只决定最终名次",
            f"rounds remain ({info.rounds_complete} of {info.rounds_planned} done): lots "
            "decide the final order only", info.group)
    shared: dict[int, set[str]] = {}
    for row in info.rows:
        if row.shared:
            shared.setdefault(row.place, set()).add(row.player.name)
    if set(names) not in shared.values() or len(names) != len(set(names)):
        raise UserError("所列队伍不是并列同一名次的全部队伍",
                        "the teams named are not exactly the teams sharing one place", "teams")
    with event.operation("record_lots", f"团体抽签 {group} / lots") as session:
        found = Event.group(session, group)
        settings = settings_of(found)
        store_settings(found, replace(settings, team_lots=(*settings.team_lots, names)))


def set_team_ranking_rules(event: Event, ranking: str, tiebreaks: Sequence[str] | None = None,
                           tie_rule: TieRule | str | None = None) -> TeamRankingSpec:
    """The arbiter's choice for a team ranking where the regulation is silent (qiwang) or to
    follow it (shenzhen 十一(二): `best_place`): the team tie-break chain (`best_place`, or
    individual tie-breaks summed over the members counted) and what a tie still level after it
    does (`share`: prizes shared equally; `playoff`: lots (or a playoff), recorded with
    `record_lots`). One undoable operation; returns the ranking as stored."""
    if tie_rule is not None and tie_rule not in tuple(TieRule):
        choices = "、".join(f"{r.value}" for r in TieRule)
        raise UserError(f"并列办法只能是 {choices}（平分或抽签/加赛）：{tie_rule!r}",
                        f"the tie rule is one of {', '.join(TieRule)}, not {tie_rule!r}",
                        "tie_rule")
    with event.operation("team_ranking_rules", f"团体名次办法 {ranking} / team rules") as session:
        tournament = Event.tournament(session)
        spec = _find(tournament, ranking)
        if tiebreaks is not None:
            spec = replace(spec, tiebreaks=tuple(tiebreaks))
            spec.check()
        if tie_rule is not None:
            spec = replace(spec, tie_rule=TieRule(tie_rule))
        store_spec(tournament, spec)
        return spec
