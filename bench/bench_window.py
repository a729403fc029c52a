"""Benchmark of the window at 150 players, 9 rounds: how long each interaction takes.

Target: every interaction (opening the event, switching views, opening the standings and the
crosstable, entering a result, undo) answers within 100 ms; pairing shows progress instead
(the benchmark checks that its progress window is shown) and is reported too.

Eight rounds are played through the services first (not timed). Then, several times over
(`--trials`), a fresh window opens a fresh copy of that event and the arbiter's interactions
are timed: the event opened, the first and a repeat visit to each view, the crosstable,
round 9 paired, results typed board by board, undo and redo. Each figure printed is the
median over the trials (results and undo: the median over every one typed); the last
column says whether it is within 100 ms. Once the event is open, what the process made so
far is frozen for the garbage collector, as the program does once it is up with its event. The `cpu` column is the median processor time of
the window's own (GUI) thread: on a machine shared with other work the elapsed time is
longer; a worker thread's time (the pairing, the standings worked out ahead after a pause)
is not in it.

First the window's start is measured in fresh processes (start page; the event given on the
command line), its CPU time beside the interpreter's and Qt's floors: the whole process's to
the picture taken (with an event: once it is open), and, as the window's self-test reports
it, the CPU when it was first on the screen and when the event had opened, and the longest
the window then went without answering (the event loads in a worker thread meanwhile).

Run: PYTHONPATH=. .venv/bin/python bench/bench_window.py [--players N] [--rounds R]
     [--trials T] [--results K] [--start-trials S]
(offscreen Qt; on a shared machine the figures vary: the medians are what to compare.)
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from pathlib import Path
from typing import Any

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QSettings, QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from app.services import groups, players, queries, rounds  # noqa: E402
from app.services.event import Event  # noqa: E402
from app.ui import operations as ui_operations  # noqa: E402
from app.ui.application import prepare_application  # noqa: E402
from app.ui.main_window import MainWindow  # noqa: E402

GROUP = "公开组"
CODES = ("1-0", "0-1", "1-0", "0-1", "=")
LIMIT_MS = 100.0
VIEWS = ("setup", "players", "rounds", "board", "standings")


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
            results: dict[int, Sequence[str]] = {b.number: [rng.choice(CODES)]
                                                 for b in info.boards if b.second is not None}
            rounds.enter_results(event, GROUP, number, results)


class Figures:
    """Milliseconds per interaction, gathered over the trials, printed as medians."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}
        self.order: list[str] = []
        self.untimed: set[str] = set()  # shows progress instead of answering at once

    def add(self, label: str, ms: float, cpu_ms: float) -> None:
        if label not in self.times:
            self.times[label] = []
            self.cpu[label] = []
            self.order.append(label)
        self.times[label].append(ms)
        self.cpu[label].append(cpu_ms)

    def timed(self, label: str, action: Callable[[], object]) -> object:
        # CPU: the GUI thread's own (a worker working ahead meanwhile is not counted).
        start, cpu = time.perf_counter(), time.thread_time()
        value = action()
        QApplication.processEvents()  # what the action asked to be painted, painted
        self.add(label, (time.perf_counter() - start) * 1000,
                 (time.thread_time() - cpu) * 1000)
        return value

    def report(self) -> list[str]:
        """Print the table; the labels over the limit (those that must answer at once)."""
        print("\n(1st: the first trial, in a process that had not loaded the view's modules yet,"
              " as after the program's start; median, min, max over all trials)")
        print(f"{'interaction (ms)':<46} {'1st':>7} {'median':>8} {'min':>8} {'max':>8} "
              f"{'cpu':>7}  n  verdict (on the median)")
        over = []
        for label in self.order:
            values = self.times[label]
            median = statistics.median(values)
            if label in self.untimed:
                verdict = "shows progress"
            elif median <= LIMIT_MS:
                verdict = "under 100 ms"
            else:
                verdict = "OVER 100 ms"
                over.append(f"{label} ({median:.0f} ms)")
            cpu = statistics.median(self.cpu[label])
            print(f"{label:<46} {values[0]:7.1f} {median:8.1f} {min(values):8.1f} "
                  f"{max(values):8.1f} {cpu:7.1f} {len(values):2d}  {verdict}")
        return over


@contextlib.contextmanager
def watching_progress(seen: list[bool]) -> Iterator[None]:
    """Notes whether the pairing's progress window was shown while it worked."""
    original = ui_operations.busy

    @contextlib.contextmanager
    def busy(parent: Any, text: str) -> Iterator[Any]:
        with original(parent, text) as dialog:
            seen.append(dialog.isVisible())
            yield dialog

    ui_operations.busy = busy  # type: ignore[assignment]
    try:
        yield
    finally:
        ui_operations.busy = original  # type: ignore[assignment]


