"""The character sheet picture.

Top part (name, race, class and power, the attribute grid with goals and backstory targets, the alignment
grid's values, panel frames) depends only on who the character is, so it is drawn once per character and
locale and cached; each render pastes it and draws what changes: dice, totals, goal marks, token, Gold,
Charisma, cards and the score so far. The height grows with the class power's lines and the number of owned
cards; the width is fixed.

What a player reads to decide is at least ``TEXT`` (22 px: a 9 px cap height once Discord shows the sheet
360 px wide, `tools.legibility`): the class power, the alignment grid's axes, the resources and the colour
legend were 17–20 px and shrank to 13 px for German and French words (4–5 px on a phone). So the alignment
panel takes the whole width, its grid's columns wide enough for "Chaotique" and "Rechtsch.", with the
backstory and resources side by side under it; a row's weapon bonus is "+N" and the weapon symbol that heads
the Weapons group ("+3 weapons" did not fit the total's column). Panel titles and column heads stay 20 px.
"""

from __future__ import annotations

import threading

import cachetools
from PIL import Image

from bot.games.rollplayer import content

from .. import icons
from .. import palette as P
from ..draw import (
    MARGIN,
    new_canvas,
    number,
    panel,
    paragraph,
    paragraph_height,
    signed,
    stars_row,
    stars_value,
    text_box,
)
from ..labels import label
from ..text import Face
from . import cards
from .views import ALIGN_COLUMNS, ALIGN_ROWS, COLOURS, OwnedCard, SheetView

# --- layout (pixels) -------------------------------------------------------------------------------
# Narrow on purpose: Discord shows a picture about 360 px wide on a phone, so every pixel of width costs
# type size. At 640 px the 22 px text a player decides by has a cap height of 9 px on the phone.
WIDTH = 640
INNER = WIDTH - 2 * MARGIN
HEADER_H = 206  # the least: name, race and class, the score badge (a class power's lines add to it)
POWER_TOP = 154  # where the class power's text starts
POWER_LINES = 4  # the longest power (French) takes four lines at TEXT size
TEXT = 22  # the words a player reads to decide: 9 px cap height at 360 px wide
TURN_H = 62
BADGE_W = 184
ATTR_HEAD = 40
ROW_H = 84
ATTR_LEFT = MARGIN
ATTR_RIGHT = WIDTH - MARGIN
SLOT = 74
SLOT_GAP = 6
DIE = 62
SLOTS_X = ATTR_LEFT + 100
TOTAL_X = ATTR_LEFT + 386  # centre of the total column
GOAL_X = ATTR_LEFT + 484  # centre of the goal column
MET_X = ATTR_LEFT + 562  # centre of the met mark
ATTR_H = ATTR_HEAD + 6 * ROW_H + 12
# below the attributes: the alignment across the whole width, then backstory (left) and resources (right)
SIDE_GAP = 12
CELL_W = 108  # "Chaotique", "Rechtsch." at TEXT size fit over a column
CELL_H = 56
GRID_X = WIDTH - MARGIN - 14 - 3 * CELL_W
GRID_DY = 100  # grid top below the panel top
ALIGN_H = GRID_DY + 3 * CELL_H + 12
LOWER_DY = ALIGN_H + SIDE_GAP  # the backstory and resources panels below the alignment panel's top
HALF_W = (INNER - SIDE_GAP) // 2
BACK_LEFT, BACK_RIGHT = MARGIN, MARGIN + HALF_W
RES_LEFT, RES_RIGHT = WIDTH - MARGIN - HALF_W, WIDTH - MARGIN
RES_ROW = 44
LOWER_H = 3 * RES_ROW + 12
STATIC_H = ATTR_H + 14 + LOWER_DY + LOWER_H + 4
TILE_GAP = 14
GROUP_HEAD = 50
BREAKDOWN_ROW = 38
LEGEND_ROW = 38
LEGEND_H = 2 * LEGEND_ROW + 8
NAME_WIDTH = INNER - BADGE_W - 16
MAX_HAND_ICONS = 6

_static_cache: cachetools.LRUCache = cachetools.LRUCache(maxsize=64)


