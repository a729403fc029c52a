"""What the venue server holds while it runs: the open event, the change mark, caches, the
budget of code guesses, and the watch on the served file.

Phones poll a change mark; a watcher thread reads it from the database a few times a second,
so a poll never touches the database. Pages and JSON are computed once per change (one
request computes a page, the others asking at the same moment wait for it) and kept in
bounded memory until the mark moves; when it moves, the watcher computes the pages phones
were reading before it shows the new mark, so that the phones that follow the mark find them
ready. A write only wakes the watcher: it never waits for a page.
Reads go through the database's own concurrency (SQLite WAL readers, or PostgreSQL), so the
window and other stations write undisturbed.
"""

from __future__ import annotations

import logging
import os
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from app.services import venue
from app.services.event import Event

T = TypeVar("T")
LOG = logging.getLogger("uvicorn.error")  # uvicorn's log: stderr for `serve`
_CACHE_BYTES = 48 * 1024 * 1024  # pages and JSON kept for the current mark
_DATA_SIZE = 256 * 1024  # what a round's or standings' data is counted as in that budget
_WARM_LIMIT = 60  # pages and JSON computed again after a change ...
_WARM_RECENT = 30.0  # ... if a phone asked for them in the last half minute
_WARM_KEYS = 4 * _WARM_LIMIT  # the pages remembered as worth computing ahead


@dataclass(frozen=True)
class Budget:
    """How many wrong guesses are allowed in `window` seconds: per client, and in all."""

    per_client: int  # in a minute
    overall: int  # in `window` seconds
    window: float


CODE_BUDGET = Budget(per_client=10, overall=60, window=600.0)
SLIP_BUDGET = Budget(per_client=10, overall=200, window=600.0)
_CLIENT_WINDOW = 60.0
CLIENT_WAIT = ("错误次数过多，请一分钟后再试", "too many wrong codes: wait a minute")
ALL_WAIT = ("网络上错误的码过多，新设备请十分钟后再试（已登录的平板不受影响）",
            "too many wrong codes from the network: new devices wait ten minutes (tablets "
            "signed in already go on)")


class Guesses:
    """Wrong codes counted atomically: a check is reserved before it runs, so many guesses
    sent at once cannot get more checks than the budget allows.

    The overall budget stops guessing from many addresses; a client that once gave the right
    code (the arbiter's tablet) and the loopback are not held by it, so nobody else can lock
    the arbiter out (a client is its TCP peer: forwarded headers are not believed unless the
    server runs behind a proxy, and a cross-site page cannot send the JSON the writes need).
    """

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self._lock = threading.Lock()
        self._failures: dict[str, list[float]] = {}
        self._all: list[float] = []
        self._pending: dict[str, int] = {}
        self._trusted: set[str] = set()

    def reserve(self, client: str) -> tuple[str, str] | None:
        """Take one check from the budget; when none is left, the refusal (zh, en) and
        nothing is checked."""
        now = time.monotonic()
        with self._lock:
            mine = [t for t in self._failures.get(client, []) if now - t < _CLIENT_WINDOW]
            if mine:
                self._failures[client] = mine
            else:
                self._failures.pop(client, None)
            self._all = [t for t in self._all if now - t < self.budget.window]
            pending = self._pending.get(client, 0)
            if len(mine) + pending >= self.budget.per_client:
                return CLIENT_WAIT
            held_overall = client not in self._trusted and not _is_loopback(client)
            if held_overall and len(self._all) + sum(self._pending.values()) \
                    >= self.budget.overall:
                return ALL_WAIT
            self._pending[client] = pending + 1
            return None

    def release(self, client: str) -> None:
        """The reserved check did not happen (the request failed before it)."""
        with self._lock:
            left = self._pending.get(client, 1) - 1
            if left > 0:
                self._pending[client] = left
            else:
                self._pending.pop(client, None)

    def settle(self, client: str, right: bool) -> None:
        """The reserved check's outcome: a wrong code is counted, a right one trusted."""
        self.release(client)
        now = time.monotonic()
        with self._lock:
            if right:
                self._trusted.add(client)
            else:
                self._failures.setdefault(client, []).append(now)
                self._all.append(now)

    def wrong(self, client: str) -> int:
        """Wrong codes from `client` in the window (for the window's line, and tests)."""
        now = time.monotonic()
        with self._lock:
            return sum(1 for t in self._failures.get(client, []) if now - t < _CLIENT_WINDOW)


