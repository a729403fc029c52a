"""Finding a group's rows by what the arbiter names them (a round by its number, a board by
its number) and the group's typed basics (its system, how many rounds it plays, its players in
seeding order): the ground floor every service reads with, importing no other service but the
event's."""

from __future__ import annotations

from typing import Protocol

from sqlalchemy.orm import Session

from app import wording
from app.errors import UserError
from app.pairing.system import System
from app.pairing.types import Outcome, SitOut, sit_out_of
from app.services.event import settings_of
from app.store.models import BoardRow, Group, Player, Round, Team


def system_of(group: Group) -> System:
    """The group's competition system (the event file stores its value)."""
    return System.of(group.system, f"组别 {group.name}")


def at_board(error: UserError, group: Group, round_number: int, number: int,
             game: int | None = None) -> UserError:
    """`error` with its place said in words in each language, the group as its place: a
    board of a round, or in a team group a match (and its `game`-th board), as the arbiter
    numbers them there."""
    if system_of(group).team:
        zh, en = (wording.match_place_text(round_number, number, game, lang=lang)
                  for lang in ("zh", "en"))
    else:
        zh, en = (wording.board_place_text(round_number, number, lang)
                  for lang in ("zh", "en"))
    return UserError(f"{zh}：{error.zh}", f"{en}: {error.en}", group.name)


def planned_rounds(group: Group) -> int:
    """How many rounds the group plays: a knockout by its bracket; a round robin as many as
    its table has for its players (n-1, n for odd n, doubled for a double round robin, n as
    `table_players` counts them) unless the arbiter set another count (`round_robin_rounds`)."""
    system = system_of(group)
    if system.team and system.bracket:
        return planned_rounds_of(group, len(bracket_teams(group)))
    if system.team:
        return planned_rounds_of(group, len(group.teams))
    if system.round_robin:
        return planned_rounds_of(group, len(table_players(group)))
    if system.bracket:
        return planned_rounds_of(group, len(bracket_players(group)))
    return planned_rounds_of(group, len(group.players))


def table_players(group: Group) -> list[Player]:
    """A round robin's players with a line in its Berger table, in seeding order: once round 1
    is paired the players it numbers; before, those who start (`roundrobin.starts`: not one
    withdrawn before round 1)."""
    from app.pairing import roundrobin  # a round robin's or knockout's own rule, loaded there

    numbers = settings_of(group).berger_numbers
    if group.rounds_played and numbers is not None:
        return [p for p in seeded_players(group) if p.id in set(numbers)]
    return [p for p in seeded_players(group) if roundrobin.starts(withdrawn_from(p))]


def bracket_players(group: Group) -> list[Player]:
    """An individual knockout's entrants, in seeding order: once round 1 is paired the players
    its bracket was drawn for (each is on a round-1 board, a bye's included); before, those
    who start (`roundrobin.starts`: not one withdrawn before round 1, who plays none of it —
    in the bracket he would take a slot and hand its match to his opponent as a forfeit,
    2022-shenzhen 十、(二) sets the draw by the players there)."""
    from app.pairing import roundrobin

    first = next((r for r in group.rounds_played if r.number == 1), None)
    if first is None:
        return [p for p in seeded_players(group) if roundrobin.starts(withdrawn_from(p))]
    drawn = {player for board in first.boards
             for player in (board.first_player_id, board.second_player_id) if player}
    return [p for p in seeded_players(group) if p.id in drawn]


def bracket_teams(group: Group) -> list[Team]:
    """A team knockout's entrants, by seed, as `bracket_players`: once round 1 is paired the
    teams its bracket was drawn for; before, those who start (a team plays while any member
    does; one whose every member withdrew before round 1, 整队退赛, is not drawn)."""
    from app.pairing import roundrobin

    teams = sorted(group.teams, key=lambda t: (t.seed, t.id))
    first = next((r for r in group.rounds_played if r.number == 1), None)
    if first is None:
        return [t for t in teams if not t.members
                or any(roundrobin.starts(withdrawn_from(m.player)) for m in t.members)]
    drawn = {team for board in first.boards
             for team in (board.first_team_id, board.second_team_id) if team}
    return [t for t in teams if t.id in drawn]


def planned_rounds_of(group: Group, entrants: int) -> int:
    """`planned_rounds` with the group's players (or, in a team system, teams) counted
    already (the event summary counts them in one query for every group)."""
    system = system_of(group)
    chosen = settings_of(group).round_robin_rounds
    if system.round_robin and chosen:
        return chosen
    return system.planned_rounds(entrants, group.rounds)


def seeded_players(group: Group) -> list[Player]:
    """The group's players in pairing-number order (seed, then registration order)."""
    return sorted(group.players, key=lambda p: (p.seed, p.id))


def find_round(session: Session, group: Group, number: int) -> Round:
    for round_ in group.rounds_played:
        if round_.number == number:
            return round_
    raise UserError(
        f"组别“{group.name}”没有第{number}轮",
        f"group '{group.name}' has no round {number}",
        "round",
    )


def find_board(round_: Round, number: int) -> BoardRow:
    """The round's board `number`; in a team group a row is a match (第N场), and the refusal
    says so, the group as its place."""
    for board in round_.boards:
        if board.number == number:
            return board
    if system_of(round_.group).team:
        raise UserError(f"第{round_.number}轮没有第{number}场",
                        f"round {round_.number} has no match {number}", round_.group.name)
    raise UserError(
        f"第{round_.number}轮没有第{number}台",
        f"round {round_.number} has no board {number}",
        round_.group.name,
    )


def sits_out(player: Player, round_number: int) -> SitOut | None:
    """Why a player has no board in a round (`sit_out_of`); None when available."""
    absence = next((a.kind for a in player.absences if a.round_number == round_number), None)
    return sit_out_of(round_number, player.entered_round, withdrawn_from(player), absence)


class _Entrant(Protocol):
    """A player, as an object or as a plain row read with these columns (read only)."""

    @property
    def status(self) -> str: ...

    @property
    def withdrawn_from_round(self) -> int | None: ...


def withdrawn_from(player: _Entrant) -> int | None:
    """The first round a withdrawn player (退赛) no longer plays; None for one who plays on."""
    return (player.withdrawn_from_round or 1) if player.status == "withdrawn" else None


def absence_outcome(player: Player, round_number: int) -> tuple[Outcome, int | None] | None:
    """Why a player is not paired in a round, with special points; None when available."""
    why = sits_out(player, round_number)
    if why is None:
        return None
    return why.outcome, player.late_entry_points if why is SitOut.LATE else None
