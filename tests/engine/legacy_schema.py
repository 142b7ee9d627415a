"""The SQL of the hand-written store before Alembic, frozen (it was bot/engine/schema.py and pg_schema.py): the
tests build with it a SQLite v6 file and a PostgreSQL v4 database exactly as that code made them (every step in
order, as it did for a new database), to check the store adopts them in place. Never edit it.
"""
from __future__ import annotations

from bot.engine.schema import APPEND_ONLY, APPLICATION_ID, NOT_IN_PLAY, OUT_OF_SEQUENCE  # noqa: F401 (used in the SQL)

SCHEMA_V1 = f"""
PRAGMA application_id = {APPLICATION_ID};

CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    kind          TEXT    NOT NULL,
    guild_id      INTEGER,
    channel_id    INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id    INTEGER NOT NULL,
    options       TEXT    NOT NULL,
    seed          INTEGER NOT NULL,
    seats_wanted  INTEGER NOT NULL,
    snapshot      TEXT,
    version       INTEGER NOT NULL DEFAULT 0,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL,
    started_at    REAL,
    finished_at   REAL
);

-- The rule "one game per channel" lives in the database, so no race between two creates can break it.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  INTEGER,
    name     TEXT    NOT NULL,
    is_ai    INTEGER NOT NULL DEFAULT 0 CHECK (is_ai IN (0, 1)),
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE moves (
    game_id     INTEGER NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER NOT NULL,
    user_id     INTEGER,
    move        TEXT    NOT NULL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE results (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    total    INTEGER,
    place    INTEGER,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;

CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;
"""

SCHEMA_V2 = """
ALTER TABLE games ADD COLUMN last_activity_at REAL;
UPDATE games SET last_activity_at = COALESCE(started_at, created_at);
UPDATE games SET last_activity_at = max(last_activity_at, (SELECT max(created_at) FROM moves
                                                             WHERE moves.game_id = games.id))
 WHERE EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id);
ALTER TABLE games ADD COLUMN last_reminder_at REAL;
ALTER TABLE games ADD COLUMN reminder_count INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN meta TEXT NOT NULL DEFAULT '{}';
ALTER TABLE games ADD COLUMN final_score TEXT;

CREATE INDEX games_active_by_activity ON games (last_activity_at) WHERE status = 'active';
CREATE INDEX games_finished_by_time ON games (finished_at) WHERE status = 'finished';

CREATE TABLE bot_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
) WITHOUT ROWID;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;

-- Appending a move is one INSERT into this view: the trigger checks that the game is in play and that the
-- move is exactly the next one, then appends it and moves the snapshot and version forward. One statement
-- is one transaction, so a move and its snapshot are committed together or not at all, and the log can
-- never get a gap or a duplicate whatever the caller does.
CREATE VIEW move_appends AS
    SELECT game_id, seq, seat, user_id, move, created_at, NULL AS snapshot FROM moves WHERE 0;

CREATE TRIGGER move_appends_insert INSTEAD OF INSERT ON move_appends
BEGIN
    SELECT RAISE(ABORT, 'engine: game is not in play')
     WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'active';
    SELECT RAISE(ABORT, 'engine: move out of sequence')
     WHERE (SELECT version FROM games WHERE id = NEW.game_id) IS NOT NEW.seq - 1;
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at)
        VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.user_id, NEW.move, NEW.created_at);
    UPDATE games
       SET snapshot = NEW.snapshot, version = NEW.seq, updated_at = NEW.created_at,
           last_activity_at = NEW.created_at, reminder_count = 0
     WHERE id = NEW.game_id;
END;
"""

