"""The composition root: builds the bot and wires its services from ``Settings`` without touching the network.

``create_bot`` is what ``python -m bot`` and the tests share.  Everything that needs a running loop (the
store, the services, the command groups, the command translator) happens in ``setup_hook`` so that tests can
drive a bot that never logs in.  Nothing imports this module but the entry point and the tests: services get
what they need through their constructors, and the shell reaches games only through the registries
(``bot/engine/kinds.py`` for rules, ``cogs/games.py`` for presentations).

Slash commands are synced only when their definition changed since the last sync (the hash is kept in the
store), because global syncs are rate limited.

Several processes (``Settings.shard_ids`` of ``shard_count``, one PostgreSQL): each runs its shards' gateway
connections and serves the games whose events reach them (``bot.sharding``); the store lists only those
to the background work, which also claims what it does in the database under this process's name
(``claim_owner``), released again on a clean shutdown. Metrics and the health report: ``bot.metrics``.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import socket
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING, Any

import discord
import yarl
from discord.ext import commands

from bot.config import Settings
from bot.i18n import available_locales, catalog
from bot.metrics import NoMetrics, create_metrics
from bot.runtime import pool
from bot.sharding import ShardScope
from cogs import transport
from cogs.bots import BotPlayer
from cogs.buttons import DYNAMIC_ITEMS
from cogs.clock import ClockButton, PaceClock
from cogs.core import Inflight, RollTree
from cogs.games import Games
from cogs.groups import build_group
from cogs.history import HistoryButton, HistoryService
from cogs.lobby import LobbyService
from cogs.outbox import Courier
from cogs.play import PlayService
from cogs.reminders import Reminders
from cogs.stats import ForgetButton, StatsService
from cogs.translator import CatalogTranslator

if TYPE_CHECKING:
    from bot.engine import TurnBook

log = logging.getLogger(__name__)

COMMANDS_HASH_META = "commands_hash"


#: How long ``close()`` waits for interaction handlers still running before closing the store anyway.
CLOSE_GRACE_SECONDS = 10.0


def bot_intents() -> discord.Intents:
    """Servers and their channels (permissions, names), nothing more: the bot lives on interactions, which
    Discord sends whatever the intents. Without the message intents Discord no longer sends a
    MESSAGE_CREATE / MESSAGE_UPDATE for each of the bot's own posts and edits, which discord.py parsed into
    whole messages (components and all) for nobody: a tenth of a busy bot's gateway work."""
    intents = discord.Intents.none()
    intents.guilds = True
    return intents


class TimedCourier(Courier):
    """The courier, with each post's rendering timed for the metrics."""

    def __init__(self, *args, metrics: NoMetrics, **kwargs):
        super().__init__(*args, **kwargs)
        self.metrics = metrics

    async def render(self, game, payload: dict, **kwargs) -> dict:
        with self.metrics.rendering():
            return await super().render(game, payload, **kwargs)


def shard_options(settings: Settings) -> dict[str, Any]:
    """``AutoShardedBot`` keywords: the configured shards, or none (discord.py asks Discord how many)."""
    if settings.shard_count is None:
        return {}
    ids = list(settings.shard_ids) if settings.shard_ids is not None else list(range(settings.shard_count))
    return {"shard_ids": ids, "shard_count": settings.shard_count}


