"""The venue's bracket page (淘汰赛对阵图, `/groups/<group>/bracket`) and the projector's bracket
slides, read off the HTML a server on loopback renders: every match of a knockout with full
placement (2021-huazhi 六、(三)5: winners play winners, losers losers, until places 1-16 are
decided) drawn once, in the tree of its place band, with its entrants, who won, its result in
the papers' words, how a level match was decided (主将加赛, 抽签; 双方均未到场，抽签 for an
individual board neither player came to, huazhi 八、(五)) and the places it decides; what is
still to come said as 待定. The page is the services' bracket (`knockout.decided_bracket`)."""

from __future__ import annotations

import re
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest

from app.pairing.knockout import BYE
from app.services import knockout, rounds, venue_bracket
from app.services.event import Event
from app.services.groups import update_group
from app.services.players import add_player
from tests.web.conftest import (
    KNOCKOUT_GROUP,
    Venue,
    build_individual_knockout,
    build_team_final,
    build_team_knockout,
    get_page,
    screenshot,
    start_venue,
)

pytestmark = pytest.mark.slow  # each module builds knockouts and serves them

FINAL = "决赛"
CODES = re.compile(r"(?<![\w:])(1-0t?|0-1t?|\+-|-\+|--|=)(?![\w:])")


@dataclass
class Box:
    """One match's box as the page draws it."""

    match: str  # "round-number"
    header: list[str] = field(default_factory=list)
    names: list[str] = field(default_factory=list)
    won: list[bool] = field(default_factory=list)
    places: list[str] = field(default_factory=list)  # the badge of each side ('' for none)
    links: list[str] = field(default_factory=list)
    result: str = ""


class _Bracket(HTMLParser):
    """The trees' headings and the boxes of a bracket page, in the order drawn."""

    def __init__(self) -> None:
        super().__init__()
        self.titles: list[str] = []
        self.boxes: list[Box] = []
        self._where: list[str] = []  # the class of each open div
        self._text: list[str] | None = None
        self._target = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        classes = (found.get("class") or "").split()
        if tag == "h2":
            self._start("title")
        elif tag == "div":
            self._where.append(classes[0] if classes else "")
            if "kb" in classes:
                self.boxes.append(Box(found.get("data-match") or ""))
            elif "ks" in classes:
                box = self.boxes[-1]
                box.won.append("won" in classes)
                box.names.append("")
                box.places.append("")
            elif "kr" in classes:
                self._start("result")
        elif tag == "span" and "who" in classes:
            self._start("name")
        elif tag == "span" and "badge" in classes:
            self._start("place")
        elif tag == "span" and self._where and self._where[-1] == "kh":
            self._start("header")
        elif tag == "a" and self.boxes and self._target == "name":
            self.boxes[-1].links.append(found.get("href") or "")

    def _start(self, target: str) -> None:
        self._text, self._target = [], target

    def handle_endtag(self, tag: str) -> None:
        if tag == "div" and self._where:
            self._where.pop()
        if self._text is None or tag not in ("h2", "div", "span"):
            return
        if tag == "span" and self._target == "result":
            return  # a span inside the result line (进行中)
        text = " ".join("".join(self._text).split())
        target, self._text = self._target, None
        if target == "title":
            self.titles.append(text)
        elif target == "header":
            self.boxes[-1].header.append(text)
        elif target == "name":
            self.boxes[-1].names[-1] = text
        elif target == "place":
            self.boxes[-1].places[-1] = text
        elif target == "result":
            self.boxes[-1].result = text

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)


def drawn(page: str) -> _Bracket:
    parser = _Bracket()
    parser.feed(page)
    return parser


def _boxes(page: str) -> dict[str, Box]:
    found = drawn(page).boxes
    by_match = {box.match: box for box in found}
    assert len(by_match) == len(found), "a match drawn twice"
    return by_match


