"""A round: roll phase, dice phase and the six attribute actions, market phase, cleanup, the game end."""
import pytest
from rp_kit import RuleError, act, after_setup, at_market_turn, engine, legal, sheet, types

from bot.games.rollplayer.engine import lay_out_roll


def start_of_turn(seats=3, seed=1, classes=None, **options):
    st = after_setup(seats, seed, classes=classes, **options)
    assert st.phase == "dice" and st.step == "choose"
    return st


def dice_turn(st, card, attr, action=None):
    seat = st.turn
    st, _ = act(st, {"type": "take", "seat": seat, "card": card})
    st, _ = act(st, {"type": "place", "seat": seat, "attr": attr})
    if action is None:
        st, _ = act(st, {"type": "decline_action", "seat": seat})
    else:
        st, _ = act(st, dict(action, type="action", seat=seat))
    return st


# ------------------------------------------------------------------------------------- roll phase

def test_roll_phase_example_ties_green6_red1_gold4_purple6():
    st = start_of_turn(3)
    eric = st.start_player
    lay_out_roll(st, [("green", 6), ("red", 1), ("gold", 4), ("purple", 6)])
    assert st.initiative[0].die == ("red", 1) and st.initiative[1].die == ("gold", 4)
    pend = engine.pending(st)
    assert pend[0]["seat"] == eric and pend[0]["decision"] == "order_ties"
    # default: the order of the draw (green first), offered first
    assert pend[0]["default"]["dice"] == [["red", 1], ["gold", 4], ["green", 6], ["purple", 6]]
    offered = [m["dice"] for m in legal(st, eric)]
    assert offered == [[["red", 1], ["gold", 4], ["green", 6], ["purple", 6]],
                       [["red", 1], ["gold", 4], ["purple", 6], ["green", 6]]]
    # nobody else may act, not even with an any-time skill, until the dice are ordered
    assert all(not legal(st, s) for s in range(3) if s != eric)
    with pytest.raises(RuleError):
        act(st, {"type": "order", "seat": eric,
                 "dice": [["gold", 4], ["red", 1], ["green", 6], ["purple", 6]]})
    st, _ = act(st, {"type": "order", "seat": eric,
                     "dice": [["red", 1], ["gold", 4], ["purple", 6], ["green", 6]]})
    assert [c.die for c in st.initiative] == [("red", 1), ("gold", 4), ("purple", 6), ("green", 6)]
    assert st.phase == "dice" and st.turn == eric


def test_roll_phase_no_decision_when_tied_dice_are_identical():
    st = start_of_turn(3)
    lay_out_roll(st, [("green", 6), ("red", 1), ("green", 6), ("gold", 2)])
    assert st.sub is None


# ------------------------------------------------------------------------------------- dice phase

def test_dice_phase_example_gold_die_on_card_2_then_str_flip():
    st = start_of_turn(3)
    eric = st.start_player
    p = st.players[eric]
    sheet(p, str=[("red", 3)], con=[("blue", 1)])
    st.initiative[1].die, st.initiative[1].coin = ("gold", 4), 1
    g = p.gold
    st, ev = act(st, {"type": "take", "seat": eric, "card": 2})
    assert st.players[eric].gold == g + 1
    st, ev = act(st, {"type": "place", "seat": eric, "attr": "str"})
    p = st.players[eric]
    assert p.rows["str"] == [("red", 3), ("gold", 4)]
    assert p.gold == g + 1 + 2
    assert {m["action"] for m in legal(st, eric) if m["type"] == "action"} == {"str"}
    st, ev = act(st, {"type": "action", "seat": eric, "action": "str", "die": ["con", 0]})
    assert st.players[eric].rows["con"] == [("blue", 6)]
    assert st.turn != eric and st.step == "choose"  # one action only, the turn is over


