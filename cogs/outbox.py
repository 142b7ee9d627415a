"""The courier: delivers the posts that committed changes made due (the engine's outbox), once each, into
one living message per game.

A post is written in the same transaction as its move (``bot.engine.turn``). Right after the commit the service
that made the move asks the courier to deliver that game's posts; on start-up, and every minute after a
failed send, the courier delivers every post still undelivered, oldest first. A per-game lock keeps a game's
posts in order and stops two deliveries of the same post; a post is marked delivered with the message id
right after Discord accepted it. Posts are claimed in the database first (``owner``), so of several bot
processes on one database only one delivers each post (bot/engine/claims.py).

One live message per game (the layout and summary below): a post that pings someone (or starts, or ends the game)
posts the new live message and turns the game's previous message into a one-line summary (first, when a click on
it is answered with that edit; after the post, when the bot token sends it, so that a post the channel refuses
leaves the previous message live); a post marked ``edit`` (it pings nobody new) edits the live message in place.
The previous message is always the one of the latest delivered post, so replaying an undelivered post after a
crash summarises the same message again (an idempotent edit) and posts with the same nonce: but for that moment
between the post and the summary, at most one message of the game has pictures or buttons. Posts that ping
nobody are sent silently.

The post is rendered from the game as it is when it is delivered (the pictures, the due player's menu):
after a crash the channel gets the current situation, never a stale menu. Pictures are rendered once per
step (``PictureCache``); an edit re-attaches only the pictures that changed.
"""
from __future__ import annotations

import asyncio
import functools
import hashlib
import io
import logging
import os
import socket
import time
import unicodedata
import weakref
from collections.abc import Awaitable, Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import cachetools
import discord

from bot.engine import GameView, OutboxPost, SessionManager, decision_of, menu_seat, pending_seats, redraw_post
from bot.engine.table import CODECS, TableMeta, held_as, holder_index, update_meta
from bot.engine.turn import HANDED_FOR, HANDED_OVER, PLAYED_FOR, RULED_FOR
from bot.engine.undo import effective_moves, replay
from bot.i18n import t

from .away import AwayBook, away_mark
from .core import (
    EDIT_MENTIONS,
    LANGUAGE_LINE,
    SENTENCE_SEPARATOR,
    Reply,
    acknowledge,
    as_sentence,
    game_locale,
    in_worker,
    language_line_text,
    reply_of,
    run_detached,
    run_to_end,
    sentences,
)
from .games import Games
from .menus import add_look_buttons, move_view
from .pace import clock_status, pace_seconds
from .reach import Reach, held_text
from .replays import final_chart, handed_line, replay_command, undone_words
from .seam import Picture, player_name
from .seats import result_named, shown_game
from .stats import rating_change_lines
from .transport import UNSURE

log = logging.getLogger(__name__)

#: The live message's line of moves, newest kept: about ten lines of small text on a phone (1,500 made a solo
#: game's line a wall of 25 lines under its picture); ``/<game> log`` has them all.
LOG_LINE_LIMIT = 700
#: After this many failed sends a post is given up (logged), so one deleted channel cannot block a restart.
MAX_ATTEMPTS = 5
#: An interaction token may edit its messages and send follow-ups for 15 minutes (Discord); the courier uses one a
#: little less long, so that it never sends an expired token (a 401 counts towards Discord's invalid requests).
TOKEN_S = 14 * 60
#: A request that gets no answer within this many seconds is given up and retried (it may have been processed:
#: a post is retried with the same nonce, which Discord de-duplicates; an edit is the same edit again).
SEND_TIMEOUT = 15.0
#: Tries of one request after answers that leave it open whether Discord processed it (503, a timeout, a dropped
#: connection), with a capped backoff between them; after that the post waits for the retry loop.
SEND_TRIES = 3
BACKOFF_S = (0.25, 1.0)
#: Live messages carry their post's marker as the id of their container (Discord keeps a component's ``id``; it
#: numbers the others from 1 and a message holds at most 40 components), so a post whose follow-up got no answer
#: can be recognised in the channel instead of being posted twice.
MARKER_BASE = 1000


# ---------------------------------------------------------------------- the live message
# Discord's layout components (``discord.ui.LayoutView``) put pictures (a media gallery of ``attachment://``
# files), text and buttons into one message. The menus are still built as classic views (``cogs.menus``);
# :func:`live_layout` moves their items, row by row, into action rows below the container, so every custom
# id and click path stays the same. A components-v2 message has no ``content``: mentions live in a text
# display (they ping like content does, within ``allowed_mentions``). Once sent with the flag, a message
# keeps it, so every edit of a live message is a layout too, and its summary is a layout of one text display.

#: Longest summary line (a summarised message is one line, no pictures, no buttons): every move the message
#: showed, which nothing else in the channel tells once it is summarised (1,000 cut a French turn of re-attacks,
#: and the live message's 700 before it the oldest moves of a long turn; a whole turn ran to 1,800 characters in
#: French), within Discord's 4,000 characters over all text of a message.
SUMMARY_LIMIT = 3500
#: Between the moves of one line, each ended as a sentence (:func:`as_sentence`): a screen reader read the
#: " · " that joined them as "middle dot" between every two moves, and a full stop is a pause it passes over.
MOVE_SEPARATOR = SENTENCE_SEPARATOR
#: Longest text display (Discord allows 4000 characters over all text of a message).
TEXT_LIMIT = 1800
#: The moves of the final post, which is never summarised (nothing comes after it): all of them, within a text
#: display (the game's last move may end one turn and play a whole other one before the game is lost).
FINAL_LOG_LIMIT = TEXT_LIMIT - len("-# ")
#: Longest alt text of a picture: Discord's limit on an attachment's ``description`` and a media gallery item's
#: (developers/resources/message: "description (alt text) for the file (max 1024 characters)"; its OpenAPI
#: description says ``maxLength: 1024`` for both, and refuses the whole message beyond it).
ALT_LIMIT = 1024


@dataclass
class LiveParts:
    """What one live message shows, already in words (the courier fills it from the game)."""
    pictures: list[str] = field(default_factory=list)   # file names, attached with the message
    alts: dict[str, str] = field(default_factory=dict)    # file name -> its alt text (the gallery item's)
    status: str = ""                                      # round and phase
    due: str = ""                                         # who is due and what to do (mentions)
    moves: str = ""                                       # the last moves, one line
    menu: discord.ui.View | None = None                   # the due player's buttons (classic view)
    lead: bool = False                                    # the first picture stands alone, at full width
    note: str = ""                                        # above all: the game is on hold, and why (cogs.reach)


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"


def alt_within(text: str, limit: int = ALT_LIMIT) -> str:
    """A picture's alt text within Discord's ``limit``, cut after the last whole word that fits, with "…" (a
    screen reader reading "STR 1" of a cut "STR 14" would tell a wrong number); a text without a space to cut
    at (one long word) is cut where it must be. Every alt text goes to Discord through here."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    room = text[:limit - 1]                    # and the ellipsis
    if text[limit - 1] != " " and " " in room:  # the cut falls inside a word: that word goes
        room = room[:room.rindex(" ")]
    return room.rstrip(" ,;:·") + "…"


def shown_width(text: str) -> int:
    """How wide ``text`` reads, in Latin letters: a Hangul or other wide character takes two (a Korean line of
    700 characters ran to 20 lines on a phone where a German one took 13). Never less than ``len(text)``, so
    a text within a width is within Discord's character limits too."""
    return len(text) + sum(1 for ch in text if ch >= "\u1100" and unicodedata.east_asian_width(ch) in "WF")


