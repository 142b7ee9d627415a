"""A hero whose player the bot played for, named in the result (a German tour): "Helden: Draufgängerin von Bot
für Ben" read as the Daredevil of someone called "Bot für Ben". The seat's name says the bot played it after the
player's name, so that it reads in a sentence that names the player ("Draufgängerin von Ben (Bot)"); French had
the same ("Casse-cou de Bot pour Ben"). Korean's "봇이 대신 둔 Ben 님의 승부사" reads as it should already."""
from __future__ import annotations

import pytest
from harness import CLOCK_T0

from bot.i18n import t
from cogs.rollforadventure import words

HOUR = 3600


async def bot_plays_both(h, alice, bob, locale):
    """A Roll for Adventure duel in ``locale`` whose bot stands in for an absent player (``takeover``): each player
    lets their hour run out, and the bot plays the game to its end; the game and its final post."""
    h.locale = locale
    place = h.channel()
    created = await h.run("rfa new", user=alice, place=place, players=2, pace="fast", takeover=24, language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label=t("button.join", locale))
    await h.click(lobby, user=alice, place=place, label=t("button.start", locale))
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    for hours in (1, 2, 3):
        if game.status != "active":
            break
        h.clock.now = CLOCK_T0 + hours * (HOUR + 1)
        await h.bot.get_cog("Reminders").tick()
        await h.bot.bots.idle()
        game = await h.bot.sessions.load(game.id)
    assert game.status == "finished"
    final = next(m for m in reversed(h.rec.order) if m.channel_id == place.channel_id and "final.png" in m.file_names())
    return game, final


@pytest.mark.parametrize("locale, wrong", [("de", "von Bot für"), ("fr", "de Bot pour")])
async def test_the_result_names_each_hero_with_its_player_and_the_bot_after_them(clocked, alice, bob, monkeypatch,
                                                                                   locale, wrong):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 5)
    game, final = await bot_plays_both(clocked, alice, bob, locale)
    shown = final.text()
    for entry in game.state["heroes"]:
        name = game.seats[entry["seat"]].name
        marked = t("play.stood_in_name", locale, player=name)
        assert marked.startswith(name), marked
        assert words.hero_of(marked, entry["hero"], locale) in shown, shown
    assert wrong not in shown, shown
