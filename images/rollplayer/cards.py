"""Card tiles: one market card as a coloured tile (type band and symbol, name, cost, arrow, hands or armor
colour, one-line effect). Used for owned cards on the sheet and for the market on the table.

Sizes are module constants so tests can check that every card's name and text fit at these sizes.
"""

from __future__ import annotations

from PIL import Image

from bot.games.rollplayer import content

from .. import icons
from .. import palette as P
from ..draw import paragraph, paragraph_height, text_box
from ..labels import label
from ..text import Face

PAD = 12
BAND = 10
NAME_SIZE = 24
NAME_MIN = 20
TEXT_SIZE = 20
TEXT_MIN = 18
TEXT_LINES = 3
# the table's market tiles, read at about 360 px on a phone to choose a purchase: at 20 px their effect lines were
# 7 to 8 px high there (a French tour); at 22 px or more, 9 px cap height, on up to four lines
MARKET_TEXT_SIZE = 24
MARKET_TEXT_MIN = 22
MARKET_TEXT_LINES = 4
ICON = 26
# one tile per row across a 640 px picture (see sheet.WIDTH): wide tiles keep rule texts at two lines
OWNED_WIDTH = 592
MARKET_WIDTH = 592


def name_width(card_id: str, width: int, locale: str, status: str | None = None, stars: int | None = None) -> int:
    """Room for the card name on a tile of `width`."""
    return width - BAND - 2 * PAD - _extras(None, None, card_id, 0, 0, status, stars=stars)


def text_width(width: int) -> int:
    return width - BAND - 2 * PAD


def _rule_height(card_id: str, locale: str, width: int, market: bool = False) -> int:
    lines, size, least = (MARKET_TEXT_LINES, MARKET_TEXT_SIZE, MARKET_TEXT_MIN) if market else \
        (TEXT_LINES, TEXT_SIZE, TEXT_MIN)
    return paragraph_height(content.card_text(card_id, locale), text_width(width), lines, size, min_size=least)


def _rule(d, x: int, top: int, card_id: str, locale: str, width: int, fill, market: bool = False) -> None:
    """The card's rule text under its name: at most ``TEXT_LINES`` lines, shrunk to ``TEXT_MIN`` if need be (a
    ``market`` tile's, larger: ``MARKET_TEXT_*``)."""
    lines, size, least = (MARKET_TEXT_LINES, MARKET_TEXT_SIZE, MARKET_TEXT_MIN) if market else \
        (TEXT_LINES, TEXT_SIZE, TEXT_MIN)
    paragraph(d, x, top, content.card_text(card_id, locale), text_width(width), lines, size, fill, min_size=least)


def owned_height(card_id: str, locale: str, width: int = OWNED_WIDTH) -> int:
    return PAD + 30 + _rule_height(card_id, locale, width) + PAD


def _extras(img, d, card_id: str, right: float, mid_y: float, status: str | None, exhausted: bool = False,
            stars: int | None = None) -> float:
    """The symbols at the right of the name line (stars a trait earns now, skill state, arrow, hands, armor
    colour) from `right` leftwards; returns their width. With `img` None they are only measured."""
    card = content.cards()[card_id]
    x = right
    st = None if stars is None else (f"+{stars}" if stars > 0 else str(stars))
    if st is not None:
        face = Face(21, True)
        if img is not None:
            icons.paste(img, icons.star(20) if stars > 0 else icons.star(20, P.FAINT, True), x - 20, mid_y - 10)
            face.draw_mid(d, x - 24, mid_y, st, P.TEXT if stars > 0 else P.FAINT, "right")
        x -= face.width(st) + 4 + 20 + 6
    if status:
        face = Face(20, True)
        w = face.width(status) + 16
        if img is not None:
            d.rounded_rectangle([x - w, mid_y - 14, x, mid_y + 14], radius=14, fill=P.BAD if exhausted else P.GOOD)
            face.draw_mid(d, x - w / 2, mid_y, status, (20, 24, 30), "center")
        x -= w + 6
    if card.get("arrow"):
        if img is not None:
            icons.paste(img, icons.arrow(card["arrow"], ICON, P.ACCENT), x - ICON, mid_y - ICON / 2)
        x -= ICON + 6
    if card["type"] == "weapon":
        for _ in range(card.get("hands") or 1):
            if img is not None:
                icons.paste(img, icons.hand(ICON - 4, True), x - (ICON - 4), mid_y - (ICON - 4) / 2)
            x -= ICON - 4
        x -= 6
    if card["type"] == "armor" and card.get("armor_colour"):
        if img is not None:
            icons.paste(img, icons.shape_badge(card["armor_colour"], ICON), x - ICON, mid_y - ICON / 2)
        x -= ICON + 6
    return right - x


def _tile(d, x: int, y: int, width: int, height: int, band, radius: int, inset: int = 0) -> None:
    """A card's rounded tile with its type band down the left edge."""
    d.rounded_rectangle([x, y, x + width, y + height], radius=radius, fill=P.PANEL_HI)
    d.rounded_rectangle([x, y, x + BAND + 6, y + height], radius=radius, fill=band)
    d.rectangle([x + BAND, y + inset, x + BAND + 6, y + height - inset], fill=P.PANEL_HI)


