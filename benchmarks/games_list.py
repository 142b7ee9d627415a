"""/games on a store holding 10,000 games over 2,000 players, for a player who sits in 50 of them (lobbies,
games in play, finished and abandoned ones, each with posts in the outbox). Times 200 calls of the store query
``Store.games_of_user`` alone (``games_list_store_p95_ms=…``), then 200 whole ``/games`` answers as the command
builds them, from the interaction to the reply's payload, through the bot's real command tree with Discord
stood in for (``tests/cogs/harness.py``), cold: the game cache is emptied before each. The headline figure,
printed last, is the command's: ``games_list_p95_ms=…`` (issue 26: at most 200 ms).

Usage: python benchmarks/games_list.py [--pg postgresql://…] (PostgreSQL: in a schema of its own, dropped
afterwards; default: an SQLite file in a temp dir).
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "tests" / "cogs"))

from harness import Harness, User  # noqa: E402

from benchmarks.store import pg_schemas, with_schema  # noqa: E402
from bot.app import create_bot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.engine.store import dump_json, open_store  # noqa: E402
from bot.games.rollplayer.kind import KIND  # noqa: E402

GAMES, PLAYERS, MINE, CALLS = 10_000, 2_000, 50, 200
ME = 10**17                     # the player whose list is read (a Discord-sized id, outside the others)
NOW = 1_750_000_000.0
#: the statuses of my 50 games, and (in that order) how the other games are spread
MY_STATUSES = ["active"] * 20 + ["lobby"] * 5 + ["finished"] * 20 + ["abandoned"] * 5
SHARES = (("finished", 0.6), ("active", 0.3), ("lobby", 0.05), ("abandoned", 0.05))


def plan(rng: random.Random) -> tuple[list[dict], list[dict], list[dict]]:
    """Rows for games, seats and outbox: my games first, then the others among 2,000 players."""
    games, seats, posts = [], [], []
    statuses = MY_STATUSES + rng.choices([s for s, _ in SHARES], [w for _, w in SHARES], k=GAMES - MINE)
    for game_id, status in enumerate(statuses, 1):
        created = NOW - rng.uniform(0, 120 * 86400)
        started = None if status == "lobby" else created + 60
        ended = created + rng.uniform(3600, 30 * 86400) if status in ("finished", "abandoned") else None
        players = rng.sample(range(1, PLAYERS + 1), rng.randint(1, 4))
        if game_id <= MINE:
            players[rng.randrange(len(players))] = ME
        version = 0 if status == "lobby" else rng.randint(1, 200)
        due = {str(rng.randrange(len(players))): NOW - rng.uniform(60, 86400)} if status == "active" else {}
        # my games can be shown: a real table (the command asks the game where it stands), no snapshot in a lobby
        snapshot = "{}" if game_id > MINE else None if status == "lobby" else KIND.dumps(KIND.create(
            len(players), game_id, {}))
        games.append({"id": game_id, "kind": "rollplayer", "guild": 1 + game_id % 50, "channel": 10**6 + game_id,
                      "status": status, "creator": players[0], "seats": len(players), "version": version,
                      "created": created, "started": started, "ended": ended, "snapshot": snapshot,
                      "meta": dump_json({"clock": {"since": due}, "pace": rng.choice(["normal", None])})})
        seats += [{"g": game_id, "s": seat, "u": user, "n": f"player {user}"} for seat, user in enumerate(players)]
        for seq in range(0, min(version, 12) + 1 if started else 0):
            delivered = seq < version or rng.random() < 0.5          # the last post may still be on its way
            posts.append({"g": game_id, "seq": seq, "c": 10**6 + game_id, "at": created + seq,
                          "d": created + seq + 1 if delivered else None,
                          "m": 10**9 + game_id * 10 + seq // 4 if delivered else None})
    return games, seats, posts


async def fill(store, games, seats, posts) -> None:
    async def work(db):
        await db.executemany(
            "INSERT INTO games (id, kind, guild_id, channel_id, status, creator_id, options, seed, seats_wanted,"
            " snapshot, version, created_at, updated_at, started_at, finished_at, last_activity_at, meta) VALUES"
            " (:id, :kind, :guild, :channel, :status, :creator, '{}', 1, :seats, :snapshot, :version, :created,"
            " :created, :started, :ended, :created, :meta)", games)
        await db.executemany("INSERT INTO seats (game_id, seat, user_id, name, is_ai) VALUES (:g, :s, :u, :n, false)",
                             seats)
        await db.executemany("INSERT INTO outbox (game_id, seq, channel_id, payload, created_at, delivered_at,"
                             " message_id) VALUES (:g, :seq, :c, '{}', :at, :d, :m)", posts)
    await store._write(work)
    if not store.sqlite:
        await store._write(lambda db: db.execute("ANALYZE"), transaction=False)


async def measure_command(target: str | Path) -> list[float]:
    """The whole /games answer, CALLS times, each with the bot's game cache emptied first."""
    bot = await create_bot(Settings(token=None, db_path=target), sync_commands=False, run_reminders=False)
    harness = Harness(bot)
    await harness.start()
    try:
        bot.my_games.clock = lambda: NOW
        me, place = User(id=ME, name="me"), harness.channel()
        answer = (await harness.run("games", user=me, place=place)).messages[0]
        print(f"the first page lists {answer.text().count('https://discord.com/channels/')} games")
        times = []
        for _ in range(CALLS):
            bot.sessions._cache.clear()
            start = time.perf_counter()
            await harness.run("games", user=me, place=place)
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        await harness.close()


