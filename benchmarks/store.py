"""Store throughput and cold start, with the dice-race toy kind from tests/engine (Roll Player's kind is not
used so the figure measures the engine, not the rules).

Prints persisted (committed, acknowledged) moves per second for one game played move after move, and for
1,000 games played interleaved (one move per game per round, all rounds concurrent), then the time to open a
store holding 10,000 finished and 1,000 active games and play a move in one of them (a fresh process, so
nothing is warm). Usage: python benchmarks/store.py [--synchronous FULL|NORMAL] [--dir DIR] [--db URL]

With ``--db postgresql://…`` the two throughput figures are measured on that PostgreSQL database instead (in
a schema of their own, dropped afterwards; ``synchronous`` maps to ``synchronous_commit``) and the cold start
is measured on a copy of the big SQLite store made with ``python -m bot.engine migrate-db``.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.engine import SessionManager
from bot.engine.store import Store, dump_json, is_postgres, open_store
from tests.engine.toy_kind import KIND

ENDLESS = {"target": 10**9}


async def one_game(path: Path | str, synchronous: str, moves: int) -> float:
    store = await open_store(path, synchronous=synchronous)
    mgr = SessionManager(store, {KIND.name: KIND})
    game = await mgr.create(KIND.name, 1, 1, 1, "solo", ENDLESS, 1, seed=1)
    start = time.perf_counter()
    for version in range(moves):
        await mgr.apply(game.id, 1, {"action": "roll"}, version)
    elapsed = time.perf_counter() - start
    await store.close()
    return moves / elapsed


async def many_games(path: Path | str, synchronous: str, games: int, rounds: int) -> float:
    store = await open_store(path, synchronous=synchronous)
    mgr = SessionManager(store, {KIND.name: KIND})
    ids = [(await mgr.create(KIND.name, 1, 1000 + g, 1, "solo", ENDLESS, 1, seed=g)).id for g in range(games)]
    start = time.perf_counter()
    for version in range(rounds):
        await asyncio.gather(*(mgr.apply(gid, 1, {"action": "roll"}, version) for gid in ids))
    elapsed = time.perf_counter() - start
    await store.close()
    return games * rounds / elapsed


async def _create(path: Path) -> None:
    await (await Store.open(path)).close()


def build_big_store(path: Path, finished: int, active: int, moves_finished: int, moves_active: int) -> None:
    """A new store's file, then the games written straight through sqlite3 (real toy states and logs)."""
    asyncio.run(_create(path))
    db = sqlite3.connect(path, isolation_level=None)
    rng = random.Random(7)
    games, seats, moves, results = [], [], [], []
    now = time.time()
    for game_id in range(1, finished + active + 1):
        is_finished = game_id <= finished
        players = rng.randint(1, 4)
        state = KIND.create(players, game_id, {"target": 10**6})
        count = moves_finished if is_finished else moves_active
        for seq in range(1, count + 1):
            move = {"action": "roll"}
            moves.append((game_id, seq, state.turn, 100 + state.turn, dump_json(move), now))
            state, _ = KIND.apply(state, state.turn, move)
        status = "finished" if is_finished else "active"
        games.append((game_id, KIND.name, 1, game_id, status, 100, dump_json({"target": 10**6}), game_id,
                      players, KIND.dumps(state), count, now, now, now, now if is_finished else None, now))
        for seat in range(players):
            seats.append((game_id, seat, 100 + seat, f"p{seat}", 0))
            if is_finished:
                results.append((game_id, seat, 100 + seat, state.positions[seat], seat + 1))
    db.execute("BEGIN")
    db.executemany("INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, options, seed,"
                   " seats_wanted, snapshot, version, created_at, updated_at, started_at, finished_at,"
                   " last_activity_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", games)
    db.executemany("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?, ?, ?, ?, ?)", seats)
    db.executemany("INSERT INTO moves (game_id, seq, seat, user_id, move, created_at) VALUES (?, ?, ?, ?, ?, ?)",
                   moves)
    db.executemany("INSERT INTO results (game_id, seat, user_id, total, place) VALUES (?, ?, ?, ?, ?)", results)
    db.execute("COMMIT")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


COLD_START_CHILD = """
import asyncio, sys, time
t0 = time.perf_counter()
sys.path.insert(0, {repo!r})
from bot.engine import SessionManager
from bot.engine.store import is_postgres, open_store
from tests.engine.toy_kind import KIND
async def main():
    t1 = time.perf_counter()
    store = await open_store({path!r}, synchronous={sync!r})
    mgr = SessionManager(store, {{KIND.name: KIND}})
    game = await mgr.game_in_channel({channel})
    seat = KIND.pending(game.state)[0]["seat"]
    await mgr.apply(game.id, 100 + seat, {{"action": "roll"}}, game.version)
    t2 = time.perf_counter()
    await store.close()
    print(t2 - t1, t2 - t0)
asyncio.run(main())
"""


def cold_start(path: Path | str, synchronous: str, channel: int) -> tuple[float, float]:
    code = COLD_START_CHILD.format(repo=str(REPO), path=str(path), sync=synchronous, channel=channel)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True).stdout
    open_s, with_imports_s = map(float, out.split())
    return open_s, with_imports_s


def with_schema(url: str, schema: str) -> str:
    """``url`` with ``search_path`` set to ``schema`` (other query parameters kept)."""
    parts = urlsplit(url)
    query = [(k, v) for k, v in parse_qsl(parts.query) if k != "search_path"] + [("search_path", schema)]
    return urlunsplit((parts.scheme, parts.netloc, parts.path, urlencode(query), parts.fragment))


