"""Legal moves per decision, and applying one (README §4, §6, §8).

A move is legal exactly when it equals one of ``legal_moves``: apply checks membership first, so junk of any
shape is refused before it is looked at further, and the list is the single truth the UI offers. (One
exception keeps old move logs replaying: a die choice naming the twin of an offered die, ``same_kind_of_die``.)
The placements themselves (which pool dice of a value go down, and where) are in ``placing``.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from itertools import combinations, product

from bot.games import rng
from bot.games.errors import RuleError
from bot.games.strict import offered

from . import flow as F
from . import territories as T
from .board import ev, ids_at, looks, return_dice, send, to_oblivion
from .placing import enemies as _enemies
from .placing import place_moves, pool_by_value


def _submultisets(values: list[int]) -> list[list[int]]:
    counts = Counter(values)
    keys = sorted(counts)
    picks = ([k for k, n in zip(keys, pick) for _ in range(n)]
             for pick in product(*(range(counts[k] + 1) for k in keys)))
    return [chosen for chosen in picks if chosen]


def hero_moves(state: dict) -> list[dict]:
    h = state["active"]
    if state["heroes"][h]["used"]:
        return []
    kind = F.hero_kind(state)
    pool_values = sorted(state["dice"][i]["v"] for i in ids_at(state, "pool"))
    if kind == "reroll_throw" and state["fresh"]:
        return [{"type": "reroll", "values": vs} for vs in _submultisets(pool_values)]
    if kind == "flip_die" and state["fresh"]:
        return [{"type": "flip", "value": v} for v in sorted(set(pool_values))]
    if kind == "free_from_oblivion":
        owners = {state["dice"][i]["o"] for i in ids_at(state, "oblivion")}
        return [{"type": "free", "owner": o} for o in (state["heroes"][h]["colour"], "ally") if o in owners]
    if kind == "spirit_strike" and ids_at(state, "supply"):
        return [{"type": "strike", "card": c} for c in _enemies(state)]
    return []


#: decisions that name one die among candidates -> (the move's type, what makes two candidates differ under the
#: rules): Desert A's step-up moves a die of one owner on (values are all 1s there), an attack's removal takes one
#: of an owner, value and, on Desert B / Ice Cave B, field, and a freed die goes home to its owner unrolled
DIE_DECISIONS: dict[str, tuple[str, Callable[[dict, dict, int], Hashable]]] = {
    "promote": ("promote", lambda state, d, i: tuple(looks(state, i))),
    "remove_die": ("remove", lambda state, d, i: T.equivalence(state, d["territory"], i)),
    "reward_free": ("rescue", lambda state, d, i: state["dice"][i]["o"]),
}


def one_of_each(state: dict, d: dict) -> list[int]:
    """The decision's candidate dice, one of each kind (the first): identical dice are one choice, not buttons
    "(#1)" and "(#2)" that did the same thing."""
    _, kind_of = DIE_DECISIONS[d["kind"]]
    firsts: dict[Hashable, int] = {}
    for i in d["dice"]:
        firsts.setdefault(kind_of(state, d, i), i)
    return list(firsts.values())


def legal(state: dict, seat: int) -> list[dict]:
    d = state["decision"]
    if state["result"] or d is None or d["seat"] != seat:
        return []
    k = d["kind"]
    if k == "pick_hero":
        taken = {hero["hero"] for hero in state["heroes"]}
        return [{"type": "pick_hero", "hero": x} for x in state["hero_pool"] if x not in taken]
    if k == "place":
        return place_moves(state) + hero_moves(state)
    if k == "place_more":
        return place_moves(state, more=True) + [{"type": "end_placement"}]
    if k in DIE_DECISIONS:
        return [{"type": DIE_DECISIONS[k][0], "die": i} for i in one_of_each(state, d)]
    if k == "desert_return":
        return [{"type": "keep", "return": list(c)} for n in range(len(d["dice"]) + 1)
                for c in combinations(d["dice"], n)]
    if k == "ice_claim":
        if "lines" in d:
            return [{"type": "claim", "lines": list(c)} for n in range(len(d["lines"]) + 1)
                    for c in combinations(d["lines"], n)]
        return [{"type": "claim", "claim": True}, {"type": "claim", "claim": False}]
    if k == "bonus_dice":           # l.301 + l.189: who receives the scarce bonus dice (clockwise order kept)
        return [{"type": "bonus", "heroes": list(c)} for c in combinations(d["heroes"], d["count"])]
    if k == "shield":
        return [{"type": "shield", "use": True}, {"type": "shield", "use": False}]
    if k == "reward_enemy":
        return [{"type": "defeat", "card": c} for c in d["cards"]]
    if k == "reward_skull":
        return [{"type": "repair", "territory": t} for t in d["territories"]]
    return []


# --- applying ---------------------------------------------------------------------------------------------

def _check_shape(move) -> None:
    """Refuse junk cheaply before comparing with the legal list (sizes bounded, no deep structures)."""
    if not isinstance(move, dict) or len(move) > 8 or any(_junk(k, v) for k, v in move.items()):
        raise RuleError("bad_move", "rollforadventure.error.bad_move")


def _junk(key, value) -> bool:
    if not isinstance(key, str) or len(key) > 20:
        return True
    if isinstance(value, list):
        return len(value) > 16 or not all(type(x) in (int, str) for x in value)
    return type(value) not in (int, str, bool) or isinstance(value, str) and len(value) > 60


def apply(state: dict, seat: int, move) -> list[dict]:
    """Apply ``move`` in place (the caller passes a copy). Raises RuleError before any change."""
    _check_shape(move)
    if state["result"]:
        raise RuleError("finished", "rollforadventure.error.finished")
    d = state["decision"]
    if d is None or d["seat"] != seat:
        raise RuleError("not_your_turn", "rollforadventure.error.not_your_turn")
    if "seat" in move and move["seat"] != seat:
        raise RuleError("wrong_seat", "rollforadventure.error.wrong_seat")
    if "seat" in move and type(move["seat"]) is not int:
        raise RuleError("bad_move", "rollforadventure.error.bad_move")
    move = {k: v for k, v in move.items() if k != "seat"}
    move = offered(move, legal(state, seat)) or same_kind_of_die(d, move)
    if move is None:            # also a boolean or a float where the legal move has an integer (True == 1)
        raise RuleError("illegal_move", "rollforadventure.error.illegal_move")
    events: list[dict] = []
    state["decision"] = None
    _EXEC[move["type"]](state, d, move, events)
    F.run(state, events)
    return events


def same_kind_of_die(d: dict, move: dict) -> dict | None:
    """A move naming another candidate die than the one offered for its kind: the same choice under the rules,
    played with the die it names. Move logs from before one die of each kind was offered name either twin; their
    replays (undo, ``/rfa replay``, verify) must reach the states they reached then. None for anything else."""
    kind = DIE_DECISIONS.get(d["kind"], (None,))[0]
    die = move.get("die")
    if kind is None or set(move) != {"type", "die"} or move["type"] != kind or type(die) is not int \
            or die not in d["dice"]:
        return None
    return {"type": kind, "die": die}


def _pick_hero(state, d, move, events):
    state["heroes"][d["hero_index"]]["hero"] = move["hero"]
    events.append(ev("event.hero_picked", hero_index=d["hero_index"], hero=move["hero"], seat=d["seat"]))


def _place(state, d, move, events):
    v, target = move["value"], move["place"]
    ids = pool_by_value(state, own_first=target == "territory:ice_cave")[v][:move["count"]]
    hero = move.get("hero", False)
    kind = F.hero_kind(state)
    state["fresh"] = False
    if hero:
        F.use_hero(state, events, kind)
    events.append(ev("event.placed", hero=state["active"], value=v, count=len(ids), place=target))
    items: list[dict] = []
    if target == "memory":
        for i in ids:
            send(state, i, "memory")
            state["dice"][i]["v"] = v
        state["memory_total"] += v * len(ids) * (2 if hero else 1)
        state["placed_memory"] = True
        # "holds 10 of 10" however far past it the placement went ("14 of 10" read oddly); the release follows
        events.append(ev("event.memory", total=state["memory_total"]))       # the true sum (release at 10)
        F.memory_check(state, events)
    elif target.startswith("enemy:"):
        cid = target[6:]
        for i in ids:
            state["dice"][i]["at"] = target
        F.add_to_enemy(state, cid, v * len(ids) * (2 if hero and kind == "double_enemy_placement" else 1), events)
    else:
        t = target.split(":", 1)[1]
        fields = move.get("fields") or ([move["field"]] if "field" in move else None)
        multi_ice = state["multi"] is not None or (hero and kind == "ice_cave_multi")
        items = T.place(state, t, ids, v, fields, events, defer_claim=multi_ice)
    if hero and kind in ("ice_cave_multi", "mixed_values"):
        state["multi"] = {"place": target, "values": [v]}
        tail = [{"t": "more"}]
    elif state["multi"] is not None:
        state["multi"]["values"].append(v)
        tail = [{"t": "more"}]
    else:
        tail = [{"t": "after_place"}]
    F.push_front(state, items + tail)


def _reroll(state, d, move, events):
    F.use_hero(state, events, "reroll_throw")
    pool = pool_by_value(state)
    taken: dict[int, int] = {}
    for v in move["values"]:
        i = pool[v][taken.get(v, 0)]
        taken[v] = taken.get(v, 0) + 1
        state["dice"][i]["v"] = rng.roll(state)
    events.append(ev("event.roll", hero=state["active"],
                     values=sorted(state["dice"][i]["v"] for i in ids_at(state, "pool"))))
    state["fresh"] = False
    state["decision"] = dict(d)


def _flip(state, d, move, events):
    F.use_hero(state, events, "flip_die")
    i = pool_by_value(state)[move["value"]][0]
    state["dice"][i]["v"] = 7 - move["value"]
    events.append(ev("event.flipped", die=i, die_seen=looks(state, i), value=state["dice"][i]["v"]))
    state["fresh"] = False
    state["decision"] = dict(d)


def _free(state, d, move, events):
    F.use_hero(state, events, "free_from_oblivion")
    i = next(i for i in ids_at(state, "oblivion") if state["dice"][i]["o"] == move["owner"])
    seen = looks(state, i)                          # as it lay in the vortex
    send(state, i, f"board:{state['active']}")
    events.append(ev("event.freed", die=i, die_seen=seen))
    state["decision"] = dict(d)


def _strike(state, d, move, events):
    F.use_hero(state, events, "spirit_strike")
    i = ids_at(state, "supply")[0]
    state["dice"][i]["v"] = rng.roll(state)
    state["dice"][i]["at"] = f"enemy:{move['card']}"
    events.append(ev("event.spirit_strike", card=move["card"], value=state["dice"][i]["v"]))
    F.add_to_enemy(state, move["card"], state["dice"][i]["v"], events)
    state["decision"] = dict(d)


def _claim(state, d, move, events):
    if "lines" in move:
        if move["lines"]:
            F.claim_ice_b(state, move["lines"], events)
    elif move["claim"]:
        F.claim_ice_a(state, events)


def _shield(state, d, move, events):
    item = state["queue"][0]
    if move["use"]:
        item["cancelled"] = True
        F.use_hero(state, events, "cancel_attack")
        events.append(ev("event.shielded", card=item["card"], territory=item["terr"]))


_EXEC = {
    "pick_hero": _pick_hero, "place": _place, "reroll": _reroll, "flip": _flip, "free": _free, "strike": _strike,
    "claim": _claim, "shield": _shield,
    "end_placement": lambda state, d, move, events: F.finish_multi(state, events),
    "promote": lambda state, d, move, events: F.push_front(state, T.promote(state, move["die"], d["section"], events)),
    "keep": lambda state, d, move, events: return_dice(state, move["return"], events),
    "bonus": lambda state, d, move, events: F.give_bonus_to(state, move["heroes"], events),
    "remove": lambda state, d, move, events: to_oblivion(state, [move["die"]], events, "attack"),
    "defeat": lambda state, d, move, events: F.defeat(state, move["card"], events),
    "repair": lambda state, d, move, events: F.skull_back(state, move["territory"], d["amount"] or 99, events),
    "rescue": lambda state, d, move, events: F.free_die(state, move["die"], events),
}
