"""Which catalog to answer in: the user's client language, else the server's, else English."""
from __future__ import annotations

from typing import Any

from .messages import DEFAULT_LOCALE, available_locales


def catalog_locale(discord_locale: Any) -> str | None:
    """Map a Discord locale (``discord.Locale`` or its value, e.g. ``"en-US"``, ``"pt-BR"``, ``"fr"``) to a
    catalog we ship, trying the full tag first and then the language alone."""
    if discord_locale is None:
        return None
    value = str(getattr(discord_locale, "value", discord_locale)).replace("_", "-")
    have = available_locales()
    for candidate in (value, value.replace("-", "_"), value.split("-")[0]):
        if candidate in have:
            return candidate
    return None


def resolve_locale(interaction: Any) -> str:
    """Interaction locale first (what the user reads), then the guild's preferred locale, then English."""
    for attr in ("locale", "guild_locale"):
        found = catalog_locale(getattr(interaction, attr, None))
        if found:
            return found
    return DEFAULT_LOCALE
