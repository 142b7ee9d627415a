"""The character sheet picture.

Top part (name, race, class and power, the attribute grid with goals and backstory targets, the alignment
grid's values, panel frames) depends only on who the character is, so it is drawn once per character and
locale and cached; each render pastes it and draws what changes: dice, totals, goal marks, token, Gold,
Charisma, cards and the score so far. The height grows with the number of owned cards; the width is fixed.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from PIL import Image

from .. import icons
from .. import palette as P
from ..draw import MARGIN, WIDTH, new_canvas, panel, paragraph, signed, stars_row, stars_value, text_box
from ..labels import label
from ..text import Face
from . import cards, content
from .views import ALIGN_COLUMNS, ALIGN_ROWS, COLOURS, OwnedCard, SheetView

# --- layout (pixels) -------------------------------------------------------------------------------
HEADER_TOP = 0
ATTR_TOP = 200
ATTR_HEAD = 34
ROW_H = 86
ATTR_LEFT = MARGIN
ATTR_RIGHT = 650
SLOT = 78
SLOT_GAP = 8
DIE = 66
SLOTS_X = ATTR_LEFT + 100
TOTAL_X = ATTR_LEFT + 398  # centre of the total column
GOAL_X = ATTR_LEFT + 512  # centre of the goal column
MET_X = ATTR_LEFT + 598  # centre of the met mark
ATTR_BOTTOM = ATTR_TOP + ATTR_HEAD + 6 * ROW_H + 12
SIDE_LEFT = 666
SIDE_RIGHT = WIDTH - MARGIN
ALIGN_TOP = ATTR_TOP
CELL_W = 76
CELL_H = 64
GRID_X = SIDE_RIGHT - 12 - 3 * CELL_W
ALIGN_GRID_TOP = ALIGN_TOP + 90
ALIGN_BOTTOM = ALIGN_GRID_TOP + 3 * CELL_H + 12
BACK_TOP = ALIGN_BOTTOM + 12
BACK_BOTTOM = BACK_TOP + 104
RES_TOP = BACK_BOTTOM + 12
RES_BOTTOM = ATTR_BOTTOM
CARDS_TOP = ATTR_BOTTOM + 18
TILE_GAP = 16
GROUP_HEAD = 46
FOOTER_H = 210
NAME_WIDTH = 540  # leaves room for the turn marker left of the score badge
MAX_HAND_ICONS = 6

_static_cache: OrderedDict = OrderedDict()
_static_lock = threading.Lock()
_STATIC_MAX = 64


def _slot_x(i: int) -> int:
    return SLOTS_X + i * (SLOT + SLOT_GAP)


def _row_y(r: int) -> int:
    return ATTR_TOP + ATTR_HEAD + r * ROW_H


def _goal_text(goal, locale: str) -> str:
    if goal.max is None:
        return label("img.sheet.goal_open", locale, min=goal.min)
    if goal.max == goal.min:
        return label("img.sheet.goal_exact", locale, min=goal.min)
    return label("img.sheet.goal_range", locale, min=goal.min, max=goal.max)


def _static_key(v: SheetView, locale: str) -> tuple:
    targets = tuple((c.attr, c.position, c.colour) for c in v.backstory)
    goals = tuple((r.attr, r.race_modifier, r.goal) for r in v.rows)
    return (
        v.player_name,
        v.seat,
        v.race_id,
        v.class_id,
        v.backstory_id,
        v.alignment_id,
        targets,
        goals,
        v.alignment_grid,
        locale,
    )


def _static(v: SheetView, locale: str) -> Image.Image:
    """The character's static layer, from a small LRU cache (guarded: the bot may render in threads)."""
    key = _static_key(v, locale)
    with _static_lock:
        img = _static_cache.get(key)
        if img is not None:
            _static_cache.move_to_end(key)
            return img
    img = _draw_static(v, locale)
    with _static_lock:
        _static_cache[key] = img
        if len(_static_cache) > _STATIC_MAX:
            _static_cache.popitem(last=False)
    return img


