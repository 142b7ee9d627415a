"""Command names, descriptions and choice names shown by Discord, translated from the same catalogs.

It lives with the Discord code (``bot.i18n`` knows nothing of Discord).

Commands are declared with :func:`cmd_str`, which puts the English text in the command (what Discord shows
by default) and remembers the message key; the translator looks that key up for every other locale Discord
asks about.  English needs no translation, so it answers ``None`` for it.
"""
from __future__ import annotations

from discord import Locale, app_commands
from discord.app_commands import Command, Group

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


def localised_paths(group: Group, locale: str) -> dict[str, str]:
    """Each command under ``group`` as ``locale``'s client lists it, by its English path ("." for a space):
    ``{"setup.sheet": "/rp vorbereitung tableau", …}``, for texts that tell a player what to type."""
    paths: dict[str, str] = {}

    def walk(node: Group, english: tuple[str, ...], shown: tuple[str, ...]) -> None:
        for command in node.commands:
            names = (*english, command.name), (*shown, localised_name(command, locale))
            if isinstance(command, Group):
                walk(command, *names)
            else:
                paths[".".join(names[0])] = "/" + " ".join(names[1])
    walk(group, (), (localised_name(group, locale),))
    return paths


def localised_name(command: Command | Group, locale: str) -> str:
    """The name of a command or group in ``locale``: its catalog key's text (``cmd_str``), else its own name.
    discord.py keeps the ``locale_str`` a command was declared with only as ``_locale_name``."""
    declared = command._locale_name
    key = declared.extras.get("key") if declared is not None else None
    return t(key, locale) if key else command.name
