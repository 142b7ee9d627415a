"""Dice phase: ``/rp dice order|take|place|action|keep`` — order tied dice, take an initiative card, place
its die, then the attribute action of that row (and INT's keep-new-or-old).  Out-of-turn and class-power
decisions stay with ``/rp play`` and the buttons."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str, t

from .phase import MoveSpec, Opt, PhaseCog, full_label, phase_group

ORDER = MoveSpec(("order",), (Opt("dice", ("dice",)),))
TAKE = MoveSpec(("take",), (Opt("card", ("card",), labeller=full_label),))
PLACE = MoveSpec(("place",), (Opt("row", ("attr",)),))
ACTION = MoveSpec(("action",), (
    Opt("kind", ("action",), labeller=lambda move, game, seat, locale: _action_kind(move, locale)),
    Opt("die", ("die", "a")),
    Opt("die2", ("b",)),
    Opt("change", ("delta",)),
    Opt("direction", ("dir",)),
))
KEEP = MoveSpec(("keep",), (Opt("which", ("keep",)),))


def _action_kind(move: dict, locale: str) -> str:
    return t(f"movetype.action.{move.get('action')}", locale)


class Dice(PhaseCog):
    def subcommands(self) -> list[app_commands.Group]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.dice.order.name"),
                              description=cmd_str("cmd.dice.order.description"))
        @app_commands.describe(dice=cmd_str("cmd.opt.dice_order"))
        async def order(interaction: discord.Interaction, dice: str) -> None:
            await cog.play(interaction, ORDER, dice=dice)

        @app_commands.command(name=cmd_str("cmd.dice.take.name"),
                              description=cmd_str("cmd.dice.take.description"))
        @app_commands.describe(card=cmd_str("cmd.opt.initiative_card"))
        async def take(interaction: discord.Interaction, card: str) -> None:
            await cog.play(interaction, TAKE, card=card)

        @app_commands.command(name=cmd_str("cmd.dice.place.name"),
                              description=cmd_str("cmd.dice.place.description"))
        @app_commands.describe(row=cmd_str("cmd.opt.row"))
        async def place(interaction: discord.Interaction, row: str) -> None:
            await cog.play(interaction, PLACE, row=row)

        @app_commands.command(name=cmd_str("cmd.dice.action.name"),
                              description=cmd_str("cmd.dice.action.description"))
        @app_commands.describe(kind=cmd_str("cmd.opt.action_kind"), die=cmd_str("cmd.opt.action_die"),
                               die2=cmd_str("cmd.opt.action_die2"), change=cmd_str("cmd.opt.change"),
                               direction=cmd_str("cmd.opt.direction"))
        async def action(interaction: discord.Interaction, kind: str, die: str | None = None,
                         die2: str | None = None, change: str | None = None,
                         direction: str | None = None) -> None:
            await cog.play(interaction, ACTION, kind=kind, die=die, die2=die2, change=change,
                           direction=direction)

        @app_commands.command(name=cmd_str("cmd.dice.keep.name"),
                              description=cmd_str("cmd.dice.keep.description"))
        @app_commands.describe(which=cmd_str("cmd.opt.keep"))
        async def keep(interaction: discord.Interaction, which: str) -> None:
            await cog.play(interaction, KEEP, which=which)

        for command, spec in ((order, ORDER), (take, TAKE), (place, PLACE), (action, ACTION), (keep, KEEP)):
            cog.attach_autocomplete(command, spec)
        return [phase_group("cmd.dice.name", "cmd.dice.description", [order, take, place, action, keep])]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Dice(bot))
