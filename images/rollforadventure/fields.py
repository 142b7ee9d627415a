"""The fields of each territory side with the dice lying on them, one small layout per side (README §6).

Each layout reads the dice where the rules put them (``location`` + ``slot``) and the side's own state
(barriers, stages, bar, chains) and calls the rules' own helpers for what they compute (the Forest B
border, the complete Ice Cave B lines). ``draw(img, d, state, t, x, y)`` draws at (x, y); ``size(state, t, locale)``
is the (width, height) it takes, so the table knows where the enemies under them start.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure import territories as T
from bot.games.rollforadventure.board import ids_at
from images import icons
from images import palette as P
from images.draw import paragraph, paragraph_height, text_box
from images.text import Face

from . import pieces, words

#: the table is 480 px wide (Discord shows it about 290 px wide on a phone): every side fits ``WIDTH``, the
#: band's room beside its tint (``table.BAND_W``), and every word here, the fields' hints included, is 21 px
#: or more (a 9.2 px cap height at 290 px); the fields are drawn smaller rather than the words
WIDTH = 430
F = 40          # field / die size
G = 5           # gap between fields
SMALL = 38      # the sides with many fields (Desert B: 10, Fortress B: 15)
LOCKED = (58, 52, 62)
SECTION_GAP = 12
TEXT = 22       # the legends' words, down to MIN_TEXT where a long one must fit
MIN_TEXT = 21
#: the rules' lines in the regular weight (the Ice Cave's rewards, the heroes' abilities, why the game ended):
#: 21-22 px read 8-9 px tall on a phone that shows the picture 270-281 px wide (a French tour); 24 px: 10.6 px at
#: 290 px, 9.9 px at 270
RULE_TEXT = 24
GRID = 3 * (F + G) - G              # Ice Cave B's 3 x 3 fields, drawn TAG_ROOM in from the band's edge:
TAG_ROOM = 8                        # the letters' discs stand out over their top-left corners
LEGEND_X = TAG_ROOM + GRID + 14
LEGEND_W = WIDTH - LEGEND_X
LEGEND_ROW = 32
NUMBER_H = 26   # the row of Desert B field numbers
NUMBER_SIZE = MIN_TEXT
ICE_A_LINES = 4                     # the rewards' line is a rule: wrapped whole, never cut
ARROW = 32                          # Desert A: the room of an arrow between two rows of fields
WIDE_STEP = F + 12                  # Forest B and Ice Cave A: fields with room for a border's value between


def _at(state: dict, t: str) -> dict:
    """slot -> the dice lying there (several per slot on Desert A d1/d2/d3 and the Fortress sections)."""
    out: dict = {}
    for i in ids_at(state, t):
        out.setdefault(state["dice"][i]["s"], []).append({**state["dice"][i], "id": i})
    return out


# --- Desert ------------------------------------------------------------------------------------------

def desert_a(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    at = _at(state, "desert")
    cx = x
    for slot in ("d1", "d2"):
        dice = at.get(slot, [])
        for k in range(3):
            rec = dice[k] if k < len(dice) else None
            pieces.put(img, d, cx, y, F, rec, "1" if slot == "d1" else "", marked=marked)
            cx += F + G
        icons.paste(img, icons.arrow("right", 22, P.FAINT), cx + 4, y + F / 2 - 11)
        cx += ARROW
    # d3, the skull field: every die promoted there is swallowed for the rest of the game
    swallowed = at.get("d3", [])
    d.rounded_rectangle([cx, y, cx + 2 * F, y + F], radius=12, fill=LOCKED, outline=pieces.FIELD_EDGE, width=2)
    icons.paste(img, pieces.skull(26, (170, 178, 196)), cx + 6, y + F / 2 - 13)
    Face(24, True).draw_mid(d, cx + 2 * F - 8, y + F / 2, f"×{len(swallowed)}", P.TEXT, "right")


def desert_b(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    at = _at(state, "desert")
    closed = set(state["terr"]["desert"].get("closed", []))
    step = SMALL + G
    # each field's number from the left above it: the menus name a field by it ("field 4", "fields 2+3")
    number = Face(NUMBER_SIZE, True)
    for k in range(len(C.DESERT_B_FIELDS)):
        number.draw_mid(d, x + k * step + SMALL / 2, y + NUMBER_H / 2 - 2, str(k + 1), P.MUTED, "center")
    y += NUMBER_H
    for k, f in enumerate(C.DESERT_B_FIELDS):
        pieces.put(img, d, x + k * step, y, SMALL, (at.get(f) or [None])[0], "1", marked=marked)
    # the five chain connections under the fields, on two levels so the shared fields show; a closed
    # connection (its chain tile on the anchor) is a thick gold bar
    for n, (cid, fields) in enumerate(C.DESERT_B_CONNECTIONS.items()):
        a = C.DESERT_B_FIELDS.index(fields[0])
        b = C.DESERT_B_FIELDS.index(fields[-1])
        ly = y + SMALL + 12 + (n % 2) * 14
        x0, x1 = x + a * step + 10, x + b * step + SMALL - 10
        done = cid in closed
        colour = P.ACCENT if done else P.LINE
        d.line([(x0, ly), (x1, ly)], fill=colour, width=7 if done else 3)
        for xx in (x0, x1):
            d.line([(xx, ly - 6), (xx, ly + 6)], fill=colour, width=4)


# --- Fortress ----------------------------------------------------------------------------------------

def fortress(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    tr = state["terr"]["fortress"]
    at = _at(state, "fortress")
    # field size, fields per row, fields per section
    size, per_row, n_fields = ((F, 2, C.FORTRESS_A_FIELDS) if tr["side"] == "A"
                               else (SMALL, 3, C.FORTRESS_B_STAGES[-1]))
    cx = x
    for sec, value in C.FORTRESS_SECTIONS.items():
        dice = at.get(sec, [])
        if tr["side"] == "A":
            open_fields = n_fields
            locked = sec not in tr["barriers"]          # barrier gone: closed until all three are gone
        else:
            open_fields = C.FORTRESS_B_STAGES[tr["stage"][sec]]
            locked = False
        for k in range(n_fields):
            fx = cx + (k % per_row) * (size + G)
            fy = y + (k // per_row) * (size + G)
            if k < len(dice):
                pieces.put(img, d, fx, fy, size, dice[k], marked=marked)
            elif k >= open_fields:                       # Fortress B: a barrier tile still on the field
                pieces.barrier(d, fx, fy, size)
            else:
                pieces.field(d, fx, fy, size, str(value), fill=LOCKED if locked else pieces.FIELD)
        if tr["side"] == "A":
            by = y + 2 * (size + G) + 2
            bw = per_row * (size + G) - G
            if locked:
                d.rounded_rectangle([cx, by, cx + bw, by + 14], radius=5, outline=pieces.BARRIER, width=2)
            else:
                d.rounded_rectangle([cx, by, cx + bw, by + 14], radius=5, fill=pieces.BARRIER)
        cx += per_row * (size + G) - G + SECTION_GAP


# --- Forest ------------------------------------------------------------------------------------------

def forest_a(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    tr = state["terr"]["forest"]
    at = _at(state, "forest")
    step = F + G
    for k in range(1, C.FOREST_A_BARS[-1] + 1):
        dice = at.get(k, [])
        fx = x + (k - 1) * step
        if dice:
            pieces.put(img, d, fx, y, F, dice[0], marked=marked)
        else:
            inside = k <= tr["bar"]
            pieces.field(d, fx, y, F, "5·6" if inside else "", fill=pieces.FIELD if inside else LOCKED)
    for b in C.FOREST_A_BARS:                     # the boundary lines; the bar lies on one of them
        bx = x + b * step - G / 2
        on = b == tr["bar"]
        d.line([(bx, y - 6), (bx, y + F + 6)], fill=P.ACCENT if on else P.LINE, width=8 if on else 2)


def forest_b(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    at = _at(state, "forest")
    step = WIDE_STEP
    border = T.forest_b_border(state)
    sixes = sum(1 for dice in at.values() for rec in dice if rec["v"] == 6)
    for k in range(1, C.FOREST_B_FIELDS + 1):
        pieces.put(img, d, x + (k - 1) * step, y, F, (at.get(k) or [None])[0], marked=marked)
    face = Face(MIN_TEXT, True)
    face.draw_mid(d, x, y + F + 20, "6→", P.FAINT)
    face.draw_mid(d, x + C.FOREST_B_FIELDS * step - (step - F), y + F + 20, "←5", P.FAINT, "right")
    for k, value in enumerate(C.FOREST_B_BORDERS, start=1):
        bx = x + k * step - (step - F) / 2
        if border is not None and k == sixes:
            # the full arch shows this border: one die of its value is to be sacrificed
            d.rounded_rectangle([bx - 16, y + F + 4, bx + 16, y + F + 38], radius=8, fill=P.ACCENT)
            Face(24, True).draw_mid(d, bx, y + F + 21, str(value), (20, 24, 30), "center")
        else:
            face.draw_mid(d, bx, y + F + 20, str(value), P.FAINT, "center")


# --- Ice Cave ----------------------------------------------------------------------------------------

def ice_a(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    at = _at(state, "ice_cave")
    step = WIDE_STEP
    for v in range(1, 7):
        pieces.put(img, d, x + (v - 1) * step, y, F, (at.get(f"i{v}") or [None])[0], str(v), marked=marked)
    # what a claim gives for 4, 5 and 6 dice in the row (l.295-317), wrapped to the band's width
    paragraph(d, x, y + F + 10, words.say("rollforadventure.img.ice_a_rewards", locale), WIDTH, ICE_A_LINES,
              RULE_TEXT, P.MUTED, min_size=RULE_TEXT)


def _ice_a_height(locale: str) -> int:
    return F + 10 + paragraph_height(words.say("rollforadventure.img.ice_a_rewards", locale), WIDTH, ICE_A_LINES,
                                     RULE_TEXT, min_size=RULE_TEXT)


def ice_b(img, d, state, x, y, marked=frozenset(), locale="en") -> None:
    at = _at(state, "ice_cave")
    glow = {f for ln in T.ice_b_complete_lines(state) for f in C.ICE_B_LINES[ln][0]}
    for f, (r, c) in C.ICE_B_FIELDS.items():
        fx, fy = x + TAG_ROOM + c * (F + G), y + r * (F + G)
        if f in glow:               # a complete line that may be claimed
            d.rounded_rectangle([fx - 4, fy - 4, fx + F + 4, fy + F + 4], radius=12, outline=P.ACCENT, width=4)
        here = (at.get(f) or [None])[0]
        pieces.put(img, d, fx, fy, F, here, f, marked=marked)
        if here is not None:        # the letter stays readable under a die: the lines and the menus name it
            pieces.tag(d, fx, fy, f)
    # the house lines and their rewards, complete ones in gold
    lx = x + LEGEND_X
    full = set(T.ice_b_complete_lines(state))
    for k, (line, (members, reward)) in enumerate(C.ICE_B_LINES.items()):
        ly = y + k * LEGEND_ROW + LEGEND_ROW / 2
        on = line in full
        lw = Face(MIN_TEXT, True).draw_mid(d, lx, ly, "·".join(members), P.ACCENT if on else P.TEXT)
        text_box(d, lx + max(lw, 60) + 10, ly, words.say(f"rollforadventure.img.reward.{reward}", locale),
                 LEGEND_W - max(lw, 60) - 10, TEXT, on, P.ACCENT if on else P.MUTED, min_size=MIN_TEXT)


LAYOUTS = {("desert", "A"): desert_a, ("desert", "B"): desert_b, ("fortress", "A"): fortress,
           ("fortress", "B"): fortress, ("forest", "A"): forest_a, ("forest", "B"): forest_b,
           ("ice_cave", "A"): ice_a, ("ice_cave", "B"): ice_b}
SIZES = {
    ("desert", "A"): (6 * (F + G) + 2 * ARROW + 2 * F, F),
    ("desert", "B"): (10 * (SMALL + G) - G, NUMBER_H + SMALL + 34),
    ("fortress", "A"): (3 * (2 * (F + G) - G) + 2 * SECTION_GAP, 2 * (F + G) + 16),
    ("fortress", "B"): (3 * (3 * (SMALL + G) - G) + 2 * SECTION_GAP, 2 * (SMALL + G) - G),
    ("forest", "A"): (9 * (F + G) - G, F + 6),
    ("forest", "B"): (8 * WIDE_STEP - (WIDE_STEP - F), F + 38),
    ("ice_cave", "A"): (WIDTH, F),          # and the legend under the fields: its height depends on the words
    ("ice_cave", "B"): (WIDTH, max(GRID, len(C.ICE_B_LINES) * LEGEND_ROW)),
}


def draw(img, d, state: dict, t: str, x: int, y: int, marked=frozenset(), locale: str = "en") -> None:
    """Draw territory ``t``'s fields at (x, y); dice whose ids are in ``marked`` get a ring (the decision's
    candidates)."""
    LAYOUTS[(t, state["terr"][t]["side"])](img, d, state, x, y, marked, locale)


def size(state: dict, t: str, locale: str = "en") -> tuple[int, int]:
    """(width, height) of territory ``t``'s fields (Ice Cave A with its legend, wrapped in ``locale``); the
    line a full Forest B arch adds (what to sacrifice) is the table's, which has its words."""
    side = state["terr"][t]["side"]
    if (t, side) == ("ice_cave", "A"):
        return WIDTH, _ice_a_height(locale)
    return SIZES[(t, side)]


def sacrifice(state: dict, t: str) -> int | None:
    """The value the full Forest B arch asks for (the rules' ``forest_b_border``), else None."""
    if t != "forest" or state["terr"][t]["side"] != "B":
        return None
    return T.forest_b_border(state)
