"""The pairing's report names players by name with their pairing number (issue 25): not
"* 149 轮空" or "第42台 137 降档对阵 1", but who it is."""

from __future__ import annotations

from app.pairing.types import NoteKind, PairingNote
from app.wording import pairing_note_text


def test_each_note_names_the_players_with_their_numbers() -> None:
    names = {1: "李四", 137: "张三", 149: "王五"}
    assert pairing_note_text(PairingNote(NoteKind.DOWNFLOAT, 42, (137, 1)), names) == (
        "第42台 张三（137号） 降档对阵 李四（1号） / board 42: 张三 (no. 137) floats down to "
        "meet 李四 (no. 1)")
    assert pairing_note_text(PairingNote(NoteKind.PAB, 0, (149,)), names) == (
        "王五（149号） 轮空 / 王五 (no. 149) receives the pairing-allocated bye")
    text = pairing_note_text(PairingNote(NoteKind.COLOUR_NOT_GRANTED, 4, (1,), "strong"), names)
    assert text.startswith("第4台 李四（1号） 未得到所需先后手") and "strong colour" in text


def test_a_paired_round_s_report_names_the_bye_and_the_floats(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from app.services import queries, rounds
    from app.services.event import Event
    from app.services.players import add_player

    path = tmp_path / "e.db"
    event = Event.create(path, "qiwang-2022")
    try:
        for k in range(5):
            add_player(event, "公开组", name=f"棋手{k}")
        info = rounds.pair_next_round(event, "公开组")
        bye = next(b for b in info.boards if b.second is None)
        report = queries.round_view(event, "公开组", 1).report
    finally:
        event.close()
    assert f"{bye.first.name}（{bye.first.number}号） 轮空" in "\n".join(report)
