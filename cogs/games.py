"""The games the shell hosts: one registry line per game, and the lookup the shell uses.

A game is registered by naming its presentation object (``module:ATTRIBUTE``); its rules kind is registered
with the engine under the same name (``bot/engine/kinds.py``). The shell imports games only through these
strings, so no shared module depends on a game package (CI's import contracts check it).
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

from .seam import Presentation, check_presentation

#: ``module:attribute`` of every game's presentation, in the order their commands are listed.
PRESENTATIONS: tuple[str, ...] = (
    "cogs.rollplayer:PRESENTATION",
    "cogs.dicepoker:PRESENTATION",
    "cogs.rollforadventure:PRESENTATION",
)


def load_presentation(spec: str) -> Presentation:
    module_name, _, attr = spec.partition(":")
    return getattr(importlib.import_module(module_name), attr)


class Games(Mapping[str, Presentation]):
    """Kind name → presentation, for the kinds the engine knows. Built once by the composition root."""

    def __init__(self, presentations: list[Presentation] | tuple[Presentation, ...], kinds: Mapping[str, Any]):
        self._by_kind: dict[str, Presentation] = {}
        for presentation in presentations:
            check_presentation(presentation)
            if presentation.kind not in kinds:
                raise ValueError(f"presentation for {presentation.kind!r} has no rules kind registered")
            self._by_kind[presentation.kind] = presentation
        self.kinds = kinds

    @classmethod
    def default(cls, kinds: Mapping[str, Any], specs: tuple[str, ...] = PRESENTATIONS) -> Games:
        return cls([load_presentation(spec) for spec in specs if spec.partition(":")[0]], kinds)

    def __getitem__(self, kind: str) -> Presentation:
        return self._by_kind[kind]

    def __iter__(self) -> Iterator[str]:
        return iter(self._by_kind)

    def __len__(self) -> int:
        return len(self._by_kind)

    def kind(self, name: str) -> Any:
        """The rules (``GameKind``) of a game."""
        return self.kinds[name]
