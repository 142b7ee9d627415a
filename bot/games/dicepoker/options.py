"""Match options: defaults from the data file, strict validation (unknown names, wrong types -> RuleError).

| option | type | default | where |
|---|---|---|---|
| ``mode`` | "duel" / "solo" / "local_gamblers" | "duel" with 2 seats, "solo" with 1 | all |
| ``purse`` | int 1..1000 | duel 5, solo 30, local_gamblers 5 | all (at least one ante/stake) |
| ``hands`` | int 1..100 | duel 8, solo 10, local_gamblers 8 | all |
| ``kicker_depth`` | 2 (printed) or None (*house*: every unused die) | None, see below | duel, local_gamblers |
| ``first_active`` | seat 0 / 1 | 0 (the challenger) | duel |
| ``table`` | "house" / "printed" | "house" | solo |
| ``gambler_level`` | "easy" / "best" | "best" | local_gamblers |

Tie-break step b (seed 004 l.719–720) is printed as "the highest unused die, then the second-highest":
``kicker_depth: 2``, the rule every new match is played by (``TIE_BREAKS["printed"]``: the shell's lobby
switch ``tie_break`` records it in the options, printed unless the creator picks *house*). ``None`` is our
*house* reading that goes on to every unused die. An options dict without the key means *house*: every
match stored before the printed rule became the default was created without it, and its move log must
replay (undo, ``/poker replay``, ``verify``) to the very hands it was played to.
"""
from __future__ import annotations

from bot.games.errors import RuleError

from .content import DUEL, GAMBLERS, SOLO, SOLO_TABLES

MODES = ("duel", "solo", "local_gamblers")
SEATS = {"duel": 2, "solo": 1, "local_gamblers": 1}
DEFAULTS = {
    "duel": {"mode": "duel", "purse": DUEL["purse"], "hands": DUEL["max_hands"], "kicker_depth": None,
             "first_active": 0},
    "solo": {"mode": "solo", "purse": SOLO["purse"], "hands": SOLO["hands"], "table": SOLO["table"]},
    "local_gamblers": {"mode": "local_gamblers", "purse": GAMBLERS["purse"], "hands": GAMBLERS["games"],
                       "kicker_depth": None, "gambler_level": "best"},
}
GAMBLER_LEVELS = ("easy", "best")
#: the lobby's tie-break choice → ``kicker_depth``; the first is the default of every new match
TIE_BREAKS = {"printed": 2, "house": None}
MAX_PURSE = 1000
MAX_HANDS = 100


def _bad(option: str) -> RuleError:
    return RuleError("bad_option", "dicepoker.error.bad_option", option=option)


def _int_in(value, lo: int, hi: int) -> bool:
    return type(value) is int and lo <= value <= hi


def normalise(seats: int, options) -> dict:
    """The full option dict for a match of ``seats`` seats, or RuleError for anything unexpected."""
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise RuleError("bad_options", "dicepoker.error.bad_options")
    mode = options.get("mode", "duel" if seats == 2 else "solo")
    if not isinstance(mode, str) or mode not in MODES:
        raise _bad("mode")
    if SEATS[mode] != seats:
        raise RuleError("bad_seats", "dicepoker.error.bad_seats", seats=seats, mode=mode)
    out = dict(DEFAULTS[mode])
    for name, value in options.items():
        if not isinstance(name, str) or name not in out:
            raise RuleError("unknown_option", "dicepoker.error.unknown_option",
                            option=name[:40] if isinstance(name, str) else "?")
        out[name] = value
    if not _int_in(out["hands"], 1, MAX_HANDS):
        raise _bad("hands")
    floor = SOLO_TABLES[out["table"]]["stake"] if mode == "solo" and out.get("table") in SOLO_TABLES else 1
    if not _int_in(out["purse"], floor, MAX_PURSE):
        raise _bad("purse")
    if "kicker_depth" in out and out["kicker_depth"] is not None and (type(out["kicker_depth"]) is not int
                                                                     or out["kicker_depth"] != 2):
        raise _bad("kicker_depth")
    if "first_active" in out and not _int_in(out["first_active"], 0, 1):
        raise _bad("first_active")
    if "table" in out and (not isinstance(out["table"], str) or out["table"] not in SOLO_TABLES):
        raise _bad("table")
    if "gambler_level" in out and (not isinstance(out["gambler_level"], str)
                                   or out["gambler_level"] not in GAMBLER_LEVELS):
        raise _bad("gambler_level")
    return out
