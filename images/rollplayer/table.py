"""The table picture: round and phase, who must act, Initiative cards, the market, deck and discard,
the solo enemy die and trash, and a line per player.

The width is fixed; the height follows the number of players, market cards and pending decisions.
"""

from __future__ import annotations

from PIL import Image

from .. import icons
from .. import palette as P
from ..draw import MARGIN, WIDTH, new_canvas, panel, stars_value, text_box
from ..labels import first_label, has_label, humanise, label
from ..text import Face
from . import cards, content
from .views import TableView

HEADER_H = 118
PENDING_ROW = 54
SECTION_HEAD = 48
INIT_H = 196
MARKET_GAP = 16
SOLO_H = 124
PLAYER_ROW = 62
INNER = WIDTH - 2 * MARGIN


def decision_text(key: str, params: tuple, locale: str) -> str:
    """The i18n catalog's `decision.<key>` (shared with the text replies), else ours, else the key."""
    text = first_label([f"decision.{key}", f"img.decision.{key}"], locale, **dict(params))
    return text if text is not None else humanise(key)


EMPTY_MARKET_H = 56


def _market_rows(v: TableView) -> int:
    return (len(v.market) + 1) // 2


def _market_h(v: TableView) -> int:
    rows = _market_rows(v)
    return rows * (cards.MARKET_HEIGHT + MARKET_GAP) if rows else EMPTY_MARKET_H


def height(v: TableView, locale: str = "en") -> int:
    h = HEADER_H + max(1, len(v.pending)) * PENDING_ROW + 20
    if _show_initiative(v):
        h += SECTION_HEAD + INIT_H + 16
    h += SECTION_HEAD + _market_h(v)
    if v.solo:
        h += SOLO_H + 16
    h += SECTION_HEAD + len(v.players) * PLAYER_ROW + MARGIN
    return h


def _show_initiative(v: TableView) -> bool:
    """Initiative cards matter from the first round on (during setup they lie empty)."""
    return v.round > 0 and bool(v.initiative)


def _name(v: TableView, seat: int | None) -> str:
    for p in v.players:
        if p.seat == seat:
            return p.name
    return "?" if seat is None else str(seat + 1)


def _section(img, d, y: int, title: str, right: str | None = None) -> None:
    text_box(d, MARGIN, y + 20, title, 500, 26, True, P.TEXT)
    d.line([MARGIN, y + SECTION_HEAD - 10, WIDTH - MARGIN, y + SECTION_HEAD - 10], fill=P.LINE, width=2)
    if right:
        text_box(d, WIDTH - MARGIN, y + 20, right, 440, 21, False, P.MUTED, "right")


def _header(img, d, v: TableView, locale: str) -> None:
    title = (
        label("img.table.round", locale, round=v.round, total=v.rounds_total)
        if v.round > 0
        else label("img.table.setup_title", locale, total=v.rounds_total)
    )
    w = text_box(d, MARGIN, 40, title, 520, 38, True, P.TEXT, min_size=26)
    phase = (
        label(f"img.table.phase.{v.phase}", locale)
        if has_label(f"img.table.phase.{v.phase}")
        else humanise(v.phase)
    )
    face = Face(22, True)
    pw = min(face.width(phase), 330) + 28
    x = MARGIN + w + 18
    d.rounded_rectangle([x, 22, x + pw, 58], radius=18, fill=P.ACCENT)
    text_box(d, x + 14, 40, phase, 330, 22, True, (30, 24, 6))
    icons.paste(img, icons.start_marker(30), MARGIN, 80)
    text_box(
        d,
        MARGIN + 38,
        96,
        label("img.table.start_player", locale, name=_name(v, v.start_seat)),
        560,
        22,
        False,
        P.MUTED,
    )