class RollBot(commands.AutoShardedBot):
    def __init__(self, settings: Settings, *, sync_commands: bool = True, run_reminders: bool = True,
                 kind_specs: tuple[str, ...] | None = None, presentation_specs: tuple[str, ...] | None = None,
                 bot_pause: float = 1.5):
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            tree_cls=RollTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True,
                                                     replied_user=False),
            **shard_options(settings),
        )
        self.settings = settings
        options = shard_options(settings)
        #: the games this process serves; None: all (one process runs every shard)
        self.scope: ShardScope | None = ShardScope(tuple(options["shard_ids"]), options["shard_count"]) \
            if options else None
        #: the name this process claims background work under: stable for its shard slot, so a restarted
        #: process takes its own unexpired claims back at once
        self.claim_owner = f"{socket.gethostname()} {self.scope.label() if self.scope else 'all shards'}"
        self.metrics: NoMetrics = create_metrics(settings.metrics_port)
        self._health_task: asyncio.Task | None = None
        self.started_at = time.time()
        self.sync_on_start = sync_commands
        self.store: Any = None
        self.sessions: Any = None
        self.games: Games | None = None
        self.courier: Courier | None = None
        self.lobby: LobbyService | None = None
        self.play: PlayService | None = None
        self.history: HistoryService | None = None
        self.stats: StatsService | None = None
        self.bots: BotPlayer | None = None
        self.pace_clock: PaceClock | None = None
        self.turns: TurnBook | None = None
        self.ai_pool: ProcessPoolExecutor | None = None
        self.kind_spec_of: dict[str, str] = {}
        #: seconds a bot seat waits before it moves, so people can follow (tests set 0)
        self.bot_pause = bot_pause
        self.run_reminders = run_reminders
        #: the game registries (``module:ATTR`` strings); None: the ones this project ships
        self.kind_specs = kind_specs
        self.presentation_specs = presentation_specs
        self.inflight = Inflight()
        self.close_grace = CLOSE_GRACE_SECONDS

    async def setup_hook(self) -> None:
        transport.install()                     # interaction calls whose answer was lost (cogs.transport)
        for locale in available_locales():      # parse every catalog now: a broken .po fails at startup
            catalog(locale)
        await self._open_engine()
        await self.tree.set_translator(CatalogTranslator())
        await self._wire()
        if self.sync_on_start:
            await self.sync_commands()
        await self.metrics.serve(self.health)
        if self.settings.health_seconds:
            self._health_task = asyncio.create_task(self._health_loop(), name="rollbot-health")

    async def _open_engine(self) -> None:
        from bot.engine import SessionManager, TurnBook, default_registry
        from bot.engine.store import open_store

        where = self.settings.db_path
        if isinstance(where, Path):
            where.parent.mkdir(parents=True, exist_ok=True)
        # the store's own check refuses a damaged file at start (with how to restore it), not found mid-game
        self.store = await open_store(str(where), synchronous=self.settings.db_synchronous)
        from bot.engine.kinds import KNOWN_KINDS, load_kind

        specs = KNOWN_KINDS if self.kind_specs is None else self.kind_specs
        kinds = default_registry(specs)
        self.kind_spec_of = {load_kind(spec).name: spec for spec in specs
                             if spec.partition(":")[0] in sys.modules}
        if self.scope is not None and not self.scope.is_everything:
            self.store.scope = self.scope        # background work sees only the games of this process
        self.sessions = SessionManager(self.store, kinds, turns=TurnBook())
        self.sessions.observer = self.metrics
        await self.sessions.claim_new_posts(self.claim_owner)
        log.info("store opened at %s (synchronous=%s)", getattr(self.store, "path", "the database"),
                 self.settings.db_synchronous)

    async def _wire(self) -> None:
        """Build the services, one command group per game, the persistent components and the background
        loop; each gets what it needs through its constructor."""
        self.games = Games.default(self.sessions.kinds) if self.presentation_specs is None else \
            Games.default(self.sessions.kinds, self.presentation_specs)
        self.turns = self.sessions.turns      # its clock is the turn clocks' time (tests make it pass)
        self.courier = TimedCourier(self, self.sessions, self.games, owner=self.claim_owner,
                                    metrics=self.metrics)
        # AI searches run in a worker process: CPU-bound Python in a thread would hold up the event loop
        self.ai_pool = pool.executor(1)
        self.bots = BotPlayer(self.sessions, self.games, self.courier, pause=self.bot_pause,
                              executor=self.ai_pool, kind_specs=self.kind_spec_of, owner=self.claim_owner)
        self.pace_clock = PaceClock(self, self.sessions, self.games, self.bots, owner=self.claim_owner)
        # persistent buttons reach these services through the bot that received the click (cogs.core.service_of)
        self.play = play = PlayService(self.sessions, self.games, self.courier, self.bots)
        self.lobby = lobby = LobbyService(self.sessions, self.games, self.courier, play, self.bots)
        self.history = HistoryService(self.sessions, self.games)
        self.stats = StatsService(self.sessions, self.games)
        for presentation in self.games.values():
            self.tree.add_command(build_group(presentation, lobby, play, self.history, self.stats))
        self.add_dynamic_items(*DYNAMIC_ITEMS, ClockButton, HistoryButton, ForgetButton)
        await self.add_cog(Reminders(self, self.settings, self.sessions, self.games, self.courier,
                                     run=self.run_reminders, bots=self.bots, pace_clock=self.pace_clock))

    async def on_ready(self) -> None:
        """Deliver what a previous run committed but could not post (the outbox) before anything else."""
        log.info("ready: %s", await self.health_line())
        if self.courier is not None:
            sent = await self.courier.deliver_all()
            if sent:
                log.info("delivered %d post(s) left undelivered by the previous run", sent)
        if self.bots is not None:
            await self.bots.resume_all()

    async def launch_shards(self) -> None:
        """With a fixed shard range discord.py dials its built-in gateway address; dial the one Discord's
        ``GET /gateway/bot`` names instead, as Discord advises (and as an API stand-in or proxy needs)."""
        if self.shard_count is None or self.is_closed():
            return await super().launch_shards()
        _count, url, _limits = await self.http.get_bot_gateway()
        self._connection.shard_count = self.shard_count
        shard_ids = self.shard_ids or list(range(self.shard_count))
        self._connection.shard_ids = shard_ids
        for shard_id in shard_ids:
            await self.launch_shard(yarl.URL(url), shard_id, initial=shard_id == shard_ids[0])

    # ------------------------------------------------------------------ health
    async def health(self) -> dict[str, Any]:
        """This process's state for ``/healthz`` and the health log line."""
        shards = sorted(self.shards) if self.shard_count is not None else []
        connected = [i for i, info in sorted(self.shards.items()) if not info.is_closed()] \
            if self.shard_count is not None else []
        latency = self.latency
        report: dict[str, Any] = {
            "ready": self.is_ready() and not self.is_closed(),
            "shards": shards, "shard_count": self.shard_count, "connected": connected,
            "latency_ms": round(latency * 1000) if latency == latency and latency != float("inf") else None,
            "inflight": self.inflight.count, "uptime_s": round(time.time() - self.started_at)}
        if self.store is not None:
            try:
                report["games_active"] = len(await self.store.game_ids(["active"]))
                report["games_lobby"] = len(await self.store.game_ids(["lobby"]))
                report["posts_waiting"] = len(await self.store.undelivered_posts(1000))
            except Exception as error:           # a health report must not fail: say what failed
                report["store_error"] = f"{type(error).__name__}: {error}"
        self.metrics.set_queues(outbox=report.get("posts_waiting", 0), inflight=report["inflight"],
                                games_served=report.get("games_active", 0))
        return report

    async def health_line(self) -> str:
        r = await self.health()
        shards = self.scope.label() if self.scope else f"all shards ({r['shard_count'] or '?'})"
        games = f"{r['games_active']} active, {r['games_lobby']} in lobby" if "games_active" in r else \
            r.get("store_error", "?")
        latency = f"{r['latency_ms']} ms" if r["latency_ms"] is not None else "?"
        return (f"{shards}, connected {r['connected'] or 'none'}, latency {latency}, games served: {games}, "
                f"posts waiting {r.get('posts_waiting', '?')}, handlers in flight {r['inflight']}")

    async def _health_loop(self) -> None:
        await self.wait_until_ready()
        while not self.is_closed():
            await asyncio.sleep(self.settings.health_seconds)
            try:
                log.info("health: %s", await self.health_line())
            except Exception:
                log.exception("health report failed")

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
        if self._health_task is not None:
            self._health_task.cancel()
        await self.metrics.close()
        if self.bots is not None:
            await self.bots.close()
        if self.ai_pool is not None:
            self.ai_pool.shutdown(wait=False, cancel_futures=True)
        try:
            await super().close()
        finally:
            if self.store is not None:
                store, self.store = self.store, None
                try:                             # let the other processes take over at once, not on expiry
                    await store.release_claims(self.claim_owner)
                except Exception as error:
                    log.warning("could not release this process's claims: %s", error)
                await store.close()
                log.info("store closed")


def create_bot(settings: Settings, **kwargs) -> RollBot:
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    return RollBot(settings, **kwargs)


__all__ = ["RollBot", "bot_intents", "create_bot"]
