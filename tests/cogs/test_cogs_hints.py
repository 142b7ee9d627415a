"""``/poker hint`` and ``/rfa hint`` exist and answer privately, in the asker's language, changing nothing; a
player who is not deciding is told so politely."""
from __future__ import annotations

from bot.games.dicepoker import rules
from bot.i18n import t


async def test_poker_hint_answers_the_deciding_player_privately(harness, alice, bob):
    place = harness.channel()
    created = await harness.run("poker new", user=alice, place=place)
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    [due] = rules.pending(game.state)
    deciding, waiting = (bob, alice) if due["seat"] == 1 else (alice, bob)
    hinted = await harness.run("poker hint", user=deciding, place=place)
    [answer] = [m for m in hinted.messages if not m.deleted]
    assert answer.ephemeral and answer.content.startswith("💡") and "% of the time" in answer.content
    assert (await harness.bot.sessions.load(game.id)).version == game.version, "a hint changes nothing"
    refused = await harness.run("poker hint", user=waiting, place=place)
    name = game.seats[due["seat"]].name
    assert refused.only().ephemeral and refused.only().content == t("error.not_your_turn", "en", players=name)
    harness.locale = "de"
    german = await harness.run("poker hint", user=deciding, place=place)
    [answer] = [m for m in german.messages if not m.deleted]
    assert answer.ephemeral and "der Fälle" in answer.content


async def test_rfa_hint_names_the_placement_and_its_reason(harness, alice):
    dm = harness.dm()
    await harness.run("rfa solo", user=alice, place=dm)
    game = await harness.bot.sessions.game_in_channel(dm.channel_id)
    hinted = await harness.run("rfa hint", user=alice, place=dm)
    [answer] = [m for m in hinted.messages if not m.deleted]
    assert answer.ephemeral and answer.content.startswith("💡") and "⟦" not in answer.content
    assert (await harness.bot.sessions.load(game.id)).version == game.version
    for name in ("poker", "rfa", "rp"):
        assert harness.bot.tree.get_command(name).get_command("hint") is not None
