"""Class powers by effect kind: when each kind acts, which moves it offers, what it does.

Like the skill effects (``skills.EFFECT_KINDS``) a class power is implemented by its ``kind`` from
``classes.json``, never by the class's name, so a corrected power in the data needs no code. Two kinds are
*used* (a ``power`` move at their timing window: Druid's Attuned, Sorcerer's Mysterious); every other kind
is *passive*: it changes a printed rule while you play the class and is read where that rule lives
(``rules.py``: hand limit, purchase limit, refresh limit, discounts, Gold triggers, action rules, arrows).
The registry lists them all so that the schema test can prove every kind in the data is known.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from bot.games import rng

from .content import CLASS_POWER, CLASSES, PASSIVE
from .rules import ev
from .skills import drafted_card


class PowerKind(NamedTuple):
    """A class power kind: its timing window, its legal moves there, and its resolution (used kinds)."""

    timing: str                                   # a timing window of EFFECTS.md, or PASSIVE
    moves: Callable[..., list[dict]] | None = None    # (state, seat, power effect) -> [move]
    resolve: Callable[..., None] | None = None        # (state, move, events)


def _attuned_moves(st, seat: int, pw: dict) -> list[dict]:
    p = st.players[seat]
    pid = POWER_ID[p.class_id]
    if pid in p.used or not st.discard:
        return []
    out = [{"type": "power", "seat": seat, "power": pid, "card": c} for c in dict.fromkeys(st.discard)]
    out.append({"type": "power", "seat": seat, "power": pid, "card": None})
    return out


def _attuned(st, move: dict, events: list) -> None:
    """Once per round: one card of the discard pile joins the Market as an extra card (or none)."""
    card = move["card"]
    if card is not None:
        st.discard.remove(card)
        st.market.append(card)
    events.append(ev("power_used", seat=move["seat"], power=move["power"], card=card))


def _reroll_moves(st, seat: int, pw: dict) -> list[dict]:
    if pw["op"] != "reroll_keep_either":
        return []
    p = st.players[seat]
    pid = POWER_ID[p.class_id]
    if pid in p.used or drafted_card(st, seat) is None:
        return []
    return [{"type": "power", "seat": seat, "power": pid}]


def _reroll(st, move: dict, events: list) -> None:
    """Once per round: reroll the drafted die; the owner then keeps either value (``mysterious_keep``)."""
    seat = move["seat"]
    own = drafted_card(st, seat)
    old = own.die
    new = rng.roll(st)
    own.die = (old[0], new)
    events.append(ev("power_used", seat=seat, power=move["power"], old=old[1], new=new))
    st.sub = {"kind": "mysterious_keep", "seat": seat, "card": own.number, "old": old[1], "new": new,
              "origin": "power"}


POWER_KINDS: dict[str, PowerKind] = {
    "market_add_from_discard": PowerKind("market_phase_start", _attuned_moves, _attuned),
    "drafted_die": PowerKind("dice_turn_after_choice", _reroll_moves, _reroll),
    **dict.fromkeys(("gain_gold", "cost_discount", "extra_purchase", "skill_refresh_limit", "weapon_hand_limit",
                     "alignment_arrows_optional", "attribute_action_rule"), PowerKind(PASSIVE)),
}

#: class id -> power id; class id -> the registry entry of its power (looked up once, not per move).
POWER_ID: dict[str, str] = {cid: c["power"]["id"] for cid, c in CLASSES.items()}
CLASS_POWER_KIND: dict[str, PowerKind] = {cid: POWER_KINDS[pw["kind"]] for cid, pw in CLASS_POWER.items()}


def power_moves(st, seat: int, timing: str) -> list[dict]:
    """The ``power`` moves of ``seat`` inside ``timing`` (empty for passive powers and other windows)."""
    cid = st.players[seat].class_id
    if cid is None:
        return []
    kind = CLASS_POWER_KIND[cid]
    if kind.timing != timing:
        return []
    return kind.moves(st, seat, CLASS_POWER[cid])


def use_power(st, move: dict, events: list) -> None:
    """Apply a validated ``power`` move: it is spent for the round, then its kind resolves it."""
    p = st.players[move["seat"]]
    p.used.append(move["power"])
    CLASS_POWER_KIND[p.class_id].resolve(st, move, events)
