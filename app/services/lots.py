"""Before round 1: the knockout draw by lot (抽签) and round-robin numbers given by the arbiter.

- Knockout: the entrants' seeds are drawn by lot with a recorded seed, the first `fixed`
  entrants keeping theirs (huazhi 五、(三)1: the directly qualified teams are placed, the rest
  drawn); the core's `draw_seeding` does the draw.
- Round robin: the arbiter may give every player's Berger number (the numbers drawn at the
  venue, 现场抽签); the core's `given_numbers` checks them (1..n, each once). Without them the
  program draws the numbers itself when round 1 is paired.

Each is one operation, refused once a round is paired.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace

from app.errors import UserError
from app.pairing import knockout, roundrobin
from app.services.event import Event, settings_of, store_settings
from app.services.lookup import table_players
from app.services.queries import seeded_players, system_of
from app.store.models import Group


def _before_round_one(group: Group, what_zh: str, what_en: str) -> None:
    if group.rounds_played:
        raise UserError(f"第1轮编排后不能再{what_zh}", f"{what_en} only before round 1 is paired",
                        group.name)


def draw_knockout(event: Event, group: str, seed: int | None = None, fixed: int = 0
                  ) -> tuple[int, ...]:
    """Draw the knockout's seeding by lot; returns the entrants (player or team ids) in their
    new seed order. The seed of the lot is kept with the group (the same seed, the same draw).
    """
    with event.operation("draw_knockout", f"淘汰赛抽签 {group} / knockout draw") as session:
        found = Event.group(session, group)
        system = system_of(found)
        if not system.bracket:
            raise UserError(f"{system.zh}不是淘汰赛", f"a {system.en} has no knockout draw",
                            group)
        _before_round_one(found, "抽签", "the draw is made")
        lot = seed if seed is not None else dt.datetime.now().microsecond or 1
        if system.team:
            teams = sorted(found.teams, key=lambda t: (t.seed, t.id))
            order = knockout.draw_seeding([t.id for t in teams], lot, fixed)
            team_of = {t.id: t for t in teams}
            for number, team_id in enumerate(order, start=1):
                team_of[team_id].seed = number
                for member in team_of[team_id].members:
                    member.player.seed = 1000 * number + member.board_order
        else:
            players = seeded_players(found)
            order = knockout.draw_seeding([p.id for p in players], lot, fixed)
            player_of = {p.id: p for p in players}
            for number, player_id in enumerate(order, start=1):
                player_of[player_id].seed = number
        store_settings(found, replace(settings_of(found), draw_seed=lot))
        return order


def give_round_robin_numbers(event: Event, group: str, numbers: Mapping[int, int]) -> None:
    """Fix the Berger numbers of a round robin: player id -> number, every player of its
    table once (`table_players`: not one withdrawn before round 1)."""
    with event.operation("give_numbers", f"指定循环赛编号 {group} / give Berger numbers"
                         ) as session:
        found = Event.group(session, group)
        system = system_of(found)
        if not system.round_robin:
            raise UserError(f"{system.zh}没有循环赛编号", f"a {system.en} has no Berger numbers",
                            group)
        _before_round_one(found, "更改编号", "the numbers can be given")
        ids = {p.id for p in table_players(found)}  # not one withdrawn before round 1
        left_out = [p for p in found.players if p.id in numbers and p.id not in ids]
        if left_out:
            names = "、".join(p.name for p in left_out)
            raise UserError(
                f"{names}已在第1轮前退赛，不编入伯格表：编号只给其余{len(ids)}名棋手",
                f"{', '.join(p.name for p in left_out)} withdrew before round 1 and are not "
                f"on the Berger table: give numbers to the other {len(ids)} players only",
                "numbers")
        strangers = sorted(set(numbers) - ids)
        missing = sorted(ids - set(numbers))
        if strangers or missing:
            raise UserError(
                f"编号须覆盖本组全部棋手：多出 {strangers}，缺少 {missing}",
                f"the numbers must cover the group's players exactly: not in the group "
                f"{strangers}, missing {missing}", "numbers")
        numbering = roundrobin.given_numbers(numbers)
        store_settings(found, replace(settings_of(found), berger_numbers=numbering.players,
                                      draw_seed=None))
