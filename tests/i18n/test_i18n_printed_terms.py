"""The printed word wins: where a rulebook (seeds/README.md) prints a term, every message of that game in
that language uses it, and never the paraphrase it replaced (issue 28, point 4).

Roll for Adventure (German, seed 003): „Gebiet“ (l.117), „Schädel“ (l.39, l.121), „Schaden zurücksetzen“
(l.315, l.654), „besondere Feinde“ (l.65, l.458); the bonus dice lie on the Eishöhle on side A (l.145) and
on the Vorratsschatulle on side B (l.628). Roll Player: „Trait de caractère“ for the card type (French,
seed 001 l.181, l.401) and „순서 카드“ for initiative cards, also in hints (Korean, seed 002 l.45).
"""
from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from bot.i18n import messages as catalog_mod
from bot.i18n import t


def _domain(locale: str, domain: str) -> dict[str, str]:
    path = catalog_mod.LOCALES_DIR / locale / "LC_MESSAGES" / f"{domain}.po"
    with path.open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=locale) if m.id}


#: (locale, domain, a word the printed edition does not use, the printed term that replaces it)
NEVER = [
    ("de", "rollforadventure", r"\bRegion", "Gebiet"),
    ("de", "rollforadventure", r"Totenkopf", "Schädel"),
    ("de", "rollforadventure", r"[Rr]eparier", "Schaden zurücksetzen"),
    ("de", "rollforadventure", r"Sonderfeind", "besondere Feinde"),
    ("ko", "rollplayer", r"선제권|이니셔티브", "순서 카드"),
]


@pytest.mark.parametrize("locale,domain,banned,printed", NEVER)
def test_paraphrases_of_printed_terms_are_gone(locale, domain, banned, printed):
    found = {key: text for key, text in _domain(locale, domain).items() if re.search(banned, text)}
    assert not found, f"{locale}/{domain}: use „{printed}“: {found}"


#: key -> printed term its German (Roll for Adventure) text must contain
RFA_DE = {
    "rollforadventure.event.attack": "Gebiet",                          # l.117
    "rollforadventure.event.stone": "Gebiet",
    "rollforadventure.event.marker": "Gebiets",
    "rollforadventure.rules_topic.overview.text": "Gebiets",
    "rollforadventure.event.damage": "Schädel",                          # l.39, l.121
    "rollforadventure.event.repaired": "Schaden zurückgesetzt",          # l.315, l.654
    "rollforadventure.move.repair": "Schaden zurücksetzen",
    "rollforadventure.img.ice_a_rewards": "Schaden zurücksetzen",       # l.315
    "rollforadventure.img.ability.raecher": "Schaden zurücksetzen",
    "rollforadventure.img.reward.skull_back_1": "Schädel 1 zurück",    # l.654
    "rollforadventure.img.reward.skull_back_2": "Schädel 2 zurück",
    "rollforadventure.lobby.line.specials": "Besondere Feinde",          # l.65, l.458
    "rollforadventure.lobby.special.dragon.describe": "besondere Feinde",
    "rollforadventure.help.cmd.new": "besondere Feinde",
    "rollforadventure.img.supply_ice_cave": "auf der Eishöhle",          # side A: l.145
    "rollforadventure.img.supply": "auf der Vorratsschatulle",           # side B: l.628
}


@pytest.mark.parametrize("key,term", sorted(RFA_DE.items()))
def test_german_roll_for_adventure_uses_the_printed_terms(key, term):
    assert term in _domain("de", "rollforadventure")[key]


def test_bonus_dice_lie_where_the_ice_cave_side_puts_them():
    """Side A: on the Ice Cave's large field (l.145); side B: on the storage chest (l.628) — in the content
    data, and so in the picture's supply line."""
    from bot.games.rollforadventure import content as C
    from images.rollforadventure.table import SUPPLY_KEYS

    assert C.BONUS_DICE_HOME == {"A": "ice_cave", "B": "storage_chest"}
    assert t(SUPPLY_KEYS[C.BONUS_DICE_HOME["A"]], "de", count=4) == "Bonuswürfel auf der Eishöhle: 4"
    assert t(SUPPLY_KEYS[C.BONUS_DICE_HOME["B"]], "de", count=4) == "Bonuswürfel auf der Vorratsschatulle: 4"
    assert "Ice Cave" in t(SUPPLY_KEYS["ice_cave"], "en", count=4)


def test_roll_player_french_trait_cards_and_korean_initiative_cards():
    fr = _domain("fr", "rollplayer")
    assert fr["img.type.trait"] == "Trait de caractère"                  # 001 l.181, l.401
    assert not re.search(r"\bTrait\b(?! de caractère)", fr["rules_topic.scoring.text"])
    assert "순서 카드" in _domain("ko", "rollplayer")["rollplayer.ai.hint.take"]   # 002 l.45
