"""Standings of a group as the window and the printouts show them (名次区分).

Points first, then the group's tie-breaks in order; players equal on all share the place
(`3=`); a tie at a decisive place is decided by a playoff (加赛) whose order is applied here.
Sub-rankings (women, juniors) rank a filtered part of the group by the same criteria.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from sqlalchemy import select

from app.errors import UserError
from app.services.event import Event, settings_of
from app.services.queries import PlayerRef, round_is_complete, system_of
from app.services.snapshot import build_snapshot
from app.standings.crosstable import RoundCell
from app.standings.ranking import RankingRules, Standings, rank
from app.standings.tiebreaks import TieBreakOptions
from app.store.models import Group, Player, Playoff


@dataclass(frozen=True)
class StandingRow:
    rank_text: str
    place: int
    shared: bool
    player: PlayerRef
    gender: str
    points: int
    points_text: str
    values: tuple[str, ...]
    playoff_mark: str  # '' / '需加赛' / '加赛'
    prize: str
    title: str


@dataclass(frozen=True)
class PlayoffNeed:
    place: int
    players: tuple[PlayerRef, ...]


@dataclass(frozen=True)
class StandingsInfo:
    group: str
    name: str  # the ranking's own name (the group, or a sub-ranking like 公开组（女子）)
    columns: tuple[tuple[str, str], ...]  # (tie-break key, label)
    rows: tuple[StandingRow, ...]
    playoffs_needed: tuple[PlayoffNeed, ...]
    rounds_complete: int


def format_points(units: int | Fraction, scale: int = 1) -> str:
    """Points as printed: whole numbers without decimals, halves as .5."""
    value = Fraction(units) / scale
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def tiebreak_label(group: Group, name: str) -> str:
    return settings_of(group).tiebreak_label(name)


def ranking_rules(group: Group, decisive: int | None = None) -> RankingRules:
    settings = settings_of(group)
    if decisive is not None:
        settings = replace(settings, decisive_places=decisive)
    return RankingRules(
        tiebreaks=settings.tiebreaks,
        options=TieBreakOptions(
            unplayed=settings.unplayed_policy,
            cut=settings.median_cut,
            forfeit_wins_count=settings.wins_count_forfeits,
            byes_count=settings.wins_count_byes,
        ),
        decisive_places=settings.decisive(),
    )


def _table_entry(table: list[dict[str, Any]], place: int) -> dict[str, Any] | None:
    for entry in table:
        if int(entry["from"]) <= place <= int(entry["to"]):
            return entry
    return None


def prize_text(table: list[dict[str, Any]], place: int) -> str:
    entry = _table_entry(table, place)
    if entry is None:
        return ""
    parts = []
    if entry.get("money"):
        parts.append(f"{entry['money']}元")
    parts += list(entry.get("items", []))
    return "、".join(parts)


def title_text(table: list[dict[str, Any]], place: int) -> str:
    entry = _table_entry(table, place)
    return str(entry["title"]) if entry else ""


def planned_rounds(group: Group) -> int:
    """How many rounds the group plays (a round robin: as many as its table has)."""
    system = system_of(group)
    entrants = len(group.teams) if system.team else len(group.players)
    return system.planned_rounds(entrants, group.rounds)


def planned_rounds_of(event: Event, group: str) -> int:
    with event.reading() as session:
        return planned_rounds(Event.group(session, group))


def player_filter(spec: dict[str, Any]) -> Any:
    gender = spec.get("gender")
    born_from = spec.get("born_from")
    born_to = spec.get("born_to")

    def keep(player: Player) -> bool:
        if gender and player.gender != gender:
            return False
        if born_from or born_to:
            if player.birth_date is None:
                return False
            if born_from and player.birth_date < dt.date.fromisoformat(born_from):
                return False
            if born_to and player.birth_date > dt.date.fromisoformat(born_to):
                return False
        return True

    return keep


def _stored_playoffs(session: Any, group: Group) -> list[Playoff]:
    return list(session.scalars(select(Playoff).where(Playoff.group_id == group.id)
                                .order_by(Playoff.id)))


def compute_standings(
    session: Any,
    group: Group,
    *,
    name: str | None = None,
    keep: Any = None,
    prizes: list[dict[str, Any]] | None = None,
    titles: list[dict[str, Any]] | None = None,
    decisive: int | None = None,
    before_round: int | None = None,
) -> tuple[StandingsInfo, Standings]:
    """The group's standings (or a sub-ranking: `keep` filters the players); with
    `before_round`, as they stood before that round."""
    build = build_snapshot(group, partial=True, before_round=before_round)
    players = {p.id: p for p in group.players}
    among = None
    if keep is not None:
        among = [build.number_of[p.id] for p in group.players if keep(p)]
    playoffs = [
        [build.number_of[pid] for pid in playoff.order]
        for playoff in _stored_playoffs(session, group)
        if playoff.order
    ]
    complete = sum(1 for r in group.rounds_played if round_is_complete(r))
    # Playoffs are for the final order: while rounds remain, a tie is only a tie.
    finished = complete >= planned_rounds(group)
    rules = ranking_rules(group, decisive if finished else 0)
    standings = rank(build.snapshot, rules, among=among, playoffs=playoffs)
    prize_table = group.prizes if prizes is None else prizes
    title_table = group.grade_titles if titles is None else titles
    rows = []
    for row in standings.rows:
        player = players[build.player_of[row.number]]
        ref = PlayerRef(player.id, player.name, player.unit, row.number)
        values = tuple(format_points(value) for value in row.tiebreaks)
        mark = "需加赛" if row.needs_playoff else ("加赛" if row.decided_by_playoff else "")
        # A prize or title cannot be given while its place is still open for a playoff.
        undecided = row.needs_playoff
        rows.append(StandingRow(
            rank_text=row.rank_text,
            place=row.place,
            shared=row.shared,
            player=ref,
            gender=player.gender,
            points=row.points,
            points_text=format_points(row.points),
            values=values,
            playoff_mark=mark,
            prize="" if undecided else prize_text(prize_table, row.place),
            title="" if undecided else title_text(title_table, row.place),
        ))
    needs = []
    for tied in standings.playoff_groups:
        place = min(standings.place_of(n) for n in tied)
        refs = tuple(
            PlayerRef(build.player_of[n], players[build.player_of[n]].name,
                      players[build.player_of[n]].unit, n)
            for n in tied
        )
        needs.append(PlayoffNeed(place, refs))
    info = StandingsInfo(
        group=group.name,
        name=name or group.name,
        columns=tuple((tb, tiebreak_label(group, tb)) for tb in rules.tiebreaks),
        rows=tuple(rows),
        playoffs_needed=tuple(needs),
        rounds_complete=complete,
    )
    return info, standings


def knockout_standings(group: Group) -> StandingsInfo:
    """A knockout's places as its bracket decides them (huazhi 六、(三)5), so far."""
    from app.services.knockout import bracket

    team = system_of(group).team
    entrants = group.teams if team else group.players
    if len(entrants) < 2:
        # Nothing to rank yet: an empty table, not an error, while entrants are registered.
        return StandingsInfo(group.name, group.name, (), (), (), 0)
    current = bracket(group)
    places = current.places()
    if team:
        names = {t.id: (t.name, t.unit) for t in group.teams}
    else:
        names = {p.id: (p.name, p.unit) for p in group.players}
    wins: dict[int, int] = {}
    for round_matches in current.rounds:
        for match in round_matches:
            if match.is_game and match.winner is not None:
                wins[match.winner] = wins.get(match.winner, 0) + 1
    rows = []
    for entrant, place in sorted(places.items(), key=lambda item: item[1]):
        name, unit = names[entrant]
        rows.append(StandingRow(
            rank_text=str(place), place=place, shared=False,
            player=PlayerRef(entrant, name, unit, 0), gender="",
            points=wins.get(entrant, 0), points_text=str(wins.get(entrant, 0)), values=(),
            playoff_mark="", prize=prize_text(group.prizes, place),
            title=title_text(group.grade_titles, place),
        ))
    complete = sum(1 for r in group.rounds_played if round_is_complete(r))
    return StandingsInfo(group.name, group.name, (), tuple(rows), (), complete)


