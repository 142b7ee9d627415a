"""A hint for the active hero: the team policy's move (``policy.choose_move``) and what it achieves.

``hint(state, seat, seed)`` returns ``{"move", "key": "rollforadventure.hint.why.<reason>", "params"}``; the
shell words it (``cogs/rollforadventure``). The reason is read from the rules, never guessed from the
policy's weights:

* a placement is tried on a copy and the events it causes *before anything random or hidden happens* (a
  throw, the territory die, a card turned from the deck) say what it achieves: a power stone, a finished
  part of a territory, an enemy defeated, dice released from the Vortex of Memory;
* otherwise the table says it: a die on an empty territory an enemy threatens turns that enemy's attack
  into a lost die instead of damage; a hit brings an enemy closer to 6; the Vortex of Memory banks dice; a
  die in the Ice Cave works towards its rewards (it has no power stone: a hint said it did).

Pure and deterministic: the same state, seat and seed give the same hint; the state is not changed.
"""
from __future__ import annotations

from itertools import takewhile

from . import content as C
from . import flow as F
from . import moves as M
from . import policy
from . import territories as T
from .board import copy_state, ids_at

#: events that show something nobody knew (a throw, the territory die, a card from the deck, a die drawn
#: for the Summoner's spirit): a hint reads only what happens before the first of them
HIDDEN = frozenset({"roll", "territory_die", "reveal", "turn", "spirit_strike", "master_shuffled", "raised",
                    "dragon_miss", "no_dice", "attack", "reattack"})
#: events of a placement that finish part of a territory on the way to its power stone
MILESTONES = ("chain_closed", "barrier_removed", "forest_bar", "forest_arch_full", "promoted", "ice_claim",
              "ice_claim_lines", "bonus_dice")


def hint(state: dict, seat: int, seed: int = 0) -> dict:
    move = policy.choose_move(state, seat, seed)
    reason, params = why(state, move)
    return {"move": move, "key": f"rollforadventure.hint.why.{reason}", "params": params}


def known_events(state: dict, move: dict) -> list[dict]:
    """The events ``move`` causes up to (not including) the first that reveals something hidden."""
    events = M.apply(copy_state(state), state["decision"]["seat"], move)
    return list(takewhile(lambda event: event["key"].rsplit(".", 1)[-1] not in HIDDEN, events))


def _name(event: dict) -> str:
    return event["key"].removeprefix("rollforadventure.event.")


def threats(state: dict, territory: str) -> list[str]:
    """Enemies on display that attack ``territory`` (phantoms attack anywhere)."""
    return [c for c in state["display"]
            if C.CARDS[c]["kind"] in F.DEFEATABLE and C.CARDS[c]["territory"] in (territory, None)]


def why(state: dict, move: dict) -> tuple[str, dict]:
    """(reason id, params) of ``move`` in ``state``'s decision."""
    t = move["type"]
    if t == "place":
        return _why_place(state, move)
    if t == "pick_hero":
        return "pick", {"hero": move["hero"]}
    if t == "end_placement":
        return "end", {}
    if t == "flip":
        return "flip", {"value": move["value"], "new": 7 - move["value"]}
    if t == "reroll":
        return "reroll", {"values": list(move["values"])}
    if t == "free":
        return "free", {"owner": move["owner"]}
    if t == "strike":
        return "strike", {"card": move["card"], "total": state["enemy_total"][move["card"]]}
    if t == "claim":
        if "lines" in move:
            return ("claim_lines" if move["lines"] else "claim_wait"), {"lines": list(move["lines"])}
        return _why_claim(state, move)
    if t == "shield":
        territory = state["decision"].get("territory")
        return ("shield_use" if move["use"] else "shield_save"), {"territory": territory}
    if t == "defeat":
        card = C.CARDS[move["card"]]
        return "defeat_reward", {"card": move["card"], "territory": card["territory"]}
    if t == "repair":
        tr = state["terr"][move["territory"]]
        return "repair", {"territory": move["territory"], "skull": tr["skull"], "last": tr["last"]}
    if t in ("remove", "promote", "rescue"):
        return t, {"die": move["die"]}
    if t == "keep":
        return "keep", {"count": len(move["return"])}
    if t == "bonus":
        return "bonus", {"heroes": list(move["heroes"])}
    return "other", {}


