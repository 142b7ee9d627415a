"""The turn as a queue of steps (README §4, §7, §9, §10): dice step, enemy phase, rewards, re-attacks.

Everything that happens is a queue item run in order; an item that needs the active player's choice stops
the queue and sets ``state["decision"]``; the answering move resumes it. So a placement's completions, an
enemy's removals and a Master's cascade all wait for choices the same way, and snapshots can stop anywhere.
"""
from __future__ import annotations

from bot.games import rng

from . import content as C
from . import territories as T
from .board import damage, ev, home_of, ids_at, looks, lose, return_dice, send, to_oblivion
from .placing import DEFEATABLE, hero_kind, place_moves


def can_use(state: dict, kind: str) -> bool:
    return hero_kind(state) == kind and not state["heroes"][state["active"]]["used"]


def use_hero(state: dict, events: list, ability: str) -> None:
    state["heroes"][state["active"]]["used"] = True
    events.append(ev("event.hero_used", hero=state["heroes"][state["active"]]["hero"], ability=ability))


def active_seat(state: dict) -> int:
    return state["heroes"][state["active"]]["seat"]


def decide(state: dict, kind: str, **data) -> None:
    state["decision"] = {"kind": kind, "seat": active_seat(state), **data}


def run(state: dict, events: list) -> None:
    """Run queued steps until a choice is needed, the queue is empty or the game has ended."""
    guard = 0
    while state["decision"] is None and state["queue"] and not state["result"]:
        guard += 1
        if guard > 10000:                        # a rules bug, never a legal position
            raise AssertionError("rollforadventure queue does not settle")
        item = state["queue"].pop(0)
        HANDLERS[item["t"]](state, item, events)
    if state["result"]:                          # the game ended mid-step: nothing is left to do
        state["queue"] = []
        state["decision"] = None


def push_front(state: dict, items: list[dict]) -> None:
    state["queue"][0:0] = items


# --- turn -------------------------------------------------------------------------------------------------

def pick(state: dict, item: dict, events: list) -> None:
    """Setup with ``heroes="choose"``: each hero's seat picks one (solo: the one seat picks both)."""
    h = item["hero_index"]
    state["decision"] = {"kind": "pick_hero", "seat": state["heroes"][h]["seat"], "hero_index": h}


def start_turn(state: dict, item: dict, events: list) -> None:
    state["turn"] += 1
    for hero in state["heroes"]:
        hero["used"] = False
    state["multi"] = None
    state["placed_memory"] = False
    h = state["active"]
    events.append(ev("event.turn", hero=h, seat=active_seat(state), turn=state["turn"]))
    if not any(d["at"].startswith("board:") for d in state["dice"]):
        lose(state, events, "no_dice")                                  # l.456
        return
    own = ids_at(state, f"board:{h}")
    if not own:
        events.append(ev("event.no_dice", hero=h))                      # l.195: still reveal a card
        state["queue"].append({"t": "enemy_phase"})
        return
    state["step"] = "dice"
    for i in own:
        send(state, i, "pool")
    throw(state, events)


def throw(state: dict, events: list) -> None:
    pool = ids_at(state, "pool")
    for i in pool:
        state["dice"][i]["v"] = rng.roll(state)
    events.append(ev("event.roll", hero=state["active"], values=sorted(state["dice"][i]["v"] for i in pool)))
    state["fresh"] = True
    decide(state, "place")


def after_place(state: dict, item: dict, events: list) -> None:
    """l.175–185: reroll the rest until none remain; the Vortex of Memory ends the dice step (l.436)."""
    pool = ids_at(state, "pool")
    if state["placed_memory"] or not pool:
        for i in pool:
            send(state, i, f"board:{state['active']}")
        state["queue"].append({"t": "enemy_phase"})
        return
    throw(state, events)


def more(state: dict, item: dict, events: list) -> None:
    """After one part of a multi-value hero placement: offer the next value, or finish."""
    if state["multi"] is not None and place_moves(state, more=True):
        decide(state, "place_more")
    else:
        finish_multi(state, events)


def finish_multi(state: dict, events: list) -> None:
    multi, state["multi"] = state["multi"], None
    items = []
    if multi and multi["place"] == "territory:ice_cave":
        items = T.claim_items(state)
    push_front(state, items + [{"t": "after_place"}])


