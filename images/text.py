"""Text drawing with three fonts and measured fitting.

A line is split into runs: Hangul goes to NanumSquare, everything else to DejaVu Sans Condensed (which
has the accented Latin letters, Greek, Cyrillic, Hebrew and Arabic that NanumSquare lacks), Chinese and
Japanese ideographs to Droid Sans Fallback (a subset, see ``fonts/README.md``). A character none of them
has is drawn as one "?" per character a reader sees (``images.scripts.graphemes``: a family emoji or a flag
is one "?", not one per code point), so a player name never draws a box or a blank. A line with Hebrew or
Arabic is laid out right to left where those are (``images.scripts.levels``); Pillow's libraqm, where it is
built in (``RAQM``), shapes those runs (joined Arabic letters), else they are drawn reversed, unjoined.
Lines without them are drawn exactly as before, with Pillow's basic layout, on every machine.

Every box the renderers fill is measured with the real fonts (`fit`, `wrap`): text is shrunk a little, then
ellipsised (between two characters a reader sees), so it can never spill out of its box whatever the locale
or the player's name; a line breaks between words, inside one only after a hyphen or beside a wide East
Asian character.

`coverage(levels)` draws the text of a picture with its edge coverage rounded to a few levels (3: none,
half, full): at 24 px and more the glyphs look the same, and a palette PNG of a picture that is mostly
text comes out about a third smaller (the live pictures uploaded after every move use it).
"""

from __future__ import annotations

import contextvars
import unicodedata
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont, features

from . import scripts

FONT_DIR = Path(__file__).resolve().parent / "fonts"
LATIN = {False: "DejaVuSansCondensed.ttf", True: "DejaVuSansCondensed-Bold.ttf"}
HANGUL = {False: "NanumSquareR.ttf", True: "NanumSquareB.ttf"}
#: one weight: bold text draws its ideographs regular (stroked from HANGUL_STROKE_FROM, as Hangul is)
CJK = {False: "DroidSansFallback-CJK.ttf", True: "DroidSansFallback-CJK.ttf"}
FONTS = {"latin": LATIN, "hangul": HANGUL, "cjk": CJK}
ELLIPSIS = scripts.ELLIPSIS
#: what a character no font has is drawn as: one per grapheme
PLACEHOLDER = "?"
#: Pillow built with libraqm: right-to-left runs are shaped by it (Arabic joined), else drawn reversed
RAQM = features.check("raqm")
# NanumSquare's glyphs look smaller than DejaVu's at one pixel size; this evens out the x-heights.
HANGUL_SCALE = 1.08
_LEVELS: contextvars.ContextVar[int] = contextvars.ContextVar("coverage_levels", default=0)
HANGUL_STROKE_FROM = 40   # below, the stroke fills the counters of dense syllables (롤, 틀)


@cache
def _truetype(filename: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / filename), size, layout_engine=ImageFont.Layout.BASIC)


@cache
def _shaper(filename: str, size: int) -> ImageFont.FreeTypeFont:
    """The font laid out by libraqm: only right-to-left runs use it, so Latin and Hangul keep their pixels."""
    return ImageFont.truetype(str(FONT_DIR / filename), size, layout_engine=ImageFont.Layout.RAQM)


#: characters that may rightly draw no ink: format controls, combining and enclosing marks, spaces
INVISIBLE = frozenset({"Cf", "Mn", "Me", "Zs", "Zl", "Zp", "Cc"})


@cache
def _has_glyph(filename: str, ch: str) -> bool:
    """True when the font draws `ch`: not its .notdef, and not an empty glyph for a visible character
    (NanumSquare maps Chinese characters to empty glyphs, which drew names with a blank gap); cached."""
    if ch.isspace():
        return True
    font = _truetype(filename, 24)
    mask = font.getmask(ch)
    if bytes(mask) == bytes(font.getmask("\ue000")):
        return False
    return mask.getbbox() is not None or unicodedata.category(ch) in INVISIBLE


#: syllables, jamo, compatibility jamo, extended jamo A and B, CJK punctuation
HANGUL_RANGES = ((0xAC00, 0xD7A3), (0x1100, 0x11FF), (0x3130, 0x318F), (0xA960, 0xA97F), (0xD7B0, 0xD7FF),
                 (0x3000, 0x303F))


class Run(NamedTuple):
    """Text drawn with one font: ``font`` is a key of :data:`FONTS`; ``text`` is in drawing order, left to
    right, except when ``rtl``: then it is in reading order and libraqm lays it out right to left."""

    font: str
    text: str
    rtl: bool = False


