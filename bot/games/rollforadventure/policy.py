"""A rule-following team player: scores each legal move with a few readable heuristics and takes the best.

It never looks ahead and never reads the deck; it plays what a careful table would: finish tasks, kill
enemies before they strike an exposed territory, keep a die on threatened territories, bank dice with the
Vortex of Memory when the team runs dry (the reference simulation does not, and loses 2-player games to an
empty board), and use its hero whenever the ability pays. ``choose_move`` always returns a legal move.
"""
from __future__ import annotations

from bot.games import rng

from . import content as C
from . import flow as F
from . import moves as M
from . import territories as T
from .board import copy_state, ids_at

HERO_PREFERENCE = ("heiler", "schildmaid", "raecher", "beschwoererin", "haudegen", "schelm", "magierin",
                   "draufgaengerin", "kundschafterin", "frostlaeufer")
W = {"die": 4.0, "sub": 20.0, "stone": 100.0, "kill": 12.0, "hit": 2.5, "rescue": 5.0, "bank": 7.0,
     "guard": 1.0, "ice": 1.0, "hero": 2.0,
     "tempo": 0.7, "reserve": 1, "ice4": 4.0}


def choose_move(state: dict, seat: int, seed: int = 0) -> dict:
    moves = M.legal(state, seat)
    if not moves:
        raise ValueError("no decision for this seat")
    ties = {"rng": rng.seed_state(seed)}          # tie-breaks from the seed, never the random module
    d = dict(state["decision"])
    if d["kind"] == "place" and any(m["type"] in ("flip", "reroll") for m in moves):
        d["best"] = _best_value(state)
    scorer = _SCORERS.get(d["kind"], lambda s, m, d: 0.0)
    scored = [(scorer(state, m, d) + rng.below(ties, 1000) * 1e-9, k) for k, m in enumerate(moves)]
    return moves[max(scored)[1]]


# --- helpers -------------------------------------------------------------------------------------------

def _threat(state: dict, t: str) -> int:
    return sum(1 for c in state["display"] if C.CARDS[c]["territory"] == t) + \
        sum(1 for c in state["display"] if C.CARDS[c]["kind"] == "phantom")


def _board_dice(state: dict) -> int:
    return sum(1 for d in state["dice"] if d["at"].startswith("board:"))


def _die_cost(state: dict, die: int) -> float:
    """How much losing this die hurts: bonus dice least, then ally dice, hero dice most."""
    owner = state["dice"][die]["o"]
    return {"bonus": 0.0, "ally": 1.0}.get(owner, 2.0)


def _completion(state: dict, t: str, v: int, n: int, fields) -> float:
    """Progress value of putting ``n`` dice of ``v`` on ``t`` (without changing the state)."""
    tr, sd = state["terr"][t], T.side(state, t)
    here = ids_at(state, t)
    if t == "desert" and sd == "A":
        d1 = len(ids_at(state, t, "d1")) + n
        if d1 < 3:
            return 0.0
        d2 = len(ids_at(state, t, "d2"))
        return W["sub"] + (W["stone"] if d2 == 2 else 3.0 * d2)
    if t == "desert":
        used = {state["dice"][i]["s"] for i in here} | set(fields or ())
        closed = [c for c, fs in C.DESERT_B_CONNECTIONS.items() if all(f in used for f in fs)]
        newly = len([c for c in closed if c not in tr["closed"]])
        total = len(set(closed) | set(tr["closed"]))
        return W["sub"] * newly + (W["stone"] if total == len(C.DESERT_B_CONNECTIONS) else 0.0)
    if t == "fortress":
        sec = f"f{v}"
        n_here = len(ids_at(state, t, sec)) + n
        if sd == "A":
            if n_here < C.FORTRESS_A_FIELDS:
                return 0.0
            return W["sub"] + (W["stone"] if len(tr["barriers"]) == 1 else 4.0 * (3 - len(tr["barriers"])))
        stage = tr["stage"][sec]
        if n_here < C.FORTRESS_B_STAGES[stage]:
            return 0.0
        return W["stone"] if stage == len(C.FORTRESS_B_STAGES) - 1 else W["sub"] * (1 + stage)
    if t == "forest":
        if sd == "A":
            return W["stone"] if len(here) + n >= tr["bar"] else 2.0 * (len(here) + n) / tr["bar"]
        if T.forest_b_border(state) is not None:
            return W["stone"]
        return 2.0 * (len(here) + n) / C.FOREST_B_FIELDS + (W["sub"] if len(here) + n == C.FOREST_B_FIELDS else 0)
    # ice cave: the row pays from 4 dice on (bonus dice, then a kill, then a repair)
    return W["ice"] + (W["ice4"] if len(here) + n >= 4 else 0.0) + (W["ice4"] if len(here) + n >= 5 else 0.0)


