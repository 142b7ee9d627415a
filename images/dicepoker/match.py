"""``render_match``: the final picture of a match — winner, Gold, hands won, each seat's best hand and a
hand-by-hand list (the last 12 hands when there were more)."""
from __future__ import annotations

from bot.games.dicepoker import rules
from bot.games.dicepoker.score import score
from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import new_canvas, panel, text_box
from images.labels import labelled
from images.png import encode
from images.text import fit

from . import words
from .layout import MARGIN, WIDTH, dice_row, die_colour, gold, header

ROW_H = 40
MAX_ROWS = 12
SEAT_H = 136
#: the best hand's room left of its dice
BEST_W = 330


def _seat_panel(img, d, y, seat_score: dict, seat: int, winner: bool, locale: str, names, mode: str) -> None:
    box = [MARGIN, y, WIDTH - MARGIN, y + SEAT_H]
    panel(d, box, fill=P.PANEL, radius=14, outline=P.GOOD if winner else None, width=4)
    x0, right, top = MARGIN + 18, WIDTH - MARGIN - 18, y + 30
    gw = gold(img, d, right, top, words.say("dicepoker.img.gold", locale, gold=seat_score["gold"]), 28)
    extra = 0
    if winner:
        icons.paste(img, icons.crown(30), x0, top - 16)
        extra = 38
    text_box(d, x0 + extra, top, words.name_of(names, seat, locale), right - gw - 24 - x0 - extra, 30, True, P.TEXT)
    if mode == "duel":
        info = words.say("dicepoker.img.hands_won_count", locale, count=seat_score["hands_won"])
    else:
        info = words.say("dicepoker.img.net", locale, net=words.signed(seat_score["net"]))
    if not seat_score["best_dice"]:
        text_box(d, x0, top + 40, info, 300, 24, False, P.MUTED)
        return
    title = words.say("dicepoker.img.best_hand", locale)
    hand = words.hand_text(seat_score["best_hand"], locale)
    label = labelled(title, hand, locale)
    face, shown = fit(label, BEST_W, 24, True, min_size=21)
    if shown == label:                   # one line beside the dice: "Best hand: Full House"
        text_box(d, x0, top + 40, info, 300, 24, False, P.MUTED)
        face.draw_mid(d, x0, top + 74, label, P.ACCENT)
    else:                                # "Meilleure main : Petite suite (1-5)" was cut: the hand on a line of its own
        text_box(d, x0, top + 36, info, 300, 22, False, P.MUTED)
        text_box(d, x0, top + 64, labelled(title, "", locale).rstrip(), BEST_W, 22, True, P.ACCENT)
        text_box(d, x0, top + 90, hand, BEST_W, 22, True, P.ACCENT)
    dice_row(img, d, right - (5 * 56 + 4 * 8), y + 62, seat_score["best_dice"], die_colour(seat), size=56, gap=8)


def _row_text(state: dict, e: dict, locale: str, names) -> tuple[str, str, tuple]:
    """(left text, right text, colour of the right text) for one finished hand."""
    mode = state["mode"]
    if mode == "solo":
        return (f"{words.dice_text(e['final'][0])} · {words.hand_text(e['hands'][0], locale)}",
                words.say("dicepoker.img.gold", locale, gold=e["payout"]), P.GOOD if e["payout"] else P.MUTED)
    vs = " – ".join(words.hand_text(h, locale) for h in e["hands"])
    seat = rules.seat_of_side(state, e["winner"])
    return vs, words.name_of(names, seat, locale), P.BAD if seat is None else P.GOOD


@pool.apart
def render_match(state: dict, locale: str = "en", names=None) -> bytes:
    """PNG summary of the match (a projection while it still runs)."""
    sc = score(state)
    mode = state["mode"]
    history = state["history"]
    shown = history[-MAX_ROWS:]
    more = len(history) - len(shown)
    height = 62 + 44 + len(sc["seats"]) * (SEAT_H + 14) + 44 + (len(shown) + (1 if more else 0)) * ROW_H + 30
    img, d = new_canvas(WIDTH, height)
    over_key = "dicepoker.img.match_over" if mode == "duel" else "dicepoker.img.session_over"
    title = f"{words.say(over_key, locale)} · {words.say(f'dicepoker.mode.{mode}', locale)}"
    y = header(img, d, title, words.say("dicepoker.img.hand_of", locale, hand=sc["hands_played"], hands=sc["hands"]))
    result = state["result"] or rules.outcome(state)
    if mode == "duel":
        if result["winner"] is None:
            line, fill = words.say("dicepoker.img.draw", locale), P.TEXT
        else:
            line = words.say("dicepoker.img.winner", locale, player=words.name_of(names, result["winner"], locale),
                             reason=words.reason_text(result["reason"], locale))
            fill = P.GOOD
    else:
        line = words.say(f"dicepoker.img.end.{result['reason']}", locale, hands=sc["hands_played"])
        fill = P.BAD if result["reason"] == "broke" else P.TEXT
    text_box(d, MARGIN, y + 18, line, WIDTH - 2 * MARGIN, 26, True, fill)
    y += 44
    for seat, seat_score in enumerate(sc["seats"]):
        _seat_panel(img, d, y, seat_score, seat, mode == "duel" and result["winner"] == seat, locale, names, mode)
        y += SEAT_H + 14
    heading = words.say("dicepoker.img.hands_list", locale)
    if mode != "solo":
        sides = [words.name_of(names, rules.seat_of_side(state, i), locale) for i in range(2)]
        heading = labelled(heading, f"{sides[0]} – {sides[1]}", locale)
    text_box(d, MARGIN, y + 18, heading, WIDTH - 2 * MARGIN, 24, True, P.MUTED)
    y += 44
    if more:
        text_box(d, MARGIN + 12, y + ROW_H / 2, words.say("dicepoker.img.more_hands", locale, count=more),
                 WIDTH - 2 * MARGIN, 20, False, P.FAINT)
        y += ROW_H
    for i, e in enumerate(shown):
        if i % 2 == 0:
            panel(d, [MARGIN, y, WIDTH - MARGIN, y + ROW_H - 4], fill=P.PANEL, radius=8)
        mid = y + (ROW_H - 4) / 2
        nw = text_box(d, MARGIN + 12, mid, f"{e['hand']}.", 48, 22, True, P.MUTED)
        left, right_text, rfill = _row_text(state, e, locale, names)
        rw = text_box(d, WIDTH - MARGIN - 12, mid, right_text, 220, 22, True, rfill, align="right")
        text_box(d, MARGIN + 20 + nw, mid, left, WIDTH - 2 * MARGIN - nw - rw - 50, 22, False, P.TEXT, min_size=16)
        y += ROW_H
    return encode(img.crop((0, 0, WIDTH, min(height, y + 20))))
