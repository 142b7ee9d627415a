"""Every Skill card: its effect, its timing window and its limits; the activation sequence."""
import pytest
from rp_kit import RuleError, act, after_setup, at_market_turn, engine, legal, sheet, skill_moves_of, types

from bot.games.rollplayer.content import CARD_ARROW, CARDS, SKILL_TIMING


def give(st, seat, *cards):
    for c in cards:
        for pile in (st.deck, st.market, st.discard, st.trash):
            if c in pile:
                pile.remove(c)
        st.players[seat].cards.append(c)


def dice_state(seats=3, seed=1):
    st = after_setup(seats, seed)
    return st, st.turn, (st.turn + 1) % seats


def test_every_skill_has_a_known_window():
    assert set(SKILL_TIMING.values()) <= {"any_time", "dice_turn_before_choice", "dice_turn_after_choice",
                                          "dice_turn_after_action", "market_turn", "on_discard_for_gold",
                                          "as_copied"}
    assert len(SKILL_TIMING) == 13


# ------------------------------------------------------------------------------------- activation

def test_activation_moves_token_resolves_and_exhausts():
    st, a, b = dice_state()
    give(st, b, "cure_wounds")  # arrow up
    sheet(st.players[b], str=[("red", 3)])
    st, ev = act(st, {"type": "skill", "seat": b, "card": "cure_wounds", "die": ["str", 0], "delta": 1})
    p = st.players[b]
    assert p.rows["str"] == [("red", 4)] and p.align_row == "good" and p.exhausted == ["cure_wounds"]
    assert [e["key"] for e in ev][:2] == ["rollplayer.skill_used", "rollplayer.alignment_moved"]
    with pytest.raises(RuleError) as e:
        act(st, {"type": "skill", "seat": b, "card": "cure_wounds", "die": ["str", 0], "delta": 1})
    assert e.value.code == "skill_exhausted"


def test_declining_the_effect_still_moves_and_exhausts():
    st, a, b = dice_state()
    give(st, b, "knowledge")  # arrow left
    before = dict(st.players[b].rows)
    st, _ = act(st, {"type": "skill", "seat": b, "card": "knowledge", "decline": True})
    p = st.players[b]
    assert p.align_col == "lawful" and p.exhausted == ["knowledge"] and p.rows == before


def test_blocked_arrow_forbids_activation_except_for_the_paladin():
    st, a, b = dice_state()
    give(st, b, "acrobatics")  # arrow right
    st.players[b].align_col = "chaotic"
    assert not skill_moves_of(st, b, "acrobatics")
    with pytest.raises(RuleError) as e:
        act(st, {"type": "skill", "seat": b, "card": "acrobatics", "decline": True})
    assert e.value.code == "arrow_blocked"
    st.players[b].class_id = "paladin"
    m = skill_moves_of(st, b, "acrobatics")[0]
    st, _ = act(st, m)
    assert st.players[b].align_col == "chaotic" and st.players[b].exhausted == ["acrobatics"]


def test_unowned_skill_is_refused():
    st, a, b = dice_state()
    with pytest.raises(RuleError) as e:
        act(st, {"type": "skill", "seat": b, "card": "acrobatics", "decline": True})
    assert e.value.code == "card_not_owned"


# ------------------------------------------------------------------------------------- any-time skills

def test_acrobatics_any_time_even_in_another_players_turn():
    st, a, b = dice_state()
    give(st, b, "acrobatics")
    sheet(st.players[b], str=[("red", 1)], dex=[("blue", 6)])
    assert st.turn == a
    st, _ = act(st, {"type": "skill", "seat": b, "card": "acrobatics", "a": ["dex", 0], "b": ["str", 0]})
    assert st.players[b].rows["str"][0] == ("blue", 6) and st.players[b].rows["dex"][0] == ("red", 1)
    assert st.turn == a and st.step == "choose"  # the other player's turn is untouched


def test_acrobatics_not_inside_another_step():
    st, a, b = dice_state()
    give(st, b, "acrobatics")
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    st, _ = act(st, {"type": "action", "seat": a, "action": "int", "die": ["int", 0]})
    assert not skill_moves_of(st, b, "acrobatics")  # between a reroll and its keep/revert
    st, _ = act(st, {"type": "keep", "seat": a, "keep": "old"})
    assert skill_moves_of(st, b, "acrobatics")


def test_rogue_gets_a_second_swap_with_acrobatics():
    st, a, b = dice_state()
    give(st, b, "acrobatics")
    st.players[b].class_id = "rogue"
    m = next(m for m in skill_moves_of(st, b, "acrobatics") if "a" in m)
    st, _ = act(st, m)
    assert st.sub == {"kind": "second_swap", "seat": b, "origin": "skill"}
    st, _ = act(st, {"type": "second_swap", "seat": b, "skip": True})
    assert st.sub is None


