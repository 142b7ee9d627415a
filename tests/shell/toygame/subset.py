"""Pig with its decision described as a subset choice (the optional ``subset_menu`` hook): one toggle,
"Bank"; off stands for roll, on for hold. A game-agnostic check of the shell's toggles and Confirm."""
from __future__ import annotations

from cogs.seam import SubsetMenu

from .presentation import PigPresentation


class PigBySubset(PigPresentation):
    def subset_menu(self, game, seat, legal, locale):
        return SubsetMenu(labels=("Bank",), masks=tuple(1 if m.get("type") == "hold" else 0 for m in legal))


PRESENTATION = PigBySubset()
