"""Plain values the engine hands to the cogs: a game as seen at one version, moves, results, reminders.

They are frozen snapshots: the cogs can keep them across awaits without seeing a later move half-applied.
``state`` is the kind's state object shared with the cache; treat it as read-only.
"""
from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeVar

from .ratings import played_by_bot

R = TypeVar("R")

LOBBY, ACTIVE, FINISHED, ABANDONED = "lobby", "active", "finished", "abandoned"
OPEN_STATUSES = (LOBBY, ACTIVE)
#: How a player hears it is their turn: in the game's channel, by direct message, or both.
NOTIFY_MODES = ("channel", "dm", "both")


def from_row(cls: type[R], row: Any, *, json_text: Iterable[str] = (), flags: Iterable[str] = (), **given: Any) -> R:
    """A record from a store row whose columns carry its field names (other columns are ignored): the
    ``json_text`` columns decoded, the ``flags`` made booleans (SQLite stores 0/1), ``given`` fields as they are."""
    values = dict(row._mapping)
    values.update({name: json.loads(values[name]) for name in json_text})
    values.update({name: bool(values[name]) for name in flags})
    values.update(given)
    return cls(**{f.name: values[f.name] for f in fields(cls) if f.name in values})


@dataclass(frozen=True, slots=True)
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_ai: bool = False


@dataclass(frozen=True, slots=True)
class GameView:
    id: int
    kind: str
    guild_id: int | None
    channel_id: int
    status: str
    creator_id: int
    options: dict
    seed: int
    seats_wanted: int
    seats: tuple[Seat, ...]
    version: int
    state: Any
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None
    last_activity_at: float | None
    reminder_count: int
    meta: dict = field(default_factory=dict)

    @property
    def is_open(self) -> bool:
        return self.status in OPEN_STATUSES

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(frozen=True, slots=True)
class MoveRecord:
    game_id: int
    seq: int
    seat: int
    user_id: int | None
    move: dict
    created_at: float
    #: For an undo entry: the seq of the move it took back (``move`` is then ``{}``); None for a move.
    undoes: int | None = None


@dataclass(frozen=True, slots=True)
class SeatResult:
    """One seat's outcome; ``total``/``place`` are None only when the kind's score has no per-seat total."""

    seat: int
    total: int | None
    place: int | None


@dataclass(frozen=True, slots=True)
class ResultRow:
    game_id: int
    kind: str
    guild_id: int | None
    channel_id: int
    finished_at: float
    seat: int
    user_id: int | None
    name: str
    is_ai: bool
    total: int | None
    place: int | None
    players: int
    #: the game's options (a kind tells its solo games by them, e.g. dice poker's tavern night)
    options: dict | None = None
    #: the seat's moves, and how many of them the bot played for its player (they were away)
    moves: int = 0
    bot_moves: int = 0
    #: the seat changed hands during play (``TableMeta.handed``): the result is its last holder's, unrated, and
    #: counted as played only (the newcomer did not make its first moves)
    handed: bool = False

    @property
    def stood_in(self) -> bool:
        """A player's seat the bot played most of the game for (``ratings.played_by_bot``): the result is the
        bot's more than theirs, so it is neither rated nor counted as their win or score."""
        return not self.is_ai and self.user_id is not None and played_by_bot(self.moves, self.bot_moves)


@dataclass(frozen=True, slots=True)
class ApplyResult:
    game_id: int
    seq: int
    version: int
    seat: int
    events: list[dict]
    state: Any
    finished: bool
    results: tuple[SeatResult, ...] = ()
    score: dict | None = None
    #: what the move means for the table (``bot.engine.turn``); empty when no turn book was used
    turn: Any = None


@dataclass(frozen=True, slots=True)
class UndoResult:
    """An undo that was committed: entry ``seq`` (= the new ``version``) took back move ``undone_seq``."""
    game_id: int
    seq: int
    version: int
    seat: int
    undone_seq: int
    undone_move: dict
    state: Any
    turn: Any = None


@dataclass(frozen=True, slots=True)
class ReminderDue:
    game_id: int
    guild_id: int | None
    channel_id: int
    kind: str
    version: int
    reminder_count: int
    last_activity_at: float
    meta: dict


@dataclass(frozen=True, slots=True)
class Bookkeeping:
    """What the shell decides about a change (a move, a start), committed in the same transaction.

    ``meta`` replaces the game's adapter metadata (None: unchanged); ``post`` is a JSON payload for the
    outbox (None: nothing to post); ``seat_names`` renames seats with a start (seat -> name: the shell names bot
    seats in the language the start settles; a move's is not read). The engine does not read the others: it only
    stores them atomically.
    """
    meta: dict | None = None
    post: dict | None = None
    seat_names: Mapping[int, str] | None = None


@dataclass(frozen=True, slots=True)
class OutboxPost:
    """A post that a committed change made due, waiting to be (or already) delivered."""
    id: int
    game_id: int
    seq: int
    channel_id: int
    payload: dict
    created_at: float
    attempts: int
    delivered_at: float | None = None
    message_id: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerPrefs:
    """A player's settings; a player who never set any has these defaults (``Store.prefs_of``). Quiet hours run
    from minute ``quiet_start`` to minute ``quiet_end`` of the day on ``time_zone``'s clock (over midnight when
    start > end); None: no quiet hours."""
    user_id: int
    notify: str = "channel"
    quiet_start: int | None = None
    quiet_end: int | None = None
    time_zone: str = "UTC"
    dm_closed_told: bool = False
    #: the language their client last used with the bot (a direct message is personal); None: not known yet
    locale: str | None = None


@dataclass(frozen=True, slots=True)
class AwayPeriod:
    """A player away from ``starts_at`` until ``ends_at`` (Unix seconds; an early return moved ``ends_at``)."""
    user_id: int
    starts_at: float
    ends_at: float


@dataclass(frozen=True, slots=True)
class UserGame:
    """One line of a player's list of games (``Store.games_of_user``). ``meta`` is the game's adapter metadata
    (its ``"clock"`` says which seats are due since when); ``message_id``: the game's live message (the latest
    delivered post with a message), None before the first."""
    game_id: int
    kind: str
    guild_id: int | None
    channel_id: int
    status: str
    version: int
    created_at: float
    started_at: float | None
    finished_at: float | None
    last_activity_at: float | None
    meta: dict
    seat: int
    message_id: int | None
    #: the seat's result once the game is over (``results``: a forfeit has a place and no total), the game's
    #: options and how many seats it had: what ``/games`` needs to say how the game went for the player
    total: int | None = None
    place: int | None = None
    options: dict | None = None
    players: int = 0
