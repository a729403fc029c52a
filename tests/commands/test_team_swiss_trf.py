"""The TRF a Team Swiss group (FIDE C.04.6) exports, read back by `trf pair` and `trf check`
(app.pairing.trf_teams): a match both teams forfeited, a withdrawn team, a file without team
records, and the explanation (说明.txt) beside it, each as the event holds it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from tests.commands.helpers import run

GROUP = "团体赛"


class TeamSwissEvent:
    """A tuanti event of `teams` teams of two boards played as a Team Swiss, driven through
    the commands (pair, team-result, export) as an arbiter drives it."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str], teams: int = 4,
                 rounds: int = 3) -> None:
        self.tmp_path, self.capsys = tmp_path, capsys
        self.path = tmp_path / "tuanti.gomoku"
        self.exports = 0
        assert self.run("new", self.path, "--preset", "tuanti-2026")[0] == 0
        code, _out, err = self.run("group", self.path, "--group", GROUP, "--system",
                                   "team_swiss", "--set", 'team={"boards": 2}',
                                   "--rounds", rounds)
        assert code == 0, err
        for k in range(1, teams + 1):
            assert self.run("team-add", self.path, "--group", GROUP, f"第{k}队",
                            f"队{k}甲/男", f"队{k}乙/女")[0] == 0

    def run(self, *args: object) -> tuple[int, str, str]:
        return run(self.capsys, *args)

    def pair(self) -> set[tuple[int, int | None]]:
        """The next round as the event pairs it: (first-named team, second) by number, the
        bye (轮空) as (team, None)."""
        code, out, err = self.run("pair", self.path, "--group", GROUP)
        assert code == 0, err
        return self.matches(out)

    @staticmethod
    def matches(out: str) -> set[tuple[int, int | None]]:
        import re

        found: set[tuple[int, int | None]] = set()
        for line in out.splitlines():
            hit = re.match(r"\s+\d+\s+第(\d+)队 - 第(\d+)队$", line)
            if hit:
                found.add((int(hit.group(1)), int(hit.group(2))))
            bye = re.match(r"\s+\d+\s+第(\d+)队\s+轮空", line)
            if bye:
                found.add((int(bye.group(1)), None))
        return found

    def result(self, round_: int, match: int, *codes: str) -> None:
        code, _out, err = self.run("team-result", self.path, "--group", GROUP, round_, match,
                                   *codes)
        assert code == 0, err

    def export(self) -> Path:
        """The federation package's folder (上报材料), a new one each time."""
        self.exports += 1
        out_dir = self.tmp_path / f"federation{self.exports}"
        code, _out, err = self.run("export", self.path, "--out", out_dir, "--only", "上报材料")
        assert code == 0, err
        return next(p.parent for p in out_dir.rglob("说明.txt"))

    def trf(self) -> Path:
        """The group's exported TRF with its team records."""
        return next(p for p in self.export().rglob("*.trf") if "棋手" not in p.name)

    def trf_pair(self, trf: Path) -> set[tuple[int, int | None]]:
        code, out, err = self.run("trf", "pair", trf, "--system", "team_swiss")
        assert code == 0, err
        lines = out.splitlines()[1:]
        return {(int(a), int(b) or None) for a, b in (line.split() for line in lines)}


def test_a_match_both_teams_forfeited_is_written_as_the_event_holds_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF-2026 330 `--`: a double forfeit (every board `--`, 双方弃权) is a match both teams
    lost; where the group counts forfeits as meetings (the default) the two teams may not
    meet again (260), so `trf pair` pairs the next round from the file as the event does and
    `trf check` finds every round the event paired."""
    event = TeamSwissEvent(tmp_path, capsys)
    first = event.pair()
    assert len(first) == 2
    for match in (1, 2):
        event.result(1, match, "--", "--")
    trf = event.trf()
    lines = trf.read_text(encoding="utf-8").splitlines()
    assert sorted(line[:6] for line in lines if line.startswith("330 ")) == ["330 --"] * 2
    assert {(int(line[11:14]), int(line[15:18])) for line in lines
            if line.startswith("330 ")} == first
    assert all(line.split()[4:6] == ["0.0", "0.0"] for line in lines
               if line.startswith("310 "))  # no team scores: both lost every match
    from_file = event.trf_pair(trf)
    second = event.pair()
    assert from_file == second and not {frozenset(m) for m in second} & {
        frozenset(m) for m in first}
    for match, codes in ((1, ("1-0", "1-0")), (2, ("=", "0-1"))):
        event.result(2, match, *codes)
    code, out, err = event.run("trf", "check", event.trf(), "--system", "team_swiss")
    assert code == 0, out + err


def test_a_withdrawn_team_is_marked_absent_for_the_rounds_it_no_longer_plays(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TRF-2026: a withdrawn team (整队退赛) is entered as not playing each round from its
    withdrawal on, its players `0000 - Z` (known absence), so that `trf pair` leaves it out
    as the event does (FIDE C.04.1: only the teams present are paired), before the round is
    paired and after it is played. No `240` record: TRF-2026 keeps 240 for byes that bring
    points (its Bye Section), and the reference reader (gnutterts/chesspairing) refuses the
    whole file for a `240 Z` (it reads F and H only); the members' records say it all."""
    event = TeamSwissEvent(tmp_path, capsys, teams=6, rounds=4)
    for match, _pair in enumerate(sorted(event.pair()), start=1):
        event.result(1, match, "1-0", "0-1")
    code, _out, err = event.run("team-withdraw", event.path, "--group", GROUP, "第2队")
    assert code == 0, err
    trf = event.trf()
    lines = trf.read_text(encoding="utf-8").splitlines()
    assert not [line for line in lines if line.startswith("240 ")]
    members = [line for line in lines if line.startswith(("001    3", "001    4"))]
    assert len(members) == 2 and all(
        line.encode()[101:].split() == [b"0000", b"-", b"Z"] * 3 for line in members)
    from_file = event.trf_pair(trf)
    second = event.pair()
    assert from_file == second and not any(2 in match for match in second)
    for match, _pair in enumerate(sorted(m for m in second if m[1] is not None), start=1):
        event.result(2, match, "=", "=")
    trf = event.trf()
    assert event.trf_pair(trf) == event.pair()
    code, out, err = event.run("trf", "check", trf, "--system", "team_swiss")
    assert code == 0, out + err
    reference = shutil.which("chesspairing")  # the Go reference, where it is installed
    if reference is not None:
        checked = subprocess.run([reference, "validate", str(trf)], capture_output=True,
                                 text=True, check=False)
        assert checked.returncode == 0, checked.stdout + checked.stderr


