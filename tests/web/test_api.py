"""The venue's JSON and its write rules, as CLI.md fixes them, over a real server."""

from __future__ import annotations

import io
import json
import time
import urllib.error
import urllib.request
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from app.cli import main as cli
from app.services import rounds
from app.services import venue as venue_service
from app.services.queries import round_view
from app.wording import code_text
from tests.web.conftest import CODE, GROUP, Venue, build_team_knockout, start_venue

API = f"/api/groups/{quote(GROUP)}"


def _undo_count(v: Venue) -> int:
    with v.station("check") as event, event.reading() as session:
        from sqlalchemy import func, select

        from app.store.models import UndoEntry
        return int(session.scalar(select(func.count()).select_from(UndoEntry)) or 0)


def _board_result(v: Venue, board: int) -> str:
    with v.station("check") as event:
        return next(code_text(b.result) for b in round_view(event, GROUP, 1).boards if b.number == board)


def test_round_json_is_the_last_round_paired_with_a_bye_as_null(venue: Venue) -> None:
    data = venue.get_json(API + "/round")
    assert data["round"] == 1
    assert [b["board"] for b in data["boards"]] == list(range(1, 7))
    first = data["boards"][0]
    assert set(first) == {"board", "black", "white", "result"}
    assert set(first["black"]) == {"id", "number", "name"}
    assert first["result"] == "1-0" and data["boards"][1]["result"] == "="
    assert data["boards"][2]["result"] is None  # not entered yet
    bye = data["boards"][-1]
    assert bye["white"] is None and bye["result"] is None


def _csv_standings(v: Venue) -> list[tuple[str, int, str]]:
    out = io.StringIO()
    with redirect_stdout(out):
        assert cli(["standings", str(v.path), "--group", GROUP, "--csv"]) == 0
    rows = [line.split(",") for line in out.getvalue().splitlines()[1:]]
    return [(r[0], int(r[1]), r[2]) for r in rows]


def _json_standings(v: Venue) -> tuple[int, list[tuple[str, int, str]]]:
    data = v.get_json(API + "/standings")
    return data["round"], [(r["place"], r["number"], r["name"]) for r in data["rows"]]


def _wait_for_mark_change(v: Venue, mark: str) -> None:
    deadline = time.monotonic() + 2
    while v.get_json("/api/changes")["mark"] == mark:
        assert time.monotonic() < deadline, "the mark did not move within 2 s"
        time.sleep(0.05)


def test_standings_json_follows_the_standings_command(venue: Venue) -> None:
    mark = venue.get_json("/api/changes")["mark"]
    with venue.station() as event:
        rounds.enter_results(event, GROUP, 1, {3: ["1-0"], 4: ["0-1"], 5: ["="]})
    _wait_for_mark_change(venue, mark)
    assert _json_standings(venue) == (1, _csv_standings(venue))
    top = venue.get_json(API + "/standings")["rows"][0]
    assert set(top) == {"place", "number", "name", "points", "tiebreaks"}
    assert set(top["tiebreaks"]) == {"buchholz", "median_buchholz", "wins"}
    assert top["points"] == 2 and isinstance(top["tiebreaks"]["buchholz"], int)


def test_standings_stay_those_after_the_last_complete_round_while_a_round_is_on(
        venue: Venue) -> None:
    with venue.station() as event:
        rounds.enter_results(event, GROUP, 1, {3: ["1-0"], 4: ["0-1"], 5: ["="]})
        after_round_1 = _csv_standings(venue)
        mark = venue.get_json("/api/changes")["mark"]
        rounds.pair_next_round(event, GROUP)
        rounds.enter_result(event, GROUP, 2, 5, ["0-1"])
    _wait_for_mark_change(venue, mark)
    assert venue.get_json(API + "/round")["round"] == 2
    assert _json_standings(venue) == (1, after_round_1)
    assert _csv_standings(venue) != after_round_1  # the command counts the round's results


def test_a_write_without_the_code_is_refused_and_nothing_changes(venue: Venue) -> None:
    before = _undo_count(venue)
    body = {"round": 1, "board": 3, "result": "1-0"}
    status, answer = venue.post(API + "/results", body)
    assert status == 401 and "裁判码" in answer["error"]
    status, _answer = venue.post(API + "/results", body, {"X-Arbiter-Code": "guess"})
    assert status == 403
    assert _board_result(venue, 3) == "" and _undo_count(venue) == before
    assert venue.get_json(API + "/round")["boards"][2]["result"] is None


