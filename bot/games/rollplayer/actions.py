"""The six attribute actions, shared by the Dice Phase, Concentrate, Acrobatics, Cure Wounds and Knowledge.

One implementation per action; class rules (``attribute_action_rule``: Monk ±2, Rogue second swap) apply to
every use whatever its source, as the content README requires. Dice moved or changed by an action never
trigger another action and never pay Gold (printed), so nothing here calls ``place_on_row``.
"""
from __future__ import annotations

from bot.games import rng

from .content import ATTR_INDEX, ATTRS
from .rules import action_rule, can_move, ev, move_token

DIRECTIONS = ("up", "down", "left", "right")


def _pos_key(pos):
    return (ATTR_INDEX[pos[0]], pos[1])


def dice_positions(p) -> list[list]:
    return [[a, i] for a in ATTRS for i in range(len(p.rows[a]))]


def swap_pairs(p) -> list[dict]:
    pos = dice_positions(p)
    return [{"a": pos[i], "b": pos[j]} for i in range(len(pos)) for j in range(i + 1, len(pos))]


def con_deltas(p) -> tuple[int, ...]:
    rule = action_rule(p, "con")
    m = rule.get("max_delta", 1) if rule else 1
    return tuple(d for d in range(-m, m + 1) if d != 0)


def action_params(p, action: str) -> list[dict]:
    """Every legal parameter set of ``action`` for player ``p`` (empty list: impossible now)."""
    if action == "str" or action == "int":
        return [{"die": pos} for pos in dice_positions(p)]
    if action == "dex":
        return swap_pairs(p)
    if action == "con":
        deltas, rows = con_deltas(p), p.rows
        return [{"die": pos, "delta": d} for pos in dice_positions(p) for d in deltas
                if 1 <= rows[pos[0]][pos[1]][1] + d <= 6]
    if action == "wis":
        return [{"dir": d} for d in DIRECTIONS if can_move(p, d)]
    if action == "cha":
        return [{}]
    raise ValueError(action)


def action_moves(p, action: str, base: dict) -> list[dict]:
    """``action_params`` merged into ``base`` (the hot path of legal-move listing)."""
    t, seat = base["type"], base["seat"]
    if action == "dex":
        pos = dice_positions(p)
        n = len(pos)
        return [{"type": t, "seat": seat, "action": "dex", "a": pos[i], "b": pos[j]}
                for i in range(n) for j in range(i + 1, n)]
    if action == "str" or action == "int":
        return [{"type": t, "seat": seat, "action": action, "die": pos} for pos in dice_positions(p)]
    return [{**base, **params} for params in action_params(p, action)]


def canonical(action: str, params: dict) -> dict:
    """Normalise user input: a DEX swap names its two dice in sheet order; positions are lists."""
    out = dict(params)
    for k in ("die", "a", "b"):
        if k in out and isinstance(out[k], (list, tuple)):
            out[k] = list(out[k])
    if action == "dex" and "a" in out and "b" in out:
        try:
            if _pos_key(out["b"]) < _pos_key(out["a"]):
                out["a"], out["b"] = out["b"], out["a"]
        except (KeyError, TypeError, IndexError):
            pass
    return out


def do_action(state, p, action: str, params: dict, events: list, origin: str) -> None:
    """Resolve one attribute action (already validated). May open a nested decision in ``state.sub``."""
    rows = p.rows
    if action == "str":
        a, i = params["die"]
        c, v = rows[a][i]
        rows[a][i] = (c, 7 - v)
        events.append(ev("die_flipped", seat=p.seat, attr=a, idx=i, old=v, new=7 - v))
    elif action == "dex":
        swap(p, params, events)
        rule = action_rule(p, "dex")
        if rule and rule.get("swaps", 1) > 1 and p.dice_count() >= 2:
            state.sub = {"kind": "second_swap", "seat": p.seat, "origin": origin}
            return
    elif action == "con":
        a, i = params["die"]
        c, v = rows[a][i]
        d = params["delta"]
        rows[a][i] = (c, v + d)
        events.append(ev("die_adjusted", seat=p.seat, attr=a, idx=i, old=v, new=v + d))
    elif action == "int":
        a, i = params["die"]
        c, v = rows[a][i]
        new = rng.roll(state)
        rows[a][i] = (c, new)
        events.append(ev("die_rerolled", seat=p.seat, attr=a, idx=i, old=v, new=new))
        state.sub = {"kind": "int_keep", "seat": p.seat, "attr": a, "idx": i, "old": v, "new": new,
                     "origin": origin}
        return
    elif action == "wis":
        move_token(p, params["dir"], events)
    elif action == "cha":
        p.charisma += 1
        events.append(ev("charisma_gained", seat=p.seat, tokens=p.charisma))
    else:
        raise ValueError(action)


def swap(p, params: dict, events: list) -> None:
    rows = p.rows
    (a1, i1), (a2, i2) = params["a"], params["b"]
    rows[a1][i1], rows[a2][i2] = rows[a2][i2], rows[a1][i1]
    # the dice as they were (``a_die`` stood at ``a``): the line of this move reads the same after later moves
    events.append(ev("dice_swapped", seat=p.seat, a=[a1, i1], b=[a2, i2], a_die=list(rows[a2][i2]),
                     b_die=list(rows[a1][i1])))


def resolve_keep(state, p, keep: str, events: list) -> None:
    """Answer an INT reroll: keep the new value or go back to the old one."""
    sub = state.sub
    a, i = sub["attr"], sub["idx"]
    if keep == "old":
        c, _ = p.rows[a][i]
        p.rows[a][i] = (c, sub["old"])
    events.append(ev("reroll_kept", seat=p.seat, attr=a, idx=i, keep=keep,
                     value=sub["new"] if keep == "new" else sub["old"]))
