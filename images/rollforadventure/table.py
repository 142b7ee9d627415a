"""``render_table``: the whole co-operative table after any step, in bands one under the other: header (the
adventure and its power stones), the active hero, the decision and the throw (or, at the end, the result),
one band per territory (name, side and damage, the track, its fields, the enemies lying there), both
vortexes, the deck, the special enemies, then each hero.

480 px wide, as dice poker's pictures: Discord shows a picture about 290 px wide in a phone's chat (a 360 px
screen, its margins and the message's frame). Drawn 640 px wide with 22-24 px words, the Ice Cave's rewards,
the heroes' abilities, the loss line and the field hints came out 6-8 px tall there. Now no text is drawn
under ``MIN_TEXT`` = 21 px: a cap height of 9.2 px at 290 px wide (``tools.legibility``); a text that does
not fit is wrapped (rules texts, always whole) or ellipsised (names only), never shrunk further. The fields,
dice and holes are drawn smaller instead, the bands one under the other, so the picture is taller; on a
desktop it is shown at its own size.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.board import ids_at
from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import at_hand, badge, panel, paragraph, paragraph_height, stack, text_box
from images.png import encode
from images.text import Face, fit

from . import fields, pieces, words

#: where the bonus dice lie (content: the Ice Cave side's ``bonus_dice_home``) -> the supply line's key
SUPPLY_KEYS = {"ice_cave": "rollforadventure.img.supply_ice_cave", "storage_chest": "rollforadventure.img.supply"}

WIDTH = 480
MARGIN = 10
GAP = 8
PAD = 12
INNER = WIDTH - 2 * MARGIN
TEXT = 22                   # words: 9.7 px cap height at 290 px wide
RULE_TEXT = fields.RULE_TEXT  # the rules' lines in the regular weight (abilities, why the game ended)
MIN_TEXT = fields.MIN_TEXT  # a long one shrinks down to 21 px (9.2 px), then is wrapped or ellipsised
NAME = 24                   # bold names
NUMBER = 26                 # digits
#: Bold text that may be Hangul stays below the kit's stroke threshold (images.text.HANGUL_STROKE_FROM): from
#: 30 px to about 38 px the stroked NanumSquare Bold fills dense syllables like 롤 into a blot.
BOLD_MAX = 29
STRIPE = 6                  # a territory's tint down its band's left edge
LEFT_X = MARGIN + STRIPE + 12
BAND_W = fields.WIDTH       # a territory band's room right of its tint: WIDTH - MARGIN - PAD - LEFT_X
ROW = 32                    # a line of text
CHIP_H, CHIP_GAP = 38, 6    # an enemy card
CHIP_DIE = 24
POOL_DIE = 44
POOL_GAP = 6
HERO_DIE = 36
SMALL_DIE = 26
TRACK_H = 26
#: at most this many lines for a rules text (a decision, an ability, the deck's note): wrapped whole rather than
#: shrunk under MIN_TEXT or ellipsised
RULE_LINES = 4


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


# --- header and the banner ----------------------------------------------------------------------------

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


STONE = 28                  # a power stone in the header


def _stones_width(needed: int) -> int:
    """The stones still needed and won, and the count after them."""
    return needed * (STONE + 4) - 4 + 12 + Face(NUMBER, True).width(f"{needed}/{needed}")


def _header_height(state, locale) -> int:
    """The title and the turn; the adventure and its stones on one line, or two when its name is long."""
    name = words.adventure(state["options"]["adventure"], locale)
    one_line = Face(NAME, True).width(name) + 16 + _stones_width(state["stones_needed"]) <= INNER
    return 8 + ROW + (44 if one_line else ROW + 44) + GAP


def _header(img, d, state, locale) -> None:
    mid = 8 + ROW / 2
    turn = words.say("rollforadventure.img.turn", locale, turn=state["turn"])
    rw = text_box(d, WIDTH - MARGIN, mid, turn, INNER // 2, NAME, True, P.TEXT, align="right", min_size=MIN_TEXT)
    text_box(d, MARGIN, mid, words.say("rollforadventure.img.title", locale), INNER - rw - 16, TEXT, True, P.MUTED,
             min_size=MIN_TEXT)
    name = words.adventure(state["options"]["adventure"], locale)
    needed, won = state["stones_needed"], state["stones"]
    stones_w = _stones_width(needed)
    one_line = Face(NAME, True).width(name) + 16 + stones_w <= INNER
    mid = 8 + ROW + ROW / 2
    text_box(d, MARGIN, mid, name, INNER, NAME, True, P.ACCENT, min_size=MIN_TEXT)
    if not one_line:
        mid += ROW
    mid += 4
    count = Face(NUMBER, True).draw_mid(d, WIDTH - MARGIN, mid, f"{won}/{needed}", P.GOOD if won else P.TEXT,
                                        "right")
    sx = WIDTH - MARGIN - count - 12 - needed * (STONE + 4) + 4
    for k in range(needed):
        icons.paste(img, pieces.stone(STONE, k < won), sx + k * (STONE + 4), mid - STONE / 2)


def _throw_label(locale) -> tuple[str, int]:
    label = words.say("rollforadventure.img.throw", locale)
    face, shown = fit(label, 200, TEXT, True, MIN_TEXT)
    return shown, face.width(shown)


def _throw_room(locale) -> int:
    return INNER - 2 * PAD - _throw_label(locale)[1] - 12


def _banner_height(state, locale) -> int:
    if state["result"]:
        _, why, _ = verdict(state, locale)
        return 12 + ROW + paragraph_height(why, INNER - 2 * PAD, RULE_LINES, RULE_TEXT, min_size=RULE_TEXT) + 14
    dec = state["decision"]
    what = words.decision(dec["kind"], locale) if dec else ""
    h = 10 + ROW + (paragraph_height(what, INNER - 2 * PAD, RULE_LINES, TEXT, min_size=MIN_TEXT) if what else 0)
    n = len(ids_at(state, "pool"))
    if n:
        h += 8 + _rows_height(n, POOL_DIE, POOL_GAP, _throw_room(locale))
    return h + 14


def _banner(img, d, state, y, h, locale, names) -> None:
    """Whose turn, what is being decided and the throw; once the game is over, won or lost and why."""
    x0 = MARGIN + PAD
    if state["result"]:
        title, why, colour = verdict(state, locale)
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=14, outline=colour, width=4)
        text_box(d, x0, y + 12 + ROW / 2, title, INNER - 2 * PAD, NUMBER, True, colour, min_size=MIN_TEXT)
        paragraph(d, x0, y + 12 + ROW, why, INNER - 2 * PAD, RULE_LINES, RULE_TEXT, P.TEXT, min_size=RULE_TEXT)
        return
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=14, outline=P.TURN, width=4)
    hero = state["heroes"][state["active"]]
    mid = y + 10 + ROW / 2
    icons.paste(img, icons.play(22), x0, mid - 11)
    x = x0 + 28
    icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 24), x, mid - 12)
    x += 30
    face, line = words.player_hero(words.name_of(names, hero["seat"], locale), hero["hero"], locale,
                                   WIDTH - MARGIN - PAD - x, NAME, min_size=MIN_TEXT)
    face.draw_mid(d, x, mid, line, P.TURN)
    top = y + 10 + ROW
    dec = state["decision"]
    if dec:
        top += paragraph(d, x0, top, words.decision(dec["kind"], locale), INNER - 2 * PAD, RULE_LINES, TEXT, P.TEXT,
                         min_size=MIN_TEXT)
    pool = dice_at(state, "pool")
    if pool:
        label, lw = _throw_label(locale)
        top += 8
        text_box(d, x0, top + POOL_DIE / 2, label, lw + 2, TEXT, True, P.MUTED, min_size=MIN_TEXT)
        _dice_row(img, x0 + lw + 12, top, pool, POOL_DIE, POOL_GAP, _throw_room(locale))


# --- enemies -----------------------------------------------------------------------------------------------

def _chip_width(state, cid: str, locale: str) -> int:
    """An enemy card: rank disc, name, the dice lying on it, their total toward the 6."""
    card = C.CARDS[cid]
    n = len(ids_at(state, f"enemy:{cid}"))
    return (10 + (34 if card.get("rank") is not None else 0) + Face(TEXT, True).width(words.card(cid, locale)) + 12
            + (n * (CHIP_DIE + 3) + 6 if n else 0) + Face(NUMBER, True).width(f"{state['enemy_total'].get(cid, 0)}/6")
            + 10)


def _chip_rows(state, cards: list[str], room: int, locale: str) -> list[list[str]]:
    """The cards laid left to right in rows of ``room`` px."""
    rows: list[list[str]] = []
    x = room + 1
    for cid in cards:
        w = min(room, _chip_width(state, cid, locale))
        if x + w > room:
            rows.append([])
            x = 0
        rows[-1].append(cid)
        x += w + CHIP_GAP
    return rows


def _chips_height(state, cards, room, locale) -> int:
    rows = len(_chip_rows(state, cards, room, locale))
    return rows * (CHIP_H + CHIP_GAP) - CHIP_GAP if rows else 0


def _chips(img, d, state, cards, x, y, room, locale) -> None:
    for row in _chip_rows(state, cards, room, locale):
        cx = x
        for cid in row:
            cx += _chip(img, d, state, cid, cx, y, room, locale) + CHIP_GAP
        y += CHIP_H + CHIP_GAP


def _chip(img, d, state, cid: str, x, y, room, locale) -> int:
    """An enemy card: rank (red disc), name, the dice lying on it and their total toward the 6; framed when
    the pending decision is about it. Returns its width."""
    card = C.CARDS[cid]
    w = min(room, _chip_width(state, cid, locale))
    on = cid in marks(state)[0]
    panel(d, [x, y, x + w, y + CHIP_H], fill=(58, 52, 62), radius=9, outline=P.TURN if on else (126, 58, 65),
          width=3 if on else 2)
    mid = y + CHIP_H / 2
    cx = x + 8
    if card.get("rank") is not None:
        d.ellipse([cx, mid - 14, cx + 28, mid + 14], fill=P.BAD)
        Face(MIN_TEXT, True).draw_mid(d, cx + 14, mid, str(card["rank"]), (20, 24, 30), "center")
        cx += 34
    total = state["enemy_total"].get(cid, 0)
    tw = Face(NUMBER, True).draw_mid(d, x + w - 10, mid, f"{total}/6", P.ACCENT if total else P.MUTED, "right")
    dice = dice_at(state, f"enemy:{cid}")
    dice_w = len(dice) * (CHIP_DIE + 3) + 6 if dice else 0
    face, name = words.card_fit(cid, locale, x + w - 10 - tw - dice_w - 12 - cx, TEXT, min_size=MIN_TEXT)
    nw = face.draw_mid(d, cx, mid, name, P.TEXT)
    if dice:
        _dice_row(img, cx + nw + 12, mid - CHIP_DIE / 2, dice, CHIP_DIE, 3, dice_w)
    return w


# --- territories ----------------------------------------------------------------------------------------

def _note(state, t, locale) -> str | None:
    value = fields.sacrifice(state, t)
    return None if value is None else words.say("rollforadventure.img.sacrifice", locale, value=value)


FIELDS_TOP = 10 + ROW + 4 + TRACK_H + 14     # name line, track, then the fields


def _territory_height(state, t, locale) -> int:
    _, fh = fields.size(state, t, locale)
    h = FIELDS_TOP + fh
    note = _note(state, t, locale)
    if note:
        h += 8 + paragraph_height(note, BAND_W, RULE_LINES, TEXT, True, MIN_TEXT)
    cards = enemies_at(state, t)
    if cards:
        h += 12 + _chips_height(state, cards, BAND_W, locale)
    return h + 14


def _track_geometry(holes: int) -> tuple[int, int]:
    """(hole size, gap): the 4-20 holes (the ``track_holes`` option) in one row across the band."""
    gap = 4 if holes <= 12 else 3
    return min(TRACK_H, (BAND_W + gap) // holes - gap), gap


def _territory(img, d, state, y, h, locale, t) -> None:
    """Name, side and damage on a line; the track under them; the fields; the enemies lying there."""
    tr = state["terr"][t]
    tint = pieces.TERRITORY_TINT[t]
    _, terrs, marked = marks(state)
    at_hand(d, [MARGIN, y, WIDTH - MARGIN, y + h], t in terrs, radius=14, fill=P.PANEL)
    d.rounded_rectangle([MARGIN, y, MARGIN + STRIPE, y + h], radius=4, fill=tint)
    x = LEFT_X
    mid = y + 10 + ROW / 2
    danger = tr["last"] - tr["skull"] <= 2
    dw = Face(NUMBER, True).draw_mid(d, WIDTH - MARGIN - PAD, mid, f"{tr['skull']}/{tr['last']}",
                                     P.BAD if danger else P.TEXT, "right")
    icons.paste(img, pieces.skull(26), WIDTH - MARGIN - PAD - dw - 32, mid - 13)
    side = words.say("rollforadventure.img.side", locale, side=tr["side"])
    sf, shown = fit(side, 130, MIN_TEXT, True, MIN_TEXT)
    side_w = sf.width(shown) + 20
    room = WIDTH - MARGIN - PAD - dw - 32 - 12 - x - side_w - 10
    nw = text_box(d, x, mid, words.territory(t, locale), room, NAME, True, P.TEXT, min_size=MIN_TEXT)
    badge(img, d, x + nw + 10, mid, side, tint, size=MIN_TEXT, max_width=130, min_size=MIN_TEXT)
    holes = state["options"]["track_holes"]
    size, gap = _track_geometry(holes)
    pieces.track(img, d, x, y + 10 + ROW + 4 + TRACK_H / 2, tr["skull"], tr["last"], holes, size, gap)
    fy = y + FIELDS_TOP
    fields.draw(img, d, state, t, x, fy, marked, locale)
    fy += fields.size(state, t, locale)[1]
    note = _note(state, t, locale)
    if note:
        fy += 8 + paragraph(d, x, fy + 8, note, BAND_W, RULE_LINES, TEXT, P.ACCENT, True, MIN_TEXT)
    cards = enemies_at(state, t)
    if cards:
        _chips(img, d, state, cards, x, fy + 12, BAND_W, locale)


# --- vortexes, the deck, special enemies ----------------------------------------------------------------

def vortexes(memory: int, oblivion: int, locale: str) -> dict[str, tuple[str, str, tuple]]:
    """Each vortex's name, count and the count's colour, as the table and the live picture show them: Memory
    (a place for any die, its total toward 10) and Oblivion (the dice lost)."""
    return {"oblivion": (words.say("rollforadventure.img.oblivion", locale), str(oblivion),
                         P.BAD if oblivion else P.MUTED),
            "memory": (words.say("rollforadventure.img.memory", locale), f"{memory}/10",
                       P.ACCENT if memory else P.MUTED)}


VORTEX_W = (INNER - GAP) // 2


def _vortex_room(count: str) -> int:
    """Room for a vortex's dice, right of its count."""
    return VORTEX_W - 2 * PAD - Face(NUMBER, True).width(count) - 10


