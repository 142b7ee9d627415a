"""One word per thing in each language's Roll for Adventure texts (French playground tour, #11: "emplacement"
in the prompt, "lieu" in the commands and help, a "pose" on the Scout's card for what every other text calls a
"placement"). No edition of the game is printed in French or Korean (the only rulebook, seed 003, is German),
so each language keeps the word its commands, help and rules already used: where dice go is a place / Ort /
lieu / 장소 (the territories, enemies and the Vortex of Memory are all places; "territoire" stays the name of a
territory), a die's number its value / Wert / valeur / 값, and putting dice down a placement / Einsatz (the
content's German hero texts and seed l.17 "Einsatz der Würfel") / placement / 놓기."""
from __future__ import annotations

import pytest

from bot.i18n.messages import domain_catalog

#: where dice go, in the texts that ask for or explain a placement
PLACE = {"en": "place", "de": "Ort", "fr": "lieu", "ko": "장소"}
PLACE_KEYS = ("decision.place", "decision.place_more", "cmd.place.description", "help.cmd.place", "help.intro",
              "rules_topic.turn.text")
#: the other words each language had for the same things, which no text may use any more
AVOID = {"de": ("Platzierung", "Platzieren", "einer Zahl", "anderen Zahl", "Zahlen"), "fr": ("emplacement", "une pose"),
         "ko": ("숫자", "한곳", " 한 곳")}


@pytest.mark.parametrize("locale", sorted(PLACE))
def test_where_dice_go_has_one_name(locale):
    texts = domain_catalog(locale, "rollforadventure")
    for key in PLACE_KEYS:
        assert PLACE[locale] in texts[f"rollforadventure.{key}"], (locale, key, texts[f"rollforadventure.{key}"])


@pytest.mark.parametrize("locale", sorted(AVOID))
def test_no_second_word_for_the_same_thing(locale):
    texts = domain_catalog(locale, "rollforadventure")
    found = [(key, word) for key, text in texts.items() for word in AVOID[locale] if word in text]
    assert not found, found


#: the printed German terms (seed 003) a tour found missed: „oberste Feindekarte“, „Feindestapel“, the Healer's
#: „Strudel des Vergessens“ (a move read „aus dem Vergessen befreien“), and the rules' „Gesamtwert von 6“
PRINTED_DE = {"rules_topic.turn.text": "oberste Feindekarte", "move.free": "dem Strudel des Vergessens",
              "rules_topic.enemies.text": "Gesamtwert von 6 oder mehr"}
#: the Vortex of Oblivion by its whole name in the Healer's move, in every language (it read "from Oblivion")
OBLIVION = {"en": "Vortex of Oblivion", "de": "Strudel des Vergessens", "fr": "Vortex de l'Oubli",
            "ko": "망각의 소용돌이"}
#: the heroes topic said some abilities are "buttons of their own"; they come as entries of the move menus too
OWN_BUTTONS = {"en": "buttons of their own", "de": "eigene Knöpfe", "fr": "leur propre bouton", "ko": "따로 버튼"}


def test_the_german_texts_use_the_printed_terms():
    texts = domain_catalog("de", "rollforadventure")
    for key, term in PRINTED_DE.items():
        assert term in texts[f"rollforadventure.{key}"], (key, texts[f"rollforadventure.{key}"])
    found = [(key, word) for key, text in texts.items() for word in ("Feindkarte", "Feindstapel", "zählen zu 6")
             if word in text]
    assert not found, found


@pytest.mark.parametrize("locale", sorted(OBLIVION))
def test_the_healer_frees_from_the_vortex_and_abilities_are_not_called_buttons(locale):
    texts = domain_catalog(locale, "rollforadventure")
    assert OBLIVION[locale] in texts["rollforadventure.move.free"]
    assert OWN_BUTTONS[locale] not in texts["rollforadventure.rules_topic.heroes.text"]
