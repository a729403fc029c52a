"""The venue switch (赛场发布): serve the open event's pairings, results and standings to
phones and the projector on the LAN, from the window.

The server runs in a background thread (`app.web.server.VenueServer`), so the window is never
blocked; it reads the event file through the database's own concurrency and stops when the
switch is turned off or the program ends. The address is shown large with its QR code for the
players to scan; the arbiter code (裁判码) that tablets sign in with can be stored in the event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar
from urllib.parse import quote

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QAction, QColor, QFont, QPainter, QPaintEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMenu,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from app.errors import UserError
from app.ui.i18n import error_text, notifier, pick

if TYPE_CHECKING:
    # The window installs the menu entry at its start; the services load with the dialog.
    from app.services.operations import Operation, Outcome

P = ParamSpec("P")
T = TypeVar("T")

TEXTS = {
    "menu": ("赛场发布（手机/投影）…", "Venue on the LAN (phones, projector)…"),
    "title": ("赛场发布", "Venue on the LAN"),
    "intro": ("在局域网上发布本赛事的对阵、成绩和名次：棋手用手机扫码查看，投影仪打开“大屏幕”页。"
              "手机无需安装任何软件。",
              "Serves this event's pairings, results and standings on the LAN: players scan the "
              "code with their phones, the projector opens the projector page. Nothing is "
              "installed on the phones."),
    "lan": ("整个局域网可访问（否则只本机）", "Reachable from the whole LAN (else this computer only)"),
    "port": ("端口", "Port"),
    "code": ("裁判码", "Arbiter code"),
    "code_hint": ("平板录入成绩时输入；留空则使用已保存的裁判码",
                  "tablets sign in with it; empty: the code stored in the event"),
    "save_code": ("保存到赛事", "Store in the event"),
    "code_saved": ("裁判码已保存", "arbiter code stored"),
    "start": ("开始发布", "Start serving"),
    "stop": ("停止发布", "Stop serving"),
    "stopped": ("未发布", "not serving"),
    "serving": ("正在发布：", "Serving at:"),
    "projector": ("大屏幕：", "Projector:"),
    "no_event": ("请先打开赛事", "open an event first"),
    "qr_for": ("二维码指向", "QR code leads to"),
    "confirm": ("棋手可凭成绩单上的确认码自行确认成绩（双方一致才录入，有争议等待裁判）：",
                "Players may confirm their result with the code on their slip (entered when "
                "both agree; a dispute waits for the arbiter):"),
    "all_groups": ("全部组别", "all groups"),
    "tablet": ("{group} · 平板录入（含裁判码）", "{group} · tablet result entry (with the code)"),
    "made_code": ("本次发布的裁判码：{code}（平板扫描“平板录入”二维码即可登录）",
                  "the arbiter code of this serving: {code} (tablets scan the “tablet” QR "
                  "code to sign in)"),
    "stale": ("{zh}：为免成绩丢失，已不再接受录入，手机上的数据可能已过时；请关闭后重新发布",
              "{en}: writes are refused so that no result is lost, and what the phones show "
              "may be stale; stop and serve again"),
}


def _t(key: str) -> str:
    zh, en = TEXTS[key]
    return pick(zh, en)


class QrWidget(QWidget):
    """A QR code drawn square by square, as large as the widget allows."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("venue_qr")
        self.address = ""
        self.rows: list[list[int]] = []
        self.setMinimumSize(QSize(260, 260))

    def set_address(self, address: str) -> None:
        import segno  # loaded when the venue is first served: the window's start needs none

        self.address = address
        self.rows = ([list(r) for r in segno.make_qr(address, error="m").matrix_iter(
            scale=1, border=4)] if address else [])
        self.update()

    def paintEvent(self, _event: QPaintEvent) -> None:  # noqa: N802 (Qt name)
        if not self.rows:
            return
        painter = QPainter(self)
        side = min(self.width(), self.height())
        module = side / len(self.rows)
        left = (self.width() - side) / 2
        top = (self.height() - side) / 2
        painter.fillRect(QRectF(left, top, side, side), QColor("white"))
        for r, row in enumerate(self.rows):
            for c, dark in enumerate(row):
                if dark:
                    painter.fillRect(QRectF(left + c * module, top + r * module,
                                            module + 0.5, module + 0.5), QColor("black"))
        painter.end()


