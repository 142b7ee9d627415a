"""Finding a table: ``/find join|leave|queue|expiry`` (top-level, beside ``/daily``: ``/rp`` is full).

A player joins the server's queue for a game, a number of seats and a pace, optionally only with players whose
rating of that game (``bot.engine.ratings``) lies within a range of theirs. When enough players wait, the one
whose ``join`` completed the table finds it at once: the engine decides and claims the match in one transaction
(``Store.queue_and_match``: its entries are deleted with it, so no process can seat a player twice). The bot
then opens a public thread in the channel where that last player queued, adds every player to it, makes the game
there through the lobby's own path (``Lobby.open_game``, the first in the queue as its creator), seats the
others, starts it and mentions them all; the game's posts go to the thread like any channel's. ``join`` again
for the same game with the same options leaves the queue, as ``leave`` does; with other options (seats, pace,
rating range) it switches the place to them and looks for a table again; ``queue`` shows anyone who waits;
entries expire after the server's ``expiry`` (``DEFAULT_EXPIRY_HOURS``).
"""
from __future__ import annotations

import contextlib
import inspect
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from bot.engine import SessionManager, seatable, seats_mentioned
from bot.engine.ratings import Rating
from bot.engine.table import TableMeta
from bot.i18n import t

from .core import (
    Refusal,
    check_bot_permissions,
    default_game_locale,
    locale_of,
    pings,
    remember_seat_locale,
    require_permission,
    send_ephemeral,
)
from .games import Games
from .groups import chosen_game, root_group, server_only
from .lobby import Lobby, Place
from .outbox import Courier
from .pace import PACES, pace_text
from .seam import Presentation
from .seats import mentioned
from .settings import pace_choices
from .translator import cmd_str
from .usertext import cut, plain_name, shown_name

log = logging.getLogger(__name__)

#: How long a place in the queue lasts unless the server sets its own (``/find expiry``): a day, because these
#: are asynchronous games — players queue, go about their day and come back; a 30-minute queue (right for a
#: live game) would empty before most of a server had looked in, while after a day a forgotten entry should not
#: pull someone into a game they no longer expect.
DEFAULT_EXPIRY_HOURS = 24
#: The longest expiry a server may set (a week).
MAX_EXPIRY_HOURS = 168
#: ``bot_meta`` key of a server's queue expiry (hours).
EXPIRY_META = "find_expiry_hours:{guild}"
#: The widest rating range a player may ask for (about the distance between a newcomer and a strong player).
MAX_RATING_RANGE = 2000
#: What the bot needs where a player queues: to open a public thread there and post in it.
THREAD_PERMISSIONS = ("create_public_threads", "send_messages_in_threads")
#: Discord lets a thread close itself after a week without messages at most; a game may pause that long.
THREAD_ARCHIVE_MINUTES = 10080
#: Discord's longest channel (thread) name
THREAD_NAME_LIMIT = 100


async def expiry_hours(store: Any, guild_id: int) -> int:
    """How long a place in the server's queue lasts (hours)."""
    return int(await store.get_meta(EXPIRY_META.format(guild=guild_id), DEFAULT_EXPIRY_HOURS) or DEFAULT_EXPIRY_HOURS)


def seat_range(games: Games, kind: str) -> tuple[int, int]:
    """The seats a table of strangers may have for ``kind``: the rules' range, two players at least."""
    rules = games.kind(kind)
    return max(2, rules.min_seats), rules.max_seats



def queue_line(row: Any, rated: bool, locale: str) -> str:
    """One waiting player of ``/find queue``: their rating, or "not rated yet" for one who has none (their place
    holds the newcomer's default only to be matched by), their range, and since when they wait."""
    since, name = f"<t:{int(row.queued_at)}:R>", shown_name(row.name)
    if not rated:
        if row.rating_range is None:
            return t("find.queue_line_unrated", locale, player=name, since=since)
        return t("find.queue_line_range_unrated", locale, player=name, range=row.rating_range, since=since)
    if row.rating_range is None:
        return t("find.queue_line", locale, player=name, rating=row.rating, since=since)
    return t("find.queue_line_range", locale, player=name, rating=row.rating, range=row.rating_range, since=since)

