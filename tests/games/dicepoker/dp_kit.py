"""Shared helpers of the dice poker tests: the spec's figures and cases, seeded play-throughs, forced dice.

The spec's figures live in this folder (data/spec_hands.json, provenance in data/README.md); the evaluator
the bot is checked against is dp_reference.py. Nothing here reads outside the repository.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from bot.games.dicepoker import ai
from bot.games.dicepoker.kind import KIND

#: the spec's hands, comparison steps, procedure, modes, solo tables and odds, worked example, crafted cases
SPEC_FILE = Path(__file__).resolve().parent / "data" / "spec_hands.json"


def spec_data() -> dict:
    """A fresh copy of the spec's data (callers may not share one dict)."""
    return json.loads(SPEC_FILE.read_text(encoding="utf-8"))


def frac(text: str) -> Fraction:
    return Fraction(text)


def play(state, policy, limit: int = 10_000):
    """Play to the end; policy(state, seat) -> move. Returns (state, moves, events)."""
    moves, events = [], []
    for _ in range(limit):
        if KIND.is_finished(state):
            return state, moves, events
        seat = KIND.pending(state)[0]["seat"]
        move = policy(state, seat)
        state, evs = KIND.apply(state, seat, move)
        moves.append((seat, move))
        events.extend(evs)
    raise AssertionError("the match did not end")


def bot(level: str):
    return lambda state, seat: ai.choose_move(state, seat, level, 0)


def keep_all(state, seat):
    return {"type": "reroll", "keep": [0, 1, 2, 3, 4]}


class ForcedDice:
    """Replaces rng.roll with a fixed sequence of values (for scenes from the rulebook)."""

    def __init__(self, monkeypatch, values):
        from bot.games import rng
        self.values = list(values)
        monkeypatch.setattr(rng, "roll", self._next)

    def _next(self, state):
        assert self.values, "the scene needs more dice than were forced"
        return self.values.pop(0)