def test_taken_cards_and_full_rows_are_refused():
    st = start_of_turn(3)
    a = st.turn
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    with pytest.raises(RuleError):
        act(st, {"type": "take", "seat": a, "card": 2})
    sheet(st.players[a], wis=[("red", 1), ("red", 2), ("red", 3)])
    with pytest.raises(RuleError) as e:
        act(st, {"type": "place", "seat": a, "attr": "wis"})
    assert e.value.code == "row_full"
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    st, _ = act(st, {"type": "decline_action", "seat": a})
    b = st.turn
    assert b == (a + 1) % 3
    assert 1 not in [m["card"] for m in legal(st, b) if m["type"] == "take"]
    with pytest.raises(RuleError) as e:
        act(st, {"type": "take", "seat": a, "card": 2})
    assert e.value.code == "not_your_turn"


def test_completing_a_row_pays_one_gold():
    st = start_of_turn(3)
    a = st.turn
    sheet(st.players[a], cha=[("red", 1), ("blue", 2)])
    st.initiative[0].die = ("green", 3)
    g = st.players[a].gold
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "cha"})
    assert st.players[a].gold == g + 1


@pytest.mark.parametrize("attr", ["str", "dex", "con", "int", "wis", "cha"])
def test_action_offered_is_the_placed_row_only(attr):
    st = start_of_turn(3)
    a = st.turn
    for r in ("str", "dex", "con", "int", "wis", "cha"):
        st.players[a].rows[r] = st.players[a].rows[r][:2]
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": attr})
    assert {m.get("action") for m in legal(st, a) if m["type"] == "action"} == {attr}


def test_dex_swaps_two_placed_dice_never_into_an_empty_space():
    st = start_of_turn(3)
    a = st.turn
    p = st.players[a]
    sheet(p, str=[("red", 1)], dex=[("blue", 2)], con=[], int=[], wis=[], cha=[("green", 5)])
    st.initiative[0].die = ("white", 4)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "dex"})
    swaps = [m for m in legal(st, a) if m["type"] == "action"]
    assert len(swaps) == 6  # 4 dice -> 6 pairs, no empty spaces involved
    st, _ = act(st, {"type": "action", "seat": a, "action": "dex", "a": ["cha", 0], "b": ["str", 0]})
    p = st.players[a]
    assert p.rows["str"] == [("green", 5)] and p.rows["cha"] == [("red", 1)]
    with pytest.raises(RuleError):
        act(start_of_turn(3), {"type": "action", "seat": a, "action": "dex", "a": ["str", 0],
                               "b": ["con", 2]})


def test_con_plus_minus_one_without_wrapping():
    st = start_of_turn(3)
    a = st.turn
    p = st.players[a]
    sheet(p, str=[("red", 6)], dex=[("blue", 1)], con=[], int=[], wis=[], cha=[])
    st.initiative[0].die = ("white", 3)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "con"})
    offered = {(tuple(m["die"]), m["delta"]) for m in legal(st, a) if m["type"] == "action"}
    assert offered == {(("str", 0), -1), (("dex", 0), 1), (("con", 0), -1), (("con", 0), 1)}
    with pytest.raises(RuleError):
        act(st, {"type": "action", "seat": a, "action": "con", "die": ["str", 0], "delta": 1})
    with pytest.raises(RuleError):
        act(st, {"type": "action", "seat": a, "action": "con", "die": ["con", 0], "delta": 2})
    st, _ = act(st, {"type": "action", "seat": a, "action": "con", "die": ["str", 0], "delta": -1})
    assert st.players[a].rows["str"] == [("red", 5)]


@pytest.mark.parametrize("keep", ["new", "old"])
def test_int_reroll_then_keep_or_revert(keep):
    st = start_of_turn(3)
    a = st.turn
    sheet(st.players[a], str=[("red", 2)])
    st.initiative[0].die = ("white", 3)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    st, ev = act(st, {"type": "action", "seat": a, "action": "int", "die": ["str", 0]})
    assert st.sub["kind"] == "int_keep" and st.turn == a
    new = st.sub["new"]
    assert st.players[a].rows["str"] == [("red", new)]
    # inside the step nobody may do anything else, the acting player only keep/revert
    assert {m["type"] for m in legal(st, a)} == {"keep"}
    assert all(not legal(st, s) for s in range(3) if s != a)
    st, _ = act(st, {"type": "keep", "seat": a, "keep": keep})
    assert st.players[a].rows["str"] == [("red", new if keep == "new" else 2)]
    assert st.turn != a


