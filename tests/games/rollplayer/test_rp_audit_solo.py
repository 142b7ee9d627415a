"""Rules audit, solo mode (FR "Partie en Solitaire", DE "Spielregeln für das Solospiel", KO "1인 게임 규칙").

Each test sets up a precise state, applies moves through the validating path and asserts exact results.
"""
import pytest
from rp_kit import act, after_setup, check_invariants, legal, new_game

from bot.games import rng
from bot.games.rollplayer import engine as eng
from bot.games.rollplayer.content import CARD_GROUP
from bot.games.rollplayer.engine import enemy_target

ENEMY = "rollplayer.enemy_die"


def solo(seed=4, **options):
    """A solo game at its first Dice-Phase turn, the six starting dice spread one per row (so every row
    has room; the dice stay the same, so the 73-dice count still holds)."""
    st = after_setup(1, seed=seed, **options)
    assert st.phase == "dice" and st.step == "choose" and st.turn == 0
    p = st.players[0]
    dice = [d for a in p.rows for d in p.rows[a]]
    assert len(dice) == 6
    p.rows = {a: [dice[i]] for i, a in enumerate(p.rows)}
    return st


def fix_roll(monkeypatch, value):
    """Make the next die rolls of the engine show ``value`` (the enemy die in these tests)."""
    monkeypatch.setattr(rng, "roll", lambda st: value)


# ----------------------------------------------------------------------- Initiative 1 / 2 / 3

@pytest.mark.parametrize("card, coin", [(1, 0), (2, 1), (3, 0)])
def test_only_initiative_2_carries_a_coin(card, coin):
    st = solo()
    assert [c.coin for c in st.initiative] == [0, 1, 0]
    gold = st.players[0].gold
    st, _ = act(st, {"type": "take", "seat": 0, "card": card})
    assert st.players[0].gold == gold + coin


def test_enemy_die_is_rolled_after_placing_and_the_action_not_on_taking():
    """DE: "Danach schaust du, wie dein Gegner reagiert" and KO "그후 ... 모험가 주사위를 굴리고" — after the
    die is placed and the optional attribute action is done (FR lists it after both as well)."""
    for seed in range(8):
        st = solo(seed)
        market = list(st.market)
        st, ev = act(st, {"type": "take", "seat": 0, "card": 3})
        assert not [e for e in ev if e["key"] == ENEMY] and st.market == market
        st, ev = act(st, {"type": "place", "seat": 0, "attr": "cha"})
        assert not [e for e in ev if e["key"] == ENEMY] and st.market == market
        st, ev = act(st, {"type": "action", "seat": 0, "action": "cha"})
        enemy = [e for e in ev if e["key"] == ENEMY]
        assert len(enemy) == 1
        keys = [e["key"] for e in ev]
        assert keys.index("rollplayer.charisma_gained") < keys.index(ENEMY)
        v = enemy[0]["params"]["value"]
        idx = {"left": 0, "middle": 1, "right": 2}[enemy_target(3, v)]
        assert st.trash[-1] == market[idx]
        assert st.market == market[:idx] + market[idx + 1:]
        assert st.enemy_die == ("gold", v)


def test_enemy_die_waits_for_an_after_action_skill(monkeypatch):
    st = solo()
    p = st.players[0]
    p.cards = ["concentrate"]
    market = list(st.market)
    st, _ = act(st, {"type": "take", "seat": 0, "card": 2})
    st, _ = act(st, {"type": "place", "seat": 0, "attr": "cha"})
    st, ev = act(st, {"type": "action", "seat": 0, "action": "cha"})
    assert st.step == "after_action" and st.market == market
    assert not [e for e in ev if e["key"] == ENEMY]
    fix_roll(monkeypatch, 3)  # Initiative 2, enemy 3: the rightmost card goes to the trash
    st, ev = act(st, {"type": "skill", "seat": 0, "card": "concentrate"})
    assert st.players[0].charisma == 2
    keys = [e["key"] for e in ev]
    assert keys.index("rollplayer.charisma_gained") < keys.index(ENEMY)
    assert st.trash[-1] == market[2] and st.market == market[:2]


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("card", [1, 2, 3])
def test_enemy_die_table_applied_to_the_market(monkeypatch, card, value):
    st = solo()
    market = list(st.market)
    trash = list(st.trash)
    st, _ = act(st, {"type": "take", "seat": 0, "card": card})
    st, _ = act(st, {"type": "place", "seat": 0, "attr": "str"})
    enemy_before = st.enemy_die
    fix_roll(monkeypatch, value)
    st, ev = act(st, {"type": "decline_action", "seat": 0})
    enemy = [e for e in ev if e["key"] == ENEMY]
    where = enemy_target(card, value)
    if card == 1:  # "il ne lance pas le dé Ennemi"
        assert not enemy and st.enemy_die == enemy_before and st.market == market
        return
    assert enemy[0]["params"] == {"value": value, "where": where,
                                  "card": None if where is None else enemy[0]["params"]["card"]}
    assert st.enemy_die == ("gold", value)
    if where is None:
        assert st.market == market and st.trash == trash
    else:
        idx = {"left": 0, "middle": 1, "right": 2}[where]
        assert st.trash == trash + [market[idx]]
        assert st.market == market[:idx] + market[idx + 1:]


