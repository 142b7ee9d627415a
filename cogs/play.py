"""Playing a game: moves from buttons, selects and commands; ``/<game> play|sheet|table`` (the log: ``cogs.history``).

Turn prompt policy (decided once, by the engine's turn book ``bot.engine.turn``, and committed with the move):

* A move whose player still has a decision in the same step (take a card → place the die → action)
  continues *privately*: the player's one private message of the game shows their own picture and the next
  menu, redrawn in place at each step; a pick on the live message answers with a new one below it (unless the
  player's private message already lies below it), and the older one loses its menu. A move made from the live
  message or typed retires the player's private menu of that decision ("Done: …").
* Otherwise (the player is done, the step changed, or the game ended) the step goes into the game's ONE
  live message (``cogs.outbox``): the table, where the game stands, the moves since it appeared, and a
  mention of each player who has just become due (nobody is mentioned twice for the same turn); a step that
  pings someone posts a new live message and summarises the old one, any other edits it in place. With a
  single player due, it carries their menu until their decision goes on privately (``Courier.went_private``:
  no menu is left behind there), unless the bot stands in for them; otherwise a "My moves" button
  (``bot.engine.turn.menu_seat``, read from the stored game).
* Every click and every ``/<game> play`` is checked against the current version and the player's legal
  moves, and a click must come from the game's own channel.
"""
from __future__ import annotations

import contextlib
import functools
import logging
import time
from typing import Any

import cachetools
import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameView, SessionManager, menu_seat
from bot.engine.table import TableMeta
from bot.games.errors import RuleError
from bot.i18n import t

from .bots import BotPlayer
from .buttons import UndoButton, ViewButton, move_check, parse_choice_values
from .core import (
    EDIT_MENTIONS,
    Refusal,
    Reply,
    acknowledge,
    check_bot_permissions,
    defer,
    game_locale,
    in_worker,
    locale_of,
    reply_of,
    send_after_defer,
)
from .games import Games
from .groups import offered_if
from .hints import Hints, hints_on
from .menus import (
    ALL,
    EXTRA,
    MAIN,
    add_full_sheet_button,
    move_view,
    prepare_plan,
    shown_moves,
    subset_menu,
    subset_view,
)
from .moving import REBASE_WINDOW, Mover
from .outbox import TOKEN_S, Courier, answer_by_edit, as_files
from .outbox import Editor as PrivateMessage
from .seam import Presentation
from .tables import Tables, game_to_look_at
from .translator import cmd_str
from .transport import answer_may_be_lost
from .typed import TypedMoves
from .usertext import cut, is_number, label_text, meant, shown_name

log = logging.getLogger(__name__)

#: At most this many private messages are remembered (the least recently used goes first; an expired token too)
PRIVATE_MESSAGES = 4096
#: Longest text accepted as a typed move option (a real one is "version:index:checksum").
MOVE_OPTION_LIMIT = 100
#: The view buttons that only show the game (the table, a sheet): a player away who looks is still away; their
#: moves, their menu of moves and a hint are acting on the game, and end it (``Tables.welcome_back``). The same
#: goes for the bot standing in for them: a look leaves it playing, acting takes their seat back.
LOOKS = ("table", "sheet")
#: a private step message's text -> the line it keeps once a newer private message takes its place
RETIRED = {"play.continue": "play.done", "undo.done_continue": "undo.done"}


def sheet_seat(game: GameView, user: Any, number: int | None) -> int:
    """The seat ``/<game> sheet`` shows: ``user``'s (a Discord user picked, or the viewer), else seat ``number``
    (1-based: how a bot seat, which has no user to pick, is named)."""
    if user is not None:
        seat = game.seat_of(user.id)
        if seat is None:
            raise Refusal("error.player_not_in_game", player=shown_name(user.display_name))
        return seat
    if not 1 <= number <= len(game.seats):
        raise Refusal("error.no_such_seat", seat=number, seats=len(game.seats))
    return number - 1


def parse_move_option(text: str) -> tuple[int, int, str] | None:
    """``/play move:`` values are ``version:index:checksum`` (what autocomplete offers); anything else,
    of any size, is not a move. The version is read in ASCII digits only: "①" passed ``isdigit`` and crashed
    ``int``."""
    if len(text) > MOVE_OPTION_LIMIT:
        return None
    version, sep, rest = meant(text).partition(":")
    if not sep or not is_number(version) or len(version) > 12:
        return None
    try:
        [(index, check, levels)] = parse_choice_values([rest])
    except Refusal:
        return None
    return None if levels is not None else (int(version), index, check)


#: the longest typed text read as a move's label (a label is cut at 100 characters in a menu, not in a log line)
LABEL_TYPED_LIMIT = 2 * MOVE_OPTION_LIMIT


def label_key(text: str) -> str:
    """A move's label as a player may type it, to compare: Unicode folded as :func:`meant` does, case and runs of
    spaces ignored."""
    return " ".join(meant(text).casefold().split())


def moves_labelled(labels: list[str], typed: str) -> list[int]:
    """The indexes of the ``labels`` (each legal move's, as its menu and suggestions show it) that ``typed`` reads
    as, whole or as a suggestion cuts it at 100 characters. A player who typed a suggestion's text without picking it
    was told "not a move you can make now" of a move they could make."""
    if len(typed) > LABEL_TYPED_LIMIT:
        return []
    wanted = label_key(typed)
    return [i for i, label in enumerate(labels) if wanted and wanted in (label_key(label), label_key(cut(label, 100)))]


