"""Lots (抽签) for players tied at a place that touches the awards, where the playoff cannot
be played.

The regulations order a playoff for such a tie (2016 八(二)1, shenzhen 十一(一)2: "涉及录取名次
的进行加赛"; qiwang names no other way), but at a real final a playoff sometimes cannot be
played — a player has left, the time has run out — and the chief arbiter decides by lots. The
order drawn is the decision a team's lots are (`AwardBasis.LOTS`, 抽签决定名次): kept with the
group (`GroupSettings.lots`, by player id, best first), applied by the ranking wherever those
players are tied (as a playoff's order is), said in its legend and on every award list, and
never printed as a playoff (加赛).

A playoff opened for the tie and not played yet is replaced: it is removed in the same
operation (undo brings it back). One whose games have begun, or that has decided, is not: its
games decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from sqlalchemy.orm import Session

from app.errors import UserError
from app.pairing.system import System
from app.services.event import Event, settings_of, store_settings
from app.services.playoffs import ranking_info
from app.services.queries import PlayerRef, system_of
from app.services.ranking import PlayoffNeed, StandingsInfo
from app.standings.ranking import PlayoffState
from app.store.models import Group, Playoff

__all__ = ["TieLots", "record_tie_lots"]


@dataclass(frozen=True)
class TieLots:
    """The lots recorded: the ranking and place of the tie, its players in the order drawn,
    and the playoff opened for it that the lots replaced (None: none was open)."""

    group: str
    ranking: str
    place: int
    order: tuple[PlayerRef, ...]
    replaced_playoff: int | None = None


def _who(player: PlayerRef, lang: str = "zh") -> str:
    """A player by id (as `players --csv` prints it) and name: `3号 李四` / `player 3 李四`."""
    return f"player {player.id} {player.name}" if lang == "en" else f"{player.id}号 {player.name}"


def _refuse_team_groups(group: Group) -> None:
    system = system_of(group)
    if system is System.TEAM_SWISS:
        raise UserError("团体积分编排赛的并列是队伍之间的并列：请用 team-lots FILE --group "
                        f"{group.name} 按抽签顺序列出队伍",
                        "ties in a Team Swiss group are between teams: use team-lots FILE "
                        f"--group {group.name} with the teams in the order drawn", group.name)
    if not system.ranked_by_points or system.team:
        raise UserError(f"{system.zh}的名次由对阵决定，没有需要抽签的并列",
                        f"a {system.en} is placed by its matches: it has no tie to draw lots for",
                        group.name)


def _refuse_unless_final(info: StandingsInfo) -> None:
    if info.rounds_complete < info.rounds_planned:
        raise UserError(
            f"尚有轮次未完成（{info.rounds_complete}/{info.rounds_planned}），抽签只决定最终名次",
            f"rounds remain ({info.rounds_complete} of {info.rounds_planned} done): lots "
            "decide the final order only", info.name)


def _tie_at(session: Session, group: Group, info: StandingsInfo, place: int) -> PlayoffNeed:
    """The tie at `place` still to be decided; else why there is none to draw lots for."""
    need = next((n for n in info.playoffs_needed if n.place == place), None)
    if need is not None:
        return need
    rows = [row for row in info.rows if row.place == place]
    decided = [row for row in rows if row.playoff in (PlayoffState.LOTS, PlayoffState.PLAYED)]
    if decided and decided[0].playoff is PlayoffState.LOTS:
        raise UserError(
            f"第{place}名的并列已由抽签决定；如需重新抽签，先撤销（undo）该抽签",
            f"the tie at place {place} was decided by lots already: undo those lots to draw "
            "again", info.name)
    if decided:
        playoff = _decided_playoff(session, group, decided[0].player.id)
        zh, en = (f"（加赛 {playoff}）", f" (playoff {playoff})") if playoff is not None \
            else ("", "")
        raise UserError(
            f"第{place}名的并列已由加赛{zh}决定，不能再抽签",
            f"the tie at place {place} was decided by a playoff{en}: no lots can be drawn "
            "for it", info.name)
    if len(rows) > 1:
        names = "、".join(_who(row.player) for row in rows)
        names_en = ", ".join(_who(row.player, "en") for row in rows)
        raise UserError(
            f"第{place}名的并列（{names}）不涉及奖励差别，按规程为并列名次，无需加赛或抽签",
            f"the tie at place {place} ({names_en}) changes no award: it is shared, as the "
            "regulation says, with no playoff and no lots", info.name)
    raise UserError(f"第{place}名没有并列，无需抽签", f"no tie at place {place}: no lots to draw",
                    info.name)


def _decided_playoff(session: Session, group: Group, player_id: int) -> int | None:
    """The decided playoff a player's place comes from (its number, to name it)."""
    for row in session.query(Playoff).filter(Playoff.group_id == group.id):
        if row.order and player_id in row.order:
            return row.id
    return None


