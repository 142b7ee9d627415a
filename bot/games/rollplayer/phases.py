"""The rules flow as data: one ``Step`` per phase (and per step inside a turn), one ``Nested`` per nested
decision, in the manner of boardgame.io's ``phases`` / ``moves``.

Each entry holds side by side what used to be three parallel if-chains: its legal-move generator, the
decision(s) ``pending`` reports, the handlers of its move types, and its automatic ending (``settle``).
``engine.legal`` / ``engine.pending`` / ``engine.play`` only look the current entry up:

* a nested decision (``state.sub``) answers first: ``NESTED[sub["kind"]]``;
* otherwise ``STEPS[(state.phase, state.step)]`` (looked up as ``BY_PHASE[phase][step]``);
* ``ANY_TIME_MOVES`` (skills, weapon discards) are handled whatever the entry, and offered where the entry
  says ``skills=True`` (every round phase; a skill's own window is checked in ``skills.window_open``).

The transitions between entries (next seat, next phase, Cleanup, next round, game end) are ``flow.py``.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from . import actions, flow
from .content import ATTRS, CARD_TYPE, CLASS_CARDS, CLASSES
from .market import do_purchase, purchase_variants
from .powers import power_moves, use_power
from .rules import any_row_actions, ev, gain, place_on_row, purchase_limit, refresh_limit
from .skills import REFRESHED, activate, apply_order, drafted_card, skill_moves, tie_orders

GENDERS = ("male", "female")
AFTER_ACTION = frozenset(("dice_turn_after_action",))
ON_DISCARD = frozenset(("on_discard_for_gold",))

WEAPONS = frozenset(c for c, t in CARD_TYPE.items() if t == "weapon")

Handler = Callable[..., None]  # (state, move, events): apply a move ``legal`` offered, in place


def _none(*_) -> list:
    return []


@dataclass(frozen=True, slots=True)
class Step:
    """One entry of the flow: where the game stands, who decides what, which moves apply here."""

    phase: str
    step: str | None
    asks: tuple[dict, ...]                           # the decisions ``pending`` may report here
    legal: Callable[..., list[dict]] = _none           # (state, seat) -> the step's own moves
    pending: Callable[..., list[dict]] = _none         # (state, step) -> [{"seat", "decision", ...}]
    moves: Mapping[str, Handler] = field(default_factory=dict)
    skills: bool = False                             # any-time moves (skills, weapon discards) offered
    settle: Callable[..., None] | None = None        # (state, events): automatic end after a move


@dataclass(frozen=True, slots=True)
class Nested:
    """A nested decision (``state.sub``): only its seat may answer, nothing else happens meanwhile."""

    kind: str
    legal: Callable[..., list[dict]]                 # (state) -> the answers of ``sub["seat"]``
    moves: Mapping[str, Handler]
    pending: Callable[..., dict] | None = None       # (state) -> extra fields of the decision
    also: tuple[str, ...] = ()                       # any-time move types also offered meanwhile


def _on_turn(st, step: Step) -> list[dict]:
    """The seat whose turn it is decides the step's one decision."""
    return [{"seat": st.turn, **step.asks[0]}]


# ================================================================================== setup

def _race_moves(st, seat: int) -> list[dict]:
    if st.turn != seat:
        return []
    return [{"type": "race", "seat": seat, "race": r, "gender": g}
            for r in flow.races_available(st) for g in GENDERS]


def _race(st, move: dict, events: list) -> None:
    seat = move["seat"]
    p = st.players[seat]
    p.race = move["race"]
    p.gender = move["gender"]
    events.append(ev("race_chosen", seat=seat, race=p.race, gender=p.gender))
    nxt = flow.next_clockwise(st, seat)
    if nxt == st.first_player:
        st.phase = "setup_class"
        st.turn = st.first_player
        if not st.options["free_class"]:
            flow.draw_class_card(st, events)
    else:
        st.turn = nxt


