"""Fixtures for the reliability tests: a real PostgreSQL server, events on SQLite and on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg import PostgresServer, find_binaries


@pytest.fixture(scope="session")
def pg_server() -> Iterator[PostgresServer]:
    binaries = find_binaries()
    if binaries is None:
        pytest.skip(
            "PostgreSQL server binaries (initdb, pg_ctl, postgres) not found: install Debian's"
            " postgresql package to run the several-stations tests"
        )
    pytest.importorskip("psycopg", reason="psycopg not installed (pip install '.[postgres]')")
    server = PostgresServer(binaries).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def pg_url(pg_server: PostgresServer) -> str:
    """A fresh empty database on the test server, as an event location."""
    return pg_server.new_database()


@pytest.fixture(autouse=True)
def _snapshots_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Server events keep snapshots under $GOMOKU_ARBITER_SNAPSHOTS: never the home folder."""
    monkeypatch.setenv("GOMOKU_ARBITER_SNAPSHOTS", str(tmp_path / "server-snapshots"))
