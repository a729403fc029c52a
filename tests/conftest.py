"""What the whole suite shares.

Marks: `slow` on what a newcomer's quick loop (`pytest -m "not slow"`) leaves out: crashes of
real processes, PostgreSQL servers, Chromium, long hypothesis runs, the window, the modules
that build, race and export whole events, and the tests listed in tests/slow_tests.txt (each
took 0.3 s CPU or more in the loop). Whole modules carry the mark themselves or are named here;
every test run against a PostgreSQL server (its `pg_server` / `pg_url`, or the `postgresql`
side of a test run on both databases) is marked wherever it stands.

Hypothesis: `pytest -m "not slow"` loads the profile `quick`, which runs each property test
on at most QUICK_EXAMPLES examples, also where the test names its own count; any other run
(CI runs the whole suite, no -m) keeps each test's full count.

PostgreSQL: one throw-away server for the whole run (`pg_server`, started on first use), and a
fresh empty database on it for each test (`pg_url`).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.pg import PostgresServer, find_binaries

_SERVER_FIXTURES = {"pg_server", "pg_url"}
# Measured per test, in CPU seconds, on the quick loop (2026-12-02): each of these took one
# second or more, together most of the loop's time. Whole modules, or single tests (`::`).
_SLOW_PLACES = (
    "tests/ui/",  # every test opens the real window (pytest-qt)
    # whole events built, walked, exported
    "tests/services/test_awards_and_teams.py",
    "tests/services/test_demo_and_export.py",
    "tests/services/test_walk_qiwang_final.py",
    "tests/services/test_certificates_awarded.py",
    "tests/services/test_round_view_rows.py::test_every_round_of_a_played_event_reads_the_same",
    "tests/services/test_team_decisions.py::test_the_command_line_asks_for_the_chain_or_lots",
    "tests/services/test_team_decisions.py::test_award_lists_and_certificate_say_drawn_by_lots",
    "tests/exports/test_bundle.py",
    "tests/exports/test_federation.py",
    "tests/exports/test_header_widths.py",
    "tests/commands/test_export_documents.py",
    "tests/commands/test_no_code_on_screen.py::test_no_command_shows_a_code_identifier",
    "tests/commands/test_double_swiss_event.py::test_seven_rounds_are_paired_and_entered",
    "tests/commands/test_team_swiss_event.py",  # 24 teams paired, entered, ranked, printed
    "tests/commands/test_withdrawn_trf.py",  # 20 players, 4 rounds, exported, re-paired
    "tests/commands/test_advance_absence_trf.py",  # 20 players, 3 rounds, exported, re-paired
    "tests/commands/test_double_game_walk.py",  # 9 players, 4 double rounds, a playoff, printed
    "tests/reliability/test_hostile_lists.py",
    # reference data and sizes, where the many cases or the size are the point
    "tests/pairing/swiss/test_reference_data.py",
    "tests/pairing/swiss/test_scale.py::test_a_first_round_of_9999_players",
    "tests/pairing/test_team_swiss.py::test_agreement_with_the_reference_on_",
    "tests/pairing/test_double_swiss.py::test_agreement_with_the_reference_on_",
    "tests/pairing/test_trf.py::test_every_shared_file_parses",
    # the venue's servers: in processes, raced by threads, filled past its cache
    "tests/web/test_serve_command.py",
    "tests/web/test_slowloris.py",
    "tests/web/test_races.py",
    "tests/web/test_hostile.py::test_unique_searches_do_not_grow_the_caches_without_bound",
    # scans of the whole of app/ (the house rules; CI keeps them)
    "tests/test_complexity.py",
    "tests/test_structure.py::test_no_two_modules_of_the_app_import_each_other",
    "tests/test_result_literals.py",
)
# The rest of the tests that took 0.3 s CPU or more in the quick loop, one node id a line.
_SLOW_TESTS = frozenset(
    line.strip() for line in (Path(__file__).parent / "slow_tests.txt").read_text(
        encoding="utf-8").splitlines() if line.strip() and not line.startswith("#"))


QUICK_EXAMPLES = 10
settings.register_profile("quick", max_examples=QUICK_EXAMPLES)


def _quick_loop(config: pytest.Config) -> bool:
    return "not slow" in (config.getoption("markexpr", "") or "")


def pytest_configure(config: pytest.Config) -> None:
    if _quick_loop(config):
        settings.load_profile("quick")  # before the test modules are imported: their
        # @settings(deadline=None) without a count inherit the profile's


def _fewer_examples(item: pytest.Item) -> None:
    """A property test's own @settings(max_examples=N) wins over any profile, so the quick
    loop lowers N on the test itself. Hypothesis keeps a test's settings in this attribute
    (read again at each call); if a version stops doing so the test simply keeps its count."""
    test = getattr(getattr(item, "obj", None), "__func__", getattr(item, "obj", None))
    own = getattr(test, "_hypothesis_internal_use_settings", None)
    if getattr(test, "is_hypothesis_test", False) and isinstance(own, settings) \
            and own.max_examples > QUICK_EXAMPLES:
        test._hypothesis_internal_use_settings = settings(own, max_examples=QUICK_EXAMPLES)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    quick = _quick_loop(config)
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_server = callspec is not None and "postgresql" in callspec.params.values()
        if on_server or _SERVER_FIXTURES & set(getattr(item, "fixturenames", ())) or \
                item.nodeid.startswith(_SLOW_PLACES) or item.nodeid in _SLOW_TESTS:
            item.add_marker(pytest.mark.slow)
        if quick:
            _fewer_examples(item)


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    """The run's one PostgreSQL server. Without the server binaries or psycopg the tests that
    need it fail, saying what to install: CI must never pass by skipping them."""
    binaries = find_binaries()
    if binaries is None:
        pytest.fail("PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: install"
                    " Debian's postgresql package (README.md, .ci/run)", pytrace=False)
    try:
        import psycopg  # noqa: F401
    except ImportError:
        pytest.fail("psycopg is not installed: pip install -e '.[dev,postgres]' (README.md)",
                    pytrace=False)
    server = PostgresServer(binaries).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PostgresServer, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A fresh empty database on the run's server, as an event location; dropped after the
    test (its connections ended), so no test sees another's tables or holds its connections.
    Server events keep their snapshots under $GOMOKU_ARBITER_SNAPSHOTS: the test's folder,
    never the home folder."""
    monkeypatch.setenv("GOMOKU_ARBITER_SNAPSHOTS", str(tmp_path / "server-snapshots"))
    url = pg_server.new_database()
    yield url
    pg_server.drop_database(url)
