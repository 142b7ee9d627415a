"""``/help``, ``/<game> help`` and ``/<game> rules [topic]``: short summaries from the catalog, always private.

``/help`` is where a newcomer starts (typing ``/help`` is what people do): the games, each with the command
that explains it, and the commands that belong to no game. A game's sections and topics are its own (its
presentation lists them); the texts come from its catalog.
"""
from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import has_key, t

from .core import Refusal, as_typed, locale_of
from .games import Games
from .groups import GameCog
from .seam import Presentation
from .translator import cmd_str, localised_description, localised_name, localised_paths, name_key

EMBED_COLOUR = discord.Colour(0x8B5A2B)
#: Discord's limit on an embed field's value
FIELD_LIMIT = 1024


#: The shell's own section, after the game's: the history and stats commands every group has (those a game
#: already lists in its own sections are not repeated).
SHELL_SECTIONS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("help.section.history", ("log", "replay", "stats.show", "stats.leaderboard", "stats.forget-me")),
)


def help_sections(presentation: Presentation) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The game's help sections, then the shell's (without the commands the game listed already)."""
    listed = {name for _, names in presentation.help_sections for name in names}
    extra = tuple((heading, tuple(n for n in names if n not in listed)) for heading, names in SHELL_SECTIONS)
    return (*presentation.help_sections, *((h, names) for h, names in extra if names))


#: A game's commands for server admins only: its help lists them under "For server admins" (with every game's, in
#: :func:`admin_lines`), not among the commands a player uses.
ADMIN_COMMANDS = frozenset({"defaults"})


def player_sections(presentation: Presentation) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """The help sections without the admin commands: ``/<game> defaults`` stood unmarked among the ordinary
    commands, also in a DM, where it cannot be used; it is said in the admins' block, which in a DM says "only in
    a server"."""
    sections = ((heading, tuple(n for n in names if n not in ADMIN_COMMANDS))
                for heading, names in help_sections(presentation))
    return tuple((heading, names) for heading, names in sections if names)


def help_commands(presentation: Presentation) -> tuple[str, ...]:
    """Every command path ``/<game> help`` lists ("." = a space): the admin commands in the admins' block."""
    return tuple(name for _, names in help_sections(presentation) for name in names)


def help_key(presentation: Presentation, name: str) -> str:
    """The help line of a command path: the game's own text (under its ``catalog_prefix``) if it has one,
    else the shell's."""
    own = f"{presentation.catalog_prefix}help.cmd.{name}"
    return own if has_key(own) else f"help.cmd.{name}"


def topic_key(presentation: Presentation, topic: str, part: str) -> str:
    return f"{presentation.catalog_prefix}rules_topic.{topic}.{part}"


def help_embed(presentation: Presentation, group: app_commands.Group, locale: str,
               admin: list[str] = (), daily: str = "", in_dm: bool = False) -> discord.Embed:
    """The game's commands by section, each named as the reader's client lists it (``/rp vorbereitung
    tableau``); then ``daily``, the line of the daily challenge (:func:`daily_line`: no game's help named it),
    and ``admin``, a server admin's settings (:func:`admin_lines`), in a DM under a heading that says they work
    only in a server."""
    shown = localised_paths(group, locale)
    embed = discord.Embed(title=t(presentation.help_title_key, locale), description=t(presentation.help_intro_key,
                                                                                      locale), colour=EMBED_COLOUR)
    for heading, names in player_sections(presentation):
        add_section(embed, heading, [t("help.command_line", locale, command=shown[name],
                                       text=t(help_key(presentation, name), locale)) for name in names], locale)
    if daily:
        add_section(embed, "help.section.daily", [daily], locale)
    if admin:
        add_section(embed, admin_heading(in_dm), list(admin), locale)
    embed.set_footer(text=t("help.footer", locale, group=localised_name(group, locale)))
    return embed


def admin_lines(tree_commands: Iterable[app_commands.Command | app_commands.Group], games: Games,
                locale: str) -> list[str]:
    """A server admin's settings, said together, as the reader's client lists the commands: each game's
    ``defaults``, ``/find expiry``, and where a mixed table's language comes from (a tour's admin found ``/<game>
    defaults`` only game by game, ``/find expiry`` nowhere, and no word of the server's language)."""
    group_keys = {presentation.group_key for presentation in games.values()}
    defaults, expiry = [], None
    for command in tree_commands:
        if not isinstance(command, app_commands.Group):
            continue
        shown = localised_paths(command, locale)
        if name_key(command) in group_keys and "defaults" in shown:
            defaults.append(shown["defaults"])
        elif "expiry" in shown:
            expiry = shown["expiry"]
    joined = t("play.moves_sep", locale).join(f"`{path}`" for path in defaults)     # not " · ": read "middle dot"
    lines = [t("guide.admin_defaults", locale, commands=joined)] if defaults else []
    if expiry is not None:
        lines.append(t("help.command_line", locale, command=expiry, text=t("guide.admin_expiry", locale)))
    return [*lines, t("guide.admin_language", locale)]


def admin_heading(in_dm: bool) -> str:
    """The heading of a server admin's settings: in a DM it says they work only in a server (a newcomer read
    "For server admins: /rp defaults …" in his DM as something to use there)."""
    return "guide.admin_in_server" if in_dm else "guide.admin"