def _class_moves(st, seat: int) -> list[dict]:
    if st.turn != seat:
        return []
    if st.options["free_class"]:
        taken = flow.class_cards_taken(st)
        return [{"type": "class", "seat": seat, "class": cid}
                for card, ids in sorted(CLASS_CARDS.items()) if card not in taken for cid in ids]
    return [{"type": "class", "seat": seat, "class": cid} for cid in CLASS_CARDS[st.players[seat].class_card]]


def _class_pending(st, step: Step) -> list[dict]:
    return [{"seat": st.turn, **step.asks[0], "card": st.players[st.turn].class_card}]


def _class(st, move: dict, events: list) -> None:
    seat = move["seat"]
    p = st.players[seat]
    p.class_id = move["class"]
    p.class_card = CLASSES[p.class_id]["card"]
    events.append(ev("class_chosen", seat=seat, class_id=p.class_id))
    nxt = flow.next_clockwise(st, seat)
    if nxt == st.first_player:
        flow.setup_after_classes(st, events)
    else:
        st.turn = nxt
        if not st.options["free_class"]:
            flow.draw_class_card(st, events)


def _start_die_moves(st, seat: int) -> list[dict]:
    p = st.players[seat]
    rows = p.rows
    open_rows = [a for a in ATTRS if len(rows[a]) < 3]
    return [{"type": "place_start", "seat": seat, "die": [d[0], d[1]], "attr": a}
            for d in dict.fromkeys(p.start_dice) for a in open_rows]


def _start_die_pending(st, step: Step) -> list[dict]:
    return [{"seat": p.seat, **step.asks[0]} for p in st.players if p.start_dice]


def place_start_die(p, die: tuple, attr: str, events: list) -> None:
    """A starting die from the player's hand onto the leftmost free space of a row (printed: each player
    places their starting dice one by one). The sheet alone changes: what follows the last die of all is the
    step's (``_place_start``), so a look-ahead may try a die on a copy of one sheet."""
    p.start_dice.remove(die)
    place_on_row(p, die, attr, events)


def _place_start(st, move: dict, events: list) -> None:
    place_start_die(st.players[move["seat"]], (move["die"][0], move["die"][1]), move["attr"], events)
    if not any(q.start_dice for q in st.players):
        flow.start_round(st, events)


# ================================================================================== dice phase

def _take_moves(st, seat: int) -> list[dict]:
    if st.turn != seat:
        return []
    return [{"type": "take", "seat": seat, "card": c.number} for c in st.initiative
            if c.taken_by is None and c.die is not None]


def _take(st, move: dict, events: list) -> None:
    seat = move["seat"]
    p = st.players[seat]
    card = st.initiative[move["card"] - 1]
    card.taken_by = seat
    p.initiative = card.number
    events.append(ev("initiative_taken", seat=seat, card=card.number, colour=card.die[0], value=card.die[1]))
    if card.coin:
        card.coin = 0
        gain(p, 1, events, "initiative_coin")
    st.step = "place"


def _place_moves(st, seat: int) -> list[dict]:
    if st.turn != seat:
        return []
    rows = st.players[seat].rows
    out = [{"type": "place", "seat": seat, "attr": a} for a in ATTRS if len(rows[a]) < 3]
    out.extend(power_moves(st, seat, "dice_turn_after_choice"))
    return out


def _place(st, move: dict, events: list) -> None:
    seat = move["seat"]
    card = drafted_card(st, seat)
    die = card.die
    card.die = None
    place_on_row(st.players[seat], die, move["attr"], events)
    st.action_row = move["attr"]
    st.step = "action"


def _action_moves(st, seat: int) -> list[dict]:
    if st.turn != seat:
        return []
    p = st.players[seat]
    out = []
    for action in (ATTRS if any_row_actions(p) else (st.action_row,)):
        out.extend(actions.action_moves(p, action, {"type": "action", "seat": seat, "action": action}))
    out.append({"type": "decline_action", "seat": seat})
    return out


def _action(st, move: dict, events: list) -> None:
    action = move["action"]
    st.action_done = action
    params = {k: v for k, v in move.items() if k not in ("type", "seat", "action")}
    actions.do_action(st, st.players[move["seat"]], action, params, events, origin="action")
    if st.sub is None:
        st.step = "after_action"


