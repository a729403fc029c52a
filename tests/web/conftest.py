"""Set-ups for the venue tests: a small event made through the services, a server on
loopback over it, and plain HTTP helpers (only ever 127.0.0.1)."""

from __future__ import annotations

import json
import shutil
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from app.services import rounds
from app.services.event import Event
from app.services.players import add_player
from app.web.server import VenueServer

GROUP = "公开组"
CODE = "hall-2022"
NAMES = ("袁玉玉", "曹勇博", "任飞", "宋梓", "韩明", "潘军晨", "许杰", "董英", "李婷", "王磊",
         "陈静", "赵云")
UNITS = ("上海棋院", "天津五子棋队", "青岛五子棋俱乐部", "北京五子棋协会")


def build_event(path: Path, players: int = 11) -> None:
    """The qiwang preset with `players` players (odd: one bye) and round 1 paired, the first
    two boards with their results."""
    event = Event.create(path, preset="qiwang-2022", station="setup")
    try:
        for k in range(players):
            add_player(event, GROUP, name=NAMES[k], gender="F" if k % 3 == 2 else "M",
                       unit=UNITS[k % len(UNITS)])
        rounds.pair_next_round(event, GROUP)
        rounds.enter_result(event, GROUP, 1, 1, ["1-0"])
        rounds.enter_result(event, GROUP, 1, 2, ["="])
    finally:
        event.close()


def build_team_knockout(path: Path, teams: int = 4) -> Event:
    """The huazhi template (分台定人制 knockout, 决赛) with `teams` teams of three (队1, 甲1
    乙1 丙1 ...) and round 1 paired; returned open, for the test to enter its results."""
    from app.services import knockout

    event = Event.create(path, preset="huazhi-2021")
    for k in range(1, teams + 1):
        knockout.add_team(event, "决赛", f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                   (f"丙{k}", "F")])
    rounds.pair_next_round(event, "决赛")
    return event


def get_page(url: str) -> str:
    """A page's HTML as the server renders it."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return str(response.read().decode("utf-8"))


class _Tables(HTMLParser):
    """The rows of each table of a page, as the cells' texts (headers included)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None and self.tables:
            self.tables[-1][-1].append(" ".join("".join(self._cell).split()))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(page: str) -> list[list[list[str]]]:
    """Each table of a page: its rows, each as its cells' texts (whitespace collapsed)."""
    parser = _Tables()
    parser.feed(page)
    return parser.tables


@dataclass
class Venue:
    """A running server over an event file, and the file for a second station to write."""

    server: VenueServer
    path: Path | str

    @property
    def url(self) -> str:
        return self.server.url.rstrip("/")

    def group_url(self, page: str, group: str = GROUP) -> str:
        return f"{self.url}/groups/{quote(group)}/{page}"

    def get_json(self, path: str) -> Any:
        with urllib.request.urlopen(self.url + path, timeout=10) as response:
            return json.loads(response.read())

    def post(self, path: str, body: Any, headers: dict[str, str] | None = None
             ) -> tuple[int, Any]:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), method="POST",
            headers={"Content-Type": "application/json", **(headers or {})})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read() or b"null")

    def station(self, name: str = "window") -> Event:
        """The event opened by another station (the window), as a second writer."""
        return Event.open(self.path, station=name)


def start_venue(path: Path | str, code: str | None = CODE) -> Venue:
    server = VenueServer(path, "127.0.0.1", 0, code)
    server.start()
    return Venue(server, path)


CHROMIUM = "/usr/bin/chromium"  # Debian's Chromium (README, .ci/run); never a downloaded one
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 2,
         "is_mobile": True, "has_touch": True}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright, for the whole session."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def _built_event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """build_event's file, built once for the run (with its snapshot folder): only ever
    copied, never opened."""
    path = tmp_path_factory.mktemp("venue-built") / "venue.db"
    build_event(path)
    return path


@pytest.fixture
def event_file(tmp_path: Path, _built_event: Path) -> Path:
    """A fresh copy of build_event's file (with its snapshots) for the test alone: the same
    bytes as building it again, at a tenth of the cost."""
    path = tmp_path / _built_event.name
    for built in _built_event.parent.iterdir():  # the file and <file>.snapshots/, no -wal left
        assert not built.name.endswith(("-wal", "-journal")), built
        if built.is_dir():
            shutil.copytree(built, tmp_path / built.name)
        else:
            shutil.copyfile(built, tmp_path / built.name)
    return path


@pytest.fixture
def venue(event_file: Path) -> Iterator[Venue]:
    running = start_venue(event_file)
    yield running
    running.server.stop()
