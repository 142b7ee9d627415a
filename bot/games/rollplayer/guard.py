"""Shape and size checks for untrusted input, run before anything formats, hashes or compares it.

A move comes from a button, a slash command or a stored record: it may be any JSON (or Python) value. Python
cannot print an int of 5000 digits (``ValueError`` from ``str``), and walking a list nested thousands deep
raises ``RecursionError``; both used to escape from inside error formatting. So every move is first checked
for its *shape* — a flat dict of short string keys whose values are small JSON scalars or short, shallow
lists — and refused as ``bad_move`` otherwise. Only then is it normalised, compared with the legal moves or
quoted in an error. ``show`` makes any value safe to put into error params.
"""
from __future__ import annotations

from bot.games.errors import RuleError

MAX_KEYS = 16           # the largest move has 7 keys (a Diplomacy-copied Move Silently purchase)
MAX_KEY_LEN = 32
MAX_STR_LEN = 64        # card / class / race ids are at most ~20 characters
MAX_LIST_LEN = 16       # the longest list is a tie order of at most 5 dice
MAX_DEPTH = 2           # a list of [colour, value] pairs (tie order) is the deepest value
INT_LIMIT = 1 << 31     # every int in a move is a seat, a card number, a die position or a delta

def _err(**params) -> RuleError:
    return RuleError("bad_move", "rules.rollplayer.bad_move", **params)


def _value_ok(v, depth: int) -> bool:
    t = type(v)
    if t is str:
        return len(v) <= MAX_STR_LEN
    if t is int:
        return -INT_LIMIT < v < INT_LIMIT
    if t is bool or v is None:
        return True
    if t is list or t is tuple:
        if depth >= MAX_DEPTH or len(v) > MAX_LIST_LEN:
            return False
        return all(_value_ok(x, depth + 1) for x in v)
    return False  # floats, dicts, sets, objects: no move carries them


def check_move(move) -> dict:
    """Return ``move`` if it has the shape of a move, else raise ``RuleError("bad_move")``.

    Exact types only (a ``str`` or ``int`` subclass could redefine comparison or printing)."""
    if type(move) is not dict:
        raise _err(got=type(move).__name__)
    if len(move) > MAX_KEYS:
        raise _err(keys=len(move))
    for k, v in move.items():
        if type(k) is not str or len(k) > MAX_KEY_LEN:
            raise _err()
        if not _value_ok(v, 0):
            raise _err(field=k)
    return move


def check_seat(seat, seats: int) -> int:
    """A seat argument: an exact int naming one of the ``seats`` seats."""
    if type(seat) is not int or not 0 <= seat < seats:
        raise RuleError("bad_seat", "rules.rollplayer.bad_seat", seat=show(seat))
    return seat


def show(x) -> str:
    """A short printable stand-in for any value (error params): never formats a huge or deep value."""
    t = type(x)
    if t is int:
        return str(x) if -INT_LIMIT < x < INT_LIMIT else "<int>"
    if t is str:
        return x if len(x) <= MAX_STR_LEN else x[:MAX_STR_LEN] + "…"
    if x is None or t is bool:
        return str(x)
    return f"<{t.__name__}>"
