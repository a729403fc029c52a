"""The program's start with the garbage collector off (main.py turns it off before anything
is loaded): `run(..., program=True)` turns it on again once the window is up with its event,
what the start made frozen; a caller's own process is left as it was. Each in a process of
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
    gc.disable()  # as main.py does
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
