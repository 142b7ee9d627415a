"""The game flow: setup (13 steps), rounds (roll, dice, market, cleanup), solo, the end of the game.

``legal(state, seat)`` lists the moves a seat may make now; ``play(state, move)`` applies a move that
``legal`` offered, *in place* (the public ``moves.apply`` clones first and validates). After every move
``_settle`` runs the automatic steps (next turn, next phase, cleanup) until someone must decide again.
"""
from __future__ import annotations

from . import actions, rng
from .content import (
    ALIGNMENT_IDS,
    ATTRS,
    BACKSTORY_IDS,
    BASE_CARD_IDS,
    BASE_RACES,
    CARD_GROUP,
    CARD_OF_COLOUR,
    CARD_TYPE,
    CLASS_CARDS,
    CLASS_POWER,
    CLASSES,
    DICE_PER_COLOUR,
    PROMO_CARD_IDS,
    PROMO_RACES,
    SOLO_EXCLUDED,
)
from .market import do_purchase, purchase_variants, refill_deck, reveal_market
from .rules import any_row_actions, draw_die, ev, gain, place_on_row, purchase_limit, refresh_limit
from .skills import REFRESHED, activate, apply_order, drafted_card, has_choice, skill_moves, tie_orders
from .state import GameState

OPTION_DEFAULTS = {"even_start": False, "souk": False, "short_game": False, "friendly_market": False,
                   "free_class": False, "promo_sheets": False, "cursed_ring": False}
GENDERS = ("male", "female")
AFTER_ACTION = frozenset(("dice_turn_after_action",))
ON_DISCARD = frozenset(("on_discard_for_gold",))
ANY_TIME = frozenset(("any_time",))
ROUND_PHASES = frozenset(("roll", "dice", "market_start", "market", "cleanup"))


# ================================================================================== setup

def create(seats: int, seed: int, options: dict) -> GameState:
    """Setup steps 1–3 (first player, sheet choice is the first decision, gold)."""
    opts = dict(OPTION_DEFAULTS)
    opts.update(options)
    st = GameState(seats, opts, rng.seed_state(seed))
    st.bag = dict(DICE_PER_COLOUR)
    # step 1: everyone rolls a die, highest starts (ties roll again)
    contenders = list(range(seats))
    while len(contenders) > 1:
        rolls = [rng.roll(st) for _ in contenders]
        best = max(rolls)
        contenders = [s for s, r in zip(contenders, rolls) if r == best]
    st.first_player = st.start_player = contenders[0]
    # step 3: 5 Gold, the third player +1, the fourth +2 (not in the short game)
    for p in st.players:
        pos = (p.seat - st.first_player) % seats
        extra = 0 if opts["short_game"] else {2: 1, 3: 2}.get(pos, 0)
        p.gold = 5 + extra
    st.phase = "setup_race"
    st.turn = st.first_player
    return st


def _next_clockwise(st, seat: int) -> int:
    return (seat + 1) % st.seats


def _races_available(st) -> list[str]:
    taken = {p.race for p in st.players}
    pool = BASE_RACES + (PROMO_RACES if st.options["promo_sheets"] else ())
    return [r for r in pool if r not in taken]


def _class_cards_taken(st) -> set[int]:
    taken = set()
    for p in st.players:
        if p.class_id is not None:
            taken.add(CLASSES[p.class_id]["card"])
    return taken


def _draw_class_card(st, events: list) -> None:
    """Step 4: draw dice until one names a free class card (gold or taken: draw again). The drawn dice
    stay out of the bag (``set_aside``) until every player has a class, then all go back."""
    p = st.players[st.turn]
    taken = _class_cards_taken(st)
    drawn = []
    while True:
        colour = draw_die(st)
        drawn.append(colour)
        st.set_aside.append(colour)
        if colour != "gold" and CARD_OF_COLOUR[colour] not in taken:
            break
    p.class_card = CARD_OF_COLOUR[colour]
    events.append(ev("class_drawn", seat=p.seat, drawn=drawn, card=p.class_card))


