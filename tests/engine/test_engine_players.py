"""The players' side of the store, on SQLite and PostgreSQL: settings, away periods, the list behind /games
(one query), turn notices owed by direct message, daily attempts, and revisions 0002 to 0004 on a database made
at 0001."""
from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.engine import Bookkeeping, migrations
from bot.engine.away import DAY, AwayRefused, PrefsRefused
from bot.engine.records import AwayPeriod, PlayerPrefs
from bot.engine.schema import HEAD, metadata
from bot.engine.store import GAMES_OF_USER, open_store
from tests.engine.helpers import ENDLESS

ALICE, BOB, CARL = 10**18 + 1, 10**18 + 2, 10**18 + 3       # Discord ids are that large
NOW = 1_700_000_000.0


async def test_settings_default_change_one_at_a_time_and_refuse_bad_ones(store):
    assert await store.get_prefs(ALICE) == PlayerPrefs(ALICE)
    assert await store.set_prefs(ALICE, notify="dm") == PlayerPrefs(ALICE, notify="dm")
    night = await store.set_prefs(ALICE, quiet_start=22 * 60, quiet_end=7 * 60, time_zone="Europe/Berlin")
    assert night == PlayerPrefs(ALICE, "dm", 1320, 420, "Europe/Berlin", False)
    assert (await store.set_prefs(ALICE, dm_closed_told=True)).dm_closed_told is True
    for bad in ({"time_zone": "Mars/Olympus"}, {"notify": "pigeon"}, {"quiet_start": 60}, {"seat": 1}):
        with pytest.raises(PrefsRefused):
            await store.set_prefs(ALICE, **bad)
    assert await store.get_prefs(ALICE) == PlayerPrefs(ALICE, "dm", 1320, 420, "Europe/Berlin", True)
    cleared = await store.set_prefs(ALICE, quiet_start=None, quiet_end=None)
    assert (cleared.quiet_start, cleared.quiet_end, cleared.notify) == (None, None, "dm")
    assert await store.set_prefs(BOB) == PlayerPrefs(BOB)                   # nothing to change: the defaults
    assert await store.prefs_of([CARL, ALICE, CARL]) == {ALICE: cleared, CARL: PlayerPrefs(CARL)}
    assert await store.prefs_of([]) == {}


async def test_the_language_is_noted_for_players_with_settings_only(store):
    """A player's current language is kept for their direct messages: set with their settings, changed by
    ``note_locale``; a player who never chose how to hear of their turns gets no row from it."""
    assert (await store.set_prefs(ALICE, notify="dm", locale="fr")).locale == "fr"
    await store.note_locale(ALICE, "ko")
    await store.note_locale(BOB, "de")
    assert (await store.get_prefs(ALICE)) == PlayerPrefs(ALICE, notify="dm", locale="ko")
    assert await store.get_prefs(BOB) == PlayerPrefs(BOB)
    assert await store.prefs_of([BOB]) == {BOB: PlayerPrefs(BOB)}


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
async def test_settings_made_before_0008_gain_the_language(db_path):
    """``player_prefs`` as revision 0002 made it before 0008 (no ``locale``): the upgrade adds the column, the
    settings stay, the language is not known yet."""
    engine = engine_for(db_path)
    async with engine.begin() as conn:
        await conn.run_sync(migrations.upgrade, "0007")
        await conn.execute(text("ALTER TABLE player_prefs DROP COLUMN locale"))
        await conn.execute(text("INSERT INTO player_prefs (user_id, notify, time_zone, dm_closed_told)"
                                " VALUES (:u, 'dm', 'UTC', FALSE)"), {"u": ALICE})
    await engine.dispose()
    store = await open_store(db_path)
    try:
        assert await store.schema_version() == HEAD
        assert await store.get_prefs(ALICE) == PlayerPrefs(ALICE, notify="dm")
        await store.note_locale(ALICE, "ko")
        assert (await store.get_prefs(ALICE)).locale == "ko"
    finally:
        await store.close()
    assert await schema_differences(db_path) == []


