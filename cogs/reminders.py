"""Reminders and the outbox's retries: the two things the shell does without anybody clicking.

``Reminders`` mentions an idle player (each in their own language) every ``reminder_minutes``, at most
``max_reminders`` times per turn (a game with a pace follows its turn clock instead, ``cogs.clock``); it also
retries undelivered posts (``cogs.outbox``). Both survive restarts: everything they need is in the database.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from discord.ext import commands, tasks

from bot.config import Settings
from bot.engine import SessionManager, decision_of, pending_seats
from bot.i18n import t

from .bots import BotPlayer
from .clock import PaceClock
from .core import game_locale, pings, tracker
from .games import Games
from .outbox import Courier
from .reach import shows_hold
from .seats import mentioned

log = logging.getLogger(__name__)


class Reminders(commands.Cog):
    def __init__(self, client: discord.Client, settings: Settings, sessions: SessionManager, games: Games,
                 courier: Courier, *, bots: BotPlayer, pace_clock: PaceClock, run: bool = True,
                 clock: Callable[[], float] = time.time):
        self.bots = bots
        self.pace_clock = pace_clock    # games with a pace: their clock reminds and acts, not the plain reminders
        self.client = client
        self.settings = settings
        self.sessions = sessions
        self.games = games
        self.courier = courier
        self.run = run
        self.clock = clock              # replaced in tests to make time pass
        #: ``cogs.handover.HandOver``: its offers expire with the tick (set by the app; None in a bare setup)
        self.handover: Any = None
        self.reminder_loop = tasks.loop(minutes=1)(self.tick)
        self.reminder_loop.before_loop(self.client.wait_until_ready)

    async def cog_load(self) -> None:
        if self.run:
            self.reminder_loop.start()

    async def cog_unload(self) -> None:
        self.reminder_loop.cancel()

    async def tick(self) -> None:
        await self._job("delivering undelivered posts", self.courier.deliver_all)
        await self.take_over_idle_seats()
        await self.pace_clock.tick(self.clock())
        if self.handover is not None:
            await self._job("expiring seat offers", lambda: self.handover.expire_offers(self.clock()))
        await self.send_reminders()

    async def take_over_idle_seats(self) -> None:
        await self._job("idle-seat takeover", lambda: self.bots.take_over_idle(self.clock()))

    async def _job(self, what: str, work: Callable[[], Awaitable[Any]]) -> None:
        """One job of the tick: skipped once the client closed, counted in flight, a failure logged (the next
        jobs still run)."""
        if self.client.is_closed():
            return
        async with tracker(self.client):
            try:
                await work()
            except Exception:
                log.exception("%s failed", what)

    async def send_reminders(self) -> None:
        settings = self.settings
        if settings.max_reminders <= 0 or self.client.is_closed():
            return
        async with tracker(self.client):           # shutdown waits for a round of reminders too
            due = await self.sessions.store.games_needing_reminder(self.clock(), settings.reminder_minutes * 60,
                                                                   settings.max_reminders)
            for item in due:
                try:
                    await self.remind(item)
                except discord.HTTPException as error:     # Discord failing: one line
                    log.warning("reminder for game %s failed: %r", item.game_id, error)
                except Exception:
                    log.exception("reminder for game %s failed", item.game_id)

    async def remind(self, item: Any) -> None:
        game = await self.sessions.load(item.game_id)
        if game.status != "active" or game.kind not in self.games or self.pace_clock.handles(game):
            return
        kind, presentation = self.games.kind(game.kind), self.games[game.kind]
        due = [s for s in pending_seats(kind, game.state) if game.seats[s].user_id]
        away = await self.courier.away.in_game(game, due, self.clock())
        due = [s for s in due if game.seats[s].user_id not in away]      # no reminders while away
        if not due or self.courier.reach.waiting(game, self.clock()):
            return                     # (held: its channel refuses the bot's posts, and its clock stands still)
        if not await self.sessions.claim_reminder(item, self.clock()):
            return                     # another bot process sends this one (or a move came in)
        channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        # posted in the channel: in the game's language, as everything else there (one language per channel)
        locale, users = game_locale(game), [game.seats[s].user_id for s in due]
        notices = self.courier.notices
        hush = await notices.owe(game, users) if notices is not None else frozenset()
        params = {"players": mentioned(users, locale, " "), "count": item.reminder_count + 1,
                  "decision": presentation.decision_prompt(game, due[0], decision_of(kind, game.state, due[0]), locale),
                  "limit": self.settings.max_reminders}
        # one player is addressed in the singular (German "dich": a solo game's reminder read "euch"), several in
        # the plural ("euch")
        text = t("play.reminder", locale, **params) if len(users) == 1 else t("play.reminder_several", locale,
                                                                                **params)
        try:
            await channel.send(text, **pings([u for u in users if u not in hush]))
        except discord.HTTPException as error:
            if not await self.courier.reach.failed(game.id, error):
                raise
            return                     # counted as sent: a refused reminder holds the game, it is not repeated
        if await self.courier.reach.went_through(game.id) and shows_hold(game):
            await self.courier.redraw(game.id)  # its live message said it was on hold