def test_cure_wounds_no_wrap_and_monk_two():
    st, a, b = dice_state()
    give(st, b, "cure_wounds")
    sheet(st.players[b], str=[("red", 6)], dex=[], con=[], int=[], wis=[], cha=[])
    offered = [(m["die"], m["delta"]) for m in skill_moves_of(st, b, "cure_wounds") if "die" in m]
    assert offered == [(["str", 0], -1)]
    st.players[b].class_id = "monk"
    offered = [(m["die"], m["delta"]) for m in skill_moves_of(st, b, "cure_wounds") if "die" in m]
    assert offered == [(["str", 0], -2), (["str", 0], -1)]


def test_knowledge_reroll_keep_decision_for_the_owner_only():
    st, a, b = dice_state()
    give(st, b, "knowledge")
    sheet(st.players[b], str=[("red", 2)])
    st, _ = act(st, {"type": "skill", "seat": b, "card": "knowledge", "die": ["str", 0]})
    assert st.sub["kind"] == "int_keep" and st.sub["seat"] == b
    assert legal(st, a) == []  # the player whose turn it is waits for the keep decision
    st, _ = act(st, {"type": "keep", "seat": b, "keep": "old"})
    assert st.players[b].rows["str"] == [("red", 2)] and st.turn == a and st.step == "choose"


def test_sleight_of_hand_moves_slides_and_pays_nothing():
    st, a, b = dice_state()
    give(st, b, "sleight_of_hand")
    p = st.players[b]
    sheet(p, str=[("red", 1), ("blue", 2), ("green", 3)], dex=[("white", 4), ("black", 5)],
          con=[], int=[], wis=[], cha=[])
    g = p.gold
    st, _ = act(st, {"type": "skill", "seat": b, "card": "sleight_of_hand", "die": ["str", 0], "to": "dex"})
    p = st.players[b]
    assert p.rows["str"] == [("blue", 2), ("green", 3)]
    assert p.rows["dex"] == [("white", 4), ("black", 5), ("red", 1)]
    assert p.gold == g  # no Gold even though DEX is now complete
    assert not any(m.get("to") == "str" and m.get("die", [None])[0] == "str"
                   for m in skill_moves_of(st, b, "sleight_of_hand"))


def test_sleight_of_hand_impossible_on_a_full_sheet():
    st, a, b = dice_state()
    give(st, b, "sleight_of_hand")
    p = st.players[b]
    for r in p.rows:
        p.rows[r] = [("red", 1)] * 3
    assert [m for m in skill_moves_of(st, b, "sleight_of_hand")] == [
        {"type": "skill", "seat": b, "card": "sleight_of_hand", "decline": True}]


def test_reopened_row_pays_again_when_completed_by_placing():
    st, a, b = dice_state()
    give(st, a, "sleight_of_hand")
    p = st.players[a]
    sheet(p, cha=[("red", 1), ("blue", 2), ("green", 3)], int=[])
    st, _ = act(st, {"type": "skill", "seat": a, "card": "sleight_of_hand", "die": ["cha", 2], "to": "int"})
    st.initiative[0].die, st.initiative[0].coin = ("white", 2), 0
    g = st.players[a].gold
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "cha"})
    assert st.players[a].gold == g + 1


# ------------------------------------------------------------------------------------- dice-turn skills

def test_climb_before_choice_on_own_turn_untaken_dice_resorted():
    st, a, b = dice_state()
    give(st, a, "climb")
    give(st, b, "climb")
    st.initiative[0].die, st.initiative[1].die = ("red", 2), ("blue", 3)
    st.initiative[2].die, st.initiative[3].die = ("green", 5), ("white", 6)
    assert not skill_moves_of(st, b, "climb")  # not in another player's turn
    offered = {(m["target"], m["delta"]) for m in skill_moves_of(st, a, "climb") if "target" in m}
    assert offered == {(1, -1), (1, 1), (2, -1), (2, 1), (3, -1), (3, 1), (4, -1)}
    st, _ = act(st, {"type": "skill", "seat": a, "card": "climb", "target": 4, "delta": -1})
    # re-sorted as if start player: white 5 and green 5 tie -> the acting player orders them
    assert st.sub["kind"] == "order_ties" and st.sub["seat"] == a
    st, _ = act(st, {"type": "order", "seat": a,
                     "dice": [["red", 2], ["blue", 3], ["white", 5], ["green", 5]]})
    assert [c.die for c in st.initiative] == [("red", 2), ("blue", 3), ("white", 5), ("green", 5)]
    assert [c.coin for c in st.initiative] == [0, 1, 1, 0]  # coins stay on their cards
    assert st.step == "choose"
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    assert not skill_moves_of(st, a, "climb")  # after the choice: too late


