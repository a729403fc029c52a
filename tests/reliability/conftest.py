"""What the reliability tests share: an event location on each database."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(params=["sqlite", "postgresql"])
def location(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's event goes: a SQLite file in its folder, or a fresh database on the
    suite's PostgreSQL server (`pg_url`, tests/conftest.py); the test runs on both."""
    if request.param == "sqlite":
        return str(tmp_path / "event.gomoku")
    return str(request.getfixturevalue("pg_url"))
