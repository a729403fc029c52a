"""Benchmark of FIDE's 2026 systems: a 300-player Double-Swiss round (C.04.5) and a 60-team
Team Swiss round (C.04.6), side by side with the reference library's binary when there is one.

A tournament is played here first (seeded random results, every round paired by our engine),
written as a TRF; then the next round is paired from the file: in this process (reading,
parsing, pairing) and by the whole command `python -m app trf pair FILE --system ...`
(Python start-up and imports included), the one compared with the reference's command. When the reference's
command-line program (`gnutterts/chesspairing`, built apart from this project) is on the PATH
as `chesspairing`, or named by the environment variable CHESSPAIRING_BIN, it pairs the same
file (`chesspairing pair --double-swiss|--team FILE`) and its time is printed beside ours;
otherwise that column is skipped with a message.

The engines alone are compared too: ours is timed in this process (CPU, the median of
`--engine-repeat` runs); the reference's pairer alone needs a timing driver built beside it
(outside this project), named by the environment variable CHESSPAIRING_TIMER and run as
`TIMER double|team FILE N`, printing `pair median X ms` (the driver's own clock: wall time
for a Go driver, which a loaded machine inflates). Both are run in turn, twice over, so that
they see the same load of a shared machine; without the driver that column is skipped.

    .venv/bin/python bench/bench_fide_systems.py [--rounds N] [--repeat N] [--engine-repeat N]

Last measured (December 2026, 2 shared cores, the reference at gnutterts/chesspairing a413c36
built with Go 1.27; the files of this bench, round 8; the engines alone as the lowest of six
alternating medians of 400 runs, so that the other jobs on the machine weigh least):
  engines alone      ours before   ours now   reference   ratio now
  Double-Swiss 300     1.61 ms      1.38 ms     0.53 ms      2.6x  (3.1x before)
  Team Swiss 60        0.49 ms      0.44 ms     0.20 ms      2.2x  (2.4x before)
  whole command: ours 0.08-0.11 s, the reference's 0.004-0.005 s (ratios 17-30).
1x is not reached. What is left of ours is reading each entrant's rounds (2 100 records for
the Double-Swiss round: some 0.35 ms for one pass that reads each field once) and building
the per-entrant sets of [C1] (0.2 ms): Python's own cost per object read, not the search
(0.2 ms for the whole of Art. 3.3-3.6). The whole command is Python's start and imports
(`python -c pass` alone takes 15-35 ms here), against a Go binary's 4 ms in all.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from app.pairing import double_swiss, team_swiss
from app.pairing.system import TRF_TYPES, System
from app.pairing.trf import TrfHeader, read_trf, write_trf
from app.pairing.types import (
    Outcome,
    Pairing,
    PairingRequest,
    PlayerHistory,
    RoundRecord,
    TournamentSnapshot,
)

Pairer = Callable[[PairingRequest], Pairing]


def _play(players: int, rounds: int, pair: Pairer, seed: int) -> TournamentSnapshot:
    """`rounds` rounds of `players` entrants, each paired by `pair`, results at random (the
    stronger = lower number wins more often)."""
    rng = random.Random(seed)
    history: dict[int, list[RoundRecord]] = {n: [] for n in range(1, players + 1)}
    for number in range(1, rounds + 1):
        snapshot = TournamentSnapshot(
            tuple(PlayerHistory(n, tuple(r)) for n, r in history.items()), rounds + 1)
        pairing = pair(PairingRequest(snapshot, number))
        for board in pairing.boards:
            if board.second is None:
                history[board.first].append(RoundRecord(number, Outcome.PAB, None, None, 2))
                continue
            roll = rng.random() + (board.second - board.first) / (4 * players)
            first = Outcome.WIN if roll > 0.6 else Outcome.DRAW if roll > 0.35 else Outcome.LOSS
            second = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(first, first)
            points = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.LOSS: 0}
            history[board.first].append(RoundRecord(number, first, board.second,
                                                    _colour(True), points[first]))
            history[board.second].append(RoundRecord(number, second, board.first,
                                                     _colour(False), points[second]))
    return TournamentSnapshot(tuple(PlayerHistory(n, tuple(r), rating=3000 - n)
                                    for n, r in history.items()), rounds + 1)


def _colour(first: bool):  # type: ignore[no-untyped-def]
    from app.pairing.types import Colour

    return Colour.FIRST if first else Colour.SECOND


def _ours(text: str, pair: Pairer, repeat: int) -> tuple[float, float, float]:
    """Median seconds of (reading the file and pairing, the pairing alone, the CPU time of
    the pairing alone: the engine, what the reference's own pairer is timed against)."""
    totals, pairings, cpu = [], [], []
    for _ in range(repeat):
        start = time.perf_counter()
        request = read_trf(text).next_round_request()
        middle, middle_cpu = time.perf_counter(), time.process_time()
        pair(request)
        end = time.perf_counter()
        cpu.append(time.process_time() - middle_cpu)
        totals.append(end - start)
        pairings.append(end - middle)
    return statistics.median(totals), statistics.median(pairings), statistics.median(cpu)


def _engine(request: PairingRequest, pair: Pairer, repeat: int) -> float:
    """Median CPU seconds of pairing `request` alone, in this process."""
    cpu = []
    for _ in range(repeat):
        start = time.process_time()
        pair(request)
        cpu.append(time.process_time() - start)
    return statistics.median(cpu)


def _engines(timer: str | None, kind: str, path: Path, request: PairingRequest, pair: Pairer,
             repeat: int) -> tuple[float, float | None]:
    """Median milliseconds of our engine alone and of the reference's pairer alone (through
    the timing driver `timer`, when there is one), in turn twice over: the lower median of
    each side's two turns."""
    ours: list[float] = []
    theirs: list[float] = []
    for _ in range(2):
        ours.append(_engine(request, pair, repeat) * 1000)
        if timer is not None:
            printed = subprocess.run([timer, kind, str(path), str(repeat)], check=True,
                                     capture_output=True, text=True).stdout
            found = re.search(r"pair median ([\d.]+) ms", printed)
            if found is None:
                raise SystemExit(f"the timing driver printed no pair median: {printed!r}")
            theirs.append(float(found[1]))
    return min(ours), (min(theirs) if theirs else None)


def _run(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """One run of `command`: (wall clock, CPU time of the child) in seconds."""
    import resource

    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def _with_team_records(text: str, snapshot: TournamentSnapshot) -> str:
    """The file with a TRF-2026 310 record per team (team k: entrant k alone, one board)."""
    from app.pairing.trf_teams import TeamBye, TeamEntry, team_lines

    teams = [TeamEntry(p.number, p.name or f"Team {p.number}", (p.number,))
             for p in snapshot.players]
    return text + "\n".join(team_lines(teams, snapshot.players, 1, TeamBye())) + "\n"


def _commands(binary: str | None, flag: str, system: str, path: Path, repeat: int,
              ours_path: Path | None = None
              ) -> tuple[tuple[float, float], tuple[float, float] | None]:
    """Medians (wall clock, CPU) of our whole `python -m app trf pair FILE --system ...`
    command (Python start-up, imports, reading, pairing; on `ours_path` when given) and of
    the reference's `pair` command, run interleaved so that both see the same load of the
    shared machine."""
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    # as an installed program runs: its modules compiled once (a first run writes them)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    ours_command = [sys.executable, "-m", "app", "trf", "pair", str(ours_path or path),
                    "--system", system]
    _run(ours_command, env)
    ours: list[tuple[float, float]] = []
    theirs: list[tuple[float, float]] = []
    for _ in range(repeat):
        ours.append(_run(ours_command, env))
        if binary is not None:
            theirs.append(_run([binary, "pair", flag, str(path)]))

    def median(runs: list[tuple[float, float]]) -> tuple[float, float]:
        return (statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs))

    return median(ours), (median(theirs) if theirs else None)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--engine-repeat", type=int, default=30)
    args = parser.parse_args()
    timer = os.environ.get("CHESSPAIRING_TIMER")
    if timer is None:
        print("reference timing driver not set (CHESSPAIRING_TIMER): the engines-alone "
              "reference column is skipped")
    binary = os.environ.get("CHESSPAIRING_BIN") or shutil.which("chesspairing")
    if binary is None:
        print("reference binary not found (set CHESSPAIRING_BIN or put `chesspairing` on "
              "the PATH): its column is skipped")
    cases: list[tuple[str, int, Pairer, str, str, str]] = [
        ("Double-Swiss", 300, double_swiss.pair, "--double-swiss", "double_swiss", "double"),
        ("Team Swiss", 60, team_swiss.pair, "--team", "team_swiss", "team"),
    ]
    engines: list[str] = []
    print(f"{'system':<14}{'entrants':>9}{'round':>7}{'in-process (s)':>15}{'pairing (s)':>13}"
          f"{'ours (s)':>10}{'reference (s)':>15}{'ratio':>7}{'ours CPU':>10}{'ref CPU':>9}"
          f"{'ratio':>7}{'engine CPU (ms)':>16}")
    with tempfile.TemporaryDirectory() as folder:
        for label, entrants, pair, flag, system, kind in cases:
            snapshot = _play(entrants, args.rounds, pair, seed=entrants)
            text = write_trf(snapshot, name=f"bench {label}", newline="\n",
                             header=TrfHeader(system=TRF_TYPES[System(system)]))
            path = Path(folder) / f"{label.replace(' ', '_')}.trf"
            path.write_text(text, encoding="utf-8")
            ours_path = None
            if kind == "team":  # our command reads a Team Swiss by its teams' 310 records
                ours_path = path.with_suffix(".teams.trf")
                ours_path.write_text(_with_team_records(text, snapshot), encoding="utf-8")
            inside, pairing, engine_cpu = _ours(text, pair, args.repeat)
            (ours, ours_cpu), measured = _commands(binary, flag, system, path, args.repeat,
                                                   ours_path)
            if measured is None:
                shown = f"{'-':>15}{'-':>7}{ours_cpu:>10.3f}{'-':>9}{'-':>7}"
            else:
                theirs, theirs_cpu = measured
                shown = (f"{theirs:>15.3f}{ours / theirs:>7.2f}{ours_cpu:>10.3f}"
                         f"{theirs_cpu:>9.3f}{ours_cpu / max(theirs_cpu, 1e-6):>7.2f}")
            print(f"{label:<14}{entrants:>9}{args.rounds + 1:>7}{inside:>15.3f}{pairing:>13.3f}"
                  f"{ours:>10.3f}{shown}{engine_cpu * 1000:>16.2f}")
            alone, reference = _engines(timer, kind, path, read_trf(text).next_round_request(),
                                        pair, args.engine_repeat)
            engines.append(f"{label:<14}{alone:>12.2f}" + (
                f"{reference:>14.2f}{alone / reference:>7.2f}" if reference else
                f"{'-':>14}{'-':>7}"))
    print(f"\n{'engines alone':<14}{'ours (ms)':>12}{'reference':>14}{'ratio':>7}")
    print("\n".join(engines))
    print("in-process: reading the TRF and pairing in this process; pairing: the engine alone; "
          "ours: the whole `python -m app trf pair FILE --system ...` command and reference: "
          "its whole `pair` command (process start included), run interleaved; CPU: processor "
          "seconds of the commands (steadier than the wall clock on a shared machine); engine "
          "CPU: processor milliseconds of the pairing alone, in this process; engines alone: "
          "medians of our pairing (CPU) and of the reference's pairer (its driver's clock), "
          "in turn, the lower of two turns each")
    return 0


if __name__ == "__main__":
    sys.exit(main())
