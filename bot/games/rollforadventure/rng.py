"""The game's own seeded generator (splitmix64), kept as one int in ``state["rng"]``.

A snapshot therefore carries the generator, and seed + move list replays a game exactly; ``random`` module
globals are never used.
"""
from __future__ import annotations

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    z = (int(seed) * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 29)


def next_u64(state: dict) -> int:
    x = (state["rng"] + _GAMMA) & _MASK
    state["rng"] = x
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def below(state: dict, n: int) -> int:
    return next_u64(state) % n


def roll(state: dict) -> int:
    return next_u64(state) % 6 + 1


def shuffle(state: dict, items: list) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = next_u64(state) % (i + 1)
        items[i], items[j] = items[j], items[i]
