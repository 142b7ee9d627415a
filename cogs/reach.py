"""Channels that refuse the bot's posts: a server took away a permission the bot needs to post a game's turns, or
deleted the channel (or thread) a game lives in.

Discord answers a post where the bot lacks a permission with 403 (Missing Permissions 50013, Missing Access
50001). That does not pass by itself: retried like a dropped connection it only adds invalid requests (Discord
bans a bot that gets 10,000 in 10 minutes), and a post given up after its tries is lost for good (a tour took
Attach Files away mid-game: five failing tries within 38 seconds, then each turn post dropped; nobody was told,
the players' clocks ran out on turns they were never shown, and the bot finished the game in silence).

A refused post *holds* its game (``TableMeta.held``): the game's posts wait, undelivered and in order, and each try
to send them (or a reminder) costs one request, after a back-off that grows (:data:`BACKOFF_S`); the game's turn
clocks stand still (no reminder, no time-out, no takeover: nobody was shown their turn), while a seat the bot
already plays is still played (``cogs.bots``). Its players hear of it once, by direct message in their language:
which permission is missing there and that a server admin can grant it (inside the channel, their own commands
and clicks are refused privately, naming it: ``cogs.core.check_bot_permissions``; ``/games`` says it too).
Delivery resumes at the first of: a player's interaction in that channel once the bot has what it needs there
(the interaction's ``app_permissions``, which Discord computes), a change of the channel's or the server's roles'
settings after which the bot's cached permissions there suffice, or the back-off's next try. The first post (or
reminder) that goes through lifts the hold; the clocks then go on from where they stood.

A deleted channel or thread (Discord's ``CHANNEL_DELETE`` and ``THREAD_DELETE``, or the 404 Unknown Channel, 10003,
of a post tried after a deletion the bot did not see) ends its game without a result, as its players could no
longer end it (a tour's game stayed "waiting for you" for good, with a dead link, its clock failing every
minute): its posts are given up, ``/games`` says why it ended (``TableMeta.ended``), and its players are told by
direct message.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord.ext import commands

from bot.config import REQUIRED_CHANNEL_PERMISSIONS
from bot.engine import GameView
from bot.engine.errors import GameNotActive
from bot.engine.table import TableMeta, update_meta
from bot.i18n import available_locales, t

from .core import lacking, permission_names, seat_locale
from .pace import pace_seconds, paused_notes

log = logging.getLogger(__name__)

#: Discord's codes for a post the bot may not make in a channel (Missing Access: it may not even see the channel).
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013
#: Discord's code for a channel that does not exist (deleted).
UNKNOWN_CHANNEL = 10003
#: ``TableMeta.ended`` of a game whose channel or thread was deleted.
CHANNEL_DELETED = "channel_deleted"
#: Seconds a held game waits before its next try, by the number of tries so far (the last one repeats): a fixed
#: permission is usually noticed sooner, through an interaction in the channel or the channel's update.
BACKOFF_S = (600, 1800, 3600, 3 * 3600, 6 * 3600)


def refused(error: BaseException) -> bool:
    """Whether Discord refused a request for a permission the bot lacks in the channel (not a passing failure)."""
    return isinstance(error, discord.Forbidden) and error.code in (MISSING_ACCESS, MISSING_PERMISSIONS)


def channel_gone(error: BaseException) -> bool:
    """Whether Discord answered that the channel does not exist (deleted)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def in_thread(channel: Any) -> bool:
    return isinstance(channel, discord.Thread)


