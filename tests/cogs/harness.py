"""Drive the bot's cogs with real ``discord.Interaction`` objects and record what the bot sends.

Interactions are built from the JSON Discord sends on the gateway and fed through discord.py's own
``ConnectionState.parse_interaction_create`` — the same path a live bot takes — so the command tree, the
view store and ``DynamicItem`` parsing all run for real.  (discord.py's tests/test_app_commands_invoke.py
builds interactions from payloads the same way.)

Nothing touches the network: the webhook adapter (interaction callbacks, follow-ups, edits) and the bot's
REST client are replaced by recorders that answer with the JSON Discord would return.  The recorder
mimics the Discord behaviours that matter for correctness, e.g. the first follow-up after a "thinking"
deferral *replaces* the loading message and keeps the deferral's ephemeral flag.
"""
from __future__ import annotations

import asyncio
import itertools
import json
from dataclasses import dataclass, field
from typing import Any

import discord
from discord.webhook.async_ import AsyncWebhookAdapter, async_context

EPHEMERAL = 1 << 6
SILENT = 1 << 12
COMPONENTS_V2 = 1 << 15
APP_ID = 900_000_000_000_000_001
BOT_USER_ID = 900_000_000_000_000_002
TIMESTAMP = "2026-11-22T12:00:00.000000+00:00"
#: where the ``clocked`` fixture's clock starts (whole seconds, as the clock's notes are kept)
CLOCK_T0 = float(int(__import__("time").time()))

#: Everything the bot needs in a channel (Send Messages, Attach Files, Embed Links, View Channel, ...).
FULL_APP_PERMISSIONS = discord.Permissions(
    view_channel=True, send_messages=True, attach_files=True, embed_links=True, read_message_history=True,
    use_application_commands=True, mention_everyone=False,
).value
MEMBER_PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True,
                                         use_application_commands=True).value
MANAGER_PERMISSIONS = MEMBER_PERMISSIONS | discord.Permissions(manage_channels=True).value

_ids = itertools.count(1_000_000_000_000_000_000)


def snowflake() -> int:
    return next(_ids)


def is_played(text: str) -> bool:
    """A played move's private note ("Done: Human (male)", in any language; it was a bare "✓", which a screen
    reader read as "check mark")."""
    from bot.i18n import available_locales, t
    return any(text.startswith(t("play.done", locale, move="\0").split("\0")[0]) for locale in available_locales())


@dataclass
class User:
    id: int
    name: str
    permissions: int = MEMBER_PERMISSIONS
    #: a bot account (another app, or this bot itself picked as a command's user option)
    bot: bool = False
    #: the display name (Discord's ``global_name``) as its owner typed it; None: the user name, capitalised
    display: str | None = None
    #: whether they left the server: a user option naming them resolves to a plain user, not a member (Discord
    #: resolves a server's members with their member data)
    left: bool = False

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def payload(self) -> dict:
        display = self.display if self.display is not None else self.name.title()
        return {"id": str(self.id), "username": self.name, "global_name": display,
                "discriminator": "0", "avatar": None, "bot": self.bot}


@dataclass
class Place:
    """Where an interaction happens: a server text channel (``guild_id`` set) or a DM with the bot."""
    channel_id: int
    guild_id: int | None = None
    name: str = "games"
    app_permissions: int = FULL_APP_PERMISSIONS

    @property
    def is_dm(self) -> bool:
        return self.guild_id is None


