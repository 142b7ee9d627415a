"""``python -m bot``: load settings, explain what is missing, run until SIGINT/SIGTERM, shut down cleanly.

Discord being unreachable at start-up (network not up yet, an outage) is waited out with capped exponential
backoff; only a token Discord refuses ends the process, because no retry can fix that. A database the store
refuses (damaged, read-only, locked) ends it too, with the store's message and no traceback.

Exit status: 0 stopped by SIGTERM/SIGINT; 1 crashed (a restart may help); 2 the operator must act first (no
or refused token, a bad setting, a database the store refuses or whose folder cannot be made, a metrics port
in use), so service managers should not restart it
(``RestartPreventExitStatus=2`` in deploy/rollbot.service).

Several processes: ``python -m bot --shards 0-3 --shard-count 8`` runs shards 0 to 3 of 8 (the same as
``ROLLBOT_SHARDS=0-3 ROLLBOT_SHARD_COUNT=8``; the options win). deploy/README.md shows a layout.
"""
from __future__ import annotations

import argparse
import asyncio
import fcntl
import logging
import os
import signal
import sys
from collections.abc import Awaitable, Callable, Coroutine
from typing import IO, Any

if __name__ == "__main__":
    # ``python -m bot``: a Ctrl-C while the imports below load (a second or so, before ``run`` listens for it)
    # stops with the status a shell gives an interrupted command, not a KeyboardInterrupt traceback. Not for an
    # import of this module (a test, a drawing process: their own Ctrl-C stays theirs).
    signal.signal(signal.SIGINT, lambda signum, frame: sys.exit(128 + signum))

import aiohttp  # noqa: E402
import discord  # noqa: E402

from bot.config import MAX_PORT, MISSING_TOKEN_HELP, ConfigError, Settings, load_settings  # noqa: E402
from bot.logsetup import setup_logging  # noqa: E402

log = logging.getLogger("bot")

#: Failures that mean "Discord could not be reached", worth another try: refused or reset connections,
#: DNS errors, timeouts, and 5xx answers.
UNREACHABLE = (OSError, aiohttp.ClientError, asyncio.TimeoutError, discord.DiscordServerError,
               discord.GatewayNotFound)
FIRST_RETRY_SECONDS = 1.0


def _describe(error: BaseException) -> str:
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


async def login_with_retry(bot: discord.Client, token: str, *, max_delay: float = 60.0,
                           first_delay: float = FIRST_RETRY_SECONDS,
                           sleep: Callable[[float], Awaitable[object]] = asyncio.sleep) -> int:
    """``bot.login`` until Discord answers; returns the number of attempts. Waits 1, 2, 4 … seconds (capped
    at ``max_delay``) between attempts, with one log line each. ``LoginFailure`` (a bad token) and errors
    raised once Discord has accepted the token (then ``setup_hook`` may have run, and must not run twice)
    are raised at once."""
    delay = min(first_delay, max_delay)
    attempt = 0
    while True:
        attempt += 1
        try:
            await bot.login(token)
            if attempt > 1:
                log.info("reached Discord on attempt %d", attempt)
            return attempt
        except discord.LoginFailure:
            raise
        except UNREACHABLE as error:
            if bot.user is not None:
                raise
            log.warning("cannot reach Discord at %s (attempt %d: %s); retrying in %g s",
                        discord.http.Route.BASE, attempt, _describe(error), delay)
            # A failed login leaves discord.py's HTTP session (and its connector) open; close both so the next
            # attempt starts clean and nothing leaks, however many attempts it takes.
            await bot.http.close()
            bot.http.connector = discord.utils.MISSING
            await sleep(delay)
            delay = min(delay * 2, max_delay)


async def start(bot: discord.Client, settings: Settings) -> None:
    """``bot.start`` with the retrying login (the gateway connection retries on its own)."""
    await login_with_retry(bot, settings.token or "", max_delay=settings.login_retry_max_seconds)
    await bot.connect()


