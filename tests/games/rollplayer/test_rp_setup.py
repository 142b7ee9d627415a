"""Setup: the 13 steps, the printed 2/3/4-player numbers, solo setup, variants and promos."""
from collections import Counter

import pytest
from rp_kit import KIND, RuleError, act, after_setup, engine, legal, new_game

from bot.games.rollplayer.content import CARD_GROUP, CARD_OF_COLOUR, CLASSES, PROMO_RACES
from bot.games.rollplayer.content import CLASS_CARDS as CLASSES_BY_CARD


def finish_setup_choices(st):
    """Play race and class choices (first legal); stop when the starting dice are to be placed."""
    while st.phase in ("setup_race", "setup_class"):
        seat = engine.pending(st)[0]["seat"]
        st, _ = act(st, legal(st, seat)[0])
    return st


@pytest.mark.parametrize("seats, market, coins, start_dice, pile_discards", [
    (2, 3, [0, 1, 0], 6, 7),
    (3, 4, [0, 1, 1, 0], 7, 3),
    (4, 5, [0, 1, 1, 1, 0], 8, 0),
])
def test_printed_setup_numbers(seats, market, coins, start_dice, pile_discards):
    st = finish_setup_choices(new_game(seats, seed=11))
    assert st.phase == "setup_dice"
    assert len(st.market) == market
    assert [c.number for c in st.initiative] == list(range(1, market + 1))
    assert [c.coin for c in st.initiative] == coins
    assert all(len(p.start_dice) == start_dice for p in st.players)
    assert len(st.discard) == 2 * pile_discards
    assert Counter(CARD_GROUP[c] for c in st.discard) == (
        Counter({1: pile_discards, 2: pile_discards}) if pile_discards else Counter())
    # 1-dot pile on top of the 2-dot pile
    groups = [CARD_GROUP[c] for c in st.market + st.deck]
    assert groups == sorted(groups)
    # gold: 5, third seat +1, fourth +2 (counted from the first player)
    for p in st.players:
        pos = (p.seat - st.first_player) % seats
        assert p.gold == 5 + {2: 1, 3: 2}.get(pos, 0)


def test_first_player_and_clockwise_sheet_choice():
    st = new_game(4, seed=3)
    first = st.first_player
    assert engine.pending(st) == [{"seat": first, "decision": "choose_race"}]
    chosen = []
    for i in range(4):
        seat = (first + i) % 4
        assert engine.pending(st)[0]["seat"] == seat
        race = legal(st, seat)[0]["race"]
        st, ev = act(st, {"type": "race", "seat": seat, "race": race, "gender": "female"})
        chosen.append(race)
        assert ev[0]["key"] == "rollplayer.race_chosen"
    assert len(set(chosen)) == 4
    assert st.phase == "setup_class"


def test_race_taken_and_promo_sheets_off_by_default():
    st = new_game(2, seed=3)
    first = st.first_player
    st, _ = act(st, {"type": "race", "seat": first, "race": "elf", "gender": "male"})
    other = 1 - first
    with pytest.raises(RuleError) as e:
        act(st, {"type": "race", "seat": other, "race": "elf", "gender": "male"})
    assert e.value.code == "race_taken"
    offered = {m["race"] for m in legal(st, other)}
    assert not offered & set(PROMO_RACES)
    st2 = new_game(2, seed=3, promo_sheets=True)
    assert set(PROMO_RACES) <= {m["race"] for m in legal(st2, st2.first_player)}


def test_class_draw_offers_both_sides_of_a_free_card_and_never_gold():
    for seed in range(30):
        st = new_game(4, seed=seed)
        while st.phase == "setup_race":
            st, _ = act(st, legal(st, st.turn)[0])
        taken = set()
        while st.phase == "setup_class":
            assert sum(st.bag.values()) + len(st.set_aside) == 73
            assert st.set_aside and st.set_aside[-1] != "gold"  # drawn dice are held out of the bag
            p = st.players[st.turn]
            assert p.class_card not in taken
            offered = [m["class"] for m in legal(st, p.seat)]
            assert sorted(offered) == sorted(c for c in CLASSES if CLASSES[c]["card"] == p.class_card)
            st, ev = act(st, legal(st, p.seat)[1])
            assert st.players[p.seat].class_id == CLASSES_BY_CARD[p.class_card][1]  # side B chosen
            taken.add(p.class_card)
        # every drawn die went back into the bag before the starting dice were drawn
        assert st.set_aside == []
        assert sum(st.bag.values()) + sum(len(p.start_dice) for p in st.players) == 73


def test_class_draw_redraws_gold_and_taken_colours():
    seen_redraw = False
    for seed in range(60):
        st = new_game(4, seed=seed)
        events = []
        while st.phase in ("setup_race", "setup_class"):
            st, ev = act(st, legal(st, engine.pending(st)[0]["seat"])[0])
            events += ev
        taken_cards = set()
        for e in events:
            if e["key"] != "rollplayer.class_drawn":
                continue
            drawn = e["params"]["drawn"]
            for colour in drawn[:-1]:
                assert colour == "gold" or CARD_OF_COLOUR[colour] in taken_cards
                seen_redraw = True
            assert CARD_OF_COLOUR[drawn[-1]] == e["params"]["card"]
            taken_cards.add(e["params"]["card"])
    assert seen_redraw


