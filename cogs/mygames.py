"""``/games``: the games a player sits in, across every server the bot shares with them and their DMs.

One top-level command (not in a game's group: it spans every game kind), answered privately in the asker's
language: first the games waiting on them, the longest wait first (since when their seat is due, the turn
clock's ``TableMeta.due_since``), then their other open games (lobbies too), then the games that ended in the
last week (finished, or abandoned: marked so, since a player away meanwhile has no other trace of it). Each line
names the game, its server and channel, where it stands (the presentation's ``status_line``), who is due, the
time left on its clock (``cogs.pace.clock_status``) and links to its live message. Long lists are paged with
buttons whose custom ids carry only the page (``rp:y:<page>:<slot>``): the list is read again for whoever clicks,
so a page never shows someone else's games and survives a restart.

The "Take my longest-waiting turn" button is the play Cog's own "my moves" button (``ViewButton``, ``rp:v``): it
opens the private menu of that game wherever the list was asked (a private menu's components work for the game's
players in any channel, ``Tables.clicked_game``); the moves' posts go to the game's own channel.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import EngineError, GameView, SessionManager, pending_seats
from bot.engine.records import UserGame
from bot.engine.table import TableMeta
from bot.games.errors import RuleError
from bot.i18n import t

from .buttons import ShellButton, ViewButton
from .core import game_locale, jump_link, locale_of, sentences
from .games import Games
from .pace import clock_status
from .reach import CHANNEL_DELETED, held_text
from .replays import result_text
from .seats import listed_players, shown_game
from .translator import cmd_str
from .usertext import shown_name

log = logging.getLogger(__name__)

#: games per page (an embed's description holds 4,096 characters; a line is at most ~450)
PAGE = 6
#: finished games are listed for this long after their end
RECENT_S = 7 * 86400
#: most games one list reads (the store's page); a player in more sees the first ones
MOST = 100
WAITING, OPEN, FINISHED = "waiting", "open", "finished"


def link_text(game: str, channel: Any, locale: str) -> str:
    """A game's link as words that say where it leads ("open Roll Player in #games"): a screen reader's list of
    links read "jump, jump, jump". The channel by name where the bot knows it (a mention cannot be a link's
    text), else the game alone."""
    name = getattr(channel, "name", None)
    if isinstance(name, str) and name:
        return t("mygames.link_channel", locale, game=game, channel=name)
    return t("mygames.link", locale, game=game)

def own_result(presentation: Any, kind: Any, row: UserGame, locale: str, stood_in: bool = False) -> str:
    """How an ended game went for the asker, in a few words: an ended game showed its number and kind, never its
    result. The score with its unit and, for a co-operative game, won or lost, as stats and the history say it
    (``cogs.replays.result_text``, the presentation's ``result_words``); against others, won or their place
    first. A forfeit has a place and no score (the game stopped), an abandoned game neither: nothing is said.
    ``stood_in``: the bot played most of the asker's moves (``Store.stood_in_seats``, the rule stats and the
    result follow): the result is the bot's for them, not their win (it read "You won" where the final post said
    "1. Bot for Ben" and stats counted no win)."""
    ranked = not kind.cooperative and row.players > 1 and row.place is not None
    if stood_in and ranked and row.total is not None:
        result = result_text(presentation, kind, row.total, row.place, row.options, locale)
        return t("mygames.stood_in_won", locale, result=result) if row.place == 1 else \
            t("mygames.stood_in_place", locale, place=row.place, players=row.players, result=result)
    if row.total is None:
        if not ranked:
            return ""
        return t("mygames.won", locale) if row.place == 1 else \
            t("mygames.place", locale, place=row.place, players=row.players)
    if not ranked:
        return t("mygames.result", locale, result=result_text(presentation, kind, row.total, row.place,
                                                               row.options, locale))
    result = result_text(presentation, kind, row.total, row.place, row.options, locale)
    return t("mygames.result_won", locale, result=result) if row.place == 1 else \
        t("mygames.result_place", locale, place=row.place, players=row.players, result=result)


class GamesPageButton(ShellButton, template=r"rp:y:(?P<page>[0-9]{1,3}):(?P<slot>[pnc])"):
    """Previous / Next of ``/games`` (slot ``c``: the disabled "page/pages" label between them)."""
    prefix, service, handler = "rp:y", "my_games", "on_page"


def ordered(rows: list[UserGame]) -> list[tuple[str, UserGame]]:
    """(section, game): those waiting on the player (their seat due, the longest wait first), the other open
    games in the store's order (newest first), then the ended ones, abandoned ones too (last ended first)."""
    waiting, other, finished = [], [], []
    for row in rows:
        since = TableMeta.of(row.meta).due_since().get(row.seat)
        if row.status == "active" and since is not None:
            waiting.append((since, row.game_id, row))
        elif row.status in ("finished", "abandoned"):
            finished.append(row)
        else:
            other.append(row)
    return ([(WAITING, row) for _, _, row in sorted(waiting, key=lambda w: w[:2])] + [(OPEN, r) for r in other]
            + [(FINISHED, r) for r in finished])


