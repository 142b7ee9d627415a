"""``python -m bot.engine verify``: replays every game and reports the ones whose snapshot differs."""
from __future__ import annotations

import asyncio
import io
import sqlite3
import subprocess
import sys

from bot.engine import SessionManager, Store
from bot.engine.__main__ import run_verify
from tests.engine.helpers import ENDLESS, REPO, registry

KINDS = ["tests.engine.toy_kind:KIND", "tests.engine.toy_kind:DUEL_KIND"]


async def make_games(path):
    store = await Store.open(path)
    mgr = SessionManager(store, registry())
    ids = []
    for channel in range(3):
        game = await mgr.create("dicerace", 1, channel, 1, "a", ENDLESS, 1, seed=channel)
        for version in range(4):
            await mgr.apply(game.id, 1, {"action": "roll"}, version)
        ids.append(game.id)
    lobby = await mgr.create("diceduel", 1, 9, 1, "a", ENDLESS, 2)
    await store.close()
    return ids, lobby.id


async def test_verify_passes_on_a_healthy_file(db_path):
    await make_games(db_path)
    out = io.StringIO()
    assert await run_verify(str(db_path), KINDS, out) == 0
    assert "checked 3 games" in out.getvalue() and "0 with problems" in out.getvalue()


async def test_verify_reports_a_tampered_snapshot(db_path):
    ids, _ = await make_games(db_path)
    db = sqlite3.connect(db_path)
    db.execute("UPDATE games SET snapshot = replace(snapshot, '\"turn\":0', '\"turn\":0 ') WHERE id = ?",
               (ids[1],))
    db.commit()
    db.close()
    out = io.StringIO()
    assert await run_verify(str(db_path), KINDS, out) == 1
    text = out.getvalue()
    assert f"game {ids[1]} " in text and "snapshot differs" in text and f"game {ids[0]} " not in text


async def test_verify_reports_games_it_cannot_replay(db_path):
    await make_games(db_path)
    out = io.StringIO()
    assert await run_verify(str(db_path), [], out) == 1  # the toy kind is not a shipped kind
    assert "is not registered" in out.getvalue()


async def test_verify_refuses_a_corrupt_file(tmp_path):
    path = tmp_path / "bad.db"
    path.write_bytes(b"\x00garbage" * 512)
    out = io.StringIO()
    assert await run_verify(str(path), KINDS, out) == 2
    assert str(path) in out.getvalue()


def test_command_line(db_path):
    asyncio.run(make_games(db_path))
    done = subprocess.run([sys.executable, "-m", "bot.engine", "verify", str(db_path), "--kinds", *KINDS],
                          check=False, cwd=REPO, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 with problems" in done.stdout