SCHEMA_V3 = """
CREATE TABLE outbox (
    id            INTEGER PRIMARY KEY,
    game_id       INTEGER NOT NULL REFERENCES games (id),
    seq           INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    payload       TEXT    NOT NULL,
    created_at    REAL    NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    delivered_at  REAL,
    message_id    INTEGER
);

CREATE INDEX outbox_undelivered ON outbox (id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_by_game ON outbox (game_id, id);

-- A move with its bookkeeping is still ONE statement (one transaction, one round trip): an INSERT into this
-- view checks and appends the move like move_appends does, replaces the game's metadata when one is given,
-- and queues the post the move made due.
CREATE VIEW move_commits AS
    SELECT game_id, seq, seat, user_id, move, created_at, NULL AS snapshot, NULL AS meta, NULL AS post
      FROM moves WHERE 0;

CREATE TRIGGER move_commits_insert INSTEAD OF INSERT ON move_commits
BEGIN
    INSERT INTO move_appends (game_id, seq, seat, user_id, move, created_at, snapshot)
        VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.user_id, NEW.move, NEW.created_at, NEW.snapshot);
    UPDATE games SET meta = NEW.meta WHERE id = NEW.game_id AND NEW.meta IS NOT NULL;
    INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
        SELECT id, NEW.seq, channel_id, NEW.post, NEW.created_at FROM games
         WHERE id = NEW.game_id AND NEW.post IS NOT NULL;
END;
"""

SCHEMA_V4 = """
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until REAL;

CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    owner  TEXT NOT NULL,
    until  REAL NOT NULL
) WITHOUT ROWID;
"""

SCHEMA_V5 = """
CREATE TABLE player_guilds (
    user_id   INTEGER NOT NULL,
    guild_id  INTEGER NOT NULL,
    seen_at   REAL    NOT NULL,
    PRIMARY KEY (user_id, guild_id)
) WITHOUT ROWID;

CREATE INDEX player_guilds_by_guild ON player_guilds (guild_id);

INSERT OR IGNORE INTO player_guilds (user_id, guild_id, seen_at)
    SELECT s.user_id, g.guild_id, max(g.created_at) FROM seats s JOIN games g ON g.id = s.game_id
     WHERE s.user_id IS NOT NULL AND g.guild_id IS NOT NULL AND s.is_ai = 0
     GROUP BY s.user_id, g.guild_id;

CREATE TRIGGER seats_note_guild AFTER INSERT ON seats
    WHEN NEW.user_id IS NOT NULL AND NEW.is_ai = 0
BEGIN
    INSERT OR IGNORE INTO player_guilds (user_id, guild_id, seen_at)
        SELECT NEW.user_id, guild_id, updated_at FROM games WHERE id = NEW.game_id AND guild_id IS NOT NULL;
END;

CREATE INDEX games_finished_by_guild ON games (guild_id, kind, finished_at) WHERE status = 'finished';
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

DROP TRIGGER moves_no_update;
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
    WHEN NOT (NEW.user_id IS NULL AND NEW.game_id IS OLD.game_id AND NEW.seq IS OLD.seq AND NEW.seat IS OLD.seat
              AND NEW.move IS OLD.move AND NEW.created_at IS OLD.created_at)
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;
"""

SCHEMA_V6 = """
ALTER TABLE moves ADD COLUMN undoes INTEGER;

CREATE UNIQUE INDEX moves_undone_once ON moves (game_id, undoes) WHERE undoes IS NOT NULL;

CREATE VIEW undo_commits AS
    SELECT game_id, seq, seat, user_id, undoes, created_at, NULL AS snapshot, NULL AS meta, NULL AS post
      FROM moves WHERE 0;

CREATE TRIGGER undo_commits_insert INSTEAD OF INSERT ON undo_commits
BEGIN
    SELECT RAISE(ABORT, 'engine: game is not in play')
     WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'active';
    SELECT RAISE(ABORT, 'engine: move out of sequence')
     WHERE (SELECT version FROM games WHERE id = NEW.game_id) IS NOT NEW.seq - 1;
    SELECT RAISE(ABORT, 'engine: move out of sequence')
     WHERE NOT EXISTS (SELECT 1 FROM moves WHERE game_id = NEW.game_id AND seq = NEW.undoes
                                              AND seq < NEW.seq AND undoes IS NULL);
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at, undoes)
        VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.user_id, '{}', NEW.created_at, NEW.undoes);
    UPDATE games
       SET snapshot = NEW.snapshot, version = NEW.seq, updated_at = NEW.created_at,
           last_activity_at = NEW.created_at, reminder_count = 0, meta = COALESCE(NEW.meta, meta)
     WHERE id = NEW.game_id;
    INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
        SELECT id, NEW.seq, channel_id, NEW.post, NEW.created_at FROM games
         WHERE id = NEW.game_id AND NEW.post IS NOT NULL;
END;

DROP TRIGGER moves_no_update;
CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
    WHEN NOT (NEW.user_id IS NULL AND NEW.game_id IS OLD.game_id AND NEW.seq IS OLD.seq AND NEW.seat IS OLD.seat
              AND NEW.move IS OLD.move AND NEW.created_at IS OLD.created_at AND NEW.undoes IS OLD.undoes)
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END;
"""

VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS rollbot_schema (
    version     INTEGER     PRIMARY KEY,
    applied_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
"""

PG_V1 = f"""
CREATE TABLE games (
    id                BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    kind              TEXT    NOT NULL,
    guild_id          BIGINT,
    channel_id        BIGINT  NOT NULL,
    status            TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    creator_id        BIGINT  NOT NULL,
    options           TEXT    NOT NULL,
    seed              BIGINT  NOT NULL,
    seats_wanted      INTEGER NOT NULL,
    snapshot          TEXT,
    version           INTEGER NOT NULL DEFAULT 0,
    created_at        DOUBLE PRECISION NOT NULL,
    updated_at        DOUBLE PRECISION NOT NULL,
    started_at        DOUBLE PRECISION,
    finished_at       DOUBLE PRECISION,
    last_activity_at  DOUBLE PRECISION,
    last_reminder_at  DOUBLE PRECISION,
    reminder_count    INTEGER NOT NULL DEFAULT 0,
    meta              TEXT    NOT NULL DEFAULT '{{}}',
    final_score       TEXT
);

-- One game per channel lives in the database: of two simultaneous creates (from any number of processes)
-- exactly one commits.
CREATE UNIQUE INDEX games_one_open_per_channel ON games (channel_id) WHERE status IN ('lobby', 'active');
CREATE INDEX games_active_by_activity ON games (last_activity_at) WHERE status = 'active';
CREATE INDEX games_finished_by_time ON games (finished_at) WHERE status = 'finished';

CREATE TABLE seats (
    game_id  BIGINT  NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL CHECK (seat >= 0),
    user_id  BIGINT,
    name     TEXT    NOT NULL,
    is_ai    BOOLEAN NOT NULL DEFAULT false,
    PRIMARY KEY (game_id, seat)
);

CREATE UNIQUE INDEX seats_one_per_user ON seats (game_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE moves (
    game_id     BIGINT  NOT NULL REFERENCES games (id),
    seq         INTEGER NOT NULL CHECK (seq >= 1),
    seat        INTEGER NOT NULL,
    user_id     BIGINT,
    move        TEXT    NOT NULL,
    created_at  DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- NUMERIC keeps an integral total an integer and a fractional one exact (SQLite's INTEGER affinity does
-- the same); the store decodes it back to int or float.
CREATE TABLE results (
    game_id  BIGINT  NOT NULL REFERENCES games (id),
    seat     INTEGER NOT NULL,
    user_id  BIGINT,
    total    NUMERIC,
    place    INTEGER,
    PRIMARY KEY (game_id, seat)
);

CREATE INDEX results_by_user ON results (user_id) WHERE user_id IS NOT NULL;

CREATE TABLE bot_meta (
    key    TEXT PRIMARY KEY,
    value  TEXT NOT NULL
);

-- claimed_by / claimed_until: a lease, so that of several bot processes only one delivers a post.
CREATE TABLE outbox (
    id             BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
    game_id        BIGINT  NOT NULL REFERENCES games (id),
    seq            INTEGER NOT NULL,
    channel_id     BIGINT  NOT NULL,
    payload        TEXT    NOT NULL,
    created_at     DOUBLE PRECISION NOT NULL,
    attempts       INTEGER NOT NULL DEFAULT 0,
    delivered_at   DOUBLE PRECISION,
    message_id     BIGINT,
    claimed_by     TEXT,
    claimed_until  DOUBLE PRECISION
);

CREATE INDEX outbox_undelivered ON outbox (id) WHERE delivered_at IS NULL;
CREATE INDEX outbox_by_game ON outbox (game_id, id);

CREATE FUNCTION rollbot_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the move log is append-only' USING ERRCODE = '{APPEND_ONLY}';
END
$$;

CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
    FOR EACH ROW EXECUTE FUNCTION rollbot_moves_append_only();
CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
    FOR EACH ROW EXECUTE FUNCTION rollbot_moves_append_only();
CREATE TRIGGER moves_no_truncate BEFORE TRUNCATE ON moves
    FOR EACH STATEMENT EXECUTE FUNCTION rollbot_moves_append_only();

-- Appending a move is one call: the optimistic UPDATE must hit exactly the game at version seq - 1 while it
-- is in play (a concurrent writer that got there first leaves it at another version, so this one raises),
-- then the move, the metadata and the post go in. One statement is one transaction: all or nothing.
CREATE FUNCTION rollbot_append_move(p_game BIGINT, p_seq INTEGER, p_seat INTEGER, p_user BIGINT,
                                    p_move TEXT, p_at DOUBLE PRECISION, p_snapshot TEXT, p_meta TEXT,
                                    p_post TEXT) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    v_channel BIGINT;
BEGIN
    UPDATE games
       SET snapshot = p_snapshot, version = p_seq, updated_at = p_at, last_activity_at = p_at,
           reminder_count = 0, meta = COALESCE(p_meta, meta)
     WHERE id = p_game AND version = p_seq - 1 AND status = 'active'
    RETURNING channel_id INTO v_channel;
    IF NOT FOUND THEN
        IF EXISTS (SELECT 1 FROM games WHERE id = p_game AND status = 'active') THEN
            RAISE EXCEPTION 'engine: move out of sequence' USING ERRCODE = '{OUT_OF_SEQUENCE}';
        END IF;
        RAISE EXCEPTION 'engine: game is not in play' USING ERRCODE = '{NOT_IN_PLAY}';
    END IF;
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at)
        VALUES (p_game, p_seq, p_seat, p_user, p_move, p_at);
    IF p_post IS NOT NULL THEN
        INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
            VALUES (p_game, p_seq, v_channel, p_post, p_at);
    END IF;
END
$$;

-- The last step of a batched append (see the old pg_store.py): every move of the batch must have found its game at
-- the expected version, or the whole statement (one transaction) is undone and the moves are retried alone.
CREATE FUNCTION rollbot_check_batch(p_applied BIGINT, p_wanted BIGINT) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    IF p_applied <> p_wanted THEN
        RAISE EXCEPTION 'engine: % of % moves in the batch are out of sequence or not in play',
            p_wanted - p_applied, p_wanted USING ERRCODE = '{OUT_OF_SEQUENCE}';
    END IF;
END
$$;
"""

PG_V2 = """
CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    owner  TEXT NOT NULL,
    until  DOUBLE PRECISION NOT NULL
);
"""

PG_V3 = f"""
CREATE TABLE player_guilds (
    user_id   BIGINT NOT NULL,
    guild_id  BIGINT NOT NULL,
    seen_at   DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (user_id, guild_id)
);

CREATE INDEX player_guilds_by_guild ON player_guilds (guild_id);

INSERT INTO player_guilds (user_id, guild_id, seen_at)
    SELECT s.user_id, g.guild_id, max(g.created_at) FROM seats s JOIN games g ON g.id = s.game_id
     WHERE s.user_id IS NOT NULL AND g.guild_id IS NOT NULL AND NOT s.is_ai
     GROUP BY s.user_id, g.guild_id
    ON CONFLICT DO NOTHING;

CREATE FUNCTION rollbot_note_guild() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
    IF NEW.user_id IS NOT NULL AND NOT NEW.is_ai THEN
        INSERT INTO player_guilds (user_id, guild_id, seen_at)
            SELECT NEW.user_id, guild_id, updated_at FROM games WHERE id = NEW.game_id AND guild_id IS NOT NULL
            ON CONFLICT DO NOTHING;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER seats_note_guild AFTER INSERT ON seats
    FOR EACH ROW EXECUTE FUNCTION rollbot_note_guild();

CREATE INDEX games_finished_by_guild ON games (guild_id, kind, finished_at) WHERE status = 'finished';
CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL;

CREATE OR REPLACE FUNCTION rollbot_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL
       AND (NEW.game_id, NEW.seq, NEW.seat, NEW.move, NEW.created_at)
           IS NOT DISTINCT FROM (OLD.game_id, OLD.seq, OLD.seat, OLD.move, OLD.created_at) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the move log is append-only' USING ERRCODE = '{APPEND_ONLY}';
END
$$;
"""

PG_V4 = f"""
ALTER TABLE moves ADD COLUMN undoes INTEGER;

CREATE UNIQUE INDEX moves_undone_once ON moves (game_id, undoes) WHERE undoes IS NOT NULL;

CREATE FUNCTION rollbot_append_undo(p_game BIGINT, p_seq INTEGER, p_seat INTEGER, p_user BIGINT,
                                    p_undoes INTEGER, p_at DOUBLE PRECISION, p_snapshot TEXT, p_meta TEXT,
                                    p_post TEXT) RETURNS void
LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    v_channel BIGINT;
BEGIN
    UPDATE games
       SET snapshot = p_snapshot, version = p_seq, updated_at = p_at, last_activity_at = p_at,
           reminder_count = 0, meta = COALESCE(p_meta, meta)
     WHERE id = p_game AND version = p_seq - 1 AND status = 'active'
    RETURNING channel_id INTO v_channel;
    IF NOT FOUND THEN
        IF EXISTS (SELECT 1 FROM games WHERE id = p_game AND status = 'active') THEN
            RAISE EXCEPTION 'engine: move out of sequence' USING ERRCODE = '{OUT_OF_SEQUENCE}';
        END IF;
        RAISE EXCEPTION 'engine: game is not in play' USING ERRCODE = '{NOT_IN_PLAY}';
    END IF;
    IF NOT EXISTS (SELECT 1 FROM moves WHERE game_id = p_game AND seq = p_undoes AND seq < p_seq
                                         AND undoes IS NULL) THEN
        RAISE EXCEPTION 'engine: undo of a move not in the log' USING ERRCODE = '{OUT_OF_SEQUENCE}';
    END IF;
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at, undoes)
        VALUES (p_game, p_seq, p_seat, p_user, '{{}}', p_at, p_undoes);
    IF p_post IS NOT NULL THEN
        INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
            VALUES (p_game, p_seq, v_channel, p_post, p_at);
    END IF;
