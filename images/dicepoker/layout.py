"""Drawing pieces shared by the two dice poker pictures: a side's dice row, the gold counter, the header.

Sizes are chosen for a 720 px picture that Discord shows at about 360 px on a phone: text is never
below 20 px here (10 px on the phone), dice are 84 px.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from images import icons
from images import palette as P
from images.draw import counter, text_box
from images.text import Face, fit

WIDTH = 720
MARGIN = 20
DIE = 84
DIE_GAP = 14
SIDE_COLOURS = {0: "white", 1: "red", None: "black"}
# The three sides' colours differ in brightness as much as in hue (white, red, black), so the dice go
# without the colour-blind shape: on a white die its ring reads as an extra pip (a 1 looks like a 2).
DIE_MARK = False


def die_colour(seat: int | None) -> str:
    return SIDE_COLOURS.get(seat, "white")


def dice_row(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, dice, colour: str, used=None,
             rerolled=None, new_label: str = "", size: int = DIE, gap: int = DIE_GAP, numbers: bool = False) -> int:
    """Five dice left to right from (x, y); a bar under the dice that make the hand, a "new" tag under
    rerolled ones, or the positions 1-5 (``numbers``) while the side chooses which dice to keep, so the
    picture matches the toggle buttons. Returns the height used."""
    marks = size // 3 if (used is not None or rerolled or numbers) else 0
    for i, v in enumerate(dice):
        dx = x + i * (size + gap)
        icons.paste(img, icons.die(v, colour, size, mark=DIE_MARK), dx, y)
        if used is not None and used[i]:
            d.rounded_rectangle([dx + 6, y + size + 5, dx + size - 6, y + size + 10], radius=2, fill=P.ACCENT)
        if rerolled and i in rerolled and new_label:
            face, shown = fit(new_label, size - 4, max(16, size // 4), True)   # a gap between two tags
            face.draw(d, dx + size / 2, y + size + 12 + face.ascent, shown, P.TURN, align="center")
        elif numbers:
            face = Face(max(16, size // 4), True)
            face.draw(d, dx + size / 2, y + size + 12 + face.ascent, str(i + 1), P.MUTED, align="center")
    return size + (marks + 14 if marks else 0)


def gold(img: Image.Image, d, right: int, mid_y: int, text: str, size: int = 26) -> int:
    """Coin + amount, right-aligned at ``right``; returns the width used."""
    return counter(img, d, right, mid_y, icons.coin(size), text, size, 180, gap=8)


def header(img, d, title: str, right_text: str) -> int:
    """Title left, hand counter right; returns the y below it."""
    rw = text_box(d, WIDTH - MARGIN, 34, right_text, 260, 25, True, P.MUTED, align="right")
    text_box(d, MARGIN, 34, title, WIDTH - 2 * MARGIN - rw - 16, 30, True, P.TEXT)
    return 62
