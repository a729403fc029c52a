"""A group's settings (组别设置) as one frozen, validated value: every key, its type, its default.

This is the only place that knows the keys of a group's settings. The presets
(resources/presets/*.json), the command line (`group --set KEY=JSON`, `group-add`), the window's
setup form and the services all go through `GroupSettings.from_json`; the services store
`to_json()` back (the group's columns plus the JSON column `Group.settings`). A key that is not
listed here, or a value of the wrong kind, is refused with a `UserError` that names the key (and
the value). Pure Python: no Qt, no SQLAlchemy.

Where the keys come from (../shared/regulations/):
- rules and openings: 2022-shenzhen-championship.txt (三) (专业规则 指定开局 三手交换 五手N打;
  大众规则 自由开局), 2016 七(二)(三);
- system, rounds, games per round: shenzhen 十、(二) (积分编排制或单循环制, 双盘制 for 大众规则);
- points 胜2 和1 负0 and the SP98 tie-breaks: 2016 八, shenzhen 十一、(一), with the names each
  regulation gives them (`tiebreak_labels`, e.g. 小分) and one set per system
  (`tiebreaks_by_system`, shenzhen 十一、(一)1-2);
- same-unit avoidance 同单位回避 and forfeits counting as a meeting: Chinese Swiss practice;
- late arrival (`late_limit_minutes`, shenzhen 十、(三): 15 minutes, then forfeit); a loss on
  time in game 1 losing the double round (2016 七、(五)2) is not a setting: the core's
  scoring always applies it;
- prizes and grade titles, whose places are the decisive places (no separate number), and
  sub-rankings (women, juniors) with their own tables: qiwang 十四-十五,
  shenzhen 十二; team line-ups 分台定人制 and the cross-group lists: huazhi 六、(三), 五、(二);
- merging small groups and cancelling tiny ones: shenzhen 八、(四).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields, replace
from enum import Enum
from typing import Any, TypeVar

from app.errors import UserError
from app.imports.rules import Eligibility
from app.pairing.system import System
from app.pairing.types import Colour, PointSystem
from app.rules.judge import RuleSet
from app.rules.protocols import Protocol
from app.standings.awards import CertificateRule, TieRule
from app.standings.playoff import PlayoffFormat
from app.standings.scoring import DEFAULT_LATE_LIMIT_MINUTES
from app.standings.tiebreaks import DEFAULT_TIEBREAKS, REGISTRY, Unplayed

# A group's stored rule-set names and the game rules each plays: 专业规则（禁手）, 大众规则（无禁手）,
# standard gomoku.
RULE_SET_OF = {"renju": RuleSet.RENJU, "free": RuleSet.FREESTYLE, "gomoku": RuleSet.STANDARD}
RULE_SETS = tuple(RULE_SET_OF)
OPENINGS = tuple(p.value for p in Protocol)  # the opening rules of app.rules.protocols
INITIAL_COLOURS = (Colour.FIRST.value, Colour.SECOND.value, "draw")  # top seed's, round 1
GAME_POINT_KEYS = ("win", "draw", "loss", "forfeit_win", "forfeit_loss")  # a game's results
E = TypeVar("E", bound=Enum)


class _Bad(Exception):
    """A value of the wrong kind: what was expected, in Chinese and English."""

    def __init__(self, zh: str, en: str) -> None:
        super().__init__(en)
        self.zh = zh
        self.en = en


# ----- the nested values ----------------------------------------------------------------------


@dataclass(frozen=True)
class PlaceRange:
    """Places `first`..`last` of a prize or title table (名次段), both included."""

    first: int
    last: int

    def covers(self, place: int) -> bool:
        return self.first <= place <= self.last


@dataclass(frozen=True)
class PrizeEntry:
    """What places `places` receive: money (元) and items (奖杯, 奖状, 晋级线下决赛 ...)."""

    places: PlaceRange
    money: int = 0
    items: tuple[str, ...] = ()


@dataclass(frozen=True)
class TitleEntry:
    """The grade title (段级位) places `places` are given, e.g. 1-1 六段."""

    places: PlaceRange
    title: str


@dataclass(frozen=True)
class SubRanking:
    """A separate ranking inside the group (公开组（女子）, juniors): who is in it, its prizes."""

    name: str
    filter: Eligibility = Eligibility()
    prizes: tuple[PrizeEntry, ...] = ()
    grade_titles: tuple[TitleEntry, ...] = ()


@dataclass(frozen=True)
class TeamLineup:
    """分台定人制 (huazhi 六、(三)3): boards per team, the woman's board, the captain's board."""

    boards: int = 3
    woman_board: int | None = None
    captain_board: int = 1
    min_women: int | None = None  # None: one when a woman's board is set, else none


# ----- readers: JSON value -> typed value, or _Bad ------------------------------------------


def _whole(low: int | None = None, high: int | None = None) -> Callable[[Any], int]:
    def read(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise _Bad("应为整数", "must be a whole number")
        if (low is not None and value < low) or (high is not None and value > high):
            zh = f"应在 {low} 到 {high} 之间" if high is not None else f"应不小于 {low}"
            en = f"must be {low} to {high}" if high is not None else f"must be at least {low}"
            raise _Bad(zh, en)
        return value
    return read


def _optional(read: Callable[[Any], Any]) -> Callable[[Any], Any]:
    return lambda value: None if value is None else read(value)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise _Bad("应为 true 或 false", "must be true or false")
    return value


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise _Bad("应为文字", "must be text")
    return value.strip()


def _one_of(choices: tuple[str, ...]) -> Callable[[Any], str]:
    def read(value: Any) -> str:
        if value not in choices:
            raise _Bad(f"应为 {'、'.join(choices)} 之一", f"must be one of {', '.join(choices)}")
        return str(value)
    return read


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _Bad("应为数组", "must be a list")
    return list(value)


def _mapping(value: Any) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise _Bad("应为对象", "must be an object")
    return value


def _only(data: Mapping[str, Any], allowed: set[str]) -> None:
    unknown = sorted(set(map(str, data)) - allowed)
    if unknown:
        raise _Bad(f"有未知的键 {', '.join(unknown)}", f"unknown keys {', '.join(unknown)}")


def _texts(value: Any) -> tuple[str, ...]:
    return tuple(_text(item) for item in _list(value))


def _team_lots(value: Any) -> tuple[tuple[str, ...], ...]:
    return tuple(_texts(order) for order in _list(value))


def _lots(value: Any) -> tuple[tuple[int, ...], ...]:
    """Orders drawn by lots among tied players, best first, by player id; each names two or
    more players, each once."""
    orders = tuple(tuple(_whole(1)(item) for item in _list(order)) for order in _list(value))
    for order in orders:
        if len(order) < 2 or len(set(order)) != len(order):
            raise _Bad("每次抽签应列出两名以上不同的棋手",
                       "each order drawn names two or more different players")
    return orders


def _team_tiebreaks(value: Any) -> tuple[str, ...]:
    """A Team Swiss chain (app.standings.team_swiss, FIDE C.07); empty: the default one."""
    names = _texts(value)
    if not names:
        return names
    # Here: only a Team Swiss group names a chain; the other groups' settings load no Team
    # Swiss code (it brings the Team Swiss pairing along: issue 28).
    from app.standings.team_swiss import TIEBREAKS as TEAM_TIEBREAKS

    unknown = [n for n in names if n not in TEAM_TIEBREAKS]
    if unknown:
        known = ", ".join(TEAM_TIEBREAKS)
        raise _Bad(f"未知的团体名次区分：{'、'.join(unknown)}（可用：{known}）",
                   f"unknown team tie-breaks: {', '.join(unknown)} (known: {known})")
    return names


def _tiebreaks(value: Any) -> tuple[str, ...]:
    names = _texts(value)
    unknown = [n for n in names if n not in REGISTRY]
    if unknown:
        raise _Bad(f"未知的破同分方法 {', '.join(unknown)}", f"unknown tie-breaks "
                   f"{', '.join(unknown)} (known: {', '.join(REGISTRY)})")
    return names


def _member(kind: type[E], zh: str, en: str) -> Callable[[Any], E]:
    """A value of the enumeration `kind`; another is refused listing the known values."""
    def read(value: Any) -> E:
        try:
            return kind(value)
        except ValueError:
            known = ", ".join(str(member.value) for member in kind)
            raise _Bad(f"{zh}（可用：{known}）", f"{en} (known: {known})") from None
    return read


_system = _member(System, "未知赛制", "unknown system")
_unplayed = _member(Unplayed, "未知的未下棋局计分方法", "unknown policy for unplayed games")
_playoff_format = _member(PlayoffFormat, "未知的加赛方式", "unknown playoff format")


def _points(value: Any) -> PointSystem:
    data = _mapping(value)
    _only(data, set(PointSystem.__dataclass_fields__))
    read = _whole(0)
    try:
        return replace(PointSystem(), **{str(k): read(v) for k, v in data.items()})
    except _Bad as bad:
        raise _Bad(f"各分值{bad.zh}", f"every value {bad.en}") from None


def _places(data: Mapping[str, Any]) -> PlaceRange:
    first, last = _whole(1)(data.get("from")), _whole(1)(data.get("to"))
    if last < first:
        raise _Bad("名次段的 to 小于 from", "a place range ends before it starts")
    return PlaceRange(first, last)


def _prize(value: Any) -> PrizeEntry:
    data = _mapping(value)
    _only(data, {"from", "to", "money", "items"})
    return PrizeEntry(_places(data), _whole(0)(data.get("money", 0)),
                      _texts(data.get("items", [])))


def _title(value: Any) -> TitleEntry:
    data = _mapping(value)
    _only(data, {"from", "to", "title"})
    return TitleEntry(_places(data), _text(data.get("title", "")))


def _prizes(value: Any) -> tuple[PrizeEntry, ...]:
    return tuple(_prize(item) for item in _list(value))


def _titles(value: Any) -> tuple[TitleEntry, ...]:
    return tuple(_title(item) for item in _list(value))


def _eligibility(value: Any) -> Eligibility:
    data = _mapping(value)
    try:
        return Eligibility.from_dict(data)
    except UserError as error:
        raise _Bad(error.zh, error.en) from None


_SUBRANKING_KEYS = frozenset({"name", "filter", "prizes", "grade_titles"})


def _subranking(value: Any) -> SubRanking:
    data = _mapping(value)
    _only(data, set(_SUBRANKING_KEYS))
    name = _text(data.get("name", ""))
    if not name:
        raise _Bad("分组排名须有名称 name", "a sub-ranking needs a name")
    return SubRanking(name, _eligibility(data.get("filter", {})),
                      _prizes(data.get("prizes", [])), _titles(data.get("grade_titles", [])))


def _subrankings(value: Any) -> tuple[SubRanking, ...]:
    found = tuple(_subranking(item) for item in _list(value))
    if len({s.name for s in found}) != len(found):
        raise _Bad("分组排名的名称重复", "two sub-rankings share a name")
    return found


def _lineup(value: Any) -> TeamLineup:
    data = _mapping(value)
    _only(data, {"boards", "woman_board", "captain_board", "min_women"})
    boards = _whole(1, 9)(data.get("boards", 3))
    on_board = _whole(1, boards)
    lineup = TeamLineup(boards, _optional(on_board)(data.get("woman_board")),
                        on_board(data.get("captain_board", 1)),
                        _optional(_whole(0, boards))(data.get("min_women")))
    return lineup


def _labels(value: Any) -> tuple[tuple[str, str], ...]:
    data = _mapping(value)
    _tiebreaks(list(data))
    return tuple((str(k), _text(v)) for k, v in data.items())


def _by_system(value: Any) -> tuple[tuple[System, tuple[str, ...]], ...]:
    data = _mapping(value)
    return tuple((_system(k), _tiebreaks(v)) for k, v in data.items())


def _systems(value: Any) -> tuple[System, ...]:
    return tuple(_system(item) for item in _list(value))


def _numbers(value: Any) -> tuple[int, ...]:
    return tuple(_whole(1)(item) for item in _list(value))


# ----- writers: typed value -> JSON -----------------------------------------------------------


def _places_json(places: PlaceRange) -> dict[str, int]:
    return {"from": places.first, "to": places.last}


def _prize_json(entry: PrizeEntry) -> dict[str, Any]:
    return {**_places_json(entry.places), "money": entry.money, "items": list(entry.items)}


def _title_json(entry: TitleEntry) -> dict[str, Any]:
    return {**_places_json(entry.places), "title": entry.title}


def _eligibility_json(rule: Eligibility) -> dict[str, Any]:
    return {k: v for k, v in rule.to_dict().items() if v}


def _subranking_json(sub: SubRanking) -> dict[str, Any]:
    return {"name": sub.name, "filter": _eligibility_json(sub.filter),
            "prizes": [_prize_json(p) for p in sub.prizes],
            "grade_titles": [_title_json(t) for t in sub.grade_titles]}


def _lineup_json(lineup: TeamLineup) -> dict[str, Any]:
    data: dict[str, Any] = {"boards": lineup.boards, "captain_board": lineup.captain_board}
    if lineup.woman_board is not None:
        data["woman_board"] = lineup.woman_board
    if lineup.min_women is not None:
        data["min_women"] = lineup.min_women
    return data


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


_WRITERS: dict[str, Callable[[Any], Any]] = {
    "points": lambda p: {f.name: getattr(p, f.name) for f in fields(p)},
    "prizes": lambda t: [_prize_json(p) for p in t],
    "grade_titles": lambda t: [_title_json(p) for p in t],
    "eligibility": _eligibility_json,
    "subrankings": lambda t: [_subranking_json(s) for s in t],
    "team": _lineup_json,
    "tiebreak_labels": dict,
    "tiebreaks_by_system": lambda t: {s.value: list(names) for s, names in t},
}


# ----- the systems a setting concerns -----------------------------------------------------------
# What each system's pairing engine and standings read of a group's settings (a setting the
# system's rounds and ranking never read is not shown for it, and not offered by the form).


def _every(_system: System) -> bool:
    return True


def _players_ranked(system: System) -> bool:
    """The players are ranked by points and their tie-breaks (名次区分, 对手分 ...): not a
    bracket (its places come from its matches), not a team group (its teams are ranked: a
    Team Swiss by the team tie-breaks of C.07, `team_tiebreaks`)."""
    return system.ranked_by_points and not system.team


def _players(system: System) -> bool:
    """Players enter and are paired one by one (a late entry, a playoff between players)."""
    return not system.team


def _players_swiss(system: System) -> bool:
    """A Swiss of players (the Dutch and the Double-Swiss engines), where 同单位回避 applies."""
    return system.swiss and not system.team


def _late_entries(system: System) -> bool:
    """A late entry (迟到报名) plays from the next round: a Swiss of players only (a round
    robin's table and a knockout's bracket are made for the players at round 1, and refuse
    one: `roundrobin.check_late_entry`, `knockout.check_late_entry`)."""
    return _players_swiss(system)


def _swiss(system: System) -> bool:
    return system.swiss


def _round_robin(system: System) -> bool:
    return system.round_robin


def _teams(system: System) -> bool:
    return system.team


def _cross_group(system: System) -> bool:
    return system is System.CROSS_GROUP


def _team_swiss(system: System) -> bool:
    return system is System.TEAM_SWISS


def _setting(default: Any, read: Callable[[Any], Any], *, column: bool = False,
             used_by: Callable[[System], bool] = _every) -> Any:
    """One key: its default (the type is the field's annotation), how it is read, and the
    systems whose rounds or ranking read it (`GroupSettings.applies`)."""
    return field(default=default, metadata={"read": read, "column": column, "used_by": used_by})


# ----- the settings ---------------------------------------------------------------------------

# Settings read from an event file, by what the file holds (`GroupSettings.stored`): they are
# immutable, so one reading serves every caller. A few groups' worth is plenty.
_STORED: dict[str, GroupSettings] = {}
_STORED_KEPT = 64


@dataclass(frozen=True)
class GroupSettings:
    """Every setting of one group, typed. Defaults: a group without a preset plays 专业规则
    with 指定开局 and 五手两打, a Swiss of 7 rounds, 2/1/0, and the SP98 tie-breaks the Chinese
    regulations use (对手分, 中间对手分, 胜局)."""

    # The group's columns in the event file.
    name: str = _setting("", _text, column=True)
    rule_set: str = _setting("renju", _one_of(RULE_SETS), column=True)
    opening: str = _setting("designated", _one_of(OPENINGS), column=True)
    fifth_move_offers: int = _setting(2, _whole(0, 20), column=True)  # 0: declared by black
    time_control: str = _setting("", _text, column=True)
    system: System = _setting(System.SWISS, _system, column=True)
    rounds: int = _setting(7, _whole(1, 50), column=True)
    games_per_round: int = _setting(1, _whole(1, 2), column=True)  # 2: 双盘制
    points: PointSystem = _setting(PointSystem(), _points, column=True)
    tiebreaks: tuple[str, ...] = _setting(DEFAULT_TIEBREAKS, _tiebreaks, column=True,
                                         used_by=_players_ranked)
    unplayed_policy: Unplayed = _setting(Unplayed.ZERO, _unplayed, column=True,
                                         used_by=_players_ranked)
    prizes: tuple[PrizeEntry, ...] = _setting((), _prizes, column=True)
    grade_titles: tuple[TitleEntry, ...] = _setting((), _titles, column=True)
    eligibility: Eligibility = _setting(Eligibility(), _eligibility, column=True)

    # Ranking (名次区分) and awards; the places the prize and title tables reward are the
    # decisive places (app.standings.awards.AwardScheme), there is no separate number.
    playoffs: bool = _setting(True, _flag)  # ties that change an award need a playoff (加赛)
    tie_rule: str = _setting("playoff", _one_of(tuple(TieRule)))  # else: share (Hort)
    # three or more tied: 小循环 (round robin) or 淘汰 (knockout); the regulations name only
    # the two-player playoff, the format is the event's to set (FIDE C.07 art. 3)
    playoff_format: PlayoffFormat = _setting(PlayoffFormat.ROUND_ROBIN, _playoff_format,
                                             used_by=_players)
    playoff_all_admitted: bool = _setting(False, _flag)  # every tie in the admitted places
    grade_titles_passed_down: bool = _setting(False, _flag)  # 依次顺延 (default 不顺延)
    # 奖状 for the awarded places only, or also for places with a title (stated in the 秩序册)
    certificates: str = _setting(CertificateRule.AWARDED.value, _one_of(tuple(CertificateRule)))
    round_robin_rounds: int | None = _setting(None, _optional(_whole(1, 100)),  # arbiter's count
                                         used_by=_round_robin)
    median_cut: int = _setting(1, _whole(0, 5), used_by=_players_ranked)  # 中间对手分: highest and lowest cut each
    wins_count_forfeits: bool = _setting(True, _flag, used_by=_players_ranked)  # 胜局 counts forfeit wins
    wins_count_byes: bool = _setting(False, _flag, used_by=_players_ranked)  # 胜局 counts byes
    tiebreak_labels: tuple[tuple[str, str], ...] = _setting((), _labels,  # e.g. 小分
                                                          used_by=_players_ranked)
    tiebreaks_by_system: tuple[tuple[System, tuple[str, ...]], ...] = _setting(
        (), _by_system, used_by=_players_ranked)
    subrankings: tuple[SubRanking, ...] = _setting((), _subrankings, used_by=_players_ranked)
    # Orders drawn by lots (抽签) among players tied where the awards differ and the playoff
    # could not be played (the chief arbiter's decision), best first, by player id; recorded
    # by `lots` (services.tie_lots), the same decision a Team Swiss's `team_lots` holds
    lots: tuple[tuple[int, ...], ...] = _setting((), _lots, used_by=_players_ranked)

    # Pairing.
    same_unit_avoidance_rounds: int = _setting(0, _whole(-1), used_by=_players_swiss)  # -1: every round
    same_unit_early: bool = _setting(True, _flag, used_by=_round_robin)  # round robin: one unit meets early
    forfeit_counts_as_meeting: bool = _setting(True, _flag, used_by=_swiss)
    initial_colour: str = _setting(Colour.FIRST.value, _one_of(INITIAL_COLOURS))
    systems_allowed: tuple[System, ...] = _setting((), _systems)  # empty: any

    # Entries and games.
    late_entry_points: int = _setting(0, _whole(0), used_by=_late_entries)  # points for rounds missed (迟到报名)
    late_limit_minutes: int = _setting(DEFAULT_LATE_LIMIT_MINUTES, _whole(1, 240))  # 迟到时限

    # Teams and the cross-group round.
    team: TeamLineup = _setting(TeamLineup(), _lineup, used_by=_teams)
    teams: int = _setting(0, _whole(0), used_by=_teams)  # teams the regulation expects (0: any)
    lists: tuple[str, ...] = _setting((), _texts, used_by=_cross_group)  # the two lists of the cross-group round
    # FIDE Team Swiss (C.04.6): the primary score (Art. 1.2: match or game points), the
    # colour preferences (Art. 1.7: type A, B or none) and the team tie-break chain (C.07;
    # empty: app.standings.team_swiss.default_tiebreaks).
    team_swiss_primary: str = _setting("match", _one_of(("match", "game")), used_by=_team_swiss)
    team_swiss_colours: str = _setting("A", _one_of(("A", "B", "none")), used_by=_team_swiss)
    team_tiebreaks: tuple[str, ...] = _setting((), _team_tiebreaks, used_by=_team_swiss)
    # Team Swiss: orders drawn by lots among teams still level after the chain, best first
    # (recorded by `team-lots --group`; the same decision a team ranking's `lots` holds)
    team_lots: tuple[tuple[str, ...], ...] = _setting((), _team_lots, used_by=_team_swiss)

    # Small groups (shenzhen 八、(四)).
    merge_below: int = _setting(0, _whole(0))
    cancel_if_at_most: int = _setting(0, _whole(0))

    # Notes the preset carries for the arbiter.
    note: str = _setting("", _text)
    stage: str = _setting("", _text)

    # The venue on the LAN: players may confirm their results with their slip's code.
    player_confirmation: bool = _setting(False, _flag)

    # Kept by the program as the group is played (drawn numbers and seeds, 抽签).
    berger_numbers: tuple[int, ...] | None = _setting(None, _optional(_numbers),
                                                       used_by=_round_robin)
    draw_seed: int | None = _setting(None, _optional(_whole(0)))
    initial_colour_drawn: bool = _setting(False, _flag)

    # ----- reading and writing ----------------------------------------------------------------

    @classmethod
    def keys(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls))

    @classmethod
    def column_keys(cls) -> tuple[str, ...]:
        return tuple(f.name for f in fields(cls) if f.metadata["column"])

    @classmethod
    def applies_to(cls, key: str, system: System) -> bool:
        """A group played by `system` reads the setting `key` (its pairing, its scoring or
        its ranking does): a Team Swiss reads no players' tie-breaks and no 同单位回避, a Swiss
        of players no team line-up."""
        return bool(cls.__dataclass_fields__[key].metadata["used_by"](system))

    def applies(self, key: str) -> bool:
        """This group's system reads the setting `key` (`applies_to`)."""
        return self.applies_to(key, self.system)

    @staticmethod
    def point_keys(system: System) -> tuple[str, ...]:
        """The values of `points` a group played by `system` scores: in a team group the
        games on its boards only (a member who does not play loses his board by forfeit, a
        team without an opponent is scored as a team, `app.standings.team_swiss`), no
        player's bye or absence; in a round robin its games and the rest round of an odd
        table (`roundrobin.REST_OUTCOME`): a player who does not play a scheduled round, on
        leave (请假) or absent (缺席), forfeits its game (`roundrobin.missing_player_forfeits`)
        and nobody gets a pairing-allocated bye; elsewhere all of them."""
        names = tuple(f.name for f in fields(PointSystem))
        if system.team:
            return tuple(n for n in names if n in GAME_POINT_KEYS)
        if system.round_robin:
            from app.pairing.roundrobin import REST_OUTCOME

            return tuple(n for n in names if n in GAME_POINT_KEYS or n == REST_OUTCOME.value)
        return names

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, base: GroupSettings | None = None,
                  strict: bool = True) -> GroupSettings:
        """The settings `data` states, over `base` (default: the defaults).

        `data` is flat (every key at the top) or a preset's group, whose `settings` object
        holds the keys outside the columns. An unknown key or a bad value is refused naming
        it; with `strict=False` (an event file written by another version) unknown keys are
        left out instead, at the top and inside each sub-ranking (an older file's
        `decisive_places`, say).
        """
        flat = dict(data)
        nested = flat.pop("settings", None)
        if nested is not None:
            if not isinstance(nested, Mapping):
                raise UserError("settings 应为对象", "settings must be an object", "settings")
            flat = {**nested, **flat}
        known = {f.name: f for f in fields(cls)}
        unknown = sorted(str(k) for k in flat if k not in known)
        if unknown and strict:
            names = ", ".join(unknown)
            raise UserError(f"未知的组别设置：{names}", f"unknown group settings: {names}",
                            names)
        if not strict:
            flat = _without_unknown_subranking_keys(flat)
        values: dict[str, Any] = {}
        for key, value in flat.items():
            if key not in known:
                continue
            try:
                values[key] = known[key].metadata["read"](value)
            except _Bad as bad:
                shown = _shown(value)
                raise UserError(f"组别设置 {key} 的值 {shown} 不合适：{bad.zh}",
                                f"group setting {key}: bad value {shown} ({bad.en})",
                                key) from None
        fixed = values.get("system", System.SWISS).games_per_round
        if fixed is not None and "games_per_round" not in values:
            values["games_per_round"] = fixed  # the system's own (Double-Swiss: 2)
        settings = replace(base or cls(), **values)
        settings.check()
        return settings

    def check(self) -> None:
        """Refuse combinations that cannot work, naming the key."""
        if self.systems_allowed and self.system not in self.systems_allowed:
            allowed = "、".join(s.zh for s in self.systems_allowed)
            raise UserError(f"本组规程只允许{allowed}，不能用{self.system.zh}",
                            f"this group's regulation allows only "
                            f"{', '.join(s.en for s in self.systems_allowed)}, "
                            f"not {self.system.en}", "system")
        if self.games_per_round == 2 and self.system.team:
            raise UserError("团体赛每轮只下一盘", "team matches play one game per board",
                            "games_per_round")
        fixed = self.system.games_per_round
        if fixed is not None and self.games_per_round != fixed:
            raise UserError(f"{self.system.zh}每轮{fixed}盘（FIDE C.04.5：每次对阵为两盘的比赛）",
                            f"{self.system.en} plays {fixed} games per round (FIDE C.04.5: "
                            "every pairing is a two-game match)", "games_per_round")
        if self.system is System.CROSS_GROUP and self.lists and len(self.lists) != 2:
            raise UserError("复赛交叉编排需要恰好两个来源名单（两个小组的出线队）",
                            "the cross-group round pairs the teams of exactly two source lists "
                            "(the two groups' qualifiers)", "lists")

    def to_json(self) -> dict[str, Any]:
        """Every key as JSON (plain dicts, lists, strings and numbers)."""
        return {f.name: _WRITERS.get(f.name, _plain)(getattr(self, f.name))
                for f in fields(self)}

    def columns(self) -> dict[str, Any]:
        """The keys stored in the group's own columns, as JSON."""
        data = self.to_json()
        return {key: data[key] for key in self.column_keys()}

    def extra(self) -> dict[str, Any]:
        """The keys stored in the JSON column `Group.settings`: those outside the columns
        whose value is not the default (a default is not written, so the file stays short
        and the window's editor shows what the group changed)."""
        data, defaults = self.to_json(), GroupSettings().to_json()
        columns = set(self.column_keys())
        return {key: value for key, value in data.items()
                if key not in columns and value != defaults[key]}

    @classmethod
    def stored(cls, columns: Mapping[str, Any], extra: Mapping[str, Any]) -> GroupSettings:
        """The settings of a group as the event file holds them (its columns and its JSON
        column); keys another version wrote and this one does not know are left out.

        Read once for each content: an export asks for a group's settings some 160 times
        (every ranking, every round), and reading them is the checks of some 50 keys."""
        try:
            key = json.dumps([cls.__qualname__, columns, extra], sort_keys=True)
        except (TypeError, ValueError):  # not as JSON holds it: read, not kept
            return cls.from_json({**extra, **columns}, strict=False)
        settings = _STORED.get(key)
        if settings is None:
            settings = cls.from_json({**extra, **columns}, strict=False)
            if len(_STORED) >= _STORED_KEPT:
                _STORED.clear()
            _STORED[key] = settings
        return settings

    def for_new_group(self) -> GroupSettings:
        """These settings for another group set up like this one: without what was drawn by
        lot while this one was played (numbers, seed, the colour drawn for round 1)."""
        colour = "draw" if self.initial_colour_drawn else self.initial_colour
        return replace(self, name="", berger_numbers=None, draw_seed=None,
                       initial_colour_drawn=False, initial_colour=colour)

    # ----- questions the program asks -----------------------------------------------------

    def tiebreak_label(self, name: str) -> str:
        """The tie-break's name as this group's regulation prints it (e.g. 小分)."""
        return dict(self.tiebreak_labels).get(name) or REGISTRY[name].zh

    def tiebreaks_for(self, system: System) -> tuple[str, ...] | None:
        """The tie-breaks the regulation gives `system`, if it names them (shenzhen 十一、(一))."""
        return dict(self.tiebreaks_by_system).get(system)

    def tiebreaks_after_switch(self, previous: System) -> tuple[str, ...] | None:
        """The players' tie-breaks a switch from `previous` to this group's system brings:
        the regulation's for the system when it names them (shenzhen 十一、(一)1-2: 积分编排
        对手分…, 单循环 小分、胜局); else, coming from a system that ranks no players by
        them (a Team Swiss, a bracket) with none named, the default chain rather than a
        ranking by points alone; None when they stay as they are."""
        named = self.tiebreaks_for(self.system)
        if named is not None:
            return named
        if not self.tiebreaks and self.applies("tiebreaks") and not self.applies_to(
                "tiebreaks", previous):
            return DEFAULT_TIEBREAKS
        return None

    def avoids_same_unit(self, round_number: int) -> bool:
        """同单位回避 applies in this round (the first N rounds, or all with -1)."""
        rounds = self.same_unit_avoidance_rounds
        return rounds < 0 or (rounds > 0 and round_number <= rounds)

    def subranking(self, name: str) -> SubRanking | None:
        return next((s for s in self.subrankings if s.name == name), None)


