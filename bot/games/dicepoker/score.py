"""The itemised score of a match (a projection while it runs) and the ranking the engine stores.

Duel: Gold per seat, hands won, best hand shown; the ranking follows the match rule (Gold, then the best
hand of the match, else a shared first place). One-seat modes: the Gold at the end is the total.
"""
from __future__ import annotations

from . import rules
from .content import HANDS
from .hands import hand_key


def score(state: dict) -> dict:
    final = state["phase"] == "over"
    seats = []
    for seat, best in enumerate(rules.best_dice(state)):
        won = sum(1 for e in state["history"] if e["winner"] is not None
                  and rules.seat_of_side(state, e["winner"]) == seat)
        seats.append({"seat": seat, "gold": state["purses"][seat], "total": state["purses"][seat],
                      "net": state["purses"][seat] - state["options"]["purse"], "hands_won": won,
                      "best_hand": HANDS[hand_key(best)[0]] if best else None, "best_dice": best,
                      "payouts": [e["payout"] for e in state["history"]] if state["mode"] == "solo" else None})
    out = {"mode": state["mode"], "final": final, "hands_played": len(state["history"]),
           "hands": state["options"]["hands"], "seats": seats, "result": state["result"]}
    if state["mode"] == "duel":
        res = state["result"] if final else rules.outcome(state)
        win = res["winner"]
        out["ranking"] = [{"seat": s, "place": 1 if win in (None, s) else 2, "total": seats[s]["gold"]}
                          for s in range(2)]
        out["leader"] = win
    else:
        out["total"] = seats[0]["gold"]
        out["ranking"] = [{"seat": 0, "place": 1, "total": seats[0]["gold"]}]
        if state["mode"] == "solo":
            out["table"] = state["options"]["table"]
    return out