def _vortex_name_height(shown: dict, locale: str) -> int:
    """The taller of the two vortexes' names, each wrapped in up to two lines of its half ("Strudel des
    Vergessens" does not fit one line of 226 px at 21 px, and a name is not shrunk or cut)."""
    return max(paragraph_height(name, VORTEX_W - 2 * PAD, 2, TEXT, True, MIN_TEXT) for name, _, _ in shown.values())


def _vortex_height(state, locale) -> int:
    """Both vortexes side by side: the name (one or two lines), the count and the dice lying there under it."""
    shown = vortexes(state["memory_total"], len(ids_at(state, "oblivion")), locale)
    dice = max(SMALL_DIE, *(_rows_height(len(ids_at(state, at)), SMALL_DIE, 5, _vortex_room(shown[at][1]))
                            for at in shown))
    return 10 + _vortex_name_height(shown, locale) + 6 + dice + 12


def _vortexes(img, d, state, y, h, locale) -> None:
    """The Vortex of Oblivion (the dice lost) and of Memory (any die, its total toward 10), with their dice."""
    shown = vortexes(state["memory_total"], len(ids_at(state, "oblivion")), locale)
    for k, at in enumerate(("oblivion", "memory")):
        x = MARGIN + k * (VORTEX_W + GAP)
        panel(d, [x, y, x + VORTEX_W, y + h], fill=P.PANEL, radius=14)
        name, count, fill = shown[at]
        paragraph(d, x + PAD, y + 10, name, VORTEX_W - 2 * PAD, 2, TEXT, P.TEXT, True, MIN_TEXT)
        top = y + 10 + _vortex_name_height(shown, locale) + 6
        dx = x + PAD + Face(NUMBER, True).draw_mid(d, x + PAD, top + SMALL_DIE / 2, count, fill) + 10
        room = _vortex_room(count)
        if not _dice_row(img, dx, top, dice_at(state, at), SMALL_DIE, 5, room, d, marks(state)[2]):
            text_box(d, dx, top + SMALL_DIE / 2, "—", room, TEXT, False, P.FAINT, min_size=MIN_TEXT)


