"""Shared helpers of the dice poker tests: the reference module, seeded play-throughs, forced dice."""
from __future__ import annotations

import importlib.util
import json
import sys
from fractions import Fraction
from pathlib import Path

from bot.games.dicepoker import ai
from bot.games.dicepoker.kind import KIND

#: the spec folder: ``shared/`` lies beside the repository (in a CI clone as in the workplace)
SPEC_DIR = next((d for d in (Path(__file__).resolve().parents[3].parent / "shared" / "content" / "dicepoker",
                             Path("/work/shared/content/dicepoker")) if d.is_dir()),
                Path(__file__).resolve().parents[3].parent / "shared" / "content" / "dicepoker")


def reference():
    """compute_odds.py from the spec folder (the evaluator and exact odds the bot must match)."""
    path = SPEC_DIR / "compute_odds.py"
    assert path.is_file(), f"reference missing: {path}"
    if "dp_compute_odds" in sys.modules:
        return sys.modules["dp_compute_odds"]
    spec = importlib.util.spec_from_file_location("dp_compute_odds", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["dp_compute_odds"] = module
    spec.loader.exec_module(module)
    return module


_TABLES: dict = {}


def duel_tables(kicker_depth=None):
    """The reference's DuelTables, built once per kicker depth for the whole test session (~0.5 s each)."""
    if kicker_depth not in _TABLES:
        _TABLES[kicker_depth] = reference().DuelTables(kicker_depth)
    return _TABLES[kicker_depth]


def spec_data() -> dict:
    path = SPEC_DIR / "hands.json"
    assert path.is_file(), f"spec data missing: {path}"
    return json.loads(path.read_text(encoding="utf-8"))


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
    """Replaces rng.die with a fixed sequence of values (for scenes from the rulebook)."""

    def __init__(self, monkeypatch, values):
        from bot.games.dicepoker import rng
        self.values = list(values)
        monkeypatch.setattr(rng, "die", self._next)

    def _next(self, state):
        assert self.values, "the scene needs more dice than were forced"
        return self.values.pop(0)