@pytest.mark.parametrize("market_size, value, expected", [
    (2, 1, 0), (2, 3, 0), (2, 5, 1),     # two cards: left = first, middle = first, right = last
    (1, 1, 0), (1, 3, 0), (1, 6, 0),     # one card: it is left, middle and right at once
])
def test_enemy_die_with_fewer_market_cards(monkeypatch, market_size, value, expected):
    st = solo()
    st.market = st.market[:market_size]
    market = list(st.market)
    fix_roll(monkeypatch, value)
    events = []
    eng.solo_enemy(st, 3, events)
    assert st.trash[-1] == market[expected]
    assert len(st.market) == market_size - 1


def test_enemy_die_with_an_empty_market_does_nothing(monkeypatch):
    st = solo()
    st.market = []
    trash = list(st.trash)
    fix_roll(monkeypatch, 1)
    events = []
    eng.solo_enemy(st, 3, events)
    assert st.trash == trash and events[0]["params"]["card"] is None


# ----------------------------------------------------------------------- market phase

def to_solo_market(st, card=1, attr="int"):
    st, _ = act(st, {"type": "take", "seat": 0, "card": card})
    st, _ = act(st, {"type": "place", "seat": 0, "attr": attr})
    st, _ = act(st, {"type": "decline_action", "seat": 0})
    assert st.phase == "market" and st.step == "buy"
    return st


def test_discard_for_gold_then_leftmost_to_discard_rest_to_trash():
    st = to_solo_market(solo())
    market = list(st.market)
    discard, trash = list(st.discard), list(st.trash)
    gold = st.players[0].gold
    st, ev = act(st, {"type": "take_gold", "seat": 0, "card": market[1]})
    assert st.players[0].gold == gold + 2
    # the chosen card is discarded for the Gold, then the leftmost remaining card, the rest is trashed
    assert st.discard == discard + [market[1], market[0]]
    assert st.trash == trash + [market[2]]
    assert [e["params"] for e in ev if e["key"] == "rollplayer.solo_market_cleared"] == \
        [{"discarded": market[0], "trashed": [market[2]]}]
    assert st.round == 2 and len(st.market) == 3
    check_invariants(st)


def test_solo_friendly_market_gold_without_discarding_then_leftmost_to_discard():
    st = to_solo_market(solo(friendly_market=True))
    market = list(st.market)
    discard, trash = list(st.discard), list(st.trash)
    st, _ = act(st, {"type": "take_gold", "seat": 0})
    assert st.discard == discard + [market[0]]
    assert st.trash == trash + market[1:]


def test_pickpocket_in_solo_then_market_cleared():
    st = to_solo_market(solo())
    st.players[0].cards = ["pickpocket"]
    market = list(st.market)
    gold = st.players[0].gold
    st, _ = act(st, {"type": "take_gold", "seat": 0, "card": market[2]})
    assert st.step == "after_discard" and st.market == market[:2]   # nothing cleared yet
    st, _ = act(st, {"type": "skill", "seat": 0, "card": "pickpocket"})
    assert st.players[0].gold == gold + 4
    assert st.discard[-2:] == [market[2], market[0]] and st.trash[-1] == market[1]


def test_druid_card_added_at_market_start_is_trashed_unless_leftmost():
    st = solo(classes={0: "druid"})
    extra = st.discard[0]
    st, _ = act(st, {"type": "take", "seat": 0, "card": 1})
    st, _ = act(st, {"type": "place", "seat": 0, "attr": "int"})
    st, _ = act(st, {"type": "decline_action", "seat": 0})
    assert st.phase == "market_start"
    st, _ = act(st, {"type": "power", "seat": 0, "power": "attuned", "card": extra})
    market = list(st.market)
    assert market[-1] == extra and len(market) == 4
    trash = list(st.trash)
    st.players[0].gold = 0
    st, _ = act(st, {"type": "take_gold", "seat": 0, "card": market[0]})
    assert st.trash == trash + market[2:] and st.discard[-1] == market[1]


