"""The REST side of the stand-in (``/api/v10``): routing, body parsing (JSON and multipart with
``payload_json`` + ``files[n]``), recording, Discord's error answers, and one handler per route."""

from __future__ import annotations

import json
import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from .gateway import GATEWAY_PATH
from .interactions import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    CHANNEL_MESSAGE,
    DEFERRED_CHANNEL_MESSAGE,
    DEFERRED_UPDATE,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    UPDATE_MESSAGE,
    InteractionRecord,
)
from .messages import FLAG_EPHEMERAL, FLAG_LOADING, PayloadRejected, StubMessage, UploadedFile
from .records import RequestRecord, dumps
from .world import AUTO_ARCHIVE_MINUTES, PRIVATE_THREAD, PUBLIC_THREAD, StubChannel, perm_bits

log = logging.getLogger("discord_stub")

API_PREFIX = "/api/v10"
_SEND, _SEND_IN_THREADS = perm_bits(send_messages=True), perm_bits(send_messages_in_threads=True)
_MANAGE_THREADS, _MANAGE_CHANNELS = perm_bits(manage_threads=True), perm_bits(manage_channels=True)
#: Discord's codes for a write in a thread that is archived (immutable until unarchived) or locked (only those who
#: may Manage Threads write there)
THREAD_ARCHIVED, THREAD_LOCKED = 50083, 160005

Handler = Callable[[web.Request, RequestRecord], Awaitable[Any]]


class Created(dict):
    """A handler's answer that Discord gives with 201 Created (e.g. a new thread)."""


