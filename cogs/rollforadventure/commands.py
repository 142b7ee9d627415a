"""``/rfa place value:5 where:forest count:3``: a placement typed instead of clicked.

The command names the same moves as the buttons through the shell's :class:`TypedMoves` (the same checks and
the same post as a click). Autocomplete offers only what the throw allows: the values in the pool, then the
places dice of that value may go, then how many. Left-out options that leave several moves open get a
private menu of just those (e.g. the hero's ability variant). ``fields`` names the Desert B fields ("w2+w3")
or the Ice Cave B field ("e"): a Desert B placement of three or more 1s may have more field choices than the
menus hold (120 for three 1s on ten free fields), so typing them is the way to every one of them; likewise
``/rfa reroll dice:1,3,3`` for the Daredevil, whose rerolls of a big throw can outnumber the menus.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands

from cogs.translator import cmd_str
from cogs.typed import MoveSpec, Opt, TypedMoves

PLACE = MoveSpec(("place",), (Opt("value", ("value",)), Opt("where", ("place",)), Opt("count", ("count",)),
                              Opt("fields", ("fields", "field"))))
REROLL = MoveSpec(("reroll",), (Opt("dice", ("values",)),))
#: longest text worth matching (anything longer cannot be a value, place or count)
INPUT_LIMIT = 60


def build(typed: TypedMoves) -> list:
    @app_commands.command(name=cmd_str("rollforadventure.cmd.place.name"),
                          description=cmd_str("rollforadventure.cmd.place.description"))
    @app_commands.describe(value=cmd_str("rollforadventure.cmd.opt.value"),
                           where=cmd_str("rollforadventure.cmd.opt.where"),
                           count=cmd_str("rollforadventure.cmd.opt.count"),
                           fields=cmd_str("rollforadventure.cmd.opt.fields"))
    async def place(interaction: discord.Interaction, value: str, where: str, count: str | None = None,
                    fields: str | None = None) -> None:
        await typed.play(interaction, PLACE, value=value[:INPUT_LIMIT], where=where[:INPUT_LIMIT],
                         count=None if count is None else count[:INPUT_LIMIT],
                         fields=None if fields is None else fields[:INPUT_LIMIT])

    @app_commands.command(name=cmd_str("rollforadventure.cmd.reroll.name"),
                          description=cmd_str("rollforadventure.cmd.reroll.description"))
    @app_commands.describe(dice=cmd_str("rollforadventure.cmd.opt.dice"))
    async def reroll(interaction: discord.Interaction, dice: str) -> None:
        await typed.play(interaction, REROLL, dice=values_token(dice))

    typed.attach_autocomplete(place, PLACE)
    typed.attach_autocomplete(reroll, REROLL)
    return [place, reroll]


def values_token(text: str) -> str:
    """Die values as typed ("3 1 3", "1,3,3", "133") in the one spelling the presentation gives a reroll
    ("1+3+3"); anything else is passed on as it is (and refused as no legal reroll)."""
    digits = re.sub(r"[\s,;/+]+", "", text[:INPUT_LIMIT])
    if not digits.isdigit():
        return text[:INPUT_LIMIT]
    return "+".join(sorted(digits))
