"""Rules audit, multi-player: setup numbers, cleanup, market corner cases, skill windows, and the agreement
of ``pending`` with ``legal_moves`` (FR rulebook first, DE/KO where they are more explicit)."""
import random

import pytest
from rp_kit import (
    RuleError,
    act,
    after_setup,
    at_market_turn,
    check_invariants,
    engine,
    legal,
    new_game,
    types,
)

from bot.games.rollplayer.content import CARD_GROUP, CARD_HANDS, CARD_TYPE, CARDS, SKILL_TIMING
from bot.games.rollplayer.kind import KIND


def give(st, seat, *cards):
    for c in cards:
        for pile in (st.deck, st.market, st.discard, st.trash):
            if c in pile:
                pile.remove(c)
        st.players[seat].cards.append(c)


def on_top(st, card):
    for pile in (st.deck, st.market, st.discard):
        if card in pile:
            pile.remove(card)
    st.deck.insert(0, card)


def finish_setup_choices(st):
    while st.phase in ("setup_race", "setup_class"):
        st, _ = act(st, legal(st, engine.pending(st)[0]["seat"])[0])
    return st


def plain(st, seat):
    ms = [m for m in legal(st, seat) if m["type"] not in ("skill", "discard_weapon", "power")]
    for pref in ("decline_action", "take_gold", "keep", "refresh", "finish", "end_market_turn"):
        for m in ms:
            if m["type"] == pref:
                return m
    return ms[0]


def to_cleanup_pending(st):
    r = st.round
    while st.round == r and not (st.phase == "cleanup" and st.sub is None):
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
    return st


# ------------------------------------------------------------------------------------- setup

@pytest.mark.parametrize("seats, per_pile", [(2, 7), (3, 3), (4, 0)])
def test_setup_discards_go_to_the_market_discard_pile_one_dot_deck_over_two_dot(seats, per_pile):
    """FR step 7 "défaussez", DE "auf den Marktablagestapel", KO "버린 카드 더미에 놓습니다": the removed cards
    are the discard pile (reshuffled later, open to Move Silently / Attuned), not out of the game."""
    st = finish_setup_choices(new_game(seats, seed=seats))
    assert sorted(CARD_GROUP[c] for c in st.discard) == [1] * per_pile + [2] * per_pile
    order = st.market + st.deck  # market was dealt from the top
    groups = [CARD_GROUP[c] for c in order]
    assert groups == sorted(groups)  # every 1-dot card above every 2-dot card
    assert len(st.market) == seats + 1


@pytest.mark.parametrize("short", [False, True])
def test_setup_gold_by_position_from_the_first_player(short):
    st = new_game(4, seed=2, short_game=short)
    first = st.first_player
    gold = [st.players[(first + i) % 4].gold for i in range(4)]
    assert gold == ([5, 5, 5, 5] if short else [5, 5, 6, 7])


@pytest.mark.parametrize("seats, gold_dice", [(2, 0), (3, 1), (4, 2)])
def test_even_start_one_of_each_colour_plus_gold(seats, gold_dice):
    st = finish_setup_choices(new_game(seats, seed=1, even_start=True))
    for p in st.players:
        colours = sorted(c for c, _ in p.start_dice)
        assert colours == sorted(["green", "blue", "red", "purple", "black", "white"] + ["gold"] * gold_dice)


def test_class_dice_all_return_before_starting_dice_and_no_gold_for_them():
    st = new_game(4, seed=5)
    while st.phase == "setup_race":
        st, _ = act(st, legal(st, engine.pending(st)[0]["seat"])[0])
    gold = [p.gold for p in st.players]
    while st.phase == "setup_class":
        assert sum(st.bag.values()) + len(st.set_aside) == 73
        st, _ = act(st, legal(st, engine.pending(st)[0]["seat"])[0])
    assert [p.gold for p in st.players] == gold and st.set_aside == []
    assert sum(st.bag.values()) + sum(len(p.start_dice) for p in st.players) == 73
    assert all(len(p.start_dice) == 8 for p in st.players)


# ------------------------------------------------------------------------------------- cleanup

