"""``render_final``: the end of an adventure — won or lost, why (which territory fell, or no dice left),
the power stones on the adventure board, the damage of every territory, turns played, enemies defeated,
and the team (player, hero). Mid-game it shows the standing so far.
"""
from __future__ import annotations

from bot.games.rollforadventure import content as C
from bot.games.rollforadventure.kind import KIND
from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import new_canvas, panel, text_box
from images.png import encode
from images.text import Face

from . import pieces, words
from .table import BOLD_MAX, GAP, HALF, MARGIN, PAD, WIDTH, verdict
from .table import fallen as _fallen

ROW = 56
TRACK_W = 560


@pool.apart
def render_final(state: dict, names=None, locale: str = "en") -> bytes:
    """PNG of the end of the game (a projection of the standing while it still runs)."""
    score = KIND.score(state)
    n_heroes = len(state["heroes"])
    hero_rows = (n_heroes + 1) // 2
    height = 70 + 150 + 110 + 4 * ROW + 40 + hero_rows * (ROW + 10) + 60
    img, d = new_canvas(WIDTH, height)
    text_box(d, MARGIN, 34, words.say("rollforadventure.img.title", locale), WIDTH - 2 * MARGIN, BOLD_MAX, True,
             P.MUTED)
    y = 66
    title, why, colour = verdict(state, locale)
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + 136], fill=P.PANEL_HI, radius=16, outline=colour, width=5)
    if state["result"] == "won":
        icons.paste(img, icons.crown(56), MARGIN + PAD, y + 16)
    elif state["result"] == "lost":
        icons.paste(img, pieces.skull(56), MARGIN + PAD, y + 16)
    # 40 px and never shrunk into the 30-38 px range where stroked Hangul Bold blots (see table.BOLD_MAX)
    text_box(d, MARGIN + PAD + 72, y + 44, title, WIDTH - 2 * MARGIN - 2 * PAD - 72, 40, True, colour, min_size=40)
    text_box(d, MARGIN + PAD, y + 106, why, WIDTH - 2 * MARGIN - 2 * PAD, 26, False, P.TEXT, min_size=16)
    y += 136 + GAP
    # the adventure board and its stones
    needed, won = state["stones_needed"], state["stones"]
    size = 60
    count = f"{won} / {needed}"
    face = Face(44, True)
    face.draw_mid(d, WIDTH - MARGIN, y + size / 2 + 4, count, P.GOOD if won >= needed else P.TEXT, "right")
    sx = WIDTH - MARGIN - face.width(count) - 20 - needed * (size + 8)
    for k in range(needed):
        icons.paste(img, pieces.stone(size, k < won), sx + k * (size + 8), y + 4)
    text_box(d, MARGIN, y + size / 2 + 4, words.adventure(state["options"]["adventure"], locale), sx - MARGIN - 16,
             28, True, P.ACCENT, min_size=18)
    y += size + 20
    facts = words.say("rollforadventure.img.final.facts", locale, turns=score["turns"], defeated=score["defeated"])
    text_box(d, MARGIN, y + 16, facts, WIDTH - 2 * MARGIN, 24, False, P.MUTED, min_size=16)
    y += 44
    # every territory's damage track
    fallen = _fallen(state) if state["result"] == "lost" else None
    for t in C.TERRITORIES:
        tr = state["terr"][t]
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + ROW - 6], fill=P.PANEL, radius=10,
              outline=P.BAD if t == fallen else None, width=3)
        d.rounded_rectangle([MARGIN, y, MARGIN + 10, y + ROW - 6], radius=5, fill=pieces.TERRITORY_TINT[t])
        mid = y + (ROW - 6) / 2
        text_box(d, MARGIN + PAD + 6, mid, words.territory(t, locale), WIDTH - 2 * MARGIN - 2 * PAD - 110 - TRACK_W, 24,
                 True, P.TEXT, min_size=16)
        holes = state["options"]["track_holes"]
        gap = 8 if holes <= 12 else 4
        size = min(34, TRACK_W // holes - gap)           # 4-20 holes (the track_holes option) fit one row
        tw = holes * (size + gap) - gap
        dmg = f"{tr['skull']}/{tr['last']}"
        Face(26, True).draw_mid(d, WIDTH - MARGIN - PAD, mid, dmg, P.BAD if t == fallen else P.TEXT, "right")
        pieces.track(img, d, WIDTH - MARGIN - PAD - 90 - tw, mid, tr["skull"], tr["last"], holes, size, gap)
        y += ROW
    y += 10
    # the team
    for h, hero in enumerate(state["heroes"]):
        x = MARGIN + (h % 2) * (HALF + GAP)
        if h % 2 == 0 and h:
            y += ROW + 10
        panel(d, [x, y, x + HALF, y + ROW], fill=P.PANEL, radius=10)
        icons.paste(img, icons.shape_badge(pieces.die_colour(hero["colour"]), 30), x + PAD, y + ROW / 2 - 15)
        text = words.name_of(names, hero["seat"], locale)
        if hero["hero"]:
            text = f"{text} · {words.hero(hero['hero'], locale)}"
        text_box(d, x + PAD + 40, y + ROW / 2, text, HALF - 2 * PAD - 40, 24, True, P.TEXT, min_size=16)
    y += ROW + 16
    return encode(img.crop((0, 0, WIDTH, min(height, y))))
