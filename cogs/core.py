"""What every command and component of the shell shares: the one error path, the bot's own permission check,
in-flight tracking for a clean shutdown, and the helpers for answering within Discord's 3-second window.

Services raise :class:`Refusal` (or let a ``RuleError`` / ``EngineError`` through); this module turns any of
them into a clear ephemeral message in the user's language.  Anything else is a bug: the user gets a short
reference id, the log gets the traceback under that id.

This module is a plain library: it is imported, never loaded as an extension, so each class exists once.
"""
from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

import discord
from discord import app_commands

from bot.config import REQUIRED_CHANNEL_PERMISSIONS
from bot.engine.table import TableMeta, update_meta
from bot.i18n import DEFAULT_LOCALE, N_, available_locales, catalog_locale, has_key, resolve_locale, t

from .translator import option_name
from .transport import DISCORD_FAILED
from .usertext import echoed, shown_name

log = logging.getLogger(__name__)
T = TypeVar("T")


class Refusal(Exception):
    """A request the bot declines for a reason the user can fix; nothing was changed."""

    def __init__(self, key: str, **params: Any):
        self.key = key
        self.code = key.rsplit(".", 1)[-1]
        self.params = params
        super().__init__(key)


#: how a part of a line may already end a sentence (any other gets a full stop)
SENTENCE_ENDS = (".", "!", "?", "…", "。", "！", "？")
#: Between the sentences of one line: a screen reader read the " · " that joined a line's parts as "middle dot",
#: and a full stop is a pause it passes over.
SENTENCE_SEPARATOR = " "


def as_sentence(part: str) -> str:
    """A part of a line (a move, a status) ended as a sentence: a full stop after it unless it ends one already ("The
    game begins!")."""
    part = part.rstrip()
    return part if not part or part.endswith(SENTENCE_ENDS) else part + "."


def sentences(*parts: str) -> str:
    """The non-empty ``parts`` of one line (a game's status and its clock, who is due) as sentences, the way a line of
    moves reads (``cogs.outbox.clip_moves``): they were joined by " · ", which a screen reader read "middle dot"."""
    return SENTENCE_SEPARATOR.join(as_sentence(part) for part in parts if part)


def as_typed(text: str, limit: int) -> str:
    """What someone typed, echoed in an answer (``cogs.usertext.echoed``): on one line, its control characters
    shown (``␊``, ``␀``), at most ``limit`` characters cut at a grapheme boundary with "…" (a value cut at 40 code
    points kept half an emoji and no sign that it was cut), and shown as typed (Discord's Markdown escaped, so
    that ``**x`` or ``_y`` neither formats nor breaks the bold around it; an override cannot turn it around)."""
    return echoed(text, limit)


#: discord.py's own check failures, mapped to catalog keys.
CHECK_FAILURE_KEYS: dict[type, str] = {
    app_commands.NoPrivateMessage: "error.guild_only",
    app_commands.MissingPermissions: "error.user_missing_permission",
    app_commands.CommandOnCooldown: "error.cooldown",
    app_commands.TransformerError: "error.bad_option",
}


#: The member permissions a command may ask for (``require_permission``), each named by ``permission.<name>``.
USER_PERMISSIONS = ("manage_guild",)


def permission_names(names: list[str], locale: str) -> str:
    """Discord permission attribute names (``manage_guild``) as the client names them in ``locale``."""
    return ", ".join(t(f"permission.{name}", locale) if has_key(f"permission.{name}")
                     else name.replace("_", " ").title() for name in names)


def require_permission(interaction: discord.Interaction, name: str) -> None:
    """Refuse, naming the permission, unless the member has ``name`` (one of ``USER_PERMISSIONS``) here."""
    if not getattr(interaction.permissions, name):
        raise Refusal("error.user_missing_permission", permission=permission_names([name], locale_of(interaction)))