def test_cleanup_leftover_die_to_bag_leftover_market_discarded_coins_at_most_one():
    st = after_setup(3, seed=6)
    # nobody takes card 3 (a middle card with a coin): its coin must stay single
    order = st.dice_order
    for seat, card in zip(order, (1, 2, 4)):
        st, _ = act(st, {"type": "take", "seat": seat, "card": card})
        attr = next(a for a, row in st.players[seat].rows.items() if len(row) < 3)
        st, _ = act(st, {"type": "place", "seat": seat, "attr": attr})
        st, _ = act(st, {"type": "decline_action", "seat": seat})
    assert st.phase == "market"
    left_die = st.initiative[2].die
    bag_colour = st.bag[left_die[0]]
    market = list(st.market)
    discard = list(st.discard)
    events = []
    while st.round == 1:
        m = plain(st, engine.pending(st)[0]["seat"])
        st, ev = act(st, m)
        events += ev
    gold_cards = [e["params"]["card"] for e in events if e["key"] == "rollplayer.gold_for_discard"]
    leftovers = [c for c in market if c not in gold_cards]
    assert st.discard[:len(discard)] == discard
    assert st.discard[len(discard):] == gold_cards + leftovers
    assert [c.coin for c in st.initiative] == [0, 1, 1, 0]
    new_draws = [d for d in events if d["key"] == "rollplayer.round_started"][0]["params"]["dice"]
    # the leftover die went back before the new roll drew from the bag
    drawn_of_colour = sum(1 for c, _ in new_draws if c == left_die[0])
    assert st.bag[left_die[0]] == bag_colour + 1 - drawn_of_colour
    check_invariants(st)


def test_new_market_reshuffles_discard_and_leftovers_together_mid_deal():
    st = after_setup(2, seed=8)
    st.discard = st.deck[1:] + st.discard
    st.deck = st.deck[:1]
    last = st.deck[0]
    st = at_market_turn(st)
    while st.phase == "market":
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
        if st.phase == "cleanup":
            st = to_cleanup_pending(st)
    assert st.round == 2
    assert st.market[0] == last and len(st.market) == 3
    assert st.discard == []
    # both groups together in the new deck
    assert {CARD_GROUP[c] for c in st.deck} == {1, 2}
    check_invariants(st)


def test_refresh_is_offered_to_every_seat_with_an_exhausted_skill_in_any_order():
    st = after_setup(3, seed=1, classes={1: "ranger"})
    for seat, cards in ((0, ["knowledge", "climb"]), (1, ["acrobatics", "cure_wounds", "search"])):
        give(st, seat, *cards)
        st.players[seat].exhausted = list(cards)
    st = to_cleanup_pending(st)
    assert [d["seat"] for d in engine.pending(st)] == [s for s in st.dice_order if s in (0, 1)]
    assert sorted(len(m["cards"]) for m in legal(st, 0) if m["type"] == "refresh") == [0, 1, 1]
    assert max(len(m["cards"]) for m in legal(st, 1) if m["type"] == "refresh") == 2
    st, _ = act(st, {"type": "refresh", "seat": 1, "cards": ["search", "acrobatics"]})
    assert st.round == 1 and engine.pending(st) == [{"seat": 0, "decision": "refresh"}]
    st, _ = act(st, {"type": "refresh", "seat": 0, "cards": []})
    assert st.round == 2 and st.players[1].exhausted == ["cure_wounds"]
    assert st.players[0].exhausted == ["knowledge", "climb"]


def test_game_does_not_end_before_the_cleanup_of_the_round_that_fills_every_sheet():
    st = after_setup(2, seed=3)
    while not all(p.sheet_full() for p in st.players):
        assert not st.finished
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
    assert st.phase in ("dice", "market", "market_start") and not st.finished
    last_round = st.round
    while not st.finished:
        assert st.round == last_round
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
    assert st.round == last_round == 12


# ------------------------------------------------------------------------------------- market

def market_turn(seats=2, seed=3, **options):
    st = at_market_turn(after_setup(seats, seed, **options))
    return st, st.turn


