"""``python -m bot`` against a local stand-in for Discord's REST API: it logs in, opens the store, syncs
commands, asks for the gateway, and shuts down cleanly (exit 0, store closed) on SIGTERM or SIGINT."""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import pytest
from aiohttp import web

from cogs.games import PRESENTATIONS

ROOT = Path(__file__).resolve().parents[1]
APP_ID = "800000000000000001"
BOT_USER = {"id": "800000000000000002", "username": "rollbot", "discriminator": "0", "avatar": None,
            "bot": True, "global_name": None, "flags": 0}


def reply(data) -> web.Response:
    # discord.py only parses bodies whose content type is exactly application/json
    return web.Response(body=json.dumps(data).encode(), headers={"Content-Type": "application/json"})


async def fake_discord(seen: list[str]):
    async def users_me(request):
        seen.append("users/@me")
        return reply(BOT_USER)

    async def app_info(request):
        seen.append("applications/@me")
        return reply({
            "id": APP_ID, "name": "rollbot", "description": "", "icon": None, "bot_public": True,
            "bot_require_code_grant": False, "owner": BOT_USER, "verify_key": "00", "flags": 0,
            "team": None, "summary": ""})

    async def put_commands(request):
        body = await request.json()
        seen.append(f"sync:{request.match_info.get('guild', 'global')}:{len(body)}")
        return reply([])

    async def gateway_bot(request):
        seen.append("gateway/bot")
        return reply({"url": f"ws://127.0.0.1:{request.url.port}/nowhere", "shards": 1,
                                  "session_start_limit": {"total": 1000, "remaining": 1000,
                                                          "reset_after": 0, "max_concurrency": 1}})

    app = web.Application()
    app.router.add_get("/api/v10/users/@me", users_me)
    app.router.add_get("/api/v10/oauth2/applications/@me", app_info)
    app.router.add_put("/api/v10/applications/{app}/commands", put_commands)
    app.router.add_put("/api/v10/applications/{app}/guilds/{guild}/commands", put_commands)
    app.router.add_get("/api/v10/gateway/bot", gateway_bot)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]
    return runner, port


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
async def test_runs_and_shuts_down_cleanly(tmp_path, sig):
    seen: list[str] = []
    runner, port = await fake_discord(seen)
    env = dict(os.environ, PYTHONPATH=str(ROOT), DISCORD_TOKEN="test-token",
               DISCORD_API_BASE=f"http://127.0.0.1:{port}/api/v10", ROLLBOT_DB=str(tmp_path / "g.db"),
               ROLLBOT_DEV_GUILD="4242", ROLLBOT_LOG_LEVEL="INFO")
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=tmp_path, env=env,
                                                stdout=asyncio.subprocess.PIPE,
                                                stderr=asyncio.subprocess.PIPE)
    try:
        for _ in range(300):
            if "gateway/bot" in seen or proc.returncode is not None:
                break
            await asyncio.sleep(0.05)
        assert "gateway/bot" in seen, seen
        proc.send_signal(sig)
        _, err = await asyncio.wait_for(proc.communicate(), timeout=30)
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()
        await runner.cleanup()
    log = err.decode()
    assert proc.returncode == 0, log
    assert seen[:2] == ["users/@me", "applications/@me"]
    games = len(PRESENTATIONS) + 7   # one root command per game, /daily, /find, /seat, /games, /notify, /away, /help
    assert f"sync:4242:{games}" in seen and f"sync:global:{games}" in seen
    assert "store closed" in log and "shutting down" in log
    assert (tmp_path / "g.db").exists()
