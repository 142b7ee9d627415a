"""``/rfa place value:5 where:forest count:3``: a placement typed instead of clicked.

The command names the same moves as the buttons through the shell's :class:`TypedMoves` (the same checks and
the same post as a click). Autocomplete offers only what the throw allows: the values in the pool, then the
places dice of that value may go, then how many. Left-out options that leave several moves open get a
private menu of just those (e.g. the Desert B fields, or the hero's ability variant).
"""
from __future__ import annotations

import discord
from discord import app_commands

from cogs.translator import cmd_str
from cogs.typed import MoveSpec, Opt, TypedMoves

PLACE = MoveSpec(("place",), (Opt("value", ("value",)), Opt("where", ("place",)), Opt("count", ("count",))))
#: longest text worth matching (anything longer cannot be a value, place or count)
INPUT_LIMIT = 60


def build(typed: TypedMoves) -> list:
    @app_commands.command(name=cmd_str("rollforadventure.cmd.place.name"),
                          description=cmd_str("rollforadventure.cmd.place.description"))
    @app_commands.describe(value=cmd_str("rollforadventure.cmd.opt.value"),
                           where=cmd_str("rollforadventure.cmd.opt.where"),
                           count=cmd_str("rollforadventure.cmd.opt.count"))
    async def place(interaction: discord.Interaction, value: str, where: str, count: str | None = None) -> None:
        await typed.play(interaction, PLACE, value=value[:INPUT_LIMIT], where=where[:INPUT_LIMIT],
                         count=None if count is None else count[:INPUT_LIMIT])

    typed.attach_autocomplete(place, PLACE)
    return [place]
