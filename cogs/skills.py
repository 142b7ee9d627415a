"""``/rp skill card [target]``: use a skill card whenever the rules allow it — also out of turn (the rules
engine lists a skill move for a player only inside the skill's timing window).  ``target`` names the whole
use (die, row, player, colour…) as the move menu would; a skill without targets needs none."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str

from .phase import MoveSpec, Opt, PhaseCog, TargetsOpt

SKILL = MoveSpec(("skill",), (Opt("card", ("card",)), TargetsOpt("target", ())))


class Skills(PhaseCog):
    def subcommands(self) -> list[app_commands.Command]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.skill.name"), description=cmd_str("cmd.skill.description"))
        @app_commands.describe(card=cmd_str("cmd.opt.skill_card"), target=cmd_str("cmd.opt.skill_target"))
        async def skill(interaction: discord.Interaction, card: str, target: str | None = None) -> None:
            await cog.play(interaction, SKILL, card=card, target=target)

        cog.attach_autocomplete(skill, SKILL)
        return [skill]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Skills(bot))