def test_wis_moves_one_step_orthogonally_and_cha_gives_a_token():
    st = start_of_turn(3)
    a = st.turn
    p = st.players[a]
    p.align_row, p.align_col = "good", "lawful"
    st.initiative[0].die = ("white", 3)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "wis"})
    assert {m["dir"] for m in legal(st, a) if m["type"] == "action"} == {"down", "right"}
    st, _ = act(st, {"type": "action", "seat": a, "action": "wis", "dir": "right"})
    assert (st.players[a].align_row, st.players[a].align_col) == ("good", "neutral")
    b = st.turn
    st, _ = act(st, {"type": "take", "seat": b, "card": 2})
    st, _ = act(st, {"type": "place", "seat": b, "attr": "cha"})
    st, _ = act(st, {"type": "action", "seat": b, "action": "cha"})
    assert st.players[b].charisma == 1


# ------------------------------------------------------------------------------------- class powers

def test_wizard_may_take_any_rows_action():
    st = start_of_turn(3)
    a = st.turn
    st.players[a].class_id = "wizard"
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    assert {m["action"] for m in legal(st, a) if m["type"] == "action"} == {
        "str", "dex", "con", "int", "wis", "cha"}
    st, _ = act(st, {"type": "action", "seat": a, "action": "cha"})
    assert st.players[a].charisma == 1
    b = st.turn  # limits: a non-Wizard only gets the placed row's action
    st, _ = act(st, {"type": "take", "seat": b, "card": 2})
    st, _ = act(st, {"type": "place", "seat": b, "attr": "int"})
    assert {m["action"] for m in legal(st, b) if m["type"] == "action"} == {"int"}


def test_monk_con_by_one_or_two_without_wrap():
    st = start_of_turn(3)
    a = st.turn
    p = st.players[a]
    p.class_id = "monk"
    sheet(p, str=[("red", 5)], dex=[], con=[], int=[], wis=[], cha=[])
    st.initiative[0].die = ("white", 2)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "con"})
    offered = {(tuple(m["die"]), m["delta"]) for m in legal(st, a) if m["type"] == "action"}
    assert offered == {(("str", 0), -2), (("str", 0), -1), (("str", 0), 1),
                       (("con", 0), -1), (("con", 0), 1), (("con", 0), 2)}
    st, _ = act(st, {"type": "action", "seat": a, "action": "con", "die": ["con", 0], "delta": 2})
    assert st.players[a].rows["con"] == [("white", 4)]


def test_rogue_may_swap_a_second_pair():
    st = start_of_turn(3)
    a = st.turn
    p = st.players[a]
    p.class_id = "rogue"
    sheet(p, str=[("red", 1)], dex=[], con=[("blue", 2)], int=[("green", 3)], wis=[], cha=[])
    st.initiative[0].die = ("white", 4)
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "dex"})
    st, _ = act(st, {"type": "action", "seat": a, "action": "dex", "a": ["str", 0], "b": ["con", 0]})
    assert st.sub["kind"] == "second_swap"
    st, _ = act(st, {"type": "second_swap", "seat": a, "a": ["int", 0], "b": ["dex", 0]})
    p = st.players[a]
    assert p.rows["str"] == [("blue", 2)] and p.rows["con"] == [("red", 1)]
    assert p.rows["int"] == [("white", 4)] and p.rows["dex"] == [("green", 3)]
    assert st.turn != a
    # not a Rogue: no second swap
    b = st.turn
    st.players[b].rows["dex"] = []
    st, _ = act(st, {"type": "take", "seat": b, "card": 2})
    st, _ = act(st, {"type": "place", "seat": b, "attr": "dex"})
    m = next(m for m in legal(st, b) if m["type"] == "action")
    st, _ = act(st, m)
    assert st.sub is None and st.turn != b


