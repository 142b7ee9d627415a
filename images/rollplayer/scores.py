"""The final-score picture: one column per player, ordered by place (winner leftmost), with every scoring
item, the total, the places, the winner and how a tie was broken; in solo, the rating title and the rating
ladder. 640 px wide like the other pictures, so it stays legible at a phone's 360 px."""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image

from bot.games.rollplayer import content
from bot.games.rollplayer.scoring import SOLO_RATING_FLOOR, SOLO_RATINGS

from .. import icons
from .. import palette as P
from ..draw import MARGIN, new_canvas, panel, paragraph, paragraph_height, stars_value, text_box
from ..labels import label, labelled
from ..text import Face, fit, wrap, wrap_fit
from .sheet import discarded_note
from .views import ScoresView

WIDTH = 640
INNER = WIDTH - 2 * MARGIN
TITLE_H = 152
LABEL_W = 196
HEAD_H = 126
ITEM_H = 54
TOTAL_H = 66
RANK_H = 50
TIE_SIZE = 20
#: up to this many players the row labels sit beside the values (:class:`Grid`)
SIDE_MAX = 2
SIDE_LABEL_MAX = 260
#: stacked rows: the label's line, then the values under it
LABEL_LINE = 30
STACKED_VALUE_H = 44
#: a column's text stays this far from the column's edges (the winner's frame is 4..7 px in)
PAD = 12
#: a column head's name: 22 px bold, the class names' largest size, so a name reads at 9 px on a phone (it shrank
#: to 17 px, 7 px high at 360 px wide); a long one is ellipsised on its second line instead
NAME_SIZE = 22
#: one size for every class name of the picture (the largest at which all fit), none under CLASS_MIN
CLASS_SIZE, CLASS_MIN = 22, 18
ROW_LABEL_SIZE, ROW_LABEL_MIN = 22, 18
#: the rules' solo table, best first: (rating, lowest total, highest total; None: no bound)
SOLO_LADDER = (*((name, low, above - 1 if above else None)
                 for (low, name), (above, _) in zip(SOLO_RATINGS, ((None, ""), *SOLO_RATINGS))),
               (SOLO_RATING_FLOOR, None, SOLO_RATINGS[-1][0] - 1))
LADDER_ROW = 44
LADDER_H = 80 + len(SOLO_LADDER) * LADDER_ROW + 20


def _item_keys(v: ScoresView) -> tuple[str, ...]:
    """The view's row order, else every column's items in the order they first appear."""
    return v.item_keys or tuple(dict.fromkeys(item.key for col in v.columns for item in col.items))


def _tiebreak_keys(v: ScoresView) -> tuple[str, ...]:
    return tuple(dict.fromkeys(key for col in v.columns for key, _ in col.tiebreak))


def _title_h(v: ScoresView, locale: str) -> int:
    if not v.tiebreak_key:
        return TITLE_H
    text = label(f"img.scores.tiebreak.{v.tiebreak_key}", locale)
    return TITLE_H + paragraph_height(text, INNER, 2, TIE_SIZE, min_size=17) + 12


@dataclass(frozen=True)
class Grid:
    """Where the score table's columns go. Up to :data:`SIDE_MAX` players the row labels sit left of the
    values; with more, each row's label is a line of its own over the values and the columns share the whole
    width: four columns beside the label column were under 100 px wide, the class names shrank to 15 px and
    the names ran into the winner's frame (at Discord's phone width, 5 px letters)."""

    left: int        # the table panel's edges
    right: int
    cols: float      # the first column's left edge
    col_w: float
    stacked: bool

    @property
    def label_w(self) -> float:
        return self.cols - self.left

    @property
    def inner(self) -> int:
        """The room for a column's text, :data:`PAD` clear of its edges (and of the winner's frame)."""
        return int(self.col_w - 2 * PAD)

    def item_h(self) -> int:
        return LABEL_LINE + STACKED_VALUE_H if self.stacked else ITEM_H

    def total_h(self) -> int:
        return LABEL_LINE + TOTAL_H - 10 if self.stacked else TOTAL_H

    def rank_h(self) -> int:
        return LABEL_LINE + RANK_H - 8 if self.stacked else RANK_H

    def value_mid(self, y: float, h: float) -> float:
        """The middle of a row's values: under the label line when stacked."""
        return y + LABEL_LINE + (h - LABEL_LINE) / 2 if self.stacked else y + h / 2