#: Exit status when only the operator can fix the cause (restarting would fail the same way).
OPERATOR_MUST_ACT = 2


def _report(error: BaseException) -> int:
    """Log why the bot stopped; returns the exit status."""
    from bot.engine import StoreOpenError

    if isinstance(error, discord.LoginFailure):
        log.error("Discord refused the token (DISCORD_TOKEN): %s. Reset it in the developer portal "
                  "(Bot tab) and update the setting.", str(error).rstrip("."))
        return OPERATOR_MUST_ACT
    if isinstance(error, StoreOpenError):
        log.error("%s", error)
        return OPERATOR_MUST_ACT
    if isinstance(error, ConfigError):       # found once running, e.g. the metrics port is taken
        log.error("configuration error: %s", error)
        return OPERATOR_MUST_ACT
    log.error("bot stopped: %s", error, exc_info=error)
    return 1


def served_shards(settings: Settings) -> tuple[int, ...] | None:
    """The shards this process serves when it is one part of a sharded layout; None when it serves them all."""
    ids, count = settings.shard_ids, settings.shard_count
    if ids is None or count is None or len(ids) >= count:
        return None
    return tuple(ids)


def layout_warning(settings: Settings) -> str | None:
    """Why a sharded layout on an SQLite file is a mistake, or None: every process of a layout serves its own
    shards' guilds from one database (a DM's solo game lives on shard 0), so they must share one PostgreSQL
    (deploy/README.md); an SQLite file is one machine's, and processes on separate files each see a part."""
    if served_shards(settings) is None:
        return None
    from bot.engine.errors import StoreOpenError
    from bot.engine.store import backend_of

    where = settings.db_path
    try:
        if backend_of(where)[0] != "sqlite":
            return None
    except StoreOpenError:            # a URL no database speaks: opening the store says so
        return None
    return (f"this process runs shards {','.join(map(str, settings.shard_ids))} of {settings.shard_count} on the "
            f"SQLite database {str(where)!r}: every process of a sharded layout must use one PostgreSQL "
            "database (ROLLBOT_DB=postgresql://…, deploy/README.md)")


def claim_database(settings: Settings) -> IO[bytes] | str | None:
    """This process's claim on its SQLite file (the open lock file, to keep while it runs), why another process
    holds it, or None where there is nothing to claim (PostgreSQL, ``:memory:``). Two bots started on one file
    both served its games without a word. A byte-range lock (``lockf``) on ``<database>.serving``: the whole
    range for a process serving every shard, one byte per shard otherwise, so the processes of one machine's
    layout may share a file while two serving the same shard may not; the system releases it however the
    process ends, so a crash never leaves the file claimed."""
    from bot.engine.store import backend_of

    backend, path = backend_of(settings.db_path)
    if backend != "sqlite" or path == ":memory:":
        return None
    try:
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
        handle = open(f"{path}.serving", "ab")   # noqa: SIM115 (held open for the process's life)
    except OSError:
        return None                     # a folder that cannot be used: opening the store says why
    shards = served_shards(settings)
    try:
        for start, length in ([(0, 0)] if shards is None else [(shard, 1) for shard in shards]):
            fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB, length, start)
    except OSError:
        handle.close()
        serving = "its games" if shards is None else f"shard {'/'.join(map(str, shards))}"
        return (f"another rollbot process is serving {serving} from the database {path!r}: stop it first, or give "
                "this one a database of its own (ROLLBOT_DB)")
    return handle


