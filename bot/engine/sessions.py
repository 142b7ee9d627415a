"""The session manager: the only way the cogs change a game.

Every change to one game runs under that game's ``asyncio.Lock``: load (lazily, from the snapshot) → check
→ rules → one database transaction → commit → update the cache. The cache entry is updated only after the
commit succeeded and is dropped on any failure, so it never disagrees with the database. Locks are per game,
so a slow or waiting game never holds up another one; the store's own lock covers only the I/O itself.
"""
from __future__ import annotations

import asyncio
import json
import secrets
import time
import weakref
from collections import OrderedDict
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any, Generic, TypeVar

from . import errors, ratings
from .kinds import GameKind, KindRegistry, as_registry
from .records import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    LOBBY,
    OPEN_STATUSES,
    ApplyResult,
    Bookkeeping,
    GameView,
    MoveRecord,
    ReminderDue,
    Seat,
    SeatResult,
    UndoResult,
    from_row,
)
from .results import seat_results
from .store import Repository, dump_json
from .table import TableMeta, acts_as_creator
from .turn import TurnBook, decision_of, hand_over_book, pending_seats
from .undo import BrokenLog, UndoPlan, plan_undo

MAX_SEED = 2**63 - 1
MAX_NAME_LENGTH = 100


@dataclass(slots=True)
class _Entry:
    """The cached, mutable copy of one game (only ever changed after a successful commit)."""

    view: GameView
    kind: GameKind
    #: (version, seat, user id) → the undo plan or refusal computed for it: the Undo button's check and the
    #: undo itself then replay once. Any change makes a new version, so an old answer is never reused.
    undo_check: tuple[tuple, UndoPlan | errors.EngineError] | None = None
    #: The move this process applied last, while it is the top of the effective log (None after an undo or
    #: a load): enough to answer ``can_undo`` without reading and replaying the log.
    last_move: _LastMove | None = None


@dataclass(frozen=True, slots=True)
class _LastMove:
    """What the undo policy asks of the last effective move, noted when it was applied: the version it made,
    who made it, and whether it revealed something (the kind's ``reveals`` on the states before and after)."""

    version: int
    seat: int
    user_id: int | None
    revealed: bool


#: Bounds on what a move, options or metadata may look like. Real moves are a handful of keys a level or
#: two deep; these leave wide room while keeping every check, the canonical text and the stored row small.
MAX_JSON_DEPTH = 32
MAX_JSON_ITEMS = 5_000          # containers, keys and scalars together
MAX_JSON_STRING = 4_096         # characters in one string or key
MAX_JSON_CHARS = 65_536         # the canonical JSON text
MAX_JSON_INT = 2**63 - 1        # what SQLite and every JSON reader hold exactly


def _check_shape(value: Any, what: str) -> str | None:
    """Why ``value`` cannot be a stored JSON value, or None. Iterative and bounded: it stops at the first
    limit crossed, so a list nested thousands deep, an int of 5,000 digits or a string of 100 MB costs no
    more than the limits themselves, and nothing is ever formatted (printing such an int raises)."""
    stack: list[tuple[Any, int]] = [(value, 1)]
    items = 0
    chars = 0
    while stack:
        node, depth = stack.pop()
        items += 1
        if items > MAX_JSON_ITEMS:
            return f"{what} has more than {MAX_JSON_ITEMS} values"
        if node is None or isinstance(node, bool):
            continue
        if isinstance(node, int):
            if not -MAX_JSON_INT <= node <= MAX_JSON_INT:
                return f"{what} holds a number outside ±2**63"
            chars += 20
        elif isinstance(node, float):
            if node != node or node in (float("inf"), float("-inf")):
                return f"{what} holds NaN or infinity"
            chars += 24
        elif isinstance(node, str):
            problem = _check_text(node, what)
            if problem:
                return problem
            chars += len(node) + 2
        elif isinstance(node, (dict, list, tuple)):
            if depth > MAX_JSON_DEPTH:
                return f"{what} is nested deeper than {MAX_JSON_DEPTH} levels"
            if len(node) > MAX_JSON_ITEMS:
                return f"{what} has more than {MAX_JSON_ITEMS} values"
            if isinstance(node, dict):
                for key in node:
                    if not isinstance(key, str):
                        return f"{what} has a key that is not a string ({type(key).__name__})"
                    problem = _check_text(key, what)
                    if problem:
                        return problem
                    chars += len(key) + 3
                children = node.values()
            else:
                children = node
            stack.extend((child, depth + 1) for child in children)
        else:
            return f"{what} holds a {type(node).__name__}, which is not JSON"
        if chars > MAX_JSON_CHARS:
            return f"{what} is longer than {MAX_JSON_CHARS} characters as JSON"
    return None


def _check_text(text: str, what: str) -> str | None:
    if len(text) > MAX_JSON_STRING:
        return f"{what} holds a string longer than {MAX_JSON_STRING} characters"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return f"{what} holds a string that is not valid Unicode (lone surrogate)"
    return None


