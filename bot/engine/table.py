"""A game's table settings and bookkeeping, typed: what the shell and the turn book keep in the game's JSON
``meta`` column (``GameView.meta``), one field per key.

The column's format is unchanged, so every existing database loads: :meth:`TableMeta.of` reads each known key
(tolerating a missing one or a value of the wrong shape: the field's default) and keeps unknown keys in
``extra``; :meth:`TableMeta.to_json` writes the same keys back, leaving out fields at their default (absent
meant "the default" in every version). Seats are JSON object keys, so strings there; ints here.

Changes go through :func:`update_meta` (``update_meta(sessions, game.id, pace="fast")``), which names the
fields, never the JSON keys.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any, Protocol


def _seat_map(convert: Callable[[Any], Any]) -> Callable[[Any], dict[int, Any]]:
    """JSON ``{"0": value}`` to ``{0: convert(value)}``, skipping what is not a seat or not convertible."""
    def read(raw: Any) -> dict[int, Any]:
        if not isinstance(raw, dict):
            return {}
        seats = {}
        for key, value in raw.items():
            try:
                seats[int(key)] = convert(value)
            except (TypeError, ValueError):
                continue
        return seats
    return read


def _seat_json(value: Mapping[int, Any]) -> dict[str, Any]:
    return {str(seat): item for seat, item in sorted(value.items())}


def _taken(raw: Any) -> frozenset[int]:
    return frozenset(seat for seat, on in _seat_map(bool)(raw).items() if on)


def _text(raw: Any) -> str | None:
    return raw if isinstance(raw, str) and raw else None


def _int(raw: Any) -> int:
    return int(raw) if isinstance(raw, (int, float)) and not isinstance(raw, bool) else 0


def _id(raw: Any) -> int | None:
    return int(raw) if isinstance(raw, int) and not isinstance(raw, bool) else None


def _number(raw: Any) -> float:
    return float(raw) if isinstance(raw, (int, float)) and not isinstance(raw, bool) else 0.0


def _list(raw: Any) -> list:
    return list(raw) if isinstance(raw, list) else []


def _seqs(raw: Any) -> tuple[int, ...]:
    """A list of move numbers (anything else in it is dropped; not a list: none)."""
    return tuple(x for x in _list(raw) if type(x) is int)


def _marks(raw: Any) -> tuple[tuple[int, str, str], ...]:
    """A seat's hand-over marks (:attr:`TableMeta.handed_at`): [move number, name, moderator's name] (anything else
    dropped)."""
    return tuple((x[0], x[1], x[2]) for x in _list(raw) if isinstance(x, list) and len(x) == 3
                 and type(x[0]) is int and isinstance(x[1], str) and isinstance(x[2], str))


def _offer(raw: Any) -> dict[str, Any]:
    """An offer's entry (:attr:`TableMeta.offers`): its numbers, or ValueError (the entry is dropped on reading)."""
    if not isinstance(raw, dict) or not all(_id(raw.get(k)) for k in ("to", "from", "by")):
        raise ValueError("not an offer")
    return {"to": raw["to"], "from": raw["from"], "by": raw["by"], "at": _number(raw.get("at")),
            "message": _id(raw.get("message")), "by_name": _text(raw.get("by_name"))}


def _is_question(raw: Any) -> bool:
    """A time-out question's entry: [seat, since, message id], all numbers (anything else is dropped on reading)."""
    return isinstance(raw, list) and len(raw) == 3 and all(
        isinstance(x, (int, float)) and not isinstance(x, bool) for x in raw)


