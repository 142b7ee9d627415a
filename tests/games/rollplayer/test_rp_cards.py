"""Every market card's in-play behaviour by type: Trait arrows, Armor (none), Weapon hands.

(Skills are in test_rp_skills, their point values and the scoring effects in the scoring tests.)
"""
import pytest
from rp_kit import RuleError, act, after_setup, at_market_turn, legal, types

from bot.games.rollplayer.content import CARD_ARROW, CARD_HANDS, CARDS
from bot.games.rollplayer.rules import discount

TRAITS = sorted(c for c, d in CARDS.items() if d["type"] == "trait")
ARMOR = sorted(c for c, d in CARDS.items() if d["type"] == "armor")
WEAPONS = sorted(c for c, d in CARDS.items() if d["type"] == "weapon")
OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
EDGE = {"up": ("good", "neutral"), "down": ("evil", "neutral"), "left": ("neutral", "lawful"),
        "right": ("neutral", "chaotic")}
MOVED = {"up": ("good", "neutral"), "down": ("evil", "neutral"), "left": ("neutral", "lawful"),
         "right": ("neutral", "chaotic")}


def buying(card, gold=20, **options):
    st = after_setup(2, 3, cursed_ring=True, **options)
    st = at_market_turn(st)
    seat = st.turn
    for pile in (st.deck, st.discard):
        if card in pile:
            pile.remove(card)
    if card not in st.market:
        st.deck.append(st.market.pop())
        st.market.append(card)
    st.players[seat].gold = gold
    st.players[seat].class_id = "ranger"  # a power with no effect on buying
    return st, seat


@pytest.mark.parametrize("card", TRAITS)
def test_trait_moves_the_token_on_purchase(card):
    st, seat = buying(card)
    st, _ = act(st, {"type": "buy", "seat": seat, "card": card, "tokens": 0})
    p = st.players[seat]
    assert (p.align_row, p.align_col) == MOVED[CARD_ARROW[card]]
    assert p.gold == 20 - CARDS[card]["cost"]


@pytest.mark.parametrize("card", TRAITS)
def test_trait_arrow_blocked_at_the_edge_is_ignored(card):
    st, seat = buying(card)
    p = st.players[seat]
    p.align_row, p.align_col = EDGE[CARD_ARROW[card]]
    st, _ = act(st, {"type": "buy", "seat": seat, "card": card, "tokens": 0})
    assert (st.players[seat].align_row, st.players[seat].align_col) == EDGE[CARD_ARROW[card]]
    assert card in st.players[seat].cards


@pytest.mark.parametrize("card", ARMOR)
def test_armor_has_no_effect_during_play_and_is_unlimited(card):
    st, seat = buying(card)
    p = st.players[seat]
    p.cards = [a for a in ARMOR if a != card]  # already holding every other armor piece
    st, _ = act(st, {"type": "buy", "seat": seat, "card": card, "tokens": 0})
    p = st.players[seat]
    assert (p.align_row, p.align_col) == ("neutral", "neutral") and p.cards[-1] == card
    assert not [m for m in legal(st, seat) if m.get("card") == card]  # nothing to activate or discard


