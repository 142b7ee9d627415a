"""The game's result in words and colour (the final picture's headline, the table's banner at the end).

Below both pictures that show it, so neither imports the other.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from images import palette as P

from . import words


def fallen(state: dict) -> str | None:
    """The territory whose skull reached its last hole (the game's end, README §5), if any."""
    return next((t for t in C.TERRITORIES if state["terr"][t]["skull"] >= state["terr"][t]["last"]), None)


def verdict(state: dict, locale: str) -> tuple[str, str, tuple]:
    """(headline, why, colour) of the game's result (the standing while it runs)."""
    result = state["result"]
    if result == "won":
        return (words.say("rollforadventure.result.won", locale),
                words.say("rollforadventure.img.final.won", locale, stones=state["stones"]), P.GOOD)
    if result == "lost":
        where = fallen(state)
        why = (words.say("rollforadventure.img.final.fallen", locale, territory=words.territory(where, locale))
               if where else words.say("rollforadventure.img.final.no_dice", locale))
        return words.say("rollforadventure.result.lost", locale), why, P.BAD
    return (words.say("rollforadventure.img.final.running", locale),
            words.say("rollforadventure.img.turn", locale, turn=state["turn"]), P.TURN)
