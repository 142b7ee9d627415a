"""Turn clocks through the Discord stand-in, with a clock the test moves: a 2-player Roll Player game at the
fast pace (1 hour per decision) reminds the due player at half time and near the end, then asks the other
player what to do; they let the bot play the seat, and the bot's move is posted like anyone's. With the
takeover option the bot steps in by itself when the time runs out."""
from __future__ import annotations

import asyncio
import time

from bot.engine.table import TableMeta
from bot.i18n import t
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import stop_rollbot

LOCALE = "en"
HOUR = 3600


class Clock:
    def __init__(self) -> None:
        self.now = float(int(time.time()))

    def __call__(self) -> float:
        return self.now


def on_clock(bot, clock: Clock) -> None:
    """The bot's clocks read the test's (a bot started again after a restart is set the same way)."""
    bot.turns.clock = bot.pace_clock.clock = bot.get_cog("Reminders").clock = bot.courier.reach.clock = clock
    bot.sessions._clock = clock     # the game's last activity too: the test's time, not how long setting up took
    bot.bots.pause = 0


async def open_and_start(stub: DiscordStub, cast: Cast, runner, **options):
    clock = Clock()
    bot = runner.bot
    on_clock(bot, clock)
    created = await stub.run_command(cast.alice, cast.games, "rp new", players=2, **options)
    lobby = await created.wait_response()
    joined = await stub.click(cast.bob, lobby, label=t("button.join", LOCALE))
    await joined.wait_response()
    started = await stub.click(cast.alice, lobby, label=t("button.start", LOCALE))
    await started.wait_response()
    game = await bot.sessions.game_in_channel(cast.games.id)
    [item] = await bot.sessions.pending(game.id)
    away = [cast.alice, cast.bob][item["seat"]]
    return clock, game, away, item["seat"]


def refused_by_discord(stub: DiscordStub) -> int:
    """The requests Discord refused because the test took a permission away (403 Missing Permissions): a bot that
    meets them after a moderator's change is not at fault, so they leave the stand-in's list of misbehaviour once
    counted (and count as expected invalid requests). Returns how many there were."""
    refused = [(record, why) for record, why in stub.rejections if why.startswith("Missing Permissions")]
    stub.rejections[:] = [entry for entry in stub.rejections if entry not in refused]
    stub.expect_invalid(len(refused))
    return len(refused)


def give_back(stub: DiscordStub, channel) -> None:
    """A moderator gives the bot its permissions in ``channel`` back (the overwrite on its role goes)."""
    channel.overwrites = [o for o in channel.overwrites if o.id != stub.world.bot_role.id]


async def stood_in(bot, game_id: int, seat: int, timeout: float = 30.0) -> bool:
    """Whether the bot has played a move for ``seat`` (a move of the seat without a user), waiting for it."""
    for _ in range(int(timeout * 10)):
        if any(m.seat == seat and m.user_id is None for m in await bot.sessions.store.recent_moves(game_id, 50)):
            return True
        await asyncio.sleep(0.1)
    return False


async def tick(stub: DiscordStub, runner, clock: Clock, at: float):
    clock.now = at
    mark = stub.mark()
    await runner.bot.get_cog("Reminders").tick()
    return mark


