"""Moves: the validating ``apply`` (``engine.legal`` lists them, ``engine.pending`` says who decides).

Every player choice is a small JSON dict ``{"type": ..., "seat": n, ...}``. The full catalogue (each is
exactly what ``engine.legal`` returns, so buttons can be built from it):

Setup
    {"type": "race", "race": id, "gender": "male"|"female"}          sheet choice, seat order
    {"type": "class", "class": id}                     side of the drawn card (or any free card: free_class)
    {"type": "place_start", "die": [colour, value], "attr": a}        any seat, any order
Round
    {"type": "order", "dice": [[colour, value], ...]}   tied dice onto Initiative cards (roll phase and
                                                        after Climb / Intimidate / Negotiate)
    {"type": "take", "card": n}                         take Initiative card n (its die, its coin)
    {"type": "power", "power": "mysterious"}            Sorcerer: reroll the drafted die (then "keep")
    {"type": "place", "attr": a}                        place the drafted die
    {"type": "action", "action": "str", "die": [a, i]}  flip to the opposite face
    {"type": "action", "action": "dex", "a": [a, i], "b": [a, j]}   swap two placed dice
    {"type": "action", "action": "con", "die": [a, i], "delta": ±1 (Monk ±2)}
    {"type": "action", "action": "int", "die": [a, i]}  reroll, then {"type": "keep", "keep": "new"|"old"}
    {"type": "action", "action": "wis", "dir": "up"|"down"|"left"|"right"}
    {"type": "action", "action": "cha"}                 take a Charisma token
    {"type": "decline_action"}
    {"type": "second_swap", "a": .., "b": ..} | {"type": "second_swap", "skip": true}   Rogue
    {"type": "end_turn"}                                after the action, when Concentrate could follow
    {"type": "power", "power": "attuned", "card": id|null}   Druid at the start of the Market Phase
    {"type": "buy", "card": id, "tokens": k [, "follow_arrow": bool (Paladin, Traits)]}
    {"type": "take_gold", "card": id}                   discard a market card for 2 Gold
    {"type": "take_gold"}                               the same in the Friendly Market variant
    {"type": "open_lock", "buy": bool [, "follow_arrow": bool]}   after looking at the deck top
    {"type": "end_market_turn"}                         Charming: stop after one purchase; Pickpocket: skip
    {"type": "refresh", "cards": [ids]}                 Cleanup (0..1 cards, Ranger 0..2)
    {"type": "finish"}                                  last round: done with any-time skills, score
Any time (when allowed)
    {"type": "skill", "card": id, ...targets} | {"type": "skill", "card": id, "decline": true}
        targets by effect kind: attribute actions as above (Concentrate repeats this turn's action);
        Climb {"target": n, "delta": ±1}; Intimidate / Negotiate {"target": n}; Search {"colour": c};
        Sleight of Hand {"die": [a, i], "to": a}; Move Silently {"target": id, "tokens": k};
        Open Lock / Pickpocket: none. Diplomacy adds {"copy": skill id} and the copied skill's targets.
    {"type": "discard_weapon", "card": id}             also while looking at the Open Lock card

``apply`` never trusts input: a move is accepted only if it equals one ``engine.legal`` offers (after
normalising lists/tuples and the order of the two dice of a swap); otherwise a ``RuleError`` explains why,
and the given state is untouched (``apply`` works on a clone).
"""
from __future__ import annotations

from bot.games.errors import RuleError
from bot.games.strict import offered

from . import engine, phases
from .content import CARD_TYPE, CLASSES, SKILL_TIMING, hand_limit
from .guard import check_move, check_seat, show
from .rules import fits_hands, price
from .skills import arrow_ok, refreshed_this_cleanup, window_open
from .state import GameState

MOVE_TYPES = phases.MOVE_TYPES


def normalise(move) -> dict:
    """JSON-shape a move: tuples → lists, the two dice of a swap in sheet order (only the top two levels
    are touched, so a deep value is never walked; ``apply`` checks shape and size before this)."""
    if type(move) is not dict:
        raise RuleError("bad_move", "rules.rollplayer.bad_move")
    out = {}
    for k, v in move.items():
        if isinstance(v, (tuple, list)):
            v = [list(x) if isinstance(x, tuple) else x for x in v]
        out[k] = v
    cards = out.get("cards")
    if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
        out["cards"] = sorted(cards)  # a refresh names a set of skills
    if "a" in out and "b" in out:
        from .actions import canonical
        out = canonical("dex", out)
    return out


