"""The flow of a match: ante, roll, the two rerolls, showdown, payout, next hand, match end.

A state is a plain JSON-able dict (fields documented in ``state.py``); the functions here change it in
place and return the events. ``moves.apply`` is the validating entry point that works on a copy.

Per hand (printed procedure, seed 004 l.707-736):

* duel: both ante 1, the supply adds 1 (pot 3), both roll; the non-active seat rerolls, then the active
  seat; the better hand takes the pot; the next hand swaps the active seat (house);
* local gamblers (l.1908-1916): the player stakes 1, the supply adds 2; the rules roll and reroll for the
  gamblers (first, as the non-active side) with the bot; the player wins ties; a lost pot is discarded;
* solo (l.1782-1788): pay the table's stake to the supply, roll, one reroll, the table pays gross.
"""
from __future__ import annotations

from bot.games import rng

from . import odds
from .content import ANTE, GAMBLERS, N_DICE, POT, SOLO_TABLES, SUPPLY_ADDS
from .hands import compare, hand_key, hand_name

DECISION_TIMEOUT_S = 120


def ev(name: str, **params) -> dict:
    return {"key": f"dicepoker.event.{name}", "params": params}


def n_sides(mode: str) -> int:
    return 1 if mode == "solo" else 2


def opponent_side(state: dict) -> int:
    return 1 - state["active"]


def seat_of_side(state: dict, side: int) -> int | None:
    """The seat playing a side; None for the local gamblers (played by the rules)."""
    if state["mode"] == "duel":
        return side
    return 0 if side == 0 else None


def stake(options: dict) -> int:
    if options["mode"] == "solo":
        return SOLO_TABLES[options["table"]]["stake"]
    return GAMBLERS["stake"] if options["mode"] == "local_gamblers" else ANTE


def start_total(options: dict) -> int:
    return options["purse"] * (2 if options["mode"] == "duel" else 1)


def new_state(seats: int, seed: int, options: dict) -> tuple[dict, list[dict]]:
    """A fresh match with its first hand dealt (ante, roll and, against gamblers, their reroll)."""
    mode = options["mode"]
    state = {
        "version": 1, "mode": mode, "seats": seats, "options": dict(options),
        "rng": rng.seed_state(seed, 31), "hand": 1, "phase": "", "active": options.get("first_active", 0),
        "purses": [options["purse"]] * seats, "pot": 0, "supply": 0,
        "sides": [{"initial": [1] * N_DICE, "dice": [1] * N_DICE, "rerolled": None} for _ in range(n_sides(mode))],
        "history": [], "result": None,
    }
    return state, start_hand(state)


def start_hand(state: dict) -> list[dict]:
    """Ante and roll for hand ``state["hand"]`` (every seat can pay: ``next_hand`` checked it)."""
    opts, mode = state["options"], state["mode"]
    need = stake(opts)
    for s in range(state["seats"]):
        state["purses"][s] -= need
    if mode == "solo":
        state["supply"] -= need
        state["pot"] = 0
    else:
        added = SUPPLY_ADDS if mode == "duel" else GAMBLERS["supply_adds"]
        state["supply"] += added
        state["pot"] = need * state["seats"] + added
    for side in range(n_sides(mode)):
        dice = [rng.roll(state) for _ in range(N_DICE)]
        state["sides"][side] = {"initial": list(dice), "dice": dice, "rerolled": None}
    if mode == "solo":
        state["phase"] = "solo_reroll"
    elif mode == "local_gamblers":
        reroll(state, 1, gamblers_keep(state))
        state["phase"] = "active_reroll"
    else:
        state["phase"] = "opponent_reroll"
    return deal_events(state)


def gamblers_keep(state: dict) -> list[int]:
    """The gamblers' keep (indexes): minimax ("best") or pairs-and-better ("easy")."""
    mine, player = state["sides"][1]["dice"], state["sides"][0]["dice"]
    if state["options"]["gambler_level"] == "easy":
        keep = odds.easy_keep(mine)
    else:
        keep, _ = odds.opponent_keep(mine, player, state["options"]["kicker_depth"])
    return odds.keep_indexes(mine, keep)


def reroll(state: dict, side: int, keep: list[int]) -> list[dict]:
    """Reroll every die of ``side`` not in ``keep`` (validated indexes, ascending); the new values stand."""
    s = state["sides"][side]
    s["rerolled"] = [i for i in range(N_DICE) if i not in keep]
    for i in s["rerolled"]:
        s["dice"][i] = rng.roll(state)
    return [_rerolled(state, side)]


