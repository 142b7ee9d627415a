"""The courier: delivers the posts that committed changes made due (the engine's outbox), once each.

A post is written in the same transaction as its move (``cogs.turns``). Right after the commit the service
that made the move asks the courier to deliver that game's posts; on start-up, and every minute after a
failed send, the courier delivers every post still undelivered, oldest first. A per-game lock keeps a game's
posts in order and stops two deliveries of the same post; a post is marked delivered with the message id
right after Discord accepted it. Posts are claimed in the database first (``owner``), so of several bot
processes on one database only one delivers each post (bot/engine/claims.py).

The post is rendered from the game as it is when it is delivered (the pictures, the due player's menu):
after a crash the channel gets the current situation, never a stale menu.
"""
from __future__ import annotations

import asyncio
import io
import logging
import os
import socket
import weakref
from typing import Any

import discord

from bot.engine import GameView, OutboxPost, SessionManager
from bot.i18n import t

from .buttons import Components
from .core import game_locale, in_worker
from .games import Games
from .menus import add_look_buttons, move_view
from .replays import final_chart
from .turns import decision_of, pending_seats

log = logging.getLogger(__name__)

LOG_LINE_LIMIT = 1500
#: After this many failed sends a post is given up (logged), so one deleted channel cannot block a restart.
MAX_ATTEMPTS = 5


def as_files(blobs: list[tuple[str, bytes]]) -> list[discord.File]:
    return [discord.File(io.BytesIO(data), filename=name) for name, data in blobs]