def test_open_lock_a_weapon_may_be_discarded_during_the_look_to_make_room():
    """"À tout moment, un joueur peut défausser une carte Arme" (FR) — also while looking at the deck top,
    which is the only moment an Open Lock buyer learns that the card needs free hands."""
    st, a = market_turn()
    two_hands = next(c for c in CARDS if CARD_TYPE[c] == "weapon" and CARD_HANDS[c] == 2
                     and not CARDS[c]["promo"])
    one_hand = next(c for c in CARDS if CARD_TYPE[c] == "weapon" and CARD_HANDS[c] == 1
                    and not CARDS[c]["promo"])
    give(st, a, "open_lock", one_hand)
    on_top(st, two_hands)
    st.players[a].gold = 10
    st, _ = act(st, {"type": "skill", "seat": a, "card": "open_lock"})
    assert [m for m in legal(st, a) if m.get("buy")] == []  # 1 + 2 hands > 2
    assert {"type": "discard_weapon", "seat": a, "card": one_hand} in legal(st, a)
    st, _ = act(st, {"type": "discard_weapon", "seat": a, "card": one_hand})
    assert st.sub is not None and st.sub["kind"] == "open_lock" and st.discard[-1] == one_hand
    st, _ = act(st, {"type": "open_lock", "seat": a, "buy": True})
    assert st.players[a].cards[-1] == two_hands
    assert st.players[a].gold == 10 - CARDS[two_hands]["cost"]


def test_open_lock_with_an_empty_deck_can_only_move_the_token():
    st, a = market_turn()
    give(st, a, "open_lock")
    st.discard += st.deck
    st.deck = []
    offered = [m for m in legal(st, a) if m["type"] == "skill"]
    assert offered == [{"type": "skill", "seat": a, "card": "open_lock", "decline": True}]


def test_move_silently_bard_may_still_buy_from_the_market_but_never_take_gold():
    st, a = market_turn(classes={0: "bard", 1: "bard"})
    give(st, a, "move_silently")
    target = st.discard[0]
    p = st.players[a]
    p.gold, p.charisma = 20, 1
    price = CARDS[target]["cost"]
    st, _ = act(st, {"type": "skill", "seat": a, "card": "move_silently", "target": target, "tokens": 1})
    p = st.players[a]
    assert p.cards[-1] == target and p.gold == 20 - max(0, price - 1) and p.charisma == 0
    assert st.turn == a and "take_gold" not in types(st, a)
    assert "buy" in types(st, a) and "end_market_turn" in types(st, a)


def test_charisma_tokens_never_bring_a_price_below_zero_and_stay_unspent():
    st, a = market_turn()
    p = st.players[a]
    card = st.market[0]
    p.gold, p.charisma = 0, 9
    offered = sorted(m["tokens"] for m in legal(st, a) if m["type"] == "buy" and m["card"] == card)
    assert offered == [CARDS[card]["cost"]]
    st, _ = act(st, {"type": "buy", "seat": a, "card": card, "tokens": CARDS[card]["cost"]})
    assert st.players[a].gold == 0 and st.players[a].charisma == 9 - CARDS[card]["cost"]


def test_trait_bought_with_tokens_moves_the_token_and_no_second_purchase():
    st, a = market_turn()
    if "reckless" not in st.market:
        on_top(st, "reckless")
        st.deck.pop(0)
        st.deck.append(st.market[0])
        st.market[0] = "reckless"
    p = st.players[a]
    p.gold, p.charisma = 5, 1
    st, _ = act(st, {"type": "buy", "seat": a, "card": "reckless", "tokens": 1})
    p = st.players[a]
    assert p.gold == 0 and p.charisma == 0 and p.align_col == "chaotic" and st.turn != a
    check_invariants(st)


# ------------------------------------------------------------------------------------- skill windows

def test_any_time_skills_not_between_an_int_reroll_and_its_keep():
    st = after_setup(2, seed=1)
    a, b = st.turn, 1 - st.turn
    give(st, b, "cure_wounds")
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    attr = "int" if len(st.players[a].rows["int"]) < 3 else next(
        x for x, row in st.players[a].rows.items() if len(row) < 3)
    st.players[a].class_id = "wizard"  # any row's action, so INT is always offered
    st, _ = act(st, {"type": "place", "seat": a, "attr": attr})
    assert any(m["type"] == "skill" for m in legal(st, b))
    st, _ = act(st, {"type": "action", "seat": a, "action": "int", "die": [attr, 0]})
    assert st.sub["kind"] == "int_keep"
    assert legal(st, b) == []
    with pytest.raises(RuleError) as e:
        act(st, {"type": "skill", "seat": b, "card": "cure_wounds", "die": [attr, 0], "delta": 1})
    assert e.value.code == "waiting_for_other"


