"""Report t9 (a dice-poker evening): hints that name a bot or the gamblers without a genitive suffix, the
gamblers' header in one word, autocompletion and refusals of the dice option, undo, the prompt after an
undo, and the hints switch in the lobby and status."""
from __future__ import annotations

from poker_kit import due_seat


async def test_a_german_hint_names_the_bot_without_a_genitive_suffix(poker, alice):
    """t9 #3: "Gegen Bot (leicht)s Zwei Paare" glued the genitive s to the bot's name."""
    poker.locale = "de"
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm, opponents=1, level="easy", hints=True)
    await poker.bot.bots.idle()
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    assert due_seat(game) == 0 and game.state["phase"] == "active_reroll"
    bot_name = game.seats[1].name
    text = (await poker.run("poker hint", user=alice, place=dm)).only().content
    assert f"{bot_name}s" not in text and f"Gegen die Hand von {bot_name}, " in text, text


async def test_the_german_gamblers_hint_and_header_read_naturally(poker, alice):
    """t9 #11: "Gegen Drilling (4 4 4 3 1) der Glücksspieler" split the genitive from its noun, and the start
    post counted "Spiele" where the hand header says "Runde"."""
    poker.locale = "de"
    dm = poker.dm()
    started = await poker.run("poker solo", user=alice, place=dm, mode="gamblers", hints=True)
    assert "8 Runden" in started.text() and "Spiele" not in started.text()
    text = (await poker.run("poker hint", user=alice, place=dm)).only().content
    assert "Gegen die Hand der Glücksspieler, " in text and ") der Glücksspieler" not in text, text