def _fragment(url: str) -> str:
    """The live part of a page, as the pages fetch it again after a change (X-Fragment)."""
    request = urllib.request.Request(url, headers={"X-Fragment": "1"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        fragment = str(answer.read().decode())
    assert not fragment.lstrip().startswith("<!doctype")
    return fragment


def _serve(path: Path) -> Iterator[Venue]:
    running = start_venue(path)
    yield running
    running.server.stop()


@pytest.fixture(scope="module")
def final_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("final") / "huazhi.db"
    build_team_final(path)
    return path


@pytest.fixture(scope="module")
def final(final_file: Path) -> Iterator[Venue]:
    yield from _serve(final_file)


@pytest.fixture(scope="module")
def individual_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("individual") / "mindgames.db"
    build_individual_knockout(path)
    return path


@pytest.fixture(scope="module")
def individual(individual_file: Path) -> Iterator[Venue]:
    yield from _serve(individual_file)


def _services_bracket(path: Path, group: str) -> tuple[list[tuple[str, str, str, str]],
                                                        dict[str, int]]:
    """Each match the services' bracket shows (void ones are none): (round-number, upper,
    lower, winner) by name ('' unknown, 轮空 an empty slot), and the places decided."""
    with Event.open(path, station="check") as event:
        shown = knockout.bracket_view(event, group)
        names = {k: e.name for k, e in venue_bracket.bracket_entrants(event, group).items()}
        places = knockout.knockout_places(event, group)

    def name(entrant: int | None) -> str:
        return "" if entrant is None else "轮空" if entrant == BYE else names[entrant]

    matches = [(f"{m.round}-{m.number}", name(m.top), name(m.bottom),
                name(m.winner) if m.winner not in (None, BYE) else "")
               for r in shown.rounds for m in r if not m.void]
    return matches, {names[e]: p for e, p in places.items()}


def test_the_team_final_draws_each_place_bands_tree_in_the_order_of_its_places(
        final: Venue) -> None:
    """huazhi 六、(三)5: round 1's winners play for 1-8 and its losers for 9-16, and so on:
    the losers of each band begin a tree of their own, said with where they come from."""
    page = drawn(get_page(final.group_url("bracket", FINAL)))
    assert page.titles == ["1–16名", "3–4名（第3轮负者）", "5–8名（第2轮负者）",
                           "7–8名（第3轮负者）", "9–16名（第1轮负者）", "11–12名（第3轮负者）",
                           "13–16名（第2轮负者）", "15–16名（第3轮负者）"]
    assert [box.match for box in page.boxes[:3]] == ["1-1", "1-2", "2-1"]  # a tree, leaves first


def test_every_match_of_the_final_is_drawn_as_the_services_have_it(final: Venue,
                                                                  final_file: Path) -> None:
    boxes = _boxes(get_page(final.group_url("bracket", FINAL)))
    matches, places = _services_bracket(final_file, FINAL)
    assert sorted(boxes) == sorted(m[0] for m in matches) and len(boxes) == 32
    for where, upper, lower, winner in matches:
        box = boxes[where]
        assert box.names == [upper or "待定", lower or "待定"], where
        assert box.won == [bool(winner) and winner == upper, bool(winner) and winner == lower]
    # the last round gives each side its place: 1-2 ... 15-16, as the bracket decides them
    badges = {name: int(place) for box in boxes.values()
              for name, place in zip(box.names, box.places, strict=True) if place}
    assert badges == places and len(places) == 12  # two matches of round 4 are not decided


def test_each_box_says_its_match_its_places_and_its_result_in_words(final: Venue) -> None:
    boxes = _boxes(get_page(final.group_url("bracket", FINAL)))
    assert boxes["1-1"].header == ["第1轮第1场", "1–16名"]
    assert boxes["3-5"].header == ["第3轮第5场", "9–12名"]
    assert boxes["4-1"].header == ["第4轮第1场", "决第1、2名"]  # the last round: the places it gives
    assert boxes["1-1"].result == "队1胜 6:0"
    # level on game points: how it was decided, the captains' playoff or the lots
    assert boxes["1-2"].result == "队8胜 3:3 主将加赛"
    assert boxes["1-6"].result == "队10胜 3:3 抽签"
    assert boxes["4-5"].result == "战平，需主将加赛 3:3"  # the captains still to play off
    assert boxes["4-3"].result == "进行中" and boxes["4-3"].places == ["", ""]
    for box in boxes.values():
        assert not CODES.search(box.result), box
    assert not any(box.links for box in boxes.values())  # teams: no player's page


def test_an_individual_knockout_names_its_players_and_what_is_to_come(
        individual: Venue, individual_file: Path) -> None:
    page = drawn(get_page(individual.group_url("bracket", KNOCKOUT_GROUP)))
    assert page.titles == ["1–8名", "3–4名（第2轮负者）", "5–8名（第1轮负者）", "7–8名（第2轮负者）"]
    boxes = _boxes(get_page(individual.group_url("bracket", KNOCKOUT_GROUP)))
    matches, _places = _services_bracket(individual_file, KNOCKOUT_GROUP)
    assert sorted(boxes) == sorted(m[0] for m in matches) and len(boxes) == 12
    for where, upper, lower, winner in matches:
        assert [_unmarked(name) for name in boxes[where].names] == [upper or "待定",
                                                                     lower or "待定"], where
        assert boxes[where].won == [bool(winner) and winner == upper,
                                    bool(winner) and winner == lower]
    assert boxes["1-2"].result == "白胜"
    assert boxes["2-1"].result == "白胜（黑超时）"
    # neither came: the lots sent 潘军晨 on, no forfeit (huazhi 八、(五))
    assert boxes["2-4"].result == "双方均未到场，抽签" and boxes["2-4"].won == [False, True]
    assert boxes["2-2"].result == "进行中"  # paired, still playing
    # round 3: the 3-4 match waits for round 2's board 2; the 5-6 match is known, not paired
    assert boxes["3-2"].names == ["袁玉玉", "待定"] and boxes["3-2"].result == "待定"
    assert boxes["3-3"].names == ["董英", "潘军晨（退赛）"] and boxes["3-3"].result == "待定"
    assert boxes["3-3"].header == ["第3轮第3场", "决第5、6名"]
    links = boxes["1-1"].links
    assert len(links) == 2 and all(re.fullmatch(
        rf"/groups/{quote(KNOCKOUT_GROUP)}/players/\d+", link) for link in links)


def _unmarked(name: str) -> str:
    """A box's name without its withdrawal's mark (王三（退赛）)."""
    return name.removesuffix("（退赛）")


def test_a_withdrawn_player_is_marked_in_every_match_from_his_withdrawal_on(
        individual: Venue) -> None:
    """许杰 and 潘军晨 withdrew before round 2 (退赛): every box of round 2 on names them
    `许杰（退赛）`, as the papers' pairing lists mark a player who does not play his board
    (`wording.missing_mark`), on the phone's page, in English and on the projector; their
    round-1 matches, played, are unmarked. The bracket showed their names bare, as if they
    would play."""
    boxes = _boxes(get_page(individual.group_url("bracket", KNOCKOUT_GROUP)))
    marked = {(where, name) for where, box in boxes.items() for name in box.names
              if name.endswith("（退赛）")}
    # the lots sent 潘军晨 on to the 5-6 match, 许杰 to the 7-8 one
    assert marked == {("2-4", "许杰（退赛）"), ("2-4", "潘军晨（退赛）"), ("3-3", "潘军晨（退赛）"),
                      ("3-4", "许杰（退赛）")}
    played = [name for box in boxes.values() if box.match.startswith("1-") for name in box.names]
    assert "许杰" in played and "潘军晨" in played
    english = _boxes(get_page(individual.group_url("bracket", KNOCKOUT_GROUP) + "?lang=en"))
    assert english["3-3"].names == ["董英", "潘军晨 (withdrawn)"]
    projector = get_page(individual.url + "/projector")
    slides = _boxes(projector[projector.index('data-kind="bracket"'):])
    assert slides["2-4"].names == ["许杰（退赛）", "潘军晨（退赛）"]


def test_a_withdrawn_team_is_marked_in_its_next_match(tmp_path: Path) -> None:
    """A team knockout: 队4 withdrew after round 1 (team-withdraw); its round-2 match, lost by
    forfeit when paired, names it `队4（退赛）`, its round-1 match `队4`."""
    from app.services.operations import withdraw_team

    path = tmp_path / "hz.db"
    event = build_team_knockout(path)
    try:
        for board in (1, 2):
            knockout.enter_team_result(event, FINAL, 1, board, ["1-0", "0-1", "1-0"])
        withdraw_team(event, FINAL, "队4")
        rounds.pair_next_round(event, FINAL)
    finally:
        event.close()
    for running in _serve(path):
        boxes = _boxes(get_page(running.group_url("bracket", FINAL)))
        assert "队4" in boxes["1-1"].names + boxes["1-2"].names
        shown = [(where, name) for where, box in boxes.items() for name in box.names
                 if name.startswith("队4")]
        assert ("2-1", "队4（退赛）") in shown or ("2-2", "队4（退赛）") in shown
        assert all(name == "队4（退赛）" for where, name in shown if not where.startswith("1-"))


def test_the_bracket_in_english_says_it_in_english(individual: Venue, final: Venue) -> None:
    page = get_page(individual.group_url("bracket", KNOCKOUT_GROUP) + "?lang=en")
    parsed = drawn(page)
    assert parsed.titles == ["places 1–8", "places 3–4 (losers of round 2)",
                             "places 5–8 (losers of round 1)", "places 7–8 (losers of round 2)"]
    boxes = _boxes(page)
    assert boxes["2-4"].result == "neither came, lots"
    assert boxes["2-1"].result == "white won (black lost on time)"
    assert boxes["2-2"].result == "playing" and boxes["3-2"].names == ["袁玉玉", "to be decided"]
    assert boxes["3-3"].header == ["round 3, match 3", "decides places 5 and 6"]
    assert ">Bracket<" in page and "对阵图" not in page.replace("中文", "")
    teams = _boxes(get_page(final.group_url("bracket", FINAL) + "?lang=en"))
    assert teams["1-2"].result == "队8 won 3:3 captains' playoff"
    assert teams["1-6"].result == "队10 won 3:3 lots"
    assert teams["4-5"].result == "level: the captains play off 3:3"


def test_only_a_knockout_links_its_bracket(final: Venue, individual: Venue,
                                          venue: Venue) -> None:
    """The groups page and a group's tabs link the bracket of a knockout only; a knockout has
    no team crosstable, so no tab for one; a Swiss group has no bracket (404, saying why)."""
    for running, group in ((final, FINAL), (individual, KNOCKOUT_GROUP)):
        for page in ("pairings", "standings", "bracket"):
            nav = get_page(running.group_url(page, group)).split('<nav class="tabs">')[1]
            nav = nav.split("</nav>")[0]
            assert f'/groups/{quote(group)}/bracket"' in nav and "crosstable" not in nav
        groups = get_page(running.url + "/")
        assert groups.count("/bracket\"") == 1
    swiss = get_page(venue.group_url("pairings"))
    assert "/bracket" not in swiss and "/bracket" not in get_page(venue.url + "/")
    with pytest.raises(Exception) as refused:
        get_page(venue.group_url("bracket"))
    assert getattr(refused.value, "code", None) == 404
    said = refused.value.read().decode()  # type: ignore[attr-defined]
    assert "不是淘汰赛，没有对阵图" in said and "no knockout" in said


def test_a_knockout_not_paired_yet_has_no_bracket_to_show(tmp_path: Path) -> None:
    """The draw may still change before round 1 is paired: the page says it is not paired."""
    path = tmp_path / "draw.db"
    event = Event.create(path, preset="mindgames-2016")
    try:
        update_group(event, KNOCKOUT_GROUP, system="knockout")
        for name in ("甲", "乙", "丙"):
            add_player(event, KNOCKOUT_GROUP, name=name)
    finally:
        event.close()
    for running in _serve(path):
        page = get_page(running.group_url("bracket", KNOCKOUT_GROUP))
        assert "尚未编排" in page and not drawn(page).boxes


def test_the_projector_cycles_the_bracket_of_a_knockout(final: Venue, individual: Venue,
                                                        venue: Venue) -> None:
    """After the round and the standings, a knockout's trees, each slide as many as fit; each
    match on one slide; a Swiss group has none."""
    page = get_page(final.url + "/projector?group=" + quote(FINAL))
    slides = re.findall(r'<section class="slide" data-kind="(\w+)"', page)
    # 8 first matches a slide at 12 rows: the 1-16 tree; 3-4 to 9-16; 11-12 to 15-16
    assert slides[-3:] == ["bracket"] * 3 and "bracket" not in slides[:-3]
    bracket_part = page[page.index('data-kind="bracket"'):]
    assert len(_boxes(bracket_part)) == 32
    assert bracket_part.count('class="kt halves"') == 4  # the wide screen: in halves
    assert "决赛 · 对阵图" in bracket_part and "第1/3页" in bracket_part
    small = get_page(individual.url + "/projector?lang=en")
    assert len(_boxes(small[small.index('data-kind="bracket"'):])) == 12
    assert "Bracket" in small and "neither came, lots" in small
    assert 'data-kind="bracket"' not in get_page(venue.url + "/projector")
    live = _fragment(final.url + "/projector?group=" + quote(FINAL))  # what the poll fetches
    assert len(_boxes(live[live.index('data-kind="bracket"'):])) == 32


def test_the_bracket_follows_a_result_entered_at_another_station(tmp_path: Path) -> None:
    """The page's live part, fetched again as the pages do once the change mark moves,
    shows the new result and where its winner and loser go."""
    path = tmp_path / "live.db"
    build_individual_knockout(path)
    for running in _serve(path):
        url = running.group_url("bracket", KNOCKOUT_GROUP)
        mark = running.get_json("/api/changes")["mark"]
        with running.station("window") as event:
            rounds.enter_result(event, KNOCKOUT_GROUP, 2, 2, ["1-0"])
        deadline = time.monotonic() + 2
        while running.get_json("/api/changes")["mark"] == mark:
            assert time.monotonic() < deadline, "the change mark did not move"
            time.sleep(0.05)
        boxes = _boxes(_fragment(url))
        assert boxes["2-2"].result == "黑胜" and boxes["2-2"].won == [True, False]
        assert boxes["3-1"].names == ["韩明", "曹勇博"]
        assert boxes["3-2"].names == ["袁玉玉", "任飞"]


def test_phones_and_the_projector_draw_the_bracket(final: Venue, tmp_path: Path, browser: Any,
                                                   phone: Any) -> None:
    """Chromium (Debian's, headless): on a 360 px phone the page keeps its width and each wide
    tree scrolls sideways, every line of the CSP kept; a result entered at another station
    appears in the drawing by itself within 2 s; the projector shows the 1-16 tree in halves,
    its type fitted to the screen. Screenshots in the test's folder ($VENUE_SHOTS)."""
    from playwright.sync_api import expect

    refused: list[str] = []
    phone.on("console", lambda message: refused.append(message.text)
             if "Content Security Policy" in message.text else None)
    phone.goto(final.group_url("bracket", FINAL))
    expect(phone.locator(".kb")).to_have_count(32)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    widths = phone.evaluate("[...document.querySelectorAll('.scroll')].map("
                            "s => [s.scrollWidth, s.clientWidth])")
    assert widths[0][0] > widths[0][1]  # 1-16: four rounds, scrolled sideways
    screenshot(phone, tmp_path, "bracket-huazhi-phone")
    path = tmp_path / "individual.db"
    build_individual_knockout(path)
    for running in _serve(path):
        phone.goto(running.group_url("bracket", KNOCKOUT_GROUP))
        result = phone.locator('.kb[data-match="2-2"] .kr')
        expect(result).to_have_text("进行中")
        with running.station("window") as event:
            rounds.enter_result(event, KNOCKOUT_GROUP, 2, 2, ["0-1"])
            entered = time.monotonic()
        expect(result).to_have_text("白胜", timeout=2000)
        assert time.monotonic() - entered < 2.0
        expect(phone.locator('.kb[data-match="3-2"] .ks').nth(1)).to_have_text("2 曹勇博")
        screenshot(phone, tmp_path, "bracket-individual-phone")
    screen = browser.new_context(viewport={"width": 1920, "height": 1080})
    try:
        projector = screen.new_page()
        projector.goto(final.url + "/projector?group=" + quote(FINAL))
        while projector.locator('.slide[data-kind="bracket"]:visible').count() == 0:
            projector.keyboard.press("ArrowRight")
        trees = projector.locator(".slide:visible .ktrees").bounding_box()
        assert trees is not None and trees["x"] + trees["width"] <= 1920
        assert trees["y"] + trees["height"] <= 1080
        assert projector.locator(".slide:visible .kb").count() == 15  # 1-16: 8 + 4 + 2 + 1
        screenshot(projector, tmp_path, "bracket-huazhi-projector", full=False)
    finally:
        screen.close()
    assert refused == []
