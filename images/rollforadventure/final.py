"""``render_final``: the end of an adventure — won or lost, why (which territory fell, or no dice left),
the power stones on the adventure board, the damage of every territory, turns played, enemies defeated,
and the team (player, hero). Mid-game it shows the standing so far. 640 px wide with no text under 24 px, like
the live picture: it is the game's last post, read on phones.
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
from .table import BOLD_MAX, verdict
from .table import fallen as _fallen

# 640 px wide, as the live picture, so that its text reads on a phone as theirs does: drawn 1000 px wide (as the
# table then was), the reason and the team shrank to a 6 px cap height at 360 px (the whole table is now 480 px)
WIDTH = 640
MARGIN = 14
INNER = WIDTH - 2 * MARGIN
PAD = 16                 # inside a panel
TEXT = 24                # the smallest text drawn: 13.5 px at 360 px, as in the live picture
ROW = 52                 # a hero's line
TRACK_ROW = 88           # a territory: its name and damage, the track under them
WHY_LINES = 3


@pool.apart
def render_final(state: dict, names=None, locale: str = "en") -> bytes:
    """PNG of the end of the game (a projection of the standing while it still runs)."""
    score = KIND.score(state)
    title, why, colour = verdict(state, locale)
    why_h = paragraph_height(why, INNER - 2 * PAD, WHY_LINES, TEXT, min_size=TEXT)
    facts = words.say("rollforadventure.img.final.facts", locale, turns=score["turns"], defeated=score["defeated"])
    facts_h = paragraph_height(facts, INNER, 2, TEXT, min_size=TEXT)
    verdict_h = 84 + why_h
    height = 48 + verdict_h + 14 + 44 + 64 + facts_h + 12 + 4 * TRACK_ROW + 10 + len(state["heroes"]) * ROW + 20
    img, d = new_canvas(WIDTH, height)
    text_box(d, MARGIN, 26, words.say("rollforadventure.img.title", locale), INNER, TEXT, True, P.MUTED)
    y = 48
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + verdict_h], fill=P.PANEL_HI, radius=14, outline=colour, width=4)
    if state["result"] == "won":
        icons.paste(img, icons.crown(48), MARGIN + PAD, y + 14)
    elif state["result"] == "lost":
        icons.paste(img, pieces.skull(48), MARGIN + PAD, y + 14)
    # 40 px, or (a longer one: "Die Helden haben verloren.") at most BOLD_MAX: never in the 30-38 px range where
    # stroked Hangul Bold blots (see table.BOLD_MAX)
    room = INNER - 2 * PAD - 62
    big = Face(40, True).width(title) <= room
    text_box(d, MARGIN + PAD + 62, y + 38, title, room, 40 if big else BOLD_MAX, True, colour,
             min_size=40 if big else TEXT)
    paragraph(d, MARGIN + PAD, y + 74, why, INNER - 2 * PAD, WHY_LINES, TEXT, P.TEXT, min_size=TEXT)
    y += verdict_h + 14
    # the adventure board (its name on a line of its own) and its stones
    text_box(d, MARGIN, y + 18, words.adventure(state["options"]["adventure"], locale), INNER, 28, True, P.ACCENT,
             min_size=TEXT)
    y += 44
    needed, won = state["stones_needed"], state["stones"]
    count = f"{won} / {needed}"
    face = Face(40, True)
    count_w = face.draw_mid(d, WIDTH - MARGIN, y + 26, count, P.GOOD if won >= needed else P.TEXT, "right")
    size = min(52, (INNER - count_w - 20) // max(1, needed) - 6)
    for k in range(needed):
        icons.paste(img, pieces.stone(size, k < won), MARGIN + k * (size + 6), y + 26 - size / 2)
    y += 64
    y += paragraph(d, MARGIN, y, facts, INNER, 2, TEXT, P.MUTED, min_size=TEXT) + 12
    # every territory: its name and damage on one line, the whole track under them
    fallen = _fallen(state) if state["result"] == "lost" else None
    holes = state["options"]["track_holes"]
    gap = 6 if holes <= 12 else 3
    track_w = INNER - 2 * PAD - 10
    hole = min(40, track_w // holes - gap)           # 4-20 holes (the track_holes option) fit one row
    for t in C.TERRITORIES:
        tr = state["terr"][t]
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + TRACK_ROW - 8], fill=P.PANEL, radius=10,
              outline=P.BAD if t == fallen else None, width=3)
        d.rounded_rectangle([MARGIN, y, MARGIN + 10, y + TRACK_ROW - 8], radius=5, fill=pieces.TERRITORY_TINT[t])
        dmg = f"{tr['skull']}/{tr['last']}"
        dmg_w = Face(28, True).draw_mid(d, WIDTH - MARGIN - PAD, y + 22, dmg, P.BAD if t == fallen else P.TEXT,
                                        "right")
        text_box(d, MARGIN + PAD + 6, y + 22, words.territory(t, locale), INNER - 2 * PAD - 16 - dmg_w, TEXT, True,
                 P.TEXT, min_size=TEXT)
        pieces.track(img, d, MARGIN + PAD + 6, y + 55, tr["skull"], tr["last"], holes, hole, gap)
        y += TRACK_ROW
    y += 2
    # the team, one hero a line (a long name keeps its hero)
    for hero in state["heroes"]:
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + ROW - 8], fill=P.PANEL, radius=10)
        icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 28), MARGIN + PAD, y + (ROW - 8) / 2 - 14)
        face, text = words.player_hero(words.name_of(names, hero["seat"], locale), hero["hero"], locale,
                                       INNER - 2 * PAD - 40, TEXT, min_size=TEXT)
        face.draw_mid(d, MARGIN + PAD + 40, y + (ROW - 8) / 2, text, P.TEXT)
        y += ROW
    y += 12
    return encode(img.crop((0, 0, WIDTH, min(height, y))))