def standings(event: Event, group: str | None) -> StandingsInfo:
    with event.reading() as session:
        found = Event.group(session, group)
        if system_of(found).bracket:
            return knockout_standings(found)
        return compute_standings(session, found)[0]


def subrankings(event: Event, group: str | None) -> list[StandingsInfo]:
    """The group's sub-rankings (women 公开组（女子）, juniors ...), each with its prizes.

    A woman keeps her open place too (qiwang 十五、1: 女子选手可同时获得公开组、公开组（女子）名次).
    """
    with event.reading() as session:
        found = Event.group(session, group)
        return [compute_standings(session, found, **subranking_options(spec))[0]
                for spec in found.settings.get("subrankings", [])]


def subranking_options(spec: dict[str, Any]) -> dict[str, Any]:
    """`compute_standings` options for a group's sub-ranking as its settings state it."""
    return {
        "name": spec["name"],
        "keep": player_filter(spec.get("filter", {})),
        "prizes": spec.get("prizes", []),
        "titles": spec.get("grade_titles", []),
        "decisive": int(spec.get("decisive_places", 0)),
    }


def find_need(info: StandingsInfo, place: int) -> PlayoffNeed:
    for need in info.playoffs_needed:
        if need.place == place:
            return need
    raise UserError(
        f"第{place}名没有需要加赛的并列",
        f"no tie needing a playoff at place {place}",
        info.name,
    )


