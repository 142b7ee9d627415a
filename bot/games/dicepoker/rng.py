"""The game's own seeded generator (splitmix64), its whole state one 64-bit int in ``state["rng"]``.

A snapshot therefore carries the generator, and seed + move list replays a match die for die. The
``random`` module is avoided on purpose: its state is large and tied to the Python version.
"""
from __future__ import annotations

MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    """Scramble the user seed so that neighbouring seeds do not start alike."""
    z = (seed * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_u64(state: dict) -> int:
    x = (state["rng"] + _GAMMA) & MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def die(state: dict) -> int:
    """One six-sided die (modulo bias ~1e-19, irrelevant)."""
    return next_u64(state) % 6 + 1