def _setup_after_classes(st, events: list) -> None:
    """Steps 5–12: deal backstory + alignment, build the market, initiative cards, starting dice."""
    for colour in st.set_aside:  # end of step 4: every die drawn for the classes goes back
        st.bag[colour] += 1
    st.set_aside = []
    backs = list(BACKSTORY_IDS)
    aligns = list(ALIGNMENT_IDS)
    rng.shuffle(st, backs)
    rng.shuffle(st, aligns)
    order = [(st.first_player + i) % st.seats for i in range(st.seats)]
    for i, seat in enumerate(order):
        p = st.players[seat]
        p.backstory = backs[i]
        p.alignment = aligns[i]
        events.append(ev("dealt", seat=seat, backstory=p.backstory, alignment=p.alignment))
    _build_market(st, events)
    # starting dice: players + 4 (solo 6); short game +2; even start: one of each colour (+ gold)
    solo = st.seats == 1
    n = 6 if solo else st.seats + 4
    for seat in order:
        p = st.players[seat]
        colours = []
        if st.options["even_start"]:
            colours = ["green", "blue", "red", "purple", "black", "white"]
            colours += ["gold"] * (n - 6)
            for c in colours:
                st.bag[c] -= 1
        else:
            for _ in range(n):
                colours.append(draw_die(st))
        if st.options["short_game"]:
            colours.append(draw_die(st))
            colours.append(draw_die(st))
        p.start_dice = [(c, rng.roll(st)) for c in colours]
        events.append(ev("starting_dice", seat=seat, dice=[list(d) for d in p.start_dice]))
    st.phase = "setup_dice"
    st.turn = None


def _build_market(st, events: list) -> None:
    solo = st.seats == 1
    ids = list(BASE_CARD_IDS)
    if st.options["cursed_ring"]:
        ids += list(PROMO_CARD_IDS)
    if solo:
        ids = [c for c in ids if c not in SOLO_EXCLUDED]
    per_pile = {1: 7, 2: 7, 3: 3, 4: 0}[st.seats]
    g1 = [c for c in ids if CARD_GROUP[c] == 1]
    g2 = [c for c in ids if CARD_GROUP[c] == 2]
    if st.options["souk"]:
        mixed = g1 + g2
        rng.shuffle(st, mixed)
        st.discard = mixed[:2 * per_pile]
        st.deck = mixed[2 * per_pile:]
    else:
        rng.shuffle(st, g1)
        rng.shuffle(st, g2)
        st.discard = g1[:per_pile] + g2[:per_pile]
        st.deck = g1[per_pile:] + g2[per_pile:]
    ncards = 3 if solo else st.seats + 1
    from .state import InitiativeCard
    st.initiative = [InitiativeCard(n, None, 1 if 1 < n < ncards else 0, None) for n in range(1, ncards + 1)]
    reveal_market(st, ncards, events)
    if solo:
        refill_deck(st, events)
        if st.deck:
            st.trash.append(st.deck.pop(0))
        st.bag["gold"] -= 1
        st.enemy_die = ("gold", rng.roll(st))
        events.append(ev("solo_setup", trash=list(st.trash)))


# ================================================================================== rounds

def _start_round(st, events: list) -> None:
    st.round += 1
    for p in st.players:
        p.initiative = None
        p.used = []
    dice = []
    for card in st.initiative:
        card.taken_by = None
        colour = draw_die(st)
        if colour is not None:
            dice.append((colour, rng.roll(st)))
    events.append(ev("round_started", round=st.round, start_player=st.start_player,
                     dice=[list(d) for d in dice]))
    st.dice_order = [(st.start_player + i) % st.seats for i in range(st.seats)]
    lay_out_roll(st, dice)


