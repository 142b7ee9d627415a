"""Where the pool's dice may be put down (README §4): the placement moves, below both the flow (which asks
whether a multi-value hero placement can go on) and the move list (``moves.legal``), so neither imports the
other's module from inside a function.

Which pool dice of the chosen value are put down is fixed (bonus dice first, then ally dice, then hero dice,
lowest id first; own dice first in the Ice Cave) so "value × place × count" is one click.
"""
from __future__ import annotations

from . import content as C
from . import territories as T
from .board import ids_at

DEFEATABLE = ("enemy", "phantom", "giant", "necromancer")


def hero_kind(state: dict, h: int | None = None) -> str | None:
    hero = state["heroes"][state["active"] if h is None else h]["hero"]
    return C.HEROES[hero]["kind"] if hero else None


_OWNER_ORDER = {"bonus": 0, "ally": 1}


def pool_by_value(state: dict, own_first: bool = False) -> dict[int, list[int]]:
    """Pool dice grouped by value in the order they are put down: bonus, ally, hero dice — or, for the Ice
    Cave (whose row pays bonus dice per own colour, l.297), the active hero's own dice first."""
    own = state["heroes"][state["active"]]["colour"]
    out: dict[int, list[int]] = {}
    for i in ids_at(state, "pool"):
        out.setdefault(state["dice"][i]["v"], []).append(i)
    for v in out:
        if own_first:
            out[v].sort(key=lambda i: (state["dice"][i]["o"] != own, i))
        else:
            out[v].sort(key=lambda i: (_OWNER_ORDER.get(state["dice"][i]["o"], 2), i))
    return dict(sorted(out.items()))


def enemies(state: dict) -> list[str]:
    return [c for c in state["display"] if C.CARDS[c]["kind"] in DEFEATABLE]


def place_moves(state: dict, more: bool = False) -> list[dict]:
    pool = pool_by_value(state)
    kind = hero_kind(state) if not more and not state["heroes"][state["active"]]["used"] else None
    multi = state["multi"] if more else None
    out: list[dict] = []
    for v, dice in pool.items():
        c = len(dice)
        if multi and v in multi["values"]:
            continue
        for t in C.TERRITORIES:
            target = f"territory:{t}"
            if multi and multi["place"] != target:
                continue
            for frag in T.placements(state, t, v, c):
                move = {"type": "place", "value": v, "place": target, **frag}
                out.append(move)
                sacrifice = t == "forest" and T.side(state, t) == "B" and T.forest_b_border(state) is not None
                if (kind == "ice_cave_multi" and t == "ice_cave") or \
                        (kind == "mixed_values" and t != "ice_cave" and not sacrifice):
                    out.append(dict(move, hero=True))
        for cid in enemies(state):
            target = f"enemy:{cid}"
            if multi and multi["place"] != target:
                continue
            for n in range(1, c + 1):
                move = {"type": "place", "value": v, "place": target, "count": n}
                out.append(move)
                if kind in ("double_enemy_placement", "mixed_values"):
                    out.append(dict(move, hero=True))
        if not multi:
            for n in range(1, c + 1):
                move = {"type": "place", "value": v, "place": "memory", "count": n}
                out.append(move)
                if kind == "memory_double":
                    out.append(dict(move, hero=True))
    return out
