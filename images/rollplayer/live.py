"""The live picture: what the table shows for the decision at hand, small enough to post with every turn.

The channel's live message is posted anew each time someone becomes due, so its picture is uploaded ~45 times
a game; the full table (``table.py``, ~35 KB) stays on the "Table" button and ``/rp table``. This picture keeps
only what the current phase needs (``_layout``): who still chooses in setup; the Initiative cards, a strip of
the market and the players' Gold and Charisma while dice are taken; the market's rule texts and stars in the
market phase.

A header line says where the game stands: the round out of the game's rounds ("Round 3 of 12", the last
round's number being the total; in setup, how many rounds are coming) and the phase, as the full table does
(the status line under the picture says it too, but the picture is what a phone shows first, and a forwarded
or screenshotted picture had no round at all). The start player is marked on their tile, not in the header.
Taken Initiative cards show their taker, not the die: placing it is a private step.

It shows nothing a private step changes on its own (no decision wording, no stars while dice are placed), so
a step that only changes a sheet redraws the same bytes and an edit of the live message keeps its attachment.
"""

from __future__ import annotations

from collections.abc import Callable

from PIL import Image

from bot.games.rollplayer import content
from bot.runtime import pool

from .. import icons, png
from .. import palette as P
from ..draw import MARGIN, at_hand, counter, number, panel, paragraph, stack, stars_value, text_box
from ..labels import label, labelled
from ..memo import remembered
from ..text import Face, coverage, fit, wrap_fit
from .adapt import live_view
from .table import phase_name, round_title, seat_name
from .views import LiveSeat, LiveView

WIDTH = 640
INNER = WIDTH - 2 * MARGIN
HEADER_H = 64
GAP = 10
INIT_H = 98
INIT_SOLO_H = 122        # solo cards say "free · rolls the enemy die": a second line
CHIP_H = 42
PLAYER_H = 46
EMPTY_H = 40             # the "Market: empty" line
SETUP_ROW = 50
COLUMN = (INNER - GAP) // 2
NAME_ROOM = 140          # a player's name keeps at least this much beside its numbers, else one tile a row
DARK = (30, 24, 6)       # text on the yellow chips
RULE_SIZE = 20           # rule texts as on the full table: 8.2 px cap height at 360 px (floor 7.5)
RULE_MIN = 18
RULE_LINES = 3           # the longest (German, French) need three; most take two
SETUP_PHASES = ("setup_race", "setup_class", "setup_dice")
MARKET_PHASES = ("market_start", "market")
HEADER_COVERAGE = 4      # the header's text edges: 4 coverage steps look anti-aliased at 22–28 px, for half the bytes


