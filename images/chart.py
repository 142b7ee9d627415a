"""A line chart of each player's score step by step (the projected score round by round at the end of a game).

Game-agnostic: it gets numbers, names and already translated words (the caller looks them up in the
catalogs), never a game state. Drawn 720 px wide with no text under 31 px (a title too long for one line wraps, a
long name is ellipsised): Discord shows it about 290 px wide on a phone, where 26 px text was 7 px tall and 31 px
has a cap height of 9 px; each line has its own colour AND its own marker shape (colour-blind safety),
and the legend names each player beside their marker and repeats the final score.

A game whose pictures mark each seat with a badge (Roll Player: the class's colour and shape) passes the
badges' die colours: that seat's line is drawn in its badge's colour with the badge itself as marker, so a
reader knows the line by what the table and the sheets show; a seat without one takes a plain style whose
colour is nobody's badge (a green triangle line beside a green-class player read as that player's).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from . import icons
from . import palette as P
from .draw import new_canvas, panel, paragraph, paragraph_height, text_box
from .png import encode
from .text import Face

WIDTH = 720
PAD = 20
TITLE_SIZE = 34
#: the smallest type: 0.73 × 31 × 290 / 720 = 9.1 px cap height at a phone's 290 px
TEXT_SIZE = 31
TITLE_LINES = 2
PLOT_HEIGHT = 340
LEGEND_ROW = 48
#: the least room between two words on the x axis
LABEL_GAP = 8
#: at most this many labelled steps on the x axis (a long game labels every n-th)
X_LABELS = 8

#: (colour, marker) per seat without a badge, in seat order; colours are palette colours so the fixed palette
#: keeps them
SERIES_STYLES = (
    (P.ACCENT, "circle"),
    (P.DIE_FILL["blue"], "square"),
    (P.GOOD, "triangle"),
    (P.CHARISMA, "diamond"),
    (P.BAD, "cross"),
    (P.DIE_FILL["white"], "ring"),
)
#: the badges (by die colour) each plain style could be taken for, by its colour or its shape (same order): a
#: seat with one of them rules the style out
PASSES_FOR = ({"gold"}, {"blue", "red"}, {"green"}, {"purple", "blue"}, {"red", "black"}, {"white"})
MARKER_R = 8
BADGE_MARKER = 24
BADGE_LEGEND = 32


@dataclass(frozen=True)
class SeriesStyle:
    """How one seat's line is drawn: its colour and a marker, a plain shape (``_marker``) or, for a seat with a
    badge, that badge (``badge``: its die colour, ``icons.shape_badge``)."""
    colour: tuple[int, int, int]
    shape: str = "circle"
    badge: str | None = None


def badge_line(colour: str) -> tuple[int, int, int]:
    """The line colour of a seat with the badge of die colour ``colour``: the die's fill, but a black die's
    edge (a black line would vanish into the dark background)."""
    return P.DIE_EDGE[colour] if colour == "black" else P.DIE_FILL[colour]


def series_styles(count: int, badges: Sequence[str | None] = ()) -> list[SeriesStyle]:
    """The style of each of ``count`` seats: its badge where ``badges`` gives one (a die colour, once: a second
    seat with the same one is taken for plain), else the next plain style that no seat's badge rules out."""
    given = [badges[i] if i < len(badges) and badges[i] in P.DIE_FILL else None for i in range(count)]
    own = [b if b not in given[:i] else None for i, b in enumerate(given)]
    plain = [SeriesStyle(colour, shape) for (colour, shape), kin in zip(SERIES_STYLES, PASSES_FOR)
             if not kin & set(own)] or [SeriesStyle(colour, shape) for colour, shape in SERIES_STYLES]
    styles, k = [], 0
    for badge in own:
        if badge is not None:
            styles.append(SeriesStyle(badge_line(badge), badge=badge))
        else:
            styles.append(plain[k % len(plain)])
            k += 1
    return styles


@dataclass(frozen=True)
class ChartWords:
    """The chart's words, in the reader's language: ``title``, the x axis name, one label per step; ``finished``:
    the last step is the game's end (its alt text says "from the start to the end", not the labels' capitals)."""
    title: str
    x_axis: str
    steps: tuple[str, ...]
    finished: bool = False


def _marker(d: ImageDraw.ImageDraw, shape: str, x: float, y: float, r: float, colour) -> None:
    box = (x - r, y - r, x + r, y + r)
    if shape == "circle":
        d.ellipse(box, fill=colour)
    elif shape == "square":
        d.rectangle((x - r * 0.85, y - r * 0.85, x + r * 0.85, y + r * 0.85), fill=colour)
    elif shape == "triangle":
        d.polygon([(x, y - r), (x + r, y + r * 0.8), (x - r, y + r * 0.8)], fill=colour)
    elif shape == "diamond":
        d.polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)], fill=colour)
    elif shape == "cross":
        d.line((x - r, y - r, x + r, y + r), fill=colour, width=4)
        d.line((x - r, y + r, x + r, y - r), fill=colour, width=4)
    else:
        d.ellipse(box, outline=colour, width=4)


