"""Drawing pieces of the Roll for Adventure pictures: dice by owner, empty fields, the damage track, power
stones, the skull. Sprites are drawn 4x and scaled down (like ``images.icons``) and cached.

Dice colours: the four hero colours red, blue, green, yellow (drawn as the kit's gold die, with its star),
ally dice white (ring), bonus dice black (cross); every colour keeps the kit's shape, so nothing depends on
telling colours apart.
"""
from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from images import icons
from images import palette as P
from images.text import Face

DIE_COLOUR = {"red": "red", "blue": "blue", "green": "green", "yellow": "gold", "ally": "white", "bonus": "black"}
TERRITORY_TINT = {"desert": (214, 170, 65), "fortress": (110, 126, 150), "forest": (46, 158, 79),
                  "ice_cave": (90, 140, 221)}
SKULL = (232, 234, 238)
HOLE = (20, 20, 24)
DAMAGE = (212, 58, 58)
STONE = (90, 140, 221)
BARRIER = (151, 85, 20)
FIELD = (30, 34, 45)
FIELD_EDGE = (78, 86, 108)


def die_colour(owner: str) -> str:
    return DIE_COLOUR.get(owner, "white")


def die(owner: str, value, size: int) -> Image.Image:
    """A die of ``owner`` (colour / ally / bonus) showing ``value``; a value of None is a die lying unrolled
    on a hero board: blank, with the colour's shape large in the middle."""
    colour = die_colour(owner)
    if value in (1, 2, 3, 4, 5, 6):
        return icons.die(int(value), colour, size)
    return _blank(colour, size)


@lru_cache(maxsize=128)
def _blank(colour: str, size: int) -> Image.Image:
    img, d, w = icons.canvas(size)
    icons.die_body(d, w, colour)
    icons.draw_shape(d, P.DIE_SHAPES[colour], w / 2, w / 2, w * 0.22, P.DIE_INK[colour], w * 0.06)
    return icons.finish(img, size)


#: a field's hint is a word a player reads ("5·6", the letter a menu names): at least 24 px, 10.6 px tall where
#: the 480 px table is shown 290 px wide on a phone, however small the fields are drawn (21 px, in the regular
#: weight in the Forest's fields, read about 6 px tall on a French tour's phone)
HINT_MIN = 24


