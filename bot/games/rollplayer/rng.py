"""The game's own seeded generator (splitmix64).

Its whole state is one 64-bit int kept in ``GameState.rng``, so a snapshot carries it and seed + move list
reproduces a game exactly. ``random.Random`` is avoided on purpose: its state is large and version-bound.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Scramble a user seed into an initial state (so seeds 1, 2, 3 do not start alike)."""
    z = (int(seed) * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 29)


def next_u64(state) -> int:
    """Advance ``state.rng`` and return 64 random bits."""
    x = (state.rng + _GAMMA) & _MASK
    state.rng = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


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
