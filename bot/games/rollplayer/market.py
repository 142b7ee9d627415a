"""Buying cards: price, Charisma tokens, hands, the Trait arrow — one path for every kind of purchase.

Market purchases, Charming's second purchase, Move Silently (discard pile, discounts apply) and Open Lock
(deck top, printed cost, no reduction) all end in ``do_purchase``; they differ only by ``discounts``.
"""
from __future__ import annotations

from itertools import combinations

from bot.games import rng

from .content import CARD_ARROW, CARD_COST, CARD_EFFECT, CARD_HANDS, CARD_TYPE, hand_limit, hands_used
from .rules import arrows_optional, can_move, ev, fits_hands, move_token, price


def purchase_variants(p, card: str, discounts: bool = True) -> list[dict]:
    """Parameter sets for buying ``card`` now: Charisma tokens (when discounts apply) × Paladin arrow."""
    if not fits_hands(p, card):
        return []
    out = _affordable(p, card, discounts)
    if out and CARD_TYPE[card] == "trait":
        opt = arrows_optional(p)
        if opt and opt.get("trait_purchase") and can_move(p, CARD_ARROW[card]):
            out = [dict(v, follow_arrow=f) for v in out for f in (True, False)]
    return out


def _affordable(p, card: str, discounts: bool) -> list[dict]:
    """The Charisma token counts (when discounts apply) with which ``p`` can pay for ``card``."""
    if discounts:
        base = price(p, card)
        return [{"tokens": k} for k in range(min(p.charisma, base) + 1) if base - k <= p.gold]
    return [{}] if CARD_COST[card] <= p.gold else []


def held_back_by_hands(p, card: str, discounts: bool = True) -> bool:
    """Whether only the hand limit keeps ``p`` from buying ``card``: a weapon they can pay for (with
    ``discounts``: the Market, Move Silently; without: Open Lock's printed cost) that needs more free hands than
    they have (discarding a Weapon, allowed at any time, frees them). The menus say so where the purchase would
    otherwise be offered."""
    return not fits_hands(p, card) and bool(_affordable(p, card, discounts))


def freeing_discards(p, card: str, discounts: bool = True) -> list[tuple[str, ...]]:
    """The smallest sets of ``p``'s Weapons whose discard (allowed at any time) frees the hands ``card`` needs,
    each set in the order the Weapons are held; none when ``card`` is not held back by the hands alone
    (``held_back_by_hands``, paid ``discounts`` or not). What the menus offer as "discard these first, then buy
    it"."""
    if not held_back_by_hands(p, card, discounts):
        return []
    weapons = list(dict.fromkeys(c for c in p.cards if CARD_TYPE[c] == "weapon"))
    missing = hands_used(p) + CARD_HANDS[card] - hand_limit(p)
    found: list[tuple[str, ...]] = []
    for size in range(1, len(weapons) + 1):
        for chosen in combinations(weapons, size):
            if sum(CARD_HANDS[w] for w in chosen) >= missing and not any(set(f) <= set(chosen) for f in found):
                found.append(chosen)
    return found


def purchase_price(p, card: str, params: dict, discounts: bool) -> int:
    """The Gold ``p`` pays for ``card`` bought with ``params``: with ``discounts`` (the Market, Move Silently)
    every applying discount and the Charisma ``tokens`` spent; without (Open Lock) the printed cost. One
    function for the purchase itself and for the menus that show the price before it is chosen."""
    tokens = params.get("tokens", 0) if discounts else 0
    return price(p, card, tokens, discounts)


def purchase_of(state, move: dict) -> tuple[str, int] | None:
    """The card a legal move buys and its price now, or None for a move that buys nothing known: a Market
    purchase, and a Skill that buys from the discard pile (Move Silently, also through Diplomacy). Open Lock's
    card is left out: it is seen by its buyer only, and a menu can be public."""
    seat = move.get("seat")
    if type(seat) is not int or not 0 <= seat < len(state.players):
        return None
    p = state.players[seat]
    if move.get("type") == "buy" and move.get("card") in CARD_COST:
        return move["card"], purchase_price(p, move["card"], move, discounts=True)
    if move.get("type") == "skill" and not move.get("decline") and move.get("target") in CARD_COST:
        effect = CARD_EFFECT.get(move.get("copy") or move.get("card"))
        if effect and effect["kind"] == "alternate_purchase" and effect.get("source") == "discard_pile":
            return move["target"], purchase_price(p, move["target"], move, discounts=True)
    return None


def do_purchase(state, p, card: str, params: dict, events: list, discounts: bool, source: str) -> None:
    tokens = params.get("tokens", 0) if discounts else 0
    cost = purchase_price(p, card, params, discounts)
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
