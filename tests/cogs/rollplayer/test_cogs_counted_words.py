"""Small words a screen reader stumbles on: the table read "Deck: 1 cards", the log "Ben changed a INT die" (a
reader says "a I-N-T")."""
from __future__ import annotations

import pytest
from menu_kit import LOCALES, after_setup, fake_game

from bot.games.rollplayer import content
from bot.i18n import t
from cogs.rollplayer import alt
from cogs.rollplayer.describe import event_text
from images.rollplayer.adapt import table_view


@pytest.mark.parametrize("locale", LOCALES)
def test_a_deck_of_one_card_says_one_card(locale):
    st = after_setup(2, seed=3)
    st.discard += st.deck[1:]
    st.deck = st.deck[:1]
    said = alt.table_alt(table_view(st, ["Ann", "Ben"], locale), locale)
    assert t("rollplayer.alt.piles_top", locale, deck=1, discard=len(st.discard),
             card=content.card_name(st.discard[-1], locale)) in said
    if locale == "en":
        assert "Deck: 1 card," in said, said


def test_a_changed_or_flipped_die_reads_without_an_article_before_the_row():
    game = fake_game(after_setup(2, seed=3))
    for key in ("rollplayer.die_adjusted", "rollplayer.die_flipped"):
        line = event_text(game, {"key": key, "params": {"seat": 0, "attr": "int", "old": 1, "new": 2}}, "en")
        assert " a INT " not in line and "a die in INT from 1 to 2" in line, line
