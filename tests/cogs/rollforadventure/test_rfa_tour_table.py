"""The whole table (the "Table" button) of a 4-hero game, as Dan opened it on a phone tour (issue t5): it showed
"○ ally dice" under the bonus dice, with no count, though a 4-hero game has no ally dice (rulebook l.99–105).
The legend names ally dice only in a game that has them."""
from __future__ import annotations

import pytest
from rfa_tour import DAVE, open_game, play_moves

from bot.i18n import t
from images.rollforadventure import render_table
from images.rollforadventure import words as img_words

ALLY_LEGEND = "rollforadventure.img.ally_dice"


def drawn_keys(monkeypatch) -> list[str]:
    """The catalog keys the table picture words from here on (``images.rollforadventure.words.say``)."""
    said: list[str] = []
    say = img_words.say

    def recording(key, locale, **params):
        said.append(key)
        return say(key, locale, **params)
    monkeypatch.setattr(img_words, "say", recording)
    return said


@pytest.mark.parametrize("players, allies", [(4, False), (3, True)])
async def test_the_table_names_ally_dice_only_when_the_game_has_them(harness, alice, bob, carol, monkeypatch,
                                                                      players, allies):
    users = [alice, bob, carol, DAVE][:players]
    game, place = await open_game(harness, users, 0, monkeypatch)
    game = await play_moves(harness, game, users, place, 3)
    assert any(d["o"] == "ally" for d in game.state["dice"]) is allies
    post = [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral
            and "table.png" in m.file_names()][-1]
    looker = users[-1]                      # whoever, due or not: the table is anyone's to look at
    look = await harness.click(post, user=looker, place=place, label=t("button.table", "en"))
    [(name, shown)] = look.only().files
    said = drawn_keys(monkeypatch)
    names = [s.name for s in game.seats]
    assert name == "table.png" and shown == render_table(game.state, names, "en")
    assert (ALLY_LEGEND in said) is allies
    assert "rollforadventure.img.supply_ice_cave" in said      # the bonus dice keep their count