def lay_out_roll(st, dice: list) -> None:
    """Roll phase: lowest die on card 1, and so on; the start player orders tied dice (a decision whose
    default, offered first, is the order in which the dice were drawn)."""
    dice = sorted(dice, key=lambda d: d[1])
    for i, card in enumerate(st.initiative):
        card.die = dice[i] if i < len(dice) else None
    st.turn = None
    st.step = None
    if has_choice(dice):
        st.phase = "roll"
        st.sub = {"kind": "order_ties", "seat": st.start_player, "dice": dice,
                  "cards": [c.number for c in st.initiative[:len(dice)]], "origin": "roll"}
    else:
        _begin_dice_phase(st)


def _begin_dice_phase(st) -> None:
    st.phase = "dice"
    st.turn = st.dice_order[0]
    st.step = "choose"
    st.action_row = None
    st.action_done = None


def _end_dice_turn(st, events: list) -> None:
    if st.seats == 1:  # solo: the enemy reacts once the turn is done (DE "Danach", KO "그후")
        taken = st.players[st.turn].initiative
        if taken in (2, 3):
            _solo_enemy(st, taken, events)
    i = st.dice_order.index(st.turn) + 1
    st.action_row = None
    st.action_done = None
    if i < len(st.dice_order):
        st.turn = st.dice_order[i]
        st.step = "choose"
        return
    _begin_market_start(st, events)


def _solo_enemy(st, card_number: int, events: list) -> None:
    """Solo: Initiative 2 / 3 roll the enemy die and trash a market card by the printed tables. It happens
    at the end of the Dice-Phase turn, after the die is placed and the optional attribute action (and any
    skill right after it) — DE "Danach schaust du, wie dein Gegner reagiert", KO "그후"; FR lists it after
    both too. The coin of Initiative 2 is taken with the card, as on every card."""
    v = rng.roll(st)
    st.enemy_die = ("gold", v)
    where = enemy_target(card_number, v)
    trashed = None
    n = len(st.market)
    if where is not None and n:
        idx = 0 if where == "left" else n - 1 if where == "right" else (n - 1) // 2
        trashed = st.market.pop(idx)
        st.trash.append(trashed)
    events.append(ev("enemy_die", value=v, where=where, card=trashed))


def enemy_target(card_number: int, value: int) -> str | None:
    """The printed solo tables: which market card the enemy die trashes ("left"/"middle"/"right")."""
    if card_number == 2:
        return {1: "left", 2: "middle", 3: "right"}.get(value)
    if card_number == 3:
        return "left" if value <= 2 else "middle" if value <= 4 else "right"
    return None


def _power_id(p) -> str | None:
    return CLASSES[p.class_id]["power"]["id"] if p.class_id else None


def _attuned_seat(st) -> int | None:
    if not st.discard:
        return None
    for seat in st.dice_order:
        p = st.players[seat]
        pw = CLASS_POWER.get(p.class_id) if p.class_id else None
        if (pw and pw["kind"] == "market_add_from_discard" and pw["timing"] == "market_phase_start"
                and _power_id(p) not in p.used):
            return seat
    return None


def _begin_market_start(st, events: list) -> None:
    st.step = None
    seat = _attuned_seat(st)
    if seat is not None:
        st.phase = "market_start"
        st.turn = seat
        return
    _begin_market(st, events)


def _begin_market(st, events: list) -> None:
    st.phase = "market"
    order = [p for p in st.players if p.initiative is not None]
    order.sort(key=lambda p: p.initiative)
    st.market_order = [p.seat for p in order]
    st.market_pos = 0
    _start_market_turn(st)


def _start_market_turn(st) -> None:
    st.turn = st.market_order[st.market_pos]
    st.step = "buy"
    st.purchases = 0
    st.gold_taken = False


def _end_market_turn(st, events: list) -> None:
    if st.seats == 1 and st.market:
        st.discard.append(st.market[0])
        st.trash.extend(st.market[1:])
        events.append(ev("solo_market_cleared", discarded=st.market[0], trashed=st.market[1:]))
        st.market = []
    st.market_pos += 1
    if st.market_pos < len(st.market_order):
        _start_market_turn(st)
        return
    _begin_cleanup(st, events)


