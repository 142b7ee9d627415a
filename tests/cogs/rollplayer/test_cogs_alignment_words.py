"""Alignment in the rulebook's words, for a player who cannot see the grid: the Wisdom action's buttons read "WIS:
move alignment up" and the log "Ben's alignment moved left", and nothing said that up is Good or left Lawful; the
sheet named a space row first ("Neutral, Lawful") while the setup line said "Lawful Good". Now every direction names
the axis first ("toward Good (up)"), every space is named Law–Chaos first as printed, and a market card's arrow is
in its option's description."""
from __future__ import annotations

import pytest
from menu_kit import LOCALES, act, after_setup, at_dice_turn, at_market_turn, deal, fake_game, legal_of, options

from bot.games.rollplayer import engine
from bot.i18n import t
from cogs.rollplayer.describe import align_spot, event_text

#: the rulebook's axis each arrow points to (data/EFFECTS.md: up = toward Good, left = toward Lawful)
TOWARD = {"up": "img.arrow.up", "down": "img.arrow.down", "left": "img.arrow.left", "right": "img.arrow.right"}


def wisdom_action():
    """A Dice-Phase turn that placed its die in WIS: the Wisdom action's options are due."""
    st = at_dice_turn(after_setup(2, seed=3))
    seat = engine.pending(st)[0]["seat"]
    st, _ = act(st, next(m for m in engine.legal(st, seat) if m["type"] == "take"))
    st, _ = act(st, next(m for m in engine.legal(st, seat) if m.get("attr") == "wis"))
    return st, seat


@pytest.mark.parametrize("locale", LOCALES)
def test_the_wisdom_action_and_its_log_line_name_the_axis(locale):
    st, seat = wisdom_action()
    shown = {legal_of(st, seat, value)["dir"]: label for label, value, _ in options(st, seat, locale)
             if legal_of(st, seat, value).get("action") == "wis"}
    assert set(shown) == set(TOWARD), shown                      # from the centre every way is open
    for direction, label in shown.items():
        assert t(TOWARD[direction], locale) in label, label
        assert label == t("move.action.wis", locale, dir=t(f"direction.{direction}", locale))
    move = next(m for m in engine.legal(st, seat) if m.get("action") == "wis" and m["dir"] == "left")
    _, events = act(st, move)
    moved = next(e for e in events if e["key"] == "rollplayer.alignment_moved")
    line = event_text(fake_game(st), moved, locale)
    assert t("img.arrow.left", locale) in line, line


@pytest.mark.parametrize("locale", LOCALES)
def test_a_space_is_named_law_chaos_first_and_the_centre_plainly(locale):
    lawful_good = align_spot("good", "lawful", locale)
    assert lawful_good == t("rollplayer.detail.align_cell", locale, ethic=t("rollplayer.align_word.lawful", locale),
                            moral=t("rollplayer.align_word.good", locale))
    assert lawful_good.index(t("rollplayer.align_word.lawful", locale)) < lawful_good.index(
        t("rollplayer.align_word.good", locale))
    assert align_spot("neutral", "neutral", locale) == t("rollplayer.align_word.centre", locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_purchase_option_says_where_the_card_moves_the_token(locale):
    st = at_market_turn(after_setup(2, seed=3))
    seat = engine.pending(st)[0]["seat"]
    st.players[seat].gold = 9
    deal(st, seat, [], market=["famous", "chain_gorget"])        # a Trait with an arrow, an Armor piece without
    described = {legal_of(st, seat, value)["card"]: detail for _, value, detail in options(st, seat, locale)
                 if legal_of(st, seat, value)["type"] == "buy"}
    assert t("img.arrow.up", locale) in described["famous"], described
    assert not any(t(key, locale) in described["chain_gorget"] for key in TOWARD.values())
