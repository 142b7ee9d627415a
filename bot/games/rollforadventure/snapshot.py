"""The invariants a loaded snapshot must satisfy; anything else is refused with ``bad_snapshot``.

Checked field by field (types, ranges, ids, dice counts per owner, every card exactly once), then the
decision is exercised once, so a hand-edited or truncated snapshot fails here instead of mid-game.
"""
from __future__ import annotations

from collections import Counter

from bot.games.errors import RuleError

from . import content as C
from . import setup
from .flow import HANDLERS

_KEYS = {"v", "defeated", "seats", "seed", "rng", "options", "heroes", "active", "turn", "dice", "terr", "deck",
         "display", "discard", "enemy_total", "memory_total", "stones", "stones_needed", "queue", "decision", "step",
         "fresh", "multi", "result", "placed_memory", "hero_pool"}
_DECISIONS = {"pick_hero", "place", "place_more", "promote", "desert_return", "ice_claim", "remove_die",
              "shield", "reward_enemy", "reward_skull", "reward_free", "bonus_dice"}
_SLOTS = {
    "desert": {"A": {"d1", "d2", "d3"}, "B": set(C.DESERT_B_FIELDS)},
    "fortress": {"A": set(C.FORTRESS_SECTIONS), "B": set(C.FORTRESS_SECTIONS)},
    "forest": {"A": set(range(1, max(C.FOREST_A_BARS) + 1)), "B": set(range(1, C.FOREST_B_FIELDS + 1))},
    "ice_cave": {"A": {f"i{v}" for v in range(1, 7)}, "B": set(C.ICE_B_FIELDS)},
}


_ITEM_KEYS = {
    "pick": {"hero_index"}, "act": {"card"}, "special_die": {"card"}, "raise": {"card"}, "attack": {"terr", "card"},
    "remove": {"terr", "step", "card"}, "tidy": {"terr"}, "dragon": {"terr", "v", "card"},
    "giant_mark": {"terr", "card"}, "promote": {"from"}, "desert_return": {"dice"}, "reward_skull": {"n"},
    "ice_return": {"dice"},
}
_DECISION_KEYS = {
    "pick_hero": {"hero_index"}, "promote": {"section", "dice"}, "desert_return": {"dice"},
    "remove_die": {"territory", "dice", "card"}, "shield": {"card", "territory", "effect"},
    "reward_enemy": {"cards"}, "reward_skull": {"territories", "amount"}, "reward_free": {"dice"},
    "bonus_dice": {"heroes", "count"},
}


class _Bad(Exception):
    pass


def _need(cond) -> None:
    if not cond:
        raise _Bad


def _int(x, lo, hi) -> bool:
    return type(x) is int and lo <= x <= hi


