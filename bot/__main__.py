"""``python -m bot``: load settings, explain what is missing, run until SIGINT/SIGTERM, shut down cleanly."""
from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.config import MISSING_TOKEN_HELP, ConfigError, Settings, load_settings

log = logging.getLogger("bot")


async def run(settings: Settings) -> int:
    from bot.app import create_bot

    bot = create_bot(settings)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):    # POSIX: the bot runs on Linux servers
        loop.add_signal_handler(sig, stop.set)
    runner = asyncio.create_task(bot.start(settings.token), name="rollbot-runner")
    stopper = asyncio.create_task(stop.wait(), name="rollbot-stop")
    try:
        done, _ = await asyncio.wait({runner, stopper}, return_when=asyncio.FIRST_COMPLETED)
        if runner in done and runner.exception() is not None:
            log.error("bot stopped: %s", runner.exception(), exc_info=runner.exception())
            return 1
        log.info("shutting down")
        return 0
    finally:
        stopper.cancel()
        await bot.close()
        if not runner.done():
            runner.cancel()
        # collect the runner's outcome (already reported above) so nothing is left pending
        await asyncio.gather(runner, return_exceptions=True)


def main() -> int:
    try:
        settings = load_settings()
    except ConfigError as exc:
        print(f"rollbot: configuration error: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print(MISSING_TOKEN_HELP, file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return asyncio.run(run(settings))


if __name__ == "__main__":
    sys.exit(main())
