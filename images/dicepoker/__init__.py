"""Dice poker pictures (pure Pillow): ``render_hand`` and ``render_match``, plus ``words`` for event text."""

from .hand import render_hand
from .match import render_match

__all__ = ["render_hand", "render_match"]
