"""Opening, joining, starting and ending games: ``/<game> new|join|leave|start|cancel|abandon|status|solo``.

Game-agnostic: the lobby switches, the seat range and the words for options and progress come from the
game's presentation. One game of any kind per channel (the engine enforces it); a solo game lives in the
player's DM with the bot. The lobby message carries persistent Join / Leave / Start / Cancel buttons that do
exactly what the commands do. A game has one lobby message (``TableMeta.lobby_message``): a button edits it in
place, a command posts it anew at the bottom of the channel and the previous one keeps only its lines (who joined,
who left), so no older copy shows seats that changed or offers Join after the start. Its text is the lobby's
last few lines, oldest first, however each action came (``TableMeta.lobby_lines``); a copy retired below a newer
one, and the one that closes the lobby, keep the lines they added themselves, so the channel reads every action
once, in order. A start commits the first turn post with it (``bot.engine.turn``); the courier delivers it.
"""
from __future__ import annotations

import asyncio
import logging
import time
import weakref
from dataclasses import dataclass
from typing import Any

import cachetools
import discord
from discord import app_commands

from bot.engine import ChannelBusy, GameView, NotPermitted, SessionManager
from bot.engine.table import TableMeta, acts_as_creator, update_meta
from bot.i18n import N_, available_locales, t

from .away import away_mark
from .bots import BotPlayer, has_ai
from .buttons import LobbyBotSelect, LobbyButton
from .clock import clock_lines
from .core import (
    GROUP_EXTRA,
    LANGUAGE_LINE,
    Refusal,
    check_bot_permissions,
    default_game_locale,
    game_locale,
    language_line,
    language_line_text,
    language_word,
    locale_of,
    pings,
    remember_seat_locale,
    require_dm,
    require_guild,
)
from .games import Games
from .groups import GameCog, built_command
from .help import EMBED_COLOUR
from .history import MAX_GAME_ID
from .outbox import TOKEN_S, Courier, Editor
from .pace import PACES, pace_text
from .play import Play
from .reach import held_text
from .seam import LobbyOption, Presentation, player_mention, player_name, seated_people
from .seats import bot_level, bot_seat_name, bot_seat_names, mentioned, shown_game
from .settings import MAX_TAKEOVER_HOURS, default_pace, default_takeover_hours, language_choices, pace_choices
from .stats import rating_change_lines
from .translator import cmd_str
from .transport import UNSURE

log = logging.getLogger(__name__)

LOBBY_ACTIONS = ("join", "leave", "start", "cancel")
#: Options of a lobby command beside the game's switches: name -> (annotation, default, description key).
Options = dict[str, tuple[Any, Any, str | app_commands.locale_str]]
BUTTON_STYLES = {
    "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger,
    "addbot": discord.ButtonStyle.secondary, "dropbot": discord.ButtonStyle.secondary,
}
#: Lobby buttons for games whose rules have an AI: the creator (or a channel manager) adds or removes a bot seat.
BOT_ACTIONS = ("addbot", "dropbot")
#: How many of the lobby's lines its message shows (the last ones, oldest first), and how many the table keeps
#: (a copy retired below a newer one shows the lines it added itself, however many clicks it took).
LOBBY_LINES_SHOWN = 5
LOBBY_LINES_KEPT = 20
#: Discord's limit on a message's text.
CONTENT_LIMIT = 2000
#: A lobby's lines ping nobody: whoever acted knows, and the lines carried from earlier copies would ping their
#: people again with every copy.
NO_PINGS = discord.AllowedMentions.none()


@dataclass(frozen=True)
class Place:
    """Where a new game is made and by whom: its server (None: a DM), channel and creator, the creator's
    language and the language the game speaks when none was chosen (at its start, the one its players share
    wins: ``bot.engine.turn.start_language``)."""
    guild_id: int | None
    channel_id: int
    creator_id: int
    creator_name: str
    creator_locale: str
    default_locale: str

    @classmethod
    def of(cls, interaction: discord.Interaction) -> Place:
        return cls(interaction.guild_id, interaction.channel_id, interaction.user.id, interaction.user.display_name,
                   locale_of(interaction), default_game_locale(interaction))


def manages_channel(interaction: discord.Interaction) -> bool:
    """Whether the clicker may close any game of this server channel (Manage Channels; never in a DM)."""
    return interaction.guild_id is not None and interaction.permissions.manage_channels


def may_end(interaction: discord.Interaction, game: GameView) -> bool:
    """Whether the asker may end ``game`` as a moderator: Manage Channels where they ask, in the game's server (in
    its channel, or anywhere on the server for a game whose channel may be gone)."""
    return manages_channel(interaction) and interaction.guild_id == game.guild_id


def next_bot_name(game: GameView, level: str, locale: str) -> str:
    """The name of a bot seat about to join ``game`` (``bot_seat_name``: numbered after the bots seated)."""
    return bot_seat_name(level, sum(1 for s in game.seats if s.is_ai) + 1, locale)


def unusable(game: GameView, action: str) -> bool:
    """Whether the lobby's ``action`` has nothing to act on, so its button (or select) is greyed out: Remove bot
    in a lobby without a bot, Join and Add bot in one whose every seat is taken (a tour's full duel offered Join
    and "Bot 2 (easy)", which answered only "This game is full")."""
    if action == "dropbot":
        return not any(s.is_ai for s in game.seats)
    if action in ("join", "addbot"):
        return len(game.seats) >= game.seats_wanted
    return False


def lobby_entry(key: str, **params: Any) -> dict[str, Any]:
    """A line of the lobby's history (``TableMeta.lobby_lines``), kept as its message key and parameters so that
    it is drawn in the lobby's language of the moment (``/<game> language`` redraws the lines too)."""
    return {"key": key, "params": params}


#: The key of the line that says which bot was added; its entry keeps the bot's level and number, not its name,
#: so that the line names the bot in the lobby's language of the moment, as the seat list does.
BOT_ADDED_LINE = "lobby.addbot_named_note"


