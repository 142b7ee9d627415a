"""Lost answers: calls through one interaction token stay within the webhook limit even when answers are lost (a
lost answer brings no rate-limit headers, so discord.py cannot pace by them), and an edit sent again cannot land
after a newer edit of the same message, nor an edit made as the answer to a click (a narrowed menu)."""
from __future__ import annotations

import asyncio
import contextlib
import time

import aiohttp
import pytest
from discord.webhook import async_ as webhook_async

from cogs import core, transport
from cogs.outbox import Editor, answer_by_edit

EDIT = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"


def edit_route(token: str) -> webhook_async.Route:
    return webhook_async.Route("PATCH", EDIT, webhook_id=1, webhook_token=token, message_id=2)


@pytest.fixture
def discord_side(monkeypatch):
    """What reaches "Discord" (token, time), in place of discord.py's own request; each call listed in ``lose``
    (by its number) is carried out but its answer is lost; one listed in ``five_hundreds`` is answered 503, and
    discord.py sends it again itself."""
    monkeypatch.setattr(transport, "TOKEN_WINDOW_S", 0.3)
    monkeypatch.setattr(transport, "BACKOFF_S", (0.0, 0.0))
    calls: list[tuple[str, float]] = []
    lose: set[int] = set()
    five_hundreds: set[int] = set()

    async def arrives(self, route, session, **kwargs):      # discord.py's request: one HTTP request, or two
        for _ in range(2 if len(calls) in five_hundreds else 1):  # (a 503, which it sends again itself)
            async with session.request(route.method, route.url):
                calls.append((route.webhook_token, time.monotonic()))
        if len(calls) - 1 in lose:
            raise aiohttp.ServerDisconnectedError()
        return {"id": "2"}

    monkeypatch.setattr(webhook_async.AsyncWebhookAdapter, "request", arrives)
    return calls, lose, five_hundreds


class Session:
    """What discord.py sends through: ``async with session.request(...)``."""

    def request(self, method, url):
        return contextlib.nullcontext()


async def test_edits_whose_answers_are_lost_stay_within_the_token_limit(discord_side):
    calls, lose, five_hundreds = discord_side
    five_hundreds.add(1)                       # the second request is answered 503 and sent again by discord.py
    lose.update({0, 2, 4, 5, 7, 8})            # three edits, each sent three times, two answers lost
    adapter = transport.SureInteractionAdapter()
    for _ in range(3):
        assert await adapter.request(edit_route("a"), Session()) == {"id": "2"}
    times = [at for _, at in calls]
    assert len(times) == 10
    window = transport.TOKEN_WINDOW_S
    for i in range(transport.TOKEN_CALLS, len(times)):  # never more than the limit in one window
        assert times[i] - times[i - transport.TOKEN_CALLS] >= window - 0.01, (i, times)


async def test_another_token_and_the_callback_are_not_held_up(discord_side):
    calls, _, _ = discord_side
    adapter = transport.SureInteractionAdapter()
    for _ in range(transport.TOKEN_CALLS):
        await adapter.request(edit_route("a"), Session())
    start = time.monotonic()
    await adapter.request(edit_route("b"), Session())
    callback = webhook_async.Route("POST", "/interactions/{webhook_id}/{webhook_token}/callback",
                                   webhook_id=3, webhook_token="a")
    await adapter.request(callback, Session())
    assert time.monotonic() - start < transport.TOKEN_WINDOW_S / 2
    await adapter.request(edit_route("a"), Session())  # the sixth through "a" waits for its window
    assert time.monotonic() - calls[0][1] >= transport.TOKEN_WINDOW_S - 0.01


class SlowInteraction:
    """An interaction whose edits of its original response take ``delay`` seconds (a send tried again)."""

    def __init__(self, delay: float, shown: list[str]):
        self.extras: dict = {}
        self.delay = delay
        self.shown = shown

    async def edit_original_response(self, **fields):
        await asyncio.sleep(self.delay)
        self.shown.append(fields["content"])


async def test_an_edit_sent_again_cannot_land_after_a_newer_one():
    shown: list[str] = []
    older = asyncio.create_task(Editor(SlowInteraction(0.2, shown), 5, True).edit(content="menu of step 1"))
    await asyncio.sleep(0.01)
    await Editor(SlowInteraction(0.0, shown), 5, True).edit(content="step 2 played")
    await older
    assert shown == ["menu of step 1", "step 2 played"]   # the message ends showing the newer edit


async def test_edits_of_other_messages_do_not_wait():
    shown: list[str] = []
    older = asyncio.create_task(Editor(SlowInteraction(0.2, shown), 5, True).edit(content="slow"))
    await asyncio.sleep(0.01)
    await Editor(SlowInteraction(0.0, shown), 6, True).edit(content="other message")
    assert shown == ["other message"]
    await older


class Click:
    """A click on message ``message_id``, answered in place (UPDATE_MESSAGE) or, once deferred, by an edit."""

    class Response:
        def __init__(self, shown: list[str]):
            self.shown = shown
            self.kind: str | None = None

        def is_done(self) -> bool:
            return self.kind is not None

        async def defer(self):
            self.kind = "deferred"

        async def edit_message(self, **fields):
            self.kind = "updated"
            self.shown.append(fields["content"])

    def __init__(self, message_id: int, shown: list[str]):
        self.extras: dict = {}
        self.message = type("Message", (), {"id": message_id})()
        self.response = self.Response(shown)
        self.shown = shown

    async def edit_original_response(self, **fields):
        self.shown.append(fields["content"])


@pytest.mark.parametrize("wait", [0.05, 0.3])
async def test_a_click_answered_in_place_lands_after_an_edit_in_flight(monkeypatch, wait):
    monkeypatch.setattr(core, "DEFER_AFTER", 0.15)
    shown: list[str] = []
    older = asyncio.create_task(Editor(SlowInteraction(wait, shown), 5, True).edit(content="menu of step 2"))
    await asyncio.sleep(0.01)
    click = Click(5, shown)
    await answer_by_edit(click, content="narrowed menu of step 2")
    await older
    assert shown == ["menu of step 2", "narrowed menu of step 2"]
    # answered in place when the wait was short; acknowledged by the timer, then edited, when it was long
    assert click.response.kind == ("updated" if wait < core.DEFER_AFTER else "deferred")
