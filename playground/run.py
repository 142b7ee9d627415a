"""``python -m bot --playground``: the bot, unmodified, logged into a local Discord, and a page to play on.

One process: the local Discord (``playground.local_discord``, Discord's rate limits on) listens on loopback,
the real bot (``bot.app.create_bot``, its own database in the playground's folder) logs into it as into
Discord, and the page (``playground.page``) is served on ``host:port`` (loopback and a free port unless told
otherwise). The server's state and the bot's database live in the playground's folder, so games survive a
restart. The bot runs on one clock ("Skip time" moves it on: turn clocks, reminders, idle-seat takeover, away
periods, turn notices, the daily's day, the /find queue, activity stamps) and a skip runs their checks at once.
"""
from __future__ import annotations

import asyncio
import dataclasses
import errno
import fcntl
import ipaddress
import json
import logging
import signal
import socket
import sys
import time
from pathlib import Path
from typing import IO

import discord

from bot.app import RollBot, create_bot
from bot.config import Settings

from .page import Controls, Page
from .world import LocalDiscord

log = logging.getLogger("playground")

STATE_FILE = "server.pickle"
CLOCK_FILE = "clock.json"
LOCK_FILE = ".lock"
DATABASE_FILE = "rollbot.db"
#: Seconds between two saves of the server's state while something changes (and when it stops).
SAVE_EVERY_S = 5.0


