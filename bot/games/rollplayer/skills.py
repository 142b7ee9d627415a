"""Skill cards: timing windows, the activation sequence, and one resolver per effect kind.

Activation (rulebook + content README rule 5): the Skill is ready, its window is open, its arrow can be
followed (Paladin: may be blocked) → move the token → resolve the effect *or decline it* → exhaust.
The named special cases get one small function each: ``copy_skill`` (Diplomacy, via ``_diplomacy_moves``)
and ``move_die`` (Sleight of Hand, ``sleight_of_hand``). Tower Shield is scoring only.
"""
from __future__ import annotations

from collections.abc import Callable
from itertools import groupby, permutations, product
from typing import NamedTuple

from . import actions
from .content import CARD_ARROW, CARD_EFFECT, CARD_TYPE, COLOURS, SKILL_TIMING
from .market import do_purchase, purchase_variants
from .rules import arrows_optional, can_move, ev, gain, move_token, purchase_limit

# -- timing windows -------------------------------------------------------------------------------

_ROUND_PHASES = frozenset(("roll", "dice", "market_start", "market", "cleanup"))
#: prefix of the ``PlayerState.used`` entry naming a skill refreshed in this Cleanup: the card is ready
#: again only from the next round on (FR "la rendant ainsi disponible pour le prochain tour").
REFRESHED = "refreshed:"


def refreshed_this_cleanup(state, p, card: str) -> bool:
    return state.phase == "cleanup" and bool(p.used) and (REFRESHED + card) in p.used


def _market_turn(state, seat: int) -> bool:
    return (state.phase == "market" and state.step == "buy" and not state.gold_taken
            and state.purchases < purchase_limit(state.players[seat]))


#: timing window -> when it is open on the seat's own turn (data/EFFECTS.md "Timing windows"). ``any_time``
#: is open on every turn; ``as_copied`` (Diplomacy) takes the window of the copied skill.
WINDOWS: dict[str, Callable[..., bool]] = {
    "dice_turn_before_choice": lambda state, seat: state.phase == "dice" and state.step == "choose",
    "dice_turn_after_choice": lambda state, seat: state.phase == "dice" and state.step == "place",
    "dice_turn_after_action": lambda state, seat: (state.phase == "dice" and state.step == "after_action"
                                                   and state.action_done is not None),
    "market_turn": _market_turn,
    "on_discard_for_gold": lambda state, seat: state.phase == "market" and state.step == "after_discard",
    "market_phase_start": lambda state, seat: state.phase == "market_start",
}


def window_open(state, seat: int, timing: str) -> bool:
    """Whether ``seat`` is inside ``timing`` now: never inside a nested decision or outside the rounds."""
    if state.sub is not None or state.phase not in _ROUND_PHASES:
        return False
    if timing == "any_time":
        return True
    if state.turn != seat:
        return False
    check = WINDOWS.get(timing)
    return check is not None and check(state, seat)


def arrow_ok(p, card: str) -> bool:
    arrow = CARD_ARROW[card]
    if arrow is None or can_move(p, arrow):
        return True
    opt = arrows_optional(p)
    return bool(opt and opt.get("skill_when_blocked"))


# -- legal activations ----------------------------------------------------------------------------

#: skills whose effect copies another player's skill (Diplomacy): their window is the copied one's.
COPY_SKILLS = frozenset(c for c, e in CARD_EFFECT.items() if e["kind"] == "copy_skill")


def skill_moves(state, seat: int, timings: frozenset | None = None) -> list[dict]:
    """Every legal skill activation of ``seat`` now (optionally only within ``timings``)."""
    p = state.players[seat]
    out = []
    just_refreshed = p.used if state.phase == "cleanup" and p.used else None
    exhausted = p.exhausted
    for card in p.cards:
        timing = SKILL_TIMING.get(card)
        if timing is None or card in exhausted:
            continue  # not a skill, or turned
        if just_refreshed is not None and REFRESHED + card in just_refreshed:
            continue  # refreshed in this Cleanup: ready from the next round on
        if card in COPY_SKILLS:
            if arrow_ok(p, card):
                out.extend(_diplomacy_moves(state, seat, card, timings))
            continue
        if timings is not None and timing not in timings:
            continue
        if not window_open(state, seat, timing) or not arrow_ok(p, card):
            continue
        out.extend({"type": "skill", "seat": seat, "card": card, **params}
                   for params in effect_params(state, seat, card))
        out.append({"type": "skill", "seat": seat, "card": card, "decline": True})
    return out