class ServeDialog(QDialog):
    """Non-modal: the server keeps running while the arbiter works in the window."""

    def __init__(self, main: Any) -> None:
        super().__init__(main)
        self.main = main
        self.server: Any = None
        self.setObjectName("serve_dialog")
        self.resize(560, 640)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        self.lan = QCheckBox()
        self.lan.setObjectName("venue_lan")
        self.port = QSpinBox()
        self.port.setObjectName("venue_port")
        self.port.setRange(0, 65535)
        self.port.setValue(8000)
        self.code = QLineEdit()
        self.code.setObjectName("venue_code")
        self.code.setEchoMode(QLineEdit.EchoMode.Password)
        self.save_code = QPushButton()
        self.save_code.setObjectName("venue_save_code")
        self.save_code.clicked.connect(self.store_code)
        self.toggle = QPushButton()
        self.toggle.setObjectName("venue_toggle")
        self.toggle.clicked.connect(self.switch)
        self.address = QLabel()
        self.address.setObjectName("venue_address")
        self.address.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        big = QFont(self.address.font())
        big.setPointSizeF(big.pointSizeF() * 1.8)
        big.setBold(True)
        self.address.setFont(big)
        self.address.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.projector = QLabel()
        self.projector.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.projector.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.qr = QrWidget()
        self.qr_for = QComboBox()
        self.qr_for.setObjectName("venue_qr_for")
        self.qr_for.currentIndexChanged.connect(lambda _i: self._show_state())
        self.confirm_label = QLabel()
        self.confirm_label.setWordWrap(True)
        self.confirm_boxes: dict[str, QCheckBox] = {}
        self.confirm_row = QHBoxLayout()
        self.message = QLabel()
        self.message.setObjectName("venue_message")
        self.message.setWordWrap(True)
        self.form = QFormLayout()
        self.port_label, self.code_label = QLabel(), QLabel()
        code_row = QHBoxLayout()
        code_row.addWidget(self.code, 1)
        code_row.addWidget(self.save_code)
        self.form.addRow(self.port_label, self.port)
        self.form.addRow(self.code_label, code_row)
        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.lan)
        layout.addLayout(self.form)
        layout.addWidget(self.toggle)
        layout.addWidget(self.address)
        qr_row = QHBoxLayout()
        self.qr_label = QLabel()
        qr_row.addWidget(self.qr_label)
        qr_row.addWidget(self.qr_for, 1)
        layout.addLayout(qr_row)
        layout.addWidget(self.qr, 1)
        layout.addWidget(self.projector)
        layout.addWidget(self.confirm_label)
        layout.addLayout(self.confirm_row)
        layout.addWidget(self.message)
        notifier().changed.connect(self._language_changed)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.stop)
        # The server serves the event open in the window: when it closes, serving stops.
        self.follow = QTimer(self)
        self.follow.setInterval(1000)
        self.follow.timeout.connect(self.follow_window)
        self.follow.start()
        self.retranslate()

    def showEvent(self, event: Any) -> None:  # noqa: N802 (Qt name)
        self.refresh_groups()
        super().showEvent(event)

    def refresh_groups(self) -> None:
        """One tick box per group: may its players confirm their own results?"""
        for box in self.confirm_boxes.values():
            self.confirm_row.removeWidget(box)
            box.deleteLater()
        self.confirm_boxes = {}
        if self.main.ev is None:
            return
        from app.services import venue

        for group in venue.overview(self.main.ev).groups:
            box = QCheckBox(group.name)
            box.setChecked(group.player_confirmation)
            box.toggled.connect(lambda checked, name=group.name: self.set_confirmation(
                name, checked))
            self.confirm_row.addWidget(box)
            self.confirm_boxes[group.name] = box

    def _run(self, operation: Operation[P, T], *args: P.args,
             **kwargs: P.kwargs) -> Outcome[T] | None:
        """A write, run the one way the window runs them; a refusal is also said here."""
        from app.ui.operations import DialogEcho, run_operation

        return run_operation(DialogEcho(self.main, self.message.setText), operation, *args,
                             **kwargs)

    def set_confirmation(self, group: str, enabled: bool) -> None:
        from app.services.operations import SET_PLAYER_CONFIRMATION

        self._run(SET_PLAYER_CONFIRMATION, self.main.ev, group, enabled)

    def _language_changed(self, _code: str) -> None:
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(_t("title"))
        self.intro.setText(_t("intro"))
        self.lan.setText(_t("lan"))
        self.port_label.setText(_t("port"))
        self.code_label.setText(_t("code"))
        self.code.setPlaceholderText(_t("code_hint"))
        self.save_code.setText(_t("save_code"))
        self.qr_label.setText(_t("qr_for"))
        self.confirm_label.setText(_t("confirm"))
        if self.qr_for.count():
            self.qr_for.setItemText(0, _t("all_groups"))
        self._show_state()

    @property
    def running(self) -> bool:
        return self.server is not None and self.server.running

    def _show_state(self) -> None:
        running = self.running
        self.toggle.setText(_t("stop") if running else _t("start"))
        for widget in (self.lan, self.port):
            widget.setEnabled(not running)
        if running:
            url = self.server.phone_url
            self.address.setText(url)
            self.projector.setText(f"{_t('projector')} {url}projector")
            self.qr.set_address(self._qr_address(url))
        else:
            self.address.setText(_t("stopped"))
            self.projector.setText("")
            self.qr.set_address("")

    def _qr_address(self, url: str) -> str:
        chosen = self.qr_for.currentData()
        if not chosen:
            return url
        kind, group = chosen
        page = f"{url}groups/{quote(group, safe='')}"
        if kind == "tablet" and self.server is not None and self.server.tablet_code:
            return f"{page}/results#code={quote(self.server.tablet_code, safe='')}"
        return f"{page}/pairings"

    def follow_window(self) -> None:
        event = self.main.ev
        if self.server is not None and (event is None
                                        or event.store.location != self.server.location):
            self.stop()
            return
        stale = self.server.stale if self.server is not None else None
        if stale is not None:
            zh, en = stale
            self._say([pick(TEXTS["stale"][0].format(zh=zh), TEXTS["stale"][1].format(en=en))],
                      bad=True)

    def switch(self) -> None:
        if self.running:
            self.stop()
        else:
            self.start()

    def start(self) -> None:
        from app.web.server import VenueServer

        if self.main.ev is None:
            self.message.setText(_t("no_event"))
            return
        host = "0.0.0.0" if self.lan.isChecked() else "127.0.0.1"
        code = self.code.text().strip() or None
        server = VenueServer(self.main.ev.store.location, host, self.port.value(), code)
        try:
            server.start()
        except (UserError, OSError) as error:
            self.message.setText(error_text(error))
            return
        self.server = server
        lines = []
        if server.warning:
            lines.append(server.warning)
        elif server.generated_code:
            lines.append(_t("made_code").format(code=server.generated_code))
        self._say(lines, bad=bool(server.warning))
        self.qr_for.blockSignals(True)
        self.qr_for.clear()
        self.qr_for.addItem(_t("all_groups"), "")
        from app.services import venue

        groups = [g.name for g in venue.overview(self.main.ev).groups]
        for name in groups:
            self.qr_for.addItem(name, ("pairings", name))
        if server.tablet_code:
            # Tablets sign in by scanning: the code rides after "#", which no browser sends.
            for name in groups:
                self.qr_for.addItem(_t("tablet").format(group=name), ("tablet", name))
        self.qr_for.blockSignals(False)
        self._show_state()

    def _say(self, lines: list[str], bad: bool) -> None:
        self.message.setStyleSheet("color: #b00020;" if bad else "")
        self.message.setText("\n".join(lines))

    def stop(self) -> None:
        if self.server is not None:
            self.server.stop()
            self.server = None
        self._show_state()

    def store_code(self) -> None:
        """Keep the arbiter code in the event (a salted hash), for every later serving."""
        if self.main.ev is None:
            self.message.setText(_t("no_event"))
            return
        from app.services.operations import SET_ARBITER_CODE

        if self._run(SET_ARBITER_CODE, self.main.ev, self.code.text()) is not None:
            self.message.setText(_t("code_saved"))


class _VenueAction(QAction):
    """The menu entry; relabelled when the language changes (disconnected with it)."""

    def relabel(self, _code: str = "") -> None:
        self.setText(_t("menu"))


def install_venue_action(main: Any, menu: QMenu) -> QAction:
    """The menu entry that opens the venue switch (one dialog per window, kept open)."""
    action = _VenueAction(_t("menu"), main)

    def open_dialog() -> None:
        dialog = getattr(main, "serve_dialog", None)
        if dialog is None:
            dialog = ServeDialog(main)
            main.serve_dialog = dialog
        dialog.show()
        dialog.raise_()

    action.triggered.connect(open_dialog)
    notifier().changed.connect(action.relabel)
    menu.addAction(action)
    return action
