"""The gateway side of the stand-in: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, RESUME with
replay, and dispatching events (INTERACTION_CREATE, MESSAGE_*) to the bot's current connection.

Sharding as Discord does it: IDENTIFY names ``shard: [id, count]``; READY lists, and GUILD_CREATE is sent
for, the guilds of that shard (``(guild_id >> 22) % count``); a guild's events go to the connection of its
shard and everything outside guilds (DMs) to shard 0's. Connections of several bot processes can be live at
once, each for its own shards.

discord.py 2.7 dials gateway.discord.gg for any reconnect that is not a RESUME, so resuming is how a
reconnecting bot stays on the stand-in; the stand-in never invalidates a session it knows.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web

from .interactions import InteractionRecord
from .messages import StubMessage
from .records import StubFailure, dumps

log = logging.getLogger("discord_stub")

GATEWAY_PATH = "/gateway-ws"
HEARTBEAT_INTERVAL_MS = 41250
HEARTBEAT_ACK_DELAY_S = 0.01
PRIVILEGED_INTENTS = (1 << 1) | (1 << 8) | (1 << 15)  # members, presences, message content
INTENT_GUILDS = 1 << 0
INTENT_GUILD_MEMBERS = 1 << 1
INTENT_GUILD_MESSAGES = 1 << 9
INTENT_DM_MESSAGES = 1 << 12


@dataclass
class _SessionLog:
    """What survives a reconnect: Discord keeps a session's id, sequence and sent events for RESUME."""

    session_id: str = field(default_factory=lambda: secrets.token_hex(16))
    seq: int = 0
    intents: int = 0
    frames: list[tuple[dict[str, Any], Callable[[], None] | None]] = field(default_factory=list)
    shard: tuple[int, int] = (0, 1)


class GatewaySession:
    """One websocket connection. Frames go out through a queue so sequence numbers match write order;
    dispatches are also logged in the session so a RESUME on a new connection can replay them."""

    MAX_REPLAY = 2000

    def __init__(self, stub: Any, ws: web.WebSocketResponse) -> None:
        self.stub = stub
        self.ws = ws
        self.log = _SessionLog()
        self.identified = False
        self.resumed = False
        self.replayed = 0  # dispatches re-sent on this connection after a RESUME
        self.heartbeats = 0
        self.closed = False
        #: cut by ``drop_gateway``: Discord keeps the session and what happens meanwhile for the RESUME
        self.dropped = False
        self.transport: asyncio.Transport | None = None
        self._out: asyncio.Queue[tuple[dict[str, Any], Callable[[], None] | None]] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write_loop(), name="discord-stub-gateway-writer")

    @property
    def session_id(self) -> str:
        return self.log.session_id

    @property
    def intents(self) -> int:
        return self.log.intents

    @property
    def seq(self) -> int:
        return self.log.seq

    @property
    def shard(self) -> tuple[int, int]:
        """(shard id, shard count) this connection identified with."""
        return self.log.shard

    def carries(self, guild_id: int | None) -> bool:
        """Whether Discord would send this guild's events (a DM's when None) on this connection."""
        shard_id, count = self.log.shard
        return shard_of(guild_id, count) == shard_id

    def send(self, op: int, d: Any, *, event: str | None = None, on_sent: Callable[[], None] | None = None) -> None:
        frame: dict[str, Any] = {"op": op, "d": d, "s": None, "t": event}
        if op == 0:
            self.log.seq += 1
            frame["s"] = self.log.seq
            self.log.frames.append((frame, on_sent))
            del self.log.frames[:-self.MAX_REPLAY]
        self._out.put_nowait((frame, on_sent))

    def adopt(self, previous: GatewaySession, client_seq: int) -> int:
        """Take over ``previous``'s session (RESUME) and queue the dispatches the client has not seen."""
        self.log = previous.log
        previous.dropped = False
        self.identified = True
        self.resumed = True
        missed = [(f, cb) for f, cb in self.log.frames if f["s"] > client_seq]
        for item in missed:
            self._out.put_nowait(item)
        self.replayed = len(missed)
        return self.replayed

    async def _write_loop(self) -> None:
        """Write the queued frames in order, for as long as the session lives. A frame that cannot be written is
        logged and dropped, never the writer: a frame orjson refused (a lone surrogate in an option) once ended
        this task without a word, and every later command, click and ``/help`` timed out until a restart."""
        while True:
            frame, on_sent = await self._out.get()
            if self.ws.closed:
                continue
            try:
                text = dumps(frame).decode()
            except (TypeError, ValueError) as exc:       # orjson.JSONEncodeError is a TypeError
                log.error("gateway frame %s %s not written: it is no JSON Discord could send (%s)",
                          frame.get("t") or f"op {frame.get('op')}", frame.get("s"), exc)
                continue
            if on_sent is not None:
                on_sent()
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError) as exc:
                log.warning("gateway write failed: %s", exc)
            except Exception:
                log.exception("gateway write failed")

    def request_reconnect(self) -> None:
        """Send op 7 RECONNECT, as Discord does before moving a session; the client resumes."""
        self._out.put_nowait(({"op": 7, "d": None, "s": None, "t": None}, None))

    async def close(self, code: int = 1000, message: bytes = b"") -> None:
        self.closed = True
        self._writer.cancel()
        if not self.ws.closed:
            await self.ws.close(code=code, message=message)


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's routing: a guild's shard by its id's timestamp bits; DMs go to shard 0."""
    return 0 if guild_id is None or count <= 1 else (guild_id >> 22) % count


