"""Message catalogs and locale resolution (see messages.py). A leaf: no Discord, no game."""
from .locale import catalog_locale, resolve_locale
from .messages import DEFAULT_LOCALE, N_, available_locales, catalog, has_key, listed, missing_marker, named_like, t

__all__ = ["DEFAULT_LOCALE", "N_", "available_locales", "catalog", "catalog_locale", "has_key", "listed",
           "missing_marker", "named_like", "resolve_locale", "t"]
