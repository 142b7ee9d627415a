"""Drawing pieces shared by the two dice poker pictures: a side's dice row, the gold counter, the header, and text
that never shrinks below the smallest legible size.

Discord shows a picture about 290 px wide on a phone (a 360 px screen, its margins and the message's frame).
Drawn 720 px wide with 20–24 px text, every word was 6–8 px tall there. So the pictures are 480 px wide, a
column taller instead of wider, and no text is drawn under ``TEXT`` = 21 px: a cap height of 9.3 px at 290 px
wide (11.5 px at 360 px); a text that does not fit is wrapped or ellipsised, never shrunk further. On a desktop
the picture is shown at its own size, where 21 px reads comfortably and dice are 72 px.
"""
from __future__ import annotations

from PIL import Image, ImageDraw

from images import icons
from images import palette as P
from images.draw import counter, paragraph, paragraph_height, text_box
from images.text import Face, wrap_fit

WIDTH = 480
MARGIN = 14
#: inside a panel
PAD = 16
#: the width inside a panel
INNER = WIDTH - 2 * MARGIN - 2 * PAD
#: the smallest type of the pictures: 0.73 × 21 × 290 / 480 = 9.3 px cap height at a phone's 290 px
TEXT = 21
#: names, hand names, titles
BIG = 26
DIE = 72
DIE_GAP = (INNER - 5 * DIE) // 4
#: the height of the header (title, then pot and hand counter)
HEADER_H = 86
SIDE_COLOURS = {0: "white", 1: "red", None: "black"}
# The three sides' colours differ in brightness as much as in hue (white, red, black), so the dice go
# without the colour-blind shape: on a white die its ring reads as an extra pip (a 1 looks like a 2).
DIE_MARK = False


def die_colour(seat: int | None) -> str:
    return SIDE_COLOURS.get(seat, "white")


def words_box(d, x: float, mid_y: float, text: str, max_width: int, size: int = TEXT, bold: bool = False,
              fill=P.TEXT, align: str = "left") -> int:
    """One line of text, shrunk at most to ``TEXT`` and else ellipsised (the kit's default shrinks to 85 %,
    below what a phone shows legibly); returns the width drawn."""
    return text_box(d, x, mid_y, text, max_width, size, bold, fill, align, min_size=min(size, TEXT))


def lines_height(text: str, max_width: int, max_lines: int = 2, size: int = TEXT, bold: bool = False) -> int:
    """The height of ``text`` wrapped as ``lines_box`` draws it (measured before the canvas is made)."""
    return paragraph_height(text, max_width, max_lines, size, bold, min_size=min(size, TEXT))


def lines_box(d, x: float, top: float, text: str, max_width: int, max_lines: int = 2, size: int = TEXT,
              bold: bool = False, fill=P.TEXT) -> int:
    """``text`` wrapped into up to ``max_lines`` lines from ``top`` rather than shrunk under ``TEXT`` (a long
    German or French line, a long name); returns the height used."""
    return paragraph(d, x, top, text, max_width, max_lines, size, fill, bold, min_size=min(size, TEXT))


#: the room kept clear between the "new" tags of two neighbouring rerolled dice (10 px here, 6 px on a phone):
#: a tag as wide as a die and its gap ran into the next ("nouveau nouveau nouveau", 2 px apart at 480 px)
TAG_CLEAR = 10


def tag_width(size: int = DIE, gap: int = DIE_GAP) -> int:
    """How wide the "new" tag under a die may be: the die and its gap, less the clear room to the next tag."""
    return size + gap - TAG_CLEAR


def tag_lines(label: str, width: int) -> tuple[Face, tuple[str, ...]]:
    """The "new" tag under a rerolled die at ``TEXT``: one short word in every language (a second line, for a
    word too long, came close to the hand's name under it: "새" / "주사위")."""
    face, lines, _ = wrap_fit(label, width, 2, TEXT, False, TEXT)
    return face, lines


def marks_height(new_label: str, size: int = DIE, gap: int = DIE_GAP) -> int:
    """The room under a dice row for its marks: the hand's bar, then the positions or the "new" tags."""
    _, lines = tag_lines(new_label, tag_width(size, gap))
    return 12 + max(1, len(lines)) * Face(TEXT).line_height


def dice_row(img: Image.Image, d: ImageDraw.ImageDraw, x: int, y: int, dice, colour: str, used=None,
             rerolled=None, new_label: str = "", size: int = DIE, gap: int = DIE_GAP, numbers: bool = False) -> int:
    """Five dice left to right from (x, y); a bar under the dice that make the hand, a "new" tag under
    rerolled ones, or the positions 1-5 (``numbers``) while the side chooses which dice to keep, so the
    picture matches the toggle buttons. Returns the height used."""
    marked = used is not None or rerolled or numbers
    for i, v in enumerate(dice):
        dx = x + i * (size + gap)
        icons.paste(img, icons.die(v, colour, size, mark=DIE_MARK), dx, y)
        if used is not None and used[i]:
            d.rounded_rectangle([dx + 6, y + size + 5, dx + size - 6, y + size + 10], radius=2, fill=P.ACCENT)
        if rerolled and i in rerolled and new_label:
            face, lines = tag_lines(new_label, tag_width(size, gap))
            face.draw_lines(d, dx + size / 2, y + size + 12, lines, P.TURN, align="center")
        elif numbers:
            face = Face(TEXT, True)
            face.draw(d, dx + size / 2, y + size + 12 + face.ascent, str(i + 1), P.MUTED, align="center")
    return size + (marks_height(new_label, size, gap) if marked else 0)


def gold(img: Image.Image, d, right: int, mid_y: int, text: str, size: int = 24) -> int:
    """Coin + amount, right-aligned at ``right``; returns the width used."""
    return counter(img, d, right, mid_y, icons.coin(size), text, size, 150, gap=8)


def header(img, d, title: str, left_text: str, right_text: str, coin: bool = False) -> int:
    """The title on a line of its own (the full width: "Würfelpoker · Tavernenduell"), under it ``left_text``
    (the pot or the stake, after a coin when ``coin``) and the hand counter at the right; returns the y below."""
    words_box(d, MARGIN, 26, title, WIDTH - 2 * MARGIN, BIG, True, P.TEXT)
    rw = words_box(d, WIDTH - MARGIN, 62, right_text, (WIDTH - 2 * MARGIN) // 2, 22, True, P.MUTED, align="right")
    x = MARGIN
    if coin:
        icons.paste(img, icons.coin(22), x, 62 - 11)
        x += 30
    if left_text:
        words_box(d, x, 62, left_text, WIDTH - MARGIN - rw - 16 - x, 22, True, P.ACCENT)
    return HEADER_H
