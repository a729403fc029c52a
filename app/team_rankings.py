"""A team ranking's spec (团体名次办法) as one frozen, validated value, the twin of `GroupSettings`.

This is the only place that knows the keys of a team ranking as the event stores it (the list
`team_rankings` of the event's settings, first written from a preset). The presets, the services
and the window read it through `TeamRankingSpec.from_json` where it leaves the store, and write
`to_json()` back; a key that is not listed here, or a value of the wrong kind, is refused with a
`UserError` naming the ranking and the key. Pure Python: no Qt, no SQLAlchemy.

Where the keys come from (../shared/regulations/):
- `sum_scores`: qiwang 2022 十二(四)4 "男子团体每队为3人、女子团体每队为2人，以队员个人赛成绩之和计算
  团体成绩。所有队员需要通过网络选拔赛取得晋级资格，在总决赛前由各参赛队统一报名" (`members`, `gender`,
  the declared `teams`, and the member rule `members_from`: a 外卡 player is no team member);
- `best_places`: shenzhen 2022 十一(二) "成绩最好的2男和1女名次相加 … 如相同则比较团体中个人最高名次"
  (`men`, `women`, the chain `best_place`);
- prizes and how many places are awarded with few teams: qiwang 十五2, shenzhen 十二(二);
- `tie_rule`: what a tie still level after the chain does. Where the regulation gives none
  (qiwang names no team tie-break at all) it is left out (None) and the arbiter is asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from app.errors import UserError
from app.group_settings import (
    PrizeEntry,
    _Bad,
    _list,
    _mapping,
    _member,
    _one_of,
    _only,
    _prize_json,
    _prizes,
    _shown,
    _text,
    _texts,
    _whole,
)
from app.standings.awards import Prize, PrizeTable, TeamAwardRule, TieRule
from app.standings.teams import BEST_PLACE
from app.standings.tiebreaks import REGISTRY

__all__ = ["DeclaredTeamEntry", "MemberRule", "TeamMethod", "TeamRankingSpec"]


class TeamMethod(StrEnum):
    """How a team's result is made."""

    SUM_SCORES = "sum_scores"  # the members' scores added, higher first (qiwang 十二(四)4)
    BEST_PLACES = "best_places"  # the places of a unit's best men and women added (shenzhen)


@dataclass(frozen=True)
class DeclaredTeamEntry:
    """A team a unit declared before the final (qiwang 十二(四)4 "由各参赛队统一报名"):
    members by player id, in the order declared."""

    name: str
    unit: str = ""
    members: tuple[int, ...] = ()


@dataclass(frozen=True)
class MemberRule:
    """Who may be a team member, by the list a player came from (qiwang 十二(四)4 "所有队员需要
    通过网络选拔赛取得晋级资格": a player of the 外卡 list is no team member).

    `lists` are labels of the event's qualifier lists (`qualifiers.rules.lists[].label`);
    `clause` is the regulation's clause, named when a player is refused."""

    lists: tuple[str, ...]
    clause: str = ""

    def admits(self, player_list: str | None) -> bool:
        """Whether a player from `player_list` may be a member. `None`: the event has no record
        of the player's list (entered by hand): not refused, as nothing says he came from
        another list."""
        return player_list is None or player_list in self.lists


_KEYS = frozenset({"name", "method", "groups", "members", "gender", "men", "women",
                   "award_rule", "prizes", "tiebreaks", "tie_rule", "lots", "teams",
                   "members_from"})


def _team(value: Any) -> DeclaredTeamEntry:
    data = _mapping(value)
    _only(data, {"name", "unit", "members"})
    name = _text(data.get("name", ""))
    if not name:
        raise _Bad("报名队伍须有队名 name", "a declared team needs a name")
    return DeclaredTeamEntry(name, _text(data.get("unit", "")),
                             tuple(_whole(1)(m) for m in _list(data.get("members", []))))


def _teams(value: Any) -> tuple[DeclaredTeamEntry, ...]:
    found = tuple(_team(item) for item in _list(value))
    if len({t.name for t in found}) != len(found):
        raise _Bad("报名队伍的队名重复", "two declared teams share a name")
    return found


def _lots(value: Any) -> tuple[tuple[str, ...], ...]:
    return tuple(_texts(order) for order in _list(value))


def _member_rule(value: Any) -> MemberRule | None:
    if value is None:
        return None
    data = _mapping(value)
    _only(data, {"lists", "clause"})
    lists = _texts(data.get("lists", []))
    if not lists:
        raise _Bad("members_from 须列出名单 lists", "members_from needs its lists")
    return MemberRule(lists, _text(data.get("clause", "")))


_method = _member(TeamMethod, "未知的团体计分方法", "unknown team method")
_award_rule = _member(TeamAwardRule, "未知的团体录取办法", "unknown team award rule")
_tie_rule = _member(TieRule, "未知的并列办法", "unknown tie rule")

_READERS: dict[str, Any] = {
    "name": _text, "method": _method, "groups": _texts, "members": _whole(1, 20),
    "gender": lambda v: None if v in (None, "") else _one_of(("M", "F"))(v),
    "men": _whole(0, 20), "women": _whole(0, 20), "award_rule": _award_rule,
    "prizes": _prizes, "tiebreaks": _texts,
    "tie_rule": lambda v: None if v is None else _tie_rule(v),
    "lots": _lots, "teams": _teams, "members_from": _member_rule,
}


