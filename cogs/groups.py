"""One slash-command group per registered game (``/rp``, ``/poker`` …), filled by the feature Cogs.

Each feature (lobby, play, history, stats, help) is a :class:`GameCog`: its commands are ordinary decorated
methods (``@app_commands.command``, an ``app_commands.Group`` attribute for a subgroup), written once and
copied into every game's group by :meth:`GameCog.attach`, bound to the Cog. A command finds its game through
the group it was called in (:meth:`GameCog.presentation_of`). What differs per game (the lobby switches of
``new`` and ``solo``, the rules topics, a game's phase commands) the Cog builds per game in
:meth:`GameCog.game_commands`. A command only some games have says so with :func:`offered_if`.
"""
from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Mapping
from typing import Any, TypeVar

import discord
from discord import app_commands
from discord.ext import commands

from bot.engine import GameView

from .core import Refusal, locale_of
from .games import Games
from .seam import Presentation
from .translator import cmd_str, localised_paths

#: ``extras`` key of a game's group: the game kind it stands for
KIND_EXTRA = "rollbot_kind"
#: ``extras`` key of a command: ``(cog, presentation) -> bool``, whether a game's group gets it
OFFERED_EXTRA = "rollbot_offered_if"

CommandT = TypeVar("CommandT", app_commands.Command, app_commands.Group)


def offered_if(test: Callable[[Any, Presentation], bool]) -> Callable[[CommandT], CommandT]:
    """Only games for which ``test(cog, presentation)`` holds get this command (place above the command
    decorator)."""
    def mark(command: CommandT) -> CommandT:
        command.extras[OFFERED_EXTRA] = test
        return command
    return mark


def shell_group(name: app_commands.locale_str, description: app_commands.locale_str, **kwargs: Any
                ) -> app_commands.Group:
    """A command group usable in servers and the bot's DM (not in other private channels, nor as a user app)."""
    return app_commands.Group(
        name=name, description=description,
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False), **kwargs)


def game_group(presentation: Presentation) -> app_commands.Group:
    return shell_group(cmd_str(presentation.group_key), cmd_str(presentation.group_description_key),
                       extras={KIND_EXTRA: presentation.kind})


def built_command(name_key: str, description_key: str, callback: Callable[..., Any], options: dict, **decorators: dict
                  ) -> app_commands.Command:
    """A slash command whose callback takes ``(interaction, **options)``: its signature is built from ``options``
    (name -> annotation, default or ``inspect.Parameter.empty``, catalog key of the description or its
    ``cmd_str`` with params), so discord.py
    sees ordinary typed parameters. ``decorators``: ``choices``, ``rename`` (their arguments, empty: none)."""
    first = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)
    rest = [inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation, default=default)
            for name, (annotation, default, _key) in options.items()]
    callback.__signature__ = inspect.Signature([first, *rest])
    callback = app_commands.describe(**{name: cmd_str(key) if isinstance(key, str) else key
                                        for name, (_, _, key) in options.items()})(callback)
    for decorator, arguments in decorators.items():
        if arguments:
            callback = getattr(app_commands, decorator)(**arguments)(callback)
    return app_commands.Command(name=cmd_str(name_key), description=cmd_str(description_key), callback=callback)


def root_group(prefix: str, subcommands: Iterable[tuple[str, Callable[..., Any], dict, dict]]) -> app_commands.Group:
    """A top-level group of the shell (``/daily``, ``/find``: ``/rp`` has no room left, Discord allows 25 entries
    per level), a :func:`shell_group`: ``cmd.<prefix>.name`` and ``.description``, and per
    subcommand (name, method, ``built_command``'s options, its choices) ``cmd.<prefix>.<name>.*``."""
    group = shell_group(cmd_str(f"cmd.{prefix}.name"), cmd_str(f"cmd.{prefix}.description"))
    for name, method, options, chosen in subcommands:
        group.add_command(built_command(f"cmd.{prefix}.{name}.name", f"cmd.{prefix}.{name}.description",
                                        bound(method), options, choices=chosen))
    return group


def server_only(group: app_commands.Group) -> app_commands.Group:
    """Marks a top-level group whose commands only work in a server (``/find``): ``/help`` in a DM lists it
    under "Only in a server" (a newcomer's DM listed "/find — Find players … on this server" as if usable there)."""
    group.extras["server_only"] = True
    return group


def chosen_game(games: Games, kind: str) -> Presentation:
    """The game a ``game:`` option of a shell-wide command names (its choices are the registered games)."""
    if kind not in games:
        raise Refusal("error.bad_option")
    return games[kind]


def bound(method: Callable[..., Any]) -> Callable[..., Any]:
    """A plain function calling ``method`` (``built_command`` gives its callback a signature of its own, which a
    bound method cannot take)."""
    async def callback(interaction: discord.Interaction, **values: Any) -> None:
        await method(interaction, **values)
    return callback


class GameCog(commands.Cog):
    """A feature's Cog whose commands belong to every game's group (see the module's docstring)."""

    games: Games

    def attach(self, groups: Mapping[str, app_commands.Group]) -> None:
        """Add this Cog's commands to each game's group (``groups``: kind → group), copied from the class's
        unbound ones. The Cog's own copies are dropped, so ``add_cog`` does not also register them as top-level
        commands."""
        for kind, group in groups.items():
            presentation = self.games[kind]
            for command in type(self).__cog_app_commands__:
                test = command.extras.get(OFFERED_EXTRA)
                if test is None or test(self, presentation):
                    group.add_command(command._copy_with(parent=group, binding=self, set_on_binding=False))
            for command in self.game_commands(presentation):
                group.add_command(command)
        self.__cog_app_commands__ = []

    def game_commands(self, presentation: Presentation) -> list[app_commands.Command | app_commands.Group]:
        """The commands this feature builds for one game (its options differ from game to game)."""
        return []

    def presentation_of(self, interaction: discord.Interaction) -> Presentation:
        """The game whose group the command was called in."""
        command = interaction.command
        assert command is not None
        return self.games[(command.root_parent or command).extras[KIND_EXTRA]]

    def same_command_for(self, interaction: discord.Interaction, game: GameView) -> str | None:
        """The command the asker typed, as it reads in the group of ``game``'s own kind in the asker's client
        (``/poker 포기`` for ``/rp 포기``), for a refusal that sends them there: game numbers are shared by every
        kind, so a number typed in the wrong group is a game of another kind. None when that group lacks the
        command (or the kind is not offered any more)."""
        if game.kind not in self.games:
            return None
        group = interaction.client.tree.get_command(self.games.group_name(self.games[game.kind]))
        command = interaction.command
        shown = localised_paths(group, locale_of(interaction)) if isinstance(group, app_commands.Group) else {}
        return shown.get(command.name) if command is not None else None