def _pending(img, d, v: TableView, top: int, locale: str) -> int:
    rows = max(1, len(v.pending))
    h = rows * PENDING_ROW
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + h], fill=(58, 52, 30), outline=P.TURN, width=3)
    if not v.pending:
        text_box(
            d,
            MARGIN + 20,
            top + PENDING_ROW / 2,
            label("img.table.nobody", locale),
            INNER - 40,
            24,
            True,
            P.TEXT,
        )
    for i, dec in enumerate(v.pending):
        mid = top + i * PENDING_ROW + PENDING_ROW / 2
        icons.paste(img, icons.play(26), MARGIN + 16, mid - 13)
        name = _name(v, dec.seat)
        text = label("img.table.must", locale, name=name, decision=decision_text(dec.key, dec.params, locale))
        text_box(d, MARGIN + 54, mid, text, INNER - 74, 26, True, P.TURN, min_size=18)
    return top + h + 20


def _initiative(img, d, v: TableView, top: int, locale: str) -> int:
    _section(img, d, top, label("img.table.initiative", locale))
    y = top + SECTION_HEAD
    n = max(1, len(v.initiative))
    gap = 14
    tw = (INNER - (n - 1) * gap) / n
    for i, card in enumerate(v.initiative):
        x = MARGIN + i * (tw + gap)
        taken = card.taken_by is not None
        panel(d, [x, y, x + tw, y + INIT_H], fill=P.PANEL if taken else P.PANEL_HI)
        d.ellipse([x + 10, y + 10, x + 50, y + 50], fill=P.TEXT)
        Face(26, True).draw_mid(d, x + 30, y + 30, str(card.number), P.BG, "center")
        if card.coins:
            icons.paste(img, icons.coin(32), x + tw - 44, y + 14)
            if card.coins > 1:
                text_box(d, x + tw - 48, y + 30, f"×{card.coins}", 50, 20, True, P.ACCENT, "right")
        if card.die is not None:
            icons.paste_center(img, icons.die(card.die.value, card.die.colour, 76), x + tw / 2, y + 96)
        else:
            d.rounded_rectangle(
                [x + tw / 2 - 36, y + 60, x + tw / 2 + 36, y + 132], radius=12, outline=P.LINE, width=2
            )
        if taken:
            d.rounded_rectangle([x + 8, y + INIT_H - 50, x + tw - 8, y + INIT_H - 10], radius=10, fill=P.TURN)
            text_box(
                d,
                x + tw / 2,
                y + INIT_H - 30,
                _name(v, card.taken_by),
                int(tw - 28),
                20,
                True,
                (30, 24, 6),
                "center",
                min_size=14,
            )
        else:
            text_box(
                d,
                x + tw / 2,
                y + INIT_H - 30,
                label("img.table.free_enemy" if v.solo and card.number >= 2 else "img.table.free", locale),
                int(tw - 28),
                19,
                False,
                P.MUTED,
                "center",
            )
    return y + INIT_H + 16


