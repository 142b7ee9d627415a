"""Small rule helpers shared by the phases and the skills: dice bag, gold, alignment token, prices, hands.

Each printed rule lives here once (e.g. "a gold die placed gives 2 Gold", "a move off the grid is
impossible"); class powers and passive cards change them *by effect kind* from the data, never by name.
"""
from __future__ import annotations

from bot.games import rng

from .content import (
    ALIGN_COLS,
    ALIGN_ROWS,
    ARROWS,
    CARD_COST,
    CARD_EFFECT,
    CARD_HANDS,
    CARD_TYPE,
    CLASS_POWER,
    COLOURS,
    HAND_LIMIT,
    hands_used,
)

ROW_INDEX = {r: i for i, r in enumerate(ALIGN_ROWS)}
COL_INDEX = {c: i for i, c in enumerate(ALIGN_COLS)}


def ev(key: str, **params) -> dict:
    """An event: a message key + JSON-able params (i18n turns it into text)."""
    return {"key": "rollplayer." + key, "params": params}


# -- dice bag --------------------------------------------------------------------------------------

def draw_die(state) -> str | None:
    """Draw one die colour blindly from the bag (None if the bag is empty)."""
    bag = state.bag
    total = sum(bag[c] for c in COLOURS)
    if total == 0:
        return None
    r = rng.below(state, total)
    for c in COLOURS:
        n = bag[c]
        if r < n:
            bag[c] = n - 1
            return c
        r -= n
    raise AssertionError("unreachable")


# -- passive effects, by kind -------------------------------------------------------------------

def power(p, kind: str) -> dict | None:
    """The class power of ``p`` when it is of effect kind ``kind``, else None."""
    pw = CLASS_POWER[p.class_id] if p.class_id is not None else None
    return pw if pw is not None and pw["kind"] == kind else None


def gold_die_bonus(p) -> int:
    """Gold for placing a gold die: 2 printed, plus every ``gain_gold``/``gold_die_placed`` power."""
    pw = power(p, "gain_gold")
    return 2 + pw["amount"] if pw and pw.get("trigger") == "gold_die_placed" else 2


def fits_hands(p, card: str) -> bool:
    """Whether a weapon fits the hands left (``content.hand_limit``: 2 printed, or a ``weapon_hand_limit``
    power); every other card does."""
    if CARD_TYPE[card] != "weapon":
        return True
    return hands_used(p) + CARD_HANDS[card] <= HAND_LIMIT[p.class_id]


def _discount_table(effects: dict) -> dict:
    """owner id -> (amount, card types it applies to or None for any), for ``cost_discount`` effects."""
    return {k: (e["amount"], None if e["applies_to"] == "any" else frozenset(e["applies_to"]))
            for k, e in effects.items() if e["kind"] == "cost_discount"}


_CARD_DISCOUNT = _discount_table(CARD_EFFECT)
_CLASS_DISCOUNT = _discount_table(CLASS_POWER)


def discount(p, card: str) -> int:
    """Sum of every ``cost_discount`` effect (owned cards and class power) that applies to ``card``."""
    total = 0
    ctype = CARD_TYPE[card]
    for c in p.cards:
        d = _CARD_DISCOUNT.get(c)
        if d is not None and (d[1] is None or ctype in d[1]):
            total += d[0]
    d = _CLASS_DISCOUNT.get(p.class_id)
    if d is not None and (d[1] is None or ctype in d[1]):
        total += d[0]
    return total


def price(p, card: str, tokens: int = 0, discounts: bool = True) -> int:
    """Price of a purchase (README general rule 3): never below 0."""
    cost = CARD_COST[card]
    if discounts:
        cost -= discount(p, card)
    return max(0, cost - tokens)


def purchase_limit(p) -> int:
    pw = power(p, "extra_purchase")
    return 1 + pw["count"] if pw else 1


def refresh_limit(p) -> int:
    pw = power(p, "skill_refresh_limit")
    return pw["count"] if pw else 1


def arrows_optional(p) -> dict | None:
    return power(p, "alignment_arrows_optional")


def action_rule(p, action: str) -> dict | None:
    """The ``attribute_action_rule`` power that changes ``action`` for this player, if any."""
    pw = power(p, "attribute_action_rule")
    return pw if pw and pw.get("action") == action else None


def any_row_actions(p) -> bool:
    pw = power(p, "attribute_action_rule")
    return bool(pw and pw.get("any_row"))


# -- gold and the alignment token ------------------------------------------------------------------

def gain(p, amount: int, events: list, why: str) -> None:
    if amount:
        p.gold += amount
        events.append(ev("gold_gained", seat=p.seat, amount=amount, reason=why))


def can_move(p, direction: str) -> bool:
    dr, dc = ARROWS[direction]
    r = ROW_INDEX[p.align_row] + dr
    c = COL_INDEX[p.align_col] + dc
    return 0 <= r < 3 and 0 <= c < 3


def move_token(p, direction: str, events: list) -> bool:
    """Move the alignment token one space; returns False (and changes nothing) when off the grid."""
    if not can_move(p, direction):
        return False
    dr, dc = ARROWS[direction]
    p.align_row = ALIGN_ROWS[ROW_INDEX[p.align_row] + dr]
    p.align_col = ALIGN_COLS[COL_INDEX[p.align_col] + dc]
    events.append(ev("alignment_moved", seat=p.seat, direction=direction, row=p.align_row, col=p.align_col))
    if direction == "up":
        pw = power(p, "gain_gold")
        if pw and pw.get("trigger") == "alignment_moved_up":
            gain(p, pw["amount"], events, "power")
    return True


# -- dice on a sheet ------------------------------------------------------------------------------

def place_on_row(p, die, attr: str, events: list, gold: bool = True) -> None:
    """Place a die in the leftmost free space of ``attr``: gold die and completed row pay (printed)."""
    row = p.rows[attr]
    row.append(die)
    events.append(ev("die_placed", seat=p.seat, attr=attr, colour=die[0], value=die[1]))
    if gold:
        if die[0] == "gold":
            gain(p, gold_die_bonus(p), events, "gold_die")
        if len(row) == 3:
            gain(p, 1, events, "row_complete")
