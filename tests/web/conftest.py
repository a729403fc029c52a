"""Set-ups for the venue tests: a small event made through the services, a server on
loopback over it, and plain HTTP helpers (only ever 127.0.0.1)."""

from __future__ import annotations

import json
import os
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

from app.services import knockout, rounds
from app.services.event import Event
from app.services.players import add_player
from app.services.queries import round_view
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
    event = Event.create(path, preset="huazhi-2021")
    for k in range(1, teams + 1):
        knockout.add_team(event, "决赛", f"队{k}", [(f"甲{k}", "M"), (f"乙{k}", "M"),
                                                   (f"丙{k}", "F")])
    rounds.pair_next_round(event, "决赛")
    return event


TEAM_WINS = {"first": ["1-0", "0-1", "1-0"], "second": ["0-1", "1-0", "0-1"],
             "level": ["1-0", "1-0", "="]}  # a team match of three boards (board 2: the
# second-named team has black), won 6:0 by the first-named, 0:6, or level 3:3


def build_team_final(path: Path) -> None:
    """The huazhi final's full placement bracket for places 1-16, sixteen teams (队1..队16):
    rounds 1-3 played, round 1's match 2 level and won in the captains' playoff, its match 6
    level and decided by lots for the second-named team; round 4 paired, its match 3 still
    playing, match 5 level and waiting for its playoff, every other match won."""
    event = build_team_knockout(path, teams=16)
    try:
        for number in range(1, 5):
            if number > 1:
                rounds.pair_next_round(event, "决赛")
            for board in round_view(event, "决赛", number).boards:
                place = (number, board.number)
                if place == (1, 2):
                    knockout.enter_team_result(event, "决赛", 1, 2, TEAM_WINS["level"], ["0-1"])
                elif place == (1, 6):
                    knockout.enter_team_result(event, "决赛", 1, 6, TEAM_WINS["level"],
                                               lots=board.second_team)
                elif place == (4, 5):
                    knockout.enter_team_result(event, "决赛", 4, 5, TEAM_WINS["level"])
                elif place != (4, 3):
                    side = "first" if (board.number + number) % 3 else "second"
                    knockout.enter_team_result(event, "决赛", number, board.number,
                                               TEAM_WINS[side])
    finally:
        event.close()


KNOCKOUT_GROUP = "禁手组"  # mindgames-2016, set to be played as a knockout
KNOCKOUT_NAMES = NAMES[:8]


def build_individual_knockout(path: Path) -> None:
    """mindgames-2016's 禁手组 as an eight-player knockout: round 1 played (the first-named
    win, but 韩明 on board 2), 许杰 and 潘军晨 withdrawn before round 2, whose board 4 they
    hold is decided by lots for 潘军晨; round 2's board 1 lost on time by black, board 2
    still playing, board 3 won by black; round 3 not paired yet."""
    from app.services.groups import update_group
    from app.services.players import withdraw_player

    event = Event.create(path, preset="mindgames-2016")
    try:
        update_group(event, KNOCKOUT_GROUP, system="knockout")
        ids = [add_player(event, KNOCKOUT_GROUP, name=name) for name in KNOCKOUT_NAMES]
        rounds.pair_next_round(event, KNOCKOUT_GROUP)
        rounds.enter_results(event, KNOCKOUT_GROUP, 1,
                             {1: ["1-0"], 2: ["0-1"], 3: ["1-0"], 4: ["1-0"]})
        withdraw_player(event, ids[6])
        withdraw_player(event, ids[5])
        rounds.pair_next_round(event, KNOCKOUT_GROUP)
        rounds.enter_results(event, KNOCKOUT_GROUP, 2, {1: ["0-1t"], 3: ["1-0"]})
        rounds.enter_lots(event, KNOCKOUT_GROUP, 2, 4, "潘军晨")
    finally:
        event.close()


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


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone-sized page (360 px wide) of the session's Chromium."""
    context = browser.new_context(**PHONE)
    page = context.new_page()
    yield page
    context.close()


def screenshot(page: Any, folder: Path, name: str, full: bool = True) -> Path:
    """A screenshot of `page` in `folder` (and in $VENUE_SHOTS when set, to be looked at)."""
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=full)
    shots = os.environ.get("VENUE_SHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(path, Path(shots) / path.name)
    assert path.stat().st_size > 5000
    return path


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
