"""The courier: delivers the posts that committed changes made due (the engine's outbox), once each, into
one living message per game.

A post is written in the same transaction as its move (``cogs.turns``). Right after the commit the service
that made the move asks the courier to deliver that game's posts; on start-up, and every minute after a
failed send, the courier delivers every post still undelivered, oldest first. A per-game lock keeps a game's
posts in order and stops two deliveries of the same post; a post is marked delivered with the message id
right after Discord accepted it. Posts are claimed in the database first (``owner``), so of several bot
processes on one database only one delivers each post (bot/engine/claims.py).

One live message per game (the layout and summary below): a post that pings someone (or starts, or ends the game) first
turns the game's previous message into a one-line summary, then posts the new live message; a post marked
``edit`` (it pings nobody new) edits the live message in place. The previous message is always the one of
the latest delivered post, so replaying an undelivered post after a crash summarises the same message again
(an idempotent edit) and then posts: at every moment at most one message of the game has pictures or
buttons. Posts that ping nobody are sent silently.

The post is rendered from the game as it is when it is delivered (the pictures, the due player's menu):
after a crash the channel gets the current situation, never a stale menu. Pictures are rendered once per
step (``PictureCache``); an edit re-attaches only the pictures that changed.
"""
from __future__ import annotations

import asyncio
import collections
import hashlib
import io
import logging
import os
import socket
import weakref
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import discord

from bot.engine import GameView, OutboxPost, SessionManager
from bot.i18n import t

from .buttons import Components
from .core import game_locale, in_worker
from .games import Games
from .menus import add_look_buttons, move_view
from .pace import clock_status
from .replays import final_chart
from .turns import decision_of, pending_seats

log = logging.getLogger(__name__)

LOG_LINE_LIMIT = 1500
#: After this many failed sends a post is given up (logged), so one deleted channel cannot block a restart.
MAX_ATTEMPTS = 5


# ---------------------------------------------------------------------- the live message
# The living game message: one components-v2 message per game that shows the table, where the game stands,
# the last moves and the due player's buttons; and the one-line summary an older game message becomes.
#
# Discord's layout components (``discord.ui.LayoutView``) put pictures (a media gallery of ``attachment://``
# files), text and buttons into one message. The menus are still built as classic views (``cogs.menus``);
# :func:`live_layout` moves their items, row by row, into action rows below the container, so every custom
# id and click path stays the same. A components-v2 message has no ``content``: mentions live in a text
# display (they ping like content does, within ``allowed_mentions``). Once sent with the flag, a message
# keeps it, so every edit of a live message is a layout too, and its summary is a layout of one text display.

#: Longest summary line (a summarised message is one line, no pictures, no buttons).
SUMMARY_LIMIT = 300
#: Longest text display (Discord allows 4000 characters over all text of a message).
TEXT_LIMIT = 1800


@dataclass
class LiveParts:
    """What one live message shows, already in words (the courier fills it from the game)."""
    pictures: list[str] = field(default_factory=list)   # file names, attached with the message
    status: str = ""                                      # round and phase
    due: str = ""                                         # who is due and what to do (mentions)
    moves: str = ""                                       # the last moves, one line
    menu: discord.ui.View | None = None                   # the due player's buttons (classic view)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def live_layout(parts: LiveParts) -> discord.ui.LayoutView:
    """The container (pictures, status, who is due, last moves) and the menu's rows below it."""
    view = discord.ui.LayoutView(timeout=None)
    children: list[discord.ui.Item] = []
    if parts.pictures:
        children.append(discord.ui.MediaGallery(*[discord.MediaGalleryItem(f"attachment://{name}")
                                                  for name in parts.pictures]))
    for text in (parts.status, parts.due, f"-# {parts.moves}" if parts.moves else ""):
        if text:
            children.append(discord.ui.TextDisplay(_clip(text, TEXT_LIMIT)))
    if children:
        view.add_item(discord.ui.Container(*children))
    if parts.menu is not None:
        add_menu_rows(view, parts.menu)
    return view