def _is_loopback(client: str) -> bool:
    return client.startswith("127.") or client == "::1"


class PageCache:
    """Values of one mark, the least recently used dropped past a size budget."""

    def __init__(self, budget: int = _CACHE_BYTES) -> None:
        self.budget = budget
        self._values: OrderedDict[Any, tuple[str, Any, int]] = OrderedDict()
        self._size = 0

    def get(self, key: Any, mark: str) -> Any:
        hit = self._values.get(key)
        if hit is None or hit[0] != mark:
            return None
        try:
            self._values.move_to_end(key)
        except KeyError:  # dropped by another thread meanwhile
            pass
        return hit[1]

    def put(self, key: Any, mark: str, value: Any) -> None:
        size = sys.getsizeof(value) if isinstance(value, str) else _DATA_SIZE
        old = self._values.pop(key, None)
        if old is not None:
            self._size -= old[2]
        self._values[key] = (mark, value, size)
        self._size += size
        while self._size > self.budget and len(self._values) > 1:
            _key, (_mark, _value, dropped) = self._values.popitem(last=False)
            self._size -= dropped

    def clear(self) -> None:
        self._values.clear()
        self._size = 0

    def __len__(self) -> int:
        return len(self._values)

    @property
    def size(self) -> int:
        return self._size


STALE_TEXTS = {
    "replaced": ("发布中的赛事文件已被替换", "the served event file was replaced"),
    "gone": ("发布中的赛事文件已被移走或删除", "the served event file was moved or deleted"),
}


class FileGone(Exception):
    """The served file is not the one the server opened any more (replaced, moved, deleted)."""


