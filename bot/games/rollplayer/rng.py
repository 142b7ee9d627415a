"""Roll Player's draws from the games' seeded generator (``bot/games/rng.py``).

Its whole state is one 64-bit int kept in ``GameState.rng``, so a snapshot carries it and seed + move list
reproduces a game exactly.
"""
from __future__ import annotations

from bot.games.rng import advance, seed_state

__all__ = ["below", "next_u64", "roll", "seed_state", "shuffle"]


def next_u64(state) -> int:
    """Advance ``state.rng`` and return 64 random bits."""
    state.rng, bits = advance(state.rng)
    return bits


def below(state, n: int) -> int:
    """Uniform-enough int in [0, n) (n is tiny, the modulo bias is ~1e-18)."""
    return next_u64(state) % n


def roll(state) -> int:
    return next_u64(state) % 6 + 1


def shuffle(state, items: list) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = next_u64(state) % (i + 1)
        items[i], items[j] = items[j], items[i]