def enemy_phase(state: dict, item: dict, events: list) -> None:
    state["step"] = "enemy"
    state["fresh"] = False
    push_front(state, [{"t": "reveal"}, {"t": "end_turn"}])


def end_turn(state: dict, item: dict, events: list) -> None:
    state["active"] = (state["active"] + 1) % len(state["heroes"])
    state["queue"].append({"t": "start_turn"})


# --- enemies ----------------------------------------------------------------------------------------------

def rank(cid: str):
    return C.CARDS[cid]["rank"]


def reveal(state: dict, item: dict, events: list) -> None:
    cid = state["deck"][0]
    card = C.CARDS[cid]
    if card["kind"] != "master":           # the Master stays on top until it is shuffled back (step 3)
        state["deck"].pop(0)
    events.append(ev("event.reveal", card=cid, kind=card["kind"]))
    items: list[dict] = []
    if card["kind"] == "master":                                        # l.391–420
        items += [{"t": "act", "card": c} for c in state["display"]]
        items += [{"t": "mos_die"}, {"t": "mos_shuffle"}]
    elif card["kind"] == "dragon":                                      # l.472–478
        v = card["value"]
        for t in C.TERRITORIES:
            if T.dragon_targets(state, t, v):
                items.append({"t": "dragon", "terr": t, "v": v, "card": cid})
        if any(state["dice"][i]["v"] == v for i in ids_at(state, "memory")):
            items.append({"t": "dragon", "terr": "memory", "v": v, "card": cid})
        if not items:
            events.append(ev("event.dragon_miss", card=cid, value=v))
        state["discard"].append(cid)
    else:                                                               # l.323–333
        r = card["rank"]
        items += [{"t": "act", "card": c} for c in state["display"] if rank(c) is not None and rank(c) < r]
        state["display"].append(cid)
        state["enemy_total"][cid] = 0
        items.append({"t": "act", "card": cid, "first": True})
    push_front(state, items)


def act(state: dict, item: dict, events: list) -> None:
    """A displayed card does its thing: attack its territory, or roll the die, or raise the dead."""
    cid = item["card"]
    if cid not in state["display"]:
        return
    kind = C.CARDS[cid]["kind"]
    if not item.get("first"):
        events.append(ev("event.reattack", card=cid))
    if kind == "enemy":
        push_front(state, [{"t": "attack", "terr": C.CARDS[cid]["territory"], "card": cid}])
    elif kind in ("phantom", "giant"):
        push_front(state, [{"t": "special_die", "card": cid}])
    elif kind == "necromancer":
        push_front(state, [{"t": "raise", "card": cid}])


def _faces(face: str) -> list[str]:
    return list(C.TERRITORIES) if face == "all" else [] if face == "none" else [face]


def special_die(state: dict, item: dict, events: list) -> None:
    """Phantom (l.496–506): attack the rolled territory; Giant (l.528–536): its marker moves left."""
    cid = item["card"]
    face = C.TERRITORY_DIE[rng.below(state, 6)]
    events.append(ev("event.territory_die", card=cid, face=face))
    kind = C.CARDS[cid]["kind"]
    step = "attack" if kind == "phantom" else "giant_mark"
    push_front(state, [{"t": step, "terr": t, "card": cid} for t in _faces(face)])


def raise_dead(state: dict, item: dict, events: list) -> None:
    """House Necromancer: the topmost normal enemy of the discard pile returns and attacks at once."""
    for k in range(len(state["discard"]) - 1, -1, -1):
        cid = state["discard"][k]
        if C.CARDS[cid]["kind"] == "enemy":
            del state["discard"][k]
            state["display"].append(cid)
            state["enemy_total"][cid] = 0
            events.append(ev("event.raised", card=cid, by=item["card"]))
            push_front(state, [{"t": "attack", "terr": C.CARDS[cid]["territory"], "card": cid}])
            return
    events.append(ev("event.raise_nothing", by=item["card"]))


def held_off(state: dict, item: dict) -> bool:
    """Schildmaid: before an attack resolves, the active player may cancel it (once per turn). True when the
    attack stops here: the choice is asked now, or it was cancelled."""
    if item.get("asked") or not can_use(state, "cancel_attack") or state["step"] != "enemy":
        return bool(item.get("cancelled"))
    item["asked"] = True
    state["queue"].insert(0, item)
    decide(state, "shield", card=item["card"], territory=item["terr"], effect=item["t"])
    return True