def deck_words(state, locale) -> tuple[str, str, bool, str]:
    """(deck line, the Master of Shadows note, whether he is alone, the bonus dice line)."""
    deck = state["deck"]
    alone = deck == ["master_of_shadows"]
    key = "rollforadventure.img.master_alone" if alone else "rollforadventure.img.master_in_deck"
    home = C.BONUS_DICE_HOME[state["terr"]["ice_cave"]["side"]]
    supply = words.say(SUPPLY_KEYS[home], locale, count=len(ids_at(state, "supply")))
    return (words.say("rollforadventure.img.deck", locale, count=len(deck)), words.say(key, locale), alone, supply)


LEGEND_DIE = 26


def has_ally_dice(state) -> bool:
    """Whether the game has ally dice at all: a 4-hero game has none (l.99–105), so its legend would name pieces
    that are not on the table."""
    return any(die["o"] == "ally" for die in state["dice"])


def _deck_height(state, locale) -> int:
    _, note, alone, supply = deck_words(state, locale)
    room = INNER - 2 * PAD
    return (12 + ROW + paragraph_height(note, room, RULE_LINES, TEXT, alone, MIN_TEXT) + 10
            + max(LEGEND_DIE, paragraph_height(supply, room - LEGEND_DIE - 10, RULE_LINES, TEXT, False, MIN_TEXT))
            + (8 + LEGEND_DIE if has_ally_dice(state) else 0) + 14)


