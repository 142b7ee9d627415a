"""``render_match``: the final picture of a match — winner, Gold, hands won, each seat's best hand and a
hand-by-hand list (the last 12 hands when there were more); 480 px wide, legible at a phone's width (see
``layout``): each seat's best hand under its name, a hand's winner under its hands when both do not fit one line."""
from __future__ import annotations

from bot.games.dicepoker import rules
from bot.games.dicepoker.score import score
from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import new_canvas, panel
from images.labels import labelled
from images.png import encode
from images.text import Face, fit

from . import words
from .layout import (
    BIG,
    HEADER_H,
    INNER,
    MARGIN,
    PAD,
    TEXT,
    WIDTH,
    dice_row,
    die_colour,
    gold,
    header,
    lines_box,
    lines_height,
    words_box,
)

#: a row of the hand-by-hand list, and one that puts its winner on a second line (where the hands and the winner's
#: name side by side would shrink under ``TEXT`` at 480 px: "Grande suite (2-6) – Deux paires … Bartholomew")
ROW_H = 38
ROW2_H = 60
MAX_ROWS = 12
ROW_SIZE = 22
NAME_ROW = 40
INFO_ROW = 30
#: the best hand's dice, on a row of their own under its name
BEST_DIE = 52
BEST_GAP = 10
GAP = 12


def _best_lines(seat_score: dict, locale: str) -> tuple[str, ...]:
    """"Best hand: Full House" on one line, or, where that does not fit at ``TEXT`` ("Meilleure main : Petite
    suite (1-5)" beside a long word), the heading and the hand on two: the hand is never cut."""
    title = words.say("dicepoker.img.best_hand", locale)
    hand = words.drawn_hand_text(seat_score["best_hand"], locale)
    label = labelled(title, hand, locale)
    if fit(label, INNER, ROW_SIZE, True, min_size=TEXT)[1] == label:
        return (label,)
    return labelled(title, "", locale).rstrip(), hand


def _seat_height(seat_score: dict, locale: str) -> int:
    """A seat's panel: the name row, the hands won (or net Gold), the best hand's name and its dice."""
    if not seat_score["best_dice"]:
        return PAD + NAME_ROW + INFO_ROW + PAD - 4
    return PAD + NAME_ROW + INFO_ROW + len(_best_lines(seat_score, locale)) * 28 + 6 + BEST_DIE + PAD


def _seat_panel(img, d, y, seat_score: dict, seat: int, winner: bool, locale: str, names, mode: str,
                height: int) -> None:
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + height], fill=P.PANEL, radius=14, outline=P.GOOD if winner else None,
          width=4)
    x0, right, mid = MARGIN + PAD, WIDTH - MARGIN - PAD, y + PAD + NAME_ROW / 2 - 2
    gw = gold(img, d, right, mid, words.say("dicepoker.img.gold", locale, gold=seat_score["gold"]))
    x = x0
    if winner:
        icons.paste(img, icons.crown(30), x, mid - 17)
        x += 38
    words_box(d, x, mid, words.name_of(names, seat, locale), right - gw - 16 - x, BIG, True, P.TEXT)
    if mode == "duel":
        info = words.say("dicepoker.img.hands_won_count", locale, count=seat_score["hands_won"])
    else:
        info = words.say("dicepoker.img.net", locale, net=words.signed(seat_score["net"]))
    top = y + PAD + NAME_ROW
    words_box(d, x0, top + INFO_ROW / 2, info, INNER, ROW_SIZE, False, P.MUTED)
    if not seat_score["best_dice"]:
        return
    top += INFO_ROW
    for line in _best_lines(seat_score, locale):
        words_box(d, x0, top + 14, line, INNER, ROW_SIZE, True, P.ACCENT)
        top += 28
    dice_row(img, d, x0, top + 6, seat_score["best_dice"], die_colour(seat), size=BEST_DIE, gap=BEST_GAP)


def _row_text(state: dict, e: dict, locale: str, names) -> tuple[str, str, tuple]:
    """(left text, right text, colour of the right text) for one finished hand."""
    mode = state["mode"]
    if mode == "solo":
        return (f"{words.dice_text(e['final'][0])} · {words.drawn_hand_text(e['hands'][0], locale)}",
                words.say("dicepoker.img.gold", locale, gold=e["payout"]), P.GOOD if e["payout"] else P.MUTED)
    vs = " – ".join(words.drawn_hand_text(h, locale) for h in e["hands"])
    seat = rules.seat_of_side(state, e["winner"])
    return vs, words.name_of(names, seat, locale), P.BAD if seat is None else P.GOOD


