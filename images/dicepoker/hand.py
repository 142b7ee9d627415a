"""``render_hand``: one hand of dice poker (720 px wide): a header (mode, hand n of N, pot), a panel per
side (name, gold, five dice, hand name, whose reroll is due), then the outcome, score and previous hand.
"""
from __future__ import annotations

from bot.runtime import pool
from images import icons
from images import palette as P
from images.draw import at_hand, badge, new_canvas, panel, text_box
from images.png import encode
from images.text import fit

from . import words
from .layout import MARGIN, WIDTH, dice_row, die_colour, gold, header
from .view import HandView, SideView, hand_view

PANEL_H = 232


def _side_panel(img, d, y: int, side: SideView, locale: str, names) -> int:
    outline = P.TURN if side.due else (P.GOOD if side.won else None)
    panel(d, [MARGIN, y, WIDTH - MARGIN, y + PANEL_H], fill=P.PANEL_HI if side.due else P.PANEL, radius=14,
          outline=outline, width=4)
    x0 = MARGIN + 18
    top = y + 30
    right = WIDTH - MARGIN - 18
    gold_w = gold(img, d, right, top, words.say("dicepoker.img.gold", locale, gold=side.gold), 26) \
        if side.gold is not None else 0
    name_space = right - gold_w - 24 - x0
    extra = 0
    if side.won:
        crown = icons.crown(30)
        icons.paste(img, crown, x0, top - 16)
        extra = crown.width + 8
    badge_text = words.say("dicepoker.img.active", locale) if side.active else None
    badge_w = 0
    if badge_text:
        bface, bshown = fit(badge_text, 150, 20, True)
        badge_w = bface.width(bshown) + 20 + 22
    name_w = text_box(d, x0 + extra, top, words.name_of(names, side.seat, locale),
                      max(60, name_space - extra - badge_w - 12), 30, True, P.TEXT)
    if badge_text:
        badge(img, d, x0 + extra + name_w + 12, top, badge_text, P.TURN, icon=icons.play(16), size=20, max_width=150)
    dy = y + 58
    dice_row(img, d, x0, dy, side.dice, die_colour(side.seat), used=side.used, rerolled=side.rerolled or (),
             new_label=words.say("dicepoker.img.new_die", locale), numbers=side.due)
    line = y + PANEL_H - 28
    hand_fill = P.GOOD if side.won else P.ACCENT
    if side.due:
        # the buttons and the live message ask which dice to keep, so the picture says the same
        status = words.say("dicepoker.img.keeps_now", locale)
    elif side.waits:
        status = words.say("dicepoker.img.waits", locale)
    elif side.rerolled:
        status = words.say("dicepoker.img.rerolled", locale, count=len(side.rerolled))
    else:
        status = words.say("dicepoker.img.kept_all", locale) if side.rerolled is not None else ""
    sfill = P.TURN if side.due else P.MUTED
    sw = text_box(d, right, line, status, 300, 24, side.due, sfill, align="right") if status else 0
    text_box(d, x0, line, words.hand_text(side.hand, locale), right - x0 - sw - 20, 30, True, hand_fill)
    return PANEL_H


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


def _pay_grid(img, d, y: int, v: HandView, locale: str) -> int:
    """Solo: the payout table as a 3×3 grid, the current hand's cell framed."""
    title = words.say("dicepoker.img.table", locale, table=words.say(f"dicepoker.img.table.{v.table}", locale))
    text_box(d, MARGIN, y + 14, title, WIDTH - 2 * MARGIN, 24, True, P.MUTED)
    y += 34
    cols, cell_h, gap = 2, 44, 8
    cell_w = (WIDTH - 2 * MARGIN - gap * (cols - 1)) // cols
    current = v.sides[0].hand
    for i, (hand, pay) in enumerate(v.pay.items()):
        cx = MARGIN + (i % cols) * (cell_w + gap)
        cy = y + (i // cols) * (cell_h + gap)
        on = hand == current
        at_hand(d, [cx, cy, cx + cell_w, cy + cell_h], on, radius=8)
        pw = text_box(d, cx + cell_w - 14, cy + cell_h / 2, str(pay), 50, 24, True, P.ACCENT, align="right")
        text_box(d, cx + 14, cy + cell_h / 2, words.hand_text(hand, locale), cell_w - pw - 36, 24, on,
                 P.TEXT if on else P.MUTED, min_size=18)
    rows = (len(v.pay) + cols - 1) // cols
    return 34 + rows * (cell_h + gap)


@pool.apart
def render_hand(state: dict, locale: str = "en", names=None, *, hand: int | None = None) -> bytes:
    """PNG of the current hand (or of finished hand number ``hand``; the last one once the match is over)."""
    v = hand_view(state, hand)
    lines = _footer_lines(v, locale, names)
    grid_h = 34 + 5 * 52 if v.mode == "solo" else 0
    height = 62 + 30 + len(v.sides) * (PANEL_H + 14) + grid_h + len(lines) * 36 + 24
    img, d = new_canvas(WIDTH, height)
    title = f"{words.say('dicepoker.img.title', locale)} · {words.say(f'dicepoker.mode.{v.mode}', locale)}"
    y = header(img, d, title, words.say("dicepoker.img.hand_of", locale, hand=v.number, hands=v.hands))
    sub = (words.say("dicepoker.img.stake", locale, stake=v.stake) if v.mode == "solo"
           else words.say("dicepoker.img.pot", locale, pot=v.pot))
    icons.paste(img, icons.coin(24), MARGIN, y + 2)
    text_box(d, MARGIN + 32, y + 14, sub, 300, 24, True, P.ACCENT)
    y += 30
    order = range(len(v.sides)) if v.mode == "solo" else (1 - _active_side(v), _active_side(v))
    for i in order:          # the opponent (rerolls first) on top, the active player below
        y += _side_panel(img, d, y, v.sides[i], locale, names) + 14
    if v.mode == "solo":
        y += _pay_grid(img, d, y, v, locale)
    for text, fill, bold in lines:
        text_box(d, MARGIN, y + 18, text, WIDTH - 2 * MARGIN, 25, bold, fill, min_size=16)
        y += 36
    return encode(img.crop((0, 0, WIDTH, min(height, y + 16))))


def _active_side(v: HandView) -> int:
    return next((i for i, s in enumerate(v.sides) if s.active), 0)