def test_sorcerer_rerolls_the_drafted_die_once_per_round():
    st = start_of_turn(3)
    a = st.turn
    st.players[a].class_id = "sorcerer"
    st.initiative[0].die = ("white", 1)
    assert "power" not in types(st, a)  # not before taking a card
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "power", "seat": a, "power": "mysterious"})
    assert st.sub["kind"] == "mysterious_keep" and st.sub["old"] == 1
    new = st.sub["new"]
    st, _ = act(st, {"type": "keep", "seat": a, "keep": "new"})
    assert st.initiative[0].die == ("white", new)
    assert "power" not in types(st, a)  # once per round
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    assert st.players[a].rows["int"][-1] == ("white", new)


def test_thief_four_gold_and_cleric_gold_on_moving_up():
    st = start_of_turn(3)
    a = st.turn
    st.players[a].class_id = "thief"
    st.initiative[0].die = ("gold", 1)
    g = st.players[a].gold
    st, _ = act(st, {"type": "take", "seat": a, "card": 1})
    st, _ = act(st, {"type": "place", "seat": a, "attr": "int"})
    assert st.players[a].gold == g + 4
    st, _ = act(st, {"type": "decline_action", "seat": a})
    b = st.turn
    st.players[b].class_id = "cleric"
    g = st.players[b].gold
    st.initiative[1].coin = 0
    st, _ = act(st, {"type": "take", "seat": b, "card": 2})
    st.initiative[1].die = ("red", 2)
    st, _ = act(st, {"type": "place", "seat": b, "attr": "wis"})
    st, _ = act(st, {"type": "action", "seat": b, "action": "wis", "dir": "up"})
    assert st.players[b].gold == g + 1
    # a blocked or sideways move pays nothing
    c = st.turn
    st.players[c].class_id = "cleric"
    g = st.players[c].gold
    st.initiative[2].coin = 0
    st.initiative[2].die = ("red", 2)
    st, _ = act(st, {"type": "take", "seat": c, "card": 3})
    st, _ = act(st, {"type": "place", "seat": c, "attr": "wis"})
    st, _ = act(st, {"type": "action", "seat": c, "action": "wis", "dir": "left"})
    assert st.players[c].gold == g


# ------------------------------------------------------------------------------------- market phase

def market_example_state():
    """FR market example: Eric (start) takes card 2, Julien 1, Amélie 3; 4 market cards."""
    st = start_of_turn(3)
    eric = st.start_player
    julien, amelie = (eric + 1) % 3, (eric + 2) % 3
    st = dice_turn(st, 2, "int")
    st = dice_turn(st, 1, "int")
    st = dice_turn(st, 3, "int")
    extra = [c for c in ("reckless", "leather_gloves", "quarterstaff", "chain_helm") if c not in st.market]
    for c in extra:  # bring the example's cards into the market from wherever they are
        for pile in (st.deck, st.discard):
            if c in pile:
                pile.remove(c)
    st.deck.extend(st.market)
    st.market = ["reckless", "leather_gloves", "quarterstaff", "chain_helm"]
    return st, eric, julien, amelie


def test_market_phase_example_charisma_token_on_reckless():
    st, eric, julien, amelie = market_example_state()
    assert st.phase == "market" and st.market_order == [julien, eric, amelie]
    j = st.players[julien]
    j.gold, j.charisma = 5, 1
    j.align_row, j.align_col = "neutral", "neutral"
    assert {"type": "buy", "seat": julien, "card": "reckless", "tokens": 0} not in legal(st, julien)
    st, ev = act(st, {"type": "buy", "seat": julien, "card": "reckless", "tokens": 1})
    j = st.players[julien]
    assert j.gold == 0 and j.charisma == 0 and j.cards == ["reckless"]
    assert (j.align_row, j.align_col) == ("neutral", "chaotic")
    assert st.turn == eric
    g = st.players[eric].gold
    st, _ = act(st, {"type": "take_gold", "seat": eric, "card": "leather_gloves"})
    assert st.players[eric].gold == g + 2 and st.discard[-1] == "leather_gloves"
    assert st.turn == amelie and st.market == ["quarterstaff", "chain_helm"]
    st.players[amelie].gold = 4
    st, _ = act(st, {"type": "buy", "seat": amelie, "card": "quarterstaff", "tokens": 0})
    assert st.players[amelie].cards == ["quarterstaff"]
    assert st.phase != "market"


