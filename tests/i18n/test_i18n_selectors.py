"""Plural and gender selectors (bot/i18n/messages.py: ``{n:plural:…}``, ``{name:gender:…}``): the form each
count and each name gets, in the real French, German and English catalogs and in a test catalog."""
from __future__ import annotations

import re

import pytest

from bot.i18n import messages as catalog_mod
from bot.i18n import t
from bot.i18n.messages import fill, genders, plural_rule

LOCALES = ("en", "de", "fr", "ko")


@pytest.mark.parametrize("locale, forms", [
    ("fr", {0: 0, 1: 0, 2: 1, 10: 1}),      # French: the singular for 0 and 1 (Plural-Forms: n > 1)
    ("de", {0: 1, 1: 0, 2: 1}), ("en", {0: 1, 1: 0, 2: 1}),
    ("ko", {0: 0, 1: 0, 2: 0}),
])
def test_the_plural_rule_is_the_catalog_header(locale, forms):
    assert {n: plural_rule(locale)(n) for n in forms} == forms


@pytest.mark.parametrize("value, expected", [(0, "0 dégât"), (1, "1 dégât"), (2, "2 dégâts"), ("1", "1 dégât"),
                                             ("12", "12 dégâts"), ("?", "? dégâts"), (True, "True dégâts")])
def test_a_count_picks_its_form_and_anything_else_the_last(value, expected):
    assert fill("{n} {n:plural:dégât|dégâts}", "fr", {"n": value}) == expected


@pytest.mark.parametrize("place, expected", [(1, "1re place"), (2, "2e place"), (11, "11e place"), ("1", "1re place"),
                                             ("?", "?e place")])
def test_an_ordinal_has_its_own_ending_for_the_first(place, expected):
    assert fill("{place}{place:ordinal:re|e} place", "fr", {"place": place}) == expected


def test_the_french_daily_place_is_an_ordinal():
    assert t("daily.final_place", "fr", day="<t:1:D>", place=1, players=3) == "Défi du <t:1:D> : 1re place sur 3."
    assert t("daily.final_place", "fr", day="<t:1:D>", place=2, players=3) == "Défi du <t:1:D> : 2e place sur 3."


def territory(tid: str) -> str:
    return t(f"rollforadventure.territory.{tid}", "fr")


def test_the_french_territories_have_the_gender_of_their_printed_names():
    assert {tid: genders("fr").get(territory(tid)) for tid in ("desert", "forest", "fortress", "ice_cave")} == {
        "desert": "masculine", "forest": "feminine", "fortress": "feminine", "ice_cave": "feminine"}


@pytest.mark.parametrize("amount, damage", [(0, "0 dégât"), (1, "1 dégât"), (2, "2 dégâts")])
def test_french_damage_agrees_with_count_and_territory(amount, damage):
    assert t("rollforadventure.event.damage", "fr", territory=territory("desert"), amount=amount, skull=3, last=6) \
        == f"Le Désert subit {damage} (crâne à la case 3 sur 6)."
    assert t("rollforadventure.event.damage", "fr", territory=territory("forest"), amount=amount, skull=3, last=6) \
        == f"La Forêt subit {damage} (crâne à la case 3 sur 6)."


def test_french_fallen_and_repaired_territories_agree_in_gender():
    fallen, repaired = "rollforadventure.event.lost.territory_fallen", "rollforadventure.event.repaired"
    assert t(fallen, "fr", territory=territory("desert")) == "Défaite : le Désert est tombé."
    assert t(fallen, "fr", territory=territory("ice_cave")) == "Défaite : la Grotte de glace est tombée."
    assert t(repaired, "fr", territory=territory("desert"), skull=2) == "Le Désert est réparé (crâne à la case 2)."
    assert t(repaired, "fr", territory=territory("fortress"), skull=2) == \
        "La Forteresse est réparée (crâne à la case 2)."
    assert t("rollforadventure.event.stone", "fr", territory=territory("desert"), stones=1, needed=5) \
        == "Une pierre de pouvoir grâce au Désert ! (1 sur 5)"
    assert t("rollforadventure.event.marker", "fr", territory=territory("forest"), last=5) \
        == "Un géant raccourcit la piste de la Forêt : elle finit maintenant au trou 5."


@pytest.mark.parametrize("n, stones, turns, enemies", [
    (0, "0 pierre", "0 tour", "0 ennemi vaincu"), (1, "1 pierre", "1 tour", "1 ennemi vaincu"),
    (2, "2 pierres", "2 tours", "2 ennemis vaincus")])
def test_french_summary_counts(n, stones, turns, enemies):
    assert t("rollforadventure.final.summary", "fr", adventure="Le Livre de la Magie", stones=n, needed=5,
             turns=n, defeated=n) == f"Le Livre de la Magie : {stones} de pouvoir sur 5 en {turns}, {enemies}."


def test_a_name_of_unknown_gender_takes_the_first_form():
    assert t("rollforadventure.event.lost.territory_fallen", "fr", territory="Marais") == \
        "Défaite : le Marais est tombé."


