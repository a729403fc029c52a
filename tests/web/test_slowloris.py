"""One laptop on the venue Wi-Fi cannot stop or bloat the server (issue 26): `serve` runs in
its own process under the common 1024-file limit (`prlimit --nofile=1024`), attacked from the
loopback only; its memory is the server's resident set read from /proc.

Every loop here is bounded (a count and a deadline) and every socket is closed at the end.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.conftest import CODE

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
RSS_BOUND = 300 * 1024 * 1024
HALF_OPEN = 1010
HEAD = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "  # never finished

pytestmark = pytest.mark.skipif(shutil.which("prlimit") is None or not Path("/proc").is_dir(),
                                reason="needs prlimit (util-linux) and /proc")


class Served:
    """`python -m app serve` under prlimit, with its resident memory sampled."""

    def __init__(self, event_file: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        # prlimit runs the command in its own process: the pid is the server's.
        self.process = subprocess.Popen(
            ["prlimit", "--nofile=1024", sys.executable, "-m", "app", "serve", str(event_file),
             "--port", "0", "--arbiter-code", CODE],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        found = re.fullmatch(r"serving http://127\.0\.0\.1:(\d+)/\n", line)
        assert found, line
        self.port = int(found[1])
        self.peak = 0
        self._stop = threading.Event()
        self._sampler = threading.Thread(target=self._sample, daemon=True)
        self._sampler.start()

    def rss(self) -> int:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        found = re.search(r"VmRSS:\s+(\d+) kB", status)
        return int(found[1]) * 1024 if found else 0

    def files(self) -> int:
        return len(os.listdir(f"/proc/{self.process.pid}/fd"))

    def _sample(self) -> None:
        while not self._stop.wait(0.05):
            try:
                self.peak = max(self.peak, self.rss())
            except OSError:
                return

    def get(self, path: str, timeout: float = 5.0) -> int:
        with urllib.request.urlopen(f"http://{HOST}:{self.port}{path}",
                                    timeout=timeout) as answer:
            answer.read()
            return int(answer.status)

    def stop(self) -> None:
        self._stop.set()
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture
def served(event_file: Path) -> Iterator[Served]:
    running = Served(event_file)
    try:
        yield running
    finally:
        running.stop()


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection((HOST, port), timeout=5)
    return sock


def _closed_by_server(sock: socket.socket, within: float) -> bool:
    """Whether the server closes `sock` within `within` seconds (what it still sends, the
    rest of an answer, is read and let go)."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        sock.settimeout(max(0.01, deadline - time.monotonic()))
        try:
            if sock.recv(65536) == b"":
                return True
        except TimeoutError:
            return False
        except OSError:  # reset: closed as well
            return True
    return False


def test_half_open_connections_do_not_make_the_server_unreachable(served: Served) -> None:
    sockets: list[socket.socket] = []
    try:
        for _ in range(HALF_OPEN):
            try:
                sock = _connect(served.port)
                sock.sendall(HEAD)
            except OSError:
                break  # the server closed the oldest to make room: as it should
            sockets.append(sock)
        assert len(sockets) >= HALF_OPEN - 10
        answered = 0
        failures: list[str] = []
        deadline = time.monotonic() + 15
        for _ in range(30):
            if time.monotonic() > deadline:
                break
            try:
                answered += served.get("/api/changes") == 200
            except OSError as error:
                failures.append(repr(error))
        assert answered == 30, failures
        assert served.files() < 1024
        assert served.peak < RSS_BOUND
    finally:
        for sock in sockets:
            sock.close()


def test_a_request_that_never_finishes_is_closed_and_an_idle_one_too(served: Served) -> None:
    half = _connect(served.port)
    idle = _connect(served.port)
    try:
        half.sendall(HEAD)
        idle.sendall(b"GET /api/changes HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        idle.settimeout(5)
        assert idle.recv(12).startswith(b"HTTP/1.1 200")
        started = time.monotonic()
        assert _closed_by_server(idle, 15)  # the keep-alive timeout (5 s)
        assert _closed_by_server(half, 20)  # the read timeout (10 s from connecting)
        assert time.monotonic() - started < 20
    finally:
        half.close()
        idle.close()


def _send_until_closed(sock: socket.socket, total: int, chunk: bytes) -> int:
    """Send up to `total` bytes; stops when the server closes. Returns the bytes sent."""
    sent = 0
    try:
        while sent < total:
            sock.sendall(chunk)
            sent += len(chunk)
    except OSError:
        pass
    return sent


def _answer(sock: socket.socket) -> bytes:
    try:
        return sock.recv(4096)
    except OSError:
        return b""


def test_huge_heads_and_a_huge_body_do_not_bloat_the_server(served: Served) -> None:
    before = served.rss()
    chunk = b"a" * 65536
    heads = [_connect(served.port) for _ in range(20)]
    try:
        for sock in heads:
            sock.sendall(HEAD)
        sent = [0] * len(heads)

        def flood(k: int) -> None:
            sent[k] = _send_until_closed(heads[k], 20 * 1024 * 1024, chunk)

        threads = [threading.Thread(target=flood, args=(k,)) for k in range(len(heads))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        assert all(s < 20 * 1024 * 1024 for s in sent)  # each refused long before its end
    finally:
        for sock in heads:
            sock.close()
    for framing in (b"Content-Length: 300000000\r\n", b"Transfer-Encoding: chunked\r\n"):
        post = _connect(served.port)
        try:
            post.sendall(b"POST /api/groups/x/confirm HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                         b"Content-Type: application/json\r\n" + framing + b"\r\n")
            body = chunk if b"Length" in framing else b"10000\r\n" + chunk + b"\r\n"
            answer: list[bytes] = []
            reader = threading.Thread(target=lambda sock=post, into=answer: into.append(
                _answer(sock)))
            reader.start()
            _send_until_closed(post, 300 * 1024 * 1024, body)
            reader.join(timeout=20)
            assert answer and answer[0].startswith(b"HTTP/1.1 413"), answer
        finally:
            post.close()
    assert served.get("/api/changes") == 200
    assert served.peak < RSS_BOUND, (before, served.peak)
