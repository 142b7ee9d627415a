"""Message catalogs: gettext ``.po`` files (one per locale, msgid = message key) read with Babel.

The English catalog is the source of truth.  Other locales are data: drop
``locales/<lang>/LC_MESSAGES/messages.po`` next to the English one and it is picked up.  A key missing in a
locale falls back to English; a key missing in English renders as a visible marker (and is logged) so a
forgotten string is noticed instead of crashing a turn.
"""
from __future__ import annotations

import logging
import string
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

log = logging.getLogger(__name__)

LOCALES_DIR = Path(__file__).with_name("locales")
DOMAIN = "messages"
DEFAULT_LOCALE = "en"


def missing_marker(key: str) -> str:
    return f"⟦{key}⟧"


def po_path(locale: str) -> Path:
    return LOCALES_DIR / locale / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalog(locale: str) -> dict[str, str]:
    """Key -> text for one locale (empty translations are treated as absent)."""
    path = po_path(locale)
    if not path.is_file():
        return {}
    with path.open("rb") as fh:
        cat = read_po(fh, locale=locale, domain=DOMAIN)
    return {m.id: m.string for m in cat if m.id and isinstance(m.id, str) and m.string}


def available_locales() -> list[str]:
    return sorted(p.name for p in LOCALES_DIR.iterdir() if po_path(p.name).is_file())


class _KeepUnknown(dict):
    """Format map that leaves an unknown ``{name}`` visible instead of raising."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


_formatter = string.Formatter()


def placeholders(text: str) -> set[str]:
    return {field.split(".")[0].split("[")[0] for _, field, _, _ in _formatter.parse(text) if field}


def has_key(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalog(locale)


def t(key: str, locale: str | None = DEFAULT_LOCALE, /, **params) -> str:
    """The text for ``key`` in ``locale`` (falling back to English) with ``params`` filled in."""
    text = catalog(locale or DEFAULT_LOCALE).get(key)
    if text is None and locale != DEFAULT_LOCALE:
        text = catalog(DEFAULT_LOCALE).get(key)
    if text is None:
        log.warning("missing message key %r (params %r)", key, params)
        return missing_marker(key)
    try:
        return text.format_map(_KeepUnknown(params))
    except (ValueError, IndexError, AttributeError, KeyError):
        log.warning("malformed message %r for key %r", text, key)
        return text