def test_a_file_without_team_records_is_refused_naming_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """FIDE C.04.6 pairs teams: `trf pair` / `trf check` by the Team Swiss on a file without
    TRF-2026 team records (310) exit 2 naming them in both languages, printing no pairing
    (before, the players were paired one by one in the teams' place); a file whose 092
    names another system is refused naming both systems by their names, not by the
    option's values."""
    event = TeamSwissEvent(tmp_path, capsys)
    for match, _pair in enumerate(sorted(event.pair()), start=1):
        event.result(1, match, "1-0", "0-1")
    folder = event.export()
    players = next(p for p in folder.rglob("*-棋手.trf"))  # the same rounds, no 310
    assert not any(line.startswith("310 ") for line in
                   players.read_text(encoding="utf-8").splitlines())
    for command in ("pair", "check"):
        for flags in (("--system", "team_swiss"), ()):  # chosen, or as its 092 says
            code, out, err = event.run("trf", command, players, *flags)
            assert code == 2 and out == "", (command, flags, out)
            assert "没有队伍记录" in err and "310" in err and "no team records" in err
    text = players.read_text(encoding="utf-8").replace("092 FIDE_TEAM_SWISS_2026",
                                                        "092 FIDE_DUTCH_2025")
    dutch = tmp_path / "dutch.trf"
    dutch.write_text(text, encoding="utf-8")
    code, out, err = event.run("trf", "pair", dutch, "--system", "team_swiss")
    assert code == 2 and out == ""
    assert "积分编排制" in err and "团体积分编排制（FIDE Team Swiss）" in err
    assert "Team Swiss (FIDE)" in err and "names the Swiss system" in err
    message = err.split(": ", 1)[1]  # after the file's name
    assert "team_swiss" not in message and " swiss" not in message


def test_the_explanation_names_the_team_records_the_file_holds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """说明.txt beside the TRF says what the Team Swiss file holds: its 310 team records
    (the TRF-2026 team section), which the players' copy leaves out; no 013 record is
    written, so none is named."""
    event = TeamSwissEvent(tmp_path, capsys)
    for match, _pair in enumerate(sorted(event.pair()), start=1):
        event.result(1, match, "1-0", "=")
    folder = event.export()
    trf = next(p for p in folder.rglob("*.trf") if "棋手" not in p.name)
    tags = {line[:3] for line in trf.read_text(encoding="utf-8").splitlines()}
    assert "310" in tags and "013" not in tags
    text = (folder / "说明.txt").read_text(encoding="utf-8")
    line = next(x for x in text.splitlines() if "-棋手.trf" in x)
    assert "不含 310 队伍记录" in line and "013" not in text


def test_a_file_of_a_finished_team_swiss_has_no_round_to_pair(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The exported file states the group's rounds (XXR); once all are played `trf pair`
    refuses to pair one more, as bbpPairings refuses such a file, and says how to go on."""
    event = TeamSwissEvent(tmp_path, capsys, rounds=2)
    for k in (1, 2):
        for match, _pair in enumerate(sorted(event.pair()), start=1):
            event.result(k, match, "1-0", "0-1")
    trf = event.trf()
    code, out, err = event.run("trf", "pair", trf, "--system", "team_swiss")
    assert code == 2 and out == ""
    assert "文件写明共 2 轮（XXR/142），已全部赛完，没有第 3 轮可编排；如要再赛一轮，先把总轮数改为 3" in err
