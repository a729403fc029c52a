"""What a player declines (放弃): a grade title or a prize of one ranking, recorded in the event
(with the event's settings, by player id) so the award list, the certificates and the
grade-application list follow; undoable.

The rule of what a decline does lives in `app.standings.awards.decide_awards`: a declined
prize is not paid and not passed down; a declined title is not passed down where the table is
不顺延 (qiwang 2022 十五4), and passed down in order where it is 依次顺延 (2016 八(二)3).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from sqlalchemy.orm import Session

from app.errors import UserError
from app.services.event import Event, settings_of
from app.store.models import Group, Player

__all__ = ["DeclineInfo", "Declined", "decline_award", "declines", "ranking_names"]


class Declined(StrEnum):
    TITLE = "title"  # 等级称号
    PRIZE = "prize"  # 奖金与奖品


DECLINED_ZH = {Declined.TITLE: "等级称号", Declined.PRIZE: "奖励"}


@dataclass(frozen=True)
class DeclineInfo:
    player_id: int
    name: str
    ranking: str
    what: Declined


def ranking_names(group: Group) -> tuple[str, ...]:
    """The group's own ranking and its sub-rankings (公开组（女子）...)."""
    return (group.name, *(s.name for s in settings_of(group).subrankings))


def _player(session: Session, player_id: int) -> Player:
    player = session.get(Player, player_id)
    if player is None:
        raise UserError(f"没有编号为 {player_id} 的棋手", f"no player with id {player_id}",
                        "player")
    return player


def decline_award(event: Event, player_id: int, what: Declined | str,
                  ranking: str | None = None, *, withdraw: bool = False) -> list[DeclineInfo]:
    """Record that the player declines his grade title or prize in `ranking` (default: his
    group's own ranking); `withdraw` takes a recorded decline back. One undoable operation;
    returns the group's declines."""
    kind = Declined(what) if what in tuple(Declined) else None
    if kind is None:
        raise UserError(f"只能放弃等级称号或奖励：{what!r}",
                        f"a player declines a title or a prize, not {what!r}", "what")
    verb = "撤销放弃" if withdraw else "放弃"
    with event.operation("decline_award",
                         f"{verb}{DECLINED_ZH[kind]} / decline {kind.value}") as session:
        player = _player(session, player_id)
        group = player.group
        name = ranking or group.name
        if name not in ranking_names(group):
            raise UserError(f"{group.name} 没有名为“{name}”的名次表",
                            f"group {group.name} has no ranking named {name!r}", "ranking")
        entry = {"player": player.id, "ranking": name, "what": kind.value}
        tournament = group.tournament
        entries = [dict(e) for e in tournament.settings.get("declines", [])]
        if withdraw:
            if entry not in entries:
                raise UserError(f"{player.name} 没有放弃{name}的{DECLINED_ZH[kind]}",
                                f"{player.name} has not declined the {kind.value} of {name}",
                                player.name)
            entries.remove(entry)
        else:
            if entry in entries:
                raise UserError(f"{player.name} 已放弃{name}的{DECLINED_ZH[kind]}",
                                f"{player.name} has declined the {kind.value} of {name} already",
                                player.name)
            entries.append(entry)
        tournament.settings = {**tournament.settings, "declines": entries}
        session.flush()
        return _infos(session, group)


def _infos(session: Session, group: Group) -> list[DeclineInfo]:
    players = {p.id: p for p in group.players}
    return [DeclineInfo(int(e["player"]), players[e["player"]].name, str(e["ranking"]),
                        Declined(e["what"]))
            for e in group.tournament.settings.get("declines", []) if e["player"] in players]


def declines(event: Event, group: str | None) -> list[DeclineInfo]:
    """The declines recorded in a group, in the order recorded."""
    with event.reading() as session:
        return _infos(session, Event.group(session, group))
