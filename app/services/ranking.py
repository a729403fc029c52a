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

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlalchemy import select

if TYPE_CHECKING:
    from app.exports.model import Award as ExportAward

from app.errors import UserError
from app.group_settings import GroupSettings, SubRanking
from app.pairing.types import unit_key
from app.services.event import Event, settings_of
from app.services.queries import PlayerRef, round_is_complete, system_of
from app.services.snapshot import build_snapshot
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
    TeamAwardRule,
    TieRule,
    decide_awards,
    placings,
    team_award_places,
)
from app.standings.crosstable import RoundCell
from app.standings.ranking import RankingRules, Standings, rank
from app.standings.stakes import PlayoffReason, Stake
from app.standings.subranking import (
    Gender,
    PlayerProfile,
    open_places,
    profile_filter,
    sub_ranking,
    where,
)
from app.standings.teams import BEST_PLACE, TeamRow, apply_orders
from app.standings.tiebreaks import TieBreakOptions, Unplayed
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
    prize: str  # what the award gives, as printed ('' when nothing or not yet decided)
    title: str  # the grade title the place gives the right to apply for (可申请)
    award: Award | None = None  # the typed decision (rule applied, share, declines)
    open_place: str = ""  # a sub-ranking: the player's place in the open ranking (qiwang 十五1)


@dataclass(frozen=True)
class PlayoffNeed:
    place: int
    players: tuple[PlayerRef, ...]
    reason: str = ""  # why this tie is played off (what differs across its places)
    why: PlayoffReason | None = None


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
    legend: tuple[str, ...] = ()  # the policies in force, one line each (printed below)
    awards: AwardList | None = None
    sub: bool = False  # a sub-ranking (women, juniors): rows show the open place


def format_points(units: int | Fraction, scale: int = 1) -> str:
    """Points as printed: whole numbers without decimals, halves as .5."""
    value = Fraction(units) / scale
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):.2f}".rstrip("0").rstrip(".")


def tiebreak_label(group: Group, name: str) -> str:
    return settings_of(group).tiebreak_label(name)


UNPLAYED_ZH = {
    Unplayed.ZERO: "未赛轮次（轮空、弃权）在对手分中按0分计",
    Unplayed.OWN: "未赛轮次在对手分中按本人积分计",
    Unplayed.LOWEST: "未赛轮次在对手分中按最低对手分计",
    Unplayed.FIDE: "未赛轮次按国际棋联 C.07 第16条计（虚拟对手，对手的未赛轮次按和棋计）",
}
TIE_RULE_ZH = {
    TieRule.PLAYOFF: "破同分后仍相同：涉及奖项、称号或录取的加赛（或抽签），其余并列",
    TieRule.SHARE: "破同分后仍相同：并列，所涉名次奖金平分",
}
STAKE_ZH = {Stake.MONEY: "奖金", Stake.ITEMS: "奖项", Stake.TITLE: "等级称号",
            Stake.ADMITTED: "本组规定录取名次内的并列一律加赛"}
BASIS_ZH = {AwardBasis.PLACE: "", AwardBasis.PLAYOFF: "加赛决定",
            AwardBasis.SHARED: "并列，奖金平分", AwardBasis.AWAITING_PLAYOFF: "待加赛"}


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


def prize_text(award: Award | None) -> str:
    """What an award gives, as printed: `6000元、奖状`, a share as `2333.33元`."""
    if award is None or not award.has_prize:
        return ""
    parts = [f"{format_points(award.money)}元"] if award.money else []
    return "、".join([*parts, *award.items])


def reason_text(reason: PlayoffReason) -> str:
    """Why a tie is played off, e.g. `第3-5名奖金不同：第3名 4000元；第4名 2000元；第5名 1000元`."""
    stakes = "、".join(STAKE_ZH[s] for s in reason.stakes)
    if reason.stakes == (Stake.ADMITTED,):
        return f"第{reason.first}-{reason.last}名：{stakes}"
    places = "；".join(
        f"第{a.place}名 " + ("、".join([*([f"{a.money}元"] if a.money else []), *a.items,
                                        *([f"可申请{a.title}"] if a.title else [])]) or "无")
        for a in reason.places)
    return f"第{reason.first}-{reason.last}名{stakes}不同：{places}"