# ----- team standings (团体名次) ------------------------------------------------------------


@dataclass(frozen=True)
class TeamStandingRow:
    rank_text: str
    place: int | None
    team: str
    total_text: str
    values: tuple[str, ...]
    members: tuple[str, ...]
    prize: str
    note: str
    total: Fraction | None = None  # None: no team result (too few members)
    shared: bool = False  # the place is shared (3=)


@dataclass(frozen=True)
class TeamStandingsInfo:
    name: str
    method: str
    total_label: str
    columns: tuple[str, ...]
    rows: tuple[TeamStandingRow, ...]


def _teams_of(group: Group, gender: str | None) -> dict[str, list[Player]]:
    """Registered teams where the group has them, else the players' units (单位)."""
    if group.teams:
        teams = {t.name: [m.player for m in t.members] for t in group.teams}
    else:
        teams = {}
        for player in group.players:
            if player.unit:
                teams.setdefault(player.unit, []).append(player)
    if gender:
        teams = {name: [p for p in members if p.gender == gender] for name, members in
                 teams.items()}
    return {name: members for name, members in teams.items() if members}


def team_standings(event: Event) -> list[TeamStandingsInfo]:
    """Every team ranking the event's regulation asks for (qiwang 十五2, shenzhen 十一(二))."""
    from app.standings.awards import TeamAwardRule, team_award_places
    from app.standings.subranking import Gender
    from app.standings.teams import PlaceEntry, place_sum_ranking, score_sum_ranking

    with event.reading() as session:
        tournament = Event.tournament(session)
        groups = {g.name: g for g in tournament.groups}
        result = []
        for spec in tournament.settings.get("team_rankings", []):
            members_named: dict[int, str] = {}
            if spec["method"] == "sum_scores":
                group = groups[spec["groups"][0]]
                _info, standings = compute_standings(session, group)
                numbers = build_snapshot(group).number_of
                teams = _teams_of(group, spec.get("gender"))
                for members in teams.values():
                    for p in members:
                        members_named[numbers[p.id]] = p.name
                rows = score_sum_ranking(
                    standings,
                    {name: [numbers[p.id] for p in members] for name, members in teams.items()},
                    int(spec.get("members", 3)),
                    tuple(spec.get("tiebreaks", ())),
                )
                total_label, columns = "积分", tuple(spec.get("tiebreaks", ()))
            elif spec["method"] == "best_places":
                entries = []
                for name in spec["groups"]:
                    group = groups[name]
                    info, _ = compute_standings(session, group)
                    for row in info.rows:
                        if row.player.unit and row.gender in ("M", "F"):
                            members_named[row.player.id] = row.player.name
                            entries.append(PlaceEntry(
                                row.player.id, row.player.unit,
                                Gender.MALE if row.gender == "M" else Gender.FEMALE, row.place))
                rows = place_sum_ranking(entries, int(spec.get("men", 2)),
                                         int(spec.get("women", 1)))
                total_label, columns = "名次和", ("最好名次",)
            else:
                raise UserError(f"未知的团体计分方法 {spec['method']}",
                                f"unknown team method {spec['method']}", spec.get("name", ""))
            placed = sum(1 for row in rows if row.place is not None)
            prizes = list(spec.get("prizes", []))
            awarded = team_award_places(placed, max((int(p["to"]) for p in prizes), default=0),
                                        TeamAwardRule(spec.get("award_rule", "full")))
            out_rows = []
            for row in rows:
                prize = ""
                if row.place is not None and row.place <= awarded:
                    prize = prize_text(prizes, row.place)
                note = "" if row.place is not None else "人数不足，不计团体成绩"
                out_rows.append(TeamStandingRow(
                    rank_text=row.rank_text, place=row.place, team=row.team,
                    total_text=format_points(row.total) if row.place is not None else "",
                    values=tuple(format_points(v) for v in row.values),
                    members=tuple(members_named.get(m, str(m)) for m in row.members),
                    prize=prize, note=note,
                    total=row.total if row.place is not None else None, shared=row.shared,
                ))
            result.append(TeamStandingsInfo(spec["name"], spec["method"], total_label,
                                            columns, tuple(out_rows)))
        return result


