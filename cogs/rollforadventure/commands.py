"""``/rfa place value:5 where:forest count:3``: a placement typed instead of clicked.

The command names the same moves as the buttons through the shell's :class:`TypedMoves` (the same checks and
the same post as a click). Autocomplete offers only what the throw allows: the values in the pool, then the
places dice of that value may go, then how many. Left-out options that leave several moves open get a
private menu of just those (e.g. the hero's ability variant). ``fields`` names the Desert B fields ("2+3",
as the table picture numbers them and the menus say, or the rules' "w2+w3") or the Ice Cave B field ("e"):
a Desert B placement of three or more 1s may have more field choices than the menus hold (120 for three 1s
on ten free fields), so typing them is the way to every one of them; likewise ``/rfa reroll dice:1,3,3``
for the Daredevil, whose rerolls of a big throw can outnumber the menus.
"""
from __future__ import annotations

import re

from cogs.typed import MoveSpec, Opt, TypedMoves
from cogs.usertext import is_number, meant

PLACE = MoveSpec(("place",), (Opt("value", ("value",), about="rollforadventure.cmd.opt.value"),
                              Opt("where", ("place",), about="rollforadventure.cmd.opt.where"),
                              Opt("count", ("count",), about="rollforadventure.cmd.opt.count", optional=True),
                              Opt("fields", ("fields", "field"), about="rollforadventure.cmd.opt.fields",
                                  optional=True)))
REROLL = MoveSpec(("reroll",), (Opt("dice", ("values",), about="rollforadventure.cmd.opt.dice"),))
#: longest text worth matching (anything longer cannot be a value, place or count)
INPUT_LIMIT = 60


def build(typed: TypedMoves) -> list:
    return [typed.command("rollforadventure.cmd.place.name", "rollforadventure.cmd.place.description", PLACE,
                          convert=lambda text: text[:INPUT_LIMIT]),
            typed.command("rollforadventure.cmd.reroll.name", "rollforadventure.cmd.reroll.description", REROLL,
                          convert=values_token)]


def values_token(text: str) -> str:
    """Die values as typed ("3 1 3", "1,3,3", "133", or "１３３" and "①③③" as the player meant them) in the one
    spelling the presentation gives a reroll ("1+3+3"); anything else is passed on as it is (and refused as no
    legal reroll). Digits are ASCII ones only: "²" passes ``isdigit`` but names no die value."""
    digits = re.sub(r"[\s,;/+]+", "", meant(text[:INPUT_LIMIT]))
    if not is_number(digits):
        return text[:INPUT_LIMIT]
    return "+".join(sorted(digits))
