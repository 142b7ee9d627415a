"""Open Lock turns the deck's top card up for its buyer only (a tour's buyer chose blind: the card was named
nowhere): the player's own private texts (the step message, their menus, a refusal) tell it with the decision;
the table's texts (the live message's decision, a seat picture anyone may ask for) do not."""
from __future__ import annotations

from types import SimpleNamespace

import pytest
from menu_kit import LOCALES, act, after_setup, at_market_turn

from bot.games.rollplayer.content import CARD_COST, CARD_TYPE
from bot.i18n import t
from cogs.rollplayer import PRESENTATION
from cogs.rollplayer.describe import names
from cogs.tables import Tables


def looking_at(card: str):
    """A 2-player game at a Market turn whose buyer used Open Lock on a deck with ``card`` on top."""
    st = at_market_turn(after_setup(2, seed=3))
    seat = st.turn
    for pile in (st.deck, st.market, st.discard, st.trash):
        for c in ("open_lock", card):
            if c in pile:
                pile.remove(c)
    st.players[seat].cards.append("open_lock")
    st.deck.insert(0, card)
    st.players[seat].gold = 9
    st, _ = act(st, {"type": "skill", "seat": seat, "card": "open_lock"})
    assert st.sub["kind"] == "open_lock" and st.sub["card"] == card
    return SimpleNamespace(id=5, version=3, kind="rollplayer", state=st,
                           seats=[SimpleNamespace(seat=n, name=name, user_id=n + 1, is_ai=False)
                                  for n, name in enumerate(("Ann", "Ben"))]), seat


@pytest.mark.parametrize("locale", LOCALES)
def test_the_buyer_is_told_the_card_open_lock_turned_up_and_the_table_is_not(locale, harness):
    game, seat = looking_at("heavy_crossbow")
    play = harness.bot.get_cog("Play")
    assert isinstance(play, Tables)
    told = play.decision_text(game, seat, locale)             # what the buyer reads privately
    name = names.card_name("heavy_crossbow", locale)
    assert f"**{name}**" in told
    assert t("rollplayer.detail.price", locale, price=CARD_COST["heavy_crossbow"]) in told   # no discount
    assert t(f"img.type.{CARD_TYPE['heavy_crossbow']}", locale) in told
    assert told.startswith(t("decision.open_lock", locale))
    # the table's wording of the decision, and the other seat's own, name no card
    public = PRESENTATION.decision_text("open_lock", locale)
    assert name not in public and name not in play.decision_text(game, 1 - seat, locale)