def _needs_cleanup_decision(st, p) -> bool:
    """Non-final round: whoever holds an exhausted skill chooses what to refresh. Last round: a refreshed
    card would only be "disponible pour le prochain tour" (FR; DE "ab der nächsten Runde") and there is
    none, so nobody refreshes; a seat is asked only while it can still use an any-time skill."""
    if st.final_round:
        return bool(skill_moves(st, p.seat, ANY_TIME))
    return bool(p.exhausted)


def _begin_cleanup(st, events: list) -> None:
    st.phase = "cleanup"
    st.turn = None
    st.step = None
    st.purchases = 0
    st.gold_taken = False
    for p in st.players:
        if p.charisma:
            events.append(ev("charisma_discarded", seat=p.seat, tokens=p.charisma))
            p.charisma = 0
    st.final_round = all(p.sheet_full() for p in st.players)
    st.cleanup_pending = [s for s in st.dice_order if _needs_cleanup_decision(st, st.players[s])]
    if not st.cleanup_pending:
        _finish_cleanup(st, events)


def _finish_cleanup(st, events: list) -> None:
    st.cleanup_pending = []
    if st.final_round:
        st.phase = "finished"
        st.finished = True
        st.turn = None
        events.append(ev("game_over", round=st.round))
        return
    for card in st.initiative:
        if card.die is not None:
            st.bag[card.die[0]] += 1
            card.die = None
        card.taken_by = None
    if st.market:
        (st.trash if st.seats == 1 else st.discard).extend(st.market)
        st.market = []
    reveal_market(st, len(st.initiative), events)
    last = len(st.initiative)
    for card in st.initiative:
        if 1 < card.number < last:
            card.coin = 1
    st.start_player = _next_clockwise(st, st.start_player)
    _start_round(st, events)


# ================================================================================== legal moves

def legal(st, seat: int) -> list[dict]:
    if st.finished or not (0 <= seat < st.seats):
        return []
    sub = st.sub
    if sub is not None:
        return _sub_moves(st) if sub["seat"] == seat else []
    phase = st.phase
    out = []
    if phase == "setup_race":
        if st.turn == seat:
            out = [{"type": "race", "seat": seat, "race": r, "gender": g}
                   for r in _races_available(st) for g in GENDERS]
        return out
    if phase == "setup_class":
        if st.turn == seat:
            if st.options["free_class"]:
                taken = _class_cards_taken(st)
                out = [{"type": "class", "seat": seat, "class": cid}
                       for card, ids in sorted(CLASS_CARDS.items()) if card not in taken for cid in ids]
            else:
                card = st.players[seat].class_card
                out = [{"type": "class", "seat": seat, "class": cid} for cid in CLASS_CARDS[card]]
        return out
    if phase == "setup_dice":
        p = st.players[seat]
        open_rows = [a for a in ATTRS if len(p.rows[a]) < 3]
        for d in dict.fromkeys(p.start_dice):
            die = [d[0], d[1]]
            for a in open_rows:
                out.append({"type": "place_start", "seat": seat, "die": die, "attr": a})
        return out
    if st.turn == seat:
        if phase == "dice":
            out = _dice_moves(st, seat)
        elif phase == "market_start":
            p = st.players[seat]
            pid = _power_id(p)
            out = [{"type": "power", "seat": seat, "power": pid, "card": c}
                   for c in dict.fromkeys(st.discard)]
            out.append({"type": "power", "seat": seat, "power": pid, "card": None})
        elif phase == "market":
            out = _market_moves(st, seat)
    if phase == "cleanup" and seat in st.cleanup_pending:
        out = _cleanup_moves(st, seat)
    if phase in ROUND_PHASES:
        out.extend(skill_moves(st, seat))
        p = st.players[seat]
        for c in dict.fromkeys(p.cards):
            if CARD_TYPE[c] == "weapon":
                out.append({"type": "discard_weapon", "seat": seat, "card": c})
    return out