def _draw_static(v: SheetView, locale: str) -> Image.Image:
    img, d = new_canvas(WIDTH, ATTR_BOTTOM + 4)
    colour = content.classes()[v.class_id]["colour"] if v.class_id else None
    # header: name, race + class, power
    text_box(d, MARGIN, 40, v.player_name, NAME_WIDTH, 40, True, P.TEXT, min_size=26)
    x = MARGIN
    if colour:
        icons.paste(img, icons.shape_badge(colour, 30), x, 82)
        x += 40
    race = content.race_name(v.race_id, locale) if v.race_id else label("img.sheet.no_race", locale)
    x += text_box(d, x, 97, race, 260, 28, True, P.TEXT if v.race_id else P.FAINT, min_size=22) + 14
    if v.class_id:
        text_box(
            d,
            x,
            97,
            content.class_name(v.class_id, locale),
            700 - x,
            28,
            True,
            P.DIE_FILL[colour] if colour != "black" else P.TEXT,
            min_size=22,
        )
        power = content.power_name(v.class_id, locale)
        pface = Face(21, True)
        pw = min(pface.width(power), 240)
        panel(d, [MARGIN, 128, MARGIN + pw + 24, 160], fill=P.PANEL_HI, radius=16)
        text_box(d, MARGIN + 12, 144, power, 240, 21, True, P.ACCENT, min_size=16)
        paragraph(
            d,
            MARGIN + pw + 36,
            129,
            content.power_text(v.class_id, locale),
            WIDTH - 2 * MARGIN - pw - 36,
            3,
            19,
            P.MUTED,
            min_size=16,
        )
    else:
        text_box(d, x, 97, label("img.sheet.no_class", locale), 700 - x, 28, True, P.FAINT, min_size=22)

    # attribute panel
    panel(d, [ATTR_LEFT, ATTR_TOP, ATTR_RIGHT, ATTR_BOTTOM])
    hmid = ATTR_TOP + ATTR_HEAD / 2 + 4
    text_box(d, TOTAL_X, hmid, label("img.sheet.total", locale), 100, 18, True, P.MUTED, "center")
    text_box(d, GOAL_X, hmid, label("img.sheet.goal", locale), 120, 18, True, P.MUTED, "center")
    targets = {(c.attr, c.position): c.colour for c in v.backstory}
    for r, row in enumerate(v.rows):
        y = _row_y(r)
        mid = y + ROW_H / 2
        if r % 2 == 0:
            d.rectangle([ATTR_LEFT + 4, y, ATTR_RIGHT - 4, y + ROW_H], fill=(44, 50, 66))
        text_box(
            d,
            ATTR_LEFT + 14,
            mid - (10 if row.race_modifier else 0),
            label(f"img.attr.{row.attr}", locale),
            82,
            28,
            True,
            P.TEXT,
            min_size=18,
        )
        if row.race_modifier:
            text_box(
                d,
                ATTR_LEFT + 14,
                mid + 20,
                label("img.sheet.race_mod", locale, mod=signed(row.race_modifier)),
                80,
                17,
                False,
                P.GOOD if row.race_modifier > 0 else P.BAD,
                min_size=13,
            )
        for i in range(3):
            sx, sy = _slot_x(i), mid - SLOT / 2
            target = targets.get((row.attr, i + 1))
            d.rounded_rectangle(
                [sx, sy, sx + SLOT, sy + SLOT],
                radius=12,
                fill=(30, 34, 46),
                outline=P.DIE_FILL[target] if target else P.LINE,
                width=5 if target else 2,
            )
            if target:
                # the required colour, also shown as its shape in the empty space's centre
                icons.paste_center(img, icons.shape_badge(target, 28), sx + SLOT / 2, sy + SLOT / 2)
        goal = row.goal
        if goal is None:
            text_box(d, GOAL_X, mid, "—", 120, 26, True, P.FAINT, "center")
            continue
        text_box(d, GOAL_X, mid - 12, _goal_text(goal, locale), 120, 26, True, P.TEXT, "center", min_size=18)
        sw = goal.stars * 18 - 2
        stars_row(img, GOAL_X - sw / 2, mid + 18, goal.stars, 16)

    # alignment panel: title, headers and star values
    panel(d, [SIDE_LEFT, ALIGN_TOP, SIDE_RIGHT, ALIGN_BOTTOM])
    text_box(d, SIDE_LEFT + 14, ALIGN_TOP + 22, label("img.sheet.alignment", locale), 280, 18, True, P.MUTED)
    if v.alignment_id:
        text_box(
            d, SIDE_LEFT + 14, ALIGN_TOP + 50, content.alignment_name(v.alignment_id, locale), 280, 24, True
        )
    else:
        text_box(
            d, SIDE_LEFT + 14, ALIGN_TOP + 50, label("img.sheet.no_card", locale), 280, 22, False, P.FAINT
        )
    for c, col in enumerate(ALIGN_COLUMNS):
        text_box(
            d,
            GRID_X + c * CELL_W + CELL_W / 2,
            ALIGN_GRID_TOP - 12,
            label(f"img.align.{col}", locale),
            CELL_W - 4,
            15,
            False,
            P.MUTED,
            "center",
            min_size=12,
        )
    for r, row_id in enumerate(ALIGN_ROWS):
        cy = ALIGN_GRID_TOP + r * CELL_H
        text_box(
            d,
            GRID_X - 6,
            cy + CELL_H / 2,
            label(f"img.align.{row_id}", locale),
            GRID_X - SIDE_LEFT - 12,
            15,
            False,
            P.MUTED,
            "right",
            min_size=12,
        )
        for c in range(3):
            cx = GRID_X + c * CELL_W
            value = v.alignment_grid[r][c] if v.alignment_grid else 0
            fill = (40, 92, 60) if value > 0 else ((110, 44, 48) if value < 0 else (58, 64, 82))
            d.rectangle([cx + 2, cy + 2, cx + CELL_W - 2, cy + CELL_H - 2], fill=fill)
            if v.alignment_grid:
                stars_value(img, d, cx + CELL_W / 2 + 6, cy + CELL_H / 2 + 8, value, 21, align="center")

    # backstory panel
    panel(d, [SIDE_LEFT, BACK_TOP, SIDE_RIGHT, BACK_BOTTOM])
    text_box(d, SIDE_LEFT + 14, BACK_TOP + 22, label("img.sheet.backstory", locale), 280, 18, True, P.MUTED)
    if v.backstory_id:
        text_box(
            d, SIDE_LEFT + 14, BACK_TOP + 50, content.backstory_name(v.backstory_id, locale), 280, 24, True
        )
    else:
        text_box(
            d, SIDE_LEFT + 14, BACK_TOP + 50, label("img.sheet.no_card", locale), 280, 22, False, P.FAINT
        )
    # resources panel
    panel(d, [SIDE_LEFT, RES_TOP, SIDE_RIGHT, RES_BOTTOM])
    rows = (
        ("img.sheet.gold", icons.coin(36)),
        ("img.sheet.charisma", icons.charisma(36)),
        ("img.sheet.class_dice", icons.shape_badge(colour, 36) if colour else None),
    )
    step = (RES_BOTTOM - RES_TOP) / 3
    for i, (key, sprite) in enumerate(rows):
        mid = RES_TOP + step * i + step / 2
        if sprite is not None:
            icons.paste(img, sprite, SIDE_LEFT + 16, mid - 18)
        text_box(d, SIDE_LEFT + 64, mid, label(key, locale), 160, 21, False, P.MUTED, min_size=15)
    return img


