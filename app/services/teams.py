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
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.orm import Session

from app.errors import UserError
from app.imports.columns import Field
from app.imports.sources import read_table
from app.imports.text import cell_text
from app.services.event import Event
from app.store.models import Group, Player, Tournament

__all__ = ["DeclaredTeam", "declare_team", "declared_teams", "import_teams", "record_lots",
           "remove_team", "set_team_ranking_rules", "update_declared_team"]


@dataclass(frozen=True)
class DeclaredTeam:
    ranking: str
    name: str
    unit: str
    members: tuple[tuple[int, str], ...]  # (player id, name) in the order declared


def _spec(tournament: Tournament, ranking: str) -> tuple[int, dict[str, Any]]:
    specs = tournament.settings.get("team_rankings", [])
    for index, spec in enumerate(specs):
        if spec.get("name") == ranking:
            if spec.get("method") != "sum_scores":
                raise UserError(f"“{ranking}”按名次相加计算，不报名队伍",
                                f"{ranking!r} adds unit places; it takes no declared teams",
                                "ranking")
            return index, dict(spec)
    names = "、".join(str(s.get("name")) for s in specs) or "无"
    raise UserError(f"没有名为“{ranking}”的团体名次（现有：{names}）",
                    f"no team ranking named {ranking!r}", "ranking")


def _group_of(session: Session, tournament: Tournament, spec: dict[str, Any]) -> Group:
    names = spec.get("groups", [])
    for group in tournament.groups:
        if names and group.name == names[0]:
            return group
    raise UserError("团体名次所依据的组别不存在", "the team ranking's group does not exist",
                    str(spec.get("name")))


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


def _check(spec: dict[str, Any], teams: list[dict[str, Any]], team: dict[str, Any],
           members: Sequence[Player], where: str) -> None:
    size = int(spec.get("members", 3))
    gender = spec.get("gender")
    if len(members) != size:
        raise UserError(f"每队应为{size}人，“{team['name']}”有{len(members)}人",
                        f"a team has {size} members; {team['name']!r} has {len(members)}", where)
    if len({p.id for p in members}) != len(members):
        raise UserError("同一棋手在队中出现两次", "a player is named twice in the team", where)
    for player in members:
        if gender and player.gender != gender:
            sex = "男" if gender == "M" else "女"
            raise UserError(f"{player.name} 不是{sex}选手，不能参加该团体",
                            f"{player.name} may not play in this team (gender)", where)
    taken = {pid: t["name"] for t in teams for pid in t["members"]}
    for player in members:
        if player.id in taken:
            raise UserError(f"{player.name} 已在“{taken[player.id]}”队中",
                            f"{player.name} is in team {taken[player.id]!r} already", where)
    if any(t["name"] == team["name"] for t in teams):
        raise UserError(f"已有名为“{team['name']}”的队伍", f"team {team['name']!r} exists already",
                        where)


def _store(tournament: Tournament, index: int, spec: dict[str, Any],
           teams: list[dict[str, Any]]) -> None:
    specs = [dict(s) for s in tournament.settings.get("team_rankings", [])]
    specs[index] = {**spec, "teams": teams}
    tournament.settings = {**tournament.settings, "team_rankings": specs}


def _declared(tournament: Tournament, spec: dict[str, Any]) -> list[DeclaredTeam]:
    players = {p.id: p.name for g in tournament.groups for p in g.players}
    return [DeclaredTeam(str(spec["name"]), str(t["name"]), str(t.get("unit", "")),
                         tuple((pid, players.get(pid, str(pid))) for pid in t["members"]))
            for t in spec.get("teams", [])]


