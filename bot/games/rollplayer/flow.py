"""The automatic flow between decisions: setup (13 steps), round transitions, solo enemy, game end.

These functions run when a move completes a step (next seat, next phase, Cleanup, next round); the
decisions themselves and their moves are the table in ``phases.py`` (whose ``Step.settle`` entries call
in here when a step ends by itself, e.g. a turn with no after-action skill left).
"""
from __future__ import annotations

from bot.games import rng

from .content import (
    ALIGNMENT_IDS,
    BACKSTORY_IDS,
    BASE_CARD_IDS,
    BASE_RACES,
    CARD_GROUP,
    CARD_OF_COLOUR,
    CLASSES,
    DICE_PER_COLOUR,
    PROMO_CARD_IDS,
    PROMO_RACES,
    SOLO_EXCLUDED,
    starting_dice,
)
from .market import refill_deck, reveal_market
from .powers import power_moves
from .rules import draw_die, ev
from .skills import has_choice, skill_moves
from .state import GameState, InitiativeCard, PlayerState

OPTION_DEFAULTS = {"even_start": False, "souk": False, "short_game": False, "friendly_market": False,
                   "free_class": False, "promo_sheets": False, "cursed_ring": False}
ANY_TIME = frozenset(("any_time",))


class Horizon(list):
    """The events of a look-ahead play (``engine.play(..., horizon=True)``). A search that stops where the
    round ends values the sheets, never the next round's roll or market, and drawing and rolling them was a
    fifth of its time; so a round that ends under a horizon play stops at the new round's door (round
    counted, sheets reset for it, nothing drawn). Such a state is a leaf: never played on, shown or stored."""


# ================================================================================== setup

def create(seats: int, seed: int, options: dict) -> GameState:
    """Setup steps 1–3 (first player, sheet choice is the first decision, gold)."""
    opts = {**OPTION_DEFAULTS, **options}
    st = GameState(seats, opts, rng.seed_state(seed), [PlayerState(i) for i in range(seats)])
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


def next_clockwise(st, seat: int) -> int:
    return (seat + 1) % st.seats


def races_available(st) -> list[str]:
    taken = {p.race for p in st.players}
    pool = BASE_RACES + (PROMO_RACES if st.options["promo_sheets"] else ())
    return [r for r in pool if r not in taken]


def class_cards_taken(st) -> set[int]:
    return {CLASSES[p.class_id]["card"] for p in st.players if p.class_id is not None}


def draw_class_card(st, events: list) -> None:
    """Step 4: draw dice until one names a free class card (gold or taken: draw again). The drawn dice
    stay out of the bag (``set_aside``) until every player has a class, then all go back."""
    p = st.players[st.turn]
    taken = class_cards_taken(st)
    drawn = []
    while True:
        colour = draw_die(st)
        drawn.append(colour)
        st.set_aside.append(colour)
        if colour != "gold" and CARD_OF_COLOUR[colour] not in taken:
            break
    p.class_card = CARD_OF_COLOUR[colour]
    events.append(ev("class_drawn", seat=p.seat, drawn=drawn, card=p.class_card))


def setup_after_classes(st, events: list) -> None:
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
    build_market(st, events)
    # starting dice: players + 4 (solo 6); short game +2; even start: one of each colour (+ gold)
    n = starting_dice(st.seats)
    for seat in order:
        p = st.players[seat]
        if st.options["even_start"]:
            colours = ["green", "blue", "red", "purple", "black", "white"] + ["gold"] * (n - 6)
            for c in colours:
                st.bag[c] -= 1
        else:
            colours = [draw_die(st) for _ in range(n)]
        if st.options["short_game"]:
            colours += [draw_die(st), draw_die(st)]
        p.start_dice = [(c, rng.roll(st)) for c in colours]
        events.append(ev("starting_dice", seat=seat, dice=[list(d) for d in p.start_dice]))
    st.phase = "setup_dice"
    st.turn = None


def build_market(st, events: list) -> None:
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

def open_round(st) -> None:
    """The next round begins: counted, and every sheet free of last round's card and uses."""
    st.round += 1
    for p in st.players:
        p.initiative = None
        p.used = []


def start_round(st, events: list) -> None:
    open_round(st)
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
        begin_dice_phase(st)


def begin_dice_phase(st) -> None:
    st.phase = "dice"
    st.turn = st.dice_order[0]
    st.step = "choose"
    st.action_row = None
    st.action_done = None


def end_dice_turn(st, events: list) -> None:
    if st.seats == 1:  # solo: the enemy reacts once the turn is done (DE "Danach", KO "그후")
        taken = st.players[st.turn].initiative
        if taken in (2, 3):
            solo_enemy(st, taken, events)
    i = st.dice_order.index(st.turn) + 1
    st.action_row = None
    st.action_done = None
    if i < len(st.dice_order):
        st.turn = st.dice_order[i]
        st.step = "choose"
        return
    begin_market_start(st, events)


def solo_enemy(st, card_number: int, events: list) -> None:
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


def attuned_seat(st) -> int | None:
    """The first seat in Dice-Phase order whose class power acts at the start of the Market Phase now."""
    return next((seat for seat in st.dice_order if power_moves(st, seat, "market_phase_start")), None)


def begin_market_start(st, events: list) -> None:
    st.step = None
    seat = attuned_seat(st)
    if seat is not None:
        st.phase = "market_start"
        st.turn = seat
        return
    begin_market(st, events)


def begin_market(st, events: list) -> None:
    st.phase = "market"
    order = sorted((p for p in st.players if p.initiative is not None), key=lambda p: p.initiative)
    st.market_order = [p.seat for p in order]
    st.market_pos = 0
    start_market_turn(st)


def start_market_turn(st) -> None:
    st.turn = st.market_order[st.market_pos]
    st.step = "buy"
    st.purchases = 0
    st.gold_taken = False


def end_market_turn(st, events: list) -> None:
    if st.seats == 1 and st.market:
        st.discard.append(st.market[0])
        st.trash.extend(st.market[1:])
        if st.market[1:]:
            events.append(ev("solo_market_cleared", discarded=st.market[0], trashed=st.market[1:]))
        else:                                 # the enemy die already trashed the rest: nothing to name there
            events.append(ev("solo_market_discarded", discarded=st.market[0]))
        st.market = []
    st.market_pos += 1
    if st.market_pos < len(st.market_order):
        start_market_turn(st)
        return
    begin_cleanup(st, events)


def needs_cleanup_decision(st, p) -> bool:
    """Non-final round: whoever holds an exhausted skill chooses what to refresh. Last round: a refreshed
    card would only be "disponible pour le prochain tour" (FR; DE "ab der nächsten Runde") and there is
    none, so nobody refreshes; a seat is asked only while it can still use an any-time skill."""
    if st.final_round:
        return bool(skill_moves(st, p.seat, ANY_TIME))
    return bool(p.exhausted)


def begin_cleanup(st, events: list) -> None:
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
    st.cleanup_pending = [s for s in st.dice_order if needs_cleanup_decision(st, st.players[s])]
    if not st.cleanup_pending:
        finish_cleanup(st, events)


def finish_cleanup(st, events: list) -> None:
    st.cleanup_pending = []
    if st.final_round:
        st.phase = "finished"
        st.finished = True
        st.turn = None
        events.append(ev("game_over", round=st.round))
        return
    if isinstance(events, Horizon):  # a look-ahead stops at the next round's door: nothing drawn or rolled
        open_round(st)
        st.phase = "roll"
        st.turn = st.step = None
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
    st.start_player = next_clockwise(st, st.start_player)
    start_round(st, events)