@dataclass(frozen=True)
class TableMeta:
    #: the language of the game's public posts (absent: the default language)
    locale: str | None = None
    #: whether someone chose that language (``language:`` at ``new``, ``/<game> language``, a ``/find`` table);
    #: otherwise the game's start may change it to the one its players share (``bot.engine.turn.start_language``)
    locale_chosen: bool = False
    #: each seat's own language, from their last move or joining (reminders reach them outside interactions)
    seat_locales: Mapping[int, str] = field(default_factory=dict)
    #: the turn clock's pace (``cogs.pace.PACES``; absent: none, as in games from before clocks)
    pace: str | None = None
    #: seconds a human seat may stay idle before the bot plays for it (0: never)
    takeover_s: int = 0
    #: human seats the bot plays for until their player is back
    taken: frozenset[int] = frozenset()
    #: whether players may ask for hints
    hints: bool = True
    #: the AI level of each bot seat
    bots: Mapping[int, str] = field(default_factory=dict)
    #: written by the clock only: how far each due seat's clock has gone ({"since", "start", "level"})
    clock_notes: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    #: written by the clock only: the time-out questions still open ([[seat, since, message id]], posted in the
    #: game's channel): once the game is over they lose their buttons and say so
    clock_questions: tuple = ()
    #: the turn clocks, kept by the turn book with every move: {"since": {seat: t}, "spent": {seat: [s, n]}}
    clock: Mapping[str, Any] = field(default_factory=dict)
    #: the lobby message's id (its buttons and embed are edited as seats fill)
    lobby_message: int | None = None
    #: the lobby's recent lines (who opened it, joined, left, switched its language), oldest first, each
    #: {"key", "params", "on": the id of the lobby message that first showed it}: the lobby message shows the last
    #: few, a copy retired below a newer one keeps its own (``cogs.lobby``); gone once the lobby closes
    lobby_lines: tuple = ()
    #: the turn book's: events since the last public post
    unposted_events: tuple = ()
    #: the turn book's: [[seat, version, decision key]] mentions already sent for the current decisions (entries
    #: written before decision keys were kept have two items)
    notified: tuple = ()
    #: the turn book's: [[seat, decision key]] mentions an undo took back (that seat is no longer due); the next
    #: public post does not ping the seat again when it makes it due for the same decision (a redo)
    withdrawn: tuple = ()
    #: the turn book's: the mark of the message the last public post went into (``Kind.message_mark``)
    message_mark: Any = None
    #: the turn book's: seats whose decision went on privately since the last public post (a move that kept their
    #: step): the live message offers them no menu (it would be of a decision already made), only "My moves"
    #: (``bot.engine.turn.menu_seat``); kept here, not in a process's memory, so that it holds after a restart
    went_private: frozenset[int] = frozenset()
    #: the turn book's: each seat's moves (their seqs) the rules made when its time ran out (``Kind.timeout_move``),
    #: which the move log keeps without a user, as it keeps the bot's: the log and the live message say the time ran
    #: out for them (not "🤖 for Dan" under "Bot stand-in: Never"), and only the bot's own moves make a seat the
    #: bot's game ("Bot for Dan", unrated). Absent in games from before: their moves without a user read as the bot's
    ruled: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    #: written by the courier only, before it sends: the "away until" marks the live message shows (seat -> until);
    #: the clock's tick redraws the message once one of them no longer holds (the period ran out, or ended)
    away_shown: Mapping[int, float] = field(default_factory=dict)
    #: written by the courier's ``cogs.reach`` only: Discord refuses the game's posts in its channel (a permission
    #: taken away): {"at": since when, "until": the next try, "tries": how many so far, "missing": the permissions'
    #: names}; empty while its posts go out. Its posts wait and its clocks stand still while it is held
    held: Mapping[str, Any] = field(default_factory=dict)
    #: when the game's posts last went out again after a hold (its idle time is counted from then)
    resumed_at: float = 0.0
    #: seats that changed hands during play (``SessionManager.hand_over``): seat -> the user ids that held it before,
    #: oldest first. Such a seat is rated for nobody at the end (``ratings.without_handed``) and counts in stats as
    #: played by whoever held it at the end, in no win, average or best score (``ResultRow.handed``)
    handed: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    #: beside :attr:`handed`, entry for entry: (the game's version when that holder handed the seat on, their name,
    #: the name of the moderator who handed it for them or ""). The moves up to that version are theirs
    #: (:func:`held_at`): a move keeps its mover's name after the hand-over. A hand-over from before these marks
    #: has a blank one (version -1, no name): its moves read under the seat's name now
    handed_at: Mapping[int, tuple[tuple[int, str, str], ...]] = field(default_factory=dict)
    #: the open offers to hand a seat to someone (``cogs.handover``): seat -> {"to": user id, "from": the user id
    #: holding the seat when it was offered, "by": who offered it, "at": when, "message": the offer's message id,
    #: "by_name": the name of the moderator who offered it for its player, whom the log line names}
    offers: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    #: why the game ended, when no player ended it (``"channel_deleted"``: its channel or thread was deleted)
    ended: str | None = None
    #: keys this code does not know (a newer version's), written back unchanged
    extra: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, meta: Mapping[str, Any]) -> TableMeta:
        values = {name: read(meta[key]) for name, (key, read, _write) in CODECS.items() if key in meta}
        known = {key for key, _read, _write in CODECS.values()}
        return cls(**values, extra={k: v for k, v in meta.items() if k not in known})

    def to_json(self) -> dict[str, Any]:
        out = dict(self.extra)
        for name, (key, _read, write) in CODECS.items():
            value = write(getattr(self, name))
            if value is not None:
                out[key] = value
        return out

    def due_since(self) -> dict[int, float]:
        """The turn clocks: since when each due seat has been due."""
        return {seat: float(when) for seat, when in _seat_map(lambda v: v)(self.clock.get("since")).items()
                if isinstance(when, (int, float))}

    def seconds_spent(self) -> dict[int, tuple[float, int]]:
        """The turn clocks: each seat's seconds and number of decisions so far."""
        return {seat: (float(value[0]), int(value[1])) for seat, value in
                _seat_map(lambda v: v)(self.clock.get("spent")).items() if isinstance(value, list) and len(value) == 2}

    def without_seat(self, dropped: int) -> TableMeta:
        """The table after seat ``dropped`` left a lobby and the later seats moved up (``SessionManager.leave``):
        the settings kept per seat (each player's language, each bot's level) move up with their seats, so that
        they stay with the same player (the language a game starts in is read from them)."""
        def shift(values: Mapping[int, Any]) -> dict[int, Any]:
            return {seat - (seat > dropped): value for seat, value in values.items() if seat != dropped}
        return replace(self, seat_locales=shift(self.seat_locales), bots=shift(self.bots))

    def ruled_count(self, seat: int) -> int:
        """How many of the seat's moves the rules made when its time ran out (:attr:`ruled`)."""
        return len(self.ruled.get(seat, ()))

    def seat_locale(self, seat: int) -> str | None:
        """The language a player last acted in, else the game's (None: neither is known)."""
        return self.seat_locales.get(seat) or self.locale


