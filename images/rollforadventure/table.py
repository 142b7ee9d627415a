"""``render_table``: the whole co-operative table after any step.

Layout (1100 px wide, shown ~360 px on a phone): a header (adventure, power stones won / needed, turn,
deck), the active hero's banner (player, hero, what is being decided, the current throw as large dice),
the four territories 2 x 2 (side, damage track, fields with dice, enemies lying there), a row with both
vortexes and the cards beside the adventure board (Phantoms, Giants, Necromancers) with the deck and the
Master of Shadows, and one panel per hero (player, hero, ability and whether it is used, dice on the board).
The state is only read; what the rules compute (Forest B border, Ice Cave B lines) comes from the rules.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.board import ids_at
from images import icons
from images import palette as P
from images.draw import new_canvas, panel, text_box
from images.png import encode
from images.text import Face, fit

from . import fields, pieces, words

WIDTH = 1100
MARGIN = 20
GAP = 16
HALF = (WIDTH - 2 * MARGIN - GAP) // 2
THIRD = (WIDTH - 2 * MARGIN - 2 * GAP) // 3
PAD = 16
HOLE = 34
HOLE_GAP = 9
CHIP_W, CHIP_H = 156, 70
POOL_DIE = 64


def _badge(img, d, x, mid_y, text, fill, ink=(20, 24, 30), size=18, max_width=220, align="left") -> int:
    face, shown = fit(text, max_width, size, True)
    w = face.width(shown) + 20
    h = size + 12
    if align == "right":
        x -= w
    d.rounded_rectangle([x, mid_y - h / 2, x + w, mid_y + h / 2], radius=h // 2, fill=fill)
    face.draw_mid(d, x + 10, mid_y, shown, ink)
    return w


def _dice_row(img, x, y, dice: list[dict], size: int, gap: int, width: int) -> int:
    """Dice left to right, wrapping at ``width``; returns the height used (0 for none)."""
    if not dice:
        return 0
    per = max(1, (width + gap) // (size + gap))
    for k, rec in enumerate(dice):
        dx, dy = x + (k % per) * (size + gap), y + (k // per) * (size + gap)
        icons.paste(img, pieces.die(rec["o"], rec["v"], size), dx, dy)
    rows = (len(dice) + per - 1) // per
    return rows * (size + gap) - gap


def _dice_rows_height(n: int, size: int, gap: int, width: int) -> int:
    if not n:
        return 0
    per = max(1, (width + gap) // (size + gap))
    return ((n + per - 1) // per) * (size + gap) - gap


def _dice(state: dict, at: str) -> list[dict]:
    return [state["dice"][i] for i in ids_at(state, at)]


def _sorted(dice: list[dict]) -> list[dict]:
    order = {c: k for k, c in enumerate((*C.COLOURS, "ally", "bonus"))}
    return sorted(dice, key=lambda r: (order.get(r["o"], 9), r["v"] or 0))


# --- header and the active hero ------------------------------------------------------------------------

def _header(img, d, state, locale) -> int:
    title = words.say("rollforadventure.img.title", locale)
    right = words.say("rollforadventure.img.turn", locale, turn=state["turn"])
    rw = text_box(d, WIDTH - MARGIN, 32, right, 260, 26, True, P.MUTED, align="right")
    text_box(d, MARGIN, 32, title, WIDTH - 2 * MARGIN - rw - 20, 32, True, P.TEXT)
    y = 62
    # the adventure board: its name and its power stones (won / needed)
    needed, won = state["stones_needed"], state["stones"]
    size = 44
    count = f"{won} / {needed}"
    face = Face(34, True)
    sx = WIDTH - MARGIN - face.width(count) - 16 - needed * (size + 6)
    for k in range(needed):
        icons.paste(img, pieces.stone(size, k < won), sx + k * (size + 6), y + 4)
    face.draw_mid(d, WIDTH - MARGIN, y + 4 + size / 2, count, P.TEXT, "right")
    text_box(d, MARGIN, y + 4 + size / 2, words.adventure(state["options"]["adventure"], locale),
             sx - MARGIN - 20, 26, False, P.ACCENT)
    return y + size + 18


def _active_banner(img, d, state, names, locale, y, measure=False) -> int:
    pool = _sorted(_dice(state, "pool"))
    h = 16 + 40 + 34 + (POOL_DIE + 16 if pool else 0) + 8
    if measure:
        return h
    if state["result"]:
        return 0
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=14, outline=P.TURN, width=4)
    hero = state["heroes"][state["active"]]
    x = MARGIN + PAD
    icons.paste(img, icons.play(26), x, y + 16 + 7)
    x += 34
    icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 30), x, y + 16 + 5)
    x += 38
    who = words.name_of(names, hero["seat"], locale)
    hero_name = words.hero(hero["hero"], locale) if hero["hero"] else ""
    line = f"{who} · {hero_name}" if hero_name else who
    text_box(d, x, y + 16 + 20, line, WIDTH - MARGIN - PAD - x, 30, True, P.TURN, min_size=20)
    dec = state["decision"]
    what = words.decision(dec["kind"], locale) if dec else ""
    text_box(d, MARGIN + PAD, y + 56 + 17, what, WIDTH - 2 * MARGIN - 2 * PAD, 22, False, P.TEXT, min_size=16)
    if pool:
        label = words.say("rollforadventure.img.throw", locale)
        lw = text_box(d, MARGIN + PAD, y + 90 + POOL_DIE / 2, label, 200, 22, True, P.MUTED)
        _dice_row(img, MARGIN + PAD + lw + 16, y + 90, pool, POOL_DIE, 10, WIDTH - 2 * MARGIN - 3 * PAD - lw)
    return h


# --- territories ----------------------------------------------------------------------------------------

def _enemies_at(state: dict, t: str | None) -> list[str]:
    return [c for c in state["display"] if C.CARDS[c]["territory"] == t]


def _chip(img, d, state, cid: str, x, y, locale) -> None:
    card = C.CARDS[cid]
    panel(d, [x, y, x + CHIP_W, y + CHIP_H], fill=(58, 52, 62), radius=10, outline=(126, 58, 65), width=2)
    rank = card.get("rank")
    rw = 0
    if rank is not None:
        rw = 30
        d.ellipse([x + CHIP_W - 34, y + 6, x + CHIP_W - 6, y + 34], fill=P.BAD)
        Face(20, True).draw_mid(d, x + CHIP_W - 20, y + 20, str(rank), (20, 24, 30), "center")
    text_box(d, x + 10, y + 20, words.card(cid, locale), CHIP_W - 20 - rw, 19, True, P.TEXT, min_size=13)
    total = state["enemy_total"].get(cid, 0)
    on = _dice(state, f"enemy:{cid}")
    _dice_row(img, x + 8, y + 40, on, 24, 3, CHIP_W - 70)
    Face(22, True).draw_mid(d, x + CHIP_W - 10, y + 52, f"{total}/6", P.ACCENT if total else P.MUTED, "right")


def _chips_height(n: int, width: int) -> int:
    if not n:
        return 0
    per = max(1, (width + 8) // (CHIP_W + 8))
    return ((n + per - 1) // per) * (CHIP_H + 8)


def _chips(img, d, state, cards, x, y, width, locale) -> int:
    per = max(1, (width + 8) // (CHIP_W + 8))
    for k, cid in enumerate(cards):
        _chip(img, d, state, cid, x + (k % per) * (CHIP_W + 8), y + (k // per) * (CHIP_H + 8), locale)
    return _chips_height(len(cards), width)


def _territory_height(state, t) -> int:
    inner = HALF - 2 * PAD
    return 14 + 34 + 12 + HOLE + 16 + fields.height(state, t) + 16 + _chips_height(len(_enemies_at(state, t)), inner) \
        + 6


def _territory(img, d, state, t, x, y, h, locale) -> None:
    tr = state["terr"][t]
    tint = pieces.TERRITORY_TINT[t]
    panel(d, [x, y, x + HALF, y + h], fill=P.PANEL, radius=14)
    d.rounded_rectangle([x, y, x + 10, y + h], radius=5, fill=tint)
    ix = x + PAD + 6
    top = y + 14 + 17
    side = words.say("rollforadventure.img.side", locale, side=tr["side"])
    dmg = f"{tr['skull']}/{tr['last']}"
    dface = Face(30, True)
    dw = dface.width(dmg)
    danger = tr["last"] - tr["skull"] <= 2
    dface.draw_mid(d, x + HALF - PAD, top, dmg, P.BAD if danger else P.TEXT, "right")
    icons.paste(img, pieces.skull(28), x + HALF - PAD - dw - 34, top - 14)
    nw = text_box(d, ix, top, words.territory(t, locale), HALF - 2 * PAD - dw - 200, 28, True, P.TEXT)
    _badge(img, d, ix + nw + 12, top, side, tint, size=18, max_width=120)
    ty = y + 14 + 34 + 12
    pieces.track(img, d, ix, ty + HOLE / 2, tr["skull"], tr["last"], state["options"]["track_holes"], HOLE,
                 HOLE_GAP)
    fy = ty + HOLE + 16
    fields.draw(img, d, state, t, ix, fy, locale)
    cy = fy + fields.height(state, t) + 16
    _chips(img, d, state, _enemies_at(state, t), ix, cy, HALF - 2 * PAD, locale)


# --- vortexes, the adventure board's cards, the deck ------------------------------------------------------

def _vortex_height(state) -> int:
    w = THIRD - 2 * PAD
    n_obl = len(ids_at(state, "oblivion"))
    n_mem = len(ids_at(state, "memory"))
    specials = _enemies_at(state, None)
    return max(
        14 + 30 + 12 + max(_dice_rows_height(n_obl, 34, 5, w), 34),
        14 + 30 + 12 + max(_dice_rows_height(n_mem, 34, 5, w), 34),
        14 + 30 + 8 + 28 + 10 + 28 + 10 + _chips_height(len(specials), w),
    ) + 16


def _vortexes(img, d, state, y, h, locale) -> None:
    w = THIRD - 2 * PAD
    # Vortex of Oblivion (printed in the middle of the board)
    x = MARGIN
    panel(d, [x, y, x + THIRD, y + h], fill=P.PANEL, radius=14)
    obl = _sorted(_dice(state, "oblivion"))
    cnt = Face(26, True)
    cnt.draw_mid(d, x + THIRD - PAD, y + 29, str(len(obl)), P.BAD if obl else P.MUTED, "right")
    text_box(d, x + PAD, y + 29, words.say("rollforadventure.img.oblivion", locale), w - 50, 22, True, P.TEXT)
    if not _dice_row(img, x + PAD, y + 56, obl, 34, 5, w):
        text_box(d, x + PAD, y + 56 + 17, "—", w, 22, False, P.FAINT)
    # Vortex of Memory: dice lying there and their total toward 10
    x += THIRD + GAP
    panel(d, [x, y, x + THIRD, y + h], fill=P.PANEL, radius=14)
    total = state["memory_total"]
    cnt.draw_mid(d, x + THIRD - PAD, y + 29, f"{total}/10", P.ACCENT if total else P.MUTED, "right")
    text_box(d, x + PAD, y + 29, words.say("rollforadventure.img.memory", locale), w - 80, 22, True, P.TEXT)
    if not _dice_row(img, x + PAD, y + 56, _sorted(_dice(state, "memory")), 34, 5, w):
        text_box(d, x + PAD, y + 56 + 17, "—", w, 22, False, P.FAINT)
    # the deck, the Master of Shadows, bonus dice and the cards beside the adventure board
    x += THIRD + GAP
    panel(d, [x, y, x + THIRD, y + h], fill=P.PANEL, radius=14)
    deck = state["deck"]
    text_box(d, x + PAD, y + 29, words.say("rollforadventure.img.deck", locale, count=len(deck)), w, 22, True,
             P.TEXT)
    if deck == ["master_of_shadows"]:
        master, mfill = words.say("rollforadventure.img.master_alone", locale), P.BAD
    else:
        master, mfill = words.say("rollforadventure.img.master_in_deck", locale), P.MUTED
    text_box(d, x + PAD, y + 52 + 14, master, w, 19, False, mfill, min_size=13)
    supply = len(ids_at(state, "supply"))
    text_box(d, x + PAD, y + 90 + 14, words.say("rollforadventure.img.supply", locale, count=supply), w, 19, False,
             P.MUTED, min_size=13)
    _chips(img, d, state, _enemies_at(state, None), x + PAD, y + 128, w, locale)


# --- heroes ----------------------------------------------------------------------------------------------

HERO_DIE = 40


def _hero_height(state, h) -> int:
    n = len(ids_at(state, f"board:{h}"))
    return 14 + 30 + 8 + 24 + 12 + max(HERO_DIE, _dice_rows_height(n, HERO_DIE, 6, HALF - 2 * PAD)) + 16


def _hero(img, d, state, h, names, x, y, ph, locale) -> None:
    hero = state["heroes"][h]
    active = h == state["active"] and not state["result"]
    panel(d, [x, y, x + HALF, y + ph], fill=P.PANEL_HI if active else P.PANEL, radius=14,
          outline=P.TURN if active else None, width=3 if active else 0)
    ix = x + PAD
    top = y + 14 + 15
    icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 28), ix, top - 14)
    ix += 36
    rw = 0
    if hero["hero"]:
        used = hero["used"]
        tag = words.say("rollforadventure.img.used" if used else "rollforadventure.img.ready", locale)
        rw = _badge(img, d, x + HALF - PAD, top, tag, P.FAINT if used else P.GOOD, size=17, max_width=150,
                    align="right")
    if active:
        icons.paste(img, icons.play(20), ix, top - 10)
        ix += 26
    text_box(d, ix, top, words.name_of(names, hero["seat"], locale), x + HALF - PAD - rw - 12 - ix, 26, True,
             P.TURN if active else P.TEXT, min_size=18)
    line2 = y + 14 + 30 + 8 + 12
    if hero["hero"]:
        hero_text = f"{words.hero(hero['hero'], locale)} — {words.ability(hero['hero'], locale)}"
        text_box(d, x + PAD, line2, hero_text, HALF - 2 * PAD, 20, False, P.MUTED, min_size=14)
    dy = line2 + 12 + 12
    board = _sorted(_dice(state, f"board:{h}"))
    if board:
        _dice_row(img, x + PAD, dy, board, HERO_DIE, 6, HALF - 2 * PAD)
    else:
        text_box(d, x + PAD, dy + HERO_DIE / 2, words.say("rollforadventure.img.no_dice", locale), HALF - 2 * PAD,
                 20, False, P.BAD)


# --- the picture -----------------------------------------------------------------------------------------

def render_table(state: dict, names=None, locale: str = "en") -> bytes:
    """PNG of the whole table: territories, enemies, vortexes, deck, heroes, whose turn and the throw."""
    terrs = list(C.TERRITORIES)
    row_h = [max(_territory_height(state, terrs[r * 2]), _territory_height(state, terrs[r * 2 + 1]))
             for r in range(2)]
    n_heroes = len(state["heroes"])
    hero_rows = [max(_hero_height(state, h) for h in range(r * 2, min(n_heroes, r * 2 + 2)))
                 for r in range((n_heroes + 1) // 2)]
    banner = 0 if state["result"] else _active_banner(None, None, state, names, locale, 0, measure=True) + GAP
    vort = _vortex_height(state)
    height = 128 + banner + sum(row_h) + 2 * GAP + vort + GAP + sum(hero_rows) + GAP * len(hero_rows) + 8
    img, d = new_canvas(WIDTH, height)
    y = _header(img, d, state, locale)
    if not state["result"]:
        y += _active_banner(img, d, state, names, locale, y) + GAP
    for r in range(2):
        for c in range(2):
            _territory(img, d, state, terrs[r * 2 + c], MARGIN + c * (HALF + GAP), y, row_h[r], locale)
        y += row_h[r] + GAP
    _vortexes(img, d, state, y, vort, locale)
    y += vort + GAP
    for r, rh in enumerate(hero_rows):
        for c in range(2):
            h = r * 2 + c
            if h < n_heroes:
                _hero(img, d, state, h, names, MARGIN + c * (HALF + GAP), y, rh, locale)
        y += rh + GAP
    return encode(img.crop((0, 0, WIDTH, min(height, y + 4))))
