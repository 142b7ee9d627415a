"""Fixtures shared across the test folders."""
from __future__ import annotations

import pytest

from images import processes


@pytest.fixture
def drawing_pool():
    """One drawing process (``images.processes``), as ``python -m bot`` runs it, for the test's duration."""
    processes.start(1)
    try:
        yield
    finally:
        processes.stop()