def _decline_action(st, move: dict, events: list) -> None:
    events.append(ev("action_declined", seat=move["seat"]))
    flow.end_dice_turn(st, events)


def _on_turn_only(move_type: str) -> Callable[..., list[dict]]:
    """The legal moves of a step whose one move is ``move_type``, offered to the seat whose turn it is."""
    return lambda st, seat: [{"type": move_type, "seat": seat}] if st.turn == seat else []


def _settle_after_action(st, events: list) -> None:
    """The turn ends by itself unless a skill of the after-action window (Concentrate) could follow."""
    if not skill_moves(st, st.turn, AFTER_ACTION):
        flow.end_dice_turn(st, events)


# ================================================================================== market phase

def _attuned_moves(st, seat: int) -> list[dict]:
    return power_moves(st, seat, "market_phase_start") if st.turn == seat else []


def _attuned(st, move: dict, events: list) -> None:
    use_power(st, move, events)
    flow.begin_market(st, events)


def _buying_more(st) -> bool:
    """The Market turn's player has bought already: what is left is an extra purchase (the Bard's Charming) or the
    end of the turn, never 2 Gold for a discard, which is the alternative to buying. One rule for both the moves
    offered and the decision named (the prompt offered gold the menu did not)."""
    return st.purchases > 0


def _market_pending(st, step: Step) -> list[dict]:
    """The seat whose Market turn it is: to buy a card or take 2 Gold, or, after a purchase, to buy another."""
    return [{"seat": st.turn, **step.asks[1 if _buying_more(st) else 0]}]


def _buy_moves(st, seat: int) -> list[dict]:
    if st.turn != seat:
        return []
    p = st.players[seat]
    out = []
    if st.purchases < purchase_limit(p) and not st.gold_taken:
        out = [dict(v, type="buy", seat=seat, card=card)
               for card in st.market for v in purchase_variants(p, card, discounts=True)]
    if not _buying_more(st) and not st.gold_taken:
        if st.options["friendly_market"]:
            out.append({"type": "take_gold", "seat": seat})
        else:
            out.extend({"type": "take_gold", "seat": seat, "card": c} for c in st.market)
    if _buying_more(st) or (not st.market and not st.options["friendly_market"]):
        out.append({"type": "end_market_turn", "seat": seat})
    return out


def _buy(st, move: dict, events: list) -> None:
    st.market.remove(move["card"])
    do_purchase(st, st.players[move["seat"]], move["card"], move, events, discounts=True, source="market")


def _take_gold(st, move: dict, events: list) -> None:
    card = move.get("card")
    if card is not None:
        st.market.remove(card)
        st.discard.append(card)
    st.gold_taken = True
    events.append(ev("gold_for_discard", seat=move["seat"], card=card))
    gain(st.players[move["seat"]], 2, events, "discard_for_gold")
    st.step = "after_discard"


def _end_market_turn(st, move: dict, events: list) -> None:
    flow.end_market_turn(st, events)


def _settle_buy(st, events: list) -> None:
    if st.purchases >= purchase_limit(st.players[st.turn]):
        flow.end_market_turn(st, events)


def _settle_after_discard(st, events: list) -> None:
    """The turn ends by itself unless a discard-triggered skill (Pickpocket) could follow."""
    if not skill_moves(st, st.turn, ON_DISCARD):
        flow.end_market_turn(st, events)


# ================================================================================== cleanup

def _cleanup_moves(st, seat: int) -> list[dict]:
    if seat not in st.cleanup_pending:
        return []
    if st.final_round:
        return [{"type": "finish", "seat": seat}]
    ex = sorted(set(st.players[seat].exhausted))
    subsets = [[c] for c in ex]
    if refresh_limit(st.players[seat]) >= 2:
        subsets += [[ex[i], ex[j]] for i in range(len(ex)) for j in range(i + 1, len(ex))]
    subsets.append([])
    return [{"type": "refresh", "seat": seat, "cards": s} for s in subsets]


def _cleanup_pending(st, step: Step) -> list[dict]:
    ask = step.asks[1] if st.final_round else step.asks[0]
    return [{"seat": s, **ask} for s in st.cleanup_pending]