class Find:
    def __init__(self, sessions: SessionManager, games: Games, lobby: Lobby, courier: Courier,
                 clock: Callable[[], float] = time.time):
        self.sessions = sessions
        self.store = sessions.store
        self.games = games
        self.lobby = lobby
        self.courier = courier
        #: the queue's time (tests move it)
        self.clock = clock

    # ------------------------------------------------------------------ commands
    def command_group(self) -> app_commands.Group:
        """``/find join|leave|queue|expiry`` (``groups.root_group``); the game is a choice of the registered ones,
        the seats are checked against the game's rules when a player joins."""
        kinds = [app_commands.Choice(name=cmd_str(p.title_key), value=kind) for kind, p in self.games.items()]
        ranges = [seat_range(self.games, kind) for kind in self.games] or [(2, 2)]
        low, high = min(r[0] for r in ranges), max(r[1] for r in ranges)
        join: dict = {"game": (str, inspect.Parameter.empty, "cmd.find.game"),
                      "players": (app_commands.Range[int, low, high], inspect.Parameter.empty, "cmd.find.players"),
                      "pace": (str, inspect.Parameter.empty, "cmd.find.pace"),
                      "rating_range": (app_commands.Range[int, 0, MAX_RATING_RANGE] | None, None,
                                       "cmd.find.rating_range")}
        game_option: dict = {"game": (str | None, None, "cmd.find.queue.game")}
        hours: dict = {"hours": (app_commands.Range[int, 1, MAX_EXPIRY_HOURS] | None, None, "cmd.find.expiry.hours")}
        return server_only(root_group("find", (("join", self.join, join, {"game": kinds, "pace": pace_choices()}),
                                   ("leave", self.leave, {}, {}),
                                   ("queue", self.queue, game_option, {"game": kinds}),
                                   ("expiry", self.expiry, hours, {}))))

    def _require_server(self, interaction: discord.Interaction) -> int:
        if interaction.guild_id is None:
            raise Refusal("find.error.server_only")
        return interaction.guild_id

    async def join(self, interaction: discord.Interaction, game: str, players: int, pace: str,
                   rating_range: int | None = None) -> None:
        guild = self._require_server(interaction)
        presentation, locale, now = chosen_game(self.games, game), locale_of(interaction), self.clock()
        low, high = seat_range(self.games, presentation.kind)
        title = t(presentation.title_key, locale)
        if not low <= players <= high:
            if low == high:
                raise Refusal("find.error.players_exact", game=title, players=low)
            raise Refusal("find.error.players", game=title, low=low, high=high)
        if pace not in PACES:
            raise Refusal("error.bad_option")
        if rating_range is not None and not 0 <= rating_range <= MAX_RATING_RANGE:
            raise Refusal("error.bad_option")
        mine = await self.store.queue_entry(guild, interaction.user.id, now)
        switched = ""                        # what the answer starts with when the place changed its options
        if mine is not None:
            if mine.kind != presentation.kind:
                raise Refusal("find.error.queued_elsewhere", game=t(self.games[mine.kind].title_key, locale))
            if (mine.players, mine.pace, mine.rating_range) == (players, pace, rating_range):
                await self.store.leave_queue(guild, interaction.user.id, now)      # the same ``join`` again: leave
                await interaction.response.send_message(t("find.left", locale, game=title), ephemeral=True)
                return
            # other options: the place asks for them from now on (and may match)
            switched = t("find.switched", locale, game=title) + "\n"
        check_bot_permissions(interaction)
        if not isinstance(interaction.channel, discord.TextChannel):     # a thread is no TextChannel either
            raise Refusal("find.error.channel")
        check_bot_permissions(interaction, THREAD_PERMISSIONS)
        if switched:
            await self.store.leave_queue(guild, interaction.user.id, now)
        rating = (await self.store.ratings_of(interaction.user.id)).get(presentation.kind, Rating())
        hours = await expiry_hours(self.store, guild)
        entry = {"guild_id": guild, "user_id": interaction.user.id, "kind": presentation.kind, "players": players,
                 "pace": pace, "rating": rating.shown, "rating_range": rating_range,
                 "channel_id": interaction.channel_id, "name": interaction.user.display_name, "locale": locale,
                 "expires_at": now + hours * 3600}
        table = await self.store.queue_and_match(entry, now)
        if not table:
            waiting, apart = await self.waiting_with(entry, now)
            text = t("find.queued", locale, game=title, players=players,
                     pace=pace_text(pace, locale, presentation.pace_line_key), waiting=waiting, wanted=players,
                     expires=f"<t:{int(now + hours * 3600)}:R>")
            if apart:
                text += "\n" + t("find.queued_apart", locale, apart=apart)
            await interaction.response.send_message(switched + text, ephemeral=True)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        thread = await self.seat_table(interaction, presentation, table)
        await interaction.followup.send(switched + t("find.found", locale, thread=thread.mention), ephemeral=True)

    async def waiting_with(self, entry: dict[str, Any], now: float) -> tuple[int, int]:
        """(how many wait for the table ``entry`` asks for and could sit down with its player, the player
        included; how many others wait for that table but are kept apart by a rating range, theirs or the
        player's). The count is the one the match uses (``seatable``): counting everyone who waits told a tour
        "2 of 2 are waiting" while a rating range kept the two apart and no table opened."""
        rows = await self.store.queue_entries(entry["guild_id"], now, entry["kind"])
        others = [r for r in rows if r.user_id != entry["user_id"]
                  and (r.players, r.pace) == (entry["players"], entry["pace"])]
        fitting = seatable(entry, others)
        return 1 + len(fitting), len(others) - len(fitting)

    async def seat_table(self, interaction: discord.Interaction, presentation: Presentation,
                         table: list[Any]) -> discord.Thread:
        """Open the thread in the last queuer's channel, add the players, make and start the game there (the
        first in the queue creates it), post who plays and deliver its first turn. Returns the thread. Until the
        game has started, a failure puts the table's players back in the queue, in their places (Discord refusing
        the thread: a polite answer; anything else is a bug, reported as one). A player who left the server since
        queueing loses their place, the others keep theirs, and the answer names them: they are looked up before
        the thread is opened (one read each, a table is rare); one who leaves in the seconds between is not
        added, and the thread, left without a game, says so."""
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel) and interaction.guild is not None
        # the table's own thread: in its players' language when they all share one (a tour's German players got a
        # whole game in the server's English), else the server's
        spoken = {entry["locale"] for entry in table}
        language = spoken.pop() if len(spoken) == 1 else default_game_locale(interaction)
        title, first = t(presentation.title_key, language), table[0]
        gone: list[dict] = []
        thread: discord.Thread | None = None
        game = None
        try:
            for entry in table:
                try:
                    await interaction.guild.fetch_member(entry["user_id"])
                except discord.NotFound:            # 10007 Unknown Member: they left the server
                    gone.append(entry)
            if gone:
                raise Refusal("find.error.player_left", name=", ".join(shown_name(entry["name"]) for entry in gone))
            thread = await channel.create_thread(
                # the players' names tell one table's thread from another's (the game's number does not exist yet);
                # a thread's name reads no Markdown (plain names) and is cut whole graphemes first, with "…"
                name=cut(t("find.thread_name", language, game=title,
                           names=", ".join(plain_name(entry["name"]) for entry in table)), THREAD_NAME_LIMIT),
                type=discord.ChannelType.public_thread, auto_archive_duration=THREAD_ARCHIVE_MINUTES)
            for entry in table:
                await thread.add_user(discord.Object(entry["user_id"]))
            place = Place(interaction.guild_id, thread.id, first["user_id"], first["name"], first["locale"], language)
            game = await self.lobby.open_game(presentation, place, len(table), presentation.game_options(
                {o.name: o.default for o in presentation.lobby_options if o.new}, solo=False),
                {"pace": first["pace"], "language": language})
            for entry in table[1:]:
                game = await self.sessions.join(game.id, entry["user_id"], entry["name"])
                await remember_seat_locale(self.sessions, game.id, game.seat_of(entry["user_id"]), entry["locale"])
            game = await self.sessions.start(game.id, first["user_id"])
        except Exception as error:
            await self.store.requeue([e for e in table if e not in gone])  # the others keep their places
            if thread is not None and game is None:     # opened, then a player could not be added: say why it is empty
                with contextlib.suppress(discord.HTTPException):
                    await thread.send(t("find.thread_unused", language))
            if isinstance(error, discord.HTTPException):
                log.warning("find: no table opened in channel %s: %r", channel.id, error)
                raise Refusal("find.error.thread_failed") from error
            raise
        mentions = mentioned([entry["user_id"] for entry in table], language)      # Korean: "<@1> 님, <@2> 님"
        # one ping each: the first turn post (delivered next) pings whoever is due, the announcement the others
        due = seats_mentioned(TableMeta.of(game.meta))
        try:
            await thread.send(t("find.started", language, game=title, players=mentions,
                                pace=pace_text(first["pace"], language, presentation.pace_line_key)),
                              **pings([e["user_id"] for e in table if game.seat_of(e["user_id"]) not in due]))
        except discord.HTTPException:               # the game's first turn post still mentions who is due
            log.warning("find: the start of game %s was not announced in thread %s", game.id, thread.id)
        await self.courier.deliver(game.id)
        self.lobby.bots.schedule(game.id)
        return thread

    async def leave(self, interaction: discord.Interaction) -> None:
        guild, locale = self._require_server(interaction), locale_of(interaction)
        mine = await self.store.queue_entry(guild, interaction.user.id, self.clock())
        if mine is None or not await self.store.leave_queue(guild, interaction.user.id, self.clock()):
            raise Refusal("find.error.not_queued")
        await interaction.response.send_message(
            t("find.left", locale, game=t(self.games[mine.kind].title_key, locale)), ephemeral=True)

    async def rated_players(self, kind: str, user_ids: list[int]) -> set[int]:
        """Those of ``user_ids`` who have a rating of ``kind``: the queue keeps the default rating of a newcomer
        for matching, which ``stats`` calls "not rated yet" (the queue read "rating 1000" for him)."""
        return {user for user in dict.fromkeys(user_ids) if kind in await self.store.ratings_of(user)}

    async def queue(self, interaction: discord.Interaction, game: str | None = None) -> None:
        """Who waits on this server (for one game, or all), for anyone who asks; privately."""
        guild, locale = self._require_server(interaction), locale_of(interaction)
        presentation = chosen_game(self.games, game) if game is not None else None
        rows = await self.store.queue_entries(guild, self.clock(), game)
        lines = []
        for kind, players, pace in dict.fromkeys((r.kind, r.players, r.pace) for r in rows):
            waiting = [r for r in rows if (r.kind, r.players, r.pace) == (kind, players, pace)]
            lines.append(t("find.queue_table", locale, game=t(self.games[kind].title_key, locale), players=players,
                           pace=pace_text(pace, locale, self.games[kind].pace_line_key),
                           waiting=len(waiting)))
            rated = await self.rated_players(kind, [r.user_id for r in waiting])
            for r in waiting:
                lines.append(queue_line(r, r.user_id in rated, locale))
        # a game chosen: nobody waits for *that* game (others may wait for another; "nobody on this server" was
        # untrue then)
        empty = t("find.queue_empty", locale) if presentation is None else \
            t("find.queue_empty_game", locale, game=t(presentation.title_key, locale))
        text = "\n".join(lines) if lines else empty
        hours = await expiry_hours(self.store, guild)
        await interaction.response.send_message(
            f"{text}\n{t('find.queue_expiry', locale, hours=hours)}"[:2000], ephemeral=True,
            allowed_mentions=discord.AllowedMentions.none())

    async def expiry(self, interaction: discord.Interaction, hours: int | None = None) -> None:
        """``/find expiry hours:<n>`` (Manage Server): how long a place in the server's queue lasts; without
        ``hours`` it says the current one. In a DM it says that the setting is a server's (a tour's admin, typing it
        there, read how ``/find join`` finds tables)."""
        if interaction.guild_id is None:
            raise Refusal("find.error.expiry_server_only")
        guild, locale = interaction.guild_id, locale_of(interaction)
        if hours is None:
            await send_ephemeral(interaction, t("find.expiry_shown", locale, hours=await expiry_hours(self.store,
                                                                                                   guild)))
            return
        require_permission(interaction, "manage_guild")
        if not 1 <= hours <= MAX_EXPIRY_HOURS:
            raise Refusal("error.bad_option")
        await self.store.set_meta(EXPIRY_META.format(guild=guild), int(hours))
        await send_ephemeral(interaction, t("find.expiry_set", locale, hours=int(hours)))