def _diplomacy_moves(state, seat: int, card: str, timings) -> list[dict]:
    """Diplomacy: any other player's Skill (ready or exhausted), inside that Skill's window."""
    seen = set()
    out = []
    for q in state.players:
        if q.seat == seat:
            continue
        for target in q.cards:
            if (CARD_TYPE[target] != "skill" or target in seen
                    or CARD_EFFECT[target]["kind"] == "copy_skill"):
                continue
            seen.add(target)
            timing = SKILL_TIMING[target]
            if timings is not None and timing not in timings:
                continue
            if not window_open(state, seat, timing):
                continue
            out.extend({"type": "skill", "seat": seat, "card": card, "copy": target, **params}
                       for params in effect_params(state, seat, target))
            out.append({"type": "skill", "seat": seat, "card": card, "copy": target, "decline": True})
    return out


def drafted_card(state, seat: int):
    return next((c for c in state.initiative if c.taken_by == seat and c.die is not None), None)


def effect_params(state, seat: int, card: str) -> list[dict]:
    """Targets of the effect of ``card`` when used by ``seat`` (own sheet, own Gold, own purchase)."""
    e = CARD_EFFECT[card]
    return _kind(e).targets(state, seat, e)


# -- activation -----------------------------------------------------------------------------------

def activate(state, move: dict, events: list) -> None:
    """Apply a validated skill move (see ``skill_moves``)."""
    seat = move["seat"]
    p = state.players[seat]
    card = move["card"]
    effect_card = move.get("copy", card)
    arrow = CARD_ARROW[card]
    events.append(ev("skill_used", seat=seat, card=card, copy=move.get("copy"),
                     declined=bool(move.get("decline"))))
    if arrow is not None and not move_token(p, arrow, events):
        events.append(ev("arrow_blocked", seat=seat, card=card, direction=arrow))
    p.exhausted.append(card)
    if move.get("decline"):
        return
    params = {k: v for k, v in move.items() if k not in ("type", "seat", "card", "copy", "decline")}
    resolve(state, seat, effect_card, params, events)


def resolve(state, seat: int, card: str, params: dict, events: list) -> None:
    e = CARD_EFFECT[card]
    _kind(e).resolve(state, seat, e, params, events)


# -- effect kinds: what each may target, and what it does ------------------------------------------

class EffectKind(NamedTuple):
    """One skill effect kind of the content README: its legal targets and its resolution, side by side."""

    targets: Callable[..., list[dict]]      # (state, seat, effect) -> [params]
    resolve: Callable[..., None]            # (state, seat, effect, params, events)


def _kind(effect: dict) -> EffectKind:
    try:
        return EFFECT_KINDS[effect["kind"]]
    except KeyError:
        raise ValueError(effect["kind"]) from None


def _attribute_action_targets(state, seat: int, e: dict) -> list[dict]:
    p = state.players[seat]
    if e["action"] == "repeat_last":
        return [] if state.action_done is None else actions.action_params(p, state.action_done)
    return actions.action_params(p, e["action"])


def _attribute_action(state, seat: int, e: dict, params: dict, events: list) -> None:
    p = state.players[seat]
    if e["action"] == "repeat_last":
        actions.do_action(state, p, state.action_done, params, events, origin="concentrate")
    else:
        actions.do_action(state, p, e["action"], params, events, origin="skill")


def _initiative_dice_targets(state, seat: int, e: dict) -> list[dict]:
    op = e["op"]
    untaken = [c for c in state.initiative if c.taken_by is None and c.die is not None]
    if op == "adjust_1":
        return [{"target": c.number, "delta": d} for c in untaken for d in (-1, 1) if 1 <= c.die[1] + d <= 6]
    if op == "swap_with_taken" and drafted_card(state, seat) is None:
        return []
    return [{"target": c.number} for c in untaken]     # flip, swap_with_taken


def _initiative_dice(state, seat: int, e: dict, params: dict, events: list) -> None:
    op = e["op"]
    cards = {c.number: c for c in state.initiative}
    target = cards[params["target"]]
    c, v = target.die
    if op == "adjust_1":
        target.die = (c, v + params["delta"])
    elif op == "flip":
        target.die = (c, 7 - v)
    else:  # swap_with_taken
        own = drafted_card(state, seat)
        own.die, target.die = target.die, own.die
    events.append(ev("initiative_die_changed", seat=seat, card=target.number, op=op,
                     old=[c, v], new=list(target.die)))
    resort_untaken(state, seat, events, origin="skill")