def apply(state: GameState, move: dict) -> tuple[GameState, list[dict]]:
    """Validate ``move`` (which names its seat) and return (new state, events); ``state`` is unchanged."""
    m = normalise(check_move(move))
    seat = m.get("seat")
    if state.finished:
        raise RuleError("game_finished", "rules.rollplayer.game_finished")
    check_seat(seat, state.seats)
    if type(m.get("type")) is not str or m["type"] not in MOVE_TYPES:
        raise RuleError("bad_move", "rules.rollplayer.bad_move", type=show(m.get("type")))
    legal = engine.legal(state, seat)
    move_offered = offered(m, legal)       # type-strict: 1 == True in Python; JSON tells them apart
    if move_offered is None:
        raise explain(state, seat, m)
    new = state.clone()
    events = engine.play(new, move_offered)
    return new, events


def explain(state: GameState, seat: int, m: dict) -> RuleError:
    """The most specific reason why an illegal move is illegal (for a helpful message)."""
    def err(code: str, **params) -> RuleError:
        return RuleError(code, f"rules.rollplayer.{code}", **params)

    m = {k: (v if isinstance(v, (str, int, type(None))) else repr(v)) for k, v in m.items()}
    t = m.get("type")
    p = state.players[seat]
    sub = state.sub
    if sub is not None and sub["seat"] != seat:
        return err("waiting_for_other", seat=sub["seat"], decision=sub["kind"])
    if sub is not None and t not in phases.ANSWERS and t not in phases.NESTED[sub["kind"]].also:
        return err("decision_pending", decision=sub["kind"])
    if t == "skill":
        card = m.get("card")
        if card not in p.cards or CARD_TYPE.get(card) != "skill":
            return err("card_not_owned", card=show(card))
        if card in p.exhausted:
            return err("skill_exhausted", card=card)
        if refreshed_this_cleanup(state, p, card):  # ready again from the next round on
            return err("skill_not_now", card=card, timing="next_round")
        if not arrow_ok(p, card):
            return err("arrow_blocked", card=card)
        timing = SKILL_TIMING.get(m.get("copy", card))
        if timing and timing != "as_copied" and not window_open(state, seat, timing):
            return err("skill_not_now", card=card, timing=timing)
        return err("bad_target", card=card)
    if t == "discard_weapon":
        return err("card_not_owned", card=show(m.get("card")))
    pend = {d["seat"] for d in engine.pending(state)}
    if seat not in pend:
        return err("not_your_turn", seat=seat)
    if t == "buy":
        card = m.get("card")
        if card not in state.market:
            return err("card_not_in_market", card=show(card))
        if state.phase != "market" or state.step != "buy":
            return err("wrong_phase", phase=state.phase)
        if not fits_hands(p, card):
            return err("hand_limit", card=card, hands=hand_limit(p))
        tokens = m.get("tokens", 0)
        if type(tokens) is int and tokens > p.charisma:
            return err("not_enough_charisma", tokens=tokens, have=p.charisma)
        if type(tokens) is int and price(p, card, tokens) > p.gold:
            return err("not_enough_gold", card=card, price=price(p, card, tokens), gold=p.gold)
    if t == "open_lock" and sub is not None and sub["kind"] == "open_lock":
        if not fits_hands(p, sub["card"]):
            return err("hand_limit", card=sub["card"], hands=hand_limit(p))
        return err("not_enough_gold", card=sub["card"], gold=p.gold)
    if t == "race" and m.get("race") in {q.race for q in state.players}:
        return err("race_taken", race=show(m.get("race")))
    if t == "class" and m.get("class") in CLASSES:
        return err("class_unavailable", class_id=m.get("class"))
    if t == "place" or t == "place_start":
        attr = m.get("attr")
        if attr in p.rows and len(p.rows[attr]) >= 3:
            return err("row_full", attr=attr)
    return err("illegal_move", type=show(t), phase=state.phase)