@pytest.mark.parametrize("class_id", ["ranger", "barbarian"])
def test_the_hand_limit_refusal_says_the_sheets_own_limit(class_id):
    """The refusal said "at most two hands" to a Barbarian too, whose power gives four: it names the limit of the
    sheet that buys, in every language."""
    from bot.games.rollplayer.content import hand_limit
    from bot.i18n import t
    st, seat = buying("longsword")
    p = st.players[seat]
    p.class_id = class_id
    p.cards = ["quarterstaff", "quarterstaff"][:hand_limit(p) // 2]          # every hand already holds a weapon
    with pytest.raises(RuleError) as e:
        act(st, {"type": "buy", "seat": seat, "card": "longsword", "tokens": 0})
    assert e.value.code == "hand_limit" and e.value.params["hands"] == hand_limit(p) == {"ranger": 2}.get(class_id, 4)
    for locale in ("en", "de", "fr", "ko"):
        assert str(hand_limit(p)) in t(e.value.key, locale, **e.value.params), locale


@pytest.mark.parametrize("card", WEAPONS)
def test_weapon_hands_limit(card):
    st, seat = buying(card)
    p = st.players[seat]
    p.cards = ["quarterstaff"]  # 2 hands already
    with pytest.raises(RuleError) as e:
        act(st, {"type": "buy", "seat": seat, "card": card, "tokens": 0})
    assert e.value.code == "hand_limit"
    p.cards = ["longsword"]  # 1 hand
    ok = CARD_HANDS[card] == 1
    assert bool([m for m in legal(st, seat) if m["type"] == "buy" and m["card"] == card]) == ok
    p.cards = []
    st, _ = act(st, {"type": "buy", "seat": seat, "card": card, "tokens": 0})
    assert st.players[seat].cards == [card]
    # and it can be discarded at any time, for no Gold
    g = st.players[seat].gold
    st, _ = act(st, {"type": "discard_weapon", "seat": seat, "card": card})
    assert st.players[seat].cards == [] and st.players[seat].gold == g and st.discard[-1] == card


def test_heavy_crossbow_takes_one_off_every_purchase():
    st, seat = buying("reckless")
    p = st.players[seat]
    assert discount(p, "reckless") == 0
    p.cards = ["heavy_crossbow"]
    assert all(discount(p, c) == 1 for c in CARDS)
    st, _ = act(st, {"type": "buy", "seat": seat, "card": "reckless", "tokens": 0})
    assert st.players[seat].gold == 20 - 5


def test_warrior_discount_only_on_weapons_and_armor():
    st, seat = buying("reckless")
    p = st.players[seat]
    p.class_id = "warrior"
    assert discount(p, "reckless") == 0 and discount(p, "chain_helm") == 1 and discount(p, "longsword") == 1
    assert discount(p, "knowledge") == 0


def test_charisma_tokens_take_one_each_off_one_purchase():
    st, seat = buying("reckless", gold=3)
    st.players[seat].charisma = 3
    offered = sorted(m["tokens"] for m in legal(st, seat) if m["type"] == "buy" and m["card"] == "reckless")
    assert offered == [3]
    st, _ = act(st, {"type": "buy", "seat": seat, "card": "reckless", "tokens": 3})
    assert st.players[seat].gold == 0 and st.players[seat].charisma == 0
    st2, s2 = buying("reckless", gold=3)
    with pytest.raises(RuleError) as e:
        act(st2, {"type": "buy", "seat": s2, "card": "reckless", "tokens": 3})
    assert e.value.code == "not_enough_charisma"
    assert "take_gold" in types(st2, s2)


def test_the_weapons_to_discard_before_a_purchase_are_the_smallest_sets_that_make_room():
    """What the menus offer as "discard these first, then buy it": a two-handed weapon over two one-handed ones
    needs both gone, a one-handed one either; a Barbarian (four hands) needs fewer; a weapon the Gold cannot pay
    for, or one that fits, needs nothing."""
    from bot.games.rollplayer.market import freeing_discards

    st = at_market_turn(after_setup(2, 3))
    p = st.players[st.turn]
    p.gold, p.cards = 9, ["longsword", "blessed_mace"]
    assert freeing_discards(p, "longbow") == [("longsword", "blessed_mace")]
    assert freeing_discards(p, "jeweled_dagger") == [("longsword",), ("blessed_mace",)]
    assert freeing_discards(p, "climb") == []
    p.class_id = "barbarian"
    assert freeing_discards(p, "longbow") == [] and freeing_discards(p, "jeweled_dagger") == []
    p.cards = ["longsword", "blessed_mace", "quarterstaff"]
    assert freeing_discards(p, "longbow") == [("quarterstaff",), ("longsword", "blessed_mace")]
    p.gold = 0
    assert freeing_discards(p, "longbow") == []