def _without_unknown_subranking_keys(flat: dict[str, Any]) -> dict[str, Any]:
    """`flat` with the keys this version does not know left out of its sub-rankings."""
    subs = flat.get("subrankings")
    if not isinstance(subs, list | tuple):
        return flat
    kept = [{k: v for k, v in sub.items() if k in _SUBRANKING_KEYS}
            if isinstance(sub, Mapping) else sub for sub in subs]
    return {**flat, "subrankings": kept}


def _shown(value: Any) -> str:
    import json

    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."



# ----- the settings as the arbiter reads them -------------------------------------------------
# The words of the window's setup form (app/ui/texts.py, `f_...`), for every key, so that what
# the command line prints names a setting as the form does and never by its key.

LABELS: dict[str, tuple[str, str]] = {
    "name": ("组名", "Name"),
    "rule_set": ("行棋规则", "Rule set"),
    "opening": ("开局方式", "Opening"),
    "fifth_move_offers": ("五手N打", "Fifth-move offers (N)"),
    "time_control": ("用时", "Time control"),
    "system": ("赛制", "System"),
    "rounds": ("轮数", "Rounds"),
    "games_per_round": ("每轮局数", "Games per round"),
    "points": ("计分", "Points"),
    "tiebreaks": ("名次区分", "Tie-breaks"),
    "unplayed_policy": ("未赛局计算", "Unplayed games"),
    "prizes": ("奖励", "Prizes"),
    "grade_titles": ("段级位", "Grade titles"),
    "eligibility": ("参赛资格", "Eligibility"),
    "playoffs": ("加赛", "Playoffs"),
    "tie_rule": ("破同分后仍相同", "Still level after the tie-breaks"),
    "playoff_format": ("三人以上并列的加赛方式", "Playoff of three or more"),
    "playoff_all_admitted": ("录取名次内的并列一律加赛", "Play off every tie in the admitted places"),
    "grade_titles_passed_down": ("段级位依次顺延", "Grade titles passed down"),
    "certificates": ("奖状颁发范围", "Who receives a certificate"),
    "round_robin_rounds": ("循环赛轮数（裁判长定）", "Round-robin rounds (the arbiter's count)"),
    "median_cut": ("中间对手分去掉最高最低各", "Median Buchholz cuts highest and lowest"),
    "wins_count_forfeits": ("胜局计入不战胜", "Wins include forfeit wins"),
    "wins_count_byes": ("胜局计入轮空", "Wins include byes"),
    "tiebreak_labels": ("名次区分的称呼", "Tie-break names in the regulation"),
    "tiebreaks_by_system": ("各赛制的名次区分", "Tie-breaks by system"),
    "subrankings": ("分组排名", "Sub-rankings"),
    "same_unit_avoidance_rounds": ("同单位回避", "Same-unit avoidance"),
    "same_unit_early": ("循环赛同单位先相遇", "Round robin: one unit meets early"),
    "forfeit_counts_as_meeting": ("弃权算相遇", "Forfeits count as met"),
    "initial_colour": ("第1轮1号种子", "Round 1, top seed"),
    "systems_allowed": ("规程允许的赛制", "Systems the regulation allows"),
    "late_entry_points": ("迟到报名所缺轮次得分", "Points for rounds missed by a late entry"),
    "late_limit_minutes": ("迟到时限（分钟）", "Late arrival limit (minutes)"),
    "team": ("分台定人", "Team line-up"),
    "teams": ("规程预计队数", "Teams the regulation expects"),
    "lists": ("复赛的两个来源名单", "The cross-group round's two lists"),
    "team_swiss_primary": ("团体积分编排的主分", "Team Swiss: primary score"),
    "team_swiss_colours": ("团体积分编排的先后手偏好", "Team Swiss: colour preferences"),
    "team_tiebreaks": ("团体名次区分", "Team tie-breaks"),
    "team_lots": ("团体并列的抽签顺序", "Team ties: orders drawn by lots"),
    "lots": ("并列棋手的抽签顺序", "Player ties: orders drawn by lots"),
    "merge_below": ("人数少于此数须合并", "Merge a group of fewer players than"),
    "cancel_if_at_most": ("人数不超过此数取消", "Cancel a group of at most"),
    "note": ("说明", "Note"),
    "stage": ("阶段", "Stage"),
    "player_confirmation": ("棋手确认成绩", "Players confirm their results"),
    "berger_numbers": ("循环赛编号", "Berger numbers"),
    "draw_seed": ("抽签种子", "Seed of the draw"),
    "initial_colour_drawn": ("第1轮先后手已抽签", "Round 1 colour drawn by lot"),
    "settings": ("其他设置", "Other settings"),  # the JSON column that holds the keys above
    # a line of `group`'s print, no setting: what a Double-Swiss round without a game gives
    "double_swiss_points": ("双盘积分编排计分", "Double-Swiss scores"),
}

