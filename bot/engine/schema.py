"""The database schema as a list of forward migrations, indexed by the version they produce.

``PRAGMA user_version`` holds the version a file is at; opening a file runs every later migration, each in
its own transaction together with the version bump, so a crash mid-migration leaves the previous version.
A fresh file goes through the same path (0 → 1 → 2 …), which keeps the upgrade path exercised. Never edit a
shipped migration: append a new one.
"""
from __future__ import annotations

#: Marks a file as a rollbot database ("Roll" in ASCII), so a foreign SQLite file is refused.
APPLICATION_ID = 0x526F6C6C

#: The first schema as shipped. Kept verbatim: the migration test builds a v1 file from it.
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

#: v2: activity and reminders for asynchronous play, adapter metadata, the final score, bot-wide settings,
#: and a database-enforced append-only move log with a one-statement append path.
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

#: v3: the outbox. A post that a move makes due (the next turn prompt, the final result) is written in the
#: same transaction as the move, so a crash between the commit and the send cannot lose it: on start and
#: after a failed send the bot delivers every row whose ``delivered_at`` is empty, oldest first.
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

#: v4: several bot processes on one database. An outbox post is claimed (``claimed_by`` until
#: ``claimed_until``) by the process that delivers it, so two processes never send it twice; a process that
#: died leaves a claim that simply expires. ``leases`` holds the same kind of claim for any other named piece
#: of background work ("takeover:42"): one owner at a time, until it expires or is released.
SCHEMA_V4 = """
ALTER TABLE outbox ADD COLUMN claimed_by TEXT;
ALTER TABLE outbox ADD COLUMN claimed_until REAL;

CREATE TABLE leases (
    name   TEXT PRIMARY KEY,
    owner  TEXT NOT NULL,
    until  REAL NOT NULL
) WITHOUT ROWID;
"""

#: v5: history and stats. ``player_guilds`` records
#: which servers a player was seen in (any seat of a game there), so a server's leaderboard can list the solo
#: games its members played in their DMs; it is filled from every seat so far and kept up by a trigger. The
#: move log stays append-only except for one change: forgetting who made a move (``/<game> forget-me``
#: anonymises a player's seats in finished games, which clears their user id everywhere).
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

#: v6, undo: a player takes back their own last move by APPENDING an undo entry to the log, never by
#: changing it. An undo entry is a row of ``moves`` whose ``undoes`` names the seq of the move it takes back
#: (NULL for an ordinary move); it has a seq of its own, so the version keeps counting up and a button made
#: before the undo is stale afterwards. The effective move list is the log with every undo entry and the move
#: it names left out (``bot/engine/undo.py``). Appending one is one INSERT into ``undo_commits``: the trigger
#: checks the game is in play, the seq is the next one, and the named move is an ordinary move of this game
#: not taken back before (the unique index), then writes the snapshot of the state before that move.
#: v6. Forgetting a player (v5) may still clear a move's user id, and nothing else, ``undoes`` included.
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

#: MIGRATIONS[i] turns a version-i file into version i + 1.
MIGRATIONS: tuple[str, ...] = (SCHEMA_V1, SCHEMA_V2, SCHEMA_V3, SCHEMA_V4, SCHEMA_V5, SCHEMA_V6)
SCHEMA_VERSION = len(MIGRATIONS)

#: Tables a file of the current version must have (a cheap sanity check at open).
REQUIRED_TABLES = frozenset({"games", "seats", "moves", "results", "bot_meta", "outbox", "leases", "player_guilds"})