def test_diplomacy_moves_along_its_own_arrow_and_exhausts_only_itself():
    st = after_setup(2, seed=1)
    a, b = st.turn, 1 - st.turn
    give(st, a, "diplomacy")
    give(st, b, "climb")
    st.players[b].exhausted = ["climb"]
    copies = [m for m in legal(st, a) if m["type"] == "skill" and m.get("copy") == "climb"]
    assert copies and all(m["card"] == "diplomacy" for m in copies)
    assert not [m for m in legal(st, b) if m["type"] == "skill"]  # Climb: own turn only, and exhausted
    m = next(m for m in copies if not m.get("decline"))
    before = st.players[a].align_row
    st, _ = act(st, m)
    assert st.players[a].exhausted == ["diplomacy"] and st.players[b].exhausted == ["climb"]
    assert before == "neutral" and st.players[a].align_row == "good"  # Diplomacy's arrow is up


# ------------------------------------------------------------------------------------- pending / legal

def _any_time(move):
    if move["type"] == "discard_weapon":
        return True
    return move["type"] == "skill" and SKILL_TIMING[move.get("copy", move["card"])] == "any_time"


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_pending_seats_can_move_and_others_only_have_any_time_moves(seats):
    """Skill-heavy random games: every seat in ``pending`` has a legal move; a seat outside it may only use
    any-time skills or discard a weapon; the game always ends."""
    for seed in range(25):
        options = [{}, {"promos": True, "friendly_market": True}, {"free_class": True}][seed % 3]
        st = KIND.create(seats, seed, options)
        pick = random.Random(seed)
        steps = 0
        while not st.finished:
            steps += 1
            assert steps < 5000
            pend = {d["seat"] for d in engine.pending(st)}
            assert pend
            for s in range(seats):
                ms = engine.legal(st, s)
                if s in pend:
                    assert ms
                else:
                    assert all(_any_time(m) for m in ms), ms
            seat = pick.choice(sorted(pend)) if pick.random() > 0.2 else pick.randrange(seats)
            ms = engine.legal(st, seat)
            if not ms:
                continue
            eager = [m for m in ms if m["type"] in ("skill", "buy", "power")]
            engine.play(st, pick.choice(eager) if eager and pick.random() < 0.6 else pick.choice(ms))
        check_invariants(st)


def test_climb_resort_ties_are_ordered_by_the_acting_player_not_the_start_player():
    st = after_setup(3, seed=1)
    a = st.turn
    b = st.dice_order[1]
    assert a == st.start_player != b
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    attr = next(x for x, row in st.players[a].rows.items() if len(row) < 3)
    st, _ = act(st, {"type": "place", "seat": a, "attr": attr})
    st, _ = act(st, {"type": "decline_action", "seat": a})
    assert st.turn == b and st.step == "choose"
    give(st, b, "climb")
    st.initiative[1].die, st.initiative[2].die, st.initiative[3].die = ("red", 3), ("green", 4), ("blue", 5)
    st, _ = act(st, {"type": "skill", "seat": b, "card": "climb", "target": 3, "delta": -1})
    assert st.sub["kind"] == "order_ties" and st.sub["seat"] == b and st.sub["cards"] == [2, 3, 4]
    assert engine.pending(st)[0]["seat"] == b and legal(st, a) == []
    st, _ = act(st, {"type": "order", "seat": b, "dice": [["green", 3], ["red", 3], ["blue", 5]]})
    assert [c.die for c in st.initiative[1:]] == [("green", 3), ("red", 3), ("blue", 5)]
    assert st.initiative[0].taken_by == a and st.turn == b and st.step == "choose"


def test_during_the_open_lock_look_only_own_weapons_may_be_discarded():
    st, a = market_turn()
    give(st, a, "open_lock")
    st, _ = act(st, {"type": "skill", "seat": a, "card": "open_lock"})
    with pytest.raises(RuleError) as e:
        act(st, {"type": "discard_weapon", "seat": a, "card": "longsword"})
    assert e.value.code == "card_not_owned"
    with pytest.raises(RuleError) as e:
        act(st, {"type": "take_gold", "seat": a, "card": st.market[0]})
    assert e.value.code == "decision_pending"
    assert st.sub["kind"] == "open_lock"


