"""Icons drawn with Pillow primitives: dice with pips and colour shapes, stars, coins, arrows, hands,
card-type symbols, check and cross marks.

Each icon is drawn 4× larger and scaled down (smooth edges without anti-aliased primitives) and cached
by its parameters, so a picture pastes ready sprites instead of redrawing them.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from . import palette as P

SS = 4  # supersampling factor


def canvas(size: int) -> tuple[Image.Image, ImageDraw.ImageDraw, int]:
    """A transparent square sprite canvas ``SS`` times larger than the sprite: (image, draw, side)."""
    img = Image.new("RGBA", (size * SS, size * SS), (0, 0, 0, 0))
    return img, ImageDraw.Draw(img), size * SS


def finish(img: Image.Image, size: int) -> Image.Image:
    """The supersampled canvas scaled down to the sprite's size."""
    return img.resize((size, size), Image.Resampling.LANCZOS)


def polygon(d: ImageDraw.ImageDraw, w: float, points, **style) -> None:
    """A polygon given in fractions of the canvas side ``w``."""
    d.polygon([(w * x, w * y) for x, y in points], **style)


def _star_points(cx, cy, r_out, r_in, n=5, rot=-90.0):
    pts = []
    for i in range(n * 2):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rot + i * 180.0 / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def draw_shape(d: ImageDraw.ImageDraw, shape: str, cx: float, cy: float, r: float, fill, width: int) -> None:
    """One colour-blind shape centred on (cx, cy) with radius r (in the canvas' own pixels)."""
    if shape == "triangle":
        d.polygon([(cx, cy - r), (cx + r * 0.95, cy + r * 0.8), (cx - r * 0.95, cy + r * 0.8)], fill=fill)
    elif shape == "diamond":
        d.polygon([(cx, cy - r), (cx + r * 0.8, cy), (cx, cy + r), (cx - r * 0.8, cy)], fill=fill)
    elif shape == "square":
        s = r * 0.78
        d.rectangle([cx - s, cy - s, cx + s, cy + s], fill=fill)
    elif shape == "plus":
        t = r * 0.34
        d.rectangle([cx - r, cy - t, cx + r, cy + t], fill=fill)
        d.rectangle([cx - t, cy - r, cx + t, cy + r], fill=fill)
    elif shape == "cross":
        t = r * 0.3
        for sx in (1, -1):
            d.polygon([(cx - r * sx, cy - r + t), (cx - r * sx + t * sx, cy - r),
                       (cx + r * sx, cy + r - t), (cx + r * sx - t * sx, cy + r)], fill=fill)
    elif shape == "ring":
        d.ellipse([cx - r, cy - r, cx + r, cy + r], outline=fill, width=max(1, int(width)))
    elif shape == "star":
        d.polygon(_star_points(cx, cy, r * 1.1, r * 0.45), fill=fill)


PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.5), (0.73, 0.5), (0.27, 0.73), (0.73, 0.73)],
}


