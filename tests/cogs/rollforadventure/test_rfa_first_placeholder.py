"""The first move menu's placeholders at phone width (t12 defect 6): four heroes' first throw (one select of
placements, one of the Daredevil's rerolls) read "De « Placer 1 dé de valeur 1 sur le Désert » à « Placer 1 dé
de valeur 6 sur le Vortex de la… »", cut inside a place name and three lines at 360 px, beside "Relancer les dés
de votre choix …". The select without a name of its own reads "Choisissez votre coup" now, as one select does."""
from __future__ import annotations

from rfa_clicks import latest_turn_post
from rfa_tour import DAVE, open_game

from bot.i18n import t

#: a 360 px phone shows about 40 characters of a placeholder a line
PHONE_LINE = 40


async def test_the_first_menu_names_its_placements_select_shortly(harness, alice, bob, carol, monkeypatch):
    users = [alice, bob, carol, DAVE]
    game, place = await open_game(harness, users, 20261123, monkeypatch, locale="fr")
    selects = latest_turn_post(harness, place).selects()
    placeholders = [s["placeholder"] for s in selects]
    assert len(selects) >= 2 and all(o["label"].startswith("Placer") for o in selects[0]["options"]), placeholders
    assert placeholders[0] == t("menu.placeholder", "fr"), placeholders
    assert len(set(placeholders)) == len(placeholders)
    for text in placeholders:
        assert len(text) <= 2 * PHONE_LINE and "… »" not in text, text