@dataclass(frozen=True)
class Face:
    """A text style: pixel size + weight, drawing each run with the font that has its glyphs."""

    size: int
    bold: bool = False

    @property
    def latin(self) -> ImageFont.FreeTypeFont:
        return _truetype(LATIN[self.bold], self.size)

    @property
    def hangul(self) -> ImageFont.FreeTypeFont:
        return _truetype(HANGUL[self.bold], round(self.size * HANGUL_SCALE))

    def font(self, run: Run) -> ImageFont.FreeTypeFont:
        """The font that draws ``run``: its file at this face's size (NanumSquare scaled, see HANGUL_SCALE)."""
        size = round(self.size * HANGUL_SCALE) if run.font == "hangul" else self.size
        return (_shaper if run.rtl else _truetype)(FONTS[run.font][self.bold], size)

    def length(self, run: Run) -> float:
        """How far ``run`` advances the pen."""
        return self.font(run).getlength(run.text, direction="rtl" if run.rtl else None)

    @property
    def ascent(self) -> int:
        return round(self.size * 0.93)

    @property
    def line_height(self) -> int:
        return round(self.size * 1.22)

    @property
    def cap_height(self) -> int:
        return round(self.size * 0.73)

    def runs(self, text: str) -> tuple[Run, ...]:
        return _runs(text, self.bold)

    def width(self, text: str) -> int:
        return _width(self, text)

    def draw(self, draw: ImageDraw.ImageDraw, x: float, baseline: float, text: str, fill, align: str = "left") -> int:
        """Draw `text` with its baseline at `baseline`; `align` says whether `x` is the left edge, the
        centre or the right edge. Returns the width drawn."""
        w = self.width(text)
        x = left_edge(x, w, align)
        if text:
            levels = _LEVELS.get()
            mask, ox, oy = _coarse_mask(self, text, levels) if levels else _mask(self, text)
            draw.bitmap((round(x) + ox, round(baseline) + oy), mask, fill=fill)
        return w

    def draw_mid(self, draw, x, mid_y, text, fill, align="left") -> int:
        """Draw with the capital letters centred on `mid_y`."""
        return self.draw(draw, x, mid_y + self.cap_height / 2, text, fill, align)

    def draw_lines(self, draw, x: float, top: float, lines, fill, align: str = "left") -> float:
        """`lines` one under the other from `top` (the first line's top); returns the y below the last."""
        for line in lines:
            self.draw(draw, x, top + self.ascent, line, fill, align)
            top += self.line_height
        return top

    def draw_block(self, draw, x: float, mid_y: float, lines, fill, align: str = "left") -> None:
        """`lines` one under the other, the capitals of the block centred on `mid_y`."""
        first = mid_y - (len(lines) - 1) * self.line_height / 2
        for k, line in enumerate(lines):
            self.draw_mid(draw, x, first + k * self.line_height, line, fill, align)


def left_edge(x: float, width: float, align: str) -> float:
    """The left edge of something ``width`` wide whose left edge, centre or right edge (``align``) is ``x``."""
    return x - width / 2 if align == "center" else (x - width if align == "right" else x)


def _font_for(ch: str, bold: bool) -> str | None:
    """The key of the font that draws ``ch`` (Hangul from NanumSquare first, then DejaVu, NanumSquare,
    Droid Sans Fallback), None when none does."""
    if any(lo <= ord(ch) <= hi for lo, hi in HANGUL_RANGES) and _has_glyph(HANGUL[bold], ch):
        return "hangul"
    return next((key for key in ("latin", "hangul", "cjk") if _has_glyph(FONTS[key][bold], ch)), None)


def _droppable(ch: str) -> bool:
    """A part of a character that may go undrawn when its font lacks it: a mark, a joiner, a variation
    selector, a tag or an emoji skin tone (the letter or symbol it belongs to is still drawn)."""
    return unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1F3FB <= ord(ch) <= 0x1F3FF


def _glyphs(grapheme: str, bold: bool) -> tuple[str, str] | None:
    """(font key, what to draw) for one grapheme: the marks its font lacks are left out, and a grapheme that
    font cannot draw whole is one placeholder. None: nothing to draw (a direction control)."""
    base, rest = grapheme[0], grapheme[1:]
    if scripts.is_direction_control(base):
        return None
    key = _font_for(base, bold)
    if key is None:
        return None if _droppable(base) and not rest else ("latin", PLACEHOLDER)
    filename = FONTS[key][bold]
    if any(not _has_glyph(filename, ch) and not _droppable(ch) for ch in rest):
        return "latin", PLACEHOLDER
    return key, base + "".join(ch for ch in rest if _has_glyph(filename, ch))


@lru_cache(maxsize=65536)
def _runs(text: str, bold: bool) -> tuple[Run, ...]:
    """``text`` as runs of one font each, in drawing order (right-to-left parts laid out, see Run)."""
    units = [(glyphs, g) for g in scripts.graphemes(text) if (glyphs := _glyphs(g, bold))]
    if not scripts.has_rtl(text):
        return _merged((key, shown, False) for (key, shown), _ in units)
    line_levels = scripts.levels([g for _, g in units])
    return _merged(_placed(units[i][0], line_levels[i] % 2 == 1) for i in scripts.visual_order(line_levels))


