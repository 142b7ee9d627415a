"""Fixtures for the end-to-end suite: the real rollbot (``bot.app.create_bot``) against the Discord stand-in.

The bot is configured, not patched: ``Settings.api_base`` makes ``create_bot`` point discord.py's REST client
at the stand-in, and the gateway address comes from the stand-in's ``GET /gateway/bot``.  Every bot started
here is stopped after the stand-in has gone quiet (so no request is cut off half-way), before the stand-in
itself stops.
"""
from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path

import pytest

from bot.app import RollBot, create_bot
from bot.config import Settings
from tests.discord_stub.fixtures import bot_starter, cast, discord_stub  # noqa: F401  (pytest fixtures)
from tests.discord_stub.runner import BotRunner
from tests.discord_stub.server import DiscordStub

RollbotStarter = Callable[..., Awaitable[BotRunner]]


def rollbot_settings(stub: DiscordStub, db_path: Path) -> Settings:
    """What an operator would put in ``.env`` to run the bot against this stand-in."""
    return Settings(token=stub.token, api_base=stub.api_base, db_path=db_path)


@pytest.fixture(autouse=True)
def nothing_discord_would_refuse(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every end-to-end test ends with the stand-in's verdict (``assert_clean``): no request Discord would refuse,
    no click left unanswered, no invalid request the test did not expect. A test that kills the bot on purpose
    says so with ``@pytest.mark.unclean("why")``."""
    stub = request.getfixturevalue("discord_stub") if "discord_stub" in request.fixturenames else None
    yield
    if stub is not None and request.node.get_closest_marker("unclean") is None:
        stub.assert_clean()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "rollbot.db"


@pytest.fixture
async def start_rollbot(discord_stub: DiscordStub, bot_starter, db_path: Path  # noqa: F811
                        ) -> AsyncIterator[RollbotStarter]:
    """``runner = await start_rollbot()``: a fresh bot instance on the test's database, logged in and with
    the test guild in its cache.  ``flows.stop_rollbot(stub, runner)`` stops one mid-test; the rest are
    stopped at teardown once the stand-in is quiet."""
    runners: list[BotRunner] = []

    async def start(path: Path | None = None) -> BotRunner:
        bot: RollBot = await create_bot(rollbot_settings(discord_stub, path or db_path))
        runner = await bot_starter(bot, until="guild")
        runners.append(runner)
        return runner

    try:
        yield start
    finally:
        live = [r for r in runners if not r.bot.is_closed()]
        if live:
            await discord_stub.settle()
        for runner in reversed(live):
            await runner.close()


@pytest.fixture
async def rollbot(start_rollbot: RollbotStarter) -> BotRunner:
    """One running bot instance for tests that need no restart."""
    return await start_rollbot()
