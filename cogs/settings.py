"""Settings: a server's defaults for new games (``/<game> defaults``, Manage Server: the idle-seat takeover and
the pace, kept in the store's bot-wide meta) and a game's language (``/<game> language``, its creator or a
channel manager; ``TableMeta.locale``)."""
from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.engine import SessionManager
from bot.engine.table import update_meta
from bot.i18n import available_locales, t

from .away import AWAY_FAST_META, fast_away_allowed
from .bots import has_ai
from .core import Refusal, game_locale, language_line, language_word, locale_of, require_guild, require_permission
from .games import Games
from .groups import GameCog, offered_if
from .outbox import Courier
from .pace import DEFAULT_PACE, PACES, pace_text
from .play import Play
from .seats import bot_seat_names
from .translator import cmd_str

#: The longest a game may let a player stay away before the bot plays for them (30 days).
MAX_TAKEOVER_HOURS = 720

#: ``bot_meta`` key of a server's default for the idle-seat takeover (hours; 0: never).
TAKEOVER_DEFAULT_META = "takeover_hours:{guild}"
#: ``bot_meta`` key of a server's default pace for new games (``cogs.pace.PACES``).
PACE_DEFAULT_META = "pace:{guild}"


async def default_pace(store: Any, guild_id: int | None) -> str:
    """The pace a server's new games get when their creator chose none."""
    stored = await store.get_meta(PACE_DEFAULT_META.format(guild=guild_id))
    return stored if stored in PACES else DEFAULT_PACE


async def default_takeover_hours(store: Any, guild_id: int | None) -> int:
    """How long a server's new games let a player stay away before the bot plays for them (0: never)."""
    return int(await store.get_meta(TAKEOVER_DEFAULT_META.format(guild=guild_id), 0) or 0)


def pace_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=cmd_str(f"clock.choice.{name}"), value=name) for name in PACES]


def language_choices() -> list[app_commands.Choice[str]]:
    """The shipped languages, each named in its own language (the same name whatever the reader's)."""
    return [app_commands.Choice(name=t(f"language.{code}", code), value=code)
            for code in sorted(available_locales(), key=lambda code: code != "en")]