def test_buying_needs_gold_and_must_otherwise_discard():
    st, eric, julien, amelie = market_example_state()
    st.players[julien].gold = 1
    with pytest.raises(RuleError) as e:
        act(st, {"type": "buy", "seat": julien, "card": "reckless", "tokens": 0})
    assert e.value.code == "not_enough_gold"
    offered = types(st, julien)
    assert "end_market_turn" not in offered and "take_gold" in offered


def test_friendly_market_gives_gold_without_discarding():
    st = start_of_turn(2, friendly_market=True)
    st = at_market_turn(st)
    a = st.turn
    before = list(st.market)
    assert {"type": "take_gold", "seat": a} in legal(st, a)
    st, _ = act(st, {"type": "take_gold", "seat": a})
    assert st.market == before


def test_hand_limit_and_weapon_discard_at_any_time():
    st, eric, julien, amelie = market_example_state()
    j = st.players[julien]
    j.gold = 20
    j.cards = ["longsword", "blessed_mace"]
    with pytest.raises(RuleError) as e:
        act(st, {"type": "buy", "seat": julien, "card": "quarterstaff", "tokens": 0})
    assert e.value.code == "hand_limit"
    # a weapon may be discarded at any time, even in another player's turn
    assert {"type": "discard_weapon", "seat": amelie, "card": "longsword"} not in legal(st, amelie)
    st.players[amelie].cards = ["longsword"]
    st, _ = act(st, {"type": "discard_weapon", "seat": amelie, "card": "longsword"})
    assert st.players[amelie].cards == [] and st.discard[-1] == "longsword"
    st, _ = act(st, {"type": "discard_weapon", "seat": julien, "card": "blessed_mace"})
    with pytest.raises(RuleError):
        act(st, {"type": "buy", "seat": julien, "card": "quarterstaff", "tokens": 0})
    st, _ = act(st, {"type": "discard_weapon", "seat": julien, "card": "longsword"})
    st, _ = act(st, {"type": "buy", "seat": julien, "card": "quarterstaff", "tokens": 0})
    assert st.players[julien].cards == ["quarterstaff"]


def test_barbarian_holds_four_hands():
    st, eric, julien, amelie = market_example_state()
    j = st.players[julien]
    j.class_id = "barbarian"
    j.gold = 20
    j.cards = ["longsword", "blessed_mace"]
    st, _ = act(st, {"type": "buy", "seat": julien, "card": "quarterstaff", "tokens": 0})
    assert st.players[julien].cards[-1] == "quarterstaff"
    # limits: 2 + 1 held, a 2-hand weapon would make 5
    st2, _, _, _ = market_example_state()
    b = st2.players[st2.turn]
    b.class_id, b.gold, b.cards = "barbarian", 20, ["longbow", "longsword"]
    assert not [m for m in legal(st2, b.seat) if m["type"] == "buy" and m["card"] == "quarterstaff"]


