"""No swap of two identical dice in Roll Player's menus (tour "o"): the DEX action offered "swap DEX 3 (red 2) ↔
CON 2 (red 2)", which changes nothing but spends the action. The rules still list it; the menus leave it out."""
from __future__ import annotations

from menu_kit import LOCALES, act, after_setup, at_dice_turn, engine, fake_game, legal_of, options, sheet

from bot.i18n import t
from cogs import menus
from cogs.rollplayer import PRESENTATION


def at_dex_action():
    st = at_dice_turn(after_setup(2, seed=5))
    seat = st.turn
    st, _ = act(st, next(m for m in engine.legal(st, seat) if m["type"] == "take"))
    sheet(st.players[seat], str=[("red", 2)], con=[("red", 2)], dex=[], int=[], wis=[], cha=[])
    st, _ = act(st, {"type": "place", "seat": seat, "attr": "dex"})
    sheet(st.players[seat], dex=[("blue", 3)])
    return st, seat


def test_the_dex_action_offers_no_swap_of_identical_dice():
    st, seat = at_dex_action()
    legal = engine.legal(st, seat)
    same = {"type": "action", "seat": seat, "action": "dex", "a": ["str", 0], "b": ["con", 0]}
    assert same in legal                               # the rules still list it (AI, seeded games)
    for locale in LOCALES:
        offered = [legal_of(st, seat, v) for _, v, _ in options(st, seat, locale, menu=menus.ALL)]
        swaps = [m for m in offered if m.get("action") == "dex"]
        assert same not in offered and len(swaps) == 2, swaps
    view = menus.move_view(PRESENTATION, fake_game(st), seat, legal, "en", look_buttons=False)
    assert not [c for c in view.children if getattr(getattr(c, "item", c), "label", "") == t("button.more", "en")]


def test_a_swap_is_kept_when_every_swap_is_idle():
    st, seat = at_dex_action()
    sheet(st.players[seat], str=[("red", 2)], con=[], dex=[("red", 2)])
    offered = [legal_of(st, seat, v) for _, v, _ in options(st, seat, "en", menu=menus.ALL)]
    assert [m for m in offered if m.get("action") == "dex"]