@contextlib.contextmanager
def answering(gaps: list[tuple[float, float, float]], skip: object,
              every_ms: int = 10) -> Iterator[None]:
    """While the block runs (a pairing): how long the worker worked, the longest the event
    loop went without answering a timer of `every_ms` meanwhile, and how long the GUI thread
    then took to show the round paired (milliseconds)."""
    ticks: list[float] = []
    marks: dict[str, float] = {}
    original = ui_operations._Work.run

    def run(work: Any) -> None:
        if work.relay is skip:  # the standings worked out ahead, not the pairing
            original(work)
            return
        marks["start"] = time.perf_counter()
        try:
            original(work)
        finally:
            marks["end"] = time.perf_counter()

    timer = QTimer()
    timer.setInterval(every_ms)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    ui_operations._Work.run = run  # type: ignore[method-assign]
    timer.start()
    try:
        yield
    finally:
        timer.stop()
        ui_operations._Work.run = original  # type: ignore[method-assign]
    ended = time.perf_counter()
    if "end" in marks:
        start, end = marks["start"], marks["end"]
        points = [start, *(t for t in ticks if start <= t <= end), end]
        gap = max(b - a for a, b in zip(points, points[1:], strict=False))
        gaps.append(((end - start) * 1000, gap * 1000, (ended - end) * 1000))


def pause(app: QApplication, seconds: float) -> None:
    """The arbiter looks at the screen for a while: the window handles its events."""
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        app.processEvents()
        time.sleep(0.01)


def open_in_worker(app: QApplication, window: MainWindow, path: Path) -> None:
    """The event opened as the arbiter opens it (the command line, a recent file, Open…):
    loaded in a worker, the window answering, until it is shown."""
    done: list[bool] = []
    assert window.opening.start(path, done.append)
    while not done:
        app.processEvents()
        time.sleep(0.001)
    assert done == [True], window.last_error