def _canonical(value: Any, error: type[errors.EngineError], what: str) -> tuple[str, Any]:
    """JSON text plus the value read back from it: the rules see exactly what a replay will see. The shape
    and size are checked first, so no input, however large or deep, reaches the encoder, the rules or the
    database: it becomes ``error`` with a short reason that never quotes the value."""
    if not isinstance(value, dict):
        raise error(reason=f"{what} must be a JSON object")
    problem = _check_shape(value, what)
    if problem is not None:
        raise error(reason=problem)
    try:
        text = dump_json(value)
    except (TypeError, ValueError, RecursionError):
        raise error(reason=f"{what} is not JSON") from None
    if len(text) > MAX_JSON_CHARS:
        raise error(reason=f"{what} is longer than {MAX_JSON_CHARS} characters as JSON")
    return text, json.loads(text)


def _stored(kind: GameKind, state: Any, error: type[errors.EngineError], what: str) -> tuple[str, Any]:
    """The snapshot of ``state`` and the state read back from it. The engine never commits a state its
    own kind's ``loads`` refuses (such a game could never be loaded again): that is ``error`` instead, and
    nothing is written. Going on with the state read back, the cache holds exactly what a reload gives."""
    snapshot = kind.dumps(state)
    try:
        return snapshot, kind.loads(snapshot)
    except Exception:           # RuleError("bad_snapshot") or a kind's own failure: either way not storable
        raise error(reason=f"{what} would not load again") from None


def _revealed(kind: GameKind, before: Any, move: dict, after: Any) -> bool | None:
    """The kind's ``reveals`` verdict on a move just applied (True without undo: nothing is undone), or
    None when the hook failed (``can_undo`` then replays and meets the failure there, as before)."""
    if not kind.has_undo:
        return True
    try:
        return bool(kind.reveals(before, move, after))
    except Exception:
        return None


#: ``plan(view, result)`` → what to commit with a change. ``view`` is the game after the change but still
#: with its old metadata; ``result`` is the move's result (None for a start). Runs under the game's lock.
Planner = Callable[[GameView, "ApplyResult | None"], Bookkeeping]


def _meta_json(value: Any, key: str) -> str:
    """``value`` as stored JSON, or ``InvalidMeta`` when it cannot be stored."""
    try:
        return dump_json(value)
    except (TypeError, ValueError) as exc:
        raise errors.InvalidMeta(key=key, reason=str(exc)) from None


def _bookkeeping_json(decided: Bookkeeping | None, view: GameView) -> tuple[GameView, str | None, str | None]:
    """What to commit with a change as (``view`` with the new meta as a reload reads it, meta JSON, post JSON);
    refuses what cannot be stored."""
    decided = decided or Bookkeeping()
    meta_text = None if decided.meta is None else _meta_json(decided.meta, "bookkeeping")
    post_text = None if decided.post is None else _meta_json(decided.post, "bookkeeping")
    return (view if meta_text is None else replace(view, meta=json.loads(meta_text))), meta_text, post_text


def _seat_names(view: GameView, names: Mapping[int, str] | None) -> dict[int, str]:
    """The renames to write, checked: only seats of the game whose name changes, each name a stored seat name's
    length at most."""
    seats = {s.seat: s.name for s in view.seats}
    wanted = {seat: str(name)[:MAX_NAME_LENGTH] for seat, name in (names or {}).items()}
    return {seat: name for seat, name in wanted.items() if seat in seats and seats[seat] != name}


def _renamed(view: GameView, names: Mapping[int, str]) -> GameView:
    """``view`` with its seats' new names."""
    return view if not names else replace(view, seats=tuple(replace(s, name=names.get(s.seat, s.name))
                                                            for s in view.seats))


def _rated_seats(view: GameView, results: Any) -> tuple[ratings.RatedSeat, ...]:
    """A finished game's seats to rate: its bots at their levels, and each seat that changed hands during play
    (``TableMeta.handed``) as the bot's too: neither of its holders played the whole game, so neither is rated."""
    table = TableMeta.of(view.meta or {})
    return ratings.without_handed(ratings.seats_of(view.seats, results, table.bots), set(table.handed))


#: The store a manager was given: it calls only ``Repository``'s methods on it; its callers may know more of it
#: (the bot's ``SessionManager[Store]`` lets the cogs reach the store's own reads through ``sessions.store``).
StoreT = TypeVar("StoreT", bound=Repository)


