"""One small handler per territory side (README §6): capacity, placement, completions, attacks, dragons.

Placement functions put the dice down, resolve what completes without a choice, and return queue items for
completions that need the active player's choice (which die to promote, which dice to keep, claims).
"""
from __future__ import annotations

from itertools import combinations

from . import content as C
from .board import ev, gain_stone, ids_at, looks, return_dice, to_oblivion

SLOT_MATTERS = {("desert", "B"), ("ice_cave", "B")}


def side(state: dict, t: str) -> str:
    return state["terr"][t]["side"]


def fresh_territory(t: str, side_: str, last: int) -> dict:
    tr = {"side": side_, "skull": 0, "last": last}
    if t == "desert" and side_ == "B":
        tr["closed"] = []
    elif t == "fortress" and side_ == "A":
        tr["barriers"] = list(C.FORTRESS_SECTIONS)
    elif t == "fortress" and side_ == "B":
        tr["stage"] = {s: 0 for s in C.FORTRESS_SECTIONS}
    elif t == "forest" and side_ == "A":
        tr["bar"] = C.FOREST_A_BARS[0]
    return tr


def _slot_count(state: dict, t: str, slot) -> int:
    return len(ids_at(state, t, slot))


def _forest_b_values(state: dict) -> dict[int, int]:
    return {state["dice"][i]["s"]: state["dice"][i]["v"] for i in ids_at(state, "forest")}


def forest_b_border(state: dict) -> int | None:
    """The value the full arch asks to sacrifice (l.612): border k = number of 6s."""
    vals = _forest_b_values(state)
    if len(vals) < C.FOREST_B_FIELDS:
        return None
    sixes = sum(1 for v in vals.values() if v == 6)
    return C.FOREST_B_BORDERS[sixes - 1]


def ice_b_allowed(state: dict, field: str, value: int) -> bool:
    """A die may not equal a die directly left/right/above/below it (l.632)."""
    r, c = C.ICE_B_FIELDS[field]
    for i in ids_at(state, "ice_cave"):
        d = state["dice"][i]
        r2, c2 = C.ICE_B_FIELDS[d["s"]]
        if abs(r - r2) + abs(c - c2) == 1 and d["v"] == value:
            return False
    return True


def ice_b_free(state: dict) -> list[str]:
    used = {state["dice"][i]["s"] for i in ids_at(state, "ice_cave")}
    return [f for f in C.ICE_B_FIELDS if f not in used]


def ice_b_complete_lines(state: dict) -> list[str]:
    used = {state["dice"][i]["s"] for i in ids_at(state, "ice_cave")}
    return [ln for ln, (fields, _) in C.ICE_B_LINES.items() if all(f in used for f in fields)]


def desert_b_free(state: dict) -> list[str]:
    used = {state["dice"][i]["s"] for i in ids_at(state, "desert")}
    return [f for f in C.DESERT_B_FIELDS if f not in used]


def capacity(state: dict, t: str, v: int) -> int:
    """How many dice of value ``v`` the territory takes right now (l.181); 0 = none. Forest B's sacrifice
    and the field-choosing sides are handled by ``placements``."""
    sd = side(state, t)
    tr = state["terr"][t]
    if t == "desert":
        if v != 1:
            return 0
        return 3 - _slot_count(state, t, "d1") if sd == "A" else len(desert_b_free(state))
    if t == "fortress":
        sec = f"f{v}"
        if sec not in C.FORTRESS_SECTIONS:
            return 0
        if sd == "A":
            return C.FORTRESS_A_FIELDS - _slot_count(state, t, sec) if sec in tr["barriers"] else 0
        return C.FORTRESS_B_STAGES[tr["stage"][sec]] - _slot_count(state, t, sec)
    if t == "forest":
        if v not in (5, 6):
            return 0
        n = len(ids_at(state, t))
        if sd == "A":
            return tr["bar"] - n
        free = C.FOREST_B_FIELDS - n
        if free == 0:
            return 0
        other = 5 if v == 6 else 6
        has_other = any(x == other for x in _forest_b_values(state).values())
        return free if has_other else free - 1
    if t == "ice_cave":
        if sd == "A":
            return 0 if _slot_count(state, t, f"i{v}") else 1
        return 1 if any(ice_b_allowed(state, f, v) for f in ice_b_free(state)) else 0
    return 0


