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
already plays is still played (``cogs.bots``). Its players hear of it once, by direct message in their language
(once per episode: a hold that begins within a day of the previous one's end is told no more, :data:`SAME_EPISODE_S`):
which permission is missing there and that a server admin can grant it (inside the channel, their own commands
and clicks are refused privately, naming it: ``cogs.core.check_bot_permissions``; ``/games`` says it too). The
game's live message, which an edit can still change, says it too to anyone in the channel, from the hold's start
(``Courier.show_held``) until the hold lifts and the message is drawn again. A move
refused there for that reason holds the game at once, as a refused post does (:meth:`Reach.check_playable`): the bot
knows then that it cannot post the result, and no clock may run out meanwhile.
Delivery resumes at the first of: a player's interaction in that channel once the bot has what it needs there
(the interaction's ``app_permissions``, which Discord computes), a change of the channel's or the server's roles'
settings, or of the bot's own roles, after which the bot's cached permissions there suffice, or the back-off's next
try (in a game with a turn clock and no post waiting, the clock's: :meth:`Reach.try_again`). The first post (or
reminder) that goes through lifts the hold; the clocks then go on from where they stood. The posts that waited go
out as one (``cogs.outbox.caught_up``: a game held for days, its bot seats playing on, flooded the channel with a
message per step): the game as it stands, their moves in its line, pinging only whom it is due to now. Reminders
and time-out notices are never kept for later: the clock stands still while the game is held.

A game in a thread: Discord archives a thread after its inactivity (a game of several days easily has a quiet day),
and a moderator may close or lock one. An archived thread is immutable: a message sent there unarchives it, unless
it is locked, but an edit (the live message's, a summary's) gets 400 Thread is archived (50083), which a courier
retrying it like a dropped connection met five times before giving the post up, every step of the game. So a
write refused for an archived thread reopens it (Modify Channel, ``archived=false``: the bot may as the thread's
creator, with Manage Threads, or where it may post, as Discord requires) and is made once more at once; a locked
thread (only Manage Threads writes in or unarchives one: 160005 Thread is locked, or 50083 while also archived)
holds the game like a missing permission, its players told that a moderator can unlock it, and its hold lifts when
the thread is unlocked (``THREAD_UPDATE``) or at the back-off's next try.

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

from .core import check_bot_permissions, lacking, missing_here, permission_names, seat_locale
from .pace import pace_seconds, paused_notes

log = logging.getLogger(__name__)

#: Discord's codes for a post the bot may not make in a channel (Missing Access: it may not even see the channel).
MISSING_ACCESS, MISSING_PERMISSIONS = 50001, 50013
#: Discord's code for a message to a user who does not take the bot's (their privacy settings, a block, no server
#: shared any more): in a game played in that user's DM.
DMS_CLOSED = 50007
#: Discord's code for a channel that does not exist (deleted).
UNKNOWN_CHANNEL = 10003
#: Discord's codes for a write in a thread that is archived (immutable until unarchived) or locked (only those who
#: may Manage Threads write there or unarchive it).
THREAD_ARCHIVED, THREAD_LOCKED = 50083, 160005
#: ``TableMeta.held["thread"]`` of a game held because its thread is locked (no permission names what is missing).
LOCKED = "locked"
#: ``TableMeta.ended`` of a game whose channel or thread was deleted.
CHANNEL_DELETED = "channel_deleted"
#: A hold that begins within this many seconds of the previous one's end (``TableMeta.resumed_at``) is the same
#: episode to its players: they were told of it then, and are not told again (an admin trying permissions out, a
#: role toggled by a bot of theirs) until the bot has been able to post there for a whole day.
SAME_EPISODE_S = 24 * 3600
#: Seconds a held game waits before its next try, by the number of tries so far (the last one repeats): a fixed
#: permission is usually noticed sooner, through an interaction in the channel or the channel's update.
BACKOFF_S = (600, 1800, 3600, 3 * 3600, 6 * 3600)


def refused(error: BaseException) -> bool:
    """Whether Discord refused a request for a permission the bot lacks in the channel (not a passing failure)."""
    return isinstance(error, discord.Forbidden) and error.code in (MISSING_ACCESS, MISSING_PERMISSIONS)


def dm_refused(error: BaseException) -> bool:
    """Whether Discord refused a message in a DM because the user does not take the bot's messages."""
    return isinstance(error, discord.Forbidden) and error.code == DMS_CLOSED


def channel_gone(error: BaseException) -> bool:
    """Whether Discord answered that the channel does not exist (deleted)."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def thread_closed(error: BaseException) -> bool:
    """Whether Discord refused a write because the thread is archived or locked."""
    return isinstance(error, discord.HTTPException) and error.code in (THREAD_ARCHIVED, THREAD_LOCKED)


def in_thread(channel: Any) -> bool:
    return isinstance(channel, discord.Thread)


def held_text(game: GameView, locale: str) -> str:
    """The game is on hold: its channel refuses the bot's posts (``cogs.reach``), for want of which permission,
    and who can fix it (its players were told once by direct message; this says it wherever they look); or its
    thread is locked, which a moderator can undo; or, in a DM, the player takes no messages from the bot. Said in
    ``/games`` and ``/<game> status``, wherever a player looks while the game's clock stands still."""
    held = TableMeta.of(game.meta).held
    if game.guild_id is None:
        return t("mygames.held_dm", locale)
    if held.get("thread") == LOCKED:
        return t("mygames.held_locked", locale)
    missing = list(held.get("missing") or ())
    if not missing:
        return t("mygames.held_unknown", locale)
    if len(missing) == 1:
        return t("mygames.held_one", locale, permission=permission_names(missing, locale))
    return t("mygames.held", locale, permissions=permission_names(missing, locale))


def shows_hold(game: GameView) -> bool:
    """Whether the held game's live message shows its hold, which the message drawn again once the hold lifts takes
    away: its note (``Courier.show_held``: in a server's channel, not in a locked thread, which takes no edit) or its
    clock standing still. A locked thread's game without a clock shows neither: drawing it again changed nothing."""
    return bool(pace_seconds(game)) or (game.guild_id is not None
                                        and TableMeta.of(game.meta).held.get("thread") != LOCKED)


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
        #: thread id -> why :meth:`reopened` found it closed to the bot, for the :meth:`failed` that follows at once
        #: (one read of the thread, not two)
        self._closed: dict[int, str | list[str]] = {}

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
    async def check_playable(self, interaction: discord.Interaction, game: GameView) -> None:
        """A player acts in ``game`` (a move, a toggle, an undo): refused, naming the permission, where the bot lacks
        one it needs to post the result (``cogs.core.check_bot_permissions``). Seen in the game's own channel, that
        holds the game at once, as a refused post would (:meth:`hold`: its clocks stand still, its players are
        told): a tour's player was refused his move and his clock, then the next player's, ran out on the rules'
        choice before the first refused post held it."""
        missing = missing_here(interaction)
        if missing and game.status == "active" and game.guild_id is not None \
                and game.channel_id == interaction.channel_id and not self.holding(game):
            await self.hold(game, missing=missing)
        check_bot_permissions(interaction)

    async def failed(self, game_id: int, error: BaseException) -> bool:
        """A request of game ``game_id`` in its channel failed with ``error``: a refusal for a missing permission
        holds the game, a channel that no longer exists ends it (True); any other failure is the caller's to retry
        (False). A game in a DM whose player does not take the bot's messages (50007) is held the same way: its
        posts wait on the back-off (before, each was tried five times, a minute apart, each an invalid request, then
        lost), nobody can be told, and the player's next move there, answered through its interaction, which the
        refusal does not touch, brings the waiting posts with it and lifts the hold."""
        if channel_gone(error):
            await self.channel_deleted((await self.sessions.load(game_id)).channel_id)
            await self.give_up(game_id)        # a game already over too (its redraw): nothing can reach it
            return True
        if not (refused(error) or thread_closed(error) or dm_refused(error)):
            return False
        game = await self.sessions.load(game_id)
        if game.guild_id is None:
            if not dm_refused(error):
                return False
            await self.hold(game)
            return True
        if thread_closed(error):
            why = self._closed.pop(game.channel_id) if game.channel_id in self._closed \
                else await self.reopen(game.channel_id)
            if why is None:
                return False                   # open again: the caller's next try goes through
            await self.hold(game, locked=why == LOCKED, missing=None if why == LOCKED else why)
            return True
        await self.hold(game)
        return True

    async def reopened(self, game_id: int, error: BaseException) -> bool:
        """Whether ``error`` refused a write in the game's thread for being archived, and the thread is open now
        (:meth:`reopen`): the write may be made again at once."""
        if not thread_closed(error):
            return False
        game = await self.sessions.load(game_id)
        if game.guild_id is None:
            return False
        why = await self.reopen(game.channel_id)
        if why is not None:
            self._closed[game.channel_id] = why
        return why is None

    async def reopen(self, channel_id: int) -> str | list[str] | None:
        """Unarchive the thread ``channel_id`` where Discord lets the bot (Modify Channel, developers/resources/
        channel: an unlocked thread needs only what posting there needs; its creator, or Manage Threads, may too; a
        locked one only Manage Threads). None when it is open now (unarchived, or it already was); else why not:
        :data:`LOCKED`, or the permissions the bot lacks there. The thread is read from Discord (discord.py drops an
        archived thread from its cache): its state as it is now, not as the bot last heard of it."""
        try:
            thread = await self.client.fetch_channel(channel_id)
            me = thread.guild.me
            permissions = thread.permissions_for(me) if isinstance(thread, discord.Thread) and me else None
        except (discord.HTTPException, discord.ClientException, AttributeError) as error:
            log.info("thread %s not read (%r)", channel_id, error)
            return []
        if permissions is None:
            return []                          # not a thread after all: nothing to reopen
        if thread.locked and not permissions.manage_threads:
            return LOCKED
        if not thread.archived:
            return None
        if not (permissions.manage_threads or thread.owner_id == me.id or permissions.send_messages_in_threads):
            return lacking(permissions, thread=True) or ["send_messages_in_threads"]
        try:
            await thread.edit(archived=False)
        except discord.HTTPException as error:
            log.info("thread %s not unarchived (%r)", channel_id, error)
            return lacking(permissions, thread=True)
        log.info("thread %s was archived: unarchived to go on with its game", channel_id)
        return None

    async def hold(self, game: GameView, *, locked: bool = False, missing: list[str] | None = None) -> None:
        """Hold the game (again): its next try after the back-off; the first time, its players are told. ``locked``:
        its thread is locked (no permission is missing); ``missing``: the permissions lacking, when known better than
        the cache knows them (an archived thread is not in it)."""
        now = self.clock()
        held = TableMeta.of(game.meta).held
        tries = int(held.get("tries", 0)) + 1
        wait = BACKOFF_S[min(tries, len(BACKOFF_S)) - 1]
        missing = [] if locked else (missing or self.missing_in(game.channel_id))
        await update_meta(self.sessions, game.id, held={"at": float(held.get("at", now)), "until": now + wait,
                                                        "tries": tries, "missing": missing or [],
                                                        **({"thread": LOCKED} if locked else {})})
        self._held.setdefault(game.channel_id, set()).add(game.id)
        if game.guild_id is None:              # the DM refuses the bot: nowhere to tell the player
            log.info("game %s: its DM refuses the bot's posts (try %d); next try in %d s", game.id, tries, wait)
            return
        if held:
            log.info("game %s: channel %s still refuses the bot's posts (try %d); next try in %d s", game.id,
                     game.channel_id, tries, wait)
            return
        if not locked:                         # a locked thread takes no edit either
            self.courier.show_held_soon(game.id)
        why = "thread locked" if locked else "missing: " + ", ".join(missing or ["unknown"])
        if self.same_episode(game, now):
            log.warning("game %s: channel %s refuses the bot's posts again (%s); they wait, its players were told "
                        "of the hold before", game.id, game.channel_id, why)
            return
        log.warning("game %s: channel %s refuses the bot's posts (%s); they wait, its players are told", game.id,
                    game.channel_id, why)
        await self.tell_held(game, missing, locked=locked)

    def same_episode(self, game: GameView, now: float) -> bool:
        """Whether a hold beginning ``now`` goes on with the game's previous one (:data:`SAME_EPISODE_S`): its players
        heard of that one by direct message, and one message per episode is enough (an admin trying permissions
        out would otherwise send each player one per try)."""
        resumed = TableMeta.of(game.meta).resumed_at
        return resumed > 0 and now - resumed < SAME_EPISODE_S

    async def tell_held(self, game: GameView, missing: list[str] | None, *, locked: bool = False) -> None:
        """Each player of the game, by direct message in their language: the game is on hold, for want of which
        permission (as the cache knows it, else those a turn post needs), and that a server admin can grant it; or
        because its thread is locked, which a moderator can undo."""
        presentation = self.games.get(game.kind)
        for user, locale in await self.players(game):
            title = t(presentation.title_key, locale) if presentation is not None else game.kind
            where = {"game": game.id, "title": title, "channel": f"<#{game.channel_id}>"}
            if locked:
                text = t("reach.held_locked", locale, **where)
            elif not missing:
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
        """The bot has what it needs in the game's channel again: lift its hold, deliver what waited (drawn after
        the lift, with its clocks as they now stand), or when nothing waited draw the live message again where it
        shows the hold (:func:`shows_hold`), without the hold's note (``Courier.show_held``) and with its deadline
        moved on (a refusal again holds it anew)."""
        game = await self.sessions.load(game_id)      # as held
        if await self.lift(game_id):
            sent = await self.courier.deliver(game_id, catch_up=True)
            if not sent and shows_hold(game):  # the live message still says the game is on hold
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
        """A role's permissions changed (``GUILD_ROLE_UPDATE``): as for a channel's update."""
        await self.recheck(after.guild)

    @commands.Cog.listener()
    async def on_member_update(self, before: discord.Member, after: discord.Member) -> None:
        """The bot was given other roles (``GUILD_MEMBER_UPDATE``, which Discord sends for the bot's own member
        whatever its intents): as for a channel's update."""
        if after.id == self.client.user.id:
            await self.recheck(after.guild)

    @commands.Cog.listener()
    async def on_raw_thread_update(self, payload: discord.RawThreadUpdateEvent) -> None:
        """A thread's settings changed (Discord's ``THREAD_UPDATE``; an archived thread is not in discord.py's cache,
        so the raw event): held games there go on once it is not locked, or the bot may Manage Threads there (a
        post unarchives it, an edit reopens it first)."""
        if not self._held.get(payload.thread_id):
            return
        metadata = payload.data.get("thread_metadata") or {}
        parent = self.client.get_channel(payload.parent_id)
        me = getattr(getattr(parent, "guild", None), "me", None)
        if metadata.get("locked") and not (me is not None and parent.permissions_for(me).manage_threads):
            return
        await self.retry_channel(payload.thread_id)

    async def recheck(self, guild: discord.Guild) -> None:
        """The held channels of ``guild`` where the cache now sees nothing missing (nor a thread locked against
        the bot) go on."""
        for channel_id, held in list(self._held.items()):
            if held and self.cleared(guild.get_channel_or_thread(channel_id)):
                await self.retry_channel(channel_id)

    def cleared(self, channel: Any) -> bool:
        """Whether the bot's cached permissions in ``channel`` (a server's channel or thread) suffice for a turn post,
        and it is no thread locked against the bot."""
        me = getattr(getattr(channel, "guild", None), "me", None)
        if channel is None or me is None:
            return False
        permissions = channel.permissions_for(me)
        return not lacking(permissions, thread=in_thread(channel)) \
            and not (in_thread(channel) and channel.locked and not permissions.manage_threads)

    async def try_again(self, game: GameView, now: float) -> bool:
        """The back-off's try of a held game whose turn clock runs (``cogs.clock``): its clock stands still while
        held, so where no post waits (a move refused, a reminder not kept for later) nothing would ever be tried,
        and a grant no event reported (made while the bot was away) left it held for good. Where the cache now
        sees what the hold named as missing granted (or the thread unlocked), the game goes on (:meth:`retry`);
        a hold the cache never explained waits for a post or reminder to go through. True when it went on."""
        held = TableMeta.of(game.meta).held
        if not held or self.waiting(game, now) or not (held.get("missing") or held.get("thread")):
            return False
        if not self.cleared(self.client.get_channel(game.channel_id)):
            return False
        await self.retry(game.id)
        return True
