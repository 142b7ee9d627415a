"""Threads as Discord keeps them: archived and locked threads (what the bot may write there, and who may unarchive
one), and the gateway events of a deleted channel or thread, seen by a real discord.py client."""

from __future__ import annotations

import aiohttp
import discord
import pytest

from .fixtures import Cast
from .server import DiscordStub
from .testbot import ProbeBot
from .world import Overwrite, perm_bits


@pytest.fixture
async def http(discord_stub: DiscordStub):
    discord_stub.rate_limits.enabled = False
    headers = {"Authorization": f"Bot {discord_stub.token}"}
    async with aiohttp.ClientSession(base_url=discord_stub.base_url, headers=headers) as session:
        yield session


def api(path: str) -> str:
    return "/api/v10" + path


def allow_bot(stub: DiscordStub, channel, **allowed: bool) -> None:
    """A server admin gives the bot's role more in ``channel`` (an overwrite that allows)."""
    channel.overwrites = [o for o in channel.overwrites if o.id != stub.world.bot_role.id]
    channel.overwrites.append(Overwrite(stub.world.bot_role.id, 0, allow=perm_bits(**allowed)))


async def answer(response: aiohttp.ClientResponse) -> tuple[int, int | None]:
    body = await response.json() if response.status != 204 else {}
    return response.status, body.get("code")


async def test_archived_and_locked_threads_take_what_discord_takes(discord_stub: DiscordStub, cast: Cast,
                                                                    http) -> None:
    """developers/topics/threads: an archived thread is immutable (an edit: 400/50083), but a message sent there
    unarchives it unless it is locked; only Manage Threads writes in a locked thread (160005; 50083 while archived)
    and unarchives it; an unlocked one its creator, or whoever may post there, unarchives with Modify Channel."""
    stub = discord_stub
    thread = stub.world.add_thread(cast.games, "table", cast.alice)     # a member's thread: the bot did not make it
    async with http.post(api(f"/channels/{thread.id}/messages"), json={"content": "live"}) as resp:
        live = (await resp.json())["id"]
    edit = api(f"/channels/{thread.id}/messages/{live}")

    stub.update_thread(thread, archived=True)
    async with http.patch(edit, json={"content": "edited"}) as resp:
        assert await answer(resp) == (400, 50083)
    async with http.post(api(f"/channels/{thread.id}/messages"), json={"content": "a post"}) as resp:
        assert resp.status == 200
    assert not thread.archived, "a message sent there unarchives it"
    async with http.patch(edit, json={"content": "edited"}) as resp:
        assert resp.status == 200

    stub.update_thread(thread, archived=True, locked=True)               # "Close and lock"
    for method, url, body in (("post", api(f"/channels/{thread.id}/messages"), {"content": "x"}),
                              ("patch", edit, {"content": "x"}),
                              ("patch", api(f"/channels/{thread.id}"), {"archived": False})):
        async with http.request(method, url, json=body) as resp:
            assert await answer(resp) == ((403, 50013) if url.endswith(str(thread.id)) else (400, 50083)), url
    stub.update_thread(thread, archived=False)                           # open, still locked
    async with http.post(api(f"/channels/{thread.id}/messages"), json={"content": "x"}) as resp:
        assert await answer(resp) == (400, 160005)
    stub.update_thread(thread, archived=True)
    allow_bot(stub, cast.games, manage_threads=True)                     # a moderator's right: it writes there
    async with http.patch(api(f"/channels/{thread.id}"), json={"archived": False}) as resp:
        meta = (await resp.json())["thread_metadata"]
    assert resp.status == 200 and (meta["archived"], meta["locked"]) == (False, True)
    async with http.patch(edit, json={"content": "by a moderator"}) as resp:
        assert resp.status == 200

    # unlocked and archived: posting there is enough to unarchive it; without Send Messages in Threads, 403
    stub.update_thread(thread, archived=True, locked=False)
    stub.world.restrict_bot(cast.games, send_messages_in_threads=True)
    async with http.patch(api(f"/channels/{thread.id}"), json={"archived": False}) as resp:
        assert await answer(resp) == (403, 50013)
    async with http.patch(api(f"/channels/{thread.id}"), json={"locked": True}) as resp:
        assert await answer(resp) == (400, 50083), "an archived thread takes no change but being unarchived"
    cast.games.overwrites = []
    async with http.patch(api(f"/channels/{thread.id}"), json={"archived": False}) as resp:
        assert resp.status == 200 and not thread.archived
    async with http.patch(api(f"/channels/{thread.id}"), json={"locked": True}) as resp:
        assert await answer(resp) == (403, 50013), "only Manage Threads locks"
    stub.rejections.clear()
    stub.invalid_requests.clear()


async def test_a_deleted_thread_or_channel_reaches_the_bot_as_discord_sends_it(discord_stub: DiscordStub,
                                                                               cast: Cast, bot_starter) -> None:
    """THREAD_DELETE for a thread, CHANNEL_DELETE for a channel (whose threads discord.py then drops, telling
    ``on_raw_thread_delete`` for each it knew); THREAD_UPDATE archives one out of discord.py's cache. Requests there
    answer 404 Unknown Channel afterwards."""
    stub = discord_stub
    bot = ProbeBot(stub.guild.id)
    seen: list[tuple[str, int]] = []

    async def thread_gone(payload: discord.RawThreadDeleteEvent) -> None:
        seen.append(("thread", payload.thread_id))

    async def channel_gone(channel: discord.abc.GuildChannel) -> None:
        seen.append(("channel", channel.id))

    bot.add_listener(thread_gone, "on_raw_thread_delete")
    bot.add_listener(channel_gone, "on_guild_channel_delete")
    first = stub.world.add_thread(cast.games, "first", stub.bot_user)
    second = stub.world.add_thread(cast.lounge, "second", stub.bot_user)
    third = stub.world.add_thread(cast.lounge, "third", stub.bot_user)
    await bot_starter(bot)
    assert bot.get_channel(first.id) is not None
    stub.update_thread(first, archived=True)
    await stub.wait_until(lambda: bot.get_channel(first.id) is None, 5, "the archived thread out of the cache")
    stub.update_thread(first, archived=False)
    await stub.wait_until(lambda: bot.get_channel(first.id) is not None, 5, "the unarchived thread back")

    stub.delete_channel(first)
    await stub.wait_until(lambda: ("thread", first.id) in seen, 5, "THREAD_DELETE")
    stub.delete_channel(cast.lounge)
    await stub.wait_until(lambda: ("channel", cast.lounge.id) in seen, 5, "CHANNEL_DELETE")
    await stub.wait_until(lambda: {("thread", second.id), ("thread", third.id)} <= set(seen), 5,
                          "its threads dropped with it")
    for gone in (first, cast.lounge, second):
        with pytest.raises(discord.NotFound) as refused:
            await bot.http.send_message(gone.id, params=discord.http.handle_message_parameters(content="x"))
        assert refused.value.code == 10003
    assert [r for r in stub.rejections if r[1] != "Unknown Channel"] == []
    stub.rejections.clear()