def test_no_cards_are_lost_and_dice_conserved_over_a_solo_game():
    st = solo(seed=11)
    while not st.finished:
        d = eng.pending(st)[0]
        ms = [m for m in legal(st, d["seat"]) if m["type"] not in ("skill", "discard_weapon", "power")]
        pref = [m for m in ms if m["type"] in ("buy",)] + ms
        st, _ = act(st, pref[0])
        check_invariants(st)  # 73 dice with the enemy die, every market card somewhere
    assert st.enemy_die is not None and st.round == 12


# ----------------------------------------------------------------------- setup variants

def finish_setup(st):
    while st.phase.startswith("setup") and st.phase != "setup_dice":
        st, _ = act(st, legal(st, eng.pending(st)[0]["seat"])[0])
    return st


def test_solo_setup_two_player_market_diplomacy_out_trash_after_market():
    st = finish_setup(new_game(1, seed=3))
    assert "diplomacy" not in st.deck + st.market + st.discard + st.trash
    # 7 of each group discarded face up onto the market discard pile (DE "auf den Marktablagestapel")
    assert sorted(CARD_GROUP[c] for c in st.discard) == [1] * 7 + [2] * 7
    assert len(st.market) == 3 and len(st.trash) == 1
    assert [c.number for c in st.initiative] == [1, 2, 3]
    assert st.players[0].gold == 5


def test_solo_even_start_one_die_of_each_colour_no_gold_die():
    st = finish_setup(new_game(1, seed=3, even_start=True))
    assert sorted(c for c, _ in st.players[0].start_dice) == sorted(
        ["green", "blue", "red", "purple", "black", "white"])
    assert st.bag["gold"] == 12  # only the enemy die left the bag


def test_solo_short_game_eight_starting_dice_ten_rounds():
    st = finish_setup(new_game(1, seed=3, short_game=True))
    assert len(st.players[0].start_dice) == 8 and st.players[0].gold == 5
    st = after_setup(1, seed=3, short_game=True)
    while not st.finished:
        d = eng.pending(st)[0]
        ms = [m for m in legal(st, d["seat"]) if m["type"] not in ("skill", "discard_weapon", "power")]
        pref = [m for m in ms if m["type"] in ("decline_action", "take_gold", "keep", "refresh", "finish")]
        st, _ = act(st, (pref or ms)[0])
    assert st.round == 10


def test_enemy_die_kept_through_cleanup_and_two_leftover_dice_go_back():
    st = solo()
    enemy = st.enemy_die
    left = [c.die for c in st.initiative if c.number != 1]
    bag = dict(st.bag)
    st = to_solo_market(st, card=1)
    st.players[0].gold = 0
    st, ev = act(st, {"type": "take_gold", "seat": 0, "card": st.market[0]})
    assert st.round == 2 and st.enemy_die == enemy  # card 1 never rolls it; cleanup keeps it
    # both untaken dice went back before the new roll drew three
    assert sum(st.bag.values()) == sum(bag.values()) + len(left) - 3


def test_after_the_enemy_trashed_a_card_the_last_card_goes_to_the_discard_pile(monkeypatch):
    st = solo()
    market = list(st.market)
    st, _ = act(st, {"type": "take", "seat": 0, "card": 3})
    st, _ = act(st, {"type": "place", "seat": 0, "attr": "str"})
    fix_roll(monkeypatch, 3)  # Initiative 3, enemy 3: the middle card goes to the trash
    st, _ = act(st, {"type": "decline_action", "seat": 0})
    assert st.market == [market[0], market[2]] and st.trash[-1] == market[1]
    monkeypatch.undo()
    st.players[0].gold = 20
    discard, trash = list(st.discard), list(st.trash)
    st, ev = act(st, {"type": "buy", "seat": 0, "card": market[0], "tokens": 0})
    assert st.discard == discard + [market[2]] and st.trash == trash  # nothing left to trash
    # the log says so: a discard alone, not "… and (none) went to the trash" (found by a Korean playground tour)
    cleared = [e for e in ev if e["key"].startswith("rollplayer.solo_market_")]
    assert cleared == [{"key": "rollplayer.solo_market_discarded", "params": {"discarded": market[2]}}]


@pytest.mark.parametrize("gold, stars", [(0, 0), (7, 0), (8, 1), (15, 1), (16, 2), (23, 2), (24, 3)])
def test_solo_one_star_per_eight_gold(gold, stars):
    from bot.games.rollplayer.kind import KIND
    st = solo()
    st.players[0].gold = gold
    sheet = KIND.score(st)["players"][0]
    assert sheet["solo_gold"]["stars"] == stars and sheet["solo_gold"]["applies"]
