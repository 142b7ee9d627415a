"""The games' own seeded generator (splitmix64), its whole state one 64-bit int kept in the game state.

A snapshot therefore carries the generator, and seed + move list replays a game die for die. The ``random``
module is avoided on purpose: its state is large and tied to the Python version. The functions below take the
game state: a dict keeps the generator in ``state["rng"]``, Roll Player's ``GameState`` in ``state.rng``.
"""
from __future__ import annotations

MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int, shift: int = 29) -> int:
    """Scramble a user seed into an initial state (so seeds 1, 2, 3 do not start alike); dice poker has
    always scrambled with a shift of 31, and its stored matches replay by it."""
    z = (int(seed) * 0xBF58476D1CE4E5B9 + 0x94D049BB133111EB) & MASK
    return z ^ (z >> shift)


def advance(x: int) -> tuple[int, int]:
    """The generator's next state after ``x`` and the 64 random bits it gives."""
    x = (x + _GAMMA) & MASK
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def next_u64(state) -> int:
    if type(state) is dict:
        state["rng"], bits = advance(state["rng"])
    else:
        state.rng, bits = advance(state.rng)
    return bits


def below(state, n: int) -> int:
    """Uniform-enough int in [0, n) (n is tiny, the modulo bias is ~1e-18)."""
    return next_u64(state) % n


def roll(state) -> int:
    """One six-sided die."""
    return next_u64(state) % 6 + 1


def shuffle(state, items: list) -> None:
    """Fisher-Yates in place."""
    for i in range(len(items) - 1, 0, -1):
        j = next_u64(state) % (i + 1)
        items[i], items[j] = items[j], items[i]
