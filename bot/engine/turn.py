"""The turn: after a change is accepted, ONE place decides what it means for the table, inside the engine.

For a move: is it a public step or a private one (the player still has a decision in the same step), who is
due now and since when (the turn clocks), who must be mentioned (nobody twice for the same turn), which log
lines have gathered since the last public post, and whether the game is over. For a start: the first post.
The decision is a :class:`TurnRecord` plus the game's new metadata and an outbox post, committed by
``SessionManager`` in the same transaction as the change: simultaneous moves cannot drop each other's log lines,
and a crash between the commit and the send cannot lose the post (the shell's courier delivers it).

Policy: one public post per completed step; a step is complete when the game ends, when the mover is no longer
due, or when the game's step mark (``Kind.step_mark``, e.g. round and phase) changed. A post goes into the game's
one live message: it is a new message when it pings someone who just became due (or starts or ends the game),
otherwise it edits the live message in place (``"edit"``) and pings nobody. ``"live"`` marks posts in that
layout (older rows are plain messages, summarised but never edited into a layout).

Everything here is pure (no I/O): the game kind answers the rules' questions (``pending``, ``step_mark``,
``message_mark``, ``seats_to_notify``); the shell passes in what only it knows (the mover's language) as data,
and how it names a bot seat in a language (``BotNamer``, given once). A log line stores what it tells, never
finished text: the shell words it in the language of the message it is drawn into (an undo's line names the seq
of the move it took back, ``undone``; the shell labels that move on the table it was played on, rebuilt from the
move log).
"""
from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from .records import Bookkeeping, GameView
from .table import TableMeta

#: The log line that leads a move made for an idle player: the bot played it, or the rules did when the player's time
#: ran out (``Kind.timeout_move``: dice poker keeps all five dice), which no stand-in allowed is the bot's doing.
PLAYED_FOR, RULED_FOR = "bot.played_for", "clock.ruled_for"
#: The log line of a seat that changed hands (``SessionManager.hand_over``): its params name the seat, the name of
#: the player who held it, the newcomer's (``to``) and the game's version then (``seq``: the moves up to it are
#: the former holder's, ``table.held_at``) and ``n``, which of the seat's holders handed it (``table.holder_index``);
#: ``HANDED_FOR``: a moderator handed it (``by``: their name), not its player
HANDED_OVER, HANDED_FOR = "handover.line", "handover.line_for"

#: How the shell names a game's bot seats in a language: (its kind, the game, the language) -> seat -> name. The
#: names are words of the shell's catalog, so the shell gives this to the turn book (the engine writes no text).
BotNamer = Callable[[Any, GameView, str], Mapping[int, str]]


def pending_seats(kind: Any, state: Any) -> list[int]:
    """The seats with a decision to make now, in the order the rules list them."""
    seats: list[int] = []
    for item in kind.pending(state):
        if item.get("seat") is not None and item["seat"] not in seats:
            seats.append(item["seat"])
    return seats


def decision_of(kind: Any, state: Any, seat: int) -> str:
    for item in kind.pending(state):
        if item.get("seat") == seat:
            return item.get("decision", "unknown")
    return "unknown"


def menu_seat(table: TableMeta, seats: Sequence[Any], due: list[int]) -> int | None:
    """The seat whose moves the game's live message offers, None when it offers only "My moves" and the looks: the
    one seat due, when a person plays it themselves. Not a bot seat, nor a person's seat the bot stands in for
    (``TableMeta.taken``: the moves are not theirs to make while it does, and a menu there read as if they were),
    nor one whose decision went on privately since the message was posted (``TableMeta.went_private``: its menu
    would be of a decision already made). The courier draws the menu by it, and the shell asks it before a move
    whether the move leaves a menu behind on the live message."""
    if len(due) != 1 or not 0 <= due[0] < len(seats):
        return None
    seat = due[0]
    if seats[seat].is_ai or seat in table.taken or seat in table.went_private:
        return None
    return seat


def track_decisions(table: TableMeta, due: list[int], mover: int | None, now: float) -> TableMeta:
    """The turn clocks (``TableMeta.clock``) after ``mover`` moved (None: the game started) and ``due`` are the
    seats due now. The mover's time since they became due (or since their previous move, for a turn of several
    decisions) counts as one decision; a seat that stays due keeps its start, a seat due afresh starts now."""
    since = table.due_since()
    spent = {str(seat): [total, count] for seat, (total, count) in table.seconds_spent().items()}
    if mover is not None and mover in since:
        total, count = spent.get(str(mover)) or (0.0, 0)
        spent[str(mover)] = [round(total + max(0.0, now - since[mover]), 3), count + 1]
    fresh = {str(seat): now if seat == mover or seat not in since else since[seat] for seat in due}
    return replace(table, clock={"since": fresh, "spent": spent})