@dataclass
class Sent:
    """One message the bot produced (interaction response, follow-up, or plain channel message)."""
    id: int
    channel_id: int
    kind: str                      # "response" | "followup" | "channel"
    interaction_id: int | None
    content: str | None = None
    embeds: list[dict] = field(default_factory=list)
    components: list[dict] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    #: file name -> its alt text, as the message's ``attachments`` describe it (Discord's ``description``)
    alts: dict[str, str] = field(default_factory=dict)
    ephemeral: bool = False
    loading: bool = False
    deleted: bool = False
    edits: int = 0
    allowed_mentions: dict | None = None
    flags: int = 0                 # besides ephemeral: components v2 (1 << 15), silent (1 << 12)

    # ---- reading ----
    def text(self) -> str:
        """Content plus every embed's visible text, for assertions."""
        parts = [self.content or ""]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        parts += [c.get("content", "") for c in self._walk() if c.get("type") == 10]   # v2 text displays
        return "\n".join(p for p in parts if p)

    @property
    def layout(self) -> bool:
        """Sent with components v2 (a live game message or its summary)."""
        return bool(self.flags & COMPONENTS_V2)

    def _walk(self) -> list[dict]:
        out: list[dict] = []
        stack = list(self.components)
        while stack:
            comp = stack.pop(0)
            out.append(comp)
            stack[0:0] = comp.get("components", [])
        return out

    def buttons(self) -> list[dict]:
        return [c for c in self._walk() if c.get("type") == 2]

    def selects(self) -> list[dict]:
        return [c for c in self._walk() if c.get("type") in (3, 5, 6, 7, 8)]

    def button(self, *, label: str | None = None, custom_id: str | None = None) -> dict:
        for comp in self.buttons():
            if (label is None or comp.get("label") == label) and \
                    (custom_id is None or comp.get("custom_id") == custom_id):
                return comp
        raise AssertionError(f"no button label={label!r} custom_id={custom_id!r} on message; buttons: "
                             f"{[(b.get('label'), b.get('custom_id')) for b in self.buttons()]}")

    def file_names(self) -> list[str]:
        return [name for name, _ in self.files]

    def alt_text(self, name: str) -> str:
        """The alt text of the picture ``name``: the attachment's description, which must agree with the media
        gallery item that shows it in a layout message (Discord reads the item's, a client may show either)."""
        alt = self.alts.get(name)
        assert alt, f"picture {name!r} has no alt text; attachments described: {self.alts}"
        for item in (i for c in self._walk() if c.get("type") == 12 for i in c.get("items", [])):
            if item.get("media", {}).get("url") == f"attachment://{name}":
                assert item.get("description") == alt, (item, alt)
        return alt

    def payload(self, bot_user: dict, guild_id: int | None) -> dict:
        data = {
            "id": str(self.id), "channel_id": str(self.channel_id), "author": bot_user,
            "content": self.content or "", "timestamp": TIMESTAMP, "edited_timestamp": None, "tts": False,
            "mention_everyone": False, "mentions": [], "mention_roles": [], "pinned": False,
            "attachments": [{"id": str(snowflake()), "filename": name, "size": len(blob),
                             "url": f"https://cdn.example/{name}", "proxy_url": f"https://cdn.example/{name}",
                             **({"description": self.alts[name]} if name in self.alts else {})}
                            for name, blob in self.files],
            "embeds": self.embeds, "components": self.components, "type": 0,
            "flags": (EPHEMERAL if self.ephemeral else 0) | (self.flags & ~EPHEMERAL),
        }
        if guild_id is not None:
            data["guild_id"] = str(guild_id)
        return data


class _BadRequest:
    """What ``discord.HTTPException`` reads of a refused request's response."""
    status = 400
    reason = "Bad Request"


