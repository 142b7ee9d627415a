"""``render_final``: the end of an adventure — won or lost, why (which territory fell, or no dice left),
the power stones on the adventure board, the damage of every territory, turns played, enemies defeated,
and the team (player, hero). Mid-game it shows the standing so far.

480 px wide, as the whole table (``table.py``): Discord shows a picture about 290 px wide in a phone's chat,
where this picture, drawn 640 px wide with 24 px words, read about 8 px cap height. No text is drawn under
``MIN_TEXT`` = 21 px (9.2 px cap height at 290 px wide, ``tools.legibility``): why the game ended, the
adventure's name and the facts are wrapped whole; only a player's name may be ellipsised.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.kind import KIND
from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import new_canvas, panel, paragraph, paragraph_height, text_box
from images.png import encode
from images.text import Face

from . import pieces, words
from .table import BOLD_MAX, MARGIN, MIN_TEXT, RULE_LINES, TEXT, WIDTH, verdict
from .table import fallen as _fallen

INNER = WIDTH - 2 * MARGIN
PAD = 12                 # inside a panel
TITLE = 40               # the verdict ("Victory!"); a longer one at most BOLD_MAX
NAME = 24                # bold names: the adventure, a territory, the damage
ROW = 46                 # a hero's line
TRACK_ROW = 76           # a territory: its name and damage, the track under them
CROWN = 40


def _verdict_height(why: str) -> int:
    """The headline, then why, wrapped whole."""
    return 66 + paragraph_height(why, INNER - 2 * PAD, RULE_LINES, TEXT, min_size=MIN_TEXT) + 12


def _verdict(img, d, state, y: int, h: int, title: str, why: str, colour) -> None:
    """Won or lost (crown or skull), and why; while the game runs, the standing and its turn."""
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + h], fill=P.PANEL_HI, radius=14, outline=colour, width=4)
    if state["result"] == "won":
        icons.paste(img, icons.crown(CROWN), MARGIN + PAD, y + 12)
    elif state["result"] == "lost":
        icons.paste(img, pieces.skull(CROWN), MARGIN + PAD, y + 12)
    # 40 px, or (a longer one: "Die Helden haben verloren.") at most BOLD_MAX: never in the 30-38 px range where
    # stroked Hangul Bold blots (see table.BOLD_MAX)
    room = INNER - 2 * PAD - CROWN - 12
    big = Face(TITLE, True).width(title) <= room
    text_box(d, MARGIN + PAD + CROWN + 12, y + 12 + CROWN / 2, title, room, TITLE if big else BOLD_MAX, True, colour,
             min_size=TITLE if big else MIN_TEXT)
    paragraph(d, MARGIN + PAD, y + 66, why, INNER - 2 * PAD, RULE_LINES, TEXT, P.TEXT, min_size=MIN_TEXT)


def _stones(img, d, state, y: int) -> None:
    """The power stones on the adventure board (solid) and still needed (outlined), the count after them."""
    needed, won = state["stones_needed"], state["stones"]
    count_w = Face(NAME + 8, True).draw_mid(d, WIDTH - MARGIN, y + 22, f"{won} / {needed}",
                                            P.GOOD if won >= needed else P.TEXT, "right")
    size = min(44, (INNER - count_w - 20) // max(1, needed) - 6)
    for k in range(needed):
        icons.paste(img, pieces.stone(size, k < won), MARGIN + k * (size + 6), y + 22 - size / 2)


def _territory(img, d, state, t: str, y: int, fallen: str | None, locale: str) -> None:
    """A territory's name and damage on one line (the one that fell framed red), its whole track under them."""
    tr = state["terr"][t]
    holes = state["options"]["track_holes"]
    gap = 5 if holes <= 12 else 3
    hole = min(34, (INNER - 2 * PAD - 10) // holes - gap)     # 4-20 holes (the track_holes option) in one row
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + TRACK_ROW - 8], fill=P.PANEL, radius=10,
          outline=P.BAD if t == fallen else None, width=3)
    d.rounded_rectangle([MARGIN, y, MARGIN + 8, y + TRACK_ROW - 8], radius=4, fill=pieces.TERRITORY_TINT[t])
    dmg_w = Face(NAME, True).draw_mid(d, WIDTH - MARGIN - PAD, y + 20, f"{tr['skull']}/{tr['last']}",
                                      P.BAD if t == fallen else P.TEXT, "right")
    text_box(d, MARGIN + PAD + 6, y + 20, words.territory(t, locale), INNER - 2 * PAD - 16 - dmg_w, TEXT, True,
             P.TEXT, min_size=MIN_TEXT)
    pieces.track(img, d, MARGIN + PAD + 6, y + 48, tr["skull"], tr["last"], holes, hole, gap)


def _team(img, d, state, y: int, names, locale: str) -> None:
    """One hero a line: colour, player and hero (a long name is ellipsised, the hero kept)."""
    for hero in state["heroes"]:
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + ROW - 8], fill=P.PANEL, radius=10)
        mid = y + (ROW - 8) / 2
        icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 26), MARGIN + PAD, mid - 13)
        face, text = words.player_hero(words.name_of(names, hero["seat"], locale), hero["hero"], locale,
                                       INNER - 2 * PAD - 36, NAME, min_size=MIN_TEXT)
        face.draw_mid(d, MARGIN + PAD + 36, mid, text, P.TEXT)
        y += ROW


@pool.apart
def render_final(state: dict, names=None, locale: str = "en") -> bytes:
    """PNG of the end of the game (a projection of the standing while it still runs)."""
    score = KIND.score(state)
    title, why, colour = verdict(state, locale)
    adventure = words.adventure(state["options"]["adventure"], locale)
    facts = words.say("rollforadventure.img.final.facts", locale, turns=score["turns"], defeated=score["defeated"])
    verdict_h = _verdict_height(why)
    adventure_h = paragraph_height(adventure, INNER, 2, NAME, True, MIN_TEXT)
    facts_h = paragraph_height(facts, INNER, RULE_LINES, TEXT, min_size=MIN_TEXT)
    height = (44 + verdict_h + 12 + adventure_h + 6 + 44 + 8 + facts_h + 12 + 4 * TRACK_ROW + 2
              + len(state["heroes"]) * ROW + 12)
    img, d = new_canvas(WIDTH, height)
    text_box(d, MARGIN, 24, words.say("rollforadventure.img.title", locale), INNER, TEXT, True, P.MUTED,
             min_size=MIN_TEXT)
    y = 44
    _verdict(img, d, state, y, verdict_h, title, why, colour)
    y += verdict_h + 12
    # the adventure board (its name wrapped whole) and its stones
    y += paragraph(d, MARGIN, y, adventure, INNER, 2, NAME, P.ACCENT, True, MIN_TEXT) + 6
    _stones(img, d, state, y)
    y += 44 + 8
    y += paragraph(d, MARGIN, y, facts, INNER, RULE_LINES, TEXT, P.MUTED, min_size=MIN_TEXT) + 12
    fallen = _fallen(state) if state["result"] == "lost" else None
    for t in C.TERRITORIES:
        _territory(img, d, state, t, y, fallen, locale)
        y += TRACK_ROW
    _team(img, d, state, y + 2, names, locale)
    return encode(img)