def bot_added_entry(user: str, game: GameView, kind: Any, wanted: int) -> dict[str, Any]:
    """The lobby line for a bot seat just added to ``game`` (its last seat; ``kind``: its rules): who added it and
    which bot, level included ("Bot 2 (hard)"), where the line said only "a bot seat" and the level showed in the
    seat list alone."""
    level = bot_level(game, len(game.seats) - 1, kind)
    number = sum(1 for s in game.seats if s.is_ai)
    return lobby_entry(BOT_ADDED_LINE, user=user, seated=len(game.seats), wanted=wanted, level=level,
                       number=number)


def own_lines(lines: list[dict] | tuple, message_id: int | None) -> list[dict]:
    """The lines a lobby message added itself (``on`` it): what a copy that no longer shows the lobby keeps, so
    that the channel tells each action once, in order."""
    return [entry for entry in lines if message_id is not None and entry.get("on") == message_id]


def option_text(presentation: Presentation, options: dict, locale: str) -> str:
    """The game's options, a bulleted list when there are several; one option alone reads as a line, like "Standard
    rules" (a tour's duel read "Options: • Duel: 8 hands", one bullet and no list)."""
    chosen = presentation.option_lines(options, locale)
    if len(chosen) == 1:
        return chosen[0]
    return "\n".join(f"• {line}" for line in chosen) if chosen else t("lobby.options_none", locale)


def add_seats_and_options(embed: discord.Embed, game: GameView, presentation: Presentation, locale: str,
                          away: dict[int, float] | None = None) -> None:
    embed.add_field(name=t("lobby.seats", locale, seated=len(game.seats), wanted=game.seats_wanted),
                    value="\n".join(f"{seat.seat + 1}. {player_mention(game, seat.seat)}"
                                    f"{away_mark(game, seat.seat, away or {}, locale)}" for seat in game.seats),
                    inline=True)
    embed.add_field(name=t("lobby.options", locale), value=option_text(presentation, game.options, locale),
                    inline=True)


def add_stand_ins(embed: discord.Embed, game: GameView, locale: str) -> None:
    """The seats the bot plays now for a player who stayed away (``TableMeta.taken``: the takeover after the hours,
    or "let the bot play for them" once a turn clock ran out), and how that player takes the seat back. A tour's
    ``/status`` read only the lobby setting ("Bot stand-in: Never") while the bot played Ben's turns."""
    taken = sorted(s for s in TableMeta.of(game.meta).taken if s < len(game.seats))
    if not taken:
        return
    button = t("button.my_moves", game_locale(game))       # as the game's message names it
    embed.add_field(name=t("status.stand_in.title", locale),
                    value="\n".join(t("status.stand_in", locale, player=player_mention(game, seat), button=button)
                                    for seat in taken), inline=False)


def add_handed(embed: discord.Embed, game: GameView, locale: str, cooperative: bool) -> None:
    """The seats that changed hands during play (``/seat give``), each with whom its holder now took it over from
    (the latest change: after Ben → Cleo → Ben, Cleo), and that the game is unrated for that seat (its result is its
    holder at the end's, in no win or score of theirs); a ``cooperative`` game, rated for nobody, says only the
    latter, of the team's result."""
    handed = TableMeta.of(game.meta).handed
    key = "status.handed_team" if cooperative else "status.handed"
    lines = [t(key, locale, player=player_mention(game, seat), former=f"<@{holders[-1]}>")
             for seat, holders in sorted(handed.items()) if seat < len(game.seats) and holders]
    if lines:
        embed.add_field(name=t("status.handed.title", locale), value="\n".join(lines), inline=False)