def _card_groups(v: SheetView):
    """(title key, header extra, cards as (card id, exhausted)) per group, armor split by set."""
    return [
        ("img.sheet.weapons", "hands", [(c.card_id, False) for c in v.weapons]),
        ("img.sheet.armor", "armor", [(cid, False) for s in v.armor for cid in s.owned]),
        ("img.sheet.skills", None, [(c.card_id, c.exhausted) for c in v.skills]),
        ("img.sheet.traits", None, [(c.card_id, False, c.stars) for c in v.traits]),
    ]


def _tiles_height(cards_: list[tuple[str, bool]], locale: str) -> int:
    h = 0
    for i in range(0, len(cards_), 2):
        pair = cards_[i : i + 2]
        h += max(cards.owned_height(entry[0], locale) for entry in pair) + TILE_GAP
    return h


ARMOR_COLS = 3


def _armor_rows(n: int) -> int:
    return (n + ARMOR_COLS - 1) // ARMOR_COLS


def _armor_height(v: SheetView, locale: str) -> int:
    h = 0
    for s in v.armor:
        h += 40 + _armor_rows(len(s.owned)) * (cards.ARMOR_HEIGHT + 10) + 6
    return h


TO_PLACE_H = 84


def cards_height(v: SheetView, locale: str) -> int:
    h = TO_PLACE_H if v.to_place else 0
    for key, kind, cards_ in _card_groups(v):
        h += GROUP_HEAD
        if kind == "armor":
            h += _armor_height(v, locale)
        else:
            h += _tiles_height(cards_, locale)
        h += 6 if not cards_ else 0
    return h


