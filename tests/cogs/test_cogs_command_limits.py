"""Every command the bot registers stays within Discord's limits in every language it ships: the payload
Discord receives at sync time (English names plus each locale's ``*_localizations``) is checked per locale."""
from __future__ import annotations

import re

#: Discord's rule for command and option names (CHAT_INPUT): ``^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$``
#: (``\w`` is Python's Unicode letters, digits and underscore), and lower case where the script has case.
NAME = re.compile(r"^[-_'\w]{1,32}$")
LOCALES = ("de", "fr", "ko")
MAX_COMMAND_CHARS = 8000
#: Discord's INTEGER options (type 4) hold -(2**53 - 1) .. 2**53 - 1 (min_value/max_value outside refuse the upload)
DISCORD_INT = 2**53 - 1


def localised(item: dict, field: str, locale: str) -> str:
    return (item.get(f"{field}_localizations") or {}).get(locale) or item[field]


def check_options(options: list[dict], locale: str, where: str, problems: list[str]) -> None:
    names = [localised(o, "name", locale) for o in options]
    if len(names) != len(set(names)):
        problems.append(f"{locale} {where}: duplicate sibling names {sorted(names)}")
    if len(options) > 25:
        problems.append(f"{locale} {where}: {len(options)} options")
    for option in options:
        here = f"{where} {localised(option, 'name', locale)}"
        check_item(option, locale, here, problems)
        for bound in ("min_value", "max_value"):
            value = option.get(bound)
            if option.get("type") == 4 and value is not None and not -DISCORD_INT <= value <= DISCORD_INT:
                problems.append(f"{locale} {here}: {bound} {value} outside Discord's integers")
        choices = option.get("choices") or []
        if len(choices) > 25:
            problems.append(f"{locale} {here}: {len(choices)} choices")
        choice_names = [localised(c, "name", locale) for c in choices]
        if len(choice_names) != len(set(choice_names)):
            problems.append(f"{locale} {here}: duplicate choice names")
        for name in choice_names:
            if not 1 <= len(name) <= 100:
                problems.append(f"{locale} {here}: choice {name!r} is {len(name)} chars")
        check_options(option.get("options") or [], locale, here, problems)


def check_item(item: dict, locale: str, where: str, problems: list[str]) -> None:
    name, description = localised(item, "name", locale), localised(item, "description", locale)
    if not NAME.fullmatch(name) or name != name.lower():
        problems.append(f"{locale} {where}: name {name!r} breaks Discord's rule (lower case, 1-32, no spaces)")
    if not 1 <= len(description) <= 100:
        problems.append(f"{locale} {where}: description of {len(description)} chars")


def command_chars(payload: dict, locale: str) -> int:
    """What Discord counts toward its 8,000-character limit: every name, description, choice name and value
    of the command in one locale."""
    total = 0

    def walk(item: dict) -> None:
        nonlocal total
        total += len(localised(item, "name", locale)) + len(localised(item, "description", locale))
        for choice in item.get("choices") or []:
            total += len(localised(choice, "name", locale)) + len(str(choice["value"]))
        for option in item.get("options") or []:
            walk(option)

    walk(payload)
    return total


async def test_every_command_fits_discords_limits_in_every_locale(payloads):
    problems: list[str] = []
    for locale, payload in ((loc, p) for loc in ("en", *LOCALES) for p in payloads):
        check_item(payload, locale, f"/{payload['name']}", problems)
        check_options(payload.get("options") or [], locale, f"/{payload['name']}", problems)
        size = command_chars(payload, locale)
        assert size <= MAX_COMMAND_CHARS, f"/{payload['name']} is {size} chars in {locale}"
    assert not problems, "\n".join(problems)


async def test_every_command_is_translated(payloads):
    """Each locale localises every description, and the names of commands and subcommands (a key missing
    would show English). Option names stay the English parameter names, as in the rest of the bot."""
    untranslated = []

    def walk(item: dict, where: str) -> None:
        is_command = item.get("type", 1) in (1, 2)
        for field in ("name", "description") if is_command else ("description",):
            if locale not in (item.get(f"{field}_localizations") or {}):
                untranslated.append(f"{where} {field}")
        for option in item.get("options") or []:
            walk(option, f"{where} {option['name']}")

    for locale in LOCALES:
        for payload in payloads:
            walk(payload, f"{locale} /{payload['name']}")
    assert not untranslated, untranslated


def test_the_checks_catch_a_broken_payload():
    problems: list[str] = []
    bad = {"name": "rp", "description": "x", "options": [
        {"name": "Neu Spiel", "description": "y" * 101},
        {"name": "neu", "description": "z", "choices": [{"name": "", "value": "a"}]},
        {"name": "neu", "description": "z"}, {"name": "game", "description": "g", "type": 4, "max_value": 2**53}]}
    check_item(bad, "de", "/rp", problems)
    check_options(bad["options"], "de", "/rp", problems)
    text = "\n".join(problems)
    assert "'Neu Spiel' breaks" in text and "description of 101" in text and "duplicate sibling" in text
    assert "choice '' is 0 chars" in text and "max_value 9007199254740992 outside" in text
    assert command_chars({"name": "a" * 10, "description": "b" * 20}, "de") == 30