def test_a_write_with_the_code_is_the_window_s_operation_naming_the_station(
        venue: Venue) -> None:
    status, answer = venue.post(API + "/results", {"round": 1, "board": 3, "result": "0-1"},
                                {"X-Arbiter-Code": CODE, "X-Station": quote("平板2")})
    assert status == 200 and answer["station"] == "web:平板2"
    assert _board_result(venue, 3) == "0-1"
    with venue.station("web:平板2") as event:
        assert "第1轮第3台" in (event.can_undo() or "")  # the tablet's own undo entry
        event.undo()
    assert _board_result(venue, 3) == ""


def test_a_tablet_s_result_is_written_through_the_operation_runner(
        venue: Venue, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every write goes through the one operation runner (app/services/operations.py), the
    venue server's too: what it changed is seen as the window's operations' is."""
    from app.services import operations

    ran: list[str] = []
    run = operations.Operation.__call__

    def spy(self: operations.Operation[Any, Any], *args: Any, **kwargs: Any) -> Any:
        ran.append(self.name)
        return run(self, *args, **kwargs)

    monkeypatch.setattr(operations.Operation, "__call__", spy)
    status, _answer = venue.post(API + "/results", {"round": 1, "board": 3, "result": "0-1"},
                                 {"X-Arbiter-Code": CODE})
    assert status == 200 and ran == ["enter_hall_result"]
    assert _board_result(venue, 3) == "0-1"


def test_the_service_s_own_checks_refuse_a_second_result(venue: Venue) -> None:
    status, answer = venue.post(API + "/results", {"round": 1, "board": 1, "result": "0-1"},
                                {"X-Arbiter-Code": CODE})
    assert status == 409 and "0-1" not in _board_result(venue, 1)
    # A correction that names what the tablet showed is refused once the board changed.
    status, answer = venue.post(
        API + "/results",
        {"round": 1, "board": 1, "result": "0-1", "replace": True, "expected": "="},
        {"X-Arbiter-Code": CODE})
    assert status == 409 and _board_result(venue, 1) == "1-0"
    status, _answer = venue.post(API + "/results", {"round": 1, "board": "x"},
                                 {"X-Arbiter-Code": CODE})
    assert status == 400


def test_a_stored_code_is_used_when_serve_names_none(event_file: Path) -> None:
    running = start_venue(event_file, code=None)
    try:
        body = {"round": 1, "board": 4, "result": "="}
        assert running.post(API + "/results", body, {"X-Arbiter-Code": CODE})[0] == 403
        with running.station() as event:
            venue_service.set_arbiter_code(event, "裁判长的码")
        time.sleep(0.6)  # the watcher sees the change
        assert running.post(API + "/results", body, {"X-Arbiter-Code": CODE})[0] == 403
        assert running.post(API + "/results", body, {"X-Arbiter-Code": quote("裁判长的码")})[0] == 200
    finally:
        running.server.stop()


def test_players_confirm_by_slip_code_and_a_disagreement_waits(venue: Venue) -> None:
    body = {"round": 1, "board": 4, "result": "1-0", "slip": "000000"}
    assert venue.post(API + "/confirm", body)[0] == 409  # the group does not enable it
    with venue.station() as event:
        venue_service.set_player_confirmation(event, GROUP, True)
        codes = venue_service.slip_codes(event, GROUP, 1)
    first, second = codes[4]
    assert venue.post(API + "/confirm", {**body, "slip": "123"})[0] == 403
    assert venue.post(API + "/confirm", {**body, "slip": first})[1] == {"state": "waiting"}
    answer = venue.post(API + "/confirm", {**body, "slip": second, "result": "0-1"})[1]
    assert answer == {"state": "disputed"} and _board_result(venue, 4) == ""
    # Both now agree (the second player states it again): the result is entered.
    assert venue.post(API + "/confirm", {**body, "slip": second})[1] == {"state": "entered"}
    assert _board_result(venue, 4) == "1-0"


def test_the_change_mark_moves_when_any_station_enters_a_result(venue: Venue) -> None:
    mark = venue.get_json("/api/changes")["mark"]
    request = urllib.request.Request(venue.url + "/api/changes",
                                     headers={"If-None-Match": f'"{mark}"'})
    try:
        urllib.request.urlopen(request, timeout=5)
        raise AssertionError("expected 304")
    except urllib.error.HTTPError as error:
        assert error.code == 304
    with venue.station() as event:
        rounds.enter_result(event, GROUP, 1, 5, ["0-1"])
    _wait_for_mark_change(venue, mark)
    assert venue.get_json(API + "/round")["boards"][4]["result"] == "0-1"


def test_an_unknown_group_is_not_found(venue: Venue) -> None:
    try:
        urllib.request.urlopen(venue.url + "/api/groups/nope/round", timeout=5)
        raise AssertionError("expected 404")
    except urllib.error.HTTPError as error:
        assert error.code == 404
        assert "nope" in json.loads(error.read())["error"]


def test_a_team_match_names_the_teams_and_lists_its_games() -> None:
    from app.pairing.team import MatchScore
    from app.results import SECOND_WINS, read_notation
    from app.services.queries import BoardInfo, GameInfo, PlayerRef, RoundInfo
    from app.web import data

    black, white = PlayerRef(7, "马娟宇", "南京", 13), PlayerRef(9, "赵平", "青岛", 40)
    match = BoardInfo(1, None, None, read_notation("0-1"),
                      (GameInfo(1, 1, black, white, SECOND_WINS, None, "", ""),),
                      "南京五子队5", "青岛五子队14", score=MatchScore(2, 4))
    answer = data.round_json(RoundInfo("决赛", 4, (match,), (), True))
    board = answer["boards"][0]
    assert board["black"] == {"id": None, "number": None, "name": "南京五子队5"}
    assert board["games"] == [{"board": 1, "black": {"id": 7, "number": 13, "name": "马娟宇"},
                               "white": {"id": 9, "number": 40, "name": "赵平"},
                               "result": "0-1"}]
    seat = data.find(RoundInfo("决赛", 4, (match,), (), True), "赵平")[0]
    assert (seat.board, seat.game, seat.first, seat.opponent) == (1, 1, False, black)


def test_wrong_codes_from_one_client_are_refused_for_a_minute(venue: Venue) -> None:
    body = {"round": 1, "board": 3, "result": "1-0"}
    for attempt in range(10):
        assert venue.post(API + "/results", body, {"X-Arbiter-Code": f"guess{attempt}"})[0] == 403
    status, answer = venue.post(API + "/results", body, {"X-Arbiter-Code": CODE})
    assert status == 403 and "一分钟" in answer["error"] and _board_result(venue, 3) == ""


def test_the_pairings_page_of_a_team_round_shows_each_match_score(tmp_path: Path) -> None:
    """huazhi 六、(二)/(三)3: the venue page gives a decided match's game points, a level one
    decided by the captains' playoff so named, in the page's language."""
    from app.services import knockout

    path = tmp_path / "hz.db"
    event = build_team_knockout(path)
    knockout.enter_team_result(event, "决赛", 1, 1, ["1-0", "=", "1-0"])
    knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "="], ["0-1"])
    event.close()
    v = start_venue(path)
    try:
        with urllib.request.urlopen(v.group_url("pairings", "决赛"), timeout=10) as answer:
            page = answer.read().decode()
        assert "5:1" in page and "3:3 主将加赛" in page
    finally:
        v.server.stop()