def _slot_x(i: int) -> int:
    return SLOTS_X + i * (SLOT + SLOT_GAP)


def _row_y(r: int, top: int = 0) -> int:
    return top + ATTR_HEAD + r * ROW_H


def goal_text(goal, locale: str) -> str:
    """An attribute goal in words ("18+", "16", "14–15"); the step picture writes it the same way."""
    if goal.max is None:
        return label("img.sheet.goal_open", locale, min=goal.min)
    if goal.max == goal.min:
        return label("img.sheet.goal_exact", locale, min=goal.min)
    return label("img.sheet.goal_range", locale, min=goal.min, max=goal.max)


def _static_key(v: SheetView, locale: str) -> tuple:
    targets = tuple((c.attr, c.position, c.colour) for c in v.backstory)
    goals = tuple((r.attr, r.race_modifier, r.goal) for r in v.rows)
    colour = content.classes()[v.class_id]["colour"] if v.class_id else None
    return (colour, v.backstory_id, v.alignment_id, targets, goals, v.alignment_grid, locale)


def header_height(v: SheetView, locale: str) -> int:
    """The header's height: ``HEADER_H``, or taller when the class power's text needs it."""
    if not v.class_id:
        return HEADER_H
    lines = paragraph_height(content.power_text(v.class_id, locale), INNER, POWER_LINES, TEXT, min_size=TEXT)
    return max(HEADER_H, POWER_TOP + lines + 10)


def _class_power(d, v: SheetView, locale: str) -> None:
    """The class power's name in a chip and its text under it, whole (up to ``POWER_LINES`` lines)."""
    power = content.power_name(v.class_id, locale)
    pface = Face(TEXT, True)
    pw = min(pface.width(power), INNER - 24)
    panel(d, [MARGIN, 116, MARGIN + pw + 24, 148], fill=P.PANEL_HI, radius=16)
    text_box(d, MARGIN + 12, 132, power, INNER - 24, TEXT, True, P.ACCENT, min_size=18)
    paragraph(d, MARGIN, POWER_TOP, content.power_text(v.class_id, locale), INNER, POWER_LINES, TEXT, P.MUTED,
              min_size=TEXT)


def _header(img, d, v: SheetView, locale: str) -> None:
    """Name, race and class, the class power; the score badge at the right."""
    colour = content.classes()[v.class_id]["colour"] if v.class_id else None
    text_box(d, MARGIN, 36, v.player_name, NAME_WIDTH, 38, True, P.TEXT, min_size=24)
    x = MARGIN
    if colour:
        icons.paste(img, icons.shape_badge(colour, 30), x, 71)
        x += 40
    right = MARGIN + NAME_WIDTH
    if not v.race_id:  # nothing chosen yet: one placeholder (the class comes after the race)
        text_box(d, x, 86, label("img.sheet.no_race", locale), right - x, 26, True, P.FAINT, min_size=20)
    else:
        x += text_box(d, x, 86, content.race_name(v.race_id, locale), 200, 27, True, P.TEXT, min_size=20) + 12
    if v.class_id:
        cfill = P.DIE_FILL[colour] if colour != "black" else P.TEXT
        text_box(d, x, 86, content.class_name(v.class_id, locale), right - x, 27, True, cfill, min_size=20)
        _class_power(d, v, locale)
    elif v.race_id:
        text_box(d, x, 86, label("img.sheet.no_class", locale), right - x, 24, True, P.FAINT, min_size=18)
    # score badge
    panel(d, [WIDTH - MARGIN - BADGE_W, 12, WIDTH - MARGIN, 106], fill=P.PANEL)
    key = "img.sheet.final" if v.final else "img.sheet.projected"
    text_box(d, WIDTH - MARGIN - BADGE_W / 2, 34, label(key, locale), BADGE_W - 16, 20, True, P.MUTED, "center",
             min_size=15)
    stars_value(img, d, WIDTH - MARGIN - BADGE_W / 2, 76, v.projected_total, 44, align="center", sign=False)


