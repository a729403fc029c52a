"""Marks shared by the whole suite: `slow` on what a newcomer's quick loop (`pytest -m "not
slow"`) leaves out: crashes of real processes, PostgreSQL servers, Chromium, long hypothesis
runs. Whole modules carry the mark themselves; here, every test run against a PostgreSQL
server (its `pg_server` / `pg_url`, or the `postgresql` side of a test run on both
databases) is marked, wherever it stands."""

from __future__ import annotations

import pytest

_SERVER_FIXTURES = {"pg_server", "pg_url"}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        callspec = getattr(item, "callspec", None)
        on_server = callspec is not None and "postgresql" in callspec.params.values()
        if on_server or _SERVER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
