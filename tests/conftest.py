"""Fixtures shared across the test folders."""
from __future__ import annotations

import pytest

import images
from bot.runtime import pool


@pytest.fixture
def drawing_pool():
    """One pool process (``bot.runtime.pool``), as ``python -m bot`` runs it, for the test's duration."""
    pool.start(1, warm=images.WARM_MODULES)
    try:
        yield
    finally:
        pool.stop()
