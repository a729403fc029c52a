"""The venue tablet and the players' confirmation take the result words arbiters say
(../shared/docs/CLI.md "Arguments and output"), read by the results home."""

from __future__ import annotations

from urllib.parse import quote

from app.services import venue as venue_service
from app.services.queries import round_view
from app.wording import code_text
from tests.web.conftest import CODE, GROUP, Venue

API = f"/api/groups/{quote(GROUP)}"


def _result(v: Venue, board: int) -> str:
    with v.station("check") as event:
        return next(code_text(b.result) for b in round_view(event, GROUP, 1).boards if b.number == board)


def test_the_tablet_takes_the_words(venue: Venue) -> None:
    for board, word, stored in ((3, "白胜", "0-1"), (4, "½:½", "="), (5, "先手胜", "1-0")):
        status, answer = venue.post(API + "/results",
                                    {"round": 1, "board": board, "result": word},
                                    {"X-Arbiter-Code": CODE})
        assert status == 200, answer
        assert _result(venue, board) == stored


def test_players_saying_the_same_result_in_other_words_agree(venue: Venue) -> None:
    with venue.station() as event:
        venue_service.set_player_confirmation(event, GROUP, True)
        first, second = venue_service.slip_codes(event, GROUP, 1)[3]
    body = {"round": 1, "board": 3}
    assert venue.post(API + "/confirm", {**body, "slip": first, "result": "胜"})[1] == {
        "state": "waiting"}
    assert venue.post(API + "/confirm", {**body, "slip": second, "result": "1-0"})[1] == {
        "state": "entered"}
    assert _result(venue, 3) == "1-0"