async def pg_schemas(url: str, names: list[str], *, drop: bool) -> None:
    import asyncpg
    conn = await asyncpg.connect(url)
    try:
        for name in names:
            await conn.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE" if drop else f"CREATE SCHEMA {name}")
    finally:
        await conn.close()


def run_postgres(args) -> None:
    """The same figures on PostgreSQL, each phase in a schema of its own."""
    prefix = f"rollbot_bench_{os.getpid()}"
    names = [f"{prefix}_{phase}" for phase in ("other", "one", "many", "big")]
    asyncio.run(pg_schemas(args.db, names, drop=False))
    other_url, one_url, many_url, big_url = (with_schema(args.db, name) for name in names)
    try:
        with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
            tmp = Path(tmp)
            print(f"kind: {KIND.name} (tests/engine/toy_kind.py); PostgreSQL, synchronous={args.synchronous}; "
                  f"schemas {prefix}_*; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")
            other = "NORMAL" if args.synchronous == "FULL" else "FULL"
            other_one = asyncio.run(one_game(other_url, other, args.moves))
            print(f"for comparison, synchronous={other}: one game, {args.moves} moves in sequence: "
                  f"{other_one:.0f} moves/s")
            one = asyncio.run(one_game(one_url, args.synchronous, args.moves))
            print(f"one game, {args.moves} moves in sequence: {one:.0f} moves/s")
            many = asyncio.run(many_games(many_url, args.synchronous, 1000, 5))
            print(f"1000 games x 5 rounds, interleaved: {many:.0f} moves/s")
            big = tmp / "big.db"
            build_big_store(big, finished=10_000, active=1_000, moves_finished=40, moves_active=20)
            t = time.perf_counter()
            done = subprocess.run([sys.executable, "-m", "bot.engine", "migrate-db", str(big), big_url, "--kinds",
                                   "tests.engine.toy_kind:KIND"], cwd=REPO, capture_output=True, text=True)
            lines = done.stdout.splitlines()
            # The synthetic "finished" games stop at 40 moves, short of their target, so the replay check
            # flags them (exit 1); the copy itself must be exact and every snapshot must match.
            if done.returncode not in (0, 1) or any(line.startswith("copy differs") or "snapshot differs" in line
                                                    for line in lines):
                raise SystemExit(f"migrate-db failed ({done.returncode}): {done.stdout[-2000:]}{done.stderr[-2000:]}")
            print(f"migrate-db of 10,000 finished + 1,000 active games (copy, row-by-row check, replay of every "
                  f"game): {time.perf_counter() - t:.1f} s; {lines[0] if lines else ''}")
            open_s, total_s = cold_start(big_url, args.synchronous, channel=10_500)
            print(f"cold start (connect + find the channel's game + load it + play one move): {open_s:.3f} s; "
                  f"with interpreter imports: {total_s:.3f} s")
            print(f"load_average_after={os.getloadavg()[0]:.1f}")
            print(f"moves_per_s_one_game={one:.0f}")
            print(f"moves_per_s_1000_games={many:.0f}")
            print(f"cold_start_s={open_s:.3f}")
    finally:
        asyncio.run(pg_schemas(args.db, names, drop=True))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synchronous", default="FULL", choices=("FULL", "NORMAL"))
    parser.add_argument("--dir", default=None, help="where to put the database files (default: a temp dir)")
    parser.add_argument("--moves", type=int, default=5000)
    parser.add_argument("--db", default=None, metavar="URL",
                        help="measure on this PostgreSQL database (postgresql://…) instead of SQLite files")
    args = parser.parse_args()
    if args.db is not None:
        if not is_postgres(args.db):
            parser.error("--db takes a postgresql:// URL (SQLite runs use --dir)")
        run_postgres(args)
        return
    with tempfile.TemporaryDirectory(dir=args.dir) as tmp:
        tmp = Path(tmp)
        print(f"kind: {KIND.name} (tests/engine/toy_kind.py); synchronous={args.synchronous}; "
              f"files in {tmp}")
        other = "NORMAL" if args.synchronous == "FULL" else "FULL"
        other_one = asyncio.run(one_game(tmp / "other.db", other, args.moves))
        print(f"for comparison, synchronous={other}: one game, {args.moves} moves in sequence: "
              f"{other_one:.0f} moves/s")
        one = asyncio.run(one_game(tmp / "one.db", args.synchronous, args.moves))
        print(f"one game, {args.moves} moves in sequence: {one:.0f} moves/s")
        many = asyncio.run(many_games(tmp / "many.db", args.synchronous, 1000, 5))
        print(f"1000 games x 5 rounds, interleaved: {many:.0f} moves/s")
        big = tmp / "big.db"
        t = time.perf_counter()
        build_big_store(big, finished=10_000, active=1_000, moves_finished=40, moves_active=20)
        size_mb = sum(f.stat().st_size for f in tmp.glob("big.db*")) / 1e6
        print(f"built 10,000 finished (40 moves) + 1,000 active (20 moves) games, {size_mb:.1f} MB, "
              f"in {time.perf_counter() - t:.1f} s")
        open_s, total_s = cold_start(big, args.synchronous, channel=10_500)
        print(f"cold start (open + find the channel's game + load it + play one move): {open_s:.3f} s; "
              f"with interpreter imports: {total_s:.3f} s")
        print(f"moves_per_s_one_game={one:.0f}")
        print(f"moves_per_s_1000_games={many:.0f}")
        print(f"cold_start_s={open_s:.3f}")


if __name__ == "__main__":
    main()