def _deck(img, d, state, y, h, locale) -> None:
    """The enemy deck and the Master of Shadows hidden in it; the bonus dice left and the ally dice (legend, in a
    game that has them)."""
    deck, note, alone, supply = deck_words(state, locale)
    room = INNER - 2 * PAD
    x = MARGIN + PAD
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL, radius=14, outline=P.BAD if alone else None,
          width=2)
    text_box(d, x, y + 12 + ROW / 2, deck, room, TEXT, True, P.TEXT, min_size=MIN_TEXT)
    top = y + 12 + ROW
    top += paragraph(d, x, top, note, room, RULE_LINES, TEXT, P.BAD if alone else P.MUTED, alone, MIN_TEXT) + 10
    sh = paragraph_height(supply, room - LEGEND_DIE - 10, RULE_LINES, TEXT, False, MIN_TEXT)
    icons.paste(img, pieces.die("bonus", None, LEGEND_DIE), x, top + max(0, sh - LEGEND_DIE) / 2)
    paragraph(d, x + LEGEND_DIE + 10, top + max(0, LEGEND_DIE - sh) / 2, supply, room - LEGEND_DIE - 10, RULE_LINES,
              TEXT, P.MUTED, False, MIN_TEXT)
    if not has_ally_dice(state):
        return
    top += max(LEGEND_DIE, sh) + 8
    icons.paste(img, pieces.die("ally", None, LEGEND_DIE), x, top)
    text_box(d, x + LEGEND_DIE + 10, top + LEGEND_DIE / 2, words.say("rollforadventure.img.ally_dice", locale),
             room - LEGEND_DIE - 10, TEXT, False, P.MUTED, min_size=MIN_TEXT)