def _check(state) -> None:
    _need(isinstance(state, dict) and set(state) == _KEYS and state["v"] == setup.STATE_VERSION)
    seats = state["seats"]
    _need(_int(seats, 1, 4) and _int(state["seed"], -(2 ** 63), 2 ** 64 - 1) and _int(state["rng"], 0, 2 ** 64 - 1))
    opts = setup.validate_options(state["options"])
    _need(opts == state["options"])
    n_heroes = setup.hero_count(seats)
    heroes = state["heroes"]
    _need(isinstance(heroes, list) and len(heroes) == n_heroes)
    _need(isinstance(state["hero_pool"], list) and all(h in C.HEROES for h in state["hero_pool"]))
    for h, hero in enumerate(heroes):
        _need(isinstance(hero, dict) and set(hero) == {"hero", "colour", "seat", "used"})
        _need(hero["hero"] is None or hero["hero"] in C.HEROES)
        _need(hero["colour"] == C.COLOURS[h] and hero["seat"] == h % seats and type(hero["used"]) is bool)
    picked = [hh["hero"] for hh in heroes if hh["hero"]]
    _need(len(picked) == len(set(picked)))
    _need(_int(state["active"], 0, n_heroes - 1) and _int(state["turn"], 0, 10 ** 6))
    _need(state["result"] in (None, "won", "lost") and state["step"] in ("setup", "dice", "enemy"))
    for key in ("fresh", "placed_memory"):
        _need(type(state[key]) is bool)
    _need(_int(state["stones_needed"], 1, 99) and state["stones_needed"] == C.ADVENTURES[opts["adventure"]])
    _need(_int(state["stones"], 0, state["stones_needed"]))
    _need(_int(state["memory_total"], 0, 9))
    # territories
    terr = state["terr"]
    _need(isinstance(terr, dict) and set(terr) == set(C.TERRITORIES))
    for t in C.TERRITORIES:
        tr, side = terr[t], opts[f"{t}_side"]
        _need(isinstance(tr, dict) and tr.get("side") == side)
        _need(_int(tr.get("last"), 1, opts["track_holes"] - 1) and _int(tr.get("skull"), 0, tr["last"]))
        extra = set(tr) - {"side", "skull", "last"}
        if t == "desert" and side == "B":
            _need(extra == {"closed"} and isinstance(tr["closed"], list)
                  and len(set(tr["closed"])) == len(tr["closed"]) < len(C.DESERT_B_CONNECTIONS)
                  and all(c in C.DESERT_B_CONNECTIONS for c in tr["closed"]))
        elif t == "fortress" and side == "A":
            _need(extra == {"barriers"} and isinstance(tr["barriers"], list) and 0 < len(tr["barriers"])
                  and len(set(tr["barriers"])) == len(tr["barriers"])
                  and all(s in C.FORTRESS_SECTIONS for s in tr["barriers"]))
        elif t == "fortress":
            _need(extra == {"stage"} and isinstance(tr["stage"], dict) and set(tr["stage"]) == set(C.FORTRESS_SECTIONS)
                  and all(_int(x, 0, len(C.FORTRESS_B_STAGES) - 1) for x in tr["stage"].values()))
        elif t == "forest" and side == "A":
            _need(extra == {"bar"} and tr["bar"] in C.FOREST_A_BARS)
        else:
            _need(not extra)
    # dice
    dice = state["dice"]
    n_ally = setup.ally_dice_each(n_heroes, opts["extra_ally_dice"]) * n_heroes
    _need(isinstance(dice, list) and len(dice) == 5 * n_heroes + n_ally + 4)
    owners = Counter()
    places = {f"board:{h}" for h in range(n_heroes)} | {"pool", "oblivion", "memory", "supply"}
    cards_displayed = set(state["display"]) if isinstance(state["display"], list) else set()
    slot_use = Counter()
    for d in dice:
        _need(isinstance(d, dict) and set(d) == {"o", "v", "at", "s"} and isinstance(d["at"], str))
        _need(d["o"] in C.COLOURS[:n_heroes] or d["o"] in ("ally", "bonus"))
        owners[d["o"]] += 1
        at = d["at"]
        if at in C.TERRITORIES:
            _need(isinstance(d["s"], (str, int)) and type(d["s"]) is not bool
                  and d["s"] in _SLOTS[at][opts[f"{at}_side"]] and _int(d["v"], 1, 6))
            if d["s"] != "d3":
                slot_use[(at, d["s"])] += 1
        else:
            _need(d["s"] is None)
            if at.startswith("enemy:"):
                _need(at[6:] in cards_displayed and _int(d["v"], 1, 6))
            elif at in ("pool", "oblivion", "memory"):
                _need(_int(d["v"], 1, 6))
            else:
                _need(at in places and d["v"] is None)
        _need(d["o"] == "bonus" or at != "supply")
    _need(all(owners[c] == 5 for c in C.COLOURS[:n_heroes]) and owners["ally"] == n_ally and owners["bonus"] == 4)
    for (t, s), n in slot_use.items():
        limit = C.FORTRESS_B_STAGES[-1] if t == "fortress" else 3 if s in ("d1", "d2") else 1
        _need(n <= limit)
    # cards
    deck, display, discard = state["deck"], state["display"], state["discard"]
    _need(all(isinstance(x, list) and all(isinstance(c, str) and c in C.CARDS for c in x)
              for x in (deck, display, discard)))
    expected = list(C.NORMAL_CARDS) + ["master_of_shadows"] + [c for s in opts["specials"] for c in C.SPECIAL_SETS[s]]
    _need(sorted(deck + display + discard) == sorted(expected))
    _need("master_of_shadows" not in display + discard)
    # every enemy in the discard pile was defeated to get there (a dragon is only discarded); a raised one left it
    _need(_int(state["defeated"], sum(1 for c in discard if C.CARDS[c]["kind"] != "dragon"), 10 ** 6))
    _need(all(C.CARDS[c]["kind"] not in ("dragon", "master") for c in display))
    et = state["enemy_total"]
    _need(isinstance(et, dict) and set(et) == set(display) and all(_int(x, 0, 5) for x in et.values()))
    # queue, multi, decision
    q = state["queue"]
    _need(isinstance(q, list) and len(q) <= 200)
    for item in q:
        _need(isinstance(item, dict) and item.get("t") in HANDLERS and len(item) <= 8)
        _need(_ITEM_KEYS.get(item["t"], set()) <= set(item))
        _need(item.get("terr") != "memory" or item["t"] == "dragon")
        for k, x in item.items():
            if k == "card":
                _need(isinstance(x, str) and x in C.CARDS)
            elif k == "terr":
                _need(x in C.TERRITORIES or x == "memory")
            elif k == "dice":
                _need(isinstance(x, list) and len(x) <= len(dice) and all(_int(i, 0, len(dice) - 1) for i in x))
            elif k == "step":
                _need(isinstance(x, dict) and len(x) == 1 and (
                    (x.get("from", 0) is None or x.get("from", 0) in {"d1"} | set(C.FORTRESS_SECTIONS))
                    or x.get("value") in (5, 6) or x.get("highest") is True))
            elif k in ("hero_index",):
                _need(_int(x, 0, n_heroes - 1))
            elif k == "from":
                _need(x in ("d1", "d2"))
            elif k in ("n", "v"):
                _need(x is None or _int(x, 1, 6))
            elif k in ("asked", "cancelled", "first"):
                _need(type(x) is bool)
            else:
                _need(k == "t")
    m = state["multi"]
    _need(m is None or (isinstance(m, dict) and set(m) == {"place", "values"} and isinstance(m["place"], str)
                        and len(m["place"]) <= 60 and isinstance(m["values"], list) and len(m["values"]) <= 6
                        and all(_int(v, 1, 6) for v in m["values"])))
    dec = state["decision"]
    if state["result"]:
        _need(dec is None and not q)
        return
    _need(isinstance(dec, dict) and dec.get("kind") in _DECISIONS and _int(dec.get("seat"), 0, seats - 1))
    _need(_DECISION_KEYS.get(dec["kind"], set()) <= set(dec))
    _need(dec["kind"] != "ice_claim" or "count" in dec or "lines" in dec)
    for k, x in dec.items():
        if k in ("dice",):
            _need(isinstance(x, list) and 0 < len(x) <= len(dice) and all(_int(i, 0, len(dice) - 1) for i in x))
        elif k == "heroes":
            _need(isinstance(x, list) and 1 < len(x) <= n_heroes and len(set(x)) == len(x)
                  and all(_int(h, 0, n_heroes - 1) for h in x))
        elif k in ("cards", "lines", "territories"):
            _need(isinstance(x, list) and 0 < len(x) <= 40 and all(isinstance(c, str) for c in x))
        elif k not in ("kind", "seat"):
            _need(x is None or type(x) in (int, str, bool) and (not isinstance(x, str) or len(x) < 60))
    if dec["kind"] == "pick_hero":
        _need(_int(dec.get("hero_index"), 0, n_heroes - 1) and heroes[dec["hero_index"]]["hero"] is None)
    else:
        _need(all(hh["hero"] for hh in heroes) and dec["seat"] == heroes[state["active"]]["seat"])
    if dec["kind"] in ("shield",):
        _need(bool(q) and q[0].get("t") in ("attack", "dragon", "giant_mark") and "card" in q[0] and "terr" in q[0])
    if dec["kind"] in ("promote",):
        _need(dec.get("section") in ("d1", "d2"))
    if dec["kind"] == "bonus_dice":
        _need(_int(dec["count"], 1, len(dec["heroes"]) - 1) and dec["count"] == len(
            [d for d in dice if d["at"] == "supply"]))
    if dec["kind"] == "reward_skull":
        _need(dec.get("amount") is None or _int(dec.get("amount"), 1, 2))


