"""The step picture: a small private picture for one decision of a player's turn.

The private message of a turn is redrawn at every step (take a die, place it, its row's action, market
purchases, setup choices). Uploading the whole character sheet each time cost ~80 KB a step, so the step
picture shows only what such a decision is made by: the name line (name, race and class, stars so far),
the attribute grid (dice with their colours and backstory targets, total, goal, goal met) and, only while
the decision at hand involves them, the die or dice to place, Gold and Charisma (market) and the
alignment token (an action or a purchase may move it). The full sheet stays one click away.

What it shows depends on nothing else, so a step that changes only what it does not show (Gold while
dice are placed) gives the very same bytes and the private message keeps its attachment.
"""

from __future__ import annotations

from PIL import Image

from bot.games.rollplayer import content
from bot.runtime import pool

from .. import icons, png
from .. import palette as P
from ..draw import counter, new_canvas, number, panel, signed, stars_row, stars_value, text_box
from ..labels import label
from ..memo import remembered
from ..text import wrap_fit
from .adapt import step_view
from .sheet import goal_text
from .views import ALIGN_COLUMNS, ALIGN_ROWS, StepView

# --- layout (pixels) -------------------------------------------------------------------------------
# Discord shows it about 360 px wide on a phone, so it is drawn at that width: a 13 px text has a cap
# height of 9.5 px there, the dice are 28 px.
WIDTH = 360
M = 6
HEAD_H = 52
BAND_H = 42
COLS_H = 18
ROW_H = 36
SLOT = 32
SLOT_GAP = 4
DIE = 28
LABEL_W = 52
SLOTS_X = M + 52
TOTAL_X = SLOTS_X + 3 * (SLOT + SLOT_GAP) + 26  # centre of the total column
GOAL_X = TOTAL_X + 64  # centre of the goal column
MET_X = WIDTH - M - 12  # centre of the met mark
CELL_W, CELL_H = 24, 11  # the alignment grid in the band
BAND_FILL = (58, 52, 30)
STRIPE = (60, 66, 86)  # the lines between rows
EMPTY_SLOT = (30, 34, 46)


# ------------------------------------------------------------------ drawing
def _band(v: StepView) -> bool:
    return bool(v.in_hand) or v.alignment


def height(v: StepView) -> int:
    return HEAD_H + (BAND_H + 6 if _band(v) else 0) + COLS_H + 6 * ROW_H + M


def _header(img, d, v: StepView, locale: str) -> None:
    """Name and stars so far; race and class (in the class colour), Gold and Charisma when they matter."""
    s = v.sheet
    right = WIDTH - M
    sw = stars_value(img, d, right, 16, s.projected_total, 18, align="right", sign=False)
    text_box(d, M, 16, s.player_name, right - M - sw - 12, 18, True, P.TEXT, min_size=14)
    wealth_w = 0
    if v.wealth:
        x = right
        for value, sprite in ((s.charisma, icons.charisma(18)), (s.gold, icons.coin(18))):
            x -= counter(img, d, x, 38, sprite, str(value), 17, 40) + 12
        wealth_w = right - x
    colour = content.classes()[s.class_id]["colour"] if s.class_id else None
    x = M
    if colour:
        icons.paste(img, icons.shape_badge(colour, 18), x, 29)
        x += 24
    room = right - wealth_w - x
    if not s.race_id:
        text_box(d, x, 38, label("img.sheet.no_race", locale), room, 15, True, P.FAINT, min_size=14)
        return
    x += text_box(d, x, 38, content.race_name(s.race_id, locale), min(room, 150), 15, True, P.TEXT, min_size=14) + 10
    if s.class_id:
        fill = P.DIE_FILL[colour] if colour != "black" else P.TEXT
        text_box(d, x, 38, content.class_name(s.class_id, locale), right - wealth_w - x, 15, True, fill, min_size=14)
    else:
        text_box(d, x, 38, label("img.sheet.no_class", locale), right - wealth_w - x, 15, True, P.FAINT, min_size=14)


def _draw_band(img, d, v: StepView, top: int, locale: str) -> None:
    """The dice waiting to be placed (left) and the alignment grid with its token (right)."""
    panel(d, [M, top, WIDTH - M, top + BAND_H], fill=BAND_FILL, outline=P.TURN, width=2, radius=8)
    mid = top + BAND_H / 2
    right = WIDTH - M - 8
    if v.alignment:
        s = v.sheet
        gx = right - 3 * CELL_W
        gy = mid - 3 * CELL_H / 2
        tr, tc = s.token
        for r in range(3):
            for c in range(3):
                value = s.alignment_grid[r][c]
                fill = (40, 92, 60) if value > 0 else ((110, 44, 48) if value < 0 else (58, 64, 82))
                x0, y0 = gx + c * CELL_W, gy + r * CELL_H
                d.rectangle([x0, y0, x0 + CELL_W - 2, y0 + CELL_H - 2], fill=fill)
        x0, y0 = gx + tc * CELL_W, gy + tr * CELL_H
        d.rectangle([x0 - 1, y0 - 1, x0 + CELL_W - 1, y0 + CELL_H - 1], outline=P.TURN, width=2)
        d.ellipse([x0 + CELL_W / 2 - 4, y0 + CELL_H / 2 - 4, x0 + CELL_W / 2 + 3, y0 + CELL_H / 2 + 3], fill=P.TURN)
        value = s.alignment_grid[tr][tc]
        vw = stars_value(img, d, gx - 8, mid, value, 16, align="right")
        room = gx - 8 - vw - 8 - M - 12
        if not v.in_hand:   # "Alignment" over where the token stands, Law–Chaos first as printed ("Chaotic · Evil")
            where = " · ".join(label(f"img.align.{name}", locale) for name in (ALIGN_COLUMNS[tc], ALIGN_ROWS[tr]))
            text_box(d, M + 12, mid - 8, label("img.sheet.alignment", locale), room, 13, True, P.TURN)
            text_box(d, M + 12, mid + 9, where, room, 14, True, P.TEXT, min_size=13)
        right = gx - 8 - vw - 10
    if not v.in_hand:
        return
    dice = v.in_hand[:6]
    size = 28 if len(dice) <= 4 else 24  # six starting dice leave the label room to be read
    dice_w = len(dice) * (size + 4) - 4
    x = M + 12
    room = right - x - dice_w - 10
    text = label(v.in_hand_key, locale)
    face, lines, _ = wrap_fit(text, room, 2, 14, True, 13)  # a long label takes two lines, not an ellipsis
    face.draw_lines(d, x, mid - len(lines) * face.line_height / 2, lines, P.TURN)
    x += max(face.width(line) for line in lines) + 10
    for die in dice:
        icons.paste(img, icons.die(die.value, die.colour, size), x, mid - size / 2)
        x += size + 4


