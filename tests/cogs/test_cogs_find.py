"""``/find`` driven like a player through the cogs harness: what the answers say about who waits."""
from __future__ import annotations

import discord
from harness import FULL_APP_PERMISSIONS

from bot.i18n import t

#: what ``/find join`` needs of the bot where a player queues (it opens the table's thread there)
THREADS = FULL_APP_PERMISSIONS | discord.Permissions(create_public_threads=True, send_messages_in_threads=True).value


def channel(harness):
    return harness.channel(app_permissions=THREADS)


async def rate(harness, user, kind: str, shown: int) -> None:
    """``user`` has played ``kind`` and shows the rating ``shown`` (``ratings`` row as the engine writes it)."""
    await harness.bot.store._exec("INSERT INTO ratings (user_id, kind, mu, sigma, games, shown, updated_at)"
                                  " VALUES (:u, :k, 25.0, 5.0, 9, :s, 0)", {"u": user.id, "k": kind, "s": shown})


async def test_the_count_is_of_the_players_one_can_be_seated_with(harness, alice, bob, carol):
    """A Korean tour: Cleo (rating 1138, ±50) waited, Ann (1000) joined and read "2명 중 2명이 기다리는 중이에요"
    while no table opened: the count took in Cleo, whom the rating range keeps from Ann. It counts those Ann can
    sit down with, and says why the others who wait for that table are not among them."""
    place = channel(harness)
    await rate(harness, carol, "dicepoker", 1138)
    await harness.run("find join", user=carol, place=place, game="dicepoker", players=2, pace="normal",
                      rating_range=50)
    answer = (await harness.run("find join", user=alice, place=place, game="dicepoker", players=2,
                                pace="normal")).only()
    assert answer.ephemeral
    assert "1 of 2 is waiting." in answer.content, answer.content
    assert t("find.queued_apart", "en", apart=1) in answer.content
    assert len(await harness.bot.store.queue_entries(place.guild_id, harness.bot.find.clock())) == 2   # no table
    # another table (pace fast): bob waits alone for it, and nobody there is kept apart
    harness.locale = "ko"
    answer = (await harness.run("find join", user=bob, place=place, game="dicepoker", players=2,
                                pace="fast")).only()
    assert "2명 중 1명이" in answer.content and t("find.queued_apart", "ko", apart=1) not in answer.content


async def test_queue_for_a_game_nobody_waits_for_says_that_game(harness, alice, bob):
    """"Nobody is waiting for a table on this server" was the answer to ``/find queue game:rollplayer`` while
    someone waited for dice poker."""
    place = channel(harness)
    await harness.run("find join", user=alice, place=place, game="dicepoker", players=2, pace="normal")
    chosen = (await harness.run("find queue", user=bob, place=place, game="rollplayer")).only()
    title = t(harness.bot.games["rollplayer"].title_key, "en")
    assert chosen.ephemeral and t("find.queue_empty_game", "en", game=title) in chosen.content
    assert t("find.queue_empty", "en") not in chosen.content
    everyone = (await harness.run("find queue", user=bob, place=place)).only()
    assert "Alice" in everyone.content


async def test_korean_queue_lines_honour_each_player(harness, alice, bob):
    """The Korean list read "• Cleo (레이팅 1000, 누구와도)": 님 after each waiting person's name."""
    harness.locale = "ko"
    place = channel(harness)
    await harness.run("find join", user=alice, place=place, game="dicepoker", players=2, pace="normal",
                      rating_range=100)
    await harness.run("find join", user=bob, place=place, game="dicepoker", players=2, pace="fast")
    listing = (await harness.run("find queue", user=bob, place=place)).only().content
    assert "• Alice 님 (아직 레이팅 없음, ±100)" in listing, listing
    assert "• Bob 님 (아직 레이팅 없음, 누구와도)" in listing, listing


async def test_queue_says_not_rated_yet_for_a_newcomer(harness, alice, bob):
    """A newcomer who had played solo only read "• Dan (rating 1000, anyone)" in ``/find queue`` while his stats
    said "Not rated yet": the queue says so too, and a rated player keeps their rating."""
    place = channel(harness)
    await rate(harness, bob, "rollplayer", 1138)
    await harness.run("find join", user=alice, place=place, game="rollplayer", players=3, pace="normal")
    await harness.run("find join", user=bob, place=place, game="rollplayer", players=3, pace="normal")
    listing = (await harness.run("find queue", user=bob, place=place)).only().content
    assert "• Alice (not rated yet, anyone)" in listing and "rating 1000" not in listing, listing
    assert "• Bob (rating 1400, anyone)" in listing, listing           # the shown rating of mu 25, sigma 5
