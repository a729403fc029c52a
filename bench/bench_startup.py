"""Benchmark of what the arbiter waits for: each command's start and work, the window's start.

Every figure is the median CPU time (user + system of the child process, from `wait4`) over
`--trials` interleaved runs, beside the interpreter floor (`python -c pass`) and `trf pair` on
the same players, both measured in the same run, with each row's ratio to them; wall time is
printed too but varies on a shared machine. `import sqlalchemy.orm` alone is measured as well:
the least an event command can cost (it opens the event through the ORM).

Measured on a finished 150-player qiwang demo (its 公开组): `--help`, `trf pair` of the
group's nine rounds exported as TRF, `pair` of round 10 (the group's rounds raised to 10), `result` of
one board, `standings`, `crosstable`, the window from start to shown (`main.py
--self-test-screenshot`, offscreen) and `export` of everything. Peak memory (max RSS) is
printed for the window and the export.

The event commands start with the cycle collector off until their event is open (app/cli.py),
so their floor is the ORM and the SQLite dialect imported that way: the row "sqlalchemy.orm+
sqlite, no gc"; the gap from it to each command is our own modules, the mapping of the tables,
the queries and the work, printed last for each event command (the part this program can cut:
SQLAlchemy's own import, with the asyncio and importlib.metadata it imports unconditionally,
is about twice `trf pair` by itself, so the 2x target cannot be met while the ORM is the store).

The program's sources are compiled to bytecode once before measuring, and the commands may
cache it (PYTHONDONTWRITEBYTECODE is not passed on), as an installed program has its bytecode:
otherwise every run would compile the whole program again.

Run: .venv/bin/python bench/bench_startup.py [--players N] [--trials T] [--no-export]
     [--no-window]
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


def child_env() -> dict[str, str]:
    """The commands' environment: this checkout first on the path, bytecode cached."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run(argv: Sequence[str], cwd: Path) -> Run:
    """Runs one command to its end and reads its own resource use (not this process's)."""
    env = child_env()
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
                   env=child_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    unpaired = folder / "unpaired.db"
    shutil.copy(finished, unpaired)
    subprocess.run([python, "-m", "app", "group", str(unpaired), "--group", GROUP, "--rounds", "10"],
                   cwd=ROOT, check=True, env=child_env(),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    exported = folder / "trf"
    subprocess.run([python, "-m", "app", "export", str(unpaired), "--out", str(exported)],
                   cwd=ROOT, check=True, env=child_env(),
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
    parser.add_argument("--no-window", action="store_true", help="skip the window's start")
    args = parser.parse_args()
    python = sys.executable

    subprocess.run([python, "-m", "compileall", "-q", str(ROOT / "app"), str(ROOT / "main.py")],
                   check=True, env=child_env(), stdout=subprocess.DEVNULL)
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        finished, unpaired, trf = prepare(folder, args.players)
        work = folder / "work.db"
        paired = folder / "paired.db"
        shutil.copy(unpaired, paired)
        subprocess.run([python, "-m", "app", "pair", str(paired), "--group", GROUP], cwd=ROOT,
                       check=True, env=child_env(),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

        def fresh(source: Path) -> Path:
            shutil.copy(source, work)
            return work

        app = [python, "-m", "app"]
        cases: list[tuple[str, Path | None, list[str]]] = [
            (FLOOR, None, [python, "-c", "pass"]),
            ("import sqlalchemy.orm", None, [python, "-c", "import sqlalchemy.orm"]),
            (ORM_NO_GC, None, [python, "-c", "import gc; gc.disable(); import sqlalchemy.orm, "
                                               "sqlalchemy.dialects.sqlite"]),
            ("--help", None, [*app, "--help"]),
            (TRF_PAIR, None, [*app, "trf", "pair", str(trf)]),
            ("pair (round 10)", unpaired, [*app, "pair", str(work), "--group", GROUP]),
            ("result (one board)", paired, [*app, "result", str(work), "--group", GROUP,
                                            "10", "1", "1-0"]),
            ("standings", finished, [*app, "standings", str(work), "--group", GROUP]),
            ("crosstable", finished, [*app, "crosstable", str(work), "--group", GROUP]),
        ]
        if not args.no_window:
            cases.append(("window start to shown", finished,
                          [python, "main.py", "--self-test-screenshot", str(folder / "shot.png"),
                           str(work)]))
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

    print(f"{args.players} players, {args.trials} trials, medians "
          f"(CPU = user + system of the command)")
    print(table(runs))


FLOOR = "python -c pass (floor)"
ORM_NO_GC = "sqlalchemy.orm+sqlite, no gc"
TRF_PAIR = "trf pair"
EVENT_COMMANDS = ("pair (round 10)", "result (one board)", "standings", "crosstable")


def table(runs: dict[str, list[Run]]) -> str:
    """Each row's median CPU, its ratio to the floor and to `trf pair` (both from the same
    runs), median wall and peak memory; then the targets of the event commands."""
    cpu = {label: statistics.median(r.cpu for r in rs) for label, rs in runs.items()}
    floor, trf = cpu[FLOOR], cpu[TRF_PAIR]
    lines = [f"{'what':28} {'CPU s':>7} {'x floor':>8} {'x trf pair':>11} {'wall s':>7} "
             f"{'max RSS MiB':>12}"]
    for label, rs in runs.items():
        wall = statistics.median(r.wall for r in rs)
        rss = max(r.max_rss_mib for r in rs)
        lines.append(f"{label:28} {cpu[label]:7.3f} {cpu[label] / floor:8.1f} "
                     f"{cpu[label] / trf:11.2f} {wall:7.3f} {rss:12.0f}")
    for label in EVENT_COMMANDS:
        if label in cpu:
            lines.append(f"{label} / trf pair: {cpu[label] / trf:.1f}x (target <= 2x)")
    if ORM_NO_GC in cpu:
        # What the program itself adds to the ORM it cannot do without (the module
        # docstring): our modules, the tables' mapping, the queries and the work.
        orm = cpu[ORM_NO_GC]
        for label in EVENT_COMMANDS:
            if label in cpu:
                lines.append(f"{label} beyond {ORM_NO_GC}: {cpu[label] - orm:.3f} s "
                             f"({(cpu[label] - orm) / trf:.1f}x trf pair)")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
