"""Several bot processes on one PostgreSQL database: two managers (two pools) or two real processes applying
moves to the same games at once never both apply a move, never leave a gap, and agree with the log."""
from __future__ import annotations

import asyncio
import random
import subprocess
import sys

import pytest

from bot.engine import ChannelBusy, SessionManager, StaleMove
from bot.engine.store import Store as PgStore
from bot.games.errors import RuleError
from tests.engine.helpers import ENDLESS, REPO, FakeClock, registry
from tests.engine.pg_helpers import replayed_snapshot
from tests.engine.test_engine_random_ops import WEIGHTS, check_agreement, step
from tests.engine.toy_kind import KIND

ALICE = 100

CHILD = """
import asyncio, sys
sys.path.insert(0, {repo!r})
from bot.engine import SessionManager, StaleMove
from bot.engine.store import Store as PgStore
from tests.engine.toy_kind import KIND

async def main():
    store = await PgStore.open({url!r})
    mgr = SessionManager(store, {{KIND.name: KIND}})
    print("ready", flush=True)
    sys.stdin.readline()
    for attempt in range({attempts}):
        for game_id in {games!r}:
            try:
                result = await mgr.apply(game_id, {user}, {{"action": "roll"}})
            except StaleMove:
                print("stale", game_id, flush=True)
            else:
                print("ack", game_id, result.seq, flush=True)
    await store.close()

asyncio.run(main())
"""


@pytest.fixture
async def two_managers(pg_url):
    stores = [await PgStore.open(pg_url, max_size=4) for _ in range(2)]
    clock = FakeClock()
    yield [SessionManager(store, registry(), clock=clock) for store in stores]
    for store in stores:
        await store.close()


def outcome(result):
    if isinstance(result, StaleMove):
        return "stale"
    if isinstance(result, RuleError):
        return "illegal"
    if isinstance(result, BaseException):
        raise result
    return result.version


async def test_two_managers_racing_on_one_game_never_both_apply_a_move(two_managers, pg_url):
    first, second = two_managers
    game = await first.create("dicerace", 1, 1, ALICE, "Alice", {**ENDLESS, "coins": 5}, 1, seed=3)
    rng = random.Random(9)
    calls = []
    for _ in range(80):
        move = rng.choice([{"action": "roll"}, {"action": "pass"}, {"action": "boost", "amount": 1}])
        calls.append(rng.choice(two_managers).apply(game.id, ALICE, move))
    results = [outcome(r) for r in await asyncio.gather(*calls, return_exceptions=True)]
    applied = sorted(r for r in results if isinstance(r, int))
    stored, replayed, version, seqs = replayed_snapshot(pg_url, game.id)
    assert applied == list(range(1, version + 1))  # each version won exactly once, across both managers
    assert "stale" in results and version > 10  # the managers really raced
    assert seqs == applied and stored == replayed
    for mgr in two_managers:
        view = await mgr.load(game.id)
        if view.version != version:  # a manager whose last attempt lost still caches the older game
            await asyncio.gather(mgr.apply(game.id, ALICE, {"action": "pass"}, view.version),
                                 return_exceptions=True)
            view = await mgr.load(game.id)
        assert view.version >= version and KIND.dumps(view.state) == replayed_snapshot(pg_url, game.id)[1]


async def test_two_managers_on_many_games_exactly_one_wins_each_version(two_managers, pg_url):
    first, second = two_managers
    games = [await first.create("dicerace", 1, 10 + g, ALICE, "Alice", ENDLESS, 1, seed=g) for g in range(30)]
    for version in range(4):
        results = await asyncio.gather(
            *(mgr.apply(g.id, ALICE, {"action": "roll"}, version) for g in games for mgr in two_managers),
            return_exceptions=True)
        per_game = [sorted(map(str, map(outcome, results[2 * i:2 * i + 2]))) for i in range(len(games))]
        assert per_game == [[str(version + 1), "stale"]] * len(games)
    for game in games:
        stored, replayed, version, seqs = replayed_snapshot(pg_url, game.id)
        assert version == 4 and seqs == [1, 2, 3, 4] and stored == replayed


