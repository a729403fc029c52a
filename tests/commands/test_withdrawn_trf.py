"""A withdrawn player (退赛) in the exported TRF of an individual Swiss or Double-Swiss group: marked
`0000 - Z` (TRF-16 / TRF-2026 "zero-point-bye: known absence from round") for the rounds played
after the withdrawal and for the next round to pair, so that a reader re-pairing the file
(`trf pair`, bbpPairings) leaves them out as the event does (FIDE C.04.1: only the players
present are paired), and nothing beyond the next round (bbpPairings reads an entry in round k
as rounds 1..k-1 having been paired)."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.pairing.trf import read_trf
from tests.commands.helpers import run

GROUP = "第三阶段决赛"  # yike-2022: a Swiss of 7 rounds
RESULTS = ("1-0", "0-1", "=", "1-0", "1-0", "0-1")


class WithdrawalEvent:
    """A yike final of 20 players played through the commands; the group's system given."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> None:
        self.tmp_path, self.capsys, self.system = tmp_path, capsys, system
        self.path = tmp_path / "yike.gomoku"
        assert self.run("new", self.path, "--preset", "yike-2022")[0] == 0
        if system != "swiss":
            assert self.run("group", self.path, "--group", GROUP, "--system", system)[0] == 0
        units = ("北京", "上海", "天津", "重庆", "杭州")
        self.ids: dict[str, int] = {}  # name -> player id, as add-player prints it
        self.played = 0
        for k in range(1, 21):
            code, out, err = self.run("add-player", self.path, "--group", GROUP, "--name",
                                      f"棋手{k}", "--unit", units[k % 5])
            assert code == 0, err
            self.ids[f"棋手{k}"] = int(out)

    def run(self, *args: object) -> tuple[int, str, str]:
        return run(self.capsys, *args)

    def pair(self) -> set[tuple[str, str]]:
        """The next round as the event pairs it: (first mover, second) by name; no bye."""
        code, out, err = self.run("pair", self.path, "--group", GROUP)
        assert code == 0, err
        return self.boards(self.played + 1)

    def boards(self, round_: int) -> set[tuple[str, str]]:
        code, out, err = self.run("round", self.path, "--group", GROUP, round_)
        assert code == 0, err
        found = set()
        for line in out.splitlines():
            if "(先手) -" in line:
                first, second = line.split("(先手) -")
                found.add((first.split()[-1], second.split()[0]))
        return found

    def play(self) -> None:
        """Pair the next round and enter every board's result."""
        boards = self.pair()
        round_ = self.played + 1
        entries = []
        for board in range(1, len(boards) + 1):
            codes = [RESULTS[(board + round_) % 6]]
            if self.system == "double_swiss":
                codes.append(RESULTS[(board + 2 * round_) % 6])
            entries.append(f"{board}={' '.join(codes)}")
        code, _out, err = self.run("results", self.path, "--group", GROUP, round_, *entries)
        assert code == 0, err
        self.played = round_

    def withdraw(self, name: str, from_round: int) -> None:
        code, _out, err = self.run("withdraw", self.path, self.ids[name], "--from-round",
                                   from_round)
        assert code == 0, err

    def trf(self) -> Path:
        out_dir = self.tmp_path / f"federation{self.played}"
        code, _out, err = self.run("export", self.path, "--out", out_dir, "--only", "上报材料")
        assert code == 0, err
        return next(p for p in out_dir.rglob("*.trf") if "bbpPairings" not in p.name)


def _rounds_of(line: str) -> list[list[str]]:
    """A `001` record's round entries (opponent, colour, result), read by the file's bytes."""
    tail = line.encode("utf-8")[91:].decode("utf-8")
    return [tail[k:k + 8].split() for k in range(0, len(tail), 10)]


@pytest.mark.parametrize("system", ["swiss", "double_swiss"])
def test_a_withdrawn_player_is_a_known_absence_in_the_exported_trf(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> None:
    event = WithdrawalEvent(tmp_path, capsys, system)
    event.play()
    event.play()
    event.withdraw("棋手7", 3)
    event.play()
    event.play()
    event.withdraw("棋手12", 5)
    event.withdraw("棋手15", 6)  # still plays round 5
    trf = event.trf()
    text = trf.read_text(encoding="utf-8")
    numbers = {p.name: p.number for p in read_trf(text).players}
    records = {name: next(_rounds_of(line) for line in text.splitlines()
                          if line.startswith(f"001 {number:4d} "))
               for name, number in numbers.items()}
    absent = ["0000", "-", "Z"]
    assert records["棋手7"][2:] == [absent, absent, absent]  # rounds 3, 4 and the next, 5
    assert records["棋手12"][4:] == [absent]  # the next round only
    assert len(records["棋手15"]) == 4  # plays round 5: nothing marked yet
    assert all(len(r) == 4 for name, r in records.items() if name not in ("棋手7", "棋手12"))

    code, out, err = event.run("trf", "pair", trf)
    assert code == 0, err
    by_number = {number: name for name, number in numbers.items()}
    from_file = {(by_number[int(a)], by_number[int(b)])
                 for a, b in (line.split() for line in out.splitlines()[1:])}
    assert from_file == event.pair()
    assert not {"棋手7", "棋手12"} & {name for pair in from_file for name in pair}

    code, out, err = event.run("trf", "check", trf)
    assert code == 0, out + err
