"""``/poker log`` says what each reroll gave and who won each hand with what. A German tour's log listed only the
choices ("1. Cleo: keep 1 1 1 3, reroll 1 die", "5. Cleo: Keep all five dice"), no roll, no result, no winner,
while the live message had said "Cleo rerolls and has 1 1 3 1 3: Full House (1 rerolled). Cleo wins the pot of 3
Gold: Full House beats Three of a Kind"."""
from __future__ import annotations

import pytest

from bot.i18n import t


def start_of(key: str, locale: str) -> str:
    """A catalog text up to its first parameter: what every line of that kind begins with."""
    return t(key, locale, player="\0", dice="\0", hand="\0", count=0, pot="\0", other_hand="\0", decided_by="\0",
             gold=0, other_gold=0, reason="\0").split("\0")[1]


@pytest.mark.parametrize("locale", ["en", "de"])
async def test_the_log_says_what_rerolls_gave_and_who_won_each_hand(clocked, alice, locale):
    h = clocked
    h.locale = locale
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, bots=1, language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=alice, place=place, label=t("button.start", locale))
    game = await h.bot.sessions.game_in_channel(place.channel_id)
    for _ in range(2):                               # two of alice's decisions: rerolls of dice 2 to 5
        await h.bot.bots.idle()
        await h.run("poker keep", user=alice, place=place, dice="1")
    await h.bot.bots.idle()
    log = (await h.run("poker log", user=alice, place=place)).only().content
    assert log.count(start_of("dicepoker.event.rerolled", locale).strip()) >= 2, log
    assert start_of("dicepoker.event.hand_won", locale).strip() in log, log
    game = await h.bot.sessions.load(game.id)
    assert game.status == "active"
