"""Issue 28 point 12: opening a damaged database refuses it wherever it is opened, as ``python -m bot``
does: the check lives in the stores' ``open`` (on by default), not in the bot's call."""
from __future__ import annotations

import io
import sqlite3

import asyncpg
import pytest

from bot.engine import SessionManager, Store, StoreOpenError
from bot.engine.__main__ import run_verify
from bot.engine.store import Store as PgStore
from bot.engine.store import open_store
from tests.engine.helpers import ENDLESS, registry

KINDS = ["tests.engine.toy_kind:KIND"]


async def _smashed_file(path):
    store = await Store.open(path)
    mgr = SessionManager(store, registry())
    for channel in range(60):
        game = await mgr.create("dicerace", 1, channel, 1, "a", ENDLESS, 1, seed=channel)
        for version in range(10):
            await mgr.apply(game.id, 1, {"action": "roll"}, version)
    await store.close()
    db = sqlite3.connect(path)
    page = db.execute("SELECT max(pageno) FROM dbstat WHERE name = 'moves' AND pagetype = 'leaf'").fetchone()[0]
    db.close()
    data = bytearray(path.read_bytes())
    data[(page - 1) * 4096 + 8:page * 4096] = b"\xa5" * 4088
    path.write_bytes(bytes(data))


async def test_every_way_of_opening_a_damaged_file_refuses_it_with_the_restore_recipe(tmp_path):
    path = tmp_path / "g.db"
    await _smashed_file(path)
    before = path.read_bytes()
    for opening in (lambda: Store.open(path), lambda: open_store(str(path)),
                    lambda: open_store(f"sqlite:///{path}")):
        with pytest.raises(StoreOpenError) as refused:
            await opening()
        assert "damaged" in str(refused.value) and "python -m bot.engine verify" in str(refused.value)
    assert path.read_bytes() == before


async def _execute(url: str, sql: str) -> None:
    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


async def test_postgresql_refuses_a_tampered_database_by_default_and_verify_reports_it(pg_url):
    await (await PgStore.open(pg_url)).close()
    await _execute(pg_url, "ALTER TABLE moves DISABLE TRIGGER moves_no_update")
    for opening in (lambda: PgStore.open(pg_url), lambda: open_store(pg_url)):
        with pytest.raises(StoreOpenError, match="damaged"):
            await opening()
    out = io.StringIO()
    assert await run_verify(pg_url, KINDS, out) == 1           # verify still opens it, to say what is wrong
    assert "moves_no_update disabled" in out.getvalue()
