"""Pillow renderers for Roll Player: character sheet, table and final scores as PNG bytes.

Entry points (state in, PNG out): `render_sheet(state, seat, locale="en", names=None)`,
`render_table(state, locale="en", names=None)`, `render_scores(state, locale="en", names=None)`;
the small private picture of one decision: `render_step(state, seat, locale="en", names=None)`.
"""

from bot.games.rollplayer import content  # noqa: F401  (names and records of the content, as the shell reads them)

from .live import render_live  # noqa: F401  (the live message's compact picture)
from .render import render_scores, render_sheet, render_table, scores_png, sheet_png, table_png
from .step import render_step

__all__ = ["render_scores", "render_sheet", "render_step", "render_table", "scores_png", "sheet_png", "table_png"]
