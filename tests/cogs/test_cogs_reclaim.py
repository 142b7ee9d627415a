"""Taking the seat back from the bot ("My moves" while it stands in) stops it at once. A German tour: Cleo and Ben
pressed "My moves" 13 ms apart; both were told "the bot no longer plays for you", yet the bot's move it was choosing
for Cleo landed, one more after it, and in her next turn the bot played for her again (Ben's write of the seats
taken, made from the game he had loaded, put her seat back)."""
from __future__ import annotations

import asyncio

import pytest
from harness import CLOCK_T0
from test_cogs_stand_in import fast_duel, live_message

from bot.engine.table import TableMeta
from bot.i18n import t

HOUR = 3600


@pytest.fixture
def thinking(clocked, monkeypatch):
    """The bot thinks until the test lets it answer (``release``); ``started`` is set once it is thinking."""
    started, release = asyncio.Event(), asyncio.Event()
    real = clocked.bot.bots._choose

    async def slow_choice(game, seat):
        move = await real(game, seat)
        started.set()
        await release.wait()
        return move
    monkeypatch.setattr(clocked.bot.bots, "_choose", slow_choice)
    return started, release


async def stand_in_moves(h, game_id: int, seats) -> list:
    """The moves logged for these human seats without their player: the stand-in's (or the rules')."""
    return [m for m in await h.bot.sessions.store.moves(game_id) if m.seat in seats and m.user_id is None]


async def bob_times_out_and_the_bot_is_choosing(h, alice, bob, thinking):
    place, game = await fast_duel(h, alice, bob)
    h.clock.now = CLOCK_T0 + HOUR + 1
    await h.bot.get_cog("Reminders").tick()            # bob's hour ran out: the bot stands in for him
    started, _release = thinking
    await asyncio.wait_for(started.wait(), 30)         # and is choosing his move
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {1} and game.version == 0
    return place, game


async def test_the_move_the_bot_was_choosing_does_not_land_once_the_player_is_back(clocked, alice, bob, thinking):
    h = clocked
    place, game = await bob_times_out_and_the_bot_is_choosing(h, alice, bob, thinking)
    await h.click(live_message(h, place), user=bob, place=place, label=t("button.my_moves", "en"))
    thinking[1].set()                                   # the bot's answer comes after bob is back
    await h.bot.bots.idle()
    game = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game.meta).taken
    assert await stand_in_moves(h, game.id, {1}) == []
    [item] = await h.bot.sessions.pending(game.id)
    assert item["seat"] == 1 and game.version == 0     # his decision waits for him, as he was told


async def test_two_players_taking_their_seats_back_at_once_both_play_themselves(clocked, alice, bob, thinking):
    h = clocked
    place, game = await bob_times_out_and_the_bot_is_choosing(h, alice, bob, thinking)
    await h.bot.bots.take_over(game, {0})               # alice's seat too, as if her time had run out as well
    game = await h.bot.sessions.load(game.id)
    assert TableMeta.of(game.meta).taken == {0, 1}
    live = live_message(h, place)
    await asyncio.gather(h.click(live, user=alice, place=place, label=t("button.my_moves", "en")),
                         h.click(live, user=bob, place=place, label=t("button.my_moves", "en")))
    game = await h.bot.sessions.load(game.id)
    assert not TableMeta.of(game.meta).taken, TableMeta.of(game.meta).taken
    thinking[1].set()
    await h.bot.bots.idle()
    assert await stand_in_moves(h, game.id, {0, 1}) == []
