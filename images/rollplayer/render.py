"""Public entry points: game state (+ seat, + locale) in, PNG bytes out.

`names` (optional) gives the players' display names by seat; the game state holds none. The `*_png`
variants render hand-built or adapted view models directly (gallery, tests, benchmarks); they remember
their last pictures by view (`images.memo`), so a sheet nobody changed is not drawn again.
"""

from __future__ import annotations

from bot.runtime import pool

from .. import png
from ..memo import remembered
from . import scores, sheet, table
from .adapt import scores_view, sheet_view, table_view
from .views import ScoresView, SheetView, TableView


@remembered()
@pool.apart
def sheet_png(view: SheetView, locale: str = "en", viewer: int | None = None) -> bytes:
    return png.encode(sheet.draw(view, locale, viewer))


@remembered()
@pool.apart
def table_png(view: TableView, locale: str = "en") -> bytes:
    return png.encode(table.draw(view, locale))


@remembered(16)
@pool.apart
def scores_png(view: ScoresView, locale: str = "en") -> bytes:
    return png.encode(scores.draw(view, locale))


def render_sheet(state, seat: int, locale: str = "en", names=None, viewer: int | None = None) -> bytes:
    """The character sheet of `seat` as a PNG. `viewer` is the seat the picture is shown to (an ephemeral
    reply); None, the default, is a public post: the turn banner then names the player instead of saying
    "Your turn"."""
    return sheet_png(sheet_view(state, seat, names, locale), locale, viewer)


def render_table(state, locale: str = "en", names=None, abandoned: bool = False) -> bytes:
    """The table (round, initiative, market, who must act) as a PNG; of an ``abandoned`` game, the table as it was
    left, saying so where the decisions due were."""
    return table_png(table_view(state, names, locale, abandoned), locale)


def render_scores(state, locale: str = "en", names=None) -> bytes:
    """The final (or, before the end, the projected) scores as a PNG."""
    return scores_png(scores_view(state, names, locale), locale)
