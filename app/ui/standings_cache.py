"""The open event's standings as the window shows them: worked out once per change and shared
by what shows them (the standings table, the crosstable), and, once the arbiter pauses after a
change, worked out ahead in a worker thread, so that the standings view and the crosstable
open at once (issue 28: a 150-player group's standings take longer than the arbiter waits).

Each change of the event (`changed`) starts a new generation: what was worked out before it
is dropped, and what a worker brings back for an older generation is thrown away. The worker
reads in a session of its own (the store's engine gives each thread its own connection) and
writes nothing; a failure there is not told (the view asks again and tells it).

The event just opened comes with what its opening worker read for the first views
(app/ui/opening.py): a view takes what was read ahead for it (`prepared`, once) instead of
reading it in the window thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

from PySide6.QtCore import QEventLoop, QObject, QThreadPool, QTimer

from app.errors import NoAnswer, UserError
from app.ui.operations import _Relay, _Work

if TYPE_CHECKING:
    from app.services.event import Event
    from app.services.queries import EventInfo
    from app.services.ranking import CrosstableInfo, StandingsInfo

    Rankings = tuple[StandingsInfo, tuple[StandingsInfo, ...]]

T = TypeVar("T")
Prepared = dict[tuple[object, ...], object]
"""What a view shows, read ahead: ("players", group or None) -> the players
(`queries.players`); ("round", group, number) -> (`queries.round_view`, the points before
the round); ("refusals", group, number) -> what the Round menu's actions would say;
("rankings", group), ("crosstable", group) -> its standings and crosstable (kept for the
generation, as the worker's); ("event_info",) -> `queries.event_info` (kept for the
generation); ("declines", group), ("playoffs", group) -> `awards.declines`,
`playoffs.playoffs` (as the standings view shows them)."""

WARM_AFTER_MS = 400
"""The pause after a change before the standings are worked out ahead: results typed one
after another do not each start a computation that competes with the next."""


class StandingsCache(QObject):
    """The rankings and crosstables of the open event's groups, per generation."""

    def __init__(self, group_to_warm: Any) -> None:
        super().__init__()
        self.group_to_warm = group_to_warm  # () -> (event, group name) or None
        self.generation = 0
        self._rankings: dict[str, Rankings] = {}
        self._crosstables: dict[str, CrosstableInfo] = {}
        self._info: EventInfo | None = None  # the event's groups, read once per generation
        self._ahead: Prepared = {}  # read ahead for this generation, each taken once
        self._incoming: Prepared | None = None  # what the next generation starts with
        self._warming = False
        self._warming_for: tuple[int, str] | None = None  # (generation, group) being worked out
        self._waiting: QEventLoop | None = None  # a view's wait for the worker's answer
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(WARM_AFTER_MS)
        self._timer.timeout.connect(self._warm)
        self._relay = _Relay()
        self._relay.finished.connect(self._arrived)

    def changed(self, *, warm: bool = True) -> None:
        """The event changed (or another was opened): worked out afresh when next asked,
        and ahead once the arbiter pauses (`warm`)."""
        self.generation += 1
        self._rankings.clear()
        self._crosstables.clear()
        self._info = None
        self._ahead, self._incoming = self._incoming or {}, None
        for key in [key for key in self._ahead if key[0] in ("rankings", "crosstable")]:
            kept: dict[str, Any] = self._rankings if key[0] == "rankings" else self._crosstables
            kept[cast("str", key[1])] = self._ahead.pop(key)
        if warm:
            self._timer.start(WARM_AFTER_MS)
        else:
            self._timer.stop()

    def start_with(self, prepared: Prepared) -> None:
        """What the next change (the event just opened) starts with: what its opening
        worker read for the first views."""
        self._incoming = dict(prepared)

    def prepared(self, key: tuple[object, ...], read: Callable[[], T]) -> T:
        """What was read ahead for `key` in this generation (taken once: a later refresh
        reads afresh), else `read()` now."""
        if key in self._ahead:
            return cast("T", self._ahead.pop(key))
        return read()

    def event_info(self, event: Event) -> EventInfo:
        """The event's groups with their settings and counts (`queries.event_info`): read
        once per change and shared by the views that show them (each view asked for it when
        shown: several milliseconds each time at 150 players)."""
        if self._info is None:
            from app.services import queries

            self._info = self.prepared(("event_info",), lambda: queries.event_info(event))
        return self._info

    def rankings(self, event: Event, group: str) -> Rankings:
        """The group's standings and sub-rankings (`app.services.ranking.rankings`)."""
        if group not in self._rankings:  # (a worker working out its crosstable: not waited for)
            self._wait_for(group)
        found = self._rankings.get(group)
        if found is None:
            from app.services import ranking

            found = self._rankings[group] = ranking.rankings(event, group)
        return found

    def _wait_for(self, group: str) -> None:
        """A worker works this group out now: its answer is awaited (a moment) rather than
        worked out a second time beside it. User input waits meanwhile."""
        if not self._warming or self._warming_for != (self.generation, group):
            return
        # `_arrived` ends the wait. Not a connection of the relay's signal to `loop.quit`: a
        # worker that answered before it was made has its answer queued already, without it,
        # and the loop would wait for ever.
        loop = QEventLoop()
        self._waiting = loop
        try:
            if self._warming:
                loop.exec(QEventLoop.ProcessEventsFlag.ExcludeUserInputEvents)
        finally:
            self._waiting = None

    def crosstable(self, event: Event, group: str,
                   standings: StandingsInfo | None) -> CrosstableInfo:
        """The group's crosstable (`app.services.ranking.crosstable`)."""
        if group not in self._crosstables:
            self._wait_for(group)
        found = self._crosstables.get(group)
        if found is None:
            from app.services import ranking

            found = self._crosstables[group] = ranking.crosstable(event, group, standings)
        return found

    def _warm(self) -> None:
        target = self.group_to_warm()
        if target is None or self._warming:
            return
        event, group = target
        if group in self._rankings and group in self._crosstables:
            return
        generation = self.generation
        held = self._rankings.get(group)

        def work() -> tuple[int, str, Rankings, CrosstableInfo | None]:
            from app.services import ranking

            found = held if held is not None else ranking.rankings(event, group)
            try:
                table = ranking.crosstable(event, group, found[0])
            except (UserError, NoAnswer):
                table = None  # (a group without one): asked, and told, when shown
            return generation, group, found, table

        self._warming = True
        self._warming_for = (generation, group)
        QThreadPool.globalInstance().start(_Work(work, self._relay))

    def _arrived(self, answer: tuple[bool, object]) -> None:
        self._warming = False
        self._warming_for = None
        if self._waiting is not None:
            self._waiting.quit()
        ok, value = answer
        if not ok:
            return  # asked again when shown, and told then
        generation, group, found, table = cast(
            "tuple[int, str, Rankings, CrosstableInfo | None]", value)
        if generation != self.generation:
            self._timer.start(WARM_AFTER_MS)  # the event changed meanwhile: again later
            return
        self._rankings.setdefault(group, found)
        if table is not None:
            self._crosstables.setdefault(group, table)

    def settle(self) -> None:
        """Let a computation ahead end (before its event is closed)."""
        self._timer.stop()
        if self._warming:
            QThreadPool.globalInstance().waitForDone()

