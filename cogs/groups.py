"""One slash-command group per registered game (``/rp``, ``/poker`` …): the shell's commands (lobby, play,
look, help) bound to that game, plus the game's own phase commands from its presentation."""
from __future__ import annotations

from discord import app_commands

from . import help as help_cmds
from .history import HistoryService
from .lobby import LobbyService
from .play import PlayService
from .seam import Presentation
from .stats import StatsService
from .translator import cmd_str
from .typed import TypedMoves


def build_group(presentation: Presentation, lobby: LobbyService, play: PlayService,
                history: HistoryService | None = None, stats: StatsService | None = None) -> app_commands.Group:
    """``history`` and ``stats`` add the log, replay, stats, leaderboard and forget-me commands (the
    composition root passes them; a test may build a group without)."""
    group = app_commands.Group(
        name=cmd_str(presentation.group_key),
        description=cmd_str(presentation.group_description_key),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True, private_channel=False),
        allowed_installs=app_commands.AppInstallationType(guild=True, user=False),
    )
    commands = [*lobby.commands(presentation), *play.commands(presentation),
                *(history.commands(presentation) if history is not None else []),
                *(stats.commands(presentation) if stats is not None else []),
                *presentation.commands(TypedMoves(presentation, play)), *help_cmds.commands(presentation)]
    for command in commands:
        group.add_command(command)
    return group
