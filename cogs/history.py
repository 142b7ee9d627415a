"""A game's history: ``/<game> log`` (every move, page by page, each worded on the table it was played on) and
``/<game> replay`` (round by round).

Both work on the channel's current game or, once it is over, on the last game played there; ``game:`` names
another game by id, which the asker must have played in (or which must be of this channel). The pages and
the replay steps are turned with First / Previous / Next / Last buttons whose custom ids say everything
(``rp:h:<log|replay>:<game>:<page>:<slot>``), so they work after a restart. A replay step is rebuilt from the
seed and the move log in a worker thread (``cogs.replays``): snapshots hold only the latest state.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, timezone
from typing import Any

import discord
from babel.core import UnknownLocaleError
from babel.dates import format_date
from discord import app_commands

from bot.engine import GameView, SessionManager
from bot.engine.table import TableMeta, held_at
from bot.i18n import t

from .buttons import ShellButton
from .core import (
    EDIT_MENTIONS,
    SENTENCE_SEPARATOR,
    Refusal,
    as_sentence,
    check_bot_permissions,
    defer,
    in_worker,
    locale_of,
    send_after_defer,
)
from .games import Games
from .groups import GameCog
from .outbox import as_files
from .replays import (
    frames,
    game_at,
    hand_over_events,
    handed_line,
    move_words,
    replayed,
    result_text,
    score_text,
)
from .seam import Presentation
from .seats import result_named, shown_game
from .tables import game_to_look_at
from .translator import cmd_str
from .usertext import cut, label_text, shown_name

#: most moves per page of ``/<game> log`` (a page is also kept within :data:`MESSAGE_LIMIT`)
LOG_PAGE = 15
#: Discord's limit on a message's text (characters): a page of the log is made of whole lines within it
MESSAGE_LIMIT = 2000
#: how a line of what the rules did after a move begins: Discord's small text, as the live message's lines are
SUBTEXT = "-# "
#: longest line of what followed one move: more goes on a line of its own (a page holds whole lines only)
AFTERMATH_LINE = 900


def log_pages(sizes: Sequence[int], budget: int, most: int = LOG_PAGE) -> list[tuple[int, int]]:
    """The pages of a log whose entries take ``sizes`` characters each (a newline included), as (start, end) of
    each: the fewest pages of at most ``most`` entries and ``budget`` characters (a page of fifteen Roll for
    Adventure moves with what followed them went past Discord's limit), with the entries shared out evenly between
    them (by size, or by number where they are short), so that no page holds one line (cut from the first move,
    the page shown first held one; cut from the newest, three tours in a row saw a first page of one move). An
    entry is never split: each must fit ``budget`` alone (:func:`page_units`)."""
    count = len(sizes)
    if count == 0:
        return [(0, 0)]
    ends = []                           # the furthest end of a page that starts at each entry
    for start in range(count):
        end, size = start, 0
        while end < count and end - start < most and (end == start or size + sizes[end] <= budget):
            size += sizes[end]
            end += 1
        ends.append(end)
    needed = [0] * (count + 1)          # the fewest pages that hold the entries from each one on
    for start in range(count - 1, -1, -1):
        needed[start] = 1 + needed[ends[start]]
    before = [0.0]                      # how much of a page the entries before each one fill: by characters, or
    for size in sizes:                  # by count where short ones fill a page by their number (:data:`LOG_PAGE`)
        before.append(before[-1] + max(size / budget, 1 / most))
    bounds, start = [], 0
    for page in range(needed[0]):
        left = needed[0] - page
        target = before[start] + (before[count] - before[start]) / left
        choices = [e for e in range(start + 1, ends[start] + 1) if needed[e] <= left - 1]
        end = min(choices, key=lambda e: abs(before[e] - target))
        bounds.append((start, end))
        start = end
    return bounds


def page_units(entries: Sequence[Sequence[str]], budget: int) -> list[str]:
    """The log's entries (a move's line and the lines of what followed it) as the texts pages are made of: an
    entry whole where it fits ``budget`` (:func:`log_pages`), else its lines in as few parts as fit, each line
    whole (one longer than a page, which no move has, is cut)."""
    units: list[str] = []
    for lines in entries:
        if len("\n".join(lines)) < budget:
            units.append("\n".join(lines))
            continue
        part: list[str] = []
        for line in (cut(line, budget - 1) for line in lines):
            if part and len("\n".join([*part, line])) >= budget:
                units.append("\n".join(part))
                part = []
            part.append(line)
        units.append("\n".join(part))
    return units


def aftermath(presentation: Presentation, game: GameView, events: Sequence[dict], locale: str) -> list[str]:
    """What the rules did after a move (an enemy revealed, its attack, the damage, the dice lost), worded by the
    game's ``event_line`` as the live message words it, as small lines of sentences (a new one from the event that
    opens a new message, ``Presentation.message_opener``, or a new part of the game, ``log_openers``: "Hand 2 of 8"):
    a log of the players' choices alone never said why a die was lost or a territory fell. The events that retell the
    move itself (``Presentation.log_retold_events``, at the head of the move's events) are left out: the move's line
    says it ("Alice: white 3 to INT" read again as "Alice placed white 3 in INT"); the same kind of event caused by
    something else later (a skill placing a die) stays."""
    retold, lines = set(presentation.log_retold_events), []
    openers = {presentation.message_opener, *presentation.log_openers} - {None}
    leading = True
    for event in events:
        key = event.get("key") if isinstance(event, dict) else None
        leading = leading and key in retold
        sentence = "" if leading else as_sentence(presentation.event_line(game, event, locale))
        if not sentence:
            continue
        # one line, a new one where a new message or hand begins ("Turn 5: …", "Hand 2 of 8") or where it would grow
        # too long
        joined = SENTENCE_SEPARATOR.join([lines[-1], sentence]) if lines else ""
        if lines and key not in openers and len(SUBTEXT + joined) <= AFTERMATH_LINE:
            lines[-1] = joined
        else:
            lines.append(sentence)
    return [SUBTEXT + line for line in lines]
#: slot letter of each paging button (custom ids of one message must differ even when two aim at one page);
#: slot "c" is the disabled "Page 2 of 5" label between Previous and Next. The buttons are words alone: a screen
#: reader read their emoji by name ("last track button First", "reverse button Previous")
SLOTS = (("f", "history.first"), ("p", "history.previous"), ("n", "history.next"), ("l", "history.last"))
#: Longest page number a custom id may carry (a forged bigger one is refused before any work).
MAX_PAGE = 99_999
#: most choices Discord shows of an autocomplete
MOST_CHOICES = 25
#: Discord's integer options run from -(2**53 - 1) to 2**53 - 1: a larger max_value makes it refuse the whole
#: command upload (and the bot would not start).
MAX_GAME_ID = 2**53 - 1


def replay_score_key(presentation: Any, kind: Any, then: GameView, page: int, count: int) -> str:
    """The catalog key of a replay step's score line: the game's word for its score as it would stand now
    (``Presentation.score_keys``), or its final score at the last step of a game the rules ended (that step
    said "Projected score" of a finished game, and a game whose score has another name was called a score)."""
    in_play, final = presentation.score_keys
    return final if page == count - 1 and kind.is_finished(then.state) else in_play


def date_text(when: float, locale: str) -> str:
    """A day as ``locale`` writes it ("28 Nov 2026", "28.11.2026"): an autocomplete label reads no ``<t:…>``."""
    day = datetime.fromtimestamp(when, timezone.utc).date()
    try:
        return format_date(day, "medium", locale=locale)
    except (ValueError, LookupError, UnknownLocaleError):
        return day.isoformat()


class HistoryButton(ShellButton, template=r"rp:h:(?P<what>log|replay):(?P<game>[0-9]{1,19}):(?P<page>[0-9]{1,5}):"
                                        r"(?P<slot>[fpnlc])"):
    """A paging button of a log or a replay (it reaches the bot's ``history`` service)."""
    prefix, service, handler = "rp:h", "history", "on_page"


class PostedReplayButton(ShellButton, template=r"rp:hp:(?P<game>[0-9]{1,19}):(?P<page>[0-9]{1,5}):(?P<slot>[fpnlc]):"
                                            r"(?P<owner>[0-9]{1,19}):(?P<locale>[A-Za-z_-]{2,12})"):
    """A paging button of a replay posted for the channel: its id names who posted it and the language it was
    posted in. Only its poster pages it in place (in that language); anyone else gets a private copy."""
    prefix, service, handler = "rp:hp", "history", "on_posted_page"


class History(GameCog):
    def __init__(self, sessions: SessionManager, games: Games):
        self.sessions = sessions
        self.games = games
        #: the daily challenges (``cogs.daily``, set by the app): which daily games are still hidden, from whom
        self.daily: Any = None

    # ------------------------------------------------------------------ which game
    async def may_see(self, interaction: discord.Interaction, game: GameView) -> bool:
        """A game's history is its channel's and its players'; a daily challenge's is anyone's once nobody can
        gain from it: its day is over and the asker is not still playing their own daily of that day
        (``Daily.hidden_from``)."""
        if game.channel_id == interaction.channel_id or game.seat_of(interaction.user.id) is not None:
            return True
        return await self.daily_hidden(game, interaction.user.id) is False

    async def daily_hidden(self, game: GameView, viewer: int | None) -> bool | None:
        """``Daily.hidden_from``: None for a game that is no daily (and when the app has no daily challenges)."""
        return None if self.daily is None else await self.daily.hidden_from(game, viewer)

    async def refusal_to_see(self, game: GameView, game_id: int) -> Refusal:
        """Why ``game_id`` cannot be looked at here: a daily game says it opens later (the asker may not know the
        day's deal is everyone's); any other is refused as if it did not exist."""
        if await self.daily_hidden(game, None) is not None:
            return Refusal("daily.error.hidden", game=game_id)
        return Refusal("history.error.unknown_game", game=game_id)

    async def chosen_game(self, interaction: discord.Interaction, presentation: Presentation,
                          game_id: int | None) -> GameView:
        """The game named by id (the asker played in it, or it is this channel's), else the channel's current
        or last game; it must be of ``presentation``'s kind and have started."""
        if game_id is not None:
            try:
                game = await self.sessions.load(game_id)
            except Exception as error:           # an unknown id is refused like a foreign one
                raise Refusal("history.error.unknown_game", game=game_id) from error
            if not await self.may_see(interaction, game):
                raise await self.refusal_to_see(game, game_id)
        else:
            game = await game_to_look_at(self.sessions, self.games, interaction, presentation)
        if game.kind != presentation.kind:
            if game_id is not None and game.kind in self.games:      # one the asker may see: say where it is
                raise self.other_kind(interaction, game)
            raise Refusal("history.error.unknown_game", game=game.id)
        if game.state is None:
            raise Refusal("error.not_started")
        return game

    def other_kind(self, interaction: discord.Interaction, game: GameView) -> Refusal:
        """The refusal of ``/<game> log|replay game:<id>`` for a game of another kind that the asker may see: it
        names the game and the same command of its own group, as the asker's client lists it (``/poker 다시보기
        게임:3``). A tour's ``/rp replay game:3`` for her own dice poker game read "there is no game #3"."""
        locale, command = locale_of(interaction), self.same_command_for(interaction, game)
        if command is None:
            return Refusal("history.error.unknown_game", game=game.id)
        return Refusal("history.error.other_kind", game=game.id, title=t(self.games[game.kind].title_key, locale),
                       command=command, option=t("history.opt.game.name", locale))

    async def game_for_click(self, interaction: discord.Interaction, game_id: int, *,
                             posted: bool = False) -> GameView:
        """The game a paging button names; ``posted``: its replay was posted for the channel, so anyone who
        sees it may look (no check of who may see the game)."""
        try:
            game = await self.sessions.load(game_id)
        except Exception as error:
            raise Refusal("error.stale_button") from error
        if not posted and not await self.may_see(interaction, game):
            raise Refusal("error.wrong_channel")
        if posted and game.seat_of(interaction.user.id) is None and await self.daily_hidden(game, interaction.user.id):
            raise Refusal("daily.error.hidden", game=game.id)       # a replay posted before a daily was kept hidden
        if game.state is None or game.kind not in self.games:
            raise Refusal("error.stale_button")
        return game

    # ------------------------------------------------------------------ paging
    def paging_view(self, what: str, game_id: int, page: int, pages: int, locale: str,
                    owner: int | None = None) -> discord.ui.View:
        """The paging buttons; with ``owner``, those of a replay that person posted for the channel."""
        def button(target: int, slot: str, **kwargs: Any) -> ShellButton:
            if owner is None:
                return HistoryButton(what, game_id, target, slot, **kwargs)
            return PostedReplayButton(game_id, target, slot, owner, locale, **kwargs)

        view = discord.ui.View(timeout=None)
        targets = {"f": 0, "p": max(0, page - 1), "n": min(pages - 1, page + 1), "l": pages - 1}
        for slot, key in SLOTS:
            at_edge = (slot in "fp" and page == 0) or (slot in "nl" and page >= pages - 1)
            view.add_item(button(targets[slot], slot, label=t(key, locale), disabled=at_edge))
            if slot == "p":                  # where we are, between Previous and Next (a label, never pressed)
                # a replay counts its steps from 0 (the start), as its text does ("step 3 of 13"); the log its pages
                where = (t("history.step_counter", locale, step=page, steps=pages - 1) if what == "replay" else
                         t("history.page_counter", locale, page=page + 1, pages=pages))
                view.add_item(button(page, "c", label=where, disabled=True))
        return view

    async def show_replay(self, interaction: discord.Interaction, game: GameView, page: int, locale: str, *,
                          owner: int | None = None, private: bool | None = None) -> None:
        """Step ``page`` of a replay with its paging buttons (``owner``: of a replay posted for the channel), in place
        of the clicked message, or as a new answer (``private`` or not). It is drawn in a worker: the interaction is
        acknowledged first."""
        if private is None:
            await interaction.response.defer()
        else:
            await defer(interaction, ephemeral=private)
        content, picture, pages, page = await self.replay_step(game, page, locale)
        view = self.paging_view("replay", game.id, page, pages, locale, owner=owner)
        if private is None:
            await interaction.edit_original_response(content=content, attachments=as_files([picture]), view=view,
                                                     allowed_mentions=EDIT_MENTIONS)
        else:
            await send_after_defer(interaction, content, file=as_files([picture])[0], ephemeral=private, view=view)

    async def on_posted_page(self, interaction: discord.Interaction, game_id: int, page: int, _slot: str,
                             owner: int, locale: str) -> None:
        """A posted replay keeps the language it was posted in, and only its poster turns its pages; a click by
        anyone else opens a private copy at that step in their own language (the poster made the replay public
        here, so anyone in the channel may look)."""
        mine = interaction.user.id == owner
        game = await self.game_for_click(interaction, game_id, posted=not mine)
        if mine:
            await self.show_replay(interaction, game, page, locale, owner=owner)
        else:                                # a private copy in the clicker's language, with buttons of its own
            await self.show_replay(interaction, game, page, locale_of(interaction), private=True)

    async def on_page(self, interaction: discord.Interaction, what: str, game_id: int, page: int, _slot: str) -> None:
        game = await self.game_for_click(interaction, game_id)
        locale = locale_of(interaction)
        message = interaction.message
        if what == "replay" and message is not None and not message.flags.ephemeral:
            # a replay posted before its buttons named their poster: nobody turns it for everyone any more
            await self.show_replay(interaction, game, page, locale, private=True)
            return
        if what == "log":
            content, pages, page = await self.log_page(game, page, locale)
            await interaction.response.edit_message(content=content, allowed_mentions=EDIT_MENTIONS,
                                                    view=self.paging_view("log", game.id, page, pages, locale))
            return
        await self.show_replay(interaction, game, page, locale)

    # ------------------------------------------------------------------ the log
    async def log_page(self, game: GameView, page: int, locale: str) -> tuple[str, int, int]:
        """(text, number of pages, the page shown): a heading that names the game, then the page's moves, each
        with what the rules did after it (:meth:`log_entries`); the page is clamped to the log as it is now
        (:func:`log_pages`)."""
        records = await self.sessions.move_log(game.id)
        title = t(self.games[game.kind].title_key, locale)
        # the room the heading leaves, reckoned with the longest page numbers: the pages are cut before they are known
        widest = t("history.log_title", locale, title=title, game=game.id, page=MAX_PAGE, pages=MAX_PAGE)
        budget = MESSAGE_LIMIT - max(len(widest), len(t("history.log_title_one", locale, title=title, game=game.id)))
        entries = await in_worker(self.log_entries, game, records, locale)
        units = page_units(entries, budget)
        bounds = log_pages([len(unit) + 1 for unit in units], budget)
        page = min(max(0, page), len(bounds) - 1)
        start, end = bounds[page]
        heading = t("history.log_title", locale, title=title, game=game.id, page=page + 1, pages=len(bounds)) \
            if len(bounds) > 1 else t("history.log_title_one", locale, title=title, game=game.id)
        body = "\n".join(units[start:end]) or t("play.log_empty", locale)
        return f"{heading}\n{body}", len(bounds), page

    def log_entries(self, game: GameView, records: list, locale: str) -> list[list[str]]:
        """How the game began (what the rules did before the first move, under the live message's "The game
        begins!"), then every move of the log in words, each on the table it was played on, followed by what the
        rules did after it (:func:`aftermath`; not for a move taken back, whose consequences were undone with it):
        a move's line and its small lines. CPU work (the game is played again from its seed): run in a worker."""
        presentation, kind = self.games[game.kind], self.games.kind(game.kind)
        shown = shown_game(game, locale, kind)
        played = replayed(kind, game, records)
        before = {seq: step.before for seq, step in played.items()}
        undone = {r.undoes for r in records if r.undoes is not None}
        table = TableMeta.of(game.meta)
        handed = hand_over_events(game)           # "🪑 Dan handed the seat to Cleo" after the move it followed
        start = played.get(0)
        opening = aftermath(presentation, held_at(replace(shown, state=start.after), 0), start.events, locale) \
            if start is not None else []
        entries = [[t("play.game_started", locale), *opening]] if opening else []
        if handed.get(0):
            entries.append([handed_line(shown, params, key, locale) for key, params in handed[0]])
        for record in records:
            if record.undoes is not None:          # an undo entry says which move it took back
                label = t("undo.log_entry", locale, n=record.undoes)
            else:
                label = move_words(presentation, shown, before, record, locale)
                if record.seq in undone:           # taken back: struck through, the log keeps everything
                    label = f"~~{label}~~"
            seat = shown.seats[record.seat] if 0 <= record.seat < len(shown.seats) else None
            # a player's seat whose move has no user: the bot played it for them while they were away (a player
            # who asked to be forgotten has no user on their seat nor on their moves: no mark can be told then)
            stand_in = seat is not None and not seat.is_ai and seat.user_id is not None and record.user_id is None \
                and record.undoes is None
            key = "play.log_line_stand_in" if stand_in else "play.log_line"
            if stand_in and record.seq in table.ruled.get(record.seat, ()):
                key = "play.log_line_ruled"        # the rules' move when their time ran out: no bot's
            # the move's mover, who held the seat then (a seat handed over since keeps its moves under their name)
            then = held_at(replace(shown, state=before[record.seq]) if record.seq in before else shown, record.seq)
            player = presentation.mover_name(then, record.seat, locale) if seat is not None else "?"
            entry = [t(key, locale, n=record.seq, player=player, move=label)]
            step = played.get(record.seq)
            if step is not None and step.after is not None and record.seq not in undone:
                entry += aftermath(presentation, held_at(replace(shown, state=step.after), record.seq), step.events,
                                   locale)
            entry += [handed_line(shown, params, key, locale) for key, params in handed.get(record.seq, ())]
            entries.append(entry)
        return entries

    # ------------------------------------------------------------------ the replay
    def _replay_work(self, game: GameView, moves: list, page: int, locale: str, result: GameView | None = None
                     ) -> tuple[str, Any, int, int]:
        """Step ``page`` of the replay; ``result``: the finished game as its result names its seats ("Bot for
        Dan", ``cogs.seats.result_named``), which its last step, the end, names them as the final post does."""
        kind, presentation = self.games.kind(game.kind), self.games[game.kind]
        steps = frames(kind, game, moves)
        page = min(max(0, page), len(steps) - 1)
        frame = steps[page]
        then = shown_game(game_at(kind, game, moves, frame.version), locale, kind)
        if result is not None and page == len(steps) - 1:
            then = replace(then, seats=result.seats)
        picture = presentation.replay_picture(then, locale)
        scores = t("history.score_sep", locale).join(t("history.score_of", locale, player=shown_name(s.name),
                              score=score_text(frame.scores[s.seat], locale))
                            for s in then.seats if s.seat < len(frame.scores))
        key = "history.replay_start" if page == 0 else (
            "history.replay_end" if page == len(steps) - 1 else "history.replay_step")
        # a co-operative game has no score per seat: its status line says how the team stands
        score_line = "" if kind.cooperative else t(replay_score_key(presentation, kind, then, page, len(steps)),
                                                   locale, scores=scores)
        # the seats that changed hands since the step before (the first step: from the start on)
        since = steps[page - 1].version if page > 0 else -1
        handed = [handed_line(then, params, key, locale) for version, items in sorted(hand_over_events(game).items())
                  if since < version <= frame.version for key, params in items]
        lines = [t(key, locale, game=game.id, step=page, steps=len(steps) - 1, moves=frame.version),
                 *handed, presentation.status_line(then, locale), score_line]
        return "\n".join(line for line in lines if line)[:2000], picture, len(steps), page

    async def replay_step(self, game: GameView, page: int, locale: str) -> tuple[str, Any, int, int]:
        moves = await self.sessions.move_log(game.id)
        result = await result_named(self.sessions.store, shown_game(game, locale, self.games.kind(game.kind)), locale)
        return await in_worker(self._replay_work, game, moves, page, locale, result if result.status == "finished"
                               else None)

    # ------------------------------------------------------------------ the games a player may pick
    async def game_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
        """The asker's own finished games of this group's kind, newest first, each labelled so that two can be told
        apart ("#6 daily challenge: 19 Gold, 28 Nov 2026"): ``game:`` was a bare number shown nowhere, and a
        newcomer could not find his best game again. ``current``: what they typed so far (part of the number or
        of the label)."""
        presentation = self.presentation_of(interaction)
        kind, locale = self.games.kind(presentation.kind), locale_of(interaction)
        rows = await self.sessions.store.finished_results(user_id=interaction.user.id, kind=presentation.kind)
        needle, choices = current.strip().casefold(), []
        for row in rows:
            label = label_text(await self.game_label(presentation, kind, row, locale))
            # digits are the start of a game's number (a "1" matched every label with a 1 in its date); words
            # are looked for in the label ("daily", "lost")
            if str(row.game_id).startswith(needle) if needle.isdecimal() else needle in label.casefold():
                choices.append(app_commands.Choice(name=cut(label, 100), value=row.game_id))
            if len(choices) == MOST_CHOICES:
                break
        return choices

    async def game_label(self, presentation: Presentation, kind: Any, row: Any, locale: str) -> str:
        """One finished game as the ``game:`` list names it: its number, daily, solo or how many players, the
        asker's result with its unit, and the day it ended in the asker's language."""
        result = result_text(presentation, kind, row.total, row.place, row.options, locale)
        day = await self.sessions.store.daily_day_of(row.game_id)
        when = date_text(row.finished_at, locale)
        if day is not None:
            return t("history.pick.daily", locale, game=row.game_id, result=result, date=when)
        if kind.solo_board(row.players, row.options or {}) is not None:      # what stats call a solo game
            return t("history.pick.solo", locale, game=row.game_id, result=result, date=when)
        return t("history.pick.players", locale, game=row.game_id, players=row.players, result=result, date=when)

    # ------------------------------------------------------------------ commands
    @app_commands.command(name=cmd_str("cmd.log.name"), description=cmd_str("cmd.log.description"))
    @app_commands.describe(page=cmd_str("cmd.log.page"), game=cmd_str("cmd.history.game"))
    @app_commands.rename(game=cmd_str("history.opt.game.name"))
    async def log_cmd(self, interaction: discord.Interaction,
                      page: app_commands.Range[int, 1, MAX_PAGE] | None = None,
                      game: app_commands.Range[int, 1, MAX_GAME_ID] | None = None) -> None:
        chosen = await self.chosen_game(interaction, self.presentation_of(interaction), game)
        locale = locale_of(interaction)
        wanted = MAX_PAGE if page is None else page - 1          # by default the latest moves
        content, pages, shown = await self.log_page(chosen, wanted, locale)
        await interaction.response.send_message(
            content, ephemeral=True, view=self.paging_view("log", chosen.id, shown, pages, locale))

    async def check_postable(self, interaction: discord.Interaction, game: GameView) -> None:
        """A daily game's replay is posted for a channel only once nobody may still play that day's daily: everyone
        there would see the day's deal (its player may post it in their own DM, which only they read)."""
        if game.channel_id != interaction.channel_id and await self.daily_hidden(game, None):
            raise Refusal("daily.error.hidden_post", game=game.id, option="post")

    @app_commands.command(name=cmd_str("cmd.replay.name"), description=cmd_str("cmd.replay.description"))
    @app_commands.describe(game=cmd_str("cmd.history.game"), post=cmd_str("cmd.replay.post"))
    @app_commands.rename(game=cmd_str("history.opt.game.name"))
    async def replay_cmd(self, interaction: discord.Interaction,
                         game: app_commands.Range[int, 1, MAX_GAME_ID] | None = None, post: bool = False) -> None:
        chosen = await self.chosen_game(interaction, self.presentation_of(interaction), game)
        if post:
            check_bot_permissions(interaction)
            await self.check_postable(interaction, chosen)
        await self.show_replay(interaction, chosen, 0, locale_of(interaction), private=not post,
                               owner=interaction.user.id if post else None)

    @log_cmd.autocomplete("game")
    async def log_game_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.game_choices(interaction, current)

    @replay_cmd.autocomplete("game")
    async def replay_game_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self.game_choices(interaction, current)
