"""``/away`` through the Discord stand-in, with a clock the test moves: a 2-player Roll Player game at the fast
pace (1 hour per decision, the bot taking over after 1 hour); the due player goes away: their clock stands still
(no reminder, no running out, no takeover), the others see "away until …" in the live message and in
``/status``; back by command or by a click, the clock goes on from where it stopped. A server that forbids away
time in fast games keeps those clocks running. Refusals come privately, in the player's language. A period that
simply runs out is redrawn by the clock's tick, once (counted in edits), also when it ran out while the bot was
down; a turn that comes to an away player names them without a ping, and after they are back it pings again."""
from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import discord
import pytest

from bot.engine.away import DAY
from bot.i18n import t
from cogs.away import too_long_params
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import click_first_move, start_solo_game, stop_rollbot
from tests.e2e.test_turn_clock import HOUR, LOCALE, open_and_start, tick

MANAGE_GUILD = discord.Permissions(manage_guild=True).value


def end_of_day(now: float, days: int) -> float:
    """The end (UTC) of the day ``days`` after the one ``now`` falls in."""
    day = datetime.fromtimestamp(now, UTC).date() + timedelta(days=days + 1)
    return datetime(day.year, day.month, day.day, tzinfo=UTC).timestamp()


def head(key: str, locale: str) -> str:
    """A message's text up to its first placeholder."""
    return t(key, locale, **dict.fromkeys(("starts_at", "ends_at", "window_start", "window_end", "used_days",
                                            "left_days"), "\x00")).split("\x00")[0]


def mark_of(until: float, locale: str = LOCALE) -> str:
    return t("away.mark", locale, date=f"<t:{int(until)}:f>")


async def away_cmd(stub: DiscordStub, user, channel, path: str, **options):
    answer = await (await stub.run_command(user, channel, path, **options)).wait_response()
    assert answer.ephemeral and answer.visible_to == user.id
    return answer


async def status_text(stub: DiscordStub, user, channel) -> str:
    answer = await (await stub.run_command(user, channel, "rp status")).wait_response()
    return "\n".join(f.get("value", "") for e in answer.embeds for f in e.get("fields", []))


async def setup(stub: DiscordStub, cast: Cast, runner, **options):
    clock, game, away, seat = await open_and_start(stub, cast, runner, pace="fast", takeover=1, **options)
    runner.bot.courier.away.clock = clock
    other = cast.bob if away is cast.alice else cast.alice
    return clock, game, away, other, seat


async def live_message(stub: DiscordStub, cast: Cast):
    """The game's first live message (components v2, with the due player's menu)."""
    return await stub.wait_for_message(cast.games, lambda m: m.layout and bool(m.buttons or m.selects), timeout=30)


def clock_posts(stub: DiscordStub, channel, mark: int) -> list[str]:
    return [m.content for m in stub.messages(channel, after=mark) if m.content[:1] in ("⏳", "⏰")]


async def test_an_away_players_clock_stands_still_and_goes_on_when_they_are_back(discord_stub: DiscordStub,
                                                                                 cast: Cast, start_rollbot):
    runner = await start_rollbot()
    clock, game, away, other, seat = await setup(discord_stub, cast, runner)
    t0 = clock.now
    live = await live_message(discord_stub, cast)
    clock.now = t0 + 600
    before = discord_stub.mark()
    until = end_of_day(clock.now, 3)
    answer = await away_cmd(discord_stub, away, cast.games, "away until", day="3")
    assert answer.content == t("away.saved", LOCALE, date=f"<t:{int(until)}:f>", zone="UTC")
    # the others see it: the live message is drawn again, and /status
    await discord_stub.wait_for_edit(live, lambda m: mark_of(until) in m.text, after=before)
    shown = await status_text(discord_stub, other, cast.games)
    assert mark_of(until) in shown and "<t:" + str(int(t0 + HOUR)) not in shown      # no deadline while away

    # five hours: no reminder, no running out, no takeover
    mark = await tick(discord_stub, runner, clock, t0 + 5 * HOUR)
    await discord_stub.settle()
    assert clock_posts(discord_stub, cast.games, mark) == []
    stored = await runner.bot.sessions.load(game.id)
    assert seat not in stored.meta.get("taken", []) and not await runner.bot.bots.take_over_idle(clock.now)

    # back: the clock goes on from where it stopped (10 minutes were gone)
    assert (await away_cmd(discord_stub, away, cast.games, "away back")).content == t("away.back", LOCALE)
    assert mark_of(until) not in await status_text(discord_stub, other, cast.games)
    assert (await away_cmd(discord_stub, away, cast.games, "away back")).content == t("away.not_away", LOCALE)
    away_s = 5 * HOUR - 600
    mark = await tick(discord_stub, runner, clock, t0 + away_s + HOUR / 2 - 1)
    await discord_stub.settle()
    assert clock_posts(discord_stub, cast.games, mark) == []
    mark = await tick(discord_stub, runner, clock, t0 + away_s + HOUR / 2 + 1)
    half = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏳"), after=mark)
    assert f"<@{away.id}>" in half.content and f"<t:{int(t0 + away_s + HOUR)}:f>" in half.content
    # /status shows the same deadline, pushed back by the time away
    assert f"<t:{int(t0 + away_s + HOUR)}" in await status_text(discord_stub, other, cast.games)
    # the hour is up (away time left out): the bot takes the seat over
    assert game.id in await runner.bot.bots.take_over_idle(t0 + away_s + HOUR + 10)
    await runner.bot.bots.idle()
    assert any(m.seat == seat and m.user_id is None for m in await runner.bot.sessions.store.recent_moves(game.id, 50))