def task(state: dict, t: str, v: int) -> tuple[str | None, int, int]:
    """(section, dice there now, dice it needs) of the part of territory ``t`` a die of value ``v`` fills: a
    hint said "fills the Forest (3 dice)" for a move of one die, and added Desert sections together, so it never
    taught what the task needs. Desert A fills its first section (3 dice, then one moves on), a Fortress section
    its fields (A: 4; B: its stage's), Forest A up to its boundary, Forest B its path, Desert B its fields;
    ``section`` is None where the whole territory is the task."""
    sd = side(state, t)
    if t == "desert" and sd == "A":
        return "d1", _slot_count(state, t, "d1"), 3
    if t == "fortress":
        sec = f"f{v}"
        needed = C.FORTRESS_A_FIELDS if sd == "A" else C.FORTRESS_B_STAGES[state["terr"][t]["stage"][sec]]
        return sec, _slot_count(state, t, sec), needed
    held = len(ids_at(state, t))
    if t == "forest":
        return None, held, state["terr"][t]["bar"] if sd == "A" else C.FOREST_B_FIELDS
    return None, held, len(C.DESERT_B_FIELDS)


def placements(state: dict, t: str, v: int, available: int) -> list[dict]:
    """Every legal placement of dice of value ``v`` on territory ``t`` as move fragments (count + fields)."""
    sd = side(state, t)
    if t == "forest" and sd == "B":
        border = forest_b_border(state)
        if border is not None:
            return [{"count": 1}] if v == border and available >= 1 else []
    if t == "desert" and sd == "B":
        if v != 1:
            return []
        free = desert_b_free(state)
        return [{"count": n, "fields": list(combo)}
                for n in range(1, min(available, len(free)) + 1) for combo in combinations(free, n)]
    if t == "ice_cave" and sd == "B":
        return [{"count": 1, "field": f} for f in ice_b_free(state) if ice_b_allowed(state, f, v)] \
            if available >= 1 else []
    cap = min(capacity(state, t, v), available)
    return [{"count": n} for n in range(1, cap + 1)]


def place(state: dict, t: str, ids: list[int], v: int, fields, events: list, defer_claim: bool = False) -> list[dict]:
    """Put the dice down and resolve; returns queue items (choices) to run before the throw continues."""
    sd = side(state, t)
    tr = state["terr"][t]
    dice = state["dice"]
    items: list[dict] = []
    if t == "desert" and sd == "A":
        for i in ids:
            dice[i].update(at=t, s="d1")
        if _slot_count(state, t, "d1") == 3:
            items.append({"t": "promote", "from": "d1"})
    elif t == "desert":
        for i, f in zip(ids, fields):
            dice[i].update(at=t, s=f)
        items += _desert_b_close(state, events)
    elif t == "fortress":
        sec = f"f{v}"
        for i in ids:
            dice[i].update(at=t, s=sec)
        _fortress_check(state, sec, events)
    elif t == "forest" and sd == "A":
        n = len(ids_at(state, t))
        for k, i in enumerate(ids):
            dice[i].update(at=t, s=n + k + 1)
        if len(ids_at(state, t)) >= tr["bar"]:
            return_dice(state, ids_at(state, t), events)
            gain_stone(state, t, events)
            if not state["result"]:         # after the winning stone nothing moves on ("Victory! … the border moves")
                later = [b for b in C.FOREST_A_BARS if b > tr["bar"]]
                tr["bar"] = later[0] if later else tr["bar"]
                events.append(ev("event.forest_bar", bar=tr["bar"]))
    elif t == "forest":
        border = forest_b_border(state)
        if border is not None:
            to_oblivion(state, ids, events, "sacrifice")
            return_dice(state, ids_at(state, t), events)
            gain_stone(state, t, events)
        else:
            vals = _forest_b_values(state)
            for i in ids:
                free = [k for k in range(1, C.FOREST_B_FIELDS + 1) if k not in vals]
                slot = free[0] if v == 6 else free[-1]
                vals[slot] = v
                dice[i].update(at=t, s=slot)
            border = forest_b_border(state)
            if border is not None:
                events.append(ev("event.forest_arch_full", border=border))
    elif t == "ice_cave":
        if sd == "A":
            dice[ids[0]].update(at=t, s=f"i{v}")
        else:
            dice[ids[0]].update(at=t, s=fields[0])
        if not defer_claim:
            items += claim_items(state)
    return items


def claim_items(state: dict) -> list[dict]:
    if side(state, "ice_cave") == "A":
        return [{"t": "ice_claim"}] if len(ids_at(state, "ice_cave")) >= 4 else []
    return [{"t": "ice_claim"}] if ice_b_complete_lines(state) else []


