"""The bot in its own process (as the round-trip benchmark runs it), configured only by environment."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from .fixtures import Cast
from .images import png_size
from .server import DiscordStub

REPO_ROOT = Path(__file__).resolve().parents[2]


async def test_bot_process_against_the_stand_in(discord_stub: DiscordStub, cast: Cast) -> None:
    env = dict(os.environ, DISCORD_API_BASE=discord_stub.api_base, DISCORD_TOKEN=discord_stub.token,
               STUB_GUILD_ID=str(discord_stub.guild.id))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "tests.discord_stub.testbot", cwd=REPO_ROOT, env=env,
        stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    try:
        await discord_stub.wait_for_session(timeout=30)
        ix = await discord_stub.run_command(cast.alice, cast.games, "t pic")
        msg = await ix.wait_response()
        assert png_size(msg.attachment("pic.png")) == (64, 48) and ix.ack_latency < 1.0
        click = await discord_stub.click(cast.bob, msg, label="Count 0")
        await click.wait_response()
        assert msg.content == "count 1 by bob"
    finally:
        if proc.returncode is None:
            proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), 10)
        except TimeoutError:
            proc.kill()
            await proc.wait()
    stderr = (await proc.stderr.read()).decode()
    assert proc.returncode == 0, stderr
    assert discord_stub.active_session is None
