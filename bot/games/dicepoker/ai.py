"""The bot opponent: ``choose_move(state, seat, level, seed)`` returns one legal reroll move.

* ``easy`` keeps every die of a pair or better (all five of a straight) and rerolls the rest.
* ``best`` (alias ``hard``) is exact (odds.py, integer weights): rerolling last as the active player it
  maximises its chance against the opponent's final hand it can see; rerolling first it minimises the
  active player's chance after that player's best reply to every result (minimax); alone (solo) it
  maximises the expected payout of the table. Ties between equally good keeps keep more dice.

``seed`` is accepted so levels with randomness can be added without changing callers; these levels are
deterministic. ``explain`` gives the hint data: the kept positions and the exact chance / expectation.
"""
from __future__ import annotations

from fractions import Fraction

from bot.games.errors import RuleError

from . import odds, rules
from .content import SOLO_TABLES

#: the levels a player can choose (the shell offers these; the last is the default) ...
LEVELS = ("easy", "best")
#: ... and the names the bot also answers to (an older game's stored level)
ALIASES = {"hard": "best"}
AI_LEVELS = (*LEVELS, *ALIASES)


def _situation(state: dict, seat) -> tuple[int, str]:
    pend = rules.pending(state)
    if not pend or type(seat) is not int or pend[0]["seat"] != seat:
        raise RuleError("not_your_turn", "dicepoker.error.not_your_turn",
                        seat=seat if type(seat) is int and -9 <= seat <= 9 else None)
    return rules.acting_side(state), pend[0]["role"]


def explain(state: dict, seat: int, level: str = "best") -> dict:
    """{"keep": positions, "level", "role", and for ``best``: "win_chance" (duel / gamblers) or
    "expected_payout" (solo) as a float plus the exact fraction text}."""
    if level not in AI_LEVELS:
        raise RuleError("bad_level", "dicepoker.error.bad_level", levels=LEVELS)
    side, role = _situation(state, seat)
    dice = state["sides"][side]["dice"]
    out: dict = {"level": level, "role": role}
    kd = state["options"].get("kicker_depth")
    if level == "easy":
        keep = odds.easy_keep(dice)
    elif role == "solo":
        keep, value = odds.solo_keep(dice, SOLO_TABLES[state["options"]["table"]]["pay"])
        out.update(expected_payout=float(value), exact=_text(value))
    elif role == "active":
        keep, value = odds.active_keep(dice, state["sides"][1 - side]["dice"], kd)
        out.update(win_chance=float(value), exact=_text(value))
    else:
        keep, value = odds.opponent_keep(dice, state["sides"][1 - side]["dice"], kd)
        out.update(win_chance=float(value), exact=_text(value))
    out["keep"] = odds.keep_indexes(dice, keep)
    return out


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def choose_move(state: dict, seat: int, level: str = "best", seed: int = 0) -> dict:
    return {"type": "reroll", "keep": explain(state, seat, level)["keep"]}