def _cut_to_width(text: str, limit: int, newest: bool) -> str:
    """``text`` cut to ``limit`` (:func:`shown_width`) with "…" where it was cut: its end kept with ``newest``."""
    size = min(len(text), limit - 1)
    while size > 0 and shown_width(text[-size:] if newest else text[:size]) > limit - 1:
        size -= 1
    return "…" + text[len(text) - size:] if newest else text[:size] + "…"


def clip_moves(moves: Sequence[str], limit: int, locale: str, *, newest: bool = False) -> str:
    """The moves as one line of sentences (:func:`as_sentence`, joined by :data:`MOVE_SEPARATOR`) within ``limit``
    (:func:`shown_width`), cut between two moves, never inside one: the first moves kept, or with ``newest`` the
    last ones, and a sentence in ``locale`` says that moves were left out ("Earlier moves left out."): a leading
    "…" was read "horizontal ellipsis" at the start of every edit of a long turn's message."""
    sentences = [as_sentence(move) for move in moves if move]
    line = MOVE_SEPARATOR.join(sentences)
    if shown_width(line) <= limit:
        return line
    kept = kept_moves(sentences, limit, locale, newest=newest)
    if not kept:                               # one move longer than the whole line may be: a plain cut
        return _cut_to_width(line, limit, newest)
    return MOVE_SEPARATOR.join(kept)


def kept_moves(sentences: Sequence[str], limit: int, locale: str, *, newest: bool = False) -> list[str]:
    """The whole moves (sentences) that fit ``limit`` once joined, the first ones (or with ``newest`` the last
    ones), with a sentence that says the others were left out; [] when not even one fits beside it."""
    if shown_width(MOVE_SEPARATOR.join(sentences)) <= limit:
        return list(sentences)
    left_out = t("play.log_earlier", locale) if newest else t("play.log_more", locale)
    kept: list[str] = []
    for move in reversed(sentences) if newest else sentences:
        if shown_width(MOVE_SEPARATOR.join([*kept, move, left_out])) > limit:
            break
        kept.append(move)
    if not kept:
        return []
    return [left_out, *reversed(kept)] if newest else [*kept, left_out]


def prompt_seats(kind: Any, state: Any, posts: Sequence[dict]) -> list[int]:
    """The seats a live message's prompt keeps addressing by mention when it is edited (an edit pings nobody): those
    one of its posts pinged (``posts``: the payloads of the message, the newest last) whom the game still
    has to tell of a decision in it (``seats_to_notify``: dice poker's two duellists of a hand). Its prompt then
    reads the same however it got there: after an undo, or a move played for a seat, the hand's message lost the
    mention and "your turn comes next". A game whose messages ping only the seat due (no ``seats_to_notify``)
    keeps naming it by name in an edit."""
    notify = kind.seats_to_notify(state)
    if notify is None:
        return []
    pinged = {seat for post in posts for seat in post.get("mention", []) if isinstance(seat, int)}
    return [seat for seat in notify if seat in pinged]


def caught_up(posts: list[OutboxPost], due: list[int]) -> dict:
    """One post for the posts a held game gathered (``cogs.reach``), in order: a game held for days may have many
    (its bot seats and the seats it took over play on, the redraws of a clock or an away player), and sent one by
    one when the hold ended they flooded the channel with a message per step, each pinging, summarised at once.
    As one, its message is drawn as the game stands (the live message, its result or the turn due now) with every
    move of those posts in its line of moves (the live message keeps the newest, ``/<game> log`` has them all): a
    new message when any of them was one, else an edit; it pings those of their mentions due now (and whom the last
    one pings for later), none whose turn has passed meanwhile."""
    last = dict(posts[-1].payload)
    if any(not post.payload.get("edit") for post in posts):
        last.pop("edit", None)
    later = list(last.get("mention", []))
    pinged = dict.fromkeys(seat for post in posts for seat in post.payload.get("mention", []))
    last["mention"] = [seat for seat in pinged if seat in due or seat in later]
    return last


def post_marker(post_id: int) -> int:
    """The container id that marks the live message of outbox post ``post_id`` (a positive 32-bit integer)."""
    return MARKER_BASE + post_id % (2**31 - 1 - MARKER_BASE)


def post_nonce(post_id: int) -> str:
    """The nonce of a post's channel message: the same on every try and after a restart (Discord returns the
    message already made with it instead of a second one, ``enforce_nonce``)."""
    return f"rollbot-post-{post_id}"


def live_layout(parts: LiveParts, marker: int | None = None) -> discord.ui.LayoutView:
    """The container (pictures, status, who is due, last moves) and the menu's rows below it."""
    def texts(*lines: str) -> list[discord.ui.Item]:
        return [discord.ui.TextDisplay(_clip(line, TEXT_LIMIT)) for line in lines if line]

    # a gallery of one is drawn as wide as the message; of several, as a mosaic
    groups = [parts.pictures[:1], parts.pictures[1:]] if parts.lead else [parts.pictures]
    galleries = [discord.ui.MediaGallery(*[discord.MediaGalleryItem(f"attachment://{name}",
                                                                    description=alt_within(parts.alts.get(name, ""))
                                                                    or None) for name in group])
                 for group in groups if group]
    moves = f"-# {parts.moves}" if parts.moves else ""
    if parts.lead:       # a result says who won before its tall picture (on a phone it came a full screen later)
        children = [*texts(parts.due), *galleries, *texts(parts.status, moves)]
    else:
        children = [*galleries, *texts(parts.status, parts.due, moves)]
    children = [*texts(parts.note), *children]  # read first: why nothing moves while the game is held
    view = discord.ui.LayoutView(timeout=None)
    if children:
        view.add_item(discord.ui.Container(*children, id=marker))
    if parts.menu is not None:
        add_menu_rows(view, parts.menu)
    return view


def add_menu_rows(layout: discord.ui.LayoutView, menu: discord.ui.View) -> None:
    """Move a classic view's items into ``layout`` as action rows, in the rows the classic view laid out."""
    by_id = {item.custom_id: item for item in menu.children if getattr(item, "custom_id", None)}
    for row in menu.to_components():
        items = [by_id[c["custom_id"]] for c in row.get("components", []) if c.get("custom_id") in by_id]
        for item in items:
            menu.remove_item(item)
        if items:
            layout.add_item(discord.ui.ActionRow(*items))


def look_menu(presentation: Any, game: GameView, locale: str, *, moves: bool) -> discord.ui.View:
    """The live message's buttons when they offer nobody's moves: several players due, a bot choosing, or the due
    player's choice gone on privately. "My moves" (``moves``) opens each player's own decision privately; the
    looks show the table and one's sheet."""
    view = discord.ui.View(timeout=None)
    add_look_buttons(view, game, locale, moves=moves, sheet=presentation.has_seat_pictures)
    return view


def summary_layout(moves: str | Sequence[str], locale: str) -> discord.ui.LayoutView:
    """What a game message becomes once a newer one took over: its moves on one line in small type, no pictures,
    no buttons; every one of them, up to :data:`SUMMARY_LIMIT` (the first ones kept). ``moves``: the moves one by
    one, or one line of them already joined."""
    view = discord.ui.LayoutView(timeout=None)
    line = clip_moves([moves] if isinstance(moves, str) else moves, SUMMARY_LIMIT, locale)
    view.add_item(discord.ui.TextDisplay(f"-# {line}"))
    return view


def digest(data: bytes, alt: str = "") -> str:
    """What an edit compares to keep an attachment: a picture and its alt text (a new alt text is uploaded with its
    picture, as an attachment kept by id keeps the description it was sent with)."""
    return hashlib.blake2b(data + b"\0" + alt.encode(), digest_size=12).hexdigest()


