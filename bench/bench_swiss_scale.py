"""Benchmark of the Swiss engine at scale: `python -m app trf pair FILE` on big TRF rounds.

For each size (1 000, 3 000 and 9 999 players, the TRF format's largest pairing number) a
tournament is made here, seeded: the rounds already played are paired by a plain
score-order pairing (not our engine: only the history's shape matters) with random results,
written as a TRF file, and the next round is paired by the real command in a subprocess.
Prints, per file, the wall time, the CPU time and the peak memory (maximum resident set
size) of that subprocess, and how the command ended.

    .venv/bin/python bench/bench_swiss_scale.py                 # 1000, 3000, 9999 players
    .venv/bin/python bench/bench_swiss_scale.py --sizes 1000 --rounds 1,5 --keep DIR
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from app.pairing.trf import write_trf
from app.pairing.types import (
    Colour,
    Outcome,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

ROOT = Path(__file__).resolve().parent.parent


def _play_round(
    histories: dict[int, list[RoundRecord]], k: int, points: PointSystem, rng: random.Random
) -> None:
    """Pair round `k` in score order (each player against the next one not met yet) and
    draw the results: 40 % first-mover wins, 20 % draws, 40 % second-mover wins."""
    order = sorted(histories, key=lambda n: (-sum(r.points for r in histories[n]), n))
    met = {n: {r.opponent for r in histories[n]} for n in order}
    firsts = {n: sum(r.colour is Colour.FIRST for r in histories[n]) for n in order}
    had_bye = {n for n in order if any(r.outcome is Outcome.PAB for r in histories[n])}
    if len(order) % 2:
        bye = next(n for n in reversed(order) if n not in had_bye)
        order.remove(bye)
        histories[bye].append(RoundRecord(k, Outcome.PAB, points=points.pab))
    free = list(order)
    while free:
        a = free.pop(0)
        at = next((i for i, b in enumerate(free) if b not in met[a]), 0)
        b = free.pop(at)
        first, second = (a, b) if firsts[a] <= firsts[b] else (b, a)
        roll = rng.random()
        if roll < 0.4:
            results = (Outcome.WIN, Outcome.LOSS)
        elif roll < 0.6:
            results = (Outcome.DRAW, Outcome.DRAW)
        else:
            results = (Outcome.LOSS, Outcome.WIN)
        for player, opponent, colour, outcome in (
            (first, second, Colour.FIRST, results[0]),
            (second, first, Colour.SECOND, results[1]),
        ):
            histories[player].append(
                RoundRecord(k, outcome, opponent, colour, points.points(outcome))
            )


def tournament(players: int, played: int, total: int, seed: int) -> str:
    """The TRF text of a `players`-player, `total`-round tournament after `played` rounds."""
    rng = random.Random(seed)
    points = PointSystem()
    histories: dict[int, list[RoundRecord]] = {n: [] for n in range(1, players + 1)}
    for k in range(1, played + 1):
        _play_round(histories, k, points, rng)
    snapshot = TournamentSnapshot(
        tuple(PlayerHistory(n, tuple(h)) for n, h in histories.items()),
        total,
        points,
        Colour.FIRST,
    )
    return write_trf(snapshot, name=f"bench {players} players", point_scale=2)


def measure(path: Path, timeout: float) -> tuple[float, float, int, str]:
    """Wall seconds, CPU seconds, peak resident memory (MB) and outcome of `trf pair`, read
    from the subprocess's own resource use (`wait4`)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        process = subprocess.Popen(
            [sys.executable, "-m", "app", "trf", "pair", str(path)],
            stdout=out, stderr=err, env=env, cwd=ROOT,
        )
        timer = threading.Timer(timeout, process.kill)
        timer.start()
        _, status, usage = os.wait4(process.pid, 0)
        timer.cancel()
        wall = time.perf_counter() - start
        process.returncode = code = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        first_line, message = out.readline().strip(), err.read().strip()
    cpu = usage.ru_utime + usage.ru_stime
    peak_mb = usage.ru_maxrss // 1024  # kilobytes on Linux
    if code == 0:
        outcome = f"paired, {first_line} boards"
    elif code in (1, 2):
        outcome = f"exit {code}: {message.splitlines()[-1] if message else ''}"
    else:
        outcome = f"ended by signal {-code} (time limit {timeout:.0f} s, or out of memory)"
    return wall, cpu, peak_mb, outcome


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,3000,9999")
    parser.add_argument("--rounds", default="1,5", help="rounds to pair (1 = no history)")
    parser.add_argument("--total", type=int, default=9, help="planned rounds")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--timeout", type=float, default=1800.0)
    parser.add_argument("--keep", type=Path, help="folder to keep the TRF files in")
    args = parser.parse_args(argv[1:])
    folder = args.keep or Path(tempfile.mkdtemp(prefix="swiss-scale-"))
    folder.mkdir(parents=True, exist_ok=True)
    print(f"{'players':>8} {'round':>5} {'wall s':>8} {'cpu s':>8} {'peak MB':>8}  outcome")
    for size in (int(s) for s in args.sizes.split(",")):
        for k in (int(r) for r in args.rounds.split(",")):
            path = folder / f"n{size}_round{k}_s{args.seed}.trf"
            if not path.exists():
                path.write_text(tournament(size, k - 1, args.total, args.seed + size + k),
                                encoding="utf-8")
            wall, cpu, peak, outcome = measure(path, args.timeout)
            print(f"{size:>8} {k:>5} {wall:>8.1f} {cpu:>8.1f} {peak:>8}  {outcome}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
