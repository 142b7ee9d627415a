"""``/rp help`` and ``/rp rules [topic]``: short rule summaries from the catalog, always private."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import cmd_str, t

from .core import Refusal, SubcommandCog, locale_of

RULE_TOPICS = ("overview", "setup", "roll", "dice", "actions", "market", "cleanup", "skills", "scoring",
               "solo", "variants")

#: Every /rp subcommand listed by /rp help, in the order a new player needs them ("." = a space).
HELP_SECTIONS = (
    ("help.section.games", ("new", "join", "leave", "start", "cancel", "status", "abandon", "solo", "sheet",
                            "table", "log", "rules", "help")),
    ("help.section.moves", ("play", "setup.sheet", "setup.class", "setup.place", "dice.order", "dice.take",
                            "dice.place", "dice.action", "dice.keep", "market.buy", "market.gold",
                            "market.discard-weapon", "skill", "refresh")),
)
HELP_COMMANDS = tuple(name for _, names in HELP_SECTIONS for name in names)

EMBED_COLOUR = discord.Colour(0x8B5A2B)


def help_embed(locale: str) -> discord.Embed:
    embed = discord.Embed(title=t("help.title", locale), description=t("help.intro", locale),
                          colour=EMBED_COLOUR)
    for heading, names in HELP_SECTIONS:
        lines = [t("help.command_line", locale, command="/rp " + name.replace(".", " "),
                   text=t(f"help.cmd.{name}", locale)) for name in names]
        embed.add_field(name=t(heading, locale), value="\n".join(lines)[:1024], inline=False)
    embed.set_footer(text=t("help.footer", locale))
    return embed


def rules_embed(topic: str, locale: str) -> discord.Embed:
    embed = discord.Embed(title=t(f"rules_topic.{topic}.title", locale),
                          description=t(f"rules_topic.{topic}.text", locale), colour=EMBED_COLOUR)
    others = ", ".join(name for name in RULE_TOPICS if name != topic)
    embed.set_footer(text=t("rules_topic.footer", locale, topics=others))
    return embed


class Help(SubcommandCog):
    def subcommands(self) -> list[app_commands.Command]:
        @app_commands.command(name=cmd_str("cmd.help.name"), description=cmd_str("cmd.help.description"))
        async def help_(interaction: discord.Interaction) -> None:
            await interaction.response.send_message(embed=help_embed(locale_of(interaction)), ephemeral=True)

        @app_commands.command(name=cmd_str("cmd.rules.name"), description=cmd_str("cmd.rules.description"))
        @app_commands.describe(topic=cmd_str("cmd.rules.topic"))
        @app_commands.choices(topic=[
            app_commands.Choice(name=cmd_str(f"rules_topic.{name}.title"), value=name) for name in RULE_TOPICS
        ])
        async def rules(interaction: discord.Interaction, topic: str = "overview") -> None:
            if topic not in RULE_TOPICS:
                raise Refusal("error.unknown_rules_topic", topic=topic, topics=", ".join(RULE_TOPICS))
            await interaction.response.send_message(embed=rules_embed(topic, locale_of(interaction)),
                                                    ephemeral=True)

        return [help_, rules]


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(Help(bot))
