"""The rating leaderboard with 100,000 finished games stored (SQLite).

Builds a store of 100,000 finished three-seat games among 5,000 players in 20 servers (games, seats, results,
every game's rating changes and the players' ratings, worked out by ``bot.engine.ratings`` game after game),
written with bulk inserts; then answers the rating board of ``/<game> stats leaderboard`` (the store's query and
the lines it shows) 200 times cold: each time on a freshly opened store (its open not timed, so no page of the
database is in the connection's cache) for the next server. Prints the timings; ``leaderboard_p95_ms=`` last
(target: 200 ms or less). Usage: python benchmarks/leaderboard.py [--games N] [--dir DIR]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bot.engine.ratings import RatedSeat, rate
from bot.engine.store import Store
from bot.i18n import t
from cogs.stats import BOARD_SIZE, provisional_mark

PLAYERS, GUILDS, SEATS, RUNS, KIND = 5_000, 20, 3, 200, "rollplayer"
T0 = 1_700_000_000.0


def build(path: Path, games: int) -> None:
    """The store's rows, bulk-inserted on one sqlite3 connection in one transaction."""
    rng = random.Random(27)
    home = {u: rng.randrange(GUILDS) for u in range(1, PLAYERS + 1)}
    members = [[u for u in home if home[u] == guild] for guild in range(GUILDS)]
    current: dict = {}
    game_rows, seat_rows, result_rows, change_rows = [], [], [], []
    for g in range(1, games + 1):
        guild = rng.randrange(GUILDS)
        users = rng.sample(members[guild], SEATS)
        places = rng.sample(range(1, SEATS + 1), SEATS)
        at = T0 + g * 60
        game_rows.append((g, KIND, 1000 + guild, 10_000 + g, "finished", users[0], "{}", g, SEATS, at, at, at))
        seats = [RatedSeat(s, places[s], users[s]) for s in range(SEATS)]
        new = rate(seats, current)
        for s in seats:
            seat_rows.append((g, s.seat, s.user_id, f"Player {s.user_id}", 0))
            result_rows.append((g, s.seat, s.user_id, rng.randrange(20, 80), s.place))
            before = current.get(s.user_id)
            change_rows.append((g, s.seat, s.user_id, before.shown if before else 1000, new[s.user_id].shown,
                                new[s.user_id].games))
        current.update(new)
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("BEGIN")
    db.executemany("INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, options, seed,"
                   " seats_wanted, created_at, updated_at, finished_at) VALUES (?,?,?,?,?,?,?,?,?,?,?,?)", game_rows)
    db.executemany("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (?,?,?,?,?)", seat_rows)
    db.executemany("INSERT INTO results (game_id, seat, user_id, total, place) VALUES (?,?,?,?,?)", result_rows)
    db.executemany("INSERT INTO rating_changes (game_id, seat, user_id, shown_before, shown_after, games)"
                   " VALUES (?,?,?,?,?,?)", change_rows)
    db.executemany("INSERT INTO ratings (user_id, kind, mu, sigma, games, shown, updated_at) VALUES (?,?,?,?,?,?,?)",
                   [(u, KIND, r.mu, r.sigma, r.games, r.shown, T0) for u, r in current.items()])
    db.executemany("INSERT OR IGNORE INTO player_guilds (user_id, guild_id, seen_at) VALUES (?,?,?)",
                   [(u, 1000 + home[u], T0) for u in current])
    db.execute("COMMIT")
    db.execute("ANALYZE")
    db.close()


async def answer(path: Path, guild: int) -> float:
    store = await Store.open(path, quick_check=False)
    try:
        start = time.perf_counter()
        rated = await store.rating_board(guild_id=guild, kind=KIND, limit=BOARD_SIZE)
        lines = [t("ratings.board_line", "en", place=i + 1, player=name, rating=r.shown,
                   mark=provisional_mark(r.provisional, "en")) for i, (name, r) in enumerate(rated)]
        elapsed = time.perf_counter() - start
        assert len(lines) == BOARD_SIZE, lines
        return elapsed * 1000
    finally:
        await store.close()


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--dir", default=None)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(dir=args.dir) as folder:
        path = Path(folder) / "board.db"
        await (await Store.open(path)).close()              # the current schema, empty
        start = time.perf_counter()
        build(path, args.games)
        print(f"built {args.games} finished games in {time.perf_counter() - start:.1f} s")
        times = [await answer(path, 1000 + run % GUILDS) for run in range(RUNS)]
        print(f"rating board, {RUNS} cold answers: median {statistics.median(times):.2f} ms,"
              f" max {max(times):.2f} ms")
        print(f"leaderboard_p95_ms={statistics.quantiles(times, n=20)[-1]:.2f}")


if __name__ == "__main__":
    asyncio.run(main())
