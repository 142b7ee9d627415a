"""Discord's rate limits, invalid requests, faults, nonces, token expiry and attachment rules in the stand-in:
raw HTTP where the answer itself is the point, discord.py's own HTTP client where its reaction is."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
import discord
import pytest
from discord.http import HTTPClient, handle_message_parameters

from .fixtures import Cast
from .interactions import APPLICATION_COMMAND, MESSAGE_COMPONENT, InteractionRecord
from .ratelimits import RateLimits, RouteLimit
from .runner import restore_route_base
from .server import DiscordStub
from .testbot import ProbeBot, render_png
from .world import StubChannel, StubUser

POST = "POST /channels/{channel_id}/messages"
EDIT = "PATCH /channels/{channel_id}/messages/{message_id}"
V2 = 1 << 15


def api(path: str) -> str:
    return "/api/v10" + path


@asynccontextmanager
async def raw(stub: DiscordStub, token: str | None = None) -> AsyncIterator[aiohttp.ClientSession]:
    headers = {"Authorization": f"Bot {token or stub.token}"}
    async with aiohttp.ClientSession(base_url=stub.base_url, headers=headers) as session:
        yield session


@asynccontextmanager
async def dpy(stub: DiscordStub) -> AsyncIterator[HTTPClient]:
    """discord.py's own REST client, logged in against the stand-in (the fixture restores Route.BASE)."""
    discord.http.Route.BASE = stub.api_base
    http = HTTPClient(asyncio.get_running_loop())
    await http.static_login(stub.token)
    try:
        yield http
    finally:
        await http.close()


def send(http: HTTPClient, channel: StubChannel, content: str, **kwargs):
    with handle_message_parameters(content, **kwargs) as params:
        return http.send_message(channel.id, params=params)


def interaction(stub: DiscordStub, user: StubUser, channel: StubChannel, itype: int = APPLICATION_COMMAND,
                message=None) -> InteractionRecord:
    """An interaction as if written to the gateway now (these tests run no bot)."""
    ix = stub.new_interaction(itype, user, channel, {"name": "x", "type": 1} if itype == APPLICATION_COMMAND
                              else {"custom_id": "go", "component_type": 2}, message)
    stub.interactions[ix.id] = ix
    stub._by_token[ix.token] = ix
    ix.dispatched_at = stub.now()
    return ix


def webhook(stub: DiscordStub, ix: InteractionRecord, tail: str = "") -> str:
    return api(f"/webhooks/{stub.application_id}/{ix.token}{tail}")


async def test_global_limit_binds_bot_routes_not_interaction_routes() -> None:
    # per-route buckets wide open: only the global limit (Discord's 50 per second) is in play
    async with DiscordStub(rate_limits=RateLimits(other_routes=RouteLimit(1000, 1.0))) as stub:
        games = stub.add_channel("games")
        alice = stub.add_user("alice")
        ix = interaction(stub, alice, games)
        frozen = stub.now()
        stub.now = lambda: frozen  # the whole burst falls in one second, however slow the machine
        async with raw(stub) as http:

            async def get() -> int:
                async with http.get(api(f"/channels/{games.id}")) as resp:
                    return resp.status
            statuses = await asyncio.gather(*(get() for _ in range(50)))
            async with http.get(api(f"/channels/{games.id}")) as resp:
                assert resp.status == 429
                body = await resp.json()
                headers = resp.headers
            # the interaction endpoints are not bound to the global limit
            async with http.post(api(f"/interactions/{ix.id}/{ix.token}/callback"),
                                 json={"type": 4, "data": {"content": "hi"}}) as resp:
                assert resp.status == 204
            async with http.post(webhook(stub, ix), params={"wait": "1"}, json={"content": "more"}) as resp:
                assert resp.status == 200
        assert statuses == [200] * 50
        assert body["global"] is True and 0 < body["retry_after"] <= 1.0
        assert headers["X-RateLimit-Global"] == "true" and headers["X-RateLimit-Scope"] == "global"
        assert headers["Retry-After"] == "1" and headers["Via"]
        assert stub.call_counts() == {"bot": 51, "interaction": 2}
        assert [(r.status, r.route) for r in stub.invalid_requests] == [(429, "GET /channels/{channel_id}")]
        assert "1 invalid requests" in stub.problems()[0]


