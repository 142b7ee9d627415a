"""Daily challenges: ``/daily play|board|share game:…`` (top-level, beside ``/games``: ``/rp`` is full).

Every UTC day each game has one daily deal: the seed is a stable hash (sha256) of the game kind and the date,
the options are the game's solo defaults, so everyone plays the same game. It is played like a solo game, in
the player's DM with the bot (``Lobby.create_game``); a player has one attempt per kind and day (table
``daily_attempts``, whose key refuses a second one, even after abandoning). The final post of a daily game adds
the player's place on the day's board and their streak (consecutive UTC days with a finished daily of the
kind). Sharing: ``share`` run in a server channel shows the line privately with a Share button, and the button
posts it in that channel — the channel where the player clicks is the channel they chose, so no channel picker
is needed. The line is an emoji summary of the result (the total, the streak), the same for every game with the
same result, so it gives nothing of the deal away, and names its player (no ping); it is worded in the channel's
language, as every public post. Once a day is over, anyone who is not still playing that day's daily may look
at its daily games' log and replay, and a replay may be posted for a channel once nobody is still playing it
(``Daily.hidden_from``, ``History.may_see``).
"""
from __future__ import annotations

import hashlib
import inspect
import json
import time
from collections.abc import Callable
from datetime import date, datetime, timedelta, timezone
from typing import Any, NamedTuple

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameView, SessionManager
from bot.i18n import t

from .buttons import ShellButton
from .core import Refusal, default_game_locale, live_link, locale_of, require_guild
from .games import Games
from .groups import chosen_game, root_group
from .help import EMBED_COLOUR
from .lobby import Lobby
from .replays import result_text, score_text
from .translator import cmd_str
from .usertext import shown_name

PERIODS = ("today", "week", "all")
BOARD_SIZE = 10
#: ``bot_meta`` key of a daily game's line posted in a channel (its value: when).
SHARED_META = "daily_shared:{game}:{channel}"


def utc_day(now: float) -> str:
    """The UTC date of ``now`` as ``YYYY-MM-DD``."""
    return datetime.fromtimestamp(now, timezone.utc).date().isoformat()


def days_before(day: str, count: int) -> str:
    return (date.fromisoformat(day) - timedelta(days=count)).isoformat()


def day_start(day: str) -> int:
    """Midnight UTC at the start of ``day`` (``YYYY-MM-DD``), as a Unix time."""
    return int(datetime.combine(date.fromisoformat(day), datetime.min.time(), timezone.utc).timestamp())


def day_text(day: str) -> str:
    """A daily's day as Discord writes a date for each reader, in their language and calendar (``<t:…:D>``; an ISO
    "2026-11-27" with "UTC" read like a log line). The moment given is the day's noon UTC, the middle of the 24
    hours its deal lasts: a reader from UTC−12 to UTC+11 reads its UTC date, one further east the local date most
    of those hours fall on."""
    return f"<t:{day_start(day) + 12 * 3600}:D>"


def next_daily_text(day: str) -> str:
    """When the daily after ``day``'s comes (midnight UTC), as Discord says it to each reader: "in 5 hours"
    (``<t:…:R>``, which a reader in any time zone reads right; "midnight UTC" left the sum to them)."""
    return f"<t:{day_start(day) + 24 * 3600}:R>"


def daily_seed(kind: str, day: str) -> int:
    """The deal of the kind's daily on ``day``: stable across processes and versions (never Python's ``hash``)."""
    return int.from_bytes(hashlib.sha256(f"rollbot daily {kind} {day}".encode()).digest()[:8], "big") >> 1


def streak(days: set[str], day: str) -> int:
    """Consecutive days with a finished daily up to ``day`` (or up to the day before, if ``day`` has none yet)."""
    if day not in days:
        day = days_before(day, 1)
    count = 0
    while day in days:
        count, day = count + 1, days_before(day, 1)
    return count


def share_line(player: str, presentation: Any, day: str, total: Any, days: int, locale: str) -> str:
    """The spoiler-free line: only whose it is (``player``: their name as shown, no ping), the game, the day, the
    total in plain digits with its unit ("1️⃣9️⃣" said nothing of what it counted, and a screen reader read its
    keycaps "keycap one keycap nine") and the streak in words ("🔥 1" was read "fire 1"); a daily that ended without
    a total says so in words (a dash was read "en dash" or nothing)."""
    score = presentation.result_words(str(total), None, {}, locale) if total is not None else \
        t("daily.no_score", locale)
    return t("daily.share_line", locale, player=player, game=t(presentation.title_key, locale), day=day_text(day),
             score=score, streak=days)