def stand_in_text(game: GameView, locale: str) -> str:
    """The bot plays the asker's seat (``TableMeta.taken``) until they are back, and how they take it back: a tour's
    player whose time ran out saw nothing of it in ``/games``, and it is their click that ends it."""
    return t("mygames.stand_in", locale, button=t("button.my_moves", game_locale(game)))


class MyGames(commands.Cog):
    def __init__(self, sessions: SessionManager, games: Games, clock: Callable[[], float] = time.time):
        self.sessions = sessions
        self.games = games
        #: "the last week" is measured from this (tests move it)
        self.clock = clock
        #: the daily challenges (``cogs.daily``, set by the app): today's in the list, and which games are dailies
        self.daily: Any = None

    @app_commands.command(name=cmd_str("cmd.games.name"), description=cmd_str("cmd.games.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def games_cmd(self, interaction: discord.Interaction) -> None:
        answer = await self.answer(interaction, 0)
        await interaction.response.send_message(ephemeral=True, **{k: v for k, v in answer.items() if v is not None})

    async def on_page(self, interaction: discord.Interaction, page: int, _slot: str) -> None:
        await interaction.response.edit_message(**await self.answer(interaction, page))

    async def answer(self, interaction: discord.Interaction, page: int) -> dict:
        """The reply to ``/games`` (or to a page button): an embed of one page and its buttons."""
        locale = locale_of(interaction)
        rows = ordered(await self.sessions.store.games_of_user(interaction.user.id, self.clock() - RECENT_S,
                                                               limit=MOST))
        today = await self.daily.today_line(interaction.user.id, locale) if self.daily is not None else ""
        if not rows:
            return {"content": "\n".join(x for x in (t("mygames.none", locale), today) if x), "embed": None,
                    "view": None}
        pages = -(-len(rows) // PAGE)
        page = min(max(0, page), pages - 1)
        lines, section = [], None
        waited = sum(kind == WAITING for kind, _ in rows)
        for kind, row in rows[page * PAGE:(page + 1) * PAGE]:
            if kind != section:
                section = kind          # "your other open games" only below the games waiting on the player
                heading = t("mygames.section.open_only", locale) if kind == OPEN and not waited else \
                    t(f"mygames.section.{kind}", locale)
                lines.append(f"**{heading}**")
            lines.append(await self.entry(interaction, row, kind, locale))
        if today:                       # where a newcomer looks: whether today's dailies are played, the streak
            lines = [today, "", *lines]
        embed = discord.Embed(title=t("mygames.title", locale), description="\n".join(lines)[:4096])
        embed.set_footer(text=t("mygames.footer", locale, waiting=waited, games=len(rows)))
        return {"content": None, "embed": embed, "view": self.buttons(rows, page, pages, locale)}

    async def entry(self, interaction: discord.Interaction, row: UserGame, section: str, locale: str) -> str:
        """One game: its name, where it is and a link; then where it stands, who is due and its clock."""
        presentation = self.games.get(row.kind)
        name = t(presentation.title_key, locale) if presentation else row.kind
        guild = interaction.client.get_guild(row.guild_id) if row.guild_id else None
        place = t("mygames.dm", locale) if row.guild_id is None else (
            shown_name(guild.name) if guild else t("mygames.server", locale))     # a server's name is typed too
        # a DM has no channel to mention (``<#dm>`` reads as an unknown channel): its place and link say enough
        link = jump_link(row.guild_id, row.channel_id, row.message_id)
        opens = link_text(name, interaction.client.get_channel(row.channel_id) if row.guild_id else None, locale)
        head = t("mygames.head_dm", locale, game=name, place=place, link=link, opens=opens) if row.guild_id is None \
            else t("mygames.head", locale, game=name, place=place, channel=f"<#{row.channel_id}>", link=link,
                   opens=opens)
        if presentation is None:                 # a kind this bot does not load: listed plainly
            return head
        if section == FINISHED:
            stood_in = row.seat in await self.sessions.store.stood_in_seats(row.game_id)
            return f"{head}\n" + sentences(await self.ended_label(row, locale),
                                           own_result(presentation, self.games.kind(row.kind), row, locale,
                                                      stood_in),
                                           self.ended_text(row, locale))
        try:
            game = await self.sessions.load(row.game_id)
        except (EngineError, RuleError):         # a damaged game must not hide the player's other games
            log.warning("game %s listed without its state: it does not load", row.game_id, exc_info=True)
            return f"{head}\n{t('mygames.unreadable', locale)}"
        if game.status == "lobby" or game.state is None:
            return f"{head}\n{t('mygames.lobby', locale, seats=len(game.seats), wanted=game.seats_wanted)}"
        if row.seat in TableMeta.of(game.meta).taken:
            head = f"{head}\n{stand_in_text(game, locale)}"
        if TableMeta.of(game.meta).held:
            head = f"{head}\n{held_text(game, locale)}"
        return f"{head}\n" + sentences(presentation.status_line(game, locale), self.due_text(game, row.seat, locale),
                                       clock_status(game, locale, now=self.clock()))

    async def ended_label(self, row: UserGame, locale: str) -> str:
        """An ended game's number (which ``replay`` and ``log`` take) and what it was: a daily challenge of its day,
        a solo game (in the player's DM), or just its number: six ended games read alike, dailies and solo games."""
        day = await self.daily.day_of(row.game_id) if self.daily is not None else None
        if day is not None:
            return t("mygames.label_daily", locale, game=row.game_id, day=day)
        if row.guild_id is None:
            return t("mygames.label_solo", locale, game=row.game_id)
        return t("status.title", locale, game=row.game_id)

    @staticmethod
    def ended_text(row: UserGame, locale: str) -> str:
        """When the game ended, and how: finished, abandoned after its start (no result), cancelled in its
        lobby, or ended because its channel was deleted (``cogs.reach``)."""
        when = f"<t:{int(row.finished_at or 0)}:R>"
        if row.status != "abandoned":
            return t("mygames.finished", locale, when=when)
        if TableMeta.of(row.meta).ended == CHANNEL_DELETED:    # nobody ended it: say why it ended
            return t("mygames.abandoned_deleted", locale, when=when)
        if row.started_at is None:
            return t("mygames.cancelled", locale, when=when)
        return t("mygames.abandoned", locale, when=when)

    def due_text(self, game: GameView, mine: int, locale: str) -> str:
        """Who is due, by name ("you" for the asker), as the asker reads them (``cogs.seats``: a bot in their
        language, Korean's 님 after each person); nothing when nobody is."""
        kind = self.games.kind(game.kind)
        shown = shown_game(game, locale, kind)
        due = [seat for seat in pending_seats(kind, game.state) if seat < len(game.seats)]
        names = [t("mygames.you", locale) if seat == mine else listed_players(shown, [seat], locale) for seat in due]
        return t("mygames.due", locale, players=", ".join(names)) if names else ""

    def buttons(self, rows: list[tuple[str, UserGame]], page: int, pages: int, locale: str) -> discord.ui.View:
        view = discord.ui.View(timeout=None)
        longest = next((row for kind, row in rows if kind == WAITING and row.kind in self.games), None)
        if longest is None:
            view.add_item(discord.ui.Button(label=t("mygames.nothing_waiting", locale), disabled=True,
                                            custom_id="rp:y:none"))
        else:
            view.add_item(ViewButton(longest.game_id, "moves", label=t("mygames.take_turn", locale),
                                     style=discord.ButtonStyle.primary))
        if pages > 1:
            view.add_item(GamesPageButton(max(0, page - 1), "p", label=t("history.previous", locale),
                                          disabled=page == 0, row=1))
            view.add_item(GamesPageButton(page, "c", label=t("history.page_counter", locale, page=page + 1,
                                                             pages=pages), disabled=True, row=1))
            view.add_item(GamesPageButton(min(pages - 1, page + 1), "n", label=t("history.next", locale),
                                          disabled=page >= pages - 1, row=1))
        return view