@pytest.mark.parametrize("row, moved, gain", [("neutral", "good", 1), ("good", "good", 0)])
def test_cleric_gold_only_for_an_actual_up_move_of_a_trait_arrow(row, moved, gain):
    st, a = market_turn()  # every seat is a Cleric in after_setup
    if "weak" not in st.market:
        on_top(st, "weak")
        st.deck.pop(0)
        st.deck.append(st.market[0])
        st.market[0] = "weak"
    p = st.players[a]
    p.align_row, p.gold, p.charisma = row, 2, 0
    st, _ = act(st, {"type": "buy", "seat": a, "card": "weak", "tokens": 0})
    p = st.players[a]
    assert p.align_row == moved and p.gold == 2 - CARDS["weak"]["cost"] + gain
    check_invariants(st)


def test_a_skill_exhausted_during_cleanup_by_a_seat_not_choosing_waits_for_the_next_cleanup():
    st = after_setup(3, seed=1)
    give(st, 0, "climb")
    st.players[0].exhausted = ["climb"]
    give(st, 1, "knowledge")
    st = to_cleanup_pending(st)
    assert [d["seat"] for d in engine.pending(st)] == [0]
    m = next(m for m in legal(st, 1) if m["type"] == "skill" and not m.get("decline"))
    st, _ = act(st, m)
    st, _ = act(st, {"type": "keep", "seat": 1, "keep": "old"})
    assert [d["seat"] for d in engine.pending(st)] == [0] and st.players[1].exhausted == ["knowledge"]
    st, _ = act(st, {"type": "refresh", "seat": 0, "cards": ["climb"]})
    assert st.round == 2 and st.players[1].exhausted == ["knowledge"] and st.players[0].exhausted == []


# ------------------------------------------------------------------------------------- refreshed skills

def to_last_market(seats=2, seed=3):
    """Play plainly until every sheet is full; returns the state in that (last) round's Market Phase."""
    st = after_setup(seats, seed)
    while not all(p.sheet_full() for p in st.players):
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
    while st.phase != "market" or st.sub is not None:
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
    return st


def test_a_skill_refreshed_in_the_last_cleanup_cannot_be_used_before_scoring():
    """FR Entretien 2: a refreshed skill becomes "disponible pour le prochain tour"; DE "ab der nächsten
    Runde". The last round has no next round, so refreshing cannot buy one more use before scoring."""
    st = to_last_market()
    give(st, 0, "knowledge")
    st.players[0].exhausted = ["knowledge"]
    give(st, 1, "cure_wounds")  # ready: seat 1 may still use it until scoring begins
    while st.phase == "market":
        st, _ = act(st, plain(st, engine.pending(st)[0]["seat"]))
    assert st.final_round and st.phase == "cleanup"
    assert engine.pending(st) == [{"seat": 1, "decision": "finish"}]
    assert [m for m in legal(st, 0) if m["type"] in ("refresh", "finish", "skill")] == []
    assert any(m["type"] == "skill" and m["card"] == "cure_wounds" for m in legal(st, 1))
    st, _ = act(st, {"type": "finish", "seat": 1})
    assert st.finished and st.players[0].exhausted == ["knowledge"]


def test_a_skill_refreshed_in_cleanup_waits_for_the_next_round():
    st = after_setup(3, seed=1)
    give(st, 0, "knowledge")
    st.players[0].exhausted = ["knowledge"]
    give(st, 1, "climb")
    st.players[1].exhausted = ["climb"]
    st = to_cleanup_pending(st)
    st, _ = act(st, {"type": "refresh", "seat": 0, "cards": ["knowledge"]})
    assert st.round == 1 and engine.pending(st) == [{"seat": 1, "decision": "refresh"}]
    assert st.players[0].exhausted == []
    assert not [m for m in legal(st, 0) if m["type"] == "skill"]  # not in this round any more
    with pytest.raises(RuleError) as e:
        act(st, {"type": "skill", "seat": 0, "card": "knowledge", "decline": True})
    assert e.value.code == "skill_not_now"
    st, _ = act(st, {"type": "refresh", "seat": 1, "cards": []})
    assert st.round == 2
    assert [m for m in legal(st, 0) if m["type"] == "skill" and m["card"] == "knowledge"]
