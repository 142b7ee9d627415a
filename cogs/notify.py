"""``/notify``: how a player hears that it is their turn (the mention in the channel, a direct message, or both)
and their quiet hours; and the direct messages themselves.

The courier asks :meth:`Notify.plan` before it posts a turn: a player who chose direct messages is left out of
the post's pings (their name stays in the text) and is owed a notice (``Store.add_notices``); a player in
their quiet hours is not pinged either and their notice waits until the quiet hours end. The notices live in
the database; a background loop sends the due ones, every game owed to one player in ONE message (the notices
of a few minutes gather: ``GATHER_S``), each with the game's status line and a jump link to its live message,
and drops a game whose turn is no longer theirs. A notice is claimed (deleted) before it is sent: a crash may
lose one, never send it twice. Closed DMs (Discord's 50007): the player is mentioned in the game's channel
instead and told there once how to fix it (``dm_closed_told``; from then on they are pinged in the channel
until they choose with ``/notify`` again). A direct message is personal: it reads in the player's current language
(``PlayerPrefs.locale``: their client's on their last command or click, noted once per change), not in the one of
their last click in that game.
"""
from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Collection
from typing import Any

import cachetools
import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.engine import GameView, SessionManager, pending_seats
from bot.engine.away import PrefsRefused, quiet_until, time_zones, zone_name
from bot.engine.records import NOTIFY_MODES, PlayerPrefs
from bot.i18n import available_locales, t

from .core import Refusal, as_typed, live_link, locale_of, pings, seat_locale, sentences, tracker
from .games import Games
from .pace import clock_status
from .translator import cmd_str
from .usertext import meant

log = logging.getLogger(__name__)

#: Notices owed to one player within this many seconds of each other go out as one direct message.
GATHER_S = 180.0
#: How often the loop looks for due notices.
TICK_S = 30.0
#: Discord's code for "Cannot send messages to this user" (closed DMs, or no server shared).
DMS_CLOSED = 50007
#: What a player may type for a time of day: ``22:30``, ``7:05``.
TIME_OF_DAY = re.compile(r"^\s*([01]?\d|2[0-3])[:h.]([0-5]\d)\s*$")
#: What clears the quiet hours (besides the word of the player's language, ``notify.off_word``).
OFF_WORDS = {"off", "-", "none"}
#: How many players' languages a process keeps in mind (``Notify.locales``): one write per player and change.
LOCALES_KEPT = 10_000


def parse_minute(text: str, locale: str) -> int | None:
    """Minutes of the day of ``22:30`` (as the player meant it: ``cogs.usertext.meant``, so "２２：３０" or a time
    pasted with an invisible mark reads as it shows); None for the word that clears quiet hours; ``Refusal``
    otherwise, echoing what was typed."""
    value = meant(text)
    if value.lower() in OFF_WORDS | {t("notify.off_word", locale).lower()}:
        return None
    found = TIME_OF_DAY.match(value)
    if found is None:
        raise Refusal("notify.error.bad_time", value=as_typed(text, 20))
    return int(found[1]) * 60 + int(found[2])


def clock_text(minute: int) -> str:
    return f"{minute // 60:02d}:{minute % 60:02d}"


def settings_text(prefs: PlayerPrefs, locale: str) -> str:
    quiet = t("notify.quiet_none", locale) if prefs.quiet_start is None else t(
        "notify.quiet_span", locale, start=clock_text(prefs.quiet_start), end=clock_text(prefs.quiet_end or 0),
        zone=prefs.time_zone)
    return t("notify.shown", locale, how=t(f"notify.how.{prefs.notify}", locale), quiet=quiet)


def hushed(prefs: PlayerPrefs, game: GameView, now: float) -> bool:
    """Whether the game's channel must not ping the player now (a turn post, a reminder): their quiet hours run,
    or they chose direct messages only (a game in their DM aside: its posts are direct messages)."""
    return quiet_until(prefs, now) is not None or (
        prefs.notify == "dm" and not prefs.dm_closed_told and game.guild_id is not None)


