"""French elision before a value: "de {player}" reads "d'Ann" and "de Ben" (bot.i18n.french)."""
from __future__ import annotations

import pytest

from bot.i18n import french
from bot.i18n.messages import fill


@pytest.mark.parametrize("value, expected", [
    ("Ann", "Statistiques d'Ann"), ("Ben", "Statistiques de Ben"), ("Émile", "Statistiques d'Émile"),
    ("**Ann**", "Statistiques d'**Ann**"), ("INT", "Statistiques d'INT"), ("un dé", "Statistiques d'un dé"),
    ("8", "Statistiques de 8"), ("<@12>", "Statistiques de <@12>"), ("Hugo", "Statistiques de Hugo"),
    ("Yann", "Statistiques de Yann"), ("« Ann »", "Statistiques de « Ann »"), ("", "Statistiques de "),
])
def test_de_elides_before_a_vowel(value, expected):
    assert fill("Statistiques de {player}", "fr", {"player": value}) == expected


def test_que_and_capitals_elide_and_other_words_do_not():
    assert fill("Plus que {a}. De {a} à {b}", "fr", {"a": "Ann", "b": "Ben"}) == "Plus qu'Ann. D'Ann à Ben"
    # "de" must be a word of its own: "monde {x}" and "inde{x}" stay
    assert fill("le monde {a}, Inde {a}", "fr", {"a": "Ann"}) == "le monde Ann, Inde Ann"
    assert fill("Pas de{a}", "fr", {"a": "Ann"}) == "Pas deAnn"


def test_other_languages_are_left_alone():
    assert fill("Statistiques de {player}", "en", {"player": "Ann"}) == "Statistiques de Ann"
    assert fill("Statistik de {player}", "de", {"player": "Ann"}) == "Statistik de Ann"


def test_only_texts_with_a_value_after_de_or_que_take_the_slow_way():
    assert french.may_elide("Statistiques de {player}") and french.may_elide("{a} que {b}")
    assert not french.may_elide("Tour {n} de 12") and not french.may_elide("Monde {x}")
