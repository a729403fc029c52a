"""The window's venue switch: starts the server in the background, shows the address and its
QR code large, stores the arbiter code, stops; the window's menu opens it."""

from __future__ import annotations

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import json  # noqa: E402
import urllib.request  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import segno  # noqa: E402
from PySide6.QtCore import QSettings  # noqa: E402

from app.services import venue  # noqa: E402
from app.services.event import Event  # noqa: E402
from app.services.operations import Area  # noqa: E402
from app.ui.serve_dialog import ServeDialog  # noqa: E402


class FakeWindow:
    """What the switch needs of the window: the open event and the operation runner's four
    answers (recorded here)."""

    def __init__(self, event: Event | None) -> None:
        self.ev = event
        self.refused: list[Any] = []
        self.done: list[Any] = []

    def refuse(self, error: Any) -> None:
        self.refused.append(error)

    def warn(self, warnings: Any) -> None:
        pass

    def operation_did_execute(self, outcome: Any) -> None:
        self.done.append(outcome)

    def show_message(self, text: str) -> None:
        pass


def test_the_switch_serves_the_open_event_and_stops(qtbot: Any, event_file: Path) -> None:
    with Event.open(event_file) as event:
        main = FakeWindow(event)
        dialog = ServeDialog(None)
        dialog.main = main
        qtbot.addWidget(dialog)
        dialog.port.setValue(0)
        dialog.code.setText("台上的码")
        dialog.switch()
        try:
            assert dialog.running
            url = dialog.address.text()
            assert url.startswith("http://127.0.0.1:") and url == dialog.server.url
            assert dialog.qr.rows == [list(r) for r in segno.make_qr(url, error="m")
                                      .matrix_iter(scale=1, border=4)]
            assert dialog.toggle.text() == "停止发布" and not dialog.port.isEnabled()
            dialog.qr_for.setCurrentIndex(dialog.qr_for.findText("公开组"))
            group_page = url + "groups/%E5%85%AC%E5%BC%80%E7%BB%84/pairings"
            assert dialog.qr.address == group_page
            with urllib.request.urlopen(url + "api/groups/%E5%85%AC%E5%BC%80%E7%BB%84/round",
                                        timeout=10) as answer:
                assert json.loads(answer.read())["round"] == 1
            dialog.follow_window()  # the same event still open: serving goes on
            assert dialog.running
        finally:
            main.ev = None  # the window closed the event
            dialog.follow_window()
            main.ev = event
        assert not dialog.running and dialog.toggle.text() == "开始发布"
        assert dialog.qr.rows == []
        dialog.store_code()
        assert dialog.message.text() == "裁判码已保存"
        assert venue.arbiter_code_check(event).accepts("台上的码")
        dialog.code.setText("短")
        dialog.store_code()
        assert "至少4个字符" in dialog.message.text()
        dialog.refresh_groups()
        assert sorted(dialog.confirm_boxes) == ["公开组", "少儿组"]
        dialog.confirm_boxes["公开组"].setChecked(True)
        assert [g.player_confirmation for g in venue.overview(event).groups] == [True, False]
        assert venue.slip_codes(event, "公开组", 1)
        # Both writes went through the window's operation runner (one refused: too short).
        assert len(main.done) == 2 and all(Area.EVENT in o.changes for o in main.done)
        assert len(main.refused) == 1


def test_a_serving_without_a_code_makes_one_and_tablets_scan_it(qtbot: Any,
                                                               event_file: Path) -> None:
    with Event.open(event_file) as event:
        dialog = ServeDialog(None)
        dialog.main = FakeWindow(event)
        qtbot.addWidget(dialog)
        dialog.port.setValue(0)
        dialog.switch()
        try:
            made = dialog.server.generated_code
            assert made and made in dialog.message.text()
            dialog.qr_for.setCurrentIndex(dialog.qr_for.findText("公开组 · 平板录入（含裁判码）"))
            address = dialog.qr.address
            assert address == (dialog.server.url + "groups/%E5%85%AC%E5%BC%80%E7%BB%84/results"
                               f"#code={made}")
            request = urllib.request.Request(
                dialog.server.url + "api/groups/%E5%85%AC%E5%BC%80%E7%BB%84/results",
                data=json.dumps({"round": 1, "board": 3, "result": "1-0"}).encode(),
                headers={"Content-Type": "application/json", "X-Arbiter-Code": made})
            with urllib.request.urlopen(request, timeout=10) as answer:
                assert answer.status == 200
        finally:
            dialog.stop()


def test_the_switch_says_when_the_served_file_is_replaced(qtbot: Any, event_file: Path,
                                                          tmp_path: Path) -> None:
    from tests.web.conftest import build_event

    with Event.open(event_file) as event:
        dialog = ServeDialog(None)
        dialog.main = FakeWindow(event)
        qtbot.addWidget(dialog)
        dialog.port.setValue(0)
        dialog.code.setText("台上的码")
        dialog.switch()
        try:
            other = tmp_path / "other.db"
            build_event(other)
            os.replace(other, event_file)
            qtbot.waitUntil(lambda: dialog.server.stale is not None, timeout=5000)
            dialog.follow_window()
            assert "已被替换" in dialog.message.text() and "不再接受录入" in dialog.message.text()
        finally:
            dialog.stop()


def test_the_window_s_print_menu_opens_the_switch(qtbot: Any, tmp_path: Path) -> None:
    from app.ui.main_window import MainWindow

    main = MainWindow(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    qtbot.addWidget(main)
    assert main.act_venue in main.menu_print.actions()
    main.act_venue.trigger()
    switch = main.findChild(ServeDialog)
    assert switch is not None and switch.isVisible()
    switch.start()  # no event open: says so, starts nothing
    assert not switch.running and "打开赛事" in switch.message.text()
    from app.ui import i18n

    i18n.set_language("en")
    try:
        assert main.act_venue.text().startswith("Venue on the LAN")
        assert switch.toggle.text() == "Start serving"
    finally:
        i18n.set_language("zh")
    assert main.act_venue.text().startswith("赛场发布")
