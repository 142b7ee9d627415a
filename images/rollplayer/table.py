"""The table picture: round and phase, who must act, Initiative cards, the market, deck and discard,
the solo enemy die and trash, and a line per player.

The width is fixed; the height follows the number of players, market cards and pending decisions.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from bot.games.rollplayer import content

from .. import icons
from .. import palette as P
from ..draw import MARGIN, at_hand, counter, panel, stack, stars_value, text_box
from ..labels import first_label, has_label, humanise, label
from ..text import WHAT, WHO, Face, who_what, wrap_fit
from . import cards
from .views import TableView

# 640 px wide like the sheet: at Discord's phone width (about 360 px) 22 px text keeps a 9 px cap height
WIDTH = 640
HEADER_H = 118
PENDING_ROW = 58
SECTION_HEAD = 50
INIT_H = 176
INIT_GAP = 10
MARKET_GAP = 12
SOLO_H = 140
#: the trash's left edge in the solo panel, right of the Enemy die and the divider
TRASH_X = MARGIN + 196
PLAYER_ROW = 96
INNER = WIDTH - 2 * MARGIN


def round_title(v, locale: str) -> str:
    """The round ("Round 3 of 6"), or during setup how many rounds are coming (table and live picture)."""
    if v.round > 0:
        return label("img.table.round", locale, round=v.round, total=v.rounds_total)
    return label("img.table.setup_title", locale, total=v.rounds_total)


def phase_name(phase: str, locale: str) -> str:
    key = f"img.table.phase.{phase}"
    return label(key, locale) if has_label(key) else humanise(phase)


def decision_text(key: str, params: tuple, locale: str) -> str:
    """The i18n catalog's `decision.<key>` (shared with the text replies), else ours, else the key."""
    text = first_label([f"decision.{key}", f"img.decision.{key}"], locale, **dict(params))
    return text if text is not None else humanise(key)


EMPTY_MARKET_H = 56


def _market_h(v: TableView, locale: str = "en") -> int:
    if not v.market:
        return EMPTY_MARKET_H
    return sum(cards.market_height(c, locale, INNER) + MARKET_GAP for c in v.market)


PENDING_SIZE, PENDING_MIN = 26, 18
PENDING_TEXT_W = INNER - 68


def pending_lines(v: TableView, dec, locale: str) -> tuple[Face, tuple[str, ...]]:
    """"Name: what to decide" for one pending decision, the instruction always whole: a long name is
    shortened first, and if that is not enough the instruction goes on its own line(s) under the name."""
    template = label("img.table.must", locale, name=WHO, decision=WHAT)
    return who_what(template, seat_name(v.players, dec.seat), decision_text(dec.key, dec.params, locale),
                    PENDING_TEXT_W, PENDING_SIZE, True, PENDING_MIN)


def _pending_rows(v: TableView, locale: str) -> list[int]:
    """The height of each pending decision's row (one line: PENDING_ROW; more: as many lines as it needs)."""
    drawn = (pending_lines(v, dec, locale) for dec in v.pending)
    return [max(PENDING_ROW, len(lines) * face.line_height + 24) for face, lines in drawn] or [PENDING_ROW]


def _layout(v: TableView, locale: str) -> list[tuple[int, Callable]]:
    """The sections top to bottom, each with its height; Initiative cards matter from the first round on
    (during setup they lie empty)."""
    layout = [(HEADER_H, _header)]
    if not _over(v):
        layout.append((sum(_pending_rows(v, locale)) + 20, _pending))
    if v.round > 0 and v.initiative:
        layout.append((SECTION_HEAD + _init_h(v) + 16, _initiative))
    layout.append((SECTION_HEAD + _market_h(v, locale), _market))
    if v.solo:
        layout.append((SOLO_H + 16, _solo))
    return [*layout, (SECTION_HEAD + len(v.players) * PLAYER_ROW, _players)]


