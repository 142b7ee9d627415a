"""A move the rules make when a duellist's time runs out (dice poker keeps all five dice, ``Kind.timeout_move``) is
the rules', not the bot's. Tours t8/t9: under "Bot stand-in: Never" the live message read "🤖 for Dan: Dan keeps
all five dice: Pair" and ``/poker log`` "1. 🤖 for Dan: Keep all five dice", while the channel's notice said the
rules decided; and a duellist who let every clock run out was "Bot for Dan", unrated, as if the bot had played.

Both kinds of move are logged without a user; the turn book keeps which were the rules' (``TableMeta.ruled``)."""
from __future__ import annotations

import pytest
from harness import CLOCK_T0

from bot.i18n import t

HOUR = 3600
T0 = CLOCK_T0


async def duel(h, alice, bob, locale: str):
    """A poker duel at the fast pace without a bot stand-in, alice's; bob joined (he rerolls first)."""
    h.locale = locale
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast")
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")
    await h.click(lobby, user=alice, place=place, label="Start")
    return place, await h.bot.sessions.game_in_channel(place.channel_id)


async def run_out(h, place) -> str:
    """An hour and a bit later the clock's tick: the rules play for whoever is due; the channel's texts then (the
    live message is edited in place)."""
    h.clock.now += HOUR + 60
    await h.bot.get_cog("Reminders").tick()
    await h.bot.bots.idle()
    return channel_text(h, place)


def channel_text(h, place) -> str:
    return "\n".join(m.text() for m in h.rec.order if m.channel_id == place.channel_id)


@pytest.mark.parametrize("locale", ["en-US", "de", "fr", "ko"])
async def test_a_move_the_rules_made_on_a_timeout_reads_as_the_rules_not_the_bot(clocked, alice, bob, locale):
    h = clocked
    lang = locale[:2]
    place, game = await duel(h, alice, bob, locale)
    said = await run_out(h, place)                     # bob's first reroll: kept by the rules
    ruled = t("clock.ruled_for", lang, player="Bob")
    assert ruled in said and t("bot.played_for", lang, player="Bob") not in said, said
    log = (await h.run("poker log", user=alice, place=place)).only()
    keep_all = t("dicepoker.move.keep_all", lang)
    assert t("play.log_line_ruled", lang, n=1, player="Bob", move=keep_all) in log.content, log.content
    assert "🤖" not in log.content, log.content


async def test_a_duellist_the_rules_played_for_is_rated_and_a_bot_move_keeps_its_mark(clocked, alice, bob):
    """Bob lets his clock run out on every reroll of the match: each is the rules' keep-all, none the bot's, so his
    result is his own ("Bob", rated), not "Bot for Bob". Once alice lets the bot play for him, its moves read 🤖."""
    h = clocked
    place, game = await duel(h, alice, bob, "en-US")
    while (game := await h.bot.sessions.load(game.id)).status == "active":
        [due] = await h.bot.sessions.pending(game.id)
        if due["seat"] == 1:
            await run_out(h, place)
        else:
            await h.run("poker keep", user=alice, place=place, dice="all")
    assert set(await h.bot.store.rating_changes(game.id)) == {0, 1}      # bob rated: his seat is no bot's
    assert await h.bot.store.stood_in_seats(game.id) == set()
    final = "\n".join(m.text() for m in h.rec.order if m.channel_id == place.channel_id)
    assert t("ratings.final_stood_in", "en", player="Bob") not in final

    place, game = await duel(h, alice, bob, "en-US")
    await run_out(h, place)                                            # the rules keep bob's dice, alice is asked
    ask = next(m for m in reversed(h.rec.order) if any(b.get("custom_id", "").startswith("rp:k:")
                                                        for b in m.buttons()))
    await h.click(ask, user=alice, place=place, label=t("clock.button.bot", "en"))
    assert t("bot.played_for", "en", player="Bob") not in channel_text(h, place)
    await h.run("poker keep", user=alice, place=place, dice="all")       # hand 1 ends: bob is active in hand 2
    await h.run("poker keep", user=alice, place=place, dice="all")       # alice first, then the bot for bob
    await h.bot.bots.idle()
    said = channel_text(h, place)
    assert t("bot.played_for", "en", player="Bob") in said and t("clock.ruled_for", "en", player="Bob") in said
    log = (await h.run("poker log", user=alice, place=place)).only().content
    assert t("play.log_line_ruled", "en", n=1, player="Bob", move=t("dicepoker.move.keep_all", "en")) in log, log
    assert "🤖" in [line for line in log.splitlines() if not line.startswith("-# ")][-1], log
