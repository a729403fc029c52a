"""`python -m app serve`: prints where it serves once ready, stops on SIGINT/SIGTERM with exit
0, and refuses a missing event file or a bad port with exit 2 and one line."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _serve(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "app", "serve", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM])
def test_serve_prints_its_address_and_stops_on_a_signal(event_file: Path,
                                                        stop: signal.Signals) -> None:
    process = _serve(str(event_file), "--port", "0", "--arbiter-code", "hall-2022")
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.fullmatch(r"serving http://127\.0\.0\.1:(\d+)/\n", line)
        assert found, line
        with urllib.request.urlopen(f"http://127.0.0.1:{found[1]}/api/changes",
                                    timeout=10) as answer:
            assert json.loads(answer.read())["mark"]
        process.send_signal(stop)
        assert process.wait(timeout=20) == 0
    finally:
        if process.poll() is None:
            process.kill()


def test_serve_refuses_a_missing_file_and_a_bad_port(tmp_path: Path, event_file: Path) -> None:
    for args in ([str(tmp_path / "none.db")], [str(event_file), "--port", "70000"],
                 [str(event_file), "--arbiter-code", "abc"]):
        process = _serve(*args)
        _out, err = process.communicate(timeout=60)
        assert process.returncode == 2, err
        assert len(err.strip().splitlines()) == 1, err


def test_serving_the_lan_without_a_code_warns_and_makes_one(event_file: Path) -> None:
    """Bound to every interface for a moment (nothing but the loopback talks to it): the
    warning on stderr, the code made for this serving on stdout."""
    process = _serve(str(event_file), "--host", "0.0.0.0", "--port", "0")
    try:
        assert process.stdout is not None
        lines = [process.stdout.readline() for _ in range(3)]
        found = re.fullmatch(r"serving http://0\.0\.0\.0:(\d+)/\n", lines[0])
        assert found, lines
        code_line = next(line for line in lines if "arbiter code" in line)
        code = code_line.rsplit(" ", 1)[1].strip()
        assert re.fullmatch(r"[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}", code), code
        process.send_signal(signal.SIGTERM)
        _out, err = process.communicate(timeout=20)
        assert "未设裁判码" in err and "no arbiter code" in err and code in err
    finally:
        if process.poll() is None:
            process.kill()