async def test_two_managers_creating_in_one_channel_one_wins(two_managers):
    calls = [two_managers[i % 2].create("dicerace", 1, 77, 1000 + i, f"p{i}", {}, 2) for i in range(10)]
    outcomes = await asyncio.gather(*calls, return_exceptions=True)
    created = [o for o in outcomes if not isinstance(o, BaseException)]
    assert len(created) == 1 and all(isinstance(o, ChannelBusy) for o in outcomes if o not in created)
    assert (await two_managers[1].game_in_channel(77)).id == created[0].id


def test_two_processes_applying_to_the_same_games(pg_url):
    """Real processes this time: each plays "roll" on the same three games as fast as it can."""
    import asyncio as aio

    async def setup():
        store = await PgStore.open(pg_url)
        mgr = SessionManager(store, registry())
        ids = [(await mgr.create("dicerace", 1, 500 + g, ALICE, "A", ENDLESS, 1, seed=g)).id for g in range(3)]
        await store.close()
        return ids

    games = aio.run(setup())
    code = CHILD.format(repo=str(REPO), url=pg_url, attempts=40, games=games, user=ALICE)
    children = [subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, cwd=REPO) for _ in range(2)]
    for child in children:
        assert child.stdout.readline().strip() == "ready", child.stderr.read()
    for child in children:  # both start at the same moment
        child.stdin.write("go\n")
        child.stdin.flush()
    acks: dict[int, list[int]] = {g: [] for g in games}
    stale = 0
    for child in children:
        out, err = child.communicate(timeout=120)
        assert child.returncode == 0, err
        for line in out.splitlines():
            word, *rest = line.split()
            if word == "ack":
                acks[int(rest[0])].append(int(rest[1]))
            elif word == "stale":
                stale += 1
    for game_id, seqs_acked in acks.items():
        stored, replayed, version, seqs = replayed_snapshot(pg_url, game_id)
        assert sorted(seqs_acked) == list(range(1, version + 1)) == seqs  # no move acknowledged twice, none lost
        assert stored == replayed
    assert sum(len(v) for v in acks.values()) + stale == 2 * 40 * 3


@pytest.mark.parametrize("seed", range(3))
async def test_random_walk_on_postgresql_keeps_cache_and_database_equal(pg_url, seed):
    rng = random.Random(seed)
    store = await PgStore.open(pg_url)
    clock = FakeClock()
    mgr = SessionManager(store, registry(), clock=clock, cache_size=3)
    last_game: dict[int, int] = {}
    done = {name: 0 for name in WEIGHTS}
    try:
        for _ in range(200):  # as the SQLite walk: the same seeds give the same operations
            clock.advance(1)
            name, ok = await step(mgr, rng, last_game)
            done[name] += ok
            await check_agreement(mgr, store)
    finally:
        await store.close()
    assert done["play"] + done["move"] > 10 and done["create"] >= 2


async def test_lobby_changes_from_another_process_are_never_overwritten(two_managers, pg_url):
    """Each manager acts on its cached lobby; a change decided on an old picture is refused (StaleMove, nothing
    written) and succeeds once retried on a fresh one, so no seat is lost and the start sees every player."""
    first, second = two_managers
    game = await first.create("dicerace", 1, 900, 1, "Creator", ENDLESS, 4, seed=5)
    await second.load(game.id)
    await second.join(game.id, 2, "Two")
    with pytest.raises(StaleMove):
        await first.join(game.id, 3, "Three")  # first still sees one seat
    assert [s.user_id for s in (await first.join(game.id, 3, "Three")).seats] == [1, 2, 3]

    with pytest.raises(StaleMove):
        await second.leave(game.id, 2)  # second did not see Three join
    assert [s.user_id for s in (await second.leave(game.id, 2)).seats] == [1, 3]
    with pytest.raises(StaleMove):
        await first.leave(game.id, 3)  # first did not see Two leave: its seat numbers are out of date
    view = await first.join(game.id, 4, "Four")
    assert [(s.seat, s.user_id) for s in view.seats] == [(0, 1), (1, 3), (2, 4)]

    with pytest.raises(StaleMove):
        await second.start(game.id, 1)  # second would start with two players; there are three
    started = await second.start(game.id, 1)
    assert len(started.seats) == 3
    stored, replayed, version, _ = replayed_snapshot(pg_url, game.id)
    assert stored == replayed == KIND.dumps(KIND.create(3, 5, ENDLESS)) and version == 0