def _score_place(state: dict, m: dict, d: dict) -> float:
    if m["type"] == "end_placement":
        return 0.5
    if m["type"] != "place":
        return _score_hero(state, m, d.get("best", 0.0))
    v, n, target = m["value"], m["count"], m["place"]
    pool = len(ids_at(state, "pool"))
    hero = m.get("hero", False)
    kind = F.hero_kind(state)
    if target == "memory":
        per = v * (2 if hero else 1)
        total = state["memory_total"] + per * n
        lost = len(ids_at(state, "oblivion"))
        left = pool - n
        s = -1.5 * n - W["tempo"] * left
        if total >= 10:
            s += W["rescue"] * lost + 1.0 * len(ids_at(state, "memory"))
        else:
            s += 0.15 * lost * per * n
        if _board_dice(state) <= W["reserve"] and left:
            s += W["bank"] * min(left, 3)       # the team is about to run dry: keep dice for later turns
        return s
    if target.startswith("enemy:"):
        cid = target[6:]
        need = 6 - state["enemy_total"][cid]
        per = v * (2 if hero and kind == "double_enemy_placement" else 1)
        pips = per * n
        card = C.CARDS[cid]
        t = card["territory"]
        over = (pips - need) // max(1, per)          # dice wasted beyond the kill
        if pips >= need:
            urgency = 2.0 * (card["rank"] or 1)
            if t:
                urgency += 1.5 * state["terr"][t]["skull"] + (6.0 if not ids_at(state, t) else 0.0)
            else:
                urgency += 8.0
            needed_hero = hero and v * n < need          # the ability made the kill possible
            return (W["kill"] + urgency - 3.0 * n - 6.0 * max(0, over) - 0.3 * (pips - need)
                    + (1.0 if needed_hero else -1.0 if hero else 0.0))
        return W["hit"] * pips - 2.5 * n
    t = target.split(":", 1)[1]
    s = W["die"] * n + _completion(state, t, v, n, m.get("fields") or ([m["field"]] if "field" in m else None))
    if not ids_at(state, t):
        s += W["guard"] * min(1.0, _threat(state, t) * 0.5 + state["terr"][t]["skull"] / 6.0)
    if t == "desert" and T.side(state, t) == "B" and m.get("fields"):
        shared = {"w2", "w4", "w7", "w9"}
        s += 0.3 * sum(1 for f in m["fields"] if f in shared)
    if hero:
        others = [x for x in {state["dice"][i]["v"] for i in ids_at(state, "pool")} if x != v]
        useful = sum(1 for x in others if T.capacity(state, t, x) > 0)
        s += W["hero"] * useful - (1.0 if not useful else 0.0)
    return s


def _best_value(state: dict) -> float:
    scores = [_score_place(state, m, {}) for m in M.place_moves(state)]
    return max(scores) if scores else 0.0


