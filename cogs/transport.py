"""Calls through an interaction's token when Discord's answer is lost on the way back.

A request can reach Discord, be carried out, and still end for the bot in a dropped connection or a timeout:
the bot cannot tell whether it took effect. discord.py retries 5xx answers itself but not these. For the calls
that answer clicks and commands this matters everywhere (some fifty call sites), so it is handled once, in the
adapter discord.py sends every interaction call through:

* an interaction callback (the answer to a click or a command) is sent again; Discord answers a second callback
  with "already acknowledged" (40060) when the first one was carried out, which is then the answer: the
  response counts as given, the message it carried is simply not known;
* an edit (PATCH), a read (GET) or a delete through the interaction token is the same request again: sent again;
* a follow-up (POST) is not: a second one would be a second message. The caller decides (the courier looks for
  the post it may have made, see ``cogs.outbox``); a private note may be missing, never doubled.

A lost answer also loses its rate-limit headers, by which discord.py paces the calls of one token: a retry right
after two lost edits could be the one too many (a 429, an invalid request). So the adapter counts what it sends
through each interaction token itself, every HTTP request (discord.py's own retries included), and keeps to the
webhook limit (:meth:`SureInteractionAdapter.pace`).

The adapter lives in discord.py's ``async_context`` (the module-level context variable its interactions and
webhooks read their adapter from); :func:`install` sets it for the tasks the bot starts afterwards.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from typing import Any

import aiohttp
import cachetools
import discord
from discord.webhook import async_ as webhook_async

log = logging.getLogger(__name__)

#: Failures that leave it open whether the request was carried out.
LOST_ANSWER = (asyncio.TimeoutError, aiohttp.ClientError, OSError)
#: Everything after which a send may or may not have taken effect (a 5xx after discord.py's own retries too).
UNSURE = (discord.DiscordServerError, *LOST_ANSWER)
#: Tries of a call that may be repeated, and the pauses between them (an interaction must be answered within 3 s).
TRIES = 3
BACKOFF_S = (0.1, 0.4)
#: What an error answer can blame on Discord (not OSError at large: a missing font is ours).
DISCORD_FAILED = (discord.DiscordServerError, aiohttp.ClientError, ConnectionError, asyncio.TimeoutError)
#: Discord's code for a second callback to one interaction.
ALREADY_ACKNOWLEDGED = 40060
#: Calls through one interaction token (follow-ups, edits, reads; not the callback) per window: Discord publishes
#: no number for webhooks, 5 per 2 s is what they commonly show. The window has a margin, since a call is counted
#: here when it leaves and by Discord when it arrives.
TOKEN_CALLS = 5
TOKEN_WINDOW_S = 2.2
#: Tokens whose calls are remembered at once (each only for a window after its last call).
TOKENS_REMEMBERED = 10_000


def is_callback(route: Any) -> bool:
    return route.method == "POST" and route.url.endswith("/callback")


class SureInteractionAdapter(webhook_async.AsyncWebhookAdapter):
    """discord.py's webhook adapter, trying once more where the answer of a call that may be repeated was lost."""

    def __init__(self) -> None:
        super().__init__()
        #: token -> when its last calls left (at most TOKEN_CALLS), dropped a window after the last one
        self._sent: cachetools.TTLCache[str, deque[float]] = cachetools.TTLCache(
            maxsize=TOKENS_REMEMBERED, ttl=TOKEN_WINDOW_S, timer=time.monotonic)

    async def pace(self, route: Any) -> None:
        """Wait until one more call through ``route``'s token stays within its limit, and count it."""
        token = getattr(route, "webhook_token", None)
        if token is None or is_callback(route):
            return
        while True:
            sent = self._sent.get(token) or deque(maxlen=TOKEN_CALLS)
            wait = TOKEN_WINDOW_S - (time.monotonic() - sent[0]) if len(sent) == TOKEN_CALLS else 0.0
            if wait <= 0:
                sent.append(time.monotonic())
                self._sent[token] = sent  # (again: its window starts over)
                return
            await asyncio.sleep(wait)

    async def request(self, route: Any, session: aiohttp.ClientSession, **kwargs: Any) -> Any:
        paced = _PacedSession(session, functools.partial(self.pace, route))  # discord.py's own retries count too
        for attempt in range(TRIES):
            try:
                return await super().request(route, paced, **kwargs)  # type: ignore[arg-type]
            except LOST_ANSWER as error:
                if (route.method == "POST" and not is_callback(route)) or attempt + 1 == TRIES:
                    raise
                log.info("%s %s: answer lost (%r), sending it again", route.method, route.path, error)
            except discord.HTTPException as error:
                if attempt > 0 and is_callback(route) and error.code == ALREADY_ACKNOWLEDGED:
                    # an earlier try was carried out; what it answered is unknown, not missing
                    return {"interaction": {"id": str(route.webhook_id), "type": 0}}
                raise
            for file in kwargs.get("files") or ():
                file.reset(seek=True)
            await asyncio.sleep(BACKOFF_S[attempt])
        raise AssertionError("unreachable")


class _PacedSession:
    """The session discord.py's adapter sends through, each HTTP request of it (its own retries of a 5xx or a 429
    included) first waiting its turn in the token's window (:meth:`SureInteractionAdapter.pace`)."""

    def __init__(self, session: aiohttp.ClientSession, pace: Callable[[], Awaitable[None]]):
        self._session = session
        self._pace = pace

    @contextlib.asynccontextmanager
    async def request(self, *args: Any, **kwargs: Any) -> AsyncIterator[aiohttp.ClientResponse]:
        await self._pace()
        async with self._session.request(*args, **kwargs) as response:
            yield response

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)


@contextlib.contextmanager
def answer_may_be_lost(what: str) -> Iterator[None]:
    """Around a private answer sent after a move was committed: if Discord's answer to it is lost, the player
    may or may not have seen it, and the move's public consequences must still be delivered."""
    try:
        yield
    except UNSURE as error:
        log.warning("%s: Discord's answer was lost (%r); going on", what, error)


def install() -> None:
    """Route this task's (and the tasks it starts later) interaction calls through :class:`SureInteractionAdapter`."""
    if not isinstance(webhook_async.async_context.get(), SureInteractionAdapter):
        webhook_async.async_context.set(SureInteractionAdapter())