# ----- crosstable (交叉表) ---------------------------------------------------------------


@dataclass(frozen=True)
class CrosstableInfo:
    """A group's crosstable in standings order, typed; the window and the paper word it."""

    group: str
    round_robin: bool
    rounds: int
    players: tuple[PlayerRef, ...]  # in standings order
    places: tuple[int, ...]
    shared: tuple[bool, ...]  # the place is shared (3=)
    points: tuple[int, ...]  # in the group's units
    draw_points: int  # what a draw is worth, in the same units
    # Swiss: per player one cell per round (opponent's place in this order, colour, outcome).
    by_round: tuple[tuple[RoundCell, ...], ...]
    # Round robin: per player, per row of the table, the points of each game; None = self.
    against: tuple[tuple[tuple[int, ...] | None, ...], ...]


def crosstable(event: Event, group: str | None) -> CrosstableInfo:
    """The group's crosstable in standings order (交叉表)."""
    from app.standings.crosstable import crosstable as build_crosstable

    with event.reading() as session:
        found = Event.group(session, group)
        info, _plain = compute_standings(session, found)
        build = build_snapshot(found, partial=True)
        order = [row.player.number for row in info.rows]
        table = build_crosstable(build.snapshot, order)
        return CrosstableInfo(
            group=found.name, round_robin=system_of(found).round_robin, rounds=table.rounds,
            players=tuple(row.player for row in info.rows),
            places=tuple(row.place for row in info.rows),
            shared=tuple(row.shared for row in info.rows),
            points=tuple(row.points for row in info.rows),
            draw_points=build.snapshot.points.draw,
            by_round=tuple(row.rounds for row in table.rows),
            against=tuple(row.against for row in table.rows),
        )