def _desert_b_close(state: dict, events: list) -> list[dict]:
    tr = state["terr"]["desert"]
    used = {state["dice"][i]["s"] for i in ids_at(state, "desert")}
    newly = [c for c, fields in C.DESERT_B_CONNECTIONS.items()
             if c not in tr["closed"] and all(f in used for f in fields)]
    if not newly:
        return []
    tr["closed"] += newly
    tr["closed"].sort()
    for c in newly:
        events.append(ev("event.chain_closed", connection=c))
    if len(tr["closed"]) == len(C.DESERT_B_CONNECTIONS):
        return_dice(state, ids_at(state, "desert"), events)
        tr["closed"] = []
        gain_stone(state, "desert", events)
        return []
    fields = sorted({f for c in newly for f in C.DESERT_B_CONNECTIONS[c]})
    dice = [i for i in ids_at(state, "desert") if state["dice"][i]["s"] in fields]
    return [{"t": "desert_return", "dice": dice}]


def _fortress_check(state: dict, sec: str, events: list) -> None:
    tr = state["terr"]["fortress"]
    here = ids_at(state, "fortress", sec)
    if tr["side"] == "A":
        if len(here) < C.FORTRESS_A_FIELDS:
            return
        tr["barriers"].remove(sec)
        events.append(ev("event.barrier_removed", section=sec))
        return_dice(state, here, events)
        if not tr["barriers"]:
            tr["barriers"] = list(C.FORTRESS_SECTIONS)
            gain_stone(state, "fortress", events)
        return
    stage = tr["stage"][sec]
    if len(here) < C.FORTRESS_B_STAGES[stage]:
        return
    return_dice(state, here, events)
    if stage + 1 < len(C.FORTRESS_B_STAGES):
        tr["stage"][sec] = stage + 1
        events.append(ev("event.barrier_removed", section=sec))
    else:
        tr["stage"][sec] = 0
        gain_stone(state, "fortress", events)


def promote(state: dict, die: int, frm: str, events: list) -> list[dict]:
    """Desert A sub-task (l.229–233): the chosen die moves on, the other two return."""
    others = [i for i in ids_at(state, "desert", frm) if i != die]
    if frm == "d1":
        state["dice"][die].update(at="desert", s="d2")
        events.append(ev("event.promoted", die=die, die_seen=looks(state, die), section="d2"))
        return_dice(state, others, events)
        return [{"t": "promote", "from": "d2"}] if _slot_count(state, "desert", "d2") == 3 else []
    state["dice"][die].update(at="desert", s="d3")
    events.append(ev("event.swallowed", die=die, die_seen=looks(state, die)))
    return_dice(state, others, events)
    gain_stone(state, "desert", events)
    return []


# --- attacks -------------------------------------------------------------------------------------------

def attack_steps(state: dict, t: str) -> list[dict]:
    """The removals a normal enemy of ``t`` makes (l.361–389), in order; empty = it does damage instead."""
    sd = side(state, t)
    if t == "desert":
        steps = [{"from": "d1"}] if sd == "A" else [{"from": None}, {"from": None}]
    elif t == "fortress":
        steps = [{"from": s} for s in C.FORTRESS_SECTIONS if ids_at(state, t, s)]
    elif t == "forest":
        steps = [{"value": 5}, {"value": 6}]
    else:
        steps = [{"highest": True}]
    return [s for s in steps if candidates(state, t, s)]


def candidates(state: dict, t: str, step: dict) -> list[int]:
    here = ids_at(state, t)
    dice = state["dice"]
    if "from" in step:
        return [i for i in here if step["from"] is None or dice[i]["s"] == step["from"]]
    if "value" in step:
        return [i for i in here if dice[i]["v"] == step["value"]]
    if not here:
        return []
    top = max(dice[i]["v"] for i in here)
    return [i for i in here if dice[i]["v"] == top]


def equivalence(state: dict, t: str, die: int) -> tuple:
    d = state["dice"][die]
    return (d["o"], d["v"], d["s"] if (t, side(state, t)) in SLOT_MATTERS else None)


def tidy(state: dict, t: str) -> None:
    """Close the gaps a removal leaves on a forest path (l.385): A toward field 1, B each run to its end."""
    if t != "forest":
        return
    dice = state["dice"]
    here = sorted(ids_at(state, t), key=lambda i: dice[i]["s"])
    if side(state, t) == "A":
        for k, i in enumerate(here):
            dice[i]["s"] = k + 1
        return
    sixes = [i for i in here if dice[i]["v"] == 6]
    fives = [i for i in here if dice[i]["v"] == 5]
    for k, i in enumerate(sixes):
        dice[i]["s"] = k + 1
    for k, i in enumerate(reversed(fives)):
        dice[i]["s"] = C.FOREST_B_FIELDS - k


def dragon_targets(state: dict, t: str, v: int) -> list[int]:
    """Dice a Dragon of value ``v`` burns on ``t`` (l.474–478; not Desert A d2/d3)."""
    dice = state["dice"]
    out = [i for i in ids_at(state, t) if dice[i]["v"] == v]
    if t == "desert" and side(state, t) == "A":
        out = [i for i in out if dice[i]["s"] == "d1"]
    return out
