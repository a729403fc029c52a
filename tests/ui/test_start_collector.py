"""The program's start with the garbage collector held off (main.py holds it, `app.collector`,
before anything is loaded): `run(..., program=True)` turns it on again once the window is up with its event,
what the start made frozen; the first event opened later (from the start page) loads with it
off likewise; a caller's own process is left as it was. Each in a process of
its own, as the program starts (`run` quits the application once its self-test is done)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.services.event import Event

ROOT = Path(__file__).resolve().parents[2]

START = """
import gc, json, sys
program = sys.argv[1] == "program"
if program:
    from app import collector
    collector.hold()  # as main.py does
from app.ui import opening
from app.ui.application import run

seen = []
arrived = opening.EventOpening._arrived

def noted(self, answer):
    seen.append(gc.isenabled())  # while the event opens
    arrived(self, answer)

opening.EventOpening._arrived = noted
code = run(["--self-test-screenshot", sys.argv[2], sys.argv[3]], program=program)
print(json.dumps({"code": code, "while_opening": seen, "on": gc.isenabled(),
                  "frozen": gc.get_freeze_count()}))
"""


def started(tmp_path: Path, how: str) -> dict[str, object]:
    path = tmp_path / "event.db"
    Event.create(path, preset="qiwang-2022").close()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", START, how, str(tmp_path / "shot.png"),
                           str(path)], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    assert "QObject::" not in done.stderr, done.stderr  # e.g. a timer started too early
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


@pytest.mark.slow
def test_the_program_turns_the_collector_on_once_its_event_is_open(tmp_path: Path) -> None:
    answer = started(tmp_path, "program")
    assert answer["code"] == 0
    assert answer["while_opening"] == [False]
    assert answer["on"] is True
    assert isinstance(answer["frozen"], int) and answer["frozen"] > 0  # left out from then on


@pytest.mark.slow
def test_a_caller_s_collector_is_left_alone(tmp_path: Path) -> None:
    answer = started(tmp_path, "caller")
    assert answer == {"code": 0, "while_opening": [True], "on": True, "frozen": 0}


LATER = """
import gc, json, sys
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication
from app import collector
collector.hold()  # as main.py does
from app.ui import opening
from app.ui.application import prepare_application, run

seen = {}
arrived = opening.EventOpening._arrived

def noted(self, answer):
    seen["while_opening"] = gc.isenabled()
    seen["frozen_before"] = gc.get_freeze_count()
    arrived(self, answer)
    seen["after"] = gc.isenabled()
    seen["frozen_after"] = gc.get_freeze_count()
    QCoreApplication.exit(0)

opening.EventOpening._arrived = noted

def open_later():  # from the start page, once it is up
    seen["at_start_page"] = gc.isenabled()
    window = next(w for w in QApplication.topLevelWidgets() if hasattr(w, "opening"))
    window.opening.start(sys.argv[1])

prepare_application()
QTimer.singleShot(300, open_later)
code = run([], program=True)
print(json.dumps({"code": code, **seen}))
"""


def _program_with_event(tmp_path: Path, script: str) -> dict[str, object]:
    """`script` run in a process of its own (settings of its own) with a new event file as
    its argument; what it printed last, read as JSON."""
    path = tmp_path / "event.db"
    Event.create(path, preset="qiwang-2022").close()
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               XDG_CONFIG_HOME=str(tmp_path / "config"), HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", script, str(path)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    answer: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return answer


@pytest.mark.slow
def test_the_first_event_opened_from_the_start_page_loads_with_the_collector_off(
        tmp_path: Path) -> None:
    answer = _program_with_event(tmp_path, LATER)
    assert answer["code"] == 0
    assert answer["at_start_page"] is True  # on again once the start page was up
    assert answer["while_opening"] is False
    assert answer["after"] is True and answer["frozen_after"] > answer["frozen_before"]


STALLED = """
import gc, json, sys
from PySide6.QtCore import QCoreApplication, QTimer
from app import collector
collector.hold()  # as main.py does
from app.ui import application

application.START_UP_LIMIT_MS = 200
application.open_when_shown = lambda window, path, done: None  # an opening that never ends
seen = {}

def look():
    seen["on"] = gc.isenabled()
    QCoreApplication.exit(0)

application.prepare_application()
QTimer.singleShot(1500, look)
code = application.run([sys.argv[1]], program=True)
print(json.dumps({"code": code, **seen}))
"""


@pytest.mark.slow
def test_the_collector_comes_back_after_the_limit_when_the_opening_never_ends(
        tmp_path: Path) -> None:
    assert _program_with_event(tmp_path, STALLED) == {"code": 0, "on": True}
