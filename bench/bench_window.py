"""Benchmark of the window at 150 players, 9 rounds: prints how long each interaction takes.

Target: every interaction (switching views, opening the standings and the crosstable,
entering a result) answers within 100 ms; pairing (which shows progress) is reported too.
Eight rounds are played through the services first; the window then opens the event, pairs
round 9 and takes its results by keyboard, as the arbiter would.

Run: .venv/bin/python bench/bench_window.py [--players N] [--rounds R]
(offscreen Qt; on a shared machine the figures vary: run it twice.)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtCore import QSettings  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.services import groups, players, queries, rounds  # noqa: E402
from app.services.event import Event  # noqa: E402
from app.ui.application import prepare_application  # noqa: E402
from app.ui.main_window import MainWindow  # noqa: E402

GROUP = "公开组"
CODES = ("1-0", "0-1", "1-0", "0-1", "=")


def build(path: Path, count: int, rounds_total: int, played: int) -> None:
    """A qiwang open group of `count` players, `played` rounds paired and entered."""
    rng = random.Random(2022)
    with Event.create(path, preset="qiwang-2022") as event:
        groups.update_group(event, GROUP, rounds=rounds_total)
        for i in range(count):
            players.add_player(event, GROUP, name=f"棋手{i + 1:03d}", gender="F" if i % 5 else "M",
                               unit=f"单位{i % 23}")
        for number in range(1, played + 1):
            info = rounds.pair_next_round(event, GROUP)
            results = {b.number: [rng.choice(CODES)] for b in info.boards
                       if b.second is not None}
            rounds.enter_results(event, GROUP, number, results)


def timed(label: str, action: Callable[[], object], figures: list[tuple[str, float]]) -> object:
    start = time.perf_counter()
    value = action()
    QApplication.processEvents()
    elapsed = (time.perf_counter() - start) * 1000
    figures.append((label, elapsed))
    print(f"{label:<44} {elapsed:8.1f} ms", flush=True)
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-window-"))
    path = folder / "final.db"
    start = time.perf_counter()
    build(path, args.players, args.rounds, args.rounds - 1)
    print(f"event of {args.players} players, {args.rounds - 1} rounds played: "
          f"{time.perf_counter() - start:.1f} s (set-up, not timed below)")

    app = prepare_application()
    window = MainWindow(QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat))
    window.resize(1280, 860)
    window.show()
    app.processEvents()
    figures: list[tuple[str, float]] = []
    timed("open the event", lambda: window.open_event(path), figures)
    for round_ in (1, 2):
        for index, name in enumerate(("setup", "players", "rounds", "board", "standings")):
            timed(f"switch to {name} (visit {round_})",
                  lambda i=index: window.tabs.setCurrentIndex(i), figures)
    standings = window.standings_view
    timed("crosstable, first open", lambda: standings.pages.setCurrentIndex(1), figures)
    timed("standings table again", lambda: standings.pages.setCurrentIndex(0), figures)
    timed("crosstable again", lambda: standings.pages.setCurrentIndex(1), figures)
    standings.pages.setCurrentIndex(0)
    view = window.rounds_view
    window.tabs.setCurrentWidget(view)
    timed(f"pair round {args.rounds} (shows progress)", view.pair_next, figures)
    boards = [b.number for b in queries.round_view(window.ev, GROUP, args.rounds).boards
              if b.second is not None]
    entries = []
    for number in boards[:20]:
        start = time.perf_counter()
        view.entry.setFocus()
        view._entry_edited(f"{number} 1")  # what typing the last key does
        app.processEvents()
        entries.append((time.perf_counter() - start) * 1000)
    print(f"{'enter a result (20 boards): mean / max':<44} {statistics.mean(entries):8.1f} ms"
          f" / {max(entries):.1f} ms")
    window.tabs.setCurrentWidget(standings)
    timed("standings after the results", lambda: None, figures)
    slow = [(label, ms) for label, ms in figures if ms > 100 and "pair" not in label]
    print("over 100 ms:", ", ".join(f"{label} ({ms:.0f} ms)" for label, ms in slow) or "none")
    window.close()


if __name__ == "__main__":
    main()