async def test_a_click_on_their_game_ends_the_time_away(discord_stub: DiscordStub, cast: Cast, start_rollbot):
    runner = await start_rollbot()
    clock, game, away, other, seat = await setup(discord_stub, cast, runner)
    book, store = runner.bot.courier.away, runner.bot.sessions.store
    live = await live_message(discord_stub, cast)
    before = discord_stub.mark()
    until = end_of_day(clock.now, 2)        # read before the hour below, which may cross midnight
    await away_cmd(discord_stub, away, cast.games, "away until", day="2")
    await discord_stub.wait_for_edit(live, lambda m: mark_of(until) in m.text, after=before)
    assert away.id in await store.current_away([away.id], clock.now)
    clock.now += HOUR
    # a look is no return: the table, privately, and still away
    looked = await discord_stub.click(away, live, label=t("button.table", LOCALE))
    assert (await looked.wait_response()).ephemeral
    assert away.id in await store.current_away([away.id], clock.now)
    assert mark_of(until) in await status_text(discord_stub, other, cast.games)
    moved = await click_first_move(discord_stub, away, live)
    await moved.wait_ack()
    assert await store.current_away([away.id], clock.now) == {}
    # a move is: the player is told privately, as /away back tells them
    told = await discord_stub.wait_for_message(cast.games, lambda m: m.content == t("away.back", LOCALE),
                                               after=moved, visible_to=away)
    assert told.ephemeral and told.visible_to == away.id
    [period] = await store.away_periods(away.id, clock.now - DAY, clock.now + 3 * DAY)
    assert period.ends_at == clock.now
    assert book.known[away.id] == 0.0          # the next click reads nothing
    assert mark_of(until) not in await status_text(discord_stub, other, cast.games)


async def test_a_move_that_ends_the_time_away_redraws_the_players_other_games(discord_stub: DiscordStub,
                                                                               cast: Cast, start_rollbot):
    runner = await start_rollbot()
    # the minute's tick would redraw a stale mark too (``Courier.shows_stale_away``): this is about the move alone
    runner.bot.get_cog("Reminders").reminder_loop.cancel()
    clock, game, away, other, seat = await setup(discord_stub, cast, runner)
    live = await live_message(discord_stub, cast)
    # a second game waiting on the same player: their solo game in a DM
    second = await start_solo_game(discord_stub, away)
    before = discord_stub.mark()
    until = end_of_day(clock.now, 2)
    await away_cmd(discord_stub, away, cast.games, "away until", day="2")
    await discord_stub.wait_for_edit(second, lambda m: mark_of(until) in m.text, after=before)
    await discord_stub.wait_for_edit(live, lambda m: mark_of(until) in m.text, after=before)
    clock.now += HOUR
    moved = await click_first_move(discord_stub, away, live)
    await moved.wait_ack()
    # the other game drops "away until" at once too, as after /away back (it waited for the tick)
    await discord_stub.wait_for_edit(second, lambda m: mark_of(until) not in m.text, after=moved)