def _placed(glyphs: tuple[str, str], rtl: bool) -> tuple[str, str, bool]:
    """One grapheme of a line with right-to-left text, in drawing order: libraqm lays out a right-to-left one
    itself; without it, its bracket is mirrored here."""
    key, shown = glyphs
    if rtl and not RAQM:
        return key, scripts.MIRRORS.get(shown, shown), False
    return key, shown, rtl


def _merged(units) -> tuple[Run, ...]:
    """Neighbouring units of one font and direction joined into runs; a right-to-left run (drawn by libraqm)
    back in reading order."""
    out: list[list] = []
    for key, shown, rtl in units:
        if out and out[-1][0] == key and out[-1][2] == rtl:
            out[-1][1].append(shown)
        else:
            out.append([key, [shown], rtl])
    return tuple(Run(key, "".join(reversed(parts) if rtl else parts), rtl) for key, parts, rtl in out)


@lru_cache(maxsize=2048)
def _mask(face: Face, text: str) -> tuple[Image.Image, int, int]:
    """The text rendered once as an 8-bit coverage mask (cached: card texts and labels repeat from one
    picture to the next), with the offset of its top-left corner from the pen position on the baseline."""
    runs = face.runs(text)
    metrics = [f.getmetrics() for f in (face.latin, face.hangul, *(face.font(r) for r in runs if r.font == "cjk"))]
    asc = max(m[0] for m in metrics) + 2
    desc = max(m[1] for m in metrics) + 2
    pad = 4
    mask = Image.new("L", (face.width(text) + 2 * pad, asc + desc), 0)
    d = ImageDraw.Draw(mask)
    x = float(pad)
    for run in runs:
        # NanumSquare Bold is lighter than DejaVu Bold (and Droid has no bold): a 1 px stroke evens the weight
        # at larger sizes
        stroke = 1 if run.font != "latin" and face.bold and face.size >= HANGUL_STROKE_FROM else 0
        d.text((round(x), asc), run.text, font=face.font(run), fill=255, anchor="ls", stroke_width=stroke,
               stroke_fill=255, direction="rtl" if run.rtl else None)
        x += face.length(run)
    return mask, -pad, -asc


@lru_cache(maxsize=2048)
def _coarse_mask(face: Face, text: str, levels: int) -> tuple[Image.Image, int, int]:
    """``_mask`` with its coverage rounded to ``levels`` steps (2: no anti-aliasing)."""
    mask, ox, oy = _mask(face, text)
    step = 255 / (levels - 1)
    return mask.point([round(round(c / step) * step) for c in range(256)]), ox, oy


@contextmanager
def coverage(levels: int) -> Iterator[None]:
    """Text drawn inside the block has its edge coverage rounded to ``levels`` steps (this thread only)."""
    if levels < 2:
        raise ValueError("coverage needs at least two levels")
    token = _LEVELS.set(levels)
    try:
        yield
    finally:
        _LEVELS.reset(token)


@lru_cache(maxsize=65536)
def _width(face: Face, text: str) -> int:
    return int(sum(face.length(run) for run in face.runs(text)) + 0.999)


def ellipsise(text: str, face: Face, max_width: int) -> str:
    """`text` cut between two graphemes with "…" so it fits `max_width` (unchanged if it fits): never inside
    an emoji sequence or between a letter and its accent."""
    if face.width(text) <= max_width:
        return text
    cuts = scripts.cuts(text)
    lo, hi = 0, len(cuts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if face.width(text[:cuts[mid]].rstrip() + ELLIPSIS) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:cuts[lo]].rstrip() + ELLIPSIS if lo else ELLIPSIS


def _faces(size: int, bold: bool, min_size: int | None) -> tuple[Face, ...]:
    """The faces from `size` down to `min_size` (default 85 % of size), largest first."""
    floor = min_size if min_size is not None else max(8, int(size * 0.85))
    return tuple(Face(s, bold) for s in range(size, floor - 1, -1)) or (Face(floor, bold),)


@lru_cache(maxsize=16384)
def fit(text: str, max_width: int, size: int, bold: bool = False, min_size: int | None = None) -> tuple[Face, str]:
    """The largest face from `size` down to `min_size` (default 85 % of size) at which `text` fits
    `max_width`; below that the text is ellipsised at `min_size`."""
    faces = _faces(size, bold, min_size)
    for face in faces:
        if face.width(text) <= max_width:
            return face, text
    return faces[-1], ellipsise(text, faces[-1], max_width)