def grid(n: int) -> Grid:
    n = max(1, n)
    if n > SIDE_MAX:
        col_w = (INNER - 16) / n
        return Grid(MARGIN, WIDTH - MARGIN, MARGIN + 8, col_w, True)
    col_w = min(180, (INNER - LABEL_W) / n)
    label_w = max(LABEL_W, min(SIDE_LABEL_MAX, INNER - n * col_w))
    left = int((WIDTH - label_w - n * col_w) // 2)
    return Grid(left, int(left + label_w + n * col_w), left + label_w, col_w, False)


def _table_h(v: ScoresView) -> int:
    """Column heads, a row per scoring item, total, place (not in solo: one player has no place), a row per
    tiebreak."""
    g = grid(len(v.columns))
    return HEAD_H + (len(_item_keys(v)) + len(_tiebreak_keys(v))) * g.item_h() + g.total_h() + _rank_h(v, g)


def _rank_h(v: ScoresView, g: Grid) -> int:
    """The place row's height: none in solo, where a tour's newcomer read "Place #1" under a crown with nobody
    else at the table (the rating title says how the game went)."""
    return 0 if v.solo else g.rank_h()


NOTE_SIZE = 20
NOTE_GAP = 8


def _discard_notes(v: ScoresView, locale: str) -> list[str]:
    """One line per card a player's scoring discarded before counting ("Ann: Cursed Ring discarded before
    scoring (0★)"), by place: without it a total lacks the ring's printed -2 and nothing says why."""
    columns = sorted(v.columns, key=lambda c: (c.rank, c.seat))
    return [labelled(col.name, discarded_note(card_id, locale), locale) for col in columns for card_id in col.discarded]


def _notes_h(v: ScoresView, locale: str) -> int:
    return sum(paragraph_height(note, INNER, 2, NOTE_SIZE, min_size=16) + NOTE_GAP
               for note in _discard_notes(v, locale))


def height(v: ScoresView, locale: str = "en") -> int:
    notes = _notes_h(v, locale)
    return (_title_h(v, locale) + _table_h(v) + 24 + (notes + 8 if notes else 0) + (LADDER_H + 16 if v.solo else 0)
            + MARGIN)


def _names(v: ScoresView, seats) -> str:
    by_seat = {c.seat: c.name for c in v.columns}
    return ", ".join(by_seat.get(s, "?") for s in seats)


def _title(img, d, v: ScoresView, locale: str) -> None:
    key = "img.scores.solo_title" if v.solo else ("img.scores.title" if v.final else "img.scores.projected_title")
    title = label(key, locale)
    text_box(d, WIDTH / 2, 40, title, WIDTH - 2 * MARGIN, 38, True, P.TEXT, "center", min_size=26)
    panel(d, [MARGIN, 76, WIDTH - MARGIN, 140], fill=(58, 52, 30), outline=P.TURN, width=3)
    if not v.winners:
        text = label("img.scores.no_result", locale)
    elif v.solo and v.solo_rating:
        text = label("img.scores.rating", locale, title=label(f"img.rating.{v.solo_rating}", locale))
    elif not v.final:
        text = label("img.scores.leader", locale, names=_names(v, v.winners))
    elif len(v.winners) > 1:
        text = label("img.scores.winners", locale, names=_names(v, v.winners))
    else:
        text = label("img.scores.winner", locale, names=_names(v, v.winners))
    crowned = bool(v.winners) and not v.solo     # solo: the rating title, no crown (there is no one to beat)
    face_w = min(Face(30, True).width(text), WIDTH - 2 * MARGIN - 80)
    x = WIDTH / 2 - (face_w + (50 if crowned else 0)) / 2
    if crowned:
        icons.paste(img, icons.crown(40), x, 88)
    text_box(d, x + (50 if crowned else 0), 108, text, WIDTH - 2 * MARGIN - 80, 30, True, P.TURN, min_size=20)
    if v.tiebreak_key:
        paragraph(d, MARGIN, TITLE_H, label(f"img.scores.tiebreak.{v.tiebreak_key}", locale), INNER, 2, TIE_SIZE,
                  P.MUTED, min_size=17)


def head_lines(name: str, g: Grid) -> tuple[Face, tuple[str, ...]]:
    """A player's name in a column head: up to two lines at :data:`NAME_SIZE`, :data:`PAD` clear of the
    column's edges ("Bot 2" / "(normal)"), ellipsised when two lines are not enough."""
    face = Face(NAME_SIZE, True)
    return face, wrap(name, face, g.inner, 2)[0]


def class_face(class_names, g: Grid) -> Face:
    """The one face for every class name of the picture: the largest at which they all fit their columns
    ("Zauberer" was drawn smaller than "Druide" beside it)."""
    return min((fit(name, g.inner, CLASS_SIZE, False, CLASS_MIN)[0] for name in class_names),
               key=lambda f: f.size, default=Face(CLASS_SIZE))


def _winner_boxes(g: Grid, top: int, bottom: int, rows) -> list[tuple[float, float]]:
    """The winner's frame: the whole column beside the row labels; stacked, the head and each row's values
    apart, so that the row labels running across the table do not cross the frame."""
    if not g.stacked:
        return [(top + 4, bottom - 4)]
    return [(top + 4, top + HEAD_H - 3)] + [(y + LABEL_LINE, y + h - 3) for y, h in rows]


def _heads(img, d, g: Grid, columns, winners, top: int, bottom: int, rows, locale: str) -> None:
    """Each column's head: the crown (winner) and the class's shape, the name, the class name."""
    cface = class_face([content.class_name(c.class_id, locale) for c in columns if c.class_id], g)
    for i, col in enumerate(columns):
        cx = g.cols + i * g.col_w
        mid = cx + g.col_w / 2
        if col.seat in winners:
            for y0, y1 in _winner_boxes(g, top, bottom, rows):
                d.rounded_rectangle([cx + 4, y0, cx + g.col_w - 4, y1], radius=10, fill=(60, 56, 38),
                                    outline=P.TURN, width=3)
        marks = ([icons.crown(26)] if col.seat in winners else []) + (
            [icons.shape_badge(content.classes()[col.class_id]["colour"], 22)] if col.class_id else [])
        x = mid - (sum(m.width for m in marks) + 6 * (len(marks) - 1)) / 2
        for m in marks:
            icons.paste(img, m, x, top + 21 - m.height / 2)
            x += m.width + 6
        face, lines = head_lines(col.name, g)
        face.draw_lines(d, mid, top + 38 + (0 if len(lines) == 2 else face.line_height / 2), lines, P.TEXT,
                        "center")
        if col.class_id:
            _, cname = fit(content.class_name(col.class_id, locale), g.inner, cface.size, False, cface.size)
            cface.draw_mid(d, mid, top + HEAD_H - 18, cname, P.MUTED, "center")


def _table(img, d, v: ScoresView, locale: str) -> int:
    g = grid(len(v.columns))
    keys = _item_keys(v)
    tkeys = _tiebreak_keys(v)
    top = _title_h(v, locale)
    columns = sorted(v.columns, key=lambda c: (c.rank, c.seat))  # by place: the winner first, whatever the view's order
    bottom = top + _table_h(v)
    left, right = g.left, g.right
    panel(d, [left, top, right, bottom])
    winners = set() if v.solo else set(v.winners)       # solo: no crown and no winner's frame
    centres = [g.cols + i * g.col_w + g.col_w / 2 for i in range(len(columns))]
    item_h = g.item_h()
    for r in range(1, len(keys), 2):
        ry = top + HEAD_H + r * item_h
        d.rectangle([left + 8, ry, right - 8, ry + item_h], fill=(44, 50, 66))
    heights = [item_h] * len(keys) + [g.total_h(), _rank_h(v, g)] + [item_h] * len(tkeys)
    tops = [top + HEAD_H + sum(heights[:k]) for k in range(len(heights))]
    _heads(img, d, g, columns, winners, top, bottom, list(zip(tops, heights)), locale)
    y = top + HEAD_H
    d.line([left + 10, y, right - 10, y], fill=P.LINE, width=2)
    value_w = int(g.col_w - 10)
    # items
    for key in keys:
        mid = g.value_mid(y, item_h)
        _row_label(d, g, y, item_h, label(f"img.score.{key}", locale))
        for cx, col in zip(centres, columns):
            value = next((it.stars for it in col.items if it.key == key), None)
            if value is None:
                text_box(d, cx, mid, "—", value_w, 22, False, P.FAINT, "center")
            elif value == 0:
                text_box(d, cx, mid, "0", value_w, 24, False, P.FAINT, "center")
            else:
                stars_value(img, d, cx, mid, value, 25, align="center", fill=P.TEXT if value > 0 else P.BAD)
        y += item_h
    d.line([left + 10, y, right - 10, y], fill=P.LINE, width=2)
    h = g.total_h()
    if g.stacked:
        text_box(d, left + 14, y + LABEL_LINE / 2 + 3, label("img.scores.total", locale), INNER - 28, 24, True,
                 P.TEXT, min_size=20)
    else:
        text_box(d, left + 14, y + h / 2, label("img.scores.total", locale), int(g.label_w) - 24, 28, True, P.TEXT,
                 min_size=20)
    for cx, col in zip(centres, columns):
        _total(img, d, cx, g.value_mid(y, h), col.total)
    y += h
    h = _rank_h(v, g)
    if h:
        _row_label(d, g, y, h, label("img.scores.place", locale))
        for cx, col in zip(centres, columns):
            text_box(d, cx, g.value_mid(y, h), label("img.scores.rank", locale, rank=col.rank), value_w, 26, True,
                     P.TURN if col.seat in winners else P.MUTED, "center")
    y += h
    for key in tkeys:
        _row_label(d, g, y, item_h, label(f"img.tiebreak.{key}", locale))
        for cx, col in zip(centres, columns):
            value = dict(col.tiebreak).get(key)
            text_box(d, cx, g.value_mid(y, item_h), "—" if value is None else str(value), value_w, 22, False,
                     P.TEXT, "center")
        y += item_h
    return bottom


def row_label_lines(text: str, g: Grid) -> tuple[Face, tuple[str, ...]]:
    """A row's name: stacked, one line across the table; beside the values, one line, else two smaller
    lines (French and German names of scoring items: two lines at the one-line size filled the row)."""
    if g.stacked:
        face, shown = fit(text, INNER - 28, ROW_LABEL_SIZE, False, ROW_LABEL_MIN)
        return face, (shown,)
    width = int(g.label_w) - 24
    face = Face(ROW_LABEL_SIZE - 1)
    if face.width(text) <= width:
        return face, (text,)
    face, lines, _ = wrap_fit(text, width, 2, ROW_LABEL_SIZE - 2, False, ROW_LABEL_MIN - 1)
    return face, lines


def _row_label(d, g: Grid, y: float, h: float, text: str) -> None:
    face, lines = row_label_lines(text, g)
    mid = y + LABEL_LINE / 2 + 3 if g.stacked else y + h / 2
    face.draw_lines(d, g.left + 14, mid - len(lines) * face.line_height / 2 - 1, lines, P.MUTED)


def _total(img, d, cx: float, mid: float, total: int) -> None:
    face = Face(34, True)
    text = str(total)
    star = icons.star(30)
    w = face.width(text) + 4 + star.width
    face.draw_mid(d, cx - w / 2, mid, text, P.TEXT)
    icons.paste(img, star, cx - w / 2 + face.width(text) + 4, mid - 15)


def _ladder(img, d, v: ScoresView, top: int, locale: str) -> None:
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + LADDER_H])
    text_box(d, MARGIN + 20, top + 30, label("img.scores.rating_scale", locale), INNER - 40, 22, True, P.MUTED)
    y = top + 66
    for rating, lo, hi in SOLO_LADDER:
        current = rating == v.solo_rating
        if current:
            d.rounded_rectangle([MARGIN + 12, y, WIDTH - MARGIN - 12, y + LADDER_ROW - 4], radius=10, fill=(60, 56, 38),
                                outline=P.TURN, width=3)
            icons.paste(img, icons.play(22), MARGIN + 24, y + LADDER_ROW / 2 - 13)
        mid = y + LADDER_ROW / 2 - 2
        text_box(d, MARGIN + 60, mid, label(f"img.rating.{rating}", locale), INNER - 250, 24, current,
                 P.TURN if current else P.TEXT)
        if lo is not None and hi is not None:
            rng = label("img.scores.points_range", locale, min=lo, max=hi)
        elif lo is not None:
            rng = label("img.scores.points_min", locale, min=lo)
        else:
            rng = label("img.scores.points_max", locale, max=hi)
        text_box(d, WIDTH - MARGIN - 50, mid, rng, 150, 24, True, P.TURN if current else P.MUTED, "right")
        icons.paste(img, icons.star(24), WIDTH - MARGIN - 44, mid - 12)
        y += LADDER_ROW


def _notes(d, v: ScoresView, top: int, locale: str) -> int:
    """The discard notes under the table; returns the y below them."""
    y = top
    for note in _discard_notes(v, locale):
        paragraph(d, MARGIN, y, note, INNER, 2, NOTE_SIZE, P.MUTED, min_size=16)
        y += paragraph_height(note, INNER, 2, NOTE_SIZE, min_size=16) + NOTE_GAP
    return y + 8 if y > top else top


def draw(v: ScoresView, locale: str = "en") -> Image.Image:
    img, d = new_canvas(WIDTH, height(v, locale))
    _title(img, d, v, locale)
    bottom = _table(img, d, v, locale)
    bottom = _notes(d, v, bottom + 24, locale) - 24
    if v.solo:
        _ladder(img, d, v, bottom + 24, locale)
    return img