async def test_a_server_may_keep_the_clock_of_fast_games_running(discord_stub: DiscordStub, cast: Cast,
                                                                 start_rollbot):
    runner = await start_rollbot()
    discord_stub.world.moderator_role.permissions |= MANAGE_GUILD          # the moderator manages the server
    ruled = await away_cmd(discord_stub, cast.mod, cast.games, "rp defaults", away_fast=False)
    assert ruled.content.splitlines()[0] == t("away.fast.off", LOCALE)
    clock, game, away, other, seat = await setup(discord_stub, cast, runner)
    t0 = clock.now
    answer = await away_cmd(discord_stub, away, cast.games, "away until", day="3")
    assert t("away.fast_forbidden", LOCALE) in answer.content
    assert mark_of(end_of_day(t0, 3)) not in await status_text(discord_stub, other, cast.games)
    mark = await tick(discord_stub, runner, clock, t0 + HOUR / 2 + 1)
    half = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏳"), after=mark)
    assert f"<@{away.id}>" in half.content and f"<t:{int(t0 + HOUR)}:f>" in half.content
    assert game.id in await runner.bot.bots.take_over_idle(t0 + HOUR + 10)


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_refusals_come_privately_in_the_players_language(discord_stub: DiscordStub, cast: Cast,
                                                               start_rollbot, locale):
    runner = await start_rollbot()
    store, alice = runner.bot.sessions.store, cast.alice
    alice.locale = {"en": "en-US", "ko": "ko"}.get(locale, locale)
    yesterday = (datetime.now(UTC).date() - timedelta(days=1)).isoformat()
    for day, key in (("soon", "away.error.bad_date"), ("20", "away.error.too_long"),
                     (yesterday, "away.error.ends_before_start")):
        answer = await away_cmd(discord_stub, alice, cast.games, "away until", day=day)
        params = {"bad_date": {"value": day}, "too_long": too_long_params("UTC", datetime.now(UTC).timestamp())
                  }.get(key.rsplit(".", 1)[1], {})
        assert answer.content == t(key, locale, **params)
    assert await store.away_periods(alice.id, 0, 2e10) == []
    # 20 days away in the last 60: at most 10 more
    start = datetime.now(UTC).timestamp() - 40 * DAY
    await store.add_away(alice.id, start, start + 10 * DAY, start)
    await store.add_away(alice.id, start + 20 * DAY, start + 30 * DAY, start)
    answer = await away_cmd(discord_stub, alice, cast.games, "away until", day="12")
    assert answer.content.startswith(head("away.error.over_budget", locale)) and "<t:" in answer.content
    assert len(await store.away_periods(alice.id, 0, 2e10)) == 2
    # in a DM too; then a second period over the first is refused
    await away_cmd(discord_stub, alice, discord_stub.dm_channel(alice), "away until", day="3")
    answer = await away_cmd(discord_stub, alice, cast.games, "away until", day="5")
    assert answer.content.startswith(head("away.error.overlaps", locale)) and "<t:" in answer.content
    assert len(await store.away_periods(alice.id, 0, 2e10)) == 3


def use_clock(runner, clock) -> None:
    """A (restarted) bot on the test's clock: the turn book, the turn clocks, the reminders and the away book."""
    bot = runner.bot
    bot.turns.clock = bot.pace_clock.clock = bot.get_cog("Reminders").clock = bot.courier.away.clock = clock
    bot.bots.pause = 0


async def away_for_a_day(stub: DiscordStub, cast: Cast, runner):
    """The due player goes away until the end of tomorrow; their game's live message says so. Returns
    (clock, game, live message, until)."""
    clock, game, away, other, seat = await setup(stub, cast, runner)
    live = await live_message(stub, cast)
    before = stub.mark()
    until = end_of_day(clock.now, 1)
    await away_cmd(stub, away, cast.games, "away until", day="1")
    await stub.wait_for_edit(live, lambda m: mark_of(until) in m.text, after=before)
    return clock, game, live, until


async def test_the_live_message_is_redrawn_once_when_the_time_away_runs_out(discord_stub: DiscordStub, cast: Cast,
                                                                           start_rollbot):
    runner = await start_rollbot()
    clock, game, live, until = await away_for_a_day(discord_stub, cast, runner)
    await discord_stub.settle()
    edits = live.edits
    # still away: the tick leaves the live message alone
    await tick(discord_stub, runner, clock, until - 60)
    await discord_stub.settle()
    assert live.edits == edits and mark_of(until) in live.text
    # the period ran out (no /away back, no click): the next tick draws the message again, once
    mark = await tick(discord_stub, runner, clock, until + 30)
    await discord_stub.wait_for_edit(live, lambda m: mark_of(until) not in m.text, after=mark)
    for later in (until + 90, until + 150, until + 20 * 60):   # (the clock goes on: its half time is 30 minutes on)
        await tick(discord_stub, runner, clock, later)
    await discord_stub.settle()
    assert live.edits == edits + 1 and mark_of(until) not in live.text
    assert live.buttons and not live.deleted            # the same live message, its menu still there
    posts = await runner.bot.sessions.store.posts(game.id)
    assert posts[-1].payload.get("edit") and all(p.delivered_at for p in posts)


