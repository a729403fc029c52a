"""The venue pages in a real browser: Debian's Chromium, headless, driven by Playwright.

A phone-sized viewport finds a player, sees a result entered at another station appear by
itself within 2 s, switches to English; the projector rotates; an arbiter signs in on a
tablet and enters a result. Screenshots go to the test's folder (and to $VENUE_SHOTS when
set, to be looked at).
"""

from __future__ import annotations

import time
from pathlib import Path
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from app.services import rounds
from app.services.queries import round_view
from app.wording import code_text
from tests.web.conftest import CODE, GROUP, Venue, screenshot

pytestmark = pytest.mark.slow  # Chromium


def _names(venue: Venue) -> tuple[str, str, int]:
    """The first mover and second mover of board 3 of round 1, and the board's number."""
    with venue.station("check") as event:
        board = round_view(event, GROUP, 1).boards[2]
    assert board.first is not None and board.second is not None
    return board.first.name, board.second.name, board.number


def test_a_phone_finds_a_player_and_sees_the_result_appear(venue: Venue, phone: Page,
                                                          tmp_path: Path) -> None:
    phone.goto(venue.url + "/")
    expect(phone.locator(".group-name").first).to_have_text(GROUP)
    screenshot(phone, tmp_path, "phone-groups")
    phone.get_by_role("link", name="对阵").first.click()
    expect(phone.locator("h1")).to_contain_text("第1轮")
    black, white, board = _names(venue)
    phone.fill("#find", black)  # filters as one types
    visible = phone.locator("table.pairings tbody tr:visible")
    expect(visible).to_have_count(1)
    expect(visible.first).to_contain_text(white)
    phone.press("#find", "Enter")
    card = phone.locator(".you")
    expect(card).to_contain_text(f"第{board}台")
    expect(card).to_contain_text("先手（黑）")
    expect(card).to_contain_text(white)
    screenshot(phone, tmp_path, "phone-find")
    # The window (another station) enters the result: the phone shows it within 2 s.
    with venue.station("window") as event:
        rounds.enter_result(event, GROUP, 1, board, ["0-1"])
        entered = time.monotonic()
    # from the searched player's side (black lost), then the board in words: never 0-1
    expect(phone.locator(".you-result")).to_have_text("结果：负，白胜", timeout=2000)
    assert time.monotonic() - entered < 2.0
    row = phone.locator("table.pairings tbody tr", has_text=black)
    expect(row.locator("td.result")).to_have_text("白胜")  # the result in words, not 0-1
    screenshot(phone, tmp_path, "phone-result")


def test_standings_history_and_the_english_switch(venue: Venue, phone: Page,
                                                 tmp_path: Path) -> None:
    with venue.station("window") as event:
        rounds.enter_results(event, GROUP, 1, {3: ["1-0"], 4: ["0-1"], 5: ["="]})
    phone.goto(venue.group_url("standings"))
    expect(phone.locator("p.meta")).to_contain_text("第1轮后")
    rows = phone.locator("table.standings tbody tr")
    expect(rows).to_have_count(11)
    screenshot(phone, tmp_path, "phone-standings")
    rows.first.locator("a").click()
    expect(phone.locator("table.history tbody tr")).to_have_count(1)
    expect(phone.locator("table.history")).to_contain_text("胜")
    screenshot(phone, tmp_path, "phone-history")
    phone.get_by_role("link", name="English").click()
    expect(phone.locator("table.history")).to_contain_text("won")
    phone.goto(venue.group_url("pairings"))  # the choice is remembered
    expect(phone.locator("h1")).to_contain_text("Round 1")
    screenshot(phone, tmp_path, "phone-pairings-en")


def test_the_projector_rotates_through_pairings_and_standings(venue: Venue, browser: Browser,
                                                             tmp_path: Path) -> None:
    with venue.station("window") as event:
        rounds.enter_results(event, GROUP, 1, {3: ["1-0"], 4: ["0-1"], 5: ["="]})
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    try:
        page.goto(venue.url + f"/projector?group={GROUP}&pace=1&rows=8")
        slides = page.locator(".slide")
        kinds = [slides.nth(i).get_attribute("data-kind") for i in range(slides.count())]
        assert kinds[0] == "board" and "name" in kinds and kinds[-1] == "standings"
        expect(page.locator(".slide:visible h1")).to_contain_text("对阵表（按台次）")
        screenshot(page, tmp_path, "projector-board", full=False)
        seen: set[str] = set()
        deadline = time.monotonic() + 3 * len(kinds) + 3
        while len(seen) < len(kinds) and time.monotonic() < deadline:
            seen.add(page.evaluate("document.body.dataset.slide || '0'"))
            if page.locator(".slide:visible").get_attribute("data-kind") == "standings":
                screenshot(page, tmp_path, "projector-standings", full=False)
            time.sleep(0.2)
        assert len(seen) == len(kinds), f"only slides {sorted(seen)} of {len(kinds)} shown"
    finally:
        context.close()


