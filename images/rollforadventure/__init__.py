"""Roll for Adventure pictures (pure Pillow): ``render_table`` (the whole co-op table after any step) and
``render_final`` (the end: won or lost, why, power stones)."""

from .final import render_final
from .table import render_table

__all__ = ["render_final", "render_table"]