def _over(v: TableView) -> bool:
    """A finished game: the header's "Game over" says it all, and a banner "Nobody has to play" under it read as if
    the game were stuck (an abandoned game keeps its banner, which says so)."""
    return v.phase == "finished" and not v.pending and not v.abandoned


def height(v: TableView, locale: str = "en") -> int:
    return sum(h for h, _ in _layout(v, locale)) + MARGIN


def seat_name(players, seat: int | None) -> str:
    """The name of ``seat`` among ``players`` (the table's or the live picture's)."""
    return next((p.name for p in players if p.seat == seat), "?" if seat is None else str(seat + 1))


def _section(img, d, y: int, title: str, right: str | None = None) -> None:
    w = text_box(d, MARGIN, y + 20, title, 300, 28, True, P.TEXT)
    d.line([MARGIN, y + SECTION_HEAD - 10, WIDTH - MARGIN, y + SECTION_HEAD - 10], fill=P.LINE, width=2)
    if right:
        text_box(d, WIDTH - MARGIN, y + 20, right, INNER - w - 16, 21, False, P.MUTED, "right", min_size=15)


def _header(img, d, v: TableView, top: int, h: int, locale: str) -> None:
    title, phase = round_title(v, locale), phase_name(v.phase, locale)
    face = Face(22, True)
    pw = min(face.width(phase), INNER - 28) + 28
    fits_beside = Face(36, True).width(title) + 18 + pw <= INNER
    w = text_box(d, MARGIN, 38, title, INNER - (pw + 18 if fits_beside else 0), 36, True, P.TEXT, min_size=26)
    # the phase chip beside the title, or under it with the start player beside the chip
    x, cy = (MARGIN + w + 18, 38) if fits_beside else (MARGIN, 92)
    d.rounded_rectangle([x, cy - 18, x + pw, cy + 18], radius=18, fill=P.ACCENT)
    text_box(d, x + 14, cy, phase, INNER - 28, 22, True, (30, 24, 6), min_size=17)
    sx = MARGIN if fits_beside else MARGIN + pw + 18
    icons.paste(img, icons.start_marker(30), sx, 78)
    text_box(d, sx + 38, 94, label("img.table.start_player", locale, name=seat_name(v.players, v.start_seat)),
             WIDTH - MARGIN - sx - 38, 22, False, P.MUTED, min_size=17)


def _pending(img, d, v: TableView, top: int, h: int, locale: str) -> None:
    rows = _pending_rows(v, locale)
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + sum(rows)], fill=(58, 52, 30), outline=P.TURN, width=3)
    if not v.pending:
        said = label("img.table.abandoned", locale) if v.abandoned else label("img.table.nobody", locale)
        text_box(d, MARGIN + 20, top + PENDING_ROW / 2, said, INNER - 40, 26, True, P.TEXT, min_size=18)
    y = top
    for dec, row in zip(v.pending, rows):
        face, lines = pending_lines(v, dec, locale)
        icons.paste(img, icons.play(28), MARGIN + 14, y + min(row, PENDING_ROW) / 2 - 14)
        face.draw_block(d, MARGIN + 52, y + row / 2, lines, P.TURN)
        y += row


def _init_h(v: TableView) -> int:
    """Solo cards say "free · rolls the enemy die": room for a third line (German needs it); a taker's name
    on two lines makes the cards taller by the second line."""
    return INIT_H + (36 if v.solo else 0) + max((_taker_box_h(v, c) - TAKER_H for c in v.initiative), default=0)


TAKER_H = 36          # the taker's label on one line
TAKER_SIZE, TAKER_MIN = 22, 17


def _card_w(v: TableView) -> float:
    n = max(1, len(v.initiative))
    return (INNER - (n - 1) * INIT_GAP) / n