#: no words for any move (a line drawn without :meth:`Courier.undone_labels`)
EMPTY: Mapping[int, str] = {}


class PictureCache:
    """Pictures rendered once per step: keyed by (game, version, locale, what), so the live post, the
    private continuation and the look buttons of the same step share one rendering. Small and in memory
    (a restart renders again)."""

    def __init__(self, size: int = 64):
        self._items: cachetools.LRUCache[Hashable, object] = cachetools.LRUCache(maxsize=size)
        self.hits = 0

    async def get(self, key: Hashable, render: Callable[[], Awaitable[object]]) -> object:
        if key in self._items:
            self.hits += 1
            return self._items[key]
        value = self._items[key] = await render()
        return value


def as_files(pictures: list[Picture]) -> list[discord.File]:
    """The pictures as uploads, each with its alt text as the attachment's description (none when empty)."""
    return [discord.File(io.BytesIO(picture.data), filename=picture.name, description=alt_within(picture.alt) or None)
            for picture in pictures]


#: message id -> the lock its edits take in turn (while anyone holds or waits for it)
_EDITING: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()


@dataclass
class Editor:
    """An interaction whose token may edit one message for 15 minutes: its original response (for a click, the
    message clicked on) or a follow-up it sent. Edits through it are interaction calls, outside the bot's global
    rate limit. Kept in caches whose entries expire before the token does.

    The edits of one message are made one at a time: an edit whose answer was lost is sent again
    (``cogs.transport``), and that second send must not land after a newer edit of the same message (a player's
    private message would show a menu already played). A click waiting its turn is acknowledged by its
    :class:`~cogs.core.Reply` timer meanwhile."""
    interaction: discord.Interaction
    message_id: int
    original: bool
    #: a private step message's text once a newer one takes its place: its first line, what was done, still
    #: true (its "Next: …" is not); None leaves the text as it is
    retired: str | None = None

    async def edit(self, **fields: Any) -> discord.Message | None:
        """Edit the message (pinging nobody unless ``fields`` say otherwise: ``cogs.core.EDIT_MENTIONS``)."""
        fields.setdefault("allowed_mentions", EDIT_MENTIONS)
        async with _EDITING.setdefault(self.message_id, asyncio.Lock()):
            if not self.original:
                return await self.interaction.followup.edit_message(self.message_id, **fields)
            reply = reply_of(self.interaction)
            if reply is not None:              # the click being answered: the edit is its answer
                return await reply.edit(**fields)
            return await self.interaction.edit_original_response(**fields)


async def answer_by_edit(interaction: discord.Interaction, **fields: Any) -> None:
    """Answer a click by editing the message clicked on (a narrowed menu, a toggled choice), in turn with the
    other edits of that message (:class:`Editor`)."""
    Reply(interaction)
    await Editor(interaction, interaction.message.id, True).edit(**fields)


def edits_original(interaction: discord.Interaction, message_id: int) -> bool:
    """Whether ``interaction``'s original response is message ``message_id``: a click on it answered with a
    (deferred) update, or one still to be answered through its :class:`~cogs.core.Reply`."""
    message = interaction.message
    if message is None or message.id != message_id:
        return False
    if reply_of(interaction) is not None:
        return True
    kind = interaction.response.type
    return kind in (discord.InteractionResponseType.deferred_message_update,
                    discord.InteractionResponseType.message_update)


async def unsure_retry(send: Callable[[], Awaitable[Any]]) -> Any:
    """``send()`` again, promptly, after an answer that leaves it open whether it was processed; up to
    :data:`SEND_TRIES` tries, each bounded by :data:`SEND_TIMEOUT`."""
    for attempt in range(SEND_TRIES):
        try:
            return await asyncio.wait_for(send(), SEND_TIMEOUT)
        except UNSURE:
            if attempt + 1 == SEND_TRIES:
                raise
            await asyncio.sleep(BACKOFF_S[min(attempt, len(BACKOFF_S) - 1)])


