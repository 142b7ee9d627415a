"""What a test does with the stand-in: act as users (commands, clicks, selects) and read what the bot sent.

Every action is a real INTERACTION_CREATE over the gateway with the payload shape Discord uses; the
driver refuses actions a Discord client would not allow (clicking a disabled button, a button on someone
else's ephemeral message, a value not offered by a select, a command not offered in that context).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .commands import CommandUnavailable, build_command_data
from .gateway import INTENT_GUILD_MEMBERS, INTENT_GUILDS
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    InteractionRecord,
)
from .messages import StubMessage
from .world import StubChannel, StubRole, StubUser

if TYPE_CHECKING:
    from .server import DiscordStub


class ActionRefused(AssertionError):
    """The Discord client would not let the user do this."""


class Driver:
    """Mixin of ``DiscordStub``: the test-facing API (acting as users, reading what the bot sent)."""

    # --- the world --------------------------------------------------------------------------------
    def add_user(self: DiscordStub, username: str, **kw: Any) -> StubUser:
        """A guild member (``member=False`` for a DM-only user, ``moderator=True`` for Manage Channels)."""
        return self.world.add_user(username, **kw)

    def add_channel(self: DiscordStub, name: str) -> StubChannel:
        return self.world.add_channel(name)

    def delete_channel(self: DiscordStub, channel: StubChannel) -> None:
        """A moderator deletes a channel or a thread, and Discord tells the bot as it does: THREAD_DELETE for a
        thread (its id, guild, parent and type), CHANNEL_DELETE for a channel (the channel; its threads go with it,
        with no event of their own). Requests there answer 404 Unknown Channel (10003) from now on. A deletion the
        bot does not see (it was down) is ``stub.world.delete_channel(channel)``."""
        self.world.delete_channel(channel)
        if channel.is_thread:
            self._emit_event("THREAD_DELETE", {"id": str(channel.id), "guild_id": str(channel.guild_id),
                                               "parent_id": str(channel.parent_id), "type": channel.type},
                             guild_id=channel.guild_id)
        else:
            self._emit_event("CHANNEL_DELETE", channel.payload(), guild_id=channel.guild_id)
        self._notify(channel.id)

    def update_thread(self: DiscordStub, thread: StubChannel, *, archived: bool | None = None,
                      locked: bool | None = None) -> None:
        """A moderator closes (archives), locks, reopens or unlocks a thread, or Discord archives it after its
        inactivity (``archived=True``): THREAD_UPDATE tells the bot, which then drops an archived thread from its
        cache (discord.py keeps active threads only)."""
        self._update_thread(thread, archived=archived, locked=locked)

    def update_role(self: DiscordStub, role: StubRole, permissions: int) -> None:
        """A server admin changes a role's permissions (Server Settings, Roles): GUILD_ROLE_UPDATE tells the bot (the
        Guilds intent), with the guild's id and the whole role."""
        role.permissions = permissions
        for guild in self.world.guilds.values():
            if role.id in guild.roles:         # the bot's role stands in every guild of the stand-in
                self._emit_event("GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.payload()},
                                 INTENT_GUILDS, guild_id=guild.id)

    def add_role(self: DiscordStub, name: str, permissions: int) -> StubRole:
        """A server admin creates a role in the test guild (above the others): GUILD_ROLE_CREATE tells the bot."""
        guild = self.guild
        role = StubRole(self.world.ids.next(), name, permissions, max(r.position for r in guild.roles.values()) + 1)
        guild.roles[role.id] = role
        self._emit_event("GUILD_ROLE_CREATE", {"guild_id": str(guild.id), "role": role.payload()}, INTENT_GUILDS,
                         guild_id=guild.id)
        return role

    def set_roles(self: DiscordStub, user: StubUser, role_ids: Sequence[int]) -> None:
        """A server admin gives a member other roles: GUILD_MEMBER_UPDATE (the guild's id and the member, with its
        user), which Discord sends for the bot's own member whatever its intents, for anyone else's only with the
        privileged Guild Members intent."""
        member = self.world.member(user)
        member.role_ids = list(role_ids)
        self._emit_event("GUILD_MEMBER_UPDATE", {"guild_id": str(self.guild.id), **member.payload()},
                         None if user.id == self.world.bot.id else INTENT_GUILD_MEMBERS, guild_id=self.guild.id)

    def dm_channel(self: DiscordStub, user: StubUser) -> StubChannel:
        """The user's DM with the bot (exists for the user even before the bot opens it)."""
        return self.world.dm_with(user)

    @property
    def guild(self: DiscordStub):
        return self.world.guild

    @property
    def bot_user(self: DiscordStub) -> StubUser:
        return self.world.bot

    @property
    def application_id(self: DiscordStub) -> int:
        return self.world.application_id

    def mark(self: DiscordStub) -> int:
        """The current event counter: pass as ``after=`` to only see what happens from now on."""
        return self._seq

    # --- acting as users ----------------------------------------------------------------------------
    async def _dispatch(self: DiscordStub, record: InteractionRecord) -> InteractionRecord:
        self.dispatch_interaction(record)
        await self.wait_until(lambda: record.dispatched_at is not None, 2.0, f"gateway write of {record.describe()}",
                              channel=record.channel.id)
        return record

    async def run_command(self: DiscordStub, user: StubUser, channel: StubChannel, path: str,
                          **options: Any) -> InteractionRecord:
        """``/path`` with options, e.g. ``run_command(alice, games, "rp new", players=2)``.

        Values: str/int/float/bool for plain options, ``StubUser`` for user options, ``StubChannel`` for
        channel options. Returns at once; wait on the handle for the bot's answer.
        """
        if channel.is_thread and channel.archived:
            raise ActionRefused(f"thread {channel.id} is archived: Discord offers no commands there")
        try:
            data = build_command_data(self.commands, self.world, user, channel, path, options)
        except CommandUnavailable as exc:
            raise ActionRefused(str(exc)) from None
        return await self._dispatch(self.new_interaction(APPLICATION_COMMAND, user, channel, data))

    async def autocomplete(self: DiscordStub, user: StubUser, channel: StubChannel, path: str, focused: str,
                           timeout: float = 5.0, **options: Any) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types into option ``focused`` (its partial value in options)."""
        try:
            data = build_command_data(self.commands, self.world, user, channel, path, options, focused=focused)
        except CommandUnavailable as exc:
            raise ActionRefused(str(exc)) from None
        ix = await self._dispatch(self.new_interaction(AUTOCOMPLETE, user, channel, data))
        return await ix.wait_choices(timeout)

    def _check_can_use(self: DiscordStub, user: StubUser, message: StubMessage) -> None:
        if message.deleted:
            raise ActionRefused(f"message {message.id} was deleted")
        if message.ephemeral and message.visible_to != user.id:
            raise ActionRefused(f"{user.username} cannot see ephemeral message {message.id}")
        current = self.message_by_id(message.id)
        if current is not message:
            raise ActionRefused(f"message {message.id} is not known to the stand-in")

    async def click(self: DiscordStub, user: StubUser, message: StubMessage, *, label: str | None = None,
                    custom_id: str | None = None) -> InteractionRecord:
        """Click the button with this label (or custom id) on the message as it is now."""
        self._check_can_use(user, message)
        try:
            button = message.button(label=label, custom_id=custom_id)
        except LookupError as exc:
            raise ActionRefused(str(exc)) from None
        if button.get("disabled"):
            raise ActionRefused(f"button {button.get('label')!r} is disabled")
        if button.get("style") in (5, 6):
            raise ActionRefused(f"button {button.get('label')!r} is a link/premium button; clicking sends nothing")
        data = {"custom_id": button["custom_id"], "component_type": 2, "id": button.get("id")}
        return await self._dispatch(self.new_interaction(MESSAGE_COMPONENT, user, message.channel, data, message))

    async def select(self: DiscordStub, user: StubUser, message: StubMessage, values: Sequence[Any], *,
                     custom_id: str | None = None) -> InteractionRecord:
        """Choose ``values`` in a select (the only one on the message unless ``custom_id`` is given).

        String selects take option values (or labels); user selects take ``StubUser``s; channel selects
        take ``StubChannel``s.
        """
        self._check_can_use(user, message)
        try:
            sel = message.select(custom_id)
        except LookupError as exc:
            raise ActionRefused(str(exc)) from None
        if sel.get("disabled"):
            raise ActionRefused(f"select {sel['custom_id']!r} is disabled")
        lo, hi = sel.get("min_values", 1), sel.get("max_values", 1)
        if not lo <= len(values) <= hi:
            raise ActionRefused(f"select {sel['custom_id']!r} takes {lo}..{hi} values, got {len(values)}")
        data: dict[str, Any] = {"custom_id": sel["custom_id"], "component_type": sel["type"], "id": sel.get("id")}
        if sel["type"] == 3:
            by_label = {o["label"]: o["value"] for o in sel.get("options", [])}
            offered = [o["value"] for o in sel.get("options", [])]
            chosen = []
            for v in values:
                v = v if v in offered else by_label.get(v, v)
                if v not in offered:
                    raise ActionRefused(f"select {sel['custom_id']!r} does not offer {v!r}; offers {offered}")
                chosen.append(v)
            data["values"] = chosen
        elif sel["type"] == 5:
            if not all(isinstance(v, StubUser) for v in values):
                raise ActionRefused("a user select takes StubUser values")
            data["values"] = [str(v.id) for v in values]
            resolved: dict[str, Any] = {"users": {str(v.id): v.payload() for v in values}}
            if not message.channel.is_dm:
                resolved["members"] = {str(v.id): self.world.guild.members[v.id].payload(with_user=False)
                                       for v in values if v.id in self.world.guild.members}
            data["resolved"] = resolved
        elif sel["type"] == 8:
            if not all(isinstance(v, StubChannel) and not v.is_dm for v in values):
                raise ActionRefused("a channel select takes guild StubChannel values")
            data["values"] = [str(v.id) for v in values]
            data["resolved"] = {"channels": {str(v.id): v.payload() | {"permissions": str(
                self.world.guild.permissions_in(v, user.id))} for v in values}}
        else:
            raise ActionRefused(f"select type {sel['type']} is not supported by the driver")
        return await self._dispatch(self.new_interaction(MESSAGE_COMPONENT, user, message.channel, data, message))

    async def submit_modal(self: DiscordStub, opened_by: InteractionRecord, values: dict[str, str]) -> InteractionRecord:
        """Fill in the modal the bot opened in answer to ``opened_by`` (text inputs by custom id)."""
        modal = opened_by.modal
        if modal is None:
            raise ActionRefused(f"{opened_by.describe()} did not open a modal")
        rows = []
        inputs = [c for row in modal["components"] for c in ([row.get("component")] if row.get("type") == 18
                                                               else row.get("components", []))]
        known = {c["custom_id"] for c in inputs if c and c.get("type") == 4}
        if set(values) - known:
            raise ActionRefused(f"modal has no inputs {sorted(set(values) - known)}; has {sorted(known)}")
        for c in inputs:
            if c and c.get("type") == 4:
                if c.get("required", True) and not values.get(c["custom_id"]):
                    raise ActionRefused(f"modal input {c['custom_id']!r} is required")
                rows.append({"type": 1, "components": [
                    {"type": 4, "custom_id": c["custom_id"], "value": values.get(c["custom_id"], "")}]})
        data = {"custom_id": modal["custom_id"], "components": rows}
        return await self._dispatch(self.new_interaction(MODAL_SUBMIT, opened_by.user, opened_by.channel, data,
                                                         opened_by.message))

    # --- reading what the bot sent --------------------------------------------------------------------
    def messages(self: DiscordStub, channel: StubChannel, *, visible_to: StubUser | None = None,
                 include_ephemeral: bool = False, after: InteractionRecord | StubMessage | int | None = None) -> list[StubMessage]:
        """Live messages in creation order: public ones, plus ephemeral ones ``visible_to`` that user."""
        since = _seq_of(after)
        every = self._channel_messages.get(channel.id, [])
        start = len(every)
        while start > 0 and every[start - 1].seq > since:     # messages are kept in creation order
            start -= 1
        out = []
        for m in every[start:]:
            if m.deleted:
                continue
            if m.ephemeral and not include_ephemeral and (visible_to is None or m.visible_to != visible_to.id):
                continue
            out.append(m)
        return out

    def last_message(self: DiscordStub, channel: StubChannel, *, visible_to: StubUser | None = None,
                     include_ephemeral: bool = False, with_components: bool = False) -> StubMessage:
        msgs = [m for m in self.messages(channel, visible_to=visible_to, include_ephemeral=include_ephemeral)
                if not m.loading]
        if with_components:
            msgs = [m for m in msgs if m.buttons or m.selects]
        if not msgs:
            raise LookupError(f"no matching message in channel {channel.id}")
        return msgs[-1]

    async def wait_for_message(self: DiscordStub, channel: StubChannel,
                               predicate: Callable[[StubMessage], bool] | None = None, *, after: InteractionRecord | StubMessage | int | None = None,
                               timeout: float = 5.0, visible_to: StubUser | None = None,
                               include_ephemeral: bool = False) -> StubMessage:
        """The first message created in ``channel`` after ``after`` (an interaction, message or mark) that
        matches ``predicate``. Loading placeholders of deferred responses are skipped until filled in."""

        def find() -> StubMessage | None:
            for m in self.messages(channel, visible_to=visible_to, include_ephemeral=include_ephemeral, after=after):
                if not m.loading and (predicate is None or predicate(m)):
                    return m
            return None

        return await self.wait_until(find, timeout, f"a message in channel {channel.id} after {_seq_of(after)}",
                                     channel=channel.id)

    async def wait_for_edit(self: DiscordStub, message: StubMessage,
                            predicate: Callable[[StubMessage], bool] | None = None, *, after: InteractionRecord | StubMessage | int | None = None,
                            timeout: float = 5.0) -> StubMessage:
        """Until ``message`` is edited after ``after`` (default: now) and matches ``predicate``."""
        since = _seq_of(after) if after is not None else self.mark()

        def edited() -> StubMessage | None:
            if message.updated_seq > since and not message.deleted and (predicate is None or predicate(message)):
                return message
            return None

        return await self.wait_until(edited, timeout, f"an edit of message {message.id}",
                                     channel=message.channel.id)

    def requests_to(self: DiscordStub, route: str) -> list:
        """Recorded requests for a route template, e.g. ``"POST /channels/{channel_id}/messages"``."""
        return [r for r in self.requests if r.route == route]


def _seq_of(after: Any) -> int:
    if after is None:
        return 0
    if isinstance(after, int):
        return after
    if isinstance(after, InteractionRecord):
        return after.seq
    if isinstance(after, StubMessage):
        return after.seq
    raise TypeError(f"after= takes an InteractionRecord, StubMessage or int, not {type(after).__name__}")