def height(v: SheetView, locale: str = "en") -> int:
    """Height of the sheet picture for this view (width is always `WIDTH`)."""
    return CARDS_TOP + cards_height(v, locale) + FOOTER_H


def _draw_tiles(img, d, top: int, cards_: list[tuple], locale: str) -> int:
    y = top
    for i in range(0, len(cards_), 2):
        pair = cards_[i : i + 2]
        h = max(cards.owned_height(entry[0], locale) for entry in pair)
        for j, entry in enumerate(pair):
            x = MARGIN + j * (cards.OWNED_WIDTH + TILE_GAP)
            stars = entry[2] if len(entry) > 2 else None
            cards.draw_owned(img, d, x, y, entry[0], locale, entry[1], stars=stars)
        y += h + TILE_GAP
    return y


def _group_header(img, d, y: int, title_key: str, count: int, locale: str) -> None:
    d.line([MARGIN, y + GROUP_HEAD - 8, WIDTH - MARGIN, y + GROUP_HEAD - 8], fill=P.LINE, width=2)
    kind = {
        "img.sheet.weapons": "weapon",
        "img.sheet.armor": "armor",
        "img.sheet.skills": "skill",
        "img.sheet.traits": "trait",
    }[title_key]
    icons.paste(img, icons.card_type(kind, 26, P.TYPE_FILL[kind]), MARGIN, y + 6)
    w = text_box(d, MARGIN + 34, y + 19, label(title_key, locale), 300, 24, True, P.TEXT)
    if count == 0:
        text_box(d, MARGIN + 34 + w + 14, y + 19, "—", 40, 22, False, P.FAINT)


def _draw_to_place(img, d, v: SheetView, y: int, locale: str) -> None:
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + TO_PLACE_H - 12], fill=(58, 52, 30), outline=P.TURN, width=2)
    mid = y + (TO_PLACE_H - 12) / 2
    w = text_box(d, MARGIN + 16, mid, label("img.sheet.to_place", locale), 300, 22, True, P.TURN, min_size=16)
    x = MARGIN + 16 + w + 20
    for die in v.to_place[:10]:
        icons.paste(img, icons.die(die.value, die.colour, 56), x, mid - 28)
        x += 62