def _turn_banner(img, d, v: SheetView, top: int, locale: str, viewer: int | None) -> None:
    """Whose turn it is, in words a reader of this picture understands: "Your turn" only for the sheet's
    owner; a public sheet names the player."""
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + TURN_H - 12], fill=(58, 52, 30), outline=P.TURN, width=3)
    mid = top + (TURN_H - 12) / 2
    icons.paste(img, icons.play(28), MARGIN + 14, mid - 14)
    text = (label("img.sheet.your_turn", locale) if viewer == v.seat
            else label("img.sheet.turn_of", locale, name=v.player_name))
    text_box(d, MARGIN + 52, mid, text, INNER - 68, 28, True, P.TURN, min_size=20)


@cachetools.cached(_static_cache, key=_static_key, lock=threading.Lock())
def _static(v: SheetView, locale: str) -> Image.Image:
    """Attribute panel with goals and backstory targets, alignment grid values, backstory and resource
    panels with their labels: all that is fixed once the character is chosen. Drawn once per character and
    locale (a small LRU cache, guarded: the bot may render in threads)."""
    img, d = new_canvas(WIDTH, STATIC_H)
    colour = content.classes()[v.class_id]["colour"] if v.class_id else None
    # attribute panel
    panel(d, [ATTR_LEFT, 0, ATTR_RIGHT, ATTR_H])
    hmid = ATTR_HEAD / 2 + 4
    text_box(d, TOTAL_X, hmid, label("img.sheet.total", locale), 96, 20, True, P.MUTED, "center", min_size=15)
    text_box(d, GOAL_X, hmid, label("img.sheet.goal", locale), 106, 20, True, P.MUTED, "center", min_size=15)
    targets = {(c.attr, c.position): c.colour for c in v.backstory}
    for r, row in enumerate(v.rows):
        y = _row_y(r)
        mid = y + ROW_H / 2
        if r % 2 == 0:
            d.rectangle([ATTR_LEFT + 4, y, ATTR_RIGHT - 4, y + ROW_H], fill=(44, 50, 66))
        text_box(d, ATTR_LEFT + 12, mid - (11 if row.race_modifier else 0), label(f"img.attr.{row.attr}", locale), 84,
                 28, True, P.TEXT, min_size=18)
        if row.race_modifier:
            text_box(d, ATTR_LEFT + 12, mid + 21, label("img.sheet.race_mod", locale, mod=signed(row.race_modifier)),
                     84, 20, True, P.GOOD if row.race_modifier > 0 else P.BAD, min_size=14)
        for i in range(3):
            sx, sy = _slot_x(i), mid - SLOT / 2
            target = targets.get((row.attr, i + 1))
            d.rounded_rectangle([sx, sy, sx + SLOT, sy + SLOT], radius=12, fill=(30, 34, 46),
                                outline=P.DIE_FILL[target] if target else P.LINE, width=5 if target else 2)
            if target:
                # the required colour, also shown as its shape in the empty space's centre
                icons.paste_center(img, icons.shape_badge(target, 28), sx + SLOT / 2, sy + SLOT / 2)
        goal = row.goal
        if goal is None:
            text_box(d, GOAL_X, mid, "—", 106, 26, True, P.FAINT, "center")
            continue
        text_box(d, GOAL_X, mid - 12, goal_text(goal, locale), 106, 28, True, P.TEXT, "center", min_size=20)
        sw = goal.stars * 20 - 2
        stars_row(img, GOAL_X - sw / 2, mid + 20, goal.stars, 18)

    top = ATTR_H + 14
    _alignment_panel(img, d, v, top, locale)
    # backstory panel (the matches are drawn per render)
    side_w = HALF_W - 28
    lower = top + LOWER_DY
    panel(d, [BACK_LEFT, lower, BACK_RIGHT, lower + LOWER_H])
    text_box(d, BACK_LEFT + 14, lower + 24, label("img.sheet.backstory", locale), side_w, 20, True, P.MUTED)
    if v.backstory_id:
        name = content.backstory_name(v.backstory_id, locale)
        text_box(d, BACK_LEFT + 14, lower + 58, name, side_w, 24, True, min_size=18)
    else:
        text_box(d, BACK_LEFT + 14, lower + 58, label("img.sheet.no_card", locale), side_w, 22, False, P.FAINT)
    # resources panel (the values are drawn per render)
    panel(d, [RES_LEFT, lower, RES_RIGHT, lower + LOWER_H])
    rows = (("img.sheet.gold", icons.coin(32)), ("img.sheet.charisma", icons.charisma(32)),
            ("img.sheet.class_dice", icons.shape_badge(colour, 32) if colour else None))
    for i, (key, sprite) in enumerate(rows):
        mid = _resource_mid(lower, i)
        if sprite is not None:
            icons.paste(img, sprite, RES_LEFT + 12, mid - 16)
        text_box(d, RES_LEFT + 52, mid, label(key, locale), HALF_W - 28 - 80, TEXT, False, P.MUTED, min_size=TEXT)
    return img