class Courier:
    def __init__(self, client: discord.Client, sessions: SessionManager, games: Games, *,
                 owner: str | None = None, clock: Callable[[], float] = time.time):
        self.client = client
        #: who claims posts in the database; the app names the process's shard slot
        self.owner = owner or f"{socket.gethostname()}:{os.getpid()}"
        self.sessions = sessions
        self.games = games
        self.pictures = PictureCache()
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: game id -> (live message id, {file name: digest}, its attachments): what an edit may keep
        #: (bounded: a game forgotten here re-uploads its pictures at its next edit)
        self._shown: cachetools.LRUCache[int, tuple[int, dict[str, str], list[discord.Attachment]]] = \
            cachetools.LRUCache(maxsize=4096)
        #: game id -> (live message id, the game as drawn there): a hold's note draws the message again as it was
        #: (``show_held``), though the game moved on (the move whose post the channel refused)
        self._drawn: cachetools.LRUCache[int, tuple[int, GameView]] = cachetools.LRUCache(maxsize=4096)
        #: game id -> its live message id (as delivered by this process, or read once)
        #: (bounded: a game forgotten here reads its live post from the outbox again)
        self._live: cachetools.LRUCache[int, int] = cachetools.LRUCache(maxsize=4096)
        #: (game id, seq of a move an undo took back, language) -> that move in words (a logged move never changes)
        self._undone: cachetools.LRUCache[tuple[int, int, str], str] = cachetools.LRUCache(maxsize=1024)
        #: private message id -> digest of the seat picture it shows (the latest 512 used)
        self._private: cachetools.LRUCache[int, str] = cachetools.LRUCache(maxsize=512)
        #: game id -> the freshest interaction that may edit the game's live message (clicked, or sent by it)
        self._editors: cachetools.TTLCache[int, Editor] = cachetools.TTLCache(maxsize=4096, ttl=TOKEN_S,
                                                                              timer=time.monotonic)
        #: who is told of their turn how (``cogs.notify.Notify``, set by the app): its ``plan`` names the players
        #: a new post must not ping
        self.notices: Any = None
        #: the daily challenges (``cogs.daily``): a daily game's final post adds the player's place and streak
        self.daily: Any = None
        #: the turn clock (``cogs.clock.PaceClock``, set by the app): once the courier has drawn a game's end, the
        #: clock's time-out questions still open in it lose their buttons (``close_questions``)
        self.clock: Any = None
        #: who is away (``cogs.away``): the live message marks them, and every service shares this one book
        self.away = AwayBook(sessions, clock)
        #: the games whose channel refuses the bot's posts (``cogs.reach``): their posts wait, on a back-off
        self.reach = Reach(self, clock)

    def delivering(self, game_id: int) -> asyncio.Lock:
        """The lock the game's deliveries hold: a click that draws the live message again itself (choices being
        toggled) takes it too, so a post delivered meanwhile cannot be drawn over with the message as it was."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    # ------------------------------------------------------------------ pictures, once per step
    async def _picture(self, game: GameView, locale: str, what: str, draw: Callable[..., Any], *args: Any) -> Any:
        """``draw(game, *args, locale)`` of the game's presentation, rendered in a worker once per step and status
        (an abandoned game keeps its version, and its pictures say that nobody is due any more). Its seats are
        named in ``locale`` (``shown_game``): a private picture names a Korean game's bot "Bot (hard)" for an
        English reader, a public one as the game's language stores it."""
        shown = shown_game(game, locale, self.games.kind(game.kind))
        return await self.pictures.get((game.id, game.version, game.status, locale, what, *args),
                                       lambda: in_worker(draw, shown, *args, locale))

    async def seat_picture(self, game: GameView, seat: int, locale: str) -> Picture | None:
        return await self._picture(game, locale, "seat", self.games[game.kind].seat_picture, seat)

    async def step_picture(self, game: GameView, seat: int, locale: str) -> Picture | None:
        """The picture of a seat's private step message: the presentation's ``step_picture`` if it has
        one, else the seat's own picture."""
        presentation = self.games[game.kind]
        if not presentation.has_step_picture:
            return await self.seat_picture(game, seat, locale)
        return await self._picture(game, locale, "step", presentation.step_picture, seat)

    async def table_picture(self, game: GameView, locale: str) -> Picture:
        return await self._picture(game, locale, "table", self.games[game.kind].table_picture)

    async def result_game(self, game: GameView, locale: str) -> GameView:
        """A finished game as its result shows it: a player's seat the bot played most of the game for is named
        so (``cogs.seats.result_named``), by the rule ratings and stats follow; the match picture crowned a
        player who had made no move, with no sign of it. Any other game as it is."""
        return await result_named(self.sessions.store, game, locale)

    async def live_pictures(self, game: GameView, mover: int | None, locale: str) -> list[Picture]:
        """The pictures of the live message: the presentation's ``live_pictures`` if it has some; else,
        for a game whose seats have pictures of their own (shown privately, and on "My sheet"), the table
        while the game runs; otherwise (and for the result) the turn pictures."""
        presentation = self.games[game.kind]
        if presentation.has_live_pictures:
            return await self._picture(game, locale, "live", presentation.live_pictures, mover)
        if presentation.has_seat_pictures and game.status == "active":
            return [await self.table_picture(game, locale)]
        return await self._picture(game, locale, "turn", presentation.turn_pictures, mover)

    def private_sheet_shown(self, message_id: int, data: bytes, alt: str = "") -> bool:
        """Whether the private message ``message_id`` already shows exactly this picture and alt text (then an
        edit keeps its attachment); remembers it otherwise. In memory, bounded: unknown means attach again."""
        key = digest(data, alt)
        if self._private.get(message_id) == key:
            return True
        self._private[message_id] = key
        return False

    def forget_private(self, message_id: int) -> None:
        """The private message no longer shows its picture (a step ended there)."""
        self._private.pop(message_id, None)

    # ------------------------------------------------------------------ delivering
    async def deliver(self, game_id: int, via: discord.Interaction | None = None, *,
                      catch_up: bool = False) -> list[discord.Message]:
        """Send this game's undelivered posts in order; a failed send stays for the retry loop. ``via``: the
        interaction that made them due (a click, a command in the game's channel): the posts go through it
        (the clicked live message answered in place, a new live message as its follow-up) rather than through the
        bot token, which Discord limits to 50 calls a second for the whole bot. The posts a held game gathered
        (``cogs.reach``; ``catch_up``: its hold was just lifted) go out as one (:func:`caught_up`).
        A delivery once begun runs to its end even when its caller is cancelled, and a shutdown waits for it
        (:func:`cogs.core.run_to_end`): a post that reached Discord is recorded, not sent again at the next start."""
        return await run_to_end(self.client, self._deliver(game_id, via, catch_up=catch_up))

    async def _deliver(self, game_id: int, via: discord.Interaction | None, *,
                       catch_up: bool) -> list[discord.Message]:
        sent = []
        async with self.delivering(game_id):
            posts = await self.sessions.store.claim_posts(self.owner, game_id=game_id, now=time.time())
            game = await self.sessions.load(game_id) if posts else None
            if posts and via is None and self.reach.waiting(game):
                posts = []                     # its channel refused the bot's posts: they wait for the next try
            if len(posts) > 1 and (catch_up or self.reach.holding(game)):
                log.info("game %s: its %d posts gathered while held go out as one", game_id, len(posts))
                batches = [(posts[-1], posts[:-1])]
            else:
                batches = [(post, []) for post in posts]
            for post, folded in batches:
                message = await self._send(post, via, folded)
                if message is None:
                    break
                sent.append(message)
        if sent and await self.reach.lift(game_id) and pace_seconds(await self.sessions.load(game_id)):
            await self.redraw(game_id)         # the clocks stood still while held: the deadline shown moves on
        if sent and self.clock is not None:
            await self._game_over(game_id)
        return sent

    async def _game_over(self, game_id: int) -> None:
        """After a delivery: a game that is over (its final post, or the redraw of a game ended without a
        result: every way a game ends is drawn here) has its open time-out questions closed by the clock."""
        game = await self.sessions.load(game_id)
        if game.status in ("finished", "abandoned"):
            try:
                await self.clock.close_questions(game)
            except Exception:                  # noqa: BLE001 - the posts are delivered: a question may stay open
                log.exception("game %s: its time-out questions were not closed", game_id)

    async def redraw(self, game_id: int) -> None:
        """Draw the game's live message again as it stands (a due player went away or came back, a deadline
        moved, the game was abandoned: its buttons go): :meth:`store_redraw`, then delivered like any post."""
        if await self.store_redraw(game_id):
            await self.deliver(game_id)

    async def store_redraw(self, game_id: int, events: list[dict] | tuple = (),
                           seat_names: Mapping[int, str] | None = None, **changes: Any) -> bool:
        """Store a redraw of the game's live message without sending it yet: an edit post (``redraw_post``, no
        new pings; ``events``: lines it adds to the message's moves) written with the game's meta (``changes``:
        table fields changed in the same write, e.g. its language) and seats' new names (``seat_names``: its
        bots', in that language). The away marks it showed are dropped with it, so a redraw asked for once is
        stored once; its rendering notes them anew. False when the game has no live message that stands (not
        started, or over: its last message is the result): nothing stored."""
        if (await self.sessions.load(game_id)).status not in ("active", "abandoned"):
            return False
        posts = await self.sessions.store.last_message_posts(game_id)
        mover = posts[-1].payload.get("mover") if posts else None
        await update_meta(self.sessions, game_id, post=redraw_post(mover, events), seat_names=seat_names,
                          away_shown={}, **changes)
        return True

    async def shows_stale_away(self, game: GameView, now: float) -> bool:
        """Whether the game's live message shows someone away who no longer is (their period ran out while
        nobody clicked, perhaps while the bot was down, or ended without a post): the clock's tick redraws it."""
        shown = TableMeta.of(game.meta).away_shown
        if not shown or game.status != "active":
            return False
        away = await self.away.in_game(game, shown, now)
        return any(seat >= len(game.seats) or away.get(game.seats[seat].user_id) != until
                   for seat, until in shown.items())

    async def _note_away_shown(self, game: GameView, away: dict[int, float], due: list[int]) -> None:
        """Before the live message goes out: which "away until" marks it shows (``TableMeta.away_shown``), written
        only when that changed."""
        shown = {seat: away[game.seats[seat].user_id] for seat in due if game.seats[seat].user_id in away}
        if shown != dict(TableMeta.of(game.meta).away_shown):
            await update_meta(self.sessions, game.id, away_shown=shown)

    async def deliver_all(self) -> int:
        """Every undelivered post of every game (start-up, retries); returns how many were sent."""
        claimed = await self.sessions.store.claim_posts(self.owner, limit=1000, now=time.time())
        # each game once, oldest post first
        return sum([len(await self.deliver(game_id)) for game_id in dict.fromkeys(post.game_id for post in claimed)])

    async def is_summarised(self, game_id: int, message_id: int) -> bool:
        """Whether ``message_id`` (a public message with this game's buttons) is older than the game's live
        message, so a newer one replaced it. Message ids grow with time: a message just sent but not yet
        marked delivered is newer, about to become the live one. The live id is kept in memory (read from
        the outbox after a restart), so a click costs no query."""
        live = await self.live_message(game_id)
        return live is not None and message_id < live

    async def went_private(self, game_id: int, seat: int, via: discord.Interaction | None = None) -> bool:
        """``seat``'s move went on privately (a die to place, an action: ``play.continue``), so the menu the live
        message shows for them is of a decision already made: a click there answered "out of date", a solo
        player's other "Take Initiative" options too. The live message is drawn again with no menu, only "My
        moves" (which opens the decision at hand, privately) and the looks; its pictures, lines and who is due
        stay (the due line names the decision being made). ``via``: the click on the live message that made the
        move, whose answer is this edit (no other call; the private step then comes as its follow-up); else (a
        move from a private menu or typed, which the caller makes only when the live message offered ``seat``'s
        menu before it: ``bot.engine.turn.menu_seat``, from what the game stores, so after a restart too) through a
        fresh token that may edit the live message, or the bot token. True when the message was redrawn."""
        async with self.delivering(game_id):
            clicked = via.message if via is not None else None
            if clicked is not None and not clicked.flags.ephemeral and await self.live_message(game_id) == clicked.id:
                message_id = clicked.id           # a move component on the live message: it shows the seat's menu
            else:
                message_id, via = await self.live_message(game_id), None
                if message_id is None:
                    return False
            game = await self.sessions.load(game_id)
            posts = await self.sessions.store.last_message_posts(game_id)
            if game.status != "active" or not posts or posts[-1].message_id != message_id \
                    or not posts[-1].payload.get("live"):
                return False
            channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            menu = look_menu(self.games[game.kind], game, game_locale(game), moves=True)
            shown_id, digests, attachments = self._shown.get(game_id, (None, {}, []))
            kept = {a.filename: a for a in attachments}
            render = functools.partial(self.render, game, posts[-1].payload, earlier=posts[:-1], menu=menu,
                                       marker=post_marker(posts[-1].id))
            keeps = shown_id == message_id and bool(digests) and all(name in kept for name in digests)
            try:
                if keeps:                         # the pictures it shows stay, by id: nothing drawn or uploaded
                    content = await render(keep={name: kept[name].description or "" for name in digests})
                    message = await self._edit(channel, game_id, message_id, via, lambda: {
                        "view": content["view"], "attachments": [kept[name] for name in digests],
                        "allowed_mentions": discord.AllowedMentions.none()})
                else:                             # what it shows is not known here (a restart): drawn anew
                    content = await render()
                    message = await self._edit_live(channel, game_id, message_id, content, via)
            except (discord.HTTPException, *UNSURE) as error:    # the move stands; a click there gets its moves
                log.info("live message of game %s keeps a menu left behind (%r)", game_id, error)
                return False
            now_attached = list(getattr(message, "attachments", None) or ())
            self._shown[game_id] = (message_id, digests, now_attached or attachments) if keeps else \
                (message_id, content["digests"], now_attached)
            self._drawn[game_id] = (message_id, game)
            return True

    def show_held_soon(self, game_id: int) -> None:
        """:meth:`show_held` once the game's delivery at hand (the one whose post the channel refused, perhaps)
        ends: a task of its own, which a shutdown waits for like a delivery."""
        run_detached(self.client, self.show_held(game_id))

    async def show_held(self, game_id: int) -> None:
        """A hold began (``cogs.reach``): the game's live message, as it was drawn, says so above all, in the game's
        language: on hold, for want of which permission, and that a server admin can grant it (``held_text``, the
        words of ``/games``); its clock line reads stopped. A tour's channel showed the game as before, with no
        hint why nothing moved. Drawn once, when the hold begins (an edit, which the missing permission does not
        forbid); its pictures stay by id (an upload needs Attach Files, perhaps what is missing). The redraw after
        the hold lifts, or the next post, replaces it."""
        async with self.delivering(game_id):
            game = await self.sessions.load(game_id)
            posts = await self.sessions.store.last_message_posts(game_id)
            if game.status != "active" or game.guild_id is None or not TableMeta.of(game.meta).held \
                    or not posts or not posts[-1].payload.get("live"):
                return
            message_id = posts[-1].message_id
            as_drawn = await self._as_drawn(game, posts[-1])
            channel = self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)
            try:
                attachments = await self._attachments_of(channel, game_id, message_id)
                held_key = CODECS["held"][0]
                content = await self.render(replace(as_drawn, meta={**as_drawn.meta, held_key: game.meta[held_key]}),
                                            posts[-1].payload, earlier=posts[:-1], marker=post_marker(posts[-1].id),
                                            keep={a.filename: a.description or "" for a in attachments},
                                            note=held_text(game, game_locale(game)))
                await self._edit(channel, game_id, message_id, None, lambda: {
                    "view": content["view"], "attachments": attachments,
                    "allowed_mentions": discord.AllowedMentions.none()})
            except (discord.HTTPException, *UNSURE) as error:   # the hold stands; the DMs and /games say it
                log.info("game %s: its live message does not say it is on hold (%r)", game_id, error)

    async def _as_drawn(self, game: GameView, live: OutboxPost) -> GameView:
        """The game as its live message (that of the delivered post ``live``) shows it: as this process drew it; else
        (drawn before a restart) as it stood before the change of the first post that waits, replayed from the log
        (a tour's restarted bot noted no hold there, not knowing what the message showed), or as it is when none
        waits."""
        drawn = self._drawn.get(game.id)
        if drawn is not None and drawn[0] == live.message_id:
            return drawn[1]
        waiting = await self.sessions.store.undelivered_posts(1, game_id=game.id)
        # a post numbered like the live one redraws that version; any later one's move came after the drawing
        version = max(live.seq, waiting[0].seq - 1) if waiting else game.version
        if version >= game.version:
            return game
        logged = [m for m in await self.sessions.store.moves(game.id) if m.seq <= version]
        state = replay(self.games.kind(game.kind), len(game.seats), game.seed, game.options, effective_moves(logged))
        return replace(game, state=state, version=version)

    async def _attachments_of(self, channel: Any, game_id: int, message_id: int) -> list[discord.Attachment]:
        """The pictures the live message ``message_id`` shows, to keep by id: as this process last sent them, else
        read from Discord."""
        shown_id, digests, attachments = self._shown.get(game_id, (None, {}, []))
        if shown_id == message_id and digests and {a.filename for a in attachments} >= set(digests):
            return [a for a in attachments if a.filename in digests]
        return list((await channel.fetch_message(message_id)).attachments)

    async def live_message(self, game_id: int) -> int | None:
        """The id of the game's live message (the latest delivered post's), kept in memory (read once)."""
        live = self._live.get(game_id)
        if live is None:
            posts = await self.sessions.store.last_message_posts(game_id)
            if not posts:
                return None
            live = self._live[game_id] = posts[-1].message_id
        return live

    async def _send(self, post: OutboxPost, via: discord.Interaction | None = None,
                    folded: list[OutboxPost] = ()) -> discord.Message | None:
        """Deliver ``post`` (with the earlier posts ``folded`` into it, :func:`caught_up`); None when it did not go
        out (it waits for the retry loop, or for its game's hold to end)."""
        try:
            game = await self.sessions.load(post.game_id)
            if via is not None and via.channel_id != post.channel_id:
                via = None
            try:
                message, content = await self._make(game, post, via, folded)
            except discord.HTTPException as error:
                if not await self.reach.reopened(post.game_id, error):
                    raise
                message, content = await self._make(game, post, None, folded)  # its thread reopened: once more
            # an edit whose answer was lost leaves the message's attachments unknown: the next edit uploads anew
            self._shown[game.id] = (message.id, content["digests"], list(getattr(message, "attachments", ())))
            self._drawn[game.id] = (message.id, game)
        except (discord.HTTPException, *UNSURE) as error:
            if await self.reach.failed(post.game_id, error):
                return None                    # a permission is missing there: the post waits, never given up
            log.warning("post %s of game %s not delivered (attempt %d): %r", post.id, post.game_id,
                        post.attempts + 1, error)
            if post.attempts + 1 >= MAX_ATTEMPTS:
                log.error("post %s of game %s given up after %d attempts", post.id, post.game_id, MAX_ATTEMPTS)
                for each in [*folded, post]:
                    await self.sessions.store.mark_post_delivered(each.id, None, time.time())
            else:
                await self.sessions.store.note_post_attempt(post.id)
            return None
        for each in [*folded, post]:           # the posts folded into it are in its message, as edits would be
            await self.sessions.store.mark_post_delivered(each.id, message.id, time.time())
        self._live[post.game_id] = message.id
        return message

    async def _make(self, game: GameView, post: OutboxPost, via: discord.Interaction | None,
                    folded: list[OutboxPost] = ()) -> tuple[discord.Message, dict]:
        """The post in the channel: the live message edited in place (an edit post), else the previous message
        summarised and a new live message posted; the posts ``folded`` into it are its first moves. Returns the
        message and what was rendered into it."""
        # the latest delivered post before this one and the posts edited into its message (a bounded read)
        same_message = await self.sessions.store.last_message_posts(post.game_id, post.id)
        previous = same_message[-1] if same_message else None
        channel = self.client.get_partial_messageable(post.channel_id, guild_id=game.guild_id)
        payload = caught_up([*folded, post], pending_seats(self.games.kind(game.kind), game.state)) if folded \
            else post.payload
        if payload.get("edit") and previous is not None and previous.payload.get("live"):
            content = await self.render(game, payload, earlier=[*same_message, *folded], marker=post_marker(post.id),
                                        seq=post.seq)
            message = await self._edit_live(channel, game.id, previous.message_id, content, via)
            if message is not None:
                return message, content
        # what the first post of the new message played before its opener ends the previous message
        summarise = functools.partial(self._summarise, channel, game, previous, same_message,
                                      then=folded[0] if folded else post) if previous is not None else None
        if summarise is not None and via is not None:
            await summarise(via)               # the click on it is answered with this edit
        if self.notices is not None:       # an away player is owed no notice either
            away = await self.away.in_game(game, payload.get("mention", []), self.away.clock())
            hush = await self.notices.plan(game, payload, away=away)
        else:
            hush = ()
        content = await self.render(game, payload, earlier=list(folded), marker=post_marker(post.id), hush=hush,
                                    seq=post.seq)
        message = await self._post(channel, game, post, previous, content, via)
        if summarise is not None and via is None:
            # with the bot token, only once the new message is there: a post the channel refuses (a permission
            # taken away, ``cogs.reach``) leaves the previous one live, its picture and buttons, not a bare summary
            await summarise(None)
        return message, content

    async def _edit(self, channel: Any, game_id: int, message_id: int, via: discord.Interaction | None,
                    fields: Callable[[], dict]) -> discord.Message | None:
        """Edit one of the game's messages with ``fields()`` (made anew for each try: uploads are read once):
        through the click on it (answered with the edit itself, or after a deferral), else through a fresh token
        that may edit it, else with the bot token. None when the click's answer carried no message back."""
        if via is not None and edits_original(via, message_id):
            clicked = Editor(via, message_id, True)
            try:
                message = await clicked.edit(**fields())
            except UNSURE as error:            # an edit is the same edit again: the bot token does it now
                log.info("game %s: answering the click on its live message failed (%r): bot token", game_id, error)
            else:
                self._editors[game_id] = clicked
                return message
        editor = self._editors.get(game_id)
        if editor is not None and editor.message_id == message_id:
            try:
                return await unsure_retry(lambda: editor.edit(**fields()))
            except discord.HTTPException as error:
                if isinstance(error, discord.DiscordServerError):
                    raise
                log.info("live message of game %s not editable through its interaction (%r): bot token",
                         game_id, error)
                self._editors.pop(game_id, None)
        return await unsure_retry(lambda: channel.get_partial_message(message_id).edit(**fields()))

    async def _post(self, channel: Any, game: GameView, post: OutboxPost, previous: OutboxPost | None,
                    content: dict, via: discord.Interaction | None) -> discord.Message:
        """A new live message: a follow-up of the interaction at hand (it pings within ``allowed_mentions``
        like any message), else a channel message with the post's nonce. A follow-up that got no answer may
        still have been made (follow-ups take no nonce): the channel is read for its marker before posting."""
        fields = {"view": content["view"], "allowed_mentions": content["allowed_mentions"],
                  "silent": not content["pings"]}
        if via is not None:
            try:
                if reply_of(via) is not None:
                    await acknowledge(via)
                elif not via.response.is_done():
                    await via.response.defer()
                message = await asyncio.wait_for(
                    via.followup.send(files=as_files(content["blobs"]), wait=True, **fields), SEND_TIMEOUT)
            except UNSURE as error:
                log.info("follow-up of post %s unanswered (%r): looking for it", post.id, error)
                found = await self._find_post(channel, post, previous)
                if found is not None:
                    return found
            except discord.HTTPException as error:
                log.info("post %s not sent as a follow-up (%r): bot token", post.id, error)
            else:
                self._editors[game.id] = Editor(via, message.id, False)   # later steps edit it without the bot token
                return message
        return await unsure_retry(lambda: channel.send(files=as_files(content["blobs"]), nonce=post_nonce(post.id),
                                                       **fields))

    async def _find_post(self, channel: Any, post: OutboxPost, previous: OutboxPost | None) -> discord.Message | None:
        """The message of ``post`` if it reached the channel after all (its marker), among the newest ones. Reading
        them needs Read Message History, which every move checks (``REQUIRED_CHANNEL_PERMISSIONS``): a refused read
        holds the game (``cogs.reach``) rather than post a second live message that pings twice."""
        marker = post_marker(post.id)
        after = discord.Object(previous.message_id) if previous is not None else None
        async for message in channel.history(limit=20, after=after, oldest_first=False):
            if message.author.id == getattr(self.client.user, "id", None) and _has_marker(message, marker):
                return message
        return None

    async def _edit_live(self, channel: Any, game_id: int, message_id: int, content: dict,
                         via: discord.Interaction | None = None) -> discord.Message | None:
        """Edit the live message in place. The edit names every picture the message keeps: by id those that did
        not change since it was last shown, the others uploaded anew (all of them after a restart: unknown).
        None when the message is gone (post anew)."""
        shown_id, digests, attachments = self._shown.get(game_id, (None, {}, []))
        kept = [a for a in attachments if digests.get(a.filename) == content["digests"].get(a.filename)] \
            if shown_id == message_id else []
        fresh = [picture for picture in content["blobs"] if picture.name not in {a.filename for a in kept}]
        try:
            message = await self._edit(channel, game_id, message_id, via, lambda: {
                "view": content["view"], "attachments": [*kept, *as_files(fresh)],
                "allowed_mentions": discord.AllowedMentions.none()})
        except discord.NotFound:
            return None                        # deleted meanwhile: post it anew
        return message if message is not None else channel.get_partial_message(message_id)

    async def _summarise(self, channel: Any, game: GameView, previous: OutboxPost, rows: list[OutboxPost],
                         via: discord.Interaction | None = None, then: OutboxPost | None = None) -> None:
        """Turn the game's previous message into its moves without pictures or buttons (idempotent): all of them,
        and those of ``then`` (the post about to follow it) that end it."""
        locale = game_locale(game)
        posts = [*rows, *([then] if then is not None else [])]
        moves = self.log_moves(game, rows, locale, await self.undone_labels(game, posts, locale), then=then) \
            or [t("play.game_started", locale)]
        if previous.payload.get("live"):
            fields: dict[str, Any] = {"view": summary_layout(moves, locale)}
        else:                                  # a message from before the live layout
            fields = {"content": clip_moves(moves, 2000, locale), "view": None}
        fields.update(attachments=[], allowed_mentions=discord.AllowedMentions.none())
        try:
            await self._edit(channel, game.id, previous.message_id, via, lambda: fields)
        except (discord.NotFound, discord.Forbidden):
            pass                               # deleted or out of reach: nothing to summarise

    # ------------------------------------------------------------------ what a post says
    def mention_line(self, game: GameView, fresh: list[int], locale: str, away: dict[int, float],
                     named: Sequence[int] = ()) -> str:
        """Who is due and what for, each seat ``fresh`` pings (or ``named``, that this message pinged before: see
        :func:`prompt_seats`) addressed by mention, the others by name; and "your turn comes next" for those of
        them whose decision comes later in this message, unless the bot stands in for them (it plays that
        decision, they do not)."""
        kind = self.games.kind(game.kind)
        presentation = self.games[game.kind]
        lines = []
        due = pending_seats(kind, game.state)
        taken = TableMeta.of(game.meta).taken
        # an away player is named, not addressed; the bot's stand-in line names whom it plays for
        addressed = [*fresh, *(s for s in named if s not in fresh and s not in taken
                               and game.seats[s].user_id not in away)]
        for seat in due:
            if game.seats[seat].is_ai:     # nobody to tell what to do: the bot's seat is named, not addressed
                lines.append(t("play.bot_choosing", locale, player=f"**{player_name(game, seat)}**"))
                continue
            who = f"<@{game.seats[seat].user_id}>" if seat in addressed and game.seats[seat].user_id \
                else f"**{player_name(game, seat)}**"
            decision = presentation.decision_prompt(game, seat, decision_of(kind, game.state, seat), locale)
            if seat in taken:              # the bot decides for them (their menu is not offered): and how to stop it
                lines.append(t("play.stand_in_turn", locale, player=who, decision=decision,
                               button=t("button.my_moves", locale)))
                continue
            lines.append(t("play.your_turn", locale, player=who, away=away_mark(game, seat, away, locale),
                           decision=decision))
        for seat in addressed:                 # pinged for a decision that comes later in this message
            if seat not in due and seat not in taken and not game.seats[seat].is_ai and game.seats[seat].user_id:
                lines.append(t("play.up_next", locale, player=f"<@{game.seats[seat].user_id}>"))
        return "\n".join(lines)

    def event_line(self, game: GameView, event: dict, locale: str, undone: Mapping[int, str] = EMPTY) -> str:
        """The shell's own events (``bot.*``: the bot played for an idle player, ``clock.ruled_for``: the rules did when
        their time ran out; ``undo.taken_back``) or the game's. ``undone``: the moves undo lines name, in words
        (:meth:`undone_labels`)."""
        key = str(event.get("key", ""))
        if key.startswith("bot.") or key == RULED_FOR:
            return t(key, locale, player=player_name(game, (event.get("params") or {}).get("seat")))
        if key in (HANDED_OVER, HANDED_FOR):  # the seat changed hands (``/seat give``): the line names both
            return handed_line(game, event.get("params") or {}, key, locale)
        if key == LANGUAGE_LINE:              # the game's language changed (``/<game> language``)
            return language_line_text(event.get("params") or {}, locale)
        if key == "undo.taken_back":
            # the seq of the move taken back (worded anew in the message's language), else, in a line stored
            # before undo lines named it, the label it stored (in the language of that moment)
            params = event.get("params") or {}
            seq = params.get("undone")
            move = (undone.get(seq) or t("history.move_unknown", locale)) if type(seq) is int \
                else str(params.get("move", ""))
            return t(key, locale, player=player_name(game, params.get("seat")), move=move)
        return self.games[game.kind].event_line(game, event, locale)

    async def undone_labels(self, game: GameView, payloads: list[Any], locale: str) -> dict[int, str]:
        """The moves the undo lines of these posts took back, in words in ``locale`` (seq -> label), each on the
        table it was played on as ``/<game> log`` words it (rebuilt from the move log in a worker): a live message
        drawn again in another language words them in it, like its other lines. Read once per game, move and
        language; nothing is read for posts without undo lines (nearly all)."""
        seqs = {params["undone"] for payload in payloads for event in _payload_of(payload).get("events", [])
                if isinstance(event, dict) and event.get("key") == "undo.taken_back"
                and isinstance(params := event.get("params"), dict) and type(params.get("undone")) is int}
        missing = [seq for seq in seqs if (game.id, seq, locale) not in self._undone]
        if missing:
            moves = await self.sessions.move_log(game.id)
            words = await in_worker(undone_words, self.games.kind(game.kind), self.games[game.kind], game, moves,
                                    missing, locale)
            for seq, label in words.items():
                self._undone[(game.id, seq, locale)] = label
        return {seq: self._undone[(game.id, seq, locale)] for seq in seqs if (game.id, seq, locale) in self._undone}

    def log_line(self, game: GameView, payloads: list[Any], locale: str, undone: Mapping[int, str] = EMPTY, *,
                 limit: int = LOG_LINE_LIMIT, seq: int | None = None) -> str:
        """The moves of one message's posts (outbox posts or payloads) as one line, the newest kept when wider
        than ``limit``; ``undone``: the moves their undo lines name, in words (:meth:`undone_labels`); ``seq``:
        the game's version at a payload's post (:meth:`log_moves`)."""
        return clip_moves(self.log_moves(game, payloads, locale, undone, seq=seq), limit, locale, newest=True)

    def log_moves(self, game: GameView, payloads: list[Any], locale: str, undone: Mapping[int, str] = EMPTY, *,
                  then: Any = None, seq: int | None = None) -> list[str]:
        """The moves of one message's posts, a line each, oldest first: the first post's from the game's
        ``message_opener`` on (what it played before that ended the previous message, whose summary tells it),
        then, with ``then`` (the post of the message that follows), what ends this message in that post. Each
        post's lines name the seats' holders of its moment (an outbox post's ``seq``; a bare payload's is
        ``seq``, else the game's version now): a seat handed over since keeps its moves under its former holder."""
        opener = self.games[game.kind].message_opener
        events: list[tuple[dict, int, int]] = []
        lines: list[str] = []
        for k, item in enumerate(payloads):
            payload = _payload_of(item)
            at = item.seq if isinstance(item, OutboxPost) else game.version if seq is None else seq
            if payload.get("started"):
                lines.extend(self._lines(game, events, locale, undone))
                events = []
                lines.append(t("play.game_started", locale))
            part = message_part(payload, opener, own=True) if k == 0 else payload.get("events", [])
            events += [(event, at, k) for event in part]
        if then is not None:
            events += [(event, then.seq, len(payloads)) for event in message_part(_payload_of(then), opener, own=False)]
        return lines + self._lines(game, events, locale, undone)

    def _lines(self, game: GameView, events: list[tuple[dict, int, int]], locale: str,
               undone: Mapping[int, str]) -> list[str]:
        """Each event's line, on the game as its seats were held then (:func:`held_views`)."""
        lines: list[str] = []
        lead = ""                              # "🤖 for Ben:" leads the move the bot played for him ("⏰ …": the rules)
        for event, then in held_views(game, events):
            line = self.event_line(then, event, locale, undone)
            if event.get("key") in (PLAYED_FOR, RULED_FOR):
                lead = f"{line} "
            elif line:
                lines.append(lead + line)
                lead = ""
        return lines

    async def render(self, game: GameView, payload: dict, *, earlier: list[OutboxPost] = (),
                     menu: discord.ui.View | None = None, marker: int | None = None, hush: Any = (),
                     keep: dict[str, str] | None = None, seq: int | None = None, note: str = "") -> dict:
        """The live message for a turn post: pictures, where the game stands, who is due (mentioned once, but
        the users in ``hush`` are not pinged), the moves since the message appeared (``earlier`` posts edited
        into it, then this one) and the due player's menu (``menu`` replaces it: a subset choice being toggled,
        or "My moves" and the looks once the choice went on privately), when it has one (``menu_seat``: not while
        the bot stands in for them, nor once their decision went on privately). ``keep``: the pictures the message
        keeps as they are (none drawn), by file name, with their alt texts. ``seq``: the game's version at the post
        of ``payload`` (its lines name the seats' holders of then; None: now); ``note``: a line above all (the game
        is on hold, :meth:`show_held`)."""
        presentation = self.games[game.kind]
        kind = self.games.kind(game.kind)
        locale = game_locale(game)
        mover = payload.get("mover")
        mover = mover if isinstance(mover, int) and 0 <= mover < len(game.seats) else None
        # the result names a seat the bot played most of for its player as such, in words and pictures
        result = await self.result_game(game, locale) if game.status == "finished" else game
        blobs = await self.live_pictures(result, mover, locale) if keep is None else []
        posts = [*earlier, payload]
        # a finished game's last message is never summarised: it keeps all its moves
        limit = LOG_LINE_LIMIT if game.status == "active" else FINAL_LOG_LIMIT
        undone = await self.undone_labels(game, posts, locale)
        parts = LiveParts(note=note, moves=self.log_line(game, posts, locale, undone, limit=limit, seq=seq))
        fresh = [s for s in payload.get("mention", []) if isinstance(s, int) and 0 <= s < len(game.seats)]
        if game.status != "active":
            if kind.is_finished(game.state):
                daily = await self.daily.final_lines(game, locale) if self.daily is not None else []
                # a co-operative game has no scores to head ("Final scores" above a team's loss): "Game over"
                title = t("play.final_title_team", locale) if kind.cooperative else t("play.final_title", locale)
                # the game's number, which the replay and the log take: it was shown nowhere a player met the game
                again = t("play.final_replay", locale, game=game.id,
                          command=replay_command(presentation, game.id, locale))
                parts.due = "\n".join([title, *presentation.final_lines(result, locale),
                                       *await rating_change_lines(self.sessions, game, locale), *daily, again])
                blobs = [*blobs, *await final_chart(self.sessions, self.games, result, locale)]
                parts.lead = True      # the final scores readable on a phone, the rest a mosaic below
            else:                      # abandoned: the table as it was left, no buttons
                parts.due = t("play.abandoned_line", locale)
            fresh = []
        else:
            due = pending_seats(kind, game.state)
            now = self.away.clock()
            named = prompt_seats(kind, game.state, [*(post.payload for post in earlier), payload])
            away = await self.away.in_game(game, {*due, *fresh, *named}, now)
            await self._note_away_shown(game, away, due)
            parts.status = sentences(presentation.status_line(game, locale), clock_status(game, locale, away, now))
            if not earlier:                      # the message as it appears: its edits leave the note out
                parts.status = "\n".join(x for x in (parts.status, presentation.turn_note(game, locale)) if x)
            parts.due = self.mention_line(game, fresh, locale, away, named=named)
            offered = menu_seat(TableMeta.of(game.meta), game.seats, due)
            if menu is not None:
                parts.menu = menu
            elif offered is not None:
                parts.menu = move_view(presentation, game, offered, kind.legal_moves(game.state, offered), locale)
            else:                  # several due, a bot playing, a decision gone private: nobody picks moves here
                parts.menu = look_menu(presentation, game, locale, moves=not all(game.seats[s].is_ai for s in due))
            hush = {*hush, *away}                # an away player is named, not pinged
        parts.pictures = [picture.name for picture in blobs] if keep is None else list(keep)
        parts.alts = {picture.name: picture.alt for picture in blobs} if keep is None else dict(keep)
        mentioned = [discord.Object(game.seats[s].user_id) for s in fresh
                     if game.seats[s].user_id and game.seats[s].user_id not in hush]
        return {"view": live_layout(parts, marker), "blobs": blobs, "pings": bool(mentioned),
                "digests": {picture.name: digest(picture.data, picture.alt) for picture in blobs},
                "allowed_mentions": discord.AllowedMentions(users=mentioned, roles=False, everyone=False)}