def die_body(d: ImageDraw.ImageDraw, w: int, colour: str) -> None:
    """A die's rounded body in its colour, on a canvas ``w`` pixels wide."""
    edge = max(SS * 2, w // 22)
    d.rounded_rectangle([edge // 2, edge // 2, w - edge // 2, w - edge // 2], radius=w * 0.18,
                        fill=P.DIE_FILL[colour], outline=P.DIE_EDGE[colour], width=edge)


def mark_tint(colour: str) -> tuple[int, int, int]:
    """The colour shape's tint on a die: halfway from the body to the pip ink, so the shape stays plain to
    see but never passes for one more pip (in the pip ink, a white die's ring made a 1 read as a 2)."""
    fill, ink = P.DIE_FILL[colour], P.DIE_INK[colour]
    return tuple(round((f + i) / 2) for f, i in zip(fill, ink))


@lru_cache(maxsize=512)
def die(value: int, colour: str, size: int, mark: bool = True) -> Image.Image:
    """A die face: body in its colour, pips, and (``mark``) the colour's shape in the free top-centre spot.

    The shape is the colour-blind aid where a die's colour carries meaning (Roll Player). A game whose
    colours only tell a few very different sides apart passes ``mark=False``: there the shape adds
    nothing and, drawn in the pip ink, a white die's ring reads as one more pip at phone size."""
    img, d, w = canvas(size)
    die_body(d, w, colour)
    ink = P.DIE_INK[colour]
    pr = w * 0.085
    for fx, fy in PIPS[value]:
        d.ellipse([fx * w - pr, fy * w - pr, fx * w + pr, fy * w + pr], fill=ink)
    if mark:
        draw_shape(d, P.DIE_SHAPES[colour], w * 0.5, w * 0.15, w * 0.078, mark_tint(colour), w * 0.028)
    return finish(img, size)


@lru_cache(maxsize=64)
def shape_badge(colour: str, size: int) -> Image.Image:
    """A round badge in the die colour showing its shape: the backstory target and legend marker."""
    img, d, w = canvas(size)
    d.ellipse([SS, SS, w - SS, w - SS], fill=P.DIE_FILL[colour], outline=P.DIE_EDGE[colour], width=SS * 2)
    draw_shape(d, P.DIE_SHAPES[colour], w / 2, w / 2, w * 0.26, P.DIE_INK[colour], w * 0.08)
    return finish(img, size)


@lru_cache(maxsize=64)
def star(size: int, fill=P.STAR, hollow: bool = False) -> Image.Image:
    img, d, w = canvas(size)
    pts = _star_points(w / 2, w * 0.54, w * 0.48, w * 0.2)
    if hollow:
        d.polygon(pts, outline=fill, width=SS * 2)
    else:
        d.polygon(pts, fill=fill)
    return finish(img, size)


@lru_cache(maxsize=32)
def coin(size: int) -> Image.Image:
    img, d, w = canvas(size)
    d.ellipse([SS, SS, w - SS, w - SS], fill=P.COIN, outline=P.COIN_EDGE, width=w // 10)
    d.ellipse([w * 0.3, w * 0.3, w * 0.7, w * 0.7], outline=P.COIN_EDGE, width=w // 16)
    return finish(img, size)


@lru_cache(maxsize=32)
def charisma(size: int) -> Image.Image:
    """Charisma token: a pink hexagon with a heart-like gem."""
    img, d, w = canvas(size)
    pts = [(w / 2 + w * 0.47 * math.cos(math.radians(a)), w / 2 + w * 0.47 * math.sin(math.radians(a)))
           for a in range(-90, 270, 60)]
    d.polygon(pts, fill=P.CHARISMA)
    r = w * 0.13
    d.ellipse([w * 0.5 - 2 * r, w * 0.36, w * 0.5, w * 0.36 + 2 * r], fill=(255, 255, 255))
    d.ellipse([w * 0.5, w * 0.36, w * 0.5 + 2 * r, w * 0.36 + 2 * r], fill=(255, 255, 255))
    d.polygon([(w * 0.5 - 2 * r + SS, w * 0.36 + r * 1.3), (w * 0.5 + 2 * r - SS, w * 0.36 + r * 1.3),
               (w * 0.5, w * 0.74)], fill=(255, 255, 255))
    return finish(img, size)


@lru_cache(maxsize=64)
def arrow(direction: str, size: int, fill=P.TEXT) -> Image.Image:
    """A thick arrow pointing up/down/left/right (the alignment move)."""
    img, d, w = canvas(size)
    t = w * 0.14
    pts = [(w / 2, w * 0.08), (w * 0.9, w * 0.5), (w / 2 + t, w * 0.5), (w / 2 + t, w * 0.92), (w / 2 - t, w * 0.92),
           (w / 2 - t, w * 0.5), (w * 0.1, w * 0.5)]
    d.polygon(pts, fill=fill)
    img = {"up": img, "down": img.rotate(180), "left": img.rotate(90), "right": img.rotate(-90)}[direction]
    return finish(img, size)


@lru_cache(maxsize=32)
def check(size: int, ok: bool) -> Image.Image:
    """Met (check in a green disc) or not met (cross in a red disc): shape differs, not only colour."""
    img, d, w = canvas(size)
    d.ellipse([SS, SS, w - SS, w - SS], fill=P.GOOD if ok else P.BAD)
    lw = int(w * 0.12)
    ink = (20, 24, 30)
    if ok:
        d.line([(w * 0.27, w * 0.52), (w * 0.44, w * 0.7), (w * 0.75, w * 0.33)], fill=ink, width=lw, joint="curve")
    else:
        d.line([(w * 0.32, w * 0.32), (w * 0.68, w * 0.68)], fill=ink, width=lw)
        d.line([(w * 0.68, w * 0.32), (w * 0.32, w * 0.68)], fill=ink, width=lw)
    return finish(img, size)


@lru_cache(maxsize=32)
def hand(size: int, filled: bool) -> Image.Image:
    """A hand (weapon slot): solid when used, outlined when free."""
    img, d, w = canvas(size)
    col = P.TEXT if filled else P.FAINT
    fw = w * 0.13
    for i, (x, top) in enumerate(((0.24, 0.18), (0.40, 0.08), (0.56, 0.1), (0.72, 0.2))):
        d.rounded_rectangle([w * x - fw / 2, w * top, w * x + fw / 2, w * 0.6], radius=fw / 2, fill=col)
    d.rounded_rectangle([w * 0.17, w * 0.42, w * 0.8, w * 0.95], radius=w * 0.16, fill=col)
    polygon(d, w, [(0.78, 0.7), (0.98, 0.42), (0.92, 0.36), (0.7, 0.55)], fill=col)
    if not filled:
        d.rounded_rectangle([w * 0.26, w * 0.52, w * 0.71, w * 0.86], radius=w * 0.1, fill=(0, 0, 0, 0))
    return finish(img, size)


@lru_cache(maxsize=32)
def card_type(kind: str, size: int, fill=(255, 255, 255)) -> Image.Image:
    """Card type symbol: sword (weapon), shield (armor), lightning bolt (skill), mask (trait)."""
    img, d, w = canvas(size)
    if kind == "weapon":
        polygon(d, w, [(0.5, 0.04), (0.58, 0.16), (0.58, 0.64), (0.42, 0.64), (0.42, 0.16)], fill=fill)
        d.rectangle([w * 0.24, w * 0.64, w * 0.76, w * 0.72], fill=fill)
        d.rectangle([w * 0.45, w * 0.72, w * 0.55, w * 0.9], fill=fill)
        d.ellipse([w * 0.42, w * 0.86, w * 0.58, w * 0.98], fill=fill)
    elif kind == "armor":
        polygon(d, w, [(0.14, 0.12), (0.5, 0.04), (0.86, 0.12), (0.86, 0.5), (0.5, 0.96), (0.14, 0.5)], fill=fill)
        d.line([(w * 0.5, w * 0.14), (w * 0.5, w * 0.82)], fill=(0, 0, 0, 0), width=int(w * 0.07))
    elif kind == "skill":
        polygon(d, w, [(0.58, 0.02), (0.18, 0.56), (0.46, 0.56), (0.36, 0.98), (0.82, 0.4), (0.54, 0.4), (0.68, 0.02)],
                fill=fill)
    else:  # trait: a theatre mask
        d.rounded_rectangle([w * 0.12, w * 0.1, w * 0.88, w * 0.62], radius=w * 0.12, fill=fill)
        d.pieslice([w * 0.12, w * 0.3, w * 0.88, w * 0.95], 0, 180, fill=fill)
        hole = (0, 0, 0, 0)
        d.ellipse([w * 0.24, w * 0.3, w * 0.42, w * 0.44], fill=hole)
        d.ellipse([w * 0.58, w * 0.3, w * 0.76, w * 0.44], fill=hole)
        d.arc([w * 0.3, w * 0.44, w * 0.7, w * 0.76], 20, 160, fill=hole, width=int(w * 0.07))
    return finish(img, size)


@lru_cache(maxsize=16)
def token(size: int) -> Image.Image:
    """The alignment token: a bright pawn-like disc with a dark rim."""
    img, d, w = canvas(size)
    d.ellipse([SS * 2, SS * 2, w - SS * 2, w - SS * 2], fill=P.TURN, outline=(30, 30, 30), width=w // 12)
    d.ellipse([w * 0.34, w * 0.22, w * 0.66, w * 0.54], fill=(30, 30, 30))
    d.pieslice([w * 0.22, w * 0.5, w * 0.78, w * 1.02], 180, 360, fill=(30, 30, 30))
    return finish(img, size)


@lru_cache(maxsize=16)
def card_back(size: int) -> Image.Image:
    """A small stack of two cards (cards owned / deck)."""
    img, d, w = canvas(size)
    d.rounded_rectangle([w * 0.3, w * 0.04, w * 0.92, w * 0.84], radius=w * 0.1, fill=P.FAINT)
    d.rounded_rectangle([w * 0.1, w * 0.16, w * 0.72, w * 0.96], radius=w * 0.1, fill=P.TEXT, outline=P.BG,
                        width=SS * 2)
    return finish(img, size)


@lru_cache(maxsize=16)
def crown(size: int) -> Image.Image:
    img, d, w = canvas(size)
    polygon(d, w, [(0.06, 0.3), (0.3, 0.55), (0.5, 0.15), (0.7, 0.55), (0.94, 0.3), (0.84, 0.82), (0.16, 0.82)],
            fill=P.ACCENT)
    d.rectangle([w * 0.16, w * 0.84, w * 0.84, w * 0.94], fill=P.ACCENT)
    return finish(img, size)


@lru_cache(maxsize=16)
def play(size: int, fill=P.TURN) -> Image.Image:
    """A right-pointing triangle marking whose turn it is."""
    img, d, w = canvas(size)
    polygon(d, w, [(0.15, 0.08), (0.92, 0.5), (0.15, 0.92)], fill=fill)
    return finish(img, size)


@lru_cache(maxsize=16)
def start_marker(size: int) -> Image.Image:
    """Start-player marker: a flag."""
    img, d, w = canvas(size)
    d.rectangle([w * 0.18, w * 0.06, w * 0.27, w * 0.96], fill=P.TEXT)
    polygon(d, w, [(0.27, 0.08), (0.9, 0.28), (0.27, 0.5)], fill=P.BAD)
    return finish(img, size)


def paste(canvas: Image.Image, sprite: Image.Image, x: float, y: float) -> None:
    canvas.paste(sprite, (round(x), round(y)), sprite)


def paste_center(canvas: Image.Image, sprite: Image.Image, cx: float, cy: float) -> None:
    canvas.paste(sprite, (round(cx - sprite.width / 2), round(cy - sprite.height / 2)), sprite)
