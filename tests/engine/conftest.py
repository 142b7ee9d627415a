"""Fixtures for the engine tests: a file-backed WAL store and a manager with the dice-race kinds."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from bot.engine import SessionManager, Store
from tests.engine.helpers import FakeClock, registry


@pytest.fixture
def db_path(tmp_path):
    return tmp_path / "games.db"


@pytest.fixture
async def store(db_path):
    store = await Store.open(db_path)
    yield store
    await store.close()


@pytest.fixture
def clock():
    return FakeClock()


@pytest.fixture
def mgr(store, clock):
    return SessionManager(store, registry(), clock=clock)
