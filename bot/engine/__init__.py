"""Game sessions: one game per channel in SQLite or PostgreSQL, crash-safe and concurrency-safe. See docs/engine.md."""
from .errors import (
                     AlreadySeated,
                     ChannelBusy,
                     CreatorCannotLeave,
                     EngineError,
                     GameNotActive,
                     GameNotInLobby,
                     InvalidMeta,
                     InvalidMove,
                     InvalidOptions,
                     InvalidSeatCount,
                     InvalidSeed,
                     NotCreator,
                     NotEnoughPlayers,
                     NothingToUndo,
                     NotPermitted,
                     NotSeated,
                     StaleMove,
                     StorageError,
                     StoreOpenError,
                     TableFull,
                     UndoAfterOtherPlayer,
                     UndoAfterReveal,
                     UndoUnsupported,
                     UnknownGame,
                     UnknownKind,
)
from .kinds import GameKind, KindRegistry, default_registry, load_kind
from .records import (
                     ApplyResult,
                     Bookkeeping,
                     GameView,
                     MoveRecord,
                     OutboxPost,
                     ReminderDue,
                     ResultRow,
                     Seat,
                     SeatResult,
                     UndoResult,
)
from .sessions import Planner, SessionManager
from .store import Repository, Store
from .turn import TurnBook, TurnRecord, decision_of, pending_seats

__all__ = [
    "AlreadySeated", "ApplyResult", "Bookkeeping", "OutboxPost", "Planner",
    "ChannelBusy", "CreatorCannotLeave", "EngineError", "GameKind",
    "GameNotActive", "GameNotInLobby", "GameView", "InvalidMeta", "InvalidMove", "InvalidOptions", "InvalidSeatCount",
    "InvalidSeed", "KindRegistry", "MoveRecord", "NotCreator", "NotEnoughPlayers", "NotPermitted", "NotSeated",
    "ReminderDue", "Repository", "ResultRow", "Seat", "SeatResult", "SessionManager", "StaleMove", "StorageError",
    "Store",
    "StoreOpenError", "TableFull", "UnknownGame", "UnknownKind", "default_registry", "load_kind",
    "NothingToUndo", "UndoAfterOtherPlayer", "UndoAfterReveal", "UndoResult", "UndoUnsupported",
    "TurnBook", "TurnRecord", "decision_of", "pending_seats",
]
