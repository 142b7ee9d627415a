"""A ``/find`` game in a thread of an untidy server, through the Discord stand-in, which keeps threads as Discord does:
an archived thread is immutable (an edit: 400/50083) until a message sent there or Modify Channel unarchives it,
a locked one takes nothing from a bot without Manage Threads, and deleting a thread or its channel comes as
THREAD_DELETE or CHANNEL_DELETE.

A game of several days easily has a quiet day, after which Discord archives its thread: the live message's next
edit met 50083, the courier tried it five times and gave the post up, at every step. Now the bot reopens the thread
and edits; a locked thread holds the game, its players told once what a moderator can do, until it is unlocked."""
from __future__ import annotations

import pytest

from bot.engine.table import TableMeta
from bot.i18n import t
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.discord_stub.world import perm_bits
from tests.e2e.flows import turn_post
from tests.e2e.test_away import away_cmd, end_of_day, mark_of
from tests.e2e.test_turn_clock import HOUR, Clock, tick

MODIFY_CHANNEL = "PATCH /channels/{channel_id}"


async def thread_game(stub: DiscordStub, cast: Cast, runner, pace: str = "fast"):
    """Alice and Bob find a dice poker duel: it is played in a thread of #games, with a clock the test moves.
    Returns the clock, the thread, the game, its live message and the player due."""
    bot, clock = runner.bot, Clock()
    bot.turns.clock = bot.pace_clock.clock = bot.get_cog("Reminders").clock = bot.courier.reach.clock = clock
    bot.courier.away.clock = clock
    bot.sessions._clock = clock
    for user in (cast.alice, cast.bob):
        await (await stub.run_command(user, cast.games, "find join", game="dicepoker", players=2,
                                      pace=pace)).wait_response()
    thread = next(iter(stub.world.guild.threads.values()))
    game = await bot.sessions.game_in_channel(thread.id)
    live = await turn_post(stub, thread, None)
    await stub.settle()
    [seat] = [item["seat"] for item in await bot.sessions.pending(game.id)]
    return clock, thread, game, live, next(u for u in (cast.alice, cast.bob) if u.id == game.seats[seat].user_id)


def archived_answers(stub: DiscordStub) -> int:
    """Discord's 400 Thread is archived / Thread is locked to a bot that could not know it yet (discord.py keeps no
    archived thread; the thread was archived meanwhile): counted, then taken off the stand-in's list of
    misbehaviour."""
    closed = [entry for entry in stub.rejections if entry[1] in ("Thread is archived", "Thread is locked")]
    stub.rejections[:] = [entry for entry in stub.rejections if entry not in closed]
    return len(closed)


async def held(bot, game_id: int) -> dict:
    return dict(TableMeta.of((await bot.sessions.load(game_id)).meta).held)


