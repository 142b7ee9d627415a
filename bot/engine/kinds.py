"""The game-kind protocol and the registry that maps kind names to implementations.

The engine never imports a game: a kind is an object with the attributes below (see docs/contracts.md),
registered by name; the optional ones get their defaults from ``bot.games.kind.Kind``, the base of every
kind. ``default_registry()`` imports the kinds this project ships lazily, so the engine (and
``python -m bot.engine verify``) keep working while a game package is absent or still being written.
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any, Protocol, runtime_checkable

from bot.games.kind import Kind

State = Any

#: ``module:attribute`` of every game kind the project ships; missing modules are skipped.
KNOWN_KINDS: tuple[str, ...] = (
    "bot.games.rollplayer.kind:KIND",
    "bot.games.dicepoker.kind:KIND",
    "bot.games.rollforadventure.kind:KIND",
)


@runtime_checkable
class GameKind(Protocol):
    name: str
    min_seats: int
    max_seats: int

    def create(self, seats: int, seed: int, options: dict) -> State: ...

    def apply(self, state: State, seat: int, move: dict) -> tuple[State, list[dict]]: ...

    def legal_moves(self, state: State, seat: int) -> list[dict]: ...

    def pending(self, state: State) -> list[dict]: ...

    def is_finished(self, state: State) -> bool: ...

    def score(self, state: State) -> dict: ...

    def dumps(self, state: State) -> str: ...

    def loads(self, text: str) -> State: ...

    # The optional parts (``results``, ``reveals``, ``hint``, ``choose_move``, the history and stats hooks) and
    # the capability flags (``has_undo``, ``has_hint``, ``ai_levels``) come from the base ``bot.games.kind.Kind``.


class KindRegistry(Mapping[str, GameKind]):
    """Name → kind. Checks each kind's shape once, at registration, instead of failing mid-game."""

    def __init__(self, kinds: Mapping[str, GameKind] | list[GameKind] | tuple = ()):
        self._kinds: dict[str, GameKind] = {}
        items = kinds.values() if isinstance(kinds, Mapping) else kinds
        for kind in items:
            self.register(kind)

    def register(self, kind: GameKind) -> GameKind:
        if not isinstance(kind, GameKind):
            missing = [a for a in ("name", "min_seats", "max_seats", "create", "apply", "legal_moves",
                                   "pending", "is_finished", "score", "dumps", "loads")
                       if not hasattr(kind, a)]
            raise TypeError(f"{kind!r} is not a game kind; missing {', '.join(missing)}")
        if not isinstance(kind, Kind):
            raise TypeError(f"{kind!r} is not a game kind; subclass bot.games.kind.Kind")
        if not isinstance(kind.name, str) or not kind.name:
            raise ValueError(f"{kind!r} needs a non-empty name")
        if not (1 <= kind.min_seats <= kind.max_seats):
            raise ValueError(f"kind {kind.name!r}: need 1 <= min_seats <= max_seats")
        if kind.name in self._kinds and self._kinds[kind.name] is not kind:
            raise ValueError(f"a different kind named {kind.name!r} is already registered")
        self._kinds[kind.name] = kind
        return kind

    def __getitem__(self, name: str) -> GameKind:
        return self._kinds[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._kinds)

    def __len__(self) -> int:
        return len(self._kinds)


def load_kind(spec: str) -> GameKind:
    """Import ``package.module:ATTR`` and return that kind object."""
    module_name, sep, attr = spec.partition(":")
    if not sep or not module_name or not attr:
        raise ValueError(f"kind spec {spec!r} must look like 'package.module:ATTR'")
    module = importlib.import_module(module_name)
    try:
        return getattr(module, attr)
    except AttributeError:
        raise ValueError(f"module {module_name!r} has no attribute {attr!r}") from None


def default_registry(specs: tuple[str, ...] = KNOWN_KINDS) -> KindRegistry:
    """Registry of the shipped kinds that are present; a kind that exists but fails to import raises."""
    registry = KindRegistry()
    for spec in specs:
        module_name = spec.partition(":")[0]
        try:
            kind = load_kind(spec)
        except ModuleNotFoundError as error:
            missing = error.name or ""      # the kind's own module (or a parent package), not one of its imports
            if module_name == missing or module_name.startswith(missing + "."):
                continue
            raise
        registry.register(kind)
    return registry


def as_registry(kinds: Mapping[str, GameKind] | KindRegistry | list | tuple) -> KindRegistry:
    if isinstance(kinds, KindRegistry):
        return kinds
    if isinstance(kinds, Mapping):
        for name, kind in kinds.items():
            if getattr(kind, "name", None) != name:
                raise ValueError(f"kind registered as {name!r} calls itself {getattr(kind, 'name', None)!r}")
    return KindRegistry(kinds)