def daily_line(tree_commands: Iterable[app_commands.Command | app_commands.Group], locale: str) -> str:
    """``/daily play``: what the daily challenge is, in one line, as the reader's client names it ("" when the
    bot has no ``/daily``)."""
    for command in tree_commands:
        if isinstance(command, app_commands.Group) and name_key(command) == "cmd.daily.name":
            shown = localised_paths(command, locale)
            return t("help.command_line", locale, command=shown.get("play", f"/{localised_name(command, locale)}"),
                     text=localised_description(command, locale))
    return ""


def add_section(embed: discord.Embed, heading: str, lines: list[str], locale: str) -> None:
    """``lines`` under ``heading``, packed into as few fields as fit Discord's limit, never breaking a line; a
    section too long for one field goes on in the next."""
    values: list[str] = []
    for line in lines:
        if values and len(values[-1]) + 1 + len(line) <= FIELD_LIMIT:
            values[-1] += "\n" + line
        else:
            values.append(line[:FIELD_LIMIT])
    title = t(heading, locale)
    for part, value in enumerate(values):
        embed.add_field(name=title if part == 0 else t("help.section_continued", locale, heading=title),
                        value=value, inline=False)


def topic_titles(presentation: Presentation, topics: Iterable[str], locale: str) -> str:
    """Rules topics by their titles in ``locale`` (as the ``topic`` choice shows them), not their ids."""
    return ", ".join(t(topic_key(presentation, topic, "title"), locale) for topic in topics)


def rules_embed(presentation: Presentation, topic: str, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t(topic_key(presentation, topic, "title"), locale),
                          description=t(topic_key(presentation, topic, "text"), locale), colour=EMBED_COLOUR)
    others = topic_titles(presentation, (name for name in presentation.rules_topics if name != topic), locale)
    embed.set_footer(text=t("rules_topic.footer", locale, topics=others))
    return embed


class Help(GameCog):
    def __init__(self, games: Games):
        self.games = games

    @app_commands.command(name=cmd_str("cmd.help.name"), description=cmd_str("cmd.help.description"))
    async def help_cmd(self, interaction: discord.Interaction) -> None:
        locale, tree = locale_of(interaction), interaction.client.tree.get_commands()
        admin = admin_lines(tree, self.games, locale)
        await interaction.response.send_message(
            embed=help_embed(self.presentation_of(interaction), interaction.command.parent, locale, admin,
                             daily_line(tree, locale), in_dm=interaction.guild_id is None),
            ephemeral=True)

    def game_commands(self, presentation: Presentation) -> list[app_commands.Command]:
        """``rules``: its topics (the choices) are the game's."""
        topics = presentation.rules_topics

        @app_commands.command(name=cmd_str("cmd.rules.name"), description=cmd_str("cmd.rules.description"))
        @app_commands.describe(topic=cmd_str("cmd.rules.topic"))
        @app_commands.choices(topic=[
            app_commands.Choice(name=cmd_str(topic_key(presentation, name, "title")), value=name) for name in topics
        ])
        async def rules(interaction: discord.Interaction, topic: str = topics[0]) -> None:
            if topic not in topics:
                raise Refusal("error.unknown_rules_topic", topic=as_typed(topic, 50),
                              topics=topic_titles(presentation, topics, locale_of(interaction)))
            await interaction.response.send_message(embed=rules_embed(presentation, topic, locale_of(interaction)),
                                                    ephemeral=True)

        return [rules]


def guide_embed(tree_commands: Iterable[app_commands.Command | app_commands.Group], games: Games,
                locale: str, in_dm: bool = False) -> discord.Embed:
    """``/help``: each game (its name, what it is, how to get its help and rules, named as the reader's client
    lists them), then every other command of the bot with what it does. In a DM (``in_dm``) the commands that
    work only in a server (``groups.server_only``) stand apart under "Only in a server", and a server admin's
    settings say so in their heading: a newcomer's DM listed ``/find`` and the admins' block as if usable there."""
    embed = discord.Embed(title=t("guide.title", locale), description=t("guide.intro", locale), colour=EMBED_COLOUR)
    group_keys = {presentation.group_key for presentation in games.values()}
    sections: dict[str, list[str]] = {"guide.games": [], "guide.everywhere": [], "guide.server_only": []}
    listed = list(tree_commands)           # walked twice
    for command in listed:
        name = f"/{localised_name(command, locale)}"
        line = t("help.command_line", locale, command=name, text=localised_description(command, locale))
        if name_key(command) in group_keys:
            shown = localised_paths(command, locale)      # its description names the game: no heading of its own
            sections["guide.games"].append(t("guide.game", locale, line=line, help=shown.get("help", ""),
                                             rules=shown.get("rules", "")))
        elif name_key(command) != "cmd.help.name":          # this very command
            apart = in_dm and command.extras.get("server_only")
            sections["guide.server_only" if apart else "guide.everywhere"].append(line)
    sections[admin_heading(in_dm)] = admin_lines(listed, games, locale)
    for heading, lines in sections.items():
        add_section(embed, heading, lines, locale)
    return embed


class Guide(commands.Cog):
    """``/help`` at the top: a newcomer's first stop, in a server or in a DM."""

    def __init__(self, games: Games):
        self.games = games

    @app_commands.command(name=cmd_str("cmd.help.name"), description=cmd_str("cmd.guide.description"))
    @app_commands.allowed_contexts(guilds=True, dms=True, private_channels=False)
    @app_commands.allowed_installs(guilds=True, users=False)
    async def guide_cmd(self, interaction: discord.Interaction) -> None:
        embed = guide_embed(interaction.client.tree.get_commands(), self.games, locale_of(interaction),
                            in_dm=interaction.guild_id is None)
        await interaction.response.send_message(embed=embed, ephemeral=True)