def jump_link(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    """A link to a game's message (its live message), or to its channel before the first post."""
    where = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return f"{where}/{message_id}" if message_id else where


async def live_link(store: Any, game: Any) -> str:
    """A link to the game's live message (its latest delivered post), or to its channel before the first post."""
    posts = await store.last_message_posts(game.id)
    return jump_link(game.guild_id, game.channel_id, posts[-1].message_id if posts else None)


def locale_of(interaction: discord.Interaction) -> str:
    """For answers only the user sees: their client language first."""
    return resolve_locale(interaction)


async def send_ephemeral(interaction: discord.Interaction, content: str | None = None, **kwargs) -> None:
    """Answer privately whether or not the interaction was already acknowledged."""
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


#: ``interaction.extras`` key: the command group of the game a component acted on (for messages that name
#: a command, e.g. "use `/rp play`").
GROUP_EXTRA = "rollbot_group"


def command_group(interaction: discord.Interaction) -> str:
    """The slash-command group the user is in (or, for a click, the group of the game clicked on)."""
    command = interaction.command
    if command is not None:
        return (command.root_parent or command).name
    return str(interaction.extras.get(GROUP_EXTRA, ""))


async def report_error(interaction: discord.Interaction, error: BaseException) -> None:
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    locale = locale_of(interaction)
    if isinstance(getattr(error, "key", None), str) and hasattr(error, "code"):   # rule, engine and cog refusals
        params = getattr(error, "params", None)
        params = {"group": command_group(interaction), **(params if isinstance(params, dict) else {})}
        if isinstance(params.get("option"), str):          # an option, by the name the reader's client shows
            params["option"] = option_name(interaction.command, params["option"], locale)
        text = t(error.key, locale, **params)
    elif isinstance(error, app_commands.MissingPermissions):
        text = t(CHECK_FAILURE_KEYS[type(error)], locale,
                 permission=permission_names(error.missing_permissions, locale))
    elif type(error) in CHECK_FAILURE_KEYS:
        text = t(CHECK_FAILURE_KEYS[type(error)], locale)
    elif isinstance(error, DISCORD_FAILED):
        # Discord failed (a 5xx after retries, a lost answer): not a bug of ours, and the answer would fail too
        log.warning("interaction %s by %s: Discord did not answer (%r)", interaction.id, interaction.user, error)
        return
    else:
        ref = secrets.token_hex(4)
        log.error("unexpected error (ref %s) in interaction %s by %s: %r", ref, interaction.id,
                  interaction.user, error, exc_info=error)
        text = t("error.unexpected", locale, ref=ref)
    try:
        if reply_of(interaction) is not None:         # a deferral its timer began has landed
            await reply_of(interaction).settle()
        if interaction.extras.get(PUBLIC_DEFER):
            # the public "thinking…" message would become the error: remove it, then answer privately
            await interaction.delete_original_response()
            interaction.extras[PUBLIC_DEFER] = False
        await send_ephemeral(interaction, text)
    except discord.HTTPException:
        log.exception("could not deliver an error message for interaction %s", interaction.id)


class Inflight:
    """Interaction handlers and deliveries still running.  Shutdown waits (bounded) for them, so a click being
    handled when the bot is told to stop finishes its move and its answer, and a post on its way to Discord is
    recorded as delivered, before the store and the HTTP session close under them."""

    def __init__(self) -> None:
        self.count = 0
        self._idle = asyncio.Event()
        self._idle.set()

    def _begin(self) -> None:
        self.count += 1
        self._idle.clear()

    def _end(self, *_done: object) -> None:
        self.count -= 1
        if self.count == 0:
            self._idle.set()

    @contextlib.asynccontextmanager
    async def track(self):
        self._begin()
        try:
            yield
        finally:
            self._end()

    def carry(self, task: asyncio.Future) -> asyncio.Future:
        """Count ``task`` until it is done: counted at once, before it first runs, so that a shutdown that looks
        right after it was started already waits for it."""
        self._begin()
        task.add_done_callback(self._end)
        return task

    async def wait_idle(self, timeout: float) -> bool:
        """True when every handler finished within ``timeout`` seconds."""
        try:
            await asyncio.wait_for(self._idle.wait(), timeout)
        except TimeoutError:
            return False
        return True


def tracker(client: Any) -> contextlib.AbstractAsyncContextManager:
    """The client's in-flight counter (a client built without one, e.g. in a tool, tracks nothing)."""
    inflight = getattr(client, "inflight", None)
    return inflight.track() if isinstance(inflight, Inflight) else contextlib.nullcontext()


async def run_to_end(client: Any, work: Coroutine[Any, Any, T]) -> T:
    """Await ``work`` as a task of its own that runs to its end even when the awaiting caller is cancelled (a
    shutdown stopping the bot seats or the clock's tick), counted in the client's in-flight work until then.
    A post that reached Discord must be recorded as delivered: cancelled between the two, the next start sends
    it again, and Discord's nonce protects only for a few minutes."""
    task = asyncio.ensure_future(work)
    inflight = getattr(client, "inflight", None)
    if isinstance(inflight, Inflight):
        inflight.carry(task)
    try:
        return await asyncio.shield(task)
    except asyncio.CancelledError:
        task.add_done_callback(_failure_logged)     # nobody else will read how it ends
        raise


#: the tasks :func:`run_detached` started, until done (the loop keeps only weak references to tasks)
_DETACHED: set[asyncio.Future] = set()


def run_detached(client: Any, work: Coroutine[Any, Any, Any]) -> asyncio.Future:
    """Start ``work`` as a task of its own that nobody awaits (it must wait for a lock its starter may hold),
    counted in the client's in-flight work (a shutdown waits for it), its failure logged."""
    task = asyncio.ensure_future(work)
    _DETACHED.add(task)
    task.add_done_callback(_DETACHED.discard)
    task.add_done_callback(_failure_logged)
    inflight = getattr(client, "inflight", None)
    if isinstance(inflight, Inflight):
        inflight.carry(task)
    return task


def _failure_logged(task: asyncio.Future) -> None:
    """Log the failure of work that no caller awaits (any more: see :func:`run_to_end`, :func:`run_detached`)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("work that no caller awaits failed", exc_info=task.exception())


#: ``interaction.extras`` key: acting on a game ended the player's time away (``Tables.welcome_back``); its value
#: is that game's id.
AWAY_ENDED = "rollbot_away_ended"
#: ``interaction.extras`` key: acting on a game took the player's seat back from the bot that stood in for them
#: (``Tables.welcome_back``); its value is that game's id.
SEAT_BACK = "rollbot_seat_back"


async def tell_back(interaction: discord.Interaction) -> None:
    """A player whose move ended their ``/away`` hears it, privately, as ``/away back`` says it: the clocks run
    again (it ended silently, and ``/status`` no longer showed them away). Their other games' live messages drop
    "away until" as after ``/away back``: the event ``away_ended`` (user id, the game acted on, which the move
    redraws anyway) reaches ``cogs.away.Away``, which the shell's core does not know. A player whose action took
    their seat back from the bot hears that too (a tour's player got her seat back without a word); the event
    ``seat_back`` (user id, game id) has the live message's line saying so delivered (``cogs.play.Play``)."""
    away_game = interaction.extras.pop(AWAY_ENDED, None)
    seat_game = interaction.extras.pop(SEAT_BACK, None)
    if away_game is not None:
        interaction.client.dispatch("away_ended", interaction.user.id, away_game)
    if seat_game is not None:
        interaction.client.dispatch("seat_back", interaction.user.id, seat_game)
    if not interaction.response.is_done():
        return
    locale = locale_of(interaction)
    lines = ([t("away.back", locale)] if away_game is not None else []) + \
        ([t("play.seat_back", locale, game=seat_game)] if seat_game is not None else [])
    if not lines:
        return
    try:
        await interaction.followup.send("\n".join(lines), ephemeral=True)
    except discord.HTTPException:
        log.warning("interaction %s: the end of time away or of the bot's stand-in was not told", interaction.id)


async def guarded(interaction: discord.Interaction, handler: Callable[[], Awaitable[Any]]) -> None:
    """Run a component callback through the same error path as the slash commands."""
    async with tracker(interaction.client):
        try:
            await handler()
        except Exception as exc:
            await report_error(interaction, exc)
        await tell_back(interaction)


class RollTree(app_commands.CommandTree):
    async def _call(self, interaction: discord.Interaction) -> None:
        # the whole handling, error answer included, counts as in flight (see Inflight)
        async with tracker(self.client):
            try:
                await super()._call(interaction)
            except app_commands.AppCommandError as error:
                await self._dispatch_error(interaction, error)
            await tell_back(interaction)

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError,
                       /) -> None:
        await report_error(interaction, error)


#: What Discord takes away with a missing permission (its permission algorithm): without the permission to send in a
#: channel the bot attaches and embeds nothing there either, so only that one needs granting.
SENT_WITH = ("attach_files", "embed_links")


def lacking(permissions: discord.Permissions, *, thread: bool = False,
            names: tuple[str, ...] = REQUIRED_CHANNEL_PERMISSIONS) -> list[str]:
    """The permissions among ``names`` the bot lacks in a channel with ``permissions``, as a server admin must grant
    them: in a thread, Send Messages in Threads stands for Send Messages; without View Channel Discord grants none
    of them, and without the permission to send none of those it only grants with it (:data:`SENT_WITH`), so only
    that one is named."""
    if not permissions.view_channel:
        return ["view_channel"]
    send = "send_messages_in_threads" if thread else "send_messages"
    missing = [send if name == "send_messages" else name for name in names
               if not getattr(permissions, send if name == "send_messages" else name)]
    return [name for name in missing if name not in SENT_WITH] if send in missing else missing


def fixes_permissions(interaction: discord.Interaction) -> bool:
    """Whether the asker can give the bot a permission in this channel themselves (Manage Server, Manage Channels or
    Administrator here): they are told how, not to "ask a server admin" (a tour's admin read exactly that)."""
    mine = interaction.permissions
    return interaction.guild_id is not None and (mine.administrator or mine.manage_guild or mine.manage_channels)


def bot_role_name(interaction: discord.Interaction) -> str:
    """The name of the role to give a permission to: the bot's own, which Discord names after the bot (read from the
    server when it is cached, else the bot's name)."""
    role = getattr(interaction.guild, "self_role", None)
    return shown_name(role.name if role is not None else getattr(interaction.client.user, "name", "Rollbot"))


def settings_channel(interaction: discord.Interaction) -> int:
    """The channel whose settings hold the bot's permissions here: a thread's come from its parent channel."""
    channel = interaction.channel
    parent = channel.parent_id if isinstance(channel, discord.Thread) else None
    return parent or interaction.channel_id


def check_bot_permissions(interaction: discord.Interaction,
                          names: tuple[str, ...] = REQUIRED_CHANNEL_PERMISSIONS) -> None:
    """In a server channel the bot must be able to post turns (or whatever ``names`` allow); say which permission
    it lacks, as an admin grants it (:func:`lacking`: in a thread, Send Messages in Threads, which a tour's thread
    lacked while the check, reading Send Messages, let every click through and every post fail). Someone who can
    grant it (:func:`fixes_permissions`) reads where: the channel's settings, the bot's role."""
    missing = missing_here(interaction, names)
    if not missing:
        return
    locale = locale_of(interaction)
    named = permission_names(missing, locale)
    if fixes_permissions(interaction):
        where = {"channel": f"<#{settings_channel(interaction)}>", "role": bot_role_name(interaction)}
        if len(missing) == 1:
            raise Refusal("error.bot_missing_permission_fix", permission=named, **where)
        raise Refusal("error.bot_missing_permissions_fix", permissions=named, **where)
    if len(missing) == 1:              # named once (a tour read "**X** (missing: X)")
        raise Refusal("error.bot_missing_permission", permission=named)
    raise Refusal("error.bot_missing_permissions", permissions=named)


def missing_here(interaction: discord.Interaction,
                 names: tuple[str, ...] = REQUIRED_CHANNEL_PERMISSIONS) -> list[str]:
    """The permissions among ``names`` the bot lacks where the interaction happened (none in a DM)."""
    if interaction.guild_id is None:
        return []
    return lacking(interaction.app_permissions, thread=isinstance(interaction.channel, discord.Thread), names=names)


def require_guild(interaction: discord.Interaction) -> None:
    if interaction.guild_id is None:
        raise Refusal("error.guild_only")


def require_dm(interaction: discord.Interaction) -> None:
    if interaction.guild_id is not None or not isinstance(interaction.channel, discord.DMChannel):
        raise Refusal("error.dm_only")


def service_of(interaction: discord.Interaction, name: str) -> Any:
    """The bot's feature Cog or service ``name`` (``lobby``, ``play``, ``undo``, ``pace_clock``, ``history``,
    ``stats``) for a persistent button. discord.py re-creates a button from its custom id, so the button holds no
    services: the bot that received the click has them (``bot.app.RollBot`` builds them all in its constructor).
    A client without it (a tool's) refuses politely."""
    service = getattr(interaction.client, name, None)     # an attribute of discord.py's client object
    if service is None:
        raise Refusal("error.component_unavailable")
    return service


PUBLIC_DEFER = "rollbot_public_defer"

async def remember_seat_locale(sessions: Any, game_id: int, seat: int | None, locale: str) -> None:
    """Reminders reach a player outside any interaction: keep the language they last acted in.
    (Moves record it with the move itself, see ``bot.engine.turn``; this is for joining a lobby.)"""
    if seat is None:
        return
    known = TableMeta.of((await sessions.load(game_id)).meta).seat_locales
    if known.get(seat) != locale:
        await update_meta(sessions, game_id, seat_locales={**known, seat: locale})


#: What an edit of one of the bot's messages may mention: nobody. Without it discord.py sends the client's default
#: (``parse: ["users"]``), and Discord parses the edited text anew: a ``<@id>`` in it (a redrawn live message's
#: mention line, or any text that writes one) became a mention of that user, highlighted for them though no
#: notification is sent for an edit. The turn book pings with new posts only.
EDIT_MENTIONS = discord.AllowedMentions.none()


def pings(users: list[int]) -> dict[str, Any]:
    """``send`` arguments that ping exactly ``users`` (no roles, no everyone); a message that pings nobody is
    sent silently."""
    return {"silent": not users, "allowed_mentions": discord.AllowedMentions(
        users=[discord.Object(u) for u in users], roles=False, everyone=False)}


def language_word(code: Any, locale: str) -> str:
    """A language's name as a word of a sentence in ``locale`` ("en français", "auf Koreanisch"); an unknown code
    reads as ``locale``'s own."""
    return t(f"language.word.{code if code in available_locales() else locale}", locale)


#: The line a game's message gains when ``/<game> language`` switches it (a lobby's line, a live message's move)
LANGUAGE_LINE = N_("lobby.language_line")
#: a user's mention as the bot writes it
MENTION = re.compile(r"<@!?[0-9]+>")


def language_line(user: str, language: str) -> dict[str, Any]:
    """That line as data (key and parameters), worded in the language of the message it is drawn into."""
    return {"key": LANGUAGE_LINE, "params": {"user": user, "language": language}}


def language_line_text(params: dict, locale: str) -> str:
    """That line in ``locale``, its language named as a word of the sentence."""
    user = str(params.get("user", ""))
    # the lobby stores a mention, a live message the switcher's display name as it was typed
    return t(LANGUAGE_LINE, locale, user=user if MENTION.fullmatch(user) else shown_name(user),
             language=language_word(params.get("language"), locale))


def game_locale(game: Any) -> str:
    """The language of a game's public posts (chosen when it was created, changeable by its creator)."""
    return TableMeta.of(game.meta).locale or DEFAULT_LOCALE


def seat_locale(game: Any, seat: int) -> str:
    """The language to reach one player in outside an interaction: theirs when known, else the game's."""
    return TableMeta.of(game.meta).seat_locale(seat) or DEFAULT_LOCALE


def default_game_locale(interaction: discord.Interaction) -> str:
    """The language a new game posts in when its creator chose none: the server's preferred locale when we
    ship it, else English; a DM game (solo) speaks its one player's language. At the start, a game whose human
    players all use one language switches to it (``bot.engine.turn.start_language``)."""
    if interaction.guild_id is None:
        return resolve_locale(interaction)
    return catalog_locale(interaction.guild_locale) or DEFAULT_LOCALE


async def defer(interaction: discord.Interaction, *, ephemeral: bool = False) -> None:
    """Acknowledge now ("thinking…"), answer later.  A public deferral is remembered: Discord turns the
    first follow-up into that public message, so a refusal must remove it before answering privately."""
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        interaction.extras[PUBLIC_DEFER] = not ephemeral


async def send_after_defer(interaction: discord.Interaction, content: str | None = None, **kwargs):
    """The answer to a :func:`defer`; after it, errors no longer touch the (now used) loading message."""
    message = await interaction.followup.send(content, wait=True, **kwargs)
    interaction.extras[PUBLIC_DEFER] = False
    return message


#: ``interaction.extras`` key: the :class:`Reply` of a click being handled.
REPLY_EXTRA = "rollbot_reply"
#: A click is acknowledged with a deferred update when its answer is not ready this long after the handler began
#: (Discord drops an interaction not answered within 3 s of its dispatch).
DEFER_AFTER = 1.5


class Reply:
    """How a click is answered. Discord lets a component interaction answer with the very change it makes
    (UPDATE_MESSAGE: the clicked message edited in place, one call through the interaction) instead of a deferred
    update followed by an edit (two). The move is applied and persisted first; when that takes longer than
    :data:`DEFER_AFTER`, a timer acknowledges the click with a deferred update, and the answer then edits the
    interaction's original message. Either way the answer goes through the interaction, never the bot token."""

    def __init__(self, interaction: discord.Interaction, after: float | None = None):
        self.interaction = interaction
        self._deferring: asyncio.Task | None = None
        self._timer = asyncio.get_running_loop().call_later(DEFER_AFTER if after is None else after, self._defer)
        interaction.extras[REPLY_EXTRA] = self

    def _defer(self) -> None:
        if not self.interaction.response.is_done():
            self._deferring = asyncio.ensure_future(self.interaction.response.defer())

    async def settle(self) -> bool:
        """Stop the timer (a deferral in flight is awaited); True while the response is still to be given."""
        self._timer.cancel()
        if self._deferring is not None:
            deferring, self._deferring = self._deferring, None
            with contextlib.suppress(discord.HTTPException):
                await deferring
        return not self.interaction.response.is_done()

    async def acknowledge(self) -> None:
        """Make sure the click is acknowledged (a deferred update) before follow-ups are sent."""
        if await self.settle():
            await self.interaction.response.defer()

    async def edit(self, **fields: Any) -> discord.Message | None:
        """Change the clicked message: as the answer itself (UPDATE_MESSAGE), or after a deferral by editing the
        interaction's original message (for a click, the message the component is on). An edit pings nobody
        (:data:`EDIT_MENTIONS`) unless ``fields`` say otherwise."""
        fields.setdefault("allowed_mentions", EDIT_MENTIONS)
        if await self.settle():
            callback = await self.interaction.response.edit_message(**fields)
            resource = getattr(callback, "resource", None)
            return resource if isinstance(resource, discord.Message) else None
        return await self.interaction.edit_original_response(**fields)


def reply_of(interaction: discord.Interaction | None) -> Reply | None:
    return None if interaction is None else interaction.extras.get(REPLY_EXTRA)


async def acknowledge(interaction: discord.Interaction) -> None:
    """A click handled through a :class:`Reply` is acknowledged (if nothing answered it yet) before follow-ups."""
    reply = reply_of(interaction)
    if reply is not None:
        await reply.acknowledge()


async def in_worker(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Rendering is CPU work; keep the event loop free to answer other interactions."""
    return await asyncio.to_thread(fn, *args, **kwargs)