def _sub_moves(st) -> list[dict]:
    sub = st.sub
    seat = sub["seat"]
    kind = sub["kind"]
    if kind == "order_ties":
        return [{"type": "order", "seat": seat, "dice": o} for o in tie_orders(sub["dice"])]
    if kind in ("int_keep", "mysterious_keep"):
        return [{"type": "keep", "seat": seat, "keep": "new"}, {"type": "keep", "seat": seat, "keep": "old"}]
    if kind == "second_swap":
        out = [dict(pair, type="second_swap", seat=seat) for pair in actions.swap_pairs(st.players[seat])]
        out.append({"type": "second_swap", "seat": seat, "skip": True})
        return out
    if kind == "open_lock":
        p = st.players[seat]
        out = [dict(v, type="open_lock", seat=seat, buy=True)
               for v in purchase_variants(p, sub["card"], discounts=False)]
        out.append({"type": "open_lock", "seat": seat, "buy": False})
        # "À tout moment" a weapon may be discarded: the look is the only moment the buyer learns that
        # the top card needs free hands, so the discard is offered inside it too (the look stays open).
        out.extend({"type": "discard_weapon", "seat": seat, "card": c}
                   for c in dict.fromkeys(p.cards) if CARD_TYPE[c] == "weapon")
        return out
    raise AssertionError(kind)


def _dice_moves(st, seat: int) -> list[dict]:
    step = st.step
    p = st.players[seat]
    if step == "choose":
        return [{"type": "take", "seat": seat, "card": c.number} for c in st.initiative
                if c.taken_by is None and c.die is not None]
    if step == "place":
        out = [{"type": "place", "seat": seat, "attr": a} for a in ATTRS if len(p.rows[a]) < 3]
        pw = CLASS_POWER.get(p.class_id)
        pid = _power_id(p)
        if (pw and pw["kind"] == "drafted_die" and pw["op"] == "reroll_keep_either" and pid not in p.used
                and drafted_card(st, seat) is not None):
            out.append({"type": "power", "seat": seat, "power": pid})
        return out
    if step == "action":
        kinds = ATTRS if any_row_actions(p) else (st.action_row,)
        out = []
        for action in kinds:
            out.extend(actions.action_moves(p, action, {"type": "action", "seat": seat, "action": action}))
        out.append({"type": "decline_action", "seat": seat})
        return out
    if step == "after_action":
        return [{"type": "end_turn", "seat": seat}]
    return []


def _market_moves(st, seat: int) -> list[dict]:
    p = st.players[seat]
    out = []
    if st.step == "buy":
        can_buy = st.purchases < purchase_limit(p) and not st.gold_taken
        if can_buy:
            for card in st.market:
                for v in purchase_variants(p, card, discounts=True):
                    out.append(dict(v, type="buy", seat=seat, card=card))
        if st.purchases == 0 and not st.gold_taken:
            if st.options["friendly_market"]:
                out.append({"type": "take_gold", "seat": seat})
            else:
                out.extend({"type": "take_gold", "seat": seat, "card": c} for c in st.market)
        if st.purchases > 0 or (not st.market and not st.options["friendly_market"]):
            out.append({"type": "end_market_turn", "seat": seat})
    elif st.step == "after_discard":
        out.append({"type": "end_market_turn", "seat": seat})
    return out


def _cleanup_moves(st, seat: int) -> list[dict]:
    p = st.players[seat]
    ex = sorted(set(p.exhausted))
    lim = refresh_limit(p)
    subsets = [[c] for c in ex]
    if lim >= 2:
        subsets += [[ex[i], ex[j]] for i in range(len(ex)) for j in range(i + 1, len(ex))]
    if st.final_round:
        return [{"type": "finish", "seat": seat}]
    return [{"type": "refresh", "seat": seat, "cards": s} for s in subsets + [[]]]


# ================================================================================== pending

_DICE_DECISIONS = {"choose": "take_initiative", "place": "place_die", "action": "attribute_action",
                   "after_action": "end_turn"}