def _rolled(state: dict, side: int) -> dict:
    seat, dice = seat_of_side(state, side), list(state["sides"][side]["initial"])
    if seat is None:
        return ev("gamblers_rolled", dice=dice, hand=hand_name(dice))
    return ev("rolled", seat=seat, dice=dice, hand=hand_name(dice))


def _rerolled(state: dict, side: int) -> dict:
    s = state["sides"][side]
    seat, rerolled, dice = seat_of_side(state, side), list(s["rerolled"]), list(s["dice"])
    keep = [i for i in range(N_DICE) if i not in rerolled]
    if seat is None:
        name = "gamblers_rerolled" if rerolled else "gamblers_kept_all"
        return ev(name, keep=keep, rerolled=rerolled, count=len(rerolled), dice=dice, hand=hand_name(dice))
    if not rerolled:
        return ev("kept_all", seat=seat, dice=dice, hand=hand_name(dice))
    return ev("rerolled", seat=seat, keep=keep, rerolled=rerolled, count=len(rerolled), dice=dice,
              hand=hand_name(dice))


def play_reroll(state: dict, side: int, keep: list[int]) -> list[dict]:
    """A seat's (already validated) reroll decision and whatever follows it up to the next decision."""
    events = reroll(state, side, keep)
    if state["phase"] == "opponent_reroll":
        state["phase"] = "active_reroll"
        return events
    events += showdown(state)
    return events + next_hand(state)


def showdown(state: dict) -> list[dict]:
    """Compare (or pay from the solo table), move the gold, write the hand into the history."""
    mode, opts = state["mode"], state["options"]
    sides = state["sides"]
    entry = {"hand": state["hand"], "active": state["active"],
             "initial": [list(s["initial"]) for s in sides], "final": [list(s["dice"]) for s in sides],
             "rerolled": [list(s["rerolled"]) for s in sides], "hands": [hand_name(s["dice"]) for s in sides],
             "winner": None, "decided_by": None, "pot": state["pot"], "payout": 0}
    events: list[dict] = []
    if mode == "solo":
        hand = entry["hands"][0]
        gold = SOLO_TABLES[opts["table"]]["pay"][hand]
        state["purses"][0] += gold
        state["supply"] += gold
        entry["payout"] = gold
        events.append(ev("paid_out", seat=0, hand=hand, gold=gold, purse=state["purses"][0],
                         stake=stake(opts), table=opts["table"]))
    else:
        act, opp = state["active"], opponent_side(state)
        who, step = compare(sides[act]["dice"], sides[opp]["dice"], opts["kicker_depth"])
        win = act if who == "active" else opp
        lose = 1 - win
        entry["winner"], entry["decided_by"] = win, step
        pot, state["pot"] = state["pot"], 0
        win_seat = seat_of_side(state, win)
        params = dict(hand=entry["hands"][win], other_hand=entry["hands"][lose], decided_by=step, pot=pot)
        if win_seat is None:                     # the gamblers won: the pot goes back to the supply
            state["supply"] -= pot
            events.append(ev("lost_to_gamblers", seat=0, purse=state["purses"][0], **params))
        else:
            state["purses"][win_seat] += pot
            entry["payout"] = pot
            loser = seat_of_side(state, lose)
            events.append(ev("hand_won", seat=win_seat, loser=loser, purse=state["purses"][win_seat], **params))
    entry["purses"] = list(state["purses"])
    state["history"].append(entry)
    return events


def next_hand(state: dict) -> list[dict]:
    """Deal the next hand, or end the match after the last one or when a seat cannot pay (l.728)."""
    if state["hand"] >= state["options"]["hands"]:
        return finish(state)
    need = stake(state["options"])
    broke = [s for s in range(state["seats"]) if state["purses"][s] < need]
    if broke:
        events = [ev("cannot_ante", seat=s, purse=state["purses"][s], stake=need) for s in broke]
        return events + finish(state, broke=broke)
    state["hand"] += 1
    if state["mode"] == "duel":
        state["active"] = 1 - state["active"]
    return start_hand(state)


