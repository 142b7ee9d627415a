"""The hand message names a bot seat that is due in the third person: a tour read „**Bot (bestmöglich)**: wähle
die Würfel, die du behältst; …“, an order in the du voice to the bot, in front of the people watching."""
from __future__ import annotations

import pytest
from poker_kit import due_seat, started, turn_post

from bot.i18n import t


@pytest.fixture
async def slow_bot(settings):
    """A bot whose bot seats wait before they move: the post that makes a bot seat due can be read first."""
    h = await started(settings, 60)
    yield h
    await h.close()


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_a_due_bot_seat_is_named_not_told_what_to_do(slow_bot, alice, locale):
    place = slow_bot.channel()
    slow_bot.locale = locale
    created = await slow_bot.run("poker new", user=alice, place=place, bots=1, level="best", language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    post = turn_post(await slow_bot.click(lobby, user=alice, place=place, label=t("button.start", locale)))
    game = await slow_bot.bot.sessions.game_in_channel(place.channel_id)
    assert due_seat(game) == 1 and game.seats[1].is_ai, "hand 1: the bot, the opponent, rerolls first"
    bot_name = game.seats[1].name
    decision = t("dicepoker.decision.reroll", locale)
    assert t("play.bot_choosing", locale, player=f"**{bot_name}**") in post.text()
    assert t("play.your_turn", locale, player=f"**{bot_name}**", away="", decision=decision) not in post.text()
    assert decision not in post.text(), "no order addressed to the bot"
