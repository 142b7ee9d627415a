"""Fixtures for the engine tests: a store on each backend and a manager with the dice-race kinds.

Every test that uses the ``store`` (or ``mgr``) fixture runs twice: on a file-backed WAL SQLite store and on
a PostgreSQL store in a schema of its own. PostgreSQL comes from ``ROLLBOT_TEST_PG`` (an admin URL on
which databases may be created; CI exports one) or from a throwaway server started here when initdb/pg_ctl
exist (tests/pg_server.py); when neither can be had the PostgreSQL runs are skipped with the reason, which
is also printed at the end of the run (where ``ROLLBOT_REQUIRE_PG`` is set, as in CI, they fail instead). A
server named by ``ROLLBOT_TEST_PG`` that cannot be reached is an
error, not a skip.

On PostgreSQL ``db_path`` is the test database's URL, and the test module's ``db_dump`` and
``replayed_snapshot`` are swapped for the PostgreSQL ones (tests/engine/pg_helpers.py), so the checks that
read the database behind the engine's back run on both backends. Tests whose own code opens the SQLite
file directly (``sqlite3``, ``Store.open``) or patches SQLite store internals run on SQLite only; their
PostgreSQL counterparts live in test_engine_pg_*.py.
"""
from __future__ import annotations

import inspect
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


@pytest.fixture(scope="session")
def pg_admin_url(pg_admin):
    """Admin URL of the PostgreSQL server the tests use (skips when none can be had; fails under CI)."""
    return pg_admin


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