def player_name(game: GameView, seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(game.seats):
        return game.seats[seat].name
    return "?"


class Courier:
    def __init__(self, client: discord.Client, sessions: SessionManager, games: Games, ui: Components, *,
                 owner: str | None = None):
        self.client = client
        #: who claims posts in the database; the app names the process's shard slot
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}"
        self.sessions = sessions
        self.games = games
        self.ui = ui
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ delivering
    async def deliver(self, game_id: int) -> list[discord.Message]:
        """Send this game's undelivered posts in order; a failed send stays for the retry loop."""
        sent = []
        async with self._lock(game_id):
            for post in await self.sessions.claim_posts(self.owner, game_id=game_id):
                message = await self._send(post)
                if message is None:
                    break
                sent.append(message)
        return sent

    async def deliver_all(self) -> int:
        """Every undelivered post of every game (start-up, retries); returns how many were sent."""
        count = 0
        seen: set[int] = set()
        for post in await self.sessions.claim_posts(self.owner, limit=1000):
            if post.game_id in seen:
                continue
            seen.add(post.game_id)
            count += len(await self.deliver(post.game_id))
        return count

    async def edited_in_place(self, game_id: int, message_id: int) -> bool:
        """Whether the game's latest post went into ``message_id`` as an edit (one message per hand)."""
        posts = await self.sessions.posts(game_id)
        return bool(posts) and bool(posts[-1].payload.get("edit")) and posts[-1].message_id == message_id

    async def _previous_message(self, game_id: int) -> int | None:
        for earlier in reversed(await self.sessions.posts(game_id)):
            if earlier.delivered_at is not None and earlier.message_id is not None:
                return earlier.message_id
        return None

    async def _send(self, post: OutboxPost) -> discord.Message | None:
        try:
            game = await self.sessions.load(post.game_id)
            content = await self.render(game, post.payload)
            channel = self.client.get_partial_messageable(post.channel_id, guild_id=game.guild_id)
            message = None
            previous = await self._previous_message(post.game_id) if post.payload.get("edit") else None
            if previous is not None:           # the same message goes on (e.g. one message per hand)
                try:
                    message = await channel.get_partial_message(previous).edit(
                        content=content["content"], attachments=content["files"], view=content.get("view"),
                        allowed_mentions=content["allowed_mentions"])
                except discord.NotFound:
                    message = None             # deleted meanwhile: post it anew
            if message is None:
                message = await channel.send(**content)
        except (discord.HTTPException, OSError, asyncio.TimeoutError) as error:
            log.warning("post %s of game %s not delivered (attempt %d): %r", post.id, post.game_id,
                        post.attempts + 1, error)
            if post.attempts + 1 >= MAX_ATTEMPTS:
                log.error("post %s of game %s given up after %d attempts", post.id, post.game_id, MAX_ATTEMPTS)
                await self.sessions.post_delivered(post.id, None)
            else:
                await self.sessions.post_failed(post.id)
            return None
        await self.sessions.post_delivered(post.id, message.id)
        return message

    # ------------------------------------------------------------------ what a post says
    def mention_line(self, game: GameView, fresh: list[int], locale: str) -> str:
        kind = self.games.kind(game.kind)
        presentation = self.games[game.kind]
        lines = []
        due = pending_seats(kind, game.state)
        for seat in due:
            who = f"<@{game.seats[seat].user_id}>" if seat in fresh and game.seats[seat].user_id \
                else f"**{game.seats[seat].name}**"
            lines.append(t("play.your_turn", locale, player=who,
                           decision=presentation.decision_text(decision_of(kind, game.state, seat), locale)))
        for seat in fresh:                     # pinged now for a decision that comes later in this message
            if seat not in due and game.seats[seat].user_id:
                lines.append(t("play.up_next", locale, player=f"<@{game.seats[seat].user_id}>"))
        return "\n".join(lines)

    def event_line(self, game: GameView, event: dict, locale: str) -> str:
        """The shell's own events (``bot.*``: the bot played for an idle player; ``undo.taken_back``) or the
        game's."""
        key = str(event.get("key", ""))
        if key.startswith("bot."):
            return t(key, locale, player=player_name(game, (event.get("params") or {}).get("seat")))
        if key == "undo.taken_back":          # a move taken back (cogs.turns.undo_plan): its label is stored
            params = event.get("params") or {}
            return t(key, locale, player=player_name(game, params.get("seat")), move=str(params.get("move", "")))
        return self.games[game.kind].event_line(game, event, locale)

    async def render(self, game: GameView, payload: dict) -> dict:
        """The message for a turn post: log line, pictures, who is due (mentioned once) and their menu."""
        presentation = self.games[game.kind]
        kind = self.games.kind(game.kind)
        locale = game_locale(game)
        mover = payload.get("mover")
        mover = mover if isinstance(mover, int) and 0 <= mover < len(game.seats) else None
        blobs = await in_worker(presentation.turn_pictures, game, mover, locale)
        parts = []
        lines = [t("play.game_started", locale)] if payload.get("started") else []
        lines += [self.event_line(game, e, locale) for e in payload.get("events", [])]
        if lines:
            line = " · ".join(lines)
            parts.append(line if len(line) <= LOG_LINE_LIMIT else line[:LOG_LINE_LIMIT - 1] + "…")
        view = None
        fresh = [s for s in payload.get("mention", []) if isinstance(s, int) and 0 <= s < len(game.seats)]
        if game.status != "active":
            if kind.is_finished(game.state):
                parts.append("\n".join([t("play.final_title", locale), *presentation.final_lines(game, locale)]))
                blobs = [*blobs, *await final_chart(self.sessions, self.games, game, locale)]
            fresh = []
        else:
            parts.append(self.mention_line(game, fresh, locale))
            due = pending_seats(kind, game.state)
            if len(due) == 1:
                legal = kind.legal_moves(game.state, due[0])
                view = move_view(presentation, self.ui, game, due[0], legal, locale)
            else:
                view = discord.ui.View(timeout=None)
                add_look_buttons(self.ui, view, game, locale, moves=True, sheet=presentation.has_seat_pictures)
        mentioned = [discord.Object(game.seats[s].user_id) for s in fresh if game.seats[s].user_id]
        post: dict[str, Any] = {
            "content": "\n".join(p for p in parts if p)[:2000], "files": as_files(blobs),
            "allowed_mentions": discord.AllowedMentions(users=mentioned, roles=False, everyone=False)}
        if view is not None:
            post["view"] = view
        return post