def taker_lines(v: TableView, card) -> tuple[Face, tuple[str, ...]]:
    """Who took an Initiative card, on two lines if it needs them, as in the live picture ("Bot 3" /
    "(normal)"): on one line, five cards' names were cut to "Bot 3 (no…" and "Bot (nor…"."""
    face, lines, _ = wrap_fit(seat_name(v.players, card.taken_by), int(_card_w(v) - 18), 2, TAKER_SIZE, True,
                              TAKER_MIN)
    return face, lines


def _taker_box_h(v: TableView, card) -> int:
    if card.taken_by is None:
        return TAKER_H
    face, lines = taker_lines(v, card)
    return max(TAKER_H, len(lines) * face.line_height + 10)


def _initiative(img, d, v: TableView, top: int, h: int, locale: str) -> None:
    init_h = _init_h(v)
    _section(img, d, top, label("img.table.initiative", locale))
    y = top + SECTION_HEAD
    tw = _card_w(v)
    for i, card in enumerate(v.initiative):
        x = MARGIN + i * (tw + INIT_GAP)
        taken = card.taken_by is not None
        panel(d, [x, y, x + tw, y + init_h], fill=P.PANEL if taken else P.PANEL_HI)
        d.ellipse([x + 8, y + 8, x + 44, y + 44], fill=P.TEXT)
        Face(26, True).draw_mid(d, x + 26, y + 26, str(card.number), P.BG, "center")
        if card.coins:
            icons.paste(img, icons.coin(32), x + tw - 40, y + 10)
            if card.coins > 1:
                text_box(d, x + tw - 44, y + 26, f"×{card.coins}", 50, 22, True, P.ACCENT, "right")
        die = min(72, int(tw) - 24)
        if card.die is not None:
            icons.paste_center(img, icons.die(card.die.value, card.die.colour, die), x + tw / 2, y + 88)
        else:
            d.rounded_rectangle([x + tw / 2 - die / 2, y + 88 - die / 2, x + tw / 2 + die / 2, y + 88 + die / 2],
                                radius=12, outline=P.LINE, width=2)
        if taken:
            face, lines = taker_lines(v, card)
            bh = _taker_box_h(v, card)
            d.rounded_rectangle([x + 6, y + init_h - 8 - bh, x + tw - 6, y + init_h - 8], radius=10, fill=P.TURN)
            face.draw_block(d, x + tw / 2, y + init_h - 8 - bh / 2, lines, (30, 24, 6), "center")
        else:
            # "free" (solo: "free · rolls the enemy die", up to three lines) centred between the die and the
            # card's bottom edge
            free = label("img.table.free_enemy" if v.solo and card.number >= 2 else "img.table.free", locale)
            face, lines, _ = wrap_fit(free, int(tw - 12), 3 if v.solo else 2, 20, False, 16)
            face.draw_block(d, x + tw / 2, (y + 88 + die / 2 + 6 + y + init_h - 8) / 2, lines, P.MUTED, "center")


def _market(img, d, v: TableView, top: int, h: int, locale: str) -> None:
    right = f"{label('img.table.deck', locale)} {v.deck_count} · {label('img.table.discard', locale)} {v.discard_count}"
    if v.discard_top:
        right += f" ({content.card_name(v.discard_top, locale)})"
    _section(img, d, top, label("img.table.market", locale), right)
    y = top + SECTION_HEAD
    if not v.market:
        text_box(d, MARGIN + 10, y + 18, label("img.table.empty", locale), 400, 22, False, P.FAINT)
    for card_id in v.market:
        y += cards.draw_market(img, d, MARGIN, y, card_id, locale, width=INNER) + MARKET_GAP


