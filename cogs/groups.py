"""One slash-command group per registered game (``/rp``, ``/poker`` …): the shell's commands (lobby, play,
look, help) bound to that game, plus the game's own phase commands from its presentation."""
from __future__ import annotations

from discord import app_commands

from . import help as help_cmds
from .lobby import LobbyService
from .play import PlayService
from .seam import Presentation
from .translator import cmd_str
from .typed import TypedMoves


def build_group(presentation: Presentation, lobby: LobbyService, play: PlayService) -> app_commands.Group:
    group = app_commands.Group(
        name=cmd_str(presentation.group_key),
        description=cmd_str(presentation.group_description_key),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
    )
    commands = [*lobby.commands(presentation), *play.commands(presentation),
                *presentation.commands(TypedMoves(presentation, play)), *help_cmds.commands(presentation)]
    for command in commands:
        group.add_command(command)
    return group
