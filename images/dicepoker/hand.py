"""``render_hand``: one hand of dice poker (480 px wide, legible at a phone's width: see ``layout``): a header
(mode, then pot and hand n of N), a panel per side (name, gold, five dice, hand name, whose reroll is due), the
solo payout table, then the outcome, score and previous hand.
"""
from __future__ import annotations

from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import at_hand, badge, new_canvas, panel
from images.png import encode
from images.text import Face

from . import words
from .layout import (
    BIG,
    DIE,
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
    marks_height,
    words_box,
)
from .view import HandView, SideView, hand_view

#: a side's panel, top to bottom: the name row, the dice and their marks (positions, "new" tags), the hand's name,
#: what the side does now; each text on a row of its own, so none has to shrink beside another
NAME_ROW = 40
HAND_ROW = 36
STATUS_ROW = 30
#: the solo payout table: one hand a row (two columns cut "Small Straight (1-5)" at a phone's width)
PAY_ROW = 36
PAY_GAP = 4
#: a footer line (the outcome, the score, the hand before) wraps into at most this many lines
FOOTER_LINES = 2
FOOTER_SIZE = 22
GAP = 12


def panel_height(locale: str) -> int:
    """A side panel's height: the same for both sides and for every hand of a match in ``locale`` (the "new" tags
    take two lines where the word is long), so the picture does not jump from one move to the next."""
    return PAD + NAME_ROW + 6 + DIE + marks_height(words.say("dicepoker.img.new_die", locale)) + HAND_ROW \
        + STATUS_ROW + PAD - 6


def _status(side: SideView, locale: str) -> str:
    """What the side does in this hand, as the live message says it: the buttons ask which dice to keep."""
    if side.due:
        return words.say("dicepoker.img.keeps_now", locale)
    if side.waits:
        return words.say("dicepoker.img.waits", locale)
    if side.rerolled:
        return words.say("dicepoker.img.rerolled", locale, count=len(side.rerolled))
    return words.say("dicepoker.img.kept_all", locale) if side.rerolled is not None else ""


def _name_row(img, d, mid: float, side: SideView, locale: str, names) -> None:
    """The crown of the hand's winner, the name, the active player's badge and the purse at the right."""
    x0, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    gold_w = gold(img, d, right, mid, words.say("dicepoker.img.gold", locale, gold=side.gold)) \
        if side.gold is not None else 0
    x = x0
    if side.won:
        crown = icons.crown(30)
        icons.paste(img, crown, x, mid - 17)
        x += crown.width + 8
    badge_text = words.say("dicepoker.img.active", locale) if side.active else None
    badge_w = 0
    badge_room = 0
    if badge_text:
        badge_room = min(Face(TEXT, True).width(badge_text), 160)
        badge_w = badge_room + 20 + 22
    name_w = words_box(d, x, mid, words.name_of(names, side.seat, locale),
                       max(80, right - gold_w - 16 - x - (badge_w + 10 if badge_w else 0)), BIG, True, P.TEXT)
    if badge_text:
        badge(img, d, x + name_w + 10, mid, badge_text, P.TURN, icon=icons.play(16), size=TEXT, max_width=badge_room)


def _side_panel(img, d, y: int, side: SideView, locale: str, names, height: int) -> int:
    outline = P.TURN if side.due else (P.GOOD if side.won else None)
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + height], fill=P.PANEL_HI if side.due else P.PANEL, radius=14,
          outline=outline, width=4)
    x0 = MARGIN + PAD
    _name_row(img, d, y + PAD + NAME_ROW / 2 - 2, side, locale, names)
    dy = y + PAD + NAME_ROW + 6
    dy += dice_row(img, d, x0, dy, side.dice, die_colour(side.seat), used=side.used, rerolled=side.rerolled or (),
                   new_label=words.say("dicepoker.img.new_die", locale), numbers=side.due)
    words_box(d, x0, dy + HAND_ROW / 2, words.drawn_hand_text(side.hand, locale), INNER, BIG, True,
              P.GOOD if side.won else P.ACCENT)
    if status := _status(side, locale):
        words_box(d, x0, dy + HAND_ROW + STATUS_ROW / 2 - 2, status, INNER, 22, side.due,
                  P.TURN if side.due else P.MUTED)
    return height


def footer_texts(v: HandView, locale: str, names) -> list[str]:
    """The lines under the panels, as words only: the hand's outcome, the duel's score, the hand before (the alt
    text says them as the picture does)."""
    return [text for text, _, _ in _footer_lines(v, locale, names)]