def held_views(game: GameView, events: list[tuple[dict, int, int]]) -> list[tuple[dict, GameView]]:
    """Each event (with the game's version at its post and the post's place in the list) with the game as its
    seats were held then (``table.held_at``), so that a move made before a seat changed hands keeps its mover's
    name. A post with a hand-over line (the line goes out with the moves of a private step not posted yet, or
    several posts folded into one) names the former holder before it and the newcomer after it, whatever the
    version says."""
    table = TableMeta.of(game.meta)
    if not table.handed:
        return [(event, game) for event, _seq, _k in events]
    passed: dict[int, int] = {}                # seat -> the holder after the last hand-over line passed
    found: list[tuple[dict, GameView]] = []
    views: dict[tuple, GameView] = {}
    for k in dict.fromkeys(k for _event, _seq, k in events):
        post = [(event, seq) for event, seq, at in events if at == k]
        holders = {seat: max(holder_index(table, seat, post[0][1]), passed.get(seat, 0)) for seat in table.handed}
        for event, _seq in post:               # a hand-over in this post: what comes before it is the former's
            if _handed_line(event) and (line := event["params"])["seat"] in holders:
                holders[line["seat"]] = min(holders[line["seat"]], line["n"])
        for event, _seq in post:
            if _handed_line(event):
                line = event["params"]
                holders[line["seat"]] = passed[line["seat"]] = line["n"] + 1
            key = tuple(sorted(holders.items()))
            if key not in views:
                views[key] = held_as(game, holders)
            found.append((event, views[key]))
    return found


def _handed_line(event: Any) -> bool:
    """A hand-over line that says which holder handed the seat (lines from before that leave the names as now)."""
    params = event.get("params") if isinstance(event, dict) else None
    return event.get("key") in (HANDED_OVER, HANDED_FOR) and isinstance(params, dict) \
        and type(params.get("seat")) is int and type(params.get("n")) is int


def message_part(payload: dict, opener: str | None, *, own: bool) -> list[dict]:
    """The events of a post that opened a new message after another, split at the first ``opener`` event: its
    own (``own``, from the opener on) or those that end the previous message (before it). A post that edits its
    message, the game's first post, or one without the opener is all its message's own."""
    events = list(payload.get("events", []))
    keys = [event.get("key") if isinstance(event, dict) else None for event in events]
    split = keys.index(opener) if opener is not None and opener in keys and not payload.get("edit") \
        and not payload.get("started") else 0
    return events[split:] if own else events[:split]


def _payload_of(item: Any) -> dict:
    """A post's payload, from an outbox post or the payload itself."""
    return item.payload if isinstance(item, OutboxPost) else item


def _has_marker(message: discord.Message, marker: int) -> bool:
    return any(getattr(component, "id", None) == marker for component in message.components)