class Lobby(GameCog):
    def __init__(self, sessions: SessionManager, games: Games, courier: Courier,
                 play: Play, bots: BotPlayer):
        self.bots = bots
        self.sessions = sessions
        self.games = games
        self.courier = courier
        self.play = play
        #: game id -> the lock its lobby actions take in turn, so that each one's notes, seats and lobby message
        #: are those of one moment (three joins at once each say their own count; the last message is right)
        self._acting: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: lobby message id -> the interaction that sent it or was answered by editing it: its token may edit it
        #: for 15 minutes (an interaction call, outside the bot token's limit)
        self._editors: cachetools.TTLCache[int, Editor] = cachetools.TTLCache(maxsize=1024, ttl=TOKEN_S,
                                                                               timer=time.monotonic)

    # ---------------------------------------------------------------- pictures of the lobby
    def names(self, game: GameView, locale: str) -> dict[str, str]:
        """The game's display name and command group, for texts that name them."""
        presentation = self.games[game.kind]
        return {"game_name": t(presentation.title_key, locale), "group": t(presentation.group_key, "en")}

    def lobby_embed(self, game: GameView, locale: str) -> discord.Embed:
        names = self.names(game, locale)
        embed = discord.Embed(title=t("lobby.title", locale, game=game.id, **names),
                              description=t("lobby.description", locale, creator=f"<@{game.creator_id}>",
                                            wanted=game.seats_wanted, **names),
                              colour=EMBED_COLOUR)
        add_seats_and_options(embed, game, self.games[game.kind], locale)
        if game.guild_id is not None:
            embed.add_field(name=t("clock.pace.title", locale),
                            value=pace_text(TableMeta.of(game.meta).pace or "none", locale,
                                            self.games[game.kind].pace_line_key), inline=False)
        self.add_takeover(embed, game, locale)
        self.add_hints(embed, game, locale)
        if len(game.seats) >= game.seats_wanted:
            embed.set_footer(text=t("lobby.full_hint", locale))
        return embed

    def lobby_view(self, game: GameView, locale: str) -> discord.ui.View:
        """Join, Leave, Start, Cancel; for a game with an AI, Remove bot and a way to add one: where the AI plays
        at several levels, a select of them (each bot's level is the creator's choice, so a table may mix them),
        else the Add bot button. What has nothing to act on is greyed out (:func:`unusable`)."""
        kind = self.games.kind(game.kind)
        levels = tuple(kind.ai_levels) if has_ai(kind) else ()
        actions = LOBBY_ACTIONS + (BOT_ACTIONS if len(levels) == 1 else ("dropbot",) if levels else ())
        view = discord.ui.View(timeout=None)
        for action in actions:
            view.add_item(LobbyButton(game.id, action, label=t(f"button.{action}", locale),
                                      style=BUTTON_STYLES[action], disabled=unusable(game, action)))
        if len(levels) > 1:
            view.add_item(self.bot_level_select(game, levels, locale))
        return view

    def bot_level_select(self, game: GameView, levels: tuple[str, ...], locale: str) -> LobbyBotSelect:
        """Add bot, one option per level, each named as the bot it adds will be ("Bot 2 (easy)"); greyed out once
        every seat is taken, as the Add bot button is."""
        options = [discord.SelectOption(label=next_bot_name(game, level, locale)[:100], value=level)
                   for level in levels]
        return LobbyBotSelect(game.id, options=options, placeholder=t("lobby.addbot_choose", locale)[:150],
                              disabled=unusable(game, "addbot"))

    def status_embed(self, game: GameView, pending: list[dict], locale: str,
                     away: dict[int, float] | None = None, now: float | None = None) -> discord.Embed:
        """The game as ``/status`` shows it; the players in ``away`` (user id -> until) marked "away until"."""
        presentation = self.games[game.kind]
        description = t(f"status.{game.status}", locale)
        if game.status == "active" and TableMeta.of(game.meta).held:    # why nothing moves there, and who can fix it
            description = f"{description}\n{held_text(game, locale)}"
        embed = discord.Embed(title=t("status.title", locale, game=game.id), description=description,
                              colour=EMBED_COLOUR)
        add_seats_and_options(embed, game, presentation, locale, away)
        if game.state is not None and game.status == "active":
            progress = (presentation.status_line(game, locale), presentation.turn_note(game, locale))
            embed.add_field(name=t("status.progress", locale), value="\n".join(x for x in progress if x),
                            inline=False)
            waiting = [t("status.pending_line", locale, player=player_mention(game, item.get("seat")),
                         decision=presentation.decision_prompt(game, item.get("seat"), item.get("decision", "unknown"),
                                                               locale))
                       for item in pending]
            embed.add_field(name=t("status.waiting_for", locale),
                            value="\n".join(waiting) or t("status.nobody", locale), inline=False)
            if game.guild_id is not None:
                embed.add_field(name=t("clock.pace.title", locale),
                                value="\n".join(clock_lines(game, locale, away or {}, now,
                                                             presentation.pace_line_key)), inline=False)
        if game.status in ("lobby", "active"):
            self.add_takeover(embed, game, locale)
            self.add_hints(embed, game, locale)
        if game.status == "active":
            add_stand_ins(embed, game, locale)
            add_handed(embed, game, locale, self.games.kind(game.kind).cooperative)
        return embed

    def add_takeover(self, embed: discord.Embed, game: GameView, locale: str) -> None:
        """When the bot plays for an absent player of a server game (``cogs.bots`` after the hours, ``cogs.clock``
        once a turn clock runs out): a tour found the setting shown nowhere, and the bot stepping in a surprise."""
        if game.guild_id is None or not has_ai(self.games.kind(game.kind)):
            return
        table = TableMeta.of(game.meta)
        hours = table.takeover_s // 3600
        value = t("lobby.takeover.never", locale) if not table.takeover_s else \
            t("lobby.takeover.hours_clock", locale, hours=hours) if table.pace else \
            t("lobby.takeover.hours", locale, hours=hours)
        embed.add_field(name=t("lobby.takeover.title", locale), value=value, inline=False)

    def add_hints(self, embed: discord.Embed, game: GameView, locale: str) -> None:
        """Whether ``/<game> hint`` answers in this game (the creator's ``hints`` switch), for a game whose rules
        give hints: a player learned it only from the refusal "Hints are switched off in this game"."""
        if not self.games.kind(game.kind).has_hint:
            return
        value = t("lobby.hints.on", locale) if TableMeta.of(game.meta).hints else t("lobby.hints.off", locale)
        embed.add_field(name=t("lobby.hints.title", locale), value=value, inline=False)

    def lobby_line(self, game: GameView, entry: dict, locale: str) -> str:
        """One line of the lobby's history in ``locale``; a language's name reads as a word of the sentence."""
        params = dict(entry.get("params") or {})
        key = str(entry.get("key", ""))
        if key == LANGUAGE_LINE:
            return language_line_text(params, locale)
        if key == BOT_ADDED_LINE:
            params["bot"] = bot_seat_name(str(params.pop("level", "")), int(params.pop("number", 1)), locale)
        return t(key, locale, **{**self.names(game, locale), **params})

    def lobby_text(self, game: GameView, entries: list[dict] | tuple, locale: str) -> str:
        """What a lobby message says: these lines of the lobby, oldest first, the oldest dropped while the text is
        over Discord's limit (the newest is what the message is about; alone over the limit, it is cut)."""
        kept = [self.lobby_line(game, entry, locale) for entry in entries]
        while len(kept) > 1 and len("\n".join(kept)) > CONTENT_LIMIT:
            kept.pop(0)
        return "\n".join(kept)[:CONTENT_LIMIT]

    def closed_embed(self, game: GameView, key: str, locale: str, **params: Any) -> discord.Embed:
        return discord.Embed(title=t("lobby.title", locale, game=game.id, **self.names(game, locale)),
                             description=t(key, locale, **params), colour=EMBED_COLOUR)

    # ---------------------------------------------------------------- actions
    async def do_join(self, interaction: discord.Interaction, game_id: int) -> GameView:
        """Seat the user; the game as this join left it (its seat count is this join's, even when others joined
        right after)."""
        game = await self.sessions.join(game_id, interaction.user.id, interaction.user.display_name)
        await remember_seat_locale(self.sessions, game.id, game.seat_of(interaction.user.id), locale_of(interaction))
        return game

    async def do_leave(self, interaction: discord.Interaction, game_id: int) -> GameView:
        """Leave a lobby; what the table keeps per seat moves up with the seats after it. A running game's seat
        cannot be left: the refusal says what its player can do instead."""
        game = await self.sessions.load(game_id)
        if game.status == "active":
            raise await self.leave_refusal(interaction, game)
        seat = game.seat_of(interaction.user.id)
        game = await self.sessions.leave(game_id, interaction.user.id)
        if seat is None:
            return game
        table = TableMeta.of(game.meta).without_seat(seat)
        await update_meta(self.sessions, game_id, seat_locales=table.seat_locales, bots=table.bots)
        return await self.sessions.load(game_id)

    async def leave_refusal(self, interaction: discord.Interaction, game: GameView) -> Refusal:
        """Why a running game's seat cannot be left, and what is true for this player instead: ``/away`` stops
        their clock and reminders (where the game lets away time count), ``/seat give`` lets someone else play on
        (a human seat of a game for several), and who may end the game."""
        seat = game.seat_of(interaction.user.id)
        if seat is None:
            return Refusal("error.not_your_game")
        locale = locale_of(interaction)
        hints = [t("error.hint.away", locale)] if await self.courier.away.allowed(game) else []
        if game.guild_id is not None:
            hints.append(t("handover.hint.leave", locale))
        hints.append(self.end_hint(interaction, game, locale))
        return Refusal("error.leave_running", hint=" ".join(hints))

    def end_hint(self, interaction: discord.Interaction, game: GameView, locale: str) -> str:
        """Who can end a running game, for the user asking: they themselves with ``/<group> abandon`` (its creator,
        or a member who may manage the channel), else the creator or a moderator, whom they can ask."""
        if acts_as_creator(game, interaction.user.id) or manages_channel(interaction):
            return t("error.hint.end_abandon", locale, group=self.names(game, "en")["group"])
        if not acts_as_creator(game, game.creator_id):      # the creator handed their seat away: not theirs now
            return t("error.hint.end_ask_moderator", locale)
        return t("error.hint.end_ask", locale, creator=f"<@{game.creator_id}>")

    async def do_start(self, interaction: discord.Interaction, game_id: int) -> GameView:
        game = await self.sessions.load(game_id)
        kind = self.games.kind(game.kind)
        if game.status == "lobby" and game.seats_wanted > 1 and len(game.seats) < 2 and kind.min_seats == 1 \
                and interaction.user.id == game.creator_id:
            # A one-seat game is the solo game (which may play by other rules): never by accident.
            raise Refusal("error.start_alone")
        return await self.sessions.start(game_id, interaction.user.id)

    async def do_addbot(self, interaction: discord.Interaction, game_id: int, level: str | None = None) -> GameView:
        """The creator (or a member who may manage the channel, who may also cancel the lobby: one rule for a lobby)
        fills a seat with the bot, at the ``level`` chosen in the lobby's select; None (the Add bot button: a game
        whose AI has one level, or a lobby message posted before the select) is the level ``new`` takes by default,
        the strongest. Never the level of the bots already seated: the creator chooses each."""
        game = await self.sessions.load(game_id)
        kind = self.games.kind(game.kind)
        if not has_ai(kind):
            raise Refusal("error.component_unavailable")
        if level is None:
            level = kind.ai_levels[-1]
        elif level not in kind.ai_levels:
            raise Refusal("error.bad_option")
        levels = TableMeta.of(game.meta).bots
        locale = game_locale(game)
        game = await self.sessions.add_ai(game_id, interaction.user.id, next_bot_name(game, level, locale),
                                          may_manage_channel=manages_channel(interaction))
        await update_meta(self.sessions, game_id, bots={**levels, len(game.seats) - 1: level})
        return await self.sessions.load(game_id)

    async def do_dropbot(self, interaction: discord.Interaction, game_id: int) -> GameView:
        """The creator (or a member who may manage the channel, as for Add bot and Cancel) takes the last bot seat
        out again. Anyone else reads first who may (a tour's plain member, clicking it in a lobby without a bot, was
        told there was no bot seat to remove)."""
        game = await self.sessions.load(game_id)
        moderator = manages_channel(interaction)
        if interaction.user.id != game.creator_id and not moderator:
            raise NotPermitted(game_id=game_id)
        bots = [s.seat for s in game.seats if s.is_ai]
        if not bots:
            raise Refusal("error.no_bot_seat")
        game = await self.sessions.remove_ai(game_id, interaction.user.id, may_manage_channel=moderator)
        # each bot keeps its own level, and a player seated after the one removed their language (seats move up)
        table = TableMeta.of(game.meta).without_seat(bots[-1])
        await update_meta(self.sessions, game_id, seat_locales=table.seat_locales, bots=table.bots)
        return await self.sessions.load(game_id)

    async def do_cancel(self, interaction: discord.Interaction, game_id: int) -> GameView:
        """The creator, or a member who may manage the channel (as for ``abandon``, and as the refusal says),
        closes the lobby. A running game is ended with ``abandon``: the refusal says so to those who may use it,
        and tells the others whom to ask."""
        game = await self.sessions.load(game_id)
        if game.status != "lobby":
            raise Refusal("error.cancel_started", hint=self.end_hint(interaction, game, locale_of(interaction)))
        return await self.sessions.abandon(game_id, interaction.user.id,
                                           may_manage_channel=manages_channel(interaction))

    async def run_lobby_action(self, interaction: discord.Interaction, game_id: int, action: str, *,
                               from_button: bool, **chosen: Any) -> None:
        """Do ``action`` (with what was ``chosen`` for it: the level of a bot added) and show the lobby as it now
        is, its line added (see the module's docstring). One action of a game at a time, so that its line and its
        seats agree."""
        async with self._acting.setdefault(game_id, asyncio.Lock()):
            acted = await getattr(self, f"do_{action}")(interaction, game_id, **chosen)
            game = await self.sessions.load(game_id)
            locale = game_locale(game)          # the lobby message is public: the game's language
            who = interaction.user.mention
            by_moderator = action == "cancel" and interaction.user.id != game.creator_id
            if action == "cancel":
                embed, view = self.closed_embed(game, "lobby.cancelled_by_moderator" if by_moderator
                                                else "lobby.cancelled", locale, user=who), None
            elif action == "start":
                embed, view = self.closed_embed(game, "lobby.started", locale, players=", ".join(
                    player_mention(game, s.seat) for s in game.seats)), None     # bot seats too, by name
            else:
                embed, view = self.lobby_embed(game, locale), self.lobby_view(game, locale)
            # the count this action made (a join right after it is its own line's)
            if action == "addbot":
                line = bot_added_entry(who, acted, self.games.kind(game.kind), game.seats_wanted)
            elif by_moderator:
                line = lobby_entry(N_("lobby.cancel_note_moderator"), user=who, creator=f"<@{game.creator_id}>")
            else:
                line = lobby_entry(f"lobby.{action}_note", user=who, seated=len(acted.seats),
                                   wanted=game.seats_wanted)
            line["on"] = interaction.message.id if from_button and interaction.message is not None else None
            lines = [*TableMeta.of(game.meta).lobby_lines, line]
            # open: the lobby's last lines; closed (started, cancelled): like a retired copy, the lines it added
            chosen = lines[-LOBBY_LINES_SHOWN:] if game.status == "lobby" else own_lines(lines, line["on"]) or [line]
            # a moderator's cancel is said once in the lobby (its body) and once to its creator (a ping): its line
            # would say it a third time
            content = self.lobby_text(game, [] if by_moderator else chosen, locale)
            if from_button:
                await interaction.response.edit_message(content=content, embed=embed, allowed_mentions=NO_PINGS,
                                                        view=view if view is not None else discord.ui.View())
            else:
                sent = await interaction.response.send_message(content=content, embed=embed,
                                                               allowed_mentions=NO_PINGS,
                                                               **({"view": view} if view is not None else {}))
                line["on"] = sent.message_id
            await self.show_lobby_in(interaction, game, line["on"], lines)
            if by_moderator:
                await self.tell_creator_cancelled(interaction, game, locale)
        if action == "start":
            await self.courier.deliver(game.id, via=interaction)
            self.bots.schedule(game.id)

    async def tell_creator_cancelled(self, interaction: discord.Interaction, game: GameView, locale: str) -> None:
        """A moderator cancelled someone else's lobby: its creator is pinged once, in the channel, so that they
        learn of it (the lobby's own lines ping nobody, and a tour's creator was never told)."""
        text = t("lobby.cancelled_tell_creator", locale, creator=f"<@{game.creator_id}>",
                 user=interaction.user.mention, game=game.id, **self.names(game, locale))
        await interaction.followup.send(text, **pings([game.creator_id]))

    async def show_lobby_in(self, interaction: discord.Interaction, game: GameView, message_id: int | None,
                            lines: list[dict]) -> None:
        """Message ``message_id`` (sent or edited by ``interaction``) now shows the game's lobby and its ``lines``:
        it becomes the game's lobby message, and the one that showed the lobby before, if another, is retired (see
        the module's docstring). A lobby that closed (started, cancelled) keeps no lines."""
        if message_id is not None:
            self._editors[message_id] = Editor(interaction, message_id, original=True)
        before = TableMeta.of(game.meta).lobby_message
        if game.status == "lobby":
            moved = {"lobby_message": message_id} if message_id is not None and before != message_id else {}
            await update_meta(self.sessions, game.id, lobby_lines=tuple(lines[-LOBBY_LINES_KEPT:]), **moved)
        else:
            await update_meta(self.sessions, game.id, lobby_lines=())
        if before is not None and message_id is not None and before != message_id:
            await self.retire_lobby_message(game, before, lines)

    async def retire_lobby_message(self, game: GameView, message_id: int, lines: list[dict] | tuple = ()) -> None:
        """An older lobby message keeps the lines it added itself (who opened the lobby, joined, left), of the
        lobby's ``lines``, and loses the lobby's embed and buttons: the copies read each action once, in order."""
        fields: dict[str, Any] = {"embed": None, "view": None, "allowed_mentions": NO_PINGS}
        if own := own_lines(lines, message_id):
            fields["content"] = self.lobby_text(game, own, game_locale(game))
        await self.edit_lobby_message(game, message_id, fields, last=True)

    async def switch_language(self, interaction: discord.Interaction, game_id: int, language: str) -> bool:
        """``/<game> language`` on a lobby (False: it is no longer one): the language is chosen (the start keeps
        it), the bot seats are renamed in it, and the lobby message is drawn again in place at once, with a line
        that says who switched it; the asker is answered privately, as for a running game whose live message is
        redrawn (a public notice would leave the lobby in the old language, and it pinged the asker)."""
        async with self._acting.setdefault(game_id, asyncio.Lock()):
            game = await self.sessions.load(game_id)
            if game.status != "lobby":
                return False
            table = TableMeta.of(game.meta)
            line = {**language_line(interaction.user.mention, language), "on": table.lobby_message}
            await update_meta(self.sessions, game_id, seat_names=bot_seat_names(self.games.kind(game.kind), game,
                                                                                language),
                              locale=language, locale_chosen=True,
                              lobby_lines=(*table.lobby_lines, line)[-LOBBY_LINES_KEPT:])
            game = await self.sessions.load(game_id)
            mine = locale_of(interaction)
            await interaction.response.send_message(t("lobby.language_done", mine, game=game.id,
                                                      language=language_word(language, mine)), ephemeral=True)
            if table.lobby_message is not None:
                lines = TableMeta.of(game.meta).lobby_lines[-LOBBY_LINES_SHOWN:]
                await self.edit_lobby_message(game, table.lobby_message, {
                    "content": self.lobby_text(game, lines, language), "embed": self.lobby_embed(game, language),
                    "view": self.lobby_view(game, language), "allowed_mentions": NO_PINGS})
        return True

    async def edit_lobby_message(self, game: GameView, message_id: int, fields: dict[str, Any], *,
                                 last: bool = False) -> None:
        """Edit a lobby message (``last``: for the last time, its retirement). Through the token of the interaction
        that sent or last edited it while it is fresh (no bot-token call), else with the bot token; a message
        deleted meanwhile (or out of the bot's reach) is left alone, and a failure is only logged: the command
        itself was already answered."""
        editor = self._editors.pop(message_id, None) if last else self._editors.get(message_id)
        try:
            if editor is not None:
                try:
                    await editor.edit(**fields)
                    return
                except discord.NotFound:
                    raise
                except discord.HTTPException as error:      # the token may no longer edit it: the bot token does
                    log.info("lobby message %s of game %s not editable through its interaction (%r): bot token",
                             message_id, game.id, error)
            channel = self.courier.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            await channel.get_partial_message(message_id).edit(**fields)
        except (discord.NotFound, discord.Forbidden):
            log.info("lobby message %s of game %s is gone or out of reach", message_id, game.id)
        except (discord.HTTPException, *UNSURE) as error:
            log.warning("lobby message %s of game %s was not edited (%r)", message_id, game.id, error)

    async def on_lobby_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        check_bot_permissions(interaction)
        game = await self.sessions.load(game_id)
        interaction.extras[GROUP_EXTRA] = self.names(game, "en")["group"]
        if game.channel_id != interaction.channel_id:
            raise Refusal("error.wrong_channel")
        await self.run_lobby_action(interaction, game_id, action, from_button=True)

    async def on_lobby_bot_select(self, interaction: discord.Interaction, game_id: int, values: list[str]) -> None:
        """A level picked in the lobby's Add bot select: a bot seat at that level, as the Add bot button adds one.
        A value that is no level of the game's AI (a forged component) is refused and adds nothing."""
        check_bot_permissions(interaction)
        game = await self.sessions.load(game_id)
        interaction.extras[GROUP_EXTRA] = self.names(game, "en")["group"]
        if game.channel_id != interaction.channel_id:
            raise Refusal("error.wrong_channel")
        levels = self.games.kind(game.kind).ai_levels
        if len(values) != 1 or values[0] not in levels:
            raise Refusal("error.bad_option")
        await self.run_lobby_action(interaction, game_id, "addbot", from_button=True, level=values[0])

    async def lobby_command(self, interaction: discord.Interaction, action: str) -> None:
        require_guild(interaction)
        check_bot_permissions(interaction)
        game = await self.play.channel_game(interaction, self.presentation_of(interaction))
        await self.run_lobby_action(interaction, game.id, action, from_button=False)

    async def create_game(self, interaction: discord.Interaction, presentation: Presentation, players: int,
                          options: dict, chosen: dict[str, Any], seed: int | None = None,
                          started: tuple[str, dict[str, Any]] | None = None) -> GameView:
        """A game of ``players`` seats in the interaction's channel, by its user, announced through it (``seed``:
        a fixed deal, e.g. the daily challenge's); ``chosen``: as for ``open_game``; ``started``: the key (and
        its further parameters beside ``user`` and ``options``) of the first post of a game that starts at once,
        instead of the usual one (the daily challenge says it is today's). Returns the game."""
        game = await self.open_game(presentation, Place.of(interaction), players, options, chosen, seed=seed)
        locale = game_locale(game)
        if game.status == "active":          # one seat (or only bots beside you): it starts at once
            params = {"user": interaction.user.mention,
                      "options": option_text(presentation, game.options, locale)}
            key = "lobby.solo_started" if interaction.guild_id is None else "lobby.single_started"
            if started is not None:
                key, params = started[0], {**params, **started[1]}
            await interaction.response.send_message(t(key, locale, **params))
            await self.courier.deliver(game.id, via=interaction)
            self.bots.schedule(game.id)
            return game
        lines = [lobby_entry(N_("lobby.created_note"), user=interaction.user.mention, wanted=players)]
        sent = await interaction.response.send_message(
            self.lobby_text(game, lines, locale), embed=self.lobby_embed(game, locale),
            view=self.lobby_view(game, locale), allowed_mentions=NO_PINGS)
        if sent.message_id is not None:
            lines[0]["on"] = sent.message_id
            await update_meta(self.sessions, game.id, lobby_message=sent.message_id, lobby_lines=tuple(lines))
            self._editors[sent.message_id] = Editor(interaction, sent.message_id, original=True)
        return game

    async def open_game(self, presentation: Presentation, place: Place, players: int, options: dict,
                        chosen: dict[str, Any], seed: int | None = None) -> GameView:
        """The one way a game is made: ``players`` seats in ``place`` (its channel, server and creator), the
        creator seated, bot seats filled; nothing announced. ``chosen``: the options beside the game's switches
        (``bots``, ``level``, ``takeover`` hours, ``hints``, ``language``, ``pace``; a missing ``takeover`` or
        ``pace`` is the server's default; a missing ``language`` is the place's default until the start, which
        plays in the language all its human players share, if they do). A DM game against the bot, and any
        game whose seats are all taken, is started."""
        kind = self.games.kind(presentation.kind)
        bots, level, hints = chosen.get("bots", 0), chosen.get("level"), chosen.get("hints", True)
        takeover_hours, language, pace = chosen.get("takeover"), chosen.get("language"), chosen.get("pace")
        if pace is None:                    # the server's default, else the normal pace
            pace = await default_pace(self.sessions.store, place.guild_id)
        if pace not in PACES:
            raise Refusal("error.bad_option")
        if bots and (not has_ai(kind) or not 0 < bots < players):
            raise Refusal("error.bad_bot_count", players=players)
        if language not in available_locales():      # what the channel reads is in the game's language
            language = place.default_locale
        if takeover_hours is None and place.guild_id is not None:   # the server's default
            takeover_hours = await default_takeover_hours(self.sessions.store, place.guild_id)
        if bots:
            level = level if level in kind.ai_levels else kind.ai_levels[-1]
        table = TableMeta(locale=language, locale_chosen=chosen.get("language") in available_locales(),
                          seat_locales={0: place.creator_locale}, hints=hints,
                          takeover_s=int(takeover_hours or 0) * 3600, pace=pace if PACES[pace] else None,
                          # the bots sit right after the creator (seat 0), whoever joins later after them
                          bots={seat: level for seat in range(1, 1 + bots)} if bots else {})
        try:
            game = await self.sessions.create(presentation.kind, place.guild_id, place.channel_id,
                                              place.creator_id, place.creator_name,
                                              options=options, seats_wanted=players, meta=table.to_json(), seed=seed)
        except ChannelBusy as busy:
            raise self.channel_taken(busy, dm=place.guild_id is None) from None
        for _ in range(bots):
            game = await self.sessions.add_ai(game.id, place.creator_id, next_bot_name(game, level, language))
        if bots and place.guild_id is None:       # a DM game against the bot starts at once
            game = await self.sessions.start(game.id, place.creator_id)
        return game

    def channel_taken(self, busy: ChannelBusy, *, dm: bool = False) -> Exception:
        """The "one game per channel" refusal, pointing to the game that holds the channel (its group's
        ``status``) rather than to the command typed: ``/rfa solo`` in a DM playing Roll Player names
        ``/rp status``, ``/daily play`` names the daily's game. A holder of no registered game (or one that
        ended meanwhile) leaves the refusal as the engine raised it, naming the command typed."""
        holder = self.games.get(busy.params.get("kind"))
        if holder is None:
            return busy
        if dm:                          # a DM is no channel or thread, nor open for other players
            return Refusal("engine.error.channel_busy_dm", group=t(holder.group_key, "en"))
        return Refusal("engine.error.channel_busy", group=t(holder.group_key, "en"))

    # ---------------------------------------------------------------- commands
    def game_commands(self, presentation: Presentation) -> list[app_commands.Command]:
        """``new`` and ``solo`` (their options are the game's lobby switches and its seat range), and the lobby
        actions, one command each (the same as the lobby's buttons)."""
        def lobby_action(action: str) -> app_commands.Command:
            async def callback(interaction: discord.Interaction) -> None:
                await self.lobby_command(interaction, action)
            return app_commands.Command(name=cmd_str(f"cmd.{action}.name"),
                                        description=cmd_str(f"cmd.{action}.description"), callback=callback)

        return [self._new_command(presentation), *([self._solo_command(presentation)] if presentation.solo else []),
                *(lobby_action(action) for action in LOBBY_ACTIONS)]

    @app_commands.command(name=cmd_str("cmd.abandon.name"), description=cmd_str("cmd.abandon.description"))
    @app_commands.describe(number=cmd_str("cmd.abandon.game"))
    @app_commands.rename(number=cmd_str("history.opt.game.name"))
    async def abandon_cmd(self, interaction: discord.Interaction,
                          number: app_commands.Range[int, 1, MAX_GAME_ID] | None = None) -> None:
        """End the channel's game, or with ``game:`` one elsewhere by its number (a tour's game whose channel was
        deleted could be ended by nobody: ``/abandon`` looked only in the channel it was typed in). From elsewhere
        the asker is answered privately and the game's channel, if it still stands, reads the usual notice."""
        presentation = self.presentation_of(interaction)
        game = await self.play.channel_game(interaction, presentation) if number is None \
            else await self.numbered_game(interaction, number, presentation)
        elsewhere = game.channel_id != interaction.channel_id
        async with self._acting.setdefault(game.id, asyncio.Lock()):
            # a player who leaves a rated game forfeits it (the engine decides whether it counts); not while its
            # channel refuses the bot's posts: nobody could play it there
            game = await self.sessions.abandon(game.id, interaction.user.id,
                                               may_manage_channel=may_end(interaction, game),
                                               forfeit=not self.courier.reach.holding(game))
            text, told = self.end_notice(game, interaction.user.id, game_locale(game),
                                         await self.forfeit_lines(game, interaction.user.id, game_locale(game)))
            if elsewhere:
                mine = locale_of(interaction)
                await interaction.response.send_message("\n".join(
                    [t("lobby.ended_elsewhere", mine, game=game.id),
                     *await self.forfeit_lines(game, interaction.user.id, mine)]), ephemeral=True)
                await self.tell_channel(game, text, told)
            else:
                await interaction.response.send_message(text, **pings(told))
            if game.started_at is None:          # a lobby: its message offers Join and Start no more
                table = TableMeta.of(game.meta)
                if table.lobby_message is not None:
                    await self.retire_lobby_message(game, table.lobby_message, table.lobby_lines)
        if game.started_at is not None:          # its live message keeps the table, loses its buttons
            await self.courier.redraw(game.id)

    async def forfeit_lines(self, game: GameView, actor: int, locale: str) -> list[str]:
        """What the end of a rated game says when leaving it counted as a loss for ``actor`` (BGA's rule; the
        engine rated it as it ended: ``SessionManager.abandon``): that it did, and each player's rating change.
        Nothing for a game that nobody's rating followed (a lobby, a game left before anyone else played, one ended
        by a moderator who does not play in it)."""
        changes = await rating_change_lines(self.sessions, game, locale)
        if not changes:          # (a forfeit of a seat handed over earlier is no forfeit of this end)
            return []
        seat = game.seat_of(actor)
        return [t("lobby.abandon_forfeit", locale, player=player_name(game, seat)), *changes]

    async def numbered_game(self, interaction: discord.Interaction, game_id: int,
                            presentation: Presentation) -> GameView:
        """The game ``/<group> abandon game:<id>`` names: one the asker sits in or opened, or, for someone who may
        manage channels, one of this server; any other (or an unknown number) is refused alike. It must be of the
        group's kind: game numbers are shared by every game, and a tour's ``/rp abandon game:2`` ended a dice poker
        duel; the refusal names the command of its own group."""
        try:
            game = await self.sessions.load(game_id)
        except Exception as error:           # an unknown id is refused like a foreign one
            raise Refusal("lobby.error.unknown_game", game=game_id) from error
        if game.seat_of(interaction.user.id) is None and game.creator_id != interaction.user.id \
                and not may_end(interaction, game):
            raise Refusal("lobby.error.unknown_game", game=game_id)
        if game.kind != presentation.kind:
            raise self.other_kind(interaction, game)
        return game

    def other_kind(self, interaction: discord.Interaction, game: GameView) -> Refusal:
        """Why ``/<group> abandon game:<id>`` leaves a game of another kind alone: it names that game and the
        command that ends it, as the asker's client lists it (``/poker 포기 게임:2``)."""
        locale, command = locale_of(interaction), self.same_command_for(interaction, game)
        if command is None:
            return Refusal("lobby.error.unknown_game", game=game.id)
        return Refusal("lobby.error.other_kind", game=game.id, title=t(self.games[game.kind].title_key, locale),
                       command=command, option=t("history.opt.game.name", locale))

    async def tell_channel(self, game: GameView, text: str, told: list[int]) -> None:
        """The end notice of a game ended from elsewhere, posted in its channel with the bot token; a channel that
        is gone or out of reach is left alone (its players see the game ended in ``/games``)."""
        channel = self.courier.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
        try:
            await channel.send(text, **pings(told))
        except discord.HTTPException as error:
            log.info("game %s ended from elsewhere: its channel was not told (%r)", game.id, error)

    def end_notice(self, game: GameView, actor: int, locale: str, forfeit: list[str] = ()) -> tuple[str, list[int]]:
        """What the channel reads when ``actor`` ends ``game``, and whom it pings: the creator abandoned it, or a
        moderator (Manage Channels) ended it, never "gave up" someone else's game; the people seated in it are
        mentioned once (not the one who ended it, nor the bot seats). ``forfeit``: the lines saying that leaving
        counted as a loss (:meth:`forfeit_lines`), in place of "without a result"."""
        key = "lobby.abandoned" if acts_as_creator(game, actor) else "lobby.ended_by_moderator"
        if game.guild_id is None:       # a DM has no channel to free, and its one player needs no mention
            key = "lobby.abandoned_dm"
        told = seated_people(game, but=actor)
        lines = [t(key, locale, user=f"<@{actor}>", game=game.id)]
        if told:
            players = mentioned(told, locale)
            lines.append(t("lobby.ended_for_forfeit", locale, players=players) if forfeit
                         else t("lobby.ended_for", locale, players=players))
        return "\n".join([*lines, *forfeit]), told

    @app_commands.command(name=cmd_str("cmd.status.name"), description=cmd_str("cmd.status.description"))
    async def status_cmd(self, interaction: discord.Interaction) -> None:
        game = await self.play.channel_game(interaction, self.presentation_of(interaction))
        pending = await self.sessions.pending(game.id)
        book = self.courier.away
        now = book.clock()
        away = await book.in_game(game, range(len(game.seats)), now) if game.status == "active" else {}
        locale = locale_of(interaction)
        shown = shown_game(game, locale, self.games.kind(game.kind))      # its bots named as the asker reads them
        await interaction.response.send_message(
            embed=self.status_embed(shown, pending, locale, away, now), ephemeral=True)

    def _bot_options(self, presentation: Presentation, count: str, most: int) -> tuple[Options, dict]:
        """``count`` (how many bot seats) and ``level`` options, for games whose rules have an AI."""
        kind = self.games.kind(presentation.kind)
        if not has_ai(kind) or most < 1:
            return {}, {}
        options: Options = {count: (app_commands.Range[int, 0, most], 0, f"cmd.{count}.describe")}
        if len(kind.ai_levels) > 1:    # one level is no choice: /rfa solo offered "level" with "normal" alone
            options["level"] = (str, kind.ai_levels[-1], "cmd.level.describe")
        if count == "bots":       # several people: the bot may also stand in for one who stays away
            options["takeover"] = (app_commands.Range[int, 0, MAX_TAKEOVER_HOURS], None, "cmd.takeover.describe")
        if kind.has_hint:
            options["hints"] = (bool, True, "cmd.hints.describe")
        choices = {"level": [app_commands.Choice(name=cmd_str(f"bot.level.{name}"), value=name)
                             for name in kind.ai_levels]} if "level" in options else {}
        return options, choices

    def _new_command(self, presentation: Presentation) -> app_commands.Command:
        seats = presentation.seats

        async def new(interaction: discord.Interaction, **values: Any) -> None:
            if interaction.guild_id is None:
                raise Refusal("error.new_in_dm", group=t(presentation.group_key, "en"))
            check_bot_permissions(interaction)
            options = presentation.game_options(_chosen(presentation.lobby_options, values), solo=False)
            await self.create_game(interaction, presentation, values.get("players", seats.default), options, values)

        extra: Options = {"players": (app_commands.Range[int, seats.low, seats.high], seats.default,
                                      cmd_str("cmd.new.players", low=seats.low, high=seats.high))
                          } if seats.low < seats.high else {}
        bot_options, choices = self._bot_options(presentation, "bots", seats.high - 1)
        extra |= bot_options | {"language": (str, "", "cmd.new.language"),
                                "pace": (str | None, None, presentation.pace_option_key)}
        offered = tuple(o for o in presentation.lobby_options if o.new)
        return _command(new, "new", extra, offered, {**choices, "language": language_choices(), "pace": pace_choices()})

    def _solo_command(self, presentation: Presentation) -> app_commands.Command:
        offered = tuple(o for o in presentation.lobby_options if o.solo)

        count = solo_bots_option(self.games.kind(presentation.kind))

        async def solo(interaction: discord.Interaction, **values: Any) -> None:
            require_dm(interaction)
            bots = values.get(count, 0)
            options = presentation.game_options(_chosen(offered, values), solo=not bots)
            await self.create_game(interaction, presentation, 1 + bots, options, {
                **values, "bots": bots, "takeover": 0, "pace": "none"})

        extra, choices = self._bot_options(presentation, count, presentation.seats.high - 1)
        return _command(solo, "solo", extra, offered, choices)


def solo_bots_option(kind) -> str:
    """The solo command's option for how many bots join: ``opponents`` where the players play against each
    other, ``teammates`` in a co-operative game (``/rfa solo`` offered "bot opponents" where the bots play on
    the player's side)."""
    return "teammates" if kind.cooperative else "opponents"


def _chosen(options: tuple[LobbyOption, ...], values: dict[str, Any]) -> dict[str, Any]:
    return {o.name: values.get(o.name, o.default) for o in options}


def _command(callback, name: str, extra: Options, options: tuple[LobbyOption, ...],
             extra_choices: dict) -> app_commands.Command:
    """A slash command whose options are ``extra`` and the game's lobby switches (declared as data by the
    presentation)."""
    switches = {o.name: (str if o.choices else bool, o.default, o.description_key) for o in options}
    choices = {o.name: [app_commands.Choice(name=cmd_str(label), value=value) for value, label in o.choices]
               for o in options if o.choices}
    return built_command(f"cmd.{name}.name", f"cmd.{name}.description", callback, {**extra, **switches},
                         choices={**extra_choices, **choices})
