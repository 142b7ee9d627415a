"""The table picture as a French phone tour read it at 360 px: the market cards' effect lines were 7 to 8 px high
(too small to read the card one is about to buy), and the finished game's table said "Personne n'a à jouer"
under "Partie terminée", as if the game were stuck."""
from __future__ import annotations

import pytest

from bot.games.rollplayer import content
from images.labels import label
from images.rollplayer.render import table_png
from tools import legibility
from tools import rp_samples as samples

LOCALES = ("en", "de", "fr", "ko")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_market_cards_effect_is_legible_whole_at_phone_width(locale):
    """Every card of the game on the table's market: each effect line at least 9 px cap height at 360 px wide,
    and the whole text drawn (nothing cut)."""
    pool = [c for c in content.cards() if not content.cards()[c].get("promo")]
    seen = []
    for k in range(0, len(pool), 5):
        view = samples.make_table(4, phase="market", round_=2, market=pool[k:k + 5])
        with legibility.recording() as rec:
            table_png(view, locale)
        seen += [s for s in rec.seen if s.kind.endswith(":rule") and s.kind.startswith("cards.")]
    small = {s.text: round(s.cap, 1) for s in seen if s.cap < 9}
    assert seen and not small, small
    drawn = "".join(s.text for s in seen).replace(" ", "")
    for card in pool:
        assert content.card_text(card, locale).replace(" ", "") in drawn, card


@pytest.mark.parametrize("locale", LOCALES)
def test_a_finished_games_table_has_no_nobody_to_play_banner(locale):
    over = samples.make_table(4, phase="finished", round_=10, pending=())
    with legibility.recording() as rec:
        table_png(over, locale)
    words = {s.text for s in rec.seen}
    assert label("img.table.nobody", locale) not in words, words
    assert label("img.table.phase.finished", locale) in words
    running = samples.make_table(4, phase="cleanup", round_=3, pending=())
    with legibility.recording() as rec:
        table_png(running, locale)
    assert label("img.table.nobody", locale) in {s.text for s in rec.seen}, "a running game still says it"
