"""The Discord client: builds the bot from ``Settings`` without touching the network.

``create_bot`` is what ``python -m bot`` and the tests share.  Everything that needs a running loop (the
SQLite store, the cogs, the command translator) happens in ``setup_hook`` so that tests can drive a bot
that never logs in.  Slash commands are synced only when their definition changed since the last sync
(the hash is kept in the store), because global syncs are rate limited.
"""
from __future__ import annotations

import hashlib
import json
import logging
from typing import Any

import discord
from discord.ext import commands

from bot.config import Settings
from bot.i18n import CatalogTranslator, available_locales, catalog
from cogs.core import Inflight, RollTree

log = logging.getLogger(__name__)

#: Extensions loaded at startup, in order.  ``cogs.core`` owns the ``/rp`` group and the error path.
EXTENSIONS = ("cogs.core", "cogs.help", "cogs.lobby", "cogs.play", "cogs.setup", "cogs.dice", "cogs.market",
              "cogs.skills", "cogs.cleanup")

COMMANDS_HASH_META = "commands_hash"
#: Extensions that need the session engine (left out of a bot built without a store).
ENGINE_EXTENSIONS = ("cogs.lobby", "cogs.play", "cogs.setup", "cogs.dice", "cogs.market", "cogs.skills",
                     "cogs.cleanup")
#: How long ``close()`` waits for interaction handlers still running before closing the store anyway.
CLOSE_GRACE_SECONDS = 10.0


def bot_intents() -> discord.Intents:
    """Default intents without the privileged ones: the bot lives on interactions only."""
    intents = discord.Intents.default()
    intents.members = False
    intents.presences = False
    intents.message_content = False
    return intents


class RollBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, sync_commands: bool = True, open_store: bool = True,
                 extensions: tuple[str, ...] = EXTENSIONS, run_reminders: bool = True):
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            tree_cls=RollTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True,
                                                     replied_user=False),
        )
        self.settings = settings
        self.sync_on_start = sync_commands
        self.open_store = open_store
        self.extensions_to_load = extensions if open_store else tuple(
            name for name in extensions if name not in ENGINE_EXTENSIONS)
        self.store: Any = None
        self.sessions: Any = None
        self.run_reminders = run_reminders
        self.inflight = Inflight()
        self.close_grace = CLOSE_GRACE_SECONDS

    async def setup_hook(self) -> None:
        for locale in available_locales():      # parse every catalog now: a broken .po fails at startup
            catalog(locale)
        if self.open_store:
            await self._open_engine()
        await self.tree.set_translator(CatalogTranslator())
        for name in self.extensions_to_load:
            await self.load_extension(name)
        if self.sync_on_start:
            await self.sync_commands()

    async def _open_engine(self) -> None:
        from bot.engine import SessionManager, Store, default_registry

        self.settings.db_path.parent.mkdir(parents=True, exist_ok=True)
        self.store = await Store.open(str(self.settings.db_path), synchronous=self.settings.db_synchronous)
        self.sessions = SessionManager(self.store, default_registry())
        log.info("store opened at %s (synchronous=%s)", self.settings.db_path, self.settings.db_synchronous)

    def commands_payload(self) -> list[dict]:
        return [cmd.to_dict(self.tree) for cmd in self.tree.get_commands()]

    async def sync_commands(self) -> None:
        """Register the commands globally (so they also work in DMs) and copy them to the development
        guild, where changes show up at once."""
        digest = hashlib.sha256(json.dumps(self.commands_payload(), sort_keys=True,
                                           default=str).encode()).hexdigest()
        dev_guild = discord.Object(self.settings.dev_guild_id) if self.settings.dev_guild_id else None
        if dev_guild is not None:
            self.tree.copy_global_to(guild=dev_guild)
            await self.tree.sync(guild=dev_guild)
            log.info("commands copied to development guild %s", dev_guild.id)
        previous = await self.store.get_meta(COMMANDS_HASH_META) if self.store is not None else None
        if previous == digest:
            log.info("global commands unchanged; not syncing")
            return
        await self.tree.sync()
        if self.store is not None:
            await self.store.set_meta(COMMANDS_HASH_META, digest)
        log.info("global commands synced")

    async def close(self) -> None:
        """Let the handlers in flight finish (bounded by ``close_grace``), then log out and close the
        store: a click answered mid-shutdown must not find the store or the HTTP session gone."""
        if self.inflight.count and not await self.inflight.wait_idle(self.close_grace):
            log.warning("closing with %d interaction handler(s) still running after %.0f s",
                        self.inflight.count, self.close_grace)
        try:
            await super().close()
        finally:
            if self.store is not None:
                store, self.store = self.store, None
                await store.close()
                log.info("store closed")


def create_bot(settings: Settings, **kwargs) -> RollBot:
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    return RollBot(settings, **kwargs)


__all__ = ["RollBot", "bot_intents", "create_bot"]
