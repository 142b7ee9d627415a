"""Determinization: a copy of the state in which everything the seat cannot see is drawn afresh.

What a seat cannot see in Roll Player is the future: the market deck order, which dice leave the bag and
every roll (Initiative dice, rerolls, the solo enemy die). All of it comes from ``GameState.rng`` and
``GameState.deck``, so a fresh generator state and a reshuffled deck give one possible world consistent
with everything public (bag counts, discard, market, sheets stay as they are). The only exception is the
Open Lock look: its card is known to the buyer (it stays on top), and hidden from anyone else (a random
deck card takes its place in the copy).
"""
from __future__ import annotations

import random


def det_rng(seed: int, *salt: int) -> random.Random:
    """A private generator for one decision (never the ``random`` module globals)."""
    x = (int(seed) & 0xFFFFFFFFFFFF) * 1_000_003
    for s in salt:
        x = (x * 1_000_033 + int(s) + 7) & 0xFFFFFFFFFFFFFFFF
    return random.Random(x)


def determinize(st, seat: int, rnd: random.Random):
    """A clone of ``st`` where the hidden and random future is resampled with ``rnd``."""
    c = st.clone()
    c.rng = rnd.getrandbits(64)
    sub = c.sub
    if sub is not None and sub.get("kind") == "open_lock" and c.deck:
        if sub["seat"] == seat:
            rest = sorted(c.deck[1:])
            rnd.shuffle(rest)
            c.deck = [c.deck[0]] + rest
        else:
            c.deck = sorted(c.deck)
            rnd.shuffle(c.deck)
            sub["card"] = c.deck[0]
    else:
        c.deck = sorted(c.deck)  # the real order must not leak into the sample
        rnd.shuffle(c.deck)
    return c
