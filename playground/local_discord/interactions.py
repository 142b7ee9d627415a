"""One dispatched interaction as the stand-in tracks it: payload sent, acknowledgement, messages produced.

Tests hold these handles to wait for "the bot acknowledged", "the deferred answer arrived", "the n-th
follow-up", and to measure latencies (loop time of dispatch, of the ack, of each message).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .messages import StubMessage
from .world import StubChannel, StubUser

if TYPE_CHECKING:
    from .server import DiscordStub

PING, APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 1, 2, 3, 4, 5
# callback types
CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE = 4, 5, 6, 7
AUTOCOMPLETE_RESULT, MODAL = 8, 9


@dataclass(eq=False)
class InteractionRecord:
    stub: DiscordStub
    id: int
    token: str
    type: int
    user: StubUser
    channel: StubChannel
    payload: dict[str, Any]
    seq: int  # stand-in event counter when created; messages with a higher seq came after it
    message: StubMessage | None = None  # the message a component lives on
    dispatched_at: float | None = None  # loop.time() when the gateway frame was written
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    acked_at: float | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None  # autocomplete result
    modal: dict[str, Any] | None = None
    rejections: list[str] = field(default_factory=list)  # refused callbacks / follow-ups for this interaction
    edited_ids: list[int] = field(default_factory=list)  # messages this interaction's token edited (in place)

    @property
    def acked(self) -> bool:
        return self.callback_type is not None

    @property
    def ack_latency(self) -> float | None:
        if self.acked_at is None or self.dispatched_at is None:
            return None
        return self.acked_at - self.dispatched_at

    def latency_to(self, message: StubMessage) -> float:
        """Seconds from the dispatch of this interaction to the message's last change (creation or edit)."""
        if self.dispatched_at is None:
            raise AssertionError(f"{self.describe()} was never written to the gateway")
        return max(message.created_mono, message.updated_mono) - self.dispatched_at

    @property
    def ephemeral(self) -> bool:
        """Whether the (deferred) response is ephemeral."""
        original = self.original
        return bool(original and original.ephemeral and original.interaction_id == self.id)

    @property
    def original(self) -> StubMessage | None:
        return self.stub.message_by_id(self.original_id) if self.original_id is not None else None

    @property
    def followups(self) -> list[StubMessage]:
        return [m for m in (self.stub.message_by_id(i) for i in self.followup_ids) if m is not None]

    @property
    def messages(self) -> list[StubMessage]:
        """Every message this interaction's token created (original response first), in order."""
        out = []
        if self.original is not None and self.original.interaction_id == self.id:
            out.append(self.original)
        out += [m for m in self.followups if m not in out]
        return out

    # --- waiting ------------------------------------------------------------------------------
    async def wait_ack(self, timeout: float = 5.0) -> InteractionRecord:
        """Until the bot answered the callback (any type). Raises on timeout with diagnostics."""
        await self.stub.wait_until(lambda: self.acked or None, timeout, f"ack of {self.describe()}", channel=self.channel.id)
        return self

    async def wait_response(self, timeout: float = 5.0) -> StubMessage:
        """The first thing the user sees: the message, the filled-in deferred answer, or the updated message."""
        await self.wait_ack(timeout)

        def ready() -> StubMessage | None:
            ct = self.callback_type
            if ct == CHANNEL_MESSAGE or ct == UPDATE_MESSAGE:
                return self.original
            if ct == DEFERRED_CHANNEL_MESSAGE:
                o = self.original
                return o if o is not None and not o.loading else None
            if ct == DEFERRED_UPDATE:
                if self.followups:
                    return self.followups[0]
                m = self.message
                if m is not None and m.edits and m.updated_seq > self.seq:
                    return m
                return None
            raise AssertionError(f"{self.describe()} was answered with callback type {ct}; no message to wait for")

        return await self.stub.wait_until(ready, timeout, f"response to {self.describe()}", channel=self.channel.id)

    async def wait_followup(self, index: int = 0, timeout: float = 5.0) -> StubMessage:
        """The ``index``-th follow-up (after a deferral the first follow-up fills in the loading message)."""

        def ready() -> StubMessage | None:
            f = self.followups
            return f[index] if len(f) > index else None

        return await self.stub.wait_until(ready, timeout, f"follow-up #{index} of {self.describe()}", channel=self.channel.id)

    def channel_posts(self) -> list[StubMessage]:
        """Public messages the bot posted into this interaction's channel after it, outside the interaction
        (plain channel messages, e.g. turn posts delivered from an outbox)."""
        return [m for m in self.stub.messages(self.channel, after=self.seq)
                if m.interaction_id is None and not m.ephemeral and m.author.id == self.stub.world.bot.id]

    def public_posts(self) -> list[StubMessage]:
        """Every public message the bot made in this interaction's channel after it: channel messages and the
        public follow-ups of any interaction (a new live message is a follow-up of the click that made it due)."""
        return [m for m in self.stub.messages(self.channel, after=self.seq)
                if not m.ephemeral and m.author.id == self.stub.world.bot.id and not m.loading]

    async def wait_followup_or_post(self, index: int = 0, timeout: float = 5.0) -> StubMessage:
        """Whichever comes first: the ``index``-th follow-up of this interaction, or a public channel post
        after it (a step that went public is announced by a channel post, not a follow-up)."""

        def ready() -> StubMessage | None:
            f = [m for m in self.followups if not m.loading]
            if len(f) > index:
                return f[index]
            posts = self.channel_posts()
            return posts[0] if posts else None

        return await self.stub.wait_until(ready, timeout, f"follow-up #{index} or a channel post after {self.describe()}", channel=self.channel.id)

    async def wait_choices(self, timeout: float = 5.0) -> list[dict[str, Any]]:
        await self.wait_ack(timeout)
        if self.callback_type != AUTOCOMPLETE_RESULT or self.choices is None:
            raise AssertionError(f"{self.describe()} expected autocomplete choices, got callback {self.callback_type}")
        return self.choices

    def describe(self) -> str:
        kind = {APPLICATION_COMMAND: "command", MESSAGE_COMPONENT: "component", AUTOCOMPLETE: "autocomplete",
                MODAL_SUBMIT: "modal"}.get(self.type, str(self.type))
        data = self.payload.get("data", {})
        what = data.get("name") or data.get("custom_id")
        return f"interaction {self.id} ({kind} {what!r} by {self.user.username} in channel {self.channel.id})"
