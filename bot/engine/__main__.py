"""``python -m bot.engine verify DB [--kinds module:ATTR ...]``: replay every game and compare snapshots.

``python -m bot.engine migrate-db SQLITE_FILE postgresql://… [--force] [--kinds …]``: copy and verify.

Exit status: 0 all games agree, 1 some game differs or cannot be replayed, 2 the file cannot be opened.
"""
from __future__ import annotations

import argparse
import asyncio
import sys

from .backends import open_store
from .errors import StoreOpenError
from .kinds import KNOWN_KINDS, KindRegistry, default_registry, load_kind
from .verify import verify_store


def build_registry(specs: list[str] | None) -> KindRegistry:
    registry = default_registry(KNOWN_KINDS)
    for spec in specs or ():
        registry.register(load_kind(spec))
    return registry


async def run_verify(path: str, specs: list[str] | None, out=sys.stdout) -> int:
    registry = build_registry(specs)
    try:
        store = await open_store(path)
    except StoreOpenError as error:
        print(f"error: {error}", file=out)
        return 2
    try:
        report = await verify_store(store, registry)
    finally:
        await store.close()
    if report.integrity != ["ok"]:
        print("integrity check: " + "; ".join(report.integrity), file=out)
    for check in report.problems:
        print(f"game {check.game_id} ({check.kind}, {check.status}, {check.moves} moves): {check.problem}",
              file=out)
    print(f"checked {len(report.checked)} games with kinds [{', '.join(registry) or 'none'}]: "
          f"{len(report.problems)} with problems", file=out)
    return 0 if report.ok else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bot.engine", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    verify = commands.add_parser("verify", help="replay every game and compare it with its snapshot")
    verify.add_argument("db", help="path of the game database")
    verify.add_argument("--kinds", nargs="*", metavar="MODULE:ATTR",
                        help="extra game kinds to register (the shipped ones load automatically)")
    add_migrate_db(commands)
    args = parser.parse_args(argv)
    if args.command == "migrate-db":
        from .pg_migrate import run_migrate_db
        return asyncio.run(run_migrate_db(args.source, args.destination, build_registry(args.kinds),
                                          force=args.force))
    return asyncio.run(run_verify(args.db, args.kinds))


def add_migrate_db(commands) -> None:
    migrate = commands.add_parser("migrate-db", help="copy every game from an SQLite file into PostgreSQL and "
                                                     "verify the copy")
    migrate.add_argument("source", help="path of the SQLite game database")
    migrate.add_argument("destination", help="postgresql:// URL of the destination database")
    migrate.add_argument("--force", action="store_true",
                         help="replace whatever rollbot data the destination holds (it is dropped first)")
    migrate.add_argument("--kinds", nargs="*", metavar="MODULE:ATTR",
                         help="extra game kinds for the replay check (the shipped ones load automatically)")


if __name__ == "__main__":
    sys.exit(main())
