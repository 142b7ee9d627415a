"""Opening, joining, starting and ending games: ``/rp new|join|leave|start|cancel|abandon|status|solo``.

One game per channel (the engine enforces it); a solo game lives in the player's DM with the bot.  The
lobby message carries persistent Join / Leave / Start / Cancel buttons that do exactly what the commands
do.  When a game starts, the play cog (``bot.turn_publisher``) posts the first turn prompt.
"""
from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str, t

from .buttons import LobbyButton
from .core import (
    Refusal,
    SubcommandCog,
    check_bot_permissions,
    locale_of,
    public_locale,
    remember_seat_locale,
    require_dm,
    require_guild,
)
from .help import EMBED_COLOUR

log = logging.getLogger(__name__)

KIND_NAME = "rollplayer"
#: /rp new options → game options (the rules kind validates them; "promos" switches on every promo).
VARIANT_OPTIONS = ("even_start", "souk", "short_game", "friendly_market", "free_class")
LOBBY_META = "lobby_message_id"
LOCALE_META = "locale"             # read by the play cog for reminders

BUTTON_STYLES = {
    "join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary, "cancel": discord.ButtonStyle.danger,
}


def game_options(variants: dict[str, bool], promos: bool) -> dict[str, bool]:
    options = {name: bool(variants.get(name, False)) for name in VARIANT_OPTIONS}
    options["promo_sheets"] = options["cursed_ring"] = bool(promos)
    return options


def option_lines(options: dict, locale: str) -> str:
    chosen = [t(f"option.{name}", locale) for name, on in options.items() if on]
    return "\n".join(f"• {name}" for name in chosen) if chosen else t("lobby.options_none", locale)


def seat_lines(game: Any) -> str:
    return "\n".join(f"{seat.seat + 1}. <@{seat.user_id}>" if seat.user_id
                     else f"{seat.seat + 1}. {seat.name}" for seat in game.seats)


def lobby_embed(game: Any, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("lobby.title", locale, game=game.id),
                          description=t("lobby.description", locale, creator=f"<@{game.creator_id}>",
                                        wanted=game.seats_wanted),
                          colour=EMBED_COLOUR)
    embed.add_field(name=t("lobby.seats", locale, seated=len(game.seats), wanted=game.seats_wanted),
                    value=seat_lines(game), inline=True)
    embed.add_field(name=t("lobby.options", locale), value=option_lines(game.options, locale), inline=True)
    if len(game.seats) >= game.seats_wanted:
        embed.set_footer(text=t("lobby.full_hint", locale))
    return embed


