"""Scenario building for the Roll for Adventure tests: put dice and cards exactly where a rulebook example has
them, then drive the real moves. Only positions are arranged by hand; every consequence comes from the rules."""
from __future__ import annotations

from bot.games import rng
from bot.games.rollforadventure import flow
from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import KIND

COLOUR = {"red": 0, "blue": 1, "green": 2, "yellow": 3}


def game(seats: int = 2, seed: int = 1, heroes=("haudegen", "heiler", "raecher", "schelm"), **options) -> dict:
    """A game in its first dice step, with chosen heroes (none is Schildmaid unless asked: no shield prompts)."""
    state = KIND.create(seats, seed, options)
    for h, hero in enumerate(state["heroes"]):
        hero["hero"] = heroes[h]
    for i in ids_at(state, "pool"):
        state["dice"][i].update(at=f"board:{state['active']}", v=None)
    return state


def free_die(state: dict, owner: str) -> int:
    """A die of ``owner`` lying on a hero board or in the supply (to be moved by the scenario)."""
    for i, d in enumerate(state["dice"]):
        if d["o"] == owner and (d["at"].startswith("board:") or d["at"] == "supply"):
            return i
    raise AssertionError(f"no free {owner} die")


def put(state: dict, at: str, value: int, owner: str, slot=None) -> int:
    i = free_die(state, owner)
    state["dice"][i].update(at=at, v=value, s=slot)
    return i


def throw(state: dict, hero: int, values: list[int], owners=None) -> list[int]:
    """Make ``hero`` active with exactly ``values`` as the current throw (own-colour dice unless told)."""
    for i in ids_at(state, "pool"):
        state["dice"][i].update(at=f"board:{state['active']}", v=None)
    state["active"] = hero
    state["queue"] = []
    state["multi"] = None
    state["placed_memory"] = False
    state["step"] = "dice"
    state["heroes"][hero]["used"] = False
    colour = state["heroes"][hero]["colour"]
    ids = []
    for k, v in enumerate(values):
        if owners:
            i = free_die(state, owners[k])
        else:                                   # own dice first, then any other free die
            try:
                i = free_die(state, colour)
            except AssertionError:
                i = next(j for j, d in enumerate(state["dice"]) if d["at"].startswith("board:") and d["o"] != "bonus")
        state["dice"][i].update(at="pool", v=v, s=None)
        ids.append(i)
    state["fresh"] = True
    flow.decide(state, "place")
    return ids


def show(state: dict, cid: str, total: int = 0) -> None:
    """Put an enemy card face up in the display (taken from the deck)."""
    state["deck"].remove(cid)
    state["display"].append(cid)
    state["enemy_total"][cid] = total


def on_top(state: dict, cid: str) -> None:
    if cid in state["deck"]:
        state["deck"].remove(cid)
    state["deck"].insert(0, cid)


def rng_for(state: dict, want: int, n: int = 6) -> None:
    """Set the generator so that the next ``below(n)`` is ``want`` (for the territory die)."""
    for r in range(100000):
        probe = {"rng": r}
        if rng.below(probe, n) == want:
            state["rng"] = r
            return
    raise AssertionError("no rng state found")


def play(state: dict, move: dict) -> list[dict]:
    """Apply through the kind (copy + checks) and write the result back into ``state``."""
    seat = state["decision"]["seat"]
    new, events = KIND.apply(state, seat, move)
    state.clear()
    state.update(new)
    return events


def keys(events: list[dict]) -> list[str]:
    return [e["key"].removeprefix("rollforadventure.") for e in events]


def end_dice_step(state: dict) -> list[dict]:
    """Finish the current dice step by placing one pool die of the lowest value on the Vortex of Memory."""
    low = min(state["dice"][i]["v"] for i in ids_at(state, "pool"))
    return play(state, {"type": "place", "value": low, "place": "memory", "count": 1})


def where(state: dict, i: int) -> str:
    return state["dice"][i]["at"]