RULE_SET_WORDS: dict[str, tuple[str, str]] = {
    "renju": ("专业规则（禁手）", "Renju (forbidden moves)"),
    "free": ("大众规则（无禁手）", "Free-style (no forbidden moves)"),
    "gomoku": ("标准五子棋", "Standard gomoku"),
}

TEAM_SWISS_WORDS: dict[str, tuple[str, str]] = {
    # C.04.6 Art. 1.2 and 1.7 in the arbiter's words
    "match": ("场分（每场胜2、和1、负0）", "match points (won 2, drawn 1, lost 0)"),
    "game": ("局分（各台得分之和）", "game points (the boards' points)"),
    "A": ("A类（有偏好或无偏好）", "type A (a preference or none)"),
    "B": ("B类（强偏好或弱偏好）", "type B (strong or mild)"),
    "none": ("不考虑先后手偏好", "no colour preferences"),
}

POINT_WORDS: dict[str, tuple[str, str]] = {
    "win": ("胜", "win"), "draw": ("和", "draw"), "loss": ("负", "loss"),
    "forfeit_win": ("不战胜", "forfeit win"), "forfeit_loss": ("弃权负", "forfeit loss"),
    "pab": ("轮空", "bye"), "full_bye": ("请假全分", "full-point bye"),
    "half_bye": ("请假半分", "half-point bye"), "zero_bye": ("请假零分", "zero-point bye"),
    "absent": ("缺席", "absent"),
}


def label(key: str, lang: str = "zh") -> str:
    """The setting `key` as the setup form names it."""
    zh, en = LABELS[key]
    return zh if lang == "zh" else en
