"""benchmarks/render.py times cold renders (drawing and encoding), not the picture memo's lookups."""
from __future__ import annotations

from benchmarks import render as bench
from images.rollplayer import sheet_png
from tools import rp_samples as samples


def test_every_timed_render_draws_the_picture_again():
    view = samples.mid_sheet()
    sheet_png(view)                          # remembered now: a warm call would be a lookup
    hits = sheet_png.hits
    times, size = bench.timed(lambda: sheet_png(view), 3)
    assert sheet_png.hits == hits, "a timed render met the memo"
    assert len(times) == 3 and size == len(sheet_png(view))
