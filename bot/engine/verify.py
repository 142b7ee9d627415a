"""Re-deriving every game from its seed, options, seat count and move log, and comparing with the snapshot.

This is the proof that the snapshot is only a cache of the log: if a replay disagrees, the snapshot (or a
kind's determinism) is wrong. It reads each game in its own read transaction, so it can run against the
file of a running bot. A damaged file is a finding, not a crash: whatever SQLite cannot read is reported
(the integrity check, the list of games, each game that cannot be read) and the rest is still checked.
"""
from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

from .errors import EngineError, StoreOpenError
from .kinds import KindRegistry
from .store import Store, read_only_uri
from .undo import effective_moves, replay

#: Statuses whose snapshot must equal the replay (a lobby has no state yet; an abandoned game that was
#: started keeps its last snapshot, which must still match).
CHECKED_STATUSES = ("active", "finished", "abandoned")


@dataclass
class GameCheck:
    game_id: int
    kind: str
    status: str
    moves: int
    problem: str | None = None


@dataclass
class VerifyReport:
    checked: list[GameCheck] = field(default_factory=list)
    integrity: list[str] = field(default_factory=list)
    #: What could not be read at all (beyond single games), e.g. the list of games on a damaged file.
    unreadable: list[str] = field(default_factory=list)

    @property
    def problems(self) -> list[GameCheck]:
        return [c for c in self.checked if c.problem is not None]

    def problem_lines(self) -> list[str]:
        return [f"game {c.game_id} ({c.kind}, {c.status}, {c.moves} moves): {c.problem}" for c in self.problems]

    @property
    def ok(self) -> bool:
        return not self.problems and not self.unreadable and self.integrity == ["ok"]

    @property
    def damaged(self) -> bool:
        """SQLite itself found (or tripped over) damage, as opposed to a snapshot that disagrees."""
        return self.integrity != ["ok"] or bool(self.unreadable) or any(
            c.problem.startswith(UNREADABLE) for c in self.problems)


UNREADABLE = "cannot be read: "


def _problem(kinds: KindRegistry, row, seat_count: int, move_rows) -> str | None:
    """What is wrong with the game's snapshot, version or status against the replay of its log; None: nothing."""
    if row.snapshot is None:
        return "moves recorded but no snapshot" if move_rows else None
    kind = kinds.get(row.kind)
    if kind is None:
        return f"kind {row.kind!r} is not registered; cannot replay"
    seqs = [m.seq for m in move_rows]
    if seqs != list(range(1, len(seqs) + 1)):
        return "move log has gaps or duplicates"
    if row.version != len(seqs):
        return f"version {row.version} but {len(seqs)} moves logged"
    try:
        kind.loads(row.snapshot)     # what the bot does first when the game is opened again
    except Exception as error:
        return f"the snapshot does not load: {type(error).__name__}: {error}"
    try:
        # Undo entries take moves back: the state is the replay of the moves still in effect.
        state = replay(kind, seat_count, row.seed, json.loads(row.options), effective_moves(move_rows))
    except Exception as error:
        return f"replay failed: {type(error).__name__}: {error}"
    # a snapshot an older version of the kind stored is compared with the replay as that version would have stored
    # it, both read as this version reads them (``Kind.stored_as``, ``Kind.upgrade``): a field that version did not
    # keep is estimated alike on both sides rather than flagged
    if kind.upgrade(kind.stored_as(state, row.snapshot)) != kind.upgrade(row.snapshot):
        return "snapshot differs from the replay of the move log"
    if kind.is_finished(state) != (row.status == "finished"):
        return f"replay says finished={kind.is_finished(state)} but status is {row.status!r}"
    return None


async def verify_store(store: Store, kinds: KindRegistry) -> VerifyReport:
    report = VerifyReport()
    try:
        report.integrity = await store.integrity_check()
    except EngineError as error:
        report.integrity = [f"the integrity check itself failed: {error.params.get('reason', error)}"]
    try:
        game_ids = await store.game_ids(CHECKED_STATUSES)
    except EngineError as error:
        report.unreadable.append(f"the list of games {UNREADABLE}{error.params.get('reason', error)}")
        return report
    for game_id in game_ids:
        try:
            found = await store.game_for_replay(game_id)
        except EngineError as error:
            # Damage in the moves or games pages of this game: report it and check the others.
            report.checked.append(GameCheck(game_id, "?", "?", 0,
                                            f"{UNREADABLE}{error.params.get('reason', error)}"))
            continue
        if found is None:
            continue
        row, seat_count, move_rows = found
        report.checked.append(GameCheck(row.id, row.kind, row.status, len(move_rows),
                                        _problem(kinds, row, seat_count, move_rows)))
    return report


# ------------------------------------------------------------------------------------------ salvage

#: Tables copied game by game (every one has a ``game_id``), after the game's own row.
PER_GAME_TABLES = ("seats", "moves", "results", "outbox", "rating_changes")
#: Tables copied whole, after the games, with what a reader calls their rows when they are lost.
WHOLE_TABLES = {"bot_meta": "bot settings", "player_prefs": "players' settings", "away_periods": "away periods",
                "notices": "pending turn notices", "daily_attempts": "daily challenge attempts",
                "ratings": "players' ratings", "find_queue": "players waiting for a table"}