def _specials_height(state, locale) -> int:
    return 12 + ROW + 6 + _chips_height(state, enemies_at(state, None), INNER - 2 * PAD, locale) + 14


def _specials(img, d, state, y, h, locale) -> None:
    """Phantoms, Giants and Necromancers lie beside the adventure board (README §10)."""
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL, radius=14)
    text_box(d, MARGIN + PAD, y + 12 + ROW / 2, words.say("rollforadventure.img.beside", locale), INNER - 2 * PAD,
             TEXT, True, P.TEXT, min_size=MIN_TEXT)
    _chips(img, d, state, enemies_at(state, None), MARGIN + PAD, y + 12 + ROW + 6, INNER - 2 * PAD, locale)


# --- heroes ----------------------------------------------------------------------------------------------

HERO_ROOM = INNER - 2 * PAD
NOTE_MIN = 140              # a board note beside the dice needs this much room, else it goes under them


def _hero_parts(state, h, locale) -> tuple[str | None, list[dict], str | None, bool]:
    """(hero — ability, the dice on the hero board, the note about them, whether it is a warning)."""
    hero = state["heroes"][h]
    active = h == state["active"] and not state["result"]
    ability = f"{words.hero(hero['hero'], locale)} — {words.ability(hero['hero'], locale)}" if hero["hero"] else None
    board = dice_at(state, f"board:{h}")
    in_dice_step = active and state["step"] == "dice"
    note = None
    if in_dice_step:
        # the active hero's own dice are in the throw; what lies here came back and waits a turn (l.185)
        note = words.say("rollforadventure.img.returned" if board else "rollforadventure.img.in_throw", locale)
    elif not board:
        note = words.say("rollforadventure.img.no_dice", locale)
    return ability, board, note, not board and not in_dice_step


