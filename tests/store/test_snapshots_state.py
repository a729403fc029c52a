"""Snapshots as a state machine (hypothesis): any mix of changes, snapshots, restores, undo.

The model is the list of players' names. Whatever the order of operations, restoring
snapshot k gives back exactly the names the event had when k was taken, only the last
`KEEP` snapshots are listed, and the file stays sound.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from sqlalchemy import select

from app.store.database import integrity_check
from app.store.models import Tournament
from app.store.snapshots import list_snapshots, restore_snapshot, take_snapshot
from tests.reliability.helpers import add_players, new_event, player_names

KEEP = 4


class SnapshotMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = Path(tempfile.mkdtemp(prefix="snapshots-"))
        self.event = new_event(self.folder / "event.gomoku")
        with self.event.operation("settings") as session:  # the event's own keep setting
            tournament = session.scalars(select(Tournament)).one()
            tournament.settings = {**tournament.settings, "snapshot_keep": KEEP}
        self.names: list[str] = []
        self.snapshots: dict[int, list[str]] = {}
        self.counter = 0

    def teardown(self) -> None:
        self.event.close()
        shutil.rmtree(self.folder, ignore_errors=True)

    def _remember(self, snapshot_id: int, names: list[str], protect: int | None = None) -> None:
        self.snapshots[snapshot_id] = names
        for old in sorted(self.snapshots):
            if len(self.snapshots) <= KEEP:
                break
            if old != protect:
                del self.snapshots[old]

    @rule(count=st.integers(1, 3))
    def add(self, count: int) -> None:
        self.counter += 1
        add_players(self.event, count, prefix=f"p{self.counter}-")
        self.names += [f"p{self.counter}-{i:03d}" for i in range(count)]

    @rule()
    def snapshot(self) -> None:
        info = take_snapshot(self.event.store, f"after {len(self.names)}")
        self._remember(info.id, list(self.names))

    @precondition(lambda self: bool(self.snapshots))
    @rule(data=st.data())
    def restore(self, data: st.DataObject) -> None:
        snapshot_id = data.draw(st.sampled_from(sorted(self.snapshots)))
        restored = list(self.snapshots[snapshot_id])
        before = restore_snapshot(self.event.store, snapshot_id)
        # The restore's own "before" snapshot is kept as well (and counts towards KEEP);
        # the snapshot being restored is not pruned by it.
        self._remember(before.id, list(self.names), protect=snapshot_id)
        self.names = restored

    @rule()
    def undo(self) -> None:
        # Only undo additions of players (undoing "new event" would empty the file).
        what = self.event.can_undo()
        if what is None or not what.startswith("添加"):
            return
        before = player_names(self.event)
        assert self.event.undo() == what
        self.names = player_names(self.event)
        assert set(self.names) < set(before)

    @invariant()
    def names_match(self) -> None:
        assert player_names(self.event) == self.names

    @invariant()
    def listed_are_the_last_kept(self) -> None:
        assert [s.id for s in list_snapshots(self.event.store)] == sorted(self.snapshots)

    @invariant()
    def sound(self) -> None:
        assert integrity_check(self.event.store.engine) == []


SnapshotMachine.TestCase.settings = settings(
    max_examples=8, stateful_step_count=8, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestSnapshots = SnapshotMachine.TestCase