def _refresh(st, move: dict, events: list) -> None:
    seat = move["seat"]
    p = st.players[seat]
    for c in move["cards"]:
        p.exhausted.remove(c)
        p.used.append(REFRESHED + c)  # usable again from the next round on (FR "prochain tour")
    events.append(ev("skills_refreshed", seat=seat, cards=list(move["cards"])))
    _cleanup_done(st, seat, events)


def _cleanup_done(st, seat: int, events: list) -> None:
    st.cleanup_pending.remove(seat)
    if not st.cleanup_pending:
        flow.finish_cleanup(st, events)


# ================================================================================== the table

STEPS: dict[tuple[str, str | None], Step] = {(s.phase, s.step): s for s in (
    Step("setup_race", None, ({"decision": "choose_race"},), _race_moves, _on_turn, {"race": _race}),
    Step("setup_class", None, ({"decision": "choose_class"},), _class_moves, _class_pending, {"class": _class}),
    Step("setup_dice", None, ({"decision": "place_starting_die"},), _start_die_moves, _start_die_pending,
         {"place_start": _place_start}),
    # the roll phase only lasts while the start player orders tied dice (the nested ``order_ties``)
    Step("roll", None, (), skills=True),
    Step("dice", "choose", ({"decision": "take_initiative"},), _take_moves, _on_turn,
         {"take": _take}, skills=True),
    Step("dice", "place", ({"decision": "place_die"},), _place_moves, _on_turn,
         {"place": _place, "power": use_power}, skills=True),
    Step("dice", "action", ({"decision": "attribute_action"},), _action_moves, _on_turn,
         {"action": _action, "decline_action": _decline_action}, skills=True),
    Step("dice", "after_action", ({"decision": "end_turn"},), _on_turn_only("end_turn"), _on_turn,
         {"end_turn": lambda st, move, events: flow.end_dice_turn(st, events)}, skills=True,
         settle=_settle_after_action),
    Step("market_start", None, ({"decision": "attuned"},), _attuned_moves, _on_turn,
         {"power": _attuned}, skills=True),
    Step("market", "buy", ({"decision": "market"}, {"decision": "market_more"}), _buy_moves, _market_pending,
         {"buy": _buy, "take_gold": _take_gold, "end_market_turn": _end_market_turn}, skills=True,
         settle=_settle_buy),
    Step("market", "after_discard", ({"decision": "after_discard"},), _on_turn_only("end_market_turn"), _on_turn,
         {"end_market_turn": _end_market_turn}, skills=True, settle=_settle_after_discard),
    Step("cleanup", None, ({"decision": "refresh"}, {"decision": "finish"}), _cleanup_moves, _cleanup_pending,
         {"refresh": _refresh, "finish": lambda st, move, events: _cleanup_done(st, move["seat"], events)},
         skills=True),
    Step("finished", None, ()),
)}


#: the same entries as ``STEPS`` by phase, then step (two lookups of interned strings: no tuple to hash).
BY_PHASE: dict[str, dict[str | None, Step]] = {}
for _entry in STEPS.values():
    BY_PHASE.setdefault(_entry.phase, {})[_entry.step] = _entry


# ================================================================================== nested decisions

def _order_moves(st) -> list[dict]:
    sub = st.sub
    return [{"type": "order", "seat": sub["seat"], "dice": o} for o in tie_orders(sub["dice"])]


def _order_pending(st) -> dict:
    sub = st.sub
    return {"default": {"type": "order", "seat": sub["seat"], "dice": [list(x) for x in sub["dice"]]}}


def _order(st, move: dict, events: list) -> None:
    origin = st.sub["origin"]
    apply_order(st, move["dice"])
    events.append(ev("dice_ordered", seat=move["seat"], dice=move["dice"]))
    st.sub = None
    if origin == "roll":
        flow.begin_dice_phase(st)


def _keep_moves(st) -> list[dict]:
    seat = st.sub["seat"]
    return [{"type": "keep", "seat": seat, "keep": "new"}, {"type": "keep", "seat": seat, "keep": "old"}]


