"""What the command-line tests share: running a command in-process, and small events built
through the commands themselves (a qiwang open group, a tuanti Team Swiss, a huazhi team
knockout, a yike final played round by round and exported; Orange's habit: one helper, not
a copy per module)."""

from __future__ import annotations

import csv
import io
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from app.cli import main
from app.pairing.trf import read_trf

OPEN = "公开组"


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    """`python -m app ARGS…` in this process: its exit code, standard output and error."""
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def qiwang_open(path: Path, capsys: pytest.CaptureFixture[str], players: int = 0,
                paired: bool = False) -> Path:
    """A qiwang event at `path` with `players` in its open group (棋手0, 棋手1 …), round 1
    paired when asked."""
    assert run(capsys, "new", path, "--preset", "qiwang-2022")[0] == 0
    for k in range(players):
        assert run(capsys, "add-player", path, "--group", OPEN, "--name", f"棋手{k}")[0] == 0
    if paired:
        assert run(capsys, "pair", path, "--group", OPEN)[0] == 0
    return path


TEAM_GROUP = "团体赛"


def tuanti_teams(path: Path, capsys: pytest.CaptureFixture[str], teams: int = 6,
                 paired: bool = False) -> Path:
    """A tuanti (Team Swiss, three boards) event at `path` with `teams` teams (第1队 …, members
    甲k 乙k 丙k), round 1 paired when asked."""
    assert run(capsys, "new", path, "--preset", "tuanti-2026")[0] == 0
    for k in range(1, teams + 1):
        assert run(capsys, "team-add", path, "--group", TEAM_GROUP, f"第{k}队", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    if paired:
        assert run(capsys, "pair", path, "--group", TEAM_GROUP)[0] == 0
    return path


KNOCKOUT_FINAL = "决赛"  # huazhi-2021's team knockout


def team_knockout(path: Path, capsys: pytest.CaptureFixture[str], teams: int = 6) -> Path:
    """A huazhi event whose 决赛 has `teams` teams (队k: 甲k 乙k 丙k, a woman on board 3)."""
    assert run(capsys, "new", path, "--preset", "huazhi-2021")[0] == 0
    for k in range(1, teams + 1):
        assert run(capsys, "team-add", path, "--group", KNOCKOUT_FINAL, f"队{k}", f"甲{k}/男",
                   f"乙{k}/男", f"丙{k}/女")[0] == 0
    return path


YIKE_FINAL = "第三阶段决赛"  # yike-2022: a Swiss of 7 rounds
_RESULTS = ("1-0", "0-1", "=", "1-0", "1-0", "0-1")


class YikeFinal:
    """A yike final of 20 players played through the commands; the group's system given."""

    def __init__(self, tmp_path: Path, capsys: pytest.CaptureFixture[str], system: str) -> None:
        self.tmp_path, self.capsys, self.system = tmp_path, capsys, system
        self.path = tmp_path / "yike.gomoku"
        assert self.run("new", self.path, "--preset", "yike-2022")[0] == 0
        if system != "swiss":
            assert self.run("group", self.path, "--group", YIKE_FINAL, "--system", system)[0] == 0
        units = ("北京", "上海", "天津", "重庆", "杭州")
        self.ids: dict[str, int] = {}  # name -> player id, as add-player prints it
        self.played = 0
        for k in range(1, 21):
            code, out, err = self.run("add-player", self.path, "--group", YIKE_FINAL, "--name",
                                      f"棋手{k}", "--unit", units[k % 5])
            assert code == 0, err
            self.ids[f"棋手{k}"] = int(out)

    def run(self, *args: object) -> tuple[int, str, str]:
        return run(self.capsys, *args)

    def pair(self) -> set[tuple[str, str]]:
        """The next round as the event pairs it: (first mover, second) by name; no bye."""
        code, out, err = self.run("pair", self.path, "--group", YIKE_FINAL)
        assert code == 0, err
        return self.boards(self.played + 1)

    def boards(self, round_: int) -> set[tuple[str, str]]:
        code, out, err = self.run("round", self.path, "--group", YIKE_FINAL, round_)
        assert code == 0, err
        found = set()
        for line in out.splitlines():
            if "(先手) -" in line:
                first, second = line.split("(先手) -")
                found.add((first.split()[-1], second.split()[0]))
        return found

    def bye(self, round_: int) -> str | None:
        """Who has the pairing-allocated bye (轮空) of a round paired, by name."""
        code, out, err = self.run("round", self.path, "--group", YIKE_FINAL, round_)
        assert code == 0, err
        return next((line.split()[1] for line in out.splitlines()
                     if line.strip()[:1].isdigit() and "轮空 / bye" in line), None)

    def add_late(self, name: str) -> None:
        """A late entry (迟到报名), entered after the rounds played."""
        code, out, err = self.run("add-player", self.path, "--group", YIKE_FINAL, "--name", name)
        assert code == 0, err
        self.ids[name] = int(out)

    def totals(self) -> dict[str, int]:
        """The standings' points by name."""
        code, out, err = self.run("standings", self.path, "--group", YIKE_FINAL, "--csv")
        assert code == 0, err
        return {row["name"]: int(row["points"]) for row in csv.DictReader(io.StringIO(out))}

    def play(self) -> None:
        """Pair the next round and enter every board's result."""
        self.enter(self.pair())

    def enter(self, boards: set[tuple[str, str]]) -> None:
        """Enter every board's result of the round paired last (its `boards`)."""
        round_ = self.played + 1
        entries = []
        for board in range(1, len(boards) + 1):
            codes = [_RESULTS[(board + round_) % 6]]
            if self.system == "double_swiss":
                codes.append(_RESULTS[(board + 2 * round_) % 6])
            entries.append(f"{board}={' '.join(codes)}")
        code, _out, err = self.run("results", self.path, "--group", YIKE_FINAL, round_, *entries)
        assert code == 0, err
        self.played = round_

    def withdraw(self, name: str, from_round: int) -> None:
        code, _out, err = self.run("withdraw", self.path, self.ids[name], "--from-round",
                                   from_round)
        assert code == 0, err

    def absent(self, name: str, round_: int, kind: str) -> None:
        """An absence entered for a round not paired yet (缺席, 请假全分/半分/零分)."""
        code, _out, err = self.run("absent", self.path, self.ids[name], round_, "--kind", kind)
        assert code == 0, err

    def trf(self) -> Path:
        out_dir = self.tmp_path / f"federation{self.played}"
        code, _out, err = self.run("export", self.path, "--out", out_dir, "--only", "上报材料")
        assert code == 0, err
        return next(p for p in out_dir.rglob("*.trf") if "bbpPairings" not in p.name)

    @staticmethod
    def records(trf: Path) -> dict[str, list[list[str]]]:
        """Each player's round entries in the file, by name (`trf_rounds`)."""
        text = trf.read_text(encoding="utf-8")
        numbers = {p.name: p.number for p in read_trf(text).players}
        return {name: next(trf_rounds(line) for line in text.splitlines()
                           if line.startswith(f"001 {number:4d} "))
                for name, number in numbers.items()}

    def file_pairing(self, trf: Path) -> set[tuple[str, str]]:
        """The next round as `trf pair` pairs it from the file, by name (the bye left out:
        `file_bye`)."""
        return self._file_round(trf)[0]

    def file_bye(self, trf: Path) -> str | None:
        """Who `trf pair` gives the pairing-allocated bye of the next round, by name."""
        return self._file_round(trf)[1]

    def _file_round(self, trf: Path) -> tuple[set[tuple[str, str]], str | None]:
        code, out, err = self.run("trf", "pair", trf)
        assert code == 0, err
        by_number = {p.number: p.name for p in read_trf(trf.read_text(encoding="utf-8")).players}
        pairs = [(int(a), int(b)) for a, b in (line.split() for line in out.splitlines()[1:])]
        return ({(by_number[a], by_number[b]) for a, b in pairs if b},
                next((by_number[a] for a, b in pairs if not b), None))


def trf_rounds(line: str) -> list[list[str]]:
    """A `001` record's round entries (opponent, colour, result), read by the file's bytes."""
    tail = line.encode("utf-8")[91:].decode("utf-8")
    return [tail[k:k + 8].split() for k in range(0, len(tail), 10)]


def file_state(path: Path) -> dict[str, bytes]:
    """The event file and its companions (journal, snapshots) byte for byte."""
    return {p.relative_to(path.parent).as_posix(): p.read_bytes()
            for p in path.parent.rglob("*") if p.is_file() and p.name.startswith(path.name)}


ROUND_ROBIN_GROUP = "男子组"  # shenzhen-2022's, played as a round robin in these tests


def round_robin_numbered(path: Path, capsys: pytest.CaptureFixture[str], names: Sequence[str],
                         system: str = "round_robin", numbers: Sequence[int] = ()) -> Path:
    """A shenzhen event at `path` whose 男子组 is played by `system` (单循环, 双循环) with
    `names`, each player given a Berger number: his id (1, 2, ...), or `numbers` in the same
    order. Nothing paired yet."""
    group = ROUND_ROBIN_GROUP
    assert run(capsys, "new", path, "--preset", "shenzhen-2022")[0] == 0
    if system == "double_round_robin":  # shenzhen names 单循环 only: allowed here by hand
        assert run(capsys, "group", path, "--group", group, "--set",
                   'systems_allowed=["swiss", "round_robin", "double_round_robin"]')[0] == 0
    assert run(capsys, "group", path, "--group", group, "--system", system)[0] == 0
    for name in names:
        assert run(capsys, "add-player", path, "--group", group, "--name", name)[0] == 0
    given = numbers or range(1, len(names) + 1)
    assert run(capsys, "berger-numbers", path, "--group", group,
               *(f"{pid}={n}" for pid, n in enumerate(given, start=1)))[0] == 0
    return path


KO = "禁手组"  # mindgames-2016's group, played as a knockout in these tests


def individual_knockout(path: Path, capsys: pytest.CaptureFixture[str], players: int = 6
                        ) -> Path:
    """A mindgames event whose 禁手组 is a knockout of `players` (选手1 … by seed)."""
    assert run(capsys, "new", path, "--preset", "mindgames-2016")[0] == 0
    assert run(capsys, "group", path, "--group", KO, "--system", "knockout")[0] == 0
    for k in range(1, players + 1):
        assert run(capsys, "add-player", path, "--group", KO, "--name", f"选手{k}")[0] == 0
    return path


def ok(capsys: pytest.CaptureFixture[str], *args: object) -> str:
    code, out, err = run(capsys, *args)
    assert code == 0, err
    return out


def paper(capsys: pytest.CaptureFixture[str], path: Path, out: Path, name: str) -> str:
    """The text of one exported PDF (`export --only NAME`), laid out as on the page."""
    ok(capsys, "export", path, "--out", out, "--pdf", "--only", name)
    found = [p for p in out.rglob("*.pdf")]
    assert len(found) == 1, found
    return subprocess.run(["pdftotext", "-layout", str(found[0]), "-"], capture_output=True,
                          text=True, check=True).stdout


def played_round_one(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 1 of the six: 选手4 beats 选手5, 选手6 beats 选手3 (选手1, 选手2 have byes)."""
    ok(capsys, "pair", path, "--group", KO)
    ok(capsys, "result", path, "--group", KO, 1, 2, "1-0")
    ok(capsys, "result", path, "--group", KO, 1, 4, "0-1")
