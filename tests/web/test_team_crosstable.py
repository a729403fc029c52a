"""The venue pages of a Team Swiss group (FIDE C.04.6), read over real HTTP from a server on
loopback: the standings headed by the primary score (场分, not 积分) with a withdrawn team
marked, the team crosstable (teams x rounds: opponent, side, match result, game points) on
the phones' page and on the projector, in Chinese and English; other groups have none."""

from __future__ import annotations

import re
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import quote

import pytest

from app.services import knockout, rounds, team_swiss
from app.services.event import Event
from tests.web.conftest import Venue, start_venue, tables

GROUP = "团体赛"
TEAMS = 8
GONE = "第3队"  # withdraws from round 2: seven teams, one bye


def _get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


@pytest.fixture
def team_venue(tmp_path: Path) -> Venue:
    """The tuanti template, eight teams of three, round 1 played, 第3队 withdrawn, round 2
    played (a bye), served on loopback."""
    path = tmp_path / "tuanti.db"
    event = Event.create(path, preset="tuanti-2026", station="setup")
    try:
        for k in range(1, TEAMS + 1):
            knockout.add_team(event, GROUP, f"第{k}队",
                              [(f"队{k}甲", "M"), (f"队{k}乙", "M"), (f"队{k}丙", "F")])
        for number in (1, 2):
            if number == 2:
                team_swiss.withdraw_team(event, GROUP, GONE)
            info = rounds.pair_next_round(event, GROUP)
            for board in info.boards:
                if board.second_team:
                    knockout.enter_team_result(event, GROUP, number, board.number,
                                               ["1-0", "1-0", "="])
    finally:
        event.close()
    running = start_venue(path)
    yield running  # type: ignore[misc]
    running.server.stop()


CELL = re.compile(r"(\d+)([先后]) (胜|和|负) (\d+):(\d+)")


def test_the_team_crosstable_page_and_the_standings_headed_by_match_points(
        team_venue: Venue) -> None:
    status, page = _get(team_venue.group_url("standings", GROUP))
    assert status == 200
    table = tables(page)[0]
    assert table[0][:3] == ["名次", "队名", "场分"] and "积分" not in table[0]
    assert table[0][3] == "局分"  # the secondary score, first of the chain
    gone = next(row for row in table[1:] if GONE in row[1])
    assert "第2轮起退赛" in gone[1]
    assert "/players/" not in page  # a team is no player: no link to a player's page
    assert "/crosstable" in page  # the tab of a Team Swiss group

    status, page = _get(team_venue.group_url("crosstable", GROUP))
    assert status == 200
    rows = tables(page)[0]
    assert rows[0] == ["序号", "名次", "队名", "第1轮", "第2轮", "场分", "局分"]
    assert len(rows) == TEAMS + 1
    assert [int(r[0]) for r in rows[1:]] == list(range(1, TEAMS + 1))
    for row in rows[1:]:
        first = CELL.fullmatch(row[3])
        assert first is not None, row  # round 1: everybody played
        opponent = rows[int(first.group(1))]
        back = CELL.fullmatch(opponent[3])  # the opponent's cell names this row back
        assert back is not None and int(back.group(1)) == int(row[0])
        assert {first.group(2), back.group(2)} == {"先", "后"}
        assert (first.group(4), first.group(5)) == (back.group(5), back.group(4))
    gone = next(r for r in rows[1:] if r[2].startswith(GONE))
    assert gone[4] == "退赛" and "第2轮起退赛" in gone[2]
    # seven teams in round 2: one bye, its cell with the game points it gave (3 boards drawn)
    assert sum(1 for r in rows[1:] if r[4] == "轮空 3") == 1
    for row in rows[1:]:  # the totals are the cells' game points, the bye's with them
        cells = [CELL.fullmatch(c) for c in row[3:5]]
        games = sum(int(c.group(4)) for c in cells if c) + sum(
            int(c.split()[1]) for c in row[3:5] if c.startswith("轮空"))
        assert int(row[6]) == games, row
    assert "先行方" in page  # the legend says what a cell holds

    status, page = _get(team_venue.group_url("crosstable", GROUP) + "?lang=en")
    rows = tables(page)[0]
    assert rows[0][-2:] == ["Match points", "Game points"] and rows[0][3] == "Round 1"
    assert any(r[4] == "bye 3" for r in rows[1:]) and any(r[4] == "wd" for r in rows[1:])
    assert all(re.fullmatch(r"\d+[fs] [WDL] \d+:\d+", r[3]) for r in rows[1:])
    status, page = _get(team_venue.group_url("standings", GROUP) + "?lang=en")
    assert tables(page)[0][0][2:4] == ["Match points", "Game points"]


def test_the_projector_shows_the_team_crosstable(team_venue: Venue) -> None:
    status, page = _get(f"{team_venue.url}/projector?rows=10")
    assert status == 200
    slides = re.findall(r'<section class="slide" data-kind="(\w+)"', page)
    assert slides.count("crosstable") == 1 and "standings" in slides
    cross = tables(page.split('data-kind="crosstable"', 1)[1])[0]
    assert cross[0][-2:] == ["场分", "局分"] and len(cross) == TEAMS + 1
    standings = tables(page.split('data-kind="standings"', 1)[1])[0]
    assert standings[0][3] == "场分"


def test_a_group_of_players_has_no_team_crosstable(venue: Venue) -> None:
    status, page = _get(venue.group_url("crosstable"))
    assert status == 404 and "不是团体积分编排的组别" in page
    status, page = _get(venue.group_url("standings"))
    assert status == 200 and "/crosstable" not in page
    assert "场分" not in page  # a group of players keeps its points (积分)
    status, page = _get(f"{venue.url}/groups/{quote('没有这组')}/crosstable")
    assert status == 404
