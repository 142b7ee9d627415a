"""Discord's rate limits for the stand-in, the count of invalid requests, injected faults, and call counters.

What Discord publishes (developers/topics/rate-limits, interactions/receiving-and-responding):

* **Global**: 50 requests per second per bot token. Interaction endpoints (the callback, and everything
  under ``/webhooks/{application_id}/{interaction_token}``) are not bound to it. A global 429 carries
  ``X-RateLimit-Global: true`` and ``X-RateLimit-Scope: global``.
* **Per route**: buckets keyed by the route and its top-level resource (channel, guild, webhook id + token),
  announced on every answer with ``X-RateLimit-Limit/Remaining/Reset/Reset-After/Bucket``; routes sharing a
  limit answer the same bucket hash. A 429 carries ``Retry-After``, ``X-RateLimit-Scope`` (``user``, or
  ``shared`` for a per-resource limit) and the JSON ``{"message", "retry_after", "global"}``. Real 429s come
  through Discord's proxy and carry a ``Via`` header: discord.py treats a 429 without one as a Cloudflare
  ban and raises instead of retrying, so every answer here carries ``Via``.
* **Invalid requests**: answers 401, 403 and 429 (except scope ``shared``) count; 10,000 in 10 minutes get
  the address banned by Cloudflare (a 429 without ``Via`` and without JSON).

Discord publishes no numbers for the route buckets. The defaults below are the commonly observed ones and
are parameters (``DiscordStub(rate_limits=RateLimits(...))``) so a test can tighten them.

Every REST request is also counted as ``bot`` (a bot-token route, bound to the global limit) or
``interaction`` (the callback and interaction-webhook routes), with its channel: ``stub.call_counts()``.
"""

from __future__ import annotations

import asyncio
import hashlib
import math
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

from .faults import Fault, Faults, InjectedFault
from .records import RequestRecord, StubFailure, dumps

BOT, INTERACTION = "bot", "interaction"
VIA = "1.1 google"  # what Discord's answers carry (they pass through Google's load balancer)

CALLBACK_ROUTE = "POST /interactions/{interaction_id}/{token}/callback"
CHANNEL_MESSAGE_ROUTES = ("POST /channels/{channel_id}/messages", "PATCH /channels/{channel_id}/messages/{message_id}")

Inner = Callable[[web.Request], Awaitable[web.StreamResponse]]


@dataclass(frozen=True)
class RouteLimit:
    """``limit`` requests per ``per`` seconds in one bucket (a fixed window that opens with its first request)."""

    limit: int
    per: float


@dataclass
class RateLimits:
    enabled: bool = True
    #: Discord's published global limit per bot token.
    global_per_second: int = 50
    #: Message create and edit in one channel share a bucket. Discord publishes no number; 5 per 5 s per
    #: channel is what bots commonly observe.
    channel_messages: RouteLimit = RouteLimit(5, 5.0)
    #: Interaction webhooks (follow-ups, edits of responses) "share the same rate limit properties as normal
    #: webhooks"; 5 per 2 s per webhook token is what is commonly observed for webhooks. One bucket for all
    #: routes of one interaction token (discord.py's webhook client sends them one at a time anyway).
    webhook: RouteLimit = RouteLimit(5, 2.0)
    #: Every other bot route, per route and top-level resource: no published number either; 5 per 1 s
    #: (what message deletes and most reads commonly show).
    other_routes: RouteLimit = RouteLimit(5, 1.0)
    #: Discord's published invalid-request limit (401, 403, 429 not shared) before a Cloudflare ban.
    invalid_limit: int = 10_000
    invalid_window: float = 600.0
    #: Interaction tokens are valid for 15 minutes.
    token_lifetime: float = 15 * 60.0
    #: How long ``enforce_nonce`` remembers a nonce ("the past few minutes").
    nonce_window: float = 5 * 60.0

    @classmethod
    def off(cls) -> RateLimits:
        """No rate limits (token expiry, nonces and the invalid-request count still apply)."""
        return cls(enabled=False)


