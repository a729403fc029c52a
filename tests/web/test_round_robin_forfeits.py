"""The venue's pairings page and projector slides of a round robin say on the board that a
withdrawn (退赛) or absent (缺席) player forfeits it, as the posted list does: the player marked
with why, the result with its words (张六（退赛）弃权，张四不战胜), in the page's language."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest

from app.services import rounds
from app.services.event import Event
from app.services.groups import update_group
from app.services.lots import give_round_robin_numbers
from app.services.players import add_player, withdraw_player
from tests.web.conftest import start_venue

GROUP = "男子组"  # shenzhen-2022, played as 单循环
NAMES = ("张一", "张二", "张三", "张四")


@pytest.fixture
def scheduled(tmp_path: Path) -> Path:
    """Four players numbered by their ids (Berger round 1: 1-4, 2-3), round 1 played, 张四
    withdrawn from round 2, round 2 (4-3, 1-2) paired."""
    path = tmp_path / "rr.db"
    event = Event.create(path, preset="shenzhen-2022")
    try:
        update_group(event, GROUP, system="round_robin")
        ids = [add_player(event, GROUP, name=name) for name in NAMES]
        give_round_robin_numbers(event, GROUP, {pid: k for k, pid in enumerate(ids, 1)})
        rounds.pair_next_round(event, GROUP)
        rounds.enter_results(event, GROUP, 1, {1: ["1-0"], 2: ["="]})
        withdraw_player(event, ids[3])
        rounds.pair_next_round(event, GROUP)  # round 2: 4-3, 1-2
    finally:
        event.close()
    return path


def _page(url: str) -> str:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return str(answer.read().decode())


@pytest.mark.parametrize(("lang", "mark", "words"), [
    ("zh", "退赛", "张四（退赛）弃权，张三不战胜"),
    ("en", "withdrawn", "张四 (withdrawn) forfeits, 张三 wins by forfeit")])
def test_the_pairings_page_marks_the_forfeited_board(scheduled: Path, lang: str, mark: str,
                                                      words: str) -> None:
    venue = start_venue(scheduled)
    try:
        page = _page(venue.group_url("pairings", GROUP) + f"?lang={lang}")
        projector = _page(f"{venue.url}/projector?lang={lang}")
    finally:
        venue.server.stop()
    row = next(r for r in page.split("<tr")[1:] if "张四" in r and "张三" in r)
    assert f'<span class="withdrawn">{mark}</span>' in row
    result = {"zh": "黑弃权", "en": "black forfeited"}[lang]  # in words, never the code -+
    assert f'<div class="unit">{words}</div>' in row and f"<b>{result}</b>" in row
    played = next(r for r in page.split("<tr")[1:] if "张一" in r and "张二" in r)
    assert "withdrawn" not in played and 'class="unit"' not in played
    assert words in projector and f'<span class="withdrawn">{mark}</span>' in projector