async def test_notices_gather_are_held_and_are_claimed_once(store):
    games = [await store.insert_game(kind="dicerace", guild_id=1, channel_id=9 + i, creator_id=ALICE,
                                     creator_name="A", options={}, seed=1, seats_wanted=2, now=NOW) for i in range(3)]
    await store.add_notices([ALICE, BOB], games[0], NOW + 180, NOW)
    await store.add_notices([ALICE], games[0], NOW + 999, NOW + 5)          # already owed: stays as it was
    await store.add_notices([ALICE], games[1], NOW + 240, NOW + 60)
    await store.add_notices([CARL], games[2], NOW + 100, NOW)
    assert await store.users_with_due_notices(NOW + 179) == [CARL]
    assert await store.users_with_due_notices(NOW + 180) == [CARL, ALICE, BOB]
    await store.hold_notices(ALICE, NOW + 3600)                             # her quiet hours
    assert await store.users_with_due_notices(NOW + 3599) == [CARL, BOB]
    # every notice of hers goes at once (one DM), oldest first, and only once
    assert await store.claim_notices(ALICE) == games[:2]
    assert await store.claim_notices(ALICE) == []
    assert await store.users_with_due_notices(NOW + 10**6) == [CARL, BOB]


async def test_away_periods_are_added_under_the_rules_ended_early_and_read_for_many_players(store):
    week = await store.add_away(ALICE, NOW, NOW + 7 * DAY, NOW)
    assert week == AwayPeriod(ALICE, NOW, NOW + 7 * DAY)
    later = await store.add_away(ALICE, NOW + 20 * DAY, NOW + 30 * DAY, NOW)
    await store.add_away(BOB, NOW + DAY, NOW + 2 * DAY, NOW)
    for start, end, code in ((NOW + 6 * DAY, NOW + 8 * DAY, "overlaps"), (NOW, NOW + 15 * DAY, "too_long"),
                             (NOW + 40 * DAY, NOW + 54 * DAY, "over_budget"), (NOW - 1, NOW + 1, "starts_in_past")):
        with pytest.raises(AwayRefused) as refused:
            await store.add_away(ALICE, start, end, NOW)
        assert refused.value.code == code
    assert await store.away_periods(ALICE, NOW - 60 * DAY, NOW + 60 * DAY) == [week, later]
    assert await store.away_periods(ALICE, NOW + 7 * DAY, NOW + 20 * DAY) == []            # [since, until)
    assert await store.current_away([ALICE, BOB, CARL], NOW + DAY) == {ALICE: week, BOB: AwayPeriod(
        BOB, NOW + DAY, NOW + 2 * DAY)}
    # Alice comes back after 2 days: the week is 2 days now, and 5 more fit in the 60-day window again
    assert await store.end_away(ALICE, NOW + 2 * DAY) == AwayPeriod(ALICE, NOW, NOW + 2 * DAY)
    assert await store.current_away([ALICE], NOW + 3 * DAY) == {}
    assert await store.end_away(ALICE, NOW + 3 * DAY) is None
    await store.add_away(ALICE, NOW + 40 * DAY, NOW + 46 * DAY, NOW + 3 * DAY)
    # coming back the second a period starts removes it, and the same second may start a new one
    assert await store.end_away(ALICE, NOW + 20 * DAY) == AwayPeriod(ALICE, NOW + 20 * DAY, NOW + 20 * DAY)
    assert [p.starts_at for p in await store.away_periods(ALICE, NOW, NOW + 60 * DAY)] == [NOW, NOW + 40 * DAY]
    await store.add_away(ALICE, NOW + 20 * DAY, NOW + 21 * DAY, NOW + 20 * DAY)


def posting(view, result):
    return Bookkeeping(meta={"clock": {"since": {"0": 5.0}}}, post={"version": view.version})


