"""Turn clocks: a game's pace (time per decision), the reminders that follow it, and what happens when a
player's time runs out.

A game created with a pace (``fast`` 1 hour, ``normal`` 24 hours, ``slow`` 72 hours per decision; ``none``:
no clock, the plain reminders of ``cogs.reminders``) keeps, in its metadata, since when each due seat has been
due (:func:`track_decisions`, called by the turn service in the same transaction as the move) and how long
each seat took per decision (for ``/<group> status``). The background tick (:meth:`PaceClock.tick`) reminds a
due player when half their time is gone and again near the end; when the time is up the bot plays for them
if the game allows it (its takeover option: until they are back where other people wait on them, else for
that one decision, the next one has a clock of its own), otherwise the other players get buttons: wait one more period,
let the bot play the seat (games with an AI), or end the game (unrated, as a moderator's end). A game whose rules
say what a decision left waiting does (dice poker: keep all dice) has that played first, and the others are asked
all the same. A question not answered yet is noted in the game's
metadata (``TableMeta.clock_questions``): when the game ends otherwise (it finishes, or a moderator's ``abandon``),
the courier has the clock take its buttons off and say so, and a click on one says how the game ended; when the
player moves meanwhile, the play service has it closed the same way (:meth:`PaceClock.close_moved`).

The tick also redraws, once, a live message that still shows "away until" for a player whose time away has run
out (``Courier.shows_stale_away``, ``Courier.redraw``). Everything the clock needs is in the database, so it
survives restarts; the buttons' custom ids carry the game, the seat and the moment the seat became due, so a
button from an earlier wait is recognised as stale.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord

from bot.engine import GameView, SessionManager, StaleMove, decision_of, pending_seats
from bot.engine.errors import GameNotActive
from bot.engine.table import TableMeta, update_meta
from bot.i18n import N_, t

from .bots import BotPlayer, has_ai, others_waiting
from .buttons import ShellButton
from .core import GROUP_EXTRA, Refusal, game_locale, pings, tracker
from .games import Games
from .pace import (
    average_decision_seconds,
    deadline_of,
    due_since,
    duration_text,
    note_of,
    pace_seconds,
    pace_text,
)
from .seam import player_mention, seated_people
from .seats import mentioned

log = logging.getLogger(__name__)

HALF, LAST_CALL, RAN_OUT = 1, 2, 3
#: How long a process keeps a game's clock to itself after acting on it.
CLAIM_SECONDS = 600
#: The steps of a decision's clock, latest first: (level, the share of the time gone when it is reached).
STEPS = ((RAN_OUT, 1.0), (LAST_CALL, 0.9), (HALF, 0.5))
CLOCK_ACTIONS = ("wait", "bot", "end")
#: At most this many time-out questions of one game are kept as open (the newest): a game seldom has more than one.
OPEN_QUESTIONS = 8
#: A game that is over, by its status: (what its open time-out questions say once closed, the answer to a click
#: on one of them)
OVER = {"finished": (N_("clock.closed.finished"), N_("clock.error.finished")),
        "abandoned": (N_("clock.closed.abandoned"), N_("clock.error.abandoned"))}


# ---------------------------------------------------------------------------------------------- words
def clock_lines(game: GameView, locale: str, away: Any = (), now: float | None = None,
                line: str = N_("clock.pace.line")) -> list[str]:
    """For ``/<group> status``: the pace (worded by ``line``, the game's ``pace_line_key``), each due player's
    deadline (for those in ``away``, user ids, that their clock stands still; for all of them while the game is
    held, ``cogs.reach``, that it stands still for the hold; "time is up" once it is ``now`` or past), each
    player's average decision time."""
    lines = [pace_text(TableMeta.of(game.meta).pace or "none", locale, line)]    # under the field's title "Pace"
    held = bool(TableMeta.of(game.meta).held)
    for seat in sorted(due_since(game)):
        deadline = deadline_of(game, seat)
        if deadline is None or seat >= len(game.seats) or game.seats[seat].is_ai:
            continue
        if held:                                       # the clocks stand still while the game is on hold
            lines.append(t("clock.status.held", locale, player=player_mention(game, seat)))
        elif game.seats[seat].user_id in away:         # says why no deadline is shown
            lines.append(t("clock.status.stopped", locale, player=player_mention(game, seat)))
        elif now is not None and deadline <= now:
            lines.append(t("clock.status.up", locale, player=player_mention(game, seat)))
        else:
            lines.append(t("clock.status.deadline", locale, player=player_mention(game, seat),
                           when=f"<t:{int(deadline)}:R>"))
    for seat, seconds in sorted(average_decision_seconds(game).items()):
        if seat < len(game.seats):
            lines.append(t("clock.status.average", locale, player=player_mention(game, seat),
                           time=duration_text(seconds, locale)))
    return lines


# ---------------------------------------------------------------------------------------------- the button
class ClockButton(ShellButton, template=r"rp:k:(?P<game>[0-9]{1,20}):(?P<seat>[0-9]{1,2}):(?P<since>[0-9]{1,12}):"
                                      r"(?P<action>wait|bot|end)"):
    """What the other players decide when a seat's time ran out. ``since`` (whole seconds) ties the button
    to one decision of that seat: once the seat moved, or the others already decided, it is stale."""
    prefix, service, handler = "rp:k", "pace_clock", "on_clock_button"


BUTTON_STYLES = {"wait": discord.ButtonStyle.primary, "bot": discord.ButtonStyle.secondary,
                 "end": discord.ButtonStyle.danger}


def may_answer(game: GameView, clicker: int | None, seat: int, action: str, may_manage: bool,
               still_due: bool = True) -> str | None:
    """Why the clicker (their seat, or None) may not give ``action`` as the answer about ``seat``'s time, as a
    message key; None: they may. The other human players decide, and whoever manages the channel. The idle
    player does not decide about their own seat, moderator or not: waiting longer, handing the seat to the bot or
    ending the game is the others' call (a tour's moderator let her losing duel's clock run out and ended it from
    the question without a result, where her ``/<group> abandon`` counts as a forfeit: the refusal points to that
    command). The idle player is told what they came to do instead: their turn is still theirs to play (a tour's
    player clicked *Wait* on his own question and read only that it was not his), unless ``still_due``
    is false: the rules already made that decision for them (dice poker keeps the dice), so there is no move of
    theirs waiting."""
    if clicker == seat:
        if not may_manage:
            return N_("clock.error.own_time_move") if still_due else N_("clock.error.not_yours")
        return N_("clock.error.own_seat")
    if (clicker is None or game.seats[clicker].is_ai) and not may_manage:
        return N_("clock.error.not_yours")
    return None


# ---------------------------------------------------------------------------------------------- the service
class PaceClock:
    def __init__(self, client: discord.Client, sessions: SessionManager, games: Games, bots: BotPlayer,
                 *, clock: Callable[[], float] = time.time, owner: str | None = None):
        self.client = client
        #: this process's name for claims (several processes on one database: one of them acts)
        self.owner = owner
        self.sessions = sessions
        self.games = games
        self.bots = bots
        self.clock = clock

    def handles(self, game: GameView) -> bool:
        """Games with a pace are the clock's: the plain reminders leave them alone."""
        return bool(pace_seconds(game))

    async def tick(self, now: float | None = None) -> None:
        if self.client.is_closed():
            return
        now = self.clock() if now is None else now
        async with tracker(self.client):
            for game_id in await self.sessions.store.game_ids(["active"]):
                try:
                    game = await self.sessions.load(game_id)
                    if game.kind not in self.games:
                        continue
                    self.bots.resume(game)       # a seat the bot plays, left unplayed (its run failed): play it
                    redrawn = self.handles(game) and await self.check(game, now)
                    courier = self.bots.courier   # a period ran out: the live message stops saying "away until"
                    if not redrawn and await courier.shows_stale_away(game, now) and await self._claim(game_id):
                        await courier.redraw(game_id)
                except discord.HTTPException as error:     # Discord failing: one line, tried again next minute
                    log.warning("turn clock of game %s failed: %r", game_id, error)
                except Exception:
                    log.exception("turn clock of game %s failed", game_id)

    async def check(self, game: GameView, now: float) -> bool:
        """Reminders, time-outs and the seats' clock notes of one game at ``now``; True when it redrew the live
        message (a time ran out, or a player came back from away: the deadline shown moves with them)."""
        reach = self.bots.courier.reach
        if reach.waiting(game, now):
            return False                       # its channel refuses the bot's posts: its clocks stand still
        if await reach.try_again(game, now):
            return False                       # the back-off's try lifted its hold: its clocks go on from the next tick
        paused = reach.paused(game, now)       # ... and did since it was held, until a try goes through
        pace = pace_seconds(game)
        kind = self.games.kind(game.kind)
        table = TableMeta.of(game.meta)
        since_of = table.due_since()
        notes = {seat: note for seat, note in table.clock_notes.items() if seat in since_of}   # drop settled ones
        changed = notes != table.clock_notes
        due = pending_seats(kind, game.state)
        away = await self.bots.courier.away.in_game(game, due, now)
        redraw = posted = False
        for seat in due:
            since = since_of.get(seat)
            if since is None or seat >= len(game.seats) or game.seats[seat].is_ai or seat in table.taken:
                continue
            user = game.seats[seat].user_id
            if user in away:
                continue                       # the clock of an away player stands still
            note = note_of(game, seat, since) or {"since": since, "start": since, "level": 0}
            start, level = float(note.get("start", since)), int(note.get("level", 0))
            away_s = await self.bots.courier.away.seconds_away(game, user, start, now)
            if away_s != float(note.get("away_s", 0)):     # back from away: every deadline shown moves with it
                note = notes[seat] = {**note, "away_s": away_s}
                changed = redraw = True
            elapsed = now - start - away_s - paused
            level = next((step for step, share in STEPS if elapsed >= pace * share and level < step), None)
            if level is None:
                continue
            if not await self._claim(game.id):
                return False                   # another process runs this game's clock
            try:
                if level == RAN_OUT:
                    redraw = not await self.ran_out(game, seat, int(since)) or redraw
                else:
                    key = "clock.last_call" if level == LAST_CALL else "clock.half"
                    await self.remind(game, seat, start + away_s + paused + pace, key)
            except discord.HTTPException as error:
                if not await reach.failed(game.id, error):
                    raise
                break                          # held: this step is taken at the hold's next try, not every minute
            # noted once sent (a reminder that failed was noted before it was sent, and never sent again: tour)
            notes[seat] = {**note, "since": since, "start": start, "level": level}
            changed = posted = True
        if changed:
            await update_meta(self.sessions, game.id, clock_notes=notes)
        if posted and await reach.went_through(game.id):
            redraw = True                      # it went through: the hold ends, the clocks go on where they stood
        if redraw:                             # the live message shows the deadline as it now stands
            await self.bots.courier.redraw(game.id)
        return redraw

    async def _claim(self, game_id: int) -> bool:
        """Several processes on one database: one of them runs a game's clock (a lease it renews whenever it
        acts; the notes written after acting keep a step from being repeated by whoever comes next)."""
        if self.owner is None:
            return True
        return await self.sessions.store.claim_lease(f"clock:{game_id}", self.owner, CLAIM_SECONDS, time.time())

    async def remind(self, game: GameView, seat: int, deadline: float, key: str) -> None:
        """A reminder posted in the game's channel: in the game's language, as the question that follows it when
        the time runs out (a tour saw a German reminder, then the English question, in one channel)."""
        kind, presentation = self.games.kind(game.kind), self.games[game.kind]
        locale = game_locale(game)
        user = game.seats[seat].user_id
        text = t(key, locale, player=f"<@{user}>", when=f"<t:{int(deadline)}:f>",     # never edited: absolute
                 decision=presentation.decision_prompt(game, seat, decision_of(kind, game.state, seat), locale))
        notices = self.bots.courier.notices
        hush = await notices.owe(game, [user]) if notices is not None else frozenset()
        await self._channel(game).send(text, **pings([u for u in [user] if u not in hush]))

    async def ran_out(self, game: GameView, seat: int, since: int) -> bool:
        """The seat's time is up: the bot plays for it when the game allows it (for this decision alone where nobody
        else waits on the seat: :meth:`stand_in_once`), else the game's rules decide when
        they say what a decision left waiting does (``Kind.timeout_move``; True: the move redraws the live
        message), and the others decide what now."""
        kind = self.games.kind(game.kind)
        locale = game_locale(game)
        idle = player_mention(game, seat)
        table = TableMeta.of(game.meta)
        channel = self._channel(game)
        ruled = kind.timeout_move(game.state, seat)
        if not (table.takeover_s and has_ai(kind)) and ruled is not None \
                and ruled in kind.legal_moves(game.state, seat):
            return await self.play_timeout_move(game, seat, ruled, since)
        if table.takeover_s and has_ai(kind) and not others_waiting(game, seat):
            return await self.stand_in_once(game, seat)
        if table.takeover_s and has_ai(kind):
            # the bot plays first: a notice Discord refuses (a permission taken away, the channel deleted) must not
            # leave the seat taken and unplayed (a tour's game stood still for good, even after a restart)
            await self.bots.take_over(game, {seat})
            # how to come back, as /status says it: the notice alone left the player guessing
            await channel.send(t("clock.ran_out_bot", locale, player=idle, button=t("button.my_moves", locale)),
                               allowed_mentions=discord.AllowedMentions.none())
            return True
        others = others_waiting(game, seat)
        key = "clock.ran_out_ask" if others else "clock.ran_out_alone"
        await self.ask(game, seat, since, t(key, locale, player=idle, others=mentioned(others, locale, " "),
                                            game=game.id), others)
        return False

    async def stand_in_once(self, game: GameView, seat: int) -> bool:
        """The time of a seat nobody else waits on ran out (every other seat is a bot's, or a solo game): the
        stand-in makes only that decision (``BotPlayer.play_once``), and the next one has a clock of its own, so
        its player may come back meanwhile. Taking the seat over "until they are back" let the bot finish a duel
        against a bot in seconds. The channel reads what happens, then the move's post. True: the move redraws
        the live message."""
        text = t("clock.ran_out_bot_once", game_locale(game), player=player_mention(game, seat),
                 time=duration_text(pace_seconds(game), game_locale(game)))
        await self._channel(game).send(text, allowed_mentions=discord.AllowedMentions.none())
        return await self.bots.play_once(game, seat)

    async def ask(self, game: GameView, seat: int, since: int, text: str, others: list[int]) -> None:
        """Post the time-out question about ``seat`` (``text``, pinging ``others``) with its buttons (wait, the bot
        for a game with an AI, end), and keep it among the game's open questions."""
        locale = game_locale(game)
        view = discord.ui.View(timeout=None)
        for action in (a for a in CLOCK_ACTIONS if a != "bot" or has_ai(self.games.kind(game.kind))):
            label = t(f"clock.button.{action}", locale, time=duration_text(pace_seconds(game), locale))
            view.add_item(ClockButton(game.id, seat, since, action, label=label, style=BUTTON_STYLES[action]))
        question = await self._channel(game).send(text, view=view, allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(u) for u in others], roles=False, everyone=False))
        await self.note_question(game.id, [seat, since, question.id])

    async def play_timeout_move(self, game: GameView, seat: int, move: dict, since: int) -> bool:
        """The game's rules decide for a seat whose time ran out (dice poker: a reroll left waiting keeps all dice,
        which its rules summary promises): the move is played for the player as the bot's stand-in plays one (logged
        without a user: the player did not make it), but marked as the rules' (``ruled``): the live message and
        the log read "⏰ Dan's time ran out", not "🤖 for Dan" under "Bot stand-in: Never", and it makes no seat the
        bot's game ("Bot for Dan"). The channel reads why, then the game's post. The other players are asked what
        now, as in every other game (wait, let the bot play for them, end): a duellist who never came back cost the
        other one a whole pace on each of their decisions, and only the creator or a moderator could end the match.
        The question stays open until it is answered or the player moves again themselves (:meth:`ruled_for`). The
        seat's next decision has a clock of its own. False when the seat moved meanwhile (nothing done)."""
        locale = game_locale(game)
        label = self.games[game.kind].move_label(game, seat, move, locale)
        try:
            await self.sessions.apply_for_seat(game.id, seat, move, expected_version=game.version, ruled=True,
                                               locale=TableMeta.of(game.meta).seat_locales.get(seat) or locale)
        except (StaleMove, GameNotActive):
            return False
        after = await self.sessions.load(game.id)
        others = others_waiting(after, seat) if after.status == "active" else []
        key = "clock.ran_out_rule_ask" if others else "clock.ran_out_rule"
        text = t(key, locale, player=player_mention(game, seat), move=label, others=mentioned(others, locale, " "))
        if others:                             # a match the move ended has nothing left to decide
            await self.ask(after, seat, since, text, others)
        else:
            await self._channel(game).send(text, allowed_mentions=discord.AllowedMentions.none())
        await self.bots.courier.deliver(game.id)
        self.bots.schedule(game.id)            # a bot seat due next plays on
        return True

    async def still_asks(self, game: GameView, seat: int, since: int) -> bool:
        """Whether the time-out question about ``seat``'s decision due since ``since`` still waits for an answer:
        the seat is still due with that decision and its time ran out, or the rules played it for the player and
        the question is open (:meth:`ruled_for`)."""
        current = due_since(game).get(seat)
        if current is not None and int(current) == since:
            return int(note_of(game, seat, current).get("level", 0)) >= RAN_OUT
        listed = any(int(entry[0]) == seat and int(entry[1]) == since
                     for entry in TableMeta.of(game.meta).clock_questions)
        return listed and await self.ruled_for(game, seat, since)

    async def ruled_for(self, game: GameView, seat: int, since: int) -> bool:
        """The seat's decision due since ``since`` was played for its player when their time ran out (a move of
        the seat made by nobody since then that the turn book records as the rules', ``TableMeta.ruled``; not a
        move the bot played for them), and the player has not moved themselves after it: the
        others' question about them still stands (they may let the bot play, end the game, or go on waiting),
        where a question about a decision the player made is settled."""
        user = game.seats[seat].user_id
        moves = [m for m in await self.sessions.store.moves(game.id) if m.seat == seat and m.undoes is None]
        recorded = set(TableMeta.of(game.meta).ruled.get(seat, ()))   # (none in games from before the record)
        ruled = next((m.seq for m in moves if m.user_id is None and m.created_at >= since
                      and (not recorded or m.seq in recorded)), None)
        return ruled is not None and not any(m.user_id == user for m in moves if m.seq > ruled)

    async def note_question(self, game_id: int, entry: list) -> None:
        """Keep a posted time-out question ([seat, since, message id]) among the game's open ones, so that the
        game's end can take its buttons off (:meth:`close_questions`); the newest :data:`OPEN_QUESTIONS` are kept."""
        table = TableMeta.of((await self.sessions.load(game_id)).meta)
        await update_meta(self.sessions, game_id, clock_questions=(*table.clock_questions, entry)[-OPEN_QUESTIONS:])

    async def settle_question(self, game_id: int, message_id: int) -> None:
        """A time-out question was answered (its buttons are gone): it is open no more."""
        table = TableMeta.of((await self.sessions.load(game_id)).meta)
        kept = tuple(entry for entry in table.clock_questions if entry[2] != message_id)
        if kept != table.clock_questions:
            await update_meta(self.sessions, game_id, clock_questions=kept)

    async def close_questions(self, game: GameView) -> None:
        """The game is over (finished, or ended without a result): its time-out questions still open lose their
        buttons and say so; a click on one answered "already settled, or the player has moved meanwhile" (tour
        18). The courier calls this once it has drawn the game's end. A question deleted meanwhile is skipped."""
        table = TableMeta.of(game.meta)
        if not table.clock_questions or game.status not in OVER:
            return
        await update_meta(self.sessions, game.id, clock_questions=())
        locale = game_locale(game)
        for seat, _since, message_id in table.clock_questions:
            text = t(OVER[game.status][0], locale, player=player_mention(game, int(seat)), game=game.id)
            await self._close(game, int(message_id), text)

    async def close_moved(self, game: GameView) -> None:
        """After a player's move or undo in ``game`` (still in play): each open time-out question about a seat that
        has moved since it was asked (its decision is another one now, or it is no longer due) loses its buttons
        and says the player moved, in the game's language, as the game's end closes them; its buttons could only
        be refused as settled any more (tour W: they stayed until the match ended). Reads only the game's meta
        when no question is open, so an ordinary move makes no call to Discord."""
        if game.status != "active" or not TableMeta.of(game.meta).clock_questions:
            return
        game = await self.sessions.load(game.id)
        table = TableMeta.of(game.meta)
        current = table.due_since()
        moved = [entry for entry in table.clock_questions
                 if (current.get(int(entry[0])) is None or int(current[int(entry[0])]) != int(entry[1]))
                 and not await self.ruled_for(game, int(entry[0]), int(entry[1]))]
        if not moved:
            return
        await update_meta(self.sessions, game.id,
                          clock_questions=tuple(entry for entry in table.clock_questions if entry not in moved))
        locale = game_locale(game)
        for seat, _since, message_id in moved:
            text = t("clock.closed.moved", locale, player=player_mention(game, int(seat)))
            await self._close(game, int(message_id), text)

    async def close_handed(self, game: GameView, seat: int, former: str) -> None:
        """``seat`` changed hands (``/seat give``, accepted): each open time-out question about it loses its buttons
        and says so. The usual answer to a player gone quiet is finding someone to play on, and the question
        ("wait, let the bot play, or end?") stayed open beside the newcomer's turn. ``former``: who held the seat."""
        table = TableMeta.of(game.meta)
        handed = [entry for entry in table.clock_questions if int(entry[0]) == seat]
        if not handed:
            return
        await update_meta(self.sessions, game.id,
                          clock_questions=tuple(entry for entry in table.clock_questions if entry not in handed))
        text = t("clock.closed.handed", game_locale(game), player=former, newcomer=player_mention(game, seat))
        for _seat, _since, message_id in handed:
            await self._close(game, int(message_id), text)

    async def _close(self, game: GameView, message_id: int, text: str) -> None:
        """Edit a time-out question into ``text`` without its buttons, pinging nobody; a question deleted or out of
        reach meanwhile is left as it is."""
        try:
            await self._channel(game).get_partial_message(message_id).edit(
                content=text, view=None, allowed_mentions=discord.AllowedMentions.none())
        except (discord.NotFound, discord.Forbidden):
            pass
        except discord.HTTPException as error:
            log.warning("game %s: time-out question %s not closed: %r", game.id, message_id, error)

    @staticmethod
    def end_text(game: GameView, actor: int, seat: int, locale: str) -> str:
        """What the time-out question says once someone ended the game: a player at the table ended it, or a
        moderator who is not playing did (the idle player never ends it from here); and the other people seated in
        it, named once (the question's edit pings nobody: they were pinged by the question itself)."""
        clicker = game.seat_of(actor)
        key = "clock.decided.end" if clicker is not None and clicker != seat else "clock.decided.end_moderator"
        lines = [t(key, locale, user=f"<@{actor}>", player=player_mention(game, seat), game=game.id)]
        idle = game.seats[seat].user_id
        told = [user for user in seated_people(game, but=actor) if user != idle]     # the first line names them
        if told:
            lines.append(t("lobby.ended_for", locale, players=mentioned(told, locale)))
        return "\n".join(lines)

    def _channel(self, game: GameView):
        return self.client.get_partial_messageable(game.channel_id, guild_id=game.guild_id)

    async def on_clock_button(self, interaction: discord.Interaction, game_id: int, seat: int, since: int,
                              action: str) -> None:
        """A click on the time-out question about ``seat``: the other players decide (wait, the bot, end), and so
        may whoever manages the channel. The idle player never answers the question about their own seat, not
        even as a moderator (a tour's moderator gave herself one more hour, again and again: "Ann chose to wait
        1 hour longer for Ann"), nor ends the game from it: that dodged the forfeit her ``/<group> abandon`` records
        (:func:`may_answer`)."""
        game = await self.sessions.load(game_id)
        presentation = self.games.get(game.kind)
        if presentation is not None:
            interaction.extras[GROUP_EXTRA] = t(presentation.group_key, "en")
        if game.channel_id != interaction.channel_id:
            raise Refusal("error.wrong_channel")
        if game.status in OVER:                 # not "settled": say that the game is over, and how it ended
            raise Refusal(OVER[game.status][1], game=game.id)
        if game.status != "active":
            raise Refusal("clock.error.settled")
        if not await self.still_asks(game, seat, since):
            raise Refusal("clock.error.settled")
        current = due_since(game).get(seat)
        clicker = game.seat_of(interaction.user.id)
        may_manage = bool(interaction.guild_id) and interaction.permissions.manage_channels
        refusal = may_answer(game, clicker, seat, action, may_manage, still_due=current is not None)
        if refusal is not None:
            raise Refusal(refusal, group=t(presentation.group_key, "en") if presentation is not None else "")
        kind = self.games.kind(game.kind)
        locale = game_locale(game)
        who, idle = interaction.user.mention, player_mention(game, seat)
        table = TableMeta.of(game.meta)
        if interaction.message is not None:     # answered here: the game's end leaves this message as it is now
            await self.settle_question(game_id, interaction.message.id)
        if action == "wait":                   # (the rules played the decision asked about: nothing to restart)
            if current is not None:
                await update_meta(self.sessions, game_id, clock_notes={
                    **table.clock_notes, seat: {"since": current, "start": self.clock(), "level": 0}})
            text = t("clock.decided.wait", locale, user=who, player=idle,
                     time=duration_text(pace_seconds(game), locale))
        elif action == "bot":
            if not has_ai(kind):
                raise Refusal("error.component_unavailable")
            await self.bots.take_over(game, {seat}, show=False)
            text = t("clock.decided.bot", locale, user=who, player=idle)
        else:
            await self.sessions.abandon(game_id, interaction.user.id, may_manage_channel=True)
            text = self.end_text(game, interaction.user.id, seat, locale)
        await interaction.response.edit_message(content=text, view=None,
                                                allowed_mentions=discord.AllowedMentions.none())
        if action == "bot":                     # once answered: the live message without the player's menu
            await self.bots.courier.deliver(game_id)
        else:        # the live message shows the new deadline, or that the game is over (it kept "time is up")
            await self.bots.courier.redraw(game_id)