async def test_channel_bucket_shared_by_create_and_edit(discord_stub: DiscordStub, cast: Cast) -> None:
    url = api(f"/channels/{cast.games.id}/messages")
    async with raw(discord_stub) as http:
        seen, ids = [], []
        for i in range(5):
            async with http.post(url, json={"content": f"m{i}"}) as resp:
                assert resp.status == 200
                seen.append({k: resp.headers[f"X-RateLimit-{k}"] for k in ("Limit", "Remaining", "Bucket")})
                ids.append((await resp.json())["id"])
        async with http.post(url, json={"content": "sixth"}) as resp:
            assert resp.status == 429 and resp.headers["X-RateLimit-Scope"] == "user" and resp.headers["Via"]
            assert 4.0 < (await resp.json())["retry_after"] <= 5.0 and resp.headers["Retry-After"] == "5"
        async with http.patch(f"{url}/{ids[0]}", json={"content": "edited"}) as resp:
            assert resp.status == 429, "an edit shares the channel's message bucket"
            edit_bucket = resp.headers["X-RateLimit-Bucket"]
        async with http.post(api(f"/channels/{cast.lounge.id}/messages"), json={"content": "elsewhere"}) as resp:
            assert resp.status == 200 and resp.headers["X-RateLimit-Remaining"] == "4"
    assert [s["Remaining"] for s in seen] == ["4", "3", "2", "1", "0"]
    assert {s["Limit"] for s in seen} == {"5"} and {s["Bucket"] for s in seen} == {edit_bucket}
    assert len(discord_stub.messages(cast.games)) == 5 and discord_stub.messages(cast.games)[0].edits == 0
    assert discord_stub.invalid_in_window() == 2
    with pytest.raises(AssertionError, match="2 invalid requests"):
        discord_stub.assert_clean()
    discord_stub.expect_invalid(2)
    discord_stub.assert_clean()


async def test_discord_py_honours_the_headers_instead_of_hitting_429() -> None:
    """discord.py waits when X-RateLimit-Remaining reaches 0: nine posts in a 3-per-second bucket take two
    resets and not one 429. But an edit is its own bucket to discord.py until an answer names the bucket
    hash it shares with posts: an edit sent beside posts that use up the channel's bucket meets a 429 (or
    makes one of them meet it), an invalid request that discord.py retries after ``retry_after``."""
    limits = RateLimits(channel_messages=RouteLimit(3, 1.0))
    async with DiscordStub(rate_limits=limits) as stub:
        games = stub.add_channel("games")
        try:
            async with dpy(stub) as http:
                started = time.monotonic()
                sent = await asyncio.gather(*(send(http, games, f"post {i}") for i in range(9)))
                posting = time.monotonic() - started
                assert len(stub.messages(games)) == 9 and not stub.invalid_requests
                assert 1.8 < posting < 10.0, posting  # two resets of the 1 s window
                await send(http, games, "a fresh window")

                async def edit(content: str) -> None:
                    with handle_message_parameters(content) as params:
                        await http.edit_message(games.id, sent[0]["id"], params=params)
                await asyncio.gather(send(http, games, "one more"), send(http, games, "and another"),
                                     edit("edited"))
                await edit("edited twice")  # now discord.py knows the edit's bucket is the posts'
        finally:
            restore_route_base()
        assert stub.message_by_id(int(sent[0]["id"])).content == "edited twice"
        assert [r.status for r in stub.invalid_requests] == [429]
        assert stub.invalid_requests[0].route in (POST, EDIT)
        assert len(stub.messages(games)) == 12


