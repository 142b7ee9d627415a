"""Issue 28 point 1 in the rules: scarce bonus dice (seed 003 l.301) are the active player's decision
(l.189); the bot decides for a bot seat by a fixed rule; snapshots hold the decision."""
from __future__ import annotations

from itertools import combinations

from bot.games.rollforadventure import policy
from bot.games.rollforadventure.board import ids_at
from bot.games.rollforadventure.kind import KIND


def _at_the_choice(seed: int, limit: int = 150):
    state = KIND.create(4, seed, {"ice_cave_side": "A"})
    for n in range(limit):
        if state["result"]:
            return None
        if state["decision"]["kind"] == "bonus_dice":
            return state
        seat = state["decision"]["seat"]
        state, _ = KIND.apply(state, seat, policy.choose_move(state, seat, n))
    return None


def _first_choice():
    return next(s for s in (_at_the_choice(seed) for seed in range(40)) if s is not None)


def test_fewer_bonus_dice_than_heroes_is_the_active_players_choice():
    state = _first_choice()
    d = state["decision"]
    supply = ids_at(state, "supply")
    assert d["count"] == len(supply) < len(d["heroes"])
    assert d["seat"] == state["heroes"][state["active"]]["seat"]
    assert d["heroes"][0] == state["active"] or state["active"] not in d["heroes"]     # clockwise from the active
    legal = KIND.legal_moves(state, d["seat"])
    assert legal == [{"type": "bonus", "heroes": list(c)} for c in combinations(d["heroes"], d["count"])]
    assert KIND.loads(KIND.dumps(state)) == state                       # the decision survives a snapshot
    for move in legal:
        after, events = KIND.apply(state, d["seat"], move)
        got = sorted(int(after["dice"][i]["at"].split(":")[1]) for i in supply)
        assert got == sorted(move["heroes"])
        assert [e["params"]["hero"] for e in events if e["key"].endswith("event.bonus_dice")] == move["heroes"]
        assert not ids_at(after, "ice_cave") or after["decision"] is not None   # the row went back after
        KIND.loads(KIND.dumps(after))


def test_the_bot_gives_them_to_the_heroes_who_lost_most_dice_and_is_deterministic():
    state = _first_choice()
    d = state["decision"]
    lost = {h: sum(1 for x in state["dice"] if x["at"] == "oblivion" and x["o"] == state["heroes"][h]["colour"])
            for h in d["heroes"]}
    chosen = policy.choose_move(state, d["seat"], 1)
    assert chosen == policy.choose_move(state, d["seat"], 2)
    best = sorted(d["heroes"], key=lambda h: (-lost[h], d["heroes"].index(h)))[:d["count"]]
    assert sorted(chosen["heroes"]) == sorted(best)


def test_enough_bonus_dice_are_handed_out_at_once_as_before():
    """Only scarcity asks: with enough dice in the supply every hero whose colour is in the row gets one."""
    for seed in range(10):
        state = KIND.create(2, seed, {"ice_cave_side": "A"})
        for n in range(200):
            if state["result"]:
                break
            assert state["decision"]["kind"] != "bonus_dice" or len(ids_at(state, "supply")) < len(
                state["decision"]["heroes"])
            seat = state["decision"]["seat"]
            state, _ = KIND.apply(state, seat, policy.choose_move(state, seat, n))
