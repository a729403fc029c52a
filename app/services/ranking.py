"""Standings of a group as the window and the printouts show them (名次区分), with the awards
(录取与奖励) each ranking gives.

The rules live in `app.standings`: ranking and shared places (`ranking`), which ties are played
off and what every place receives (`awards`: prize and title tables, shares, declines),
sub-rankings (`subranking`) and team rankings (`teams`). This module reads the event, hands the
core plain values, and turns its typed answers into the rows the window and the printouts show.
Nothing is final before it is final: while rounds or decisive playoffs remain, a ranking is
provisional (临时，非最终) and says so in its legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

from app.errors import UserError
from app.group_settings import GroupSettings, SubRanking
from app.imports.rules import MergeRules
from app.pairing.system import System
from app.pairing.types import unit_key
from app.results import LevelDecision
from app.services.event import Event, settings_of
from app.services.lookup import planned_rounds as planned_rounds  # where it was read
from app.services.queries import PlayerRef, round_is_complete, system_of, withdrawn_from
from app.services.snapshot import SnapshotBuild, build_snapshot
from app.services.team_specs import list_rules, player_list, team_specs
from app.standings.awards import (
    Award,
    AwardBasis,
    AwardList,
    AwardScheme,
    Declines,
    GradeTable,
    Placing,
    Prize,
    PrizeTable,
    TieRule,
    decide_awards,
    open_ties,
    placings,
    team_award_places,
)
from app.standings.crosstable import CrosstableRow, GridNotes, RoundCell, RoundNotes
from app.standings.legend import LegendLine, Note, TeamNote
from app.standings.ranking import PlayoffState, RankingRules, Standings, rank
from app.standings.stakes import PlayoffReason
from app.standings.subranking import (
    Gender,
    PlayerProfile,
    open_places,
    profile_filter,
    sub_ranking,
    where,
)
from app.standings.teams import BEST_PLACE, TeamRow, apply_orders
from app.standings.tiebreaks import TieBreakContext, TieBreakOptions
from app.store.models import Group, Player, Playoff
from app.team_rankings import TeamMethod, TeamRankingSpec

if TYPE_CHECKING:
    from app.pairing.knockout import Bracket, LotsDraw
    from app.pairing.team_swiss import PrimaryScore


@dataclass(frozen=True)
class StandingRow:
    """One line of a ranking, typed; `app.wording` words it (`3=`, `4.5`, 需加赛, 6000元、奖状)."""

    place: int
    shared: bool  # 并列 (printed `3=`)
    player: PlayerRef
    gender: str
    points: int  # in the group's units (a knockout: games won)
    tiebreaks: tuple[Fraction, ...] = ()  # the core's values, in the order of the columns
    playoff: PlayoffState = PlayoffState.NONE
    award: Award | None = None  # the typed decision (prize, title, rule applied, declines)
    open_place: int | None = None  # a sub-ranking: the place in the open ranking (qiwang 十五1)
    open_shared: bool = False  # ... and whether it is shared there
    # a knockout: the matches on the way to the place decided by lots (第1轮抽签负)
    lots_path: tuple[LotsDraw, ...] = ()


@dataclass(frozen=True)
class PlayoffNeed:
    place: int
    players: tuple[PlayerRef, ...]
    why: PlayoffReason  # what differs across its places (`app.wording.reason_text` words it)
    open_playoff: int | None = None  # the undecided playoff already opened for this tie


@dataclass(frozen=True)
class StandingsInfo:
    group: str
    name: str  # the ranking's own name (the group, or a sub-ranking like 公开组（女子）)
    columns: tuple[tuple[str, str], ...]  # (tie-break key, label)
    rows: tuple[StandingRow, ...]
    playoffs_needed: tuple[PlayoffNeed, ...]
    rounds_complete: int
    rounds_planned: int = 0
    final: bool = True  # False: provisional (临时，非最终): rounds or decisive playoffs remain
    legend: tuple[LegendLine, ...] = ()  # the policies in force, one line each (printed below)
    awards: AwardList | None = None
    sub: bool = False  # a sub-ranking (women, juniors): rows show the open place
    primary: PrimaryScore | None = None  # a Team Swiss: the score `points` is (场分 / 局分)
    # A Team Swiss: the ties between teams that touch the awards, to be drawn by lots
    # (team-lots --group; never an individual playoff), with the reason
    lots_needed: tuple[PlayoffNeed, ...] = ()
    # A knockout: ranked by its bracket, `points` are the matches won (胜场); `teams`: its
    # rows are teams (a team knockout)
    knockout: bool = False
    teams: bool = False
    # The cross-group round (复赛): it ranks nobody, its matches' winners go on to the final
    # (no rows; `app.services.cross_group` has its matches and qualifiers)
    qualifying_round: bool = False


def tiebreak_label(group: Group, name: str) -> str:
    return settings_of(group).tiebreak_label(name)


def _columns(group: Group) -> tuple[tuple[str, str], ...]:
    """A players' ranking's tie-break columns: (key, the group's label), in order."""
    return tuple((tb, tiebreak_label(group, tb)) for tb in settings_of(group).tiebreaks)


def tiebreak_columns(event: Event, group: str | None) -> tuple[tuple[str, str], ...]:
    """The tie-break columns of the group's standings, without working the standings out
    (a knockout ranks by its bracket: none)."""
    with event.reading() as session:
        found = Event.group(session, group)
        if system_of(found) is System.TEAM_SWISS:

            return team_swiss_standings(found).columns
        return () if system_of(found).bracket else _columns(found)


def award_scheme(group: Group, sub: SubRanking | None = None) -> AwardScheme:
    """The awards of the group's ranking (or of one of its sub-rankings) as its settings and
    tables state them; the places its prize and title tables reward are its decisive places,
    there is no separate number (2016 八(二)1, shenzhen 九(一))."""
    settings = settings_of(group)
    prizes = settings.prizes if sub is None else sub.prizes
    titles = settings.grade_titles if sub is None else sub.grade_titles
    return AwardScheme(
        prizes=PrizeTable(tuple((e.places.first, e.places.last, Prize(e.money, e.items))
                                for e in prizes)) if prizes else None,
        grades=GradeTable(tuple((e.places.first, e.places.last, e.title) for e in titles),
                          settings.grade_titles_passed_down) if titles else None,
        tie_rule=TieRule(settings.tie_rule),
        playoffs=settings.playoffs,
        playoff_all_admitted=settings.playoff_all_admitted,
        # A Team Swiss group's teams play no playoff: a tie that waits waits for lots.
        waiting=(AwardBasis.AWAITING_LOTS if system_of(group) is System.TEAM_SWISS
                 else AwardBasis.AWAITING_PLAYOFF),
    )


def ranking_rules(group: Group, stakes: AwardScheme | None = None) -> RankingRules:
    settings = settings_of(group)
    return RankingRules(
        tiebreaks=settings.tiebreaks,
        options=TieBreakOptions(
            unplayed=settings.unplayed_policy,
            cut=settings.median_cut,
            forfeit_wins_count=settings.wins_count_forfeits,
            byes_count=settings.wins_count_byes,
        ),
        stakes=stakes,
    )


def planned_rounds_of(event: Event, group: str) -> int:
    with event.reading() as session:
        return planned_rounds(Event.group(session, group))


def _profiles(group: Group, number_of: dict[int, int]) -> list[PlayerProfile]:
    genders = {"M": Gender.MALE, "F": Gender.FEMALE}
    return [PlayerProfile(number_of[p.id], genders.get(p.gender), p.birth_date, p.unit, p.name)
            for p in group.players if p.id in number_of]


def _sub_members(group: Group, number_of: dict[int, int], spec: SubRanking
                 ) -> frozenset[int]:
    """Pairing numbers of the players a sub-ranking keeps (its `filter`)."""
    rule = spec.filter
    gender = {"M": Gender.MALE, "F": Gender.FEMALE}.get(rule.gender.value if rule.gender
                                                      else "")
    return where(_profiles(group, number_of), profile_filter(gender, rule.born_from,
                                                             rule.born_to))


def _stored_playoffs(session: Any, group: Group) -> list[Playoff]:
    return list(session.scalars(select(Playoff).where(Playoff.group_id == group.id)
                                .order_by(Playoff.id)))


def playoff_kept(playoff: Playoff, key: str, default: str) -> str:
    """What a playoff keeps on its first game (format, ranking, reason): the row has no
    column for them."""
    return str(next((g.record[key] for g in playoff.games if key in g.record), default))


def declines_of(group: Group, ranking: str, number_of: dict[int, int]) -> Declines:
    """The titles and prizes declined in `ranking` (recorded by `decline_award`)."""
    titles: set[int | str] = set()
    prizes: set[int | str] = set()
    for entry in group.tournament.settings.get("declines", []):
        if entry.get("ranking") == ranking and entry.get("player") in number_of:
            target = titles if entry.get("what") == "title" else prizes
            target.add(number_of[entry["player"]])
    return Declines(frozenset(titles), frozenset(prizes))


def wins_legend(settings: GroupSettings) -> LegendLine:
    """The legend's line of what 胜局 counts in a group (`tiebreaks.wins`): forfeit wins and
    byes as its settings say; in a double-game group (双盘制) the rounds won, a round's result
    being its two games together (2016 七(三): 以两盘结果综合作为当轮对局结果), as SP98 counts
    one result a round."""
    return LegendLine(Note.WINS, unplayed=settings.unplayed_policy,
                      forfeit_wins=settings.wins_count_forfeits, byes=settings.wins_count_byes,
                      matches=settings.games_per_round == 2)


def _legend(group: Group, scheme: AwardScheme, final: bool, complete: int, planned: int,
            pending: int, sub: bool) -> tuple[LegendLine, ...]:
    """The policies the ranking is computed under, and whether it is final."""
    settings: GroupSettings = settings_of(group)
    lines = []
    if not final:
        lines.append(LegendLine(Note.PROVISIONAL, complete=complete, planned=planned,
                                pending=pending))
    lines.append(LegendLine(Note.UNPLAYED, unplayed=settings.unplayed_policy,
                            label=settings.tiebreak_label("buchholz")))
    if "wins" in settings.tiebreaks:
        lines.append(wins_legend(settings))
    lines.append(LegendLine(Note.TIE_RULE, tie_rule=scheme.tie_rule) if scheme.playoffs
                 else LegendLine(Note.NO_PLAYOFFS))
    if scheme.playoff_all_admitted:
        lines.append(LegendLine(Note.ALL_ADMITTED))
    if scheme.grades is not None:
        lines.append(LegendLine(Note.GRADES, passed_down=scheme.grades.passed_down))
    if sub:
        lines.append(LegendLine(Note.SUB_RANKING))
    return tuple(lines)


def _rows(standings: Standings, players: dict[int, Player], build: SnapshotBuild,
          decided: AwardList, opened: dict[int, Any]) -> tuple[StandingRow, ...]:
    """The ranking's lines: each player with his award and, in a sub-ranking, his open place."""
    rows = []
    for row in standings.rows:
        player = players[build.player_of[row.number]]
        open_row = opened.get(row.number)
        rows.append(StandingRow(
            place=row.place,
            shared=row.shared,
            player=PlayerRef(player.id, player.name, player.unit, row.number,
                             withdrawn_from(player)),
            gender=player.gender,
            points=row.points,
            tiebreaks=row.tiebreaks,
            playoff=row.playoff,
            award=decided.of(row.number),
            open_place=open_row.place if open_row is not None else None,
            open_shared=open_row.shared if open_row is not None else False,
        ))
    return tuple(rows)


def _needs(standings: Standings, players: dict[int, Player], build: SnapshotBuild,
           open_playoffs: dict[frozenset[int], int]) -> tuple[PlayoffNeed, ...]:
    """The ties to play off, with the playoff already opened for each (if any)."""
    needs = []
    for need in standings.needs:
        refs = tuple(
            PlayerRef(build.player_of[n], players[build.player_of[n]].name,
                      players[build.player_of[n]].unit, n)
            for n in need.players
        )
        needs.append(PlayoffNeed(need.place, refs, need.reason,
                                 open_playoffs.get(frozenset(ref.id for ref in refs))))
    return tuple(needs)


def _ranked(build: SnapshotBuild, group: Group, rules: RankingRules, sub: SubRanking | None,
            open_ranking: Standings | None, orders: _Orders, finished: bool,
            context: TieBreakContext) -> tuple[Standings, Standings | None]:
    """The core's ranking (the group's, or a sub-ranking of it with the open ranking its
    players keep their places from)."""
    playoffs, lots = orders.playoffs, orders.lots
    if sub is None:
        return rank(build.snapshot, rules, playoffs=playoffs, lots=lots,
                    context=context), open_ranking
    members = _sub_members(group, build.number_of, sub)
    standings = sub_ranking(build.snapshot, rules, members, playoffs=playoffs, lots=lots,
                            context=context)
    if open_ranking is None:
        open_ranking = rank(build.snapshot, ranking_rules(group, award_scheme(group)
                                                          if finished else None),
                            playoffs=playoffs, lots=lots, context=context)
    return standings, open_ranking


@dataclass(frozen=True)
class _Orders:
    """The orders among tied players the ranking applies, by pairing number, best first: the
    playoffs decided, and the lots drawn (`GroupSettings.lots`, once every round is played:
    lots decide the final order only)."""

    playoffs: list[list[int]]
    lots: list[list[int]]


def _orders(group: Group, build: SnapshotBuild, stored: list[Playoff],
            finished: bool) -> _Orders:
    numbers = build.number_of
    lots = [[numbers[pid] for pid in order] for order in settings_of(group).lots
            if all(pid in numbers for pid in order)] if finished else []
    return _Orders([[numbers[pid] for pid in playoff.order] for playoff in stored
                    if playoff.order], lots)


def _lots_legend(standings: Standings, orders: _Orders, players: dict[int, Player],
                 build: SnapshotBuild) -> list[LegendLine]:
    """A legend line for each tie of this ranking the lots decided: its places and the order
    drawn, by the players' names (`LegendLine(Note.LOTS)`, as a team's lots are said)."""
    rows = {row.number: row for row in standings.rows}
    lines = []
    for order in orders.lots:
        if order and all(n in rows and rows[n].decided_by_lots for n in order):
            first = min(rows[n].place for n in order)
            lines.append(LegendLine(Note.LOTS, ties=((first, first + len(order) - 1),),
                                    named=tuple(players[build.player_of[n]].name
                                                for n in order)))
    return lines


def compute_standings(
    session: Any,
    group: Group,
    *,
    sub: SubRanking | None = None,
    open_ranking: Standings | None = None,
    before_round: int | None = None,
    build: SnapshotBuild | None = None,
    context: TieBreakContext | None = None,
) -> tuple[StandingsInfo, Standings]:
    """The group's standings (or a sub-ranking as its settings `sub` state it), with the
    awards decided by `app.standings.awards` for its own prize and title tables; with
    `before_round`, as they stood before that round (provisional). `build` and `context`:
    the group's snapshot and its tie-break context when already made (`rankings` works a
    group's rankings out over one of each)."""
    if build is None:
        build = build_snapshot(group, partial=True, before_round=before_round)
    players = {p.id: p for p in group.players}
    name = group.name if sub is None else sub.name
    scheme = award_scheme(group, sub)
    stored = _stored_playoffs(session, group)
    open_playoffs = {frozenset(playoff.player_ids): playoff.id for playoff in stored
                     if not playoff.order
                     and playoff_kept(playoff, "ranking", group.name) == name}
    complete = sum(1 for r in group.rounds_played if round_is_complete(r)
                   and (before_round is None or r.number < before_round))
    planned = planned_rounds(group)
    # Playoffs are for the final order: while rounds remain, a tie is only a tie.
    finished = complete >= planned > 0
    rules = ranking_rules(group, scheme if finished else None)
    if context is None:
        context = TieBreakContext(build.snapshot, rules.options)
    orders = _orders(group, build, stored, finished)
    standings, open_ranking = _ranked(build, group, rules, sub, open_ranking, orders,
                                      finished, context)
    opened = open_places(open_ranking, standings) if open_ranking is not None else {}
    decided = decide_awards(placings(standings), scheme, final=finished,
                            declines=declines_of(group, name, build.number_of))
    info = StandingsInfo(
        group=group.name,
        name=name,
        columns=_columns(group),
        rows=_rows(standings, players, build, decided, opened),
        playoffs_needed=_needs(standings, players, build, open_playoffs),
        rounds_complete=complete,
        rounds_planned=planned,
        final=decided.final,
        legend=(*_legend(group, scheme, decided.final, complete, planned,
                         len(standings.needs), sub is not None),
                *_lots_legend(standings, orders, players, build)),
        awards=decided,
        sub=sub is not None,
    )
    return info, standings


def knockout_standings(group: Group) -> StandingsInfo:
    """A knockout's places as its bracket decides them (huazhi 六、(三)5), so far. A last-round
    match decided by lots (抽签, huazhi 八、(五): a level team match, an individual one neither
    of whose players came) decided its two entrants' places so: their awards say 抽签决定名次,
    as the award lists must say how a tie was decided; one earlier on an entrant's path is
    said on its line (`lots_path`: 第1轮抽签负). `points` count the matches won (胜场): an
    individual match decided by lots is no match won (no game was played)."""
    from app.services.knockout import decided_bracket

    team = system_of(group).team
    entrants = group.teams if team else group.players
    if len(entrants) < 2:
        # Nothing to rank yet: an empty table, not an error, while entrants are registered.
        return StandingsInfo(group.name, group.name, (), (), (), 0, knockout=True, teams=team)
    current = decided_bracket(group)
    places = current.places()
    # the place decided by lots where the match that decided it was (抽签决定名次); earlier
    # lots on the path are said on the line (`StandingRow.lots_path`)
    by_lots = {entrant for entrant in places
               if (deciding := current.place_match(entrant)) is not None
               and deciding.decided_by is LevelDecision.LOTS}
    if team:
        from app.services.team_swiss import team_withdrawn_from

        names = {t.id: (t.name, t.unit, team_withdrawn_from(t)) for t in group.teams}
    else:
        names = {p.id: (p.name, p.unit, withdrawn_from(p)) for p in group.players}
    wins = _matches_won(current, team)
    complete = sum(1 for r in group.rounds_played if round_is_complete(r))
    planned = planned_rounds(group)
    ordered = sorted(places.items(), key=lambda item: item[1])
    scheme = award_scheme(group)
    decided = decide_awards([Placing(entrant, place, decided_by=AwardBasis.LOTS
                                     if entrant in by_lots else None)
                             for entrant, place in ordered], scheme, final=complete >= planned)
    rows = []
    for entrant, place in ordered:
        name, unit, gone = names[entrant]  # a withdrawal (第3轮起退赛) shown on its line
        rows.append(StandingRow(
            place=place, shared=False, player=PlayerRef(entrant, name, unit, 0, gone), gender="",
            points=wins.get(entrant, 0), award=decided.of(entrant),
            lots_path=current.lots_path(entrant),
        ))
    legend = () if decided.final else (LegendLine(Note.PROVISIONAL, complete=complete,
                                                  planned=planned, knockout=True),)
    return StandingsInfo(group.name, group.name, (), tuple(rows), (), complete, planned,
                         decided.final, legend, decided, knockout=True, teams=team)


def _matches_won(bracket: Bracket, team: bool) -> dict[int, int]:
    """Each entrant's matches won (胜场) in the bracket so far: a bye is none, and nor is an
    individual match the lots decided, neither player having come (no game was played)."""
    wins: dict[int, int] = {}
    for round_matches in bracket.rounds:
        for match in round_matches:
            unplayed = not team and match.decided_by is LevelDecision.LOTS
            if match.is_game and match.winner is not None and not unplayed:
                wins[match.winner] = wins.get(match.winner, 0) + 1
    return wins


def team_swiss_standings(group: Group, before_round: int | None = None) -> StandingsInfo:
    """The Team Swiss standings (团体积分编排名次): each team's primary score as its points, the
    chain's values (FIDE C.07) as its columns, the awards of the group's prize table; with
    `before_round`, over the rounds before it only (the venue's posted standings)."""
    from app.pairing.team_swiss import PrimaryScore
    from app.services.team_swiss import (
        seeded_teams,
        team_records,
        team_withdrawn_from,
        tiebreaks_of,
    )
    from app.standings.team_swiss import TIEBREAKS, rank_teams

    teams = seeded_teams(group)
    chain = tiebreaks_of(group)
    columns = tuple((key, TIEBREAKS[key].zh) for key in chain)
    primary = PrimaryScore(settings_of(group).team_swiss_primary)
    if len(teams) < 2:
        return StandingsInfo(group.name, group.name, columns, (), (), 0, primary=primary)
    places = {p.number: p for p in rank_teams(team_records(group, before_round), primary,
                                               chain)}
    by_number = {k: t for k, t in enumerate(teams, start=1)}
    complete = sum(1 for r in group.rounds_played if round_is_complete(r)
                   and (before_round is None or r.number < before_round))
    planned = planned_rounds(group)
    finished = complete >= planned > 0
    settings = settings_of(group)
    # The orders drawn by lots (team-lots --group), the decision a team ranking's lots are.
    drawn = apply_orders([TeamRow(by_number[p.number].name, p.place, p.shared, None, p.values,
                                  (p.number,)) for p in places.values()],
                         settings.team_lots if finished else ())
    scheme = award_scheme(group)
    entries, reasons = open_ties(
        [Placing(row.members[0], row.place, row.shared, decided_by=row.decided_by)
         for row in drawn], scheme, finished)
    decided = decide_awards(entries, scheme, final=finished)
    rows = tuple(StandingRow(
        place=e.place or 0, shared=e.shared,
        player=PlayerRef(by_number[n].id, by_number[n].name, by_number[n].unit, n,
                         team_withdrawn_from(by_number[n])),
        gender="", points=places[n].match_points if primary is PrimaryScore.MATCH
        else places[n].game_points,
        tiebreaks=places[n].values, award=decided.of(n))
        for e in entries for n in (int(e.key),))
    lots = tuple(PlayoffNeed(place, tuple(r.player for r in rows if r.place == place), why)
                 for place, why in sorted(reasons.items()))
    legend: list[LegendLine] = []
    if not decided.final:
        legend.append(LegendLine(Note.PROVISIONAL, complete=complete, planned=planned,
                                 pending=len(lots), lots=True))
    legend.append(LegendLine(Note.TEAM_SWISS_TIE,
                             tie_rule=scheme.tie_rule if scheme.playoffs else TieRule.SHARE))
    legend += _lots_drawn(settings.team_lots, drawn)
    return StandingsInfo(group.name, group.name, columns, rows, (), complete, planned,
                         decided.final, tuple(legend), decided, primary=primary,
                         lots_needed=lots)


def qualifying_round_standings(group: Group) -> StandingsInfo:
    """The cross-group round's standings: none (huazhi 五、(二), 五、(三)2: one round whose
    match winners go on to the final; its players score nothing of a ranking)."""
    complete = sum(1 for r in group.rounds_played if round_is_complete(r))
    planned = planned_rounds(group)
    return StandingsInfo(group.name, group.name, (), (), (), complete, planned,
                         final=complete >= planned > 0,
                         legend=(LegendLine(Note.QUALIFYING_ROUND),), teams=True,
                         qualifying_round=True)


def standings(event: Event, group: str | None) -> StandingsInfo:
    with event.reading() as session:
        found = Event.group(session, group)
        if system_of(found).bracket:
            return knockout_standings(found)
        if system_of(found) is System.CROSS_GROUP:
            return qualifying_round_standings(found)
        if system_of(found) is System.TEAM_SWISS:

            return team_swiss_standings(found)
        return compute_standings(session, found)[0]


def _with_subrankings(session: Any, group: Group
                      ) -> tuple[StandingsInfo, tuple[StandingsInfo, ...]]:
    """The group's standings and its sub-rankings over one snapshot, one tie-break context
    and one open ranking (the sub-rankings take their open places from it)."""
    build = build_snapshot(group, partial=True)
    context = TieBreakContext(build.snapshot, ranking_rules(group).options)
    info, plain = compute_standings(session, group, build=build, context=context)
    subs = tuple(compute_standings(session, group, sub=spec, open_ranking=plain, build=build,
                                   context=context)[0]
                 for spec in settings_of(group).subrankings)
    return info, subs


def rankings(event: Event, group: str | None
             ) -> tuple[StandingsInfo, tuple[StandingsInfo, ...]]:
    """The group's standings and its sub-rankings (women 公开组（女子）, juniors ...), each with
    its prizes, worked out together; a knockout has its bracket's places and no sub-ranking.
    A woman keeps her open place too (qiwang 十五、1: 女子选手可同时获得公开组、公开组（女子）名次)."""
    with event.reading() as session:
        found = Event.group(session, group)
        if system_of(found).bracket:
            return knockout_standings(found), ()
        if system_of(found) is System.CROSS_GROUP:
            return qualifying_round_standings(found), ()
        if system_of(found) is System.TEAM_SWISS:

            return team_swiss_standings(found), ()
        return _with_subrankings(session, found)



def subranking_options(spec: SubRanking | dict[str, Any], group: Group | None = None
                       ) -> dict[str, Any]:
    """`compute_standings` options for a group's sub-ranking (typed, or as stored by name)."""
    if isinstance(spec, SubRanking):
        return {"sub": spec}
    assert group is not None
    found = settings_of(group).subranking(str(spec["name"]))
    return {"sub": found}


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
    """One team's line, typed; a team without a result (too few members) has no place and no
    total (shown empty, never 0: a sum of places reads 0 best)."""

    place: int | None
    team: str
    total: Fraction | None
    values: tuple[Fraction, ...]  # the team tie-break chain, in the order of the columns
    members: tuple[str, ...]
    note: TeamNote = TeamNote.NONE
    award: Award | None = None
    why: PlayoffReason | None = None  # a tie to settle by lots or playoff, and why
    shared: bool = False  # the place is shared (3=)


@dataclass(frozen=True)
class TeamStandingsInfo:
    name: str
    method: TeamMethod  # the members' points added, or their places added
    columns: tuple[tuple[str, str], ...]  # the chain: (criterion key, the group's label)
    rows: tuple[TeamStandingRow, ...]
    final: bool = True
    legend: tuple[LegendLine, ...] = ()  # how teams were formed, the chain, the tie rule
    awards: AwardList | None = None
    declared: bool = False  # teams as the units declared them (else each unit's best N)
    # Ties over places worth different things where the regulation gives no team tie rule:
    # (first, last) of each; the arbiter sets a chain, draws lots or has them shared.
    asks: tuple[tuple[int, int], ...] = ()


def _teams_of(group: Group, spec: TeamRankingSpec, rules: MergeRules
              ) -> dict[str, list[Player]]:
    """The declared teams of the ranking; else registered teams of the group; else the players'
    units (单位); of the ranking's gender, and only players its member rule admits (qiwang
    十二(四)4: a 外卡 player counts for no team)."""
    by_id = {p.id: p for p in group.players}
    if spec.teams:
        teams = {t.name: [by_id[pid] for pid in t.members if pid in by_id] for t in spec.teams}
    elif group.teams:
        teams = {t.name: [m.player for m in t.members] for t in group.teams}
    else:
        teams = {}
        for player in group.players:
            if unit_key(player.unit):
                teams.setdefault(unit_key(player.unit), []).append(player)
    rule = spec.member_rule

    def counts(player: Player) -> bool:
        return ((not spec.gender or player.gender == spec.gender)
                and (rule is None or rule.admits(player_list(rules, player))))

    teams = {name: [p for p in members if counts(p)] for name, members in teams.items()}
    return {name: members for name, members in teams.items() if members or spec.teams}


@dataclass(frozen=True)
class _TeamRows:
    """The core's rows of one team ranking with what the standings show beside them."""

    rows: tuple[TeamRow, ...]
    names: dict[int, str]  # members' names by pairing number (or player id)
    final: bool  # the groups it counts are final
    columns: tuple[tuple[str, str], ...]  # the chain: (criterion, the group's label)


class GroupStandings:
    """Each group's standings worked out once for all the team rankings made together: an
    event's team rankings draw on the same groups (qiwang's four on two), and each group's
    standings were worked out again for every ranking that reads it."""

    def __init__(self, session: Any) -> None:
        self._session = session
        self._found: dict[int, tuple[StandingsInfo, Standings]] = {}

    def of(self, group: Group) -> tuple[StandingsInfo, Standings]:
        if group.id not in self._found:
            self._found[group.id] = compute_standings(self._session, group)
        return self._found[group.id]


def _member_name(name: str, withdrawn: int | None) -> str:
    """A team member as the team's line lists him: a member who withdrew marked so
    (`张六（第3轮起退赛）`), since his results still count for the team (qiwang 十二(四)4:
    the members' results summed) and the arbiter should see why they stop."""
    from app import wording

    return wording.withdrawn_row_text(name, withdrawn)


def _score_sum_rows(standings: GroupStandings, group: Group, spec: TeamRankingSpec,
                    rules: MergeRules) -> _TeamRows:
    from app.standings.teams import score_sum_ranking

    info, plain = standings.of(group)
    numbers = build_snapshot(group, partial=True).number_of
    teams = _teams_of(group, spec, rules)
    names = {numbers[p.id]: _member_name(p.name, withdrawn_from(p))
             for members in teams.values() for p in members}
    rows = score_sum_ranking(
        plain, {name: [numbers[p.id] for p in members] for name, members in teams.items()},
        spec.members, spec.tiebreaks)
    labels = tuple((c, "" if c == BEST_PLACE else tiebreak_label(group, c))
                   for c in spec.tiebreaks)
    return _TeamRows(rows, names, info.final, labels)


def _place_sum_rows(standings: GroupStandings, groups: dict[str, Group],
                    spec: TeamRankingSpec) -> _TeamRows:
    from app.standings.subranking import Gender as CoreGender
    from app.standings.teams import PlaceEntry, place_sum_ranking

    names: dict[int, str] = {}
    final = True
    entries = []
    for name in spec.groups:
        info, _ = standings.of(groups[name])
        final = final and info.final
        for row in info.rows:
            if unit_key(row.player.unit) and row.gender in ("M", "F"):
                names[row.player.id] = _member_name(row.player.name, row.player.withdrawn_from)
                entries.append(PlaceEntry(
                    row.player.id, unit_key(row.player.unit),
                    CoreGender.MALE if row.gender == "M" else CoreGender.FEMALE, row.place))
    rows = place_sum_ranking(entries, spec.men, spec.women, spec.tiebreaks)
    return _TeamRows(rows, names, final, tuple((c, "") for c in spec.tiebreaks))


def _team_rows(standings: GroupStandings, groups: dict[str, Group], spec: TeamRankingSpec,
               rules: MergeRules) -> _TeamRows:
    """The core's team rows for one team ranking."""
    missing = [name for name in spec.groups if name not in groups]
    if missing:
        raise UserError(f"团体名次“{spec.name}”所依据的组别“{missing[0]}”不存在",
                        f"team ranking {spec.name!r}: no group {missing[0]!r}",
                        f"team_rankings[{spec.name}].groups")
    if spec.method is TeamMethod.SUM_SCORES:
        return _score_sum_rows(standings, groups[spec.groups[0]], spec, rules)
    return _place_sum_rows(standings, groups, spec)


def _lots_drawn(lots: tuple[tuple[str, ...], ...], rows: tuple[TeamRow, ...]
               ) -> list[LegendLine]:
    """A legend line for each tie the lots decided: its places and the order drawn."""
    lines = []
    places = {row.team: row.place for row in rows if row.decided and row.place is not None}
    for order in lots:
        if order and all(team in places for team in order):
            first = min(places[team] for team in order)
            lines.append(LegendLine(Note.LOTS, ties=((first, first + len(order) - 1),),
                                    named=order))
    return lines


def _team_legend(spec: TeamRankingSpec, info: TeamStandingsInfo, rows: tuple[TeamRow, ...],
                 placed: int, awarded: int, table_places: int) -> tuple[LegendLine, ...]:
    """How the teams were formed and ranked, the tie rule (or that the regulation gives none
    and what the arbiter must choose), what the lots decided, and whether it is final."""
    lines = []
    if not info.final:
        lines.append(LegendLine(Note.TEAM_PROVISIONAL))
    if spec.method is TeamMethod.SUM_SCORES:
        lines.append(LegendLine(Note.TEAM_DECLARED) if spec.teams
                     else LegendLine(Note.TEAM_BEST, count=spec.members))
    else:
        lines.append(LegendLine(Note.TEAM_PLACES, men=spec.men, women=spec.women))
    if spec.member_rule is not None:
        lines.append(LegendLine(Note.TEAM_MEMBERS, lists=spec.member_rule.lists,
                                clause=spec.member_rule.clause))
    lines.append(LegendLine(Note.TEAM_CHAIN, criteria=info.columns, tie_rule=spec.tie_rule))
    if info.asks:
        lines.append(LegendLine(Note.TEAM_NO_RULE, ties=info.asks))
    lines += _lots_drawn(spec.lots, rows)
    lines.append(LegendLine(Note.TEAM_SHORT))
    if awarded < table_places:
        lines.append(LegendLine(Note.TEAM_AWARDED, teams=placed, awarded=awarded))
    return tuple(lines)


def _one_team_ranking(standings: GroupStandings, groups: dict[str, Group],
                      spec: TeamRankingSpec, rules: MergeRules) -> TeamStandingsInfo:
    """One team ranking with its awards. Where the regulation states no tie rule (qiwang names
    no team tie-break), a tie over places worth different things is never shared silently:
    it waits, as one to be drawn by lots would, and the ranking asks the arbiter to choose."""
    found = _team_rows(standings, groups, spec, rules)
    rows = apply_orders(found.rows, spec.lots)
    placed = sum(1 for row in rows if row.place is not None)
    table = spec.prize_table()
    awarded = team_award_places(placed, max(table.places, default=0), spec.award_rule)
    # A team plays no playoff: its tie waits for lots, or, where the regulation states no
    # rule, for the chief arbiter to choose one.
    scheme = AwardScheme(prizes=table.limited_to(awarded),
                         tie_rule=spec.tie_rule or TieRule.PLAYOFF,
                         waiting=(AwardBasis.AWAITING_RULE if spec.tie_rule is None
                                  else AwardBasis.AWAITING_LOTS))
    team_placings, reasons = open_ties(
        [Placing(row.team, row.place, row.shared, decided_by=row.decided_by) for row in rows],
        scheme, found.final)
    decided = decide_awards(team_placings, scheme, final=found.final)
    out_rows = []
    for row in rows:
        reason = reasons.get(row.place) if row.place is not None else None
        out_rows.append(TeamStandingRow(
            place=row.place, team=row.team, total=row.total, values=row.values,
            members=tuple(found.names.get(m, str(m)) for m in row.members),
            note=(TeamNote.SHORT if row.place is None
                  else TeamNote.LOTS if row.decided else TeamNote.NONE),
            award=decided.of(row.team), why=reason, shared=row.shared,
        ))
    asks = tuple((why.first, why.last) for _place, why in sorted(reasons.items())
                 ) if spec.tie_rule is None else ()
    info = TeamStandingsInfo(spec.name, spec.method, found.columns, tuple(out_rows),
                             decided.final, (), decided, bool(spec.teams), asks)
    return replace(info, legend=_team_legend(spec, info, rows, placed, awarded,
                                             max(table.places, default=0)))


def team_standings(event: Event) -> list[TeamStandingsInfo]:
    """Every team ranking the event's regulation asks for (qiwang 十二(四)4 and 十五2, shenzhen
    十一(二) and 十二(二)), each with its awards."""
    with event.reading() as session:
        return team_standings_of(session, GroupStandings(session))


def team_standings_of(session: Any, standings: GroupStandings) -> list[TeamStandingsInfo]:
    """`team_standings` in an open reading `session`, over groups' standings worked out
    already (`standings`: the export's own, say) or worked out here once each."""
    tournament = Event.tournament(session)
    groups = {g.name: g for g in tournament.groups}
    rules = list_rules(tournament)
    return [_one_team_ranking(standings, groups, spec, rules)
            for spec in team_specs(tournament)]


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
    # Round robin: per player, per row of the table, the games (each its outcome: a forfeit
    # is a game not played) and what the grid holds besides points, for its legend.
    grid: tuple[tuple[tuple[RoundCell, ...], ...], ...] = ()
    notes: GridNotes = GridNotes()
    # By rounds (Swiss): the rounds without a game its cells mark, for its legend.
    round_notes: RoundNotes = RoundNotes()


def crosstable(event: Event, group: str | None,
               standings: StandingsInfo | None = None) -> CrosstableInfo:
    """The group's crosstable in standings order (交叉表). `standings`: the group's own
    standings as the caller holds them (the window's table), not worked out again."""
    from app.standings.crosstable import crosstable as build_crosstable
    from app.standings.crosstable import round_notes

    with event.reading() as session:
        found = Event.group(session, group)
        if system_of(found) is System.TEAM_SWISS:
            return _team_crosstable(found)
        _check_has_crosstable(found)
        build = build_snapshot(found, partial=True)
        reuse = (standings is not None and not standings.sub and standings.group == found.name
                 and standings.name == found.name and not system_of(found).bracket)
        info = standings if reuse and standings is not None else compute_standings(
            session, found, build=build)[0]
        if system_of(found).bracket:
            info = in_bracket_order(found, info)
        order = [row.player.number for row in info.rows]
        table = build_crosstable(
            build.snapshot, order,
            {build.number_of[p.id]: p.entered_round for p in found.players},
            {build.number_of[p.id]: withdrawn_from(p) for p in found.players})
        round_robin = system_of(found).round_robin
        return CrosstableInfo(
            group=found.name, round_robin=system_of(found).round_robin, rounds=table.rounds,
            players=tuple(row.player for row in info.rows),
            places=tuple(row.place for row in info.rows),
            shared=tuple(row.shared for row in info.rows),
            points=tuple(row.points for row in info.rows),
            draw_points=build.snapshot.points.draw,
            by_round=tuple(row.rounds for row in table.rows),
            against=tuple(row.against for row in table.rows),
            **_grid(round_robin, table.rows, tuple(row.player for row in info.rows)),
            round_notes=RoundNotes() if round_robin else round_notes(
                [row.rounds for row in table.rows]),
        )


def _check_has_crosstable(group: Group) -> None:
    """A group played by teams match by match has no players' crosstable: the cross-group
    round's one round sends its match winners on, a team knockout ranks by its bracket;
    refused naming what to read instead."""
    if system_of(group) is System.CROSS_GROUP:
        raise UserError(
            f"{group.name}（交叉赛）只赛一轮，每场胜队出线，没有交叉表：出线名单请用 standings，"
            "各场成绩请用 round",
            f"{group.name} (a cross-group round) is one round whose match winners go on: "
            "no crosstable; the qualifiers are in standings, the matches in round",
            group.name)
    if system_of(group) is System.TEAM_KNOCKOUT:
        raise UserError(
            f"{group.name}（团体淘汰赛）各场是队与队的比赛，没有棋手交叉表：各队名次请用 standings，"
            "对阵图请用 bracket，各场成绩请用 round",
            f"{group.name} (a team knockout) is played match by match between teams: no "
            "players' crosstable; the teams' places are in standings, the bracket in "
            "bracket, the matches in round",
            group.name)


def in_bracket_order(group: Group, info: StandingsInfo) -> StandingsInfo:
    """A knockout's rows in the order of its places, as its standings give them
    (`knockout_standings`, huazhi 六、(三)5), not by points: a bye is no match won and a
    place comes from where an entrant went out. Places still to be decided are left blank
    (0), their entrants in the band they still play for (`Bracket.standing_order`)."""
    from app.services.knockout import decided_bracket
    from app.services.lookup import bracket_players

    if len(bracket_players(group)) < 2:  # no bracket drawn of fewer than two
        return info
    current = decided_bracket(group)
    places = current.places()
    by_id = {row.player.id: row for row in info.rows}
    order = [entrant for entrant in current.standing_order() if entrant in by_id]
    # a player the bracket does not hold (not drawn into it) comes last, unplaced
    order += [row.player.id for row in info.rows if row.player.id not in set(order)]
    return replace(info, rows=tuple(replace(by_id[entrant], place=places.get(entrant, 0),
                                            shared=False) for entrant in order))


def _grid(round_robin: bool, rows: Sequence[CrosstableRow], players: Sequence[PlayerRef]
          ) -> dict[str, Any]:
    """A round robin's grid games and notes (`grid`, `notes` of `CrosstableInfo`)."""
    if not round_robin:
        return {}
    from app.standings.crosstable import grid_games, grid_notes

    return {"grid": tuple(tuple(grid_games(row.rounds, k) for k in range(1, len(rows) + 1))
                          for row in rows),
            "notes": grid_notes([row.rounds for row in rows],
                                [player.withdrawn_from for player in players])}


def _team_crosstable(group: Group) -> CrosstableInfo:
    """A Team Swiss group's crosstable of teams (团体交叉表): one cell per round, the opponent
    by its row in the team standings, the first-named team's colour, the match's outcome."""
    from app.services.team_swiss import team_snapshot
    from app.standings.crosstable import crosstable as build_crosstable
    from app.standings.team_swiss import MATCH_DRAW

    info = team_swiss_standings(group)
    snapshot = team_snapshot(group, None, partial=True)
    table = build_crosstable(snapshot, [row.player.number for row in info.rows])
    draw = MATCH_DRAW if settings_of(group).team_swiss_primary == "match" \
        else settings_of(group).points.draw
    return CrosstableInfo(
        group=group.name, round_robin=False, rounds=table.rounds,
        players=tuple(row.player for row in info.rows),
        places=tuple(row.place for row in info.rows),
        shared=tuple(row.shared for row in info.rows),
        points=tuple(row.points for row in info.rows), draw_points=draw,
        by_round=tuple(row.rounds for row in table.rows),
        against=tuple(row.against for row in table.rows))
