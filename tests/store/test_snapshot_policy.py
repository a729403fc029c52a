"""Which snapshots (快照) are taken and kept: a refused operation takes none; identical states
are kept once; the snapshot before round 1 and before each round's pairing always survive
pruning, so any round can be paired again from the state it was paired in."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlalchemy import select

from app.errors import NoAnswer, UserError
from app.services import players, playoffs, rounds, snapshots
from app.services.event import Event
from app.services.exporting import export
from app.services.groups import update_group
from app.store.models import Round, Tournament

GROUP = "少儿组"


@pytest.fixture
def event(tmp_path: Path):
    with Event.create(tmp_path / "e.gomoku", preset="qiwang-2022", station="A") as event:
        yield event


def _keep(event: Event, keep: int) -> None:
    with event.operation("settings") as session:
        tournament = session.scalars(select(Tournament)).one()
        tournament.settings = {**tournament.settings, "snapshot_keep": keep}


def _rounds(path: Path) -> int:
    with Event.open(path) as copy, copy.reading() as session:
        return len(session.scalars(select(Round)).all())


def test_refused_pairings_take_no_snapshot(event: Event) -> None:
    players.add_player(event, GROUP, name="独自一人")
    for _ in range(3):
        with pytest.raises(UserError):  # fewer than two players
            rounds.pair_next_round(event, GROUP)
    players.add_player(event, GROUP, name="第二人")
    rounds.pair_next_round(event, GROUP)
    for _ in range(3):
        with pytest.raises(UserError):  # round 1 has no results yet
            rounds.pair_next_round(event, GROUP)
    assert [s.label for s in snapshots.snapshots(event)] == [
        f"编排前 {GROUP} 第1轮 / before pairing {GROUP}, round 1"]


def test_a_pairing_with_no_legal_answer_takes_no_snapshot(event: Event) -> None:
    update_group(event, GROUP, rounds=3)
    for k in range(2):
        players.add_player(event, GROUP, name=f"棋手{k}")
    rounds.pair_next_round(event, GROUP)
    rounds.enter_result(event, GROUP, 1, 1, ["1-0"])
    with pytest.raises(NoAnswer):  # the two have met: no second round exists
        rounds.pair_next_round(event, GROUP)
    assert len(snapshots.snapshots(event)) == 1


def test_a_refused_playoff_takes_no_snapshot(event: Event) -> None:
    for k in range(2):
        players.add_player(event, GROUP, name=f"棋手{k}")
    with pytest.raises(UserError):
        playoffs.create_playoff(event, GROUP, 1)  # nothing is tied: no round played
    assert snapshots.snapshots(event) == []


def test_identical_states_are_kept_once(event: Event, tmp_path: Path) -> None:
    players.add_player(event, GROUP, name="甲")
    first = snapshots.take(event, "手动 / by hand")
    assert snapshots.take(event, "又一次 / again").id == first.id
    export(event, tmp_path / "out1", pdf=False, xlsx=True, federation=False)
    export(event, tmp_path / "out2", pdf=False, xlsx=True, federation=False)
    assert [s.id for s in snapshots.snapshots(event)] == [first.id]
    players.add_player(event, GROUP, name="乙")
    assert snapshots.take(event, "变了 / changed").id != first.id


def test_the_snapshot_before_each_pairing_survives_pruning(event: Event) -> None:
    _keep(event, 2)
    update_group(event, GROUP, rounds=5)
    for k in range(8):
        players.add_player(event, GROUP, name=f"棋手{k}", unit=f"单位{k}")
    for number in range(1, 6):
        info = rounds.pair_next_round(event, GROUP)
        rounds.enter_results(event, GROUP, number,
                             {b.number: ["1-0"] for b in info.boards if b.second})
        for k in range(4):  # snapshots by hand between rounds push older ones out
            players.update_player(event, 1, grade=f"{number}-{k}")
            snapshots.take(event, f"手动 {number}-{k}")
    kept = snapshots.snapshots(event)
    pairing = [s for s in kept if s.holds]
    assert len(pairing) == 5 and len(kept) == 5 + 2
    # Where the state before a pairing was snapshotted by hand already, that snapshot is
    # kept for the pairing and says so.
    assert all("编排前" in s.label for s in pairing)
    # Each holds the state its round was paired in: round k's has k-1 rounds.
    assert [_rounds(s.path) for s in pairing] == [0, 1, 2, 3, 4]


def test_a_round_paired_again_keeps_the_newest_snapshot_before_it(event: Event) -> None:
    _keep(event, 1)
    for k in range(4):
        players.add_player(event, GROUP, name=f"棋手{k}")
    rounds.pair_next_round(event, GROUP)
    rounds.unpair_last_round(event, GROUP)
    players.add_player(event, GROUP, name="迟到")
    rounds.pair_next_round(event, GROUP)
    for k in range(3):
        players.update_player(event, 1, grade=f"{k}段")
        snapshots.take(event, f"手动 {k}")
    kept = snapshots.snapshots(event)
    [before_round_1] = [s for s in kept if s.holds]
    with Event.open(before_round_1.path) as copy:
        from app.services.queries import players as listed
        assert len(listed(copy, GROUP)) == 5  # the latest state round 1 was paired in