def planned_rounds(group: Group) -> int:
    """How many rounds the group plays: a knockout by its bracket; a round robin as many as
    its table has (n-1, n for odd n, doubled for a double round robin) unless the arbiter set
    another count (`round_robin_rounds`)."""
    system = system_of(group)
    chosen = settings_of(group).round_robin_rounds
    if system.round_robin and chosen:
        return chosen
    entrants = len(group.teams) if system.team else len(group.players)
    return system.planned_rounds(entrants, group.rounds)


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


def declines_of(group: Group, ranking: str, number_of: dict[int, int]) -> Declines:
    """The titles and prizes declined in `ranking` (recorded by `decline_award`)."""
    titles: set[int | str] = set()
    prizes: set[int | str] = set()
    for entry in group.tournament.settings.get("declines", []):
        if entry.get("ranking") == ranking and entry.get("player") in number_of:
            target = titles if entry.get("what") == "title" else prizes
            target.add(number_of[entry["player"]])
    return Declines(frozenset(titles), frozenset(prizes))


def _legend(group: Group, scheme: AwardScheme, final: bool, complete: int, planned: int,
            pending: int, sub: bool) -> tuple[str, ...]:
    settings: GroupSettings = settings_of(group)
    lines = []
    if not final:
        why = (f"已完成 {complete}/{planned} 轮" if complete < planned
               else f"尚有 {pending} 处并列待加赛")
        lines.append(f"临时名次（非最终）：{why}；奖金、称号和证书以最终名次为准")
    lines.append(UNPLAYED_ZH[settings.unplayed_policy])
    lines.append(TIE_RULE_ZH[scheme.tie_rule] if scheme.playoffs
                 else "本组不加赛：破同分后仍相同者并列，所涉名次奖金平分")
    if scheme.playoff_all_admitted:
        lines.append("本组规定：录取名次内的并列一律加赛")
    if scheme.grades is not None:
        lines.append("等级称号为可申请等级" + ("（依次顺延）" if scheme.grades.passed_down
                                               else "（不顺延）"))
    if sub:
        lines.append("分项名次另录，选手同时保留公开组名次（公开组名次不顺延）")
    return tuple(lines)