@pytest.mark.parametrize("locale, one, two", [
    ("en", "Streak: 1 day in a row.", "Streak: 2 days in a row."),
    ("de", "Serie: 1 Tag in Folge.", "Serie: 2 Tage in Folge."),
    ("fr", "Série : 1 jour d'affilée.", "Série : 2 jours d'affilée."),
])
def test_daily_streaks_count_their_days(locale, one, two):
    assert t("daily.final_streak", locale, streak=1) == one
    assert t("daily.final_streak", locale, streak=2) == two
    assert t("daily.final_streak", "fr", streak=0) == "Série : 0 jour d'affilée."


#: a Latin word with a parenthesised ending: a number or a gender left for the reader to work out
PARENTHESISED_ENDING = re.compile(r"[A-Za-zÀ-ÖØ-öø-ÿ]\((s|e|es|x|n|en|nen|innen|r|er|in)\)")


@pytest.mark.parametrize("locale", LOCALES)
def test_no_catalog_writes_a_parenthesised_ending(locale):
    found = {key: text for key, text in catalog_mod.catalog(locale).items() if PARENTHESISED_ENDING.search(text)}
    assert not found


def _write(folder, entries: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "extra.po").write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n==2 ? 1 : 2);\\n"\n\n' + entries, encoding="utf-8")


def test_a_test_catalog_brings_its_own_plural_rule_and_genders(tmp_path):
    root = tmp_path / "extra"
    _write(root / "zz" / "LC_MESSAGES",
           '#, feminine\nmsgid "zz.moon"\nmsgstr "Lune"\n\n#, neuter\nmsgid "zz.sea"\nmsgstr "Meer"\n\n'
           '#, masculine\nmsgid "zz.lune"\nmsgstr "Lune"\n\n'
           'msgid "zz.line"\nmsgstr "{n} {n:plural:one|two|many} {x:gender:m|f|n}"\n')
    catalog_mod.add_locales_dir(root)
    try:
        assert [t("zz.line", "zz", n=n, x="Meer") for n in (1, 2, 3)] == ["1 one n", "2 two n", "3 many n"]
        assert t("zz.line", "zz", n=1, x="Lune") == "1 one m"        # flagged with two genders: none
        assert "Lune" not in genders("zz")
    finally:
        catalog_mod.remove_locales_dir(root)


def test_a_misspelt_selector_raises_and_t_shows_the_raw_text():
    with pytest.raises(ValueError):
        fill("{n:plurals:a|b}", "en", {"n": 1})
    with pytest.raises(ValueError):
        fill("{n:plural}", "en", {"n": 1})


def test_french_counts_in_running_text_agree_with_their_number():
    """1 coup, 1 pièce d'or, 1 heure (the French singular also for 0); 2 coups, 2 pièces."""
    from bot.i18n import t
    bought = "rollplayer.card_bought"
    assert t(bought, "fr", player="Ann", card="Épée", cost=1) == "Ann achète Épée pour 1 pièce d'or"
    assert t(bought, "fr", player="Ann", card="Épée", cost=2) == "Ann achète Épée pour 2 pièces d'or"
    assert t("history.replay_end", "fr", game=1, step=1, steps=1, moves=1).endswith("après 1 coup")
    assert t("history.replay_end", "fr", game=1, step=1, steps=1, moves=0).endswith("après 0 coup")
    assert "depuis 1 heure " in t("lobby.defaults_shown", "fr", hours=1, pace="-")
    assert "depuis 24 heures " in t("lobby.defaults_shown", "fr", hours=24, pace="-")


def test_a_plural_follows_a_number_with_a_fraction():
    """A hint's "about 0,3 étoile" (French counts below 2 as one), "0.3 stars"; a fraction with a comma or a point."""
    from bot.i18n.messages import fill

    assert fill("{g} {g:plural:étoile|étoiles}", "fr", {"g": "0,3"}) == "0,3 étoile"
    assert fill("{g} {g:plural:étoile|étoiles}", "fr", {"g": "2,5"}) == "2,5 étoiles"
    assert fill("{g} {g:plural:star|stars}", "en", {"g": "0.3"}) == "0.3 stars"
    assert fill("{g} {g:plural:star|stars}", "en", {"g": "1"}) == "1 star"
    # CLDR's rule, not gettext's whole-number one: "1.0" shows a fraction, and French counts 1,5 as one
    assert fill("{g} {g:plural:star|stars}", "en", {"g": "1.0"}) == "1.0 stars"
    assert fill("{g} {g:plural:étoile|étoiles}", "fr", {"g": "1,5"}) == "1,5 étoile"
    assert fill("{g} {g:plural:Stern|Sterne}", "de", {"g": 1.5}) == "1.5 Sterne"


def test_the_master_of_shadows_shuffled_into_a_deck_of_one_card_says_one_card():
    """The deck under the Master of Shadows may hold a single card: "(1 Karten)" read wrong in German, "(1 cards)"
    in English."""
    from bot.i18n import t

    for locale, one in (("en", "(1 card)"), ("de", "(1 Karte)"), ("fr", "(1 carte)"), ("ko", "(카드 1장)")):
        assert one in t("rollforadventure.event.master_shuffled", locale, deck=1)