def _resource_mid(lower: int, i: int) -> float:
    """The middle of the resources panel's row ``i`` (Gold, Charisma, class dice), the panel's top at ``lower``."""
    return lower + 6 + RES_ROW * i + RES_ROW / 2


def _alignment_panel(img, d, v: SheetView, top: int, locale: str) -> None:
    """The alignment card: title, name, and its grid of star values under the axes' words (the token is drawn
    per render)."""
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + ALIGN_H])
    text_box(d, MARGIN + 14, top + 22, label("img.sheet.alignment", locale), INNER - 28, 20, True, P.MUTED)
    if v.alignment_id:
        name = content.alignment_name(v.alignment_id, locale)
        text_box(d, MARGIN + 14, top + 52, name, INNER - 28, 24, True, min_size=18)
    else:
        text_box(d, MARGIN + 14, top + 52, label("img.sheet.no_card", locale), INNER - 28, 22, False, P.FAINT)
    grid_top = top + GRID_DY
    _alignment_axes(d, grid_top, locale)
    for r in range(len(ALIGN_ROWS)):
        cy = grid_top + r * CELL_H
        for c in range(len(ALIGN_COLUMNS)):
            cx = GRID_X + c * CELL_W
            value = v.alignment_grid[r][c] if v.alignment_grid else 0
            fill = (40, 92, 60) if value > 0 else ((110, 44, 48) if value < 0 else (58, 64, 82))
            d.rectangle([cx + 2, cy + 2, cx + CELL_W - 2, cy + CELL_H - 2], fill=fill)
            if v.alignment_grid:
                stars_value(img, d, cx + CELL_W / 2 + 6, cy + CELL_H / 2 + 8, value, TEXT, align="center")


def _alignment_axes(d, grid_top: int, locale: str) -> None:
    """The grid's words: Lawful, Neutral, Chaotic over the columns, Good, Neutral, Evil before the rows."""
    for c, col in enumerate(ALIGN_COLUMNS):
        text_box(d, GRID_X + c * CELL_W + CELL_W / 2, grid_top - 16, label(f"img.align.{col}", locale), CELL_W - 4,
                 TEXT, False, P.MUTED, "center", min_size=TEXT)
    for r, row_id in enumerate(ALIGN_ROWS):
        text_box(d, GRID_X - 10, grid_top + r * CELL_H + CELL_H / 2, label(f"img.align.{row_id}", locale),
                 GRID_X - 10 - MARGIN - 14, TEXT, False, P.MUTED, "right", min_size=TEXT)


#: the title of each group of cards, by card type, in the sheet's order
GROUP_TITLES = {"weapon": "img.sheet.weapons", "armor": "img.sheet.armor", "skill": "img.sheet.skills",
                "trait": "img.sheet.traits"}


def _card_groups(v: SheetView) -> list[tuple[str, tuple[OwnedCard, ...]]]:
    """(card type, its cards) per group."""
    armor = tuple(OwnedCard(cid) for s in v.armor for cid in s.owned)
    return [("weapon", v.weapons), ("armor", armor), ("skill", v.skills), ("trait", v.traits)]