async def test_status_faults(discord_stub: DiscordStub, cast: Cast) -> None:
    """Each status answers instead of processing: nothing is created; discord.py retries 429 (after
    ``retry_after``), 500 and 502 (after 1 s) with the same body, and raises on 503."""
    faults = discord_stub.faults
    async with raw(discord_stub) as http:
        for status in (429, 500, 502, 503):
            faults.add(POST, status=status)
            async with http.post(api(f"/channels/{cast.games.id}/messages"), json={"content": "x"}) as resp:
                assert resp.status == status and resp.headers["Via"]
                if status == 429:
                    assert (await resp.json())["retry_after"] == 0.25 and resp.headers["X-RateLimit-Scope"] == "user"
        faults.add(POST, status=429, scope="shared")
        async with http.post(api(f"/channels/{cast.games.id}/messages"), json={"content": "x"}) as resp:
            assert resp.status == 429 and resp.headers["X-RateLimit-Scope"] == "shared"
    assert discord_stub.messages(cast.games) == []
    assert [f.what for f in faults.injected] == ["status 429 (user)", "status 500", "status 502", "status 503",
                                                 "status 429 (shared)"]
    # the injected user-scope 429 counts as invalid (as on Discord), the shared one does not; both expected
    assert [(r.status, r.injected) for r in discord_stub.invalid_requests] == [(429, True)]
    discord_stub.assert_clean()
    discord_stub.rate_limits.channel_messages = RouteLimit(10, 5.0)  # room for the retries below
    async with dpy(discord_stub) as client:
        faults.add(POST, status=429)
        faults.add(POST, status=502)
        await send(client, cast.games, "through after a 429 and a 502")
        faults.add(POST, status=503)
        with pytest.raises(discord.DiscordServerError):
            await send(client, cast.games, "never")
    assert [m.content for m in discord_stub.messages(cast.games)] == ["through after a 429 and a 502"]
    assert [r.status for r in discord_stub.requests_to(POST)][-4:] == [429, 502, 200, 503]


async def test_timeout_after_processing_and_the_nonce(discord_stub: DiscordStub, cast: Cast) -> None:
    """The stand-in creates the message, then never answers: discord.py raises ServerDisconnectedError (or
    the caller's own timeout fires first). A retry with the same nonce and enforce_nonce gets the message
    that was created, not a second one."""
    faults = discord_stub.faults
    async with dpy(discord_stub) as client:
        faults.add(POST, timeout_after_processing=True)
        with pytest.raises(aiohttp.ServerDisconnectedError):
            await send(client, cast.games, "once", nonce="move-17")
        retried = await send(client, cast.games, "once", nonce="move-17")
        faults.add(POST, timeout_after_processing=True, hold=1.0)
        with pytest.raises(TimeoutError):
            await asyncio.wait_for(send(client, cast.games, "held"), 0.3)
    await asyncio.sleep(0.9)
    messages = discord_stub.messages(cast.games)
    assert [m.content for m in messages] == ["once", "held"]
    assert retried["id"] == str(messages[0].id) and retried["nonce"] == "move-17"
    assert [f.what for f in faults.injected] == ["timeout after processing"] * 2
    discord_stub.assert_clean()


async def test_nonce_rules(discord_stub: DiscordStub, cast: Cast) -> None:
    url = api(f"/channels/{cast.games.id}/messages")
    discord_stub.rate_limits.channel_messages = RouteLimit(20, 5.0)
    async with raw(discord_stub) as http:
        async def post(body: dict, channel: StubChannel = cast.games) -> tuple[int, dict]:
            async with http.post(api(f"/channels/{channel.id}/messages"), json=body) as resp:
                return resp.status, await resp.json()
        first = await post({"content": "a", "nonce": 42, "enforce_nonce": True})
        assert (await post({"content": "b", "nonce": 42, "enforce_nonce": True}))[1]["id"] == first[1]["id"]
        assert (await post({"content": "c", "nonce": 42}))[1]["id"] != first[1]["id"], "not enforced"
        other = await post({"content": "d", "nonce": 42, "enforce_nonce": True}, cast.lounge)
        assert other[1]["id"] != first[1]["id"], "nonces are per channel"
        assert (await post({"content": "e", "nonce": "x" * 26, "enforce_nonce": True}))[0] == 400
        discord_stub.advance_clock(5 * 60 + 1)
        later = await post({"content": "f", "nonce": 42, "enforce_nonce": True})
        assert later[0] == 200 and later[1]["id"] != first[1]["id"], "remembered for five minutes only"
        async with http.get(url) as resp:
            assert [m["content"] for m in await resp.json()] == ["f", "c", "a"]
        # follow-ups are webhook executes: no nonces there
        ix = interaction(discord_stub, cast.alice, cast.games)
        async with http.post(api(f"/interactions/{ix.id}/{ix.token}/callback"), json={"type": 4,
                                                                                        "data": {"content": "ok"}}):
            pass
        for _ in range(2):
            async with http.post(webhook(discord_stub, ix), params={"wait": "1"},
                                 json={"content": "again", "nonce": "n", "enforce_nonce": True}) as resp:
                assert resp.status == 200
        assert len(ix.followups) == 2