async def test_daily_attempts_one_per_player_kind_and_day_and_the_days_results(mgr):
    store = mgr.store
    games = []
    for user, channel in ((ALICE, 1), (BOB, 2), (CARL, 3)):
        game = await mgr.create("dicerace", None, channel, user, str(user), {"target": 5}, 1, seed=1)
        await store.add_daily_attempt(user, "dicerace", "2026-11-26", game.id)
        games.append(game)
    with pytest.raises(Exception):                                        # one attempt a day
        await store.add_daily_attempt(ALICE, "dicerace", "2026-11-26", games[1].id)
    for game in games[:2]:                                                # Carl's is still in play
        while (await mgr.load(game.id)).status == "active":
            await mgr.apply(game.id, game.creator_id, {"action": "roll"})
    rows = await store.daily_results("dicerace", "2026-11-26")
    assert [(r.day, r.user_id, r.game_id) for r in rows] == [("2026-11-26", u, g.id) for u, g in zip((ALICE, BOB),
                                                                                                    games)]
    assert all(r.total is not None for r in rows) and await store.daily_results("dicerace", "2026-11-27") == []
    assert [r.user_id for r in await store.daily_results("dicerace", "2000-01-01", user_id=BOB)] == [BOB]
    assert await store.daily_day_of(games[2].id) == "2026-11-26" and await store.daily_day_of(10**9) is None
    # whose attempt is still being played (Carl's): a daily game stays hidden from them
    assert await store.daily_open("dicerace", "2026-11-26") and await store.daily_open("dicerace", "2026-11-26", CARL)
    assert not await store.daily_open("dicerace", "2026-11-26", ALICE)
    assert not await store.daily_open("dicerace", "2026-11-27") and not await store.daily_open("rp", "2026-11-26")
    await mgr.abandon(games[2].id, CARL)
    assert not await store.daily_open("dicerace", "2026-11-26")
    await store.note_player_guild(ALICE, 7, NOW)
    await store.note_player_guild(ALICE, 8, NOW)
    assert await store.guilds_of([ALICE, BOB]) == {ALICE: {7, 8}} and await store.guilds_of([]) == {}


async def test_the_games_of_a_player_open_first_then_the_recently_ended(mgr, clock):
    store = mgr.store
    solo = await mgr.create("dicerace", None, 1, ALICE, "Alice", {"target": 5}, 1, seed=1)   # in play (a DM)
    while (await mgr.load(solo.id)).status == "active":
        await mgr.apply(solo.id, ALICE, {"action": "roll"})
    old_done = (await mgr.load(solo.id)).finished_at
    clock.advance(3600)
    duel = await mgr.create("dicerace", 7, 2, BOB, "Bob", ENDLESS, 2, seed=2)
    await mgr.join(duel.id, ALICE, "Alice")
    await mgr.start(duel.id, BOB, plan=posting)
    await mgr.apply(duel.id, BOB, {"action": "pass"}, 0, plan=posting)
    first, second = await store.posts(duel.id)
    await store.mark_post_delivered(first.id, 555, clock())
    await store.mark_post_delivered(second.id, None, clock())           # given up: the live message stays 555
    lobby = await mgr.create("dicerace", 7, 3, ALICE, "Alice", ENDLESS, 3, seed=3)
    gone = await mgr.create("dicerace", 7, 4, ALICE, "Alice", ENDLESS, 2, seed=4)
    await mgr.abandon(gone.id, ALICE)
    await mgr.create("dicerace", 7, 5, CARL, "Carl", ENDLESS, 2, seed=5)          # not hers

    games = await store.games_of_user(ALICE, finished_since=old_done)
    # the ended ones after the open ones, the abandoned one too (a player away meanwhile sees what became of it)
    assert [(g.game_id, g.status, g.seat) for g in games] == [(lobby.id, "lobby", 0), (duel.id, "active", 1),
                                                              (gone.id, "abandoned", 0), (solo.id, "finished", 0)]
    playing = games[1]
    assert (playing.kind, playing.guild_id, playing.channel_id, playing.version) == ("dicerace", 7, 2, 1)
    assert playing.meta == {"clock": {"since": {"0": 5.0}}} and playing.message_id == 555
    assert playing.started_at == clock() and playing.finished_at is None
    assert games[0].message_id is None and games[0].started_at is None and games[0].meta == {}
    assert games[3].finished_at == old_done and games[3].guild_id is None
    assert [g.game_id for g in await store.games_of_user(ALICE, old_done + 1)] == [lobby.id, duel.id, gone.id]
    assert [g.game_id for g in await store.games_of_user(ALICE, old_done, limit=2, offset=2)] == [gone.id, solo.id]
    assert await store.games_of_user(10**12, old_done) == []


