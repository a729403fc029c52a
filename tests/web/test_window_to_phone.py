"""From the arbiter's keyboard to the player's phone: the window's switch serves the open
event, a result typed in the rounds view shows on a phone-sized Chromium within 2 s."""

from __future__ import annotations

import os

from app.wording import code_text

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import time  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402
from urllib.parse import quote  # noqa: E402

import pytest  # noqa: E402
from playwright.sync_api import expect  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from app.services.queries import round_view  # noqa: E402
from app.ui.serve_dialog import ServeDialog  # noqa: E402
from tests.web.conftest import GROUP, PHONE  # noqa: E402

pytestmark = pytest.mark.slow  # Chromium


def test_a_result_typed_in_the_window_appears_on_the_phone(qtbot: Any, browser: Any,
                                                           event_file: Path) -> None:
    from app.ui.main_window import MainWindow

    window = MainWindow(QSettings(str(event_file.with_suffix(".ini")),
                                  QSettings.Format.IniFormat))
    qtbot.addWidget(window)
    window.show()
    assert window.open_event(event_file)
    event = window.ev
    assert event is not None
    window.act_venue.trigger()
    switch = window.findChild(ServeDialog)
    assert switch is not None
    switch.port.setValue(0)
    switch.switch()
    context = browser.new_context(**PHONE)
    try:
        assert switch.running
        phone = context.new_page()
        phone.goto(f"{switch.address.text()}groups/{quote(GROUP)}/pairings")
        board = round_view(event, GROUP, 1).boards[3]
        assert board.first is not None and not board.result
        row = phone.locator("table.pairings tbody tr", has_text=board.first.name)
        expect(row.locator("td.result")).to_have_text("进行中")
        view = window.rounds_view
        window.tabs.setCurrentWidget(view)
        qtbot.keyClicks(view.entry, f"{board.number} =")  # board, space, the result key
        typed = time.monotonic()
        assert code_text(round_view(event, GROUP, 1).boards[3].result) == "="
        expect(row.locator("td.result")).to_have_text("和", timeout=2000)  # in words
        assert time.monotonic() - typed < 2.0
    finally:
        context.close()
        switch.stop()
        window.close_event()
