"""A whole solo game with every logger at DEBUG (the bot's and discord.py's, aiosqlite's …): the log shows
the traffic but holds neither an interaction token nor the bot token.

The bot runs as an operator runs it, ``python -m bot`` in its own process configured by the environment, so
the logging set-up under test is the real one; its stderr goes to a file (a DEBUG log would fill a pipe).
"""
from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from tests.e2e.flows import start_solo_game
from tests.e2e.policy import RandomPlayer

ROOT = Path(__file__).resolve().parents[2]


async def test_a_game_at_debug_logs_no_token(discord_stub, cast, tmp_path):
    stub = discord_stub
    log_path = tmp_path / "bot.log"
    env = dict(os.environ, PYTHONPATH=str(ROOT), DISCORD_API_BASE=stub.api_base, DISCORD_TOKEN=stub.token,
               ROLLBOT_DB=str(tmp_path / "rollbot.db"), ROLLBOT_LOG_LEVEL="DEBUG", ROLLBOT_LOG_LEVEL_DISCORD="DEBUG")
    with log_path.open("wb") as log_file:
        proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                    stdout=log_file, stderr=log_file)
        try:
            await stub.wait_for_session(timeout=60)
            first = await start_solo_game(stub, cast.stranger)
            player = RandomPlayer(stub, stub.dm_channel(cast.stranger), [cast.stranger], seed=11)
            await player.play(first)
            await stub.settle()
            proc.send_signal(signal.SIGTERM)
            await asyncio.wait_for(proc.wait(), 30)
        finally:
            if proc.returncode is None:
                proc.kill()
                await proc.wait()
    log = log_path.read_text(errors="replace")
    assert proc.returncode == 0, log[-3000:]
    assert player.log.moves >= 20

    tokens = [ix.token for ix in stub.interactions.values()]
    assert len(tokens) > 20
    leaked = [token for token in tokens if token in log]
    assert not leaked, f"{len(leaked)} interaction tokens in the log, e.g. {leaked[0]!r}"
    assert stub.token not in log, "the bot token is in the log"

    # the log really held the traffic that carries tokens, with the tokens replaced
    assert "WebSocket Event" in log and "INTERACTION_CREATE" in log, "discord.py's DEBUG lines are missing"
    assert "/interactions/" in log and "<redacted>" in log
    assert "'token': '<redacted>'" in log or '"token": "<redacted>"' in log
    stub.assert_clean()