#: field name -> (JSON key, read a JSON value, write one: None leaves the key out)
CODECS: dict[str, tuple[str, Callable[[Any], Any], Callable[[Any], Any]]] = {
    "locale": ("locale", _text, lambda v: v),
    "locale_chosen": ("locale_chosen", lambda v: v is True, lambda v: True if v else None),
    "seat_locales": ("seat_locales", _seat_map(str), lambda v: _seat_json(v) or None),
    "pace": ("pace", _text, lambda v: v),
    "takeover_s": ("takeover_s", _int, lambda v: int(v) or None),
    "taken": ("taken_over", _taken, lambda v: {str(seat): True for seat in sorted(v)} or None),
    "hints": ("hints", lambda v: v is not False, lambda v: None if v else False),
    "bots": ("bots", _seat_map(str), lambda v: _seat_json(v) or None),
    "clock_notes": ("clock_notes", _seat_map(dict), lambda v: _seat_json(v) or None),
    "clock_questions": ("clock_questions", lambda v: tuple(x for x in _list(v) if _is_question(x)),
                        lambda v: [list(x) for x in v] or None),
    "clock": ("clock", lambda v: dict(v) if isinstance(v, dict) else {}, lambda v: dict(v) or None),
    "lobby_message": ("lobby_message_id", _id, lambda v: v),
    "lobby_lines": ("lobby_lines", lambda v: tuple(x for x in _list(v) if isinstance(x, dict)),
                    lambda v: [dict(x) for x in v] or None),
    "unposted_events": ("unposted_events", lambda v: tuple(_list(v)), lambda v: list(v) or None),
    "notified": ("notified", lambda v: tuple(_list(v)), lambda v: [list(x) for x in v] or None),
    "message_mark": ("message_mark", lambda v: v, lambda v: v),
    "went_private": ("went_private", lambda v: frozenset(x for x in _list(v) if type(x) is int),
                     lambda v: sorted(v) or None),
    "withdrawn": ("withdrawn_mentions", lambda v: tuple(_list(v)), lambda v: [list(x) for x in v] or None),
    "ruled": ("ruled_moves", _seat_map(_seqs), lambda v: _seat_json({s: list(q) for s, q in v.items() if q}) or None),
    "away_shown": ("away_shown", _seat_map(float), lambda v: _seat_json(v) or None),
    "held": ("held", lambda v: dict(v) if isinstance(v, dict) else {}, lambda v: dict(v) or None),
    "resumed_at": ("resumed_at", _number, lambda v: float(v) or None),
    "handed": ("handed_over", _seat_map(_seqs), lambda v: _seat_json({s: list(u) for s, u in v.items() if u}) or None),
    "handed_at": ("handed_at", _seat_map(_marks),
                  lambda v: _seat_json({s: [list(x) for x in m] for s, m in v.items() if m}) or None),
    "offers": ("seat_offers", _seat_map(_offer), lambda v: _seat_json({s: dict(o) for s, o in v.items()}) or None),
    "ended": ("ended", _text, lambda v: v),
}
assert set(CODECS) == {f.name for f in fields(TableMeta)} - {"extra"}
DEFAULT = TableMeta()