def sharer(interaction: discord.Interaction) -> str:
    """The name the share line gives its player: their display name here, shown as typed (``shown_name``: Markdown
    escaped, no mention; the post pings nobody)."""
    return shown_name(interaction.user.display_name)


class Standing(NamedTuple):
    """One player on a daily board: their days' scores added up, how many days, how long into its day each
    daily took to finish (added up), and the last day's place and options (today's board: won or lost)."""
    user_id: int
    name: str
    total: Any
    days: int
    finished: float
    place: int | None
    options: dict


def board(rows: list[Any]) -> list[Standing]:
    """Each player's standing, best first: the higher score, then fewer days played, then who finished first (the
    time into the day, added up over the days). Equal scores are common: every Roll for Adventure team that lost
    with no power stone scored 0, and the printed rules score a lost adventure no further (won or lost, and the
    stones gathered), so those ties went by name, alphabetically; the one who finished first comes first now."""
    players: dict[int, Standing] = {}
    for row in rows:
        if row.user_id is None:
            continue
        held = players.get(row.user_id) or Standing(row.user_id, row.name, 0, 0, 0.0, None, {})
        options = json.loads(row.options) if isinstance(row.options, str) else row.options or {}
        players[row.user_id] = held._replace(
            name=row.name, total=held.total + (row.total or 0), days=held.days + 1,
            finished=held.finished + max(0.0, float(row.finished_at or 0) - day_start(row.day)),
            place=row.place, options=options)
    return sorted(players.values(), key=lambda p: (-p.total, p.days, p.finished, p.name.casefold()))


def board_line(presentation: Any, kind: Any, period: str, place: int, player: str, standing: Standing,
               locale: str) -> str:
    """One player on a daily board: the score with its unit ("19 Gold"), today's with won or lost where the game
    is co-operative ("lost, 0 of 5 power stones": its score alone said neither), and on a board of several days
    how many they played, whose scores it adds up (today's board read "played on 1 day", which meant nothing)."""
    if period == "today":
        score = result_text(presentation, kind, standing.total, standing.place, standing.options, locale)
        return t("daily.board_line_today", locale, place=place, player=player, score=score)
    score = presentation.result_words(score_text(standing.total, locale), None, {}, locale)
    return t("daily.board_line", locale, place=place, player=player, score=score, days=standing.days)


class ShareButton(ShellButton, template=r"rp:ds:(?P<game>[0-9]{1,19})"):
    """Posts the daily game's share line in the channel where it is clicked (only its player may)."""
    prefix, service, handler, default_style = "rp:ds", "daily", "on_share", discord.ButtonStyle.primary


