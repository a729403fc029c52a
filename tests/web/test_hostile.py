"""The venue attacked from the loopback as a person on the venue Wi-Fi would (issue 26):
strict input, guessing, cross-site requests, forwarded headers, the Host header, security
headers, group names with "/", the served file replaced, and the caches."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import threading
import unicodedata
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from app.services import rounds
from app.services import venue as venue_service
from app.services.event import Event
from app.services.queries import round_view
from app.web import state as web_state
from app.web.app import qr_svg
from app.wording import code_text
from tests.web.conftest import CODE, GROUP, Venue, build_event, start_venue

API = f"/api/groups/{quote(GROUP)}"
BODY = {"round": 1, "board": 3, "result": "1-0"}


def _raw(v: Venue, method: str, path: str, body: bytes = b"",
         headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    """One request as sent, without a client library's own checks."""
    connection = http.client.HTTPConnection("127.0.0.1", v.server.port, timeout=10)
    try:
        connection.request(method, path, body=body, headers=headers or {})
        answer = connection.getresponse()
        return answer.status, {k.lower(): val for k, val in answer.getheaders()}, answer.read()
    finally:
        connection.close()


def _result(v: Venue, board: int) -> str:
    with v.station("check") as event:
        return code_text(round_view(event, GROUP, 1).boards[board - 1].result)


# ----- strict input ----------------------------------------------------------------------


@pytest.mark.parametrize("text", [
    '{"round": Infinity, "board": 3, "result": "1-0"}',
    '{"round": 1e400, "board": 3, "result": "1-0"}',
    '{"round": NaN, "board": 3, "result": "1-0"}',
    '{"round": 1.0, "board": 3, "result": "1-0"}',
    '{"round": true, "board": 3, "result": "1-0"}',
    '{"round": "1", "board": 3, "result": "1-0"}',
    '{"round": 1, "board": 3, "result": "1-0"',
    '{"round": 1, "board": 99999999999999999999999, "result": "1-0"}',
    '{"round": 1, "board": -3, "result": "1-0"}',
    '{"round": 1, "board": 3, "result": {"1-0": 1}}',
    '{"round": 1, "board": 3, "result": ["1-0"]}',
    '{"round": 1, "board": 3, "result": "1-0", "replace": "yes"}',
    '{"round": 1, "board": 3, "result": "1-0", "expected": 5}',
    '["round", 1]',
    "[" * 3000 + "]" * 3000,
    "not json",
])
def test_a_write_that_is_not_what_writes_take_is_400_with_a_message(venue: Venue,
                                                                    text: str) -> None:
    status, _headers, body = _raw(venue, "POST", API + "/results", text.encode(),
                                  {"Content-Type": "application/json", "X-Arbiter-Code": CODE})
    assert status == 400, (status, body)
    answer = json.loads(body)
    assert answer["zh"] and answer["en"]
    assert _result(venue, 3) == ""


def test_a_body_over_the_limit_is_413_and_a_confirmation_too(venue: Venue) -> None:
    big = json.dumps({**BODY, "pad": "x" * 20_000}).encode()
    for path in (API + "/results", API + "/confirm"):
        status, _headers, body = _raw(venue, "POST", path, big,
                                      {"Content-Type": "application/json",
                                       "X-Arbiter-Code": CODE})
        assert status == 413 and "too large" in json.loads(body)["en"]
    assert _result(venue, 3) == ""


def test_the_code_is_compared_exactly_after_nfc_and_nuls_are_refused(event_file: Path) -> None:
    with Event.open(event_file, station="desk") as event:
        venue_service.set_arbiter_code(event, unicodedata.normalize("NFC", "Café-码"))
    v = start_venue(event_file, code=None)
    try:
        for sent in (quote("Café-码") + "%00%00%00", quote("Café-码 "), quote("cafe-码"),
                     quote("Café-码") + "%FF"):
            status, _answer = v.post(API + "/results", BODY, {"X-Arbiter-Code": sent})
            assert status in (400, 403), sent
        assert _result(v, 3) == ""
        decomposed = unicodedata.normalize("NFD", "Café-码")
        status, _answer = v.post(API + "/results", BODY,
                                 {"X-Arbiter-Code": quote(decomposed)})
        assert status == 200 and _result(v, 3) == "1-0"
    finally:
        v.server.stop()


# ----- guessing --------------------------------------------------------------------------


