"""``/away``: a player away until a date (``/away until``) or back early (``/away back``, or acting on one of their
games: a move, a menu of their moves, a hint; a look at the table, a sheet or the log does not count, and whoever
comes back that way is told so, as ``/away back`` tells them); and the book every service asks whether a player is
away.

While a player is away (``bot.engine.away`` sets the limits, the store keeps the periods) their turn clock does
not run (the clock's elapsed time for a seat leaves out the time away, so it goes on from where it stopped),
they get no reminders and the bot does not take their seat over; ``/status`` and the live messages show "away
until …" beside their name, and a turn post names them without a ping (``Courier.render``). ``/away until`` and
``/away back`` (or a move that ends the time away) redraw the live messages of the games waiting on the player
(``Courier.redraw``, an outbox post); a period that simply runs out is redrawn by the clock's tick
(``PaceClock.tick``). A server may forbid away time for games created with ``pace:fast`` (``/<game> defaults
away_fast:False``): those games' clocks run for an away player as usual.

The book caches, for a short while, whether each player it was asked about is away, so that a click (the hot
path) reads the database only when the player may be away.
"""
from __future__ import annotations

import logging
import re
import time
from collections.abc import Callable, Iterable
from datetime import date, datetime, timedelta
from typing import Any

import cachetools
import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameView, SessionManager
from bot.engine.away import MAX_AWAY_S, AwayRefused, zone
from bot.engine.records import UserGame
from bot.engine.table import TableMeta
from bot.i18n import t

from .core import Refusal, as_typed, locale_of
from .groups import shell_group
from .translator import cmd_str
from .usertext import meant

log = logging.getLogger(__name__)

#: ``bot_meta`` key of a server's rule on away time in its ``pace:fast`` games ("off": forbidden).
AWAY_FAST_META = "away_fast:{guild}"
#: How long the book trusts what it read about a player (seconds).
KNOWN_S = 60.0
DAYS = re.compile(r"^\s*(\d{1,3})\s*$")


def away_mark(game: Any, seat: Any, away: dict[int, float], locale: str) -> str:
    """" (away until <date>)" for the seat's player when they are in ``away`` (user id -> until), else "" (it read
    " · away until", a "middle dot" to a screen reader)."""
    user = game.seats[seat].user_id if isinstance(seat, int) and 0 <= seat < len(game.seats) else None
    if user not in away:
        return ""
    return " " + t("away.mark", locale, date=f"<t:{int(away[user])}:f>")


def until_of(text: str, time_zone: str, now: float) -> float:
    """The end of the day ``text`` names (``2026-12-24``, or a number of days from today) in ``time_zone``; read as
    the player meant it (``cogs.usertext.meant``: a date pasted with an invisible mark is the date it shows), a
    refusal echoes what was typed."""
    today = datetime.fromtimestamp(now, zone(time_zone)).date()
    value = meant(text)
    found = DAYS.match(value)
    try:
        day = today + timedelta(days=int(found[1])) if found else date.fromisoformat(value)
    except ValueError:
        raise Refusal("away.error.bad_date", value=as_typed(text, 20)) from None
    try:
        return end_of_day(day, time_zone)
    except OverflowError:           # 9999-12-31: a day with no day after it is far beyond any away time
        raise Refusal("away.error.too_long", **too_long_params(time_zone, now)) from None


def end_of_day(day: date, time_zone: str) -> float:
    """When ``day`` ends (the next midnight) in ``time_zone``."""
    after = day + timedelta(days=1)
    return datetime(after.year, after.month, after.day, tzinfo=zone(time_zone)).timestamp()


def last_day_allowed(time_zone: str, now: float) -> date:
    """The latest day ``/away until`` accepts at ``now``: the last whose end is at most ``MAX_AWAY_S`` away. Today
    counts as the first of the 14 days, so it is 13 days from today (a player who typed 14 was told "at most 14
    days" and could not see why 14 was refused)."""
    day = datetime.fromtimestamp(now + MAX_AWAY_S, zone(time_zone)).date()
    while end_of_day(day, time_zone) - now > MAX_AWAY_S:
        day -= timedelta(days=1)
    return day


def too_long_params(time_zone: str, now: float) -> dict[str, Any]:
    """The ``away.error.too_long`` refusal's params: the limit, and the last day allowed now as the player types
    it (YYYY-MM-DD) and as a number of days from today."""
    today = datetime.fromtimestamp(now, zone(time_zone)).date()
    last = last_day_allowed(time_zone, now)
    return {**refusal_params({"max_s": MAX_AWAY_S}), "last_day": last.isoformat(), "days": (last - today).days}


async def fast_away_allowed(store: Any, guild_id: int) -> bool:
    """Whether a server lets its ``pace:fast`` games' players be away (``/<game> defaults away_fast``; yes unless
    turned off)."""
    return await store.get_meta(AWAY_FAST_META.format(guild=guild_id)) != "off"


