"""The turn service: after a change is accepted, ONE place decides what it means for the channel.

For a move: is it a public step or a private one (the player still has a decision in the same step), who is
due now, who must be mentioned (nobody twice for the same turn), which log lines have gathered since the
last public post, and whether the game is over. For a start: the first post. The decision is a
:class:`bot.engine.Bookkeeping` (the game's new metadata plus an outbox post) that the engine commits in the
same transaction as the change, so simultaneous moves cannot drop each other's log lines and a crash between
the commit and the send cannot lose the post (``cogs.outbox`` delivers it).

Policy: one public post per completed step; a step is complete when the game ends, when the mover is no
longer due, or when the game's step mark (e.g. round and phase) changed. A post goes into the game's one
live message (``cogs.outbox``): it is a new message when it pings someone who just became due (or starts or
ends the game), otherwise it edits the live message in place (``"edit"``) and pings nobody. ``"live"`` marks
posts in that layout (older rows are plain messages, summarised but never edited into a layout).
"""
from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bot.engine import Bookkeeping, GameView
from bot.engine.records import ApplyResult

from .core import SEAT_LOCALES_META, game_locale
from .games import Games
from .pace import track_decisions

LOG_META = "unposted_events"      # events since the last public post (JSON list)
NOTIFIED_META = "notified"        # [[seat, version]] mentions already sent for the current decisions
MESSAGE_MARK_META = "message_mark"  # the mark of the message the last public post went into (message_mark hook)


def pending_seats(kind: Any, state: Any) -> list[int]:
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


@dataclass
class TurnOutcome:
    """What the planner decided, for the caller that answers the interaction (filled when it ran)."""
    public: bool = False
    post: dict | None = None
    mention: list[int] = field(default_factory=list)


def _fresh_mentions(meta: dict, due: list[int], version: int) -> list[int]:
    """Seats due now that were not mentioned for this decision yet; updates ``meta`` (one mention per turn)."""
    notified = [tuple(x) for x in meta.get(NOTIFIED_META, []) if isinstance(x, list) and len(x) == 2]
    still = {(s, v) for (s, v) in notified if s in due}
    fresh = [s for s in due if not any(ns == s for ns, _ in still)]
    meta[NOTIFIED_META] = sorted([list(x) for x in still] + [[s, version] for s in fresh])
    return fresh


def _message(presentation: Any, kind: Any, state: Any, meta: dict, due: list[int], version: int, *,
             finished: bool, started: bool = False) -> tuple[bool, list[int]]:
    """(edit the live message in place?, seats to mention) for a public post; updates ``meta``.

    One live message per game: a post that pings someone who just became due, the first post and the
    final result are new messages (the courier summarises the previous one); any other step edits the live
    message in place. A game's ``message_mark`` (when not None) also starts a new message for each new mark,
    which mentions everyone ``seats_to_notify`` names."""
    mark = None if finished else presentation.message_mark(state)
    new_mark = False
    if mark is not None:
        new_mark = MESSAGE_MARK_META not in meta or meta[MESSAGE_MARK_META] != mark
        if new_mark:
            meta[NOTIFIED_META] = []          # a new message: everyone it concerns is mentioned afresh
        meta[MESSAGE_MARK_META] = mark
    if finished:
        return False, []
    notify = presentation.seats_to_notify(state)
    notify = due if notify is None else list(notify)
    fresh = _fresh_mentions(meta, notify, version)
    return not (started or new_mark or fresh), fresh