class MetaWriter(Protocol):
    """``SessionManager.set_meta_keys``: JSON keys of a game's meta (None deletes one), one write under the
    game's lock (with an outbox post, when one is given)."""

    async def set_meta_keys(self, game_id: int, changes: Mapping[str, Any], post: dict | None = None,
                            seat_names: Mapping[int, str] | None = None,
                            adjust: Callable[[Mapping[str, Any]], Mapping[str, Any]] | None = None) -> None: ...


def taken_change(take: Iterable[int], give: Iterable[int]) -> Callable[[Mapping[str, Any]], Mapping[str, Any]]:
    """The meta keys that take ``take`` seats over and give ``give`` seats back, worked out from the meta current
    under the game's lock: two players taking their seats back at once each wrote "taken minus me" from the game
    they had loaded, and the second write put the first player's seat back (the bot played her next turn)."""
    def adjust(meta: Mapping[str, Any]) -> Mapping[str, Any]:
        taken = (TableMeta.of(meta).taken | frozenset(take)) - frozenset(give)
        return {CODECS["taken"][0]: CODECS["taken"][2](taken)}
    return adjust


def acts_as_creator(game: Any, user_id: int) -> bool:
    """Whether ``user_id`` has the creator's say over ``game`` (end it, hand over an absent player's seat): its
    creator, unless they handed their own seat away during play and sit in it no more. A creator who left the table
    ended the game for everyone by "abandoning" it, which the README never gave them; a moderator still may."""
    if user_id != game.creator_id:
        return False
    return game.seat_of(user_id) is not None or not any(user_id in formers
                                                        for formers in TableMeta.of(game.meta).handed.values())


def holder_index(table: TableMeta, seat: int, seq: int) -> int:
    """Which holder of ``seat`` made move ``seq`` (or held the seat once ``seq`` moves were made): an index into its
    holders, oldest first, the last (``len(table.handed[seat])``) being whoever holds it now. A holder's moves are
    those up to the version at which they handed the seat on (``handed_at``), so that a move made before a
    hand-over is named after the person who made it, never after the seat's holder now."""
    marks = table.handed_at.get(seat, ())
    for index, (until, _name, _by) in enumerate(marks):
        if seq <= until:
            return index
    return len(table.handed.get(seat, ()))


def held_as(game: Any, holders: Mapping[int, int]) -> Any:
    """``game`` (a ``GameView``) with the seats of ``holders`` (seat -> :func:`holder_index`) given to those
    holders, user id and name: what every line about a past move names. The game itself when none changed."""
    table = TableMeta.of(game.meta)
    changed = {}
    for seat, index in holders.items():
        former, marks = table.handed.get(seat, ()), table.handed_at.get(seat, ())
        if 0 <= seat < len(game.seats) and index < len(former) and index < len(marks) and marks[index][1]:
            changed[seat] = replace(game.seats[seat], user_id=former[index], name=marks[index][1])
    if not changed:
        return game
    return replace(game, seats=tuple(changed.get(s.seat, s) for s in game.seats))


def held_at(game: Any, seq: int) -> Any:
    """``game`` with each seat named after whoever held it when move ``seq`` was made (:func:`holder_index`): the
    one function the log, the replay and the live message's lines name a past move's mover with."""
    table = TableMeta.of(game.meta)
    if not table.handed:
        return game
    return held_as(game, {seat: holder_index(table, seat, seq) for seat in table.handed})


async def update_meta(sessions: MetaWriter, game_id: int, post: dict | None = None,
                      seat_names: Mapping[int, str] | None = None, *, take: Iterable[int] = (),
                      give: Iterable[int] = (), **changes: Any) -> None:
    """Change the named fields of a game's table meta (``update_meta(sessions, 7, pace="fast", taken=…)``);
    an unknown field name is a bug (TypeError); a field set to its default leaves its key out. ``post``: an
    outbox post committed with the change (``bot.engine.turn.redraw_post``); ``seat_names``: seats renamed with
    it (seat -> name: a game's bots named in the language it changes to). ``take`` / ``give``: seats the bot
    takes over / gives back, applied to the seats taken at the time of the write (:func:`taken_change`)."""
    replace(DEFAULT, **changes)
    keys = {CODECS[name][0]: CODECS[name][2](value) for name, value in changes.items()}
    take, give = frozenset(take), frozenset(give)
    adjust = taken_change(take, give) if take or give else None
    await sessions.set_meta_keys(game_id, keys, post, seat_names, adjust=adjust)
