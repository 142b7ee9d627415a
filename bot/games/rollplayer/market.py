"""Buying cards: price, Charisma tokens, hands, the Trait arrow — one path for every kind of purchase.

Market purchases, Charming's second purchase, Move Silently (discard pile, discounts apply) and Open Lock
(deck top, printed cost, no reduction) all end in ``do_purchase``; they differ only by ``discounts``.
"""
from __future__ import annotations

from bot.games import rng

from .content import CARD_ARROW, CARD_COST, CARD_TYPE
from .rules import arrows_optional, can_move, ev, fits_hands, move_token, price


def purchase_variants(p, card: str, discounts: bool = True) -> list[dict]:
    """Parameter sets for buying ``card`` now: Charisma tokens (when discounts apply) × Paladin arrow."""
    if not fits_hands(p, card):
        return []
    if discounts:
        base = price(p, card)
        out = [{"tokens": k} for k in range(min(p.charisma, base) + 1) if base - k <= p.gold]
    else:
        out = [{}] if CARD_COST[card] <= p.gold else []
    if out and CARD_TYPE[card] == "trait":
        opt = arrows_optional(p)
        if opt and opt.get("trait_purchase") and can_move(p, CARD_ARROW[card]):
            out = [dict(v, follow_arrow=f) for v in out for f in (True, False)]
    return out


def do_purchase(state, p, card: str, params: dict, events: list, discounts: bool, source: str) -> None:
    tokens = params.get("tokens", 0) if discounts else 0
    cost = price(p, card, tokens) if discounts else CARD_COST[card]
    p.gold -= cost
    p.charisma -= tokens
    p.cards.append(card)
    state.purchases += 1
    events.append(ev("card_bought", seat=p.seat, card=card, cost=cost, tokens=tokens, source=source))
    if CARD_TYPE[card] == "trait":
        arrow = CARD_ARROW[card]
        if arrow is not None and params.get("follow_arrow", True):
            if not move_token(p, arrow, events):
                events.append(ev("arrow_blocked", seat=p.seat, card=card, direction=arrow))


def refill_deck(state, events: list) -> bool:
    """Deck empty: shuffle the discard pile (both groups together) into a new deck. False if nothing."""
    if state.deck:
        return True
    if not state.discard:
        return False
    state.deck = state.discard
    state.discard = []
    rng.shuffle(state, state.deck)
    events.append(ev("deck_reshuffled", cards=len(state.deck)))
    return True


def reveal_market(state, count: int, events: list) -> None:
    for _ in range(count):
        if not state.deck and not refill_deck(state, events):
            break
        state.market.append(state.deck.pop(0))
    events.append(ev("market_revealed", cards=list(state.market)))