def shield_stakes(state: dict) -> dict | None:
    """What the attack the Shieldmaiden is asked about (``held_off``) would do if let through, read from the table
    now: her player decides whether to spend the once-per-turn shield on it, so the question names it. ``card``,
    ``territory`` (``"memory"`` for a Dragon at the Vortex of Memory), ``effect`` (``attack``, ``dragon`` or
    ``giant_mark``), and its cost: ``dice`` it would remove, ``damage`` it would do, ``last`` (a Giant: where the
    track would end) and ``falls`` (the territory would fall and the game be lost). None without that question."""
    d = state.get("decision") or {}
    if d.get("kind") != "shield":
        return None
    t, effect, card = d["territory"], d["effect"], d["card"]
    stakes = {"card": card, "territory": t, "effect": effect, "dice": 0, "damage": 0, "falls": False}
    if effect == "dragon":
        value = C.CARDS[card]["value"]
        hits = [i for i in ids_at(state, "memory") if state["dice"][i]["v"] == value] if t == "memory" \
            else T.dragon_targets(state, t, value)
        return dict(stakes, dice=len(hits), value=value)
    tr = state["terr"][t]
    if effect == "giant_mark":
        return dict(stakes, last=tr["last"] - 1, falls=tr["last"] - 1 <= tr["skull"])
    removals = len(T.attack_steps(state, t))
    if removals:
        return dict(stakes, dice=removals)
    return dict(stakes, damage=1, skull=min(tr["skull"] + 1, tr["last"]), last=tr["last"],
                falls=tr["skull"] + 1 >= tr["last"])        # l.337: nothing to remove, damage instead


def attack(state: dict, item: dict, events: list) -> None:
    if held_off(state, item):
        return
    t = item["terr"]
    steps = T.attack_steps(state, t)
    events.append(ev("event.attack", card=item["card"], territory=t))
    if not steps:
        damage(state, t, 1, events)                                     # l.337
        return
    push_front(state, [{"t": "remove", "terr": t, "step": s, "card": item["card"]} for s in steps]
               + [{"t": "tidy", "terr": t}])


def remove(state: dict, item: dict, events: list) -> None:
    t = item["terr"]
    cands = T.candidates(state, t, item["step"])
    if not cands:
        return
    if len({T.equivalence(state, t, i) for i in cands}) == 1:
        to_oblivion(state, [cands[0]], events, "attack")
        return
    decide(state, "remove_die", territory=t, dice=cands, card=item["card"])


def dragon(state: dict, item: dict, events: list) -> None:
    if held_off(state, item):
        return
    t, v = item["terr"], item["v"]
    if t == "memory":
        hits = [i for i in ids_at(state, "memory") if state["dice"][i]["v"] == v]
        state["memory_total"] = max(0, state["memory_total"] - v * len(hits))
    else:
        hits = T.dragon_targets(state, t, v)
    to_oblivion(state, hits, events, "dragon")
    if t != "memory":
        T.tidy(state, t)


def giant_mark(state: dict, item: dict, events: list) -> None:
    if held_off(state, item):
        return
    tr = state["terr"][item["terr"]]
    tr["last"] -= 1
    events.append(ev("event.marker", territory=item["terr"], last=tr["last"]))
    if tr["last"] <= tr["skull"]:
        lose(state, events, "territory_fallen", territory=item["terr"])


def mos_die(state: dict, item: dict, events: list) -> None:
    """l.406–414: one territory 2 damage, all 1 each, none nothing; never removes dice."""
    face = C.TERRITORY_DIE[rng.below(state, 6)]
    events.append(ev("event.territory_die", card="master_of_shadows", face=face))
    for t in _faces(face):
        damage(state, t, 2 if face != "all" else 1, events)


def mos_shuffle(state: dict, item: dict, events: list) -> None:
    state["deck"].remove("master_of_shadows")
    state["deck"].insert(rng.below(state, len(state["deck"]) + 1), "master_of_shadows")
    events.append(ev("event.master_shuffled", deck=len(state["deck"])))


