"""Small builders shared by the reliability and store tests: events with players and rounds."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sqlalchemy import select

from app.services.event import Event
from app.store.models import BoardRow, Group, Player, Round, Tournament

PRESET = "yike-2022"
GROUP = "公开组"


def make_event(path: Path, players: int) -> None:
    """An event with one Swiss group (2/1/0 points) and `players` players."""
    event = Event.create(path, title="断电测试 / crash test", station="setup")
    try:
        with event.operation("setup_group") as session:
            tournament = session.scalars(select(Tournament)).one()
            group = Group(
                tournament=tournament, name=GROUP, system="swiss", rounds=7,
                points={"win": 2, "draw": 1, "loss": 0, "forfeit_win": 2, "forfeit_loss": 0,
                        "pab": 2, "full_bye": 2, "half_bye": 1, "zero_bye": 0, "absent": 0},
                tiebreaks=["buchholz"],
            )
            session.add(group)
            session.add_all(
                Player(group=group, name=f"棋手{i:03d}", unit=f"单位{i % 7}", seed=i + 1,
                       gender="F" if i % 2 else "M")
                for i in range(players)
            )
    finally:
        event.close()


def new_event(location: str | Path, station: str = "A") -> Event:
    """A new event from a preset with a single first group used by the tests."""
    return Event.create(location, preset=PRESET, station=station)


def first_group_id(event: Event) -> int:
    with event.reading() as session:
        return session.scalars(select(Group.id).order_by(Group.position, Group.id)).first()


def add_players(event: Event, count: int, prefix: str = "棋手") -> list[int]:
    """`count` players in the first group, in one operation; returns their ids."""
    group_id = first_group_id(event)
    with event.operation("add_players", f"添加 {count} 名棋手") as session:
        players = [
            Player(group_id=group_id, name=f"{prefix}{i:03d}", unit=f"单位{i % 17}", seed=i + 1)
            for i in range(count)
        ]
        session.add_all(players)
        session.flush()
        return [p.id for p in players]


def add_round(event: Event, player_ids: list[int], number: int = 1) -> int:
    """A paired round (1 v 2, 3 v 4, ...) written in one operation; returns the round id."""
    group_id = first_group_id(event)
    with event.operation("pair_round", f"第{number}轮编排") as session:
        round_ = Round(group_id=group_id, number=number, paired_at=dt.datetime.now())
        session.add(round_)
        session.flush()
        for board, index in enumerate(range(0, len(player_ids) - 1, 2), start=1):
            session.add(BoardRow(round_id=round_.id, number=board,
                                 first_player_id=player_ids[index],
                                 second_player_id=player_ids[index + 1]))
        return round_.id


def set_result(event: Event, round_id: int, board: int, result: str) -> None:
    """Enter one board's result as its own operation (what a station does per result)."""
    with event.operation("enter_result", f"录入第{board}台结果") as session:
        row = session.scalars(
            select(BoardRow).where(BoardRow.round_id == round_id, BoardRow.number == board)
        ).one()
        row.result = result


def results(event: Event, round_id: int) -> dict[int, str]:
    with event.reading() as session:
        rows = session.execute(
            select(BoardRow.number, BoardRow.result).where(BoardRow.round_id == round_id)
        ).all()
    return {number: result for number, result in rows}


def player_names(event: Event) -> list[str]:
    with event.reading() as session:
        return list(session.scalars(select(Player.name).order_by(Player.id)))