class VenueState:
    """The server's view of one event, shared by all requests (thread-safe)."""

    def __init__(self, event: Event, arbiter_code: str | None = None,
                 mark_interval: float = 0.25, fallback_code: str | None = None) -> None:
        self.event = event
        self._code_override = arbiter_code
        # The code made for this serving, while the event has none stored.
        self._fallback = (venue.arbiter_code_check(event, fallback_code) if fallback_code
                          else None)
        self.code_check = self._code_check()
        self.mark_interval = mark_interval
        self.public_url = ""  # where the phones reach the server (for the QR codes)
        self._mark = venue.change_mark(event)
        self._lock = threading.Lock()
        self._cache = PageCache()
        self._key_locks: dict[Any, threading.Lock] = {}
        self._warm: OrderedDict[Any, tuple[Callable[[], Any], float]] = OrderedDict()
        self._accepted: set[str] = set()
        self.codes = Guesses(CODE_BUDGET)
        self.slips = Guesses(SLIP_BUDGET)
        self.claims: dict[tuple[str, int, int], tuple[venue.Claim, ...]] = {}
        self.disputed: set[tuple[str, int, int]] = set()
        self.claim_lock = threading.Lock()  # one confirmation at a time reads and sets claims
        self.stale: tuple[str, str] | None = None  # (zh, en) once the served file is gone
        self._file = _identity(event)
        self._local = threading.local()
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="venue-mark", daemon=True)
        self._watcher.start()

    # ----- the change mark -------------------------------------------------------------

    @property
    def mark(self) -> str:
        return self._mark

    def refresh_mark(self) -> bool:
        """Read the mark; when it moved, compute the pages phones read lately, then show
        it (True), so that the phones following it find their pages ready. Run by the
        watcher thread only: a write wakes it (`changed`) and never waits for it."""
        mark = venue.change_mark(self.event)
        if mark == self._mark:
            return False
        if self._code_override is None:
            # The chief arbiter may have changed the stored code in the window.
            self.code_check = self._code_check()
            self._accepted.clear()
        fresh: dict[Any, Any] = {}
        self._local.target = fresh
        recent = time.monotonic() - _WARM_RECENT
        with self._lock:
            chosen = [(key, compute) for key, (compute, asked) in self._warm.items()
                      if asked >= recent][-_WARM_LIMIT:]
        try:
            for key, compute in chosen:
                if key not in fresh:
                    try:
                        fresh[key] = compute()
                    except Exception:  # computed on demand instead, as before
                        fresh.pop(key, None)
        finally:
            self._local.target = None
        with self._lock:
            self._cache.clear()
            for key, value in fresh.items():
                self._cache.put(key, mark, value)
            self._mark = mark
        return True

    def changed(self) -> None:
        """After a write: the watcher reads the new mark now (the write does not wait)."""
        self._wake.set()

    def _watch(self) -> None:
        while not self._stop.is_set():
            self._wake.wait(self.mark_interval)
            self._wake.clear()
            if self._stop.is_set():
                break
            try:
                self.watch_file()
                if self.stale is not None:
                    continue  # what is shown stays as it was; the file is not read again
                self.refresh_mark()
            except Exception:  # a busy or briefly locked file: try again next tick
                continue

    def close(self) -> None:
        self._stop.set()
        self._wake.set()
        self._watcher.join(timeout=5)

    # ----- the served file -------------------------------------------------------------

    def watch_file(self) -> None:
        """Note, once, that the served file was replaced, moved or deleted."""
        if self.stale is not None or self._file is None:
            return
        now = _identity(self.event)
        if now == self._file:
            return
        self.stale = STALE_TEXTS["gone" if now is None else "replaced"]
        LOG.warning("%s / %s: %s — 不再接受录入 / writes are refused",
                    self.stale[0], self.stale[1], self.event.store.location)

    def check_file(self) -> None:
        """Before a write: raise `FileGone` unless the served file is still the one open."""
        self.watch_file()
        if self.stale is not None:
            raise FileGone(*self.stale)

    # ----- computed once per change ----------------------------------------------------

    def cached(self, key: Any, compute: Callable[[], T], warm: bool = False) -> T:
        """The value for `key` at the current mark, computed at most once per mark; `warm`
        ones are computed again ahead of the phones whenever the event changes."""
        target = getattr(self._local, "target", None)
        if target is not None:  # computing ahead for the next mark (the watcher)
            if key not in target:
                target[key] = compute()
            return target[key]
        if warm:
            self._note_warm(key, compute)
        mark = self._mark
        hit = self._cache.get(key, mark)
        if hit is not None:
            return hit
        with self._lock:
            key_lock = self._key_locks.setdefault(key, threading.Lock())
        try:
            with key_lock:
                hit = self._cache.get(key, mark)
                if hit is not None:
                    return hit
                value = compute()
                with self._lock:
                    if self._mark == mark:
                        self._cache.put(key, mark, value)
                return value
        finally:
            with self._lock:
                if self._key_locks.get(key) is key_lock and not key_lock.locked():
                    del self._key_locks[key]

    def _note_warm(self, key: Any, compute: Callable[[], Any]) -> None:
        with self._lock:
            self._warm[key] = (compute, time.monotonic())
            self._warm.move_to_end(key)
            while len(self._warm) > _WARM_KEYS:
                self._warm.popitem(last=False)

    def peek(self, key: Any) -> Any:
        """The cached value for `key` at the current mark, or None.

        Called on the event loop for every page: it takes no lock (a lock contended by the
        threads computing pages would hold up every request, the polls too); a dict's single
        operations are atomic, and a key dropped meanwhile is only not noted."""
        known = self._warm.get(key)
        if known is not None:
            try:
                self._warm.move_to_end(key)
                self._warm[key] = (known[0], time.monotonic())
            except KeyError:
                pass
        return self._cache.get(key, self._mark)

    def sizes(self) -> tuple[int, int, int]:
        """(values cached, their counted bytes, pages remembered for computing ahead)."""
        with self._lock:
            return len(self._cache), self._cache.size, len(self._warm)

    # ----- the arbiter code ------------------------------------------------------------

    def _code_check(self) -> venue.CodeCheck:
        check = venue.arbiter_code_check(self.event, self._code_override)
        return check if check.digest or self._fallback is None else self._fallback

    def accepts(self, code: str) -> bool:
        """Whether `code` is the arbiter code (reserve a check in `codes` first)."""
        if code in self._accepted:
            return True
        if self.code_check.accepts(code):
            self._accepted.add(code)
            return True
        return False


def _identity(event: Event) -> tuple[int, int] | None:
    """The served file's device and inode (None: gone, or a database server)."""
    path = event.store.path
    if path is None:
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino
