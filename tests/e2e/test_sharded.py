"""Two bot processes, one PostgreSQL: shard 0 and shard 1 of 2, each run as an operator would
(``python -m bot --shards N --shard-count 2``) against the Discord stand-in, which routes each guild's events
to its shard's connection and DMs to shard 0's.

Three games at once: one in a guild on each shard and a solo game in a DM (served by shard 0's process).
Shard 0's process is SIGKILLed while a move's post is on its way (committed, claimed, not delivered); the
game on shard 1 goes on meanwhile; shard 0's process is started again and delivers the post exactly once;
shard 1's process is stopped cleanly (SIGTERM) while shard 0's games go on, and started again; every game
is played to its end. Then the database and the channels must agree: every post delivered,
each to exactly one message, and no message the outbox does not know of.
"""
from __future__ import annotations

import asyncio
import json
import os
import signal
import sys
from pathlib import Path

import asyncpg
import pytest

from tests.discord_stub.gateway import shard_of
from tests.discord_stub.server import DiscordStub
from tests.e2e.flows import start_guild_game, start_solo_game
from tests.e2e.policy import RandomPlayer, is_final

#: Discord's flag of a message built from layout components (every live game message).
COMPONENTS_V2 = 1 << 15

REPO_ROOT = Path(__file__).resolve().parents[2]
SHARDS = 2


@pytest.fixture
def pg_url(pg_admin: str) -> str:
    from tests.engine.pg_helpers import create_database, drop_database
    url = create_database(pg_admin)
    yield url
    drop_database(pg_admin, url)


class BotProcess:
    """``python -m bot --shards N --shard-count 2`` with the stand-in and the database in its environment."""

    def __init__(self, stub: DiscordStub, db: str, shard: int, logs: Path) -> None:
        self.stub, self.db, self.shard, self.logs = stub, db, shard, logs
        self.proc: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        env = dict(os.environ, DISCORD_API_BASE=self.stub.api_base, DISCORD_TOKEN=self.stub.token,
                   ROLLBOT_DB=self.db, ROLLBOT_LOG_LEVEL="INFO", ROLLBOT_LOG_LEVEL_DISCORD="WARNING")
        env.pop("ROLLBOT_SHARDS", None)
        before = self.stub.shard_session(self.shard, SHARDS)
        with open(self.logs, "ab") as log:
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", "--shards", str(self.shard), "--shard-count", str(SHARDS),
                cwd=REPO_ROOT, env=env, stdout=log, stderr=log)
        await self.stub.wait_until(
            lambda: (s := self.stub.shard_session(self.shard, SHARDS)) is not None and s is not before, 90,
            f"the process of shard {self.shard} to connect\n{self.tail()}")
        await self.stub.wait_until(lambda: self.stub.commands.listing(None), 30, "the bot's commands")

    def tail(self) -> str:
        return self.logs.read_text(errors="replace")[-3000:] if self.logs.exists() else ""

    async def kill(self) -> None:
        self.proc.kill()                             # SIGKILL: no shutdown code runs
        await self.proc.wait()

    async def stop(self) -> int | None:
        if self.proc is None or self.proc.returncode is not None:
            return None if self.proc is None else self.proc.returncode
        self.proc.send_signal(signal.SIGTERM)
        try:
            return await asyncio.wait_for(self.proc.wait(), 20)
        except TimeoutError:
            self.proc.kill()
            await self.proc.wait()
            return None


async def _rows(url: str, sql: str, *args) -> list[asyncpg.Record]:
    conn = await asyncpg.connect(url)
    try:
        return await conn.fetch(sql, *args)
    finally:
        await conn.close()


async def _play_until_held(player: RandomPlayer, held: asyncio.Event) -> asyncio.Task:
    """Step the game until one step's public post is held by the stand-in; returns that step's task (still
    waiting for the post that will never come from this process)."""
    for _ in range(200):
        step = asyncio.create_task(player.step())
        waiter = asyncio.create_task(held.wait())
        done, _ = await asyncio.wait({step, waiter}, timeout=30, return_when=asyncio.FIRST_COMPLETED)
        if waiter in done:
            return step
        waiter.cancel()
        assert step in done, "a step neither finished nor posted within 30 s"
        step.result()
        assert not player.finished, "the game ended before the crash point"
    raise AssertionError("no public post within 200 steps")