def _market(img, d, v: TableView, top: int, locale: str) -> int:
    right = (
        f"{label('img.table.deck', locale)} {v.deck_count} · {label('img.table.discard', locale)} "
        f"{v.discard_count}"
    )
    if v.discard_top:
        right += f" ({content.card_name(v.discard_top, locale)})"
    _section(img, d, top, label("img.table.market", locale), right)
    y = top + SECTION_HEAD
    if not v.market:
        text_box(d, MARGIN + 10, y + 18, label("img.table.empty", locale), 400, 22, False, P.FAINT)
    for i, card_id in enumerate(v.market):
        x = MARGIN + (i % 2) * (cards.MARKET_WIDTH + MARKET_GAP)
        cy = y + (i // 2) * (cards.MARKET_HEIGHT + MARKET_GAP)
        cards.draw_market(img, d, x, cy, card_id, locale)
    return y + _market_h(v)


def _solo(img, d, v: TableView, top: int, locale: str) -> int:
    panel(d, [MARGIN, top, WIDTH - MARGIN, top + SOLO_H])
    text_box(d, MARGIN + 16, top + 24, label("img.table.enemy_die", locale), 200, 20, True, P.MUTED)
    if v.enemy_die is not None:
        icons.paste(img, icons.die(v.enemy_die.value, v.enemy_die.colour, 70), MARGIN + 16, top + 42)
    x0 = MARGIN + 250
    d.line([x0 - 20, top + 14, x0 - 20, top + SOLO_H - 14], fill=P.LINE, width=2)
    text_box(d, x0, top + 24, f"{label('img.table.trash', locale)} · {len(v.trash)}", 400, 20, True, P.MUTED)
    x, y = x0, top + 62
    face = Face(19, True)
    for card_id in reversed(v.trash):  # newest first
        name = content.card_name(card_id, locale)
        w = min(face.width(name), 300) + 40
        if x + w > WIDTH - MARGIN - 16:
            if y > top + 62:
                break
            x, y = x0, y + 40
            if y + 16 > top + SOLO_H:
                break
        kind = content.cards()[card_id]["type"]
        d.rounded_rectangle([x, y - 16, x + w, y + 16], radius=16, fill=P.PANEL_HI)
        icons.paste(img, icons.card_type(kind, 18, P.TYPE_FILL[kind]), x + 10, y - 9)
        text_box(d, x + 32, y, name, w - 40, 19, True, P.TEXT, min_size=15)
        x += w + 10
    return top + SOLO_H + 16


def _players(img, d, v: TableView, top: int, locale: str) -> int:
    _section(img, d, top, label("img.table.players", locale))
    y = top + SECTION_HEAD
    acting = {dec.seat for dec in v.pending}
    for p in v.players:
        mid = y + PLAYER_ROW / 2 - 3
        hl = p.seat in acting
        panel(
            d,
            [MARGIN, y, WIDTH - MARGIN, y + PLAYER_ROW - 8],
            fill=P.PANEL_HI if hl else P.PANEL,
            outline=P.TURN if hl else None,
            width=2 if hl else 0,
        )
        x = MARGIN + 12
        if hl:
            icons.paste(img, icons.play(22), x, mid - 11)
        x += 28
        if p.class_id:
            colour = content.classes()[p.class_id]["colour"]
            icons.paste(img, icons.shape_badge(colour, 28), x, mid - 14)
        x += 38
        text_box(d, x, mid, p.name, 300, 23, True, P.TURN if hl else P.TEXT, min_size=16)
        if p.seat == v.start_seat:
            icons.paste(img, icons.start_marker(24), x + 304, mid - 12)
        race = content.race_name(p.race_id, locale) if p.race_id else label("img.sheet.no_race", locale)
        cls = content.class_name(p.class_id, locale) if p.class_id else label("img.sheet.no_class", locale)
        rc = f"{race} · {cls}"
        text_box(d, x + 336, mid, rc, 210, 18, False, P.MUTED, min_size=14)
        x = MARGIN + 640
        icons.paste(img, icons.coin(26), x, mid - 13)
        text_box(d, x + 32, mid, str(p.gold), 40, 22, True, P.TEXT)
        x += 74
        icons.paste(img, icons.charisma(26), x, mid - 13)
        text_box(d, x + 32, mid, str(p.charisma), 36, 22, True, P.TEXT)
        x += 70
        icons.paste(img, icons.card_back(26), x, mid - 13)
        text_box(d, x + 30, mid, str(p.cards), 40, 22, True, P.TEXT)
        stars_value(img, d, WIDTH - MARGIN - 14, mid, p.projected, 24, align="right", sign=False)
        y += PLAYER_ROW
    return y


def draw(v: TableView, locale: str = "en") -> Image.Image:
    img, d = new_canvas(WIDTH, height(v, locale))
    _header(img, d, v, locale)
    y = _pending(img, d, v, HEADER_H, locale)
    if _show_initiative(v):
        y = _initiative(img, d, v, y, locale)
    y = _market(img, d, v, y, locale)
    if v.solo:
        y = _solo(img, d, v, y, locale)
    _players(img, d, v, y, locale)
    return img
