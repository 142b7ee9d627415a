"""A ``/find`` game in a thread of an untidy server, through the Discord stand-in: deleting the thread or its channel
comes as THREAD_DELETE or CHANNEL_DELETE, as Discord sends them, and ends the game at once."""
from __future__ import annotations

from bot.engine.table import TableMeta
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import turn_post
from tests.e2e.test_turn_clock import HOUR, Clock, tick


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
