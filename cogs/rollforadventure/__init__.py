"""Roll for Adventure in Discord: its presentation (registered in ``cogs/games.py``) and ``/rfa place``."""
from .presentation import RollForAdventurePresentation

PRESENTATION = RollForAdventurePresentation()

__all__ = ["PRESENTATION", "RollForAdventurePresentation"]
