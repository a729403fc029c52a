"""What the venue server holds while it runs: the open event, the change mark, caches.

Phones poll a change mark; a watcher thread reads it from the database a few times a second,
so a poll never touches the database. Pages and JSON are computed once per change and kept
until the mark moves; when it moves, the pages the phones are reading are computed again
before the new mark is shown, so the phones that follow it find them ready. Reads go through the database's own concurrency (SQLite WAL readers,
or PostgreSQL), so the window and other stations write undisturbed.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from app.services import venue
from app.services.event import Event

T = TypeVar("T")
_CACHE_LIMIT = 2000
_FAILURES_ALLOWED = 10  # wrong arbiter codes per client and minute before it must wait
_WARM_LIMIT = 200  # pages and JSON computed ahead when the event changes
_WARM_RECENT = 30.0  # ... if a phone asked for them in the last half minute


class VenueState:
    """The server's view of one event, shared by all requests (thread-safe)."""

    def __init__(self, event: Event, arbiter_code: str | None = None,
                 mark_interval: float = 0.25) -> None:
        self.event = event
        self.code_check = venue.arbiter_code_check(event, arbiter_code)
        self._code_override = arbiter_code
        self.mark_interval = mark_interval
        self._mark = venue.change_mark(event)
        self._lock = threading.Lock()
        self._cache: dict[Any, tuple[str, Any]] = {}
        self._key_locks: dict[Any, threading.Lock] = {}
        self._warm: dict[Any, Callable[[], Any]] = {}
        self._asked: dict[Any, float] = {}  # key -> when a request last asked for it
        self._local = threading.local()
        self._refreshing = threading.Lock()
        self._accepted: set[str] = set()
        self._failures: dict[str, list[float]] = {}
        self.claims: dict[tuple[str, int, int], tuple[venue.Claim, ...]] = {}
        self.disputed: set[tuple[str, int, int]] = set()
        self._stop = threading.Event()
        self._watcher = threading.Thread(target=self._watch, name="venue-mark", daemon=True)
        self._watcher.start()

    # ----- the change mark -------------------------------------------------------------

    @property
    def mark(self) -> str:
        return self._mark

    def refresh_mark(self) -> str:
        """Read the mark; when it moved, compute the pages being read, then show it."""
        with self._refreshing:
            mark = venue.change_mark(self.event)
            if mark == self._mark:
                return mark
            fresh: dict[Any, Any] = {}
            self._local.target = fresh
            recent = time.monotonic() - _WARM_RECENT
            try:
                for key, compute in list(self._warm.items())[-_WARM_LIMIT:]:
                    if self._asked.get(key, 0.0) < recent:
                        continue  # nobody reads it now: computed on demand if asked again
                    if key not in fresh:
                        try:
                            fresh[key] = compute()
                        except Exception:  # computed on demand instead, as before
                            fresh.pop(key, None)
            finally:
                self._local.target = None
            if self._code_override is None:
                # The chief arbiter may have changed the stored code in the window.
                self.code_check = venue.arbiter_code_check(self.event)
                self._accepted.clear()
            with self._lock:
                self._cache = {key: (mark, value) for key, value in fresh.items()}
                self._key_locks.clear()
                self._mark = mark
            return mark

    def _watch(self) -> None:
        while not self._stop.wait(self.mark_interval):
            try:
                self.refresh_mark()
            except Exception:  # a busy or briefly locked file: try again next tick
                continue

    def close(self) -> None:
        self._stop.set()
        self._watcher.join(timeout=2)

    # ----- computed once per change ----------------------------------------------------

    def cached(self, key: Any, compute: Callable[[], T], warm: bool = False) -> T:
        """The value for `key` at the current mark, computed at most once per mark; `warm`
        ones are computed again ahead of the phones whenever the event changes."""
        target = getattr(self._local, "target", None)
        if target is not None:  # computing ahead for the next mark
            if key not in target:
                target[key] = compute()
            return target[key]
        if warm:
            self._warm[key] = compute
            self._asked[key] = time.monotonic()
            if len(self._warm) > 4 * _WARM_LIMIT:
                self._warm.clear()
                self._asked.clear()
        mark = self._mark
        hit = self._cache.get(key)
        if hit is not None and hit[0] == mark:
            return hit[1]
        with self._lock:
            key_lock = self._key_locks.setdefault(key, threading.Lock())
        with key_lock:
            hit = self._cache.get(key)
            if hit is not None and hit[0] == mark:
                return hit[1]
            value = compute()
            with self._lock:
                if len(self._cache) > _CACHE_LIMIT:
                    self._cache.clear()
                    self._key_locks.clear()
                self._cache[key] = (mark, value)
            return value

    def peek(self, key: Any) -> Any:
        """The cached value for `key` at the current mark, or None."""
        self._asked[key] = time.monotonic()
        hit = self._cache.get(key)
        return hit[1] if hit is not None and hit[0] == self._mark else None

    # ----- the arbiter code ------------------------------------------------------------

    def blocked(self, client: str) -> bool:
        now = time.monotonic()
        recent = [t for t in self._failures.get(client, []) if now - t < 60]
        self._failures[client] = recent
        return len(recent) >= _FAILURES_ALLOWED

    def accepts(self, code: str, client: str) -> bool:
        """Whether `code` is the arbiter code; wrong codes are counted per client."""
        if code and code in self._accepted:
            return True
        if self.code_check.accepts(code):
            self._accepted.add(code)
            return True
        self.count_failure(client)
        return False

    def count_failure(self, client: str) -> None:
        """Note a wrong code (arbiter or slip) from `client`."""
        self._failures.setdefault(client, []).append(time.monotonic())
