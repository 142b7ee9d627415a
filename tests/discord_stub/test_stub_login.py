"""Login, command sync and gateway session of the unmodified discord.py client against the stand-in."""

from __future__ import annotations

import asyncio

import discord
import pytest

from .fixtures import Cast, populate
from .runner import BotRunner, restore_route_base, start_bot
from .server import DiscordStub, StubFailure
from .testbot import ProbeBot


async def test_login_sync_and_ready(discord_stub: DiscordStub, cast: Cast, bot_starter) -> None:
    bot = ProbeBot(discord_stub.guild.id)
    await bot_starter(bot)
    routes = [r.route for r in discord_stub.requests]
    for expected in ("GET /users/@me", "GET /oauth2/applications/@me", "GET /gateway/bot",
                     "PUT /applications/{application_id}/commands",
                     "PUT /applications/{application_id}/guilds/{guild_id}/commands"):
        assert expected in routes
    assert bot.user is not None and bot.user.id == discord_stub.bot_user.id
    assert bot.application_id == discord_stub.application_id
    guild = bot.get_guild(discord_stub.guild.id)
    assert guild is not None and guild.get_channel(cast.games.id).name == "games"
    assert guild.me.guild_permissions.attach_files
    assert {"t", "modonly"} == {k[0] for k in discord_stub.commands.global_commands}
    assert ("g", 1) in discord_stub.commands.guild_commands[discord_stub.guild.id]
    session = discord_stub.active_session
    assert session is not None and session.heartbeats >= 1  # discord.py beats right after HELLO
    assert session.intents == discord.Intents.default().value


async def test_resync_keeps_command_ids(discord_stub: DiscordStub, bot_starter) -> None:
    first = ProbeBot(discord_stub.guild.id)
    runner = await bot_starter(first)
    ids = {k: v["id"] for k, v in discord_stub.commands.global_commands.items()}
    await runner.close()
    await bot_starter(ProbeBot(discord_stub.guild.id))
    assert ids == {k: v["id"] for k, v in discord_stub.commands.global_commands.items()}
    assert discord_stub.commands.syncs == 4


async def test_wrong_token_is_refused(discord_stub: DiscordStub) -> None:
    runner = BotRunner(discord_stub, ProbeBot(discord_stub.guild.id), token="wrong")
    with pytest.raises(StubFailure, match="LoginFailure"):
        await runner.start(timeout=5)


async def test_privileged_intents_are_refused(discord_stub: DiscordStub) -> None:
    bot = ProbeBot(discord_stub.guild.id, intents=discord.Intents.all())
    runner = BotRunner(discord_stub, bot)
    with pytest.raises(StubFailure, match="PrivilegedIntentsRequired"):
        await runner.start(timeout=5)


async def test_plain_bot_is_rejected_by_the_runner(discord_stub: DiscordStub) -> None:
    plain = discord.ext.commands.Bot(command_prefix="!", intents=discord.Intents.default())
    with pytest.raises(TypeError, match="AutoSharded"):
        BotRunner(discord_stub, plain)
    await plain.close()


async def test_gateway_events_follow_bot_messages(discord_stub: DiscordStub, cast: Cast, bot_starter) -> None:
    bot = ProbeBot(discord_stub.guild.id)
    seen: asyncio.Queue[discord.Message] = asyncio.Queue()

    async def on_message(message: discord.Message) -> None:
        await seen.put(message)

    bot.add_listener(on_message)
    await bot_starter(bot)
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    reply = await ix.wait_response()
    got = await asyncio.wait_for(seen.get(), 2)
    assert got.id == reply.id and got.content == "pong" and got.author.id == bot.user.id


async def test_start_until_guild_skips_the_ready_delay(discord_stub: DiscordStub, cast: Cast, bot_starter) -> None:
    bot = ProbeBot(discord_stub.guild.id, guild_ready_timeout=30.0)  # a delay no test could sit out
    await bot_starter(bot, until="guild", timeout=20)
    assert not bot.is_ready() and bot.get_guild(discord_stub.guild.id) is not None
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    assert (await ix.wait_response()).content == "pong"


async def test_reconnect_resumes_and_replays_missed_events(discord_stub: DiscordStub, cast: Cast,
                                                           bot_starter) -> None:
    bot = ProbeBot(discord_stub.guild.id)
    resumed = asyncio.Event()

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_resumed)
    await bot_starter(bot)
    first = discord_stub.active_session
    first.request_reconnect()
    # queued behind the RECONNECT on the old connection: the client never reads it there, so only the
    # replay after RESUME can deliver it
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    assert (await ix.wait_response()).content == "pong"
    await asyncio.wait_for(resumed.wait(), 5)
    second = discord_stub.active_session
    assert second is not first and second.resumed and second.session_id == first.session_id
    assert second.replayed >= 1 and ix.payload in [f["d"] for f, _ in second.log.frames]
    again = await discord_stub.force_reconnect()
    assert again is not second and again.session_id == first.session_id
    assert len([r for r in discord_stub.requests if r.route == "GET /gateway/bot"]) == 1
    ix = await discord_stub.run_command(cast.bob, cast.games, "t ping")
    assert (await ix.wait_response()).content == "pong"


async def test_member_chunking_when_privileged_intents_are_allowed() -> None:
    async with DiscordStub(allow_privileged_intents=True) as stub:
        cast = populate(stub)
        intents = discord.Intents.default()
        intents.members = True
        bot = ProbeBot(stub.guild.id, intents=intents)
        runner = await start_bot(stub, bot)
        try:
            guild = bot.get_guild(stub.guild.id)
            assert guild.chunked and guild.get_member(cast.dave.id).name == "dave"
        finally:
            await runner.close()
            restore_route_base()
