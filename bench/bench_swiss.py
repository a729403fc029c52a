"""Benchmark of the Swiss engine: next-round pairing time on the shared files.

For each file of tests/data/swiss/complete/ the round after the last one played is paired
(as `python -m app trf pair FILE` does), start-up included: reading and parsing the TRF,
building the request, pairing. Prints worst and median per size, next to the reference
engine's figures from tests/data/swiss/README.md; then a 1000-player tournament made here
(seeded random results, paired by our own engine) to show that it finishes.

    .venv/bin/python bench/bench_swiss.py            # shared files, all sizes
    .venv/bin/python bench/bench_swiss.py --big      # and the 1000-player tournament
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from app.pairing.swiss import pair
from app.pairing.trf import read_trf
from app.pairing.types import (
    Colour,
    NoLegalPairing,
    Outcome,
    PairingRequest,
    PlayerHistory,
    PointSystem,
    RoundRecord,
    TournamentSnapshot,
)

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "swiss" / "complete"
REFERENCE = {150: 0.08, 300: 1.1, 1000: 67.0}


def next_round_time(path: Path) -> float:
    start = time.perf_counter()
    tournament = read_trf(path.read_text(encoding="utf-8"), str(path))
    try:
        pair(tournament.next_round_request())
    except NoLegalPairing:
        pass  # small files can run out of opponents; the answer took time all the same
    return time.perf_counter() - start


def shared_files() -> None:
    times: dict[int, list[float]] = defaultdict(list)
    for path in sorted(DATA.glob("*.trf")):
        size = int(path.name[1:4])
        times[size].append(next_round_time(path))
    print(f"{'players':>8} {'files':>5} {'median s':>9} {'worst s':>8} {'reference s':>12}")
    for size in sorted(times):
        values = times[size]
        ref = REFERENCE.get(size)
        print(
            f"{size:>8} {len(values):>5} {statistics.median(values):>9.3f} "
            f"{max(values):>8.3f} {ref if ref is not None else '':>12}"
        )


def simulated(players: int, rounds: int, seed: int = 1) -> tuple[PairingRequest, list[float]]:
    """A tournament of `players` paired round by round by our engine with random results;
    returns the request for the last round and the time each round's pairing took."""
    rng = random.Random(seed)
    points = PointSystem()
    histories: dict[int, list[RoundRecord]] = {n: [] for n in range(1, players + 1)}
    took: list[float] = []
    request = None
    for k in range(1, rounds + 1):
        snapshot = TournamentSnapshot(
            tuple(PlayerHistory(n, tuple(h)) for n, h in histories.items()),
            rounds,
            points,
            Colour.FIRST,
        )
        request = PairingRequest(snapshot, k)
        start = time.perf_counter()
        pairing = pair(request)
        took.append(time.perf_counter() - start)
        for board in pairing.boards:
            if board.second is None:
                histories[board.first].append(RoundRecord(k, Outcome.PAB, points=points.pab))
                continue
            roll = rng.random()
            a, b = board.first, board.second
            outcome_a = Outcome.WIN if roll < 0.4 else Outcome.DRAW if roll < 0.6 else Outcome.LOSS
            outcome_b = {Outcome.WIN: Outcome.LOSS, Outcome.LOSS: Outcome.WIN}.get(
                outcome_a, Outcome.DRAW
            )
            histories[a].append(
                RoundRecord(k, outcome_a, b, Colour.FIRST, points.points(outcome_a))
            )
            histories[b].append(
                RoundRecord(k, outcome_b, a, Colour.SECOND, points.points(outcome_b))
            )
    assert request is not None
    return request, took


def main(argv: list[str]) -> int:
    shared_files()
    if "--big" in argv:
        for players, rounds in ((1000, 7),):
            _, took = simulated(players, rounds)
            per_round = ", ".join(f"{t:.1f}" for t in took)
            print(
                f"{players} players, simulated, seconds per round: {per_round}; "
                f"last round {took[-1]:.1f} s (reference engine: {REFERENCE[players]} s)"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