def declare_team(event: Event, ranking: str, name: str, members: Sequence[str | int],
                 unit: str = "") -> DeclaredTeam:
    """Declare one team for `ranking`: members by player id or name, in the order given."""
    if not name.strip():
        raise UserError("队名不能为空", "the team needs a name", "name")
    with event.operation("declare_team", f"团体报名 {name} / declare team") as session:
        tournament = Event.tournament(session)
        index, spec = _spec(tournament, ranking)
        group = _group_of(session, tournament, spec)
        chosen = [_member(group, m) for m in members]
        teams = [dict(t) for t in spec.get("teams", [])]
        team = {"name": name.strip(), "unit": unit or _common_unit(chosen),
                "members": [p.id for p in chosen]}
        _check(spec, teams, team, chosen, name)
        _store(tournament, index, spec, [*teams, team])
        session.flush()
        return next(t for t in _declared(tournament, {**spec, "teams": [*teams, team]})
                    if t.name == team["name"])


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
        index, spec = _spec(tournament, ranking)
        group = _group_of(session, tournament, spec)
        teams = [dict(t) for t in spec.get("teams", [])]
        at = next((k for k, t in enumerate(teams) if t["name"] == team_name), None)
        if at is None:
            raise UserError(f"“{ranking}”没有名为“{team_name}”的队伍",
                            f"no team {team_name!r} in {ranking!r}", "name")
        chosen = [_member(group, m) for m in members]
        team = {"name": new_name, "unit": unit.strip() or _common_unit(chosen),
                "members": [p.id for p in chosen]}
        others = teams[:at] + teams[at + 1:]
        _check(spec, others, team, chosen, new_name)
        teams[at] = team  # in its place: the order of declaration is kept
        _store(tournament, index, spec, teams)
        session.flush()
        return next(t for t in _declared(tournament, {**spec, "teams": teams})
                    if t.name == new_name)


def _common_unit(players: Sequence[Player]) -> str:
    units = {p.unit for p in players}
    return units.pop() if len(units) == 1 else ""


def remove_team(event: Event, ranking: str, name: str) -> None:
    """Take a declared team off the ranking (one undoable operation)."""
    with event.operation("remove_team", f"撤销团体报名 {name} / remove team") as session:
        tournament = Event.tournament(session)
        index, spec = _spec(tournament, ranking)
        teams = [dict(t) for t in spec.get("teams", [])]
        kept = [t for t in teams if t["name"] != name]
        if len(kept) == len(teams):
            raise UserError(f"“{ranking}”没有名为“{name}”的队伍",
                            f"no team {name!r} in {ranking!r}", "name")
        _store(tournament, index, spec, kept)


def declared_teams(event: Event, ranking: str) -> list[DeclaredTeam]:
    with event.reading() as session:
        tournament = Event.tournament(session)
        _index, spec = _spec(tournament, ranking)
        return _declared(tournament, spec)


def _team_column(titles: Sequence[str], header_unit: int | None) -> int | None:
    for i, title in enumerate(titles):
        if any(word in title for word in ("队名", "队伍", "代表队", "团体")):
            return i
    return header_unit


def import_teams(event: Event, ranking: str, path: str | Path,
                 replace: bool = False) -> list[DeclaredTeam]:
    """Import a team list (CSV/XLSX, one row per member) for `ranking`, all or nothing: a bad
    row is refused naming its row and field. `replace` drops the teams declared so far."""
    table = read_table(Path(path))
    header = table.header
    name_col = header.column(Field.NAME)
    team_col = _team_column(header.titles, header.column(Field.UNIT))
    if name_col is None or team_col is None:
        raise UserError("队伍名单需要“队名”和“姓名”两列", "a team list needs 队名 and 姓名 columns",
                        str(path))
    unit_col = next((i for i, t in enumerate(header.titles) if t == "单位" and i != team_col),
                    None)
    id_col = header.column(Field.ID_NUMBER)
    rows: dict[str, list[tuple[int, str, str]]] = {}
    units: dict[str, str] = {}
    for number, cells in enumerate(table.rows[header.row_index + 1:], start=header.row_index + 2):
        team_name = cell_text(cells[team_col]).strip() if team_col < len(cells) else ""
        member = cell_text(cells[name_col]).strip() if name_col < len(cells) else ""
        if not team_name and not member:
            continue
        if not team_name or not member:
            field = "队名" if not team_name else "姓名"
            raise UserError(f"缺少{field}", f"missing {field}", f"{path}: 第{number}行 {field}")
        id_number = cell_text(cells[id_col]).strip() if id_col is not None and \
            id_col < len(cells) else ""
        rows.setdefault(team_name, []).append((number, member, id_number))
        if unit_col is not None and unit_col < len(cells) and cell_text(cells[unit_col]).strip():
            units.setdefault(team_name, cell_text(cells[unit_col]).strip())
    if not rows:
        raise UserError("名单中没有队伍", "the list holds no team", str(path))
    with event.operation("import_teams", f"导入团体名单 / import teams {ranking}") as session:
        tournament = Event.tournament(session)
        index, spec = _spec(tournament, ranking)
        group = _group_of(session, tournament, spec)
        teams = [] if replace else [dict(t) for t in spec.get("teams", [])]
        for team_name, members in rows.items():
            chosen = [_member(group, m, id_number, f"{path}: 第{n}行 姓名")
                      for n, m, id_number in members]
            team = {"name": team_name, "unit": units.get(team_name) or _common_unit(chosen),
                    "members": [p.id for p in chosen]}
            _check(spec, teams, team, chosen, f"{path}: 第{members[0][0]}行 队名")
            teams.append(team)
        _store(tournament, index, spec, teams)
        session.flush()
        return _declared(tournament, {**spec, "teams": teams})


