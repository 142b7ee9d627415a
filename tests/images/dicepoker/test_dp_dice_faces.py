"""What a player reads off the dice poker pictures: each die shows its number of spots and nothing more."""
from __future__ import annotations

import pytest
from PIL import Image, ImageDraw

from images.dicepoker.layout import DIE, DIE_GAP, SIDE_COLOURS, dice_row


def _spots(face: Image.Image, colour: str) -> int:
    """Count the separate blobs drawn in the pip ink on one die (dark on white, light on red/black)."""
    rgba = face.convert("RGBA")
    w, h = rgba.size
    px = rgba.load()

    def ink(x, y):
        r, g, b, a = px[x, y]
        if a < 200:
            return False
        return max(r, g, b) < 80 if colour == "white" else min(r, g, b) > 230

    seen, blobs = set(), 0
    for y in range(h):
        for x in range(w):
            if (x, y) in seen or not ink(x, y):
                continue
            blobs += 1
            todo = [(x, y)]
            seen.add((x, y))
            while todo:
                cx, cy = todo.pop()
                for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                    if 0 <= nx < w and 0 <= ny < h and (nx, ny) not in seen and ink(nx, ny):
                        seen.add((nx, ny))
                        todo.append((nx, ny))
    return blobs


@pytest.mark.parametrize("colour", sorted(set(SIDE_COLOURS.values())))
def test_each_poker_die_shows_exactly_its_number_of_spots(colour):
    """A white 1 used to carry a pip-sized ring at the top and read as a 2 on a phone."""
    img = Image.new("RGBA", (6 * (DIE + DIE_GAP), DIE + 40), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)
    dice_row(img, d, 0, 0, [1, 2, 3, 4, 5], colour)
    for i, value in enumerate([1, 2, 3, 4, 5]):
        x = i * (DIE + DIE_GAP)
        assert _spots(img.crop((x, 0, x + DIE, DIE)), colour) == value, (colour, value)
    img = Image.new("RGBA", (DIE, DIE), (0, 0, 0, 0))
    dice_row(img, ImageDraw.Draw(img), 0, 0, [6], colour)
    assert _spots(img, colour) == 6