class GameSettings(GameCog):
    def __init__(self, sessions: SessionManager, games: Games, play: Play, courier: Courier, lobby: Any):
        self.sessions = sessions
        self.games = games
        self.play = play
        self.courier = courier
        self.lobby = lobby                # ``cogs.lobby.Lobby`` (which imports this module)

    @offered_if(lambda cog, presentation: has_ai(cog.games.kind(presentation.kind)))
    @app_commands.command(name=cmd_str("cmd.defaults.name"), description=cmd_str("cmd.defaults.description"))
    @app_commands.describe(takeover=cmd_str("cmd.takeover.describe"), pace=cmd_str("cmd.defaults.pace"),
                           away_fast=cmd_str("cmd.defaults.away_fast"))
    @app_commands.choices(pace=pace_choices())
    async def defaults_cmd(self, interaction: discord.Interaction,
                           takeover: app_commands.Range[int, 0, MAX_TAKEOVER_HOURS] | None = None,
                           pace: str | None = None, away_fast: bool | None = None) -> None:
        """``/<game> defaults takeover:<hours> pace:<pace> away_fast:<yes/no>``: the server's defaults for new
        games and whether its ``pace:fast`` games let a player be away (``cogs.away``; Manage Server); without
        options it shows them. The pace is one setting for every game of the server, so it is worded as they all
        share it, per decision (as its choices say), whichever game's command shows it: ``/poker defaults`` said
        only dice poker's "per reroll; each player rerolls once per hand", which a Roll Player game never reads."""
        require_guild(interaction)
        require_permission(interaction, "manage_guild")
        if pace is not None and pace not in PACES:
            raise Refusal("error.bad_option")
        store, guild, locale = self.sessions.store, interaction.guild_id, locale_of(interaction)
        lines = []
        if takeover is not None:
            await store.set_meta(TAKEOVER_DEFAULT_META.format(guild=guild), int(takeover))
            lines.append(t("lobby.defaults_set", locale, hours=int(takeover)) if takeover else
                         t("lobby.defaults_set_never", locale))
        if pace is not None:
            await store.set_meta(PACE_DEFAULT_META.format(guild=guild), pace)
            lines.append(t("clock.defaults_set", locale, pace=pace_text(pace, locale)))
        if away_fast is not None:
            rule = "on" if away_fast else "off"
            await store.set_meta(AWAY_FAST_META.format(guild=guild), rule)
            lines.append(t(f"away.fast.{rule}", locale))
        if not lines:
            hours = await default_takeover_hours(store, guild)
            pace_shown = pace_text(await default_pace(store, guild), locale)
            lines.append(t("lobby.defaults_shown", locale, hours=hours, pace=pace_shown) if hours else
                         t("lobby.defaults_shown_never", locale, pace=pace_shown))
            allowed = await fast_away_allowed(store, guild)
            lines.append(t("away.fast.shown_on", locale) if allowed else t("away.fast.shown_off", locale))
        # the command sits under each game's group, but the defaults are the server's, for all its games; a new game
        # may still choose its own pace and takeover (``new``'s options), never whether away time counts (a tour's
        # footer promised that choice after away_fast alone)
        chosen_per_game = takeover is not None or pace is not None or away_fast is None
        games = self.every_game(locale)
        lines.append(t("lobby.defaults_scope", locale, games=games) if chosen_per_game else
                     t("lobby.defaults_scope_server", locale, games=games))
        await interaction.response.send_message("\n".join(lines), ephemeral=True)

    def every_game(self, locale: str) -> str:
        """Every game this bot hosts, by title ("Roll Player, Dice Poker, Roll for Adventure"): what a server's
        defaults apply to, whichever game's ``defaults`` set them. The footer said "every game on this server", and
        an admin who had set ``/rp defaults`` and then ``/poker defaults`` found the poker values in a Roll Player
        lobby (one setting, as designed: the store keeps one per server)."""
        return ", ".join(t(presentation.title_key, locale) for presentation in self.games.values())

    @app_commands.command(name=cmd_str("cmd.language.name"), description=cmd_str("cmd.language.description"))
    @app_commands.describe(language=cmd_str("cmd.language.describe"))
    @app_commands.choices(language=language_choices())
    async def language_cmd(self, interaction: discord.Interaction, language: str) -> None:
        """The creator (or a channel manager) changes what the channel reads from now on, and its bot seats are
        renamed in it. The game's message is drawn again at once in the new language, with a line that says who
        switched it: a lobby's message (``Lobby.switch_language``), a running game's live message; the command is
        answered privately: a public notice would land below that message, which stays the last message of the
        game (one ephemeral answer and one edit; re-posting the live message below a notice would cost a summary
        edit and a new message, and push the table up the channel each time). A DM game's one player may switch
        it too (a tour found no way to change a solo game's language)."""
        game = await self.play.channel_game(interaction, self.presentation_of(interaction))
        may_manage = interaction.permissions.manage_channels
        if interaction.user.id != game.creator_id and not may_manage:
            raise Refusal("error.language_not_allowed", game=game.id)
        if language not in available_locales():
            raise Refusal("error.bad_option")
        mine = locale_of(interaction)
        if language == game_locale(game):        # nothing changes: no public post, no ping
            raise Refusal("lobby.language_same", game=game.id, language=language_word(language, mine))
        if game.status == "lobby" and await self.lobby.switch_language(interaction, game.id, language):
            return
        line = language_line(interaction.user.display_name, language)
        names = bot_seat_names(self.games.kind(game.kind), game, language)      # its bots speak it too
        if not await self.courier.store_redraw(game.id, [line], seat_names=names, locale=language,
                                               locale_chosen=True):
            # over since it was read: its last message stays as it is, what it may still show follows
            await update_meta(self.sessions, game.id, seat_names=names, locale=language, locale_chosen=True)
        await interaction.response.send_message(
            t("lobby.language_done", mine, game=game.id, language=language_word(language, mine)),
            ephemeral=True)
        await self.courier.deliver(game.id)
