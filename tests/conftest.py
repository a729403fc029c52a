"""Marks shared by the whole suite: `slow` on what a newcomer's quick loop (`pytest -m "not
slow"`) leaves out: crashes of real processes, PostgreSQL servers, Chromium, long hypothesis
runs, the window, and the modules that build and export whole events. Whole modules carry
the mark themselves or are named here; every test run against a PostgreSQL server (its
`pg_server` / `pg_url`, or the `postgresql` side of a test run on both databases) is marked
wherever it stands."""

from __future__ import annotations

import pytest

_SERVER_FIXTURES = {"pg_server", "pg_url"}
# Measured with --durations on the whole suite (2026-12-01): each of these took tens of
# seconds, most of the suite's time outside the marks above.
_SLOW_PLACES = (
    "tests/ui/",  # every test opens the real window (pytest-qt)
    "tests/services/test_awards_and_teams.py",
    "tests/services/test_demo_and_export.py",
    "tests/reliability/test_hostile_lists.py",
    "tests/pairing/swiss/test_reference_data.py",
    "tests/exports/test_bundle.py",
    "tests/exports/test_federation.py",
    "tests/commands/test_export_documents.py",
    "tests/web/test_serve_command.py",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_server = callspec is not None and "postgresql" in callspec.params.values()
        if on_server or _SERVER_FIXTURES & set(getattr(item, "fixturenames", ())) or \
                item.nodeid.startswith(_SLOW_PLACES):
            item.add_marker(pytest.mark.slow)