def _solo(img, d, v: TableView, top: int, h: int, locale: str) -> None:
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + SOLO_H])
    # the label stays left of the divider (x0 - 20) with a gap: "Gegnerischer Würfel" touched it
    face, lines, _ = wrap_fit(label("img.table.enemy_die", locale), 150, 2, 20, True, 16)
    ly = face.draw_lines(d, MARGIN + 16, top + 12, lines, P.MUTED)
    if v.enemy_die is not None:
        size = min(72, top + SOLO_H - 10 - int(ly) - 4)
        icons.paste(img, icons.die(v.enemy_die.value, v.enemy_die.colour, size), MARGIN + 16, ly + 4)
    x0 = TRASH_X
    d.line([x0 - 20, top + 14, x0 - 20, top + SOLO_H - 14], fill=P.LINE, width=2)
    text_box(d, x0, top + 24, f"{label('img.table.trash', locale)} · {len(v.trash)}", 380, 20, True, P.MUTED)
    for card_id, name, x, y, w in trash_chips(v, locale):
        y += top
        kind = content.cards()[card_id]["type"]
        d.rounded_rectangle([x, y - 17, x + w, y + 17], radius=17, fill=P.PANEL_HI)
        icons.paste(img, icons.card_type(kind, 18, P.TYPE_FILL[kind]), x + 10, y - 9)
        text_box(d, x + 32, y, name, w - 40, 20, True, P.TEXT, min_size=16)


def trash_chips(v: TableView, locale: str) -> list[tuple[str, str, int, int, int]]:
    """The solo panel's trash cards, newest first, as many as its two rows hold: each card with its name, its
    chip's left edge, middle (from the panel's top) and width. The alt text names the same cards."""
    chips, x, y = [], TRASH_X, 64
    face = Face(20, True)
    for card_id in reversed(v.trash):
        name = content.card_name(card_id, locale)
        w = min(face.width(name), 300) + 40
        if x + w > WIDTH - MARGIN - 16:
            if y > 64:
                break
            x, y = TRASH_X, y + 42
            if y + 16 > SOLO_H:
                break
        chips.append((card_id, name, x, y, w))
        x += w + 10
    return chips


def _players(img, d, v: TableView, top: int, h: int, locale: str) -> None:
    _section(img, d, top, label("img.table.players", locale))
    y = top + SECTION_HEAD
    acting = {dec.seat for dec in v.pending}
    for p in v.players:
        hl = p.seat in acting
        at_hand(d, [MARGIN, y, WIDTH - MARGIN, y + PLAYER_ROW - 8], hl, 2)
        # line 1: who (turn arrow, class shape, name, start marker) and the stars so far
        mid = y + 26
        x = MARGIN + 10
        if hl:
            icons.paste(img, icons.play(24), x, mid - 12)
        x += 28
        if p.class_id:
            colour = content.classes()[p.class_id]["colour"]
            icons.paste(img, icons.shape_badge(colour, 28), x, mid - 14)
        x += 36
        sw = stars_value(img, d, WIDTH - MARGIN - 14, mid, p.projected, 28, align="right", sign=False)
        room = WIDTH - MARGIN - 14 - sw - 16 - x - (34 if p.seat == v.start_seat else 0)
        nw = text_box(d, x, mid, p.name, room, 26, True, P.TURN if hl else P.TEXT, min_size=18)
        if p.seat == v.start_seat:
            icons.paste(img, icons.start_marker(26), x + nw + 8, mid - 13)
        # line 2: race and class, then Gold, Charisma and cards
        mid2 = y + 62
        if not p.race_id:
            who = label("img.sheet.no_race", locale)
        else:
            cls = content.class_name(p.class_id, locale) if p.class_id else label("img.sheet.no_class", locale)
            who = f"{content.race_name(p.race_id, locale)} · {cls}"
        right = WIDTH - MARGIN - 14
        for sprite, value in ((icons.card_back(26), p.cards), (icons.charisma(26), p.charisma),
                              (icons.coin(26), p.gold)):
            right -= counter(img, d, right, mid2, sprite, str(value), 24, 44, gap=6) + 18
        text_box(d, MARGIN + 38, mid2, who, right - MARGIN - 44, 20, False, P.MUTED, min_size=15)
        y += PLAYER_ROW


def draw(v: TableView, locale: str = "en") -> Image.Image:
    return stack(WIDTH, v, locale, _layout(v, locale), bottom=MARGIN)[0]
