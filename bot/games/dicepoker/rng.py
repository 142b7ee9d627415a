"""Dice poker's draws from the games' seeded generator (``bot/games/rng.py``), kept in ``state["rng"]``."""
from __future__ import annotations

from bot.games import rng


def seed_state(seed: int) -> int:
    return rng.seed_state(seed, 31)


def die(state: dict) -> int:
    """One six-sided die (modulo bias ~1e-19, irrelevant)."""
    return rng.roll(state)