def test_free_class_choice_in_turn_order():
    st = new_game(3, seed=2, free_class=True)
    while st.phase == "setup_race":
        st, _ = act(st, legal(st, st.turn)[0])
    first = st.turn
    assert len(legal(st, first)) == 12
    st, _ = act(st, {"type": "class", "seat": first, "class": "bard"})
    nxt = st.turn
    offered = {m["class"] for m in legal(st, nxt)}
    assert "bard" not in offered and "monk" not in offered and len(offered) == 10
    with pytest.raises(RuleError):
        act(st, {"type": "class", "seat": nxt, "class": "monk"})


def test_backstory_and_alignment_dealt_and_token_in_centre():
    st = finish_setup_choices(new_game(4, seed=8))
    assert len({p.backstory for p in st.players}) == 4
    assert len({p.alignment for p in st.players}) == 4
    assert all((p.align_row, p.align_col) == ("neutral", "neutral") for p in st.players)


def test_starting_dice_any_order_leftmost_no_action_and_gold():
    st = finish_setup_choices(new_game(2, seed=21))
    second = 1 - st.first_player
    # the second player may place before the first one: placement is independent
    assert {d["seat"] for d in engine.pending(st)} == {0, 1}
    p = st.players[second]
    p.start_dice = [("gold", 3), ("red", 2), ("red", 5), ("blue", 1), ("gold", 6), ("green", 4)]
    gold0 = p.gold
    for die in [("gold", 3), ("red", 2), ("red", 5)]:
        st, ev = act(st, {"type": "place_start", "seat": second, "die": list(die), "attr": "str"})
    p = st.players[second]
    assert p.rows["str"] == [("gold", 3), ("red", 2), ("red", 5)]
    assert p.gold == gold0 + 2 + 1  # gold die + completed row
    assert st.phase == "setup_dice"
    with pytest.raises(RuleError) as e:
        act(st, {"type": "place_start", "seat": second, "die": ["gold", 6], "attr": "str"})
    assert e.value.code == "row_full"
    assert all(m["type"] == "place_start" for m in legal(st, second))


def test_thief_gets_four_gold_per_gold_starting_die():
    st = finish_setup_choices(new_game(2, seed=21))
    seat = st.first_player
    p = st.players[seat]
    p.class_id = "thief"
    p.start_dice = [("gold", 2)] + p.start_dice[1:]
    g = p.gold
    st, _ = act(st, {"type": "place_start", "seat": seat, "die": ["gold", 2], "attr": "wis"})
    assert st.players[seat].gold == g + 4


def test_even_start_short_game():
    st = finish_setup_choices(new_game(4, seed=4, even_start=True))
    for p in st.players:
        colours = Counter(c for c, _ in p.start_dice)
        assert colours == Counter({"green": 1, "blue": 1, "red": 1, "purple": 1, "black": 1, "white": 1,
                                   "gold": 2})
    st = finish_setup_choices(new_game(3, seed=4, even_start=True))
    assert all(Counter(c for c, _ in p.start_dice)["gold"] == 1 for p in st.players)
    st = finish_setup_choices(new_game(4, seed=4, short_game=True))
    assert all(len(p.start_dice) == 10 for p in st.players)
    assert all(p.gold == 5 for p in st.players)  # no extra gold for the 3rd / 4th player


def test_souk_mixes_both_piles():
    mixed = False
    for seed in range(10):
        st = finish_setup_choices(new_game(4, seed=seed, souk=True))
        groups = [CARD_GROUP[c] for c in st.market + st.deck]
        mixed |= groups != sorted(groups)
    assert mixed


def test_cursed_ring_only_with_the_promo_option():
    st = finish_setup_choices(new_game(4, seed=1))
    assert "cursed_ring" not in st.deck + st.market + st.discard
    st = finish_setup_choices(new_game(4, seed=1, cursed_ring=True))
    assert "cursed_ring" in st.deck + st.market + st.discard


def test_solo_setup():
    st = finish_setup_choices(new_game(1, seed=5))
    assert len(st.market) == 3 and [c.coin for c in st.initiative] == [0, 1, 0]
    assert len(st.trash) == 1
    assert st.enemy_die is not None and st.enemy_die[0] == "gold"
    assert st.bag["gold"] == 13 - 1 - sum(1 for c, _ in st.players[0].start_dice if c == "gold")
    assert len(st.players[0].start_dice) == 6
    assert "diplomacy" not in st.deck + st.market + st.discard + st.trash
    assert len(st.discard) == 14


def test_first_round_starts_after_all_starting_dice():
    st = after_setup(3, seed=9)
    assert st.round == 1 and st.phase == "dice" and st.turn == st.start_player == st.first_player
    assert all(p.dice_count() == 7 for p in st.players)
    assert sum(st.bag.values()) == 73 - 21 - 4


def test_options_are_validated():
    with pytest.raises(RuleError) as e:
        KIND.create(2, 1, {"bogus": True})
    assert e.value.code == "unknown_option"
    with pytest.raises(RuleError):
        KIND.create(5, 1, {})
    with pytest.raises(RuleError):
        KIND.create(2, 1, {"souk": "yes"})
    st = KIND.create(2, 1, {"promos": True})
    assert st.options["promo_sheets"] and st.options["cursed_ring"]
    assert not engine.legal(st, 1 - st.first_player)
