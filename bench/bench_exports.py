"""Benchmark of the exports: prints figures, asserts nothing.

1. `python -m app export` of everything (144 files: PDFs, booklets, Word, Excel, the
   federation package) of a finished 150-player qiwang demo (`demo --preset qiwang-2022`,
   its 公开组 at `--players`), as the arbiter runs it: CPU seconds (user + system of the
   child, from `wait4`), wall seconds and peak memory (max RSS), medians of `--trials` runs
   interleaved with the interpreter floor (`python -c pass`) measured in the same run.
   Target (issue 28): under 3 s CPU and 150 MiB.
2. In this process, where the time goes: each document of that export timed (CPU), the
   slowest printed, with the share of writing the PDFs out (their objects, font subsets,
   compression), and 150 certificates in one PDF (target <= 2 s).

Run: .venv/bin/python bench/bench_exports.py [--players N] [--trials T] [--dir FOLDER]
(the package writes many small files: the wall time depends on the file system as much as
on the CPU, so say where it ran; on a shared machine the CPU time is the steadier figure.)
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench_startup import Run, child_env, run  # noqa: E402 (one way to run and measure a child)

GROUP = "公开组"


def finished_event(folder: Path, players: int) -> Path:
    """A finished qiwang demo with `players` in its 公开组."""
    event = folder / "finished.db"
    subprocess.run([sys.executable, "-m", "app", "demo", str(event), "--preset", "qiwang-2022",
                    "--size", f"{GROUP}={players}"], cwd=ROOT, env=child_env(), check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return event


def command_figures(folder: Path, event: Path, trials: int) -> None:
    """The export as a command beside the interpreter floor, interleaved."""
    work, out = folder / "work.db", folder / "out"
    cases = {"python -c pass (floor)": [sys.executable, "-c", "pass"],
             "export (everything)": [sys.executable, "-m", "app", "export", str(work),
                                     "--out", str(out)]}
    runs: dict[str, list[Run]] = {label: [] for label in cases}
    for _ in range(trials):  # one run of each per trial: a slow spell hits both alike
        for label, argv in cases.items():
            shutil.copy(event, work)  # a fresh copy: each export takes a snapshot
            shutil.rmtree(out, ignore_errors=True)
            runs[label].append(run(argv, ROOT))
    files = sum(1 for p in out.rglob("*") if p.is_file())
    floor = statistics.median(r.cpu for r in runs["python -c pass (floor)"])
    print(f"{trials} trials, medians (CPU = user + system of the command); export wrote "
          f"{files} files")
    print(f"{'what':26} {'CPU s':>7} {'x floor':>8} {'wall s':>7} {'max RSS MiB':>12}")
    for label, measured in runs.items():
        cpu = statistics.median(r.cpu for r in measured)
        wall = statistics.median(r.wall for r in measured)
        rss = statistics.median(r.max_rss_mib for r in measured)
        print(f"{label:26} {cpu:7.2f} {cpu / floor:8.1f} {wall:7.2f} {rss:12.0f}")
    print("target: export under 3 s CPU and 150 MiB")


def _time_pdf_saving() -> list[float]:
    """The CPU seconds reportlab's canvas spends saving (each PDF's objects, font subsets,
    compression), summed in the list returned as documents are written."""
    from reportlab.pdfgen.canvas import Canvas

    spent = [0.0]
    save = Canvas.save

    def timed(canvas: Canvas) -> None:
        cpu = time.process_time()
        save(canvas)
        spent[0] += time.process_time() - cpu

    setattr(Canvas, "save", timed)  # noqa: B010 (in this measuring process only)
    return spent


def document_figures(folder: Path, event: Path) -> None:
    """Each document of the export timed in this process (CPU), the slowest printed."""
    from app.exports import bundle
    from app.exports.certificates import write_certificates
    from app.exports.fonts import register_fonts
    from app.exports.model import Award
    from app.services.event import Event
    from app.services.exporting import build_model

    cpu = time.process_time()
    register_fonts()
    print(f"fonts registered: {time.process_time() - cpu:.2f} s CPU")
    work = folder / "documents.db"
    shutil.copy(event, work)
    cpu = time.process_time()
    model = build_model(Event.open(work))
    print(f"export model built: {time.process_time() - cpu:.2f} s CPU")
    saving = _time_pdf_saving()
    written: list[Path] = []
    tasks = bundle._tasks(model, folder / "documents", True, True, True,
                          bundle.certificates.DEFAULT_TEMPLATE, written)
    timed: list[tuple[float, str]] = []
    for label, task in tasks:
        cpu = time.process_time()
        written.extend(task())
        timed.append((time.process_time() - cpu, label))
    total = sum(seconds for seconds, _ in timed)
    print(f"{len(tasks)} documents, {len(written)} files: {total:.2f} s CPU (of it writing the "
          f"PDFs out, font subsets and compression: {saving[0]:.2f} s); slowest:")
    for seconds, label in sorted(timed, reverse=True)[:8]:
        print(f"  {seconds:5.2f} s  {label}")

    rows = model.standings[0].rows
    awards = [Award(GROUP, row.rank, model.player(row.player).name,
                    model.player(row.player).unit, model.standings[0].group, row.player, "证书",
                    "一段" if row.rank <= 30 else "") for row in rows[:150]]
    target = folder / "certificates.pdf"
    start, cpu = time.perf_counter(), time.process_time()
    write_certificates(model, target, awards)
    print(f"{len(awards)} certificates in one PDF: {time.perf_counter() - start:.2f} s wall, "
          f"{time.process_time() - cpu:.2f} s CPU ({target.stat().st_size / 1024:.0f} KiB; "
          "target <= 2 s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to write (a temporary folder inside it); default: system temp")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as name:
        folder = Path(name)
        event = finished_event(folder, args.players)
        command_figures(folder, event, args.trials)
        document_figures(folder, event)


if __name__ == "__main__":
    main()
