"""A bot whose bot seats move at once (``bot_pause=0``), and the poker kit on the import path."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from poker_kit import started  # noqa: E402


@pytest.fixture
async def poker(settings):
    h = await started(settings, 0)
    yield h
    await h.close()


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261123)