def _grid(img, d, v: StepView, top: int, locale: str) -> None:
    s = v.sheet
    hmid = top + COLS_H / 2
    text_box(d, TOTAL_X, hmid, label("img.sheet.total", locale), 64, 13, True, P.MUTED, "center", min_size=12)
    text_box(d, GOAL_X, hmid, label("img.sheet.goal", locale), 70, 13, True, P.MUTED, "center", min_size=12)
    targets = {(c.attr, c.position): c.colour for c in s.backstory}
    top += COLS_H
    for r, row in enumerate(s.rows):
        y = top + r * ROW_H
        mid = y + ROW_H / 2
        if r:
            d.line([M, y, WIDTH - M, y], fill=STRIPE, width=1)
        if row.attr == v.action_row:
            d.rectangle([M, y, WIDTH - M, y + ROW_H - 1], outline=P.TURN, width=2)
        name = label(f"img.attr.{row.attr}", locale)
        text_box(d, M + 6, mid - (7 if row.race_modifier else 0), name, LABEL_W - 6, 15, True, P.TEXT, min_size=13)
        if row.race_modifier:
            text_box(d, M + 6, mid + 11, signed(row.race_modifier), LABEL_W - 6, 13, True,
                     P.GOOD if row.race_modifier > 0 else P.BAD)
        for i in range(3):
            sx, sy = SLOTS_X + i * (SLOT + SLOT_GAP), mid - SLOT / 2
            target = targets.get((row.attr, i + 1))
            die = row.dice[i]
            if die is None:
                d.rounded_rectangle([sx, sy, sx + SLOT, sy + SLOT], radius=7, fill=EMPTY_SLOT,
                                    outline=P.DIE_FILL[target] if target else P.LINE, width=3 if target else 1)
                if target:
                    icons.paste_center(img, icons.shape_badge(target, 16), sx + SLOT / 2, sy + SLOT / 2)
                continue
            if target:
                d.rounded_rectangle([sx, sy, sx + SLOT, sy + SLOT], radius=7, outline=P.DIE_FILL[target], width=3)
            icons.paste(img, icons.die(die.value, die.colour, DIE), sx + (SLOT - DIE) / 2, sy + (SLOT - DIE) / 2)
            if target == die.colour:
                icons.paste(img, icons.check(14, True), sx + SLOT - 12, sy + SLOT - 12)
            elif target:
                icons.paste(img, icons.shape_badge(target, 13), sx + SLOT - 11, sy - 2)
        text_box(d, TOTAL_X, mid - (6 if row.weapon_bonus else 0), number(row.value), 52, 20, True, P.TEXT, "center")
        if row.weapon_bonus:
            text_box(d, TOTAL_X, mid + 11, f"+{row.weapon_bonus}", 60, 13, True, P.ACCENT, "center")
        if row.goal is None:
            text_box(d, GOAL_X, mid, "—", 60, 16, True, P.FAINT, "center")
            continue
        text_box(d, GOAL_X, mid - 6, goal_text(row.goal, locale), 66, 15, True, P.TEXT, "center", min_size=14)
        sw = row.goal.stars * 12 - 2
        stars_row(img, GOAL_X - sw / 2, mid + 10, row.goal.stars, 10)
        icons.paste_center(img, icons.check(20, row.goal_met), MET_X, mid)


def draw(v: StepView, locale: str = "en") -> Image.Image:
    img, d = new_canvas(WIDTH, height(v))
    _header(img, d, v, locale)
    top = HEAD_H
    if _band(v):
        _draw_band(img, d, v, top, locale)
        top += BAND_H + 6
    _grid(img, d, v, top, locale)
    return img


def render_step(state, seat: int, locale: str = "en", names=None) -> bytes:
    """The step picture of `seat` as PNG bytes (the private message of a turn)."""
    return step_png(step_view(state, seat, names, locale), locale)


@remembered(1024)   # one per open game (and seat): a busy bot has hundreds
@pool.apart
def step_png(view: StepView, locale: str = "en") -> bytes:
    """Remembered by view (`images.memo`): a step that changes nothing shown is not drawn again."""
    return png.encode(draw(view, locale))
