"""Discord's rules the stand-in enforces, so bot bugs fail here instead of in production."""

from __future__ import annotations

import aiohttp
import pytest

from .fixtures import Cast
from .server import DiscordStub, StubFailure
from .testbot import ProbeBot


@pytest.fixture
async def bot(discord_stub: DiscordStub, cast: Cast, bot_starter) -> ProbeBot:
    b = ProbeBot(discord_stub.guild.id)
    await bot_starter(b)
    return b


async def test_late_ack_is_unknown_interaction(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    discord_stub.ack_deadline = 0.2
    ix = await discord_stub.run_command(cast.alice, cast.games, "t slow", seconds=0.4)
    await discord_stub.wait_until(lambda: bot.late_errors, 3, "the bot's NotFound")
    assert bot.late_errors == [10062] and not ix.acked and "deadline" in ix.rejections[0]


async def test_second_callback_and_early_followup_are_refused(discord_stub: DiscordStub, cast: Cast,
                                                              bot: ProbeBot) -> None:
    slow = await discord_stub.run_command(cast.alice, cast.games, "t gated")
    ping = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    await ping.wait_response()
    async with aiohttp.ClientSession() as http:
        url = f"{discord_stub.api_base}/interactions/{ping.id}/{ping.token}/callback"
        async with http.post(url, json={"type": 4, "data": {"content": "again"}}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 40060
        url = f"{discord_stub.api_base}/webhooks/{discord_stub.application_id}/{slow.token}"
        async with http.post(url, json={"content": "too early"}) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 10015
        url = f"{discord_stub.api_base}/webhooks/{discord_stub.application_id}/not-a-token"
        async with http.post(url, json={"content": "x"}) as resp:
            assert resp.status == 404
        async with http.get(f"{discord_stub.api_base}/users/@me") as resp:
            assert resp.status == 401  # no bot token
    bot.gate.set()
    assert (await slow.wait_response()).content == "through the gate"
    assert ping.rejections == ["second callback"] and len(ping.messages) == 1


async def test_invalid_component_is_refused(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t bad")
    assert (await ix.wait_response()).content == "refused 50035"
    assert bot.http_errors == [(400, 50035)]
    # Discord's description says it first (openapi.py); the stand-in's own check says the same
    assert "components[0].components[0].label: maxLength 80" in discord_stub.rejections[0][1]


async def test_missing_channel_permission(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    discord_stub.world.restrict_bot(cast.lounge, attach_files=True)
    ix = await discord_stub.run_command(cast.alice, cast.lounge, "t whoami")
    assert (await ix.wait_response()).content.endswith("bot can attach: False")
    ix = await discord_stub.run_command(cast.alice, cast.lounge, "t announce")
    await discord_stub.wait_until(lambda: discord_stub.rejections, 3, "the refused upload")
    record, why = discord_stub.rejections[-1]
    assert record.status == 403 and "attach_files" in why
    assert [m for m in discord_stub.messages(cast.lounge, after=ix) if not m.loading] == []
    await discord_stub.wait_until(lambda: "Forbidden" in discord_stub.diagnostics(), 3, "the bot's error log")


async def test_unknown_route_fails_loudly(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t pins")
    with pytest.raises(StubFailure, match=r"GET /api/v10/channels/\d+/messages/pins"):
        await ix.wait_response(timeout=3)
    discord_stub.unknown_requests.clear()  # seen and asserted; keep the fixture's teardown check quiet


async def test_timeout_reports_diagnostics(discord_stub: DiscordStub, cast: Cast, bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    await ix.wait_response()
    with pytest.raises(StubFailure, match=r"(?s)timed out after 0.2s.*last requests:.*callback"):
        await discord_stub.wait_for_message(cast.games, lambda m: m.content == "never", timeout=0.2)


async def test_assert_clean_lists_what_users_would_notice(discord_stub: DiscordStub, cast: Cast,
                                                          bot: ProbeBot) -> None:
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    await ix.wait_response()
    discord_stub.assert_clean()
    ix = await discord_stub.run_command(cast.alice, cast.games, "t bad")
    await ix.wait_response()
    discord_stub.ack_deadline = 0.1
    await discord_stub.run_command(cast.alice, cast.games, "t gated")  # never answered in time
    await discord_stub.wait_until(lambda: any("unanswered" in p for p in discord_stub.problems()), 3, "overdue")
    with pytest.raises(StubFailure, match=r"(?s)rejected POST .*label: maxLength 80.*unanswered interaction"):
        discord_stub.assert_clean()
    bot.gate.set()