def defeat(state: dict, cid: str, events: list) -> None:
    """l.343–355: the card goes face up on the holder; the dice on it return."""
    state["display"].remove(cid)
    state["enemy_total"].pop(cid, None)
    state["discard"].append(cid)
    # counted here, not read off the discard pile: a Necromancer takes defeated enemies back out of it
    state["defeated"] += 1
    events.append(ev("event.defeated", card=cid))
    return_dice(state, ids_at(state, f"enemy:{cid}"), events)
    if can_use(state, "repair_on_defeat"):
        terr = C.CARDS[cid]["territory"]
        if terr is None:                     # special enemies: the most damaged territory (house: automatic)
            terr = max(C.TERRITORIES, key=lambda t: state["terr"][t]["skull"])
        if state["terr"][terr]["skull"] > 0:
            use_hero(state, events, "repair_on_defeat")
            skull_back(state, terr, 1, events)


def skull_back(state: dict, t: str, n: int, events: list) -> None:
    tr = state["terr"][t]
    tr["skull"] = max(0, tr["skull"] - n)
    events.append(ev("event.repaired", territory=t, skull=tr["skull"]))


ENEMY_STRENGTH = 6   # the damage that defeats an enemy: 6 or more on its card


def add_to_enemy(state: dict, cid: str, amount: int, events: list) -> None:
    state["enemy_total"][cid] += amount
    # the true sum, as a player adds it up (a line capped at "6 of 6" claimed a sum the dice did not make); its
    # words name the strength apart ("… 6 or more defeats it"), so "14" does not read as "14 of 6"
    events.append(ev("event.enemy_hit", card=cid, total=state["enemy_total"][cid]))
    if state["enemy_total"][cid] >= ENEMY_STRENGTH:
        defeat(state, cid, events)


# --- completions and rewards ------------------------------------------------------------------------------

def promote(state: dict, item: dict, events: list) -> None:
    cands = ids_at(state, "desert", item["from"])
    if len(cands) < 3:
        return
    if len({state["dice"][i]["o"] for i in cands}) == 1:
        push_front(state, T.promote(state, cands[0], item["from"], events))
        return
    decide(state, "promote", section=item["from"], dice=cands)


def desert_return(state: dict, item: dict, events: list) -> None:
    dice = [i for i in item["dice"] if state["dice"][i]["at"] == "desert"]
    if dice:
        decide(state, "desert_return", dice=dice)


def ice_claim(state: dict, item: dict, events: list) -> None:
    if T.side(state, "ice_cave") == "A":
        n = len(ids_at(state, "ice_cave"))
        if n >= 6:                                                      # l.313: with 6 you must
            claim_ice_a(state, events)
        elif n >= 4:
            decide(state, "ice_claim", count=n)
    elif T.ice_b_complete_lines(state):
        decide(state, "ice_claim", lines=T.ice_b_complete_lines(state))


def claim_ice_a(state: dict, events: list) -> None:
    row = ids_at(state, "ice_cave")
    rewards = C.ICE_A_REWARDS[min(len(row), 6)]
    events.append(ev("event.ice_claim", count=len(row)))
    n_heroes = len(state["heroes"])
    order = [(state["active"] + k) % n_heroes for k in range(n_heroes)]
    colours = {state["dice"][i]["o"] for i in row}
    heroes = [h for h in order if state["heroes"][h]["colour"] in colours]
    items: list[dict] = [{"t": "ice_return", "dice": row}]
    if "defeat_enemy" in rewards:
        items.append({"t": "reward_enemy"})
    if "reset_damage" in rewards:
        items.append({"t": "reward_skull", "n": None})
    push_front(state, items)
    supply = len(ids_at(state, "supply"))
    if heroes and not supply:
        # l.297 pays bonus dice only from the Ice Cave: with none left there nobody gets one, and the log says
        # so (a tester's heroes were owed dice and read nothing about why none came)
        events.append(ev("event.bonus_none", count=len(heroes)))
    if not heroes:
        # l.297 pays a bonus die only to a hero with a die of their own colour in the row: a row of ally and
        # bonus dice pays nobody, and the log says so (a claim that paid none read as if it had been forgotten)
        events.append(ev("event.bonus_no_colour"))
    if 0 < supply < len(heroes):
        # l.301: not enough bonus dice left: the players decide who gets none; l.189: if they cannot agree,
        # the active player decides. The row's dice go back (its bonus dice to the Ice Cave) afterwards.
        decide(state, "bonus_dice", heroes=heroes, count=supply)
        return
    give_bonus_to(state, heroes, events)


