"""The final-score picture: one column per player, ordered by place (winner leftmost), with every scoring
item, the total, the places, the winner and how a tie was broken; in solo, the rating title and the rating
ladder. 640 px wide like the other pictures, so it stays legible at a phone's 360 px."""

from __future__ import annotations

from PIL import Image

from bot.games.rollplayer import content
from bot.games.rollplayer.scoring import SOLO_RATING_FLOOR, SOLO_RATINGS

from .. import icons
from .. import palette as P
from ..draw import MARGIN, new_canvas, panel, paragraph, paragraph_height, stars_value, text_box
from ..labels import label, labelled
from ..text import Face, wrap_fit
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


def _table_h(v: ScoresView) -> int:
    """Column heads, a row per scoring item, total, place, a row per tiebreak."""
    return HEAD_H + (len(_item_keys(v)) + len(_tiebreak_keys(v))) * ITEM_H + TOTAL_H + RANK_H


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
    face_w = min(Face(30, True).width(text), WIDTH - 2 * MARGIN - 80)
    x = WIDTH / 2 - (face_w + 50) / 2
    if v.winners:
        icons.paste(img, icons.crown(40), x, 88)
    text_box(d, x + 50, 108, text, WIDTH - 2 * MARGIN - 80, 30, True, P.TURN, min_size=20)
    if v.tiebreak_key:
        paragraph(d, MARGIN, TITLE_H, label(f"img.scores.tiebreak.{v.tiebreak_key}", locale), INNER, 2, TIE_SIZE,
                  P.MUTED, min_size=17)


def _table(img, d, v: ScoresView, locale: str) -> int:
    n = max(1, len(v.columns))
    col_w = int(min(180, (WIDTH - 2 * MARGIN - LABEL_W) / n))
    x0 = (WIDTH - LABEL_W - n * col_w) // 2
    keys = _item_keys(v)
    tkeys = _tiebreak_keys(v)
    top = _title_h(v, locale)
    columns = sorted(v.columns, key=lambda c: (c.rank, c.seat))  # by place: the winner first, whatever the view's order
    bottom = top + _table_h(v)
    right = x0 + LABEL_W + len(v.columns) * col_w
    panel(d, [x0, top, right, bottom])
    winners = set(v.winners)
    centres = [x0 + LABEL_W + i * col_w + col_w / 2 for i in range(len(columns))]
    for r in range(1, len(keys), 2):
        ry = top + HEAD_H + r * ITEM_H
        d.rectangle([x0 + 8, ry, right - 8, ry + ITEM_H], fill=(44, 50, 66))
    # column heads
    for i, col in enumerate(columns):
        cx = x0 + LABEL_W + i * col_w
        if col.seat in winners:
            d.rounded_rectangle([cx + 4, top + 4, cx + col_w - 4, bottom - 4], radius=10, fill=(60, 56, 38),
                                outline=P.TURN, width=3)
            icons.paste_center(img, icons.crown(26), cx + col_w / 2, top + 20)
        face, lines, _ = wrap_fit(col.name, col_w - 12, 2, 22, True, 16)
        face.draw_lines(d, cx + col_w / 2, top + 38 + (0 if len(lines) == 2 else face.line_height / 2), lines, P.TEXT,
                        "center")
        if col.class_id:
            colour = content.classes()[col.class_id]["colour"]
            cname = content.class_name(col.class_id, locale)
            cface = Face(19)
            w = min(cface.width(cname), col_w - 34) + 24
            bx = cx + col_w / 2 - w / 2
            icons.paste(img, icons.shape_badge(colour, 20), bx, top + HEAD_H - 27)
            text_box(d, bx + 24, top + HEAD_H - 17, cname, col_w - 34, 19, False, P.MUTED, min_size=15)
    y = top + HEAD_H
    d.line([x0 + 10, y, right - 10, y], fill=P.LINE, width=2)
    # items
    for r, key in enumerate(keys):
        mid = y + ITEM_H / 2
        _row_label(d, x0 + 14, mid, label(f"img.score.{key}", locale))
        for cx, col in zip(centres, columns):
            value = next((it.stars for it in col.items if it.key == key), None)
            if value is None:
                text_box(d, cx, mid, "—", col_w - 10, 22, False, P.FAINT, "center")
            elif value == 0:
                text_box(d, cx, mid, "0", col_w - 10, 24, False, P.FAINT, "center")
            else:
                stars_value(img, d, cx, mid, value, 25, align="center", fill=P.TEXT if value > 0 else P.BAD)
        y += ITEM_H
    d.line([x0 + 10, y, right - 10, y], fill=P.LINE, width=2)
    mid = y + TOTAL_H / 2
    text_box(d, x0 + 14, mid, label("img.scores.total", locale), LABEL_W - 24, 28, True, P.TEXT, min_size=20)
    for cx, col in zip(centres, columns):
        _total(img, d, cx, mid, col.total)
    y += TOTAL_H
    mid = y + RANK_H / 2
    text_box(d, x0 + 14, mid, label("img.scores.place", locale), LABEL_W - 24, 22, False, P.MUTED, min_size=16)
    for cx, col in zip(centres, columns):
        text_box(d, cx, mid, label("img.scores.rank", locale, rank=col.rank), col_w - 10, 26, True,
                 P.TURN if col.seat in winners else P.MUTED, "center")
    y += RANK_H
    for key in tkeys:
        mid = y + ITEM_H / 2
        _row_label(d, x0 + 14, mid, label(f"img.tiebreak.{key}", locale))
        for cx, col in zip(centres, columns):
            value = dict(col.tiebreak).get(key)
            text_box(d, cx, mid, "—" if value is None else str(value), col_w - 10, 22, False, P.TEXT, "center")
        y += ITEM_H
    return bottom


def _row_label(d, x: float, mid: float, text: str) -> None:
    """A row's name, on two smaller lines when it is long (French and German names of scoring items): two
    lines at the one-line size filled the row from edge to edge."""
    face, lines = Face(21, False), (text,)
    if face.width(text) > LABEL_W - 24:
        face, lines, _ = wrap_fit(text, LABEL_W - 24, 2, 19, False, 15)
    face.draw_lines(d, x, mid - len(lines) * face.line_height / 2 - 1, lines, P.MUTED)


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