class TurnService:
    def __init__(self, games: Games, clock: Callable[[], float] = time.time):
        self.games = games
        self.clock = clock              # the turn clocks' time (cogs.clock); tests make it pass

    def start_plan(self, outcome: TurnOutcome | None = None):
        """The first post of a game (a lobby's start, or a one-seat game created in play)."""
        def plan(view: GameView, result: ApplyResult | None) -> Bookkeeping:
            meta = dict(view.meta)
            meta.pop(LOG_META, None)
            kind = self.games.kind(view.kind)
            due = pending_seats(kind, view.state)
            track_decisions(meta, due, None, self.clock())
            _, fresh = _message(self.games[view.kind], kind, view.state, meta, due, view.version, finished=False,
                                started=True)
            post = {"type": "turn", "mover": None, "started": True, "events": [], "mention": fresh, "live": True}
            if outcome is not None:
                outcome.public, outcome.post, outcome.mention = True, post, fresh
            return Bookkeeping(meta=meta, post=post)
        return plan

    def move_plan(self, seat: int, locale: str, before_mark: Any, outcome: TurnOutcome, *,
                  played_for: bool = False):
        """The bookkeeping of ``seat``'s move, made in ``locale``; ``before_mark`` is the step mark the move
        started from (``Presentation.step_mark``). ``played_for``: the bot made this move for an idle
        player, which the log says."""
        def plan(view: GameView, result: ApplyResult | None) -> Bookkeeping:
            assert result is not None
            kind = self.games.kind(view.kind)
            presentation = self.games[view.kind]
            meta = dict(view.meta)
            locales = dict(meta.get(SEAT_LOCALES_META) or {})
            locales[str(seat)] = locale
            meta[SEAT_LOCALES_META] = locales
            marker = [{"key": "bot.played_for", "params": {"seat": seat}}] if played_for else []
            events = list(meta.get(LOG_META, [])) + marker + list(result.events)
            due = [] if result.finished else pending_seats(kind, view.state)
            track_decisions(meta, due, seat, self.clock())
            public = result.finished or seat not in due or presentation.step_mark(view.state) != before_mark
            outcome.public = public
            if not public:
                meta[LOG_META] = events
                return Bookkeeping(meta=meta)
            meta.pop(LOG_META, None)
            edit, fresh = _message(presentation, kind, view.state, meta, due, result.version,
                                   finished=result.finished)
            post = {"type": "turn", "mover": seat, "started": False, "events": events, "mention": fresh,
                    "live": True}
            if edit:
                post["edit"] = True
            outcome.post, outcome.mention = post, fresh
            return Bookkeeping(meta=meta, post=post)
        return plan

    def undo_plan(self, seat: int, before_mark: Any, before_due: list[int], outcome: TurnOutcome):
        """The bookkeeping of ``seat`` taking back their last move (``SessionManager.undo``). The log gets a
        line saying so, with the move's label in the game's language (fixed now: the state it was legal in is
        the one the undo returns to). The undo is public, like the move was, when who is due or the step
        changed (a move that ended a turn, now taken back, gave the turn to someone who must learn it is not
        theirs after all); otherwise it stays private until the next public post carries its line. The
        undoer is never pinged for getting their own turn back."""
        def plan(view: GameView, result: Any) -> Bookkeeping:
            kind = self.games.kind(view.kind)
            presentation = self.games[view.kind]
            meta = dict(view.meta)
            label = presentation.move_label(view, seat, result.undone_move, game_locale(view))
            line = {"key": "undo.taken_back", "params": {"seat": seat, "move": label}}
            events = list(meta.get(LOG_META, [])) + [line]
            due = pending_seats(kind, view.state)
            public = due != before_due or presentation.step_mark(view.state) != before_mark
            outcome.public = public
            if not public:
                meta[LOG_META] = events
                return Bookkeeping(meta=meta)
            meta.pop(LOG_META, None)
            notified = [x for x in meta.get(NOTIFIED_META, []) if isinstance(x, list) and x[:1] != [seat]]
            meta[NOTIFIED_META] = notified + [[seat, result.version]]
            edit, fresh = _message(presentation, kind, view.state, meta, due, result.version, finished=False)
            fresh = [s for s in fresh if s != seat]
            post = {"type": "turn", "mover": seat, "started": False, "events": events, "mention": fresh}
            if edit:
                post["edit"] = True
            outcome.post, outcome.mention = post, fresh
            return Bookkeeping(meta=meta, post=post)
        return plan
