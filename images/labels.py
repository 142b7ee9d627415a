"""Words the pictures print that are not content names: message keys looked up in the i18n catalogs.

The English text of every ``img.*`` key lives in ``bot/i18n/locales/en/LC_MESSAGES/rollplayer.po`` with the
rest of the bot's messages, so German, French and Korean pictures need only catalog data. Content names
(cards, classes, races, ...) come from the data files instead (each game's own content loader).
"""

from __future__ import annotations

from bot import i18n
from bot.i18n import has_key as has_label  # noqa: F401  (the pictures look their words up as the bot does)
from bot.i18n import t as label  # noqa: F401  (English fallback; a key missing everywhere shows as a marker)


def first_label(keys: list[str], locale: str = "en", **params) -> str | None:
    """Text of the first key the catalog knows, or None."""
    for key in keys:
        if i18n.has_key(key):
            return label(key, locale, **params)
    return None


def spoken_signed(value: int) -> str:
    """A signed whole number as message and alt text write it: "+3", "-3", "0", with the ASCII hyphen-minus, which a
    screen reader says "minus". The pictures draw the typographic minus (``images.draw.signed``: "−3"), which a
    reader named "minus sign" or passed over, so that "−73" read as a gain."""
    return f"{value:+d}" if value else "0"


def humanise(key: str) -> str:
    """Readable fallback for a key the catalog does not know yet (e.g. a new decision kind)."""
    tail = key.rsplit(".", 1)[-1]
    return tail.replace("_", " ").strip().capitalize()


def given_name(names, seat) -> str | None:
    """A seat's name as the caller passed it (a list by seat, or a dict keyed by seat or its string), or None
    when it is missing or blank: each game's pictures then say "Player N" in their own words."""
    got = None
    if isinstance(names, dict):
        got = names.get(seat, names.get(str(seat)))
    elif isinstance(names, (list, tuple)) and isinstance(seat, int) and 0 <= seat < len(names):
        got = names[seat]
    return got.strip() if isinstance(got, str) and got.strip() else None


def labelled(name: str, value: str, locale: str) -> str:
    """"Name: value" as ``locale`` writes it (French puts a space before the colon)."""
    return label("img.label_value", locale, label=name, value=value)
