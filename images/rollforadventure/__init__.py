"""Roll for Adventure pictures (pure Pillow): ``render_table(state, names, locale)`` (the whole co-op table
after any step) and ``render_final(state, names, locale)`` (the end: won or lost, why, power stones).

| Module | Holds |
|---|---|
| ``table.py`` | the table layout: header, active hero and throw, territory bands, vortexes and deck, heroes |
| ``fields.py`` | one small layout per territory side (A/B) with the dice on their fields |
| ``pieces.py`` | dice by owner (blank when unrolled), fields, damage track, skull, power stone, barrier |
| ``final.py`` | the end picture |
| ``words.py`` | every word, from the ``rollforadventure`` catalog (``rollforadventure.img.*`` and content names) |

The state is only read; what the rules compute (Forest B border, Ice Cave B lines, the score) is called
from ``bot.games.rollforadventure``.
"""

from .final import render_final
from .table import render_table

__all__ = ["render_final", "render_table"]
