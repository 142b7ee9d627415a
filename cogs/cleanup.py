"""Cleanup phase: ``/rp refresh [card] [card2]`` — ready exhausted skills (one, the Ranger two); no card
means refresh nothing.  The cards named are exactly the ones refreshed."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str

from .phase import MoveSpec, Opt, PhaseCog

REFRESH = MoveSpec(("refresh",),
                   (Opt("card", ("cards",), member=True), Opt("card2", ("cards",), member=True)),
                   exact_members=True)


class Cleanup(PhaseCog):
    def subcommands(self) -> list[app_commands.Command]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.refresh.name"),
                              description=cmd_str("cmd.refresh.description"))
        @app_commands.describe(card=cmd_str("cmd.opt.refresh_card"), card2=cmd_str("cmd.opt.refresh_card2"))
        async def refresh(interaction: discord.Interaction, card: str | None = None,
                          card2: str | None = None) -> None:
            await cog.play(interaction, REFRESH, card=card, card2=card2)

        cog.attach_autocomplete(refresh, REFRESH)
        return [refresh]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Cleanup(bot))