def pending(st) -> list[dict]:
    if st.finished:
        return []
    sub = st.sub
    if sub is not None:
        d = {"seat": sub["seat"], "decision": sub["kind"]}
        if sub["kind"] == "order_ties":
            d["default"] = {"type": "order", "seat": sub["seat"], "dice": [list(x) for x in sub["dice"]]}
        return [d]
    phase = st.phase
    if phase == "setup_race":
        return [{"seat": st.turn, "decision": "choose_race"}]
    if phase == "setup_class":
        return [{"seat": st.turn, "decision": "choose_class", "card": st.players[st.turn].class_card}]
    if phase == "setup_dice":
        return [{"seat": p.seat, "decision": "place_starting_die"} for p in st.players if p.start_dice]
    if phase == "dice":
        return [{"seat": st.turn, "decision": _DICE_DECISIONS[st.step]}]
    if phase == "market_start":
        return [{"seat": st.turn, "decision": "attuned"}]
    if phase == "market":
        return [{"seat": st.turn, "decision": "market" if st.step == "buy" else "after_discard"}]
    if phase == "cleanup":
        decision = "finish" if st.final_round else "refresh"
        return [{"seat": s, "decision": decision} for s in st.cleanup_pending]
    return []


# ================================================================================== applying

def play(st, move: dict) -> list[dict]:
    """Apply a legal move in place; returns the events."""
    events: list[dict] = []
    t = move["type"]
    seat = move["seat"]
    p = st.players[seat]
    if t == "skill":
        activate(st, move, events)
    elif t == "discard_weapon":
        p.cards.remove(move["card"])
        st.discard.append(move["card"])
        events.append(ev("weapon_discarded", seat=seat, card=move["card"]))
    elif t in ("order", "keep", "second_swap", "open_lock"):
        _answer_sub(st, move, events)
    elif t == "race":
        p.race = move["race"]
        p.gender = move["gender"]
        events.append(ev("race_chosen", seat=seat, race=p.race, gender=p.gender))
        nxt = _next_clockwise(st, seat)
        if nxt == st.first_player:
            st.phase = "setup_class"
            st.turn = st.first_player
            if not st.options["free_class"]:
                _draw_class_card(st, events)
        else:
            st.turn = nxt
    elif t == "class":
        p.class_id = move["class"]
        p.class_card = CLASSES[p.class_id]["card"]
        events.append(ev("class_chosen", seat=seat, class_id=p.class_id))
        nxt = _next_clockwise(st, seat)
        if nxt == st.first_player:
            _setup_after_classes(st, events)
        else:
            st.turn = nxt
            if not st.options["free_class"]:
                _draw_class_card(st, events)
    elif t == "place_start":
        die = (move["die"][0], move["die"][1])
        p.start_dice.remove(die)
        place_on_row(p, die, move["attr"], events)
        if not any(q.start_dice for q in st.players):
            _start_round(st, events)
    elif t == "take":
        card = st.initiative[move["card"] - 1]
        card.taken_by = seat
        p.initiative = card.number
        events.append(ev("initiative_taken", seat=seat, card=card.number, colour=card.die[0],
                         value=card.die[1]))
        if card.coin:
            card.coin = 0
            gain(p, 1, events, "initiative_coin")
        st.step = "place"
    elif t == "place":
        card = drafted_card(st, seat)
        die = card.die
        card.die = None
        place_on_row(p, die, move["attr"], events)
        st.action_row = move["attr"]
        st.step = "action"
    elif t == "action":
        action = move["action"]
        st.action_done = action
        params = {k: v for k, v in move.items() if k not in ("type", "seat", "action")}
        actions.do_action(st, p, action, params, events, origin="action")
        if st.sub is None:
            st.step = "after_action"
    elif t == "decline_action":
        events.append(ev("action_declined", seat=seat))
        _end_dice_turn(st, events)
    elif t == "end_turn":
        _end_dice_turn(st, events)
    elif t == "power":
        _use_power(st, move, events)
    elif t == "buy":
        st.market.remove(move["card"])
        do_purchase(st, p, move["card"], move, events, discounts=True, source="market")
    elif t == "take_gold":
        card = move.get("card")
        if card is not None:
            st.market.remove(card)
            st.discard.append(card)
        st.gold_taken = True
        events.append(ev("gold_for_discard", seat=seat, card=card))
        gain(p, 2, events, "discard_for_gold")
        st.step = "after_discard"
    elif t == "end_market_turn":
        _end_market_turn(st, events)
    elif t == "refresh":
        for c in move["cards"]:
            p.exhausted.remove(c)
            p.used.append(REFRESHED + c)  # usable again from the next round on (FR "prochain tour")
        events.append(ev("skills_refreshed", seat=seat, cards=list(move["cards"])))
        st.cleanup_pending.remove(seat)
        if not st.cleanup_pending:
            _finish_cleanup(st, events)
    elif t == "finish":
        st.cleanup_pending.remove(seat)
        if not st.cleanup_pending:
            _finish_cleanup(st, events)
    else:
        raise AssertionError(t)
    _settle(st, events)
    st.moves += 1
    return events