def trial(app: QApplication, source: Path, folder: Path, figures: Figures, rounds_total: int,
          results: int, progress: list[bool], gaps: list[tuple[float, float, float]]) -> None:
    """One fresh window on one fresh copy of the event: every interaction once (results
    and undo several times)."""
    path = folder / f"trial-{len(progress)}.db"
    shutil.copy(source, path)
    settings = folder / f"settings-{len(progress)}.ini"  # a first start: no layout remembered
    window = MainWindow(QSettings(str(settings), QSettings.Format.IniFormat))
    window.resize(1280, 860)
    window.show()
    window.tabs.setCurrentIndex(0)
    app.processEvents()
    figures.timed("open the event (in a worker, as the arbiter does)",
                  lambda: open_in_worker(app, window, path))
    # As the program does once it is up with its event (app.ui.application.start_up_done):
    # what was made so far is frozen, the collector no longer going over it.
    gc.freeze()
    for visit in ("first", "repeat"):
        for index, name in enumerate(VIEWS):
            if index == 0 and visit == "first":
                continue  # the setup view is the one shown on opening
            figures.timed(f"{name} view, {visit} visit", partial(window.tabs.setCurrentIndex,
                                                                 index))
    standings = window.standings_view
    figures.timed("crosstable, first open", lambda: standings.pages.setCurrentIndex(1))
    figures.timed("standings table, back from crosstable",
                  lambda: standings.pages.setCurrentIndex(0))
    figures.timed("crosstable, again", lambda: standings.pages.setCurrentIndex(1))
    standings.pages.setCurrentIndex(0)
    view = window.rounds_view
    figures.timed("rounds view (from standings)", lambda: window.tabs.setCurrentWidget(view))
    figures.untimed.add(f"pair round {rounds_total}")
    with watching_progress(progress), answering(gaps, window.standings._relay):
        figures.timed(f"pair round {rounds_total}", view.pair_next)
    assert window.ev is not None
    boards = [b.number for b in queries.round_view(window.ev, GROUP, rounds_total).boards
              if b.second is not None]
    for number in boards[:results]:
        view.entry.setFocus()
        # what typing the last key of "12 1" does
        figures.timed("enter a result (typed)", partial(view._entry_edited, f"{number} 1"))
    for _step in range(max(1, results // 4)):
        figures.timed("undo a result (Ctrl+Z)", window.undo)
        figures.timed("redo it (Ctrl+Y)", window.redo)
    figures.timed("standings view after the results",
                  lambda: window.tabs.setCurrentWidget(standings))
    figures.timed("crosstable after the results", lambda: standings.pages.setCurrentIndex(1))
    figures.timed("players view after the results",
                  lambda: window.tabs.setCurrentWidget(window.players_view))
    # One more result, then the arbiter pauses: the standings are worked out meanwhile, in a
    # worker thread (app/ui/standings_cache.py), and shown at once.
    standings.pages.setCurrentIndex(0)
    window.tabs.setCurrentWidget(view)
    view._entry_edited(f"{boards[results]} 0")
    pause(app, 1.5)
    figures.timed("standings view after a result and a pause",
                  lambda: window.tabs.setCurrentWidget(standings))
    figures.timed("crosstable after a result and a pause",
                  lambda: standings.pages.setCurrentIndex(1))
    window.close()
    window.deleteLater()
    app.processEvents()


MEASURE = """
import json, os, subprocess, sys, time
start = time.perf_counter()
process = subprocess.Popen(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                           text=True)
said = process.stdout.read()
_, status, usage = os.wait4(process.pid, 0)
print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime,
                  time.perf_counter() - start, usage.ru_maxrss / 1024, said]))
"""
"""Runs a command and reports its own resource use, from a small process of its own: a child
forked from this large benchmark would count this process's memory as its peak."""


SHOWN = re.compile(r"CPU: shown at ([0-9.]+) s, complete at ([0-9.]+) s"
                   r"(?:.*without answering since shown: ([0-9]+) ms)?")
"""What the self-test prints (app/ui/application.py): the process's CPU when the window was
first on the screen and when the event had opened; the longest it went without answering
between (printed since the event opens in a worker; before, the opening blocked it whole)."""


def child(argv: Sequence[str]) -> tuple[float, float, float, float, float, float]:
    """One process run to its end: its own CPU seconds (user + system), wall seconds, peak
    memory in MiB; from its own report, its CPU seconds when first shown and when complete,
    and the longest it went without answering meanwhile (ms; NaN when not reported)."""
    import json
    import subprocess

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", MEASURE, *argv], cwd=ROOT, env=env,
                          capture_output=True, text=True, check=True)
    code, cpu, wall, rss, said = json.loads(done.stdout)
    if code != 0:
        raise SystemExit(f"failed: {' '.join(argv)}")
    found = SHOWN.search(said)
    shown, complete, gap = (found.groups() if found else (None, None, None))
    nan = float("nan")
    return (cpu, wall, rss, float(shown) if shown else nan, float(complete) if complete else nan,
            float(gap) if gap else nan)


def start_figures(source: Path, folder: Path, trials: int) -> None:
    """The window from start to shown (`main.py --self-test-screenshot`, which quits once it
    is on the screen): the start page, and the event given on the command line, beside the
    interpreter and Qt floors, interleaved, medians."""
    python = sys.executable
    copy = folder / "start.db"
    shot = str(folder / "start.png")
    cases = {
        "python -c pass (floor)": [python, "-c", "pass"],
        "QApplication created (Qt floor)": [python, "-c", "from PySide6.QtWidgets import "
                                            "QApplication; QApplication([])"],
        "window, start page": [python, "main.py", "--self-test-screenshot", shot],
        "window, event from the command line": [python, "main.py", "--self-test-screenshot",
                                                shot, str(copy)],
    }
    runs: dict[str, list[tuple[float, ...]]] = {label: [] for label in cases}
    for _ in range(trials):
        for label, argv in cases.items():
            shutil.copy(source, copy)
            runs[label].append(child(argv))
    print(f"\n{'start to shown (medians of ' + str(trials) + ')':<40} {'CPU s':>7} {'wall s':>7}"
          f" {'max RSS MiB':>12} {'shown CPU s':>12} {'opened CPU s':>13} {'unanswered ms':>14}")
    print("(CPU s: the whole process, to the picture taken: with an event, once it is open;"
          " shown: when first on the screen; unanswered: the longest the window went without"
          " answering from then on, '-' when its self-test does not say)")
    for label, values in runs.items():
        cpu, wall, rss, shown, opened, gap = (statistics.median(v[i] for v in values)
                                              for i in range(6))
        gap_text = "-" if gap != gap else f"{gap:.0f}"  # NaN: not reported
        shown_text = "-" if shown != shown else f"{shown:.2f}"
        opened_text = "-" if opened != opened else f"{opened:.2f}"
        print(f"{label:<40} {cpu:7.2f} {wall:7.2f} {rss:12.0f} {shown_text:>12}"
              f" {opened_text:>13} {gap_text:>14}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=150)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--trials", type=int, default=3)
    parser.add_argument("--results", type=int, default=12, help="results typed per trial")
    parser.add_argument("--start-trials", type=int, default=5,
                        help="runs of the window's start (0: not measured)")
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="bench-window-"))
    source = folder / "final.db"
    start = time.perf_counter()
    build(source, args.players, args.rounds, args.rounds - 1)
    print(f"event of {args.players} players, {args.rounds - 1} of {args.rounds} rounds played: "
          f"{time.perf_counter() - start:.1f} s (set-up, not timed)")
    if args.start_trials:
        start_figures(source, folder, args.start_trials)
    app = prepare_application()
    figures = Figures()
    progress: list[bool] = []
    gaps: list[tuple[float, float, float]] = []
    for number in range(1, args.trials + 1):
        start = time.perf_counter()
        trial(app, source, folder, figures, args.rounds, args.results, progress, gaps)
        print(f"trial {number}: {time.perf_counter() - start:.1f} s", flush=True)
    over = figures.report()
    print("bracket: none (a Swiss group has no bracket)")
    shown = "yes" if progress and all(progress) else "NO"
    print(f"pairing showed its progress window: {shown} ({sum(progress)}/{len(progress)})")
    print("pairing in the worker (ms), the longest the window went without answering meanwhile"
          " (10 ms timer), then showing the round in the GUI thread: "
          + "; ".join(f"{work:.0f} / {gap:.0f} / {shown:.0f}" for work, gap, shown in gaps))
    print("over 100 ms:", ", ".join(over) or "none")
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
