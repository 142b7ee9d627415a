"""A bot instance stops and a new one takes over: old buttons keep working through the same stand-in."""

from __future__ import annotations

import pytest

from .fixtures import Cast
from .server import DiscordStub, StubFailure
from .testbot import ProbeBot


async def test_restart_and_click_a_button_from_before(discord_stub: DiscordStub, cast: Cast, bot_starter) -> None:
    first = await bot_starter(ProbeBot(discord_stub.guild.id))
    ix = await discord_stub.run_command(cast.alice, cast.games, "t pic")
    msg = await ix.wait_response()
    click = await discord_stub.click(cast.alice, msg, label="Count 0")
    await click.wait_response()
    await first.close()
    assert discord_stub.active_session is None
    with pytest.raises(StubFailure, match="no bot is connected"):
        await discord_stub.click(cast.bob, msg, label="Count 1")

    second_bot = ProbeBot(discord_stub.guild.id)
    await bot_starter(second_bot)
    assert len([s for s in discord_stub.sessions if s.identified]) == 2
    click = await discord_stub.click(cast.bob, msg, label="Count 1")
    await click.wait_response()
    assert msg.content == "count 2 by bob" and second_bot.clicks == [(cast.bob.id, 1)]
    # the interaction token of the pre-restart command still works for the new instance's lookups
    ping = await discord_stub.run_command(cast.carol, cast.games, "t ping")
    assert (await ping.wait_response()).content == "pong"
