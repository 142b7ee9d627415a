"""Nothing lost between the database and Discord: the bot process is killed right after a move is committed
and before its post reaches the channel; after a restart the post arrives exactly once and mentions the
player who is due.

The bot runs as an operator would run it (``python -m bot``, configured by environment). The stand-in holds
the post (``channel_post_gate``) and the test SIGKILLs the process while it is held, so the post provably
never reached Discord from the first process.
"""
from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import sys
from pathlib import Path

from tests.discord_stub.fixtures import Cast
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import click_first_move, start_guild_game

REPO_ROOT = Path(__file__).resolve().parents[2]


async def _start_bot(stub: DiscordStub, db: Path) -> asyncio.subprocess.Process:
    env = dict(os.environ, DISCORD_API_BASE=stub.api_base, DISCORD_TOKEN=stub.token, ROLLBOT_DB=str(db),
               ROLLBOT_LOG_LEVEL="WARNING")
    before = len(stub.sessions)
    proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=REPO_ROOT, env=env,
                                                stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    await stub.wait_until(lambda: len(stub.sessions) > before and stub.active_session is not None, 60,
                          "the bot process to connect")
    await stub.wait_until(lambda: stub.commands.listing(None), 30, "the bot's commands")
    return proc


async def _stop(proc: asyncio.subprocess.Process) -> None:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
        try:
            await asyncio.wait_for(proc.wait(), 15)
        except TimeoutError:
            proc.kill()
            await proc.wait()


def _undelivered(db: Path) -> list[tuple[int, int]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT game_id, seq FROM outbox WHERE delivered_at IS NULL").fetchall()


async def test_post_survives_a_crash_between_commit_and_send(discord_stub: DiscordStub, cast: Cast, tmp_path):
    stub, db = discord_stub, tmp_path / "rollbot.db"
    proc = await _start_bot(stub, db)
    try:
        prompt = await start_guild_game(stub, cast.games, [cast.alice, cast.bob])
        due = cast.alice if f"<@{cast.alice.id}>" in prompt.text else cast.bob
        other = cast.bob if due is cast.alice else cast.alice

        held, release = asyncio.Event(), asyncio.Event()

        async def hold(channel, record) -> bool:
            held.set()
            await release.wait()                  # released only after the process is dead
            return False                          # and then dropped: it never reaches the channel
        stub.channel_post_gate = hold
        mark = stub.mark()
        clicked = await click_first_move(stub, due, prompt)   # the first setup choice: a public step
        await asyncio.wait_for(held.wait(), 30)
        await clicked.wait_ack(30)      # the click was answered (under load it may come after the post was held):
        proc.kill()                     # the crash falls between the commit and the post. SIGKILL: no shutdown code
        await proc.wait()
        release.set()
        assert _undelivered(db), "the move's post was committed with the move"
        with sqlite3.connect(db) as conn:
            assert conn.execute("SELECT count(*) FROM moves").fetchone()[0] == 1
        assert [m for m in stub.messages(cast.games, after=mark) if not m.ephemeral and m.attachments] == []
    finally:
        await _stop(proc)

    stub.channel_post_gate = None
    proc = await _start_bot(stub, db)
    try:
        post = await stub.wait_for_message(cast.games, lambda m: not m.ephemeral and bool(m.attachments), after=mark,
                                           timeout=30)
        await asyncio.sleep(2)        # both start-up paths (on_ready, the retry loop) have had their go
        posts = [m for m in stub.messages(cast.games, after=mark) if not m.ephemeral and m.attachments]
        assert posts == [post], "the post arrived exactly once"
        assert other.id in post.mentions and f"<@{other.id}>" in post.text, "the player now due is mentioned"
        # the replay summarised the previous message (again: an idempotent edit) before posting the new one
        assert not prompt.images and not prompt.buttons and len(prompt.text.splitlines()) == 1
        assert [m for m in stub.messages(cast.games) if not m.ephemeral and m.layout and (m.images or m.buttons)] \
            == [post], "one live message per game"
        assert _undelivered(db) == []
    finally:
        await _stop(proc)
