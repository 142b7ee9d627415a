"""/rfa new and /rfa solo: every lobby switch reaches the rules, the lobby says what was chosen, a hero is
chosen with one click when the lobby says so, and a value no choice offers is refused in the player's
language without opening a game."""
from __future__ import annotations

import pytest
from rfa_clicks import KIND, due_seat, latest_turn_post

from bot.games.rollforadventure import content as C
from bot.i18n import t

EVERYTHING = dict(heroes="choose", hero_pool="all", adventure="jewel_of_light", desert="B", fortress="B",
                  forest="B", ice_cave="B", dragon=True, phantom=True, giant=True, necromancer=True, extra_ally=True)


async def test_defaults_are_the_first_game(harness, alice):
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place)
    text = created.text()
    assert t("rollforadventure.lobby.line.adventure", "en", adventure="The Book of Magic", stones=5) in text
    assert t("rollforadventure.lobby.line.heroes", "en", how=t("rollforadventure.lobby.heroes.random", "en"),
             pool=t("rollforadventure.lobby.hero_pool.first_game", "en")) in text
    assert "Desert A, Fortress A, Forest A, Ice Cave A" in text and "·" not in text
    assert t("rollforadventure.lobby.line.extra_ally", "en") not in text
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.seats_wanted == 3 and game.options == {
        "heroes": "random", "hero_pool": "first_game", "adventure": "book_of_magic", "desert_side": "A",
        "fortress_side": "A", "forest_side": "A", "ice_cave_side": "A", "specials": [], "extra_ally_dice": False}


async def test_its_one_bot_level_needs_no_choice_the_add_bot_button_stays(harness, alice):
    """Roll for Adventure's team player has one level: the lobby keeps its Add bot button (no select of one
    level), and the bot it adds plays at that level."""
    harness.bot.bots.pause = 3600
    place = harness.channel()
    lobby = next(m for m in (await harness.run("rfa new", user=alice, place=place)).messages if m.buttons())
    assert [b["label"] for b in lobby.buttons()][-2:] == [t("button.addbot", "en"), t("button.dropbot", "en")]
    assert lobby.selects() == []
    await harness.click(lobby, user=alice, place=place, label=t("button.addbot", "en"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.seats[1].is_ai and game.meta["bots"] == {"1": "normal"} and "Bot (normal)" in lobby.text()


async def test_every_switch_reaches_the_rules_and_heroes_are_chosen_by_click(harness, alice, bob, fixed_seed):
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=2, **EVERYTHING)
    text = created.text()
    assert "The Jewel of Light (8 power stones)" in text and "Desert B, Fortress B, Forest B, Ice Cave B" in text
    assert t("rollforadventure.lobby.line.specials", "en", specials="Dragon, Phantom, Giant, Necromancer") in text
    assert t("rollforadventure.lobby.line.extra_ally", "en") in text
    assert "all 10 heroes" in text and "each player chooses" in text
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    state = game.state
    assert state["stones_needed"] == 8 and {tr["side"] for tr in state["terr"].values()} == {"B"}
    assert state["options"]["specials"] == ["dragon", "phantom", "giant", "necromancer"]
    assert len(state["deck"]) == 24 + 24 + 1
    ally = [d for d in state["dice"] if d["o"] == "ally"]
    assert len(ally) == 6, "two heroes with the extra ally die option: 3 ally dice each"
    # the hero choice: one click, the ten heroes in one menu, each by name
    post = latest_turn_post(harness, place)
    assert due_seat(game) == 0 and KIND.pending(state)[0]["decision"] == "pick_hero"
    [select] = post.selects()
    labels = [o["label"] for o in select["options"]]
    assert labels == [t("rollforadventure.move.pick_hero", "en", hero=t(f"rollforadventure.hero.{h}", "en"))
                      for h in C.HEROES]
    # each with its ability under it, the short form whole (Discord holds 100 characters there)
    for option, hero in zip(select["options"], C.HEROES):
        assert option["description"] == t(f"rollforadventure.hero.{hero}.brief", "en"), hero
    mage = next(o for o in select["options"] if "Mage" in o["label"])
    await harness.select(post, [mage["value"]], user=alice, place=place)
    game = await harness.bot.sessions.load(game.id)
    assert game.state["heroes"][0]["hero"] == "magierin" and due_seat(game) == 1
    post = latest_turn_post(harness, place)
    assert t("rollforadventure.event.hero_picked", "en", player=game.seats[0].name, hero="Mage") in post.text()
    assert "Mage" not in [o["label"] for o in post.selects()[0]["options"]], "a chosen hero is gone"


async def test_a_solo_game_has_two_heroes_both_yours(harness, alice):
    dm = harness.dm()
    started = await harness.run("rfa solo", user=alice, place=dm, heroes="choose", adventure="sword_of_the_saints")
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    assert game.status == "active" and len(game.seats) == 1
    assert [h["seat"] for h in game.state["heroes"]] == [0, 0] and game.state["stones_needed"] == 6
    assert "The Sword of the Saints (6 power stones)" in started.text()
    assert latest_turn_post(harness, dm).file_names() == ["table.png"]


@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("de", "de"), ("fr", "fr"), ("ko", "ko")])
async def test_a_typed_value_no_choice_offers_is_refused_in_your_language(harness, alice, locale, lang):
    harness.locale = locale
    place = harness.channel()
    refused = await harness.run("rfa new", user=alice, place=place, adventure="the_moon")
    [message] = refused.messages
    assert message.ephemeral
    assert message.text() == t("rollforadventure.error.lobby_choice", lang, option=t("opt.adventure", lang),
                               value=r"the\_moon", allowed=", ".join(C.ADVENTURES))   # echoed as typed
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None
    refused = await harness.run("rfa new", user=alice, place=place, forest="C")
    assert refused.only().ephemeral and t("opt.forest", lang) in refused.text()
    assert await harness.bot.sessions.game_in_channel(place.channel_id) is None