def test_warrior_and_heavy_crossbow_discounts_stack_never_below_zero():
    st, eric, julien, amelie = market_example_state()
    j = st.players[julien]
    j.class_id = "warrior"
    j.cards = ["heavy_crossbow"]
    j.gold = 2
    st.market = ["chain_helm", "reckless", "quarterstaff", "leather_gloves"]
    # armor 3 - 1 - 1 = 1; trait 6 - 1 (crossbow only) = 5 > 2
    assert {m["card"] for m in legal(st, julien) if m["type"] == "buy"} == {"chain_helm", "leather_gloves"}
    st, _ = act(st, {"type": "buy", "seat": julien, "card": "chain_helm", "tokens": 0})
    assert st.players[julien].gold == 1
    st3, _, jul, _ = market_example_state()
    p = st3.players[jul]
    p.class_id, p.cards, p.gold, p.charisma = "warrior", ["heavy_crossbow"], 0, 3
    st3.market = ["chain_leggings", "reckless", "quarterstaff", "leather_gloves"]
    # leggings 2 - 2 = 0: free, and no token is offered on a free card
    assert [m for m in legal(st3, jul) if m["type"] == "buy" and m["card"] == "chain_leggings"] == [
        {"type": "buy", "seat": jul, "card": "chain_leggings", "tokens": 0}]


def test_bard_buys_twice_with_one_token_each_but_discards_once():
    st, eric, julien, amelie = market_example_state()
    j = st.players[julien]
    j.class_id, j.gold, j.charisma = "bard", 6, 2
    st, _ = act(st, {"type": "buy", "seat": julien, "card": "chain_helm", "tokens": 1})
    assert st.turn == julien and st.players[julien].gold == 4
    offered = types(st, julien)
    assert "take_gold" not in offered and "end_market_turn" in offered
    st, _ = act(st, {"type": "buy", "seat": julien, "card": "leather_gloves", "tokens": 1})
    assert st.players[julien].cards == ["chain_helm", "leather_gloves"] and st.turn == eric
    # a non-Bard has one purchase
    st2, e2, j2, a2 = market_example_state()
    st2.players[j2].class_id, st2.players[j2].gold = "cleric", 10
    st2, _ = act(st2, {"type": "buy", "seat": j2, "card": "chain_helm", "tokens": 0})
    assert st2.turn == e2
    # a Bard who took Gold cannot buy afterwards
    st3, e3, j3, a3 = market_example_state()
    st3.players[j3].class_id = "bard"
    st3, _ = act(st3, {"type": "take_gold", "seat": j3, "card": "chain_helm"})
    assert st3.turn == e3


def test_druid_attuned_adds_a_discard_card_once_per_round():
    st = start_of_turn(3)
    seat = (st.start_player + 1) % 3
    st.players[seat].class_id = "druid"
    st = dice_turn(st, 1, "int")
    st = dice_turn(st, 2, "int")
    st = dice_turn(st, 3, "int")
    assert st.phase == "market_start" and engine.pending(st) == [{"seat": seat, "decision": "attuned"}]
    pick = st.discard[0]
    n = len(st.market)
    st, _ = act(st, {"type": "power", "seat": seat, "power": "attuned", "card": pick})
    assert st.market[-1] == pick and len(st.market) == n + 1 and pick not in st.discard
    assert st.phase == "market"
    assert not [m for m in legal(st, seat) if m["type"] == "power"]


def test_paladin_chooses_whether_a_trait_arrow_moves_the_token():
    st, eric, julien, amelie = market_example_state()
    j = st.players[julien]
    j.class_id, j.gold = "paladin", 10
    offered = [m for m in legal(st, julien) if m["type"] == "buy" and m["card"] == "reckless"]
    assert {m["follow_arrow"] for m in offered} == {True, False}
    st, _ = act(st, {"type": "buy", "seat": julien, "card": "reckless", "tokens": 0, "follow_arrow": False})
    assert (st.players[julien].align_row, st.players[julien].align_col) == ("neutral", "neutral")
    # others follow the arrow, and have no choice
    st.players[eric].gold = 10
    assert all("follow_arrow" not in m for m in legal(st, eric) if m["type"] == "buy")


def test_trait_arrow_ignored_when_blocked():
    st, eric, julien, amelie = market_example_state()
    j = st.players[julien]
    j.gold, j.align_col = 10, "chaotic"
    st, ev = act(st, {"type": "buy", "seat": julien, "card": "reckless", "tokens": 0})
    assert st.players[julien].align_col == "chaotic"
    assert any(e["key"] == "rollplayer.arrow_blocked" for e in ev)