async def test_invalid_requests_and_the_cloudflare_ban() -> None:
    async with DiscordStub(rate_limits=RateLimits(invalid_limit=3)) as stub:
        games = stub.add_channel("games")
        stub.world.restrict_bot(games, send_messages=True)
        async with raw(stub) as http, raw(stub, token="wrong") as bad:
            async with http.post(api(f"/channels/{games.id}/messages"), json={"content": "x"}) as resp:
                assert resp.status == 403
            async with bad.get(api("/users/@me")) as resp:
                assert resp.status == 401
            assert stub.invalid_in_window() == 2
            stub.advance_clock(601)
            assert stub.invalid_in_window() == 0 and len(stub.invalid_requests) == 2
            for _ in range(3):
                async with bad.get(api("/users/@me")) as resp:
                    assert resp.status == 401
            async with http.get(api("/users/@me")) as resp:  # 3 invalid in 10 minutes: banned
                assert resp.status == 429 and "Via" not in resp.headers
                assert resp.headers["Content-Type"].startswith("text/plain")
    assert any("5 invalid requests" in p for p in stub.problems())


async def test_interaction_tokens_expire_after_15_minutes(discord_stub: DiscordStub, cast: Cast) -> None:
    ix = interaction(discord_stub, cast.alice, cast.games)
    async with raw(discord_stub) as http:
        async with http.post(api(f"/interactions/{ix.id}/{ix.token}/callback"), json={"type": 5}) as resp:
            assert resp.status == 204
        discord_stub.advance_clock(14 * 60)
        async with http.patch(webhook(discord_stub, ix, "/messages/@original"), json={"content": "in time"}) as resp:
            assert resp.status == 200
        discord_stub.advance_clock(61)
        async with http.post(webhook(discord_stub, ix), json={"content": "too late"}) as resp:
            assert resp.status == 401 and (await resp.json())["code"] == 50027
    assert [(r.status, r.route) for r in discord_stub.invalid_requests] == [
        (401, "POST /webhooks/{application_id}/{token}")]
    assert ix.original.content == "in time"


def layout(name: str = "table.png") -> list[dict]:
    return [{"type": 17, "components": [{"type": 12, "items": [{"media": {"url": f"attachment://{name}"}}]},
                                        {"type": 10, "content": "your turn"}]},
            {"type": 1, "components": [{"type": 2, "style": 1, "label": "Go", "custom_id": "go"}]}]


def with_file(payload: dict, name: str = "table.png") -> aiohttp.FormData:
    form = aiohttp.FormData(quote_fields=False)
    form.add_field("payload_json", json.dumps(payload))
    form.add_field("files[0]", render_png((7, 8)), filename=name, content_type="image/png")
    return form