def test_climb_never_touches_taken_cards():
    st, a, b = dice_state()
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    st, _ = act(st, {"type": "decline_action", "seat": a})
    give(st, b, "climb")
    assert 1 not in {m.get("target") for m in skill_moves_of(st, b, "climb")}


def test_intimidate_flips_an_untaken_die_and_resorts():
    st, a, b = dice_state()
    give(st, a, "intimidate")
    st.initiative[0].die, st.initiative[1].die = ("red", 1), ("blue", 3)
    st.initiative[2].die, st.initiative[3].die = ("green", 5), ("white", 6)
    st, _ = act(st, {"type": "skill", "seat": a, "card": "intimidate", "target": 1})
    assert st.players[a].align_row == "evil"
    # red 1 -> red 6 ties with white 6: the acting player orders them
    assert st.sub["kind"] == "order_ties" and st.sub["seat"] == a
    st, _ = act(st, {"type": "order", "seat": a,
                     "dice": [["blue", 3], ["green", 5], ["white", 6], ["red", 6]]})
    assert [c.die for c in st.initiative] == [("blue", 3), ("green", 5), ("white", 6), ("red", 6)]
    assert not skill_moves_of(st, a, "intimidate")  # exhausted


def test_negotiate_swaps_the_drafted_die_with_an_untaken_one():
    st, a, b = dice_state()
    give(st, a, "negotiate")
    st.initiative[0].die, st.initiative[1].die = ("red", 1), ("gold", 3)
    st.initiative[2].die, st.initiative[3].die = ("green", 5), ("white", 6)
    assert not skill_moves_of(st, a, "negotiate")  # before taking a card: window closed
    st, _ = act(st, {"type": "take", "seat": a, "card": 4})
    st, _ = act(st, {"type": "skill", "seat": a, "card": "negotiate", "target": 2})
    assert st.initiative[3].die == ("gold", 3) and st.initiative[3].taken_by == a
    assert [c.die for c in st.initiative[:3]] == [("red", 1), ("green", 5), ("white", 6)]
    g = st.players[a].gold
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    assert st.players[a].gold == g + 2  # a gold die obtained by Negotiate pays when placed


def test_search_takes_any_colour_from_the_bag_same_number():
    st, a, b = dice_state()
    give(st, a, "search")
    st.initiative[0].die = ("red", 4)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    colours = {m["colour"] for m in skill_moves_of(st, a, "search") if "colour" in m}
    assert colours == {c for c, n in st.bag.items() if n} | {"red"}
    bag = dict(st.bag)
    st, _ = act(st, {"type": "skill", "seat": a, "card": "search", "colour": "gold"})
    assert st.initiative[0].die == ("gold", 4)
    assert st.bag["gold"] == bag["gold"] - 1 and st.bag["red"] == bag["red"] + 1
    g = st.players[a].gold
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    assert st.players[a].gold == g + 2


def test_search_only_after_taking_a_card():
    st, a, b = dice_state()
    give(st, a, "search")
    assert not skill_moves_of(st, a, "search")


def test_concentrate_repeats_the_action_just_taken():
    st, a, b = dice_state()
    give(st, a, "concentrate")
    sheet(st.players[a], str=[("red", 2)], cha=[])
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    assert not skill_moves_of(st, a, "concentrate")
    st, _ = act(st, {"type": "place", "seat": a, "attr": "cha"})
    st, _ = act(st, {"type": "action", "seat": a, "action": "cha"})
    assert st.step == "after_action" and engine.pending(st)[0]["decision"] == "end_turn"
    assert [m for m in skill_moves_of(st, a, "concentrate") if "decline" not in m] == [
        {"type": "skill", "seat": a, "card": "concentrate"}]
    st, _ = act(st, {"type": "skill", "seat": a, "card": "concentrate"})
    assert st.players[a].charisma == 2 and st.turn == b