class BotClocks(Controls):
    """The bot's one clock, ``offset`` seconds ahead of the wall clock (kept in ``clock.json``): the bot is built
    on ``now`` (``create_bot(clock=...)``), so every service that reads the time reads this one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        #: the bot whose periodic checks a skip runs at once (set once it is built)
        self.bot: RollBot | None = None
        try:
            self.offset = float(json.loads(path.read_text())["offset"])
        except (OSError, ValueError, KeyError, TypeError):
            self.offset = 0.0

    def now(self) -> float:
        return time.time() + self.offset

    async def skip(self, seconds: float) -> None:
        self.offset += seconds
        self.path.write_text(json.dumps({"offset": self.offset}))
        if self.bot is not None:
            await self.bot.reminders.tick()
            await self.bot.notify.tick()


async def _wait_ready(stub: LocalDiscord, bot: RollBot, runner: asyncio.Task, timeout: float = 60.0) -> None:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not (stub.active_session is not None and bot.get_guild(stub.world.guild.id) is not None
               and stub.commands.listing(None)):
        if runner.done():
            runner.result()
            raise RuntimeError("the bot stopped before it was ready")
        if loop.time() > deadline:
            raise RuntimeError(f"the bot was not ready after {timeout:.0f} s")
        await asyncio.sleep(0.05)


async def _keep_saving(stub: LocalDiscord) -> None:
    """Every ``SAVE_EVERY_S`` while something changed: a snapshot on the loop, written in a thread."""
    saved = stub.mark()
    while True:
        await asyncio.sleep(SAVE_EVERY_S)
        stub.forget_old()
        if stub.mark() != saved:
            saved = stub.mark()
            await asyncio.to_thread(stub.write, stub.snapshot())


def address_refusal(host: str, port: int) -> str | None:
    """Why the page cannot listen on ``host:port`` (a port in use, an address that is not this computer's),
    or None. Tried before the bot starts, so the answer comes at once rather than after the login, and as a
    line to act on, not a traceback; ``serve`` still catches the same error when the page starts."""
    try:
        for family, kind, proto, _, address in socket.getaddrinfo(host or None, port, type=socket.SOCK_STREAM,
                                                                   flags=socket.AI_PASSIVE):
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as aiohttp binds
                probe.bind(address)
    except OSError as error:
        return listen_refusal(host, port, error)
    return None


def _loopback(host: str) -> bool:
    """Whether ``host`` is this computer only (localhost, 127.0.0.0/8, ::1)."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def listen_refusal(host: str, port: int, error: OSError) -> str:
    if error.errno == errno.EADDRINUSE:
        return f"port {port} is in use; choose another --port or leave it out (a free one is chosen)"
    if error.errno == errno.EACCES:
        return f"port {port} needs privileges this process does not have; choose one above 1023 or leave it out"
    return (f"cannot listen on {host}: {error.strerror or error}; --host takes an address of this computer "
            "(default 127.0.0.1, this computer only)")


def lock_folder(folder: Path) -> IO[bytes] | str:
    """The playground's folder taken for this process (the open lock file, to keep while it runs), or why not:
    two playgrounds on one folder both ran and saved the server's state over each other (a tour lost a lobby
    message while its game kept the channel). An advisory lock (``flock``), released by the system when the
    process ends however it ends, so a crash never leaves the folder locked."""
    handle = open(folder / LOCK_FILE, "ab")     # noqa: SIM115 (held open for the process's life)
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        handle.close()
        return (f"another playground is running on {str(folder)!r}; stop it, or give this one a folder of its "
                "own with --playground-dir")
    return handle


async def serve(settings: Settings, folder: Path, host: str = "127.0.0.1", port: int = 0) -> int:
    """Run the playground until SIGINT/SIGTERM; returns the exit status (2: the operator must act first)."""
    from bot.__main__ import OPERATOR_MUST_ACT, _report, start

    refused = address_refusal(host, port)
    if refused is None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            refused = f"cannot create the playground's folder {str(folder)!r}: {error.strerror or error}"
    lock = lock_folder(folder) if refused is None else None
    if isinstance(lock, str):
        refused = lock
    if refused is not None:
        print(f"rollbot playground: {refused}", file=sys.stderr)
        return OPERATOR_MUST_ACT
    if not _loopback(host):
        log.warning("the playground page listens on %s and has no sign-in: anyone who reaches it plays as any of "
                    "its people", host or "every address")
    stub = LocalDiscord(folder / STATE_FILE)
    database = folder / DATABASE_FILE
    if not stub.restored and database.exists():
        # games of a server that is gone (and a command hash the new server never saw): keep them aside
        aside = folder / f"rollbot-orphaned-{int(time.time())}.db"
        database.rename(aside)
        for suffix in ("-wal", "-shm"):
            extra = folder / (DATABASE_FILE + suffix)
            if extra.exists():
                extra.rename(folder / (aside.name + suffix))
        log.warning("the playground's server state was missing; its old database is kept as %s", aside)
    await stub.start()
    settings = dataclasses.replace(settings, token=stub.token, api_base=stub.api_base,
                                   db_path=database, dev_guild_id=None, shard_ids=None,
                                   shard_count=None)
    clocks = BotClocks(folder / CLOCK_FILE)
    try:
        bot = clocks.bot = await create_bot(settings, clock=clocks.now)
    except Exception as error:      # the database cannot be opened: say why, as python -m bot does
        await stub.close()
        discord.http.Route.BASE = "https://discord.com/api/v10"
        return _report(error)
    page = Page(stub, clocks)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, stop.set)
    runner = asyncio.create_task(start(bot, settings), name="rollbot-runner")
    saver: asyncio.Task | None = None
    try:
        await _wait_ready(stub, bot, runner)
        stub.save()                 # the synced commands: the bot syncs again only when they change
        try:
            await page.start(host, port)
        except OSError as error:    # taken since address_refusal looked
            print(f"rollbot playground: {listen_refusal(host, port, error)}", file=sys.stderr)
            return OPERATOR_MUST_ACT
        saver = asyncio.create_task(_keep_saving(stub), name="playground-saver")
        shown = "127.0.0.1" if host in ("127.0.0.1", "0.0.0.0", "") else host
        print(f"rollbot playground: http://{shown}:{page.port}/  (Ctrl+C stops it; games are kept in {folder})",
              flush=True)
        stopper = asyncio.create_task(stop.wait())
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        stopper.cancel()
        if runner in done and runner.exception() is not None:
            return _report(runner.exception())
        log.info("shutting down the playground")
        return 0
    except RuntimeError as error:
        if runner.done() and not runner.cancelled() and runner.exception() is not None:
            return _report(runner.exception())
        print(f"rollbot playground: {error}", file=sys.stderr)
        return 1
    finally:
        if saver is not None:
            saver.cancel()
        await page.close()
        await bot.close()
        if not runner.done():
            runner.cancel()
        await asyncio.gather(runner, return_exceptions=True)
        stub.save()
        await stub.close()
        discord.http.Route.BASE = "https://discord.com/api/v10"
        if lock is not None and not isinstance(lock, str):
            lock.close()                # the folder is free once its state is saved