def _break_word(word: str, face: Face, max_width: int) -> tuple[list[str], bool]:
    """A word wider than the box, broken where a line may break inside it (``scripts.word_pieces``: Korean
    without spaces, "Lefèvre-" / "Dubois"); a piece still too wide is ellipsised ("@everyo…", not "@everyon" /
    "e"). Returns the parts and whether the word is whole."""
    parts, cur = [], ""
    for piece in scripts.word_pieces(word):
        if cur and face.width(cur + piece) > max_width:
            parts.append(cur)
            cur = piece
        else:
            cur += piece
    parts.append(cur)
    shown = [ellipsise(part, face, max_width) for part in parts]
    return shown, shown == parts


@lru_cache(maxsize=16384)
def wrap(text: str, face: Face, max_width: int, max_lines: int) -> tuple[tuple[str, ...], bool]:
    """Greedy word wrap measured with `face`, breaking lines between words. Returns (lines, complete); when the
    text needs more than `max_lines`, the last line is ellipsised and complete is False; so it is when a word
    wider than the box had to be ellipsised (see ``_break_word``), so that ``wrap_fit`` tries a smaller size."""
    words: list[str] = []
    whole = True
    for word in text.split():
        if face.width(word) > max_width:
            parts, fits = _break_word(word, face, max_width)
            words.extend(parts)
            whole = whole and fits
        else:
            words.append(word)
    lines: list[str] = []
    cur = ""
    for word in words:
        trial = f"{cur} {word}" if cur else word
        if face.width(trial) <= max_width:
            cur = trial
        else:
            lines.append(cur)
            cur = word
    if cur:
        lines.append(cur)
    if len(lines) <= max_lines:
        return tuple(lines), whole
    kept = lines[:max_lines]
    last = list(scripts.graphemes(kept[-1]))
    while last and face.width("".join(last).rstrip() + ELLIPSIS) > max_width:
        last.pop()
    kept[-1] = "".join(last).rstrip() + ELLIPSIS
    return tuple(kept), False


@lru_cache(maxsize=4096)
def wrap_fit(text: str, max_width: int, max_lines: int, size: int, bold: bool = False,
             min_size: int | None = None) -> tuple[Face, tuple[str, ...], bool]:
    """Wrap at the largest size (down to `min_size`) that needs no more than `max_lines` lines."""
    for face in _faces(size, bold, min_size):
        lines, complete = wrap(text, face, max_width, max_lines)
        if complete:
            return face, lines, True
    return face, lines, complete


#: what a "who must do what" template holds in place of the name and the instruction (:func:`who_what`)
WHO, WHAT = "{who}", "{what}"


@lru_cache(maxsize=4096)
def who_what(
    template: str, name: str, what: str, max_width: int, size: int, bold: bool = False,
    min_size: int | None = None, max_lines: int = 3,
) -> tuple[Face, tuple[str, ...]]:
    """Lines saying who must do what, the instruction always whole: ``template`` is the catalog's line with
    :data:`WHO` and :data:`WHAT` where the name and the instruction go ("{who}: {what}").

    One line at the largest size that fits; else one line at ``min_size`` with the *name* ellipsised, while
    at least a few of its letters stay; else the name (ellipsised if it must) on its own line and the
    instruction wrapped under it, at the largest size where it is complete in ``max_lines`` lines. Only
    an instruction longer than that is ellipsised."""
    faces = _faces(size, bold, min_size)
    full = template.replace(WHO, name).replace(WHAT, what)
    for face in faces:
        if face.width(full) <= max_width:
            return face, (full,)
    face = faces[-1]
    frame = template.replace(WHO, "").replace(WHAT, what)
    room = max_width - face.width(frame)
    if room >= face.width(name[:4] + ELLIPSIS):
        return face, (template.replace(WHO, ellipsise(name, face, room)).replace(WHAT, what),)
    cut = template.find(WHAT)
    head, tail = template[:cut].rstrip(), template[cut:]
    if WHO not in head:                                  # the name comes after the instruction: wrap it all
        lines, _ = wrap(template.replace(WHO, ellipsise(name, face, max_width // 2)).replace(WHAT, what), face,
                        max_width, max_lines)
        return face, lines
    rest = tail.replace(WHAT, what)
    for count in range(1, max_lines):                   # as few lines as will do, each as large as it can be
        for face in faces:
            lines, complete = wrap(rest, face, max_width, count)
            if complete:
                return face, (_named(head, name, face, max_width), *lines)
    lines, _ = wrap(rest, face, max_width, max_lines - 1)
    return face, (_named(head, name, face, max_width), *lines)


def _named(head: str, name: str, face: Face, max_width: int) -> str:
    """The part of a who/what line before the instruction, its name ellipsised to fit."""
    return head.replace(WHO, ellipsise(name, face, max_width - face.width(head.replace(WHO, ""))))