def sent_after(message_id: int, other_id: int) -> bool:
    """Whether message ``message_id`` came after ``other_id`` in its channel, so a reader of the one sees the other
    below it: Discord's ids grow with the time a message was sent (a snowflake's high bits are its timestamp)."""
    return message_id > other_id


def opened_later(message: PrivateMessage, interaction: discord.Interaction) -> bool:
    """Whether private ``message`` answers a click made after ``interaction``: interaction ids, like message
    ids, grow with the time Discord received them."""
    return message.interaction.id > interaction.id


def given_moves(legal: list[dict], state: Any, seat: int) -> list[dict]:
    """``legal_of`` for a menu whose moves are known already (a module function: it goes to a worker process)."""
    return legal


class Play(Tables):
    def __init__(self, sessions: SessionManager, games: Games, courier: Courier, bots: BotPlayer, hints: Hints):
        super().__init__(sessions, games, bots)
        self.courier = courier
        self.hints = hints
        self.mover = Mover(sessions, games)
        #: (game id, seat) -> the player's private message, redrawn for each private step while its token lives
        self.private: cachetools.TTLCache[tuple[int, int], PrivateMessage] = cachetools.TTLCache(
            maxsize=PRIVATE_MESSAGES, ttl=TOKEN_S, timer=time.monotonic)

    async def clicked_seat(self, interaction: discord.Interaction, game_id: int) -> tuple[GameView, int]:
        """The game in play a move or toggle names and the clicker's seat. A click on a public game message
        that is no longer the live one (it was summarised: its buttons were removed, but an old client may
        still show them) is refused politely."""
        game = await self.active_game(interaction, game_id)
        await self.courier.reach.check_playable(interaction, game)
        seat = self.seat_of(game, interaction.user.id)
        message = interaction.message
        if message is not None and not message.flags.ephemeral and \
                await self.courier.is_summarised(game.id, message.id):
            raise Refusal("error.stale_button")
        return game, seat

    def menu(self, game: GameView, seat: int, legal: list[dict], locale: str, **kwargs: Any) -> discord.ui.View:
        """A player's own (private) menu: no look buttons, and Hint while the game's hints are on and the player is
        due (out of turn, with any-time moves only, Hint could only answer "not your turn"). Its labels name the
        seats as the player reads them (``shown``)."""
        hint = hints_on(self.kind(game), game) and game.state is not None and seat in self.pending_seats(game)
        view = move_view(self.presentation(game), self.shown(game, locale), seat, legal, locale, look_buttons=False,
                         hint=hint, **kwargs)
        if kwargs.get("menu") == EXTRA:     # the any-time moves are an aside: the decision stays one click away
            view.add_item(ViewButton(game.id, "back", label=t("button.back", locale)))
        return view

    async def prepare_menu(self, game: GameView, seat: int, locale: str, legal: list[dict] | None = None,
                           menu: str = MAIN) -> None:
        """Work out the seat's menu (``cogs.menus.prepare_plan``: labels, details, chains) in a worker thread,
        so that building it right after stays cheap on the event loop. Nothing is shown; a menu built for
        another state simply works out its own."""
        if game.status != "active" or game.state is None:
            return
        legal_of = self.kind(game).legal_moves if legal is None else functools.partial(given_moves, legal)
        # the menu is built on the game as its reader reads it (``shown``): the same seats, the same plan
        await prepare_plan(self.presentation(game), self.shown(game, locale), seat, locale, legal_of, menu=menu)

    # ------------------------------------------------------------------ moving
    async def play_move(self, interaction: discord.Interaction, game: GameView, seat: int, move: dict,
                        *, from_component: bool, then: tuple[str, ...] = ()) -> bool:
        """Play ``move`` and answer; True when the step went public (the courier delivered its post).
        ``then``: checksums of moves to play right after, each only if it is then legal for ``seat`` and the
        turn still goes on privately (a menu option standing for several moves)."""
        locale = locale_of(interaction)
        presentation = self.presentation(game)
        label = presentation.move_label(self.shown(game, locale), seat, move, locale)
        offered = self.live_menu_offered(game, seat)
        try:
            result, played = await self.mover.play(game, seat, interaction.user.id, move, then, locale)
        except RuleError as error:            # ids in the params become names for the message
            raise Refusal(error.key, **presentation.error_params(self.shown(game, locale), error.params,
                                                                   locale)) from error
        if played:             # moves that read "die → row" themselves: a comma between them, not another arrow
            label = t("play.moves_sep", locale).join(
                [label] + [presentation.move_label(self.shown(before, locale), seat, follow, locale)
                           for before, follow in played])
        in_private = from_component and interaction.message is not None and interaction.message.flags.ephemeral
        game = await self.sessions.load(game.id)
        if not result.turn.public:
            # the live message's menu is left behind: a click there is answered with it redrawn without (then the
            # private step is its follow-up); a move from elsewhere redraws it once the player has their answer
            on_live = from_component and not in_private and await self.courier.went_private(game.id, seat, interaction)
            await self.send_private_continuation(interaction, game, seat, label, locale, in_place=in_private)
            if not on_live and offered:
                await self.courier.went_private(game.id, seat)
            await self.close_time_out_questions(game)
            return False
        key = (game.id, seat)
        undo = await self.undo_view(game, interaction.user.id, locale)
        with answer_may_be_lost(f"game {game.id}: the private note of a public move"):
            if in_private:
                await self.close_private(interaction, t("play.done", locale, move=label), key, view=undo)
            if not from_component:
                await interaction.followup.send(t("play.done", locale, move=label), ephemeral=True,
                                                **({"view": undo} if undo is not None else {}))
        await self.go_public(interaction, game)
        if not in_private:            # a typed move has its answer above: the menu says no second "Done: …"
            await self.retire_private(key, t("play.done", locale, move=label) if from_component
                                      else t("play.menu_closed", locale), interaction)
        await self.close_time_out_questions(game)
        return True

    def live_menu_offered(self, game: GameView, seat: int) -> bool:
        """Whether the game's live message offers ``seat``'s menu (``bot.engine.menu_seat``, read from the stored
        game, so a restart forgets nothing): a move of theirs that goes on privately leaves it behind, and the
        live message is then drawn again without it (``Courier.went_private``). After a restart, a private step
        made from a private menu or typed left the menu on the live message, which the process kept in memory."""
        if game.status != "active" or game.state is None:
            return False
        return menu_seat(TableMeta.of(game.meta), game.seats, self.pending_seats(game)) == seat

    @commands.Cog.listener()
    async def on_seat_back(self, user_id: int, game_id: int) -> None:
        """A player's action took their seat back from the bot (``cogs.core.tell_back``): the live message's line
        saying so goes out now, when the action posted nothing itself (their menu of moves, a hint); after a move
        it went out with the move, and nothing is left to send."""
        await self.courier.deliver(game_id)

    async def close_time_out_questions(self, game: GameView) -> None:
        """After the player's move (answered first) or undo: a time-out question still open about a seat that has
        moved since closes (``PaceClock.close_moved``; nothing to do, and no call, when none is open). A game
        the move ended has its questions closed by the courier, as it draws the end."""
        clock = self.courier.clock
        if clock is not None:
            await clock.close_moved(game)

    async def go_public(self, interaction: discord.Interaction, game: GameView) -> None:
        """The step went public: deliver its post through ``interaction`` and let the bots move. The menu the live
        message carries (the due player's, when only one is due and not a bot seat) is worked out first."""
        due = self.pending_seats(game) if game.status == "active" and game.state is not None else []
        if len(due) == 1 and not game.seats[due[0]].is_ai:
            await self.prepare_menu(game, due[0], game_locale(game))
        await self.courier.deliver(game.id, via=interaction)
        self.bots.schedule(game.id, game)

    async def close_private(self, interaction: discord.Interaction, content: str,
                            key: tuple[int, int] | None = None, view: discord.ui.View | None = None) -> None:
        """The clicked private message ends its step: only ``content`` is left, no menu, no picture (``view``: its
        Undo button, while the move can still be taken back). ``key`` (game id, seat): it is no longer the
        player's private message to redraw or retire."""
        if key is not None and (mine := self.private.get(key)) is not None \
                and mine.message_id == interaction.message.id:
            del self.private[key]
        self.courier.forget_private(interaction.message.id)
        await PrivateMessage(interaction, interaction.message.id, True).edit(content=content, view=view,
                                                                             attachments=[])

    async def retire_private(self, key: tuple[int, int], content: str, interaction: discord.Interaction) -> None:
        """The player's step ended with a move made elsewhere (the public menu, a typed command): their private
        message (a "My moves" menu, a step message, while its token lives) says what was done and loses its menu,
        as it does when the move is made from it. It offered the decision just made, and a tour found it still
        live, answering its pick with "this was for an earlier turn" in the same round. One interaction call,
        after the answer. ``interaction``: the move's; a "My moves" opened since (the new live message can reach
        the player before Discord's answer reaches the bot) is not retired."""
        mine = self.private.get(key)
        if mine is None or opened_later(mine, interaction):
            return                     # a menu opened after the move's click shows the game after it: it stays
        del self.private[key]
        await self.close_menu_of(mine, f"game {key[0]}: a private menu the move left behind", content=content,
                                 attachments=[])

    async def close_menu_of(self, message: PrivateMessage, what: str, **fields: Any) -> None:
        """A private message that is no longer the player's menu loses it (``fields``: what else changes), and is
        forgotten as theirs; dismissed, or its token gone, there is nothing to do."""
        self.courier.forget_private(message.message_id)
        with answer_may_be_lost(what), contextlib.suppress(discord.HTTPException):
            await message.edit(view=None, **fields)

    async def send_private_continuation(self, interaction: discord.Interaction, game: GameView, seat: int,
                                        label: str, locale: str, *, in_place: bool = False,
                                        content_key: str = "play.continue", content: str | None = None) -> None:
        """The next decision of the same step, privately: the player's picture and menu, in ONE private
        message per player and game. ``in_place``: the click came from that message, which is redrawn. A
        click on the public message redraws the player's earlier private message only when it lies below the
        message clicked (``sent_after``: a "My moves" menu opened from it), through the freshest interaction
        token that may edit it; otherwise (an older one far up the channel, where a phone shows nothing new: a
        tour's Bard found her second purchase drawn into the last round's market message), or when that edit
        fails, a new private message answers the click and becomes the one, the older one losing its menu.
        ``content``: the text above the menu, when it is not ``content_key``'s."""
        await self.prepare_menu(game, seat, locale)
        presentation = self.presentation(game)
        legal = self.kind(game).legal_moves(game.state, seat)
        retired = None
        if content is None:
            content = t(content_key, locale, move=label, decision=self.decision_text(game, seat, locale))
            retired = t(RETIRED[content_key], locale, move=label) if content_key in RETIRED else None
        picture = await self.courier.step_picture(game, seat, locale) if presentation.has_seat_pictures else None
        full_sheet = presentation.has_seat_pictures and presentation.has_step_picture
        undo = await self.may_undo(game, interaction.user.id)

        def private_menu() -> discord.ui.View:
            view = self.menu(game, seat, legal, locale, undo=undo)
            if full_sheet:                     # the step picture is compact: the whole sheet is one click away
                add_full_sheet_button(view, game, locale)
            return view
        key = (game.id, seat)
        if in_place and interaction.message is not None:
            target: PrivateMessage | None = PrivateMessage(interaction, interaction.message.id, True)
        else:                                  # (a token too old has left the cache)
            target = self.private.get(key)
            clicked = interaction.message
            if interaction.type is not discord.InteractionType.component or clicked is None \
                    or (target is not None and not sent_after(target.message_id, clicked.id)):
                target = None                  # a typed command fills its own answer; an older message is out of sight
        if target is not None:
            target.retired = retired
            kept = picture is not None and self.courier.private_sheet_shown(target.message_id, picture.data,
                                                                            picture.alt)
            files = {} if kept else {"attachments": as_files([picture]) if picture is not None else []}
            try:
                await target.edit(content=content, view=private_menu(), **files)
                if in_place:
                    await self.remember_private(key, target)
                return
            except discord.HTTPException:
                log.info("private message of game %s could not be edited; sending a new one", game.id)
                self.courier.forget_private(target.message_id)
        extra = {"file": as_files([picture])[0]} if picture is not None else {}
        await acknowledge(interaction)
        sent = await interaction.followup.send(content, ephemeral=True, **extra, wait=True, view=private_menu())
        if sent is not None:
            await self.remember_private(key, PrivateMessage(interaction, sent.id, False, retired))
            if picture is not None:
                self.courier.private_sheet_shown(sent.id, picture.data, picture.alt)

    async def remember_private(self, key: tuple[int, int], message: PrivateMessage) -> None:
        """``message`` becomes the player's one private message of the game. The one before it (while its token
        lives) loses its menu, so that no outdated menu stays clickable above the newest one (a German tour saw
        three private menus at once), and its "Next: …" (``Editor.retired``: after a typed move or undo it named
        a step already gone); what was done and the picture stay. One interaction call, after the answer.
        The newest click decides, not the last answer to arrive: Discord shows a follow-up before the bot has its
        answer, and a player's "My moves" opened meanwhile was closed by the older message remembered after it."""
        before = self.private.get(key)
        if before is None or before.message_id == message.message_id:
            self.private[key] = message
            return
        outdated = before
        if opened_later(before, message.interaction):
            outdated = message           # a newer click's message took the place first: this late one gives way
        else:
            self.private[key] = message
        await self.close_menu_of(outdated, f"game {key[0]}: an older private menu",
                                 **({"content": outdated.retired} if outdated.retired else {}))

    # ------------------------------------------------------------------ components
    async def on_move_component(self, interaction: discord.Interaction, game_id: int, version: int,
                                choices: list[tuple[int, str, int | None]], menu: str | None) -> bool:
        """A move button or select: True when the move made the step public."""
        game, seat = await self.clicked_seat(interaction, game_id)
        await self.welcome_back(game, seat, interaction)
        if len(choices) != 1:
            raise Refusal("error.bad_option")
        index, check, levels = choices[0]
        check, *then = check.split("+")          # a chain: moves that follow this one (``cogs.menus``)
        if then and levels is not None:
            raise Refusal("error.bad_option")
        if version != game.version:
            index = await self.mover.rebased_index(game, seat, version, check)
            if index is None:
                return await self.stale_menu(interaction, game, seat, version)
        locale = locale_of(interaction)
        legal = self.legal_for(game, seat, locale)
        if index >= len(legal) or move_check(legal[index]) != check:
            return await self.stale_menu(interaction, game, seat, version)
        if levels is not None:
            menu = menu if menu in (MAIN, ALL, EXTRA) else MAIN
            view = self.menu(game, seat, legal, locale, rep=legal[index], levels=levels, menu=menu)
            content = self.narrowed_heading(game, seat, locale, menu)
            if interaction.message is not None and interaction.message.flags.ephemeral:
                await answer_by_edit(interaction, content=content, view=view)
            else:
                await interaction.response.send_message(content, view=view, ephemeral=True)
            return False
        reply = Reply(interaction)      # answered with the change itself when it is ready in time
        public = await self.play_move(interaction, game, seat, legal[index], from_component=True, then=tuple(then))
        await reply.acknowledge()       # a step shown elsewhere (another private message) still answers the click
        return public

    async def stale_menu(self, interaction: discord.Interaction, game: GameView, seat: int, version: int) -> bool:
        """A pick on a public menu the game has left behind (the player went on privately after a first pick, and
        the live message could not yet be drawn without that menu: ``Courier.went_private``'s edit failed, a
        client showing the message as it was). The player is due, so the answer is their moves now, privately,
        saying why; anyone else is refused. A stale private menu (a double click, a client that missed its
        retirement) is refused: "this button is out of date" for a player still due (it is not redrawn: a double
        click's redraw would race the step drawn there by the first), whose turn it is for anyone else (it
        answered "this was for an earlier turn", untrue in the same round). ``version``: the menu's; when a move
        was taken back since, the answer says the game went back (it said "the game has moved on"). False: nothing
        was played."""
        message = interaction.message
        if message is None:
            raise Refusal("error.stale_button")
        locale = locale_of(interaction)
        if message.flags.ephemeral:
            if seat in self.pending_seats(game):
                raise Refusal("error.stale_button")
            raise self.not_your_turn(game, locale, seat, self.kind(game).legal_moves(game.state, seat))
        if seat not in self.pending_seats(game):
            # someone else's menu (a player with a move of their own out of turn got "this was for an earlier
            # turn" on the current one): whose turn it is
            raise self.not_your_turn(game, locale)
        legal = self.legal_for(game, seat, locale)
        key = "play.went_back" if await self.taken_back_since(game, version) else "play.moved_on"
        await self.send_moves(interaction, game, seat, legal, locale, ALL, key=key)
        return False

    async def taken_back_since(self, game: GameView, version: int) -> bool:
        """Whether a move was taken back after ``version`` (an undo logged since, within the window a menu is
        re-based over): then a menu of that version is out of date because the game went back, not on."""
        if not 0 <= game.version - version <= REBASE_WINDOW:
            return False
        return any(record.undoes is not None
                   for record in await self.sessions.store.moves_between(game.id, version, game.version))

    async def on_move_button(self, interaction: discord.Interaction, game_id: int, version: int, index: int,
                             check: str) -> None:
        await self.on_move_component(interaction, game_id, version, [(index, check, None)], None)

    async def on_subset_toggle(self, interaction: discord.Interaction, game_id: int, version: int, mask: int,
                               item: int) -> None:
        """Flip one item of a subset choice and show the same message again with the new choice: only the
        due player, only on the current version (a toggle of an old message is stale); nothing is played."""
        game, seat = await self.clicked_seat(interaction, game_id)
        await self.welcome_back(game, seat, interaction)          # a toggle is acting: it ends time away
        if version != game.version:
            raise Refusal("error.stale_button")
        legal = self.legal_for(game, seat, locale_of(interaction))     # a refusal is the clicker's alone
        message = interaction.message
        public = message is not None and not message.flags.ephemeral
        # the live message is read by the whole channel: its toggles stay in the game's language (a German
        # player's click turned an English game's buttons German for everyone); a private menu is the clicker's
        locale = game_locale(game) if public else locale_of(interaction)
        presentation = self.presentation(game)
        subset = subset_menu(presentation, game, seat, legal, locale)
        if subset is None or not 0 <= item < len(subset.labels) or not 0 <= mask < 1 << len(subset.labels):
            raise Refusal("error.stale_button")
        view = subset_view(presentation, game, seat, legal, subset, mask ^ (1 << item), locale,
                           look_buttons=public, hint=not public and hints_on(self.kind(game), game))
        if public and message.flags.components_v2:     # the live message: the same layout, new toggles
            await self.redraw_live(interaction, game.id, view, version=version)
            return
        await answer_by_edit(interaction, view=view)

    async def redraw_live(self, interaction: discord.Interaction, game_id: int, menu: discord.ui.View, *,
                          version: int | None = None) -> None:
        """Show the live message the interaction came from again with ``menu`` as its buttons (its pictures
        stay): toggles being chosen (built for ``version``). Drawn while no post of the game is being delivered (a
        clock's redraw, another seat's move), so it can neither draw over a newer post nor be drawn over by an
        older one; the click is acknowledged by its ``Reply`` timer while it waits, and refused as stale when a
        move came in meanwhile (its toggles are of an earlier turn)."""
        reply = reply_of(interaction)
        if reply is None and not interaction.response.is_done():
            reply = Reply(interaction)
        async with self.courier.delivering(game_id):
            game = await self.sessions.load(game_id)
            if version is not None and game.version != version:
                raise Refusal("error.stale_button")
            shown_id = interaction.message.id if interaction.message is not None else None
            # the posts that went into this message: the latest message's, read by one bounded query; rarely, a
            # message just sent and not yet marked delivered: then the game's latest post
            posts = await self.sessions.store.last_message_posts(game_id)
            if not posts or posts[-1].message_id != shown_id:
                every = await self.sessions.store.posts(game_id)
                posts = [p for p in every if p.message_id == shown_id] or every[-1:]
            if not posts:
                raise Refusal("error.stale_button")          # not a message the courier made
            content = await self.courier.render(game, posts[-1].payload, earlier=posts[:-1], menu=menu,
                                                seq=posts[-1].seq)
            # the pictures stay: the edit keeps each of them by id (Discord documents no other way to keep one); an
            # edit pings nobody, and the mention line redrawn here must not become a mention again
            fields = {"view": content["view"], "attachments": list(interaction.message.attachments),
                      "allowed_mentions": EDIT_MENTIONS}
            if reply is not None:
                await reply.edit(**fields)
            else:
                await interaction.edit_original_response(**fields)

    async def on_subset_confirm(self, interaction: discord.Interaction, game_id: int, version: int, index: int,
                                check: str) -> None:
        """Play the chosen subset like a move button; the public live message is then redrawn or summarised by
        the courier (the next post carries the next decision), a private one says what was played. Unlike a
        menu, a choice is never re-based onto a later version: the toggles showed the items (dice) of that
        version."""
        game = await self.active_game(interaction, game_id)
        self.seat_of(game, interaction.user.id)
        if version != game.version:
            raise Refusal("error.stale_button")
        # a choice that goes on privately takes its toggles off the live message with the move (``play_move``)
        await self.on_move_component(interaction, game_id, version, [(index, check, None)], None)

    async def on_view_button(self, interaction: discord.Interaction, game_id: int, action: str) -> None:
        game = await self.clicked_game(interaction, game_id)
        locale = locale_of(interaction)
        presentation = self.presentation(game)
        seated = game.seat_of(interaction.user.id)
        if seated is not None and game.status == "active":      # acting is a return; a look is none
            await self.welcome_back(game, seated, interaction, looking=action in LOOKS)
        if action in ("hint", "moves", "more", "back") and game.status != "active":
            raise self.game_ended(game)
        if action == "hint":
            await self.hints.hint(interaction, game)
            return
        if action in ("moves", "more", "back"):
            seat = self.seat_of(game, interaction.user.id)
            legal = self.legal_for(game, seat, locale)
            if action == "moves":
                await self.send_moves(interaction, game, seat, legal, locale, ALL)
                return
            if action == "more" and not shown_moves(presentation, legal, EXTRA, game, seat):
                raise Refusal("error.no_more_moves")
            await self.switch_menu(interaction, game, seat, legal, locale, EXTRA if action == "more" else MAIN)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = await self.courier.result_game(game, locale)       # a finished game's stand-ins, as its result
        if action == "sheet" and presentation.has_seat_pictures:
            seat = game.seat_of(interaction.user.id)
            if seat is None:
                due = self.pending_seats(game) if game.status == "active" else []
                seat = due[0] if due else 0
            picture = await self.courier.seat_picture(game, seat, locale)
            await interaction.followup.send(t("play.sheet_of", locale,
                                              player=self.player_name(self.shown(game, locale), seat)),
                                            file=as_files([picture])[0], ephemeral=True)
        else:
            picture = await self.courier.table_picture(game, locale)
            await interaction.followup.send(file=as_files([picture])[0], ephemeral=True)

    async def switch_menu(self, interaction: discord.Interaction, game: GameView, seat: int, legal: list[dict],
                          locale: str, menu: str) -> None:
        """A private menu's "More…" (``EXTRA``: the any-time moves, with "Back") and "Back" (``MAIN``: the decision
        at hand again, with Hint and Undo). The clicked private message is redrawn in place, its picture kept, so
        the decision is never lost behind the any-time moves (a tour pressed "More…" beside a pending CHA action
        and got a new message with only the skills, the action and Skip gone); from elsewhere, a new message."""
        message = interaction.message
        if message is None or not message.flags.ephemeral:
            await self.send_moves(interaction, game, seat, legal, locale, menu)
            return
        undo = menu == MAIN and await self.may_undo(game, interaction.user.id)
        await self.prepare_menu(game, seat, locale, legal, menu=menu)
        view = self.menu(game, seat, legal, locale, menu=menu, undo=undo)
        presentation = self.presentation(game)
        if presentation.has_seat_pictures and presentation.has_step_picture and message.attachments:
            add_full_sheet_button(view, game, locale)      # the step picture stays: so does its full sheet
        await answer_by_edit(interaction, content=self.named_if_elsewhere(
            interaction, game, locale, self.moves_heading(game, seat, locale, menu)), view=view)
        await self.remember_private((game.id, seat), PrivateMessage(interaction, message.id, True,
                                                                    t("play.menu_closed", locale)))

    def moves_heading(self, game: GameView, seat: int, locale: str, menu: str, key: str = "play.your_moves") -> str:
        """The text above a private menu: ``key``'s, naming the decision ("Your turn: buy a card or take 2 gold.");
        the any-time moves say that they are those, and that "Back" leads to the decision (they are not its
        moves); out of turn, whom the game waits for and that these moves may be made meanwhile (it read "Your
        moves — to decide:")."""
        waiting = self.waiting_for(game, seat, locale)
        if waiting:
            return t("play.your_moves_waiting", locale, players=waiting)
        decision = self.decision_text(game, seat, locale)
        if menu == EXTRA:
            return t("play.extra_moves", locale, decision=decision)
        return t(key, locale, decision=decision)

    def named_if_elsewhere(self, interaction: discord.Interaction, game: GameView, locale: str, text: str) -> str:
        """``text`` (a private menu's heading), after a line that names the game (its kind, number and channel)
        when the menu opens outside the game's own channel: ``/games`` → "Take my longest-waiting turn" in another
        channel read only "Your turn: …", and a player in two Roll Player games could not tell which it was."""
        if interaction.channel_id == game.channel_id:
            return text
        title = t(self.presentation(game).title_key, locale)
        where = t("play.menu_game_dm", locale, title=title, game=game.id) if game.guild_id is None else \
            t("play.menu_game", locale, title=title, game=game.id, channel=f"<#{game.channel_id}>")
        return f"{where}\n{text}"

    def narrowed_heading(self, game: GameView, seat: int, locale: str, menu: str) -> str:
        """The text above a narrowed menu: what its list holds. The decision's moves narrowed say "Choose" and the
        decision; the any-time moves ("More…", with Back, or a player's out of turn) keep their own header (a
        narrowed "More…" list of Acrobatics swaps read "Choose — place starting dice:")."""
        if menu == EXTRA or self.waiting_for(game, seat, locale):
            return self.moves_heading(game, seat, locale, menu)
        return t("menu.narrowed", locale, decision=self.decision_text(game, seat, locale))

    async def send_moves(self, interaction: discord.Interaction, game: GameView, seat: int, legal: list[dict],
                         locale: str, menu: str, key: str = "play.your_moves") -> None:
        """The player's moves privately, in a new message: all of them or the decision at hand (``ALL``/``MAIN``,
        with Undo when they may take one back) or the any-time ones (``EXTRA``, with "Back"); ``key``: the text
        above them."""
        undo = menu != EXTRA and await self.may_undo(game, interaction.user.id)
        await self.prepare_menu(game, seat, locale, legal, menu=menu)
        sent = await interaction.response.send_message(
            self.named_if_elsewhere(interaction, game, locale, self.moves_heading(game, seat, locale, menu, key)),
            view=self.menu(game, seat, legal, locale, menu=menu, undo=undo), ephemeral=True)
        if sent.message_id is not None:        # the newest private message is the one the next step redraws
            # once a newer one takes its place, it says it is closed: it kept "Your turn: …" with no buttons
            await self.remember_private((game.id, seat), PrivateMessage(interaction, sent.message_id, True,
                                                                        t("play.menu_closed", locale)))

    # ------------------------------------------------------------------ undo
    async def may_undo(self, game: GameView, user_id: int) -> bool:
        """Whether an Undo button belongs on this player's private menu now: the game's rules say which moves
        reveal something (``reveals``), so its moves can be taken back; not while the bot is due on another seat
        (:meth:`bot_moves_next`), whose move, made at once, refuses any undo from before it."""
        return self.kind(game).has_undo and game.status == "active" \
            and not self.bot_moves_next(game, game.seat_of(user_id)) \
            and await self.sessions.can_undo(game.id, user_id)

    async def undo_view(self, game: GameView, user_id: int, locale: str) -> discord.ui.View | None:
        """The Undo button alone, for the "Done: …" of a move that ended the step while it can still be taken back
        (``/<game> undo`` could; a player who uses only buttons never learnt it), else None."""
        if not await self.may_undo(game, user_id):
            return None
        view = discord.ui.View(timeout=None)
        view.add_item(UndoButton(game.id, game.version, label=t("button.undo", locale)))
        return view

    def bot_moves_next(self, game: GameView, seat: int | None) -> bool:
        """Whether the bot is due on a seat other than ``seat`` now (a bot seat, or one it stands in for): it
        moves within moments, and an undo from before its move is refused ("Bot (easy) has moved since"). A
        tour's Undo, offered after each starting die placed while a bot placed its own, was always refused."""
        if game.state is None:
            return False
        taken = TableMeta.of(game.meta).taken
        return any(other != seat and (game.seats[other].is_ai or other in taken)
                   for other in self.pending_seats(game))

    # ------------------------------------------------------------------ commands
    @app_commands.command(name=cmd_str("cmd.play.name"), description=cmd_str("cmd.play.description"))
    @app_commands.describe(move=cmd_str("cmd.play.move"))
    async def play_cmd(self, interaction: discord.Interaction, move: str | None = None) -> None:
        game = await self.active_channel_game(interaction)
        await self.courier.reach.check_playable(interaction, game)
        if move is not None and not meant(move):            # nothing visible: a zero-width space alone is blank
            raise Refusal("error.blank_option", option="move")
        seat = self.seat_of(game, interaction.user.id)
        await self.welcome_back(game, seat, interaction)
        game = await self.sessions.load(game.id)
        locale = locale_of(interaction)
        legal = self.legal_for(game, seat, locale)          # the turn first: nothing to play, whatever was typed
        if move is None:
            await self.send_moves(interaction, game, seat, legal, locale, ALL)
            return
        choice = parse_move_option(move)
        if choice is None:
            found = self.moves_typed_by_label(game, seat, legal, locale, move)
            if len(found) == 1:                 # the text of one legal move's label, typed without picking it
                await interaction.response.defer(ephemeral=True, thinking=True)
                await self.play_move(interaction, game, seat, legal[found[0]], from_component=False)
                return
            group = t(self.presentation_of(interaction).group_key, "en")
            raise self.typed_move_refused(game, seat, legal, locale, Refusal(
                "error.move_label_ambiguous", group=group) if found else Refusal("error.not_a_move", group=group))
        version, index, check = choice
        if version != game.version or not index < len(legal) or move_check(legal[index]) != check:
            raise self.typed_move_refused(game, seat, legal, locale, Refusal("error.stale_choice"))
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.play_move(interaction, game, seat, legal[index], from_component=False)

    def moves_typed_by_label(self, game: GameView, seat: int, legal: list[dict], locale: str, typed: str) -> list[int]:
        """The legal moves whose label, in the player's language, reads as ``typed`` (``moves_labelled``)."""
        presentation, shown = self.presentation(game), self.shown(game, locale)
        labels = [label_text(presentation.move_label(shown, seat, mv, locale)) for mv in legal]
        return moves_labelled(labels, typed)

    def typed_move_refused(self, game: GameView, seat: int, legal: list[dict], locale: str, refusal: Refusal
                           ) -> Refusal:
        """The refusal of a typed ``move`` that names none of the seat's legal moves. A seat that is not due hears
        whose turn it is (and what it may do meanwhile, a Roll Player skill), as ``/<game> play`` without a move
        says it: "not a move you can make now, pick one of the suggestions" sent a player out of turn to
        suggestions that were empty. The due seat hears ``refusal``."""
        if seat not in self.pending_seats(game):
            return self.not_your_turn(game, locale, seat, legal)
        return refusal

    @play_cmd.autocomplete("move")
    async def play_autocomplete(self, interaction: discord.Interaction, current: str):
        presentation = self.presentation_of(interaction)
        found = await self.seat_here(interaction, presentation)
        if found is None:
            return []
        game, seat = found
        legal = self.kind(game).legal_moves(game.state, seat)
        locale = locale_of(interaction)
        game = self.shown(game, locale)
        needle = current.casefold()
        choices = []
        for index in presentation.suggested_moves(game, seat, legal):   # likely first, the same choice once
            mv = legal[index]
            label = label_text(presentation.move_label(game, seat, mv, locale))     # a choice reads no Markdown
            if needle in label.casefold():
                choices.append(app_commands.Choice(name=cut(label, 100),
                                                   value=f"{game.version}:{index}:{move_check(mv)}"))
            if len(choices) == 25:
                break
        return choices

    @offered_if(lambda cog, presentation: presentation.has_seat_pictures)
    @app_commands.command(name=cmd_str("cmd.sheet.name"), description=cmd_str("cmd.sheet.description"))
    @app_commands.describe(player=cmd_str("cmd.sheet.player"), seat=cmd_str("cmd.sheet.seat"),
                           post=cmd_str("cmd.sheet.post"))
    async def sheet_cmd(self, interaction: discord.Interaction, player: discord.User | None = None,
                        seat: int | None = None, post: bool = False) -> None:
        presentation = self.presentation_of(interaction)
        game = await game_to_look_at(self.sessions, self.games, interaction, presentation)
        seat = sheet_seat(game, player or (interaction.user if seat is None else None), seat)
        if post:
            check_bot_permissions(interaction)
        # a posted sheet is read by the channel: the game's language; a private one the viewer's
        locale = game_locale(game) if post else locale_of(interaction)
        game = await self.courier.result_game(self.shown(game, locale), locale)
        await defer(interaction, ephemeral=not post)
        picture = await in_worker(presentation.seat_picture, game, seat, locale)
        await send_after_defer(interaction, t("play.sheet_of", locale, player=self.player_name(game, seat)),
                               file=as_files([picture])[0], ephemeral=not post)

    @sheet_cmd.autocomplete("seat")
    async def sheet_seat_autocomplete(self, interaction: discord.Interaction, current: str):
        """Every seat of the game to look at, by number and name: a bot seat has no Discord user to pick. Each
        choice says "Seat 1: Ann" in the reader's language (it read "1 · Ann", a "middle dot" to a screen reader)."""
        try:
            game = await game_to_look_at(self.sessions, self.games, interaction, self.presentation_of(interaction))
        except Refusal:
            return []
        locale = locale_of(interaction)
        game = self.shown(game, locale)
        needle = str(current).strip().casefold()
        names = [label_text(self.player_name(game, i)) for i in range(len(game.seats))]   # no Markdown in a choice
        return [app_commands.Choice(name=cut(t("play.seat_choice", locale, seat=i + 1, player=name), 100), value=i + 1)
                for i, name in enumerate(names) if needle in f"{i + 1} {name}".casefold()][:25]

    @app_commands.command(name=cmd_str("cmd.table.name"), description=cmd_str("cmd.table.description"))
    async def table_cmd(self, interaction: discord.Interaction) -> None:
        presentation = self.presentation_of(interaction)
        game = await game_to_look_at(self.sessions, self.games, interaction, presentation)
        locale = locale_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        shown = await self.courier.result_game(self.shown(game, locale), locale)   # "Bot for Dan", as the result
        picture = await in_worker(presentation.table_picture, shown, locale)
        await interaction.followup.send(file=as_files([picture])[0], ephemeral=True)

    def game_commands(self, presentation: Presentation) -> list[app_commands.Command | app_commands.Group]:
        """The game's own phase commands (``/rp dice take …``), built on the shell's typed moves."""
        return presentation.commands(TypedMoves(presentation, self))
