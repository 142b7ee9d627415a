"""Setup phase: ``/rp setup sheet|class|place`` — a character sheet and its side, a class, and a row for
each starting die.  The options only name values; the move itself comes from the legal-move list
(``cogs.phase``)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str

from .phase import MoveSpec, Opt, PhaseCog, phase_group

SHEET = MoveSpec(("race",), (Opt("race", ("race",)), Opt("side", ("gender",))))
CLASS = MoveSpec(("class",), (Opt("class", ("class",), param="class_"),))
START_DIE = MoveSpec(("place_start",), (Opt("die", ("die",)), Opt("row", ("attr",))))


class Setup(PhaseCog):
    def subcommands(self) -> list[app_commands.Group]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.setup.sheet.name"),
                              description=cmd_str("cmd.setup.sheet.description"))
        @app_commands.describe(race=cmd_str("cmd.opt.race"), side=cmd_str("cmd.opt.side"))
        async def sheet(interaction: discord.Interaction, race: str, side: str | None = None) -> None:
            await cog.play(interaction, SHEET, race=race, side=side)

        @app_commands.command(name=cmd_str("cmd.setup.class.name"),
                              description=cmd_str("cmd.setup.class.description"))
        @app_commands.rename(class_="class")
        @app_commands.describe(class_=cmd_str("cmd.opt.class"))
        async def class_(interaction: discord.Interaction, class_: str) -> None:
            await cog.play(interaction, CLASS, **{"class": class_})

        @app_commands.command(name=cmd_str("cmd.setup.place.name"),
                              description=cmd_str("cmd.setup.place.description"))
        @app_commands.describe(die=cmd_str("cmd.opt.start_die"), row=cmd_str("cmd.opt.row"))
        async def place(interaction: discord.Interaction, die: str, row: str | None = None) -> None:
            await cog.play(interaction, START_DIE, die=die, row=row)

        for command, spec in ((sheet, SHEET), (class_, CLASS), (place, START_DIE)):
            cog.attach_autocomplete(command, spec)
        return [phase_group("cmd.setup.name", "cmd.setup.description", [sheet, class_, place])]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Setup(bot))