async def test_an_archived_thread_is_reopened_and_the_live_message_edited(discord_stub: DiscordStub, cast: Cast,
                                                                         start_rollbot):
    """A day without a move: Discord archives the thread. The due player goes away (``/away until``, typed
    elsewhere): the game's live message is drawn again with "away until"; that edit meets 50083 once, the bot
    unarchives the thread (the thread's creator may) and edits, nothing given up, nothing tried again."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, thread, game, live, due = await thread_game(stub, cast, runner)
    stub.update_thread(thread, archived=True)
    await stub.settle()
    before = stub.mark()
    await away_cmd(stub, due, cast.lounge, "away until", day="3")
    until = end_of_day(clock.now, 3)
    edited = await stub.wait_for_edit(live, lambda m: mark_of(until) in m.text, after=before)
    await stub.settle()
    assert not thread.archived and not thread.locked
    assert [r.json for r in stub.requests_to(MODIFY_CHANNEL)] == [{"archived": False}]
    assert archived_answers(stub) == 1, "one refused edit, then the edit that goes through"
    assert await runner.bot.store.undelivered_posts(10, game_id=game.id) == []
    assert [a.attempts for a in await runner.bot.store.posts(game.id)][-1] == 1
    assert edited.id == live.id and not await held(runner.bot, game.id)


async def test_a_locked_thread_holds_the_game_until_a_moderator_unlocks_it(discord_stub: DiscordStub, cast: Cast,
                                                                          start_rollbot):
    """A moderator closes and locks the thread mid-game: the half-time reminder is refused (only Manage Threads
    writes there). The game is held: its players told once, in their language, that a moderator can unlock it;
    /games says so; nothing is tried every minute. Unlocked (THREAD_UPDATE), the game goes on: the reminder posted,
    which unarchives the thread."""
    stub = discord_stub
    cast.alice.locale = "de"
    runner = await start_rollbot()
    bot = runner.bot
    clock, thread, game, live, due = await thread_game(stub, cast, runner)
    stub.update_thread(thread, archived=True, locked=True)
    start = clock.now
    await tick(stub, runner, clock, start + HOUR / 2 + 1)
    for minute in range(1, 4):
        await tick(stub, runner, clock, start + HOUR / 2 + 1 + 60 * minute)
    await stub.settle()
    assert archived_answers(stub) == 1, "refused once, then held: no try every minute"
    assert (await held(bot, game.id)).get("thread") == "locked"
    assert stub.requests_to(MODIFY_CHANNEL) == [], "a locked thread is not the bot's to reopen"
    assert len(stub.requests_to("GET /channels/{channel_id}")) == 1, "read once, to know why"
    title = {locale: t(bot.games[game.kind].title_key, locale) for locale in ("de", "en")}
    for user, locale in ((cast.alice, "de"), (cast.bob, "en")):
        assert [m.content for m in stub.messages(stub.dm_channel(user))] == [
            t("reach.held_locked", locale, game=game.id, title=title[locale], channel=f"<#{thread.id}>")]
    listing = await (await stub.run_command(cast.bob, cast.lounge, "games")).wait_response()
    assert t("mygames.held_locked", "en") in listing.embeds[0]["description"]

    mark = stub.mark()
    stub.update_thread(thread, archived=False, locked=False)
    await stub.wait_until(lambda: bot.courier.reach._held.get(thread.id) == set(), 10, "the hold lifted")
    assert not await held(bot, game.id)
    await tick(stub, runner, clock, clock.now + 60)
    reminder = await stub.wait_for_message(thread, lambda m: m.content.startswith("⏳"), after=mark)
    await stub.settle()
    assert reminder.channel is thread and len(stub.messages(stub.dm_channel(cast.bob))) == 1
    assert archived_answers(stub) == 0


@pytest.mark.parametrize("seen", [True, False], ids=["unlock seen", "unlock unseen"])
async def test_unlocking_a_game_without_a_clock_edits_its_live_message_only_when_it_changes(
        discord_stub: DiscordStub, cast: Cast, start_rollbot, seen: bool):
    """A duel without a clock in a thread a moderator locked: the reminder is refused and the game held, which its
    live message cannot say (a locked thread takes no edit). Once it was unlocked (``THREAD_UPDATE``, or unseen: the
    next reminder goes through), the hold lifted and the live message was edited all the same, to show exactly what
    it showed: a call for nothing. Now it is left as it is (a game with a clock, or whose message said it was on
    hold, is drawn again: ``test_refused_channel``)."""
    stub = discord_stub
    runner = await start_rollbot()
    bot = runner.bot
    clock, thread, game, live, due = await thread_game(stub, cast, runner, pace="none")
    stub.update_thread(thread, archived=True, locked=True)
    await tick(stub, runner, clock, clock.now + 100 * HOUR)          # the reminder: refused, held
    await stub.settle()
    assert (await held(bot, game.id)).get("thread") == "locked" and archived_answers(stub) == 1
    edits, mark = live.edits, stub.mark()
    if seen:
        stub.update_thread(thread, archived=False, locked=False)
        await stub.wait_until(lambda: bot.courier.reach._held.get(thread.id) == set(), 10, "the hold lifted")
    else:
        thread.archived = thread.locked = False
    await tick(stub, runner, clock, clock.now + 100 * HOUR)          # the next reminder goes through
    await stub.wait_for_message(thread, lambda m: f"<@{due.id}>" in m.content, after=mark)
    await stub.settle()
    assert not await held(bot, game.id) and live.edits == edits


async def test_with_manage_threads_the_bot_reopens_a_locked_thread(discord_stub: DiscordStub, cast: Cast,
                                                                   start_rollbot):
    """A bot a server lets Manage Threads writes in a locked thread as a moderator does: an archived one it
    unarchives (it stays locked) and goes on; nobody is told of a hold."""
    stub = discord_stub
    stub.world.bot_role.permissions |= perm_bits(manage_threads=True)
    runner = await start_rollbot()
    clock, thread, game, live, due = await thread_game(stub, cast, runner)
    stub.update_thread(thread, archived=True, locked=True)
    before = stub.mark()
    await away_cmd(stub, due, cast.lounge, "away until", day="2")
    await stub.wait_for_edit(live, lambda m: mark_of(end_of_day(clock.now, 2)) in m.text, after=before)
    await stub.settle()
    assert not thread.archived and thread.locked
    assert archived_answers(stub) == 1 and not await held(runner.bot, game.id)
    assert stub.messages(stub.dm_channel(cast.bob)) == []


async def test_a_deleted_thread_ends_its_game_at_once(discord_stub: DiscordStub, cast: Cast, start_rollbot):
    """A moderator deletes the game's thread: THREAD_DELETE ends the game, its players told; nothing is tried
    there again."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, thread, game, live, due = await thread_game(stub, cast, runner)
    stub.delete_channel(thread)
    await stub.wait_until(lambda: all(stub.messages(stub.dm_channel(u)) for u in (cast.alice, cast.bob)), 10,
                          "the players told")
    ended = await runner.bot.sessions.load(game.id)
    assert ended.status == "abandoned" and TableMeta.of(ended.meta).ended == "channel_deleted"
    posts = len(stub.requests)
    await tick(stub, runner, clock, clock.now + HOUR + 1)
    await stub.settle()
    assert [r for r in stub.requests[posts:] if r.channel_id == thread.id] == []


async def test_deleting_a_channel_ends_the_games_in_its_threads(discord_stub: DiscordStub, cast: Cast,
                                                                start_rollbot):
    """Deleting #games deletes its threads too, with one CHANNEL_DELETE (discord.py drops the threads it knew of
    the channel, telling each): the thread's game ends at once, not at the next post's 404."""
    stub = discord_stub
    runner = await start_rollbot()
    clock, thread, game, live, due = await thread_game(stub, cast, runner)
    stub.delete_channel(cast.games)
    await stub.wait_until(lambda: all(stub.messages(stub.dm_channel(u)) for u in (cast.alice, cast.bob)), 10,
                          "the players told")
    ended = await runner.bot.sessions.load(game.id)
    assert ended.status == "abandoned" and TableMeta.of(ended.meta).ended == "channel_deleted"
    assert [r for r in stub.rejections if r[1] == "Unknown Channel"] == []
