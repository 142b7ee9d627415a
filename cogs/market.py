"""Market phase: ``/rp market buy|gold|discard-weapon`` — buy a card (optionally spending Charisma), discard
a market card for 2 gold, or discard one of your weapons."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str

from .phase import MoveSpec, Opt, PhaseCog, phase_group

BUY = MoveSpec(("buy",), (Opt("card", ("card",)), Opt("charisma", ("tokens",), default="0")))
GOLD = MoveSpec(("take_gold",), (Opt("card", ("card",)),))
DISCARD_WEAPON = MoveSpec(("discard_weapon",), (Opt("card", ("card",)),))


class Market(PhaseCog):
    def subcommands(self) -> list[app_commands.Group]:
        cog = self

        @app_commands.command(name=cmd_str("cmd.market.buy.name"),
                              description=cmd_str("cmd.market.buy.description"))
        @app_commands.describe(card=cmd_str("cmd.opt.market_card"), charisma=cmd_str("cmd.opt.charisma"))
        async def buy(interaction: discord.Interaction, card: str, charisma: str | None = None) -> None:
            await cog.play(interaction, BUY, card=card, charisma=charisma)

        @app_commands.command(name=cmd_str("cmd.market.gold.name"),
                              description=cmd_str("cmd.market.gold.description"))
        @app_commands.describe(card=cmd_str("cmd.opt.gold_card"))
        async def gold(interaction: discord.Interaction, card: str | None = None) -> None:
            await cog.play(interaction, GOLD, card=card)

        @app_commands.command(name=cmd_str("cmd.market.discard_weapon.name"),
                              description=cmd_str("cmd.market.discard_weapon.description"))
        @app_commands.describe(card=cmd_str("cmd.opt.weapon"))
        async def discard_weapon(interaction: discord.Interaction, card: str) -> None:
            await cog.play(interaction, DISCARD_WEAPON, card=card)

        for command, spec in ((buy, BUY), (gold, GOLD), (discard_weapon, DISCARD_WEAPON)):
            cog.attach_autocomplete(command, spec)
        return [phase_group("cmd.market.name", "cmd.market.description", [buy, gold, discard_weapon])]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Market(bot))