def test_guesses_sent_at_once_get_no_more_checks_than_the_budget(venue: Venue) -> None:
    barrier = threading.Barrier(60)
    answers: list[Any] = []
    lock = threading.Lock()

    def guess(k: int) -> None:
        barrier.wait(timeout=30)
        answer = venue.post(API + "/results", BODY, {"X-Arbiter-Code": f"guess-{k}"})
        with lock:
            answers.append(answer)

    threads = [threading.Thread(target=guess, args=(k,)) for k in range(60)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert len(answers) == 60 and all(status == 403 for status, _a in answers)
    checked = [a for _s, a in answers if a["error"].startswith("裁判码不对")]
    assert len(checked) <= web_state.CODE_BUDGET.per_client
    assert venue.server._state is not None
    assert venue.server._state.codes.wrong("127.0.0.1") <= web_state.CODE_BUDGET.per_client


def test_the_overall_budget_holds_many_clients_but_not_one_the_code_let_in() -> None:
    guesses = web_state.Guesses(web_state.Budget(per_client=10, overall=30, window=600))
    assert guesses.reserve("10.0.0.250") is None
    guesses.settle("10.0.0.250", True)  # the arbiter's tablet signed in
    granted = []
    barrier = threading.Barrier(100)

    def one(k: int) -> None:
        barrier.wait(timeout=30)
        if guesses.reserve(f"10.0.1.{k}") is None:
            granted.append(k)
            guesses.settle(f"10.0.1.{k}", False)

    threads = [threading.Thread(target=one, args=(k,)) for k in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert len(granted) == 30
    assert guesses.reserve("10.0.2.1") == web_state.ALL_WAIT
    assert guesses.reserve("10.0.0.250") is None  # the signed-in tablet goes on
    assert guesses.reserve("127.0.0.1") is None  # and the arbiter's own computer


def test_cross_site_posts_never_reach_the_budget(venue: Venue) -> None:
    """A page on another origin can send a form or a text/plain POST, never JSON with its
    type (that needs the server's consent, which it never gives): refused before counting."""
    slip = json.dumps({**BODY, "slip": "000000"}).encode()
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data"):
        for _ in range(12):
            status, _h, _b = _raw(venue, "POST", API + "/confirm", slip, {"Content-Type": kind})
            assert status == 400
    assert venue.server._state is not None
    assert venue.server._state.slips.wrong("127.0.0.1") == 0
    status, _answer = venue.post(API + "/results", BODY, {"X-Arbiter-Code": CODE})
    assert status == 200


def test_forwarded_headers_are_not_believed(venue: Venue) -> None:
    for k in range(10):
        headers = {"X-Arbiter-Code": f"guess{k}", "X-Forwarded-For": f"10.9.8.{k}",
                   "Forwarded": f"for=10.9.7.{k}"}
        assert venue.post(API + "/results", BODY, headers)[0] == 403
    status, answer = venue.post(API + "/results", BODY,
                                {"X-Arbiter-Code": CODE, "X-Forwarded-For": "10.9.9.9"})
    assert status == 403 and "一分钟" in answer["error"]


def test_the_station_is_the_peer_whatever_is_forwarded(venue: Venue) -> None:
    status, answer = venue.post(API + "/results", BODY,
                                {"X-Arbiter-Code": CODE, "X-Forwarded-For": "10.9.9.9"})
    assert status == 200 and answer["station"] == "web:127.0.0.1"


def test_a_code_is_made_when_none_is_given_or_stored(event_file: Path) -> None:
    v = start_venue(event_file, code=None)
    try:
        made = v.server.generated_code
        assert made is not None and len(made.replace("-", "")) >= 10
        assert v.server.warning is None  # loopback: nobody else reaches it
        assert v.post(API + "/results", BODY, {"X-Arbiter-Code": made})[0] == 200
    finally:
        v.server.stop()
    again = start_venue(event_file, code=None)
    try:
        assert again.server.generated_code not in (None, made)
    finally:
        again.server.stop()


# ----- the Host header, security headers, group names --------------------------------------


def test_a_name_this_machine_does_not_answer_to_is_refused(venue: Venue) -> None:
    port = venue.server.port
    for host in ("attacker.example", f"attacker.example:{port}", "127.0.0.1.nip.io"):
        status, _headers, body = _raw(venue, "GET", "/api/changes", headers={"Host": host})
        assert status == 421 and json.loads(body)["en"], host
    for host in (f"127.0.0.1:{port}", f"localhost:{port}", "[::1]", "192.168.1.20:8000"):
        assert _raw(venue, "GET", "/api/changes", headers={"Host": host})[0] == 200, host


def test_the_qr_code_leads_to_the_announced_address_not_the_host_sent(venue: Venue) -> None:
    status, _headers, body = _raw(venue, "GET", f"/qr/{quote(GROUP)}.svg",
                                  headers={"Host": "10.66.66.66"})
    assert status == 200
    expected = f"{venue.server.phone_url}groups/{quote(GROUP, safe='')}/pairings"
    assert body.decode() == qr_svg(expected)


@pytest.mark.parametrize("path", ["/", f"/groups/{quote(GROUP)}/pairings", "/api/changes",
                                  "/static/venue.js", "/groups/nothing/pairings", "/projector"])
def test_every_answer_carries_the_security_headers(venue: Venue, path: str) -> None:
    _status, headers, _body = _raw(venue, "GET", path)
    policy = headers["content-security-policy"]
    assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy
    assert "unsafe-inline" not in policy
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"


def test_a_group_name_with_a_slash_is_served(tmp_path: Path) -> None:
    from app.services.event import add_group
    from app.services.players import add_player

    path = tmp_path / "slash.db"
    build_event(path)
    name = "男子/甲组"
    with Event.open(path, station="desk") as event:
        add_group(event, name, like=GROUP)
        for k in range(4):
            add_player(event, name, name=f"选手{k}", gender="M")
        rounds.pair_next_round(event, name)
    v = start_venue(path)
    try:
        for page in ("pairings", "standings", "results"):
            with urllib.request.urlopen(v.group_url(page, name).replace(
                    quote(name), quote(name, safe="")), timeout=10) as answer:
                assert answer.status == 200 and name in answer.read().decode()
        assert v.get_json(f"/api/groups/{quote(name, safe='')}/round")["round"] == 1
        status, _answer = v.post(f"/api/groups/{quote(name, safe='')}/results",
                                 {"round": 1, "board": 1, "result": "1-0"},
                                 {"X-Arbiter-Code": CODE})
        assert status == 200
    finally:
        v.server.stop()


# ----- the served file -------------------------------------------------------------------


@pytest.mark.parametrize("how", ["replaced", "moved", "deleted"])
def test_writes_are_refused_once_the_served_file_is_gone(venue: Venue, tmp_path: Path,
                                                         how: str) -> None:
    path = Path(venue.path)
    if how == "replaced":
        other = tmp_path / "other.db"
        build_event(other)
        os.replace(other, path)
    elif how == "moved":
        shutil.move(path, tmp_path / "moved.db")
    else:
        path.unlink()
    status, answer = venue.post(API + "/results", BODY, {"X-Arbiter-Code": CODE})
    assert status == 409, answer
    assert "不再接受录入" in answer["zh"] and "refused" in answer["en"]
    status, answer = venue.post(API + "/confirm", {**BODY, "slip": "000000"})
    assert status == 409
    _status, headers, page = _raw(venue, "GET", f"/groups/{quote(GROUP)}/pairings")
    assert "stale" in headers["warning"] and "可能已过时" in page.decode()
    assert "stale" in _raw(venue, "GET", API + "/round")[1]["warning"]
    if how == "replaced":
        with Event.open(path, station="check") as event:  # the file on disk: no write in it
            assert code_text(round_view(event, GROUP, 1).boards[2].result) == ""


# ----- caches ----------------------------------------------------------------------------


def test_unique_searches_do_not_grow_the_caches_without_bound(venue: Venue) -> None:
    state = venue.server._state
    assert state is not None
    state._cache.budget = 400_000  # small here, so that a few hundred pages fill it
    for k in range(web_state._WARM_KEYS + 10):  # of each kind, more than are remembered
        with urllib.request.urlopen(venue.group_url("pairings") + f"?q={k}x",
                                    timeout=10) as answer:
            answer.read()
        with urllib.request.urlopen(venue.url + f"/projector?k={k}", timeout=10) as answer:
            answer.read()
    _count, size, remembered = state.sizes()
    assert size <= 400_000 and remembered <= web_state._WARM_KEYS


def test_a_write_never_waits_for_a_page_to_be_computed(venue: Venue) -> None:
    state = venue.server._state
    assert state is not None
    release = threading.Event()
    calls = []

    def slow_page() -> str:
        calls.append(1)
        if len(calls) > 1:  # computed again after the change: held until released
            release.wait(30)
        return "page"

    state.cached(("a slow page",), slow_page, warm=True)
    try:
        status, _answer = venue.post(API + "/results", BODY, {"X-Arbiter-Code": CODE})
        assert status == 200 and not release.is_set()
    finally:
        release.set()


def test_a_player_s_history_names_each_round_s_board_colour_opponent_and_outcome(
        venue: Venue) -> None:
    from app.pairing.types import Colour, Outcome

    with venue.station("check") as event:
        board = round_view(event, GROUP, 1).boards[0]
        assert code_text(board.result) == "1-0" and board.first is not None and board.second is not None
        black = venue_service.player_history(event, GROUP, board.first.id)
        white = venue_service.player_history(event, GROUP, board.second.id)
    (row,) = black.rows
    assert (row.round, row.board, row.colour, row.outcome, code_text(row.result)) == (
        1, 1, Colour.FIRST, Outcome.WIN, "1-0")
    assert row.opponent is not None and row.opponent.id == board.second.id
    (row,) = white.rows
    assert (row.colour, row.outcome, row.opponent.id if row.opponent else None) == (
        Colour.SECOND, Outcome.LOSS, board.first.id)
    with urllib.request.urlopen(venue.group_url(f"players/{board.first.id}"),
                                timeout=10) as answer:
        assert board.second.name in answer.read().decode()
