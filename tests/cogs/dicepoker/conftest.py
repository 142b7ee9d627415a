"""A bot whose bot seats move at once (``bot_pause=0``), and the poker kit on the import path."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import Harness  # noqa: E402

from bot.app import create_bot  # noqa: E402


@pytest.fixture
async def poker(settings):
    bot = await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0)
    h = Harness(bot)
    await h.start()
    yield h
    await h.close()


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261123)