def _drafted_die_targets(state, seat: int, e: dict) -> list[dict]:
    own = drafted_card(state, seat)
    if own is None:
        return []
    return [{"colour": col} for col in COLOURS if state.bag[col] + (1 if own.die[0] == col else 0) > 0]


def _drafted_die(state, seat: int, e: dict, params: dict, events: list) -> None:
    """Search: the drafted die goes back into the bag and a die of the chosen colour, same face, comes out."""
    own = drafted_card(state, seat)
    old = own.die
    state.bag[old[0]] += 1
    col = params["colour"]
    state.bag[col] -= 1
    own.die = (col, old[1])
    events.append(ev("die_searched", seat=seat, old=list(old), new=[col, old[1]]))


def _move_die_targets(state, seat: int, e: dict) -> list[dict]:
    p = state.players[seat]
    open_rows = [a for a in p.rows if len(p.rows[a]) < 3]
    return [{"die": pos, "to": a} for pos in actions.dice_positions(p) for a in open_rows if a != pos[0]]


def _alternate_purchase_targets(state, seat: int, e: dict) -> list[dict]:
    if e["source"] == "discard_pile":
        p = state.players[seat]
        return [dict(v, target=target) for target in dict.fromkeys(state.discard)
                for v in purchase_variants(p, target, discounts=True)]
    return [{}] if state.deck else []


def _alternate_purchase(state, seat: int, e: dict, params: dict, events: list) -> None:
    if e["source"] == "discard_pile":
        target = params["target"]
        state.discard.remove(target)
        do_purchase(state, state.players[seat], target, params, events, discounts=True, source="discard_pile")
    else:
        state.sub = {"kind": "open_lock", "seat": seat, "card": state.deck[0], "origin": "skill"}


EFFECT_KINDS: dict[str, EffectKind] = {
    "attribute_action": EffectKind(_attribute_action_targets, _attribute_action),
    "initiative_dice": EffectKind(_initiative_dice_targets, _initiative_dice),
    "drafted_die": EffectKind(_drafted_die_targets, _drafted_die),
    "move_die": EffectKind(_move_die_targets, lambda state, seat, e, params, events:
                           sleight_of_hand(state.players[seat], params, events)),
    "alternate_purchase": EffectKind(_alternate_purchase_targets, _alternate_purchase),
    "gain_gold": EffectKind(lambda state, seat, e: [{}], lambda state, seat, e, params, events:
                            gain(state.players[seat], e["amount"], events, "skill")),
}


def sleight_of_hand(p, params: dict, events: list) -> None:
    """Move one die to another row's leftmost free space; its old row slides left. No action, no Gold."""
    a, i = params["die"]
    die = p.rows[a].pop(i)
    p.rows[params["to"]].append(die)
    events.append(ev("die_moved", seat=p.seat, frm=[a, i], to=params["to"], frm_die=list(die)))


# -- sorting dice onto Initiative cards --------------------------------------------------------------

def resort_untaken(state, seat: int, events: list, origin: str) -> None:
    """Lowest value on the lowest untaken card; ``seat`` orders tied dice of different colours."""
    untaken = [c for c in state.initiative if c.taken_by is None and c.die is not None]
    dice = sorted((c.die for c in untaken), key=lambda d: d[1])
    for c, d in zip(untaken, dice):
        c.die = d
    if has_choice(dice):
        state.sub = {"kind": "order_ties", "seat": seat, "dice": dice, "cards": [c.number for c in untaken],
                     "origin": origin}


def has_choice(dice) -> bool:
    """Whether two neighbours of sorted ``dice`` tie on value but differ in colour (ties are adjacent once sorted)."""
    return any(dice[i][1] == dice[i - 1][1] and dice[i] != dice[i - 1] for i in range(1, len(dice)))


def tie_orders(dice) -> list[list]:
    """All distinct orders of sorted ``dice`` that keep values ascending (ties in any order)."""
    groups = [list(dict.fromkeys(permutations(tie))) for _, tie in groupby(dice, key=lambda d: d[1])]
    return [[list(d) for g in combo for d in g] for combo in product(*groups)]


def apply_order(state, order: list) -> None:
    cards = {c.number: c for c in state.initiative}
    for n, d in zip(state.sub["cards"], order):
        cards[n].die = (d[0], d[1])