class Recorder:
    """Every message and callback, in order; lookups by id and by the interaction that produced them."""

    def __init__(self) -> None:
        self.messages: dict[int, Sent] = {}
        self.order: list[Sent] = []
        self.callbacks: list[tuple[int, int, dict]] = []      # (interaction id, callback type, data)
        self.refused: list[str] = []                         # requests Discord answers with 400 (see ``_apply``)
        self.autocomplete: dict[int, list[dict]] = {}
        self.original: dict[int, int] = {}                   # interaction id -> original message id
        self.followup_replaces_loading: set[int] = set()
        self.guild_of_channel: dict[int, int | None] = {}
        self.channel_of_interaction: dict[int, int] = {}
        self.message_of_interaction: dict[int, int] = {}     # component interactions: the clicked message
        self.bot_user: dict = {}

    def new_message(self, *, channel_id: int, kind: str, interaction_id: int | None, data: dict,
                    files: list[tuple[str, bytes]]) -> Sent:
        sent = Sent(id=snowflake(), channel_id=channel_id, kind=kind, interaction_id=interaction_id)
        self._apply(sent, data, files)
        sent.ephemeral = bool(int(data.get("flags") or 0) & EPHEMERAL)
        sent.flags = int(data.get("flags") or 0) & ~EPHEMERAL
        self.messages[sent.id] = sent
        self.order.append(sent)
        return sent

    def _apply(self, sent: Sent, data: dict, files: list[tuple[str, bytes]]) -> None:
        if sent.flags & COMPONENTS_V2 and (data.get("content") or data.get("embeds")):
            # Discord: "content and embeds cannot be used with the components v2 flag" (the flag stays once set);
            # refused like Discord does, and remembered: the harness fails the test that sent it
            self.refused.append(f"content or embeds edited into layout message {sent.id}: {data!r:.200}")
            raise discord.HTTPException(_BadRequest(), {"code": 50035, "message": "Invalid Form Body"})
        too_long = [d for d in _alt_texts(data) if d is not None and not 1 <= len(d) <= ALT_LIMIT]
        if too_long:
            # Discord: an attachment's or a media gallery item's description (alt text) holds at most 1,024
            # characters (and an item's at least one); refused and remembered as above
            self.refused.append(f"alt text of {len(too_long[0])} characters in message {sent.id}")
            raise discord.HTTPException(_BadRequest(), {"code": 50035, "message": "Invalid Form Body"})
        if "content" in data:
            sent.content = data["content"]
        if "embeds" in data:
            sent.embeds = data["embeds"] or []
        if "components" in data:
            sent.components = data["components"] or []
        if "allowed_mentions" in data:
            sent.allowed_mentions = data["allowed_mentions"]
        if data.get("flags") is not None and sent.id:
            sent.flags = int(data["flags"]) & ~EPHEMERAL & ~SILENT | (sent.flags & COMPONENTS_V2)
        if "attachments" in data:
            keep = {str(a.get("id")) for a in data["attachments"] or [] if "id" in a}
            if not keep:
                sent.files = []
            sent.alts = {a["filename"]: a["description"] for a in data["attachments"] or []
                         if a.get("filename") and a.get("description") is not None}
        if files and "attachments" not in data:
            sent.files = sent.files + files
        elif "attachments" in data:     # as Discord: exactly the attachments named, kept ones and new uploads
            new, old = dict(files), dict(sent.files)
            named = [a.get("filename") for a in data["attachments"] or []]
            sent.files = [(name, new[name] if name in new else old[name]) for name in named
                          if name in new or name in old]
            sent.files += [(name, blob) for name, blob in files if name not in named]

    def message_json(self, sent: Sent) -> dict:
        return sent.payload(self.bot_user, self.guild_of_channel.get(sent.channel_id))

    def since(self, mark: int) -> list[Sent]:
        return self.order[mark:]


#: Discord's limit on an alt text (an attachment's or a media gallery item's ``description``)
ALT_LIMIT = 1024


def _alt_texts(data: dict) -> list[str | None]:
    """Every alt text a message body gives: its attachments' descriptions and its gallery items' (an attachment's
    may be empty: read as none)."""
    found: list[str | None] = [a.get("description") or None for a in data.get("attachments") or []]
    stack = list(data.get("components") or [])
    while stack:
        comp = stack.pop()
        stack.extend(comp.get("components", []))
        found += [item["description"] for item in comp.get("items", []) if "description" in item]
    return found


def _read_files(files) -> list[tuple[str, bytes]]:
    out = []
    for f in files or []:
        f.reset(seek=True)
        out.append((f.filename, f.fp.read()))
    return out


def _payload_from(payload: dict | None, multipart: list[dict] | None, form=None) -> dict:
    if payload is not None:
        return payload
    for part in multipart or form or []:
        if part.get("name") == "payload_json":
            return json.loads(part["value"])
    return {}


