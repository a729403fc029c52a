"""The pairing list read as plain rows (what the window shows) is the round the stored objects
give, board for board and game for game."""

from __future__ import annotations

from pathlib import Path

from app.services import demo, queries, rounds
from app.services.event import Event
from app.services.players import update_player


def _both(event: Event, group: str, number: int) -> tuple[object, object]:
    shown = queries.round_view(event, group, number)
    with event.reading() as session:
        found = Event.group(session, group)
        stored = queries.round_info(session, found, queries.find_round(session, found, number))
    return shown, stored


def test_every_round_of_a_played_event_reads_the_same(tmp_path: Path) -> None:
    event = demo.build_demo(tmp_path / "demo.db", sizes={"公开组": 16, "少儿组": 10})
    try:
        compared = recorded = 0
        for group in queries.event_info(event).groups:
            for number in range(1, group.rounds_paired + 1):
                shown, stored = _both(event, group.name, number)
                assert shown == stored
                compared += 1
                recorded += sum(1 for b in shown.boards for g in b.games  # type: ignore[attr-defined]
                                if g.moves)
        assert compared >= 2 and recorded  # games recorded on boards compared too
    finally:
        event.close()


def test_a_renamed_player_reads_the_same(make_event) -> None:  # type: ignore[no-untyped-def]
    event = make_event(group="公开组", players=5)
    paired = rounds.pair_next_round(event, "公开组")
    board = next(b for b in paired.boards if b.second is not None)
    assert board.first is not None
    update_player(event, board.first.id, name="改名棋手")
    shown, stored = _both(event, "公开组", paired.number)
    assert shown == stored
    row = next(b for b in shown.boards if b.number == board.number)  # type: ignore[attr-defined]
    assert row.first.name == "改名棋手"
    assert any(b.second is None for b in shown.boards)  # the bye of five players
