"""A withdrawn player (退赛) in the exported TRF of an individual Swiss or Double-Swiss group: marked
`0000 - Z` (TRF-16 / TRF-2026 "zero-point-bye: known absence from round") for the rounds played
after the withdrawal and for the next round to pair, so that a reader re-pairing the file
(`trf pair`, bbpPairings) leaves them out as the event does (FIDE C.04.1: only the players
present are paired), and nothing beyond the next round (bbpPairings reads an entry in round k
as rounds 1..k-1 having been paired)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.commands.helpers import YikeFinal


@pytest.mark.parametrize("system", ["swiss", "double_swiss"])
def test_a_withdrawn_player_is_a_known_absence_in_the_exported_trf(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> None:
    event = YikeFinal(tmp_path, capsys, system)
    event.play()
    event.play()
    event.withdraw("棋手7", 3)
    event.play()
    event.play()
    event.withdraw("棋手12", 5)
    event.withdraw("棋手15", 6)  # still plays round 5
    trf = event.trf()
    records = event.records(trf)
    absent = ["0000", "-", "Z"]
    assert records["棋手7"][2:] == [absent, absent, absent]  # rounds 3, 4 and the next, 5
    assert records["棋手12"][4:] == [absent]  # the next round only
    assert len(records["棋手15"]) == 4  # plays round 5: nothing marked yet
    assert all(len(r) == 4 for name, r in records.items() if name not in ("棋手7", "棋手12"))

    from_file = event.file_pairing(trf)
    assert from_file == event.pair()
    assert not {"棋手7", "棋手12"} & {name for pair in from_file for name in pair}

    code, out, err = event.run("trf", "check", trf)
    assert code == 0, out + err