def test_the_pairings_page_names_a_match_decided_by_lots(tmp_path: Path) -> None:
    """huazhi 八、(五): a level match decided by lots reads 抽签 with the team drawn on the
    venue page (a playoff game would show the winner; lots have none), in each language."""
    from app.services import knockout

    path = tmp_path / "hz.db"
    event = build_team_knockout(path)
    knockout.enter_team_result(event, "决赛", 1, 2, ["1-0", "1-0", "="], lots="队3")
    event.close()
    v = start_venue(path)
    try:
        with urllib.request.urlopen(v.group_url("pairings", "决赛"), timeout=10) as answer:
            page = answer.read().decode()
        assert "3:3 抽签（队3胜）" in page and "主将加赛" not in page
        with urllib.request.urlopen(v.group_url("pairings", "决赛") + "?lang=en",
                                    timeout=10) as answer:
            page = answer.read().decode()
        assert "3:3 lots (队3 wins)" in page
    finally:
        v.server.stop()


def test_the_standings_page_of_the_cross_group_round_ranks_nobody(tmp_path: Path) -> None:
    """huazhi 五、(二), 五、(三)2: the 复赛's posted standings listed every player 1= with 0
    points; the page says the round ranks nobody and where its scores are, and the JSON
    has no rows."""
    from app.services import knockout
    from app.services.event import Event

    path = tmp_path / "hz.db"
    event = Event.create(path, preset="huazhi-2021")
    for label, short in (("大众场", "大"), ("专业场", "专")):
        knockout.add_team(event, "复赛", f"{short}1", [(f"甲{short}", "M"), (f"乙{short}", "M"),
                                                     (f"丙{short}", "F")], source=label)
    rounds.pair_next_round(event, "复赛")
    knockout.enter_team_result(event, "复赛", 1, 1, ["1-0", "0-1", "1-0"])
    event.close()
    v = start_venue(path)
    try:
        with urllib.request.urlopen(v.group_url("standings", "复赛"), timeout=10) as answer:
            page = answer.read().decode()
        assert "复赛不排名次：每场胜队出线进入决赛，各场比分见对阵表" in page and "1=" not in page
        assert v.get_json("/api/groups/" + quote("复赛") + "/standings")["rows"] == []
    finally:
        v.server.stop()