def give_bonus_to(state: dict, heroes: list[int], events: list) -> None:
    """One bonus die each, to every hero of a claimed row or to those the active player chose when too few
    are left."""
    for h in heroes:
        give_bonus(state, h, 1, events)


def ice_return(state: dict, item: dict, events: list) -> None:
    """The claimed Ice Cave row goes back once its bonus dice are handed out (bonus dice to the Ice Cave)."""
    return_dice(state, [i for i in item["dice"] if state["dice"][i]["at"] == "ice_cave"], events)


def claim_ice_b(state: dict, lines: list[str], events: list) -> None:
    fields = sorted({f for ln in lines for f in C.ICE_B_LINES[ln][0]})
    events.append(ev("event.ice_claim_lines", lines=lines))
    return_dice(state, [i for i in ids_at(state, "ice_cave") if state["dice"][i]["s"] in fields], events)
    items: list[dict] = []
    for ln in lines:
        reward = C.ICE_B_LINES[ln][1]
        if reward == "bonus_dice_2":
            give_bonus(state, state["active"], 2, events)
        elif reward == "defeat_enemy":
            items.append({"t": "reward_enemy"})
        elif reward == "free_die":
            items.append({"t": "reward_free"})
        else:
            items.append({"t": "reward_skull", "n": 2 if reward == "skull_back_2" else 1})
    push_front(state, items)


def give_bonus(state: dict, h: int, n: int, events: list) -> None:
    supply = ids_at(state, "supply")[:n]
    for i in supply:
        send(state, i, f"board:{h}")
    if supply:
        events.append(ev("event.bonus_dice", hero=h, count=len(supply)))


def reward_enemy(state: dict, item: dict, events: list) -> None:
    cards = [c for c in state["display"] if C.CARDS[c]["kind"] in DEFEATABLE]
    if len(cards) == 1:
        defeat(state, cards[0], events)
    elif cards:
        decide(state, "reward_enemy", cards=cards)


def reward_skull(state: dict, item: dict, events: list) -> None:
    terrs = [t for t in C.TERRITORIES if state["terr"][t]["skull"] > 0]
    if len(terrs) == 1:
        skull_back(state, terrs[0], item["n"] if item["n"] else 99, events)
    elif terrs:
        decide(state, "reward_skull", territories=terrs, amount=item["n"])


def reward_free(state: dict, item: dict, events: list) -> None:
    cands = ids_at(state, "oblivion")
    if not cands:
        return
    groups = {state["dice"][i]["o"] for i in cands}
    if len(groups) == 1:
        free_die(state, cands[0], events)
    else:
        decide(state, "reward_free", dice=cands)


def free_die(state: dict, die: int, events: list) -> None:
    seen = looks(state, die)                        # as it lay in the vortex
    send(state, die, home_of(state, die))
    events.append(ev("event.freed", die=die, die_seen=seen))


MEMORY_RELEASE = 10    # l.436–442: the Vortex of Memory's total that sends every die of both vortexes back


def memory_check(state: dict, events: list) -> None:
    """l.436–442: at 10 every die of both vortexes returns."""
    if state["memory_total"] >= MEMORY_RELEASE:
        back = ids_at(state, "oblivion") + ids_at(state, "memory")
        state["memory_total"] = 0
        events.append(ev("event.memory_release", dice=len(back)))
        return_dice(state, back, events)


HANDLERS = {
    "pick": pick, "start_turn": start_turn, "after_place": after_place, "more": more, "enemy_phase": enemy_phase,
    "end_turn": end_turn, "reveal": reveal, "act": act, "special_die": special_die, "raise": raise_dead,
    "attack": attack, "remove": remove, "dragon": dragon, "giant_mark": giant_mark, "mos_die": mos_die,
    "mos_shuffle": mos_shuffle, "promote": promote, "desert_return": desert_return, "ice_claim": ice_claim,
    "ice_return": ice_return, "reward_enemy": reward_enemy, "reward_skull": reward_skull, "reward_free": reward_free,
    "tidy": lambda state, item, events: T.tidy(state, item["terr"]),
}