class RecordingWebhookAdapter(AsyncWebhookAdapter):
    """Stands in for Discord's interaction endpoints."""

    def __init__(self, recorder: Recorder):
        super().__init__()
        self.rec = recorder

    async def request(self, route, session=None, *, payload=None, multipart=None, proxy=None, proxy_auth=None,
                      files=None, reason=None, auth_token=None, params=None):
        rec = self.rec
        body = _payload_from(payload, multipart)
        blobs = _read_files(files)
        path = route.path
        if path.endswith("/callback"):
            return self._callback(int(route.webhook_id), body, blobs)
        interaction_id = int(str(route.webhook_token).removeprefix("tok"))
        channel_id = rec.channel_of_interaction[interaction_id]
        if path == "/webhooks/{webhook_id}/{webhook_token}" and route.method == "POST":
            original = rec.original.get(interaction_id)
            if original is not None and interaction_id in rec.followup_replaces_loading:
                # Discord: the first follow-up after a "thinking" deferral edits the loading message.
                rec.followup_replaces_loading.discard(interaction_id)
                sent = rec.messages[original]
                rec._apply(sent, body, blobs)
                sent.loading = False
                sent.kind = "followup"
                return rec.message_json(sent)
            sent = rec.new_message(channel_id=channel_id, kind="followup", interaction_id=interaction_id,
                                   data=body, files=blobs)
            return rec.message_json(sent)
        if "/messages/" in path:
            ref = route.url.rsplit("/", 1)[-1]
            message_id = rec.original[interaction_id] if ref == "@original" else int(ref)
            sent = rec.messages[message_id]
            if route.method == "PATCH":
                rec._apply(sent, body, blobs)
                sent.loading = False
                sent.edits += 1
                rec.followup_replaces_loading.discard(interaction_id)
            elif route.method == "DELETE":
                sent.deleted = True
                rec.followup_replaces_loading.discard(interaction_id)
                return None
            return rec.message_json(sent)
        raise AssertionError(f"unexpected webhook call {route.method} {route.url}")

    def _callback(self, interaction_id: int, body: dict, blobs) -> dict:
        rec = self.rec
        kind = int(body["type"])
        data = body.get("data") or {}
        rec.callbacks.append((interaction_id, kind, data))
        channel_id = rec.channel_of_interaction[interaction_id]
        answer: dict[str, Any] = {"interaction": {"id": str(interaction_id), "type": 2}}
        sent: Sent | None = None
        if kind == 4:
            sent = rec.new_message(channel_id=channel_id, kind="response", interaction_id=interaction_id,
                                   data=data, files=blobs)
            rec.original[interaction_id] = sent.id
        elif kind == 5:
            sent = rec.new_message(channel_id=channel_id, kind="response", interaction_id=interaction_id,
                                   data={"flags": data.get("flags", 0)}, files=[])
            sent.loading = True
            rec.original[interaction_id] = sent.id
            rec.followup_replaces_loading.add(interaction_id)
        elif kind == 7:
            sent = rec.messages[rec.message_of_interaction[interaction_id]]
            rec._apply(sent, data, blobs)
            sent.edits += 1
            rec.original[interaction_id] = sent.id
        elif kind == 6:
            rec.original[interaction_id] = rec.message_of_interaction[interaction_id]
        elif kind == 8:
            rec.autocomplete[interaction_id] = data.get("choices", [])
        if sent is not None:
            answer["interaction"].update(response_message_id=str(sent.id),
                                         response_message_loading=sent.loading,
                                         response_message_ephemeral=sent.ephemeral)
            answer["resource"] = {"type": kind, "message": rec.message_json(sent)}
        return answer


class RecordingHTTP:
    """Stands in for the bot's REST client: only posting to a channel is expected outside interactions."""

    def __init__(self, recorder: Recorder):
        self.rec = recorder

    async def request(self, route, *, files=None, form=None, **kwargs):
        if route.method == "POST" and route.path == "/channels/{channel_id}/messages":
            body = _payload_from(kwargs.get("json"), None, form)
            sent = self.rec.new_message(channel_id=int(route.channel_id), kind="channel", interaction_id=None,
                                        data=body, files=_read_files(files))
            return self.rec.message_json(sent)
        if route.method == "PATCH" and route.path == "/channels/{channel_id}/messages/{message_id}":
            sent = self.rec.messages[int(route.url.rsplit("/", 1)[-1])]
            body = _payload_from(kwargs.get("json"), None, form)
            self.rec._apply(sent, body, _read_files(files))
            sent.edits += 1
            return self.rec.message_json(sent)
        raise AssertionError(f"unexpected REST call {route.method} {route.url}")


@dataclass
class Result:
    """What one interaction produced."""
    interaction: discord.Interaction
    messages: list[Sent]
    callback_types: list[int]

    @property
    def deferred(self) -> bool:
        return 5 in self.callback_types or 6 in self.callback_types

    def only(self) -> Sent:
        visible = [m for m in self.messages if not m.deleted]
        assert len(visible) == 1, f"expected one message, got {[(m.kind, m.text()[:80]) for m in visible]}"
        return visible[0]

    def public(self) -> list[Sent]:
        return [m for m in self.messages if not m.ephemeral and not m.deleted]

    def private(self) -> list[Sent]:
        return [m for m in self.messages if m.ephemeral and not m.deleted]

    def text(self) -> str:
        return "\n".join(m.text() for m in self.messages if not m.deleted)


OPTION_TYPES = {str: 3, int: 4, bool: 5}


def count_rest_calls(harness, monkeypatch) -> list[tuple[str, str]]:
    """Every call the bot makes with its own token (not through an interaction), as (method, path)."""
    calls: list[tuple[str, str]] = []
    real = harness.bot.http.request

    async def counting(route, *args, **kwargs):
        calls.append((route.method, route.path))
        return await real(route, *args, **kwargs)
    monkeypatch.setattr(harness.bot.http, "request", counting)
    return calls


