"""The playground's web page: a Discord-like client for the local Discord, served on loopback by aiohttp.

The browser acts through small JSON calls (a slash command, an autocomplete, a click, a pick in a select, a
person's language, skipping time); each becomes the same INTERACTION_CREATE a Discord client causes
(``local_discord.driver``), so the bot cannot tell the page from Discord. What the bot sends comes back over a
websocket: the browser says which channels it shows and as whom (``view``), and gets every visible message of
each such pane, again whenever that channel changes (only messages whose version changed are redrawn), and the
server's threads whenever a new one appears (``/find`` plays each table it finds in a thread of its own).
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from bot.i18n import N_, t
from bot.i18n.locale import catalog_locale

from .local_discord.commands import CommandUnavailable
from .local_discord.driver import ActionRefused
from .local_discord.messages import StubMessage
from .local_discord.records import StubFailure
from .local_discord.world import StubUser
from .world import BOT_PERMISSIONS, CHANNELS, LOCALES, LocalDiscord

log = logging.getLogger("playground")

STATIC = Path(__file__).with_name("static")
#: the Hangul fonts the pictures are drawn with, for a page showing Korean where the computer has none
FONTS = Path(__file__).resolve().parents[1] / "images" / "fonts"
HANGUL_FONTS = ("NanumSquareR.ttf", "NanumSquareB.ttf")
#: Messages a pane shows (the newest ones), as a Discord client loads a channel's last page.
PANE_MESSAGES = 50
#: The page's own texts (its chrome), in every language of the bot; the browser fills ``{placeholders}``.
CHROME = (
    N_("playground.title"), N_("playground.server"), N_("playground.you_are"), N_("playground.side_by_side"),
    N_("playground.language"), N_("playground.text_channels"), N_("playground.direct_messages"),
    N_("playground.channel.games"), N_("playground.channel.tavern"), N_("playground.channel.lounge"),
    N_("playground.skip_time"), N_("playground.skip_hours"), N_("playground.clock"),
    N_("playground.composer"), N_("playground.send"), N_("playground.thinking"), N_("playground.only_you"),
    N_("playground.silent"), N_("playground.edited"), N_("playground.app_tag"), N_("playground.refused"),
    N_("playground.choose"), N_("playground.offline"), N_("playground.no_commands"), N_("playground.optional"),
    N_("playground.choose_person"), N_("playground.choose_channel"), N_("playground.yes"), N_("playground.no"),
    N_("playground.dismiss"), N_("playground.out_of_range"),
    # the moderator's panel: the bot's permissions in one channel, named as Discord's client names them
    N_("playground.moderator"), N_("playground.permissions_hint"), N_("playground.permission_channel"),
    N_("permission.view_channel"), N_("permission.send_messages"), N_("permission.send_messages_in_threads"),
    N_("permission.embed_links"), N_("permission.attach_files"), N_("permission.read_message_history"),
)
assert {f"playground.channel.{name}" for name in CHANNELS} <= set(CHROME)
assert {f"permission.{name}" for name in BOT_PERMISSIONS} <= set(CHROME)


def texts() -> dict[str, dict[str, str]]:
    """Every chrome text in each language the page offers, by the bot's catalog locale."""
    out: dict[str, dict[str, str]] = {}
    for discord_locale in LOCALES:
        locale = catalog_locale(discord_locale) or "en"
        out[discord_locale] = {key: t(key, locale) for key in CHROME}
    return out


class Controls:
    """What the page may ask of the running bot besides Discord: move its clocks on (``skip``)."""

    offset: float = 0.0

    async def skip(self, seconds: float) -> None:  # pragma: no cover - replaced by the runner
        raise NotImplementedError