def start_language(table: TableMeta, seats: Any) -> TableMeta:
    """The language a game plays in, settled at its start when its seats are known: when nobody chose one
    (``TableMeta.locale_chosen``), the one all its human players use, if they share one and each one's is known
    (a Korean pair's rematch plays in Korean, as their ``/find`` table did); else the one it has (the server's)."""
    if table.locale_chosen:
        return table
    spoken = {table.seat_locales.get(seat.seat) for seat in seats if not seat.is_ai}
    if len(spoken) != 1 or None in spoken:
        return table
    return replace(table, locale=spoken.pop())


@dataclass(frozen=True)
class TurnRecord:
    """What a change means for the table: a public step (with its ``post``) or a private one, and whom the
    post mentions. The shell answers the interaction from it."""
    public: bool = False
    post: dict | None = None
    mention: list[int] = field(default_factory=list)


def decision_key(kind: Any, state: Any, seat: int) -> str:
    """What a mention of ``seat`` is for, as text the table meta keeps: its decision in this step (``step_mark``).
    A redo after an undo that leads back to the same key leads back to a decision the seat was already told of."""
    return json.dumps([kind.step_mark(state), decision_of(kind, state, seat)], default=str, sort_keys=True)


def _mentions(table: TableMeta) -> list[tuple[int, Any, str | None]]:
    """The table's ``notified`` entries as (seat, version, decision key); an entry written before the keys were
    kept has None."""
    return [(x[0], x[1], x[2] if len(x) == 3 else None) for x in table.notified
            if isinstance(x, list) and len(x) in (2, 3) and isinstance(x[0], int)]


def seats_mentioned(table: TableMeta) -> set[int]:
    """The seats the last public post mentioned, or an earlier one while they stayed due: whoever else must be
    told of the game (a table's announcement) pings only the others."""
    return {seat for seat, _, _ in _mentions(table)}


def _withdrawn(table: TableMeta) -> set[tuple[int, str]]:
    """The table's ``withdrawn`` entries: (seat, decision key) of mentions an undo took back."""
    return {(x[0], x[1]) for x in table.withdrawn if isinstance(x, list) and len(x) == 2}


def _seats_to_notify(kind: Any, state: Any, due: list[int]) -> list[int]:
    """Whom a post concerns: the game's ``seats_to_notify`` (e.g. both duellists of a hand), else the seats due."""
    notify = kind.seats_to_notify(state)
    return due if notify is None else list(notify)


def _fresh_mentions(table: TableMeta, due: list[int], version: int,
                    keys: dict[int, str]) -> tuple[TableMeta, list[int]]:
    """Seats due now that were not mentioned for this decision yet, and the table noting them (one mention per
    turn): a seat stays mentioned while it stays due, and a seat whose mention an undo took back is not mentioned
    again when it is due for the same decision (``keys``: each due seat's :func:`decision_key`). The undo's
    withdrawn mentions count for this post only: the next one is where a redo lands."""
    still = {s: v for s, v, _ in _mentions(table) if s in due}
    withdrawn = _withdrawn(table)
    fresh = [s for s in due if s not in still and (s, keys[s]) not in withdrawn]
    notified = sorted([s, still.get(s, version), keys[s]] for s in due)
    return replace(table, notified=tuple(notified), withdrawn=()), fresh


def _message(kind: Any, state: Any, table: TableMeta, due: list[int], version: int, *, finished: bool,
             started: bool = False) -> tuple[TableMeta, bool, list[int]]:
    """(the table after it, edit the live message in place?, seats to mention) for a public post.

    One live message per game: a post that pings someone who just became due, the first post and the final
    result are new messages (the courier summarises the previous one); any other step edits the live message
    in place. A game's ``message_mark`` (when not None) also starts a new message for each new mark, which
    mentions everyone ``seats_to_notify`` names."""
    mark = None if finished else kind.message_mark(state)
    new_mark = False
    if mark is not None:
        new_mark = table.message_mark is None or table.message_mark != mark
        if new_mark:
            table = replace(table, notified=())   # a new message: everyone it concerns is mentioned afresh
        table = replace(table, message_mark=mark)
    if finished:
        return table, False, []
    notify = _seats_to_notify(kind, state, due)
    table, fresh = _fresh_mentions(table, notify, version, {s: decision_key(kind, state, s) for s in notify})
    return table, not (started or new_mark or fresh), fresh


