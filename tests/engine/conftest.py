"""Fixtures for the engine tests: a store on each backend and a manager with the dice-race kinds.

Every test that uses the ``store`` (or ``mgr``) fixture runs twice: on a file-backed WAL SQLite store and on
a PostgreSQL store in a schema of its own. PostgreSQL comes from ``ROLLBOT_TEST_PG`` (an admin URL on
which databases may be created; CI exports one) or from a throwaway server started here when initdb/pg_ctl
exist (tests/pg_server.py); when neither can be had the PostgreSQL runs are skipped with the reason, which
is also printed at the end of the run. A server named by ``ROLLBOT_TEST_PG`` that cannot be reached is an
error, not a skip.

On PostgreSQL ``db_path`` is the test database's URL, and the test module's ``db_dump`` and
``replayed_snapshot`` are swapped for the PostgreSQL ones (tests/engine/pg_helpers.py), so the checks that
read the database behind the engine's back run on both backends. Tests whose own code opens the SQLite
file directly (``sqlite3``, ``Store.open``) or patches SQLite store internals run on SQLite only; their
PostgreSQL counterparts live in test_engine_pg_*.py.
"""
from __future__ import annotations

import inspect
import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bot.engine import SessionManager
from bot.engine.store import open_store
from tests.engine.helpers import FakeClock, registry

#: Source text that marks a test as reading or patching the SQLite file or store itself.
SQLITE_ONLY_MARKERS = ("sqlite3", "Store.open(", "_append_batch")
#: Helpers a test module may import from helpers.py that have a PostgreSQL twin in pg_helpers.py.
SWAPPED_HELPERS = ("db_dump", "replayed_snapshot")

_pg_state: dict[str, object] = {}


def _portable(function) -> bool:
    try:
        source = inspect.getsource(function)
    except (OSError, TypeError):
        return False
    return not any(marker in source for marker in SQLITE_ONLY_MARKERS)


def pytest_generate_tests(metafunc):
    if "store" in metafunc.fixturenames:
        backends = ["sqlite", "postgresql"] if _portable(metafunc.function) else ["sqlite"]
        metafunc.parametrize("backend", backends, indirect=True)


def _start_pg() -> str:
    """The admin URL of a PostgreSQL server for this run, starting one if need be; skips when impossible."""
    if "url" in _pg_state:
        return _pg_state["url"]
    if "skip" in _pg_state:
        pytest.skip(_pg_state["skip"])
    given = os.environ.get("ROLLBOT_TEST_PG", "").strip()
    if given:
        _pg_state["url"] = given
        return given
    from tests.pg_server import PgServer, ServerUnavailable
    try:
        server = PgServer.start()
    except ServerUnavailable as error:
        _pg_state["skip"] = f"no PostgreSQL server: {error}"
        pytest.skip(_pg_state["skip"])
    _pg_state["server"] = server
    _pg_state["url"] = server.url
    return server.url


@pytest.fixture(scope="session")
def pg_admin_url():
    """Admin URL of the PostgreSQL server the tests use (skips when none can be had)."""
    yield _start_pg()


def pytest_sessionfinish(session, exitstatus):
    server = _pg_state.pop("server", None)
    if server is not None:
        server.stop()


def pytest_terminal_summary(terminalreporter):
    if "skip" in _pg_state:
        terminalreporter.write_line(f"PostgreSQL tests SKIPPED: {_pg_state['skip']}", yellow=True)
    elif "url" in _pg_state:
        where = "ROLLBOT_TEST_PG" if os.environ.get("ROLLBOT_TEST_PG") else "a throwaway server started by the tests"
        terminalreporter.write_line(f"PostgreSQL tests ran against {where}")


@pytest.fixture
def backend(request):
    return getattr(request, "param", "sqlite")


@pytest.fixture
def pg_url(pg_admin_url):
    """A fresh, empty PostgreSQL schema for one test, as a URL (dropped afterwards)."""
    from tests.engine.pg_helpers import create_database, drop_database
    url = create_database(pg_admin_url)
    yield url
    drop_database(pg_admin_url, url)


@pytest.fixture
def db_path(backend, tmp_path, request, monkeypatch):
    if backend == "postgresql":
        from tests.engine import pg_helpers
        url = request.getfixturevalue("pg_url")
        for name in SWAPPED_HELPERS:
            if hasattr(request.module, name):
                monkeypatch.setattr(request.module, name, getattr(pg_helpers, name))
        return url
    return tmp_path / "games.db"


@pytest.fixture
async def store(db_path):
    store = await open_store(db_path)
    yield store
    await store.close()


@pytest.fixture
async def pg_store(pg_url):
    """A PostgreSQL store only (for the tests of PostgreSQL itself, in test_engine_pg_*.py)."""
    from bot.engine.store import Store as PgStore
    store = await PgStore.open(pg_url)
    yield store
    await store.close()


@pytest.fixture
def pg_mgr(pg_store, clock):
    return SessionManager(pg_store, registry(), clock=clock)


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def mgr(store, clock):
    return SessionManager(store, registry(), clock=clock)