class SessionManager(Generic[StoreT]):
    """``SessionManager(store, kinds)``: ``kinds`` is a ``KindRegistry`` or a ``{name: kind}`` mapping."""

    def __init__(self, store: StoreT, kinds: Mapping[str, GameKind] | KindRegistry, *,
                 clock: Callable[[], float] = time.time, cache_size: int = 4096, turns: TurnBook | None = None):
        """``turns``: the turn's bookkeeping (posts, mentions, clocks, the log) committed with every start, move
        and undo; None (tests of the bare engine): nothing but the change, unless a call brings its own ``plan``."""
        self.turns = turns
        self.store = store
        self.kinds = as_registry(kinds)
        self._clock = clock
        self._cache: OrderedDict[int, _Entry] = OrderedDict()
        self._cache_size = cache_size
        self._locks: weakref.WeakValueDictionary[int, asyncio.Lock] = weakref.WeakValueDictionary()
        #: Told of every applied and refused move (``move_applied(kind)``, ``move_refused(code)``): the bot's
        #: metrics (bot/metrics.py). None: nobody listens.
        self.observer: Any = None

    # ------------------------------------------------------------------------------- locks & cache

    def game_lock(self, game_id: int) -> asyncio.Lock:
        """The lock every change to this game takes (exposed for tests and maintenance tools)."""
        return self._locks.setdefault(game_id, asyncio.Lock())

    def cached_view(self, game_id: int) -> GameView | None:
        """What the cache holds for a game, or None when it is not loaded (for tests and diagnostics)."""
        entry = self._cache.get(game_id)
        return entry.view if entry else None

    def _remember(self, entry: _Entry) -> None:
        self._cache[entry.view.id] = entry
        self._cache.move_to_end(entry.view.id)
        while len(self._cache) > self._cache_size:
            oldest = next(iter(self._cache))
            lock = self._locks.get(oldest)
            if lock is not None and lock.locked():
                self._cache.move_to_end(oldest)
                if oldest == entry.view.id:
                    break
                continue
            del self._cache[oldest]

    def _forget(self, game_id: int) -> None:
        self._cache.pop(game_id, None)

    def _kind(self, name: str) -> GameKind:
        try:
            return self.kinds[name]
        except KeyError:
            raise errors.UnknownKind(kind=name) from None

    async def _entry(self, game_id: int) -> _Entry:
        """The cached game, loading it from its snapshot on first use. Call with the game's lock held."""
        entry = self._cache.get(game_id)
        if entry is not None:
            self._cache.move_to_end(game_id)
            return entry
        if type(game_id) is not int or not 0 < game_id < 2**63:
            raise errors.UnknownGame(game_id=game_id)    # no database stores such an id (or can bind it)
        found = await self.store.game_row(game_id)
        if found is None:
            raise errors.UnknownGame(game_id=game_id)
        row, seat_rows = found
        kind = self._kind(row.kind)
        state = kind.loads(row.snapshot) if row.snapshot is not None else None
        view = from_row(GameView, row, json_text=("options", "meta"), state=state,
                        seats=tuple(from_row(Seat, s, flags=("is_ai",)) for s in seat_rows))
        entry = _Entry(view=view, kind=kind)
        self._remember(entry)
        return entry

    async def _change(self, game_id: int, work, *, lobby: bool = False):
        """Run ``work(entry)`` under the game's lock (with ``lobby``, only on a lobby); any failure drops the
        cached entry."""
        async with self.game_lock(game_id):
            entry = await self._entry(game_id)
            try:
                if lobby and entry.view.status != LOBBY:
                    raise errors.GameNotInLobby(game_id=game_id, status=entry.view.status)
                return await work(entry)
            except BaseException:
                # Rejections are rare; reloading after each one is cheaper than proving which ones
                # could not have touched anything.
                self._forget(game_id)
                raise

    # ----------------------------------------------------------------------------------- lifecycle

    async def create(self, kind: str, guild_id: int | None, channel_id: int, creator_id: int,
                     creator_name: str, options: dict | None = None, seats_wanted: int = 1,
                     seed: int | None = None, meta: dict | None = None, plan: Planner | None = None) -> GameView:
        """Open a lobby in the channel with the creator in seat 0. A one-seat game is full at once, so it
        starts immediately (status active)."""
        game_kind = self._kind(kind)
        if not isinstance(seats_wanted, int) or not game_kind.min_seats <= seats_wanted <= game_kind.max_seats:
            raise errors.InvalidSeatCount(seats=seats_wanted, min=game_kind.min_seats, max=game_kind.max_seats)
        _, options = _canonical({} if options is None else options, errors.InvalidOptions, "options")
        if seed is None:
            seed = secrets.randbits(63)
        elif not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED:
            raise errors.InvalidSeed(seed=seed)
        name = str(creator_name)[:MAX_NAME_LENGTH]
        if await self.store.open_game_id(channel_id) is not None:
            raise await self._channel_busy(channel_id)
        # Creating the state now checks the options (a RuleError passes through) before anyone joins.
        state = game_kind.create(seats_wanted, seed, options)
        snapshot = None
        if seats_wanted == 1:
            snapshot, state = _stored(game_kind, state, errors.InvalidOptions, "the new game")
        now = self._clock()
        _, meta = _canonical({} if meta is None else meta, errors.InvalidMeta, "meta")
        view = GameView(
            id=0, kind=kind, guild_id=guild_id, channel_id=channel_id,
            status=ACTIVE if snapshot is not None else LOBBY, creator_id=creator_id, options=options, seed=seed,
            seats_wanted=seats_wanted, seats=(Seat(0, creator_id, name, False),), version=0,
            state=state if snapshot is not None else None, created_at=now, updated_at=now,
            started_at=now if snapshot is not None else None, finished_at=None, last_activity_at=now,
            reminder_count=0, meta=meta)
        # A one-seat game starts at once: its first post is planned now and committed with the game.
        book = self._start_book(game_kind, view, plan) if snapshot is not None else None
        view, _, post_text = _bookkeeping_json(book, view)
        try:
            game_id = await self.store.insert_game(
                kind=kind, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id, creator_name=name,
                options=options, seed=seed, seats_wanted=seats_wanted, now=now, snapshot=snapshot,
                meta=dump_json(view.meta), post=post_text)
        except errors.ChannelBusy:
            raise await self._channel_busy(channel_id) from None
        view = replace(view, id=game_id)
        async with self.game_lock(game_id):
            self._remember(_Entry(view=view, kind=game_kind))
        return view

    async def _channel_busy(self, channel_id: int) -> errors.ChannelBusy:
        """The refusal of a second game in ``channel_id``, naming the kind of the game that holds it (read
        again: it may have ended meanwhile, then without a kind)."""
        game = await self.game_in_channel(channel_id)
        return errors.ChannelBusy(channel_id=channel_id, **({"kind": game.kind} if game is not None else {}))

    async def join(self, game_id: int, user_id: int, name: str) -> GameView:
        return await self._take_seat(game_id, user_id, name, is_ai=False)

    async def add_ai(self, game_id: int, by_user_id: int, name: str, may_manage_channel: bool = False) -> GameView:
        """The creator, or anyone who may manage the channel (as for :meth:`abandon`: one rule for a lobby's seats
        and its end), fills a lobby seat with an AI player (the cogs drive it through ``apply_ai``)."""
        return await self._take_seat(game_id, by_user_id, name, is_ai=True, may_manage_channel=may_manage_channel)

    async def _take_seat(self, game_id: int, user_id: int, name: str, *, is_ai: bool,
                         may_manage_channel: bool = False) -> GameView:
        async def work(entry: _Entry) -> GameView:
            view = entry.view
            if is_ai and user_id != view.creator_id and not may_manage_channel:
                raise errors.NotPermitted(game_id=game_id)
            if not is_ai and view.seat_of(user_id) is not None:
                raise errors.AlreadySeated(game_id=game_id, seat=view.seat_of(user_id))
            if len(view.seats) >= view.seats_wanted:
                raise errors.TableFull(game_id=game_id, seats=view.seats_wanted)
            seat = Seat(len(view.seats), None if is_ai else user_id, str(name)[:MAX_NAME_LENGTH], is_ai)
            now = self._clock()
            await self.store.change_seats(game_id, [seat], now, replace=False)
            entry.view = replace(view, seats=view.seats + (seat,), updated_at=now, last_activity_at=now)
            return entry.view
        return await self._change(game_id, work, lobby=True)

    async def leave(self, game_id: int, user_id: int) -> GameView:
        """Leave a lobby; later seats move up so the seats stay numbered 0..n-1."""
        def seat_to_drop(view: GameView) -> int:
            seat_no = view.seat_of(user_id)
            if seat_no is None:
                raise errors.NotSeated(game_id=game_id)
            if user_id == view.creator_id:
                raise errors.CreatorCannotLeave(game_id=game_id)
            return seat_no
        return await self._drop_seat(game_id, seat_to_drop)

    async def remove_ai(self, game_id: int, by_user_id: int, may_manage_channel: bool = False) -> GameView:
        """The creator, or anyone who may manage the channel (as for :meth:`add_ai`), takes the last AI seat out of
        a lobby; later seats move up."""
        def seat_to_drop(view: GameView) -> int:
            if by_user_id != view.creator_id and not may_manage_channel:
                raise errors.NotPermitted(game_id=game_id)
            bots = [s.seat for s in view.seats if s.is_ai]
            if not bots:
                raise errors.NotSeated(game_id=game_id)
            return bots[-1]
        return await self._drop_seat(game_id, seat_to_drop)

    async def _drop_seat(self, game_id: int, seat_to_drop: Callable[[GameView], int]) -> GameView:
        async def work(entry: _Entry) -> GameView:
            view = entry.view
            dropped = seat_to_drop(view)
            seats = tuple(replace(s, seat=i) for i, s in enumerate(s for s in view.seats if s.seat != dropped))
            now = self._clock()
            await self.store.change_seats(game_id, seats, now, replace=True)
            entry.view = replace(view, seats=seats, updated_at=now, last_activity_at=now)
            return entry.view
        return await self._change(game_id, work, lobby=True)

    async def start(self, game_id: int, user_id: int, plan: Planner | None = None) -> GameView:
        """The creator starts once at least the kind's minimum has joined (``seats_wanted`` is the most).
        ``plan`` decides the first post, committed with the start."""
        async def work(entry: _Entry) -> GameView:
            view = entry.view
            if user_id != view.creator_id:
                raise errors.NotCreator(game_id=game_id)
            if len(view.seats) < entry.kind.min_seats:
                raise errors.NotEnoughPlayers(game_id=game_id, seated=len(view.seats), needed=entry.kind.min_seats)
            state = entry.kind.create(len(view.seats), view.seed, view.options)
            snapshot, state = _stored(entry.kind, state, errors.InvalidOptions, "the new game")
            now = self._clock()
            started = replace(view, status=ACTIVE, state=state, started_at=now, updated_at=now,
                              last_activity_at=now, reminder_count=0)
            book = self._start_book(entry.kind, started, plan)
            started, meta_text, post_text = _bookkeeping_json(book, started)
            names = _seat_names(started, book and book.seat_names)
            await self.store.start_game(game_id, snapshot, now, meta=meta_text, post=post_text, seat_names=names)
            entry.view = _renamed(started, names)
            return entry.view
        return await self._change(game_id, work, lobby=True)

    async def abandon(self, game_id: int, user_id: int, may_manage_channel: bool = False, *,
                      forfeit: bool = False) -> GameView:
        """End an open game without results: its creator, or anyone who may manage the channel. ``forfeit``: the
        user is a player leaving the game (``/<game> abandon``), who loses it if it is rated and others have
        played in it (:meth:`_forfeit`): abandoning a losing game changed nobody's rating, a rating dodge."""
        async def work(entry: _Entry) -> GameView:
            view = entry.view
            if view.status not in OPEN_STATUSES:
                raise errors.GameNotActive(game_id=game_id, status=view.status)
            if not acts_as_creator(view, user_id) and not may_manage_channel:   # (a creator who left the table)
                raise errors.NotPermitted(game_id=game_id)
            now = self._clock()
            rated = await self._forfeit(entry, user_id) if forfeit else ()
            await self.store.end_game(game_id, ABANDONED, now, rated=rated)
            entry.view = replace(view, status=ABANDONED, finished_at=now, updated_at=now)
            return entry.view
        return await self._change(game_id, work)

    async def hand_over(self, game_id: int, seat: int, former: int, user_id: int, name: str, *,
                        forfeit: bool = False, by_name: str | None = None) -> GameView:
        """Give a seat of a game in play to another person (``user_id``, named ``name``): the seat was ``former``'s
        (else ``StaleMove``: it changed hands or the offer is old); the newcomer must sit nowhere else in the game
        (``AlreadySeated``). The seat's new holder, the table's note of it (``TableMeta.handed``, which makes the
        seat unrated) and the post that says so commit together (``turn.hand_over_book``). ``forfeit``: the former
        holder gave the seat away themselves, which in a rated game counts as leaving it, as ``abandon`` does
        (:meth:`_forfeit`): they are rated now as having lost to everyone else, whose ratings wait for the end;
        only the seat's first holder (anyone who held it later is unrated for it). ``by_name``: the moderator who
        handed it (the log line says so), for a player who left or whom the bot plays for."""
        async def work(entry: _Entry) -> GameView:
            view = entry.view
            if view.status != ACTIVE:
                raise errors.GameNotActive(game_id=game_id, status=view.status)
            if not 0 <= seat < len(view.seats) or view.seats[seat].is_ai or view.seats[seat].user_id != former:
                raise errors.StaleMove(game_id=game_id)
            if view.seat_of(user_id) is not None:
                raise errors.AlreadySeated(game_id=game_id, seat=view.seat_of(user_id))
            first_holder = seat not in TableMeta.of(view.meta).handed
            rated = await self._forfeit(entry, former, alone=True) if forfeit and first_holder else ()
            now = self._clock()
            seats = tuple(replace(s, user_id=user_id, name=str(name)[:MAX_NAME_LENGTH]) if s.seat == seat else s
                          for s in view.seats)
            after = replace(view, seats=seats, updated_at=now)
            book = hand_over_book(entry.kind, after, seat, former, view.seats[seat].name, now, by_name)
            after, meta_text, post_text = _bookkeeping_json(book, after)
            await self.store.hand_over_seat(game_id, seat, former, user_id, seats[seat].name, now, meta=meta_text,
                                            post=post_text, rated=rated, rated_user=former,
                                            seq=view.version)
            entry.view = after
            entry.undo_check = None
            entry.last_move = None
            return after
        return await self._change(game_id, work)

    async def would_forfeit(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` giving their own seat away now would rate them as having lost (:meth:`hand_over` with
        ``forfeit``): they hold it first, in a game rated at its end where another seat has moved. Reads only: the
        giver is warned before their offer goes out."""
        async with self.game_lock(game_id):
            entry = await self._entry(game_id)
            seat = entry.view.seat_of(user_id)
            if seat is None or seat in TableMeta.of(entry.view.meta).handed:
                return False
            return ratings.is_rated(await self._forfeit(entry, user_id, alone=True))

    async def _forfeit(self, entry: _Entry, user_id: int, *, alone: bool = False) -> tuple[ratings.RatedSeat, ...]:
        """The seats to rate when ``user_id`` abandons the game, as on Board Game Arena: the one who leaves loses
        (last place), everyone else shares first. Only a game that would be rated at its end (two seats or more,
        neither solo nor co-operative), in play, that the user plays in and in which another seat has made a move
        that stands: a game left before anyone else played cost nobody anything. Empty: nobody is rated. Seats
        that changed hands count as the bot's (``ratings.without_handed``); ``alone``: the game goes on (a seat
        handed over), so the leaver's own seat counts however it was held."""
        view, kind = entry.view, entry.kind
        seat = view.seat_of(user_id)
        if view.status != ACTIVE or seat is None or view.seats[seat].is_ai or len(view.seats) < 2 \
                or kind.cooperative or kind.is_solo(len(view.seats), view.options):
            return ()
        moves = await self.store.moves(view.id)
        undone = {m.undoes for m in moves if m.undoes is not None}
        if not any(m.seat != seat for m in moves if m.undoes is None and m.seq not in undone):
            return ()
        places = [SeatResult(s.seat, None, 2 if s.seat == seat else 1) for s in view.seats]
        table = TableMeta.of(view.meta or {})
        handed = {s for s in table.handed if not (alone and s == seat)}
        return ratings.without_handed(ratings.seats_of(view.seats, places, table.bots), handed)

    # --------------------------------------------------------------------------------------- moves

    def _start_book(self, kind: GameKind, view: GameView, plan: Planner | None) -> Bookkeeping | None:
        """What a game's start commits: ``plan``'s decision, else the turn book's first post."""
        if plan is not None:
            return plan(view, None)
        return None if self.turns is None else self.turns.start(kind, view)[0]

    async def apply(self, game_id: int, user_id: int, move: dict, expected_version: int | None = None,
                    plan: Planner | None = None, *, locale: str | None = None) -> ApplyResult:
        """Play ``move`` for the user's seat. ``expected_version`` is the version the player saw (the
        button carries it); None means "whatever is current" (typed commands). ``plan`` decides the
        bookkeeping and the post committed with the move."""
        async def seat_for(view: GameView) -> int:
            seat = view.seat_of(user_id)
            if seat is None:
                raise errors.NotSeated(game_id=game_id)
            return seat
        return await self._apply(game_id, seat_for, user_id, move, expected_version, plan, locale)

    async def apply_ai(self, game_id: int, seat: int, move: dict, expected_version: int | None = None,
                       plan: Planner | None = None, *, locale: str | None = None) -> ApplyResult:
        """Play for an AI seat (only AI seats can be driven this way)."""
        async def seat_for(view: GameView) -> int:
            if not 0 <= seat < len(view.seats) or not view.seats[seat].is_ai:
                raise errors.NotPermitted(game_id=game_id, seat=seat)
            return seat
        return await self._apply(game_id, seat_for, None, move, expected_version, plan, locale)

    async def apply_for_seat(self, game_id: int, seat: int, move: dict, expected_version: int | None = None,
                             plan: Planner | None = None, *, locale: str | None = None,
                             ruled: bool = False, taken: bool = False) -> ApplyResult:
        """Play for a human seat whose player is away (the shell's idle-seat takeover). The move is logged
        without a user id, and the table's log says it was played for them: by the bot, or ``ruled``: by the
        game's rules when their time ran out (``Kind.timeout_move``; the turn book keeps which, ``TableMeta.ruled``,
        so that neither the log nor "Bot for Dan" takes it for the bot's). ``taken``: the bot plays the seat it
        took over, and the seat must still be taken now, under the game's lock (else ``SeatGivenBack``): the
        player who took it back while the bot was choosing was told "the bot no longer plays for you", yet the
        bot's move landed, and the chained ones after it."""
        async def seat_for(view: GameView) -> int:
            if not 0 <= seat < len(view.seats):
                raise errors.NotPermitted(game_id=game_id, seat=seat)
            if taken and seat not in TableMeta.of(view.meta).taken:
                raise errors.SeatGivenBack(game_id=game_id, seat=seat)
            return seat
        return await self._apply(game_id, seat_for, None, move, expected_version, plan, locale, played_for=True,
                                 ruled=ruled)

    async def _apply(self, game_id, seat_for, user_id, move, expected_version, plan, locale, *,
                     played_for: bool = False, ruled: bool = False) -> ApplyResult:
        """Play a move for the seat ``seat_for(view)`` names, telling the observer what came of it."""
        played: list[str] = []

        async def work(entry: _Entry) -> ApplyResult:
            view, kind = entry.view, entry.kind
            played.append(view.kind)
            if view.status != ACTIVE:
                raise errors.GameNotActive(game_id=game_id, status=view.status)
            seat = await seat_for(view)
            if expected_version is not None and expected_version != view.version:
                raise errors.StaleMove(game_id=game_id, expected=expected_version, current=view.version)
            move_text, canonical_move = _canonical(move, errors.InvalidMove, "a move")
            # A RuleError leaves through _change, which drops the cache entry: even a kind that broke the
            # "state unchanged" promise cannot leave a corrupted state behind.
            state, events = kind.apply(view.state, seat, canonical_move)
            snapshot, state = _stored(kind, state, errors.InvalidMove, "the game after this move")
            revealed = _revealed(kind, view.state, canonical_move, state)
            finished = kind.is_finished(state)
            seq = view.version + 1
            now = self._clock()
            score = kind.score(state) if finished else None
            results = seat_results(kind, state, len(view.seats), score) if finished else ()
            after = replace(view, state=state, version=seq, updated_at=now, last_activity_at=now,
                            reminder_count=0, status=FINISHED if finished else ACTIVE,
                            finished_at=now if finished else None)
            result = ApplyResult(game_id=game_id, seq=seq, version=seq, seat=seat, events=list(events),
                                 state=state, finished=finished, results=results, score=score)
            book = None if plan is None else plan(after, result)
            if plan is None and self.turns is not None:
                book, turn = self.turns.move(kind, after, result, seat, kind.step_mark(view.state), locale=locale,
                                             played_for=played_for, ruled=ruled)
                result = replace(result, turn=turn)
            after, meta_text, post_text = _bookkeeping_json(book, after)
            if finished:
                await self.store.append_final_move(
                    game_id=game_id, seq=seq, seat=seat, user_id=user_id, move=move_text, snapshot=snapshot,
                    now=now, results=results, seat_users={s.seat: s.user_id for s in view.seats},
                    final_score=dump_json(score), meta=meta_text, post=post_text,
                    rated=() if kind.cooperative or kind.is_solo(len(view.seats), view.options) else _rated_seats(
                        view, results))
            else:
                try:
                    await self.store.append_move(game_id=game_id, seq=seq, seat=seat, user_id=user_id,
                                                 move=move_text, snapshot=snapshot, now=now, meta=meta_text,
                                                 post=post_text)
                except errors.StaleMove:
                    # Another process moved this game on; the cache entry is dropped on the way out.
                    raise errors.StaleMove(game_id=game_id, expected=view.version, current=None) from None
            entry.view = after
            entry.last_move = None if revealed is None else _LastMove(seq, seat, user_id, revealed)
            return result
        try:
            result = await self._change(game_id, work)
        except Exception as error:
            code = getattr(error, "code", None)
            if self.observer is not None and isinstance(code, str):
                self.observer.move_refused(code)
            raise
        if self.observer is not None:
            self.observer.move_applied(played[0] if played else "?")
        return result

    # ---------------------------------------------------------------------------------------- undo

    @staticmethod
    def _quick_can_undo(entry: _Entry, user_id: int) -> bool | None:
        """``can_undo``'s answer from the move this process applied last, when it made the current version
        (the top of the effective log, so the undo policy asks only about it); None: not known, replay.
        Same policy as ``plan_undo``: the top move must be this player's own (for their seat, not made for
        them) and reveal nothing; an inactive game, an unseated user or a kind without undo never."""
        view, last = entry.view, entry.last_move
        if view.status != ACTIVE or not entry.kind.has_undo:
            return False
        seat = view.seat_of(user_id)
        if seat is None:
            return False
        if last is None or last.version != view.version:
            return None
        return last.seat == seat and last.user_id == user_id and not last.revealed

    async def _undo_plan(self, entry: _Entry, user_id: int) -> tuple[int, UndoPlan]:
        """(seat, plan) for the user's undo at the entry's version, or the refusal. Call under the lock."""
        view = entry.view
        if view.status != ACTIVE:
            raise errors.GameNotActive(game_id=view.id, status=view.status)
        seat = view.seat_of(user_id)
        if seat is None:
            raise errors.NotSeated(game_id=view.id)
        key = (view.version, seat, user_id)
        if entry.undo_check is None or entry.undo_check[0] != key:
            try:
                rows = await self.store.moves(view.id)
                answer: UndoPlan | errors.EngineError = plan_undo(
                    entry.kind, len(view.seats), view.seed, view.options, rows, seat, user_id, view.id)
            except errors.EngineError as refusal:
                answer = refusal
            except BrokenLog as error:
                raise errors.StorageError(reason=str(error)) from None
            entry.undo_check = (key, answer)
        answer = entry.undo_check[1]
        if isinstance(answer, errors.EngineError):
            raise type(answer)(**answer.params)
        return seat, answer

    async def can_undo(self, game_id: int, user_id: int) -> bool:
        """Would ``undo`` take a move back now? (For showing an Undo button; nothing is written.)"""
        async with self.game_lock(game_id):
            entry = await self._entry(game_id)
            quick = self._quick_can_undo(entry, user_id)
            if quick is not None:
                return quick
            try:
                await self._undo_plan(entry, user_id)
            except errors.EngineError:
                return False
            return True

    async def undo(self, game_id: int, user_id: int, expected_version: int | None = None,
                   plan: Planner | None = None) -> UndoResult:
        """Take back the user's last move (see ``bot/engine/undo.py`` for the policy). Appends an undo entry
        with the state before that move as the snapshot, and the turn's bookkeeping and post, in one
        statement; the version goes up by one like a move's, so buttons made before are stale."""
        async def work(entry: _Entry) -> UndoResult:
            view, kind = entry.view, entry.kind
            if view.status == ACTIVE and expected_version is not None and expected_version != view.version:
                raise errors.StaleMove(game_id=game_id, expected=expected_version, current=view.version)
            seat, undo_plan = await self._undo_plan(entry, user_id)
            state = undo_plan.before
            seq = view.version + 1
            now = self._clock()
            after = replace(view, state=state, version=seq, updated_at=now, last_activity_at=now, reminder_count=0)
            result = UndoResult(game_id=game_id, seq=seq, version=seq, seat=seat,
                                undone_seq=undo_plan.target.seq, undone_move=undo_plan.target.move, state=state)
            book = None if plan is None else plan(after, result)
            if plan is None and self.turns is not None:
                book, turn = self.turns.undo(kind, after, result, seat, kind.step_mark(view.state),
                                             pending_seats(kind, view.state), decision_of(kind, view.state, seat))
                result = replace(result, turn=turn)
            after, meta_text, post_text = _bookkeeping_json(book, after)
            try:
                await self.store.append_undo(game_id=game_id, seq=seq, seat=seat, user_id=user_id,
                                             undoes=undo_plan.target.seq, snapshot=kind.dumps(state), now=now,
                                             meta=meta_text, post=post_text)
            except errors.StaleMove:
                raise errors.StaleMove(game_id=game_id, expected=view.version, current=None) from None
            entry.view = after
            entry.undo_check = None
            entry.last_move = None          # the new top was applied earlier: whether it revealed is not known
            return result
        return await self._change(game_id, work)

    # --------------------------------------------------------------------------------------- reads

    async def load(self, game_id: int) -> GameView:
        async with self.game_lock(game_id):
            return (await self._entry(game_id)).view

    async def game_in_channel(self, channel_id: int) -> GameView | None:
        game_id = await self.store.open_game_id(channel_id)
        if game_id is None:
            return None
        view = await self.load(game_id)
        # It may have ended between the two reads; then the channel is free.
        return view if view.is_open else None

    async def legal_moves(self, game_id: int, user_id: int) -> list[dict]:
        """The moves the user may play now ([] when not seated or the game is not in play)."""
        async with self.game_lock(game_id):
            entry = await self._entry(game_id)
            seat = entry.view.seat_of(user_id)
            if entry.view.status != ACTIVE or seat is None:
                return []
            return entry.kind.legal_moves(entry.view.state, seat)

    async def pending(self, game_id: int) -> list[dict]:
        async with self.game_lock(game_id):
            entry = await self._entry(game_id)
            if entry.view.status != ACTIVE:
                return []
            return entry.kind.pending(entry.view.state)

    async def move_log(self, game_id: int) -> list[MoveRecord]:
        """``Store.moves`` of a game the manager knows: the whole history, undone moves still in place."""
        await self.load(game_id)
        return await self.store.moves(game_id)

    async def last_game_in_channel(self, channel_id: int, kind: str | None = None) -> GameView | None:
        """The newest game (of ``kind``, when given) that started in a channel, open or over (for replays of a
        finished game)."""
        game_id = await self.store.last_game_id(channel_id, kind)
        return None if game_id is None else await self.load(game_id)

    async def forget_user(self, user_id: int, name: str) -> list[int]:
        """``Store.forget_user``, with the name cut to a seat name's length and the changed games' cache dropped."""
        ids = await self.store.forget_user(user_id, str(name)[:MAX_NAME_LENGTH])
        for game_id in ids:
            async with self.game_lock(game_id):
                self._forget(game_id)
        return ids

    # ----------------------------------------------------------------------------------- reminders

    async def note_reminder(self, game_id: int, now: float | None = None) -> None:
        async def work(entry: _Entry) -> None:
            if entry.view.status != ACTIVE:
                raise errors.GameNotActive(game_id=game_id, status=entry.view.status)
            at = self._clock() if now is None else now
            await self.store.note_reminder(game_id, at)
            entry.view = replace(entry.view, reminder_count=entry.view.reminder_count + 1)
        await self._change(game_id, work)

    async def claim_reminder(self, item: ReminderDue, now: float | None = None) -> bool:
        """Count the reminder ``item`` announced, unless another process did or the game moved on since it
        was listed: True means this caller (alone) sends it. See claims.py."""
        async def work(entry: _Entry) -> bool:
            at = self._clock() if now is None else now
            won = await self.store.claim_reminder(item.game_id, item.version, item.reminder_count, at)
            if won and entry.view.version == item.version:
                entry.view = replace(entry.view, reminder_count=item.reminder_count + 1)
            elif not won:
                self._forget(item.game_id)     # another process changed the game: reload it next time
            return won
        return await self._change(item.game_id, work)

    # ------------------------------------------------------------------------------ adapter metadata

    async def set_meta_keys(self, game_id: int, changes: Mapping[str, Any], post: dict | None = None,
                            seat_names: Mapping[int, str] | None = None,
                            adjust: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None) -> None:
        """Several meta keys in one write under the game's lock (``bot.engine.table.update_meta``); None
        deletes a key. ``post``: an outbox post committed with them (``bot.engine.turn.redraw_post``);
        ``seat_names``: seats renamed in the same write (seat -> name: the bots', in a language the game
        changed to). ``adjust``: more keys, worked out from the meta current under the lock (the seats taken
        over: ``bot.engine.table.taken_change``), so that two changes at once cannot undo each other."""
        async def work(entry: _Entry) -> None:
            meta = dict(entry.view.meta)
            keys = {**changes, **(adjust(entry.view.meta) if adjust is not None else {})}
            for key, value in keys.items():
                if value is None:
                    meta.pop(key, None)
                else:
                    meta[key] = value
            text = _meta_json(meta, ", ".join(keys))
            post_text = None if post is None else _meta_json(post, "post")
            names = _seat_names(entry.view, seat_names)
            await self.store.set_game_meta(game_id, json.loads(text), post_text, entry.view.version, self._clock(),
                                           seat_names=names)
            entry.view = _renamed(replace(entry.view, meta=json.loads(text)), names)
        await self._change(game_id, work)
