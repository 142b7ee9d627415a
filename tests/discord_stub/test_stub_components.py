"""Buttons (DynamicItem and classic views), selects, deferred updates, and simultaneous clicks."""

from __future__ import annotations

import asyncio

import pytest

from .driver import ActionRefused
from .fixtures import Cast
from .images import png_size
from .server import DiscordStub
from .testbot import ProbeBot


@pytest.fixture
async def bot(discord_stub: DiscordStub, cast: Cast, bot_starter) -> ProbeBot:
    b = ProbeBot(discord_stub.guild.id)
    await bot_starter(b)
    return b


async def _picture(stub: DiscordStub, cast: Cast):
    ix = await stub.run_command(cast.alice, cast.games, "t pic")
    return await ix.wait_response()


async def test_dynamic_button_updates_message(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    msg = await _picture(discord_stub, cast)
    click = await discord_stub.click(cast.bob, msg, label="Count 0")
    assert click.payload["data"] == {"custom_id": "t:count:0", "component_type": 2, "id": msg.buttons[0]["id"]}
    assert click.payload["message"]["id"] == str(msg.id) and click.payload["member"]["user"]["id"] == str(cast.bob.id)
    updated = await click.wait_response()
    assert click.callback_type == 7 and updated is msg
    assert msg.content == "count 1 by bob" and msg.button_labels == ["Count 1"]
    assert png_size(msg.images[0]) == (64, 48)  # attachments survive an edit that does not mention them
    again = await discord_stub.click(cast.carol, msg, label="Count 1")
    await again.wait_response()
    assert msg.content == "count 2 by carol"
    with pytest.raises(ActionRefused, match="0 buttons"):
        await discord_stub.click(cast.carol, msg, label="Count 0")


async def test_deferred_update_then_channel_post(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    msg = await _picture(discord_stub, cast)
    click = await discord_stub.click(cast.carol, msg, custom_id="t:post:news")
    post = await discord_stub.wait_for_message(cast.games, lambda m: "posted for" in m.content, after=click)
    assert click.callback_type == 6 and post.mentions == [cast.carol.id] and png_size(post.images[0]) == (32, 32)
    edited = await discord_stub.wait_for_edit(msg, lambda m: m.content == "posted news", after=click)
    assert edited.button_labels == ["Count 0", "Post news"]


async def test_simultaneous_clicks_one_wins_one_is_stale(discord_stub: DiscordStub, cast: Cast,
                                                        bot: ProbeBot) -> None:
    msg = await _picture(discord_stub, cast)
    a, b = await asyncio.gather(discord_stub.click(cast.alice, msg, label="Count 0"),
                                discord_stub.click(cast.bob, msg, label="Count 0"))
    await asyncio.gather(a.wait_response(), b.wait_response())
    winner, loser = (a, b) if a.callback_type == 7 else (b, a)
    assert (winner.callback_type, loser.callback_type) == (7, 4)
    stale = loser.original
    assert stale.ephemeral and stale.visible_to == loser.user.id and stale.content.startswith("stale")
    assert msg.content == f"count 1 by {winner.user.username}" and len(bot.clicks) == 1
    assert stale not in discord_stub.messages(cast.games, visible_to=winner.user)
    with pytest.raises(ActionRefused, match="cannot see ephemeral"):
        await discord_stub.click(winner.user, stale, label="anything")


async def test_ephemeral_classic_view(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.dave, cast.games, "t secret")
    msg = await ix.wait_response()
    assert msg.ephemeral and msg.button_labels == ["Reveal"]
    with pytest.raises(ActionRefused, match="cannot see"):
        await discord_stub.click(cast.alice, msg, label="Reveal")
    click = await discord_stub.click(cast.dave, msg, label="Reveal")
    await click.wait_response()
    assert msg.content == "revealed" and msg.components == [] and msg.ephemeral


async def test_select(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t menu")
    msg = await ix.wait_response()
    with pytest.raises(ActionRefused, match="does not offer"):
        await discord_stub.select(cast.alice, msg, ["purple"])
    with pytest.raises(ActionRefused, match="takes 1..2 values"):
        await discord_stub.select(cast.alice, msg, ["red", "green", "blue"])
    choice = await discord_stub.select(cast.alice, msg, ["Red", "blue"], custom_id="t:colour")
    assert choice.payload["data"]["values"] == ["red", "blue"] and choice.payload["data"]["component_type"] == 3
    await choice.wait_response()
    assert msg.content == "picked red,blue" and msg.selects == []
