"""The PostgreSQL server crashes (immediate shutdown: no checkpoint, every backend killed) while a bot plays:
after recovery every acknowledged move is there, every snapshot is the replay of its log, and play goes on.

This needs a server of its own that it may crash, with ``fsync`` and ``synchronous_commit`` on, so it starts
one (tests/pg_server.py) even when ``ROLLBOT_TEST_PG`` names a shared one.
"""
from __future__ import annotations

import asyncio
import os
import select
import subprocess
import sys
import time

import pytest

from bot.engine import SessionManager
from bot.engine.store import Store as PgStore
from tests.engine.helpers import REPO, registry
from tests.engine.pg_helpers import fetch, replayed_snapshot, run_sync

CRASHES = 3

CHILD = """
import asyncio, sys
sys.path.insert(0, {repo!r})
from bot.engine import EngineError, SessionManager
from bot.engine.store import Store as PgStore
from tests.engine.toy_kind import KIND

async def main():
    store = await PgStore.open({url!r})
    mgr = SessionManager(store, {{KIND.name: KIND}})
    try:
        while True:
            game = await mgr.game_in_channel(1)
            if game is None:
                game = await mgr.create(KIND.name, 1, 1, 11, "one", {{"target": 60}}, 1)
            legal = KIND.legal_moves(game.state, 0)
            result = await mgr.apply(game.id, 11, legal[(game.version * 7 + game.id) % len(legal)], game.version)
            print("ack", game.id, result.seq, flush=True)
    except EngineError as error:
        print("error", error.code, flush=True)

asyncio.run(main())
"""


@pytest.fixture
def own_server():
    from tests.pg_server import PgServer, ServerUnavailable
    try:
        server = PgServer.start(durable=True)
    except ServerUnavailable as error:
        pytest.skip(f"no PostgreSQL server of its own: {error}")
    yield server
    server.stop()


def read_acks(child, acked: dict[int, int], want: int, timeout: float) -> int:
    """Read the child's output until ``want`` acknowledgements came (or it stopped); returns how many."""
    count, deadline, buffer = 0, time.monotonic() + timeout, b""
    while count < want and time.monotonic() < deadline:
        ready, _, _ = select.select([child.stdout], [], [], 1)
        if not ready:
            continue
        chunk = os.read(child.stdout.fileno(), 4096)
        if not chunk:
            break
        buffer += chunk
        *lines, buffer = buffer.split(b"\n")
        for line in lines:
            words = line.decode().split()
            if words and words[0] == "ack":
                acked[int(words[1])] = max(acked.get(int(words[1]), 0), int(words[2]))
                count += 1
    return count


def test_server_crash_loses_no_acknowledged_move(own_server):
    url = own_server.url
    acked: dict[int, int] = {}
    for crash in range(CRASHES):
        child = subprocess.Popen([sys.executable, "-c", CHILD.format(repo=str(REPO), url=url)], cwd=REPO,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            assert read_acks(child, acked, 30 + 20 * crash, 60) >= 30, child.stderr.read1().decode()
            own_server.crash()  # while the child keeps committing
            read_acks(child, acked, 10**9, 20)  # acks that raced the crash count too
            child.wait(timeout=30)
        finally:
            child.kill()
            child.wait()
        own_server.restart()
        logged = {r[0]: r[1] for r in run_sync(fetch(url, "SELECT game_id, max(seq) FROM moves GROUP BY 1"))}
        for game_id, seq in acked.items():
            assert logged.get(game_id, 0) >= seq, f"crash {crash}: game {game_id} lost acknowledged move {seq}"
        for game_id in logged:
            stored, replayed, version, seqs = replayed_snapshot(url, game_id)
            assert stored == replayed and seqs == list(range(1, version + 1))

    async def play_on():
        store = await PgStore.open(url)
        try:
            mgr = SessionManager(store, registry())
            game = await mgr.game_in_channel(1)
            if game is None:            # the last acknowledged move finished that race: the child would start one
                game = await mgr.create("dicerace", 1, 1, 11, "one", {"target": 60}, 1)
            legal = registry()["dicerace"].legal_moves(game.state, 0)
            return game.id, (await mgr.apply(game.id, 11, legal[0], game.version)).version
        finally:
            await store.close()
    game_id, version = asyncio.run(play_on())
    assert game_id >= max(acked) and version == replayed_snapshot(url, game_id)[2] and sum(acked.values()) >= 90
