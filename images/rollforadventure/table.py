"""``render_table``: the whole co-operative table after any step, in bands: header, the active hero and the
throw, one band per territory (damage left, fields and enemies right), vortexes and deck, the special
enemies, the heroes. 1000 px wide: Discord shows it about 360 px wide on a phone, so dice on fields are
54-58 px and the numbers that matter are 30 px or more.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.board import ids_at
from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import at_hand, badge, panel, paragraph, stack, text_box
from images.png import encode
from images.text import Face, fit

from . import fields, pieces, words

#: where the bonus dice lie (content: the Ice Cave side's ``bonus_dice_home``) -> the supply line's key
SUPPLY_KEYS = {"ice_cave": "rollforadventure.img.supply_ice_cave", "storage_chest": "rollforadventure.img.supply"}

WIDTH = 1000
MARGIN = 20
GAP = 14
PAD = 16
INNER = WIDTH - 2 * MARGIN
HALF = (INNER - GAP) // 2
THIRD = (INNER - 2 * GAP) // 3
LEFT = 272                  # territory band: name, side, damage, track
RIGHT_X = MARGIN + PAD + 8 + LEFT + 20
RIGHT_W = WIDTH - MARGIN - PAD - RIGHT_X
CHIP_W, CHIP_H, CHIP_GAP = 200, 84, 8
POOL_DIE = 70
HERO_DIE = 46
SMALL_DIE = 34
#: Bold text that may be Hangul stays below the kit's stroke threshold (images.text.HANGUL_STROKE_FROM): from
#: 30 px to about 38 px the stroked NanumSquare Bold fills dense syllables like 롤 into a blot.
BOLD_MAX = 29


def _per_row(size: int, gap: int, width: int) -> int:
    return max(1, (width + gap) // (size + gap))


def _rows_height(n: int, size: int, gap: int, width: int, height: int | None = None) -> int:
    """Height of ``n`` cells ``size`` wide (``height`` high, default ``size``) in rows that wrap at ``width``."""
    if not n:
        return 0
    per = _per_row(size, gap, width)
    return ((n + per - 1) // per) * ((height or size) + gap) - gap


def _dice_row(img, x, y, dice: list[dict], size: int, gap: int, width: int, d=None, marked=frozenset()) -> int:
    """Dice left to right, wrapping at ``width`` (``marked`` ids ringed); returns the height used (0: none)."""
    per = _per_row(size, gap, width)
    for k, rec in enumerate(dice):
        dx, dy = x + (k % per) * (size + gap), y + (k // per) * (size + gap)
        icons.paste(img, pieces.die(rec["o"], rec["v"], size), dx, dy)
        if d is not None and rec["id"] in marked:
            pieces.ring(d, dx, dy, size)
    return _rows_height(len(dice), size, gap, width)


def dice_at(state: dict, at: str) -> list[dict]:
    """The dice at a location (copies with their ``id``), hero colours first (in seat order), then ally and
    bonus dice, by value."""
    order = {c: k for k, c in enumerate((*C.COLOURS, "ally", "bonus"))}
    found = [{**state["dice"][i], "id": i} for i in ids_at(state, at)]
    return sorted(found, key=lambda r: (order.get(r["o"], 9), r["v"] or 0))


def marks(state: dict) -> tuple[frozenset, frozenset, frozenset]:
    """What the pending decision is about, to frame it: (card ids, territories, die ids)."""
    dec = state["decision"] or {}
    cards = [dec["card"]] if isinstance(dec.get("card"), str) else list(dec.get("cards") or ())
    terrs = [dec["territory"]] if isinstance(dec.get("territory"), str) else list(dec.get("territories") or ())
    return frozenset(cards), frozenset(terrs), frozenset(dec.get("dice") or ())


def enemies_at(state: dict, t: str | None) -> list[str]:
    """Displayed cards at territory ``t`` (None: the special enemies beside the adventure board)."""
    return [c for c in state["display"] if C.CARDS[c]["territory"] == t]


# --- header and the active hero ------------------------------------------------------------------------

HEADER_H = 122


def _header(img, d, state, locale) -> None:
    turn = words.say("rollforadventure.img.turn", locale, turn=state["turn"])
    rw = text_box(d, WIDTH - MARGIN, 32, turn, 300, 28, True, P.TEXT, align="right")
    text_box(d, MARGIN, 32, words.say("rollforadventure.img.title", locale), INNER - rw - 20, 28, True, P.MUTED)
    y = 62
    needed, won = state["stones_needed"], state["stones"]
    size = 46
    count = f"{won}/{needed}"
    face = Face(38, True)
    cw = face.width(count)
    face.draw_mid(d, WIDTH - MARGIN, y + size / 2, count, P.GOOD if won else P.TEXT, "right")
    sx = WIDTH - MARGIN - cw - 14 - needed * (size + 4)
    for k in range(needed):
        icons.paste(img, pieces.stone(size, k < won), sx + k * (size + 4), y)
    text_box(d, MARGIN, y + size / 2, words.adventure(state["options"]["adventure"], locale), sx - MARGIN - 16, 26,
             True, P.ACCENT, min_size=16)


def _banner_height(state) -> int:
    if state["result"]:
        return RESULT_H
    pool = ids_at(state, "pool")
    return 16 + 40 + 34 + (POOL_DIE + 16 if pool else 0) + 8


RESULT_H = 64


def fallen(state: dict) -> str | None:
    """The territory whose skull reached its last hole (the game's end, README §5), if any."""
    return next((t for t in C.TERRITORIES if state["terr"][t]["skull"] >= state["terr"][t]["last"]), None)


def verdict(state: dict, locale: str) -> tuple[str, str, tuple]:
    """(headline, why, colour) of the game's result (the standing while it runs): the final picture's
    headline, the table's banner at the end."""
    result = state["result"]
    if result == "won":
        return (words.say("rollforadventure.result.won", locale),
                words.say("rollforadventure.img.final.won", locale, stones=state["stones"]), P.GOOD)
    if result == "lost":
        where = fallen(state)
        why = (words.say("rollforadventure.img.final.fallen", locale, territory=words.territory(where, locale))
               if where else words.say("rollforadventure.img.final.no_dice", locale))
        return words.say("rollforadventure.result.lost", locale), why, P.BAD
    return (words.say("rollforadventure.img.final.running", locale),
            words.say("rollforadventure.img.turn", locale, turn=state["turn"]), P.TURN)


def _banner(img, d, state, y, h, locale, names) -> None:
    """Whose turn, what is being decided and the throw; once the game is over, won or lost and why."""
    if state["result"]:
        title, why, colour = verdict(state, locale)
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=14, outline=colour, width=4)
        tw = text_box(d, MARGIN + PAD, y + h / 2, title, INNER // 2, 28, True, colour, min_size=18)
        text_box(d, MARGIN + PAD + tw + 16, y + h / 2, why, INNER - 3 * PAD - tw - 16, 20, False, P.TEXT,
                 min_size=14)
        return
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=14, outline=P.TURN, width=4)
    hero = state["heroes"][state["active"]]
    x = MARGIN + PAD
    mid = y + 16 + 20
    icons.paste(img, icons.play(28), x, mid - 14)
    x += 36
    icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 32), x, mid - 16)
    x += 42
    who = words.name_of(names, hero["seat"], locale)
    line = f"{who} · {words.hero(hero['hero'], locale)}" if hero["hero"] else who
    text_box(d, x, mid, line, WIDTH - MARGIN - PAD - x, BOLD_MAX, True, P.TURN, min_size=20)
    dec = state["decision"]
    what = words.decision(dec["kind"], locale) if dec else ""
    text_box(d, MARGIN + PAD, y + 56 + 17, what, INNER - 2 * PAD, 24, False, P.TEXT, min_size=16)
    pool = dice_at(state, "pool")
    if pool:
        label = words.say("rollforadventure.img.throw", locale)
        lw = text_box(d, MARGIN + PAD, y + 92 + POOL_DIE / 2, label, 220, 26, True, P.MUTED)
        _dice_row(img, MARGIN + PAD + lw + 16, y + 92, pool, POOL_DIE, 10, INNER - 3 * PAD - lw)