def _why_claim(state: dict, move: dict) -> tuple[str, dict]:
    """An Ice Cave A claim's reason names what the row pays now (l.297-313): bonus dice only while the Ice Cave
    still holds some (a hint advised "take the bonus dice" with none left), a defeat from 5 dice on, and the
    row's dice back to their owners either way."""
    count = state["decision"]["count"]
    empty = not ids_at(state, "supply")
    params = {"count": count}
    if not move["claim"]:
        return ("claim_wait_empty" if empty else "claim_wait"), params
    if count >= 5:
        return ("claim_empty_defeat" if empty else "claim_defeat"), params
    return ("claim_empty" if empty else "claim_now"), params


def _why_place(state: dict, move: dict) -> tuple[str, dict]:
    target, value, count = move["place"], move["value"], move["count"]
    base = {"value": value, "count": count}
    events = known_events(state, move)
    names = [_name(e) for e in events]
    if "won" in names:
        return "win", base
    if "stone" in names:
        stone = events[names.index("stone")]["params"]
        return "stone", dict(base, territory=stone["territory"], stones=stone["stones"], needed=stone["needed"])
    if target.startswith("enemy:"):
        cid = target[6:]
        card = C.CARDS[cid]
        params = dict(base, card=cid, territory=card["territory"])
        if "defeated" in names:
            return ("defeat" if card["territory"] else "defeat_any"), params
        total = next((e["params"]["total"] for e in events if _name(e) == "enemy_hit"), state["enemy_total"][cid])
        return "hit", dict(params, total=total, left=max(0, F.ENEMY_STRENGTH - total))
    if target == "memory":
        released = next((e["params"] for e in events if _name(e) == "memory_release"), None)
        if released is not None:
            return "memory_release", dict(base, dice=released["dice"])
        total = next((e["params"]["total"] for e in events if _name(e) == "memory"), state["memory_total"])
        return "memory", dict(base, total=total)
    territory = target.split(":", 1)[1]
    params = dict(base, territory=territory)
    milestone = next((e for e in events if _name(e) in MILESTONES), None)
    if milestone is not None:
        # the Ice Cave has no power stone: what it pays comes at once (bonus dice, a defeat, a repair)
        return ("ice_reward" if territory == "ice_cave" else "milestone"), dict(params, event=milestone)
    enemies = threats(state, territory)
    if not ids_at(state, territory) and enemies:
        return "guard", dict(params, card=enemies[0])
    if territory == "ice_cave":
        return _why_ice(state, move, dict(params, here=len(ids_at(state, territory)) + count))
    return _why_fill(state, territory, value, params)


def _why_fill(state: dict, territory: str, value: int, params: dict) -> tuple[str, dict]:
    """What a placement adds and what the task still needs (``territories.task``): "adds 1 die to the Forest: 3
    of the 6 its power stone needs", by the section it goes to in the Desert (section 1) and the Fortress (the
    section of its value). A hint read "fills the Forest (3 dice)" for one die, as if the move placed three."""
    section, held, needed = T.task(state, territory, value)
    params = dict(params, here=held + params["count"], needed=needed)
    if territory == "desert" and section == "d1":
        return ("fill_desert_full" if held + params["count"] >= needed else "fill_desert"), params
    if territory == "fortress":
        return "fill_fortress", dict(params, section=section)
    return "fill", params


def _why_ice(state: dict, move: dict, params: dict) -> tuple[str, dict]:
    """A die into the Ice Cave works towards its rewards, never a power stone (l.297-313): side A's row pays by
    how many dice it holds (4: bonus dice, 5: also defeat an enemy, 6: also a repair); side B's field is on one
    or two lines, each with a reward of its own once full."""
    if "field" not in move:
        return "ice_row", params
    lines = [line for line, (fields, _) in C.ICE_B_LINES.items() if move["field"] in fields]
    return "ice_line", dict(params, field=move["field"], rewards=lines)