def test_an_arbiter_signs_in_on_a_tablet_and_enters_a_result(venue: Venue, browser: Browser,
                                                            tmp_path: Path) -> None:
    context = browser.new_context(viewport={"width": 800, "height": 1100})
    page = context.new_page()
    try:
        page.goto(venue.group_url("results"))
        row = page.locator("tr[data-board='3']")
        row.locator("button[data-code='1-0']").click()
        expect(page.locator("#status")).to_contain_text("裁判码")  # refused: not signed in
        page.fill("#code", "wrong")
        page.click("#signin button[type=submit]")
        expect(page.locator("#signin-state")).to_have_text("裁判码不对")
        page.fill("#code", CODE)
        page.fill("#station", "平板2")
        page.click("#signin button[type=submit]")
        expect(page.locator("#signin-state")).to_have_text("已登录，可以录入成绩")
        row.locator("button[data-code='1-0']").click()
        expect(page.locator("#status")).to_contain_text("已保存: 3 黑胜")  # the button's words
        # the result entered in words, the code the arbiter tapped beside it
        expect(page.locator("tr[data-board='3'] .entered")).to_have_text("黑胜", timeout=2000)
        expect(page.locator("tr[data-board='3'] .entered-code")).to_have_text("1-0")
        screenshot(page, tmp_path, "tablet-results")
        with venue.station("web:平板2") as event:  # the tablet's own undo entry
            assert code_text(round_view(event, GROUP, 1).boards[2].result) == "1-0"
            assert "第1轮第3台" in (event.can_undo() or "")
        # a correction asks in words, as the window does: 黑胜 → 白胜, not 1-0 → 0-1
        asked: list[str] = []
        page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
        row.locator("button[data-code='0-1']").click()
        expect(page.locator("tr[data-board='3'] .entered")).to_have_text("白胜", timeout=2000)
        assert asked == ["更正 3: 黑胜 → 白胜?"]
    finally:
        context.close()


def test_two_players_confirm_their_result_with_their_slip_codes(venue: Venue, phone: Page,
                                                               tmp_path: Path) -> None:
    from app.services import venue as venue_service

    with venue.station("window") as event:
        venue_service.set_player_confirmation(event, GROUP, True)
        first, second = venue_service.slip_codes(event, GROUP, 1)[4]
    black, _white, _board = _names(venue)
    phone.goto(venue.group_url("pairings") + "?q=" + black)
    phone.get_by_role("link", name="确认成绩").click()
    form = phone.locator("#confirm")
    for code, wanted in ((first, "等待对手确认"), (second, "双方一致，成绩已录入")):
        form.locator("input[name=board]").fill("4")
        form.locator("input[name=slip]").fill(code)
        # the player picks the words; the code goes to the server
        expect(form.locator("select[name=result] option")).to_have_text(["黑胜", "和", "白胜"])
        form.locator("select[name=result]").select_option("0-1")
        form.locator("button[type=submit]").click()
        expect(phone.locator("#status")).to_contain_text(wanted)
    screenshot(phone, tmp_path, "phone-confirm")
    expect(phone.locator("tr[data-board='4'] .entered")).to_have_text("白胜", timeout=2000)
    with venue.station("check") as event:
        assert code_text(round_view(event, GROUP, 1).boards[3].result) == "0-1"


def test_the_pages_break_no_rule_of_their_security_policy(venue: Venue, browser: Browser) -> None:
    """Every page under the server's CSP (no inline script or style): nothing refused, and
    the projector's row size, given as data, still reaches its tables."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda message: refused.append(message.text)
            if "Content Security Policy" in message.text else None)
    try:
        for path in ("/", f"/groups/{GROUP}/pairings", f"/groups/{GROUP}/standings",
                     f"/groups/{GROUP}/results", f"/projector?group={GROUP}&rows=8"):
            page.goto(venue.url + path)
            page.wait_for_load_state("load")
        font = page.evaluate("getComputedStyle(document.body).getPropertyValue('--row-font')")
        assert font.strip().endswith("vh")
        assert refused == []
    finally:
        context.close()


def test_a_tablet_signs_in_by_scanning_the_window_s_code(venue: Venue, browser: Browser) -> None:
    context = browser.new_context(viewport={"width": 800, "height": 1100})
    page = context.new_page()
    try:
        page.goto(venue.group_url("results") + "#code=" + quote(CODE, safe=""))
        expect(page.locator("#signin-state")).to_have_text("已登录，可以录入成绩")
        assert "#" not in page.url  # the code is out of the address bar
        page.locator("tr[data-board='3'] button[data-code='0-1']").click()
        expect(page.locator("tr[data-board='3'] .entered")).to_have_text("白胜", timeout=3000)
    finally:
        context.close()