def _row_height(number: str, left: str, right: str) -> int:
    """``ROW_H`` where the row's number, hands and winner fit side by side as ``_row`` draws them, else ``ROW2_H``:
    only a row that needs it takes two lines, so twelve hands stay a short list."""
    plain, bold = Face(ROW_SIZE), Face(ROW_SIZE, True)
    room = WIDTH - 2 * MARGIN - 24 - 8 - 24        # the row's padding, after the number, before the winner
    return ROW_H if bold.width(number) + plain.width(left) + bold.width(right) <= room else ROW2_H


@pool.apart
def render_match(state: dict, locale: str = "en", names=None) -> bytes:
    """PNG summary of the match (a projection while it still runs)."""
    sc = score(state)
    mode = state["mode"]
    history = state["history"]
    shown = history[-MAX_ROWS:]
    more = len(history) - len(shown)
    rows = [(f"{e['hand']}.", *_row_text(state, e, locale, names)) for e in shown]
    heights = [_row_height(number, left, right) for number, left, right, _ in rows]
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
    heading = words.say("dicepoker.img.hands_list", locale)
    if mode != "solo":
        sides = [words.name_of(names, rules.seat_of_side(state, i), locale) for i in range(2)]
        heading = labelled(heading, f"{sides[0]} – {sides[1]}", locale)
    text_w = WIDTH - 2 * MARGIN
    line_h = lines_height(line, text_w, 2, 24, True)
    heading_h = lines_height(heading, text_w, 2, ROW_SIZE, True)
    seat_h = max(_seat_height(s, locale) for s in sc["seats"])
    height = (HEADER_H + line_h + GAP + len(sc["seats"]) * (seat_h + GAP) + heading_h + 10
              + (ROW_H if more else 0) + sum(heights) + 20)
    img, d = new_canvas(WIDTH, height)
    over_key = "dicepoker.img.match_over" if mode == "duel" else "dicepoker.img.session_over"
    title = f"{words.say(over_key, locale)} · {words.say(f'dicepoker.mode.{mode}', locale)}"
    y = header(img, d, title, "", words.say("dicepoker.img.hand_of", locale, hand=sc["hands_played"],
                                            hands=sc["hands"]))
    y += lines_box(d, MARGIN, y - 6, line, text_w, 2, 24, True, fill) + GAP
    for seat, seat_score in enumerate(sc["seats"]):
        _seat_panel(img, d, y, seat_score, seat, mode == "duel" and result["winner"] == seat, locale, names, mode,
                    seat_h)
        y += seat_h + GAP
    y += lines_box(d, MARGIN, y + 4, heading, text_w, 2, ROW_SIZE, True, P.MUTED) + 10
    if more:
        words_box(d, MARGIN + 12, y + ROW_H / 2, words.say("dicepoker.img.more_hands", locale, count=more),
                  text_w - 24, TEXT, False, P.FAINT)
        y += ROW_H
    for i, ((number, left, right_text, rfill), row_h) in enumerate(zip(rows, heights)):
        _row(d, y, row_h, i % 2 == 0, number, left, right_text, rfill)
        y += row_h
    return encode(img.crop((0, 0, WIDTH, min(height, y + 16))))


def _row(d, y: float, row_h: int, shaded: bool, number: str, left: str, right_text: str, rfill) -> None:
    """One finished hand: its number, the hands (or the solo dice and hand), and who won it (or the Gold paid)
    at the right, on the same line or, in a two-line row, under the hands."""
    if shaded:
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + row_h - 4], fill=P.PANEL, radius=8)
    x, right = MARGIN + 12, WIDTH - MARGIN - 12
    one = row_h == ROW_H
    mid = y + (row_h - 4) / 2 if one else y + 18
    nw = words_box(d, x, mid, number, 48, ROW_SIZE, True, P.MUTED)
    if one:
        rw = words_box(d, right, mid, right_text, right - x - nw - 24, ROW_SIZE, True, rfill, align="right")
        words_box(d, x + nw + 8, mid, left, right - x - nw - rw - 24, ROW_SIZE, False, P.TEXT)
    else:
        words_box(d, x + nw + 8, mid, left, right - x - nw - 8, ROW_SIZE, False, P.TEXT)
        words_box(d, right, mid + 26, right_text, right - x - nw - 8, ROW_SIZE, True, rfill, align="right")
