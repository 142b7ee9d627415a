"""A die's colour shape (the colour-blind aid of Roll Player and Roll for Adventure) must never pass for a pip:
drawn in the pip ink near pip size at the top centre, a white die's ring made a 1 read as a 2 on a phone."""
from __future__ import annotations

import pytest

from images import icons
from images import palette as P


def _blobs(face, near) -> int:
    """Separate blobs of the pixels ``near`` accepts."""
    px = face.convert("RGBA").load()
    w, h = face.size
    hit = {(x, y) for y in range(h) for x in range(w) if px[x, y][3] > 200 and near(px[x, y][:3])}
    blobs = 0
    while hit:
        blobs += 1
        todo = [hit.pop()]
        while todo:
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if n in hit:
                    hit.remove(n)
                    todo.append(n)
    return blobs


def _close(a, b, by: int = 40) -> bool:
    return all(abs(p - q) <= by for p, q in zip(a, b))


@pytest.mark.parametrize("colour", sorted(P.DIE_SHAPES))
@pytest.mark.parametrize("size", [34, 52, 84])
def test_the_pips_alone_are_in_the_pip_ink_and_the_shape_is_still_drawn(colour, size):
    ink = P.DIE_INK[colour]
    for value in range(1, 7):
        face = icons.die(value, colour, size)
        assert _blobs(face, lambda rgb: _close(rgb, ink)) == value, (colour, size, value)
        top = face.crop((size // 3, 0, size - size // 3, size // 4))      # the shape's spot at the top centre
        assert _blobs(top, lambda rgb: _close(rgb, icons.mark_tint(colour), 25)) >= 1, (colour, size, value)
