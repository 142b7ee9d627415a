"""The shared error path, deferral, worker threads and the permission check, through real interactions."""
from __future__ import annotations

import asyncio
import logging
import re
import threading

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from harness import FULL_APP_PERMISSIONS, User

from bot.engine import NotCreator
from bot.games.errors import RuleError
from bot.i18n import t
from cogs.core import check_bot_permissions, defer, in_worker, send_after_defer


class SubcommandCog(commands.Cog):
    """Test-only: a cog whose ``subcommands()`` make up a ``/test`` group when it is added (``/rp`` has no room
    left: Discord allows 25 subcommands per group)."""

    def __init__(self, bot):
        self.bot = bot

    def subcommands(self):
        return []

    async def cog_load(self) -> None:
        group = self.bot.tree.get_command("test")
        if group is None:
            group = app_commands.Group(name="test", description="test-only commands")
            self.bot.tree.add_command(group)
        for command in self.subcommands():
            group.add_command(command)


class Probe(SubcommandCog):
    """Test-only subcommands that fail in each way the real cogs can."""

    def __init__(self, bot):
        super().__init__(bot)
        self.worker_thread = None

    def subcommands(self):
        cog = self

        @app_commands.command(name="probe", description="test probe")
        async def probe(interaction: discord.Interaction, what: str) -> None:
            if what == "rule":
                raise RuleError("row_full", "rules.rollplayer.row_full", attr="STR")
            if what == "engine":
                raise NotCreator(game_id=1)
            if what == "boom":
                raise ValueError("kaboom")
            if what == "perms":
                check_bot_permissions(interaction)
                await interaction.response.send_message("ok")
                return
            if what in ("public_boom", "private_boom"):
                await defer(interaction, ephemeral=what == "private_boom")
                raise ValueError("late kaboom")
            if what == "worker":
                await defer(interaction, ephemeral=False)
                cog.worker_thread = await in_worker(threading.get_ident)
                await send_after_defer(interaction, "rendered")
                return
            raise AssertionError(what)

        return [probe]


@pytest.fixture
async def probe(harness):
    cog = Probe(harness.bot)
    await harness.bot.add_cog(cog)
    return cog


async def test_rule_error_becomes_private_text(harness, probe, alice):
    result = await harness.run("test probe", user=alice, place=harness.channel(), what="rule")
    assert result.only().ephemeral
    assert result.only().content == t("rules.rollplayer.row_full", "en", attr="STR")


async def test_engine_error_becomes_private_text(harness, probe, alice):
    result = await harness.run("test probe", user=alice, place=harness.dm(), what="engine")
    assert result.only().ephemeral and result.only().content == t("engine.error.not_creator", "en")


async def test_unexpected_error_gets_reference_and_traceback(harness, probe, alice, caplog):
    with caplog.at_level(logging.ERROR, logger="cogs.core"):
        result = await harness.run("test probe", user=alice, place=harness.channel(), what="boom")
    reply = result.only()
    assert reply.ephemeral and "kaboom" not in reply.content
    ref = re.search(r"`([0-9a-f]{8})`", reply.content).group(1)
    record = next(r for r in caplog.records if ref in r.getMessage())
    assert record.exc_info and record.exc_info[0] is ValueError


async def test_error_after_public_deferral_stays_private(harness, probe, alice):
    result = await harness.run("test probe", user=alice, place=harness.channel(), what="public_boom")
    loading, answer = result.messages
    assert loading.deleted                                  # the public "thinking…" message is removed
    assert answer.ephemeral and "`" in answer.content


async def test_error_after_private_deferral_replaces_the_loading_message(harness, probe, alice):
    result = await harness.run("test probe", user=alice, place=harness.channel(), what="private_boom")
    answer = result.only()
    assert answer.ephemeral and answer.kind == "followup" and not answer.loading


async def test_rendering_runs_in_a_worker_thread(harness, probe, alice):
    result = await harness.run("test probe", user=alice, place=harness.channel(), what="worker")
    assert result.deferred and result.only().content == "rendered" and not result.only().ephemeral
    assert probe.worker_thread is not None and probe.worker_thread != threading.get_ident()


