"""/rp help and /rp rules through real interactions."""
from __future__ import annotations

import pytest
from discord import app_commands

from bot.i18n import t
from cogs.help import FIELD_LIMIT, help_commands
from cogs.rollplayer import PRESENTATION
from cogs.translator import localised_paths

RULE_TOPICS = PRESENTATION.rules_topics


async def test_help_lists_every_command_privately(harness, alice):
    place = harness.channel()
    result = await harness.run("rp help", user=alice, place=place)
    message = result.only()
    assert message.ephemeral
    assert message.kind == "response"
    text = message.text()
    for name in ("new", "join", "start", "solo", "rules", "status", "abandon"):
        assert f"/rp {name}" in text
    assert "⟦" not in text


async def test_help_works_in_dm(harness, alice):
    result = await harness.run("rp help", user=alice, place=harness.dm())
    assert result.only().ephemeral
    assert t("help.title", "en") in result.only().text()


async def test_rules_every_topic(harness, alice):
    place = harness.channel()
    for topic in RULE_TOPICS:
        result = await harness.run("rules", user=alice, place=place, topic=topic)
        message = result.only()
        assert message.ephemeral
        assert t(f"rules_topic.{topic}.title", "en") == message.embeds[0]["title"]
        assert message.embeds[0]["description"] == t(f"rules_topic.{topic}.text", "en")


async def test_rules_default_topic_is_overview(harness, alice):
    result = await harness.run("rules", user=alice, place=harness.channel())
    assert result.only().embeds[0]["title"] == t("rules_topic.overview.title", "en")


async def test_rules_unknown_topic_is_refused(harness, alice):
    result = await harness.run("rules", user=alice, place=harness.channel(), topic="dragons")
    message = result.only()
    assert message.ephemeral
    assert "dragons" in message.text()
    assert t("rules_topic.overview.title", "en") in message.text()


DISCORD_LOCALES = {"en": "en-US", "de": "de", "fr": "fr", "ko": "ko"}
EMBED_LIMIT = 6000


def leaf_paths(group: app_commands.Group, prefix: tuple[str, ...] = ()) -> set[str]:
    paths: set[str] = set()
    for command in group.commands:
        if isinstance(command, app_commands.Group):
            paths |= leaf_paths(command, (*prefix, command.name))
        else:
            paths.add(".".join((*prefix, command.name)))
    return paths


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_help_names_every_command_of_the_game_as_the_readers_client_lists_it(harness, alice, locale):
    """Playground tours in German, French and Korean: `/rp hilfe` listed `/rp new`, `/rp play` … (English names a
    German client does not know), the German games section was cut at 1,024 characters mid-line, and `/poker`
    and `/rfa` left out some of their commands."""
    harness.locale = DISCORD_LOCALES[locale]
    for kind, presentation in harness.bot.games.items():
        group = next(c for c in harness.bot.tree.get_commands()
                     if isinstance(c, app_commands.Group) and c.extras.get("rollbot_kind") == kind)
        assert set(help_commands(presentation)) == leaf_paths(group), kind
        shown = localised_paths(group, locale)
        embed = (await harness.run(f"{group.name} help", user=alice, place=harness.channel())).only().embeds[0]
        text = "\n".join(field["value"] for field in embed["fields"])
        for path in help_commands(presentation):
            assert f"`{shown[path]}`" in text, (kind, locale, path, shown[path])
        if locale != "en":
            assert "`/rp new`" not in text and "`/poker play`" not in text and "`/rfa play`" not in text
        assert all(len(field["value"]) <= FIELD_LIMIT for field in embed["fields"])
        assert all(line.count("`") % 2 == 0 for line in text.splitlines()), "a line cut in a backtick"
        total = len(embed["title"]) + len(embed["description"]) + len(embed["footer"]["text"]) + \
            sum(len(field["name"]) + len(field["value"]) for field in embed["fields"])
        assert total <= EMBED_LIMIT, (kind, locale, total)
        assert "⟦" not in text


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_rules_footer_names_the_other_topics_by_their_titles(harness, alice, locale):
    harness.locale = DISCORD_LOCALES[locale]
    embed = (await harness.run("rules", user=alice, place=harness.channel(), topic="market")).only().embeds[0]
    titles = [t(f"rules_topic.{topic}.title", locale) for topic in RULE_TOPICS if topic != "market"]
    assert embed["footer"]["text"] == t("rules_topic.footer", locale, topics=", ".join(titles))


