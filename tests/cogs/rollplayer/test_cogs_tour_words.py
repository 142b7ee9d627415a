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


@pytest.mark.parametrize("locale", LOCALES)
def test_a_goal_met_with_a_weapon_says_the_bonus_the_score_counts(locale):
    """"CON 12 (objectif 14 ou plus, atteint)": the sheet's alt text called a goal met below it, the Quarterstaff's
    +2 (drawn as "12 +2 🗡") unsaid. The row says the bonus, the weapon and the sum the score counts."""
    from bot.games.rollplayer import content
    from images.rollplayer import content as names
    from images.rollplayer.adapt import sheet_view
    from tests.cogs.rollplayer.menu_kit import after_setup, deal, sheet

    st = after_setup(2, seed=3, classes={0: "warrior", 1: "warrior"})
    p = st.players[0]
    goal = content.classes()[p.class_id]["goals"]["con"]
    race = content.races()[p.race]["modifiers"]["con"]
    dice_total = goal["min"] - 2 - race                  # two short of the goal: the staff's +2 meets it
    values = [min(6, dice_total - 2), 1, 1]
    values[1] = min(6, dice_total - values[0] - 1)
    values[2] = dice_total - values[0] - values[1]
    assert all(1 <= v <= 6 for v in values), values
    sheet(p, con=[("white", v) for v in values])
    deal(st, 0, ["quarterstaff"])
    view = sheet_view(st, 0, ["Ann", "Ben"], locale)
    [row] = [r for r in view.rows if r.attr == "con"]
    assert row.goal_met and row.value == goal["min"] - 2 and row.goal_bonus == 2, row
    said = alt.row_head(row, locale)
    assert names.card_name("quarterstaff", locale) in said and "+2 " in said and f"= {goal['min']} " in said, said
    assert said in alt.sheet_alt(view, locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_class_draw_says_why_a_colour_was_drawn_again(locale):
    """"Dan pioche Rouge, Blanc : carte Classe n° 1" read as two dice drawn for a white card: Red's card was
    taken, so he drew again. The line says so for each die drawn again (taken, or gold: no class card)."""
    from types import SimpleNamespace

    from cogs.rollplayer import PRESENTATION

    game = SimpleNamespace(seats=[SimpleNamespace(name="Ann", user_id=1, is_ai=False)] * 2, state=None)
    event = {"key": "rollplayer.class_drawn", "params": {"seat": 0, "drawn": ["red", "gold", "white"], "card": 1}}
    line = PRESENTATION.event_line(game, event, locale)
    taken = t("rollplayer.class_redraw_taken", locale, colour=colour_name("red", locale))
    gold = t("rollplayer.class_redraw_gold", locale, colour=colour_name("gold", locale))
    assert taken in line and gold in line, line
    assert line.index(taken) < line.index(gold) < line.index(colour_name("white", locale)), line
    once = {"key": "rollplayer.class_drawn", "params": {"seat": 0, "drawn": ["white"], "card": 1}}
    assert t("rollplayer.class_redraw_taken", locale, colour="")[-4:] not in PRESENTATION.event_line(game, once, locale)
