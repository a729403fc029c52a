"""Dev check: re-pair every round of the shared Swiss files and count matches."""

from __future__ import annotations

import sys
import time
from pathlib import Path

from app.pairing.swiss import pair
from app.pairing.trf import read_trf
from app.pairing.types import NoLegalPairing

ROOT = Path(__file__).resolve().parent.parent / "tests" / "data" / "swiss"


def boards(pairing):
    return sorted((b.first, b.second or 0) for b in pairing.boards)


def main(argv: list[str]) -> int:
    pattern = argv[1] if len(argv) > 1 else "*"
    ok = bad = 0
    worst = 0.0
    for path in sorted((ROOT / "complete").glob(pattern + ".trf")):
        t = read_trf(path.read_text(), str(path))
        for k in range(1, t.rounds_played + 1):
            request = t.request_for_round(k)
            start = time.perf_counter()
            try:
                got = boards(pair(request))
            except NoLegalPairing as exc:
                got = str(exc)
            took = time.perf_counter() - start
            worst = max(worst, took)
            want = boards(t.pairing_of_round(k))
            if got == want:
                ok += 1
            else:
                bad += 1
                print(f"DIFF {path.name} round {k} ({took:.2f}s)")
                if "-v" in argv:
                    print("  want", want)
                    print("  got ", got)
    nop_ok = nop_bad = 0
    for path in sorted((ROOT / "nopairing").glob(pattern + ".trf")):
        t = read_trf(path.read_text(), str(path))
        try:
            pair(t.next_round_request())
            nop_bad += 1
            print(f"PAIRED {path.name}")
        except NoLegalPairing:
            nop_ok += 1
    print(f"complete: {ok} ok, {bad} bad; nopairing: {nop_ok} ok, {nop_bad} bad; worst {worst:.2f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
