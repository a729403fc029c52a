"""The venue's pages say every result in the papers' words, never its code (docs/CLI.md
`serve`; the house rule: what a person reads shows no result code where words belong), read
off the HTML a server on loopback renders: a team match by the teams' names with its score
(huazhi 六、(二)/(三)3), the card a player finds himself on (his own result, then the board's),
his rounds, and the arbiters' entry page (the words, the code they tapped beside them). The
JSON API keeps the codes (tests/web/test_api.py)."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from urllib.parse import quote

import pytest

from app.services import knockout, rounds
from app.services import venue as venue_service
from app.services.event import Event
from app.services.players import add_player
from app.services.queries import round_view
from tests.web.conftest import (
    GROUP,
    Venue,
    build_event,
    build_team_knockout,
    get_page,
    start_venue,
    tables,
)

pytestmark = pytest.mark.slow  # each test builds an event and serves it

CODES = re.compile(r"(?<![\w:])(1-0t?|0-1t?|\+-|-\+|--|=)(?![\w:])")


def _words(html: str) -> str:
    """The text of a piece of a page, a space where a tag was (`队1胜 5:1`)."""
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def _result_cells(page: str) -> list[str]:
    """The texts of the result cells (`td.result`) of a page, in order."""
    return [_words(cell) for cell in re.findall(r'<td class="result">(.*?)</td>', page, re.S)]


def _card(page: str) -> str:
    """The text of the card a search found (the first)."""
    found = re.search(r'<div class="you-result">(.*?)</div>', page, re.S)
    return found.group(1).strip() if found else ""


@pytest.fixture
def team_round(tmp_path: Path) -> Venue:
    """The huazhi final's round 1 (eight teams, four matches): 队1 beats 队8 5:1; 队4 and
    队5 level 3:3, the captains' playoff won by 队4; 队2 and 队7 level, the playoff still to
    come; 队3 and 队6 level, decided by lots for 队6."""
    path = tmp_path / "hz.db"
    event = build_team_knockout(path, teams=8)
    try:
        matches = {(b.first_team, b.second_team): b.number
                   for b in round_view(event, "决赛", 1).boards}
        level = ["1-0", "1-0", "="]  # board 2 is the other team's black: 3:3
        knockout.enter_team_result(event, "决赛", 1, matches["队1", "队8"], ["1-0", "=", "1-0"])
        knockout.enter_team_result(event, "决赛", 1, matches["队4", "队5"], level, ["0-1"])
        knockout.enter_team_result(event, "决赛", 1, matches["队2", "队7"], level)
        knockout.enter_team_result(event, "决赛", 1, matches["队3", "队6"], level, lots="队6")
    finally:
        event.close()
    running = start_venue(path)
    yield running  # type: ignore[misc]
    running.server.stop()


def _match_cells(page: str) -> dict[str, str]:
    """A team round's page: each match's result cell, by its first-named team."""
    rows = [[_words(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S)]
    return {row[1]: row[2] for row in rows if len(row) == 4 and row[1].startswith("队")}


def test_a_team_match_reads_who_won_and_its_score_never_the_code(team_round: Venue) -> None:
    """huazhi 六、(二)/(三)3, 八、(五): the window's words on the phones' page and the
    projector: 队1胜 5:1, 队4胜 3:3 主将加赛, the playoff still to come, lots naming the
    team drawn."""
    wanted = {"队1": "队1胜 5:1", "队4": "队4胜 3:3 主将加赛", "队2": "战平，需主将加赛 3:3",
              "队3": "队6胜 3:3 抽签（队6胜）"}
    page = get_page(team_round.group_url("pairings", "决赛"))
    assert _match_cells(page) == wanted
    # each board's game below its match in words too: no cell of the page holds a code
    assert not [cell for cell in _result_cells(page) if CODES.search(cell)]
    projector = get_page(team_round.url + "/projector?group=" + quote("决赛"))
    board_slide = projector.split('data-kind="board"', 1)[1].split("</section>", 1)[0]
    assert _match_cells(board_slide) == wanted  # was 黑胜: a match read as one game
    english = get_page(team_round.group_url("pairings", "决赛") + "?lang=en")
    assert _match_cells(english) == {
        "队1": "队1 won 5:1", "队4": "队4 won 3:3 captains' playoff",
        "队2": "level: the captains play off 3:3", "队3": "队6 won 3:3 lots (队6 wins)"}


def test_the_captains_playoff_game_is_named_so_not_as_a_fourth_board(team_round: Venue
                                                                     ) -> None:
    """huazhi 六、(三)3: 队4 and 队5's playoff game came under its match as board `N-4`, as if
    the round had a fourth board; it reads `N 主将加赛` (`captains' playoff`), the boards
    `N-1` to `N-3`."""
    page = get_page(team_round.group_url("pairings", "决赛"))
    rows = [row for table in tables(page) for row in table]
    match = next(row[0] for row in rows if len(row) == 4 and row[1] == "队4")
    games = [row for row in rows if row and row[0].startswith(f"{match}") and row[0] != match]
    assert [row[0] for row in games] == [f"{match}-1", f"{match}-2", f"{match}-3",
                                         f"{match} 主将加赛"]
    # 队5's captain has black in the playoff, 队4's won it: 白胜
    assert [cell.split()[-1] for cell in games[-1][1:]] == ["甲5", "白胜", "甲4"]
    english = get_page(team_round.group_url("pairings", "决赛") + "?lang=en")
    assert f"{match} captains' playoff" in [row[0] for t in tables(english) for row in t]


def test_a_team_swiss_round_reads_a_drawn_match_and_the_bye(tmp_path: Path) -> None:
    """FIDE C.04.6: a level match is drawn (平局), no playoff; the team without an opponent
    reads 轮空 as on the projector, not 进行中."""
    path = tmp_path / "tuanti.db"
    event = Event.create(path, preset="tuanti-2026")
    try:
        for k in range(1, 8):
            knockout.add_team(event, "团体赛", f"队{k}",
                              [(f"甲{k}", "M"), (f"乙{k}", "M"), (f"丙{k}", "F")])
        info = rounds.pair_next_round(event, "团体赛")
        matches = [b for b in info.boards if b.second_team]
        knockout.enter_team_result(event, "团体赛", 1, matches[0].number, ["1-0", "1-0", "="])
        drawn, bye = matches[0].first_team, next(b for b in info.boards if not b.second_team)
    finally:
        event.close()
    served = start_venue(path)
    try:
        cells = _match_cells(get_page(served.group_url("pairings", "团体赛")))
    finally:
        served.server.stop()
    assert cells[drawn] == "平局 3:3"
    assert cells[bye.first_team] == "轮空"


@pytest.fixture
def single_round(tmp_path: Path) -> Venue:
    """The qiwang open group's round 1: boards 1 and 2 as built (1-0, =), board 3 lost on
    time by black (0-1t), board 4 white forfeited (+-); the players confirm by slip."""
    path = tmp_path / "venue.db"
    build_event(path)
    with Event.open(path) as event:
        rounds.enter_result(event, GROUP, 1, 3, ["0-1t"])
        rounds.enter_result(event, GROUP, 1, 4, ["+-"])
        venue_service.set_player_confirmation(event, GROUP, True)
    running = start_venue(path)
    yield running  # type: ignore[misc]
    running.server.stop()


def _seats(v: Venue, group: str = GROUP) -> dict[int, tuple[str, str]]:
    with v.station("check") as event:
        return {b.number: (b.first.name, b.second.name)
                for b in round_view(event, group, 1).boards if b.first and b.second}


def test_a_player_finds_his_own_result_then_the_board_s(single_round: Venue) -> None:
    """The card a search finds: the player's result from his side (胜, 负, 对手弃权, 弃权负),
    then the board in the papers' words (白胜（黑超时）, 白弃权); a draw once, 和."""
    seats = _seats(single_round)
    wanted = {(1, 0): "结果：胜，黑胜", (1, 1): "结果：负，黑胜", (2, 0): "结果：和",
              (2, 1): "结果：和", (3, 0): "结果：负，白胜（黑超时）",
              (3, 1): "结果：胜，白胜（黑超时）", (4, 0): "结果：对手弃权，白弃权",
              (4, 1): "结果：弃权负，白弃权"}
    for (board, seat), said in wanted.items():
        page = get_page(single_round.group_url("pairings") + "?q=" + quote(seats[board][seat]))
        assert _card(page) == said, (board, seat)
    page = get_page(single_round.group_url("pairings") + "?lang=en&q=" + quote(seats[3][0]))
    assert _card(page) == "Result: lost; white won (black lost on time)"


