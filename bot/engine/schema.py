"""The database schema, defined once: SQLAlchemy Core tables for both SQLite and PostgreSQL, plus the
guarantees each database enforces itself (``GUARDS``: triggers, and the one-statement append paths).

Alembic (``bot/engine/migrations``) creates and upgrades it; its first revision builds the tables it had then
(``BASELINE_TABLES``) or adopts a database made by the hand-written migrations before it (SQLite v6,
PostgreSQL v4), and each later one adds its own. Never change what a shipped revision does: add one (a
revision that changes a table here must keep the earlier revisions building it as they did).
"""
from __future__ import annotations

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    Double,
    ForeignKey,
    Identity,
    Index,
    Integer,
    MetaData,
    Numeric,
    Table,
    Text,
    text,
)

from .records import NOTIFY_MODES

#: Marks an SQLite file as a rollbot database ("Roll" in ASCII), so a foreign SQLite file is refused.
APPLICATION_ID = 0x526F6C6C
#: The Alembic revision this code writes and understands (tests check it is the script directory's head).
HEAD = "0008"
#: SQLSTATEs raised by rollbot's PostgreSQL functions and triggers (class ``RB``).
APPEND_ONLY, OUT_OF_SEQUENCE, NOT_IN_PLAY = "RB001", "RB002", "RB003"

ID = BigInteger().with_variant(Integer, "sqlite")  # SQLite: INTEGER PRIMARY KEY is the rowid
TIME = Double()                                      # REAL / DOUBLE PRECISION: Unix seconds
metadata = MetaData()
NO_ROWID = {"sqlite_with_rowid": False}


def _partial(where: str) -> dict:
    return {"sqlite_where": text(where), "postgresql_where": text(where)}


