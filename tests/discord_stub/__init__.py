"""A local Discord API stand-in (REST + gateway) and a test driver, for end-to-end tests of the bot."""

from .commands import CommandUnavailable
from .driver import ActionRefused
from .images import png_size
from .interactions import InteractionRecord
from .messages import StubAttachment, StubMessage
from .runner import BotRunner, run_bot, start_bot
from .server import DEFAULT_TOKEN, DiscordStub, RequestRecord, StubFailure
from .world import StubChannel, StubUser, perm_bits

__all__ = [
    "DEFAULT_TOKEN",
    "ActionRefused",
    "BotRunner",
    "CommandUnavailable",
    "DiscordStub",
    "InteractionRecord",
    "RequestRecord",
    "StubAttachment",
    "StubChannel",
    "StubFailure",
    "StubMessage",
    "StubUser",
    "perm_bits",
    "png_size",
    "run_bot",
    "start_bot",
]
