"""A small driver the crash tests run in a subprocess and kill (SIGKILL) in mid-work.

    python tests/reliability/crash_driver.py import  FILE GROUP LIST [--pause-at-flush]
    python tests/reliability/crash_driver.py pair    FILE GROUP      [--pause-at-flush]
    python tests/reliability/crash_driver.py results FILE GROUP ROUND
    python tests/reliability/crash_driver.py restore FILE - SNAPSHOT_ID

It calls the services exactly as the command line does, and prints a line (flushed at once)
only after each operation has returned: `RETURNED ...` for import and pair, `OK <board>` per
result. With `--pause-at-flush` it prints `FLUSHED` after the operation's rows have been
written to the database but before the commit, then sleeps, so the test can kill it there.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from sqlalchemy import event as sa_event  # noqa: E402
from sqlalchemy.orm import Session  # noqa: E402

from app.services.event import Event  # noqa: E402
from app.services.importing import import_lists  # noqa: E402
from app.services.queries import round_view  # noqa: E402
from app.services.rounds import enter_result, pair_next_round  # noqa: E402
from app.store.snapshots import restore_snapshot  # noqa: E402


def _say(text: str) -> None:
    sys.stdout.write(text + "\n")
    sys.stdout.flush()


def _pause_at_flush() -> None:
    def _after_flush(session: Session, _context: object) -> None:
        if session.new or session.dirty or session.deleted:  # rows were written just now
            _say("FLUSHED")
            time.sleep(60)

    sa_event.listen(Session, "after_flush", _after_flush)


def main(argv: list[str]) -> int:
    command, location, group = argv[0], argv[1], argv[2]
    if "--pause-at-flush" in argv:
        _pause_at_flush()
    event = Event.open(location, station="crash-driver")
    _say("OPENED")
    if command == "import":
        report = import_lists(event, [argv[3]], group)
        _say(f"RETURNED {report.entrants} {report.written}")
    elif command == "pair":
        info = pair_next_round(event, group)
        _say(f"RETURNED {info.number} {len(info.boards)}")
    elif command == "results":
        number = int(argv[3])
        boards = [b.number for b in round_view(event, group, number).boards
                  if b.second is not None and not b.result]
        for board in boards:
            enter_result(event, group, number, board, ["1-0" if board % 2 else "0-1"])
            _say(f"OK {board}")
        _say("RETURNED")
    elif command == "restore":
        before = restore_snapshot(event.store, int(argv[3]))
        _say(f"RETURNED {before.id}")
    event.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