def test_concentrate_not_after_a_declined_action_and_end_turn_possible():
    st, a, b = dice_state()
    give(st, a, "concentrate")
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    st, _ = act(st, {"type": "decline_action", "seat": a})
    assert st.turn == b
    st2, a2, b2 = dice_state()
    give(st2, a2, "concentrate")
    sheet(st2.players[a2], str=[("red", 2)])
    st2, _ = act(st2, {"type": "take", "seat": a2, "card": 1})
    st2, _ = act(st2, {"type": "place", "seat": a2, "attr": "str"})
    st2, _ = act(st2, {"type": "action", "seat": a2, "action": "str", "die": ["str", 0]})
    st2, _ = act(st2, {"type": "end_turn", "seat": a2})
    assert st2.turn == b2 and st2.players[a2].exhausted == []


# ------------------------------------------------------------------------------------- market skills

def market_state(seats=2, seed=3):
    st = after_setup(seats, seed)
    st = at_market_turn(st)
    return st, st.turn


def test_pickpocket_after_discarding_for_gold_only():
    st, a = market_state()
    give(st, a, "pickpocket")
    assert not skill_moves_of(st, a, "pickpocket")
    g = st.players[a].gold
    st, _ = act(st, {"type": "take_gold", "seat": a, "card": st.market[0]})
    assert st.step == "after_discard" and st.turn == a
    st, _ = act(st, {"type": "skill", "seat": a, "card": "pickpocket"})
    assert st.players[a].gold == g + 4 and st.turn != a


def test_pickpocket_triggers_in_the_friendly_market_too():
    st = after_setup(2, 3, friendly_market=True)
    st = at_market_turn(st)
    a = st.turn
    give(st, a, "pickpocket")
    st, _ = act(st, {"type": "take_gold", "seat": a})
    assert skill_moves_of(st, a, "pickpocket")


def test_open_lock_look_then_buy_at_printed_cost_without_discounts():
    st, a = market_state()
    give(st, a, "open_lock")
    p = st.players[a]
    p.class_id, p.gold, p.charisma = "warrior", 10, 2
    p.cards.append("heavy_crossbow")
    top = next(c for c in st.deck if CARDS[c]["type"] == "armor")
    st.deck.remove(top)
    st.deck.insert(0, top)
    st, _ = act(st, {"type": "skill", "seat": a, "card": "open_lock"})
    assert st.sub == {"kind": "open_lock", "seat": a, "card": top, "origin": "skill"}
    assert [m for m in legal(st, a) if m.get("buy")] == [{"type": "open_lock", "seat": a, "buy": True}]
    st, _ = act(st, {"type": "open_lock", "seat": a, "buy": True})
    p = st.players[a]
    assert p.cards[-1] == top and p.gold == 10 - CARDS[top]["cost"] and p.charisma == 2
    assert st.turn != a


def test_open_lock_decline_puts_it_back_and_the_turn_continues():
    st, a = market_state()
    give(st, a, "open_lock")
    top = st.deck[0]
    st, _ = act(st, {"type": "skill", "seat": a, "card": "open_lock"})
    st, _ = act(st, {"type": "open_lock", "seat": a, "buy": False})
    assert st.deck[0] == top and st.turn == a and "take_gold" in types(st, a)


def test_open_lock_trait_moves_the_token_and_unaffordable_card_cannot_be_bought():
    st, a = market_state()
    give(st, a, "open_lock")
    st.deck.remove("reckless") if "reckless" in st.deck else None
    st.deck.insert(0, "reckless")
    for pile in (st.market, st.discard):
        if "reckless" in pile:
            pile.remove("reckless")
    st.players[a].gold = 5
    st, _ = act(st, {"type": "skill", "seat": a, "card": "open_lock"})
    assert [m for m in legal(st, a) if m.get("buy")] == []
    with pytest.raises(RuleError):
        act(st, {"type": "open_lock", "seat": a, "buy": True})
    st.players[a].gold = 6
    st, _ = act(st, {"type": "open_lock", "seat": a, "buy": True})
    p = st.players[a]
    # Open Lock's arrow (down) on activation, Reckless' (right) on purchase
    assert p.gold == 0 and p.align_col == "chaotic" and p.align_row == "evil"


def test_move_silently_buys_from_the_discard_pile_with_discounts_and_no_gold_after():
    st, a = market_state()
    give(st, a, "move_silently")
    p = st.players[a]
    p.gold, p.charisma = 2, 1
    p.cards.append("heavy_crossbow")
    target = "chain_helm"
    for pile in (st.deck, st.market):
        if target in pile:
            pile.remove(target)
    if target not in st.discard:
        st.discard.append(target)
    offered = [m for m in skill_moves_of(st, a, "move_silently") if m.get("target") == target]
    assert {m["tokens"] for m in offered} == {0, 1}  # 3 - 1 (crossbow) = 2, a token makes it 1
    st, _ = act(st, {"type": "skill", "seat": a, "card": "move_silently", "target": target, "tokens": 1})
    p = st.players[a]
    assert p.cards[-1] == target and p.gold == 1 and target not in st.discard
    assert st.turn != a  # the purchase is made: no discard-for-Gold on top


