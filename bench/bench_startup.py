"""Benchmark of what the arbiter waits for: each command's start and work, the window's start.

Every figure is the median CPU time (user + system of the child process, from `wait4`) over
`--trials` interleaved runs, beside the interpreter floor (`python -c pass`) measured in the
same run and the ratio to it; wall time is printed too but varies on a shared machine.

Measured on a finished 150-player qiwang demo (its 公开组): `--help`, `trf pair` of the
group's nine rounds exported as TRF, `pair` of round 10 (the group's rounds raised to 10), `result` of
one board, `standings`, `crosstable`, the window from start to shown (`main.py
--self-test-screenshot`, offscreen) and `export` of everything. Peak memory (max RSS) is
printed for the window and the export.

Run: .venv/bin/python bench/bench_startup.py [--players N] [--trials T] [--no-export]
Targets (issue 28): pair / result / standings within 2x of `trf pair` on the same players;
the window under 1 s CPU; export under 3 s CPU and 150 MiB.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GROUP = "公开组"


@dataclass(frozen=True)
class Run:
    """One child process: CPU seconds, wall seconds, peak resident memory in MiB."""

    cpu: float
    wall: float
    max_rss_mib: float


def run(argv: Sequence[str], cwd: Path) -> Run:
    """Runs one command to its end and reads its own resource use (not this process's)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    start = time.perf_counter()
    process = subprocess.Popen(list(argv), cwd=cwd, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        error = process.stderr.read().decode(errors="replace") if process.stderr else ""
        raise SystemExit(f"failed: {' '.join(argv)}\n{error}")
    if process.stderr:
        process.stderr.close()
    # ru_maxrss is in KiB on Linux.
    return Run(usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss / 1024)


def prepare(folder: Path, players: int) -> tuple[Path, Path, Path]:
    """A finished demo, a copy of it with a tenth round allowed, and the group's TRF."""
    python = sys.executable
    finished = folder / "finished.db"
    subprocess.run([python, "-m", "app", "demo", str(finished), "--preset", "qiwang-2022",
                    "--size", f"{GROUP}={players}"], cwd=ROOT, check=True,
                   env=dict(os.environ, PYTHONPATH=str(ROOT)), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    unpaired = folder / "unpaired.db"
    shutil.copy(finished, unpaired)
    subprocess.run([python, "-m", "app", "group", str(unpaired), "--group", GROUP, "--rounds", "10"],
                   cwd=ROOT, check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    exported = folder / "trf"
    subprocess.run([python, "-m", "app", "export", str(unpaired), "--out", str(exported)],
                   cwd=ROOT, check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    trfs = sorted(exported.rglob("*.trf"))
    if not trfs:
        raise SystemExit("the export wrote no TRF file")
    trf = max(trfs, key=lambda path: path.stat().st_size)
    return finished, unpaired, trf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--no-export", action="store_true", help="skip the export (slowest)")
    args = parser.parse_args()
    python = sys.executable

    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        finished, unpaired, trf = prepare(folder, args.players)
        work = folder / "work.db"
        paired = folder / "paired.db"
        shutil.copy(unpaired, paired)
        subprocess.run([python, "-m", "app", "pair", str(paired), "--group", GROUP], cwd=ROOT,
                       check=True, env=dict(os.environ, PYTHONPATH=str(ROOT)),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def fresh(source: Path) -> Path:
            shutil.copy(source, work)
            return work

        app = [python, "-m", "app"]
        cases: list[tuple[str, Path | None, list[str]]] = [
            ("python -c pass (floor)", None, [python, "-c", "pass"]),
            ("--help", None, [*app, "--help"]),
            (f"trf pair ({args.players} p)", None, [*app, "trf", "pair", str(trf)]),
            ("pair (round 10)", unpaired, [*app, "pair", str(work), "--group", GROUP]),
            ("result (one board)", paired, [*app, "result", str(work), "--group", GROUP,
                                            "10", "1", "1-0"]),
            ("standings", finished, [*app, "standings", str(work), "--group", GROUP]),
            ("crosstable", finished, [*app, "crosstable", str(work), "--group", GROUP]),
            ("window start to shown", finished,
             [python, "main.py", "--self-test-screenshot", str(folder / "shot.png"),
              str(work)]),
        ]
        if not args.no_export:
            cases.append(("export (everything)", finished,
                          [*app, "export", str(work), "--out", str(folder / "out")]))

        runs: dict[str, list[Run]] = {label: [] for label, _, _ in cases}
        # Interleaved: one run of each case per trial, so a slow spell hits every case alike.
        for _ in range(args.trials):
            for label, source, argv in cases:
                if source is not None:
                    fresh(source)
                shutil.rmtree(folder / "out", ignore_errors=True)
                runs[label].append(run(argv, ROOT))

    floor = statistics.median(r.cpu for r in runs[cases[0][0]])
    print(f"{args.players} players, {args.trials} trials, medians "
          f"(CPU = user + system of the command)")
    print(f"{'what':28} {'CPU s':>7} {'x floor':>8} {'wall s':>7} {'max RSS MiB':>12}")
    for label, _, _ in cases:
        cpu = statistics.median(r.cpu for r in runs[label])
        wall = statistics.median(r.wall for r in runs[label])
        rss = max(r.max_rss_mib for r in runs[label])
        print(f"{label:28} {cpu:7.3f} {cpu / floor:8.1f} {wall:7.3f} {rss:12.0f}")
    trf_cpu = statistics.median(r.cpu for r in runs[cases[2][0]])
    for label in ("pair (round 10)", "result (one board)", "standings"):
        ratio = statistics.median(r.cpu for r in runs[label]) / trf_cpu
        print(f"{label} / trf pair: {ratio:.1f}x (target <= 2x)")


if __name__ == "__main__":
    main()
