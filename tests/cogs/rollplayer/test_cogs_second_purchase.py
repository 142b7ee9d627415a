"""The Bard's Charming (a second purchase in the Market): after the first buy, the prompt offered "buy a card or
take 2 gold" while the menu rightly had no gold (a French phone tour). The decision after a purchase is its own,
"buy another card or end the market turn", from the same rule that drops the gold from the moves."""
from __future__ import annotations

import pytest
from menu_kit import after_setup, at_market_turn, engine, games_start_as
from test_cogs_phase import start_two_player

from bot.i18n import t
from cogs.rollplayer import PRESENTATION


def bard_at_market():
    """A Market turn whose player is a Bard with Gold for two cards."""
    st = at_market_turn(after_setup(2, seed=3, classes={0: "bard", 1: "bard"}))
    p = st.players[engine.pending(st)[0]["seat"]]
    p.gold = 12
    return st


@pytest.mark.parametrize("locale", ["en", "fr"])
async def test_after_the_bards_first_purchase_the_prompt_names_only_what_the_menu_offers(
        harness, alice, bob, monkeypatch, locale):
    games_start_as(monkeypatch, bard_at_market)
    place = harness.channel()
    harness.locale = locale
    game, started = await start_two_player(harness, alice, bob, place)
    seat = engine.pending(game.state)[0]["seat"]
    buyer = next(u for u in (alice, bob) if u.id == game.seats[seat].user_id)
    [live] = started.public()
    buys = [o for s in live.selects() for o in s["options"]]
    first = next(o for o in buys if o["label"].startswith(t("move.buy", locale, card="")[:4]))
    bought = await harness.select(live, [first["value"]], user=buyer, place=place)
    game = await harness.bot.sessions.load(game.id)
    [due] = engine.pending(game.state)
    assert due["seat"] == seat and due["decision"] == "market_more", due
    legal = engine.legal(game.state, seat)
    assert not any(m["type"] == "take_gold" for m in legal) and any(m["type"] == "buy" for m in legal)
    [step] = bought.private()
    more = PRESENTATION.decision_text("market_more", locale)
    assert more in step.content and PRESENTATION.decision_text("market", locale) not in step.content, step.content
    # a look at the moves says the same
    mine = (await harness.click(live, user=buyer, place=place, label=t("button.my_moves", locale))).only()
    assert mine.content == t("play.your_moves", locale, decision=more), mine.content