def _footer_lines(v: HandView, locale: str, names) -> list[tuple[str, tuple, bool]]:
    """(text, colour, bold) lines under the panels."""
    out: list[tuple[str, tuple, bool]] = []
    if v.finished:
        out.append((*_outcome(v.mode, v.sides[0].hand, v.payout, v.decided_by, v.gamblers_won, v.winner_seat, locale,
                              names), True))
    if v.score is not None:
        out.append((words.say("dicepoker.img.score", locale, left=v.score[0], right=v.score[1],
                              left_name=words.name_of(names, 0, locale),
                              right_name=words.name_of(names, 1, locale)), P.TEXT, False))
    if (e := v.previous) is not None:
        text, _ = _outcome(v.mode, e["hands"][0], e["payout"], e["decided_by"],
                           v.mode == "local_gamblers" and e["winner"] == 1, e["winner"], locale, names)
        out.append((words.say("dicepoker.img.last_hand", locale, hand=e["hand"], text=text), P.MUTED, False))
    return out


def _outcome(mode: str, hand: str, payout, decided_by, gamblers: bool, seat, locale: str, names) -> tuple[str, tuple]:
    """A finished hand in words and colour: the solo payout, or who won it (the gamblers or ``seat``) and by
    what."""
    if mode == "solo":
        return (words.say("dicepoker.img.paid", locale, hand=words.hand_text(hand, locale), gold=payout),
                P.GOOD if payout else P.MUTED)
    reason = words.step_text(decided_by, locale)
    if gamblers:
        return words.say("dicepoker.img.gamblers_win", locale, reason=reason), P.BAD
    return (words.say("dicepoker.img.wins_hand", locale, player=words.name_of(names, seat, locale), reason=reason),
            P.GOOD)


def _pay_table(img, d, y: int, v: HandView, locale: str) -> int:
    """Solo: the payout table, one hand a row, the current hand's row framed; returns the height used."""
    title = words.say("dicepoker.img.table", locale, table=words.say(f"dicepoker.img.table.{v.table}", locale))
    words_box(d, MARGIN, y + 16, title, WIDTH - 2 * MARGIN, 22, True, P.MUTED)
    y += 34
    current = v.sides[0].hand
    for i, (hand, pay) in enumerate(v.pay.items()):
        top = y + i * (PAY_ROW + PAY_GAP)
        on = hand == current
        at_hand(d, [MARGIN, top, WIDTH - MARGIN, top + PAY_ROW], on, radius=8)
        mid = top + PAY_ROW / 2
        pw = words_box(d, WIDTH - MARGIN - PAD, mid, str(pay), 60, 22, True, P.ACCENT, align="right")
        words_box(d, MARGIN + PAD, mid, words.drawn_hand_text(hand, locale), WIDTH - 2 * (MARGIN + PAD) - pw - 16,
                  22, on, P.TEXT if on else P.MUTED)
    return _pay_height(v)


def _pay_height(v: HandView) -> int:
    return 34 + len(v.pay) * (PAY_ROW + PAY_GAP) if v.pay else 0


@pool.apart
def render_hand(state: dict, locale: str = "en", names=None, *, hand: int | None = None) -> bytes:
    """PNG of the current hand (or of finished hand number ``hand``; the last one once the match is over)."""
    v = hand_view(state, hand)
    lines = _footer_lines(v, locale, names)
    text_w = WIDTH - 2 * MARGIN
    lines_h = [lines_height(text, text_w, FOOTER_LINES, FOOTER_SIZE, bold) + 8 for text, _, bold in lines]
    side_h = panel_height(locale)
    solo = v.mode == "solo"
    height = HEADER_H + len(v.sides) * (side_h + GAP) + (_pay_height(v) + GAP if solo else 0) + sum(lines_h) + 10
    img, d = new_canvas(WIDTH, height)
    title = f"{words.say('dicepoker.img.title', locale)} · {words.say(f'dicepoker.mode.{v.mode}', locale)}"
    sub = words.say("dicepoker.img.stake", locale, stake=v.stake) if solo else words.say("dicepoker.img.pot", locale,
                                                                                          pot=v.pot)
    y = header(img, d, title, sub, words.say("dicepoker.img.hand_of", locale, hand=v.number, hands=v.hands), coin=True)
    order = range(len(v.sides)) if solo else (1 - _active_side(v), _active_side(v))
    for i in order:          # the opponent (rerolls first) on top, the active player below
        y += _side_panel(img, d, y, v.sides[i], locale, names, side_h) + GAP
    if solo:
        y += _pay_table(img, d, y, v, locale) + GAP
    for (text, fill, bold), h in zip(lines, lines_h):
        lines_box(d, MARGIN, y + 2, text, text_w, FOOTER_LINES, FOOTER_SIZE, bold, fill)
        y += h
    return encode(img.crop((0, 0, WIDTH, min(height, y + 10))))


def _active_side(v: HandView) -> int:
    return next((i for i, s in enumerate(v.sides) if s.active), 0)
