"""The composition root: builds the bot and wires its services from ``Settings`` without touching the network.

``create_bot`` is what ``python -m bot``, the playground and the tests share: it opens the store (a damaged or
unreachable database stops the start before Discord is dialled), then ``RollBot`` builds every service and
feature Cog in its constructor, each with what it needs, so none is ever missing; ``setup_hook`` only registers
them with discord.py (Cogs, one command group per game, persistent items) and syncs. Tests drive a bot that
never logs in. Nothing imports this module but the entry point, the playground and the tests; the shell
reaches games only through the registries (``bot/engine/kinds.py`` for rules, ``cogs/games.py`` for
presentations).

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
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import yarl
from discord.ext import commands

from bot.config import Settings
from bot.engine import SessionManager, StoreOpenError, TurnBook, default_registry
from bot.engine.kinds import KNOWN_KINDS, load_kind
from bot.engine.store import Store, open_store
from bot.i18n import available_locales, catalog
from bot.metrics import NoMetrics, create_metrics
from bot.runtime import pool
from bot.sharding import ShardScope
from cogs import transport
from cogs.away import Away
from cogs.bots import BotPlayer
from cogs.buttons import DYNAMIC_ITEMS
from cogs.clock import ClockButton, PaceClock
from cogs.core import Inflight, RollTree
from cogs.daily import Daily, ShareButton
from cogs.find import Find
from cogs.games import PRESENTATIONS, Games
from cogs.groups import game_group
from cogs.handover import HandOver, HandOverButton
from cogs.help import Guide, Help
from cogs.hints import Hints
from cogs.history import History, HistoryButton, PostedReplayButton
from cogs.lobby import Lobby
from cogs.mygames import GamesPageButton, MyGames
from cogs.notify import Notify
from cogs.outbox import Courier
from cogs.play import Play
from cogs.reminders import Reminders
from cogs.seats import bot_seat_names
from cogs.settings import GameSettings
from cogs.stats import ForgetButton, Stats
from cogs.translator import CatalogTranslator
from cogs.undo import Undo

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
    """The bot with its store open and every service built (``create_bot`` opens the store)."""

    def __init__(self, settings: Settings, store: Store, *, sync_commands: bool = True, run_reminders: bool = True,
                 kind_specs: tuple[str, ...] = KNOWN_KINDS, presentation_specs: tuple[str, ...] = PRESENTATIONS,
                 bot_pause: float = 1.5, clock: Callable[[], float] = time.time):
        """``kind_specs`` / ``presentation_specs``: the game registries (``module:ATTR`` strings); ``bot_pause``:
        seconds a bot seat waits before it moves, so people can follow (tests set 0); ``clock``: the bot's time
        (turn clocks, reminders, away periods, notices, the daily's day, queue expiry, activity stamps), handed
        to every service that reads the time (the playground's moves on when time is skipped). Leases and
        delivery claims between processes keep the wall clock."""
        options = shard_options(settings)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=bot_intents(),
            help_command=None,
            tree_cls=RollTree,
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True,
                                                     replied_user=False),
            **options,
        )
        self.settings = settings
        #: the games this process serves; None: all (one process runs every shard)
        self.scope: ShardScope | None = ShardScope(tuple(options["shard_ids"]), options["shard_count"]) \
            if options else None
        #: the name this process claims background work under: stable for its shard slot, so a restarted
        #: process takes its own unexpired claims back at once
        self.claim_owner = f"{socket.gethostname()} {self.scope.label() if self.scope else 'all shards'}"
        self.metrics: NoMetrics = create_metrics(settings.metrics_port, settings.metrics_host)
        self._health_task: asyncio.Task | None = None
        self.started_at = time.time()
        self.clock = clock
        self.sync_on_start = sync_commands
        self.run_reminders = run_reminders
        self.inflight = Inflight()
        self.close_grace = CLOSE_GRACE_SECONDS
        self.store_open = True

        self.store = store
        if self.scope is not None and not self.scope.is_everything:
            store.scope = self.scope             # background work sees only the games of this process
        kinds = default_registry(kind_specs)
        #: kind name -> its registry line, for the AI's worker process (which imports the kind itself)
        self.kind_spec_of = {load_kind(spec).name: spec for spec in kind_specs if spec.partition(":")[0] in sys.modules}
        # its clock is the turn clocks' time (tests make it pass); it names bot seats in the language a start settles
        self.turns = TurnBook(clock, name_bots=bot_seat_names)
        self.sessions: SessionManager[Store] = SessionManager(store, kinds, clock=clock, turns=self.turns)
        self.sessions.observer = self.metrics
        self.games = Games.default(kinds, presentation_specs)
        self.courier: Courier = TimedCourier(self, self.sessions, self.games, owner=self.claim_owner,
                                             metrics=self.metrics, clock=clock)
        # AI searches run in a worker process: CPU-bound Python in a thread would hold up the event loop
        self.ai_pool = pool.executor(1)
        self.bots = BotPlayer(self.sessions, self.games, self.courier, pause=bot_pause, executor=self.ai_pool,
                              kind_specs=self.kind_spec_of, owner=self.claim_owner)
        self.pace_clock = PaceClock(self, self.sessions, self.games, self.bots, owner=self.claim_owner,
                                    clock=clock)
        # the feature Cogs; persistent buttons reach them through the bot that received the click
        # (cogs.core.service_of), so these attribute names are part of the click path
        self.hints = Hints(self.sessions, self.games, self.bots)
        self.play = Play(self.sessions, self.games, self.courier, self.bots, self.hints)
        self.undo = Undo(self.play)
        self.lobby = Lobby(self.sessions, self.games, self.courier, self.play, self.bots)
        self.game_settings = GameSettings(self.sessions, self.games, self.play, self.courier, self.lobby)
        self.history = History(self.sessions, self.games)
        self.stats = Stats(self.sessions, self.games, clock)
        self.daily = Daily(self.sessions, self.games, self.lobby, clock)
        self.courier.daily = self.history.daily = self.daily
        self.find = Find(self.sessions, self.games, self.lobby, self.courier, clock=clock)
        self.help = Help(self.games)
        self.guide = Guide(self.games)
        self.my_games = MyGames(self.sessions, self.games, clock)
        self.my_games.daily = self.daily       # today's dailies in /games, its daily games told apart
        self.notify = Notify(self, self.sessions, self.games, run=run_reminders, clock=clock,
                             away=self.courier.away)
        self.courier.notices = self.notify
        self.courier.clock = self.pace_clock
        self.away = Away(self.sessions, self.courier, self.pace_clock)
        self.handover = HandOver(self.sessions, self.games, self.courier, clock, self.pace_clock)
        self.reminders = Reminders(self, settings, self.sessions, self.games, self.courier, run=run_reminders,
                                   bots=self.bots, pace_clock=self.pace_clock, clock=clock)
        self.reminders.handover = self.handover

    async def setup_hook(self) -> None:
        transport.install()                     # interaction calls whose answer was lost (cogs.transport)
        for locale in available_locales():      # parse every catalog now: a broken .po fails at startup
            catalog(locale)
        await self.store.claim_new_posts(self.claim_owner)
        await self.tree.set_translator(CatalogTranslator())
        groups = {kind: game_group(presentation) for kind, presentation in self.games.items()}
        for cog in (self.lobby, self.game_settings, self.play, self.hints, self.undo, self.history, self.stats,
                    self.help):
            cog.attach(groups)
            await self.add_cog(cog)
        for group in groups.values():
            self.tree.add_command(group)
        self.tree.add_command(self.daily.command_group())
        self.tree.add_command(self.find.command_group())
        self.tree.add_command(self.handover.command_group())
        self.add_dynamic_items(*DYNAMIC_ITEMS, ClockButton, HistoryButton, PostedReplayButton, ForgetButton,
                               GamesPageButton, ShareButton, HandOverButton)
        for cog in (self.reminders, self.my_games, self.notify, self.away, self.guide, self.courier.reach,
                    self.handover):
            await self.add_cog(cog)
        if self.sync_on_start:
            await self.sync_commands()
        await self.metrics.serve(self.health)
        if self.settings.health_seconds:
            self._health_task = asyncio.create_task(self._health_loop(), name="rollbot-health")

    async def on_ready(self) -> None:
        """Deliver what a previous run committed but could not post (the outbox) before anything else. Counted
        as work in flight, so that a shutdown meanwhile waits for it rather than close the store under it."""
        if self.is_closed():
            return
        log.info("ready: %s", await self.health_line())   # before it counts itself in flight (it read "1")
        async with self.inflight.track():
            sent = await self.courier.deliver_all()
            if sent:
                log.info("delivered %d post(s) left undelivered by the previous run", sent)
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
        if self.store_open:
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
        if await self.store.get_meta(COMMANDS_HASH_META) == digest:
            log.info("global commands unchanged; not syncing")
            return
        await self.tree.sync()
        await self.store.set_meta(COMMANDS_HASH_META, digest)
        log.info("global commands synced")

    async def close(self) -> None:
        """Stop the bot seats (they start no new move), then let the handlers and deliveries in flight finish
        (bounded by ``close_grace``), then log out and close the store: a click answered mid-shutdown must not
        find the store or the HTTP session gone, and a post that reached Discord must be recorded as delivered
        (else the next start posts it again)."""
        await self.bots.close()
        if self.inflight.count and not await self.inflight.wait_idle(self.close_grace):
            log.warning("closing with %d interaction handler(s) or deliveries still running after %.0f s",
                        self.inflight.count, self.close_grace)
        if self._health_task is not None:
            self._health_task.cancel()
        await self.metrics.close()
        self.ai_pool.shutdown(wait=False, cancel_futures=True)
        try:
            await super().close()
        finally:
            if self.store_open:
                self.store_open = False
                try:                             # let the other processes take over at once, not on expiry
                    await self.store.release_claims(self.claim_owner)
                except Exception as error:
                    log.warning("could not release this process's claims: %s", error)
                await self.store.close()
                log.info("store closed")


def make_folder(database: Path) -> None:
    """Create the folder of the database file, or refuse with ``StoreOpenError`` (exit status 2, one line): a
    folder that cannot be made (no permission, a file in the way) is the operator's to fix, and restarting
    the bot would only fail the same way."""
    folder = database.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        in_the_way = next((p for p in (folder, *folder.parents) if p.exists() and not p.is_dir()), None)
        why = (f"{str(in_the_way)!r} is a file, not a folder" if in_the_way is not None else
               f"{error.strerror or error}; create it and give the user the bot runs as write access to it")
        raise StoreOpenError(str(database), f"cannot create its folder {str(folder.resolve())!r}: {why}") from error


async def create_bot(settings: Settings, **kwargs: Any) -> RollBot:
    """Open the store ``settings`` names (refusing a damaged one with how to restore it: ``StoreOpenError``),
    then build the bot on it; ``kwargs`` go to :class:`RollBot`."""
    if settings.api_base:
        discord.http.Route.BASE = settings.api_base
    where = settings.db_path
    if isinstance(where, Path):
        make_folder(where)
    store = await open_store(str(where), synchronous=settings.db_synchronous)
    log.info("store opened at %s (synchronous=%s)", getattr(store, "path", "the database"), settings.db_synchronous)
    if getattr(store, "sqlite", False) and store.path == ":memory:":
        log.warning("ROLLBOT_DB is an in-memory database (:memory:): every game is lost when the bot stops; "
                    "for tests only, set ROLLBOT_DB to a file or a postgresql:// URL to keep them")
    try:
        return RollBot(settings, store, **kwargs)
    except BaseException:
        await store.close()
        raise


__all__ = ["RollBot", "bot_intents", "create_bot"]
