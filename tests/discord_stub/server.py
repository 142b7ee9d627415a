"""The tests' stand-in: the playground's local Discord (``playground/local_discord``) plus the test-only
check of every REST request against Discord's published OpenAPI description (``openapi.py``, which needs
``jsonschema`` from the test extra)."""

from __future__ import annotations

from typing import Any

from playground.local_discord import server as _server
from playground.local_discord.gateway import GatewaySession
from playground.local_discord.records import RequestRecord, StubFailure

from . import openapi

DEFAULT_TOKEN = _server.DEFAULT_TOKEN
ATTACHMENT_SIZE_LIMIT = _server.ATTACHMENT_SIZE_LIMIT


class DiscordStub(_server.DiscordStub):
    """The local Discord with Discord's API description enforced on every request (``openapi.enforce``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.request_checks.append(openapi.enforce)


__all__ = ["ATTACHMENT_SIZE_LIMIT", "DEFAULT_TOKEN", "DiscordStub", "GatewaySession", "RequestRecord",
           "StubFailure"]