async def test_edits_name_only_attachments_they_send_or_keep(discord_stub: DiscordStub, cast: Cast) -> None:
    """Discord keeps a picture two ways: the edit uploads it again, or lists it by id in ``attachments``.
    Components naming an ``attachment://`` the edit does neither are refused (channel edit, webhook edit,
    UPDATE_MESSAGE callback), and the message stays as it was. A create is held to its own uploads."""
    discord_stub.rate_limits.channel_messages = RouteLimit(20, 5.0)
    url = api(f"/channels/{cast.games.id}/messages")
    async with raw(discord_stub) as http:
        async with http.post(url, json={"flags": V2, "components": layout()}) as resp:
            assert resp.status == 400, "a create names only its own uploads"
        async with http.post(url, data=with_file({"flags": V2, "components": layout()})) as resp:
            assert resp.status == 200
            kept = (await resp.json())["attachments"][0]["id"]
        msg = discord_stub.last_message(cast.games)
        async with http.patch(f"{url}/{msg.id}", json={"flags": V2, "components": layout()}) as resp:
            assert resp.status == 400 and (await resp.json())["code"] == 50035
        assert msg.edits == 0
        async with http.patch(f"{url}/{msg.id}", json={"flags": V2, "components": layout(),
                                                       "attachments": [{"id": kept}]}) as resp:
            assert resp.status == 200, "kept by id"
        async with http.patch(f"{url}/{msg.id}", data=with_file({"flags": V2, "components": layout(),
                                                                 "attachments": [{"id": 0}]})) as resp:
            assert resp.status == 200, "uploaded again"
        async with http.patch(f"{url}/{msg.id}", json={"content": None, "flags": V2}) as resp:
            assert resp.status == 200, "components untouched: the picture they name stays"
        # the interaction routes, on a message an interaction answered with a picture
        ix = interaction(discord_stub, cast.alice, cast.games)
        async with http.post(api(f"/interactions/{ix.id}/{ix.token}/callback"),
                             data=with_file({"type": 4, "data": {"flags": V2, "components": layout()}})) as resp:
            assert resp.status == 204
        async with http.patch(webhook(discord_stub, ix, "/messages/@original"),
                              json={"flags": V2, "components": layout()}) as resp:
            assert resp.status == 400
        click = interaction(discord_stub, cast.alice, cast.games, MESSAGE_COMPONENT, ix.original)
        async with http.post(api(f"/interactions/{click.id}/{click.token}/callback"),
                             json={"type": 7, "data": {"flags": V2, "components": layout()}}) as resp:
            assert resp.status == 400
        assert ix.original.edits == 0
    assert len(discord_stub.rejections) == 4


async def test_call_counts_by_kind_and_channel(discord_stub: DiscordStub, cast: Cast) -> None:
    async with raw(discord_stub) as http:
        async with http.get(api("/users/@me")):
            pass
        mark = discord_stub.calls_mark()
        async with http.post(api(f"/channels/{cast.games.id}/messages"), json={"content": "x"}):
            pass
        ix = interaction(discord_stub, cast.alice, cast.lounge)
        async with http.post(api(f"/interactions/{ix.id}/{ix.token}/callback"), json={"type": 5}):
            pass
        async with http.patch(webhook(discord_stub, ix, "/messages/@original"), json={"content": "y"}) as resp:
            assert resp.headers["X-RateLimit-Limit"] == "5"  # the interaction webhook's bucket
    assert discord_stub.call_counts() == {"bot": 2, "interaction": 2}
    assert discord_stub.call_counts(mark) == {"bot": 1, "interaction": 2}
    assert discord_stub.call_counts(mark, channel=cast.lounge) == {"bot": 0, "interaction": 2}
    assert discord_stub.calls_by_channel() == {None: {"bot": 1, "interaction": 0},
                                               cast.games.id: {"bot": 1, "interaction": 0},
                                               cast.lounge.id: {"bot": 0, "interaction": 2}}


async def test_dropped_gateway_connection_is_resumed(discord_stub: DiscordStub, cast: Cast, bot_starter) -> None:
    await bot_starter(ProbeBot(discord_stub.guild.id))
    first = discord_stub.active_session
    again = await discord_stub.drop_gateway()
    assert again is not first and again.resumed and again.session_id == first.session_id
    assert [f.what for f in discord_stub.faults.injected] == ["dropped connection"]
    ix = await discord_stub.run_command(cast.alice, cast.games, "t ping")
    assert (await ix.wait_response()).content == "pong"
    discord_stub.assert_clean()