def _score_hero(state: dict, m: dict, current: float) -> float:
    t = m["type"]
    if t == "free":
        return 40.0
    if t == "strike":
        cid = m["card"]
        card = C.CARDS[cid]
        return 30.0 + state["enemy_total"][cid] * 2.0 + (card["rank"] or 1)
    if t == "flip":
        shadow = copy_state(state)
        shadow["dice"][M.pool_by_value(shadow)[m["value"]][0]]["v"] = 7 - m["value"]
        return _best_value(shadow) - current - 2.0
    if t == "reroll":
        if current >= W["kill"] or len(m["values"]) > 3:
            return -50.0
        pool = sorted(state["dice"][i]["v"] for i in ids_at(state, "pool"))
        kept = list(pool)
        for x in m["values"]:
            kept.remove(x)
        useless = sum(1 for x in m["values"] if not any(T.capacity(state, tt, x) for tt in C.TERRITORIES))
        return 6.0 * useless - 3.0 * (len(m["values"]) - useless) - current / 10.0 + (1 if kept else 0)
    return -10.0


def _score_keep(state: dict, m: dict, d: dict) -> float:
    tr = state["terr"]["desert"]
    open_fields = {f for c, fs in C.DESERT_B_CONNECTIONS.items() if c not in tr["closed"] for f in fs}
    s = 0.0
    for i in d["dice"]:
        shared = state["dice"][i]["s"] in open_fields
        back = i in m["return"]
        s += (-1.0 if back else 1.0) if shared else (1.0 if back else -1.0)
    return s


def _score_claim(state: dict, m: dict, d: dict) -> float:
    if "lines" in m:
        return len(m["lines"])
    if not m["claim"]:
        return 0.0
    n = d["count"]
    worst = max(tr["skull"] for tr in state["terr"].values())
    enemies = [c for c in state["display"] if C.CARDS[c]["kind"] in F.DEFEATABLE]
    if n == 4:
        return 1.0 if ids_at(state, "supply") and not (worst >= 3 and enemies) else -1.0
    return 1.0 if enemies and worst < 3 else -1.0


def _score_remove(state: dict, m: dict, d: dict) -> float:
    i = m["die"]
    s = -_die_cost(state, i)
    if d["territory"] == "desert" and state["dice"][i]["s"] in ("w2", "w4", "w7", "w9"):
        s -= 0.5
    return s


def _score_promote(state: dict, m: dict, d: dict) -> float:
    cost = _die_cost(state, m["die"])
    return -cost if d["section"] == "d2" else cost * 0.1


def _score_shield(state: dict, m: dict, d: dict) -> float:
    t = d["territory"]
    if t not in C.TERRITORIES:
        return 1.0 if m["use"] else 0.0
    exposed = not ids_at(state, t) or state["terr"][t]["skull"] >= state["terr"][t]["last"] - 3
    return 1.0 if m["use"] == exposed or (m["use"] and d["effect"] == "giant_mark") else 0.0


def _score_defeat(state: dict, m: dict, d: dict) -> float:
    card = C.CARDS[m["card"]]
    s = 2.0 * (card["rank"] or 1) + (5.0 if card["territory"] is None else 0.0)
    if card["territory"]:
        s += state["terr"][card["territory"]]["skull"]
    return s


def _score_bonus(state: dict, m: dict, d: dict) -> float:
    """Scarce bonus dice (l.301) go to the heroes who have lost most of their own dice to Oblivion (they
    throw fewest); among equals, clockwise from the active hero, as the dice were handed out before."""
    lost = {h: sum(1 for x in state["dice"] if x["at"] == "oblivion" and x["o"] == state["heroes"][h]["colour"])
            for h in d["heroes"]}
    return sum(lost[h] - d["heroes"].index(h) * 1e-3 for h in m["heroes"])


_SCORERS = {
    "place": _score_place, "place_more": _score_place, "desert_return": _score_keep, "ice_claim": _score_claim,
    "remove_die": _score_remove, "promote": _score_promote, "shield": _score_shield,
    "reward_enemy": _score_defeat, "bonus_dice": _score_bonus,
    "reward_skull": lambda state, m, d: state["terr"][m["territory"]]["skull"],
    "reward_free": lambda state, m, d: _die_cost(state, m["die"]),
    "pick_hero": lambda state, m, d: -HERO_PREFERENCE.index(m["hero"]),
}
