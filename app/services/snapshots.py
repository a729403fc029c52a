"""Automatic snapshots of an event (自动备份), for the window and the command line: list them,
take one by hand, and restore one (the current state is snapshotted first, so a restore can be
taken back)."""

from __future__ import annotations

from app.errors import UserError
from app.services.event import Event
from app.store.snapshots import SnapshotInfo, list_snapshots, restore_snapshot, take_snapshot

__all__ = ["SnapshotInfo", "restore", "snapshots", "take"]


def snapshots(event: Event) -> list[SnapshotInfo]:
    """The kept snapshots, oldest first."""
    return list_snapshots(event.store)


def take(event: Event, label: str, keep: int | None = None) -> SnapshotInfo:
    """A snapshot now (the state identical to a kept one returns that one); with `keep`, at
    most that many besides those kept for each round's pairing."""
    label = " ".join(label.split())
    if not label:
        raise UserError("快照说明不能为空", "the snapshot needs a label", "label")
    return take_snapshot(event.store, label, keep=keep)


def restore(event: Event, snapshot_id: int) -> SnapshotInfo:
    """Put the event back as snapshot `snapshot_id` left it; returns the snapshot taken of the
    state just before, so that this restore itself can be reverted."""
    return restore_snapshot(event.store, snapshot_id)