def _mark(img: Image.Image, d: ImageDraw.ImageDraw, style: SeriesStyle, x: float, y: float, size: int) -> None:
    """A seat's marker ``size`` px across centred on (x, y): its badge, or its plain shape."""
    if style.badge is not None:
        icons.paste_center(img, icons.shape_badge(style.badge, size), x, y)
    else:
        _marker(d, style.shape, x, y, size / 2, style.colour)


def _nice_step(span: float) -> int:
    """A round grid step giving 3 to 6 lines over ``span``."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        if span / step <= 5:
            return step
    return max(1, int(span // 5))


def render_chart(series: list[list[float]], names: list[str], words: ChartWords,
                 badges: Sequence[str | None] = ()) -> bytes:
    """PNG of one line per player; ``series[i][k]`` is player i's score after step k (all the same length,
    at least one step). ``names`` are shown in the legend with the last value; ``badges`` (by seat, a die
    colour or None) are the seats' badges in the game's other pictures, which their lines then wear."""
    steps = max((len(s) for s in series), default=0)
    if steps == 0 or not series:
        raise ValueError("a chart needs at least one player and one step")
    values = [v for s in series for v in s]
    low, high = min(0, min(values)), max(values)
    step = _nice_step(max(1, high - low))
    low = (low // step) * step
    high = max(low + step, -(-high // step) * step)

    legend_h = LEGEND_ROW * len(series)
    title_w = WIDTH - PAD * 4
    title_h = paragraph_height(words.title, title_w, TITLE_LINES, TITLE_SIZE, True, min_size=TEXT_SIZE) + 20
    axis_h = 84
    height = PAD + title_h + PLOT_HEIGHT + axis_h + legend_h + PAD
    img, d = new_canvas(WIDTH, height)
    panel(d, (PAD // 2, PAD // 2, WIDTH - PAD // 2, height - PAD // 2))
    paragraph(d, PAD * 2, PAD + 8, words.title, title_w, TITLE_LINES, TITLE_SIZE, P.ACCENT, True, min_size=TEXT_SIZE)

    face = Face(TEXT_SIZE)
    label_w = max(face.width(str(int(v))) for v in (low, high)) + 12
    left = PAD * 2 + label_w
    right = WIDTH - PAD * 2 - 10
    top = PAD + title_h + 10
    bottom = top + PLOT_HEIGHT - 20

    def y_of(value: float) -> float:
        return bottom - (value - low) / (high - low) * (bottom - top)

    def x_of(index: int) -> float:
        return left if steps == 1 else left + index * (right - left) / (steps - 1)

    value = low
    while value <= high:
        y = y_of(value)
        d.line((left, y, right, y), fill=P.LINE, width=1)
        face.draw_mid(d, left - 10, y, str(int(value)), P.MUTED, align="right")
        value += step
    d.line((left, top, left, bottom), fill=P.FAINT, width=2)
    d.line((left, bottom, right, bottom), fill=P.FAINT, width=2)

    every = max(1, -(-steps // X_LABELS))

    def step_word(index: int) -> str:
        return words.steps[index] if index < len(words.steps) else str(index)
    # the last step's word ("End") ends at the edge at the latest; a step labelled just before it gives way
    last = step_word(steps - 1)
    last_left = min(x_of(steps - 1) - face.width(last) / 2, WIDTH - PAD - face.width(last))
    for index in range(steps):
        if index % every and index != steps - 1:
            continue
        x, text = x_of(index), step_word(index)
        d.line((x, bottom, x, bottom + 6), fill=P.FAINT, width=2)
        if index == steps - 1:
            face.draw(d, last_left, bottom + 28 + face.cap_height / 2, text, P.MUTED)
        elif x + face.width(text) / 2 + LABEL_GAP <= last_left:
            face.draw_mid(d, x, bottom + 28, text, P.MUTED, align="center")
    text_box(d, (left + right) / 2, bottom + 68, words.x_axis, right - left, TEXT_SIZE, fill=P.MUTED, align="center",
             min_size=TEXT_SIZE)

    styles = series_styles(len(series), badges)
    for style, points in zip(styles, series):
        xy = [(x_of(k), y_of(v)) for k, v in enumerate(points)]
        if len(xy) > 1:
            d.line(xy, fill=style.colour, width=4, joint="curve")
        marks = xy if len(xy) <= 24 else xy[:: -(-len(xy) // 24)] + [xy[-1]]
        for x, y in marks:
            _mark(img, d, style, x, y, BADGE_MARKER if style.badge else 2 * MARKER_R)

    y = bottom + axis_h + LEGEND_ROW / 2
    bold = Face(TEXT_SIZE, bold=True)
    for seat, (style, points) in enumerate(zip(styles, series)):
        _mark(img, d, style, PAD * 2 + 12, y, BADGE_LEGEND if style.badge else 24)
        last = str(int(points[-1])) if points else "-"
        score_w = bold.width(last)
        name = names[seat] if seat < len(names) else str(seat + 1)
        text_box(d, PAD * 2 + 36, y, name, WIDTH - PAD * 4 - 60 - score_w, TEXT_SIZE, fill=P.TEXT, min_size=TEXT_SIZE)
        # a badge names the seat beside it; a die's dark colour (blue, purple) is hard to read as text
        bold.draw_mid(d, WIDTH - PAD * 2, y, last, P.TEXT if style.badge else style.colour, align="right")
        y += LEGEND_ROW
    return encode(img)