ARMOR_COLS = 2
ARMOR_W = (INNER - (ARMOR_COLS - 1) * TILE_GAP) // ARMOR_COLS


def _armor_rows(n: int) -> int:
    return (n + ARMOR_COLS - 1) // ARMOR_COLS


def _group_height(v: SheetView, kind: str, cards_: tuple[OwnedCard, ...], locale: str) -> int:
    """A group of cards with its header (an empty group keeps a little room under it)."""
    if kind == "armor":
        tiles = sum(44 + _armor_rows(len(s.owned)) * (cards.ARMOR_HEIGHT + 10) + 6 for s in v.armor)
    else:
        tiles = sum(cards.owned_height(c.card_id, locale) + TILE_GAP for c in cards_)
    return GROUP_HEAD + tiles + (0 if cards_ else 6)


TO_PLACE_H = 84


def cards_height(v: SheetView, locale: str) -> int:
    return (TO_PLACE_H if v.to_place else 0) + sum(_group_height(v, *group, locale) for group in _card_groups(v))


def _breakdown_h(v: SheetView) -> int:
    rows = (min(len(v.projected), 10) + 1) // 2 + len(v.discarded)
    return 58 + rows * BREAKDOWN_ROW + 12


def discarded_note(card_id: str, locale: str) -> str:
    """The line saying a card was discarded before scoring (0 stars); the scores picture writes it the same way."""
    return label("img.scores.discarded", locale, card=content.card_name(card_id, locale))


def height(v: SheetView, locale: str = "en") -> int:
    """Height of the sheet picture for this view (width is always `WIDTH`)."""
    top = header_height(v, locale) + (TURN_H if v.is_turn else 0)
    return top + STATIC_H + 14 + cards_height(v, locale) + 8 + _breakdown_h(v) + 14 + LEGEND_H + MARGIN


def _group_header(img, d, y: int, kind: str, count: int, locale: str) -> None:
    d.line([MARGIN, y + GROUP_HEAD - 8, WIDTH - MARGIN, y + GROUP_HEAD - 8], fill=P.LINE, width=2)
    icons.paste(img, icons.card_type(kind, 28, P.TYPE_FILL[kind]), MARGIN, y + 6)
    w = text_box(d, MARGIN + 36, y + 20, label(GROUP_TITLES[kind], locale), 300, 26, True, P.TEXT)
    if count == 0:
        text_box(d, MARGIN + 36 + w + 14, y + 20, "—", 40, 24, False, P.FAINT)


