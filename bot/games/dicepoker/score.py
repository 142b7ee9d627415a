"""The itemised score of a match (a projection while it runs) and the ranking the engine stores.

Duel: Gold per seat, hands won, best hand shown; the ranking follows the match rule (Gold, then the best
hand of the match, else a shared first place), and ``ties`` says how it settled a duel level on Gold.
One-seat modes: the Gold at the end is the total.
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


def ties(state: dict) -> list[tuple[str, list[int]]]:
    """How the match rule (``rules.outcome``) settled a duel level on Gold, as Roll Player's ``scoring.ties``:
    ``("best_hand", seats)`` when the better best hand of the match placed one higher (the winner first),
    ``("shared", seats)`` when the best hands were equal too (a draw). Empty when the Gold differed, and for
    the one-seat modes."""
    if state["mode"] != "duel" or state["purses"][0] != state["purses"][1]:
        return []
    result = state["result"] or rules.outcome(state)
    if result["reason"] == "best_hand":
        return [("best_hand", [result["winner"], 1 - result["winner"]])]
    return [("shared", [0, 1])] if result["reason"] == "draw" else []