def lobby_view(game: Any, locale: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for action in ("join", "leave", "start", "cancel"):
        view.add_item(LobbyButton(game.id, action, label=t(f"button.{action}", locale),
                                  style=BUTTON_STYLES[action]))
    return view


def closed_embed(game: Any, key: str, locale: str, **params: Any) -> discord.Embed:
    return discord.Embed(title=t("lobby.title", locale, game=game.id), description=t(key, locale, **params),
                         colour=EMBED_COLOUR)


def status_embed(game: Any, pending: list[dict], locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("status.title", locale, game=game.id),
                          description=t(f"status.{game.status}", locale), colour=EMBED_COLOUR)
    embed.add_field(name=t("lobby.seats", locale, seated=len(game.seats), wanted=game.seats_wanted),
                    value=seat_lines(game), inline=True)
    embed.add_field(name=t("lobby.options", locale), value=option_lines(game.options, locale), inline=True)
    state = game.state
    if state is not None and game.status == "active":
        embed.add_field(name=t("status.progress", locale),
                        value=t("status.round_phase", locale, round=getattr(state, "round", 0),
                                phase=t(f"phase.{getattr(state, 'phase', 'unknown')}", locale)),
                        inline=False)
        waiting = []
        for item in pending:
            number = item.get("seat")
            seat = game.seats[number] if number is not None and number < len(game.seats) else None
            who = f"<@{seat.user_id}>" if seat and seat.user_id else (seat.name if seat else "?")
            waiting.append(t("status.pending_line", locale, player=who,
                             decision=t(f"decision.{item.get('decision', 'unknown')}", locale)))
        embed.add_field(name=t("status.waiting_for", locale),
                        value="\n".join(waiting) or t("status.nobody", locale), inline=False)
    return embed


class Lobby(SubcommandCog):
    @property
    def sessions(self):
        return self.bot.sessions

    async def cog_load(self) -> None:
        await super().cog_load()
        self.bot.component_handlers["lobby"] = self.on_button

    async def cog_unload(self) -> None:
        await super().cog_unload()
        self.bot.component_handlers.pop("lobby", None)

    # ---------------------------------------------------------------- shared steps
    async def channel_game(self, interaction: discord.Interaction) -> Any:
        game = await self.sessions.game_in_channel(interaction.channel_id)
        if game is None:
            raise Refusal("error.no_game_here")
        return game

    async def announce_start(self, interaction: discord.Interaction, game: Any) -> None:
        publisher = getattr(self.bot, "turn_publisher", None)
        if publisher is not None:
            await publisher(interaction, game.id, None)
            return
        locale = locale_of(interaction)
        players = ", ".join(f"<@{s.user_id}>" for s in game.seats if s.user_id)
        await interaction.followup.send(t("lobby.started", locale, players=players))

    async def do_join(self, interaction: discord.Interaction, game_id: int) -> Any:
        return await self.sessions.join(game_id, interaction.user.id, interaction.user.display_name)

    async def do_leave(self, interaction: discord.Interaction, game_id: int) -> Any:
        return await self.sessions.leave(game_id, interaction.user.id)

    async def do_start(self, interaction: discord.Interaction, game_id: int) -> Any:
        game = await self.sessions.load(game_id)
        if game.status == "lobby" and game.seats_wanted > 1 and len(game.seats) < 2 \
                and interaction.user.id == game.creator_id:
            # Roll Player with one seat is the solo game (enemy die, trash pile): never by accident.
            raise Refusal("error.start_alone")
        return await self.sessions.start(game_id, interaction.user.id)

    async def do_cancel(self, interaction: discord.Interaction, game_id: int) -> Any:
        game = await self.sessions.load(game_id)
        if game.status != "lobby":
            raise Refusal("error.cancel_not_lobby")
        return await self.sessions.abandon(game_id, interaction.user.id, may_manage_channel=False)

    async def run_lobby_action(self, interaction: discord.Interaction, game_id: int, action: str, *,
                               from_button: bool) -> None:
        locale = locale_of(interaction)
        game = await getattr(self, f"do_{action}")(interaction, game_id)
        if action == "join":
            await remember_seat_locale(self.sessions, game.id, game.seat_of(interaction.user.id), locale)
        who = interaction.user.mention
        if action == "cancel":
            embed, view = closed_embed(game, "lobby.cancelled", locale, user=who), None
        elif action == "start":
            embed, view = closed_embed(game, "lobby.started", locale, players=", ".join(
                f"<@{s.user_id}>" for s in game.seats if s.user_id)), None
        else:
            embed, view = lobby_embed(game, locale), lobby_view(game, locale)
        note = t(f"lobby.{action}_note", locale, user=who, seated=len(game.seats), wanted=game.seats_wanted)
        if from_button:
            await interaction.response.edit_message(content=note, embed=embed,
                                                    view=view if view is not None else discord.ui.View())
        else:
            await interaction.response.send_message(content=note, embed=embed,
                                                    **({"view": view} if view is not None else {}))
        if action == "start":
            await self.announce_start(interaction, game)

    async def on_button(self, interaction: discord.Interaction, params: dict) -> None:
        check_bot_permissions(interaction)
        await self.run_lobby_action(interaction, params["game_id"], params["action"], from_button=True)

    async def lobby_command(self, interaction: discord.Interaction, action: str) -> None:
        require_guild(interaction)
        check_bot_permissions(interaction)
        game = await self.channel_game(interaction)
        await self.run_lobby_action(interaction, game.id, action, from_button=False)

    # ---------------------------------------------------------------- commands
    def subcommands(self) -> list[app_commands.Command]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.new.name"), description=cmd_str("cmd.new.description"))
        @app_commands.describe(
            players=cmd_str("cmd.new.players"), even_start=cmd_str("option.even_start.describe"),
            souk=cmd_str("option.souk.describe"), short_game=cmd_str("option.short_game.describe"),
            friendly_market=cmd_str("option.friendly_market.describe"),
            free_class=cmd_str("option.free_class.describe"), promos=cmd_str("option.promos.describe"))
        async def new(interaction: discord.Interaction, players: app_commands.Range[int, 1, 4] = 2,
                      even_start: bool = False, souk: bool = False, short_game: bool = False,
                      friendly_market: bool = False, free_class: bool = False, promos: bool = False) -> None:
            if interaction.guild_id is None:
                raise Refusal("error.new_in_dm")
            check_bot_permissions(interaction)
            options = game_options({"even_start": even_start, "souk": souk, "short_game": short_game,
                                    "friendly_market": friendly_market, "free_class": free_class}, promos)
            await cog.create_game(interaction, players, options)

        @app_commands.command(name=cmd_str("cmd.solo.name"), description=cmd_str("cmd.solo.description"))
        @app_commands.describe(
            even_start=cmd_str("option.even_start.describe"), souk=cmd_str("option.souk.describe"),
            short_game=cmd_str("option.short_game.describe"),
            free_class=cmd_str("option.free_class.describe"), promos=cmd_str("option.promos.describe"))
        async def solo(interaction: discord.Interaction, even_start: bool = False, souk: bool = False,
                       short_game: bool = False, free_class: bool = False, promos: bool = False) -> None:
            require_dm(interaction)
            options = game_options({"even_start": even_start, "souk": souk, "short_game": short_game,
                                    "free_class": free_class}, promos)
            await cog.create_game(interaction, 1, options)

        @app_commands.command(name=cmd_str("cmd.join.name"), description=cmd_str("cmd.join.description"))
        async def join(interaction: discord.Interaction) -> None:
            await cog.lobby_command(interaction, "join")

        @app_commands.command(name=cmd_str("cmd.leave.name"), description=cmd_str("cmd.leave.description"))
        async def leave(interaction: discord.Interaction) -> None:
            await cog.lobby_command(interaction, "leave")

        @app_commands.command(name=cmd_str("cmd.start.name"), description=cmd_str("cmd.start.description"))
        async def start(interaction: discord.Interaction) -> None:
            await cog.lobby_command(interaction, "start")

        @app_commands.command(name=cmd_str("cmd.cancel.name"), description=cmd_str("cmd.cancel.description"))
        async def cancel(interaction: discord.Interaction) -> None:
            await cog.lobby_command(interaction, "cancel")

        @app_commands.command(name=cmd_str("cmd.abandon.name"), description=cmd_str("cmd.abandon.description"))
        async def abandon(interaction: discord.Interaction) -> None:
            game = await cog.channel_game(interaction)
            may_manage = interaction.guild_id is not None and interaction.permissions.manage_channels
            game = await cog.sessions.abandon(game.id, interaction.user.id, may_manage_channel=may_manage)
            await interaction.response.send_message(
                t("lobby.abandoned", locale_of(interaction), user=interaction.user.mention, game=game.id))

        @app_commands.command(name=cmd_str("cmd.status.name"), description=cmd_str("cmd.status.description"))
        async def status(interaction: discord.Interaction) -> None:
            game = await cog.channel_game(interaction)
            pending = await cog.sessions.pending(game.id)
            await interaction.response.send_message(embed=status_embed(game, pending, locale_of(interaction)),
                                                    ephemeral=True)

        return [new, solo, join, leave, start, cancel, abandon, status]

    async def create_game(self, interaction: discord.Interaction, players: int, options: dict) -> None:
        locale = locale_of(interaction)
        game = await self.sessions.create(KIND_NAME, interaction.guild_id, interaction.channel_id,
                                          interaction.user.id, interaction.user.display_name,
                                          options=options, seats_wanted=players)
        await self.sessions.set_meta(game.id, LOCALE_META, public_locale(interaction))
        await remember_seat_locale(self.sessions, game.id, game.seat_of(interaction.user.id), locale)
        if game.status == "active":          # one seat: the engine starts it at once
            params = {"user": interaction.user.mention, "options": option_lines(game.options, locale)}
            if interaction.guild_id is None:
                text = t("lobby.solo_started", locale, **params)
            else:
                text = t("lobby.single_started", locale, **params)
            await interaction.response.send_message(text)
            await self.announce_start(interaction, game)
            return
        sent = await interaction.response.send_message(
            t("lobby.created_note", locale, user=interaction.user.mention, wanted=players),
            embed=lobby_embed(game, locale), view=lobby_view(game, locale))
        if sent.message_id is not None:
            await self.sessions.set_meta(game.id, LOBBY_META, sent.message_id)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Lobby(bot))