# --- territories ----------------------------------------------------------------------------------------

def _chip(img, d, state, cid: str, x, y, locale) -> None:
    """An enemy card: name; rank (red disc), the dice lying on it and their total toward the 6; framed when
    the pending decision is about it."""
    card = C.CARDS[cid]
    on = cid in marks(state)[0]
    panel(d, [x, y, x + CHIP_W, y + CHIP_H], fill=(58, 52, 62), radius=10, outline=P.TURN if on else (126, 58, 65),
          width=4 if on else 2)
    face, name = words.card_fit(cid, locale, CHIP_W - 20, 22, min_size=14)
    face.draw_mid(d, x + 10, y + 21, name, P.TEXT)
    mid = y + 58
    dx = x + 10
    if card.get("rank") is not None:
        d.ellipse([dx, mid - 15, dx + 30, mid + 15], fill=P.BAD)
        Face(22, True).draw_mid(d, dx + 15, mid, str(card["rank"]), (20, 24, 30), "center")
        dx += 38
    total = state["enemy_total"].get(cid, 0)
    tw = Face(30, True).draw_mid(d, x + CHIP_W - 10, mid, f"{total}/6", P.ACCENT if total else P.MUTED, "right")
    dice = dice_at(state, f"enemy:{cid}")
    if dice:
        room = x + CHIP_W - 10 - tw - 8 - dx
        size = min(28, (room + 3) // len(dice) - 3)
        _dice_row(img, dx, mid - size / 2, dice, size, 3, room)


def _chips(img, d, state, cards, x, y, width, locale) -> None:
    per = _per_row(CHIP_W, CHIP_GAP, width)
    for k, cid in enumerate(cards):
        cx = x + (k % per) * (CHIP_W + CHIP_GAP)
        cy = y + (k // per) * (CHIP_H + CHIP_GAP)
        _chip(img, d, state, cid, cx, cy, locale)


def _enemy_area(state, t) -> tuple[bool, int, int]:
    """Where a territory's enemies go: (beside the fields?, x offset from RIGHT_X, width)."""
    fw, _ = fields.size(state, t)
    beside = RIGHT_W - fw - 24
    if beside >= CHIP_W:
        return True, fw + 24, beside
    return False, 0, RIGHT_W


def _left_height(state) -> int:
    """Name line, damage figure, then the track (one or two rows)."""
    holes = state["options"]["track_holes"]
    size, gap, per_row = _track_geometry(holes)
    rows = (holes + per_row - 1) // per_row
    return 14 + 34 + 14 + 44 + 12 + rows * (size + gap) - gap + 20


def _territory_height(state, t) -> int:
    _, fh = fields.size(state, t)
    beside, _, width = _enemy_area(state, t)
    n = len(enemies_at(state, t))
    chips = _rows_height(n, CHIP_W, CHIP_GAP, width, CHIP_H)
    right = max(fh, chips) if beside else fh + (18 + chips if n else 0)
    return max(_left_height(state), 18 + right + 18)


def _track_geometry(holes: int) -> tuple[int, int, int]:
    """(hole size, gap, holes per row): the house 10 holes in one row, longer tracks (up to 20) in two."""
    gap = 4
    per_row = holes if holes <= 10 else (holes + 1) // 2
    size = min(26, (LEFT + gap) // per_row - gap)
    return size, gap, per_row


def _territory(img, d, state, y, h, locale, t) -> None:
    tr = state["terr"][t]
    tint = pieces.TERRITORY_TINT[t]
    _, terrs, marked = marks(state)
    on = t in terrs
    at_hand(d, [MARGIN, y, WIDTH - MARGIN, y + h], on, radius=14, fill=P.PANEL)
    d.rounded_rectangle([MARGIN, y, MARGIN + 10, y + h], radius=5, fill=tint)
    x = MARGIN + PAD + 8
    top = y + 14 + 17
    side = words.say("rollforadventure.img.side", locale, side=tr["side"])
    sw = fit(side, 110, 18, True)
    side_w = sw[0].width(sw[1]) + 20
    nw = text_box(d, x, top, words.territory(t, locale), LEFT - side_w - 10, BOLD_MAX, True, P.TEXT, min_size=18)
    badge(img, d, x + nw + 10, top, side, tint, size=18, max_width=110)
    # damage: skull + "taken / falls at", then the track itself
    my = y + 14 + 34 + 14 + 22
    icons.paste(img, pieces.skull(40), x, my - 20)
    danger = tr["last"] - tr["skull"] <= 2
    Face(40, True).draw_mid(d, x + 50, my, f"{tr['skull']}/{tr['last']}", P.BAD if danger else P.TEXT)
    holes = state["options"]["track_holes"]
    size, gap, per_row = _track_geometry(holes)
    pieces.track(img, d, x, my + 22 + 12 + size / 2, tr["skull"], tr["last"], holes, size, gap, per_row)
    # the fields and the enemies lying at this territory
    fy = y + 18
    fields.draw(img, d, state, t, RIGHT_X, fy, marked, locale)
    value = fields.sacrifice(state, t)
    if value is not None:
        note = words.say("rollforadventure.img.sacrifice", locale, value=value)
        text_box(d, RIGHT_X, fy + fields.size(state, t)[1] - fields.NOTE_H / 2 + 4, note, RIGHT_W, 22, True,
                 P.ACCENT, min_size=15)
    cards = enemies_at(state, t)
    if cards:
        beside, off, width = _enemy_area(state, t)
        cy = fy if beside else fy + fields.size(state, t)[1] + 18
        _chips(img, d, state, cards, RIGHT_X + off, cy, width, locale)


# --- vortexes, the deck, special enemies ----------------------------------------------------------------

def _vortex_height(state) -> int:
    w = THIRD - 2 * PAD
    dice = max(len(ids_at(state, "oblivion")), len(ids_at(state, "memory")))
    return max(14 + 30 + 12 + max(_rows_height(dice, SMALL_DIE, 5, w), SMALL_DIE) + 16, 206)


def _vortex(img, d, x, y, h, title: str, count: str, count_fill, dice, marked) -> None:
    w = THIRD - 2 * PAD
    panel(d, [x, y, x + THIRD, y + h], fill=P.PANEL, radius=14)
    cw = Face(30, True).draw_mid(d, x + THIRD - PAD, y + 30, count, count_fill, "right")
    text_box(d, x + PAD, y + 30, title, w - cw - 10, 22, True, P.TEXT, min_size=14)
    if not _dice_row(img, x + PAD, y + 58, dice, SMALL_DIE, 5, w, d, marked):
        text_box(d, x + PAD, y + 58 + SMALL_DIE / 2, "—", w, 24, False, P.FAINT)


def vortexes(memory: int, oblivion: int, locale: str) -> dict[str, tuple[str, str, tuple]]:
    """Each vortex's name, count and the count's colour, as the table and the live picture show them: Memory
    (a place for any die, its total toward 10) and Oblivion (the dice lost)."""
    return {"oblivion": (words.say("rollforadventure.img.oblivion", locale), str(oblivion),
                         P.BAD if oblivion else P.MUTED),
            "memory": (words.say("rollforadventure.img.memory", locale), f"{memory}/10",
                       P.ACCENT if memory else P.MUTED)}


def _vortexes(img, d, state, y, h, locale) -> None:
    shown = vortexes(state["memory_total"], len(ids_at(state, "oblivion")), locale)
    for k, at in enumerate(("oblivion", "memory")):
        _vortex(img, d, MARGIN + k * (THIRD + GAP), y, h, *shown[at], dice_at(state, at), marks(state)[2])
    # the enemy deck and the Master of Shadows hidden in it, the bonus dice, the legend
    x = MARGIN + 2 * (THIRD + GAP)
    w = THIRD - 2 * PAD
    panel(d, [x, y, x + THIRD, y + h], fill=P.PANEL, radius=14)
    deck = state["deck"]
    text_box(d, x + PAD, y + 30, words.say("rollforadventure.img.deck", locale, count=len(deck)), w, 22, True,
             P.TEXT, min_size=14)
    alone = deck == ["master_of_shadows"]
    key = "rollforadventure.img.master_alone" if alone else "rollforadventure.img.master_in_deck"
    paragraph(d, x + PAD, y + 50, words.say(key, locale), w, 3, 18, P.BAD if alone else P.MUTED, alone, 14)
    supply = len(ids_at(state, "supply"))
    ly = y + 126
    icons.paste(img, pieces.die("bonus", None, 28), x + PAD, ly)
    home = C.BONUS_DICE_HOME[state["terr"]["ice_cave"]["side"]]
    said = words.say(SUPPLY_KEYS[home], locale, count=supply)
    if Face(15, False).width(said) <= w - 36:             # one line, or two ("… Vorratsschatulle: 4")
        text_box(d, x + PAD + 36, ly + 14, said, w - 36, 18, False, P.MUTED, min_size=15)
        ly += 36
    else:
        ly += 2 + paragraph(d, x + PAD + 36, ly - 2, said, w - 36, 2, 17, P.MUTED, min_size=14) + 4
    icons.paste(img, pieces.die("ally", None, 28), x + PAD, ly)
    text_box(d, x + PAD + 36, ly + 14, words.say("rollforadventure.img.ally_dice", locale), w - 36, 18, False,
             P.MUTED, min_size=12)


def _specials_height(state) -> int:
    return 14 + 30 + 12 + _rows_height(len(enemies_at(state, None)), CHIP_W, CHIP_GAP, INNER - 2 * PAD, CHIP_H) + 16


def _specials(img, d, state, y, h, locale) -> None:
    """Phantoms, Giants and Necromancers lie beside the adventure board (README §10)."""
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL, radius=14)
    text_box(d, MARGIN + PAD, y + 30, words.say("rollforadventure.img.beside", locale), INNER - 2 * PAD, 22, True,
             P.TEXT)
    _chips(img, d, state, enemies_at(state, None), MARGIN + PAD, y + 56, INNER - 2 * PAD, locale)


# --- heroes ----------------------------------------------------------------------------------------------

def _hero_height(state, h) -> int:
    n = len(ids_at(state, f"board:{h}"))
    return 14 + 30 + 10 + 26 + 12 + max(HERO_DIE, _rows_height(n, HERO_DIE, 6, HALF - 2 * PAD)) + 16


def _hero(img, d, state, h, names, x, y, ph, locale) -> None:
    hero = state["heroes"][h]
    active = h == state["active"] and not state["result"]
    at_hand(d, [x, y, x + HALF, y + ph], active, radius=14)
    ix = x + PAD
    top = y + 14 + 15
    icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 30), ix, top - 15)
    ix += 38
    rw = 0
    if hero["hero"]:
        used = hero["used"]
        tag = words.say("rollforadventure.img.used" if used else "rollforadventure.img.ready", locale)
        rw = badge(img, d, x + HALF - PAD, top, tag, P.FAINT if used else P.GOOD, size=17, max_width=170, align="right")
    if active:
        icons.paste(img, icons.play(22), ix, top - 11)
        ix += 28
    text_box(d, ix, top, words.name_of(names, hero["seat"], locale), x + HALF - PAD - rw - 12 - ix, 28, True,
             P.TURN if active else P.TEXT, min_size=18)
    line2 = y + 14 + 30 + 10 + 13
    if hero["hero"]:
        text = f"{words.hero(hero['hero'], locale)} — {words.ability(hero['hero'], locale)}"
        text_box(d, x + PAD, line2, text, HALF - 2 * PAD, 21, False, P.MUTED, min_size=14)
    dy = line2 + 13 + 12
    board = dice_at(state, f"board:{h}")
    in_dice_step = active and state["step"] == "dice"
    if board:
        _dice_row(img, x + PAD, dy, board, HERO_DIE, 6, HALF - 2 * PAD)
    note = None
    if in_dice_step:
        # the active hero's own dice are in the throw; what lies here came back and waits a turn (l.185)
        note = words.say("rollforadventure.img.returned" if board else "rollforadventure.img.in_throw", locale)
    elif not board:
        note = words.say("rollforadventure.img.no_dice", locale)
    if note:
        used_w = len(board) * (HERO_DIE + 6) + 10 if board else 0
        if HALF - 2 * PAD - used_w >= 120:
            text_box(d, x + PAD + used_w, dy + HERO_DIE / 2, note, HALF - 2 * PAD - used_w, 19, False,
                     P.MUTED if board or in_dice_step else P.BAD, min_size=12)


# --- the picture -----------------------------------------------------------------------------------------

def _heroes(img, d, state, y, h, locale, names, pair: range) -> None:
    """A row of (at most) two hero panels."""
    for k in pair:
        _hero(img, d, state, k, names, MARGIN + (k % 2) * (HALF + GAP), y, h, locale)


@pool.apart
def render_table(state: dict, names=None, locale: str = "en") -> bytes:
    """PNG of the whole table: territories, enemies, vortexes, deck, heroes, whose turn and the throw."""
    # the bands under the header, top to bottom: (height, draw, its own arguments)
    bands: list[tuple] = [(_banner_height(state), _banner, names)]
    bands += [(_territory_height(state, t), _territory, t) for t in C.TERRITORIES]
    bands.append((_vortex_height(state), _vortexes))
    if enemies_at(state, None):
        bands.append((_specials_height(state), _specials))
    n_heroes = len(state["heroes"])
    for pair in (range(k, min(n_heroes, k + 2)) for k in range(0, n_heroes, 2)):
        bands.append((max(_hero_height(state, k) for k in pair), _heroes, names, pair))
    img, d = stack(WIDTH, state, locale, bands, HEADER_H, 6, GAP)
    _header(img, d, state, locale)
    return encode(img)
