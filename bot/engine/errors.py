"""Engine errors: what went wrong with a session request, as a stable code plus a message key.

The cogs catch ``EngineError`` (and ``RuleError`` from the game kind, which the engine passes through
unchanged) and hand ``key`` + ``params`` to i18n. Every error is raised before anything is written, so a
rejected request never changes the database or the cache.
"""
from __future__ import annotations

from typing import Any

#: Longest rendering of one parameter in an error's text (the params themselves are kept whole).
MAX_PARAM_TEXT = 80


def _brief(value: Any) -> str:
    """A short repr that cannot fail: params may echo hostile input (an expected version of 10**5000, whose
    repr raises; a nested list whose repr recurses too deep)."""
    try:
        text = repr(value)
    except Exception:               # ValueError (int too long to print), RecursionError, a broken __repr__
        return f"<{type(value).__name__}>"
    return text if len(text) <= MAX_PARAM_TEXT else text[:MAX_PARAM_TEXT - 1] + "…"


class EngineError(Exception):
    """Base class: ``code`` is stable for tests and logs, ``key`` is the message key for players."""

    code: str = "engine_error"

    def __init__(self, **params: Any):
        self.params = params
        self.key = f"engine.error.{self.code}"
        detail = ", ".join(f"{k}={_brief(v)}" for k, v in params.items())
        super().__init__(f"{self.code}: {detail}" if detail else self.code)


class UnknownGame(EngineError):
    code = "unknown_game"


class UnknownKind(EngineError):
    code = "unknown_kind"


class InvalidSeatCount(EngineError):
    """The wanted number of seats is outside what the game kind allows."""

    code = "invalid_seat_count"


class InvalidOptions(EngineError):
    """Options must be a JSON object (they are stored and replayed)."""

    code = "invalid_options"


class InvalidSeed(EngineError):
    code = "invalid_seed"


class InvalidMove(EngineError):
    """The move is not a JSON object; the kind never sees it."""

    code = "invalid_move"


class InvalidMeta(EngineError):
    """Adapter metadata must be JSON (it is stored with the game)."""

    code = "invalid_meta"


class ChannelBusy(EngineError):
    """The channel already has a game in its lobby or in play. ``kind`` names that game's kind (when it is still
    open), so the refusal can point to the game that holds the channel rather than the command typed."""

    code = "channel_busy"


class AlreadySeated(EngineError):
    code = "already_seated"


class TableFull(EngineError):
    code = "table_full"


class NotEnoughPlayers(EngineError):
    code = "not_enough_players"


class NotSeated(EngineError):
    code = "not_seated"


class NotCreator(EngineError):
    code = "not_creator"


class CreatorCannotLeave(EngineError):
    """The creator owns the lobby; they abandon it instead of leaving it ownerless."""

    code = "creator_cannot_leave"


class NotPermitted(EngineError):
    code = "not_permitted"


class GameNotActive(EngineError):
    """Moves and abandoning need a game that is still open (lobby or in play, as the call requires)."""

    code = "game_not_active"


class GameNotInLobby(EngineError):
    """Joining, leaving and starting only make sense before the game starts."""

    code = "game_not_in_lobby"


class StaleMove(EngineError):
    """The player acted on an old picture of the game (the button carried an older version)."""

    code = "stale_move"


class SeatGivenBack(StaleMove):
    """A stand-in's move for a seat whose player took it back while the bot was choosing: the player said "my
    moves" and was told the bot stopped, so the move is as stale as one made on an old picture (same code)."""


class NothingToUndo(EngineError):
    """The player has no move of their own to take back (none made yet, or all taken back)."""

    code = "nothing_to_undo"


class UndoAfterReveal(EngineError):
    """The last move revealed something new (dice rolled, a card drawn): it stands (the game's ``reveals``)."""

    code = "undo_after_reveal"


class UndoAfterOtherPlayer(EngineError):
    """Another player (or the bot for this seat) moved since: undo never crosses someone else's move. ``since``:
    the version the player's own last move in effect made (None: they have none), so a refusal can name who
    moved after it."""

    code = "undo_after_other_player"


class UndoAfterTurnEnded(EngineError):
    """The player's move belongs to a turn that is over: another seat (``seat``) moved in a turn of its own
    after it, even if that seat took its moves back since. Only moves of the current turn may be taken back."""

    code = "undo_after_turn_ended"


class UndoUnsupported(EngineError):
    """The game's rules have no ``reveals`` hook, so the engine cannot tell which moves may be taken back."""

    code = "undo_unsupported"


class QueueChanged(EngineError):
    """A table found in the queue lost one of its players to another match meanwhile; nothing was claimed."""

    code = "queue_changed"


class StorageError(EngineError):
    """The database refused a write (disk full, I/O error, locked by another process); nothing applied."""

    code = "storage_error"


class StoreOpenError(Exception):
    """The database file cannot be used; raised at startup with the file name and the reason."""

    def __init__(self, path: str, reason: str):
        self.path = path
        self.reason = reason
        super().__init__(f"cannot open game database {path!r}: {reason}")


class StoreIsOlder(StoreOpenError):
    """A file opened read-only (``verify``) is at an older schema revision: it would have to be migrated, which
    read-only means not doing. ``verify`` checks a migrated copy instead."""

    def __init__(self, path: str, revision: str | None):
        self.revision = revision
        super().__init__(path, f"its schema revision {revision or 'from before Alembic'} is older than this "
                               "code's; opened read-only, it is not migrated")