@dataclass(frozen=True)
class TeamRankingSpec:
    """One team ranking of the event, typed. `tie_rule` None: the regulation states none and
    the arbiter has not chosen (a tie over places worth different things is then asked about,
    never shared silently). `lots`: orders drawn by lots among tied teams, best first."""

    name: str
    method: TeamMethod
    groups: tuple[str, ...]
    members: int = 3  # sum_scores: members counted (the team's size)
    gender: str | None = None  # sum_scores: "M" / "F", None for both
    men: int = 2  # best_places
    women: int = 1
    award_rule: TeamAwardRule = TeamAwardRule.FULL
    prizes: tuple[PrizeEntry, ...] = ()
    tiebreaks: tuple[str, ...] = ()
    tie_rule: TieRule | None = None
    lots: tuple[tuple[str, ...], ...] = ()
    teams: tuple[DeclaredTeamEntry, ...] = ()
    member_rule: MemberRule | None = None

    # ----- reading and writing ----------------------------------------------------------------

    @classmethod
    def from_json(cls, data: Mapping[str, Any], *, strict: bool = True) -> TeamRankingSpec:
        """The spec `data` states; an unknown key (unless `strict` is False: a file written by
        another version) or a bad value is refused naming the ranking and the key."""
        if not isinstance(data, Mapping):
            raise UserError("团体名次应为对象", "a team ranking must be an object",
                            "team_rankings")
        name = str(data.get("name", "")).strip()
        where = f"team_rankings[{name}]" if name else "team_rankings"
        unknown = sorted(str(k) for k in data if k not in _KEYS)
        if unknown and strict:
            keys = ", ".join(unknown)
            raise UserError(f"团体名次“{name}”有未知的设置：{keys}",
                            f"team ranking {name!r}: unknown keys {keys}", f"{where}.{unknown[0]}")
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in _READERS:
                continue
            try:
                values["member_rule" if key == "members_from" else key] = _READERS[key](value)
            except _Bad as bad:
                shown = _shown(value)
                raise UserError(f"团体名次“{name}”的设置 {key} 的值 {shown} 不合适：{bad.zh}",
                                f"team ranking {name!r}: {key}: bad value {shown} ({bad.en})",
                                f"{where}.{key}") from None
        for key in ("name", "method", "groups"):
            if not values.get(key):
                raise UserError(f"团体名次“{name}”缺少设置 {key}",
                                f"team ranking {name!r}: {key} is missing", f"{where}.{key}")
        if "tiebreaks" not in values and values["method"] is TeamMethod.BEST_PLACES:
            values["tiebreaks"] = (BEST_PLACE,)  # shenzhen 十一(二): 比较团体中个人最高名次
        spec = cls(**values)
        spec.check(where)
        return spec

    def check(self, where: str = "team_rankings") -> None:
        """Refuse what cannot work, naming the key."""
        name = self.name
        if self.method is TeamMethod.SUM_SCORES and len(self.groups) != 1:
            raise UserError(f"团体名次“{name}”按个人积分之和计算，groups 只能有一个组别",
                            f"team ranking {name!r} sums the scores of one group: groups "
                            "must name one",
                            f"{where}.groups")
        allowed = {BEST_PLACE} | (set(REGISTRY) if self.method is TeamMethod.SUM_SCORES
                                  else set())
        for tiebreak in self.tiebreaks:
            if tiebreak not in allowed:
                raise UserError(f"团体名次“{name}”的 tiebreaks 不能有“{tiebreak}”",
                                f"team ranking {name!r}: tiebreaks: {tiebreak!r} cannot break "
                                "its ties",
                                f"{where}.tiebreaks")
        if self.method is TeamMethod.BEST_PLACES and (self.teams or self.member_rule):
            raise UserError(f"团体名次“{name}”按名次相加计算，不报名队伍（teams）",
                            f"team ranking {name!r} adds unit places; it takes no declared "
                            "teams", f"{where}.teams")

    @classmethod
    def stored(cls, data: Mapping[str, Any]) -> TeamRankingSpec:
        """A spec as the event file holds it (keys another version wrote are left out)."""
        return cls.from_json(data, strict=False)

    def to_json(self) -> dict[str, Any]:
        """Every key as JSON; the ones left at nothing (None, empty) are not written."""
        data: dict[str, Any] = {"name": self.name, "method": self.method.value,
                                "groups": list(self.groups)}
        if self.method is TeamMethod.SUM_SCORES:
            data["members"] = self.members
            if self.gender:
                data["gender"] = self.gender
        else:
            data |= {"men": self.men, "women": self.women}
        data |= {"award_rule": self.award_rule.value,
                 "prizes": [_prize_json(p) for p in self.prizes],
                 "tiebreaks": list(self.tiebreaks)}
        if self.tie_rule is not None:
            data["tie_rule"] = self.tie_rule.value
        if self.lots:
            data["lots"] = [list(order) for order in self.lots]
        if self.teams:
            data["teams"] = [{"name": t.name, "unit": t.unit, "members": list(t.members)}
                             for t in self.teams]
        if self.member_rule is not None:
            data["members_from"] = {"lists": list(self.member_rule.lists),
                                    "clause": self.member_rule.clause}
        return data

    # ----- questions the program asks -----------------------------------------------------

    @property
    def declares(self) -> bool:
        """Whether units declare their teams for it (it sums the members' scores)."""
        return self.method is TeamMethod.SUM_SCORES

    def prize_table(self) -> PrizeTable:
        return PrizeTable(tuple((e.places.first, e.places.last, Prize(e.money, e.items))
                                for e in self.prizes))

    def with_teams(self, teams: tuple[DeclaredTeamEntry, ...]) -> TeamRankingSpec:
        return replace(self, teams=teams)

    def with_lots(self, order: tuple[str, ...]) -> TeamRankingSpec:
        return replace(self, lots=(*self.lots, order))
