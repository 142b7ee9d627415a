"""Start a discord.py bot object against the stand-in, wait until it is READY, and stop it cleanly.

The only configuration touched is ``discord.http.Route.BASE`` (the REST base URL); the gateway address
comes from ``GET /gateway/bot``, which ``AutoShardedClient`` reads. The bot's ERROR log records are kept
(and shown when a wait times out); a crashed bot task aborts any pending wait at once.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Self

import discord
from discord.ext import commands

from .server import DiscordStub, StubFailure

_DEFAULT_BASE = discord.http.Route.BASE


class _ErrorCapture(logging.Handler):
    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith("discord_stub"):
            return
        self.records.append(record)


class BotRunner:
    """One bot instance's life against the stand-in; use ``start_bot`` / ``run_bot``."""

    def __init__(self, stub: DiscordStub, bot: discord.Client, token: str | None = None) -> None:
        if not isinstance(bot, discord.AutoShardedClient):
            raise TypeError("the stand-in serves the gateway URL through GET /gateway/bot, which only "
                            "AutoShardedClient/AutoShardedBot reads; a plain Client dials gateway.discord.gg")
        self.stub = stub
        self.bot = bot
        self.token = token or stub.token
        self.task: asyncio.Task[None] | None = None
        self._capture = _ErrorCapture()

    @property
    def error_logs(self) -> list[str]:
        """Formatted ERROR records logged while the bot ran (tracebacks included)."""
        fmt = logging.Formatter("%(name)s: %(message)s")
        return [fmt.format(r) for r in self._capture.records]

    def _probe(self) -> None:
        task = self.task
        if task is not None and task.done() and not self.bot.is_closed():
            exc = task.exception() if not task.cancelled() else None
            raise StubFailure(f"the bot stopped unexpectedly: {exc!r}") from exc

    def _diagnostics(self) -> str:
        logs = self.error_logs
        return ("bot error logs:\n" + "\n".join(logs[-5:])) if logs else ""

    async def start(self, timeout: float = 15.0, *, until: str = "ready") -> BotRunner:
        """Log in and connect. ``until="ready"`` waits for discord.py's ``on_ready`` (which comes
        ``guild_ready_timeout`` seconds, default 2, after the last GUILD_CREATE); ``until="guild"`` returns as
        soon as the test guild is in the bot's cache, which is all interactions need."""
        if until not in ("ready", "guild"):
            raise ValueError(f"until must be 'ready' or 'guild', not {until!r}")
        discord.http.Route.BASE = self.stub.api_base
        logging.getLogger().addHandler(self._capture)
        self.stub.add_probe(self._probe)
        self.stub.add_diagnostics(self._diagnostics)
        self.task = asyncio.create_task(self.bot.start(self.token), name="bot-under-test")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        guild_id = self.stub.guild.id

        def done() -> bool:
            if until == "ready":
                return self.bot.is_ready()
            return self.stub.active_session is not None and self.bot.get_guild(guild_id) is not None

        while not done():
            if self.task.done():
                exc = self.task.exception() if not self.task.cancelled() else None
                await self.close()  # a failed login leaves discord.py's HTTP session open otherwise
                raise StubFailure(f"the bot stopped before READY: {exc!r}\n{self.stub.diagnostics()}") from exc
            if loop.time() > deadline:
                await self.close()
                raise StubFailure(f"the bot was not READY after {timeout}s\n{self.stub.diagnostics()}")
            await asyncio.sleep(0.01)
        return self

    async def close(self, timeout: float = 10.0) -> None:
        """Close the bot and wait for its task; the stand-in keeps running for the next instance."""
        try:
            if not self.bot.is_closed():
                await asyncio.wait_for(self.bot.close(), timeout)
            if self.task is not None:
                try:
                    await asyncio.wait_for(self.task, timeout)
                except (discord.ConnectionClosed, discord.GatewayNotFound, discord.LoginFailure,
                        discord.PrivilegedIntentsRequired):
                    pass
        finally:
            await self._detach()

    async def _detach(self) -> None:
        self.stub.remove_probe(self._probe)
        self.stub.remove_diagnostics(self._diagnostics)
        logging.getLogger().removeHandler(self._capture)

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.close()


async def start_bot(stub: DiscordStub, bot: commands.AutoShardedBot | discord.AutoShardedClient, *,
                    token: str | None = None, timeout: float = 15.0, until: str = "ready") -> BotRunner:
    """Log ``bot`` in against ``stub`` and return once it is ready (see ``BotRunner.start``)."""
    return await BotRunner(stub, bot, token).start(timeout, until=until)


def run_bot(stub: DiscordStub, bot: discord.AutoShardedClient, *, token: str | None = None) -> BotRunner:
    """``async with run_bot(stub, bot) as runner:`` — started on entry, closed on exit."""
    return BotRunner(stub, bot, token)


def restore_route_base() -> None:
    discord.http.Route.BASE = _DEFAULT_BASE
