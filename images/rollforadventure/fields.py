"""The fields of each territory side with the dice lying on them, one small layout per side (README §6).

Each layout reads the dice where the rules put them (``location`` + ``slot``) and the side's own state
(barriers, stages, bar, chains) and calls the rules' own helpers for what they compute (the Forest B
border, the complete Ice Cave B lines). ``draw(img, d, state, t, x, y, locale)`` returns the height used.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import territories as T
from bot.games.rollforadventure.board import ids_at
from images import icons
from images import palette as P
from images.text import Face, fit

from . import pieces, words

F = 46          # field / die size
G = 6           # gap between fields


def _at(state: dict, t: str) -> dict:
    """slot -> the die record lying there (several dice per slot for the Desert A d1/d2/d3 and Fortress)."""
    out: dict = {}
    for i in ids_at(state, t):
        out.setdefault(state["dice"][i]["s"], []).append(state["dice"][i])
    return out


def _label(d, x, mid_y, text, size=18, fill=P.MUTED, bold=True, align="left", width=120) -> int:
    face, shown = fit(text, width, size, bold)
    return face.draw_mid(d, x, mid_y, shown, fill, align)


def _arrow(img, x, mid_y, size=24):
    icons.paste(img, icons.arrow("right", size, P.FAINT), x, mid_y - size / 2)


def desert_a(img, d, state, x, y, locale) -> int:
    at = _at(state, "desert")
    cx = x
    for slot in ("d1", "d2"):
        dice = at.get(slot, [])
        for k in range(3):
            pieces.put(img, d, cx, y, F, dice[k] if k < len(dice) else None, "1" if slot == "d1" else "")
            cx += F + G
        _arrow(img, cx + 2, y + F / 2)
        cx += 32
    # d3: the skull field; every die promoted there is swallowed for the rest of the game
    swallowed = at.get("d3", [])
    box = [cx, y, cx + 2 * F, y + F]
    d.rounded_rectangle(box, radius=10, fill=(58, 52, 62), outline=pieces.FIELD_EDGE, width=2)
    icons.paste(img, pieces.skull(30, (170, 178, 196)), cx + 8, y + F / 2 - 15)
    Face(24, True).draw_mid(d, cx + 2 * F - 10, y + F / 2, f"×{len(swallowed)}", P.TEXT, "right")
    return F


def desert_b(img, d, state, x, y, locale) -> int:
    at = _at(state, "desert")
    closed = set(state["terr"]["desert"].get("closed", []))
    size = F - 4
    step = size + 5
    for k, f in enumerate(C.DESERT_B_FIELDS):
        dice = at.get(f, [])
        pieces.put(img, d, x + k * step, y, size, dice[0] if dice else None, "1")
    # the five chain connections under the fields, alternating on two levels so shared fields show
    for n, (cid, fields) in enumerate(C.DESERT_B_CONNECTIONS.items()):
        a = C.DESERT_B_FIELDS.index(fields[0])
        b = C.DESERT_B_FIELDS.index(fields[-1])
        ly = y + size + 10 + (n % 2) * 12
        x0, x1 = x + a * step + 8, x + b * step + size - 8
        done = cid in closed
        d.line([(x0, ly), (x1, ly)], fill=P.ACCENT if done else P.LINE, width=6 if done else 3)
        for xx in (x0, x1):
            d.line([(xx, ly - 5), (xx, ly + 5)], fill=P.ACCENT if done else P.LINE, width=3)
    return F + 28


def fortress(img, d, state, x, y, locale) -> int:
    tr = state["terr"]["fortress"]
    at = _at(state, "fortress")
    cx = x
    for sec, value in C.FORTRESS_SECTIONS.items():
        dice = at.get(sec, [])
        if tr["side"] == "A":
            n_fields, open_fields = C.FORTRESS_A_FIELDS, C.FORTRESS_A_FIELDS
            locked = sec not in tr["barriers"]
        else:
            n_fields, open_fields = C.FORTRESS_B_STAGES[-1], C.FORTRESS_B_STAGES[tr["stage"][sec]]
            locked = False
        per_row = 3 if n_fields > 4 else 2
        for k in range(n_fields):
            fx = cx + (k % per_row) * (F + G)
            fy = y + (k // per_row) * (F + G)
            if k < len(dice):
                pieces.put(img, d, fx, fy, F, dice[k])
            elif k >= open_fields:
                d.rounded_rectangle([fx, fy, fx + F, fy + F], radius=8, fill=pieces.BARRIER, outline=(90, 74, 55),
                                    width=2)
            else:
                pieces.field(d, fx, fy, F, str(value), fill=(58, 52, 62) if locked else pieces.FIELD)
        rows = (n_fields + per_row - 1) // per_row
        by = y + rows * (F + G) + 2
        if tr["side"] == "A":
            # the section's barrier tile: lying below it, or gone (section closed until all three are gone)
            bw = per_row * (F + G) - G
            if locked:
                d.rounded_rectangle([cx, by, cx + bw, by + 12], radius=4, outline=pieces.BARRIER, width=2)
            else:
                d.rounded_rectangle([cx, by, cx + bw, by + 12], radius=4, fill=pieces.BARRIER)
        cx += per_row * (F + G) - G + 20
    rows = 2
    return rows * (F + G) + (16 if tr["side"] == "A" else 0)


def forest_a(img, d, state, x, y, locale) -> int:
    tr = state["terr"]["forest"]
    at = _at(state, "forest")
    step = F + G
    last = C.FOREST_A_BARS[-1]
    for k in range(1, last + 1):
        dice = at.get(k, [])
        fx = x + (k - 1) * step
        if dice:
            pieces.put(img, d, fx, y, F, dice[0])
        else:
            pieces.field(d, fx, y, F, "5·6" if k <= tr["bar"] else "", fill=pieces.FIELD if k <= tr["bar"]
                         else (58, 52, 62))
    for b in C.FOREST_A_BARS:                     # the boundary lines; the bar sits on one of them
        bx = x + b * step - G / 2
        on = b == tr["bar"]
        d.line([(bx, y - 6), (bx, y + F + 6)], fill=P.ACCENT if on else P.LINE, width=7 if on else 2)
    return F + 6


def forest_b(img, d, state, x, y, locale) -> int:
    at = _at(state, "forest")
    step = F + 12
    border = T.forest_b_border(state)
    sixes = sum(1 for dice in at.values() for dd in dice if dd["v"] == 6)
    for k in range(1, C.FOREST_B_FIELDS + 1):
        dice = at.get(k, [])
        pieces.put(img, d, x + (k - 1) * step, y, F, dice[0] if dice else None, "")
    for k, value in enumerate(C.FOREST_B_BORDERS, start=1):
        bx = x + k * step - 6
        on = border is not None and k == sixes
        face = Face(22 if on else 16, True)
        if on:
            d.rounded_rectangle([bx - 14, y + F + 4, bx + 14, y + F + 32], radius=6, fill=P.ACCENT)
        face.draw_mid(d, bx, y + F + 18, str(value), (20, 24, 30) if on else P.FAINT, "center")
    _label(d, x, y + F + 18, "6 →", 16, P.FAINT, width=40)
    _label(d, x + C.FOREST_B_FIELDS * step - 12, y + F + 18, "← 5", 16, P.FAINT, align="right", width=40)
    return F + 34


def ice_a(img, d, state, x, y, locale) -> int:
    at = _at(state, "ice_cave")
    step = F + 14
    for v in range(1, 7):
        dice = at.get(f"i{v}", [])
        pieces.put(img, d, x + (v - 1) * step, y, F, dice[0] if dice else None, str(v))
    return F


def ice_b(img, d, state, x, y, locale) -> int:
    at = _at(state, "ice_cave")
    full = set(T.ice_b_complete_lines(state))
    glow = {f for ln in full for f in C.ICE_B_LINES[ln][0]}
    rows = 0
    for f, (r, c) in C.ICE_B_FIELDS.items():
        fx, fy = x + c * (F + G), y + r * (F + G)
        if f in glow:
            d.rounded_rectangle([fx - 3, fy - 3, fx + F + 3, fy + F + 3], radius=10, outline=P.ACCENT, width=3)
        dice = at.get(f, [])
        pieces.put(img, d, fx, fy, F, dice[0] if dice else None, f)
        rows = max(rows, r + 1)
    return rows * (F + G) - G


LAYOUTS = {("desert", "A"): desert_a, ("desert", "B"): desert_b, ("fortress", "A"): fortress,
           ("fortress", "B"): fortress, ("forest", "A"): forest_a, ("forest", "B"): forest_b,
           ("ice_cave", "A"): ice_a, ("ice_cave", "B"): ice_b}
HEIGHTS = {("desert", "A"): F, ("desert", "B"): F + 28, ("fortress", "A"): 2 * (F + G) + 16,
           ("fortress", "B"): 2 * (F + G), ("forest", "A"): F + 6, ("forest", "B"): F + 34,
           ("ice_cave", "A"): F, ("ice_cave", "B"): 3 * (F + G) - G}


def draw(img, d, state: dict, t: str, x: int, y: int, locale: str) -> int:
    return LAYOUTS[(t, state["terr"][t]["side"])](img, d, state, x, y, locale)


def height(state: dict, t: str) -> int:
    return HEIGHTS[(t, state["terr"][t]["side"])]


__all__ = ["draw", "height", "words"]
