"""Dev cross-check on tournaments outside the shared data.

gacrux (MIT, installed for development only) generates random tournaments with byes,
half-point byes and forfeits, pairing every round by the FIDE Dutch rules; our engine
re-pairs every round from the rounds before it and must agree. gacrux is an oracle here
only: the application never imports it.

    .venv/bin/python bench/swiss_crosscheck.py [count] [first-seed] [sizes, e.g. 50,90]
"""

from __future__ import annotations

import random
import subprocess
import sys
import tempfile
from pathlib import Path

from app.pairing.swiss import pair
from app.pairing.trf import read_trf
from app.pairing.types import NoLegalPairing


def boards(pairing) -> list[tuple[int, int]]:  # type: ignore[no-untyped-def]
    return sorted((b.first, b.second or 0) for b in pairing.boards)


def main(argv: list[str]) -> int:
    count = int(argv[1]) if len(argv) > 1 else 20
    first = int(argv[2]) if len(argv) > 2 else 0
    sizes = [int(x) for x in argv[3].split(",")] if len(argv) > 3 else [7, 9, 12, 15, 20, 27, 34, 41]
    rng = random.Random(first)
    ok = bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        for number in range(first, first + count):
            players = rng.choice(sizes)
            rounds = rng.randint(3, min(11, players - 1))
            zpb, hpb, forfeit = rng.choice(
                [("0.0", "0.0", "0.0"), ("0.02", "0.08", "0.05"), ("0.05", "0.1", "0.1")]
            )
            out = Path(tmp) / f"g{number}.trf"
            result = subprocess.run(
                [sys.executable, "-m", "gacrux.tournamentgenerator", "-p", str(players),
                 "-N", str(rounds), "-g", str(number), "1", "-S", zpb, hpb, forfeit,
                 "-o", str(Path(tmp) / "g%d.trf"), "-F", "TRF"],
                capture_output=True, text=True, timeout=600,
            )
            files = sorted(Path(tmp).glob(f"g{number:04d}.trf")) or sorted(
                Path(tmp).glob(f"g*{number}.trf")
            )
            if result.returncode or not files:
                print(f"generator failed for {number}: {result.stderr[-300:]}")
                continue
            out = files[0]
            tournament = read_trf(out.read_text(encoding="utf-8"), str(out))
            for k in range(1, tournament.rounds_played + 1):
                try:
                    got = boards(pair(tournament.request_for_round(k)))
                except NoLegalPairing:
                    got = []
                if got == boards(tournament.pairing_of_round(k)):
                    ok += 1
                else:
                    bad += 1
                    print(f"DIFF tournament {number} ({players} players) round {k}")
            out.unlink()
    print(f"{ok} rounds agree, {bad} differ")
    return 0 if bad == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
