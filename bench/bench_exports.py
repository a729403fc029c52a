"""Benchmark of the exports: prints figures, asserts nothing.

Targets: 150 certificates in one PDF at most 2 s; the full export (PDF, Excel,
federation package) of a synthetic 150-player, 9-round event at most 10 s, with progress.

Run: .venv/bin/python bench/bench_exports.py [--players N] [--rounds R] [--dir FOLDER]
(the package writes ~1,400 small files: the figure depends on the file system as much as on
the CPU, so say where it ran; on a shared machine the CPU time is the steadier figure.)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from app.exports import export_all  # noqa: E402
from app.exports.certificates import write_certificates  # noqa: E402
from app.exports.fonts import register_fonts  # noqa: E402
from app.exports.model import Award  # noqa: E402
from tests.exports.sample import sample_model  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--dir", type=Path, default=None,
                        help="where to write (a temporary folder inside it); default: system temp")
    args = parser.parse_args()

    start = time.perf_counter()
    register_fonts()
    print(f"register fonts: {time.perf_counter() - start:.2f} s")

    model = sample_model(players=args.players, rounds=args.rounds, seed=2022)
    rows = model.standings[0].rows
    awards = [
        Award("公开组", row.rank, model.player(row.player).name, model.player(row.player).unit,
              "open", row.player, "证书", "一段" if row.rank <= 30 else "")
        for row in rows[:150]
    ]
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        out = Path(folder)
        start, cpu = time.perf_counter(), time.process_time()
        write_certificates(model, out / "certificates.pdf", awards)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        size = (out / "certificates.pdf").stat().st_size
        print(f"{len(awards)} certificates in one PDF: {elapsed:.2f} s wall, {cpu:.2f} s CPU "
              f"({size / 1024:.0f} KiB; target <= 2 s)")

        last = [time.perf_counter()]
        slowest: list[tuple[float, str]] = []

        def progress(done: int, total: int, label: str) -> None:
            now = time.perf_counter()
            if done:
                slowest.append((now - last[0], label))
            last[0] = now
            if done == total or done % 20 == 0:
                print(f"  progress {done}/{total}: {label}")

        start, cpu = time.perf_counter(), time.process_time()
        files = export_all(model, out / "all", progress=progress)
        elapsed, cpu = time.perf_counter() - start, time.process_time() - cpu
        total_size = sum(p.stat().st_size for p in files)
        print(f"full export, {args.players} players, {args.rounds} rounds: {elapsed:.2f} s wall, "
              f"{cpu:.2f} s CPU, "
              f"{len(files)} files, {total_size / 1024 / 1024:.1f} MiB (target <= 10 s)")
        for seconds, label in sorted(slowest, reverse=True)[:5]:
            print(f"  slowest: {label}: {seconds:.2f} s")


if __name__ == "__main__":
    main()