def test_a_team_player_finds_his_game_in_words(team_round: Venue) -> None:
    page = get_page(team_round.group_url("pairings", "决赛") + "?q=" + quote("甲1"))
    assert _card(page) == "结果：胜，黑胜"  # 甲1 had black on board 1 and won (was 1-0)
    page = get_page(team_round.group_url("pairings", "决赛") + "?q=" + quote("乙8"))
    assert _card(page) == "结果：和"  # board 2 of 队1 v 队8, drawn (was =)


def test_a_double_game_round_gives_the_player_s_points_first(tmp_path: Path) -> None:
    """shenzhen 九(一): 黑胜／和 is 2:0 for the first-named player, 0:2 for the other, each
    reading his own points first; a loss on time in game 1 settles the round alone."""
    group = "男子组（大众规则·线上初赛）"
    path = tmp_path / "double.db"
    event = Event.create(path, preset="shenzhen-2022")
    try:
        for k in range(1, 5):
            add_player(event, group, name=f"棋手{k}", gender="M", unit=f"单位{k}")
        rounds.pair_next_round(event, group)
        rounds.enter_result(event, group, 1, 1, ["1-0", "="])
        rounds.enter_result(event, group, 1, 2, ["0-1t"])
    finally:
        event.close()
    served = start_venue(path)
    try:
        seats = _seats(served, group)
        said = {(board, seat): _card(get_page(served.group_url("pairings", group) + "?q="
                                              + quote(seats[board][seat])))
                for board in (1, 2) for seat in (0, 1)}
    finally:
        served.server.stop()
    assert said == {(1, 0): "结果：胜，黑胜／和 2:0", (1, 1): "结果：负，黑胜／和 0:2",
                    (2, 0): "结果：负，白胜（黑超时） 0:2", (2, 1): "结果：胜，白胜（黑超时） 2:0"}


