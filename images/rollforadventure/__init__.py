"""Roll for Adventure pictures (pure Pillow): ``render_table(state, names, locale)`` (the whole co-op table
after any step), ``render_live(state, names, locale)`` (the live message's compact picture, legible on a
phone) and ``render_final(state, names, locale)`` (the end: won or lost, why, power stones).

The state is only read; what the rules compute (Forest B border, Ice Cave B lines, the score) is called
from ``bot.games.rollforadventure``.
"""

from .final import render_final
from .live import render_live
from .table import render_table

__all__ = ["render_final", "render_live", "render_table"]