END
$$;

CREATE OR REPLACE FUNCTION rollbot_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL
       AND (NEW.game_id, NEW.seq, NEW.seat, NEW.move, NEW.created_at, NEW.undoes)
           IS NOT DISTINCT FROM (OLD.game_id, OLD.seq, OLD.seat, OLD.move, OLD.created_at, OLD.undoes) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the move log is append-only' USING ERRCODE = '{APPEND_ONLY}';
END
$$;
"""

#: SQLITE[i] turns a version-i file (``PRAGMA user_version``) into version i + 1.
SQLITE: tuple[str, ...] = (SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_V6)
#: POSTGRES[i] turns a version-i database (max of ``rollbot_schema.version``) into version i + 1.
POSTGRES: tuple[str, ...] = (PG_V1, PG_V2, PG_V3, PG_V4)


def sqlite_v6(db) -> None:
    """Make ``db`` (an empty ``sqlite3`` connection in autocommit mode) a v6 file, as the old store did."""
    for version, script in enumerate(SQLITE, 1):
        db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {version};\nCOMMIT;")


async def postgres_v4(conn) -> None:
    """Make the empty schema of ``conn`` (asyncpg) a v4 database, as the old store did, in one transaction."""
    async with conn.transaction():
        await conn.execute(VERSION_TABLE)
        for version, script in enumerate(POSTGRES, 1):
            await conn.execute(script)
            await conn.execute("INSERT INTO rollbot_schema (version) VALUES ($1)", version)