def field(d: ImageDraw.ImageDraw, x: float, y: float, size: int, hint: str = "", fill=FIELD,
          outline=FIELD_EDGE) -> None:
    """An empty field: a dark rounded square, with a faint hint (the value it takes) in the middle; a hint too
    wide for the field in bold ("5·6" in a 40 px field) is drawn in the narrower regular weight, not smaller."""
    d.rounded_rectangle([x, y, x + size, y + size], radius=size * 0.18, fill=fill, outline=outline, width=2)
    if hint:
        face = Face(max(HINT_MIN, size // 2 - 2), True)
        if face.width(hint) > size - 4:
            face = Face(face.size, False)
        face.draw_mid(d, x + size / 2, y + size / 2, hint, P.FAINT, "center")


def put(img: Image.Image, d, x: float, y: float, size: int, die_rec: dict | None, hint: str = "",
        marked=frozenset()) -> None:
    """A field with the die lying on it (or empty); a die whose id is ``marked`` gets a ring."""
    if die_rec is None:
        field(d, x, y, size, hint)
        return
    icons.paste(img, die(die_rec["o"], die_rec["v"], size), x, y)
    if die_rec.get("id") in marked:
        ring(d, x, y, size)


TAG = 30


def tag(d, x: float, y: float, text: str) -> None:
    """A field's name on a disc over the top-left corner of the die lying on it, clear of its pips."""
    r, cx, cy = TAG / 2, x - 2, y - 2
    d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=P.BG, outline=FIELD_EDGE, width=2)
    Face(22, True).draw_mid(d, cx, cy, text, P.TEXT, "center")


def ring(d, x: float, y: float, size: int) -> None:
    """The mark of a die the active player chooses among right now."""
    d.rounded_rectangle([x - 5, y - 5, x + size + 5, y + size + 5], radius=size * 0.24, outline=P.TURN, width=4)


@lru_cache(maxsize=16)
def skull(size: int, fill=SKULL) -> Image.Image:
    """The damage marker: a small skull (round head, jaw, two dark eyes)."""
    img, d, w = icons.canvas(size)
    d.ellipse([w * 0.1, w * 0.04, w * 0.9, w * 0.74], fill=fill)
    d.rounded_rectangle([w * 0.27, w * 0.55, w * 0.73, w * 0.95], radius=w * 0.08, fill=fill)
    ink = (20, 20, 24)
    d.ellipse([w * 0.24, w * 0.32, w * 0.45, w * 0.54], fill=ink)
    d.ellipse([w * 0.55, w * 0.32, w * 0.76, w * 0.54], fill=ink)
    icons.polygon(d, w, [(0.5, 0.56), (0.44, 0.68), (0.56, 0.68)], fill=ink)
    for x in (0.4, 0.5, 0.6):
        d.line([(w * x, w * 0.78), (w * x, w * 0.95)], fill=ink, width=icons.SS * 2)
    return icons.finish(img, size)


@lru_cache(maxsize=16)
def stone(size: int, won: bool) -> Image.Image:
    """A power stone: a cut gem, solid when on the adventure board, an outline when still needed."""
    img, d, w = icons.canvas(size)
    gem = [(0.5, 0.04), (0.92, 0.34), (0.76, 0.94), (0.24, 0.94), (0.08, 0.34)]
    if won:
        icons.polygon(d, w, gem, fill=STONE, outline=(232, 234, 238), width=icons.SS * 2)
        icons.polygon(d, w, [(0.5, 0.2), (0.72, 0.4), (0.5, 0.55), (0.28, 0.4)], fill=(199, 161, 212))
    else:
        icons.polygon(d, w, gem, fill=(38, 43, 57), outline=P.FAINT, width=icons.SS * 3)
    return icons.finish(img, size)


def track(img: Image.Image, d, x: float, mid_y: float, skull_at: int, last: int, holes: int, size: int,
          gap: int, per_row: int | None = None) -> None:
    """The damage track: ``holes`` holes, the skull in hole ``skull_at``, holes it passed filled red (the
    damage taken), the last hole (where the territory falls) ringed red; holes a Giant's marker closed
    behind ``last`` are crossed out; a long track wraps after ``per_row`` holes."""
    per_row = per_row or holes
    for k in range(holes):
        hx = x + (k % per_row) * (size + gap)
        hy = mid_y + (k // per_row) * (size + gap)
        box = [hx, hy - size / 2, hx + size, hy + size / 2]
        if k > last:
            d.ellipse(box, fill=(58, 52, 62))
            inset = max(2, size // 5)
            d.line([(box[0] + inset, box[1] + inset), (box[2] - inset, box[3] - inset)], fill=P.FAINT, width=3)
            d.line([(box[0] + inset, box[3] - inset), (box[2] - inset, box[1] + inset)], fill=P.FAINT, width=3)
            continue
        fill = DAMAGE if 0 < k <= skull_at else HOLE
        outline = DAMAGE if k == last else FIELD_EDGE
        d.ellipse(box, fill=fill, outline=outline, width=4 if k == last else 2)
        if k == skull_at:
            icons.paste_center(img, skull(max(6, size - 6)), hx + size / 2, hy)


def barrier(d, x: float, y: float, size: int) -> None:
    """A barrier tile lying on a field (Fortress B): brown planks."""
    d.rounded_rectangle([x, y, x + size, y + size], radius=size * 0.16, fill=BARRIER, outline=(90, 74, 55), width=2)
    for k in (1, 2):
        yy = y + size * k / 3
        d.line([(x + 5, yy), (x + size - 5, yy)], fill=(90, 74, 55), width=3)
