"""``python -m bot.engine verify DB [--kinds module:ATTR ...]``: replay every game and compare snapshots.
``python -m bot.engine salvage DAMAGED NEW``: copy every game that can still be read into a new file.

``python -m bot.engine migrate-db SQLITE_FILE postgresql://… [--force] [--kinds …]``: copy and verify.

Exit status: 0 all games agree, 1 some game differs or cannot be replayed or the file is damaged, 2 the file
cannot be opened.
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import sqlite3
import sys
import tempfile
from pathlib import Path

from .errors import EngineError, StoreIsOlder, StoreOpenError
from .kinds import KNOWN_KINDS, KindRegistry, default_registry, load_kind
from .store import RESTORE_HELP, Store, backend_of
from .verify import copy_read_only, salvage, verify_store

#: ``--help``'s description: the docstring's first line is reStructuredText (``verify DB``: …), not for a terminal.
DESCRIPTION = ("Check, rescue and move rollbot's game database: verify replays every game and compares it with "
               "its snapshot; salvage copies what can still be read from a damaged file; migrate-db copies an "
               "SQLite file into PostgreSQL. Exit status: 0 all is well, 1 a game differs or the file is damaged, "
               "2 the database cannot be opened.")


def build_registry(specs: list[str] | None) -> KindRegistry:
    registry = default_registry(KNOWN_KINDS)
    for spec in specs or ():
        registry.register(load_kind(spec))
    return registry


async def open_for_verify(path: str, folders: contextlib.ExitStack, out) -> Store:
    """The store ``verify`` reads, never written to: the file itself opened read-only (so a backup on read-only
    storage can be checked and stays byte for byte as it was). A file at an older schema revision cannot be
    read by this code's queries without migrating it, and migrating a backup in place would make it too new
    for the rollbot that wrote it: it is copied (SQLite's backup, from the same read-only connection) into a
    temporary folder and the copy is migrated and checked. A temporary file rather than memory: the copy is
    opened, migrated and read exactly as the bot would open the file, and a large file costs no memory."""
    # No quick_check: the full integrity check reports damage instead of refusing the database.
    try:
        return await Store.open(path, quick_check=False, read_only=True)
    except StoreIsOlder as older:
        copy = Path(folders.enter_context(tempfile.TemporaryDirectory(prefix="rollbot-verify-"))) / "copy.db"
        await asyncio.to_thread(copy_read_only, backend_of(path)[1], copy)
        print(f"{path!r} is at an older schema revision ({older.revision or 'from before Alembic'}); checking "
              "a migrated copy of it (the file itself is not changed)", file=out)
        return await Store.open(copy, quick_check=False)


async def run_verify(path: str, specs: list[str] | None, out=sys.stdout) -> int:
    registry = build_registry(specs)
    with contextlib.ExitStack() as folders:
        try:
            store = await open_for_verify(path, folders, out)
        except (StoreOpenError, OSError, sqlite3.Error) as error:
            print(f"error: {error}", file=out)
            return 2
        try:
            report = await verify_store(store, registry)
        except EngineError as error:        # anything the report does not already account for
            print(f"error: reading {path!r} failed: {error}", file=out)
            print(RESTORE_HELP.format(path=path), file=out)
            return 1
        finally:
            await store.close()
    if report.integrity != ["ok"]:
        print("integrity check: " + "; ".join(report.integrity[:20]), file=out)
    for line in report.unreadable:
        print(line, file=out)
    for line in report.problem_lines():
        print(line, file=out)
    print(f"checked {len(report.checked)} games with kinds [{', '.join(registry) or 'none'}]: "
          f"{len(report.problems)} with problems", file=out)
    if report.damaged:
        print(f"the file {path!r} is damaged.", file=out)
        print(RESTORE_HELP.format(path=path), file=out)
    return 0 if report.ok else 1


async def run_salvage(source: str, target: str, out=sys.stdout) -> int:
    """Exit status: 0 everything was copied, 1 some rows could not be read (listed), 2 nothing was done."""
    try:
        report = await salvage(source, target)
    except (OSError, StoreOpenError, sqlite3.Error) as error:
        print(f"error: {error}", file=out)
        return 2
    for line in report.lost[:50]:
        print(f"lost: {line}", file=out)
    if len(report.lost) > 50:
        print(f"... and {len(report.lost) - 50} more", file=out)
    copied = ", ".join(f"{n} {table}" for table, n in sorted(report.rows.items())) or "no rows"
    print(f"copied {report.games} games into {target!r} ({copied}); {len(report.lost)} parts unreadable", file=out)
    print(f"next: python -m bot.engine verify {target}", file=out)
    return 0 if not report.lost else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.engine", description=DESCRIPTION)
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="replay every game and compare it with its snapshot")
    verify.add_argument("db", help="path of the game database")
    rescue = commands.add_parser("salvage", help="copy every game that can still be read into a new file")
    rescue.add_argument("source", help="the damaged database (opened read-only)")
    rescue.add_argument("target", help="the new database to write (must not exist)")
    migrate = commands.add_parser("migrate-db", help="copy every game from an SQLite file into PostgreSQL and "
                                                     "verify the copy")
    migrate.add_argument("source", help="path of the SQLite game database")
    migrate.add_argument("destination", help="postgresql:// URL of the destination database")
    migrate.add_argument("--force", action="store_true",
                         help="replace whatever rollbot data the destination holds (it is dropped first)")
    for command, use in ((verify, "to register"), (migrate, "for the replay check")):
        command.add_argument("--kinds", nargs="*", metavar="MODULE:ATTR",
                             help=f"extra game kinds {use} (the shipped ones load automatically)")
    args = parser.parse_args(argv)
    if args.command == "salvage":
        return asyncio.run(run_salvage(args.source, args.target))
    if args.command == "migrate-db":
        from .pg_migrate import run_migrate_db
        return asyncio.run(run_migrate_db(args.source, args.destination, build_registry(args.kinds),
                                          force=args.force))
    return asyncio.run(run_verify(args.db, args.kinds))


if __name__ == "__main__":
    sys.exit(main())
