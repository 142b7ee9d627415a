"""Game sessions: one game per channel in SQLite or PostgreSQL, crash-safe and concurrency-safe. See docs/engine.md.

The package exports what the shell and the tools import from it; everything else is imported from its module."""
from .errors import (
                     ChannelBusy,
                     EngineError,
                     InvalidMeta,
                     InvalidMove,
                     InvalidOptions,
                     NotCreator,
                     NotPermitted,
                     StaleMove,
                     StorageError,
                     StoreIsOlder,
                     StoreOpenError,
                     UndoAfterReveal,
                     UnknownGame,
)
from .kinds import KindRegistry, default_registry, load_kind
from .records import Bookkeeping, GameView, MoveRecord, OutboxPost
from .sessions import SessionManager
from .store import Store, seatable
from .turn import TurnBook, decision_of, menu_seat, pending_seats, redraw_post, seats_mentioned

__all__ = [
    "Bookkeeping", "ChannelBusy", "EngineError", "GameView", "InvalidMeta", "InvalidMove", "InvalidOptions",
    "KindRegistry", "MoveRecord", "NotCreator", "NotPermitted", "OutboxPost", "SessionManager", "StaleMove",
    "StorageError", "Store", "StoreIsOlder", "StoreOpenError", "TurnBook", "UndoAfterReveal", "UnknownGame",
    "decision_of", "default_registry", "load_kind", "menu_seat", "pending_seats", "redraw_post", "seatable",
    "seats_mentioned",
]