def add_menu_rows(layout: discord.ui.LayoutView, menu: discord.ui.View) -> None:
    """Move a classic view's items into ``layout`` as action rows, in the rows the classic view laid out."""
    by_id = {item.custom_id: item for item in menu.children if getattr(item, "custom_id", None)}
    rows = menu.to_components()
    for row in rows:
        items = [by_id[c["custom_id"]] for c in row.get("components", []) if c.get("custom_id") in by_id]
        for item in items:
            menu.remove_item(item)
        if items:
            layout.add_item(discord.ui.ActionRow(*items))


def summary_layout(line: str) -> discord.ui.LayoutView:
    """What a game message becomes once a newer one took over: one line, no pictures, no buttons."""
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.TextDisplay(f"-# {_clip(line, SUMMARY_LIMIT)}"))
    return view


def digest(data: bytes) -> str:
    return hashlib.blake2b(data, digest_size=12).hexdigest()


class PictureCache:
    """Pictures rendered once per step: keyed by (game, version, locale, what), so the live post, the
    private continuation and the look buttons of the same step share one rendering. Small and in memory
    (a restart renders again)."""

    def __init__(self, size: int = 64):
        self.size = size
        self._items: collections.OrderedDict[Hashable, object] = collections.OrderedDict()
        self.hits = 0
        self.misses = 0

    async def get(self, key: Hashable, render: Callable[[], Awaitable[object]]) -> object:
        if key in self._items:
            self._items.move_to_end(key)
            self.hits += 1
            return self._items[key]
        self.misses += 1
        value = await render()
        self._items[key] = value
        while len(self._items) > self.size:
            self._items.popitem(last=False)
        return value


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
        self.pictures = PictureCache()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: game id -> (live message id, {file name: digest}, its attachments): what an edit may keep
        self._shown: dict[int, tuple[int, dict[str, str], list[discord.Attachment]]] = {}
        #: game id -> its live message id (as delivered by this process, or read once)
        self._live: dict[int, int] = {}
        #: private message id -> digest of the seat picture it shows
        self._private: dict[int, str] = {}

    def _lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    # ------------------------------------------------------------------ pictures, once per step
    async def turn_pictures(self, game: GameView, mover: int | None, locale: str) -> list[tuple[str, bytes]]:
        presentation = self.games[game.kind]
        return await self.pictures.get((game.id, game.version, locale, "turn", mover),
                                       lambda: in_worker(presentation.turn_pictures, game, mover, locale))

    async def seat_picture(self, game: GameView, seat: int, locale: str) -> tuple[str, bytes] | None:
        presentation = self.games[game.kind]
        return await self.pictures.get((game.id, game.version, locale, "seat", seat),
                                       lambda: in_worker(presentation.seat_picture, game, seat, locale))

    async def step_picture(self, game: GameView, seat: int, locale: str) -> tuple[str, bytes] | None:
        """The picture of a seat's private step message: the presentation's ``step_picture`` hook if it has
        one, else the seat's own picture."""
        presentation = self.games[game.kind]
        hook = getattr(presentation, "step_picture", None)
        if not callable(hook):
            return await self.seat_picture(game, seat, locale)
        return await self.pictures.get((game.id, game.version, locale, "step", seat),
                                       lambda: in_worker(hook, game, seat, locale))

    async def table_picture(self, game: GameView, locale: str) -> tuple[str, bytes]:
        presentation = self.games[game.kind]
        return await self.pictures.get((game.id, game.version, locale, "table"),
                                       lambda: in_worker(presentation.table_picture, game, locale))

    async def live_pictures(self, game: GameView, mover: int | None, locale: str) -> list[tuple[str, bytes]]:
        """The pictures of the live message: the presentation's ``live_pictures`` hook if it has one; else,
        for a game whose seats have pictures of their own (shown privately, and on "My sheet"), the table
        while the game runs; otherwise (and for the result) the turn pictures."""
        presentation = self.games[game.kind]
        hook = getattr(presentation, "live_pictures", None)
        if callable(hook):
            return await self.pictures.get((game.id, game.version, locale, "live", mover),
                                           lambda: in_worker(hook, game, mover, locale))
        if presentation.has_seat_pictures and game.status == "active":
            return [await self.table_picture(game, locale)]
        return await self.turn_pictures(game, mover, locale)

    def private_sheet_shown(self, message_id: int, data: bytes) -> bool:
        """Whether the private message ``message_id`` already shows exactly this picture (then an edit keeps
        its attachment); remembers it otherwise. In memory, bounded: unknown means attach again."""
        key = digest(data)
        if self._private.get(message_id) == key:
            return True
        self._private[message_id] = key
        while len(self._private) > 512:
            self._private.pop(next(iter(self._private)))
        return False

    def forget_private(self, message_id: int) -> None:
        """The private message no longer shows its picture (a step ended there)."""
        self._private.pop(message_id, None)

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

    async def live_post(self, game_id: int) -> OutboxPost | None:
        """The game's latest delivered post: its message is the live one (None before the first)."""
        for earlier in reversed(await self.sessions.posts(game_id)):
            if earlier.delivered_at is not None and earlier.message_id is not None:
                return earlier
        return None

    async def is_summarised(self, game_id: int, message_id: int) -> bool:
        """Whether ``message_id`` (a public message with this game's buttons) is older than the game's live
        message, so a newer one replaced it. Message ids grow with time: a message just sent but not yet
        marked delivered is newer, about to become the live one. The live id is kept in memory (read from
        the outbox after a restart), so a click costs no query."""
        live = self._live.get(game_id)
        if live is None:
            post = await self.live_post(game_id)
            if post is None:
                return False
            live = self._live[game_id] = post.message_id
        return message_id < live

    async def _send(self, post: OutboxPost) -> discord.Message | None:
        try:
            game = await self.sessions.load(post.game_id)
            posts = await self.sessions.posts(post.game_id)
            delivered = [p for p in posts if p.id < post.id and p.delivered_at is not None
                         and p.message_id is not None]
            previous = delivered[-1] if delivered else None
            same_message = [p for p in delivered if previous is not None and p.message_id == previous.message_id]
            channel = self.client.get_partial_messageable(post.channel_id, guild_id=game.guild_id)
            message = None
            if post.payload.get("edit") and previous is not None and previous.payload.get("live"):
                content = await self.render(game, post.payload, earlier=same_message)
                message = await self._edit_live(channel, game.id, previous.message_id, content)
            if message is None:
                if previous is not None:
                    await self._summarise(channel, game, previous, same_message)
                content = await self.render(game, post.payload)
                message = await channel.send(view=content["view"], files=content["files"],
                                             allowed_mentions=content["allowed_mentions"],
                                             silent=not content["pings"])
            self._shown[game.id] = (message.id, content["digests"], list(message.attachments))
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
        self._live[post.game_id] = message.id
        return message

    async def _edit_live(self, channel: Any, game_id: int, message_id: int, content: dict
                         ) -> discord.Message | None:
        """Edit the live message in place; attach only pictures that changed since it was last shown
        (unknown after a restart: then all). None when the message is gone (post anew)."""
        shown_id, digests, attachments = self._shown.get(game_id, (None, {}, []))
        kwargs: dict[str, Any] = {}
        if shown_id == message_id:
            kept = [a for a in attachments if digests.get(a.filename) == content["digests"].get(a.filename)]
            fresh = [f for f in content["files"] if f.filename not in {a.filename for a in kept}]
            kwargs["attachments"] = [*kept, *fresh]   # unchanged pictures too: Discord shows only what is listed
        else:
            kwargs["attachments"] = content["files"]
        try:
            return await channel.get_partial_message(message_id).edit(
                view=content["view"], allowed_mentions=discord.AllowedMentions.none(), **kwargs)
        except discord.NotFound:
            return None                        # deleted meanwhile: post it anew

    async def _summarise(self, channel: Any, game: GameView, previous: OutboxPost, rows: list[OutboxPost]) -> None:
        """Turn the game's previous message into one line without pictures or buttons (idempotent)."""
        locale = game_locale(game)
        line = self.log_line(game, rows, locale) or t("play.game_started", locale)
        message = channel.get_partial_message(previous.message_id)
        try:
            if previous.payload.get("live"):
                await message.edit(view=summary_layout(line), attachments=[],
                                   allowed_mentions=discord.AllowedMentions.none())
            else:                              # a message from before the live layout
                await message.edit(content=line[:2000], view=None, attachments=[],
                                   allowed_mentions=discord.AllowedMentions.none())
        except (discord.NotFound, discord.Forbidden):
            pass                               # deleted or out of reach: nothing to summarise

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

    def log_line(self, game: GameView, payloads: list[Any], locale: str) -> str:
        """The moves of these posts (outbox posts or payloads) as one line, the newest kept when too long."""
        lines: list[str] = []
        for item in payloads:
            payload = item.payload if isinstance(item, OutboxPost) else item
            if payload.get("started"):
                lines.append(t("play.game_started", locale))
            lines += [self.event_line(game, e, locale) for e in payload.get("events", [])]
        line = " · ".join(line for line in lines if line)
        return line if len(line) <= LOG_LINE_LIMIT else "…" + line[-(LOG_LINE_LIMIT - 1):]

    async def render(self, game: GameView, payload: dict, *, earlier: list[OutboxPost] = (),
                     menu: discord.ui.View | None = None) -> dict:
        """The live message for a turn post: pictures, where the game stands, who is due (mentioned once),
        the moves since the message appeared (``earlier`` posts edited into it, then this one) and the due
        player's menu (``menu`` replaces it: a subset choice being toggled)."""
        presentation = self.games[game.kind]
        kind = self.games.kind(game.kind)
        locale = game_locale(game)
        mover = payload.get("mover")
        mover = mover if isinstance(mover, int) and 0 <= mover < len(game.seats) else None
        blobs = await self.live_pictures(game, mover, locale)
        parts = LiveParts(pictures=[name for name, _ in blobs], moves=self.log_line(game, [*earlier, payload], locale))
        fresh = [s for s in payload.get("mention", []) if isinstance(s, int) and 0 <= s < len(game.seats)]
        if game.status != "active":
            if kind.is_finished(game.state):
                parts.due = "\n".join([t("play.final_title", locale), *presentation.final_lines(game, locale)])
                blobs = [*blobs, *await final_chart(self.sessions, self.games, game, locale)]
                parts.pictures = [name for name, _ in blobs]
            fresh = []
        else:
            parts.status = " · ".join(x for x in (presentation.status_line(game, locale),
                                                  clock_status(game, locale)) if x)
            parts.due = self.mention_line(game, fresh, locale)
            due = pending_seats(kind, game.state)
            if menu is not None:
                parts.menu = menu
            elif len(due) == 1:
                legal = kind.legal_moves(game.state, due[0])
                parts.menu = move_view(presentation, self.ui, game, due[0], legal, locale)
            else:
                parts.menu = discord.ui.View(timeout=None)
                add_look_buttons(self.ui, parts.menu, game, locale, moves=True,
                                 sheet=presentation.has_seat_pictures)
        mentioned = [discord.Object(game.seats[s].user_id) for s in fresh if game.seats[s].user_id]
        return {"view": live_layout(parts), "files": as_files(blobs), "pings": bool(mentioned),
                "digests": {name: digest(data) for name, data in blobs},
                "allowed_mentions": discord.AllowedMentions(users=mentioned, roles=False, everyone=False)}