def record_lots(event: Event, ranking: str, order: Sequence[str]) -> None:
    """Record the order drawn by lots (or played off) among teams sharing a place in a team
    ranking, best first; it orders them in the standings and their awards. The teams named
    must be exactly the ones sharing that place (checked when the ranking is shown: an order
    that matches no tie changes nothing and is refused here)."""
    from app.services.ranking import team_standings

    names = [n.strip() for n in order]
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
        specs = [dict(s) for s in tournament.settings.get("team_rankings", [])]
        for spec in specs:
            if spec.get("name") == ranking:
                spec["lots"] = [*spec.get("lots", []), names]
        tournament.settings = {**tournament.settings, "team_rankings": specs}


def set_team_ranking_rules(event: Event, ranking: str, tiebreaks: Sequence[str] | None = None,
                           tie_rule: str | None = None) -> dict[str, Any]:
    """The arbiter's choice for a team ranking where the regulation is silent (qiwang) or to
    follow it (shenzhen 十一(二): `best_place`): the team tie-break chain (`best_place`, or
    individual tie-breaks summed over the members counted) and what a tie still level after it
    does (`share`: prizes shared equally; `playoff`: lots or a playoff, recorded with
    `record_lots`). One undoable operation; returns the ranking's stored rules."""
    from app.standings.awards import TieRule
    from app.standings.teams import BEST_PLACE
    from app.standings.tiebreaks import REGISTRY

    if tie_rule is not None and tie_rule not in tuple(TieRule):
        raise UserError(f"并列办法只能是 share（平分）或 playoff（抽签/加赛）：{tie_rule!r}",
                        f"the tie rule is share or playoff, not {tie_rule!r}", "tie_rule")
    with event.operation("team_ranking_rules", f"团体名次办法 {ranking} / team rules") as session:
        tournament = Event.tournament(session)
        specs = [dict(s) for s in tournament.settings.get("team_rankings", [])]
        spec = next((s for s in specs if s.get("name") == ranking), None)
        if spec is None:
            raise UserError(f"没有名为“{ranking}”的团体名次", f"no team ranking named {ranking!r}",
                            "ranking")
        if tiebreaks is not None:
            allowed = {BEST_PLACE} | (set(REGISTRY) if spec["method"] == "sum_scores" else set())
            for name in tiebreaks:
                if name not in allowed:
                    raise UserError(f"团体名次不能按“{name}”区分",
                                    f"{name!r} cannot break ties in this team ranking",
                                    "tiebreaks")
            spec["tiebreaks"] = list(tiebreaks)
        if tie_rule is not None:
            spec["tie_rule"] = tie_rule
        tournament.settings = {**tournament.settings, "team_rankings": specs}
        return {"tiebreaks": spec.get("tiebreaks"), "tie_rule": spec.get("tie_rule")}