class Notify(commands.Cog):
    def __init__(self, client: discord.Client, sessions: SessionManager, games: Games, *, run: bool = True,
                 clock: Callable[[], float] = time.time, gather_s: float = GATHER_S, away: Any = None):
        self.client = client
        self.sessions = sessions
        self.games = games
        self.away = away                  # ``cogs.away.AwayBook``: an away player is owed no direct message
        self.run = run
        self.clock = clock                # replaced in tests to make time pass
        self.gather_s = gather_s
        #: user id → the language last written to their settings by this process (a click in the same language
        #: again writes nothing)
        self.locales: cachetools.LRUCache[int, str] = cachetools.LRUCache(LOCALES_KEPT)
        self.loop = tasks.loop(seconds=TICK_S)(self.tick)
        self.loop.before_loop(self.client.wait_until_ready)

    async def cog_load(self) -> None:
        if self.run:
            self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    # ------------------------------------------------------------------ /notify
    @app_commands.command(name=cmd_str("cmd.notify.name"), description=cmd_str("cmd.notify.description"))
    @app_commands.describe(how=cmd_str("cmd.notify.how"), quiet_from=cmd_str("cmd.notify.quiet_from"),
                           quiet_to=cmd_str("cmd.notify.quiet_to"), time_zone=cmd_str("cmd.notify.time_zone"))
    @app_commands.choices(how=[app_commands.Choice(name=cmd_str(f"notify.how.{mode}"), value=mode)
                               for mode in NOTIFY_MODES])
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def notify_cmd(self, interaction: discord.Interaction, how: str | None = None,
                         quiet_from: app_commands.Range[str, 1, 20] | None = None,
                         quiet_to: app_commands.Range[str, 1, 20] | None = None,
                         time_zone: app_commands.Range[str, 1, 64] | None = None) -> None:
        """Without options: the player's settings. Quiet hours change as a pair (one end given: the other stays);
        ``off`` clears them. Choosing ``how`` again forgets that the bot found their DMs closed."""
        locale, store, user = locale_of(interaction), self.sessions.store, interaction.user.id
        changes: dict[str, Any] = {}
        if how is not None:
            changes.update(notify=how, dm_closed_told=False)
        if quiet_from is not None or quiet_to is not None:
            ends = [parse_minute(text, locale) if text is not None else ... for text in (quiet_from, quiet_to)]
            if None in ends:
                changes.update(quiet_start=None, quiet_end=None)
            else:
                now = await store.get_prefs(user)
                start, end = ends
                changes.update(quiet_start=now.quiet_start if start is ... else start,
                               quiet_end=now.quiet_end if end is ... else end)
        if time_zone is not None:
            # looked up as the echo shows it: a zone pasted with a right-to-left or zero-width mark was refused
            # as an unknown "UTC"
            changes["time_zone"] = zone_name(meant(time_zone))      # "asia/seoul" is Asia/Seoul
        try:
            # a choice stores the player's language with it: their direct messages speak it
            prefs = await store.set_prefs(user, **changes, locale=locale) if changes else await store.get_prefs(user)
        except PrefsRefused as refused:
            # a zone, a value: what was typed, shown as typed
            params = {k: as_typed(v, 64) if isinstance(v, str) else v for k, v in refused.params.items()}
            raise Refusal(f"notify.error.{refused.code}", **params) from None
        if changes:
            self.locales[user] = locale
        head = t("notify.saved", locale) + "\n" if changes else ""
        await interaction.response.send_message(head + settings_text(prefs, locale), ephemeral=True)

    @notify_cmd.autocomplete("time_zone")
    async def zone_autocomplete(self, interaction: discord.Interaction, current: str):
        """IANA zones containing what was typed, those starting with it first (25 at most, Discord's limit)."""
        typed = meant(current).lower().replace(" ", "_")
        found = sorted((not z.lower().startswith(typed), z) for z in time_zones() if typed in z.lower())
        return [app_commands.Choice(name=z, value=z) for _, z in found[:25]]

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Keep the player's current language (their client's, on any command or click) for their direct
        messages: written only when it differs from the one this process last wrote for them, and only for a
        player with settings (``Store.note_locale``)."""
        locale = locale_of(interaction)
        if self.locales.get(interaction.user.id) == locale or self.client.is_closed():
            return
        try:
            await self.sessions.store.note_locale(interaction.user.id, locale)
        except Exception as error:      # a language not kept (the bot closing, say) fails nothing else
            log.warning("could not note the language of user %s: %r", interaction.user.id, error)
            return
        self.locales[interaction.user.id] = locale

    # ------------------------------------------------------------------ the courier's question
    async def plan(self, game: GameView, payload: dict, away: Collection[int] = ()) -> frozenset[int]:
        """Before a turn post is sent: the players it must not ping (they chose direct messages, or it is their
        quiet time), with the notices they are owed written down (none for a game in a DM: its post is one).
        The players in ``away`` (user ids) are owed none: the courier names them without a ping."""
        if game.status != "active":
            return frozenset()
        users = {game.seats[s].user_id for s in payload.get("mention", [])
                 if isinstance(s, int) and 0 <= s < len(game.seats) and game.seats[s].user_id} - set(away)
        return await self.owe(game, users) if users else frozenset()

    async def owe(self, game: GameView, users: Collection[int]) -> frozenset[int]:
        """A post or a reminder about to name ``users`` in the game's channel: those it must not ping now
        (``hushed``), with the direct-message notices they are owed written down (those who chose direct
        messages were never reminded: the reminder was silent in the channel and no message came)."""
        now, hush = self.clock(), set()
        for user, prefs in (await self.sessions.store.prefs_of(users)).items():
            if hushed(prefs, game, now):
                hush.add(user)
            # a game in the player's DM posts there already: a notice would say it twice
            if prefs.notify != "channel" and not prefs.dm_closed_told and game.guild_id is not None:
                quiet = quiet_until(prefs, now)
                await self.sessions.store.add_notices([user], game.id, max(now + self.gather_s, quiet or 0), now)
        return frozenset(hush)

    # ------------------------------------------------------------------ the loop
    async def tick(self) -> None:
        if self.client.is_closed():
            return
        async with tracker(self.client):
            store, now = self.sessions.store, self.clock()
            for user in await store.users_with_due_notices(now):
                try:
                    prefs = await store.get_prefs(user)
                    quiet = quiet_until(prefs, now)
                    if quiet is not None:
                        await store.hold_notices(user, quiet)
                        continue
                    game_ids = await store.claim_notices(user)
                    if prefs.notify != "channel" and not prefs.dm_closed_told:
                        await self.send(user, game_ids, prefs.locale)
                except Exception:
                    log.exception("turn notices of user %s failed", user)

    async def send(self, user: int, game_ids: list[int], locale: str | None = None) -> None:
        """One direct message for the games that still wait on ``user``; closed DMs: the channels instead. A
        direct message is personal: it reads in the player's current ``locale`` (``PlayerPrefs.locale``), when
        known, else in their language in the first game (their last click there)."""
        due: list[tuple[GameView, int]] = []
        for game_id in game_ids:
            game = await self.sessions.load(game_id)
            seat = game.seat_of(user)
            if game.status == "active" and game.kind in self.games and seat is not None \
                    and seat in pending_seats(self.games.kind(game.kind), game.state) \
                    and not (self.away is not None and await self.away.in_game(game, [seat], self.clock())):
                due.append((game, seat))            # (away: /away promises no direct message, the clock stands)
        if not due:
            return
        if locale not in available_locales():
            locale = seat_locale(*due[0])
        lines = [t("notify.dm_title", locale)] + [await self.game_line(game, locale) for game, _ in due]
        try:
            channel = await self.client.create_dm(discord.Object(user))
            await channel.send("\n".join(lines), allowed_mentions=discord.AllowedMentions.none())
        except discord.Forbidden as error:
            if error.code != DMS_CLOSED:
                raise
            await self.fall_back(user, due)

    async def game_line(self, game: GameView, locale: str) -> str:
        presentation = self.games[game.kind]
        status = sentences(presentation.status_line(game, locale),
                           clock_status(game, locale, now=self.clock(), edited=False))
        return t("notify.dm_line", locale, game=t(presentation.title_key, locale), status=status,
                 link=await live_link(self.sessions.store, game))

    async def fall_back(self, user: int, due: list[tuple[GameView, int]]) -> None:
        """The player's DMs are closed: ping them in each game's channel, the first time saying why and what to
        do; from now on the courier pings them in the channel (``dm_closed_told``)."""
        await self.sessions.store.set_prefs(user, dm_closed_told=True)
        for number, (game, seat) in enumerate(due):
            locale = seat_locale(game, seat)
            key = "notify.dm_closed" if number == 0 else "notify.fallback_turn"
            text = t(key, locale, player=f"<@{user}>", line=await self.game_line(game, locale))
            channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            await channel.send(text, **pings([user]))
