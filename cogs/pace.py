"""The turn clock's bookkeeping, kept in a game's metadata: pure functions, no Discord (``cogs.clock`` acts on
them; ``bot.engine.turn`` keeps ``TableMeta.clock`` in the same transaction as every move), and the words for
paces and durations."""
from __future__ import annotations

from typing import Any

from babel.core import UnknownLocaleError
from babel.dates import format_timedelta

from bot.engine.table import TableMeta
from bot.i18n import N_, t

#: Seconds per decision of each pace a game may be created with (``none``: no clock).
PACES: dict[str, int] = {"fast": 3600, "normal": 24 * 3600, "slow": 72 * 3600, "none": 0}
DEFAULT_PACE = "normal"
#: ``TableMeta.clock_notes``, written by the clock only: {seat: {"since": .., "start": .., "level": ..}} — how far
#: the clock of the seat's current decision has gone (1: half-time reminder sent, 2: last call sent, 3: time ran
#: out). ``start`` moves forward when the other players chose to wait. Notes of an earlier ``since`` are stale.


def pace_seconds(game: Any) -> int:
    return PACES.get(TableMeta.of(game.meta).pace or "none", 0)


def due_since(game: Any) -> dict[int, float]:
    return TableMeta.of(game.meta).due_since()


def average_decision_seconds(game: Any) -> dict[int, float]:
    """Seat → average seconds per decision so far (seats that have not decided anything are left out)."""
    return {seat: total / count for seat, (total, count) in TableMeta.of(game.meta).seconds_spent().items()
            if count}


def deadline_of(game: Any, seat: int) -> float | None:
    """When the seat's time for its current decision runs out (None: no clock, or the seat is not due); time
    away (``/away``) pushes it back, as the clock's last tick measured it (``away_s`` in the seat's note)."""
    pace = pace_seconds(game)
    since = due_since(game).get(seat)
    if not pace or since is None:
        return None
    note = note_of(game, seat, since)
    return float(note.get("start", since)) + float(note.get("away_s", 0)) + pace


def note_of(game: Any, seat: int, since: float) -> dict:
    note = TableMeta.of(game.meta).clock_notes.get(seat, {})
    return dict(note) if note.get("since") == since else {}


def paused_notes(game: Any, seconds: float) -> dict[int, dict]:
    """The game's clock notes with each due seat's clock moved on by ``seconds``, as if they had stood still that
    long (the bot could not post in the game's channel, ``cogs.reach``): its time gone stays what it was."""
    table = TableMeta.of(game.meta)
    notes = {seat: dict(note) for seat, note in table.clock_notes.items()}
    for seat, since in table.due_since().items():
        note = note_of(game, seat, since) or {"since": since, "start": since, "level": 0}
        notes[seat] = {**note, "start": float(note.get("start", since)) + max(0.0, seconds)}
    return notes


# ---------------------------------------------------------------------------------------------- words
def duration_text(seconds: float, locale: str) -> str:
    """"3 hours", "3 Stunden", "3시간" — Babel's words for a length of time, in the reader's language (a language
    Babel does not know gets the catalog's short form, "3 h")."""
    try:
        return format_timedelta(max(1.0, seconds), threshold=1, locale=locale)
    except (ValueError, LookupError, UnknownLocaleError):
        return t("clock.duration.hours", locale, hours=f"{seconds / 3600:.3g}")


def pace_text(pace: str, locale: str, line: str = N_("clock.pace.line")) -> str:
    """The pace as the lobby and status show it: "normal (24 hours per decision)"; ``line``: the game's words for
    what the time is given for (``Presentation.pace_line_key``: dice poker's "per reroll", one each a hand)."""
    seconds = PACES.get(pace, 0)
    if not seconds:
        return t("clock.pace.off", locale)
    return t(line, locale, pace=t(f"clock.pace.{pace}", locale), time=duration_text(seconds, locale))


def clock_status(game: Any, locale: str, away: Any = (), now: float | None = None, *, edited: bool = True) -> str:
    """For the live message's status line: the pace and when the first due player's time runs out ("" for a
    game without a clock), or that it is up when that moment is ``now`` or past; the clocks of the players in
    ``away`` (user ids) stand still: no deadline; so do all of them while the game is held (its channel refuses
    the bot's posts, ``cogs.reach``), which it says instead. ``edited``: the text is drawn again when the deadline moves
    or passes (the live message), so it may say "in 3 hours"; a text never edited again (a direct message)
    gives the date and time instead, which stay true ("3 hours ago" read "time runs out 16 hours ago")."""
    pace = TableMeta.of(game.meta).pace or "none"
    if not PACES.get(pace):
        return ""
    if TableMeta.of(game.meta).held:           # its clocks stand still (``cogs.reach``): no deadline, never "up"
        return t("clock.live.held", locale, pace=t(f"clock.pace.{pace}", locale))
    deadlines = [d for seat in due_since(game) if seat < len(game.seats) and not game.seats[seat].is_ai
                 and game.seats[seat].user_id not in away and (d := deadline_of(game, seat)) is not None]
    named = t(f"clock.pace.{pace}", locale)
    if not deadlines:
        return t("clock.live.pace", locale, pace=named)
    if now is not None and min(deadlines) <= now:
        return t("clock.live.up", locale, pace=named)
    if edited:
        return t("clock.live.deadline", locale, pace=named, when=f"<t:{int(min(deadlines))}:R>")
    return t("clock.live.deadline_at", locale, pace=named, when=f"<t:{int(min(deadlines))}:f>")