@dataclass(slots=True)
class Call:
    """One REST request as the counters see it."""

    at: float
    kind: str
    route: str
    channel_id: int | None
    status: int = 0


@dataclass(slots=True)
class InvalidRequest:
    at: float
    route: str
    path: str
    status: int
    injected: bool = False

    def __repr__(self) -> str:
        return f"<invalid {self.status} {self.route} ({self.path}){' injected' if self.injected else ''}>"


@dataclass(slots=True)
class _Window:
    opened: float
    count: int = 0


@dataclass
class _Bucket:
    name: str
    limit: RouteLimit
    major: str
    hash: str = field(init=False)

    def __post_init__(self) -> None:
        self.hash = hashlib.sha1(self.name.encode()).hexdigest()[:16]


def classify(route: str) -> str:
    return INTERACTION if route == CALLBACK_ROUTE or route.split(" ", 1)[1].startswith("/webhooks/") else BOT


class RateLimitedApi:
    """Mixin of ``DiscordStub``: wraps every REST route's handler (``_limited``) with the limits and faults."""

    def _init_limits(self, limits: RateLimits | None, fault_seed: int) -> None:
        self.rate_limits = limits if limits is not None else RateLimits()
        self.faults = Faults(fault_seed)
        self.invalid_requests: list[InvalidRequest] = []
        #: interactions whose callback was processed but whose answer an injected timeout swallowed
        self.lost_callback_answers: set[str] = set()
        #: answers an ``answer_late`` fault is holding: the bot is still waiting for them (``settle`` waits too)
        self.answers_held = 0
        self.calls: list[Call] = []
        self._expected_invalid = 0
        self._global_times: deque[float] = deque()
        self._windows: dict[tuple[str, str], _Window] = {}
        self._clock_offset = 0.0

    # --- the one hook in the REST routing -------------------------------------------------------------
    def _limited(self, route: str, inner: Inner) -> Inner:
        """``inner`` (the recorded route handler) behind Discord's limits and the injected faults."""
        kind = classify(route)

        async def guarded(request: web.Request) -> web.StreamResponse:
            now = self.now()
            call = Call(now, kind, route, self._call_channel(request, kind))
            self.calls.append(call)
            bucket = self._bucket(route, request) if self.rate_limits.enabled else None
            early = self._refuse(request, route, kind, call, bucket, now)
            if early is not None:
                call.status = early.status
                return early
            response = await inner(request)
            call.status = response.status
            if bucket is not None:
                self._window_headers(response.headers, bucket, self.now())
            response.headers["Via"] = VIA
            self._count_invalid(route, request.path, response.status)
            fault = self.faults.pick(route, kind, call.channel_id, after=True)
            if fault is not None and fault.answer_late:
                self.faults.record(self.now(), route, request.path, fault)
                self.answers_held += 1
                try:
                    await asyncio.sleep(fault.hold)
                finally:
                    self.answers_held -= 1
                    self._last_activity = self.now()
            elif fault is not None:
                await self._go_silent(request, route, fault)
            return response

        return guarded

    def _refuse(self, request: web.Request, route: str, kind: str, call: Call, bucket: _Bucket | None,
                now: float) -> web.Response | None:
        """The answer instead of processing, if any: a Cloudflare ban, a global or route 429, a status fault."""
        limits = self.rate_limits
        if self.invalid_in_window() >= limits.invalid_limit:
            return self._answer(request, route, web.Response(
                status=429, text="error code: 1015", headers={"Retry-After": "600"}), via=False)  # a ban: no Via
        if limits.enabled and kind == BOT and request.headers.get("Authorization") == f"Bot {self.token}":
            times = self._global_times
            while times and times[0] <= now - 1.0:
                times.popleft()
            if len(times) >= limits.global_per_second:
                retry = max(0.001, times[0] + 1.0 - now)
                return self._rate_limited(request, route, retry, scope="global", bucket=None, now=now)
            times.append(now)
        if bucket is not None:
            window = self._window(bucket, now)
            if window.count >= bucket.limit.limit:
                retry = max(0.001, window.opened + bucket.limit.per - now)
                return self._rate_limited(request, route, retry, scope="user", bucket=bucket, now=now)
            window.count += 1
        fault = self.faults.pick(route, kind, call.channel_id, after=False)
        if fault is None:
            return None
        self.faults.record(now, route, request.path, fault)
        if fault.status == 429:
            return self._rate_limited(request, route, fault.retry_after, scope=fault.scope, bucket=bucket,
                                      now=now, injected=True)
        names = {500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"}
        response = _json_response(fault.status, {"message": f"{fault.status}: {names[fault.status]}", "code": 0})
        if bucket is not None:
            self._window_headers(response.headers, bucket, now)
        return self._answer(request, route, response)

    def _rate_limited(self, request: web.Request, route: str, retry_after: float, *, scope: str,
                      bucket: _Bucket | None, now: float, injected: bool = False) -> web.Response:
        body = {"message": "You are being rate limited.", "retry_after": round(retry_after, 3),
                "global": scope == "global"}
        response = _json_response(429, body)
        headers = response.headers
        headers["Retry-After"] = str(max(1, math.ceil(retry_after)))
        headers["X-RateLimit-Scope"] = scope
        if scope == "global":
            headers["X-RateLimit-Global"] = "true"
        elif bucket is not None:
            self._window_headers(headers, bucket, now)
        if scope != "shared":
            self.invalid_requests.append(InvalidRequest(now, route, request.path, 429, injected))
        return self._answer(request, route, response)

    def _answer(self, request: web.Request, route: str, response: web.Response, *, via: bool = True) -> web.Response:
        """Record a request answered without being processed, as the route handler records the others."""
        if via:
            response.headers["Via"] = VIA
        now = self.now()
        body: Any = response.text
        record = RequestRecord(request.method, request.path, route, dict(request.match_info), dict(request.query),
                               status=response.status, response=body, started=now, finished=now)
        self.requests.append(record)
        self._notify()
        return response

    async def _go_silent(self, request: web.Request, route: str, fault: Fault) -> None:
        """The request was processed; its answer never comes: hold it, then close the connection."""
        self.faults.record(self.now(), route, request.path, fault)
        if route == CALLBACK_ROUTE:     # a second try of this callback is told it was acknowledged (40060)
            self.lost_callback_answers.add(request.match_info.get("interaction_id", ""))
        if fault.hold > 0:
            await asyncio.sleep(fault.hold)
        if request.transport is not None:
            request.transport.close()
        raise web.HTTPServiceUnavailable()  # never written: the connection is gone

    # --- buckets ----------------------------------------------------------------------------------------
    def _bucket(self, route: str, request: web.Request) -> _Bucket | None:
        limits, params = self.rate_limits, request.match_info
        if route == CALLBACK_ROUTE:
            return None  # one callback per interaction: no bucket, no global limit
        if route in CHANNEL_MESSAGE_ROUTES:
            return _Bucket("channel messages", limits.channel_messages, params["channel_id"])
        if classify(route) == INTERACTION:
            return _Bucket("webhook", limits.webhook, f"{params['application_id']}+{params['token']}")
        major = params.get("channel_id") or params.get("guild_id") or ""
        return _Bucket(route, limits.other_routes, major)

    def _window(self, bucket: _Bucket, now: float) -> _Window:
        key = (bucket.name, bucket.major)
        window = self._windows.get(key)
        if window is None or now >= window.opened + bucket.limit.per:
            window = self._windows[key] = _Window(now)
        return window

    def _window_headers(self, headers: Any, bucket: _Bucket, now: float) -> None:
        window = self._window(bucket, now)
        reset_after = max(0.0, window.opened + bucket.limit.per - now)
        headers["X-RateLimit-Limit"] = str(bucket.limit.limit)
        headers["X-RateLimit-Remaining"] = str(max(0, bucket.limit.limit - window.count))
        headers["X-RateLimit-Reset"] = f"{time.time() + reset_after:.3f}"
        headers["X-RateLimit-Reset-After"] = f"{reset_after:.3f}"
        headers["X-RateLimit-Bucket"] = bucket.hash

    # --- invalid requests -------------------------------------------------------------------------------
    def _count_invalid(self, route: str, path: str, status: int) -> None:
        if status in (401, 403, 429):
            self.invalid_requests.append(InvalidRequest(self.now(), route, path, status))

    def invalid_in_window(self) -> int:
        """Invalid requests (401, 403, 429 not shared) in the last 10 minutes of stand-in time."""
        since = self.now() - self.rate_limits.invalid_window
        return sum(1 for r in self.invalid_requests if r.at > since)

    def expect_invalid(self, count: int = 1) -> None:
        """The test provokes ``count`` more invalid requests on purpose: ``problems()`` lets them pass."""
        self._expected_invalid += count

    def _limit_problems(self) -> list[str]:
        unexpected = [r for r in self.invalid_requests if not r.injected]
        if len(unexpected) <= self._expected_invalid:
            return []
        by_kind: dict[str, int] = {}
        for r in unexpected:
            key = f"{r.status} {r.route}"
            by_kind[key] = by_kind.get(key, 0) + 1
        listing = ", ".join(f"{key} x{n}" for key, n in sorted(by_kind.items()))
        return [f"{len(unexpected)} invalid requests (401/403/429; {self._expected_invalid} expected), "
                f"{self.invalid_in_window()} in the last 10 minutes: {listing}"]

    # --- counters ---------------------------------------------------------------------------------------
    def _call_channel(self, request: web.Request, kind: str) -> int | None:
        params = request.match_info
        if kind == INTERACTION:
            ix = self._by_token.get(params.get("token", ""))
            return ix.channel.id if ix is not None else None
        raw = params.get("channel_id")
        return int(raw) if raw and raw.isdigit() else None

    def calls_mark(self) -> int:
        """Pass as ``since=`` to count only the calls made from now on (e.g. after login and command sync)."""
        return len(self.calls)

    def call_counts(self, since: int = 0, *, channel: Any = None) -> dict[str, int]:
        """REST calls by kind: ``{"bot": n, "interaction": m}`` (``channel``: a channel or its id)."""
        cid = getattr(channel, "id", channel)
        out = {BOT: 0, INTERACTION: 0}
        for call in self.calls[since:]:
            if cid is None or call.channel_id == cid:
                out[call.kind] += 1
        return out

    def calls_by_channel(self, since: int = 0) -> dict[int | None, dict[str, int]]:
        """REST calls by channel id (None: calls about no channel, like login) and kind."""
        out: dict[int | None, dict[str, int]] = {}
        for call in self.calls[since:]:
            counts = out.setdefault(call.channel_id, {BOT: 0, INTERACTION: 0})
            counts[call.kind] += 1
        return out

    # --- time and the gateway ---------------------------------------------------------------------------
    def advance_clock(self, seconds: float) -> None:
        """Move the stand-in's clock forward (token expiry, nonce memory, buckets, the invalid-request window);
        timers of the event loop are not affected."""
        self._clock_offset += seconds
        self._notify()

    def token_expired(self, dispatched_at: float | None) -> bool:
        return dispatched_at is not None and self.now() - dispatched_at > self.rate_limits.token_lifetime

    async def drop_gateway(self, *, resume_timeout: float | None = 10.0) -> Any:
        """Cut the bot's gateway connection without a close frame (a network failure): the bot must RESUME.
        Waits for the resume (``resume_timeout=None``: returns at once) and returns the new session."""
        old = self.active_session
        if old is None or old.transport is None:
            raise StubFailure("no bot is connected to the gateway")
        self.faults.injected.append(InjectedFault(self.now(), "GATEWAY", "/gateway-ws", "dropped connection"))
        old.dropped = True
        old.transport.abort()
        if resume_timeout is None:
            return None
        return await self.wait_until(
            lambda: (s := self.active_session) is not None and s is not old and s.resumed and s, resume_timeout,
            "the bot to resume its gateway session after the dropped connection")


def _json_response(status: int, body: Any) -> web.Response:
    return web.Response(status=status, body=dumps(body), headers={"Content-Type": "application/json"})