def _draw_to_place(img, d, v: SheetView, y: int, locale: str) -> None:
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + TO_PLACE_H - 12], fill=(58, 52, 30), outline=P.TURN, width=2)
    mid = y + (TO_PLACE_H - 12) / 2
    w = text_box(d, MARGIN + 14, mid, label("img.sheet.to_place", locale), 220, 22, True, P.TURN, min_size=16)
    x = MARGIN + 14 + w + 14
    size = min(56, (WIDTH - MARGIN - 10 - x) // max(1, len(v.to_place[:10])) - 4)
    for die in v.to_place[:10]:
        icons.paste(img, icons.die(die.value, die.colour, size), x, mid - size / 2)
        x += size + 4


def _draw_armor_sets(img, d, v: SheetView, y: int, locale: str) -> None:
    for s in v.armor:
        mid = y + 18
        w = text_box(d, MARGIN + 4, mid, content.armor_set_name(s.set_id, locale), 200, 24, True, P.TEXT, min_size=18)
        x = MARGIN + 4 + w + 12
        for i in range(s.pieces):
            filled = i < len(s.owned)
            shield = not filled and i < len(s.owned) + s.extra
            d.ellipse([x, mid - 9, x + 18, mid + 9], fill=P.ACCENT if filled else None,
                      outline=P.TYPE_FILL["armor"] if shield else P.ACCENT, width=2 if not shield else 4)
            x += 23
        x += 6
        progress = label("img.sheet.set_progress", locale, owned=len(s.owned), pieces=s.pieces)
        x += text_box(d, x, mid, progress, 60, 22, True, P.MUTED) + 10
        sw = stars_value(img, d, WIDTH - MARGIN, mid, s.stars, 24, align="right")
        if s.extra:
            text_box(d, x, mid, label("img.sheet.tower_shield", locale, extra=s.extra), WIDTH - MARGIN - sw - 10 - x,
                     18, False, P.MUTED, min_size=14)
        y += 44
        for i, cid in enumerate(s.owned):
            cards.draw_armor(img, d, MARGIN + (i % ARMOR_COLS) * (ARMOR_W + TILE_GAP),
                             y + (i // ARMOR_COLS) * (cards.ARMOR_HEIGHT + 10), cid, locale, width=ARMOR_W)
        y += _armor_rows(len(s.owned)) * (cards.ARMOR_HEIGHT + 10) + 6


def _draw_cards(img, d, v: SheetView, top: int, locale: str) -> None:
    y = top
    if v.to_place:
        _draw_to_place(img, d, v, y, locale)
        y += TO_PLACE_H
    for kind, cards_ in _card_groups(v):
        _group_header(img, d, y, kind, len(cards_), locale)
        if kind == "weapon":
            # hand slots at the right: used hands solid, free ones outlined
            x = WIDTH - MARGIN
            slots = max(v.hands_limit, v.hands_used)
            if slots <= MAX_HAND_ICONS:
                free = slots - v.hands_used
                for i in range(slots):
                    icons.paste(img, icons.hand(28, i >= free), x - 28, y + 6)
                    x -= 32
            text_box(d, x - 8, y + 20, label("img.sheet.hands", locale, used=v.hands_used, limit=v.hands_limit), 180,
                     22, False, P.MUTED, "right", min_size=16)
        if kind == "armor":
            _draw_armor_sets(img, d, v, y + GROUP_HEAD, locale)
        else:
            ty = y + GROUP_HEAD
            for c in cards_:
                ty += cards.draw_owned(img, d, MARGIN, ty, c.card_id, locale, c.exhausted, stars=c.stars,
                                       discarded=c.discarded) + TILE_GAP
        y += _group_height(v, kind, cards_, locale)


def _draw_breakdown(img, d, v: SheetView, top: int, locale: str) -> int:
    """Where the stars come from, two items a row, the total at the title's right."""
    h = _breakdown_h(v)
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + h])
    key = "img.sheet.final" if v.final else "img.sheet.projected"
    text_box(d, MARGIN + 16, top + 28, label(key, locale), INNER - 160, 24, True, P.TEXT, min_size=18)
    stars_value(img, d, WIDTH - MARGIN - 16, top + 28, v.projected_total, 32, align="right", sign=False)
    d.line([MARGIN + 12, top + 54, WIDTH - MARGIN - 12, top + 54], fill=P.LINE, width=2)
    col_w = (INNER - 32 - 24) // 2
    for i, item in enumerate(v.projected[:10]):
        x = MARGIN + 16 + (i % 2) * (col_w + 24)
        mid = top + 58 + (i // 2) * BREAKDOWN_ROW + BREAKDOWN_ROW / 2
        vw = stars_value(img, d, x + col_w, mid, item.stars, 22, align="right")
        text_box(d, x, mid, label(f"img.score.{item.key}", locale), col_w - vw - 10, 20, False, P.MUTED, min_size=15)
    # a card the scoring dropped, on a full-width line of its own: why its printed penalty is not in the total
    y = top + 58 + (min(len(v.projected), 10) + 1) // 2 * BREAKDOWN_ROW
    for card_id in v.discarded:
        text_box(d, MARGIN + 16, y + BREAKDOWN_ROW / 2, discarded_note(card_id, locale), INNER - 32, 20, False,
                 P.MUTED, min_size=15)
        y += BREAKDOWN_ROW
    return top + h


def _draw_legend(img, d, top: int, locale: str) -> None:
    """Die colour, its shape and its name: four on the first row, three on the second."""
    cell = INNER / 4
    for i, c in enumerate(COLOURS):
        x = MARGIN + (i % 4) * cell
        mid = top + (i // 4) * LEGEND_ROW + LEGEND_ROW / 2
        icons.paste(img, icons.shape_badge(c, 28), x, mid - 14)
        text_box(d, x + 34, mid, label(f"img.colour.{c}", locale), int(cell - 38), TEXT, False, P.MUTED,
                 min_size=TEXT)


def _weapon_bonus(img, d, mid: float, bonus: int) -> None:
    """What the weapons add to a row's total for its goal, under the total: "+N" and the weapon symbol, the one
    that heads the Weapons group (the words "+3 weapons" shrank to 13 px in the narrow column)."""
    face = Face(TEXT, True)
    text = signed(bonus)
    sprite = icons.card_type("weapon", 28, P.TYPE_FILL["weapon"])
    x = TOTAL_X - (face.width(text) + 4 + sprite.width) / 2
    face.draw_mid(d, x, mid, text, P.ACCENT)
    icons.paste(img, sprite, x + face.width(text) + 4, mid - sprite.height / 2)


def draw(v: SheetView, locale: str = "en", viewer: int | None = None) -> Image.Image:
    """The sheet of `v`. `viewer` is the seat that will see the picture (None: a public post), which
    decides between "Your turn" and naming the player."""
    img, d = new_canvas(WIDTH, height(v, locale))
    _header(img, d, v, locale)
    top = header_height(v, locale)
    if v.is_turn:
        _turn_banner(img, d, v, top, locale, viewer)
        top += TURN_H
    img.paste(_static(v, locale), (0, top))
    # dice, backstory matches, totals and goals
    targets = {(c.attr, c.position): c.colour for c in v.backstory}
    for r, row in enumerate(v.rows):
        mid = _row_y(r, top) + ROW_H / 2
        for i, die in enumerate(row.dice):
            if die is None:
                continue
            sx, sy = _slot_x(i), mid - SLOT / 2
            icons.paste(img, icons.die(die.value, die.colour, DIE), sx + (SLOT - DIE) / 2, sy + (SLOT - DIE) / 2)
            target = targets.get((row.attr, i + 1))
            if target:
                # the target's shape stays visible on a covered space (colour-blind safe)
                icons.paste(img, icons.shape_badge(target, 22), sx + SLOT - 18, sy - 4)
            if target == die.colour:
                icons.paste(img, icons.check(24, True), sx + SLOT - 20, sy + SLOT - 20)
        text_box(d, TOTAL_X, mid - (11 if row.weapon_bonus else 0), number(row.value), 90, 38, True, P.TEXT, "center")
        if row.weapon_bonus:
            _weapon_bonus(img, d, mid + 23, row.weapon_bonus)
        if row.goal is not None:
            icons.paste_center(img, icons.check(34, row.goal_met), MET_X, mid)
    side = top + ATTR_H + 14
    # alignment token
    tr, tc = v.token if v.alignment_grid else (1, 1)
    tx, ty = GRID_X + tc * CELL_W, side + GRID_DY + tr * CELL_H
    d.rectangle([tx + 1, ty + 1, tx + CELL_W - 1, ty + CELL_H - 1], outline=P.TURN, width=4)
    icons.paste(img, icons.token(22), tx + 4, ty + 4)
    # backstory matches
    lower = side + LOWER_DY
    reward = content.backstory_reward(max(0, min(6, v.backstory_matches)))
    mid = lower + 106
    sw = stars_value(img, d, BACK_RIGHT - 14, mid, reward, 24, align="right")
    text_box(d, BACK_LEFT + 14, mid, label("img.sheet.matches", locale, matches=v.backstory_matches),
             HALF_W - 40 - sw, TEXT, False, P.TEXT, min_size=16)
    # resources
    for i, value in enumerate((v.gold, v.charisma, v.class_dice)):
        text_box(d, RES_RIGHT - 14, _resource_mid(lower, i), str(value), 60, 30, True, P.TEXT, "right")
    y = side + LOWER_DY + LOWER_H + 4 + 14
    _draw_cards(img, d, v, y, locale)
    y = _draw_breakdown(img, d, v, y + cards_height(v, locale) + 8, locale)
    _draw_legend(img, d, y + 14, locale)
    return img