async def test_the_other_player_lets_the_bot_play_when_time_runs_out(discord_stub: DiscordStub, cast: Cast,
                                                                      start_rollbot):
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(discord_stub, cast, runner, pace="fast")
    other = cast.bob if away is cast.alice else cast.alice
    t0 = clock.now

    mark = await tick(discord_stub, runner, clock, t0 + HOUR / 2 + 1)
    half = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏳"), after=mark)
    assert f"<@{away.id}>" in half.content and f"<t:{int(t0 + HOUR)}:f>" in half.content
    mark = await tick(discord_stub, runner, clock, t0 + 0.9 * HOUR + 1)
    await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏳"), after=mark)

    mark = await tick(discord_stub, runner, clock, t0 + HOUR + 1)
    ask = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏰"), after=mark)
    assert f"<@{other.id}>" in ask.content
    # the player whose time ran out cannot decide for the others
    refused = await discord_stub.click(away, ask, label=t("clock.button.bot", LOCALE))
    answer = await refused.wait_response()
    assert answer.ephemeral and answer.content == t("clock.error.own_time_move", LOCALE)

    before = discord_stub.mark()
    decided = await discord_stub.click(other, ask, label=t("clock.button.bot", LOCALE))
    await decided.wait_ack()
    edited = await discord_stub.wait_for_edit(ask, after=before)
    assert edited.content == t("clock.decided.bot", LOCALE, user=f"<@{other.id}>", player=f"<@{away.id}>")
    assert not edited.components
    await runner.bot.bots.idle()
    stood_in = await discord_stub.wait_for_message(
        cast.games, lambda m: not m.ephemeral and "🤖" in m.text, after=mark, timeout=60)
    assert t("bot.played_for", LOCALE, player=game.seats[seat].name) in stood_in.text
    moves = await runner.bot.sessions.store.recent_moves(game.id, 50)
    assert any(m.seat == seat and m.user_id is None for m in moves)
    status = await discord_stub.run_command(other, cast.games, "rp status")
    text = "\n".join(f.get("value", "") for e in (await status.wait_response()).embeds for f in e.get("fields", []))
    assert "fast (1 hour per decision)" in text and "Pace: " not in text          # titled once, by its field


async def test_with_takeover_the_bot_steps_in_when_time_runs_out(discord_stub: DiscordStub, cast: Cast,
                                                                 start_rollbot):
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(discord_stub, cast, runner, pace="fast", takeover=720)
    mark = await tick(discord_stub, runner, clock, clock.now + HOUR + 1)
    note = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏰"), after=mark)
    notice = t("clock.ran_out_bot", LOCALE, player=f"<@{away.id}>", button=t("button.my_moves", LOCALE))
    assert note.content == notice and not note.components
    await runner.bot.bots.idle()
    moves = await runner.bot.sessions.store.recent_moves(game.id, 50)
    assert any(m.seat == seat and m.user_id is None for m in moves)


async def test_the_bot_plays_a_seat_it_took_though_the_notice_was_refused(discord_stub: DiscordStub, cast: Cast,
                                                                          start_rollbot):
    """A tour: Send Messages taken away, a player's time ran out; the seat went to the bot, but the "time is up"
    notice got a 403 and the bot never moved (the game stood still for good). The bot plays it whatever happens to
    the notice."""
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(discord_stub, cast, runner, pace="fast", takeover=720)
    discord_stub.world.restrict_bot(cast.games, send_messages=True)
    await tick(discord_stub, runner, clock, clock.now + HOUR + 1)
    await runner.bot.bots.idle()
    assert await stood_in(runner.bot, game.id, seat, timeout=5)
    assert refused_by_discord(discord_stub) >= 1                 # the notice (and maybe the bot's post) refused


async def test_a_restart_plays_the_seat_the_bot_took_before_it(discord_stub: DiscordStub, cast: Cast,
                                                                start_rollbot):
    """The process stops after the clock gave a seat to the bot and before the bot moved (its notice refused, as in
    the tour; it restarted and the seat stayed taken and unplayed): the next start plays it."""
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(discord_stub, cast, runner, pace="fast", takeover=720)
    discord_stub.world.restrict_bot(cast.games, send_messages=True)
    runner.bot.bots.pause = 3600                                 # still "thinking" when the process stops
    await tick(discord_stub, runner, clock, clock.now + HOUR + 1)
    assert seat in TableMeta.of((await runner.bot.sessions.load(game.id)).meta).taken
    assert not await stood_in(runner.bot, game.id, seat, timeout=0.1)
    await stop_rollbot(discord_stub, runner)
    give_back(discord_stub, cast.games)
    second = await start_rollbot()
    assert await stood_in(second.bot, game.id, seat)
    await second.bot.bots.idle()
    refused_by_discord(discord_stub)
