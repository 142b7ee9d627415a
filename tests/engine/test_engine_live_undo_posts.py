"""Revision 0007: an undo's public post stored without the ``"live"`` marker (before the fix) gets it, so the
courier edits that message as the layout it is (it took it for a plain message from before the layout and sent
a text edit that Discord refuses, and every later post of the game failed); a game's posts from before the
layout stay unmarked."""
from __future__ import annotations

import pytest
from sqlalchemy import text

from bot.engine.schema import HEAD
from bot.engine.store import dump_json, open_store
from tests.engine.test_engine_players import engine_for, schema_differences

NOW = 1_700_000_000.0


def turn(**extra) -> dict:
    return {"type": "turn", "mover": 0, "started": False, "events": [], "mention": [], **extra}


UNDO = {"key": "undo.taken_back", "params": {"seat": 0, "move": "Keep all"}}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
async def test_a_database_at_0006_marks_the_undo_posts_of_live_games(db_path):
    store = await open_store(db_path)
    try:
        games = [await store.insert_game(kind="dicepoker", guild_id=1, channel_id=10 + k, creator_id=5,
                                         creator_name="Ann", options={}, seed=k, seats_wanted=2, now=NOW)
                 for k in range(2)]
    finally:
        await store.close()
    before_layout = [turn(started=True), turn(events=[UNDO]), turn(events=[UNDO], edit=True)]
    with_layout = [turn(started=True, live=True), turn(events=[UNDO], mention=[1]), turn(live=True),
                   turn(events=[UNDO], edit=True), {"type": "other"}]
    engine = engine_for(db_path)
    async with engine.begin() as conn:
        for game, posts in zip(games, (before_layout, with_layout)):
            for seq, payload in enumerate(posts):
                await conn.execute(text("INSERT INTO outbox (game_id, seq, channel_id, payload, created_at) "
                                        "VALUES (:g, :s, 1, :p, :t)"),
                                   {"g": game, "s": seq, "p": dump_json(payload), "t": NOW})
        await conn.execute(text("UPDATE alembic_version SET version_num = '0006'"))
    await engine.dispose()
    store = await open_store(db_path)
    try:
        assert await store.schema_version() == HEAD
        assert [p.payload for p in await store.posts(games[0])] == before_layout
        marked = [p.payload for p in await store.posts(games[1])]
        assert marked[:4] == [dict(p, live=True) for p in with_layout[:4]]
        assert marked[4] == {"type": "other"}
    finally:
        await store.close()
    assert await schema_differences(db_path) == []