def test_a_player_s_rounds_read_in_words(single_round: Venue) -> None:
    with single_round.station("check") as event:
        board = round_view(event, GROUP, 1).boards[2]
    assert board.first is not None and board.second is not None
    for ref, outcome in ((board.first, "负，白胜（黑超时）"), (board.second, "胜，白胜（黑超时）")):
        page = get_page(single_round.group_url(f"players/{ref.id}"))
        row = tables(page)[0][1]
        assert row[-1] == outcome and "0-1" not in page  # was 负 0-1t


def test_the_entry_page_shows_the_words_with_the_code_tapped(single_round: Venue) -> None:
    """Arbiters tap codes, so the code stays on the buttons and beside the result entered;
    the result reads in words, each button names its words, and a player confirming picks
    words (the code goes to the server)."""
    page = get_page(single_round.group_url("results"))
    entered = dict(re.findall(r'<b class="entered">(.*?)</b><span class="unit entered-code">'
                              r'(.*?)</span>', page))
    assert entered == {"黑胜": "1-0", "和": "=", "白胜（黑超时）": "0-1t", "白弃权": "+-"}
    buttons = re.findall(r'data-code="([^"]+)" data-words="([^"]+)" title="\2">\1</button>',
                         page)
    assert buttons[:6] == [("1-0", "黑胜"), ("=", "和"), ("0-1", "白胜"), ("+-", "白弃权"),
                           ("-+", "黑弃权"), ("--", "双方弃权")]
    options = re.findall(r'<option value="([^"]+)">([^<]+)</option>', page)
    assert options == [("1-0", "黑胜"), ("=", "和"), ("0-1", "白胜")]
    assert re.search(r'data-result="0-1t" data-words="白胜（黑超时）"', page)
