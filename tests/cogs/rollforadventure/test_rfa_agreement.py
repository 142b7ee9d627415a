"""French agrees with the enemy: a tour read "Sorcière des ronces est vaincu !". The enemy's gender comes from the
data (its name's entry in the catalog is flagged ``#, feminine``), and a numbered card ("Loup blanc A") takes the
gender of its name."""
from __future__ import annotations

from types import SimpleNamespace

from bot.games.rollforadventure import content as C
from bot.i18n import named_like, t
from cogs.rollforadventure import PRESENTATION, words


def defeated(card: str, locale: str = "fr") -> str:
    game = SimpleNamespace(state={"heroes": [], "dice": []}, seats=[])
    return PRESENTATION.event_line(game, {"key": "rollforadventure.event.defeated", "params": {"card": card}}, locale)


def test_a_defeated_enemy_agrees_with_its_name():
    witch = next(cid for cid, card in C.CARDS.items() if card["type"] == "dornenhexe")
    wolf = next(cid for cid in C.CARD_LETTER if C.CARDS[cid]["type"] == "weisser_wolf")
    assert defeated(witch) == f"{words.card(witch, 'fr')} est vaincue !"
    assert defeated(wolf) == f"{words.card(wolf, 'fr')} est vaincu !"
    assert defeated(witch, "en") == t("rollforadventure.event.defeated", "en", card=words.card(witch, "en"))


def test_a_name_built_around_a_flagged_name_takes_its_gender():
    lettered = named_like("Sorcière des ronces B", "Sorcière des ronces", "fr")
    assert lettered == "Sorcière des ronces B"
    assert t("rollforadventure.event.defeated", "fr", card=lettered) == "Sorcière des ronces B est vaincue !"
