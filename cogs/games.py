"""The games the shell hosts: one registry line per game, and the lookup the shell uses.

A game is registered by naming its presentation object (``module:ATTRIBUTE``); its rules kind is registered
with the engine under the same name (``bot/engine/kinds.py``). The shell imports games only through these
strings, so no shared module depends on a game package (CI's import contracts check it).
"""
from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

import discord

from bot.i18n import t

from .core import Refusal, locale_of
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

    def group_name(self, presentation: Presentation | None = None) -> str:
        """A game's command group as messages name it (the first game's when none is given)."""
        return t((presentation or next(iter(self.values()))).group_key, "en")

    def no_game_here(self, interaction: discord.Interaction, presentation: Presentation | None = None) -> Refusal:
        """The refusal of a command that needs a game where there is none, in a channel or in a DM."""
        key = "error.no_game_here_dm" if interaction.guild_id is None else "error.no_game_here"
        return Refusal(key, group=self.group_name(presentation))

    def other_game_here(self, interaction: discord.Interaction, kind: str) -> Refusal:
        """The refusal of one game's command where another game (``kind``) is played: it names that game."""
        other = self.get(kind)
        return Refusal("error.other_game_here", game=t(other.title_key, locale_of(interaction)) if other else kind,
                       group=self.group_name(other))

