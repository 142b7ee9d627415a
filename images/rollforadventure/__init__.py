"""Roll for Adventure pictures (pure Pillow): ``render_table(state, names, locale)`` (the whole co-op table
after any step), ``render_live(state, names, locale)`` (the live message's compact picture, legible on a
phone) and ``render_final(state, names, locale)`` (the end: won or lost, why, power stones).

| Module | Holds |
|---|---|
| ``live.py`` | the live picture: whose turn, the throw, each territory's damage, free fields and enemies |
| ``table.py`` | the table layout: header, active hero and throw, territory bands, vortexes and deck, heroes |
| ``fields.py`` | one small layout per territory side (A/B) with the dice on their fields |
| ``pieces.py`` | dice by owner (blank when unrolled), fields, damage track, skull, power stone, barrier |
| ``final.py`` | the end picture |
| ``words.py`` | every word, from the ``rollforadventure`` catalog (``rollforadventure.img.*`` and content names) |

The state is only read; what the rules compute (Forest B border, Ice Cave B lines, the score) is called
from ``bot.games.rollforadventure``.
"""

from .final import render_final
from .live import render_live
from .table import render_table

__all__ = ["render_final", "render_live", "render_table"]