def _draw_cards(img, d, v: SheetView, locale: str) -> None:
    y = CARDS_TOP
    if v.to_place:
        _draw_to_place(img, d, v, y, locale)
        y += TO_PLACE_H
    for key, kind, cards_ in _card_groups(v):
        _group_header(img, d, y, key, len(cards_), locale)
        if kind == "hands":
            # hand slots at the right: used hands solid, free ones outlined
            x = WIDTH - MARGIN
            slots = max(v.hands_limit, v.hands_used)
            if slots <= MAX_HAND_ICONS:
                free = slots - v.hands_used
                for i in range(slots):
                    icons.paste(img, icons.hand(28, i >= free), x - 28, y + 4)
                    x -= 32
            text_box(
                d,
                x - 8,
                y + 19,
                label("img.sheet.hands", locale, used=v.hands_used, limit=v.hands_limit),
                220,
                20,
                False,
                P.MUTED,
                "right",
            )
        y += GROUP_HEAD
        if kind == "armor":
            for s in v.armor:
                mid = y + 16
                w = text_box(
                    d, MARGIN + 4, mid, content.armor_set_name(s.set_id, locale), 330, 22, True, P.TEXT
                )
                x = MARGIN + 4 + w + 14
                for i in range(s.pieces):
                    filled = i < len(s.owned)
                    shield = not filled and i < len(s.owned) + s.extra
                    d.ellipse(
                        [x, mid - 8, x + 16, mid + 8],
                        fill=P.ACCENT if filled else None,
                        outline=P.TYPE_FILL["armor"] if shield else P.ACCENT,
                        width=2 if not shield else 4,
                    )
                    x += 22
                x += 6
                x += (
                    text_box(
                        d,
                        x,
                        mid,
                        label("img.sheet.set_progress", locale, owned=len(s.owned), pieces=s.pieces),
                        80,
                        20,
                        False,
                        P.MUTED,
                    )
                    + 14
                )
                if s.extra:
                    text_box(
                        d,
                        x,
                        mid,
                        label("img.sheet.tower_shield", locale, extra=s.extra),
                        220,
                        18,
                        False,
                        P.MUTED,
                        min_size=14,
                    )
                stars_value(img, d, WIDTH - MARGIN, mid, s.stars, 22, align="right")
                y += 40
                for i, cid in enumerate(s.owned):
                    cards.draw_armor(
                        img,
                        d,
                        MARGIN + (i % ARMOR_COLS) * (cards.ARMOR_WIDTH + TILE_GAP),
                        y + (i // ARMOR_COLS) * (cards.ARMOR_HEIGHT + 10),
                        cid,
                        locale,
                    )
                y += _armor_rows(len(s.owned)) * (cards.ARMOR_HEIGHT + 10) + 6
        else:
            y = _draw_tiles(img, d, y, cards_, locale)
        y += 6 if not cards_ else 0


def _draw_footer(img, d, v: SheetView, top: int, locale: str) -> None:
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + 136])
    text_box(d, MARGIN + 16, top + 22, label("img.sheet.projected", locale), 400, 18, True, P.MUTED)
    cols, col_w = 3, (WIDTH - 2 * MARGIN - 200) // 3
    for i, item in enumerate(v.projected[:9]):
        x = MARGIN + 16 + (i % cols) * col_w
        mid = top + 52 + (i // cols) * 32
        vw = stars_value(img, d, x + col_w - 16, mid, item.stars, 20, align="right")
        text_box(
            d,
            x,
            mid,
            label(f"img.score.{item.key}", locale),
            col_w - vw - 24,
            18,
            False,
            P.MUTED,
            min_size=13,
        )
    d.line([WIDTH - MARGIN - 190, top + 16, WIDTH - MARGIN - 190, top + 120], fill=P.LINE, width=2)
    stars_value(img, d, WIDTH - MARGIN - 95, top + 68, v.projected_total, 44, align="center", sign=False)
    # colour legend: die colour, its shape and its name
    ly = top + 172
    x = MARGIN
    cell = (WIDTH - 2 * MARGIN) / len(COLOURS)
    for c in COLOURS:
        icons.paste(img, icons.shape_badge(c, 28), x, ly - 14)
        text_box(
            d, x + 34, ly, label(f"img.colour.{c}", locale), int(cell - 40), 17, False, P.MUTED, min_size=13
        )
        x += cell


def draw(v: SheetView, locale: str = "en") -> Image.Image:
    h = height(v, locale)
    img, d = new_canvas(WIDTH, h)
    img.paste(_static(v, locale), (0, 0))
    # score badge (top right) and turn marker
    panel(d, [WIDTH - MARGIN - 220, 16, WIDTH - MARGIN, 112], fill=P.PANEL)
    text_box(
        d, WIDTH - MARGIN - 110, 36, label("img.sheet.projected", locale), 200, 17, True, P.MUTED, "center"
    )
    stars_value(img, d, WIDTH - MARGIN - 110, 80, v.projected_total, 44, align="center", sign=False)
    if v.is_turn:
        icons.paste(img, icons.play(26), MARGIN + NAME_WIDTH + 16, 27)
        text_box(
            d,
            MARGIN + NAME_WIDTH + 48,
            40,
            label("img.sheet.your_turn", locale),
            WIDTH - 2 * MARGIN - 220 - NAME_WIDTH - 64,
            22,
            True,
            P.TURN,
            min_size=15,
        )
    # dice, backstory matches, totals and goals
    targets = {(c.attr, c.position): c.colour for c in v.backstory}
    for r, row in enumerate(v.rows):
        mid = _row_y(r) + ROW_H / 2
        for i, die in enumerate(row.dice):
            if die is None:
                continue
            sx, sy = _slot_x(i), mid - SLOT / 2
            icons.paste(
                img, icons.die(die.value, die.colour, DIE), sx + (SLOT - DIE) / 2, sy + (SLOT - DIE) / 2
            )
            target = targets.get((row.attr, i + 1))
            if target:
                # the target's shape stays visible on a covered space (colour-blind safe)
                icons.paste(img, icons.shape_badge(target, 22), sx + SLOT - 18, sy - 4)
            if target == die.colour:
                icons.paste(img, icons.check(24, True), sx + SLOT - 20, sy + SLOT - 20)
        text_box(
            d,
            TOTAL_X,
            mid - (10 if row.weapon_bonus else 0),
            str(row.value) if row.value >= 0 else f"−{-row.value}",
            90,
            36,
            True,
            P.TEXT,
            "center",
        )
        if row.weapon_bonus:
            text_box(
                d,
                TOTAL_X,
                mid + 22,
                label("img.sheet.weapon_bonus", locale, bonus=row.weapon_bonus),
                96,
                16,
                False,
                P.ACCENT,
                "center",
                min_size=12,
            )
        if row.goal is not None:
            icons.paste_center(img, icons.check(34, row.goal_met), MET_X, mid)
    # alignment token
    tr, tc = v.token if v.alignment_grid else (1, 1)
    tx, ty = GRID_X + tc * CELL_W, ALIGN_GRID_TOP + tr * CELL_H
    d.rectangle([tx + 1, ty + 1, tx + CELL_W - 1, ty + CELL_H - 1], outline=P.TURN, width=4)
    icons.paste(img, icons.token(24), tx + 5, ty + 5)
    # backstory matches
    reward = _backstory_reward(v.backstory_matches)
    mid = BACK_TOP + 80
    text_box(
        d,
        SIDE_LEFT + 14,
        mid,
        label("img.sheet.matches", locale, matches=v.backstory_matches),
        190,
        21,
        False,
        P.TEXT,
    )
    stars_value(img, d, SIDE_RIGHT - 14, mid, reward, 22, align="right")
    # resources
    step = (RES_BOTTOM - RES_TOP) / 3
    for i, value in enumerate((v.gold, v.charisma, v.class_dice)):
        vmid = RES_TOP + step * i + step / 2
        text_box(d, SIDE_RIGHT - 16, vmid, str(value), 80, 32, True, P.TEXT, "right")
    _draw_cards(img, d, v, locale)
    _draw_footer(img, d, v, CARDS_TOP + cards_height(v, locale) + 8, locale)
    return img


def _backstory_reward(matches: int) -> int:
    return content.backstory_reward(max(0, min(6, matches)))


__all__ = ["OwnedCard", "draw", "height"]
