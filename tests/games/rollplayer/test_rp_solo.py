"""Solo mode (FR/DE rules): the enemy die table, the trash, the market after buying, the rating."""
import pytest
from rp_kit import act, after_setup, engine, legal

from bot.games.rollplayer.engine import enemy_target


@pytest.mark.parametrize("card, value, where", [
    (2, 1, "left"), (2, 2, "middle"), (2, 3, "right"), (2, 4, None), (2, 5, None), (2, 6, None),
    (3, 1, "left"), (3, 2, "left"), (3, 3, "middle"), (3, 4, "middle"), (3, 5, "right"), (3, 6, "right"),
    (1, 1, None), (1, 6, None),
])
def test_enemy_die_table(card, value, where):
    assert enemy_target(card, value) == where


def solo():
    st = after_setup(1, seed=4)
    assert st.phase == "dice" and st.turn == 0
    return st


@pytest.mark.parametrize("card", [1, 2, 3])
def test_the_enemy_die_follows_the_dice_turn_of_card_2_and_3(card):
    """The coin comes with the card; the enemy die is rolled once the die is placed and the action done
    (DE "Danach", KO "그후"), not when the card is taken."""
    for seed in range(12):
        st = after_setup(1, seed=seed)
        market = list(st.market)
        enemy_before = st.enemy_die
        gold = st.players[0].gold
        coin = st.initiative[card - 1].coin
        st, ev = act(st, {"type": "take", "seat": 0, "card": card})
        assert st.players[0].gold == gold + coin
        assert st.market == market and not [e for e in ev if e["key"] == "rollplayer.enemy_die"]
        attr = next(a for a, row in st.players[0].rows.items() if len(row) < 3)
        st, _ = act(st, {"type": "place", "seat": 0, "attr": attr})
        st, ev = act(st, {"type": "decline_action", "seat": 0})
        enemy = [e for e in ev if e["key"] == "rollplayer.enemy_die"]
        if card == 1:
            assert not enemy and st.market == market and st.enemy_die == enemy_before
            continue
        value = enemy[0]["params"]["value"]
        assert st.enemy_die == ("gold", value)
        where = enemy_target(card, value)
        if where is None:
            assert st.market == market
        else:
            idx = {"left": 0, "middle": 1, "right": 2}[where]
            assert st.trash[-1] == market[idx] and st.market == market[:idx] + market[idx + 1:]


def test_after_buying_leftmost_to_discard_rest_to_trash_enemy_die_kept():
    st = solo()
    st, _ = act(st, {"type": "take", "seat": 0, "card": 1})
    st, _ = act(st, {"type": "place", "seat": 0, "attr": "int"})
    st, _ = act(st, {"type": "decline_action", "seat": 0})
    assert st.phase == "market"
    st.players[0].gold = 20
    market = list(st.market)
    trash = list(st.trash)
    discard = list(st.discard)
    enemy = st.enemy_die
    bought = market[1]
    st, _ = act(st, {"type": "buy", "seat": 0, "card": bought, "tokens": 0})
    rest = [c for c in market if c != bought]
    assert st.discard == discard + [rest[0]]
    assert st.trash == trash + rest[1:]
    assert st.enemy_die == enemy and st.round == 2
    assert sum(st.bag.values()) + 1 + sum(1 for c in st.initiative if c.die) + 7 == 73


def test_solo_game_lasts_twelve_rounds_and_scores_a_rating():
    from bot.games.rollplayer.kind import KIND
    st = solo()
    while not st.finished:
        seat = engine.pending(st)[0]["seat"]
        ms = [m for m in legal(st, seat) if m["type"] not in ("skill", "discard_weapon", "power")]
        pref = [m for m in ms if m["type"] in ("decline_action", "take_gold", "keep", "refresh", "finish")]
        st, _ = act(st, (pref or ms)[0])
    assert st.round == 12 and st.players[0].sheet_full()
    result = KIND.score(st)
    assert result["final"] and result["rating"].startswith("rules.solo.rating.")
    assert result["players"][0]["solo_gold"]["applies"]
