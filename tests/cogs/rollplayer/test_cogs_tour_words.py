"""Words a French phone tour of Roll Player found wrong or unclear (four players, 360 px), in every language."""
from __future__ import annotations

import re

import pytest

from bot.i18n import t
from cogs.rollplayer import alt
from cogs.rollplayer.describe import colour_name
from images.rollplayer.views import Die, InitiativeCard

LOCALES = ("en", "de", "fr", "ko")


def reads_as_a_gold_die(text: str, count: int, locale: str) -> bool:
    """Whether ``text`` holds "<count> <gold>" (with no word after it that makes it coins) or "<gold> <count>", as a
    die is written (French "1 Or" was both a gold die showing 1 and one Gold coin)."""
    gold = re.escape(colour_name("gold", locale).casefold())
    return re.search(rf"(?<!\d){count}\s{gold}(?!\w)(?!\s*[^\W\d_])|(?<!\w){gold}\s{count}(?!\d)",
                     text.casefold()) is not None


@pytest.mark.parametrize("locale", LOCALES)
def test_gold_coins_never_read_as_a_gold_die(locale):
    """"3 : 2 Or et 1 Or (libre)" was a gold die showing 2 and one Gold coin: the coin on an Initiative card, in
    the table's alt text and in the menus, is named as a coin, the die as a die."""
    for coins in (1, 2):
        card = InitiativeCard(number=3, die=Die(value=6, colour="red"), coins=coins, taken_by=None)
        words = alt.initiative_words(card, (), locale, die_when_taken=False)
        coin_part = words.replace(alt.die_words(card.die, locale), "")
        assert not reads_as_a_gold_die(coin_part, coins, locale), words
        assert not reads_as_a_gold_die(alt.wealth(coins, 0, locale)[0], coins, locale), alt.wealth(coins, 0, locale)
    gold_die = alt.die_words(Die(value=1, colour="gold"), locale)
    coin = t("initiative_coin", locale)
    assert reads_as_a_gold_die(gold_die, 1, locale) and not reads_as_a_gold_die(coin, 1, locale), (gold_die, coin)