class Daily(commands.Cog):
    def __init__(self, sessions: SessionManager, games: Games, lobby: Lobby, clock: Callable[[], float] = time.time):
        self.sessions = sessions
        self.store = sessions.store
        self.games = games
        self.lobby = lobby
        #: what "today" is (tests move it)
        self.clock = clock

    def today(self) -> str:
        return utc_day(self.clock())

    async def days_of(self, user_id: int, kind: str) -> set[str]:
        return {r.day for r in await self.store.daily_results(kind, "0000", user_id=user_id)}

    # ------------------------------------------------------------------ hooks of /games
    async def day_of(self, game_id: int) -> str | None:
        """The day of a daily game, as Discord writes it for the reader; None: no daily game."""
        day = await self.store.daily_day_of(game_id)
        return None if day is None else day_text(day)

    async def today_line(self, user_id: int, locale: str) -> str:
        """Today's dailies for ``/games``: each game played (✓, with its streak) or not yet, and when the next
        ones come. A newcomer saw his streak only in a final post, and nothing said a new daily was out; a line
        where he looks at his games, not a direct message he did not ask for."""
        today, parts = self.today(), []
        for kind, presentation in self.games.items():
            title = t(presentation.title_key, locale)
            if await self.store.daily_attempt(user_id, kind, today) is None:
                parts.append(t("daily.today_open", locale, game=title))
                continue
            parts.append(t("daily.today_done", locale, game=title, streak=streak(await self.days_of(user_id, kind),
                                                                                  today)))
        return t("daily.today_line", locale, games=", ".join(parts), reset=next_daily_text(today))

    # ------------------------------------------------------------------ hooks of the courier and the history
    async def final_lines(self, game: GameView, locale: str) -> list[str]:
        """The lines a daily game's final post adds: the player's place on the board of the daily's day, which that
        line names (a daily started at 23:50 and finished after midnight counts for the day it was dealt: its
        "1st of 1 today" spoke of the day before), and their streak."""
        day = await self.store.daily_day_of(game.id)
        user_id = game.seats[0].user_id if game.seats else None
        if day is None or user_id is None:
            return []
        rows = [r for r in await self.store.daily_results(game.kind, day) if r.day == day]
        mine = next((r.total or 0 for r in rows if r.game_id == game.id), None)
        if mine is None:
            return []
        place = 1 + sum(1 for r in rows if (r.total or 0) > mine)
        days = streak(await self.days_of(user_id, game.kind), day)
        return [t("daily.final_place", locale, day=day_text(day), place=place, players=len(rows)),
                t("daily.final_streak", locale, streak=days), t("daily.final_share", locale)]

    async def hidden_from(self, game: GameView, viewer: int | None) -> bool | None:
        """Whether the daily game ``game`` must stay hidden from ``viewer``, who is not its player (a user id; None:
        everyone who reads a channel it would be posted in); None when ``game`` is no daily game. The deal is the
        same for everyone that day, so a daily game shows every roll to come: it stays hidden while its day is on
        (anyone may still start that daily) and, after midnight UTC, from whoever still plays their own daily of
        that kind and day (a daily started at 23:50 counts for its day until it ends: a tour's player read the
        finished game's replay at 00:05 and saw his next rolls). Once the day is over and nobody is still
        playing it, nobody can gain from it any more."""
        day = await self.store.daily_day_of(game.id)
        if day is None:
            return None
        return day >= self.today() or await self.store.daily_open(game.kind, day, viewer)

    # ------------------------------------------------------------------ the share button
    async def share_text(self, game: GameView, locale: str, player: str) -> str:
        """The game's share line in ``locale``: the channel's language (``default_game_locale``), as every public
        post; it is posted for everyone there, not only for the sharer."""
        day = await self.store.daily_day_of(game.id)
        user_id = game.seats[0].user_id
        rows = [r for r in await self.store.daily_results(game.kind, day or "", user_id) if r.game_id == game.id]
        if not rows:
            raise Refusal("daily.error.nothing_to_share")
        days = streak(await self.days_of(user_id, game.kind), rows[0].day)
        return share_line(player, self.games[game.kind], rows[0].day, rows[0].total, days, locale)

    @staticmethod
    def shared_key(game_id: int, channel_id: int | None) -> str:
        """``bot_meta`` key set once the game's line is posted in that channel: one post per channel."""
        return SHARED_META.format(game=game_id, channel=channel_id)

    async def on_share(self, interaction: discord.Interaction, game_id: int) -> None:
        """Posts the line once: the private preview then says so and loses its button; a second click (a double
        click, a client that still shows the button) is answered privately and posts nothing."""
        require_guild(interaction)
        game = await self.sessions.load(game_id)
        if not game.seats or game.seats[0].user_id != interaction.user.id:
            raise Refusal("daily.error.share_not_yours")
        locale = locale_of(interaction)
        line = await self.share_text(game, default_game_locale(interaction), sharer(interaction))
        if not await self.store.claim_meta(self.shared_key(game_id, interaction.channel_id), self.clock()):
            await interaction.response.send_message(t("daily.error.shared_already", locale), ephemeral=True)
            return
        await interaction.response.edit_message(content=t("daily.shared", locale, line=line), view=None)
        await interaction.followup.send(line, allowed_mentions=discord.AllowedMentions.none())

    # ------------------------------------------------------------------ commands
    def command_group(self) -> app_commands.Group:
        """``/daily play|board|share game:…`` (``groups.root_group``); the game is a choice of the registered ones."""
        game: dict = {"game": (str, inspect.Parameter.empty, "cmd.daily.game")}
        choices = {"game": [app_commands.Choice(name=cmd_str(p.title_key), value=kind)
                            for kind, p in self.games.items()]}
        period = {"period": (str, "today", "cmd.daily.board.period")}
        periods = {"period": [app_commands.Choice(name=cmd_str(f"daily.period.{p}"), value=p) for p in PERIODS]}
        return root_group("daily", (("play", self.play, game, choices),
                                    ("board", self.board_cmd, game | period, choices | periods),
                                    ("share", self.share, game, choices)))

    async def play(self, interaction: discord.Interaction, game: str) -> None:
        presentation = chosen_game(self.games, game)
        if interaction.guild_id is not None or not isinstance(interaction.channel, discord.DMChannel):
            raise Refusal("daily.error.dm_only")
        day = self.today()
        tried = await self.store.daily_attempt(interaction.user.id, presentation.kind, day)
        if tried is not None:
            running = await self.sessions.load(tried)
            if running.status in ("lobby", "active"):          # still being played: where it is
                raise Refusal("daily.error.running", link=await live_link(self.store, running))
            if running.status == "abandoned":                 # counted, but no result: the board does not list it
                raise Refusal("daily.error.abandoned", reset=next_daily_text(day))
            raise Refusal("daily.error.played", reset=next_daily_text(day))
        options = presentation.game_options({o.name: o.default for o in presentation.lobby_options if o.solo},
                                            solo=True)
        started = await self.lobby.create_game(interaction, presentation, 1, options,
                                               {"takeover": 0, "pace": "none", "hints": False},
                                               seed=daily_seed(presentation.kind, day),
                                               started=("daily.started", {"day": day_text(day),
                                                                          "reset": next_daily_text(day)}))
        await self.store.add_daily_attempt(interaction.user.id, presentation.kind, day, started.id)

    async def board_cmd(self, interaction: discord.Interaction, game: str, period: str = "today") -> None:
        presentation, locale, viewer = chosen_game(self.games, game), locale_of(interaction), interaction.user.id
        if period not in PERIODS:
            raise Refusal("error.bad_option")
        if interaction.guild_id is not None:
            await self.store.note_player_guild(viewer, interaction.guild_id, self.clock())
        today = self.today()
        since = {"today": today, "week": days_before(today, 6), "all": "0000"}[period]
        ranked = board(await self.store.daily_results(presentation.kind, since))
        kind = self.games.kind(presentation.kind)
        guilds = await self.store.guilds_of([viewer, *(p[0] for p in ranked)])
        mine = guilds.get(viewer, set())
        # the dates only where they say which days count: today's, or the week's first and last; in the description,
        # where Discord writes a timestamp (it leaves ``<t:…>`` in a title as it is)
        embed = discord.Embed(title=t(f"daily.board_title_{period}", locale, game=t(presentation.title_key, locale)),
                              description=self.board_days(period, today, since, locale), colour=EMBED_COLOUR)
        scopes = [("everywhere", ranked)]
        if interaction.guild_id is not None:
            scopes.insert(0, ("server", [p for p in ranked if interaction.guild_id in guilds.get(p[0], ())]))
        for scope, players in scopes:
            lines = [board_line(presentation, kind, period, i + 1, shown_name(p.name) if p.user_id == viewer or
                                mine & guilds.get(p.user_id, set()) else t("daily.a_player", locale), p, locale)
                     for i, p in enumerate(players[:BOARD_SIZE])]
            embed.add_field(name=t(f"daily.board_{scope}", locale),
                            value="\n".join(lines)[:1024] or t("daily.board_empty", locale), inline=False)
        await interaction.response.send_message(embed=embed, ephemeral=True)

    @staticmethod
    def board_days(period: str, today: str, since: str, locale: str) -> str | None:
        """Which days a board counts, as dates Discord writes for the reader; today's adds when the next daily
        comes; then how equal scores are ordered (who finished first), since a tie looked like a random order."""
        if period == "today":
            days = t("daily.board_days_today", locale, day=day_text(today), reset=next_daily_text(today))
            return f"{days}\n{t('daily.board_ties_today', locale)}"
        if period == "week":
            days = t("daily.board_days_week", locale, since=day_text(since), day=day_text(today))
        else:
            days = t("daily.board_days_all", locale)
        return f"{days}\n{t('daily.board_ties', locale)}"

    async def share(self, interaction: discord.Interaction, game: str) -> None:
        presentation, locale = chosen_game(self.games, game), locale_of(interaction)
        if interaction.guild_id is None:
            raise Refusal("daily.error.share_in_server")
        # the player is seen in this server: its board lists them by name (a tour shared, and the board of the
        # server said "nobody yet")
        await self.store.note_player_guild(interaction.user.id, interaction.guild_id, self.clock())
        rows = await self.store.daily_results(presentation.kind, "0000", interaction.user.id)
        if not rows:
            raise Refusal("daily.error.nothing_to_share")
        played = await self.sessions.load(rows[-1].game_id)
        # the preview shows the line as the channel will read it
        line = await self.share_text(played, default_game_locale(interaction), sharer(interaction))
        if await self.store.get_meta(self.shared_key(played.id, interaction.channel_id)) is not None:
            await interaction.response.send_message(t("daily.shared", locale, line=line), ephemeral=True)
            return
        view = discord.ui.View(timeout=None)
        view.add_item(ShareButton(played.id, label=t("daily.share_button", locale), emoji="📣"))
        await interaction.response.send_message(t("daily.share_preview", locale, line=line),
                                                view=view, ephemeral=True)

