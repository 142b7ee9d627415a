"""Slash commands through the stand-in: option payloads, autocomplete, availability, REST round trips."""

from __future__ import annotations

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


async def test_immediate_answer_and_original_lookup(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    reply = await ix.wait_response()
    assert ix.callback_type == 4 and reply.content == "pong" and not reply.ephemeral
    assert reply.type == 20 and reply.interaction_id == ix.id
    assert ix.ack_latency is not None and 0 <= ix.ack_latency < 1
    assert ix.ack_latency <= ix.latency_to(reply) < 1
    await discord_stub.wait_until(lambda: bot.seen_original_ids, 2, "GET @original")
    assert bot.seen_original_ids == [reply.id]
    assert discord_stub.requests_to("GET /webhooks/{application_id}/{token}/messages/{message_id}")
    assert discord_stub.last_message(cast.games) is reply


async def test_options_choices_user_and_bool(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t echo", text="hi", times=2, loud=True, who=cast.bob)
    reply = await ix.wait_response()
    assert reply.content == f"HI HI {cast.bob.mention} (Member)"
    assert reply.mentions == [cast.bob.id]
    sent = ix.payload["data"]
    assert sent["options"][0]["type"] == 1 and sent["options"][0]["name"] == "echo"
    assert str(cast.bob.id) in sent["resolved"]["members"]


async def test_driver_refuses_what_discord_would(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    with pytest.raises(ActionRefused, match="not one of"):
        await discord_stub.run_command(cast.alice, cast.games, "t echo", text="hi", times=7)
    with pytest.raises(ActionRefused, match="required option 'text'"):
        await discord_stub.run_command(cast.alice, cast.games, "t echo", times=1)
    with pytest.raises(ActionRefused, match="unknown options"):
        await discord_stub.run_command(cast.alice, cast.games, "t ping", colour="red")
    with pytest.raises(ActionRefused, match="no subcommand"):
        await discord_stub.run_command(cast.alice, cast.games, "t nope")
    with pytest.raises(ActionRefused, match="no command /rp"):
        await discord_stub.run_command(cast.alice, cast.games, "rp new")
    with pytest.raises(ActionRefused, match="needs permissions"):
        await discord_stub.run_command(cast.alice, cast.games, "modonly")
    with pytest.raises(ActionRefused, match="not offered in DMs"):
        await discord_stub.run_command(cast.alice, discord_stub.dm_channel(cast.alice), "modonly")
    with pytest.raises(ActionRefused, match="guild command"):
        await discord_stub.run_command(cast.alice, discord_stub.dm_channel(cast.alice), "g hello")
    assert not discord_stub.interactions  # nothing was dispatched


async def test_moderator_and_guild_command(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.mod, cast.games, "modonly")
    reply = await ix.wait_response()
    assert reply.ephemeral and reply.visible_to == cast.mod.id and reply.content == "admin ok"
    assert discord_stub.messages(cast.games) == []  # others do not see it
    assert discord_stub.messages(cast.games, visible_to=cast.mod) == [reply]
    ix = await discord_stub.run_command(cast.alice, cast.games, "g hello")
    assert ix.payload["data"]["guild_id"] == str(discord_stub.guild.id)
    assert (await ix.wait_response()).content == f"hello guild {discord_stub.guild.id}"


async def test_autocomplete(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    choices = await discord_stub.autocomplete(cast.alice, cast.games, "t pick", focused="word", word="ap")
    assert [c["value"] for c in choices] == ["apple", "apricot"]
    ix = await discord_stub.run_command(cast.alice, cast.games, "t pick", word="apricot")
    assert (await ix.wait_response()).content == "you picked apricot"


async def test_deferred_followups_with_png(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t pic")
    await ix.wait_ack()
    assert ix.callback_type == 5
    first = await ix.wait_response()
    assert first.id == ix.original_id  # the first follow-up filled in the "thinking" message
    assert first.content == "a picture" and first.button_labels == ["Count 0", "Post news"]
    assert png_size(first.attachment("pic.png")) == (64, 48)
    second = await ix.wait_followup(1)
    await discord_stub.wait_for_edit(second, lambda m: m.content.endswith("edited"), after=second)
    assert [m.id for m in ix.messages] == [first.id, second.id]
    await discord_stub.settle()
    assert discord_stub.messages(cast.games) == [first, second]
    upload = next(r for r in discord_stub.requests_to("POST /webhooks/{application_id}/{token}") if r.files)
    assert upload.json["attachments"][0]["filename"] == "pic.png" and upload.files[0].filename == "pic.png"
    assert first.attachments[0].payload()["width"] == 64


async def test_edit_original_with_file_and_callback_with_file(discord_stub: DiscordStub, cast: Cast,
                                                              bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t edit")
    reply = await ix.wait_response()
    assert reply.ephemeral and reply.content == "edited" and png_size(reply.images[0]) == (20, 10)
    ix = await discord_stub.run_command(cast.bob, cast.games, "t card")
    reply = await ix.wait_response()
    assert png_size(reply.attachment("card.png")) == (10, 20)
    callback = discord_stub.requests_to("POST /interactions/{interaction_id}/{token}/callback")[-1]
    assert callback.json["type"] == 4 and callback.files[0].filename == "card.png"


async def test_channel_post_and_rest_fetches(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.carol, cast.games, "t announce")
    post = await discord_stub.wait_for_message(cast.games, lambda m: m.images, after=ix)
    assert post.interaction_id is None and post.mentions == [cast.carol.id]
    assert png_size(post.images[0]) == (40, 30)
    assert (await ix.wait_followup()).content == "posted"
    ix = await discord_stub.run_command(cast.carol, cast.games, "t whoami")
    reply = await ix.wait_response()
    assert reply.content == "carol in #games of Stub Guild; user carol; bot can attach: True"


async def test_delete_original_and_followup(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t vanish")
    await discord_stub.wait_until(lambda: ix.original and ix.original.deleted, 3, "original deleted")
    assert all(m.deleted for m in ix.messages) and len(ix.followup_ids) == 1
    assert discord_stub.messages(cast.games) == []


async def test_modal(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t form")
    await ix.wait_ack()
    assert ix.callback_type == 9 and ix.modal["title"] == "Your name"
    submitted = await discord_stub.submit_modal(ix, {"t:name": "Alice"})
    assert (await submitted.wait_response()).content == "hello Alice"


async def test_a_text_discord_cannot_carry_is_refused_and_the_gateway_lives_on(
        discord_stub: DiscordStub, cast: Cast, bot: ProbeBot, caplog) -> None:
    """A lone surrogate (``"a\\ud800b"``, from a JSON escape) in a string option killed the gateway's writer without
    a word: orjson refused the frame, the task ended, and every later command, click and ``/help`` timed out
    until a restart. The stand-in refuses it at its edge, as Discord's client cannot send it; a frame that
    cannot be written all the same is logged and dropped, and the gateway goes on."""
    with pytest.raises(ActionRefused, match="unpaired surrogate"):
        await discord_stub.run_command(cast.alice, cast.games, "t echo", text="a\ud800b", times=1)
    with pytest.raises(ActionRefused, match="unpaired surrogate"):
        await discord_stub.autocomplete(cast.alice, cast.games, "t pick", focused="word", word="\udfff")
    assert not discord_stub.interactions
    # past the edge (a forged interaction): the frame is not written, an ERROR says why, the writer lives
    forged = discord_stub.new_interaction(2, cast.alice, cast.games, {"name": "t", "text": "\ud800"})
    with caplog.at_level("ERROR", logger="discord_stub"):
        discord_stub.dispatch_interaction(forged)
        await discord_stub.wait_until(lambda: "not written" in caplog.text, 2, "the dropped frame logged")
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    assert (await ix.wait_response()).content == "pong"
