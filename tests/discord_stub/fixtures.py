"""Pytest fixtures for suites that drive a bot through the stand-in (this directory and tests/e2e).

Use from another directory's conftest.py with ``from tests.discord_stub.fixtures import *``.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass

import discord
import pytest

from .runner import BotRunner, restore_route_base
from .server import DiscordStub
from .world import StubChannel, StubUser


@dataclass
class Cast:
    """The default people and places: four players, a moderator, a stranger to the guild, two channels."""

    alice: StubUser
    bob: StubUser
    carol: StubUser
    dave: StubUser
    mod: StubUser
    stranger: StubUser  # not a guild member: can only reach the bot in a DM
    games: StubChannel
    lounge: StubChannel


def populate(stub: DiscordStub) -> Cast:
    return Cast(
        alice=stub.add_user("alice"), bob=stub.add_user("bob"), carol=stub.add_user("carol"),
        dave=stub.add_user("dave"), mod=stub.add_user("mod", moderator=True),
        stranger=stub.add_user("stranger", member=False),
        games=stub.add_channel("games"), lounge=stub.add_channel("lounge"),
    )


@pytest.fixture
async def discord_stub() -> AsyncIterator[DiscordStub]:
    """A running stand-in on 127.0.0.1:<random port>; fails the test if the bot hit an unknown route."""
    stub = DiscordStub()
    await stub.start()
    try:
        yield stub
    finally:
        await stub.close()
        restore_route_base()
    unknown = [f"{r.method} {r.path}" for r in stub.unknown_requests]
    assert not unknown, f"the bot called routes the stand-in does not serve: {unknown}"


@pytest.fixture
def cast(discord_stub: DiscordStub) -> Cast:
    return populate(discord_stub)


BotStarter = Callable[..., Awaitable[BotRunner]]


@pytest.fixture
async def bot_starter(discord_stub: DiscordStub) -> AsyncIterator[BotStarter]:
    """``runner = await bot_starter(bot)``: logs a bot in against the stand-in; every started bot is closed
    at teardown, before the stand-in stops."""
    runners: list[BotRunner] = []

    async def start(bot: discord.AutoShardedClient, *, timeout: float = 15.0, until: str = "ready") -> BotRunner:
        runner = BotRunner(discord_stub, bot)
        runners.append(runner)
        return await runner.start(timeout, until=until)

    try:
        yield start
    finally:
        for runner in reversed(runners):
            await runner.close()