@dataclass
class SalvageReport:
    games: int = 0
    rows: dict[str, int] = field(default_factory=dict)
    #: What could not be read, one line each ("moves of game 12: database disk image is malformed").
    lost: list[str] = field(default_factory=list)


def copy_read_only(source: str, target: str | Path) -> None:
    """Copy the SQLite file ``source`` into the new file ``target`` with SQLite's backup, reading ``source``
    the way ``verify`` opens it (read-only, nothing written beside it)."""
    src = sqlite3.connect(read_only_uri(source), uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
    finally:
        src.close()
        dst.close()


def _try(db: sqlite3.Connection, sql: str, params: tuple = ()) -> tuple[list | None, str | None]:
    try:
        return db.execute(sql, params).fetchall(), None
    except sqlite3.DatabaseError as error:
        return None, str(error)


async def salvage(source: str, target: str) -> SalvageReport:
    """Copy every row of a damaged rollbot file that SQLite can still read into a new file with a fresh
    schema. Reads go game by game through primary keys, so a damaged page costs only the games whose rows
    live on it (they are listed); the source is opened read-only and never changed. Works where the sqlite3
    shell's ``.recover`` is missing or broken (Debian's 3.40.1). The source is checked before the target is
    made, and a target this call made is removed again when it fails: the corrected rerun finds no leftover."""
    src = _open_source(source)
    try:
        if Path(target).exists():
            raise FileExistsError(f"{target!r} exists; salvage writes a new file")
        try:
            return await _copy_readable(src, target)
        except BaseException:
            for suffix in ("", "-wal", "-shm", "-journal"):
                Path(f"{target}{suffix}").unlink(missing_ok=True)
            raise
    finally:
        src.close()


def _open_source(source: str) -> sqlite3.Connection:
    """The damaged file, read-only; ``StoreOpenError`` naming it when it is missing or not SQLite at all."""
    where = Path(source)
    if not where.is_file():
        reason = "it is a directory, not a database file" if where.is_dir() else \
            f"no such file ({where.resolve()} does not exist); check the path"
        raise StoreOpenError(source, reason)
    src = sqlite3.connect(read_only_uri(source), uri=True)
    try:
        src.execute("PRAGMA user_version").fetchone()          # reads the header: a file that is not SQLite fails
    except sqlite3.Error as error:
        src.close()
        raise StoreOpenError(source, str(error)) from error
    return src


async def _copy_readable(src: sqlite3.Connection, target: str) -> SalvageReport:
    """What :func:`salvage` does once the source is open: a new file with the current schema, then every row
    that can be read, game by game."""
    await (await Store.open(target, quick_check=False)).close()     # the current schema, empty
    dst = sqlite3.connect(target, isolation_level=None)
    report = SalvageReport()
    try:
        columns = {table: [r[1] for r in dst.execute(f"PRAGMA table_info({table})")]
                   for table in ("games", *WHOLE_TABLES, *PER_GAME_TABLES)}

        def copy(table: str, rows: list) -> None:
            if not rows:
                return
            names = [n for n in rows[0].keys() if n in columns[table]]
            marks = ", ".join("?" * len(names))
            dst.executemany(f"INSERT OR IGNORE INTO {table} ({', '.join(names)}) VALUES ({marks})",
                            [tuple(row[n] for n in names) for row in rows])
            report.rows[table] = report.rows.get(table, 0) + len(rows)

        src.row_factory = sqlite3.Row
        dst.execute("BEGIN")
        ids: set[int] = set()
        found, problem = _try(src, "SELECT id FROM games")
        if found is not None:
            ids.update(r[0] for r in found)
        else:
            report.lost.append(f"the list of games: {problem} (looking the games up one by one instead)")
            for table in PER_GAME_TABLES:
                found, _ = _try(src, f"SELECT DISTINCT game_id FROM {table}")
                ids.update(r[0] for r in found or ())
            highest = max(ids, default=0)
            ids.update(range(1, highest + 1000))    # ids are dense; probe past the highest one seen
        for game_id in sorted(ids):
            found, problem = _try(src, "SELECT * FROM games WHERE id = ?", (game_id,))
            if found is None:
                report.lost.append(f"game {game_id}: {problem}")
                continue
            if not found:
                continue
            copy("games", found)
            report.games += 1
            for table in PER_GAME_TABLES:
                rows, problem = _try(src, f"SELECT * FROM {table} WHERE game_id = ?", (game_id,))
                if rows is None and "no such table" not in problem:   # a file from before the table lost nothing
                    report.lost.append(f"{table} of game {game_id}: {problem}")
                else:
                    copy(table, rows)
        for table, what in WHOLE_TABLES.items():
            rows, problem = _try(src, f"SELECT * FROM {table}")
            if rows is not None:
                copy(table, rows)
            elif "no such table" not in problem:        # a file from before the table came lost nothing
                report.lost.append(f"{what} ({table}): {problem}")
        dst.execute("COMMIT")
    finally:
        dst.close()
    return report
