"""The real bot (``create_bot`` + every cog) against the Discord stand-in in tests/discord_stub: login over
REST, READY over the gateway, commands synced, then a lobby, a first turn and a solo game in a DM, all
through real HTTP and websocket traffic."""
from __future__ import annotations

from bot.app import create_bot
from bot.config import Settings
from bot.i18n import t
from tests.discord_stub.fixtures import bot_starter, cast, discord_stub  # noqa: F401  (pytest fixtures)
from tests.discord_stub.images import png_size


async def test_rollbot_through_the_stand_in(discord_stub, cast, bot_starter, tmp_path):  # noqa: F811
    settings = Settings(token=discord_stub.token, db_path=tmp_path / "e2e.db", api_base=discord_stub.api_base,
                        dev_guild_id=discord_stub.guild.id)
    bot = await create_bot(settings, run_reminders=False)
    await bot_starter(bot)

    helped = await discord_stub.run_command(cast.carol, cast.games, "rp help")
    assert (await helped.wait_response()).ephemeral

    created = await discord_stub.run_command(cast.alice, cast.games, "rp new", players=2)
    lobby = await created.wait_response()
    assert not lobby.ephemeral and lobby.button_labels == ["Join", "Leave", "Start", "Cancel", "Remove bot"]
    assert [[o["value"] for o in s["options"]] for s in lobby.selects] == [["easy", "normal", "hard"]]
    joined = await discord_stub.click(cast.bob, lobby, label="Join")
    await joined.wait_response()
    started = await discord_stub.click(cast.alice, lobby, label="Start")
    prompt = await started.wait_followup_or_post(0)
    width, height = png_size(prompt.attachment("table.png"))
    assert width > 100 and height > 100
    assert prompt.selects, "the first turn offers the sheets to choose from"

    busy = await discord_stub.run_command(cast.carol, cast.games, "rp new", players=2)
    refusal = await busy.wait_response()
    assert refusal.ephemeral and refusal.content == t("engine.error.channel_busy", "en", group="rp")

    dm = discord_stub.dm_channel(cast.alice)
    solo = await discord_stub.run_command(cast.alice, dm, "rp solo")
    assert not (await solo.wait_response()).ephemeral
    first = await solo.wait_followup_or_post(0)
    assert first.attachment("table.png")
