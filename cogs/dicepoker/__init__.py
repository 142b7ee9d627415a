"""Dice poker in Discord: its presentation (registered in ``cogs/games.py``) and the ``/poker`` reroll commands."""
from .presentation import DicePokerPresentation

PRESENTATION = DicePokerPresentation()

__all__ = ["PRESENTATION", "DicePokerPresentation"]