def _int_keep(st, move: dict, events: list) -> None:
    actions.resolve_keep(st, st.players[move["seat"]], move["keep"], events)
    _resume(st)


def _mysterious_keep(st, move: dict, events: list) -> None:
    card = st.initiative[st.sub["card"] - 1]
    if move["keep"] == "old":
        card.die = (card.die[0], st.sub["old"])
    events.append(ev("reroll_kept", seat=move["seat"], keep=move["keep"], value=card.die[1]))
    _resume(st)


def _second_swap_moves(st) -> list[dict]:
    seat = st.sub["seat"]
    out = [dict(pair, type="second_swap", seat=seat) for pair in actions.swap_pairs(st.players[seat])]
    out.append({"type": "second_swap", "seat": seat, "skip": True})
    return out


def _second_swap(st, move: dict, events: list) -> None:
    _resume(st)
    if not move.get("skip"):
        actions.swap(st.players[move["seat"]], move, events)


def _open_lock_moves(st) -> list[dict]:
    sub = st.sub
    seat = sub["seat"]
    p = st.players[seat]
    out = [dict(v, type="open_lock", seat=seat, buy=True)
           for v in purchase_variants(p, sub["card"], discounts=False)]
    out.append({"type": "open_lock", "seat": seat, "buy": False})
    # "À tout moment" a weapon may be discarded: the look is the only moment the buyer learns that
    # the top card needs free hands, so the discard is offered inside it too (the look stays open).
    out.extend({"type": "discard_weapon", "seat": seat, "card": c}
               for c in dict.fromkeys(p.cards) if CARD_TYPE[c] == "weapon")
    return out


def _open_lock(st, move: dict, events: list) -> None:
    seat = move["seat"]
    _resume(st)
    if move["buy"]:
        do_purchase(st, st.players[seat], st.deck.pop(0), move, events, discounts=False, source="deck_top")
    else:
        events.append(ev("open_lock_declined", seat=seat))


def _resume(st) -> None:
    """Close the nested decision; an INT keep or a Rogue swap that ended the Dice-Phase action moves the
    turn on to ``after_action``."""
    origin = st.sub["origin"]
    st.sub = None
    if origin in ("action", "concentrate") and st.phase == "dice" and st.step == "action":
        st.step = "after_action"


NESTED: dict[str, Nested] = {n.kind: n for n in (
    Nested("order_ties", _order_moves, {"order": _order}, _order_pending),
    Nested("int_keep", _keep_moves, {"keep": _int_keep}),
    Nested("mysterious_keep", _keep_moves, {"keep": _mysterious_keep}),
    Nested("second_swap", _second_swap_moves, {"second_swap": _second_swap}),
    Nested("open_lock", _open_lock_moves, {"open_lock": _open_lock}, also=("discard_weapon",)),
)}


# ================================================================================== any time

def any_time_moves(st, seat: int) -> list[dict]:
    """Skill activations (each inside its own window) and weapon discards of ``seat``: offered in every
    entry with ``skills=True``. Nobody owns a card for much of a game, so that case returns at once."""
    cards = st.players[seat].cards
    if not cards:
        return []
    out = skill_moves(st, seat)
    out.extend({"type": "discard_weapon", "seat": seat, "card": c} for c in cards if c in WEAPONS)
    return out


def _discard_weapon(st, move: dict, events: list) -> None:
    st.players[move["seat"]].cards.remove(move["card"])
    st.discard.append(move["card"])
    events.append(ev("weapon_discarded", seat=move["seat"], card=move["card"]))


ANY_TIME_MOVES: dict[str, Handler] = {"skill": activate, "discard_weapon": _discard_weapon}

#: the move types that answer some nested decision.
ANSWERS: frozenset[str] = frozenset().union(*(n.moves for n in NESTED.values()))
#: every move type some entry handles (the public ``moves.MOVE_TYPES``).
MOVE_TYPES: frozenset[str] = frozenset(ANY_TIME_MOVES).union(
    *(s.moves for s in STEPS.values()), *(n.moves for n in NESTED.values()))