games = Table(
    "games", metadata,
    Column("id", ID, Identity(), primary_key=True),
    Column("kind", Text, nullable=False),
    Column("guild_id", BigInteger),
    Column("channel_id", BigInteger, nullable=False),
    Column("status", Text, CheckConstraint("status IN ('lobby', 'active', 'finished', 'abandoned')"),
           nullable=False),
    Column("creator_id", BigInteger, nullable=False),
    Column("options", Text, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("seats_wanted", Integer, nullable=False),
    Column("snapshot", Text),
    Column("version", Integer, nullable=False, server_default="0"),
    Column("created_at", TIME, nullable=False),
    Column("updated_at", TIME, nullable=False),
    Column("started_at", TIME),
    Column("finished_at", TIME),
    Column("last_activity_at", TIME),
    Column("last_reminder_at", TIME),
    Column("reminder_count", Integer, nullable=False, server_default="0"),
    Column("meta", Text, nullable=False, server_default="{}"),
    Column("final_score", Text),
    # "One game per channel" lives in the database: of two simultaneous creates exactly one commits.
    Index("games_one_open_per_channel", "channel_id", unique=True, **_partial("status IN ('lobby', 'active')")),
    Index("games_active_by_activity", "last_activity_at", **_partial("status = 'active'")),
    Index("games_finished_by_time", "finished_at", **_partial("status = 'finished'")),
    Index("games_finished_by_guild", "guild_id", "kind", "finished_at", **_partial("status = 'finished'")),
)

seats = Table(
    "seats", metadata,
    Column("game_id", BigInteger, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, CheckConstraint("seat >= 0"), primary_key=True),
    Column("user_id", BigInteger),
    Column("name", Text, nullable=False),
    Column("is_ai", Boolean(create_constraint=True), nullable=False, server_default=text("false")),
    Index("seats_one_per_user", "game_id", "user_id", unique=True, **_partial("user_id IS NOT NULL")),
    Index("seats_by_user", "user_id", **_partial("user_id IS NOT NULL")),
    **NO_ROWID,
)

#: The move log: append-only (GUARDS). ``undoes`` names the seq an undo entry takes back (NULL: a move).
moves = Table(
    "moves", metadata,
    Column("game_id", BigInteger, ForeignKey("games.id"), primary_key=True),
    Column("seq", Integer, CheckConstraint("seq >= 1"), primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("user_id", BigInteger),
    Column("move", Text, nullable=False),
    Column("created_at", TIME, nullable=False),
    Column("undoes", Integer),
    Index("moves_undone_once", "game_id", "undoes", unique=True, **_partial("undoes IS NOT NULL")),
    **NO_ROWID,
)

#: ``total``: an integral total reads back as an int, a fractional one as a float (NUMERIC on PostgreSQL).
results = Table(
    "results", metadata,
    Column("game_id", BigInteger, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", BigInteger),
    Column("total", Numeric().with_variant(Integer, "sqlite")),
    Column("place", Integer),
    Index("results_by_user", "user_id", **_partial("user_id IS NOT NULL")),
    **NO_ROWID,
)

bot_meta = Table("bot_meta", metadata, Column("key", Text, primary_key=True),
                 Column("value", Text, nullable=False), **NO_ROWID)

#: Posts a change made due, written in the change's transaction; ``claimed_by``/``claimed_until`` is the
#: lease of the one process delivering it.
outbox = Table(
    "outbox", metadata,
    Column("id", ID, Identity(), primary_key=True),
    Column("game_id", BigInteger, ForeignKey("games.id"), nullable=False),
    Column("seq", Integer, nullable=False),
    Column("channel_id", BigInteger, nullable=False),
    Column("payload", Text, nullable=False),
    Column("created_at", TIME, nullable=False),
    Column("attempts", Integer, nullable=False, server_default="0"),
    Column("delivered_at", TIME),
    Column("message_id", BigInteger),
    Column("claimed_by", Text),
    Column("claimed_until", TIME),
    Index("outbox_undelivered", "id", **_partial("delivered_at IS NULL")),
    Index("outbox_by_game", "game_id", "id"),
)

leases = Table("leases", metadata, Column("name", Text, primary_key=True), Column("owner", Text, nullable=False),
               Column("until", TIME, nullable=False), **NO_ROWID)

#: Which servers a player was seen in (a server's leaderboard lists its members' solo games), kept by a trigger.
player_guilds = Table(
    "player_guilds", metadata,
    Column("user_id", BigInteger, primary_key=True),
    Column("guild_id", BigInteger, primary_key=True),
    Column("seen_at", TIME, nullable=False),
    Index("player_guilds_by_guild", "guild_id"),
    **NO_ROWID,
)

#: How a player hears it is their turn, quiet hours (minutes of the day, ``time_zone``'s clock; both NULL: none),
#: whether the bot already told them their DMs are closed, and the language their client last used with the bot
#: (``locale``, revision 0008; NULL: not known). No row: the defaults of ``records.PlayerPrefs`` (revision 0002, as
#: is ``away_periods``).
player_prefs = Table(
    "player_prefs", metadata,
    Column("user_id", BigInteger, primary_key=True),
    Column("notify", Text, CheckConstraint(f"notify IN {NOTIFY_MODES!r}"), nullable=False),
    Column("quiet_start", Integer),
    Column("quiet_end", Integer),
    Column("time_zone", Text, nullable=False),
    Column("dm_closed_told", Boolean(create_constraint=True), nullable=False),
    Column("locale", Text),
    CheckConstraint("(quiet_start IS NULL) = (quiet_end IS NULL) AND quiet_start <> quiet_end"
                    " AND quiet_start BETWEEN 0 AND 1439 AND quiet_end BETWEEN 0 AND 1439", name="quiet_hours"),
    **NO_ROWID,
)

#: A player is away from ``starts_at`` until ``ends_at`` (coming back early moves ``ends_at``); the rules are
#: ``bot.engine.away``'s. ``away_by_end``: the current and coming periods of a user without walking the past ones.
away_periods = Table(
    "away_periods", metadata,
    Column("user_id", BigInteger, primary_key=True),
    Column("starts_at", TIME, primary_key=True),
    Column("ends_at", TIME, nullable=False),
    CheckConstraint("ends_at > starts_at", name="away_not_empty"),
    Index("away_by_end", "user_id", "ends_at"),
    **NO_ROWID,
)

#: A direct message owed to a player whose turn came in a game (revision 0003): sent from ``due_at`` on (a
#: gather window after the turn came, or when the player's quiet hours end) together with the player's other
#: due notices; one per player and game. Claimed by deleting it before it is sent (a crash may lose one, never
#: send it twice).
notices = Table(
    "notices", metadata,
    Column("user_id", BigInteger, primary_key=True),
    Column("game_id", BigInteger, ForeignKey("games.id"), primary_key=True),
    Column("created_at", TIME, nullable=False),
    Column("due_at", TIME, nullable=False),
    Index("notices_by_due", "due_at"),
    **NO_ROWID,
)

#: Daily challenges (revision 0004): ``game_id`` is ``user_id``'s one attempt at the ``kind``'s daily of the UTC
#: ``day`` (``YYYY-MM-DD``); the primary key makes a second attempt impossible. ``daily_by_day``: a day's board.
daily_attempts = Table(
    "daily_attempts", metadata,
    Column("user_id", BigInteger, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("day", Text, primary_key=True),
    Column("game_id", BigInteger, ForeignKey("games.id"), nullable=False, unique=True),
    Index("daily_by_day", "kind", "day"),
    **NO_ROWID,
)

#: A player's current rating per game kind (revision 0005; ``bot.engine.ratings``): OpenSkill's mu and sigma and
#: the number of rated games. ``ratings_by_kind``: a kind's board in rating order without a sort.
ratings = Table(
    "ratings", metadata,
    Column("user_id", BigInteger, primary_key=True),
    Column("kind", Text, primary_key=True),
    Column("mu", Double, nullable=False),
    Column("sigma", Double, nullable=False),
    Column("games", Integer, nullable=False),
    Column("shown", Integer, nullable=False),
    Column("updated_at", TIME, nullable=False),
    Index("ratings_by_kind", "kind", "shown"),
    **NO_ROWID,
)

#: What a finished game did to each rated player's rating (revision 0005), written in the game's final
#: transaction with its results: the final post shows it, and it is never computed twice.
rating_changes = Table(
    "rating_changes", metadata,
    Column("game_id", BigInteger, ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", BigInteger),
    Column("shown_before", Integer, nullable=False),
    Column("shown_after", Integer, nullable=False),
    Column("games", Integer, nullable=False),
    Index("rating_changes_by_user", "user_id"),
    **NO_ROWID,
)

#: Players waiting for a table (revision 0006; ``cogs.find``): one entry per player and server, for ``players``
#: seats of ``kind`` at ``pace``. ``rating`` is the player's shown rating of the kind when they queued and
#: ``rating_range`` how far from it the others' may be (None: anyone). ``channel_id`` is where they queued; an
#: entry past ``expires_at`` is gone (the server's expiry, ``cogs.find``). A match deletes its entries in the
#: transaction that finds it, so no entry ever seats its player twice.
find_queue = Table(
    "find_queue", metadata,
    Column("guild_id", BigInteger, primary_key=True),
    Column("user_id", BigInteger, primary_key=True),
    Column("kind", Text, nullable=False),
    Column("players", Integer, nullable=False),
    Column("pace", Text, nullable=False),
    Column("rating", Integer, nullable=False),
    Column("rating_range", Integer),
    Column("channel_id", BigInteger, nullable=False),
    Column("name", Text, nullable=False),
    Column("locale", Text, nullable=False),
    Column("queued_at", TIME, nullable=False),
    Column("expires_at", TIME, nullable=False),
    Index("find_queue_by_table", "guild_id", "kind", "players", "pace", "queued_at"),
    **NO_ROWID,
)

REQUIRED_TABLES = frozenset(metadata.tables)
#: The tables of revision 0001 (it creates exactly these; later revisions add the others).
BASELINE_TABLES = REQUIRED_TABLES - {"player_prefs", "away_periods", "notices", "daily_attempts", "ratings",
                                      "rating_changes", "find_queue"}
#: Triggers that carry the append-only guarantee; ``integrity_check`` reports any missing or disabled.
REQUIRED_TRIGGERS = {"sqlite": frozenset({"moves_no_update", "moves_no_delete"}),
                     "postgresql": frozenset({"moves_no_update", "moves_no_delete", "moves_no_truncate"})}

# The guarantees, per database. The move log refuses every change but one (forgetting who made a move), and
# a move is appended by ONE statement that checks the game is in play at version seq - 1, appends the move,
# moves the snapshot and version forward and queues its post: one statement, one transaction, all or nothing.
_SQLITE_APPEND_CHECKS = """
    SELECT RAISE(ABORT, 'engine: game is not in play')
     WHERE (SELECT status FROM games WHERE id = NEW.game_id) IS NOT 'active';
    SELECT RAISE(ABORT, 'engine: move out of sequence')
     WHERE (SELECT version FROM games WHERE id = NEW.game_id) IS NOT NEW.seq - 1;"""
_SQLITE_POST = """
    INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
        SELECT id, NEW.seq, channel_id, NEW.post, NEW.created_at FROM games
         WHERE id = NEW.game_id AND NEW.post IS NOT NULL;"""
SQLITE_GUARDS = (
    f"PRAGMA application_id = {APPLICATION_ID}",
    """CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves
    WHEN NOT (NEW.user_id IS NULL AND NEW.game_id IS OLD.game_id AND NEW.seq IS OLD.seq AND NEW.seat IS OLD.seat
              AND NEW.move IS OLD.move AND NEW.created_at IS OLD.created_at AND NEW.undoes IS OLD.undoes)
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END""",
    """CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves
BEGIN
    SELECT RAISE(ABORT, 'the move log is append-only');
END""",
    """CREATE VIEW move_appends AS
    SELECT game_id, seq, seat, user_id, move, created_at, NULL AS snapshot FROM moves WHERE 0""",
    f"""CREATE TRIGGER move_appends_insert INSTEAD OF INSERT ON move_appends
BEGIN{_SQLITE_APPEND_CHECKS}
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at)
        VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.user_id, NEW.move, NEW.created_at);
    UPDATE games
       SET snapshot = NEW.snapshot, version = NEW.seq, updated_at = NEW.created_at,
           last_activity_at = NEW.created_at, reminder_count = 0
     WHERE id = NEW.game_id;
END""",
    """CREATE VIEW move_commits AS
    SELECT game_id, seq, seat, user_id, move, created_at, NULL AS snapshot, NULL AS meta, NULL AS post
      FROM moves WHERE 0""",
    f"""CREATE TRIGGER move_commits_insert INSTEAD OF INSERT ON move_commits
BEGIN
    INSERT INTO move_appends (game_id, seq, seat, user_id, move, created_at, snapshot)
        VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.user_id, NEW.move, NEW.created_at, NEW.snapshot);
    UPDATE games SET meta = NEW.meta WHERE id = NEW.game_id AND NEW.meta IS NOT NULL;{_SQLITE_POST}
END""",
    """CREATE VIEW undo_commits AS
    SELECT game_id, seq, seat, user_id, undoes, created_at, NULL AS snapshot, NULL AS meta, NULL AS post
      FROM moves WHERE 0""",
    f"""CREATE TRIGGER undo_commits_insert INSTEAD OF INSERT ON undo_commits
BEGIN{_SQLITE_APPEND_CHECKS}
    SELECT RAISE(ABORT, 'engine: move out of sequence')
     WHERE NOT EXISTS (SELECT 1 FROM moves WHERE game_id = NEW.game_id AND seq = NEW.undoes
                                              AND seq < NEW.seq AND undoes IS NULL);
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at, undoes)
        VALUES (NEW.game_id, NEW.seq, NEW.seat, NEW.user_id, '{{}}', NEW.created_at, NEW.undoes);
    UPDATE games
       SET snapshot = NEW.snapshot, version = NEW.seq, updated_at = NEW.created_at,
           last_activity_at = NEW.created_at, reminder_count = 0, meta = COALESCE(NEW.meta, meta)
     WHERE id = NEW.game_id;{_SQLITE_POST}
END""",
    """CREATE TRIGGER seats_note_guild AFTER INSERT ON seats
    WHEN NEW.user_id IS NOT NULL AND NEW.is_ai = 0
BEGIN
    INSERT OR IGNORE INTO player_guilds (user_id, guild_id, seen_at)
        SELECT NEW.user_id, guild_id, updated_at FROM games WHERE id = NEW.game_id AND guild_id IS NOT NULL;
END""",
)


def _pg_append(name: str, last: str, row: str, check: str = "") -> str:
    return f"""CREATE OR REPLACE FUNCTION {name}(p_game BIGINT, p_seq INTEGER, p_seat INTEGER, p_user BIGINT,
    {last}, p_at DOUBLE PRECISION, p_snapshot TEXT, p_meta TEXT, p_post TEXT) RETURNS void
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
    END IF;{check}
    INSERT INTO moves (game_id, seq, seat, user_id, move, created_at, undoes) VALUES ({row});
    IF p_post IS NOT NULL THEN
        INSERT INTO outbox (game_id, seq, channel_id, payload, created_at)
            VALUES (p_game, p_seq, v_channel, p_post, p_at);
    END IF;
END
$$"""


POSTGRES_GUARDS = (
    f"""CREATE OR REPLACE FUNCTION rollbot_moves_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'UPDATE' AND NEW.user_id IS NULL
       AND (NEW.game_id, NEW.seq, NEW.seat, NEW.move, NEW.created_at, NEW.undoes)
           IS NOT DISTINCT FROM (OLD.game_id, OLD.seq, OLD.seat, OLD.move, OLD.created_at, OLD.undoes) THEN
        RETURN NEW;
    END IF;
    RAISE EXCEPTION 'the move log is append-only' USING ERRCODE = '{APPEND_ONLY}';
END
$$""",
    "CREATE TRIGGER moves_no_update BEFORE UPDATE ON moves FOR EACH ROW EXECUTE FUNCTION rollbot_moves_append_only()",
    "CREATE TRIGGER moves_no_delete BEFORE DELETE ON moves FOR EACH ROW EXECUTE FUNCTION rollbot_moves_append_only()",
    "CREATE TRIGGER moves_no_truncate BEFORE TRUNCATE ON moves"
    " FOR EACH STATEMENT EXECUTE FUNCTION rollbot_moves_append_only()",
    _pg_append("rollbot_append_move", "p_move TEXT", "p_game, p_seq, p_seat, p_user, p_move, p_at, NULL"),
    _pg_append("rollbot_append_undo", "p_undoes INTEGER", "p_game, p_seq, p_seat, p_user, '{}', p_at, p_undoes",
               check=f"""
    IF NOT EXISTS (SELECT 1 FROM moves WHERE game_id = p_game AND seq = p_undoes AND seq < p_seq
                                         AND undoes IS NULL) THEN
        RAISE EXCEPTION 'engine: undo of a move not in the log' USING ERRCODE = '{OUT_OF_SEQUENCE}';
    END IF;"""),
    # The last step of a batched append: every move must have found its game at the expected version, or
    # the whole statement (one transaction) is undone and the moves are retried alone.
    f"""CREATE OR REPLACE FUNCTION rollbot_check_batch(p_applied BIGINT, p_wanted BIGINT) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
    IF p_applied <> p_wanted THEN
        RAISE EXCEPTION 'engine: % of % moves in the batch are out of sequence or not in play',
            p_wanted - p_applied, p_wanted USING ERRCODE = '{OUT_OF_SEQUENCE}';
    END IF;
END
$$""",
    """CREATE OR REPLACE FUNCTION rollbot_note_guild() RETURNS trigger LANGUAGE plpgsql
SET search_path FROM CURRENT AS $$
BEGIN
    IF NEW.user_id IS NOT NULL AND NOT NEW.is_ai THEN
        INSERT INTO player_guilds (user_id, guild_id, seen_at)
            SELECT NEW.user_id, guild_id, updated_at FROM games WHERE id = NEW.game_id AND guild_id IS NOT NULL
            ON CONFLICT DO NOTHING;
    END IF;
    RETURN NEW;
END
$$""",
    "CREATE TRIGGER seats_note_guild AFTER INSERT ON seats FOR EACH ROW EXECUTE FUNCTION rollbot_note_guild()",
)

GUARDS = {"sqlite": SQLITE_GUARDS, "postgresql": POSTGRES_GUARDS}
