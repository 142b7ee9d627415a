"""Command names, descriptions, option names and choice names shown by Discord, translated from the same
catalogs.

It lives with the Discord code (``bot.i18n`` knows nothing of Discord).

Commands are declared with :func:`cmd_str`, which puts the English text in the command (what Discord shows
by default) and remembers the message key; the translator looks that key up for every other locale Discord
asks about.  English needs no translation, so it answers ``None`` for it.

Options need no declaration: an option whose name has no key of its own (a plain parameter, or one renamed
with a plain string) is looked up as ``opt.<its English name>`` (:func:`option_key`), one catalog entry per
name shared by every command that has such an option; an option renamed with :func:`cmd_str` keeps its own
key (dice poker's ``dice``).  Discord shows the localised name but always sends the English one in an
interaction, so the callbacks keep their Python parameter names.
"""
from __future__ import annotations

from typing import Any

from discord import Locale, app_commands
from discord.app_commands import Command, Group

from bot.i18n import DEFAULT_LOCALE, catalog, catalog_locale, t
from bot.i18n.messages import fill


def cmd_str(key: str, **params: object) -> app_commands.locale_str:
    """A command's text by its catalog key; ``params`` fill its placeholders in every language (a game's seat
    range in ``/<game> new players``: "(1-4)" read wrong for a game of 2 to 4)."""
    return app_commands.locale_str(t(key, DEFAULT_LOCALE, **params), key=key, params=params)


def option_key(name: app_commands.locale_str) -> str:
    """The catalog key of an option's name (``name``: the parameter's ``locale_name``)."""
    return name.extras.get("key") or f"opt.{name.message}"


def option_name(command: Any, name: str, locale: str) -> str:
    """How a ``locale`` reader's client names the option ``name`` (its English name, as Discord sends it) of
    ``command`` (an ``app_commands.Command``; for anything else, or an option it does not have, ``opt.<name>``
    is looked up); ``name`` itself when no catalog names it."""
    key = next((option_key(p.locale_name) for p in (command.parameters if isinstance(command, Command) else ())
                if p.display_name == name and p.locale_name is not None), f"opt.{name}")
    return catalog(locale).get(key) or catalog(DEFAULT_LOCALE).get(key) or name


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: Locale,
                        context: app_commands.TranslationContext) -> str | None:
        key = string.extras.get("key")
        if key is None and context.location is app_commands.TranslationContextLocation.parameter_name:
            key = option_key(string)
        lang = catalog_locale(locale)
        text = None if key is None or lang is None or lang == DEFAULT_LOCALE else catalog(lang).get(key)
        params = string.extras.get("params")
        return fill(text, lang, params) if text is not None and params else text


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


def _key(declared: app_commands.locale_str | None) -> str | None:
    return declared.extras.get("key") if declared is not None else None


def name_key(command: Command | Group) -> str | None:
    """The catalog key a command or group was named with (``cmd_str``), None without one. discord.py keeps the
    ``locale_str`` a command was declared with only as ``_locale_name``."""
    return _key(command._locale_name)


def localised_description(command: Command | Group, locale: str) -> str:
    """The description of a command or group in ``locale``, as :func:`localised_name` finds its name."""
    key = _key(command._locale_description)
    return t(key, locale) if key else command.description


def localised_name(command: Command | Group, locale: str) -> str:
    """The name of a command or group in ``locale``: its catalog key's text (``cmd_str``), else its own name."""
    key = name_key(command)
    return t(key, locale) if key else command.name
