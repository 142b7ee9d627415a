"""A Discord API stand-in on loopback: REST (v10) and the gateway websocket, enough for discord.py 2.7.

It speaks Discord's wire formats (JSON and multipart/form-data with ``payload_json`` + ``files[n]``),
applies Discord's rules that matter to a bot (3 s ack deadline, one callback per interaction, first
follow-up after a deferral fills in the loading message, ephemeral visibility, message limits, channel
permissions), records every request, and answers unknown routes with a loud 404 that fails the test.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from typing import Any, Self

from aiohttp import web

from .commands import CommandRegistry
from .driver import Driver
from .gateway import GATEWAY_PATH, Gateway, GatewaySession
from .interactions import InteractionRecord
from .message_store import MessageStore
from .messages import StubMessage
from .ratelimits import RateLimitedApi, RateLimits
from .records import RequestRecord, StubFailure
from .rest import API_PREFIX, RestApi
from .world import Snowflakes, StubChannel, StubUser, World, perm_bits

log = logging.getLogger("discord_stub")

DEFAULT_TOKEN = "stub-token.rollbot.not-a-secret"
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


class DiscordStub(RestApi, RateLimitedApi, Gateway, MessageStore, Driver):
    """The stand-in. ``await stub.start()``; point discord.py at ``stub.api_base``; drive with the Driver API."""

    def __init__(self, *, token: str = DEFAULT_TOKEN, ack_deadline: float = 3.0, allow_privileged_intents: bool = False,
                 attachment_size_limit: int = ATTACHMENT_SIZE_LIMIT, retain_uploads: bool = True,
                 max_request_log: int | None = None, rate_limits: RateLimits | None = None,
                 fault_seed: int = 0) -> None:
        """``retain_uploads=False`` keeps only each upload's size and PNG header (enough for width/height)
        and ``max_request_log`` bounds ``requests``: both for long load runs like the round-trip benchmark.
        ``rate_limits``: Discord's limits, on by default (``RateLimits.off()`` turns them off); ``fault_seed``
        seeds the draws of ``stub.faults`` with a probability."""
        self.token = token
        self.ack_deadline = ack_deadline
        self.allow_privileged_intents = allow_privileged_intents
        self.attachment_size_limit = attachment_size_limit
        self.retain_uploads = retain_uploads
        self.max_request_log = max_request_log
        self.ids = Snowflakes()
        self.world = World(self.ids)
        self.commands = CommandRegistry(self.world)
        self.requests: list[RequestRecord] = []
        #: Callables run on every REST request before its handler; raising ``PayloadRejected`` refuses it
        #: (the tests' stand-in adds the check against Discord's OpenAPI description here).
        self.request_checks: list[Callable[[RequestRecord], None]] = []
        self.unknown_requests: list[RequestRecord] = []
        self.rejections: list[tuple[RequestRecord, str]] = []
        self.sessions: list[GatewaySession] = []
        self.interactions: dict[int, InteractionRecord] = {}
        self._by_token: dict[str, InteractionRecord] = {}
        self._messages: dict[int, StubMessage] = {}
        self._channel_messages: dict[int, list[StubMessage]] = {}
        #: (channel id, author id, nonce) -> the message an ``enforce_nonce`` post created, and when (``wall_now``):
        #: a wall-clock time, so that a stand-in restored from a saved state (the playground's) still knows
        #: the nonces of its last few minutes, as Discord does across a bot's restart
        self._nonces: dict[tuple[int, int, str], tuple[StubMessage, float]] = {}
        self._init_limits(rate_limits, fault_seed)
        self._seq = 0
        self._last_activity = 0.0
        #: Futures of the waits in progress, by the channel each waits on (None: waits on anything).
        self._waiters: dict[int | None, set[asyncio.Future]] = {}
        self._probes: list[Callable[[], None]] = []
        #: ``listener(channel_id or None)`` after every change (the playground's page pushes it to browsers)
        self.listeners: list[Callable[[int | None], None]] = []
        self._diagnostics: list[Callable[[], str]] = []
        self._runner: web.AppRunner | None = None
        #: ``await gate(channel, record) -> bool``: called before a bot's channel post is created; False drops
        #: it (the bot gets a 503). Tests use it to stop the world between a commit and its post.
        self.channel_post_gate: Callable[..., Awaitable[bool]] | None = None
        self.port = 0
        self._loop: asyncio.AbstractEventLoop | None = None

    # --- lifecycle ------------------------------------------------------------------------------
    async def start(self) -> DiscordStub:
        self._loop = asyncio.get_running_loop()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        self._add_routes(app)
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        log.info("discord stub listening on %s", self.api_base)
        return self

    async def close(self) -> None:
        for s in list(self.sessions):
            await s.close(code=1001, message=b"stand-in shutting down")
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """The value for ``discord.http.Route.BASE``."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}{GATEWAY_PATH}"

    def now(self) -> float:
        """The stand-in's clock: the loop's, plus what ``advance_clock`` added."""
        assert self._loop is not None
        return self._loop.time() + self._clock_offset

    def wall_now(self) -> float:
        """The stand-in's wall clock (Unix seconds, plus what ``advance_clock`` added): for what must keep its
        meaning in another process, like a nonce's age after a restart (the loop's clock starts anew there)."""
        return time.time() + self._clock_offset

    def recent_nonces(self) -> dict[tuple[int, int, str], tuple[int, float]]:
        """The ``enforce_nonce`` nonces still inside Discord's window, as (message id, wall time): what a
        saved stand-in must keep so that a bot's retry after a restart gets its first message back."""
        horizon = self.wall_now() - self.rate_limits.nonce_window
        return {key: (msg.id, at) for key, (msg, at) in self._nonces.items() if at >= horizon and not msg.deleted}

    def restore_nonces(self, kept: dict[tuple[int, int, str], tuple[int, float]]) -> None:
        """Take back ``recent_nonces`` of a saved stand-in (entries whose message is gone are dropped)."""
        for key, (message_id, at) in kept.items():
            msg = self._messages.get(message_id)
            if msg is not None:
                self._nonces[key] = (msg, at)

    # --- change notification (drives every wait) ------------------------------------------------
    def _bump(self) -> int:
        self._seq += 1
        return self._seq

    def _notify(self, channel_id: int | None = None) -> None:
        """Something changed: wake the waits it may concern. A change in a channel wakes the waits on that
        channel and those on anything; a change of no channel wakes every wait. (Waking every wait on every
        change made the stand-in's cost grow with the square of the open games in a load run.)"""
        if self._loop is not None:
            self._last_activity = self.now()
        if channel_id is None:
            buckets = list(self._waiters.values())
        else:
            buckets = [self._waiters.get(channel_id, ()), self._waiters.get(None, ())]
        for bucket in buckets:
            for waiter in bucket:
                if not waiter.done():
                    waiter.set_result(None)
        for listener in self.listeners:
            listener(channel_id)

    def add_probe(self, probe: Callable[[], None]) -> None:
        """A callable run during every wait; raising from it aborts the wait (e.g. "the bot crashed")."""
        self._probes.append(probe)

    def remove_probe(self, probe: Callable[[], None]) -> None:
        if probe in self._probes:
            self._probes.remove(probe)

    def add_diagnostics(self, source: Callable[[], str]) -> None:
        self._diagnostics.append(source)

    def remove_diagnostics(self, source: Callable[[], str]) -> None:
        if source in self._diagnostics:
            self._diagnostics.remove(source)

    def check_health(self) -> None:
        if self.unknown_requests:
            raise StubFailure(
                "the bot called routes the stand-in does not serve: "
                + ", ".join(f"{r.method} {r.path}" for r in self.unknown_requests)
            )
        for probe in list(self._probes):
            probe()

    def problems(self) -> list[str]:
        """Everything a Discord user would have noticed as broken: unknown routes, requests Discord refuses,
        interactions left unanswered past the ack deadline ("This interaction failed"), and invalid requests
        (401/403/429) beyond those the test expected (``expect_invalid``; injected faults are expected)."""
        out = [f"unknown route {r.method} {r.path}" for r in self.unknown_requests]
        out += [f"rejected {r.method} {r.path}: {why}" for r, why in self.rejections]
        out += self._limit_problems()
        now = self.now()
        for ix in self.interactions.values():
            if not ix.acked and ix.dispatched_at is not None and now - ix.dispatched_at > self.ack_deadline:
                out.append(f"unanswered {ix.describe()}")
        return out

    def assert_clean(self) -> None:
        """For the end of an end-to-end test: nothing the bot did would have failed on Discord."""
        found = self.problems()
        if found:
            raise StubFailure("the bot misbehaved:\n  " + "\n  ".join(found))

    def diagnostics(self) -> str:
        lines = ["last requests:"] + [f"  {r!r}" for r in self.requests[-12:]]
        if self.rejections:
            lines.append("rejected requests:")
            lines += [f"  {r!r}: {why}" for r, why in self.rejections[-8:]]
        if self.invalid_requests:
            lines.append(f"invalid requests: {len(self.invalid_requests)}, last: {self.invalid_requests[-4:]}")
        if self.faults.injected:
            lines.append(f"injected faults: {self.faults.injected[-4:]}")
        for source in self._diagnostics:
            text = source()
            if text:
                lines.append(text)
        return "\n".join(lines)

    async def wait_until(self, predicate: Callable[[], Any], timeout: float, what: str, *,
                         channel: int | None = None) -> Any:
        """Re-check ``predicate`` after every stand-in event until it returns something truthy. ``channel``:
        the predicate looks at that channel only (its messages, its interactions), so only changes there (or
        of no channel) re-check it; at least every 0.25 s it is re-checked anyway."""
        loop = asyncio.get_running_loop()
        deadline = self.now() + timeout
        while True:
            self.check_health()
            result = predicate()
            if result:
                return result
            remaining = deadline - self.now()
            if remaining <= 0:
                raise StubFailure(f"timed out after {timeout:.1f}s waiting for {what}\n{self.diagnostics()}")
            waiter = loop.create_future()
            bucket = self._waiters.setdefault(channel, set())
            bucket.add(waiter)
            timer = loop.call_later(min(remaining, 0.25), _wake, waiter)
            try:
                await waiter
            finally:
                timer.cancel()
                bucket.discard(waiter)

    async def settle(self, quiet: float = 0.2, timeout: float = 5.0) -> None:
        """Until no request is in flight and nothing happened for ``quiet`` seconds.

        A heuristic for asserting an absence ("no second message was posted") after the expected messages
        were waited for: a bot rendering in a thread for longer than ``quiet`` looks settled."""
        deadline = self.now() + timeout
        while True:
            self.check_health()
            busy = self.answers_held > 0 or any(r.finished == 0.0 for r in self.requests[-64:])
            idle_for = self.now() - self._last_activity
            if not busy and idle_for >= quiet:
                return
            if self.now() > deadline:
                raise StubFailure(f"the bot did not settle within {timeout}s\n{self.diagnostics()}")
            await asyncio.sleep(max(0.01, min(quiet - idle_for if not busy else quiet / 4, quiet)))

    # --- building interactions (used by the driver) -----------------------------------------------
    def new_interaction(self, itype: int, user: StubUser, channel: StubChannel, data: dict[str, Any],
                        message: StubMessage | None = None) -> InteractionRecord:
        w = self.world
        iid = self.ids.next()
        token = f"stub.{iid}.{secrets.token_urlsafe(24)}"
        channel_payload = channel.payload()
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(w.application_id), "type": itype, "data": data,
            "token": token, "version": 1, "channel_id": str(channel.id), "channel": channel_payload,
            "app_permissions": str(w.permissions(channel, w.bot)), "locale": user.locale,
            "entitlements": [], "attachment_size_limit": self.attachment_size_limit,
        }
        if channel.is_dm:
            if channel.recipient is not user:
                raise StubFailure(f"{user.username} cannot act in the DM of {channel.recipient.username}")
            payload["user"] = user.payload()
            payload["authorizing_integration_owners"] = {"0": "0"}
            payload["context"] = 1
        else:
            if user.id not in w.guild.members:
                raise StubFailure(f"{user.username} is not a member of the test guild")
            guild = w.guild_of(channel)
            perms = guild.permissions_in(channel, user.id)
            if not perms & perm_bits(view_channel=True):
                raise StubFailure(f"{user.username} cannot see channel {channel.name}")
            channel_payload["permissions"] = str(perms)
            payload["guild_id"] = str(guild.id)
            payload["guild"] = guild.partial_payload()
            payload["guild_locale"] = guild.locale
            payload["member"] = guild.members[user.id].payload() | {"permissions": str(perms)}
            payload["authorizing_integration_owners"] = {"0": str(guild.id)}
            payload["context"] = 0
        if message is not None:
            payload["message"] = self.message_payload(message)
        return InteractionRecord(stub=self, id=iid, token=token, type=itype, user=user, channel=channel,
                                 payload=payload, seq=self._bump(), message=message)


__all__ = ["DEFAULT_TOKEN", "DiscordStub", "GatewaySession", "RequestRecord", "StubFailure"]


def _wake(waiter: asyncio.Future) -> None:
    if not waiter.done():
        waiter.set_result(None)
