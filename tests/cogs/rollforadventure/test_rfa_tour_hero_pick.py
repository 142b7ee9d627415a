"""The hero-pick menu of a game with every hero, as a Korean tour opened it (issue t5): each option's description
(Discord holds 100 characters there) was the hero's full ability cut mid-sentence with "…", for 8 of 10 heroes in
English, 9 in German and French: the end of the rule, the part that matters ("not the Master of Shadows' damage"),
was lost where players pick. Each option now says its short form whole, in the reader's language. A screen
reader read the Rogue's "(1-6, 2-5, 3-4)" as "1 minus 6": the pairs are said in words ("1 and 6"), as the full
ability says them."""
from __future__ import annotations

import re

import pytest
from rfa_clicks import move_options
from rfa_tour import DAVE, open_game

from bot.games.rollforadventure import content as C
from bot.i18n import t
from cogs.menus import OPTION_TEXT_LIMIT
from cogs.rollforadventure import words


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_every_hero_option_says_its_ability_whole(harness, alice, bob, carol, monkeypatch, locale):
    users = [alice, bob, carol, DAVE]
    game, place = await open_game(harness, users, 0, monkeypatch, locale=locale, heroes="choose", hero_pool="all")
    post = [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral
            and "table.png" in m.file_names()][-1]
    options = {o["label"]: o.get("description", "") for _, o in move_options(post)}
    assert len(options) == len(C.HEROES)
    for hero in C.HEROES:
        label = t("rollforadventure.move.pick_hero", locale, hero=words.hero_name(hero, locale))
        assert not options[label].endswith("…"), (hero, options[label])       # never cut
        brief = t(f"rollforadventure.hero.{hero}.brief", locale)
        assert options[label] == brief and len(brief) <= OPTION_TEXT_LIMIT
        assert not re.search(r"\d-\d", brief), (hero, brief)
