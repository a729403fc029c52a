"""Shared set-ups for the service tests: events made through the services themselves."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from app.services.event import Event
from app.services.groups import update_group
from app.services.players import add_player

DATA = Path(__file__).resolve().parents[1] / "data"
UNITS = ("北京", "上海", "杭州", "南京")


@pytest.fixture
def make_event(tmp_path: Path) -> Callable[..., Event]:
    """make_event(preset, group=None, players=0, **group_settings) -> an open Event."""
    opened: list[Event] = []

    def make(preset: str | None = "qiwang-2022", group: str | None = None, players: int = 0,
             name: str = "event.db", **settings: object) -> Event:
        event = Event.create(tmp_path / name, preset=preset)
        opened.append(event)
        if group and settings:
            update_group(event, group, **settings)
        for k in range(players):
            add_player(event, group, name=f"棋手{k + 1:02d}", gender="M" if k % 3 else "F",
                       unit=UNITS[k % len(UNITS)])
        return event

    yield make
    for event in opened:
        event.close()
