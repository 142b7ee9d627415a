"""Type-strict matching of a move against the legal moves, shared by every game kind.

Python says ``True == 1`` and ``1.0 == 1``, so ``move in legal`` accepts a boolean or a float where a legal
move has an integer (and ``1`` where it has ``True``). A rule that then stores what it was given writes a
value its own snapshot check refuses. ``offered`` compares as JSON does (``true`` is not ``1``) and returns
the legal move itself, so the rules only ever go on with a value they produced.
"""
from __future__ import annotations


def same(a, b) -> bool:
    """``a == b`` with the types of every scalar, list and dict equal too (JSON's notion of equality)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def offered(move, legal: list):
    """The legal move that ``move`` stands for (type-strictly equal), or None."""
    for candidate in legal:
        if candidate == move and same(candidate, move):
            return candidate
    return None