async def test_a_period_that_ran_out_while_the_bot_was_down_is_redrawn_once_after_the_restart(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    runner = await start_rollbot()
    clock, game, live, until = await away_for_a_day(discord_stub, cast, runner)
    await stop_rollbot(discord_stub, runner)
    edits = live.edits

    clock.now = until + 60                                # the period ran out while the bot was down
    second = await start_rollbot()
    use_clock(second, clock)
    await discord_stub.settle()
    assert live.edits == edits and mark_of(until) in live.text
    mark = await tick(discord_stub, second, clock, clock.now + 60)
    await discord_stub.wait_for_edit(live, lambda m: mark_of(until) not in m.text, after=mark)
    await tick(discord_stub, second, clock, clock.now + 60)
    await stop_rollbot(discord_stub, second)
    third = await start_rollbot()                         # and a later restart does not draw it again
    use_clock(third, clock)
    await tick(discord_stub, third, clock, clock.now + 60)
    await discord_stub.settle()
    assert live.edits == edits + 1 and mark_of(until) not in live.text
    posts = await third.bot.sessions.store.posts(game.id)
    assert [p.payload.get("edit", False) for p in posts] == [False, True, True]   # the start, going away, back


async def play_turn(runner, game_id: int, user) -> None:
    """``user`` plays their whole turn (the first legal move each time), posted like any move."""
    bot = runner.bot
    while [s for s in (await bot.sessions.pending(game_id)) if s.get("seat") == (await bot.sessions.load(game_id))
           .seat_of(user.id)]:
        [move, *_] = await bot.sessions.legal_moves(game_id, user.id)
        await bot.sessions.apply(game_id, user.id, move)
        await bot.courier.deliver(game_id)
    bot.bots.schedule(game_id)
    await bot.bots.idle()


async def notices_owed(runner) -> list[int]:
    """Who is owed a turn notice by direct message (however far off it is due)."""
    return await runner.bot.sessions.store.users_with_due_notices(time.time() + 10 * DAY)


@pytest.mark.parametrize("comes_back", ["command", "expiry"])
async def test_an_away_player_is_named_but_not_pinged_until_they_are_back(discord_stub: DiscordStub, cast: Cast,
                                                                          start_rollbot, comes_back):
    runner = await start_rollbot()
    clock, game, due, other, seat = await setup(discord_stub, cast, runner)
    answer = await (await discord_stub.run_command(other, cast.games, "notify", how="both")).wait_response()
    assert answer.content.startswith(t("notify.saved", LOCALE))      # pinged in the channel, and a DM
    t0 = clock.now
    until = end_of_day(t0, 1)
    await away_cmd(discord_stub, other, cast.games, "away until", day="1")
    # the due player's hour runs out: the bot plays their turn, and the turn comes to the away player
    clock.now = t0 + HOUR + 10
    mark = discord_stub.mark()
    assert game.id in await runner.bot.bots.take_over_idle(clock.now)
    await runner.bot.bots.idle()
    named = await discord_stub.wait_for_message(
        cast.games, lambda m: not m.ephemeral and m.layout and f"<@{other.id}>" in m.text, after=mark, timeout=60)
    assert other.id not in named.mentions and named.silent and mark_of(until) in named.text
    assert other.id not in await notices_owed(runner)              # nor a direct message
    await discord_stub.settle()
    edits = named.edits
    await tick(discord_stub, runner, clock, clock.now + 60)         # still away: nothing to redraw
    await discord_stub.settle()
    assert named.edits == edits

    # back: the mark goes (at once, or at the tick after the day ran out), and the next turn post pings them again
    before = discord_stub.mark()
    if comes_back == "command":
        assert (await away_cmd(discord_stub, other, cast.games, "away back")).content == t("away.back", LOCALE)
    else:
        await tick(discord_stub, runner, clock, until + 30)
    await discord_stub.wait_for_edit(named, lambda m: mark_of(until) not in m.text, after=before)
    await tick(discord_stub, runner, clock, clock.now + 60)
    await discord_stub.settle()
    assert named.edits == edits + 1                                 # once: the tick does not draw it again
    mark = discord_stub.mark()
    await play_turn(runner, game.id, other)                         # then the bot plays for the other seat
    pinged = await discord_stub.wait_for_message(
        cast.games, lambda m: not m.ephemeral and m.layout and f"<@{other.id}>" in m.text, after=mark, timeout=60)
    assert pinged.mentions == [other.id] and not pinged.silent
    assert other.id in await notices_owed(runner)