def _use_power(st, move: dict, events: list) -> None:
    seat = move["seat"]
    p = st.players[seat]
    pid = move["power"]
    p.used.append(pid)
    pw = CLASS_POWER[p.class_id]
    if pw["kind"] == "market_add_from_discard":
        card = move["card"]
        if card is not None:
            st.discard.remove(card)
            st.market.append(card)
        events.append(ev("power_used", seat=seat, power=pid, card=card))
        _begin_market(st, events)
    elif pw["kind"] == "drafted_die":
        own = drafted_card(st, seat)
        old = own.die
        new = rng.roll(st)
        own.die = (old[0], new)
        events.append(ev("power_used", seat=seat, power=pid, old=old[1], new=new))
        st.sub = {"kind": "mysterious_keep", "seat": seat, "card": own.number, "old": old[1], "new": new,
                  "origin": "power"}
    else:
        raise AssertionError(pw["kind"])


def _answer_sub(st, move: dict, events: list) -> None:
    sub = st.sub
    seat = sub["seat"]
    p = st.players[seat]
    kind = sub["kind"]
    origin = sub["origin"]
    if kind == "order_ties":
        apply_order(st, move["dice"])
        events.append(ev("dice_ordered", seat=seat, dice=move["dice"]))
        st.sub = None
        if origin == "roll":
            _begin_dice_phase(st)
        return
    if kind == "int_keep":
        actions.resolve_keep(st, p, move["keep"], events)
        st.sub = None
    elif kind == "mysterious_keep":
        card = st.initiative[sub["card"] - 1]
        if move["keep"] == "old":
            card.die = (card.die[0], sub["old"])
        events.append(ev("reroll_kept", seat=seat, keep=move["keep"], value=card.die[1]))
        st.sub = None
    elif kind == "second_swap":
        st.sub = None
        if not move.get("skip"):
            actions.swap(p, move, events)
    elif kind == "open_lock":
        st.sub = None
        if move["buy"]:
            card = st.deck.pop(0)
            do_purchase(st, p, card, move, events, discounts=False, source="deck_top")
        else:
            events.append(ev("open_lock_declined", seat=seat))
    if origin in ("action", "concentrate") and st.phase == "dice" and st.step == "action":
        st.step = "after_action"


def _settle(st, events: list) -> None:
    """Automatic transitions once nobody has a nested decision left."""
    if st.sub is not None or st.finished:
        return
    if st.phase == "dice" and st.step == "after_action":
        if not skill_moves(st, st.turn, AFTER_ACTION):
            _end_dice_turn(st, events)
    elif st.phase == "market":
        p = st.players[st.turn]
        if st.step == "buy" and st.purchases >= purchase_limit(p):
            _end_market_turn(st, events)
        elif st.step == "after_discard" and not skill_moves(st, st.turn, ON_DISCARD):
            _end_market_turn(st, events)
