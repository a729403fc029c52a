"""The venue's pairings page, projector slides and round JSON of a knockout board neither of
whose players came, decided by lots (抽签, huazhi 八、(五)): the players marked with why, the
result in the papers' words (抽签（白晋级）, 双方均未到场，抽签决定选手6晋级), never a forfeit;
the JSON keeps the game's code (--) and says the lots and who they sent on."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest

from app.services import rounds
from app.services.event import Event
from app.services.groups import update_group
from app.services.players import add_player, withdraw_player
from tests.web.conftest import start_venue

GROUP = "禁手组"  # mindgames-2016, played as a knockout


@pytest.fixture
def drawn(tmp_path: Path) -> tuple[Path, int]:
    """Six players, round 1 played, 选手2 and 选手6 withdrawn, round 2 paired and its board 2
    (选手2 v 选手6) decided by lots for 选手6; the file and 选手6's id."""
    path = tmp_path / "ko.db"
    event = Event.create(path, preset="mindgames-2016")
    try:
        update_group(event, GROUP, system="knockout")
        ids = [add_player(event, GROUP, name=f"选手{k}") for k in range(1, 7)]
        rounds.pair_next_round(event, GROUP)
        rounds.enter_results(event, GROUP, 1, {2: ["1-0"], 4: ["0-1"]})
        withdraw_player(event, ids[1])
        withdraw_player(event, ids[5])
        rounds.pair_next_round(event, GROUP)
        rounds.enter_lots(event, GROUP, 2, 2, "选手6")
    finally:
        event.close()
    return path, ids[5]


def _get(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode())


@pytest.mark.parametrize(("lang", "result", "words"), [
    ("zh", "抽签（白晋级）", "选手2（退赛）、选手6（退赛）双方均未到场，抽签决定选手6晋级"),
    ("en", "lots (white goes on)",
     "neither 选手2 (withdrawn) nor 选手6 (withdrawn) came: the lots sent 选手6 on")])
def test_the_venue_pages_say_the_lots(drawn: tuple[Path, int], lang: str, result: str,
                                      words: str) -> None:
    path, sent_on = drawn
    venue = start_venue(path)
    try:
        page = _get(venue.group_url("pairings", GROUP) + f"?lang={lang}")
        projector = _get(f"{venue.url}/projector?lang={lang}")
        api = json.loads(_get(venue.url + "/api/groups/" + urllib.request.quote(GROUP)
                              + "/round"))
    finally:
        venue.server.stop()
    row = next(r for r in page.split("<tr")[1:] if "选手2" in r and "选手6" in r)
    assert f"<b>{result}</b>" in row and f'<div class="unit">{words}</div>' in row
    assert "弃权" not in row and "不战胜" not in row and "forfeit" not in row
    assert words in projector and "弃权" not in projector
    board = next(b for b in api["boards"] if b["board"] == 2)
    assert board["result"] == "--" and board["decided_by"] == "lots"
    assert board["winner"] == sent_on
    assert "decided_by" not in next(b for b in api["boards"] if b["board"] == 1)


@pytest.mark.parametrize(("lang", "sent_on_words", "other_words"), [
    ("zh", "双方均未到场，抽签晋级", "双方均未到场，抽签负"),
    ("en", "neither came: went on by lots", "neither came: lost by lots")])
def test_each_players_own_line_says_the_lots_never_a_forfeit(
        drawn: tuple[Path, int], lang: str, sent_on_words: str, other_words: str) -> None:
    """The card a player finds by his name, and his page, give his own result: the lots sent
    him on or not; the game lost by both is no forfeit of his (弃权负)."""
    path, sent_on = drawn
    venue = start_venue(path)
    quote = urllib.request.quote
    try:
        cards = {name: _get(venue.group_url("pairings", GROUP) + f"?q={quote(name)}&lang={lang}")
                 for name in ("选手6", "选手2")}
        history = _get(venue.group_url(f"players/{sent_on}", GROUP) + f"?lang={lang}")
    finally:
        venue.server.stop()
    for name, words in (("选手6", sent_on_words), ("选手2", other_words)):
        card = cards[name].split('class="you card"')[1].split("</div>\n    </div>")[0]
        (line,) = [part for part in card.split('<div class="you-result">')[1:]]
        assert words in line and "弃权" not in line and "forfeit" not in line, line
    round_two = next(r for r in history.split("<tr")[1:] if r.strip().startswith(">\n  <td>2<"))
    assert sent_on_words in round_two and "弃权" not in round_two