def test_market_skills_only_in_own_market_turn():
    st, a = market_state()
    other = 1 - a
    give(st, other, "move_silently", "open_lock")
    assert not skill_moves_of(st, other, "move_silently") and not skill_moves_of(st, other, "open_lock")


# ------------------------------------------------------------------------------------- Diplomacy

def test_diplomacy_copies_another_players_exhausted_skill():
    st, a, b = dice_state()
    give(st, a, "diplomacy")
    give(st, b, "cure_wounds")
    st.players[b].exhausted.append("cure_wounds")
    sheet(st.players[a], str=[("red", 3)])
    st, _ = act(st, {"type": "skill", "seat": a, "card": "diplomacy", "copy": "cure_wounds",
                     "die": ["str", 0], "delta": -1})
    pa, pb = st.players[a], st.players[b]
    assert pa.rows["str"] == [("red", 2)] and pa.align_row == "good"  # Diplomacy's own arrow (up)
    assert pa.exhausted == ["diplomacy"] and pb.exhausted == ["cure_wounds"]


def test_diplomacy_respects_the_copied_window_and_never_copies_own_cards():
    st, a, b = dice_state()
    give(st, a, "diplomacy", "knowledge")
    give(st, b, "climb")
    copies = {m["copy"] for m in skill_moves_of(st, a, "diplomacy")}
    assert copies == {"climb"}  # own Knowledge is not a target; Climb: a's own turn before choice
    copies_b = {m.get("copy") for m in skill_moves_of(st, b, "diplomacy")}
    assert copies_b == set()
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    assert not skill_moves_of(st, a, "diplomacy")  # Climb's window closed


def test_diplomacy_decline_only_moves_the_token():
    st, a, b = dice_state()
    give(st, a, "diplomacy")
    give(st, b, "acrobatics")
    before = {r: list(d) for r, d in st.players[a].rows.items()}
    st, _ = act(st, {"type": "skill", "seat": a, "card": "diplomacy", "copy": "acrobatics", "decline": True})
    assert st.players[a].rows == before and st.players[a].align_row == "good"


def test_skill_arrows_follow_the_data():
    for card, timing in SKILL_TIMING.items():
        assert CARD_ARROW[card] in ("up", "down", "left", "right")


# ------------------------------------------------------------------------------------- combinations

def test_a_skill_is_usable_as_soon_as_it_is_bought():
    st, a = market_state()
    if "cure_wounds" not in st.market:
        for pile in (st.deck, st.discard):
            if "cure_wounds" in pile:
                pile.remove("cure_wounds")
        st.deck.append(st.market.pop())
        st.market.append("cure_wounds")
    st.players[a].gold = 10
    st, _ = act(st, {"type": "buy", "seat": a, "card": "cure_wounds", "tokens": 0})
    assert st.turn != a  # another player's market turn, and still:
    assert [m for m in skill_moves_of(st, a, "cure_wounds") if "die" in m]


def test_bard_uses_open_lock_as_the_second_purchase():
    st, a = market_state()
    give(st, a, "open_lock")
    p = st.players[a]
    p.class_id, p.gold = "bard", 20
    st, _ = act(st, {"type": "buy", "seat": a, "card": st.market[0], "tokens": 0})
    assert st.turn == a and skill_moves_of(st, a, "open_lock")
    top = next(c for c in st.deck if CARDS[c]["type"] == "armor")
    st.deck.remove(top)
    st.deck.insert(0, top)
    st, _ = act(st, {"type": "skill", "seat": a, "card": "open_lock"})
    assert st.sub["card"] == top
    st, _ = act(st, {"type": "open_lock", "seat": a, "buy": True})
    assert st.players[a].cards[-1] == top and st.turn != a


def test_diplomacy_copies_concentrate_after_an_action():
    st, a, b = dice_state()
    give(st, a, "diplomacy")
    give(st, b, "concentrate")
    sheet(st.players[a], cha=[])
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "cha"})
    st, _ = act(st, {"type": "action", "seat": a, "action": "cha"})
    assert st.step == "after_action" and st.turn == a
    st, _ = act(st, {"type": "skill", "seat": a, "card": "diplomacy", "copy": "concentrate"})
    pa, pb = st.players[a], st.players[b]
    assert pa.charisma == 2 and pa.exhausted == ["diplomacy"] and pb.exhausted == []
    assert st.turn == b
