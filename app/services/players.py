"""Players of a group: add (late entries too), edit, withdraw, absent for a round."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from app.errors import UserError
from app.services.event import Event, settings_of
from app.services.lookup import bracket_players, planned_rounds, system_of, table_players
from app.store.models import Absence, Group, Player

EDITABLE = (
    "name",
    "gender",
    "birth_date",
    "id_number",
    "unit",
    "platform_id",
    "source",
    "qualifier_rank",
    "qualifier_points",
    "qualifier_wins",
    "grade",
    "phone",
    "rating",
    "seed",
    "late_entry_points",
)
ABSENCE_KINDS = ("absent", "half_bye", "zero_bye", "full_bye")


def _clean(fields: dict[str, Any], where: str) -> dict[str, Any]:
    unknown = set(fields) - set(EDITABLE)
    if unknown:
        names = ", ".join(sorted(unknown))
        raise UserError(f"未知字段：{names}", f"unknown fields: {names}", where)
    cleaned = dict(fields)
    if "name" in cleaned:
        cleaned["name"] = " ".join(str(cleaned["name"]).split())
        if not cleaned["name"]:
            raise UserError("姓名不能为空", "the name is empty", f"{where}: name")
    if "gender" in cleaned:
        gender = str(cleaned["gender"] or "").strip().upper()
        gender = {"男": "M", "女": "F", "MALE": "M", "FEMALE": "F"}.get(gender, gender)
        if gender not in ("M", "F", ""):
            raise UserError("性别须为 男/女", "gender must be M or F", f"{where}: gender")
        cleaned["gender"] = gender
    if isinstance(cleaned.get("birth_date"), str):
        try:
            cleaned["birth_date"] = dt.date.fromisoformat(cleaned["birth_date"])
        except ValueError:
            raise UserError("出生日期格式应为 YYYY-MM-DD", "birth date must be YYYY-MM-DD",
                            f"{where}: birth_date") from None
    for key in ("unit", "platform_id", "source", "grade", "phone", "id_number"):
        if key in cleaned:
            cleaned[key] = str(cleaned[key] or "").strip()
    return cleaned


def next_seed(session: Session, group: Group) -> int:
    highest = session.scalar(select(func.max(Player.seed)).where(Player.group_id == group.id))
    return (highest or 0) + 1


def add_player(event: Event, group: str, **fields: Any) -> int:
    """Add a player; once rounds are paired, as a late entry (迟到报名) from the next round.

    A team group (分台定人制: team matches, Team Swiss) pairs teams, whose players are
    registered with them in board order (`knockout.add_team`, `edit_team` before play;
    huazhi 六、(三)3: fixed for the event): a player added alone belongs to no team and is
    never paired, so it is refused, before play as after, naming the way a player enters."""
    cleaned = _clean(fields, group)
    if "name" not in cleaned:
        raise UserError("姓名不能为空", "the name is empty", f"{group}: name")
    with event.operation("add_player", f"添加棋手 {cleaned['name']} / add player") as session:
        found = Event.group(session, group)
        if system_of(found).team:
            raise _alone_in_team_group(found.name, started=bool(found.rounds_played))
        entered = entry_round(found, (cleaned["name"],))
        cleaned.setdefault("seed", next_seed(session, found))
        cleaned.setdefault("late_entry_points", settings_of(found).late_entry_points)
        player = Player(group=found, entered_round=entered, **cleaned)
        session.add(player)
        session.flush()
        return player.id


def entry_round(group: Group, names: Sequence[str] = ()) -> int:
    """The round a player entered now plays from: the first before play, else the next one
    (a late entry, 迟到报名, scored `late_entry_points` for the rounds missed); refused once
    every round is paired, whether added alone or imported from a list, and in a round robin
    or a knockout once round 1 is paired (`roundrobin.check_late_entry`,
    `knockout.check_late_entry`, naming the players `names`): their table or bracket is
    made for the players there at round 1."""
    entered = len(group.rounds_played) + 1
    system = system_of(group)
    if system.round_robin:
        from app.pairing.roundrobin import check_late_entry

        check_late_entry(entered - 1, names, group.name)
    elif system.bracket:
        from app.pairing import knockout

        knockout.check_late_entry(entered - 1, names, group.name)
    if entered > group.rounds:
        raise UserError("比赛已全部编排完毕，不能再添加棋手",
                        "every round is paired: no more entries", group.name)
    return entered


def _alone_in_team_group(group: str, started: bool) -> UserError:
    """Why a player cannot be added alone to a team group: players enter with their team."""
    return alone_in_team_group(group, started, "单独添加的棋手", "a player added alone")


def alone_in_team_group(group: str, started: bool, who_zh: str, who_en: str) -> UserError:
    """Why players (`who_zh` / `who_en`: added alone, imported from a list) cannot enter a
    team group (分台定人制: team matches, the cross-group round, Team Swiss) but with their
    team, by board (huazhi 六、(三)3): they would belong to no team and never be paired. Before
    play it names the way in (添加队伍 / team-add, 修改队伍 / team-edit)."""
    if started:
        return UserError(
            "本组是团体赛，比赛已开始：棋手只能随队伍按台次报名，开赛后不能再添加队伍或改变"
            f"队伍的台次（规程六、(三)3），{who_zh}不会被编排",
            "this is a team group and play has started: players enter with their team, "
            "in board order, and once play has started no team is added and no board order "
            "changes (boards are declared at registration and fixed for the event), so "
            f"{who_en} would never be paired", group)
    return UserError(
        "本组是团体赛，按队伍编排：棋手须随队伍按台次登记——用“添加队伍”（命令 team-add）"
        "登记整队及各台棋手，已登记的队伍在比赛开始前可用“修改队伍”（命令 team-edit）"
        f"换人；{who_zh}不属于任何队伍，不会被编排",
        "this is a team group, paired by teams: players enter with their team, in board "
        "order - register the team and its players by board with Add team (the command "
        "team-add), and change a registered team's players before play starts with Edit "
        f"team (team-edit); {who_en} belongs to no team and would never be "
        "paired", group)


def update_player(event: Event, player_id: int, *, expected_version: int | None = None,
                  **fields: Any) -> None:
    """Change a player's fields. With `expected_version` (the `version` of the `PlayerInfo`
    the user was looking at), an edit made on a screen that another station has changed
    since is refused, naming that station, instead of overwriting its change."""
    with event.operation("update_player", _step(event, player_id, "修改棋手 {}", "edit player {}")
                         ) as session:
        player = _player(session, player_id)
        cleaned = _clean(fields, player.name)  # a refusal names the player, not their id
        if expected_version is not None and player.version != expected_version:
            by = player.changed_by or "另一工作站"
            raise UserError(
                f"{player.name} 的资料已被 {by} 修改，请刷新后再改",
                f"{player.name} was changed meanwhile by {player.changed_by or 'another station'};"
                " reload and edit again",
                f"player {player_id}",
            )
        for key, value in cleaned.items():
            setattr(player, key, value)


def withdraw_player(event: Event, player_id: int, from_round: int | None = None) -> None:
    """Withdraw (退赛): not paired from `from_round` on (default: the next unpaired round)."""
    with event.operation("withdraw_player", _step(event, player_id, "棋手退赛 {}", "withdraw {}")
                         ) as session:
        player = _player(session, player_id)
        start = withdrawal_start(player.group.name, len(player.group.rounds_played) + 1,
                                 planned_rounds(player.group), from_round)
        player.status = "withdrawn"
        player.withdrawn_from_round = start


def withdrawal_start(group: str, first_open: int, last: int | None, asked: int | None,
                     who: str = "") -> int:
    """The round a withdrawal (退赛; 整队退赛 of the team `who`) starts from: `asked`, by default
    the first round not paired (`first_open`). Refused when no round of the group's `last`
    (None: not known yet, a bracket not drawn) is left to pair, when `asked` is paired
    already, and when it is past the last."""
    start = asked or first_open
    if last is not None and (first_open > last or start > last):
        raise _no_round_to_withdraw(group, last, asked, first_open)
    if start < first_open:
        subject = f"{who} " if who else "退赛"
        raise UserError(
            f"第{start}轮已编排；{subject}只能从第{first_open}轮起" + ("退赛" if who else ""),
            f"round {start} is paired already; {who + ' can ' if who else ''}withdraw from "
            f"round {first_open} on",
            who or "from_round",
        )
    return start


def _no_round_to_withdraw(group: str, last: int, asked: int | None,
                          first_open: int) -> UserError:
    """Past the group's last round a withdrawal changes no pairing (and would print
    第10轮起退赛 in a nine-round group): refused, a game not played being a forfeit."""
    if asked is None or first_open > last:
        return UserError(
            f"{group}共{last}轮，已全部编排，退赛不再影响编排；未赛的对局请录入弃权",
            f"all {last} rounds of {group} are paired: a withdrawal changes no pairing now; "
            "enter a forfeit for a game not played",
            "from_round")
    return UserError(f"{group}共{last}轮，没有第{asked}轮可退赛",
                     f"{group} has {last} rounds: there is no round {asked} to withdraw from",
                     "from_round")


def reinstate_player(event: Event, player_id: int) -> None:
    with event.operation("reinstate_player", _step(event, player_id, "恢复参赛 {}", "reinstate {}")
                         ) as session:
        player = _player(session, player_id)
        group = player.group
        system = system_of(group)
        if system.round_robin:  # a line of the table made without them: none
            from app.pairing.roundrobin import check_return

            check_return(len(group.rounds_played),
                         player.id in {p.id for p in table_players(group)}, player.name,
                         group.name)
        elif system.bracket and not system.team:  # a slot of the bracket drawn: none either
            from app.pairing import knockout

            knockout.check_return(len(group.rounds_played),
                                  player.id in {p.id for p in bracket_players(group)},
                                  player.name, group.name)
        player.status = "active"
        player.withdrawn_from_round = None


def set_absence(event: Event, player_id: int, round_number: int, kind: str | None
                ) -> list[str]:
    """Mark a player absent (or a bye given in advance) for one round; kind None clears it.
    Returns what leave comes to where the player keeps their board and forfeits it (a team
    member, a round robin, a knockout: no points, `wording.leave_forfeited_text`)."""
    if kind is not None and kind not in ABSENCE_KINDS:
        raise UserError(f"未知的缺席类型 {kind}", f"unknown absence kind {kind}", "kind")
    with event.operation("set_absence", _step(event, player_id, f"{{}} 第{round_number}轮缺席设置",
                                              f"absence of {{}} in round {round_number}")) as session:
        player = _player(session, player_id)
        group = player.group
        if round_number <= len(group.rounds_played) and not (
                kind is None and system_of(group).round_robin):
            # a round robin's schedule does not depend on who is absent: an absence may be
            # taken back once its round is paired (its forfeit is then corrected by hand)
            raise UserError(
                f"第{round_number}轮已编排，请改用成绩录入（弃权）",
                f"round {round_number} is paired already: enter a forfeit instead",
                "round",
            )
        last = planned_rounds(group)
        if not 1 <= round_number <= last:
            raise UserError(f"{group.name}共{last}轮，没有第{round_number}轮",
                            f"{group.name} has {last} rounds: there is no round {round_number}",
                            "round")
        for absence in list(player.absences):
            if absence.round_number == round_number:
                player.absences.remove(absence)
        session.flush()
        if kind is None:
            return []
        player.absences.append(Absence(round_number=round_number, kind=kind))
        system = system_of(group)
        if not (system.team or system.forfeits_missing):
            return []
        from app import wording  # only here: the player commands load no wording otherwise

        said = [wording.leave_forfeited_text(kind, team=system.team,
                                             round_robin=system.round_robin, lang=lang)
                for lang in ("zh", "en")]
        return [f"{player.name} 第{round_number}轮：{said[0]} / {player.name}, round "
                f"{round_number}: {said[1]}"] if said[0] else []


def check_player_in_group(event: Event, player_id: int, group: str) -> None:
    """A command that names a player by id and also a group (`withdraw 5 --group 少儿组`):
    the player must be in that group, so that a mistyped id is refused, not applied to a
    player of another group."""
    with event.reading() as session:
        player = _player(session, player_id)
        if player.group.name != group:
            raise UserError(
                f"{player_id}号 {player.name}不在{group}（在{player.group.name}）",
                f"player {player_id} ({player.name}) is not in {group} but in "
                f"{player.group.name}",
                "player")


def _step(event: Event, player_id: int, zh: str, en: str) -> str:
    """What an operation on one player is called in the undo history (撤销：棋手退赛 李娜): `zh`
    and `en` with the player's name at `{}`, as the arbiter knows them (not by their id)."""
    with event.reading() as session:
        player = session.get(Player, player_id)
        name = player.name if player is not None else str(player_id)
    return f"{zh.format(name)} / {en.format(name)}"


def _player(session: Session, player_id: int) -> Player:
    player = session.get(Player, player_id)
    if player is None:
        raise UserError(f"没有编号为 {player_id} 的棋手", f"no player with id {player_id}", "player")
    return player