class Harness:
    """One bot, any number of users and places; every call returns what that interaction produced."""

    def __init__(self, bot: discord.Client):
        self.bot = bot
        self.rec = Recorder()
        self.adapter = RecordingWebhookAdapter(self.rec)
        self.bot_user = {"id": str(BOT_USER_ID), "username": "rollbot", "global_name": "rollbot",
                         "discriminator": "0", "avatar": None, "bot": True}
        self.rec.bot_user = self.bot_user
        self.locale = "en-US"
        self.guild_locale = "en-US"

    async def start(self) -> None:
        state = self.bot._connection
        state.user = discord.ClientUser(state=state, data=self.bot_user)
        state.application_id = APP_ID
        async_context.set(self.adapter)
        self.bot.http.request = RecordingHTTP(self.rec).request  # type: ignore[method-assign]
        await self.bot._async_setup_hook()
        await self.bot.setup_hook()

    async def close(self) -> None:
        await self.bot.close()
        assert not self.rec.refused, f"requests Discord would refuse: {self.rec.refused}"

    # ---- places ----
    def channel(self, *, guild_id: int | None = None, name: str = "games",
                app_permissions: int = FULL_APP_PERMISSIONS) -> Place:
        place = Place(channel_id=snowflake(), guild_id=guild_id or snowflake(), name=name,
                      app_permissions=app_permissions)
        self.rec.guild_of_channel[place.channel_id] = place.guild_id
        return place

    def dm(self) -> Place:
        place = Place(channel_id=snowflake(), guild_id=None, name="dm")
        self.rec.guild_of_channel[place.channel_id] = None
        return place

    # ---- payloads ----
    def _base(self, kind: int, user: User, place: Place, data: dict) -> dict:
        iid = snowflake()
        payload: dict[str, Any] = {
            "id": str(iid), "application_id": str(APP_ID), "type": kind, "token": f"tok{iid}", "version": 1,
            "data": data, "locale": self.locale, "attachment_size_limit": 25 * 1024 * 1024,
            "app_permissions": str(place.app_permissions), "entitlements": [],
            "channel_id": str(place.channel_id),
        }
        if place.is_dm:
            payload["channel"] = {"id": str(place.channel_id), "type": 1, "recipients": [user.payload()],
                                  "last_message_id": None}
            payload["user"] = user.payload()
            payload["context"] = 1
            payload["authorizing_integration_owners"] = {"0": "0"}
        else:
            payload["guild_id"] = str(place.guild_id)
            payload["guild_locale"] = self.guild_locale
            payload["channel"] = {"id": str(place.channel_id), "type": 0, "guild_id": str(place.guild_id),
                                  "name": place.name, "position": 0, "permission_overwrites": [],
                                  "nsfw": False, "parent_id": None, "topic": None,
                                  "rate_limit_per_user": 0, "last_message_id": None, "flags": 0}
            payload["member"] = {"user": user.payload(), "roles": [], "joined_at": TIMESTAMP, "deaf": False,
                                 "mute": False, "flags": 0, "permissions": str(user.permissions),
                                 "nick": None, "avatar": None, "pending": False}
            payload["context"] = 0
            payload["authorizing_integration_owners"] = {"0": str(place.guild_id)}
        self.rec.channel_of_interaction[iid] = place.channel_id
        return payload

    def _command_data(self, path: tuple[str, ...], options: dict[str, Any], focused: str | None = None,
                      place: Place | None = None) -> dict:
        command = self.bot.tree.get_command(path[0])
        assert command is not None, f"no command /{path[0]}"
        leaf = command
        for name in path[1:]:
            leaf = leaf.get_command(name)
            assert leaf is not None, f"no subcommand {name} in /{' '.join(path)}"
        params = {p.display_name: p for p in leaf.parameters}      # the names Discord sends
        opts = []
        resolved: dict[str, dict] = {}
        for name, value in options.items():
            assert name in params, f"/{' '.join(path)} has no option {name!r}; it has {sorted(params)}"
            opt_type = params[name].type.value
            if isinstance(value, User):
                resolved.setdefault("users", {})[str(value.id)] = value.payload()
                if place is not None and not place.is_dm and not value.left:
                    resolved.setdefault("members", {})[str(value.id)] = {
                        "roles": [], "joined_at": TIMESTAMP, "deaf": False, "mute": False, "flags": 0,
                        "permissions": str(value.permissions), "nick": None, "avatar": None, "pending": False}
                value = str(value.id)
            opt = {"name": name, "type": opt_type, "value": value}
            if name == focused:
                opt["focused"] = True
            opts.append(opt)
        for depth, name in reversed(list(enumerate(path[1:], start=1))):
            kind = 1 if depth == len(path) - 1 else 2              # SUB_COMMAND, SUB_COMMAND_GROUP
            opts = [{"name": name, "type": kind, "options": opts}]
        data = {"id": str(APP_ID + 10), "name": path[0], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return data

    # ---- driving ----
    async def _dispatch(self, payload: dict) -> Result:
        mark = len(self.rec.order)
        cb_mark = len(self.rec.callbacks)
        before = asyncio.all_tasks()
        captured: list[discord.Interaction] = []

        async def grab(interaction):
            captured.append(interaction)
        self.bot.add_listener(grab, "on_interaction")
        async_context.set(self.adapter)
        try:
            self.bot._connection.parse_interaction_create(payload)
            await self._drain(before)
        finally:
            self.bot.remove_listener(grab, "on_interaction")
        iid = int(payload["id"])
        callbacks = [kind for (i, kind, _) in self.rec.callbacks[cb_mark:] if i == iid]
        # Discord shows "This interaction failed" when the bot does not answer within 3 seconds.
        assert callbacks, f"the bot never answered interaction {payload['type']}: {payload['data']}"
        return Result(interaction=captured[0] if captured else None, messages=self.rec.since(mark),
                      callback_types=callbacks)

    async def _drain(self, before: set) -> None:
        """Wait for the tasks this interaction spawned (command invoker, view dispatch) and theirs."""
        for _ in range(200):
            await asyncio.sleep(0)
            pending = [t for t in asyncio.all_tasks() - before
                       if not t.done() and t is not asyncio.current_task()
                       and (t.get_name().startswith(("CommandTree", "discord-ui", "discord.py: on_")))]
            if not pending:
                return
            await asyncio.wait(pending, timeout=30)
        raise AssertionError("interaction tasks did not settle")

    async def run(self, command: str, *, user: User, place: Place, **options: Any) -> Result:
        """``/rp <sub> option=value ...`` as ``user`` in ``place``.  ``command`` is "rp new" or "new" (a path
        whose first word is another game's group, e.g. "toy new", is taken as it is)."""
        path = self._path(command)
        return await self._dispatch(self._base(2, user, place, self._command_data(path, options, place=place)))

    async def autocomplete(self, command: str, focused: str, *, user: User, place: Place,
                           **options: Any) -> list[dict]:
        path = self._path(command)
        payload = self._base(4, user, place, self._command_data(path, options, focused=focused))
        await self._dispatch(payload)
        return self.rec.autocomplete.get(int(payload["id"]), [])

    def _path(self, command: str) -> tuple[str, ...]:
        path = tuple(command.split())
        top = self.bot.tree.get_command(path[0])          # a top-level command of its own (/games) or a group
        if path[0] != "rp" and (top is None or len(path) == 1 and isinstance(top, discord.app_commands.Group)):
            path = ("rp",) + path
        return path

    def _component_payload(self, message: Sent, user: User, place: Place, data: dict) -> dict:
        payload = self._base(3, user, place, data)
        payload["message"] = self.rec.message_json(message)
        self.rec.message_of_interaction[int(payload["id"])] = message.id
        return payload

    async def click(self, message: Sent, *, user: User, place: Place, label: str | None = None,
                    custom_id: str | None = None) -> Result:
        button = message.button(label=label, custom_id=custom_id)
        assert not button.get("disabled"), f"button {button.get('label')!r} is disabled"
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._dispatch(self._component_payload(message, user, place, data))

    async def select(self, message: Sent, values: list[str], *, user: User, place: Place,
                     custom_id: str | None = None) -> Result:
        selects = [s for s in message.selects() if custom_id is None or s.get("custom_id") == custom_id]
        assert selects, f"no select {custom_id!r} on message"
        chosen = selects[0]
        allowed = {o["value"] for o in chosen.get("options", [])}
        assert set(values) <= allowed, f"{values} not among the options {sorted(allowed)}"
        data = {"custom_id": chosen["custom_id"], "component_type": chosen["type"], "values": values}
        return await self._dispatch(self._component_payload(message, user, place, data))
