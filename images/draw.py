"""Small drawing helpers shared by the three pictures: panels, measured text in boxes, star counts."""

from __future__ import annotations

from PIL import Image, ImageDraw

from . import icons
from . import palette as P
from .text import Face, fit, left_edge, wrap_fit

MARGIN = 24


def new_canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    img = Image.new("RGB", (width, height), P.BG)
    return img, ImageDraw.Draw(img)


def stack(width: int, subject, locale: str, bands, top: int = 0, bottom: int = 0,
          gap: int = 0) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A canvas of ``bands`` one under the other from ``top``, ``gap`` apart, ``bottom`` under the last: each
    ``(height, draw, *args)`` is drawn as ``draw(img, d, subject, y, height, locale, *args)``."""
    img, d = new_canvas(width, top + sum(h + gap for h, *_ in bands) - gap + bottom)
    for h, draw, *args in bands:
        draw(img, d, subject, top, h, locale, *args)
        top += h + gap
    return img, d


def panel(d: ImageDraw.ImageDraw, box, fill=P.PANEL, radius: int = 12, outline=None, width: int = 0) -> None:
    d.rounded_rectangle(box, radius=radius, fill=fill, outline=outline, width=width)


def at_hand(d: ImageDraw.ImageDraw, box, on: bool, width: int = 3, radius: int = 12, fill=P.PANEL_HI) -> None:
    """A panel that, when it is the one at hand (whose turn it is, what the decision is about), is framed in the
    turn colour and filled ``fill``."""
    panel(d, box, fill=fill if on else P.PANEL, radius=radius, outline=P.TURN if on else None, width=width)


def text_box(d, x: float, mid_y: float, text: str, max_width: int, size: int, bold: bool = False, fill=P.TEXT,
             align: str = "left", min_size: int | None = None) -> int:
    """Text shrunk/ellipsised to `max_width`, capitals centred on `mid_y`; returns the drawn width."""
    face, shown = fit(text, max_width, size, bold, min_size)
    return face.draw_mid(d, x, mid_y, shown, fill, align)


def badge(img: Image.Image, d, x: float, mid_y: float, text: str, fill, ink=(20, 24, 30), icon=None, size: int = 22,
          max_width: int = 200, align: str = "left", min_size: int | None = None) -> int:
    """A rounded label (optionally with an icon) starting at x (ending there: ``align="right"``); returns its
    width. A label too long shrinks down to ``min_size`` (the kit's 85 % by default), then is ellipsised."""
    face, shown = fit(text, max_width, size, True, min_size)
    pad = 10
    iw = icon.width + 6 if icon is not None else 0
    w = face.width(shown) + 2 * pad + iw
    h = size + 12
    x = left_edge(x, w, align)
    d.rounded_rectangle([x, mid_y - h / 2, x + w, mid_y + h / 2], radius=h // 2, fill=fill)
    if icon is not None:
        icons.paste(img, icon, x + pad, mid_y - icon.height / 2)
    face.draw_mid(d, x + pad + iw, mid_y, shown, ink)
    return w


def counter(img: Image.Image, d, right: float, mid_y: float, sprite: Image.Image, text: str, size: int,
            max_width: int, gap: int = 4) -> int:
    """A number (or a short text) right-aligned at ``right``, its icon before it; returns the width used."""
    w = text_box(d, right, mid_y, text, max_width, size, True, P.TEXT, "right")
    icons.paste(img, sprite, right - w - gap - sprite.width, mid_y - sprite.height / 2)
    return w + gap + sprite.width


def paragraph(d, x: float, top: float, text: str, max_width: int, max_lines: int, size: int, fill=P.TEXT,
              bold: bool = False, min_size: int | None = None) -> int:
    """Wrapped text starting at `top`; returns the height used."""
    face, lines, _ = wrap_fit(text, max_width, max_lines, size, bold, min_size)
    return face.draw_lines(d, x, top, lines, fill) - top


def paragraph_height(text: str, max_width: int, max_lines: int, size: int, bold: bool = False,
                     min_size: int | None = None) -> int:
    face, lines, _ = wrap_fit(text, max_width, max_lines, size, bold, min_size)
    return len(lines) * face.line_height


def stars_row(img: Image.Image, x: float, mid_y: float, count: int, size: int, gap: int = 2) -> int:
    """`count` small stars (negative counts are written as a number instead); returns width used."""
    sprite = icons.star(size)
    for i in range(count):
        icons.paste(img, sprite, x + i * (size + gap), mid_y - size / 2)
    return max(0, count * (size + gap) - gap)


def stars_value(img: Image.Image, d, x: float, mid_y: float, value: int, size: int, bold: bool = True, fill=P.TEXT,
                align: str = "left", sign: bool = True) -> int:
    """A number followed by a star icon ("+3★", "−1★"; totals without the plus); returns the width."""
    text = signed(value) if sign else number(value)
    face = Face(size, bold)
    star = icons.star(round(size * 0.9))
    w = face.width(text) + 3 + star.width
    x = left_edge(x, w, align)
    face.draw_mid(d, x, mid_y, text, fill)
    icons.paste(img, star, x + face.width(text) + 3, mid_y - star.height / 2)
    return w


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else number(value)


def number(value: int) -> str:
    """A whole number with a typographic minus ("−3")."""
    return str(value) if value >= 0 else f"−{-value}"