def draw_owned(img: Image.Image, d, x: int, y: int, card_id: str, locale: str, exhausted: bool = False,
               width: int = OWNED_WIDTH, stars: int | None = None, discarded: bool = False) -> int:
    """An owned card tile; returns its height. Exhausted skills are dimmed and labelled; a card the scoring
    discards before counting (the Cursed Ring) is dimmed, its name struck through and labelled "discarded",
    so its "you lose 2 stars" text is not read as part of the total."""
    card = content.cards()[card_id]
    h = owned_height(card_id, locale, width)
    _tile(d, x, y, width, h, P.TYPE_FILL[card["type"]], 10)
    if discarded:
        status = label("img.sheet.discarded", locale)
    elif card["type"] == "skill":
        status = label("img.sheet.exhausted" if exhausted else "img.sheet.ready", locale)
    else:
        status = None
    dimmed = exhausted or discarded
    mid = y + PAD + 14
    name_w = text_box(d, x + BAND + PAD, mid, content.card_name(card_id, locale),
                      name_width(card_id, width, locale, status, stars), NAME_SIZE, True,
                      P.MUTED if dimmed else P.TEXT, min_size=NAME_MIN)
    if discarded:
        d.line([x + BAND + PAD - 2, mid, x + BAND + PAD + name_w + 2, mid], fill=P.BAD, width=3)
    _extras(img, d, card_id, x + width - PAD, mid, status, dimmed, stars)
    _rule(d, x + BAND + PAD, y + PAD + 30, card_id, locale, width, P.FAINT if dimmed else P.MUTED)
    return h


ARMOR_WIDTH = 289
ARMOR_HEIGHT = 50


def armor_name_width(width: int = ARMOR_WIDTH) -> int:
    return width - BAND - 2 * PAD - ICON - 8


def draw_armor(img: Image.Image, d, x: int, y: int, card_id: str, locale: str, width: int = ARMOR_WIDTH) -> None:
    """A compact owned armor piece: name and colour (armor has no effect in play; its set header on the
    sheet says what the set scores)."""
    card = content.cards()[card_id]
    _tile(d, x, y, width, ARMOR_HEIGHT, P.TYPE_FILL["armor"], 10)
    mid = y + ARMOR_HEIGHT / 2
    text_box(d, x + BAND + PAD, mid, content.card_name(card_id, locale), armor_name_width(width), NAME_SIZE - 1, True,
             P.TEXT, min_size=NAME_MIN - 2)
    if card.get("armor_colour"):
        icons.paste(img, icons.shape_badge(card["armor_colour"], ICON), x + width - PAD - ICON, mid - ICON / 2)


def market_height(card_id: str, locale: str, width: int = MARKET_WIDTH) -> int:
    """Height of a market tile: the name and type lines, then the rule text's lines (at most 4)."""
    return PAD + 64 + _rule_height(card_id, locale, width, market=True) + PAD


def market_name_width(card_id: str, width: int = MARKET_WIDTH) -> int:
    """Room for the name on a market tile: everything left of the cost coin."""
    return width - BAND - 2 * PAD - 40


def draw_market(img: Image.Image, d, x: int, y: int, card_id: str, locale: str, width: int = MARKET_WIDTH) -> int:
    """A market card: type band with symbol, name, cost coin, type line with arrow/hands/colour, text, as
    high as the card's text needs; returns the height drawn."""
    card = content.cards()[card_id]
    height = market_height(card_id, locale, width)
    band = P.TYPE_FILL[card["type"]]
    _tile(d, x, y, width, height, band, 12, inset=2)
    left = x + BAND + PAD
    mid = y + PAD + 15
    text_box(d, left, mid, content.card_name(card_id, locale), market_name_width(card_id, width), NAME_SIZE + 2, True,
             P.TEXT, min_size=NAME_MIN)
    # cost coin with the number on it
    coin = icons.coin(42)
    icons.paste_center(img, coin, x + width - PAD - 21, mid + 2)
    d.ellipse([x + width - PAD - 36, mid - 13, x + width - PAD - 6, mid + 17], fill=P.COIN)
    Face(26, True).draw_mid(d, x + width - PAD - 21, mid + 2, str(card["cost"]), (30, 24, 6), "center")
    # type line: symbol, type (and armor set), then arrow / hands / colour at its right end
    tmid = y + PAD + 47
    icons.paste(img, icons.card_type(card["type"], 20, band), left, tmid - 10)
    extras_w = _extras(None, None, card_id, 0, 0, None)
    type_line = label(f"img.type.{card['type']}", locale)
    if card["type"] == "armor" and card.get("armor_set"):
        type_line += " · " + content.armor_set_name(card["armor_set"], locale)
    if card.get("arrow"):
        type_line += " · " + label(f"img.arrow.{card['arrow']}", locale)
    text_box(d, left + 26, tmid, type_line, width - BAND - 2 * PAD - 26 - extras_w - 8, 20, False, P.MUTED)
    _extras(img, d, card_id, x + width - PAD, tmid, None)
    _rule(d, left, y + PAD + 64, card_id, locale, width, P.MUTED, market=True)
    return height

