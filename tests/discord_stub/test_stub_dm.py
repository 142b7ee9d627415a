"""Direct messages: the bot opens a DM and posts there; commands and clicks inside a DM."""

from __future__ import annotations

import pytest

from .fixtures import Cast
from .images import png_size
from .server import DiscordStub
from .testbot import ProbeBot


@pytest.fixture
async def bot(discord_stub: DiscordStub, cast: Cast, bot_starter) -> ProbeBot:
    b = ProbeBot(discord_stub.guild.id)
    await bot_starter(b)
    return b


async def test_bot_opens_dm_and_posts_with_button(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t dm")
    assert (await ix.wait_response()).content == "sent you a DM"
    dm = discord_stub.dm_channel(cast.alice)
    posted = discord_stub.last_message(dm)
    assert posted.content == "hello in private" and png_size(posted.images[0]) == (16, 16)
    create = discord_stub.requests_to("POST /users/@me/channels")[0]
    assert create.json == {"recipient_id": cast.alice.id}
    click = await discord_stub.click(cast.alice, posted, label="Count 0")
    assert "member" not in click.payload and click.payload["user"]["id"] == str(cast.alice.id)
    assert "guild_id" not in click.payload and click.payload["context"] == 1
    await click.wait_response()
    assert posted.content == "count 1 by alice"


async def test_commands_in_a_dm_including_a_non_member(discord_stub: DiscordStub, cast: Cast,
                                                       bot: ProbeBot) -> None:
    dm = discord_stub.dm_channel(cast.stranger)
    ix = await discord_stub.run_command(cast.stranger, dm, "t pic")
    first = await ix.wait_response()
    assert first.channel is dm and png_size(first.attachment("pic.png")) == (64, 48)
    assert ix.payload["channel"]["type"] == 1 and ix.payload["authorizing_integration_owners"] == {"0": "0"}
    ix = await discord_stub.run_command(cast.stranger, dm, "t dm")
    assert (await ix.wait_response()).content == "sent you a DM"
    assert discord_stub.last_message(dm).content == "hello in private"


async def test_closed_dms_are_refused(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    cast.bob.dms_open = False
    ix = await discord_stub.run_command(cast.bob, cast.games, "t dm")
    assert (await ix.wait_response()).content == "cannot DM you (50007)"
    assert discord_stub.messages(discord_stub.dm_channel(cast.bob)) == []
