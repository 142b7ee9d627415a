"""Message catalogs, locale resolution and the slash-command translator (see messages.py)."""
from .locale import catalog_locale, resolve_locale
from .messages import DEFAULT_LOCALE, available_locales, catalog, has_key, missing_marker, t
from .translator import CatalogTranslator, cmd_str

__all__ = [
    "DEFAULT_LOCALE",
    "CatalogTranslator",
    "available_locales",
    "catalog",
    "catalog_locale",
    "cmd_str",
    "has_key",
    "missing_marker",
    "resolve_locale",
    "t",
]
