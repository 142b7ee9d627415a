"""Roll Player in Discord: its presentation (registered in ``cogs/games.py``), words and phase commands."""
from .presentation import RollPlayerPresentation

PRESENTATION = RollPlayerPresentation()

__all__ = ["PRESENTATION", "RollPlayerPresentation"]
