"""Fixtures shared across the test folders."""
from __future__ import annotations

import pytest

import images
from bot.runtime import pool
from tests import pg_server


@pytest.fixture
def drawing_pool():
    """One pool process (``bot.runtime.pool``), as ``python -m bot`` runs it, for the test's duration."""
    pool.start(1, warm=images.WARM_MODULES)
    try:
        yield
    finally:
        pool.stop()


@pytest.fixture(scope="session")
def pg_admin() -> str:
    """Admin URL of the PostgreSQL server the tests use (``tests.pg_server.session_admin_url``)."""
    return pg_server.session_admin_url()


def pytest_sessionfinish(session, exitstatus):
    pg_server.stop_session_server()


def pytest_terminal_summary(terminalreporter):
    line = pg_server.session_summary()
    if line:
        terminalreporter.write_line(line, yellow=line.startswith("PostgreSQL tests SKIPPED"))