_ANY_GUILD = object()


class Gateway:
    """Mixin of ``DiscordStub``: the websocket endpoint and event dispatch."""

    @property
    def live_sessions(self) -> list[GatewaySession]:
        return [s for s in self.sessions if s.identified and not s.closed and not s.ws.closed]

    @property
    def active_session(self) -> GatewaySession | None:
        live = self.live_sessions
        return live[-1] if live else None

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The live connection that carries this guild's events (a DM's when None), newest first."""
        live = [s for s in self.live_sessions if s.carries(guild_id)]
        return live[-1] if live else None

    def _resumable_for(self, guild_id: int | None) -> GatewaySession | None:
        """A connection cut under the bot (``drop_gateway``) that it has not resumed yet: events meanwhile go to
        its session log, and the RESUME replays them (Discord answers a click only if that is within 3 s)."""
        dropped = [s for s in self.sessions if s.dropped and s.carries(guild_id)]
        return dropped[-1] if dropped else None

    def shard_session(self, shard_id: int, count: int) -> GatewaySession | None:
        live = [s for s in self.live_sessions if s.shard == (shard_id, count)]
        return live[-1] if live else None

    def _emit_event(self, event: str, data: dict[str, Any], intent: int | None = None,
                    guild_id: Any = _ANY_GUILD) -> None:
        session = self.active_session if guild_id is _ANY_GUILD else self.session_for(guild_id)
        if session is None:
            return
        if intent is not None and not session.intents & intent:
            return
        session.send(0, data, event=event)

    def _emit_message_event(self, event: str, msg: StubMessage) -> None:
        data = self.message_payload(msg)
        self._emit_event(event, data, INTENT_DM_MESSAGES if msg.channel.is_dm else INTENT_GUILD_MESSAGES,
                         guild_id=msg.channel.guild_id)

    async def wait_for_session(self, timeout: float = 20.0) -> GatewaySession:
        """Until a bot has identified on the gateway (READY and GUILD_CREATE queued). For bots running in
        another process, where ``BotRunner`` cannot watch ``is_ready()``: their commands are synced before
        they connect (discord.py runs ``setup_hook`` before the gateway), so they can be driven from here."""
        return await self.wait_until(lambda: self.active_session, timeout, "a bot to identify on the gateway")

    async def force_reconnect(self, timeout: float = 10.0) -> GatewaySession:
        """Ask the connected bot to reconnect (op 7) and wait until it resumed on a new connection."""
        old = self.active_session
        if old is None:
            raise StubFailure("no bot is connected to the gateway")
        old.request_reconnect()
        return await self.wait_until(
            lambda: (s := self.active_session) is not None and s is not old and s.resumed and s, timeout,
            "the bot to resume its gateway session")

    def dispatch_interaction(self, record: InteractionRecord) -> None:
        guild_id = record.channel.guild_id
        session = self.session_for(guild_id) or self._resumable_for(guild_id)
        if session is None:
            if self.active_session is None:
                raise StubFailure(f"no bot is connected to the gateway; cannot dispatch {record.describe()}")
            where = f"guild {guild_id}" if guild_id else "DMs"
            raise StubFailure(f"no bot connection carries the events of {where}; cannot dispatch {record.describe()}")
        self.interactions[record.id] = record
        self._by_token[record.token] = record

        def sent() -> None:
            if record.dispatched_at is None:  # a replay after RESUME keeps the first write time
                record.dispatched_at = self.now()
                self._notify(record.channel.id)

        session.send(0, record.payload, event="INTERACTION_CREATE", on_sent=sent)
        self._notify(record.channel.id)

    async def _gateway(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        session = GatewaySession(self, ws)
        session.transport = request.transport  # for drop_gateway(): a cut without a close frame
        self.sessions.append(session)
        session.send(10, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
        try:
            async for frame in ws:
                if frame.type == WSMsgType.TEXT:
                    await self._gateway_frame(session, json.loads(frame.data))
                elif frame.type in (WSMsgType.ERROR, WSMsgType.CLOSE):
                    break
                else:
                    log.error("discord stub: unexpected gateway frame type %s", frame.type)
        finally:
            session.closed = True
            session._writer.cancel()
            self._notify()
        return ws

    async def _gateway_frame(self, session: GatewaySession, msg: dict[str, Any]) -> None:
        op, d = msg.get("op"), msg.get("d")
        if op == 1:  # heartbeat
            session.heartbeats += 1
            # discord.py stamps a heartbeat's send time only after the send completes; an instant ACK would
            # be measured against the previous beat and logged as "websocket is 41 s behind".
            asyncio.get_running_loop().call_later(HEARTBEAT_ACK_DELAY_S, session.send, 11, None)
        elif op == 2:  # identify
            if d.get("token") != self.token:
                await session.close(4004, b"Authentication failed.")
                return
            intents = int(d.get("intents", 0))
            if intents & PRIVILEGED_INTENTS and not self.allow_privileged_intents:
                await session.close(4014, b"Disallowed intent(s).")
                return
            shard = d.get("shard", [0, 1])
            if not (isinstance(shard, list) and len(shard) == 2 and all(type(n) is int for n in shard)
                    and 0 <= shard[0] < shard[1]):
                await session.close(4010, b"Invalid shard.")
                return
            session.log.intents = intents
            session.log.shard = (shard[0], shard[1])
            session.identified = True
            w = self.world
            guilds = [g for g in w.guilds.values() if session.carries(g.id)]
            session.send(0, {
                "v": 10,
                "user": w.bot.payload() | {"verified": True, "mfa_enabled": False, "email": None},
                "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
                "session_id": session.session_id,
                "session_type": "normal",
                "resume_gateway_url": self.gateway_url,
                "shard": shard,
                "application": {"id": str(w.application_id), "flags": 0},
                "private_channels": [],
                "relationships": [],
                "presences": [],
                "guild_join_requests": [],
                "geo_ordered_rtc_regions": [],
                "auth": {},
                "user_settings": {},
                "_trace": ["discord-stub"],
            }, event="READY")
            for guild in guilds:
                session.send(0, guild.payload(w.joined_at), event="GUILD_CREATE")
            self._notify()
        elif op == 3:  # presence update
            return
        elif op == 6:  # resume on a new connection: replay what the client missed, then RESUMED
            # (discord.py 2.7 re-identifies against gateway.discord.gg, not against /gateway/bot's URL, so
            # resuming is the only reconnect that stays on the stand-in)
            previous = next((s for s in reversed(self.sessions)
                             if s is not session and s.identified and s.session_id == d.get("session_id")), None)
            if d.get("token") != self.token:
                await session.close(4004, b"Authentication failed.")
                return
            if previous is None:
                log.error("discord stub: RESUME of unknown session %s", d.get("session_id"))
                session.send(9, False)
                return
            previous.closed = True
            replayed = session.adopt(previous, int(d.get("seq") or 0))
            session.send(0, {"_trace": ["discord-stub"]}, event="RESUMED")
            log.info("discord stub: session %s resumed, %d events replayed", session.session_id, replayed)
            self._notify()
        elif op == 8:  # request guild members
            members = [m.payload() for m in self.world.guild.members.values()]
            session.send(0, {"guild_id": str(self.world.guild.id), "members": members, "chunk_index": 0,
                             "chunk_count": 1, "nonce": d.get("nonce")}, event="GUILD_MEMBERS_CHUNK")
        else:
            log.error("discord stub: unsupported gateway opcode %s: %s", op, msg)