@pytest.mark.parametrize("lacking", ["send_messages", "attach_files", "read_message_history"])
async def test_permission_check_names_what_is_missing(harness, probe, alice, lacking):
    perms = discord.Permissions(FULL_APP_PERMISSIONS)
    setattr(perms, lacking, False)
    result = await harness.run("test probe", user=alice, place=harness.channel(app_permissions=perms.value),
                               what="perms")
    # named once (a tour read "**Öffentliche Threads erstellen** (fehlend: Öffentliche Threads erstellen)")
    assert result.only().ephemeral and result.only().content.count(t(f"permission.{lacking}", "en")) == 1
    fine = await harness.run("test probe", user=alice, place=harness.channel(), what="perms")
    assert fine.only().content == "ok"
    in_dm = await harness.run("test probe", user=alice, place=harness.dm(), what="perms")
    assert in_dm.only().content == "ok"


async def test_without_send_messages_only_send_messages_is_named(harness, probe, alice):
    """Discord takes Attach Files and Embed Links away with Send Messages: a tour's admin read three permissions to
    grant where one would do."""
    perms = discord.Permissions(FULL_APP_PERMISSIONS)
    perms.send_messages = perms.attach_files = perms.embed_links = False
    place = harness.channel(app_permissions=perms.value)
    harness.locale = "de"
    result = await harness.run("test probe", user=alice, place=place, what="perms")
    assert result.only().content == t("error.bot_missing_permission", "de",
                                      permission=t("permission.send_messages", "de"))
    perms.send_messages, perms.read_message_history = True, False        # two missing: both, once each
    result = await harness.run("test probe", user=alice, place=harness.channel(app_permissions=perms.value),
                               what="perms")
    assert result.only().content == t("error.bot_missing_permissions", "de", permissions=", ".join(
        t(f"permission.{name}", "de") for name in ("attach_files", "read_message_history")))


@pytest.mark.parametrize("locale", ["en-US", "ko"])
async def test_who_can_grant_a_permission_is_told_where_not_to_ask_an_admin(harness, alice, moderator, locale):
    """A Korean tour's server admin (Manage Server, Manage Channels), typing ``/poker 새게임`` where the bot lacked Send
    Messages, read "ask a server admin to grant it". Whoever may manage the channel or the server (or is an
    Administrator there) reads where to grant it: the channel's settings, the bot's role; a plain member still reads
    that an admin can."""
    harness.locale = locale
    lang = locale[:2]
    perms = discord.Permissions(FULL_APP_PERMISSIONS)
    perms.send_messages = False
    place = harness.channel(app_permissions=perms.value)
    permission = t("permission.send_messages", lang)
    admin = User(id=moderator.id + 1, name="owner", permissions=discord.Permissions(administrator=True).value)
    server = User(id=moderator.id + 2, name="ann", permissions=discord.Permissions(manage_guild=True).value)
    for who in (moderator, admin, server):
        answer = (await harness.run("poker new", user=who, place=place)).only()
        assert answer.ephemeral and answer.content == t(
            "error.bot_missing_permission_fix", lang, permission=permission, channel=f"<#{place.channel_id}>",
            role=harness.bot.user.name), answer.content
        assert permission in answer.content and f"<#{place.channel_id}>" in answer.content
    plain = (await harness.run("poker new", user=alice, place=place)).only()
    assert plain.content == t("error.bot_missing_permission", lang, permission=permission)
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None


async def test_embed_links_is_not_needed_to_play(harness, probe, alice):
    """No turn post carries an embed (the live message is a layout with attachments): a channel without Embed Links
    refused every click of a tour."""
    perms = discord.Permissions(FULL_APP_PERMISSIONS)
    perms.embed_links = False
    result = await harness.run("test probe", user=alice, place=harness.channel(app_permissions=perms.value),
                               what="perms")
    assert result.only().content == "ok"


async def test_unknown_user_locale_falls_back_to_english(harness, alice):
    harness.locale = "ja"
    harness.guild_locale = "ja"
    result = await harness.run("rp help", user=alice, place=harness.channel())
    assert t("help.title", "en") in result.only().text()


async def test_render_failure_in_public_sheet_stays_private(harness, alice, bob, monkeypatch):
    place = harness.channel()
    created = await harness.run("new", user=alice, place=place, players=2)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")

    def broken(*args, **kwargs):
        raise OSError("font missing")
    from cogs.rollplayer import PRESENTATION

    monkeypatch.setattr(PRESENTATION, "seat_picture", broken)
    result = await harness.run("sheet", user=alice, place=place, post=True)
    assert [m.deleted for m in result.messages] == [True, False]
    assert result.messages[1].ephemeral