def compute_standings(
    session: Any,
    group: Group,
    *,
    sub: SubRanking | None = None,
    open_ranking: Standings | None = None,
    before_round: int | None = None,
) -> tuple[StandingsInfo, Standings]:
    """The group's standings (or a sub-ranking as its settings `sub` state it), with the
    awards decided by `app.standings.awards` for its own prize and title tables; with
    `before_round`, as they stood before that round (provisional)."""
    build = build_snapshot(group, partial=True, before_round=before_round)
    players = {p.id: p for p in group.players}
    name = group.name if sub is None else sub.name
    scheme = award_scheme(group, sub)
    playoffs = [
        [build.number_of[pid] for pid in playoff.order]
        for playoff in _stored_playoffs(session, group)
        if playoff.order
    ]
    complete = sum(1 for r in group.rounds_played if round_is_complete(r)
                   and (before_round is None or r.number < before_round))
    planned = planned_rounds(group)
    # Playoffs are for the final order: while rounds remain, a tie is only a tie.
    finished = complete >= planned > 0
    rules = ranking_rules(group, scheme if finished else None)
    if sub is None:
        standings = rank(build.snapshot, rules, playoffs=playoffs)
    else:
        members = _sub_members(group, build.number_of, sub)
        standings = sub_ranking(build.snapshot, rules, members, playoffs=playoffs)
        if open_ranking is None:
            open_ranking = rank(build.snapshot, ranking_rules(group, award_scheme(group)
                                                              if finished else None),
                                playoffs=playoffs)
    opened = open_places(open_ranking, standings) if open_ranking is not None else {}
    decided = decide_awards(placings(standings), scheme, final=finished,
                            declines=declines_of(group, name, build.number_of))
    rows = []
    for row in standings.rows:
        player = players[build.player_of[row.number]]
        ref = PlayerRef(player.id, player.name, player.unit, row.number)
        award = decided.of(row.number)
        mark = "需加赛" if row.needs_playoff else ("加赛" if row.decided_by_playoff else "")
        rows.append(StandingRow(
            rank_text=row.rank_text,
            place=row.place,
            shared=row.shared,
            player=ref,
            gender=player.gender,
            points=row.points,
            points_text=format_points(row.points),
            values=tuple(format_points(value) for value in row.tiebreaks),
            playoff_mark=mark,
            prize=prize_text(award),
            title=(award.title or "") if award else "",
            award=award,
            open_place=opened.get(row.number, ""),
        ))
    needs = []
    for need in standings.needs:
        refs = tuple(
            PlayerRef(build.player_of[n], players[build.player_of[n]].name,
                      players[build.player_of[n]].unit, n)
            for n in need.players
        )
        needs.append(PlayoffNeed(need.place, refs, reason_text(need.reason), need.reason))
    info = StandingsInfo(
        group=group.name,
        name=name,
        columns=tuple((tb, tiebreak_label(group, tb)) for tb in rules.tiebreaks),
        rows=tuple(rows),
        playoffs_needed=tuple(needs),
        rounds_complete=complete,
        rounds_planned=planned,
        final=decided.final,
        legend=_legend(group, scheme, decided.final, complete, planned,
                       len(standings.needs), sub is not None),
        awards=decided,
        sub=sub is not None,
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
    complete = sum(1 for r in group.rounds_played if round_is_complete(r))
    planned = planned_rounds(group)
    ordered = sorted(places.items(), key=lambda item: item[1])
    scheme = award_scheme(group)
    decided = decide_awards([Placing(entrant, place) for entrant, place in ordered], scheme,
                            final=complete >= planned)
    rows = []
    for entrant, place in ordered:
        name, unit = names[entrant]
        award = decided.of(entrant)
        rows.append(StandingRow(
            rank_text=str(place), place=place, shared=False,
            player=PlayerRef(entrant, name, unit, 0), gender="",
            points=wins.get(entrant, 0), points_text=str(wins.get(entrant, 0)), values=(),
            playoff_mark="", prize=prize_text(award),
            title=(award.title or "") if award else "", award=award,
        ))
    legend = () if decided.final else (f"临时名次（非最终）：已完成 {complete}/{planned} 轮",)
    return StandingsInfo(group.name, group.name, (), tuple(rows), (), complete, planned,
                         decided.final, legend, decided)


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
        subs = settings_of(found).subrankings
        if not subs:
            return []
        _open, plain = compute_standings(session, found)
        return [compute_standings(session, found, sub=spec, open_ranking=plain)[0]
                for spec in subs]


def subranking_options(spec: SubRanking | dict[str, Any], group: Group | None = None
                       ) -> dict[str, Any]:
    """`compute_standings` options for a group's sub-ranking (typed, or as stored by name)."""
    if isinstance(spec, SubRanking):
        return {"sub": spec}
    assert group is not None
    found = settings_of(group).subranking(str(spec["name"]))
    return {"sub": found}


def ranking_awards(info: Any, group_key: str, ranking: str, teams: bool, provisional: bool
                   ) -> list[ExportAward]:
    """The awards of one ranking for the printouts: none while it is not final unless the
    arbiter prints them as provisional (then each is marked so)."""
    from app.exports import model as m

    if not info.final and not provisional:
        return []
    out = []
    for row in info.rows:
        award = row.award
        if award is None or not (award.has_prize or award.title):
            continue
        out.append(m.Award(ranking=ranking, place=row.place, recipient=row.player.name,
                           unit=row.player.unit, group=group_key,
                           player=None if teams else row.player.id, prize=row.prize,
                           grade_title=row.title, shared=row.shared, final=info.final,
                           decision=award))
    return out


def team_awards(info: TeamStandingsInfo, provisional: bool) -> list[ExportAward]:
    """The awards of a team ranking for the printouts (as `ranking_awards`)."""
    from app.exports import model as m

    if not info.final and not provisional:
        return []
    return [m.Award(ranking=info.name, place=row.place, recipient=row.team, prize=row.prize,
                    shared=row.rank_text.endswith("="), final=info.final, decision=row.award)
            for row in info.rows
            if row.place is not None and row.award is not None and row.award.has_prize]


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
    total_text: str  # '' for a team without a result (never "0": a sum of places reads 0 best)
    values: tuple[str, ...]
    members: tuple[str, ...]
    prize: str
    note: str
    award: Award | None = None
    playoff_reason: str = ""  # a tie to settle by lots or playoff, and why
    total: Fraction | None = None  # None: no team result (too few members)
    shared: bool = False  # the place is shared (3=)


@dataclass(frozen=True)
class TeamStandingsInfo:
    name: str
    method: str
    total_label: str
    columns: tuple[str, ...]
    rows: tuple[TeamStandingRow, ...]
    final: bool = True
    legend: tuple[str, ...] = ()  # how teams were formed, the tie-break chain, the tie rule
    awards: AwardList | None = None
    declared: bool = False  # teams as the units declared them (else each unit's best N)


TEAM_CRITERIA_ZH = {BEST_PLACE: "个人最好名次"}


def declared_teams(spec: dict[str, Any]) -> list[dict[str, Any]]:
    """The teams the units declared for a team ranking (qiwang 十二(四)4), as stored."""
    return list(spec.get("teams", []))


def _teams_of(group: Group, spec: dict[str, Any]) -> dict[str, list[Player]]:
    """The declared teams of the ranking; else registered teams of the group; else the players'
    units (单位), of the ranking's gender."""
    gender = spec.get("gender")
    by_id = {p.id: p for p in group.players}
    declared = declared_teams(spec)
    if declared:
        teams = {t["name"]: [by_id[pid] for pid in t["members"] if pid in by_id]
                 for t in declared}
    elif group.teams:
        teams = {t.name: [m.player for m in t.members] for t in group.teams}
    else:
        teams = {}
        for player in group.players:
            if unit_key(player.unit):
                teams.setdefault(unit_key(player.unit), []).append(player)
    if gender:
        teams = {name: [p for p in members if p.gender == gender] for name, members in
                 teams.items()}
    return {name: members for name, members in teams.items() if members or declared}


def _team_placings(rows: tuple[TeamRow, ...], scheme: AwardScheme, final: bool
                   ) -> tuple[list[Placing], dict[int, PlayoffReason]]:
    """Team placings; a tie the ranking settles by lots or playoff is flagged where it
    changes what the teams receive (nothing to play off while the groups are unfinished)."""
    sizes: dict[int, int] = {}
    for row in rows:
        if row.place is not None:
            sizes[row.place] = sizes.get(row.place, 0) + 1
    reasons: dict[int, PlayoffReason] = {}
    for place, size in sizes.items():
        if size > 1 and final and not any(r.decided for r in rows if r.place == place):
            reason = scheme.playoff_reason(place, place + size - 1)
            if reason is not None:
                reasons[place] = reason
    out = [Placing(row.team, row.place, row.shared,
                   needs_playoff=row.place is not None and row.place in reasons,
                   decided_by_playoff=row.decided)
           for row in rows]
    return out, reasons


def _team_rows(session: Any, groups: dict[str, Group], spec: dict[str, Any]
               ) -> tuple[tuple[TeamRow, ...], dict[int, str], bool, str, tuple[str, ...]]:
    """The core's team rows for one team ranking; names of members by id; whether the groups
    it counts are final; the total's label and the chain's columns."""
    from app.standings.subranking import Gender as CoreGender
    from app.standings.teams import PlaceEntry, place_sum_ranking, score_sum_ranking

    names: dict[int, str] = {}
    final = True
    if spec["method"] == "sum_scores":
        group = groups[spec["groups"][0]]
        info, plain = compute_standings(session, group)
        final = info.final
        numbers = build_snapshot(group, partial=True).number_of
        teams = _teams_of(group, spec)
        for members in teams.values():
            for p in members:
                names[numbers[p.id]] = p.name
        chain = tuple(spec.get("tiebreaks", ()))
        rows = score_sum_ranking(
            plain, {name: [numbers[p.id] for p in members] for name, members in teams.items()},
            int(spec.get("members", 3)), chain)
        labels = tuple(TEAM_CRITERIA_ZH.get(c) or tiebreak_label(group, c) + "之和"
                       for c in chain)
        return rows, names, final, "积分", labels
    if spec["method"] == "best_places":
        entries = []
        for name in spec["groups"]:
            info, _ = compute_standings(session, groups[name])
            final = final and info.final
            for row in info.rows:
                if unit_key(row.player.unit) and row.gender in ("M", "F"):
                    names[row.player.id] = row.player.name
                    entries.append(PlaceEntry(
                        row.player.id, unit_key(row.player.unit),
                        CoreGender.MALE if row.gender == "M" else CoreGender.FEMALE, row.place))
        chain = tuple(spec.get("tiebreaks", (BEST_PLACE,)))
        rows = place_sum_ranking(entries, int(spec.get("men", 2)), int(spec.get("women", 1)),
                                 chain)
        return rows, names, final, "名次和", tuple(TEAM_CRITERIA_ZH[c] for c in chain)
    raise UserError(f"未知的团体计分方法 {spec['method']}",
                    f"unknown team method {spec['method']}", spec.get("name", ""))


def _team_legend(spec: dict[str, Any], scheme: AwardScheme, final: bool, awarded: int,
                 placed: int, columns: tuple[str, ...], table_places: int
                 ) -> tuple[str, ...]:
    lines = []
    if not final:
        lines.append("临时名次（非最终）：个人赛尚未结束或尚有加赛；奖金和证书以最终名次为准")
    if spec["method"] == "sum_scores":
        size = int(spec.get("members", 3))
        lines.append("按各单位赛前报名的队伍计算（以队员个人赛成绩之和）" if declared_teams(spec)
                     else f"未报名队伍：按各单位成绩最好的{size}名选手计算")
    else:
        lines.append(f"各单位成绩最好的{spec.get('men', 2)}男{spec.get('women', 1)}女名次相加，"
                     "小者列前")
    chain = "、".join(columns) if columns else "无"
    tie = "抽签（或加赛）由裁判长决定" if scheme.tie_rule is TieRule.PLAYOFF else "并列，所涉名次奖金平分"
    lines.append(f"团体并列依次比较：{chain}；仍相同：{tie}")
    lines.append("人数不足的单位不计团体成绩，列出其队员")
    if awarded < table_places:
        lines.append(f"参赛队数 {placed}：按规程录取前{awarded}名"
                     if awarded else f"参赛队数 {placed}：不录取")
    return tuple(lines)


def _one_team_ranking(session: Any, groups: dict[str, Group], spec: dict[str, Any]
                      ) -> TeamStandingsInfo:
    rows, names, final, total_label, columns = _team_rows(session, groups, spec)
    rows = apply_orders(rows, spec.get("lots", []))
    placed = sum(1 for row in rows if row.place is not None)
    table = PrizeTable.from_settings(spec.get("prizes", []))
    awarded = team_award_places(placed, max(table.places, default=0),
                                TeamAwardRule(spec.get("award_rule", "full")))
    scheme = AwardScheme(prizes=table.limited_to(awarded),
                         tie_rule=TieRule(spec.get("tie_rule", "share")))
    team_placings, reasons = _team_placings(rows, scheme, final)
    decided = decide_awards(team_placings, scheme, final=final)
    out_rows = []
    for row in rows:
        award = decided.of(row.team)
        reason = reasons.get(row.place) if row.place is not None else None
        out_rows.append(TeamStandingRow(
            rank_text=row.rank_text, place=row.place, team=row.team,
            total_text=format_points(row.total) if row.total is not None else "",
            values=tuple(format_points(v) for v in row.values),
            members=tuple(names.get(m, str(m)) for m in row.members),
            prize=prize_text(award),
            note=("人数不足，不计团体成绩" if row.place is None
                  else "抽签决定" if row.decided else ""),
            award=award, playoff_reason=reason_text(reason) if reason else "",
            total=row.total, shared=row.shared,
        ))
    return TeamStandingsInfo(spec["name"], spec["method"], total_label, columns,
                             tuple(out_rows), decided.final,
                             _team_legend(spec, scheme, decided.final, awarded, placed,
                                          columns, max(table.places, default=0)),
                             decided, bool(declared_teams(spec)))


def team_standings(event: Event) -> list[TeamStandingsInfo]:
    """Every team ranking the event's regulation asks for (qiwang 十二(四)4 and 十五2, shenzhen
    十一(二) and 十二(二)), each with its awards."""
    with event.reading() as session:
        tournament = Event.tournament(session)
        groups = {g.name: g for g in tournament.groups}
        return [_one_team_ranking(session, groups, spec)
                for spec in tournament.settings.get("team_rankings", [])]


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
