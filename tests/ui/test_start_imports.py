"""The window's start imports nothing it does not need yet (issue 28): the export stack
(reportlab, openpyxl, python-docx), pinyin, QR codes, the venue server and the demo load when
the arbiter first asks for what uses them, not while the window comes up.

Each start runs in a fresh interpreter (this test process has long imported them all) and
reports its `sys.modules`; the window is created as app/ui/application.py creates it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.services import importing, rounds
from app.services.event import Event
from tests.ui.helpers import GROUP, LISTS

ROOT = Path(__file__).resolve().parents[2]

NOT_AT_START = ("reportlab", "openpyxl", "docx", "pypinyin", "segno", "starlette", "uvicorn",
                "jinja2", "app.exports", "app.services.demo", "app.web", "PySide6.QtPrintSupport")
"""Packages (and their submodules) the window's start must not import."""

NOT_WITHOUT_EVENT = ("sqlalchemy", "app.store", "app.services.event", "app.services.operations",
                     "app.services.queries", "app.ui.views", "app.wording")
"""What the start page does not need either: the database layer, the services and the views
load when an event is opened (each view when it is first shown)."""

START = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings
from app.ui.application import create_window, prepare_application
app = prepare_application()
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
window = create_window(sys.argv[2:], settings)
app.processEvents()
print(json.dumps({"modules": sorted(sys.modules), "event": window.ev is not None}))
window.close()
"""


def started_modules(settings: Path, *argv: str) -> tuple[list[str], bool]:
    """The modules loaded once the window is up (with `argv` as main.py gets it), and
    whether an event is open in it."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", START, str(settings), *argv], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout.strip().splitlines()[-1])
    return answer["modules"], answer["event"]


def too_early(modules: list[str], names: tuple[str, ...] = NOT_AT_START) -> list[str]:
    """The modules among `modules` the start should have left for later (packages named
    once, not each submodule)."""
    return sorted({name for name in names for module in modules
                   if module == name or module.startswith(name + ".")})


def test_the_check_names_what_it_looks_for() -> None:
    # The check itself: a submodule counts as its package; a look-alike name does not.
    assert too_early(["reportlab.pdfgen.canvas", "app.exports.fonts", "app.services.queries",
                      "docxcompose", "app.webcolors"]) == ["app.exports", "reportlab"]


@pytest.fixture(scope="module")
def event_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A qiwang event with its players and round 1 paired."""
    path = tmp_path_factory.mktemp("start") / "event.sqlite"
    with Event.create(path, preset="qiwang-2022") as event:
        importing.import_lists(event, LISTS, GROUP)
        rounds.pair_next_round(event, GROUP)
    return path


def test_start_page_imports_no_export_demo_venue_or_pinyin(tmp_path: Path) -> None:
    modules, opened = started_modules(tmp_path / "settings.ini")
    assert not opened
    assert "app.ui.main_window" in modules  # the window was really built
    assert too_early(modules) == [], f"imported at the window's start: {too_early(modules)}"
    early = too_early(modules, NOT_WITHOUT_EVENT)
    assert early == [], f"imported with no event open: {early}"


def test_opening_an_event_imports_no_export_demo_venue_or_pinyin(tmp_path: Path,
                                                                  event_file: Path) -> None:
    modules, opened = started_modules(tmp_path / "settings.ini", str(event_file))
    assert opened
    assert too_early(modules) == [], f"imported when an event opened: {too_early(modules)}"


START_WITH_EVENT = """
import json, sys
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from app.ui.application import create_window, open_when_shown, prepare_application
app = prepare_application()
window = create_window([], QSettings(sys.argv[1], QSettings.Format.IniFormat))
seen = {}
ticks = []
start = window.opening.start

def starting(path, done):
    handle = window.windowHandle()
    seen["exposed"] = handle is not None and handle.isExposed()
    seen["sqlalchemy"] = "sqlalchemy" in sys.modules
    seen["page"] = window.stack.currentWidget().objectName()
    seen["text"] = window.opening.page.text.text()
    QTimer.singleShot(0, lambda: seen.setdefault("ticks", len(ticks)))
    return start(path, done)

def opened():
    seen["ticks_while_opening"] = len(ticks) - seen.get("ticks", 0)
    view = window.setup_view
    seen["event"] = window.ev is not None
    seen["shown"] = window.stack.currentWidget() is window.tabs
    seen["groups"] = [view.group_list.item(i).text() for i in range(view.group_list.count())]
    seen["title"] = window.windowTitle()
    seen["modules"] = sorted(sys.modules)
    app.quit()  # (which closes the window, and the event)

window.opening.start = starting
timer = QTimer()
timer.timeout.connect(lambda: ticks.append(1))
timer.start(10)
open_when_shown(window, Path(sys.argv[2]), opened)
app.exec()
print(json.dumps(seen))
"""


def test_the_window_given_an_event_is_shown_before_the_database_layer_loads(
        tmp_path: Path, event_file: Path) -> None:
    # As main.py starts it: the window is on the screen, saying which file it opens, before
    # SQLAlchemy is imported; the event is loaded in a worker, the window's loop running
    # meanwhile (its 10 ms timer answered), then shown.
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", START_WITH_EVENT, str(tmp_path / "s.ini"),
                           str(event_file)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["exposed"] and not seen["sqlalchemy"], seen
    assert seen["page"] == "opening_page" and str(event_file) in seen["text"]
    assert seen["ticks_while_opening"] >= 3, seen
    assert seen["event"] and seen["shown"] and GROUP in seen["groups"]
    assert seen["title"].startswith("event.sqlite")
    # Once open, the players' names are spelled (pypinyin, through app/pinyin.py
    # alone); the rest of the export stack, the venue and the demo wait to be asked for.
    modules = seen["modules"]
    assert set(too_early(modules)) == {"pypinyin"}, too_early(modules)
    assert "app.pinyin" in modules and not [m for m in modules if m.startswith("app.exports")]