def redraw_post(mover: int | None, events: list[dict] | tuple = ()) -> dict:
    """A post that draws the live message again as the game stands (who is away changed, its language): an edit
    in place that pings nobody; ``mover``: the live message's (its pictures stay the same); ``events``: lines it
    adds to the message's moves (none: a redraw says nothing new)."""
    return {"type": "turn", "mover": mover, "started": False, "events": list(events), "mention": [], "live": True,
            "edit": True}


def hand_over_book(kind: Any, view: GameView, seat: int, former: int, former_name: str,
                   now: float, by_name: str | None = None) -> Bookkeeping:
    """What a seat changing hands commits (``view``: the game with its new holder): the log line saying so; the
    seat is its new holder's from now on, so the bot stands in for it no more (``taken``), its open offer is gone,
    its language is not known yet, and its clock starts afresh for a decision due now (the time the former holder
    let run is not the newcomer's). A seat due now makes a new live message that pings the newcomer (their mention
    was the former holder's); otherwise the live message is redrawn in place with the line, pinging nobody.
    The hand-over's mark (the version now, the former holder's name: ``handed_at``) keeps the moves made so far
    under the former holder's name, and the seat's average pace starts afresh (it was theirs). ``by_name``: the
    moderator who handed it, for a player who left or whom the bot plays for."""
    table = TableMeta.of(view.meta)
    params = {"seat": seat, "former": former_name, "to": view.seats[seat].name, "seq": view.version,
              "n": len(table.handed.get(seat, ()))}
    line = {"key": HANDED_FOR, "params": {**params, "by": by_name}} if by_name else {"key": HANDED_OVER,
                                                                                    "params": params}
    since = {str(s): t for s, t in table.due_since().items()}
    if str(seat) in since:
        since[str(seat)] = now
    spent = {str(s): [total, count] for s, (total, count) in table.seconds_spent().items() if s != seat}
    formers = table.handed.get(seat, ())
    # a hand-over from before the marks has none: a blank one keeps the marks beside their holders
    marks = (*table.handed_at.get(seat, ()), *[(-1, "", "")] * (len(formers) - len(table.handed_at.get(seat, ()))))
    table = replace(
        table, taken=table.taken - {seat}, went_private=table.went_private - {seat},
        offers={s: o for s, o in table.offers.items() if s != seat},
        handed={**table.handed, seat: (*formers, former)},
        handed_at={**table.handed_at, seat: (*marks, (view.version, former_name, by_name or ""))},
        seat_locales={s: loc for s, loc in table.seat_locales.items() if s != seat},
        clock_notes={s: n for s, n in table.clock_notes.items() if s != seat},
        clock={**table.clock, "since": since, "spent": spent} if table.clock else table.clock,
        notified=tuple(x for x in table.notified if not (isinstance(x, list) and x and x[0] == seat)))
    due = pending_seats(kind, view.state)
    if seat not in _seats_to_notify(kind, view.state, due):
        return Bookkeeping(meta=table.to_json(), post=redraw_post(None, [line]))
    events = [*table.unposted_events, line]
    table, _, fresh = _message(kind, view.state, replace(table, unposted_events=()), due, view.version,
                               finished=False)
    book, _ = _public_post(table, None, events, False, fresh)
    return book


def _public_post(table: TableMeta, mover: int | None, events: list, edit: bool, fresh: list[int], *,
                 started: bool = False, seat_names: Mapping[int, str] | None = None) -> tuple[Bookkeeping, TurnRecord]:
    """A public post: the live message shows the decisions due now, so no seat's decision has gone on privately
    since (``TableMeta.went_private``)."""
    table = replace(table, went_private=frozenset())
    post = {"type": "turn", "mover": mover, "started": started, "events": events, "mention": fresh, "live": True}
    if edit:
        post["edit"] = True
    return (Bookkeeping(meta=table.to_json(), post=post, seat_names=seat_names),
            TurnRecord(public=True, post=post, mention=fresh))


