"""What the venue server holds while it runs: the open event, the change mark, caches.

Phones poll a change mark; a watcher thread reads it from the database a few times a second,
so a poll never touches the database. Pages and JSON are computed once per change and kept
until the mark moves. Reads go through the database's own concurrency (SQLite WAL readers,
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
        mark = venue.change_mark(self.event)
        if mark != self._mark:
            with self._lock:
                self._mark = mark
                self._cache.clear()
                if self._code_override is None:
                    # The chief arbiter may have changed the stored code in the window.
                    self.code_check = venue.arbiter_code_check(self.event)
                    self._accepted.clear()
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

    def cached(self, key: Any, compute: Callable[[], T]) -> T:
        """The value for `key` at the current mark, computed at most once per mark."""
        mark = self._mark
        hit = self._cache.get(key)
        if hit is not None and hit[0] == mark:
            return hit[1]  # type: ignore[no-any-return]
        with self._lock:
            key_lock = self._key_locks.setdefault(key, threading.Lock())
        with key_lock:
            hit = self._cache.get(key)
            if hit is not None and hit[0] == mark:
                return hit[1]  # type: ignore[no-any-return]
            value = compute()
            with self._lock:
                if len(self._cache) > _CACHE_LIMIT:
                    self._cache.clear()
                    self._key_locks.clear()
                self._cache[key] = (mark, value)
            return value

    def peek(self, key: Any) -> Any:
        """The cached value for `key` at the current mark, or None."""
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
        self._failures.setdefault(client, []).append(time.monotonic())
        return False