async def test_two_processes_one_database_survive_a_kill(discord_stub: DiscordStub, cast, pg_url, tmp_path):
    stub = discord_stub
    shard_a = shard_of(stub.guild.id, SHARDS)
    other = stub.world.add_guild("Second Guild", shard=1 - shard_a, shard_count=SHARDS)
    channels = {shard_a: cast.games, 1 - shard_a: stub.world.add_channel("far-games", other)}
    bots = {s: BotProcess(stub, pg_url, s, tmp_path / f"shard{s}.log") for s in range(SHARDS)}
    try:
        for s in range(SHARDS):
            await bots[s].start()

        # three games: a guild on each shard, a solo game in a DM (DMs reach shard 0 only)
        seats = {0: [cast.alice, cast.bob], 1: [cast.carol, cast.dave]}
        players: dict[str, RandomPlayer] = {}
        for s in range(SHARDS):
            first = await start_guild_game(stub, channels[s], seats[s])
            players[f"shard{s}"] = RandomPlayer(stub, channels[s], seats[s], seed=21 + s, typed_share=0.0)
            players[f"shard{s}"].start(first)
        dm = stub.dm_channel(cast.stranger)
        players["dm"] = RandomPlayer(stub, dm, [cast.stranger], seed=23, typed_share=0.0)
        players["dm"].start(await start_solo_game(stub, cast.stranger))
        for name, player in players.items():
            await player.play(until=lambda p, pl=player: pl.log.moves >= 4)
            assert not player.finished, f"game {name} ended too early"

        # kill shard 0's process while a move's post in its guild game is on its way to Discord
        held, release = asyncio.Event(), asyncio.Event()
        target = channels[0]

        async def hold(channel, record) -> bool:
            if channel is not target:
                return True
            held.set()
            await release.wait()
            return False                               # dropped: the dead process never posted it

        stub.channel_post_gate = hold
        mark = stub.mark()
        stuck = await _play_until_held(players["shard0"], held)
        await bots[0].kill()
        release.set()
        stuck.cancel()
        await asyncio.gather(stuck, return_exceptions=True)
        stub.channel_post_gate = None
        waiting = await _rows(pg_url, "SELECT game_id, claimed_by FROM outbox WHERE delivered_at IS NULL")
        assert len(waiting) == 1 and "shards 0/2" in waiting[0]["claimed_by"], waiting

        # the other process is not disturbed: its game goes on while shard 0 is down
        before = players["shard1"].log.moves
        await players["shard1"].play(until=lambda p: players["shard1"].log.moves >= before + 4)

        # shard 0 comes back: the held post arrives (exactly once) and its games go on
        await bots[0].start()
        post = await stub.wait_for_message(target, lambda m: not m.ephemeral and bool(m.attachments), after=mark,
                                           timeout=30)
        players["shard0"].start(post)

        # a graceful stop of shard 1's process leaves shard 0's games alone; then it comes back
        assert await bots[1].stop() == 0
        for name in ("shard0", "dm"):
            before = players[name].log.moves
            await players[name].play(until=lambda p, n=name, b=before: players[n].log.moves >= b + 3)
        await bots[1].start()

        for name, player in players.items():
            final = await player.play()
            assert is_final(final), name
        await stub.settle()

        # nothing lost, nothing twice: every post delivered into its own message, and the channels hold
        # exactly the messages the outbox delivered
        posts = await _rows(pg_url, "SELECT game_id, channel_id, message_id, delivered_at, payload FROM outbox"
                                    " ORDER BY id")
        assert posts and all(p["delivered_at"] is not None and p["message_id"] is not None for p in posts)
        # a post that pings nobody new is edited into the game's live message; every other one is a message
        ids = [p["message_id"] for p in posts if not json.loads(p["payload"]).get("edit")]
        assert len(ids) == len(set(ids)), "a post was delivered twice"
        for channel in (*channels.values(), dm):
            shown = [m.id for m in stub.messages(channel) if not m.ephemeral and m.flags & COMPONENTS_V2]
            live = [m for m in stub.messages(channel) if not m.ephemeral and m.attachments]
            assert len(live) <= 1, "one live message per game"
            assert len(shown) == len(set(shown))
            assert sorted(shown) == sorted({p["message_id"] for p in posts if p["channel_id"] == channel.id}), \
                f"channel {channel.name or 'DM'}: the posted messages and the delivered posts differ"
        games = await _rows(pg_url, "SELECT g.id, g.status, g.version, (SELECT count(*) FROM moves m"
                                    " WHERE m.game_id = g.id) AS moves FROM games g")
        assert len(games) == 3 and all(g["status"] == "finished" and g["moves"] == g["version"] for g in games)
    finally:
        codes = {s: await bots[s].stop() for s in range(SHARDS)}
    assert codes == {0: 0, 1: 0}, {s: bots[s].tail() for s in range(SHARDS)}
    left = await _rows(pg_url, "SELECT count(*) FROM outbox WHERE claimed_by IS NOT NULL AND delivered_at IS NULL")
    assert left[0][0] == 0, "a clean shutdown releases the process's claims"