class TurnBook:
    """The turn's bookkeeping for ``SessionManager``: ``start``, ``move`` and ``undo`` each return what to commit
    with the change and the :class:`TurnRecord` the caller gets. ``clock``: the turn clocks' time (tests make it
    pass); ``name_bots``: how the shell names bot seats in a language (None: seats keep the names they have)."""

    def __init__(self, clock: Callable[[], float] = time.time, name_bots: BotNamer | None = None):
        self.clock = clock
        self.name_bots = name_bots

    def start(self, kind: Any, view: GameView) -> tuple[Bookkeeping, TurnRecord]:
        """The first post of a game (a lobby's start, or a one-seat game created in play), in the language
        :func:`start_language` settles now that the seats are known; its bot seats, named in the lobby's
        language when they were added, are renamed in it with the same write (a German table's bot reads
        "Bot (schwer)", not "Bot (hard)", everywhere its name is shown)."""
        due = pending_seats(kind, view.state)
        table = start_language(replace(TableMeta.of(view.meta), unposted_events=()), view.seats)
        table = track_decisions(table, due, None, self.clock())
        table, _, fresh = _message(kind, view.state, table, due, view.version, finished=False, started=True)
        names = self.name_bots(kind, view, table.locale) if self.name_bots is not None and table.locale else None
        return _public_post(table, None, [], False, fresh, started=True, seat_names=names)

    def move(self, kind: Any, view: GameView, result: Any, seat: int, before_mark: Any, *,
             locale: str | None = None, played_for: bool = False, ruled: bool = False
             ) -> tuple[Bookkeeping, TurnRecord]:
        """The bookkeeping of ``seat``'s move, made in ``locale`` (None: not known); ``before_mark`` is the step
        mark the move started from. ``played_for``: made for an idle player, which the log says: by the bot, or
        ``ruled``: by the rules, their time having run out (kept in ``TableMeta.ruled``, as the log cannot tell)."""
        table = TableMeta.of(view.meta)
        if locale is not None:
            table = replace(table, seat_locales={**table.seat_locales, seat: locale})
        marker = [{"key": RULED_FOR if ruled else PLAYED_FOR, "params": {"seat": seat}}] if played_for else []
        if played_for and ruled:
            table = replace(table, ruled={**table.ruled, seat: (*table.ruled.get(seat, ()), result.version)})
        events = list(table.unposted_events) + marker + list(result.events)
        due = [] if result.finished else pending_seats(kind, view.state)
        table = track_decisions(table, due, seat, self.clock())
        if not (result.finished or seat not in due or kind.step_mark(view.state) != before_mark):
            # the step goes on privately: the live message's menu for the seat, if it had one, is left behind
            private = replace(table, unposted_events=tuple(events), went_private=table.went_private | {seat})
            return Bookkeeping(meta=private.to_json()), TurnRecord()
        table, edit, fresh = _message(kind, view.state, replace(table, unposted_events=()), due, result.version,
                                      finished=result.finished)
        return _public_post(table, seat, events, edit, fresh)

    def undo(self, kind: Any, view: GameView, result: Any, seat: int, before_mark: Any,
             before_due: list[int], before_decision: str | None = None) -> tuple[Bookkeeping, TurnRecord]:
        """The bookkeeping of ``seat`` taking back their last move (``result.undone_seq``), which the log line
        names by its seq: the shell words it when it draws the line, in the message's language (a label stored
        as text kept the language of the moment of the undo after ``/<game> language``). The undo is public,
        like the move was, when who is due or the step changed (a move that ended a turn, now taken back, gave
        the turn to someone who must learn it is not theirs after all); otherwise it stays private until the
        next public post carries its line. The undoer is never pinged for getting their own turn back.
        ``before_decision``: the undoer's decision before the undo; when the undo changes it (Roll Player: back from
        "place the die" to "choose an Initiative card"), the live message, whose due line names it, is drawn again
        in place with the line (a redraw that pings nobody; the undo still goes on privately): it kept naming the
        decision taken back, and its menu answered "the game has moved on" when it had gone back."""
        table = TableMeta.of(view.meta)
        line = {"key": "undo.taken_back", "params": {"seat": seat, "undone": result.undone_seq}}
        events = list(table.unposted_events) + [line]
        due = pending_seats(kind, view.state)
        if due == before_due and kind.step_mark(view.state) == before_mark:
            if before_decision is not None and decision_of(kind, view.state, seat) != before_decision:
                return (Bookkeeping(meta=replace(table, unposted_events=()).to_json(), post=redraw_post(seat, events)),
                        TurnRecord())
            return Bookkeeping(meta=replace(table, unposted_events=tuple(events)).to_json()), TurnRecord()
        notify = _seats_to_notify(kind, view.state, due)
        mentions = _mentions(table)
        # whoever the undone move made due and was pinged for it is told no more: their mention is kept aside, so
        # that a redo leading to the same decision does not ping them a second time (a different one does)
        withdrawn = _withdrawn(table) | {(s, key) for s, _, key in mentions
                                         if s not in notify and s != seat and key is not None}
        notified = [[s, v, key] for s, v, key in mentions if s != seat]
        table = replace(table, unposted_events=(), notified=(
            *notified, [seat, result.version, decision_key(kind, view.state, seat)]))
        table, edit, fresh = _message(kind, view.state, table, due, result.version, finished=False)
        table = replace(table, withdrawn=tuple(sorted([s, key] for s, key in withdrawn)))
        fresh = [s for s in fresh if s != seat]
        return _public_post(table, seat, events, edit, fresh)
