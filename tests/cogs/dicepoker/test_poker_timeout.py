"""A dice poker reroll whose time runs out keeps all five dice, as the game's rules summary says (a house rule of
the spec, ``modes.duel.on_timeout``). A tour's player waited an hour for a duellist who never answered and got
"time ran out: Wait / Let the bot play / End" while ``/poker rules topic:match`` promised the dice would be kept."""
from __future__ import annotations

import time

import pytest
from harness import Harness

from bot.app import create_bot
from bot.i18n import t
from tests.engine.helpers import FakeClock

HOUR = 3600
T0 = float(int(time.time()))


@pytest.fixture
async def clocked(settings):
    clock = FakeClock(T0)
    h = Harness(await create_bot(settings, sync_commands=False, run_reminders=False, bot_pause=0, clock=clock))
    await h.start()
    h.clock = clock
    yield h
    await h.close()


async def duel(h, alice, bob, locale="en-US", **options):
    """A poker duel at the fast pace, alice's, bob joined (he rerolls first)."""
    h.locale = locale
    place = h.channel()
    created = await h.run("poker new", user=alice, place=place, pace="fast", **options)
    lobby = next(m for m in created.messages if m.buttons())
    await h.click(lobby, user=bob, place=place, label="Join")         # the lobby is in the server's language
    await h.click(lobby, user=alice, place=place, label="Start")
    return place, await h.bot.sessions.game_in_channel(place.channel_id)


async def tick_at(h, when: float) -> list:
    h.clock.now = when
    mark = len(h.rec.order)
    await h.bot.get_cog("Reminders").tick()
    await h.bot.bots.idle()
    return h.rec.since(mark)


@pytest.mark.parametrize("locale", ["en-US", "fr"])
async def test_a_reroll_whose_time_runs_out_keeps_all_dice_and_nobody_is_asked(clocked, alice, bob, locale):
    h = clocked
    place, game = await duel(h, alice, bob, locale)
    lang = locale[:2]
    [due] = await h.bot.sessions.pending(game.id)
    assert due["seat"] == 1
    dice = list(game.state["sides"][1]["dice"])
    sent = await tick_at(h, T0 + HOUR + 1)
    said = "\n".join(m.text() for m in sent)
    keep_all = t("dicepoker.move.keep_all", lang)
    assert t("clock.ran_out_rule", lang, player=bob.mention, move=keep_all) in said, said
    assert not [m for m in sent if any(b.get("custom_id", "").startswith("rp:k:") for b in m.buttons())]
    game = await h.bot.sessions.load(game.id)
    assert game.state["sides"][1]["dice"] == dice and game.state["sides"][1]["rerolled"] == []    # nothing rerolled
    [due] = await h.bot.sessions.pending(game.id)
    assert due["seat"] == 0                                                # alice's reroll now
    [record] = await h.bot.sessions.move_log(game.id)
    assert record.seat == 1 and record.user_id is None and record.move == {"type": "reroll", "keep": [0, 1, 2, 3, 4]}
    log = (await h.run("poker log", user=alice, place=place)).text()
    assert t("play.log_line_stand_in", lang, n=1, player="Bob", move=keep_all) in log, log
    # what the rules summary says is what happened
    rules = (await h.run("poker rules", user=alice, place=place, topic="match")).text()
    assert t("dicepoker.rules_topic.match.text", lang) in rules
    assert {"en": "keep all five dice", "fr": "cinq dés sont gardés"}[lang] in rules


async def test_the_next_decision_has_its_own_clock_and_a_takeover_game_lets_the_bot_play(clocked, alice, bob):
    h = clocked
    place, game = await duel(h, alice, bob)
    await tick_at(h, T0 + HOUR + 1)                          # bob's first reroll: kept by the rules
    await h.run("poker keep", user=alice, place=place, dice="all")          # hand 1 ends: bob is active in hand 2
    await h.run("poker keep", user=alice, place=place, dice="all")          # alice rerolls first, then bob, whose
    game = await h.bot.sessions.load(game.id)                               # clock starts now (a full hour)
    [due] = await h.bot.sessions.pending(game.id)
    assert due["seat"] == 1 and game.state["hand"] == 2
    half = "\n".join(m.text() for m in await tick_at(h, T0 + 2 * HOUR - 60))
    assert "rules decide" not in half                         # not yet: an hour from his turn, not from the first
    said = "\n".join(m.text() for m in await tick_at(h, T0 + 2 * HOUR + 3 * 60))
    assert t("clock.ran_out_rule", "en", player=bob.mention, move=t("dicepoker.move.keep_all", "en")) in said

    # a game created to let the bot stand in for absent players: the bot plays, as the summary says
    place, game = await duel(h, alice, bob, takeover=24)
    h.clock.now = T0
    said = "\n".join(m.text() for m in await tick_at(h, h.clock.now + HOUR * 10) if m.channel_id == place.channel_id)
    assert t("clock.ran_out_bot", "en", player=bob.mention) in said and "rules decide" not in said