@pytest.mark.parametrize("user_locale, locale", [("en-US", "en"), ("de", "de"), ("fr", "fr"), ("ko", "ko")])
async def test_a_newcomers_help_names_every_game_and_every_other_command(harness, alice, user_locale, locale):
    """``/help`` (what a newcomer types): every game with its help and rules commands as the reader's client
    lists them, and every command that belongs to no game; private, in a server or a DM."""
    harness.locale = user_locale
    for place in (harness.channel(), harness.dm()):
        message = (await harness.run("help", user=alice, place=place)).only()
        assert message.ephemeral and "⟦" not in message.text()
        embed = message.embeds[0]
        assert embed["title"] == t("guide.title", locale)
        fields = {field["name"]: field["value"] for field in embed["fields"]}
        for presentation in harness.bot.games.values():
            group = next(c for c in harness.bot.tree.get_commands()
                         if c._locale_name is not None and c._locale_name.extras.get("key") == presentation.group_key)
            shown = localised_paths(group, locale)
            assert shown["help"] in fields[t("guide.games", locale)]
            assert shown["rules"] in fields[t("guide.games", locale)]
            # the game's name once: its description names it, no heading repeats it
            assert fields[t("guide.games", locale)].count(t(presentation.title_key, locale)) <= 1
        everywhere = fields[t("guide.everywhere", locale)]
        for key in ("cmd.games.name", "cmd.notify.name", "cmd.away.name"):
            assert f"`/{t(key, locale)}`" in everywhere, (key, everywhere)
        assert f"`/{t('cmd.help.name', locale)}`" not in everywhere


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_the_variants_topic_explains_the_promos(harness, alice, locale):
    """Tour t: `/rp rules topic:Variants` listed the five rulebook variants and nothing about the `promos`
    switch: not the promo sheets and their modifiers, not what the Cursed Ring does (its rule is ours, in no
    printed rulebook), not that it is discarded before scoring when the player scores more without it."""
    from bot.games.rollplayer import content

    harness.locale = DISCORD_LOCALES[locale]
    text = (await harness.run("rules", user=alice, place=harness.channel(), topic="variants")).only() \
        .embeds[0]["description"]
    for race in ("frogkin", "minotaur"):
        assert f"**{content.race_name(race, locale)}**" in text
        for attr, mod in content.races()[race]["modifiers"].items():
            if mod:
                assert f"{t(f'attr.{attr}', locale)} {mod:+d}" in text, (race, attr)     # a minus a reader says
    assert f"**{content.card_name('cursed_ring', locale)}**" in text
    group = next(c for c in harness.bot.tree.get_commands()
                 if isinstance(c, app_commands.Group) and c.extras.get("rollbot_kind") == "rollplayer")
    assert f"`{localised_paths(group, locale)['market.discard-weapon']}`" in text
    assert {"en": "discarded automatically before scoring", "de": "vor der Schlusswertung automatisch abgeworfen",
            "fr": "défaussée automatiquement avant le décompte",
            "ko": "점수 계산 전에 자동으로 버려요"}[locale] in text


def group_of(harness, key: str) -> app_commands.Group:
    return next(c for c in harness.bot.tree.get_commands()
                if c._locale_name is not None and c._locale_name.extras.get("key") == key)


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_an_admin_finds_the_servers_settings_together(harness, alice, locale):
    """A Korean tour's admin found ``/<game> 서버설정`` only game by game, ``/자리찾기 만료`` nowhere, and no word of
    where a mixed table's language comes from. ``/help`` and each game's help say it together: every game's
    defaults, the /find expiry, and the language rule."""
    harness.locale = DISCORD_LOCALES[locale]
    defaults = [localised_paths(group_of(harness, p.group_key), locale)["defaults"]
                for p in harness.bot.games.values()]
    expiry = localised_paths(group_of(harness, "cmd.find.name"), locale)["expiry"]
    places = [("help", harness.channel()), ("help", harness.dm())] + [
        (f"{group_of(harness, p.group_key).name} help", harness.channel()) for p in harness.bot.games.values()]
    for command, place in places:
        embed = (await harness.run(command, user=alice, place=place)).only().embeds[0]
        heading = "guide.admin_in_server" if place.is_dm else "guide.admin"   # in a DM: says "only in a server"
        admin = {f["name"]: f["value"] for f in embed["fields"]}[t(heading, locale)]
        assert all(f"`{path}`" in admin for path in defaults), (command, admin)
        assert f"`{expiry}`" in admin and t("guide.admin_language", locale) in admin, (command, admin)
        assert " · " not in admin, admin           # the games' defaults joined by a comma, not a spoken "middle dot"


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_the_cooperative_games_help_speaks_of_no_rated_loss(harness, alice, locale):
    """``/rfa 도움말`` said that leaving a rated game counts as a loss: Roll for Adventure is co-operative and never
    rated. Its abandon line says it ends without a result; the competitive games keep the forfeit."""
    harness.locale = DISCORD_LOCALES[locale]
    for group, key in (("rfa", "rollforadventure.help.cmd.abandon"), ("rp", "help.cmd.abandon")):
        text = "\n".join(f["value"] for f in (await harness.run(f"{group} help", user=alice,
                                                                 place=harness.channel())).only().embeds[0]["fields"])
        assert t(key, locale) in text, (group, text)
    assert t("help.cmd.abandon", locale) not in t("rollforadventure.help.cmd.abandon", locale)


@pytest.mark.parametrize("locale", DISCORD_LOCALES)
async def test_a_games_help_lists_its_defaults_only_with_the_admin_commands(harness, alice, locale):
    """Each game's help listed ``/<game> defaults`` (a server admin's command) among the ordinary commands,
    unmarked, also in a DM where it cannot be used; it stands only under "For server admins", which in a DM says
    "only in a server"."""
    harness.locale = DISCORD_LOCALES[locale]
    for presentation in harness.bot.games.values():
        group = group_of(harness, presentation.group_key)
        defaults = f"`{localised_paths(group, locale)['defaults']}`"
        for place in (harness.channel(), harness.dm()):
            embed = (await harness.run(f"{group.name} help", user=alice, place=place)).only().embeds[0]
            heading = t("guide.admin_in_server" if place.is_dm else "guide.admin", locale)
            fields = {f["name"]: f["value"] for f in embed["fields"]}
            assert defaults in fields[heading], (group.name, fields[heading])
            others = [name for name, value in fields.items() if name != heading and defaults in value]
            assert not others, (group.name, locale, others)