async def measure(target: str | Path) -> list[float]:
    store = await open_store(target)
    try:
        games, seats, posts = plan(random.Random(26))
        start = time.perf_counter()
        await fill(store, games, seats, posts)
        print(f"filled {len(games)} games, {len(seats)} seats, {len(posts)} posts in "
              f"{time.perf_counter() - start:.1f} s ({store.dialect})")
        since = NOW - 30 * 86400
        listed = await store.games_of_user(ME, since)
        mine = {s["g"] for s in seats if s["u"] == ME}
        print(f"the player sits in {len(mine)} games; the list shows {len(listed)} (open, and finished in the last"
              f" 30 days), {sum(g.message_id is not None for g in listed)} with a live message")
        times = []
        for _ in range(CALLS):
            start = time.perf_counter()
            await store.games_of_user(ME, since)
            times.append((time.perf_counter() - start) * 1000)
        return times
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pg", default=None, metavar="URL", help="a PostgreSQL server to measure on instead")
    args = parser.parse_args()
    if args.pg:
        schema = f"rollbot_games_list_{os.getpid()}"
        asyncio.run(pg_schemas(args.pg, [schema], drop=False))
        try:
            times = asyncio.run(measure(with_schema(args.pg, schema)))
            command = asyncio.run(measure_command(with_schema(args.pg, schema)))
        finally:
            asyncio.run(pg_schemas(args.pg, [schema], drop=True))
    else:
        with tempfile.TemporaryDirectory() as folder:
            times = asyncio.run(measure(Path(folder) / "games.db"))
            command = asyncio.run(measure_command(Path(folder) / "games.db"))
    store_p50, store_p95 = report("Store.games_of_user (the store query only)", times)
    p50, p95 = report("/games (the whole answer, from the interaction to the reply's payload, cold)", command)
    print(f"games_list_store_p50_ms={store_p50:.2f}")
    print(f"games_list_store_p95_ms={store_p95:.2f}")
    print(f"games_list_p50_ms={p50:.2f}")
    print(f"games_list_p95_ms={p95:.2f}")


def report(what: str, times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    p50, p95 = statistics.median(times), times[int(len(times) * 0.95) - 1]
    print(f"{len(times)} calls of {what}: p50 {p50:.2f} ms, p95 {p95:.2f} ms, max {times[-1]:.2f} ms; "
          f"load average {os.getloadavg()[0]:.1f}")
    return p50, p95


if __name__ == "__main__":
    main()
