"""Option names in every language: a German player types `/rp neu spieler:3`, not `players:3`.

Every option of every command is named in each shipped language through the translator (``opt.<English name>``
in the shell catalog, or the option's own key such as dice poker's ``dicepoker.cmd.opt.dice.name``); Discord
shows that name but always sends the English one, so the callbacks keep their parameters. These tests read the
payload Discord receives at sync time (the ``payloads`` fixture)."""
from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

from discord import Locale, app_commands

from bot.app import create_bot
from bot.config import Settings
from bot.i18n import catalog, t
from cogs.translator import CatalogTranslator, cmd_str, option_name

LOCALES = ("de", "fr", "ko")


def option_lists(item: dict, where: str) -> Iterator[tuple[str, list[dict]]]:
    """(where, the plain options of one command), for every command and subcommand under ``item``."""
    options = item.get("options") or []
    plain = [o for o in options if o.get("type") not in (1, 2)]
    if plain:
        yield where, plain
    for sub in options:
        if sub.get("type") in (1, 2):
            yield from option_lists(sub, f"{where} {sub['name']}")


def every_option_list(payloads: list[dict]) -> list[tuple[str, list[dict]]]:
    return [found for p in payloads for found in option_lists(p, f"/{p['name']}")]


def is_option_name(name: str) -> bool:
    """Discord: ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$``, lower case where the script has case
    (the combining marks of Devanagari and Thai are the only marks it lets in)."""
    if not 1 <= len(name) <= 32 or name != name.lower():
        return False
    return all(ch in "-_" or unicodedata.category(ch)[0] in "LN" or unicodedata.category(ch) in ("Mn", "Mc")
               for ch in name)


def test_the_name_rule_rejects_what_discord_rejects():
    assert all(is_option_name(n) for n in ("spieler", "ruhezeit_ab", "grotte_de_glace", "방해금지시작", "dé2"))
    assert not any(is_option_name(n) for n in ("Spieler", "zwei worte", "", "x" * 33, "a:b", "né!", "a/b"))


async def test_option_names_follow_discords_rule_and_differ_within_a_command(payloads):
    wrong = []
    for where, options in every_option_list(payloads):
        for locale in ("en", *LOCALES):
            names = [(o.get("name_localizations") or {}).get(locale) or o["name"] for o in options]
            wrong += [f"{locale} {where}: {name!r}" for name in names if not is_option_name(name)]
            if len(names) != len(set(names)):
                wrong.append(f"{locale} {where}: the same name twice in {sorted(names)}")
    assert not wrong, "\n".join(wrong)


async def test_the_shared_option_names_are_the_english_names_and_all_in_use(payloads):
    """``opt.<name>`` says ``<name>`` in English (English users see what they saw before), and each names an
    option some command has (no entry left behind by a renamed option)."""
    english = catalog("en")
    shared = {key.removeprefix("opt."): text for key, text in english.items() if key.startswith("opt.")}
    assert {name: text for name, text in shared.items() if text != name} == {}
    in_use = {o["name"] for _, options in every_option_list(payloads) for o in options}
    assert set(shared) == in_use, (set(shared) - in_use, in_use - set(shared))
    for locale in LOCALES:
        assert set(shared) <= {k.removeprefix("opt.") for k in catalog(locale) if k.startswith("opt.")}, locale


def english_option_names(payloads: list[dict]) -> set[str]:
    return {o["name"] for _, options in every_option_list(payloads) for o in options}


#: an English option name in a text that is no option: a value typed for another option (`where:` takes ice_cave)
NOT_AN_OPTION = {("rollforadventure.cmd.opt.where", "ice_cave")}


async def test_texts_name_options_as_the_readers_client_does(payloads):
    """`/rp neu` references are checked down to the option by test_cogs_command_limits; this finds the options a
    text names on their own: `` `table:printed` ``, `` `mode` `` or a name with an underscore in running text
    ("leg sie mit quiet_from fest"), where the reader's client shows another name."""
    wrong = []
    for locale in LOCALES:
        for name in english_option_names(payloads):
            if t(f"opt.{name}", locale) == name:
                continue                    # this language names it as English does (`bots`)
            patterns = [rf"`{re.escape(name)}(?:`|\s*:)"]
            if "_" in name:
                patterns.append(rf"(?<![\w{{]){re.escape(name)}(?![\w}}])")
            for key, text in catalog(locale).items():
                if (key, name) not in NOT_AN_OPTION and any(re.search(p, text) for p in patterns):
                    wrong.append(f"{locale} {key}: {name}")
    assert not wrong, "\n".join(sorted(wrong))


async def test_the_translator_keys_an_option_by_its_english_name_unless_it_has_its_own_key():
    translator = CatalogTranslator()
    context = app_commands.TranslationContext(location=app_commands.TranslationContextLocation.parameter_name,
                                              data=None)
    plain = app_commands.locale_str("players")
    assert await translator.translate(plain, Locale.german, context) == t("opt.players", "de")
    assert await translator.translate(plain, Locale.korean, context) == t("opt.players", "ko")
    assert await translator.translate(plain, Locale.american_english, context) is None
    own = cmd_str("dicepoker.cmd.opt.dice.name")
    assert await translator.translate(own, Locale.french, context) == t("dicepoker.cmd.opt.dice.name", "fr")
    other = app_commands.TranslationContext(location=app_commands.TranslationContextLocation.other, data=None)
    assert await translator.translate(plain, Locale.german, other) is None       # only option names


async def test_a_refusal_names_the_option_as_the_readers_client_does(tmp_path):
    """``option_name`` (what ``report_error`` puts in a refusal's ``{option}``): the command's own key where it
    has one, else ``opt.<name>``, else the name as it is."""
    bot = await create_bot(Settings(token=None, db_path=tmp_path / "x.db"), sync_commands=False)
    await bot._async_setup_hook()
    await bot.setup_hook()
    try:
        poker, rp = bot.tree.get_command("poker"), bot.tree.get_command("rp")
        keep, log = poker.get_command("keep"), rp.get_command("log")
        assert option_name(keep, "dice", "de") == t("dicepoker.cmd.opt.dice.name", "de")
        assert option_name(log, "game", "fr") == "partie" != t("opt.game", "fr")
        assert option_name(rp.get_command("new"), "players", "ko") == t("opt.players", "ko")
        assert (option_name(keep, "dice", "en"), option_name(log, "game", "en")) == ("dice", "game")
        assert option_name(None, "move", "de") == t("opt.move", "de")
        assert option_name(None, "-", "de") == "-"
    finally:
        await bot.close()