class Page:
    """The aiohttp application of the page; ``await page.start(host, port)``."""

    def __init__(self, stub: LocalDiscord, controls: Controls) -> None:
        self.stub = stub
        self.controls = controls
        self.sockets: dict[web.WebSocketResponse, list[tuple[int, int]]] = {}
        self._threads_shown: dict[web.WebSocketResponse, list[dict[str, str]]] = {}
        self._changed: set[int | None] = set()
        self._flush_scheduled = False
        self._runner: web.AppRunner | None = None
        self.port = 0
        stub.listeners.append(self._on_change)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self._index)
        app.router.add_static("/static/", STATIC, append_version=False)
        for font in HANGUL_FONTS:
            app.router.add_get(f"/fonts/{font}", self._font)
        app.router.add_get("/api/world", self._world)
        app.router.add_get("/api/commands", self._commands)
        app.router.add_post("/api/command", self._action(self._command))
        app.router.add_post("/api/autocomplete", self._action(self._autocomplete))
        app.router.add_post("/api/click", self._action(self._click))
        app.router.add_post("/api/select", self._action(self._select))
        app.router.add_post("/api/locale", self._action(self._locale))
        app.router.add_post("/api/skip", self._action(self._skip))
        app.router.add_post("/api/permission", self._action(self._permission))
        app.router.add_get("/api/messages", self._messages)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._attachment)
        app.router.add_get("/ws", self._ws)
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> Page:
        self._runner = web.AppRunner(self.app(), access_log=None, handle_signals=False)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        assert server is not None and server.sockets
        self.port = server.sockets[0].getsockname()[1]
        return self

    async def close(self) -> None:
        for ws in list(self.sockets):
            await ws.close()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    # --- reading --------------------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.FileResponse:
        return web.FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    async def _font(self, request: web.Request) -> web.FileResponse:
        """One of ``HANGUL_FONTS`` (the route names it): unchanging, so a browser keeps it for a day."""
        return web.FileResponse(FONTS / Path(request.path).name, headers={"Cache-Control": "max-age=86400",
                                                                           "Content-Type": "font/ttf"})

    async def _world(self, request: web.Request) -> web.Response:
        stub = self.stub
        world = stub.world
        people = [{"id": str(p.id), "name": p.global_name or p.username, "username": p.username,
                   "locale": p.locale, "dm": str(world.dm_with(p).id)} for p in stub.people]
        channels = [{"id": str(c.id), "name": c.name} for c in stub.text_channels]
        return web.json_response({
            "guild": {"id": str(world.guild.id)}, "bot": {"id": str(world.bot.id), "name": world.bot.global_name},
            "people": people, "channels": channels, "threads": self.threads(), "locales": list(LOCALES),
            "texts": texts(), "clock_offset": self.controls.offset,
            "bot_permissions": list(BOT_PERMISSIONS),
            "denied": {str(c.id): stub.bot_denied(c) for c in stub.text_channels},
        })

    def threads(self) -> list[dict[str, str]]:
        """The threads of the server's channels, oldest first (``/find`` opens one for each table it finds): the
        page lists each under its channel, as a Discord client does, as soon as the bot made it."""
        parents = {c.id for c in self.stub.text_channels}
        return [{"id": str(c.id), "name": c.name, "parent": str(c.parent_id)}
                for c in sorted(self.stub.world.channels.values(), key=lambda c: c.id)
                if c.is_thread and c.parent_id in parents]

    async def _commands(self, request: web.Request) -> web.Response:
        """The commands the person may run in the channel (Discord's client offers no others)."""
        try:
            user = self.stub.person(int(request.query["user"]))
            channel = self.stub.channel(int(request.query["channel"]))
        except (KeyError, ValueError) as error:
            raise web.HTTPBadRequest(text=str(error)) from None
        reg = self.stub.commands
        found = []
        for cmd in reg.listing(None) + (reg.listing(channel.guild_id) if channel.guild_id else []):
            if cmd.get("type", 1) != 1:
                continue
            try:
                reg.check_available(cmd, channel, user)
            except CommandUnavailable:
                continue
            found.append(cmd)
        return web.json_response(found)

    def pane(self, channel_id: int, viewer_id: int) -> list[dict[str, Any]]:
        stub = self.stub
        viewer = stub.person(viewer_id)
        messages = stub.messages(stub.channel(channel_id), visible_to=viewer)[-PANE_MESSAGES:]
        return [self.render(m) for m in messages]

    def render(self, msg: StubMessage) -> dict[str, Any]:
        payload = self.stub.message_payload(msg)
        for attachment in payload.get("attachments", []):
            attachment["url"] = f"/attachments/{msg.channel.id}/{attachment['id']}/{attachment['filename']}"
        payload["version"] = msg.updated_seq or msg.seq
        payload["pinged"] = [str(u) for u in msg.mentions]
        payload["silent"] = msg.silent
        payload["loading"] = msg.loading
        payload["ephemeral"] = msg.ephemeral
        return payload

    async def _messages(self, request: web.Request) -> web.Response:
        try:
            found = self.pane(int(request.query["channel"]), int(request.query["viewer"]))
        except (KeyError, ValueError) as error:
            raise web.HTTPBadRequest(text=str(error)) from None
        return web.json_response(found)

    async def _attachment(self, request: web.Request) -> web.Response:
        aid = int(request.match_info["attachment_id"])
        for msg in reversed(self.stub._channel_messages.get(int(request.match_info["channel_id"]), [])):
            for attachment in msg.attachments:
                if attachment.id == aid:
                    return web.Response(body=attachment.data, content_type=attachment.content_type,
                                        headers={"Cache-Control": "max-age=86400, immutable"})
        raise web.HTTPNotFound()

    # --- acting -----------------------------------------------------------------------------------------
    def _action(self, handler: Callable[[dict[str, Any]], Awaitable[Any]]):
        async def wrapped(request: web.Request) -> web.Response:
            try:
                body = await request.json()
                result = await handler(body)
            except (ActionRefused, StubFailure, KeyError, ValueError, TypeError, LookupError) as error:
                log.info("the page's action was refused: %s", error)
                return web.json_response({"error": str(error)}, status=400)
            return web.json_response({"ok": True, "result": result})
        return wrapped

    def _options(self, body: dict[str, Any]) -> dict[str, Any]:
        """Option values from the browser: people and channels come as ids (``{"user": id}``)."""
        out: dict[str, Any] = {}
        for name, value in (body.get("options") or {}).items():
            if isinstance(value, dict) and "user" in value:
                value = self.stub.world.users[int(value["user"])]
            elif isinstance(value, dict) and "channel" in value:
                value = self.stub.channel(int(value["channel"]))
            out[name] = value
        return out

    async def _command(self, body: dict[str, Any]) -> str:
        ix = await self.stub.run_command(self.stub.person(body["user"]), self.stub.channel(body["channel"]),
                                         str(body["command"]), **self._options(body))
        return str(ix.id)

    async def _autocomplete(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        return await self.stub.autocomplete(self.stub.person(body["user"]), self.stub.channel(body["channel"]),
                                            str(body["command"]), focused=str(body["focused"]),
                                            **self._options(body))

    def _message(self, body: dict[str, Any]) -> StubMessage:
        msg = self.stub.message_by_id(int(body["message"]))
        if msg is None:
            raise LookupError("that message is gone")
        return msg

    async def _click(self, body: dict[str, Any]) -> str:
        ix = await self.stub.click(self.stub.person(body["user"]), self._message(body),
                                   custom_id=str(body["custom_id"]))
        return str(ix.id)

    async def _select(self, body: dict[str, Any]) -> str:
        msg = self._message(body)
        user = self.stub.person(body["user"])
        select = msg.select(str(body["custom_id"]))
        values: list[Any] = [str(v) for v in body["values"]]
        if select.get("type") == 5:
            values = [self.stub.world.users[int(v)] for v in values]
        elif select.get("type") == 8:
            values = [self.stub.channel(int(v)) for v in values]
        ix = await self.stub.select(user, msg, values, custom_id=str(body["custom_id"]))
        return str(ix.id)

    async def _locale(self, body: dict[str, Any]) -> str:
        if body["locale"] not in LOCALES:
            raise ValueError(f"no locale {body['locale']!r}")
        person: StubUser = self.stub.person(body["user"])
        person.locale = body["locale"]
        return person.locale

    async def _skip(self, body: dict[str, Any]) -> float:
        seconds = float(body["seconds"])
        if not 0 < seconds <= 7 * 24 * 3600:
            raise ValueError("skip between a second and a week")
        await self.controls.skip(seconds)
        return self.controls.offset

    async def _permission(self, body: dict[str, Any]) -> list[str]:
        """A server admin denies the bot a permission in a channel, or allows it again (``allow``): what the bot
        is denied there now."""
        if not isinstance(body.get("allow"), bool):
            raise ValueError("allow: true or false")
        return self.stub.set_bot_permission(self.stub.channel(body["channel"]), str(body["permission"]),
                                            body["allow"])

    # --- live updates ---------------------------------------------------------------------------------------
    def _on_change(self, channel_id: int | None) -> None:
        if not self.sockets:
            return
        self._changed.add(channel_id)
        if not self._flush_scheduled:
            self._flush_scheduled = True
            asyncio.get_running_loop().call_soon(lambda: asyncio.ensure_future(self._flush()))

    async def _flush(self) -> None:
        changed, self._changed = self._changed, set()
        self._flush_scheduled = False
        threads = self.threads()
        for ws, panes in list(self.sockets.items()):
            await self._send_threads(ws, threads)
            for channel_id, viewer_id in panes:
                if None in changed or channel_id in changed:
                    await self._send_pane(ws, channel_id, viewer_id)

    async def _send_threads(self, ws: web.WebSocketResponse, threads: list[dict[str, str]]) -> None:
        """The threads, to a browser that has not seen this list yet."""
        if ws.closed or self._threads_shown.get(ws) == threads:
            return
        self._threads_shown[ws] = threads
        with contextlib.suppress(ConnectionError):
            await ws.send_str(json.dumps({"type": "threads", "threads": threads}))

    async def _send_pane(self, ws: web.WebSocketResponse, channel_id: int, viewer_id: int) -> None:
        if ws.closed:
            return
        try:
            messages = self.pane(channel_id, viewer_id)
        except KeyError:
            return
        try:
            await ws.send_str(json.dumps({"type": "pane", "channel": str(channel_id), "viewer": str(viewer_id),
                                          "clock_offset": self.controls.offset, "messages": messages}))
        except ConnectionError:
            pass

    async def _ws(self, request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(heartbeat=30)
        await ws.prepare(request)
        self.sockets[ws] = []
        try:
            async for frame in ws:
                if frame.type != WSMsgType.TEXT:
                    continue
                try:
                    data = json.loads(frame.data)
                    panes = [(int(p["channel"]), int(p["viewer"])) for p in data.get("panes", [])]
                except (ValueError, KeyError, TypeError):
                    continue
                self.sockets[ws] = panes
                await self._send_threads(ws, self.threads())
                for channel_id, viewer_id in panes:
                    await self._send_pane(ws, channel_id, viewer_id)
        finally:
            self.sockets.pop(ws, None)
            self._threads_shown.pop(ws, None)
        return ws
