"""Benchmark: 300 phones poll the venue server on loopback while a station enters results.

    .venv/bin/python bench/bench_venue.py [--phones 300] [--seconds 20] [--players 80]

Creates an event (qiwang preset, one Swiss group of N players, round 1 paired), starts
`python -m app serve` on 127.0.0.1 in its own process, then runs the phones as asyncio clients
(each its own keep-alive connection): every second a phone asks for the change mark
(`/api/changes`, with its ETag) and, when the mark moved, fetches its page again (half of them
the pairings page's live part, half the round's JSON), as the pages' own script does. Meanwhile
a second station (its own process, through `app.services.rounds.enter_result`) enters one
result every `--every` seconds. Prints the request count, the latency of each kind (median, p95,
p99, max), the errors, how soon the phones saw each result, and whether p99 < 0.3 s. Then, as issue
26 found: 200 projector addresses and `--searches` unique searches, each followed by a tablet's write
(its time) and the server's memory (/proc). The run is bounded by `--seconds`, the phones by
`--phones`, the searches by `--searches`; traffic goes only to 127.0.0.1.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import quote

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from app.services import rounds  # noqa: E402
from app.services.event import Event  # noqa: E402
from app.services.players import add_player  # noqa: E402
from app.services.queries import round_view  # noqa: E402

GROUP = "公开组"
HOST = "127.0.0.1"
UNITS = ("上海棋院", "天津五子棋队", "青岛五子棋俱乐部", "北京五子棋协会", "绍兴棋类协会")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


def _make_event(path: Path, players: int) -> None:
    event = Event.create(path, preset="qiwang-2022", station="setup")
    try:
        for k in range(players):
            add_player(event, GROUP, name=f"棋手{k + 1:03d}", gender="M" if k % 3 else "F",
                       unit=UNITS[k % len(UNITS)])
        rounds.pair_next_round(event, GROUP)
    finally:
        event.close()


class Phone:
    """One phone: a keep-alive connection that polls like the pages' script."""

    def __init__(self, port: int, index: int, stats: dict[str, list[float]],
                 errors: list[str]) -> None:
        self.port = port
        self.page = (f"/groups/{quote(GROUP)}/pairings" if index % 2
                     else f"/api/groups/{quote(GROUP)}/round")
        self.kind = "page" if index % 2 else "json"
        self.stats = stats
        self.errors = errors
        self.etag = ""

    async def _get(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                   path: str, extra: str = "") -> tuple[int, dict[str, str]]:
        writer.write(f"GET {path} HTTP/1.1\r\nHost: {HOST}:{self.port}\r\n{extra}\r\n".encode())
        await writer.drain()
        status_line = await reader.readline()
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        while True:
            line = await reader.readline()
            if line in (b"\r\n", b""):
                break
            key, _, value = line.decode("latin-1").partition(":")
            headers[key.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        if length:
            await reader.readexactly(length)
        return status, headers

    async def run(self, until: float) -> None:
        reader, writer = await asyncio.open_connection(HOST, self.port)
        try:
            while time.monotonic() < until:
                started = time.monotonic()
                extra = f"If-None-Match: {self.etag}\r\n" if self.etag else ""
                status, headers = await self._get(reader, writer, "/api/changes", extra)
                self.stats["changes"].append(time.monotonic() - started)
                if status == 200:
                    self.etag = headers.get("etag", "")
                    began = time.monotonic()
                    header = "X-Fragment: 1\r\n" if self.kind == "page" else ""
                    status, _ = await self._get(reader, writer, self.page, header)
                    self.stats[self.kind].append(time.monotonic() - began)
                    if status != 200:
                        self.errors.append(f"{self.page}: {status}")
                elif status != 304:
                    self.errors.append(f"/api/changes: {status}")
                await asyncio.sleep(max(0.0, 1.0 - (time.monotonic() - started)))
        except (OSError, asyncio.IncompleteReadError, ValueError, IndexError) as error:
            self.errors.append(f"{type(error).__name__}: {error}")
        finally:
            writer.close()


async def _phones(port: int, count: int, seconds: float,
                  stats: dict[str, list[float]], errors: list[str]) -> None:
    phones = [Phone(port, k, stats, errors) for k in range(count)]
    until = time.monotonic() + seconds

    async def start(phone: Phone, delay: float) -> None:
        await asyncio.sleep(delay)
        await phone.run(until)

    await asyncio.gather(*(start(p, k / count) for k, p in enumerate(phones)))


def _mark(port: int) -> str:
    with urllib.request.urlopen(f"http://{HOST}:{port}/api/changes", timeout=5) as answer:
        return str(json.loads(answer.read())["mark"])


def _run(phones: Any) -> None:
    """The phones' loop: uvloop where installed (as the server uses it), so that the
    figures are the server's and not the measuring client's own delays."""
    try:
        import uvloop
    except ImportError:
        asyncio.run(phones)
        return
    uvloop.run(phones)


def _station(path: Path, port: int, every: float, until: float,
             entered: Any) -> None:
    """A second station (its own process, as the window is) entering results one by one;
    for each, how long until the server's change mark (what the phones poll) moved."""
    event = Event.open(path, station="bench-window")
    try:
        boards = [b.number for b in round_view(event, GROUP, 1).boards if b.second]
        codes = ("1-0", "0-1", "=")
        for k, board in enumerate(boards):
            time.sleep(every)
            if time.time() > until:
                break
            before = _mark(port)
            rounds.enter_result(event, GROUP, 1, board, [codes[k % 3]])
            done = time.monotonic()
            while _mark(port) == before and time.monotonic() - done < 5:
                time.sleep(0.02)
            entered.put(time.monotonic() - done)
    finally:
        event.close()
        entered.put(None)


def _rss(pid: int) -> float:
    """The server's resident memory in MB (Linux /proc; 0 elsewhere)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0.0
    found = re.search(r"VmRSS:\s+(\d+) kB", status)
    return int(found[1]) / 1024 if found else 0.0


def _get(port: int, path: str) -> None:
    with urllib.request.urlopen(f"http://{HOST}:{port}{path}", timeout=30) as answer:
        answer.read()


def _reads_then_writes(port: int, pid: int, searches: int) -> list[str]:
    """Issue 26's two read loads, then a tablet's write: 200 projector addresses (each an
    address of its own), and `searches` unique name searches; the write's time after each,
    and the server's memory."""
    group = quote(GROUP)
    lines = []

    def write(board: int) -> float:
        request = urllib.request.Request(
            f"http://{HOST}:{port}/api/groups/{group}/results", method="POST",
            data=json.dumps({"round": 1, "board": board, "result": "0-1", "replace": True}
                            ).encode(),
            headers={"Content-Type": "application/json", "X-Arbiter-Code": "bench-code"})
        began = time.monotonic()
        try:
            with urllib.request.urlopen(request, timeout=60) as answer:
                answer.read()
        except urllib.error.HTTPError as error:  # a refusal is timed as well
            error.read()
        return time.monotonic() - began

    for k in range(200):
        _get(port, f"/projector?k={k}")
    took = [write(1 + k % 3) for k in range(5)]
    lines.append(f"  after 200 projector addresses: a tablet's write took median "
                 f"{statistics.median(took) * 1000:.0f} ms, max {max(took) * 1000:.0f} ms")
    before = _rss(pid)
    for k in range(searches):
        _get(port, f"/groups/{group}/pairings?q={k}")
    after = _rss(pid)
    took = [write(1 + k % 3) for k in range(5)]
    lines.append(f"  {searches} unique searches: server memory {before:.0f} -> {after:.0f} MB;"
                 f" a write then took median {statistics.median(took) * 1000:.0f} ms")
    return lines


def _figures(name: str, values: list[float]) -> str:
    if not values:
        return f"  {name:8} no requests"
    ordered = sorted(values)

    def q(p: float) -> float:
        return ordered[min(len(ordered) - 1, int(p * len(ordered)))] * 1000

    return (f"  {name:8} {len(values):6d} requests  median {statistics.median(values) * 1000:6.1f} ms"
            f"  p95 {q(0.95):6.1f} ms  p99 {q(0.99):6.1f} ms  max {ordered[-1] * 1000:6.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=300)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--players", type=int, default=80)
    parser.add_argument("--every", type=float, default=0.5, help="seconds between results")
    parser.add_argument("--searches", type=int, default=3000,
                        help="unique searches after the phones (0: none, nor the projector "
                             "addresses)")
    args = parser.parse_args()
    phones_count = max(1, min(args.phones, 1000))
    seconds = max(2.0, min(args.seconds, 120.0))
    folder = Path(tempfile.mkdtemp(prefix="bench-venue-"))
    path = folder / "venue.db"
    _make_event(path, args.players)
    port = _free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [sys.executable, "-m", "app", "serve", str(path), "--host", HOST, "--port", str(port),
         "--arbiter-code", "bench-code"],
        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        if not re.match(r"serving http://127\.0\.0\.1:\d+/", line):
            print(f"the server did not start: {line!r}", file=sys.stderr)
            return 1
        stats: dict[str, list[float]] = {"changes": [], "page": [], "json": []}
        errors: list[str] = []
        queue: Any = multiprocessing.Queue()
        station = multiprocessing.Process(
            target=_station, args=(path, port, args.every, time.time() + seconds, queue))
        started = time.monotonic()
        station.start()
        _run(_phones(port, phones_count, seconds, stats, errors))
        entered: list[float] = []
        while (delay := queue.get(timeout=60)) is not None:
            entered.append(delay)
        station.join()
        wall = time.monotonic() - started
        after_phones = (_reads_then_writes(port, server.pid, min(args.searches, 30_000))
                        if args.searches > 0 else [])
    finally:
        server.terminate()
        server.wait(timeout=20)
    every = [v for values in stats.values() for v in values]
    print(f"venue server: {phones_count} phones polling each second on loopback for "
          f"{seconds:.0f} s, {len(entered)} results entered by a second station "
          f"({args.players} players, {wall:.1f} s wall)")
    for name in ("changes", "page", "json"):
        print(_figures(name, stats[name]))
    print(_figures("all", every))
    print(f"  {len(every) / wall:.0f} requests/s, {len(errors)} errors"
          + (f" (first: {errors[0]})" if errors else ""))
    if entered:
        print(f"  a result showed in the change mark after: median "
              f"{statistics.median(entered):.2f} s, max {max(entered):.2f} s "
              f"(the phones poll it each second)")
    for line in after_phones:
        print(line)
    ordered = sorted(every)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if ordered else 0.0
    ok = bool(ordered) and p99 < 0.3 and not errors
    print(f"  p99 {p99 * 1000:.1f} ms: {'under' if p99 < 0.3 else 'OVER'} the 300 ms bound "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