def defeated_in_discard(state: dict) -> int:
    """The enemies a version-1 state's discard pile holds (all but the dragons): what that version counted as
    defeated. It misses the enemies a Necromancer raised again, which such a state no longer knows of."""
    discard = state.get("discard")
    if not isinstance(discard, list):
        return 0
    return sum(1 for c in discard if not (isinstance(c, str) and C.CARDS.get(c, {}).get("kind") == "dragon"))


def upgrade(state):
    """A state as the current version keeps it: a version-1 state (stored before ``defeated`` was counted)
    gains the count its discard pile shows; anything else is returned as it is, for :func:`check_state`."""
    if is_version_1(state):
        state = {**state, "v": setup.STATE_VERSION, "defeated": defeated_in_discard(state)}
    return state


def is_version_1(state) -> bool:
    """Whether ``state`` was stored by version 1 (before ``defeated`` was counted)."""
    return isinstance(state, dict) and state.get("v") == 1 and "defeated" not in state


def as_version_1(state: dict) -> dict:
    """``state`` as version 1 kept it: without the ``defeated`` count (``verify`` compares a version-1 snapshot
    with the replay in that form: the count the replay knows cannot be in it)."""
    return {**{key: value for key, value in state.items() if key != "defeated"}, "v": 1}


def check_state(state) -> None:
    try:
        _check(state)
        from .moves import legal
        for seat in range(state["seats"]):
            for move in legal(state, seat):
                _need(isinstance(move, dict))
        if not state["result"]:
            _need(legal(state, state["decision"]["seat"]))
    except (RuleError, _Bad, KeyError, TypeError, ValueError, IndexError, AttributeError, RecursionError,
            StopIteration):
        raise RuleError("bad_snapshot", "rollforadventure.error.bad_snapshot") from None