def engine_for(db_path):
    """An engine on the test's database behind the store's back (PostgreSQL: in the test's own schema)."""
    text = str(db_path)
    if not text.startswith("postgresql://"):
        return create_async_engine(f"sqlite+aiosqlite:///{text}")
    from tests.engine.pg_helpers import schema_of
    return create_async_engine("postgresql+asyncpg://" + text[len("postgresql://"):].split("?")[0],
                               connect_args={"server_settings": {"search_path": schema_of(text)}})


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"], indirect=True)
async def test_a_database_made_at_0001_is_upgraded_to_head(db_path):
    """Revision 0001 as it shipped (its tables only), a game in it; the store upgrades it to the head, where the
    schema is exactly schema.py's, and the game and the new tables are there."""
    engine = engine_for(db_path)
    async with engine.begin() as conn:
        await conn.run_sync(migrations.upgrade, "0001")
        tables = await conn.run_sync(lambda sync: set(sync.dialect.get_table_names(sync)))
        assert "games" in tables and not {"player_prefs", "away_periods", "notices",
                                                    "daily_attempts", "find_queue"} & tables
    await engine.dispose()
    store = await open_store(db_path)
    try:
        game = await store.insert_game(kind="dicerace", guild_id=1, channel_id=9, creator_id=ALICE, creator_name="A",
                                       options={}, seed=1, seats_wanted=2, now=NOW)
        assert await store.schema_version() == HEAD and await store.integrity_check() == ["ok"]
        await store.add_away(ALICE, NOW, NOW + DAY, NOW)
        assert [g.game_id for g in await store.games_of_user(ALICE, NOW)] == [game]
        await store.add_notices([ALICE], game, NOW + 180, NOW)
        assert await store.claim_notices(ALICE) == [game]
        await store.add_daily_attempt(ALICE, "dicerace", "2026-11-26", game)
        assert await store.daily_attempt(ALICE, "dicerace", "2026-11-26") == game
    finally:
        await store.close()
    assert await schema_differences(db_path) == []


async def schema_differences(db_path) -> list:
    """How the test's database differs from schema.py's tables (Alembic's comparison; [] when it is exact)."""
    engine = engine_for(db_path)
    async with engine.connect() as conn:
        diff = await conn.run_sync(lambda sync: compare_metadata(MigrationContext.configure(sync), metadata))
    await engine.dispose()
    return diff


def test_the_list_reads_the_players_seats_by_index_and_each_live_message_by_the_games_posts():
    """SQLite's plan for ``GAMES_OF_USER``: the seats through ``seats_by_user``, each game by its key, its live
    message by ``outbox_by_game`` (PostgreSQL's plan, on 10,000 games: benchmarks/games_list.py)."""
    from sqlalchemy import create_engine

    engine = create_engine("sqlite://")
    with engine.begin() as conn:
        metadata.create_all(conn)
        db = conn.connection.dbapi_connection
        plan = [row[-1] for row in db.execute("EXPLAIN QUERY PLAN " + GAMES_OF_USER,
                                              {"u": 1, "since": 0, "n": 5, "o": 0})]
    assert any(line.startswith("SEARCH s USING COVERING INDEX seats_by_user (user_id=?)") for line in plan), plan
    assert any(line.startswith("SEARCH g USING INTEGER PRIMARY KEY") for line in plan), plan
    assert any(line.startswith("SEARCH o USING INDEX outbox_by_game (game_id=?)") for line in plan), plan
    assert not any(line.startswith("SCAN") for line in plan), plan
