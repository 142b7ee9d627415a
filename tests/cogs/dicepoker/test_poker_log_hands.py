"""``/poker log`` shows where each hand begins and how the match began. The deal of a new hand (its number, the
antes, the rolls) ran on after the previous hand's showdown in one small line ("… Alice wins the pot of 3 Gold: …
Hand 2 of 8. Alice puts 1 Gold into the pot …"), so a reader could not see where a hand began; and the first deal,
made before move 1, was told nowhere: page 1 began with a reroll of dice nobody had seen rolled. Each hand now
opens a small line of its own, led by "Hand 2 of 8" as the live message says it, and page 1 tells the first deal
under "The game begins!". The live message is split by hand as it was: a hand's message still tells how the hand
before it ended."""
from __future__ import annotations

import pytest

from bot.games.dicepoker import rules
from bot.games.dicepoker.kind import KIND
from bot.i18n import t
from cogs.core import SENTENCE_SEPARATOR, as_sentence
from cogs.dicepoker import PRESENTATION
from cogs.history import SUBTEXT

LOCALES = ("en", "de", "fr", "ko")


async def bot_duel(h, alice, locale: str):
    """Alice against a bot, in ``locale``: the game and its channel."""
    h.locale = locale
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, bots=1, language=locale)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=alice, place=place, label=t("button.start", locale))
    return await h.bot.sessions.game_in_channel(place.channel_id), place


def sentences(game, events, locale: str) -> list[str]:
    return [as_sentence(PRESENTATION.event_line(game, event, locale)) for event in events]


@pytest.mark.parametrize("locale", LOCALES)
async def test_each_hand_begins_a_line_of_its_own_in_the_log(poker, alice, locale):
    h = poker
    game, place = await bot_duel(h, alice, locale)
    for _ in range(2):                               # alice decides once a hand: hands 1 and 2 end
        await h.bot.bots.idle()
        await h.run("poker keep", user=alice, place=place, dice="1")
    await h.bot.bots.idle()
    game = await h.bot.sessions.load(game.id)
    assert game.state["hand"] == 3 and game.status == "active"
    log = (await h.run("poker log", user=alice, place=place, page=1)).only().content
    lines = log.splitlines()
    hands = game.state["options"]["hands"]
    for hand in (2, 3):
        opening = SUBTEXT + as_sentence(t("dicepoker.event.hand_started", locale, hand=hand, hands=hands))
        [line] = [line for line in lines if opening in line]
        assert line.startswith(opening), log        # the hand's number leads its line
    # the live message is split by hand as before: hand 2's message tells how hand 1 ended, then hand 2's deal
    showdown = as_sentence(PRESENTATION.event_line(game, showdown_of(game, 1), locale))
    deal = as_sentence(t("dicepoker.event.hand_started", locale, hand=2, hands=hands))
    texts = [m.text() for m in h.rec.order if m.channel_id == place.channel_id and not m.ephemeral and not m.deleted]
    assert any(f"{showdown}{SENTENCE_SEPARATOR}{deal}" in text for text in texts), texts


def showdown_of(game, hand: int) -> dict:
    """The event of finished hand ``hand``'s showdown (who took the pot with what), from the match's history."""
    entry = game.state["history"][hand - 1]
    win = entry["winner"]
    return rules.ev("hand_won", seat=rules.seat_of_side(game.state, win), hand=entry["hands"][win],
                    other_hand=entry["hands"][1 - win], decided_by=entry["decided_by"], pot=entry["pot"])


@pytest.mark.parametrize("locale", LOCALES)
async def test_page_one_tells_the_first_deal_before_move_one(poker, alice, locale):
    h = poker
    game, place = await bot_duel(h, alice, locale)
    await h.bot.bots.idle()
    await h.run("poker keep", user=alice, place=place, dice="1")
    await h.bot.bots.idle()
    log = (await h.run("poker log", user=alice, place=place, page=1)).only().content
    lines = log.splitlines()
    first = next(n for n, line in enumerate(lines) if line.startswith("1. "))
    start = KIND.create(len(game.seats), game.seed, game.options)       # the table before move 1
    told = sentences(game, rules.deal_events(start), locale)
    assert lines[1:first] == [t("play.game_started", locale), SUBTEXT + SENTENCE_SEPARATOR.join(told)], log
    rolls = [s for s, event in zip(told, rules.deal_events(start)) if event["key"] == "dicepoker.event.rolled"]
    assert len(rolls) == 2                           # both players' first dice, before the first reroll
