"""Reminders and clock pings follow ``/notify`` (through the Discord stand-in, with a clock the test moves): in
a player's quiet hours the turn clock's reminder still comes, silently and without pinging them; a player who
chose direct messages is not pinged in the channel by a reminder, those who kept the mention still are."""
from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import t
from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.test_turn_clock import HOUR, LOCALE, open_and_start, tick


async def notify(stub: DiscordStub, user, channel, **options) -> None:
    answer = await (await stub.run_command(user, channel, "notify", **options)).wait_response()
    assert answer.ephemeral and answer.content.startswith(t("notify.saved", LOCALE))


async def test_the_clock_reminds_silently_in_quiet_hours_and_not_in_the_channel_for_dm(
        discord_stub: DiscordStub, cast: Cast, start_rollbot):
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(discord_stub, cast, runner, pace="fast")
    runner.bot.notify.clock = clock
    t0 = clock.now
    hour = datetime.fromtimestamp(t0, UTC).hour
    await notify(discord_stub, away, cast.games, quiet_from=f"{hour:02d}:00", quiet_to=f"{(hour + 2) % 24:02d}:00")
    mark = await tick(discord_stub, runner, clock, t0 + HOUR / 2 + 1)
    half = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏳"), after=mark)
    assert f"<@{away.id}>" in half.content and half.mentions == [] and half.silent

    await notify(discord_stub, away, cast.games, quiet_from="off", how="dm")
    mark = await tick(discord_stub, runner, clock, t0 + 0.9 * HOUR + 1)
    last = await discord_stub.wait_for_message(cast.games, lambda m: m.content.startswith("⏳"), after=mark)
    assert f"<@{away.id}>" in last.content and last.mentions == []


async def test_a_reminder_pings_only_who_kept_the_mention(discord_stub: DiscordStub, cast: Cast, start_rollbot):
    runner = await start_rollbot()
    clock, game, away, seat = await open_and_start(discord_stub, cast, runner, pace="none")
    runner.bot.notify.clock = clock
    minutes = runner.bot.settings.reminder_minutes
    mark = await tick(discord_stub, runner, clock, clock.now + minutes * 60 + 1)
    first = await discord_stub.wait_for_message(cast.games, lambda m: f"<@{away.id}>" in m.content, after=mark)
    assert first.mentions == [away.id] and not first.silent

    await notify(discord_stub, away, cast.games, how="dm")
    mark = await tick(discord_stub, runner, clock, clock.now + minutes * 60 + 1)
    second = await discord_stub.wait_for_message(cast.games, lambda m: f"<@{away.id}>" in m.content, after=mark)
    assert second.mentions == [] and second.silent
