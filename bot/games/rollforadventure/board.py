"""Dice bookkeeping shared by territories, enemies and the turn: where each die lies and where it goes back.

A die is ``{"o": owner, "v": value|None, "at": location, "s": slot|None}``; ``owner`` is a hero colour,
``"ally"`` or ``"bonus"``. Locations: ``board:<hero>``, ``pool`` (the active hero's current throw),
a territory id, ``enemy:<card>``, ``oblivion``, ``memory``, ``swallowed``, ``supply`` (bonus dice), ``box``.
"""
from __future__ import annotations

import json


def copy_state(state: dict) -> dict:
    """A deep copy of a state (plain JSON data): moves are played on one, hints and the policy look ahead."""
    return json.loads(json.dumps(state))


def ev(key: str, **params) -> dict:
    return {"key": f"rollforadventure.{key}", "params": params}


def looks(state: dict, die_id: int) -> list:
    """How a die looks now, ``[owner, value]`` (value None: unrolled): an event that names dice carries it
    beside their ids (``die_seen`` / ``dice_seen``), so its log line tells what was seen then, however the
    dice change later."""
    d = state["dice"][die_id]
    return [d["o"], d["v"]]


def ids_at(state: dict, at: str, slot=None) -> list[int]:
    return [i for i, d in enumerate(state["dice"]) if d["at"] == at and (slot is None or d["s"] == slot)]


def home_of(state: dict, die_id: int) -> str:
    """Where a returned die goes: hero dice to their owner, ally dice to the active hero (l.217, l.440),
    bonus dice to their supply (single use, l.303)."""
    owner = state["dice"][die_id]["o"]
    if owner == "bonus":
        return "supply"
    if owner == "ally":
        return f"board:{state['active']}"
    h = next((h for h, hero in enumerate(state["heroes"]) if hero["colour"] == owner), None)
    return f"board:{h}" if h is not None else "box"


def send(state: dict, die_id: int, at: str) -> None:
    d = state["dice"][die_id]
    d["at"], d["s"] = at, None
    if at.startswith("board:") or at in ("supply", "box"):
        d["v"] = None


def return_dice(state: dict, die_ids, events: list) -> None:
    """Return dice home; they are rolled at their holder's next turn at the earliest (l.185)."""
    moved = sorted(die_ids)
    seen = [looks(state, i) for i in moved]         # the values they showed where they lay
    for i in moved:
        send(state, i, home_of(state, i))
    if moved:
        events.append(ev("event.dice_returned", dice=moved, dice_seen=seen))


def to_oblivion(state: dict, die_ids, events: list, cause: str) -> None:
    ids = sorted(die_ids)
    for i in ids:
        d = state["dice"][i]
        d["at"], d["s"] = "oblivion", None
    if ids:
        events.append(ev("event.oblivion", dice=ids, dice_seen=[looks(state, i) for i in ids], cause=cause))


def damage(state: dict, terr: str, n: int, events: list) -> None:
    """Skull ``n`` holes right; entering the last hole loses the game at once (l.426)."""
    if n <= 0 or state["result"]:
        return
    tr = state["terr"][terr]
    tr["skull"] = min(tr["skull"] + n, tr["last"])
    events.append(ev("event.damage", territory=terr, amount=n, skull=tr["skull"], last=tr["last"]))
    if tr["skull"] >= tr["last"]:
        lose(state, events, "territory_fallen", territory=terr)


def lose(state: dict, events: list, reason: str, **params) -> None:
    if state["result"]:
        return
    state["result"] = "lost"
    state["queue"] = []
    state["decision"] = None
    events.append(ev(f"event.lost.{reason}", **params))


def gain_stone(state: dict, terr: str, events: list) -> None:
    if state["result"]:
        return
    state["stones"] += 1
    events.append(ev("event.stone", territory=terr, stones=state["stones"], needed=state["stones_needed"]))
    if state["stones"] >= state["stones_needed"]:
        state["result"] = "won"
        state["queue"] = []
        state["decision"] = None
        events.append(ev("event.won", stones=state["stones"]))