# ------------------------------------------------------------------------------------- cleanup & end

def play_to_cleanup(st):
    """Play on until a Cleanup decision is pending, or the next round has begun (nothing to decide)."""
    start_round = st.round
    while (st.phase != "cleanup" or st.sub is not None) and st.round == start_round:
        seat = engine.pending(st)[0]["seat"]
        ms = [m for m in legal(st, seat) if m["type"] not in ("skill", "discard_weapon", "power")]
        pref = [m for m in ms if m["type"] in ("decline_action", "take_gold", "keep", "end_market_turn")]
        st, _ = act(st, (pref or ms)[0])
    return st


def test_cleanup_refresh_tokens_coins_new_market_and_start_player():
    st = start_of_turn(3)
    start = st.start_player
    a = (start + 1) % 3
    p = st.players[a]
    p.cards, p.exhausted, p.charisma = ["knowledge", "climb"], ["knowledge", "climb"], 1
    st = play_to_cleanup(st)
    assert st.cleanup_pending == [a] and st.players[a].charisma == 0
    offered = [m["cards"] for m in legal(st, a) if m["type"] == "refresh"]
    assert sorted(offered) == [[], ["climb"], ["knowledge"]]  # one skill, not two
    st, _ = act(st, {"type": "refresh", "seat": a, "cards": ["climb"]})
    assert st.players[a].exhausted == ["knowledge"]
    assert st.round == 2 and st.start_player == (start + 1) % 3
    assert [c.coin for c in st.initiative] == [0, 1, 1, 0]
    assert len(st.market) == 4 and all(c.taken_by is None for c in st.initiative)


def test_ranger_refreshes_two():
    st = start_of_turn(3)
    a = st.start_player
    p = st.players[a]
    p.class_id = "ranger"
    p.cards, p.exhausted = ["knowledge", "climb", "search"], ["knowledge", "climb", "search"]
    st = play_to_cleanup(st)
    offered = [m["cards"] for m in legal(st, a) if m["type"] == "refresh"]
    assert ["climb", "knowledge"] in offered and len(offered) == 1 + 3 + 3
    st, _ = act(st, {"type": "refresh", "seat": a, "cards": ["search", "knowledge"]})  # any order
    assert st.players[a].exhausted == ["climb"]


def test_deck_reshuffles_the_discard_pile_when_it_runs_out():
    st = start_of_turn(3)
    st.discard = st.deck[1:] + st.discard
    st.deck = st.deck[:1]
    events = []
    while st.round == 1:
        seat = engine.pending(st)[0]["seat"]
        ms = [m for m in legal(st, seat) if m["type"] not in ("skill", "discard_weapon", "power")]
        pref = [m for m in ms if m["type"] in ("decline_action", "take_gold", "keep", "refresh")]
        st, ev = act(st, (pref or ms)[0])
        events += ev
    assert len(st.market) == 4 and st.round == 2
    assert any(e["key"] == "rollplayer.deck_reshuffled" for e in events)


def test_game_ends_after_the_round_in_which_every_sheet_is_full():
    st = start_of_turn(2)
    rounds = 0
    while not st.finished:
        seat = engine.pending(st)[0]["seat"]
        ms = [m for m in legal(st, seat) if m["type"] not in ("skill", "discard_weapon", "power")]
        pref = [m for m in ms if m["type"] in ("decline_action", "take_gold", "keep", "finish", "refresh")]
        st, _ = act(st, (pref or ms)[0])
        rounds = st.round
    assert rounds == 12  # 18 spaces - 6 starting dice
    assert all(p.sheet_full() for p in st.players) and st.phase == "finished"
    assert engine.pending(st) == [] and legal(st, 0) == []
    with pytest.raises(RuleError) as e:
        act(st, {"type": "finish", "seat": 0})
    assert e.value.code == "game_finished"