async def run(settings: Settings) -> int:
    from bot.app import create_bot

    warning = layout_warning(settings)
    if warning is not None:
        log.warning("%s", warning)
    claim = claim_database(settings)    # before the store: no migration or recovery of a file another serves
    if isinstance(claim, str):
        log.error("%s", claim)
        return OPERATOR_MUST_ACT
    try:
        bot = await create_bot(settings)
    except Exception as error:          # the store could not be opened: say why, before dialling Discord
        return _report(error)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):    # POSIX: the bot runs on Linux servers
        loop.add_signal_handler(sig, stop.set)
    runner = asyncio.create_task(start(bot, settings), name="rollbot-runner")
    stopper = asyncio.create_task(stop.wait(), name="rollbot-stop")
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done and runner.exception() is not None:
            return _report(runner.exception())
        log.info("shutting down")
        return 0
    finally:
        stopper.cancel()
        await bot.close()
        if not runner.done():
            runner.cancel()
        # collect the runner's outcome (already reported above) so nothing is left pending
        await asyncio.gather(runner, return_exceptions=True)


def port_number(text: str) -> int:
    """``--port``: 0 (a free one) to 65535; argparse says what is wrong with anything else, where the system
    would wrap 70000 round to 4464."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"must be a whole number, got {text!r}") from None
    if not 0 <= value <= MAX_PORT:
        raise argparse.ArgumentTypeError(f"must be 0–{MAX_PORT} (0: a free one), got {value}")
    return value


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot", description="Run the rollbot Discord bot. Every "
                                     "other setting comes from the environment or .env (see .env.example).")
    parser.add_argument("--shards", metavar="RANGE",
                        help="the shards this process runs, e.g. 0-3 or 0,2,5 (env ROLLBOT_SHARDS)")
    parser.add_argument("--shard-count", metavar="N", help="shards over all processes (env ROLLBOT_SHARD_COUNT)")
    parser.add_argument("--playground", action="store_true",
                        help="play without Discord: the bot logs into a local Discord and a page is served to "
                             "play on (no token needed)")
    parser.add_argument("--port", type=port_number, default=0,
                        help="the playground page's port (default: a free one, printed)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="where the playground page listens (default 127.0.0.1: this computer only)")
    parser.add_argument("--playground-dir", metavar="DIR", default=".playground",
                        help="the playground's server and database (default .playground); games survive a restart")
    return parser.parse_args(argv)


def environment(args: argparse.Namespace) -> dict[str, str]:
    """The process environment with the command-line options laid over it."""
    env = dict(os.environ)
    if args.shards is not None:
        env["ROLLBOT_SHARDS"] = args.shards
    if args.shard_count is not None:
        env["ROLLBOT_SHARD_COUNT"] = args.shard_count
    return env


#: What ROLLBOT_UVLOOP may say (any case), as on/off.
SWITCHES = {"1": True, "true": True, "yes": True, "on": True, "0": False, "false": False, "no": False, "off": False}


def event_loop_runner() -> Callable[[Coroutine[Any, Any, int]], int]:
    """``uvloop.run`` when uvloop is installed (a dependency on Linux and macOS): its event loop is written in
    C, so the callbacks, socket writes and timers of every click cost a fraction of asyncio's, which leaves
    the one core the bot's Python code runs on for the bot. ``ROLLBOT_UVLOOP=0`` keeps asyncio's own loop;
    a value that is neither on nor off is a ``ConfigError``."""
    text = os.environ.get("ROLLBOT_UVLOOP", "").strip().lower() or "1"
    if text not in SWITCHES:
        raise ConfigError(f"ROLLBOT_UVLOOP must be 1 or 0 (on or off), got {text!r}")
    if not SWITCHES[text]:
        return asyncio.run
    try:
        import uvloop
    except ImportError:
        return asyncio.run
    return uvloop.run


#: How long (seconds) a thread may hold the GIL while others wait for it. While pictures were drawn in the
#: bot's threads, 0.5 ms kept them from holding up the event loop (p95 at 70 moves/s 206–343 ms against
#: 366–607 ms at 5 ms). Now they are drawn in drawing processes and the threads only wait on pipes, the
#: forced switches cost more than they save: at 100 moves/s over 100 games p50 70–348 ms at 5 ms (Python's
#: own default) against 524–602 ms at 0.5 ms, and 240–254 ms at 5 and 20 ms in a later pair.
SWITCH_INTERVAL_S = 0.005


def switch_interval() -> float:
    """``ROLLBOT_SWITCH_INTERVAL`` (seconds, 0.0001–0.1) or, unset or empty, :data:`SWITCH_INTERVAL_S`; anything
    else is a ``ConfigError`` (config.py: a malformed setting is never a silent default)."""
    text = os.environ.get("ROLLBOT_SWITCH_INTERVAL", "").strip()
    if not text:
        return SWITCH_INTERVAL_S
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0.0001 <= value <= 0.1:              # nan fails this too
        raise ConfigError(f"ROLLBOT_SWITCH_INTERVAL must be seconds from 0.0001 to 0.1 (default "
                          f"{SWITCH_INTERVAL_S}), got {text!r}")
    return value


#: Settings read straight from the process environment (the event loop, the GIL, the picture encoder in the
#: worker threads); main() takes them from ``.env`` too, under the real environment like every other setting.
PROCESS_SETTINGS = ("ROLLBOT_UVLOOP", "ROLLBOT_SWITCH_INTERVAL", "ROLLBOT_PICTURE_FORMAT", "ROLLBOT_DRAWING_PROCESSES")

#: At most this many drawing processes (``bot.runtime.pool``): each holds its own Pillow, fonts and icons.
MAX_DRAWING_PROCESSES = 8


def drawing_processes() -> int:
    """``ROLLBOT_DRAWING_PROCESSES`` (0 draws in the bot's own threads) or one on a machine of two cores or
    more: pictures are then drawn beside the bot's Python, on another core (``bot.runtime.pool``)."""
    from bot.runtime import pool

    text = os.environ.get("ROLLBOT_DRAWING_PROCESSES", "").strip()
    if not text:
        return pool.default_count()
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_DRAWING_PROCESSES:
        raise ConfigError(f"ROLLBOT_DRAWING_PROCESSES must be a whole number from 0 to {MAX_DRAWING_PROCESSES} "
                          f"(empty: one on a machine of two cores or more), got {text!r}")
    return value


def check_picture_format() -> None:
    """``ROLLBOT_PICTURE_FORMAT`` is read where pictures are encoded (``images.png``, in every drawing process),
    which falls back to PNG; a value it does not know is refused here, at start, with the variable's name."""
    from images.png import FORMATS

    text = os.environ.get("ROLLBOT_PICTURE_FORMAT", "").strip().lower()
    if text and text not in FORMATS:
        raise ConfigError(f"ROLLBOT_PICTURE_FORMAT must be one of {', '.join(FORMATS)}, got {text!r}")


def export_process_settings(dotenv_path: str | os.PathLike = ".env") -> None:
    if not os.path.isfile(dotenv_path):
        return
    from dotenv import dotenv_values

    for name, value in dotenv_values(dotenv_path).items():
        if name in PROCESS_SETTINGS and value is not None:
            os.environ.setdefault(name, value)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    export_process_settings()
    try:
        settings = load_settings(environment(args))
        interval, drawers, loop_runner = switch_interval(), drawing_processes(), event_loop_runner()
        check_picture_format()
    except ConfigError as exc:
        print(f"rollbot: configuration error: {exc}", file=sys.stderr)
        return OPERATOR_MUST_ACT
    if not settings.token and not args.playground:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return OPERATOR_MUST_ACT
    setup_logging(settings.log_level, libraries=settings.log_level_libraries,
                  secrets=[settings.token] if settings.token else [])
    sys.setswitchinterval(interval)
    import images
    from bot.runtime import pool

    pool.start(drawers, warm=images.WARM_MODULES)
    try:
        if args.playground:
            from pathlib import Path

            from playground.run import serve

            return loop_runner(serve(settings, Path(args.playground_dir), args.host, args.port))
        return loop_runner(run(settings))
    finally:
        pool.stop()


if __name__ == "__main__":
    sys.exit(main())
