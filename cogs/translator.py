"""Command names, descriptions and choice names shown by Discord, translated from the same catalogs.

It lives with the Discord code (``bot.i18n`` knows nothing of Discord).

Commands are declared with :func:`cmd_str`, which puts the English text in the command (what Discord shows
by default) and remembers the message key; the translator looks that key up for every other locale Discord
asks about.  English needs no translation, so it answers ``None`` for it.
"""
from __future__ import annotations

from discord import Locale, app_commands

from bot.i18n import DEFAULT_LOCALE, catalog, catalog_locale, t


def cmd_str(key: str) -> app_commands.locale_str:
    return app_commands.locale_str(t(key, DEFAULT_LOCALE), key=key)


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        lang = catalog_locale(locale)
        if key is None or lang is None or lang == DEFAULT_LOCALE:
            return None
        return catalog(lang).get(key)