def best_dice(state: dict) -> list[list[int] | None]:
    """The dice of the best final hand each seat showed in the match (the first of equals), None before any
    hand. "Best" and "equal" follow the match's tie-break (``match_key``), as the showdowns did."""
    best: list[list[int] | None] = [None] * state["seats"]
    keys: list[tuple | None] = [None] * state["seats"]
    for entry in state["history"]:
        for side, dice in enumerate(entry["final"]):
            seat = seat_of_side(state, side)
            if seat is None:
                continue
            key = match_key(state, dice)
            if keys[seat] is None or key > keys[seat]:
                best[seat], keys[seat] = list(dice), key
    return best


def match_key(state: dict, dice) -> tuple:
    """The comparison key of ``dice`` under the match's tie-break: the printed rule looks at two unused dice
    only, so two best hands equal there are equal for the match too (a draw), not split by a third die as the
    house rule would. Solo has no tie-break option and compares every die."""
    return hand_key(dice, state["options"].get("kicker_depth"))


def best_hands(state: dict) -> list[tuple | None]:
    """The comparison key of each seat's ``best_dice`` under the match's tie-break (``match_key``)."""
    return [None if dice is None else match_key(state, dice) for dice in best_dice(state)]


def outcome(state: dict, broke: list[int] | None = None) -> dict:
    """Who wins the match and why. Duel: a seat that cannot ante loses; else more Gold; equal Gold -> the
    better best hand of the match; still equal -> draw. One-seat modes have no winner, only a total."""
    if state["mode"] != "duel":
        return {"winner": None, "reason": "broke" if broke else "hands_played"}
    if broke:
        return {"winner": 1 - broke[0], "reason": "broke"} if len(broke) == 1 else {"winner": None,
                                                                                   "reason": "draw"}
    g = state["purses"]
    if g[0] != g[1]:
        return {"winner": 0 if g[0] > g[1] else 1, "reason": "gold"}
    b = best_hands(state)
    if b[0] != b[1]:
        return {"winner": 0 if b[0] > b[1] else 1, "reason": "best_hand"}
    return {"winner": None, "reason": "draw"}


def finish(state: dict, broke: list[int] | None = None) -> list[dict]:
    state["phase"] = "over"
    state["pot"] = 0
    state["result"] = outcome(state, broke)
    gold = list(state["purses"])
    if state["mode"] != "duel":
        return [ev("session_over", seat=0, gold=gold[0], net=gold[0] - state["options"]["purse"],
                   hands=state["hand"], reason=state["result"]["reason"])]
    win = state["result"]["winner"]
    if win is None:
        return [ev("match_drawn", gold=gold[0], hands=state["hand"])]
    return [ev("match_won", seat=win, loser=1 - win, gold=gold[win], other_gold=gold[1 - win],
               reason=state["result"]["reason"], hands=state["hand"])]


def pending(state: dict) -> list[dict]:
    phase = state["phase"]
    if phase == "over":
        return []
    side = opponent_side(state) if phase == "opponent_reroll" else state["active"]
    role = {"opponent_reroll": "opponent", "active_reroll": "active", "solo_reroll": "solo"}[phase]
    return [{"seat": seat_of_side(state, side), "decision": "reroll", "role": role,
             "default": {"type": "reroll", "keep": list(range(N_DICE))}, "timeout_s": DECISION_TIMEOUT_S}]


def acting_side(state: dict) -> int | None:
    if state["phase"] == "over":
        return None
    return opponent_side(state) if state["phase"] == "opponent_reroll" else state["active"]


assert POT == 3


def deal_events(state: dict) -> list[dict]:
    """The events of the deal of the current hand (ante, roll and the gamblers' reroll), read from the state:
    ``start_hand`` returns them."""
    if state["phase"] == "over":
        return []
    mode, opts = state["mode"], state["options"]
    need = stake(opts)
    out = [ev("hand_started", hand=state["hand"], hands=opts["hands"],
              active=seat_of_side(state, state["active"]) if mode != "solo" else 0)]
    key = "stake_paid" if mode == "solo" else "ante_paid"
    out += [ev(key, seat=s, gold=need, purse=state["purses"][s]) for s in range(state["seats"])]
    if mode != "solo":
        out.append(ev("pot_formed", supply=state["pot"] - need * state["seats"], pot=state["pot"]))
    out += [_rolled(state, side) for side in range(len(state["sides"]))]
    if mode == "local_gamblers":
        out.append(_rerolled(state, 1))
    return out