class RestApi:
    """Mixin of ``DiscordStub``: the aiohttp routes and their handlers."""

    def _add_routes(self, app: web.Application) -> None:
        R = self._route
        p = API_PREFIX
        routes = [
            ("GET", "/users/@me", self._get_me, True),
            ("GET", "/oauth2/applications/@me", self._get_application, True),
            ("GET", "/gateway/bot", self._get_gateway_bot, True),
            ("GET", "/gateway", self._get_gateway, False),
            ("POST", "/users/@me/channels", self._create_dm, True),
            ("GET", "/users/{user_id}", self._get_user, True),
            ("PUT", "/applications/{application_id}/commands", self._put_global_commands, True),
            ("GET", "/applications/{application_id}/commands", self._get_global_commands, True),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self._put_guild_commands, True),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self._get_guild_commands, True),
            ("POST", "/interactions/{interaction_id}/{token}/callback", self._interaction_callback, False),
            ("POST", "/webhooks/{application_id}/{token}", self._execute_webhook, False),
            ("GET", "/webhooks/{application_id}/{token}/messages/{message_id}", self._get_webhook_message, False),
            ("PATCH", "/webhooks/{application_id}/{token}/messages/{message_id}", self._edit_webhook_message, False),
            ("DELETE", "/webhooks/{application_id}/{token}/messages/{message_id}", self._delete_webhook_message,
             False),
            ("GET", "/channels/{channel_id}", self._get_channel, True),
            ("PATCH", "/channels/{channel_id}", self._modify_channel, True),
            ("POST", "/channels/{channel_id}/messages", self._post_channel_message, True),
            ("GET", "/channels/{channel_id}/messages", self._get_channel_messages, True),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self._get_channel_message, True),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self._edit_channel_message, True),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self._delete_channel_message, True),
            ("POST", "/channels/{channel_id}/typing", self._typing, True),
            ("POST", "/channels/{channel_id}/threads", self._start_thread, True),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self._add_thread_member, True),
            ("GET", "/guilds/{guild_id}", self._get_guild, True),
            ("GET", "/guilds/{guild_id}/channels", self._get_guild_channels, True),
            ("GET", "/guilds/{guild_id}/roles", self._get_guild_roles, True),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self._get_member, True),
        ]
        for method, path, handler, auth in routes:
            # ids must look like snowflakes, so e.g. GET /channels/{id}/messages/pins stays an unknown route
            pattern = re.sub(r"\{(\w+_id)\}", r"{\1:\\d+}", path)
            pattern = pattern.replace("/webhooks/{application_id:\\d+}/{token}/messages/{message_id:\\d+}",
                                      "/webhooks/{application_id:\\d+}/{token}/messages/{message_id:(?:\\d+|@original)}")
            app.router.add_route(method, p + pattern, R(f"{method} {path}", handler, auth))
        app.router.add_get(GATEWAY_PATH, self._gateway)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._get_attachment)
        app.router.add_route("*", "/{tail:.*}", self._unknown)

    def _route(self, name: str, handler: Handler, auth: bool) -> Callable[[web.Request], Awaitable[web.Response]]:
        async def wrapped(request: web.Request) -> web.Response:
            record = RequestRecord(request.method, request.path, name, dict(request.match_info),
                                   dict(request.query), started=self.now())
            self.requests.append(record)
            self._last_activity = self.now()
            try:
                if auth and request.headers.get("Authorization") != f"Bot {self.token}":
                    raise PayloadRejected("401: Unauthorized", code=0, status=401)
                await _read_body(request, record)
                for check in self.request_checks:  # the tests add Discord's OpenAPI description here
                    check(record)
                result = await handler(request, record)
                status, body = (204, None) if result is None else (201 if isinstance(result, Created) else 200, result)
            except web.HTTPException as exc:     # a post a test holds and refuses (``channel_post_gate``)
                record.status, record.finished = exc.status, self.now()
                raise
            except PayloadRejected as exc:
                status, body = exc.status, {"code": exc.code, "message": exc.message}
                if not exc.expected:
                    self.rejections.append((record, exc.message))
                log.warning("discord stub rejected %s %s: %s", request.method, request.path, exc.message)
            record.status, record.response, record.finished = status, body, self.now()
            if not self.retain_uploads:
                for f in record.files:
                    f.data = b""
            if self.max_request_log is not None and len(self.requests) > 2 * self.max_request_log:
                del self.requests[: len(self.requests) - self.max_request_log]
            self._notify(record.channel_id)
            if body is None:
                return web.Response(status=status)
            return web.Response(status=status, body=dumps(body),
                                headers={"Content-Type": "application/json"})

        return self._limited(name, wrapped)  # Discord's rate limits and the injected faults (ratelimits.py)

    async def _unknown(self, request: web.Request) -> web.Response:
        record = RequestRecord(request.method, request.path, "UNKNOWN", {}, dict(request.query), started=self.now())
        await _read_body(request, record)
        record.status, record.finished = 404, self.now()
        self.requests.append(record)
        self.unknown_requests.append(record)
        log.error("DISCORD STUB: UNKNOWN ROUTE %s %s body=%r", request.method, request.path_qs, record.json)
        self._notify()
        body = {"code": 0, "message": f"discord stub: unknown route {request.method} {request.path}"}
        return web.Response(status=404, body=json.dumps(body).encode(), headers={"Content-Type": "application/json"})

    async def _get_attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment_id"])
        for msg in self._messages.values():
            for a in msg.attachments:
                if a.id == aid:
                    return web.Response(body=a.data, headers={"Content-Type": a.content_type})
        return web.Response(status=404)

    # --- lookups ----------------------------------------------------------------------------------
    def _channel(self, record: RequestRecord) -> StubChannel:
        channel = self.world.channels.get(_int(record.params["channel_id"]))
        if channel is None:
            raise PayloadRejected("Unknown Channel", code=10003, status=404)
        record.channel_id = channel.id
        return channel

    def _channel_message(self, record: RequestRecord) -> StubMessage:
        channel = self._channel(record)
        msg = self._messages.get(_int(record.params["message_id"]))
        if msg is None or msg.channel is not channel or msg.deleted or msg.ephemeral:
            raise PayloadRejected("Unknown Message", code=10008, status=404)
        return msg

    def _interaction(self, record: RequestRecord, *, check_app: bool = True) -> InteractionRecord:
        if check_app and _int(record.params["application_id"]) != self.world.application_id:
            raise PayloadRejected("Unknown Webhook", code=10015, status=404)
        ix = self._by_token.get(record.params["token"])
        if ix is None:
            raise PayloadRejected("Unknown Webhook", code=10015, status=404)
        if check_app and self.token_expired(ix.dispatched_at):  # interaction tokens live 15 minutes
            raise PayloadRejected("Invalid Webhook Token", code=50027, status=401)
        record.channel_id = ix.channel.id
        return ix

    def _require_bot_perms(self, channel: StubChannel, needed: int, what: str) -> None:
        if channel.is_dm:
            assert channel.recipient is not None
            if not channel.recipient.dms_open:
                raise PayloadRejected("Cannot send messages to this user", code=50007, status=403)
            return
        have = self.world.guild.permissions_in(channel, self.world.bot.id)
        if channel.is_thread and needed & _SEND:        # in a thread one posts with Send Messages in Threads
            needed = (needed & ~_SEND) | _SEND_IN_THREADS
        if needed & ~have:
            raise PayloadRejected(f"Missing Permissions ({what})", code=50013, status=403)

    def _bot_perms(self, channel: StubChannel) -> int:
        guild = self.world.guild_of(channel)
        return 0 if guild is None else guild.permissions_in(channel, self.world.bot.id)

    def _writable(self, channel: StubChannel, *, creating: bool) -> None:
        """Discord's rules for the bot's messages in a thread (developers/topics/threads, "Locked Threads" and
        "Active & Archived Threads"): in a locked thread only those who may Manage Threads create or edit messages
        (160005 Thread is locked; 50083 while it is archived too); an archived thread is immutable, an edit there gets
        50083 Thread is archived, but a message sent there unarchives it (THREAD_UPDATE) unless it is locked.
        Checked after the permissions (a post the bot may not make at all is 403/50013 wherever it goes)."""
        if not channel.is_thread:
            return
        if channel.locked and not self._bot_perms(channel) & _MANAGE_THREADS:
            if channel.archived:
                raise PayloadRejected("Thread is archived", code=THREAD_ARCHIVED, status=400)
            raise PayloadRejected("Thread is locked", code=THREAD_LOCKED, status=400)
        if not channel.archived:
            return
        if not creating:
            raise PayloadRejected("Thread is archived", code=THREAD_ARCHIVED, status=400)
        self._update_thread(channel, archived=False)     # "Sending a message will automatically unarchive the thread"

    def _update_thread(self, thread: StubChannel, *, archived: bool | None = None, locked: bool | None = None) -> None:
        """A thread archived or unarchived, locked or unlocked: Discord tells the bot with THREAD_UPDATE."""
        self.world.set_thread(thread, archived=archived, locked=locked)
        self._emit_event("THREAD_UPDATE", thread.thread_payload(), guild_id=thread.guild_id)
        self._notify(thread.id)

    # --- REST handlers: identity, gateway, users -------------------------------------------------
    async def _get_me(self, request: web.Request, record: RequestRecord) -> Any:
        return self.world.bot.payload() | {"verified": True, "mfa_enabled": False, "locale": "en-US"}

    async def _get_application(self, request: web.Request, record: RequestRecord) -> Any:
        w = self.world
        return {
            "id": str(w.application_id), "name": w.bot.username, "icon": None, "description": "",
            "bot_public": True, "bot_require_code_grant": False, "owner": w.owner.payload(), "team": None,
            "verify_key": "0" * 64, "flags": 0, "summary": "", "bot": w.bot.payload(),
            "interactions_endpoint_url": None, "redirect_uris": [], "tags": [],
            "install_params": {"scopes": ["bot", "applications.commands"], "permissions": str(
                perm_bits(send_messages=True, attach_files=True, embed_links=True, use_application_commands=True))},
            "integration_types_config": {"0": {}},
        }

    async def _get_gateway_bot(self, request: web.Request, record: RequestRecord) -> Any:
        return {"url": self.gateway_url, "shards": 1,
                "session_start_limit": {"total": 1000, "remaining": 999, "reset_after": 86400000,
                                        "max_concurrency": 1}}

    async def _get_gateway(self, request: web.Request, record: RequestRecord) -> Any:
        return {"url": self.gateway_url}

    async def _get_user(self, request: web.Request, record: RequestRecord) -> Any:
        user = self.world.users.get(_int(record.params["user_id"]))
        if user is None:
            raise PayloadRejected("Unknown User", code=10013, status=404)
        return user.payload()

    async def _create_dm(self, request: web.Request, record: RequestRecord) -> Any:
        body = record.json if isinstance(record.json, dict) else {}
        user = self.world.users.get(_int(body.get("recipient_id")))
        if user is None or user.bot:
            raise PayloadRejected("Unknown User", code=10013, status=404)
        return self.world.dm_with(user).payload()

    # --- commands ---------------------------------------------------------------------------------
    def _check_app(self, record: RequestRecord) -> None:
        if _int(record.params["application_id"]) != self.world.application_id:
            raise PayloadRejected("Unknown Application", code=10002, status=404)

    def _check_guild(self, record: RequestRecord) -> int:
        gid = _int(record.params["guild_id"])
        if gid != self.world.guild.id:
            raise PayloadRejected("Missing Access", code=50001, status=403)
        return gid

    async def _put_global_commands(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_app(record)
        return self.commands.bulk_overwrite(record.json, None)

    async def _get_global_commands(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_app(record)
        return self.commands.listing(None)

    async def _put_guild_commands(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_app(record)
        return self.commands.bulk_overwrite(record.json, self._check_guild(record))

    async def _get_guild_commands(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_app(record)
        return self.commands.listing(self._check_guild(record))

    # --- interactions -----------------------------------------------------------------------------
    async def _interaction_callback(self, request: web.Request, record: RequestRecord) -> Any:
        ix = self._interaction(record, check_app=False)
        if str(ix.id) != record.params["interaction_id"]:
            raise PayloadRejected("Unknown interaction", code=10062, status=404)
        now = self.now()
        if ix.dispatched_at is None or now - ix.dispatched_at > self.ack_deadline:
            ix.rejections.append(f"callback after the {self.ack_deadline}s deadline")
            raise PayloadRejected("Unknown interaction", code=10062, status=404)
        if ix.acked and record.params["interaction_id"] in self.lost_callback_answers:
            # the first callback was processed and its answer lost (an injected timeout): trying again is right
            raise PayloadRejected("Interaction has already been acknowledged.", code=40060, status=400, expected=True)
        if ix.acked:
            ix.rejections.append("second callback")
            raise PayloadRejected("Interaction has already been acknowledged.", code=40060, status=400)
        body = record.json
        if not isinstance(body, dict) or "type" not in body:
            raise PayloadRejected("callback body needs a type")
        ctype, data = body["type"], body.get("data") or {}
        allowed = {
            APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, MODAL},
            MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
            AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
            MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
        }[ix.type]
        if ctype not in allowed:
            ix.rejections.append(f"callback type {ctype} not valid for interaction type {ix.type}")
            raise PayloadRejected(f"Interaction callback type {ctype} is invalid for interaction type {ix.type}")
        resource: dict[str, Any] | None = None
        if ctype == CHANNEL_MESSAGE:
            msg = self._create_message(ix.channel, data, record.files, interaction=ix)
            ix.original_id = msg.id
            resource = {"type": ctype, "message": self.message_payload(msg)}
        elif ctype == DEFERRED_CHANNEL_MESSAGE:
            flags = FLAG_LOADING | ((data.get("flags") or 0) & FLAG_EPHEMERAL)
            msg = self._create_message(ix.channel, {"content": ""}, [], interaction=ix, extra_flags=flags)
            ix.original_id = msg.id
            resource = {"type": ctype, "message": self.message_payload(msg)}
        elif ctype in (DEFERRED_UPDATE, UPDATE_MESSAGE):
            target = ix.message
            if target is None or target.deleted:
                raise PayloadRejected("Unknown Message", code=10008, status=404)
            ix.original_id = target.id
            if ctype == UPDATE_MESSAGE:
                self._edit_message(target, data, record.files)
                resource = {"type": ctype, "message": self.message_payload(target)}
        elif ctype == AUTOCOMPLETE_RESULT:
            choices = data.get("choices")
            if not isinstance(choices, list) or len(choices) > 25:
                raise PayloadRejected("autocomplete: choices must be a list of at most 25")
            for c in choices:
                if not 1 <= len(str(c.get("name", ""))) <= 100 or "value" not in c:
                    raise PayloadRejected(f"autocomplete choice needs a 1..100 character name and a value: {c!r}")
            ix.choices = choices
        elif ctype == MODAL:
            if not data.get("custom_id") or not data.get("title") or not data.get("components"):
                raise PayloadRejected("modal needs custom_id, title and components")
            ix.modal = data
        ix.callback_type, ix.callback_data, ix.acked_at = ctype, data, now
        self._notify(ix.channel.id)
        if request.query.get("with_response") not in ("1", "true", "True"):
            return None
        original = ix.original
        response: dict[str, Any] = {"interaction": {
            "id": str(ix.id), "type": ix.type,
            "response_message_id": str(ix.original_id) if ix.original_id else None,
            "response_message_loading": ctype == DEFERRED_CHANNEL_MESSAGE,
            "response_message_ephemeral": bool(original and original.ephemeral),
        }}
        if ix.original_id is None:
            del response["interaction"]["response_message_id"]
        if resource is not None:
            response["resource"] = resource
        return response

    async def _execute_webhook(self, request: web.Request, record: RequestRecord) -> Any:
        ix = self._interaction(record)
        if not ix.acked:
            ix.rejections.append("follow-up before the interaction was acknowledged")
            raise PayloadRejected("Unknown Webhook", code=10015, status=404)
        payload = record.json if record.json is not None else {}
        original = ix.original
        if ix.callback_type == DEFERRED_CHANNEL_MESSAGE and original is not None and original.loading:
            # Discord: the first follow-up after a deferral replaces the "thinking" message; its
            # ephemerality is the deferral's, not the follow-up's.
            edit = {k: v for k, v in payload.items() if k != "flags"}
            msg = self._edit_message(original, edit, record.files)
        else:
            gate = getattr(self, "channel_post_gate", None)
            public = not ((payload.get("flags") or 0) & FLAG_EPHEMERAL)
            if public:
                self._writable(ix.channel, creating=True)
            if public and gate is not None and not await gate(ix.channel, record):
                raise web.HTTPServiceUnavailable()        # held like a channel post (see _post_channel_message)
            msg = self._create_message(ix.channel, payload, record.files, interaction=ix)
        ix.followup_ids.append(msg.id)
        self._notify()
        if request.query.get("wait") in ("1", "true", "True"):
            return self.message_payload(msg)
        return None

    def _webhook_message(self, record: RequestRecord) -> tuple[InteractionRecord, StubMessage]:
        ix = self._interaction(record)
        raw = record.params["message_id"]
        mid = ix.original_id if raw == "@original" else _int(raw)
        msg = self.message_by_id(mid)
        owned = mid == ix.original_id or mid in ix.followup_ids
        if msg is None or msg.deleted or not owned:
            raise PayloadRejected("Unknown Message", code=10008, status=404)
        return ix, msg

    async def _get_webhook_message(self, request: web.Request, record: RequestRecord) -> Any:
        return self.message_payload(self._webhook_message(record)[1])

    async def _edit_webhook_message(self, request: web.Request, record: RequestRecord) -> Any:
        ix, msg = self._webhook_message(record)
        if not msg.ephemeral:
            self._writable(msg.channel, creating=False)
        edited = self._edit_message(msg, record.json or {}, record.files)
        ix.edited_ids.append(msg.id)
        return self.message_payload(edited)

    async def _delete_webhook_message(self, request: web.Request, record: RequestRecord) -> Any:
        self._delete_message(self._webhook_message(record)[1])
        return None

    # --- channels, guild --------------------------------------------------------------------------
    async def _get_channel(self, request: web.Request, record: RequestRecord) -> Any:
        return self._channel(record).payload()

    async def _modify_channel(self, request: web.Request, record: RequestRecord) -> Any:
        """Modify Channel. A thread (developers/resources/channel, "JSON Params (Thread)", and developers/topics/
        threads, "Editing & Deleting Threads"): an archived thread takes no change but being unarchived; unarchiving
        an unlocked one needs Manage Threads, or being its creator, or what posting there needs (Send Messages in
        Threads); a locked one only Manage Threads unarchives, and only Manage Threads locks or unlocks; a name or
        an auto-archive duration needs Manage Threads or being its creator. Otherwise 403/50013. THREAD_UPDATE
        tells the change. Another channel: Manage Channels, and its name only."""
        channel = self._channel(record)
        if channel.is_dm:
            raise PayloadRejected("Cannot execute action on a DM channel", code=50003, status=403)
        body = record.json if isinstance(record.json, dict) else {}
        have = self._bot_perms(channel)
        if not channel.is_thread:
            if not have & _MANAGE_CHANNELS:
                raise PayloadRejected("Missing Permissions (manage_channels)", code=50013, status=403)
            if isinstance(body.get("name"), str) and 1 <= len(body["name"]) <= 100:
                channel.name = body["name"]
            self._emit_event("CHANNEL_UPDATE", channel.payload(), guild_id=channel.guild_id)
            return channel.payload()
        archived, locked = body.get("archived", channel.archived), body.get("locked", channel.locked)
        if channel.archived and archived is not False:
            raise PayloadRejected("Thread is archived", code=THREAD_ARCHIVED, status=400)
        if "auto_archive_duration" in body and body["auto_archive_duration"] not in AUTO_ARCHIVE_MINUTES:
            raise PayloadRejected(f"auto_archive_duration: Value must be one of {AUTO_ARCHIVE_MINUTES}.")
        manage, creator = bool(have & _MANAGE_THREADS), channel.owner_id == self.world.bot.id
        member = channel.type != PRIVATE_THREAD or self.world.bot.id in channel.thread_members
        may_post = bool(have & _SEND_IN_THREADS) and member
        unarchiving = channel.archived and archived is False
        moderating = locked != channel.locked or "rate_limit_per_user" in body or (unarchiving and channel.locked)
        creators = bool({"name", "auto_archive_duration"} & body.keys()) or (archived and not channel.archived)
        allowed = manage or not moderating and (creator or not creators and (may_post or not unarchiving))
        if not allowed:
            raise PayloadRejected("Missing Permissions (manage_threads)", code=50013, status=403)
        if isinstance(body.get("name"), str) and 1 <= len(body["name"]) <= 100:
            channel.name = body["name"]
        if body.get("auto_archive_duration") in AUTO_ARCHIVE_MINUTES:
            channel.auto_archive_duration = body["auto_archive_duration"]
        self._update_thread(channel, archived=bool(archived), locked=bool(locked))
        return channel.thread_payload()

    async def _post_channel_message(self, request: web.Request, record: RequestRecord) -> Any:
        channel = self._channel(record)
        needed = perm_bits(view_channel=True, send_messages=True)
        if record.files:
            needed |= perm_bits(attach_files=True)
        self._require_bot_perms(channel, needed, "attach_files" if record.files else "send_messages")
        self._writable(channel, creating=True)
        gate = getattr(self, "channel_post_gate", None)
        if gate is not None and not await gate(channel, record):
            # the test holds this post and never lets it through (e.g. it kills the bot meanwhile)
            raise web.HTTPServiceUnavailable()
        msg = self._nonce_duplicate(channel, record.json or {})  # enforce_nonce: a retry gets the first message
        if msg is None:
            msg = self._create_message(channel, record.json or {}, record.files)
        return self.message_payload(msg)

    async def _get_channel_messages(self, request: web.Request, record: RequestRecord) -> Any:
        channel = self._channel(record)
        self._require_bot_perms(channel, perm_bits(view_channel=True, read_message_history=True), "read history")
        limit = max(1, min(100, int(record.query.get("limit", 50))))
        msgs = [m for m in self._channel_messages.get(channel.id, []) if not m.deleted and not m.ephemeral]
        if "before" in record.query:
            msgs = [m for m in msgs if m.id < _int(record.query["before"])]
        if "after" in record.query:
            msgs = [m for m in msgs if m.id > _int(record.query["after"])][:limit]
        msgs = sorted(msgs, key=lambda m: m.id, reverse=True)[:limit]
        return [self.message_payload(m) for m in msgs]

    async def _get_channel_message(self, request: web.Request, record: RequestRecord) -> Any:
        return self.message_payload(self._channel_message(record))

    async def _edit_channel_message(self, request: web.Request, record: RequestRecord) -> Any:
        msg = self._channel_message(record)
        if msg.author.id != self.world.bot.id:
            raise PayloadRejected("Cannot edit a message authored by another user", code=50005, status=403)
        self._writable(msg.channel, creating=False)
        return self.message_payload(self._edit_message(msg, record.json or {}, record.files))

    async def _delete_channel_message(self, request: web.Request, record: RequestRecord) -> Any:
        msg = self._channel_message(record)
        if msg.author.id != self.world.bot.id:
            self._require_bot_perms(msg.channel, perm_bits(manage_messages=True), "manage_messages")
        self._delete_message(msg)
        return None

    async def _typing(self, request: web.Request, record: RequestRecord) -> Any:
        self._channel(record)
        return None

    async def _start_thread(self, request: web.Request, record: RequestRecord) -> Any:
        """Start Thread without Message: a public (11) or private (12, the default) thread of a text channel; the
        bot needs Create Public/Private Threads there and becomes the thread's first member (THREAD_CREATE)."""
        parent = self._channel(record)
        body = record.json if isinstance(record.json, dict) else {}
        kind = body.get("type") if body.get("type") is not None else PRIVATE_THREAD
        if parent.is_dm or parent.is_thread or parent.type != 0 or kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            raise PayloadRejected("Cannot execute action on this channel type", code=50024, status=400)
        name = body.get("name")
        if not isinstance(name, str) or not 1 <= len(name) <= 100:
            raise PayloadRejected("name: must be between 1 and 100 in length.")
        archive = body.get("auto_archive_duration") or 4320
        if archive not in AUTO_ARCHIVE_MINUTES:
            raise PayloadRejected(f"auto_archive_duration: Value must be one of {AUTO_ARCHIVE_MINUTES}.")
        needed = perm_bits(view_channel=True)
        needed |= perm_bits(create_public_threads=True) if kind == PUBLIC_THREAD else perm_bits(
            create_private_threads=True)
        self._require_bot_perms(parent, needed, "create threads")
        thread = self.world.add_thread(parent, name, self.world.bot, type=kind, auto_archive_duration=archive)
        payload = thread.thread_payload() | {"member": self._thread_member(thread, self.world.bot.id)}
        self._emit_event("THREAD_CREATE", payload | {"newly_created": True}, guild_id=thread.guild_id)
        return Created(payload)

    def _thread_member(self, thread: StubChannel, user_id: int) -> dict[str, Any]:
        return {"id": str(thread.id), "user_id": str(user_id), "join_timestamp": thread.created_at, "flags": 0}

    async def _add_thread_member(self, request: web.Request, record: RequestRecord) -> Any:
        """Add Thread Member: the thread must not be archived and the bot must be able to post in it; the user
        must be in the guild. 204 also when they already were a member."""
        thread = self._channel(record)
        if not thread.is_thread:
            raise PayloadRejected("Cannot execute action on this channel type", code=50024, status=400)
        if thread.archived:
            raise PayloadRejected("Thread is archived", code=50083, status=400)
        self._require_bot_perms(thread, perm_bits(view_channel=True, send_messages=True), "send_messages_in_threads")
        guild = self.world.guild_of(thread)
        user_id = _int(record.params["user_id"])
        if guild is None or user_id not in guild.members:
            raise PayloadRejected("Unknown Member", code=10007, status=404)
        if user_id not in thread.thread_members:
            thread.thread_members.append(user_id)
        return None

    async def _get_guild(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_guild(record)
        data = self.world.guild.payload(self.world.joined_at)
        for key in ("members", "channels", "threads", "presences", "voice_states"):
            data.pop(key, None)
        data["approximate_member_count"] = len(self.world.guild.members)
        data["approximate_presence_count"] = 0
        return data

    async def _get_guild_channels(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_guild(record)
        return [c.payload() for c in self.world.guild.channels.values()]

    async def _get_guild_roles(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_guild(record)
        return [r.payload() for r in self.world.guild.roles.values()]

    async def _get_member(self, request: web.Request, record: RequestRecord) -> Any:
        self._check_guild(record)
        member = self.world.guild.members.get(_int(record.params["user_id"]))
        if member is None:
            raise PayloadRejected("Unknown Member", code=10007, status=404)
        return member.payload()


_DISPOSITION = re.compile(r'\s*;\s*(name|filename)="((?:[^"\\]|\\.)*)"')


def _read_multipart(body: bytes, params: str, record: RequestRecord) -> None:
    """multipart/form-data read by hand: aiohttp's reader parses every part header through the ``email``
    package, which cost the stand-in more CPU than the bot's own answer in a load run (the stand-in shares
    the machine with the bot it measures). Strict about what discord.py sends: a ``payload_json`` field and
    file parts with a name, a filename and a content type; anything else is refused."""
    boundary = None
    for param in params.split(";"):
        key, _, value = param.strip().partition("=")
        if key.lower() == "boundary":
            boundary = value.strip('"')
    if not boundary:
        raise PayloadRejected("multipart body without a boundary")
    delimiter = b"--" + boundary.encode("latin-1")
    chunks = body.split(b"\r\n" + delimiter)
    if not chunks[0].startswith(delimiter) or not chunks[-1].startswith(b"--"):
        raise PayloadRejected("malformed multipart body")
    chunks[0] = chunks[0][len(delimiter):]
    for chunk in chunks[:-1]:
        head, sep, data = chunk.partition(b"\r\n\r\n")
        if not sep or not head.startswith(b"\r\n"):
            raise PayloadRejected("malformed multipart part")
        headers: dict[str, str] = {}
        for line in head[2:].decode("utf-8").split("\r\n"):
            key, colon, value = line.partition(":")
            if not colon:
                raise PayloadRejected(f"malformed multipart header {line[:80]!r}")
            headers[key.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        if not disposition.lower().startswith("form-data"):
            raise PayloadRejected("multipart part without form-data disposition")
        fields = {k: re.sub(r"\\(.)", r"\1", v) for k, v in _DISPOSITION.findall(disposition[9:])}
        name, filename = fields.get("name"), fields.get("filename")
        if name == "payload_json" and filename is None:
            try:
                record.json = json.loads(data.decode("utf-8"))
            except ValueError:
                raise PayloadRejected("payload_json is not valid JSON", code=50109)
        elif filename is not None:
            record.files.append(UploadedFile(name or "", filename, headers.get("content-type"), data))
        else:
            raise PayloadRejected(f"unexpected multipart field {name!r}")


def _int(value: Any) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        raise PayloadRejected(f"Value {value!r} is not snowflake.", code=50035, status=400)


async def _read_body(request: web.Request, record: RequestRecord) -> None:
    """JSON bodies and multipart/form-data (``payload_json`` + ``files[n]``), as discord.py sends them."""
    if not request.can_read_body:
        return
    ctype, _, params = request.headers.get("Content-Type", "").partition(";")
    ctype = ctype.strip().lower()
    if ctype == "multipart/form-data":
        _read_multipart(await request.read(), params, record)
        return
    raw = await request.read()
    if not raw:
        return
    if ctype != "application/json":
        raise PayloadRejected(f"unsupported content type {ctype!r}")
    try:
        record.json = json.loads(raw)
    except ValueError:
        raise PayloadRejected("body is not valid JSON", code=50109)
