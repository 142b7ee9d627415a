"""The move catalogue, ``legal_moves`` and the validating ``apply``.

There is one move shape: ``{"type": "reroll", "keep": [i, ...]}`` — the positions (0-4) of the dice to
keep, ascending; every other die is rerolled. ``keep: [0, 1, 2, 3, 4]`` rerolls nothing (also the
timeout default). The seat that must decide is the one in ``pending``; a Discord view can toggle dice and
confirm by sending the kept positions. ``seat`` may be present and must then equal the acting seat.
"""
from __future__ import annotations

import copy
import itertools

from bot.games.errors import RuleError

from . import rules
from .content import N_DICE

MOVE_TYPES = ("reroll",)
ALL_KEEPS: tuple[tuple[int, ...], ...] = tuple(
    c for n in range(N_DICE + 1) for c in itertools.combinations(range(N_DICE), n))


def err(code: str, **params) -> RuleError:
    return RuleError(code, f"dicepoker.error.{code}", **params)


def acting_seat(state: dict) -> int | None:
    p = rules.pending(state)
    return p[0]["seat"] if p else None


def legal_moves(state: dict, seat) -> list[dict]:
    if type(seat) is not int or acting_seat(state) != seat:
        return []
    return [{"type": "reroll", "keep": list(k)} for k in ALL_KEEPS]


def parse_keep(move) -> list[int]:
    """The kept positions of a reroll move (any order, no repeats), or RuleError; checks shape before size."""
    if not isinstance(move, dict) or len(move) > 3 or not set(move) <= {"type", "keep", "seat"}:
        raise err("bad_move")
    if move.get("type") != "reroll" or not isinstance(move.get("type"), str):
        raise err("unknown_move")
    keep = move.get("keep")
    if (not isinstance(keep, list) or len(keep) > N_DICE
            or not all(type(i) is int and 0 <= i < N_DICE for i in keep) or len(set(keep)) != len(keep)):
        raise err("bad_keep")
    return sorted(keep)


def apply(state: dict, seat, move) -> tuple[dict, list[dict]]:
    """Validate ``move`` for ``seat`` and play it on a copy: (new state, events). The input is untouched."""
    if type(seat) is not int or not 0 <= seat < state["seats"]:
        raise err("bad_seat")
    if isinstance(move, dict) and "seat" in move and (type(move["seat"]) is not int or move["seat"] != seat):
        raise err("wrong_seat")
    keep = parse_keep(move)
    if state["phase"] == "over":
        raise err("game_finished")
    if acting_seat(state) != seat:
        raise err("not_your_turn", seat=seat)
    new = copy.deepcopy(state)
    events = rules.play_reroll(new, rules.acting_side(new), keep)
    return new, events
