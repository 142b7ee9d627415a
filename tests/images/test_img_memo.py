"""Pictures remembered by their inputs: equal views give the remembered bytes, different ones are drawn."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bot.games.rollplayer.kind import KIND
from images import png
from images.memo import remembered
from images.rollplayer import render, sheet
from images.rollplayer.adapt import sheet_view


@dataclass(frozen=True)
class View:
    value: int


def test_equal_inputs_are_drawn_once_and_others_again():
    drawn = []

    @remembered(size=2)
    def draw(view, locale="en"):
        drawn.append((view, locale))
        return f"{view.value}:{locale}".encode()

    assert draw(View(1)) == draw(View(1)) == b"1:en"
    assert draw(View(1), locale="fr") == b"1:fr"
    assert draw(View(2)) == b"2:en"
    assert drawn == [(View(1), "en"), (View(1), "fr"), (View(2), "en")]
    draw(View(1))                                   # pushed out by the two after it: drawn again
    assert len(drawn) == 4 and draw.hits == 1


def test_unhashable_inputs_are_drawn_every_time():
    calls = []

    @remembered()
    def draw(items):
        calls.append(items)
        return bytes(items)

    assert draw([1, 2]) == draw([1, 2]) == b"\x01\x02"
    assert len(calls) == 2


def test_a_sheet_is_redrawn_exactly_when_its_view_changes():
    """Over a seeded game: the remembered sheet always equals a fresh drawing of the same state."""
    rng = random.Random(5)
    state = KIND.create(2, 5, {})
    for _ in range(60):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
        for other in (0, 1):
            remembered_bytes = render.render_sheet(state, other, "en", names=["Ann", "Bo"])
            fresh = png.encode(sheet.draw(sheet_view(state, other, ["Ann", "Bo"], "en"), "en", None))
            assert remembered_bytes == fresh
    assert render.sheet_png.hits > 0
