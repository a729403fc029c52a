"""Benchmark of the renju judge: time to judge a whole position (every forbidden point and
both sides' five points) over tests/data/renju/positions.jsonl, and the end-to-end
`python -m app judge` run on the same file (start-up included).

Run: .venv/bin/python bench/bench_judge.py   (targets: median <= 2 ms, end to end < 8 s)
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from app.rules import judge as judge_module  # noqa: E402
from app.rules.board import Position, parse_point  # noqa: E402
from app.rules.judge import judge_position  # noqa: E402

DATA = ROOT / "tests" / "data" / "renju" / "positions.jsonl"


def _positions() -> list[Position]:
    out = []
    for line in DATA.read_text(encoding="utf-8").splitlines():
        record = json.loads(line)
        out.append(Position.of([parse_point(p) for p in record["black"]],
                               [parse_point(p) for p in record["white"]]))
    return out


def _times(positions: list[Position]) -> list[float]:
    times = []
    for position in positions:
        start = time.perf_counter()
        judge_position(position)
        times.append(time.perf_counter() - start)
    return times


def main() -> None:
    positions = _positions()
    judge_module._CACHE.clear()
    cold = _times(positions)
    warm = _times(positions)
    for label, times in (("cold cache (first pass)", cold), ("warm cache", warm)):
        print(f"judge_position, {label}: {len(times)} positions, "
              f"median {statistics.median(times) * 1000:.3f} ms, "
              f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.3f} ms, "
              f"worst {max(times) * 1000:.3f} ms")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "app", "judge"], stdin=DATA.open("rb"),
                   stdout=subprocess.DEVNULL, cwd=ROOT, check=True)
    print(f"python -m app judge < positions.jsonl: {time.perf_counter() - start:.2f} s end to end")
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", "import app.cli; app.cli.build_parser()"], cwd=ROOT,
                   check=True)
    print(f"  of which start-up (import + command discovery): "
          f"{time.perf_counter() - start:.2f} s")


if __name__ == "__main__":
    main()