def _board_geometry(board: list[dict], note: str | None) -> tuple[int, bool]:
    """(height of the dice rows, whether the note stands beside the dice rather than under them)."""
    dice_h = _rows_height(len(board), HERO_DIE, 6, HERO_ROOM)
    used = min(len(board), _per_row(HERO_DIE, 6, HERO_ROOM)) * (HERO_DIE + 6) + 6 if board else 0
    beside = not board or (len(board) <= _per_row(HERO_DIE, 6, HERO_ROOM)
                           and note is not None and HERO_ROOM - used >= NOTE_MIN
                           and Face(MIN_TEXT).width(note) <= HERO_ROOM - used)
    return dice_h, beside


def _hero_height(state, h, locale) -> int:
    ability, board, note, _ = _hero_parts(state, h, locale)
    out = 12 + ROW
    if ability:
        out += paragraph_height(ability, HERO_ROOM, RULE_LINES, RULE_TEXT, False, RULE_TEXT)
    dice_h, beside = _board_geometry(board, note)
    if board:
        out += 8 + max(dice_h, HERO_DIE)
        if note and not beside:
            out += 4 + ROW
    elif note:
        out += 4 + ROW
    return out + 12


def _hero(img, d, state, y, ph, locale, names, h) -> None:
    """A hero: colour, player, ability ready or used; the hero and the short ability; the dice on its board."""
    hero = state["heroes"][h]
    active = h == state["active"] and not state["result"]
    x = MARGIN
    at_hand(d, [x, y, x + INNER, y + ph], active, radius=14)
    ix = x + PAD
    mid = y + 12 + ROW / 2
    icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 24), ix, mid - 12)
    ix += 30
    rw = 0
    if hero["hero"]:
        used = hero["used"]
        tag = words.say("rollforadventure.img.used" if used else "rollforadventure.img.ready", locale)
        rw = badge(img, d, x + INNER - PAD, mid, tag, P.FAINT if used else P.GOOD, size=MIN_TEXT, max_width=220,
                   min_size=MIN_TEXT,
                   align="right")
    if active:
        icons.paste(img, icons.play(22), ix, mid - 11)
        ix += 28
    text_box(d, ix, mid, words.name_of(names, hero["seat"], locale), x + INNER - PAD - rw - 12 - ix, NAME, True,
             P.TURN if active else P.TEXT, min_size=MIN_TEXT)
    ability, board, note, warning = _hero_parts(state, h, locale)
    top = y + 12 + ROW
    if ability:
        top += paragraph(d, x + PAD, top, ability, HERO_ROOM, RULE_LINES, RULE_TEXT, P.MUTED, False, RULE_TEXT)
    dice_h, beside = _board_geometry(board, note)
    fill = P.BAD if warning else P.MUTED
    if board:
        top += 8
        _dice_row(img, x + PAD, top, board, HERO_DIE, 6, HERO_ROOM)
        if note and beside:
            used = len(board) * (HERO_DIE + 6) + 6
            text_box(d, x + PAD + used, top + HERO_DIE / 2, note, HERO_ROOM - used, TEXT, False, fill,
                     min_size=MIN_TEXT)
        elif note:
            text_box(d, x + PAD, top + max(dice_h, HERO_DIE) + 4 + ROW / 2, note, HERO_ROOM, TEXT, False, fill,
                     min_size=MIN_TEXT)
    elif note:
        text_box(d, x + PAD, top + 4 + ROW / 2, note, HERO_ROOM, TEXT, False, fill, min_size=MIN_TEXT)


# --- the picture -----------------------------------------------------------------------------------------

@pool.apart
def render_table(state: dict, names=None, locale: str = "en") -> bytes:
    """PNG of the whole table: territories, enemies, vortexes, deck, heroes, whose turn and the throw."""
    # the bands under the header, top to bottom: (height, draw, its own arguments)
    bands: list[tuple] = [(_banner_height(state, locale), _banner, names)]
    bands += [(_territory_height(state, t, locale), _territory, t) for t in C.TERRITORIES]
    bands.append((_vortex_height(state, locale), _vortexes))
    bands.append((_deck_height(state, locale), _deck))
    if enemies_at(state, None):
        bands.append((_specials_height(state, locale), _specials))
    bands += [(_hero_height(state, h, locale), _hero, names, h) for h in range(len(state["heroes"]))]
    img, d = stack(WIDTH, state, locale, bands, _header_height(state, locale), 12, GAP)
    _header(img, d, state, locale)
    return encode(img)