class AwayBook:
    """Who is away, for the clock, the reminders, the takeover, the live messages and the click path."""

    def __init__(self, sessions: Any, clock: Callable[[], float] = time.time):
        self.sessions = sessions
        self.clock = clock                # replaced in tests to make time pass
        #: user id -> until when they are away (0.0: not away), as read at most ``KNOWN_S`` ago
        self.known: cachetools.TTLCache[int, float] = cachetools.TTLCache(maxsize=8192, ttl=KNOWN_S,
                                                                           timer=time.monotonic)

    async def allowed(self, game: GameView) -> bool:
        """Whether away time counts in this game (not in a ``pace:fast`` game of a server that forbids it)."""
        if TableMeta.of(game.meta).pace != "fast" or game.guild_id is None:
            return True
        return await fast_away_allowed(self.sessions.store, game.guild_id)

    async def away(self, user_ids: Iterable[int], now: float) -> dict[int, float]:
        """User id -> until when, for those of ``user_ids`` away at ``now``."""
        users = {u for u in user_ids if u}
        if not users:
            return {}
        periods = await self.sessions.store.current_away(users, now)
        for user in users:
            self.known[user] = periods[user].ends_at if user in periods else 0.0
        return {user: period.ends_at for user, period in periods.items()}

    async def in_game(self, game: GameView, seats: Iterable[int], now: float) -> dict[int, float]:
        """``away`` for the players of these seats, where the game lets away time count."""
        users = [game.seats[s].user_id for s in seats if 0 <= s < len(game.seats) and game.seats[s].user_id]
        return await self.away(users, now) if users and await self.allowed(game) else {}

    async def seconds_away(self, game: GameView, user_id: int | None, since: float, now: float) -> float:
        """How much of [since, now) the player was away (0 where the game does not let away time count)."""
        if not user_id or now <= since or not await self.allowed(game):
            return 0.0
        periods = await self.sessions.store.away_periods(user_id, since, now)
        return sum(max(0.0, min(p.ends_at, now) - max(p.starts_at, since)) for p in periods)

    async def came_back(self, user_id: int, now: float) -> bool:
        """The player acted on one of their games: their away period ends now (True when there was one)."""
        until = self.known.get(user_id)
        if until is not None and until <= now:
            return False
        if until is None and not await self.away([user_id], now):
            return False
        self.known[user_id] = 0.0
        return await self.sessions.store.end_away(user_id, now) is not None

    def forget(self, user_id: int) -> None:
        self.known.pop(user_id, None)


class Away(commands.Cog):
    away_group = shell_group(cmd_str("cmd.away.name"), cmd_str("cmd.away.description"))

    def __init__(self, sessions: SessionManager, courier: Any, pace_clock: Any = None):
        self.sessions = sessions
        self.courier = courier
        self.book: AwayBook = courier.away
        self.pace_clock = pace_clock      # ``cogs.clock.PaceClock``: a game with a turn clock redraws through it

    @away_group.command(name=cmd_str("cmd.away.until.name"), description=cmd_str("cmd.away.until.description"))
    @app_commands.describe(day=cmd_str("cmd.away.until.day"))
    async def until_cmd(self, interaction: discord.Interaction, day: app_commands.Range[str, 1, 20]) -> None:
        locale, store, user, now = locale_of(interaction), self.sessions.store, interaction.user.id, self.book.clock()
        tz = (await store.get_prefs(user)).time_zone
        until = until_of(day, tz, now)
        try:
            await store.add_away(user, now, until, now)
        except AwayRefused as refused:
            if refused.code == "too_long":
                raise Refusal("away.error.too_long", **too_long_params(tz, now)) from None
            raise Refusal(f"away.error.{refused.code}", **refusal_params(refused.params)) from None
        finally:
            self.book.forget(user)
        games = await self.open_games(user)
        text = t("away.saved", locale, date=f"<t:{int(until)}:f>", zone=tz)
        if not all([await self.book.allowed(row) for row in games]):
            text += "\n" + t("away.fast_forbidden", locale)
        await interaction.response.send_message(text, ephemeral=True)
        await self.refresh(games)

    @away_group.command(name=cmd_str("cmd.away.back.name"), description=cmd_str("cmd.away.back.description"))
    async def back_cmd(self, interaction: discord.Interaction) -> None:
        user = interaction.user.id
        ended = await self.sessions.store.end_away(user, self.book.clock())
        self.book.forget(user)
        key = "away.back" if ended is not None else "away.not_away"
        await interaction.response.send_message(t(key, locale_of(interaction)), ephemeral=True)
        if ended is not None:
            await self.refresh(await self.open_games(user))

    @commands.Cog.listener()
    async def on_away_ended(self, user_id: int, game_id: int) -> None:
        """A move on ``game_id`` ended the player's time away (``cogs.core.tell_back``): their other games waiting
        on them are redrawn as after ``/away back`` (the move redraws its own game)."""
        await self.refresh([row for row in await self.open_games(user_id) if row.game_id != game_id])

    async def open_games(self, user_id: int) -> list[UserGame]:
        return [row for row in await self.sessions.store.games_of_user(user_id, self.book.clock())
                if row.status == "active"]

    async def refresh(self, games: list[UserGame]) -> None:
        """The live messages of the games waiting on the player show (or no longer show) "away until": each is
        redrawn through the outbox. A game with a turn clock first has its clock look at the time away, so that
        the deadline shown after ``/away back`` is the one pushed back by it (it read "time is up")."""
        for row in games:
            if row.seat in TableMeta.of(row.meta).due_since():
                try:
                    game = await self.sessions.load(row.game_id)
                    clock = self.pace_clock
                    if clock is not None and clock.handles(game) and await clock.check(game, self.book.clock()):
                        continue                   # the clock redrew it
                    await self.courier.redraw(row.game_id)
                except Exception:
                    log.exception("live message of game %s not redrawn", row.game_id)


def refusal_params(params: dict) -> dict[str, str]:
    """An ``AwayRefused``'s params worded: times as Discord timestamps, lengths in days."""
    out = {}
    for name, value in params.items():
        if name.endswith("_s"):
            out[name.removesuffix("_s") + "_days"] = f"{value / 86400:.3g}"
        else:
            out[name] = f"<t:{int(value)}:f>"
    return out