def _check_order(need: PlayoffNeed, order: Sequence[int], ranking: str) -> None:
    """The players named must be the tied players, each once."""
    tied = {p.id for p in need.players}
    named = list(order)
    twice = sorted({pid for pid in named if named.count(pid) > 1})
    strangers = [pid for pid in dict.fromkeys(named) if pid not in tied]
    missing = [p for p in need.players if p.id not in named]
    if not (twice or strangers or missing):
        return
    problems_zh, problems_en = [], []
    if twice:
        problems_zh.append(f"重复：{'、'.join(map(str, twice))}")
        problems_en.append(f"named twice: {', '.join(map(str, twice))}")
    if strangers:
        problems_zh.append(f"不在此并列中：{'、'.join(map(str, strangers))}")
        problems_en.append(f"not in this tie: {', '.join(map(str, strangers))}")
    if missing:
        problems_zh.append(f"缺少：{'、'.join(_who(p) for p in missing)}")
        problems_en.append(f"missing: {', '.join(_who(p, 'en') for p in missing)}")
    tied_zh = "、".join(_who(p) for p in need.players)
    tied_en = ", ".join(_who(p, "en") for p in need.players)
    raise UserError(
        f"所列棋手不是第{need.place}名并列的棋手（并列的是 {tied_zh}）：{'；'.join(problems_zh)}",
        f"the players named are not the players tied at place {need.place} ({tied_en}): "
        f"{'; '.join(problems_en)}", ranking)


def _replaceable_playoff(session: Session, need: PlayoffNeed, ranking: str) -> Playoff | None:
    """The playoff opened for the tie, if any, that the lots may replace: one with no game
    played. One whose games have begun decides the tie; lots do not overrule games."""
    if need.open_playoff is None:
        return None
    playoff = session.get(Playoff, need.open_playoff)
    if playoff is None:
        return None
    played = sum(1 for game in playoff.games if game.result)
    if played:
        raise UserError(
            f"第{need.place}名的加赛（加赛 {playoff.id}）已赛{played}盘，由加赛决定，不能改为抽签；"
            "如确需抽签，先撤销已录入的加赛结果",
            f"the playoff for place {need.place} (playoff {playoff.id}) has {played} game(s) "
            "played: the playoff decides, lots cannot replace it; undo its results first if "
            "lots must be drawn", ranking)
    return playoff


def record_tie_lots(event: Event, group: str, place: int, order: Sequence[int],
                    ranking: str | None = None) -> TieLots:
    """Record the order drawn by lots among the players tied at `place` (player ids, best
    first) of the group's final ranking, or of its sub-ranking `ranking` (公开组（女子）...).

    Refused, writing nothing: in a group whose places are not ranked by points (a knockout,
    a team group: a Team Swiss takes `team-lots`), while rounds remain, when no tie at that
    place needs deciding (none; one the awards do not tell apart, which is shared; one
    decided by a playoff or by lots already), when the players named are not exactly the
    tied ones, and when a playoff opened for the tie has a game played. A playoff opened for
    it with no game played is removed: the lots replace it (`replaced_playoff`)."""
    with event.operation("record_tie_lots", f"{group} 第{place}名抽签 / lots") as session:
        found = Event.group(session, group)
        _refuse_team_groups(found)
        info = ranking_info(session, found, ranking)
        _refuse_unless_final(info)
        need = _tie_at(session, found, info, place)
        _check_order(need, order, info.name)
        playoff = _replaceable_playoff(session, need, info.name)
        replaced = playoff.id if playoff is not None else None
        if playoff is not None:
            session.delete(playoff)
        settings = settings_of(found)
        store_settings(found, replace(settings, lots=(*settings.lots, tuple(order))))
        by_id = {p.id: p for p in need.players}
        return TieLots(found.name, info.name, place, tuple(by_id[pid] for pid in order),
                       replaced)