# ---------------------------------------------------------------------- sections
def _header(img, d, v: LiveView, top: int, h: int, locale: str) -> None:
    """The round out of the game's rounds (in setup, how many are coming) and the phase chip, on one line. Its
    text edges have ``HEADER_COVERAGE`` steps: the line is drawn on every live picture, and anti-aliased it
    cost as much as the Initiative cards (the dice phase's picture, the one posted most, went over 10 KB)."""
    title, phase = round_title(v, locale), phase_name(v.phase, locale)
    mid = HEADER_H // 2
    with coverage(HEADER_COVERAGE):
        face, shown = fit(phase, INNER // 2, 22, True, 18)
        pw = face.width(shown) + 24
        tw = text_box(d, MARGIN, mid, title, INNER - pw - 14, 28, True, P.TEXT, min_size=19)
        x = MARGIN + tw + 14
        d.rounded_rectangle([x, mid - 17, x + pw, mid + 17], radius=17, fill=P.ACCENT)
        face.draw_mid(d, x + 12, mid, shown, DARK)


def _initiative(img, d, v: LiveView, top: int, h: int, locale: str) -> None:
    """The Initiative cards side by side: number, die, coins on it, and who took it (or "free")."""
    h -= GAP                                     # the cards: the band less the gap under it
    n = max(1, len(v.initiative))
    tw = (INNER - (n - 1) * GAP) / n
    for i, card in enumerate(v.initiative):
        x = MARGIN + i * (tw + GAP)
        taken = card.taken_by is not None
        panel(d, [x, top, x + tw, top + h], fill=P.PANEL if taken else P.PANEL_HI)
        Face(24, True).draw_mid(d, x + 23, top + 23, str(card.number), P.MUTED, "center")
        if card.coins:
            icons.paste(img, icons.coin(26), x + 10, top + 44)
            if card.coins > 1:
                text_box(d, x + 8, top + 82, f"×{card.coins}", 36, 20, True, P.ACCENT)
        size = int(min(50, tw - 56))
        cx = x + 44 + (tw - 44) / 2
        if card.die is not None and not taken:   # a taken die goes onto a sheet (a private step)
            icons.paste_center(img, icons.die(card.die.value, card.die.colour, size), cx, top + 8 + size / 2)
        if taken:
            # the taker's name where the die lay, on two lines if it needs them (five cards are narrow)
            face, lines, _ = wrap_fit(seat_name(v.seats, card.taken_by), int(tw - 20), 2, 22, True, 17)
            ch = len(lines) * face.line_height + 10
            cy = top + 44 + (h - 50 - ch) / 2
            d.rounded_rectangle([x + 6, cy, x + tw - 6, cy + ch], radius=10, fill=P.TURN)
            face.draw_block(d, x + tw / 2, cy + ch / 2, lines, DARK, "center")
        elif v.solo:
            free = label("img.table.free_enemy" if v.solo and card.number >= 2 else "img.table.free", locale)
            face, lines, _ = wrap_fit(free, int(tw - 12), 2, 20, False, 17)
            face.draw_block(d, x + tw / 2, top + h - 21, lines, P.MUTED, "center")


def _market_strip(img, d, v: LiveView, top: int, h: int, locale: str) -> None:
    """The market as chips, two a row: type symbol, name, cost (the rule texts wait for the market phase)."""
    if not v.market:
        _empty_market(d, top, locale)
    face = Face(22, True)
    for i, card_id in enumerate(v.market):
        card = content.cards()[card_id]
        x = MARGIN + (i % 2) * (COLUMN + GAP)
        y = top + (i // 2) * (CHIP_H + 8)
        mid = y + CHIP_H / 2
        band = P.TYPE_FILL[card["type"]]
        panel(d, [x, y, x + COLUMN, y + CHIP_H], fill=P.PANEL_HI, radius=10)
        icons.paste(img, icons.card_type(card["type"], 22, band), x + 10, mid - 11)
        d.ellipse([x + COLUMN - 38, mid - 15, x + COLUMN - 8, mid + 15], fill=P.COIN)
        face.draw_mid(d, x + COLUMN - 23, mid, str(card["cost"]), DARK, "center")
        text_box(d, x + 40, mid, content.card_name(card_id, locale), COLUMN - 86, 22, True, P.TEXT, min_size=17)


def rule_text(card_id: str, locale: str) -> str:
    """The card's rule text; armor says only its set (every armor text is "scores with its set at game end")."""
    card = content.cards()[card_id]
    if card["type"] == "armor" and card.get("armor_set"):
        return content.armor_set_name(card["armor_set"], locale)
    return content.card_text(card_id, locale)


def market_card_height(card_id: str, locale: str) -> int:
    """A compact market tile: the name line, then the rule text (at most ``RULE_LINES`` lines)."""
    face, lines, _ = wrap_fit(rule_text(card_id, locale), INNER - 24, RULE_LINES, RULE_SIZE, False, RULE_MIN)
    return 46 + len(lines) * face.line_height + 8


def _empty_market(d, top: int, locale: str) -> None:
    """Deck and market ran out: say so rather than leave the buyer guessing."""
    text = labelled(label("img.table.market", locale), label("img.table.empty", locale), locale)
    text_box(d, MARGIN + 10, top + EMPTY_H / 2, text, INNER - 20, 22, False, P.MUTED, min_size=17)


def _market_cards(img, d, v: LiveView, top: int, h: int, locale: str) -> None:
    """The market cards a buyer decides by: type symbol, name, alignment arrow, cost, rule text."""
    if not v.market:
        _empty_market(d, top, locale)
    y = top
    for card_id in v.market:
        card = content.cards()[card_id]
        card_h = market_card_height(card_id, locale)
        band = P.TYPE_FILL[card["type"]]
        panel(d, [MARGIN, y, WIDTH - MARGIN, y + card_h], fill=P.PANEL_HI, radius=10)
        mid = y + 24
        icons.paste(img, icons.card_type(card["type"], 24, band), MARGIN + 10, mid - 12)
        right = WIDTH - MARGIN - 8
        d.ellipse([right - 32, mid - 16, right, mid + 16], fill=P.COIN)
        Face(22, True).draw_mid(d, right - 16, mid, str(card["cost"]), DARK, "center")
        right -= 44
        if card.get("armor_colour"):
            icons.paste(img, icons.shape_badge(card["armor_colour"], 24), right - 24, mid - 12)
            right -= 34
        if card.get("arrow") in ("up", "down", "left", "right"):
            icons.paste(img, icons.arrow(card["arrow"], 24, P.MUTED), right - 24, mid - 12)
            right -= 34
        text_box(d, MARGIN + 44, mid, content.card_name(card_id, locale), right - MARGIN - 44, 22, True, P.TEXT,
                 min_size=17)
        paragraph(d, MARGIN + 12, y + 46, rule_text(card_id, locale), INNER - 24, RULE_LINES, RULE_SIZE, P.MUTED,
                  min_size=RULE_MIN)
        y += card_h + 8


def _tokens_width(s: LiveSeat) -> int:
    """Room the numbers at a tile's right end take (stars, Charisma tokens, gold), as ``_players`` draws them."""
    face = Face(22, True)
    w = face.width(str(s.gold)) + 28 + 14
    if s.charisma:
        w += face.width(str(s.charisma)) + 28 + 14
    if s.stars is not None:
        w += face.width(number(s.stars)) + 3 + round(22 * 0.9) + 14
    return w


def _tiles(v: LiveView) -> tuple[list[LiveSeat | None], int]:
    """The tiles (None: solo's enemy die, while dice are rolled) and their width: two a row, unless a name
    would keep less than ``NAME_ROOM`` px beside its numbers (or there is one tile): then one a row."""
    tiles: list[LiveSeat | None] = list(v.seats)
    if v.solo and v.enemy_die is not None and v.phase not in MARKET_PHASES:
        tiles.append(None)
    narrow = len(tiles) > 1 and all(s is None or COLUMN - 50 - _tokens_width(s) - 30 * (s.seat == v.start_seat)
                                    >= NAME_ROOM for s in tiles)
    return tiles, (COLUMN if narrow else INNER)


def _players_height(v: LiveView) -> int:
    tiles, width = _tiles(v)
    rows = (len(tiles) + 1) // 2 if width == COLUMN else len(tiles)
    return rows * (PLAYER_H + 8) - 8 + GAP


def _players(img, d, v: LiveView, top: int, h: int, locale: str) -> None:
    """One tile per player, two a row: class shape, name, start marker; gold, Charisma tokens (and stars)."""
    tiles, width = _tiles(v)
    per_row = 2 if width == COLUMN else 1
    for i, s in enumerate(tiles):
        x = MARGIN + (i % per_row) * (COLUMN + GAP)
        y = top + (i // per_row) * (PLAYER_H + 8)
        mid = y + PLAYER_H / 2
        if s is None:
            panel(d, [x, y, x + width, y + PLAYER_H], fill=P.PANEL)
            icons.paste(img, icons.die(v.enemy_die.value, v.enemy_die.colour, 34), x + width - 44, mid - 17)
            text_box(d, x + 12, mid, label("img.table.enemy_die", locale), width - 68, 22, True, P.MUTED, min_size=17)
            continue
        if s.acting:     # only the player due gets a tile: fewer edges, fewer bytes
            panel(d, [x, y, x + width, y + PLAYER_H], fill=P.PANEL_HI, outline=P.TURN, width=2)
        right = x + width - 10
        if s.stars is not None:
            right -= stars_value(img, d, right, mid, s.stars, 22, align="right", sign=False) + 14
        if s.charisma:
            right -= counter(img, d, right, mid, icons.charisma(24), str(s.charisma), 22, 40) + 14
        right -= counter(img, d, right, mid, icons.coin(24), str(s.gold), 22, 40) + 14
        left = x + 10
        if s.class_id:
            icons.paste(img, icons.shape_badge(content.classes()[s.class_id]["colour"], 24), left, mid - 12)
            left += 30
        start = s.seat == v.start_seat and v.round > 0
        nw = text_box(d, left, mid, s.name, int(right - left - (30 if start else 0)), 22, True,
                      P.TURN if s.acting else P.TEXT, min_size=16)
        if start:
            icons.paste(img, icons.start_marker(22), left + nw + 6, mid - 11)


def _setup(img, d, v: LiveView, top: int, h: int, locale: str) -> None:
    """A row per player: what they chose so far, and a chip on those who still have to choose."""
    y = top
    waiting = label("img.live.choosing", locale)
    for s in v.seats:
        mid = y + SETUP_ROW / 2
        at_hand(d, [MARGIN, y, WIDTH - MARGIN, y + SETUP_ROW], s.acting, 2)
        cx = WIDTH - MARGIN - 10
        if s.acting:
            face, shown = fit(waiting, 200, 22, True, 17)
            cx -= face.width(shown) + 24
            d.rounded_rectangle([cx, mid - 16, WIDTH - MARGIN - 10, mid + 16], radius=16, fill=P.TURN)
            face.draw_mid(d, cx + 12, mid, shown, DARK)
        elif {"setup_race": s.race_id, "setup_class": s.class_id}.get(v.phase, True):
            cx -= 30             # chosen (the others wait their turn round the table: no mark)
            icons.paste(img, icons.check(24, True), cx + 4, mid - 12)
        left = MARGIN + 12
        if s.class_id:
            icons.paste(img, icons.shape_badge(content.classes()[s.class_id]["colour"], 26), left, mid - 13)
            left += 34
        chosen = ""
        if s.race_id:
            chosen = content.race_name(s.race_id, locale)
            if s.class_id:
                chosen += " · " + content.class_name(s.class_id, locale)
        room = cx - 12 - left
        name_room = room if not chosen else min(room * 0.55, Face(22, True).width(s.name))
        nw = text_box(d, left, mid, s.name, int(name_room), 22, True, P.TURN if s.acting else P.TEXT, min_size=16)
        if chosen:
            text_box(d, left + nw + 12, mid, chosen, int(room - nw - 12), 22, False, P.MUTED, min_size=16)
        y += SETUP_ROW + 8


# ---------------------------------------------------------------------- layout
def _layout(v: LiveView, locale: str) -> list[tuple[int, Callable]]:
    """The sections top to bottom, each with its height (the gap below included): the header (round and phase),
    then what the phase needs."""
    header = (HEADER_H, _header)
    if v.phase in SETUP_PHASES or v.round == 0:
        return [header, (len(v.seats) * (SETUP_ROW + 8) - 8 + GAP, _setup)]
    if not v.market:
        market = EMPTY_H + GAP
    elif v.phase in MARKET_PHASES:
        market = sum(market_card_height(c, locale) + 8 for c in v.market) - 8 + GAP
    else:
        market = ((len(v.market) + 1) // 2) * (CHIP_H + 8) - 8 + GAP
    if v.phase in MARKET_PHASES:
        return [header, (market, _market_cards), (_players_height(v), _players)]
    initiative = [((INIT_SOLO_H if v.solo else INIT_H) + GAP, _initiative)] if v.initiative else []
    return [header, *initiative, (market, _market_strip), (_players_height(v), _players)]


def draw(v: LiveView, locale: str = "en") -> Image.Image:
    return stack(WIDTH, v, locale, _layout(v, locale), 0, MARGIN - GAP)[0]


@remembered(1024)   # one per open game (and seat): a busy bot has hundreds
@pool.apart
def live_png(view: LiveView, locale: str = "en") -> bytes:
    """Remembered by view (`images.memo`): private steps leave the live picture as it was. Uploaded with every
    turn, so encoded ``small`` (a palette of the colours used, compressed harder: the same pixels)."""
    return png.encode(draw(view, locale), small=True)


def render_live(state, locale: str = "en", names=None) -> bytes:
    """The live message's picture for the game as it stands (PNG bytes, 640 px wide)."""
    return live_png(live_view(state, names, locale), locale)