class Reach(commands.Cog):
    """The games whose channel refuses the bot's posts (see the module's docstring). The courier owns it (``Courier.
    reach``); the clock, the reminders and the takeover ask it whether a game is held."""

    def __init__(self, courier: Any, clock: Callable[[], float] = time.time):
        #: the courier: it delivers a held game's posts again (``deliver``) and redraws its live message (``redraw``)
        self.courier = courier
        self.client, self.sessions, self.games = courier.client, courier.sessions, courier.games
        self.clock = clock
        #: channel id -> the held games there this process has seen (a player's interaction there may lift them)
        self._held: dict[int, set[int]] = {}

    # ------------------------------------------------------------------ asking
    def holding(self, game: GameView) -> bool:
        """Whether the game's posts wait because its channel refused one (remembered for its channel)."""
        if not TableMeta.of(game.meta).held:
            return False
        self._held.setdefault(game.channel_id, set()).add(game.id)
        return True

    def waiting(self, game: GameView, now: float | None = None) -> bool:
        """Held, and its next try has not come yet: nothing is sent for it now."""
        if not self.holding(game):
            return False
        return (self.clock() if now is None else now) < float(TableMeta.of(game.meta).held.get("until", 0))

    def paused(self, game: GameView, now: float) -> float:
        """How long the game's clocks have stood still in its hold so far (0: not held)."""
        held = TableMeta.of(game.meta).held
        return max(0.0, now - float(held.get("at", now))) if held else 0.0

    def missing_in(self, channel_id: int) -> list[str] | None:
        """The permissions to post a turn the bot lacks in the channel, as its cache of the server knows them (the
        channel's overwrites, the roles); None when it does not know the channel, or sees nothing missing."""
        channel = self.client.get_channel(channel_id)
        guild = getattr(channel, "guild", None)
        me = getattr(guild, "me", None)
        if channel is None or me is None:
            return None
        return lacking(channel.permissions_for(me), thread=in_thread(channel)) or None

    # ------------------------------------------------------------------ a refusal
    async def failed(self, game_id: int, error: BaseException) -> bool:
        """A request of game ``game_id`` in its channel failed with ``error``: a refusal for a missing permission
        holds the game, a channel that no longer exists ends it (True); any other failure is the caller's to retry
        (False). A game in a DM is not held: a closed DM is ``cogs.notify``'s business."""
        if channel_gone(error):
            await self.channel_deleted((await self.sessions.load(game_id)).channel_id)
            await self.give_up(game_id)        # a game already over too (its redraw): nothing can reach it
            return True
        if not refused(error):
            return False
        game = await self.sessions.load(game_id)
        if game.guild_id is None:
            return False
        await self.hold(game)
        return True

    async def hold(self, game: GameView) -> None:
        """Hold the game (again): its next try after the back-off; the first time, its players are told."""
        now = self.clock()
        held = TableMeta.of(game.meta).held
        tries = int(held.get("tries", 0)) + 1
        wait = BACKOFF_S[min(tries, len(BACKOFF_S)) - 1]
        missing = self.missing_in(game.channel_id)
        await update_meta(self.sessions, game.id, held={"at": float(held.get("at", now)), "until": now + wait,
                                                        "tries": tries, "missing": missing or []})
        self._held.setdefault(game.channel_id, set()).add(game.id)
        if held:
            log.info("game %s: channel %s still refuses the bot's posts (try %d); next try in %d s", game.id,
                     game.channel_id, tries, wait)
            return
        log.warning("game %s: channel %s refuses the bot's posts (missing: %s); they wait, its players are told",
                    game.id, game.channel_id, ", ".join(missing or ["unknown"]))
        await self.tell_held(game, missing)

    async def tell_held(self, game: GameView, missing: list[str] | None) -> None:
        """Each player of the game, by direct message in their language: the game is on hold, for want of which
        permission (as the cache knows it, else those a turn post needs), and that a server admin can grant it."""
        presentation = self.games.get(game.kind)
        for user, locale in await self.players(game):
            title = t(presentation.title_key, locale) if presentation is not None else game.kind
            where = {"game": game.id, "title": title, "channel": f"<#{game.channel_id}>"}
            if not missing:
                text = t("reach.held_unknown", locale, permissions=permission_names(
                    list(REQUIRED_CHANNEL_PERMISSIONS), locale), **where)
            elif len(missing) == 1:
                text = t("reach.held_one", locale, permission=permission_names(missing, locale), **where)
            else:
                text = t("reach.held", locale, permissions=permission_names(missing, locale), **where)
            await self.direct(user, text)

    async def players(self, game: GameView) -> list[tuple[int, str]]:
        """The game's people (not its bots) with the language a direct message to each reads in: theirs (their
        client's, ``PlayerPrefs.locale``), else the one of their last click in the game; those whose direct
        messages are known to be closed are left out."""
        seats = {s.user_id: s.seat for s in game.seats if s.user_id and not s.is_ai}
        prefs = await self.sessions.store.prefs_of(seats)
        return [(user, prefs[user].locale if prefs[user].locale in available_locales() else seat_locale(game, seat))
                for user, seat in seats.items() if not prefs[user].dm_closed_told]

    async def direct(self, user: int, text: str) -> None:
        """One direct message; one that cannot be sent (closed DMs, Discord failing) is only logged."""
        try:
            channel = await self.client.create_dm(discord.Object(user))
            await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("direct message to user %s not sent: %r", user, error)

    # ------------------------------------------------------------------ a deleted channel
    @commands.Cog.listener()
    async def on_guild_channel_delete(self, channel: Any) -> None:
        await self.channel_deleted(channel.id)

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        await self.channel_deleted(payload.thread_id)

    async def channel_deleted(self, channel_id: int) -> None:
        """The channel (or thread) is gone: its open game, lobby or running, ends without a result (noted as
        ended by the deletion), its posts still waiting are given up, and its players are told privately."""
        game = await self.sessions.game_in_channel(channel_id)
        self._held.pop(channel_id, None)
        if game is None:
            return
        try:
            await self.sessions.abandon(game.id, game.creator_id, may_manage_channel=True)
        except GameNotActive:
            return                             # ended meanwhile
        await update_meta(self.sessions, game.id, ended=CHANNEL_DELETED, held={})
        await self.give_up(game.id)
        log.info("game %s ended: its channel %s was deleted", game.id, channel_id)
        presentation = self.games.get(game.kind)
        for user, locale in await self.players(game):
            title = t(presentation.title_key, locale) if presentation is not None else game.kind
            await self.direct(user, t("reach.channel_deleted", locale, game=game.id, title=title))

    async def give_up(self, game_id: int) -> None:
        """The game's posts still waiting can reach nobody (its channel is gone): marked delivered, without a
        message, so that no retry asks for them again."""
        now = self.clock()
        for post in await self.sessions.store.undelivered_posts(1000, game_id=game_id):
            await self.sessions.store.mark_post_delivered(post.id, None, now)

    # ------------------------------------------------------------------ going on
    async def lift(self, game_id: int) -> bool:
        """A post (or reminder) of the game went through: its hold ends, and its clocks go on from where they stood
        (each due seat's clock moved on by the time held). True when it was held: a clock's deadline the live
        message shows has moved, which the caller redraws."""
        game = await self.sessions.load(game_id)
        if not TableMeta.of(game.meta).held:
            return False
        now = self.clock()
        paused = self.paused(game, now)
        notes = paused_notes(game, paused) if pace_seconds(game) else TableMeta.of(game.meta).clock_notes
        await update_meta(self.sessions, game_id, held={}, resumed_at=now, clock_notes=notes)
        self._held.get(game.channel_id, set()).discard(game_id)
        log.info("game %s: posting in channel %s again, after %d s on hold", game_id, game.channel_id, paused)
        return True

    async def went_through(self, game_id: int) -> bool:
        """A message of the game without pictures (a reminder, a time-out notice) went through in its channel: the
        hold ends, unless turn posts still wait (they may need more than a text does: Attach Files). True as for
        :meth:`lift`."""
        if not TableMeta.of((await self.sessions.load(game_id)).meta).held:
            return False
        if await self.sessions.store.undelivered_posts(1, game_id=game_id):
            return False
        return await self.lift(game_id)

    async def retry(self, game_id: int) -> None:
        """The bot has what it needs in the game's channel again: lift its hold, deliver what waited and draw the
        live message with its clock as it now stands (a refusal again holds it anew)."""
        if await self.lift(game_id):
            await self.courier.deliver(game_id)
            if pace_seconds(await self.sessions.load(game_id)):
                await self.courier.redraw(game_id)

    async def retry_channel(self, channel_id: int) -> None:
        for game_id in list(self._held.get(channel_id, ())):
            try:
                await self.retry(game_id)
            except Exception:                  # noqa: BLE001 - one game's failure must not keep the others held
                log.exception("game %s: delivery after its hold failed", game_id)

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """A player's interaction in a held channel tells what the bot may do there now (``app_permissions``):
        with all a turn post needs, its held games go on at once; otherwise the interaction's own check refuses,
        naming what is missing."""
        if interaction.guild_id is None or not self._held.get(interaction.channel_id):
            return
        if lacking(interaction.app_permissions, thread=in_thread(interaction.channel)):
            return
        await self.retry_channel(interaction.channel_id)

    @commands.Cog.listener()
    async def on_guild_channel_update(self, before: Any, after: Any) -> None:
        """A channel's settings changed (its permission overwrites, say): held games in it, or in its threads, go
        on when the bot's cached permissions now suffice."""
        await self.recheck(after.guild)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self.recheck(after.guild)

    async def recheck(self, guild: discord.Guild) -> None:
        """The held channels of ``guild`` where the cache now sees nothing missing go on."""
        for channel_id, held in list(self._held.items()):
            channel = guild.get_channel_or_thread(channel_id)
            if held and channel is not None and guild.me is not None \
                    and not lacking(channel.permissions_for(guild.me), thread=in_thread(channel)):
                await self.retry_channel(channel_id)