class Slow(SubcommandCog):
    """A command that stays in flight until the test releases it, then still needs the store."""

    def __init__(self, bot):
        super().__init__(bot)
        self.entered = asyncio.Event()
        self.release = asyncio.Event()
        self.store_seen = []

    def subcommands(self):
        cog = self

        @app_commands.command(name="slow", description="test: a long handler")
        async def slow(interaction: discord.Interaction) -> None:
            cog.entered.set()
            await cog.release.wait()
            if cog.bot.store_open:
                cog.store_seen.append(await cog.bot.store.schema_version())
            await interaction.response.send_message("done")

        return [slow]


async def _bot_with_slow_command(settings):
    from harness import Harness

    from bot.app import create_bot

    harness = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await harness.start()
    slow = Slow(harness.bot)
    await harness.bot.add_cog(slow)
    return harness, slow


async def test_close_waits_for_handlers_in_flight_before_closing_the_store(settings, alice):
    harness, slow = await _bot_with_slow_command(settings)
    running = asyncio.create_task(harness.run("test slow", user=alice, place=harness.channel()))
    await slow.entered.wait()
    assert harness.bot.inflight.count == 1
    closing = asyncio.create_task(harness.bot.close())
    await asyncio.sleep(0.2)
    assert not closing.done() and harness.bot.store_open     # still waiting for the click
    slow.release.set()
    result = await running
    await asyncio.wait_for(closing, 5)
    assert result.only().content == "done" and slow.store_seen       # the handler used an open store
    assert not harness.bot.store_open and harness.bot.inflight.count == 0


async def test_close_waits_only_a_bounded_time(settings, alice, caplog):
    harness, slow = await _bot_with_slow_command(settings)
    harness.bot.close_grace = 0.2
    running = asyncio.create_task(harness.run("test slow", user=alice, place=harness.channel()))
    await slow.entered.wait()
    with caplog.at_level(logging.WARNING, logger="bot.app"):
        await asyncio.wait_for(harness.bot.close(), 5)
    assert not harness.bot.store_open
    assert any("still running" in r.getMessage() for r in caplog.records)
    slow.release.set()
    await running
    assert slow.store_seen == []


async def test_a_shutdown_during_on_ready_waits_for_its_delivery(settings, caplog):
    """A playground test stopped the bot while ``on_ready`` delivered the outbox: the store closed under it and
    resuming the bot seats failed ("the store is closed"). The ready work counts as in flight."""
    from harness import Harness

    from bot.app import create_bot

    harness = Harness(await create_bot(settings, sync_commands=False, run_reminders=False))
    await harness.start()
    bot, entered, release, resumed = harness.bot, asyncio.Event(), asyncio.Event(), []

    async def slow_delivery():
        entered.set()
        await release.wait()
        return 0
    real_resume = bot.bots.resume_all

    async def resume():
        resumed.append(bot.store_open)
        await real_resume()
    bot.courier.deliver_all, bot.bots.resume_all = slow_delivery, resume
    ready = asyncio.create_task(bot.on_ready())
    await entered.wait()
    closing = asyncio.create_task(bot.close())
    await asyncio.sleep(0.2)
    assert not closing.done() and bot.store_open                 # waiting for the ready work
    release.set()
    await asyncio.wait_for(ready, 5)
    await asyncio.wait_for(closing, 5)
    assert resumed == [True] and not bot.store_open
    await bot.on_ready()                                         # a late ready on a closed bot does nothing


async def test_the_ready_line_does_not_count_itself_in_flight(harness, caplog):
    """An operator tour: the "ready:" line always said "handlers in flight 1" (on_ready counted itself)."""
    caplog.set_level(logging.INFO, logger="bot.app")
    await harness.bot.on_ready()
    [line] = [r.getMessage() for r in caplog.records if r.getMessage().startswith("ready: ")]
    assert line.endswith("handlers in flight 0"), line


async def test_component_handlers_count_as_in_flight(harness, alice, bob):
    place = harness.channel()
    created = await harness.run("new", user=alice, place=place, players=2)
    lobby = next(m for m in created.messages if m.buttons())
    counts = []
    lobby_service = harness.bot.lobby
    real = lobby_service.on_lobby_button

    async def spy(interaction, game_id, action):
        counts.append(harness.bot.inflight.count)
        await real(interaction, game_id, action)
    lobby_service.on_lobby_button = spy
    await harness.click(lobby, user=bob, place=place, label="Join")
    assert counts == [1] and harness.bot.inflight.count == 0
