"""Fixtures: a bot built by the real factory (no network, no command sync) driven through the harness."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from harness import CLOCK_T0, MANAGER_PERMISSIONS, Harness, User

from bot.app import create_bot
from bot.config import Settings
from tests.engine.helpers import FakeClock


@pytest.fixture
def settings(tmp_path) -> Settings:
    return Settings(token=None, db_path=tmp_path / "rollbot.db")


@pytest.fixture
async def payloads(tmp_path):
    """What Discord receives at sync time: each top-level command's payload with its localisations."""
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"), sync_commands=False)
    await bot._async_setup_hook()
    await bot.setup_hook()
    try:
        yield [await command.get_translated_payload(bot.tree, bot.tree.translator)
               for command in bot.tree.get_commands()]
    finally:
        await bot.close()


@pytest.fixture
async def harness(settings):
    bot = await create_bot(settings, sync_commands=False, run_reminders=False)
    h = Harness(bot)
    await h.start()
    yield h
    await h.close()


@pytest.fixture
def alice() -> User:
    return User(id=100_000_000_000_000_001, name="alice")


@pytest.fixture
def bob() -> User:
    return User(id=100_000_000_000_000_002, name="bob")


@pytest.fixture
def carol() -> User:
    return User(id=100_000_000_000_000_003, name="carol")


@pytest.fixture
def moderator() -> User:
    return User(id=100_000_000_000_000_009, name="mod", permissions=MANAGER_PERMISSIONS)


@pytest.fixture
async def clocked(settings):
    """A harness whose bot reads a clock the test moves (``h.clock.now``), from :data:`harness.CLOCK_T0`; no
    background reminders: a test ticks them itself."""
    clock = FakeClock(CLOCK_T0)
    h = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0, clock=clock))
    await h.start()
    h.clock = clock
    h.bot.my_games.clock = clock                    # /games says "in 3 hours" by the same clock
    yield h
    await h.close()
