"""Round trip through Discord's API, as players feel it: the bot runs in its own process (``python -m bot``,
configured only by its environment) against the Discord stand-in from tests/discord_stub, which runs here.

N active games (2 players each, one per channel) receive moves as an open-loop load: arrival times are a
Poisson process at a fixed combined rate, each arrival makes one player of an idle game click one of the
moves the bot offers (the seeded random player from tests/e2e).  Per move we measure, on the stand-in's
clock, the time from writing INTERACTION_CREATE to the gateway to the bot's first answer (the ack) and to
its last message with images (the new turn post, or the private sheet of a continuing turn).  Clicks that
only open a menu are timed for the ack but are not moves.

Phases: open the games, warm up, one minute at 10 moves/s (the headline figures), then a short ramp of
higher rates to find the highest rate whose p95 stays under 1 s.  Games that end are replaced.

Usage: python benchmarks/roundtrip.py [--quick] [--games N] [--rate R] [--duration S] [--seed N]
Prints one name=value per line; the last four are ack_p95_ms, p50_ms, p95_ms, max_moves_per_s.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import random
import signal
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.discord_stub.interactions import InteractionRecord
from tests.discord_stub.messages import StubAttachment, StubMessage
from tests.discord_stub.server import DiscordStub
from tests.discord_stub.world import StubChannel, StubUser
from tests.e2e.flows import start_guild_game
from tests.e2e.policy import RandomPlayer

P95_LIMIT_S = 1.0
RAMP_RATES = (20, 30, 40, 50, 60, 80, 100)
MAX_DROPPED = 0.01          # a rate fails if more arrivals than this found no idle game


def header_size(attachment: StubAttachment) -> tuple[int, int]:
    """Width/height from the PNG header: the stand-in keeps only the head of uploads in a load run."""
    dims = attachment.png_dimensions()
    assert dims is not None, f"{attachment.filename} is not a PNG"
    return dims


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered) + 0.5) - 1))]


@dataclass
class Window:
    """Samples of one load phase."""

    rate: float
    move_ack: list[float] = field(default_factory=list)       # ack latency of clicks that played a move
    move_full: list[float] = field(default_factory=list)      # dispatch → last message with images
    menu_ack: list[float] = field(default_factory=list)       # clicks that only opened a (sub-)menu
    images: int = 0                                           # pictures rendered for the measured moves
    arrivals: int = 0
    dropped: int = 0
    errors: list[str] = field(default_factory=list)
    seconds: float = 0.0
    bot_cpu: float = 0.0            # CPU seconds of the bot process during the phase
    bot_loop_cpu: float = 0.0       # of which its main thread (event loop)
    drawing_cpu: float = 0.0        # CPU seconds of its drawing processes (not in bot_cpu)
    driver_cpu: float = 0.0         # CPU seconds of this process (stand-in + simulated players)

    def passed(self) -> bool:
        return (bool(self.move_full) and pct(self.move_full, 0.95) < P95_LIMIT_S and not self.errors
                and self.dropped <= MAX_DROPPED * max(1, self.arrivals))

    def summary(self) -> str:
        return (f"rate={self.rate:g}/s arrivals={self.arrivals} moves={len(self.move_full)} "
                f"images/move={self.images / max(1, len(self.move_full)):.2f} "
                f"dropped={self.dropped} errors={len(self.errors)} "
                f"ack_p95={pct(self.move_ack, .95) * 1000:.1f}ms p50={pct(self.move_full, .5) * 1000:.1f}ms "
                f"p95={pct(self.move_full, .95) * 1000:.1f}ms "
                f"cpu/move: bot={self.cpu_per_move(self.bot_cpu + self.drawing_cpu):.1f}ms "
                f"(event loop {self.cpu_per_move(self.bot_loop_cpu):.1f}ms, "
                f"threads {self.cpu_per_move(self.bot_cpu - self.bot_loop_cpu):.1f}ms, "
                f"drawing processes {self.cpu_per_move(self.drawing_cpu):.1f}ms) "
                f"stand-in+players={self.cpu_per_move(self.driver_cpu):.1f}ms "
                f"bot_busy={self.bot_cpu / max(self.seconds, 1e-9):.0%} "
                f"drawing_busy={self.drawing_cpu / max(self.seconds, 1e-9):.0%}")

    def cpu_per_move(self, cpu: float) -> float:
        return cpu * 1000 / max(1, len(self.move_full))


def _cpu_of(stat_path: Path) -> float:
    fields = stat_path.read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _descendants(pid: int) -> list[int]:
    """The processes started by ``pid`` and by those (the bot's drawing processes and their fork server)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (FileNotFoundError, ProcessLookupError, ValueError, IndexError):
            continue
        children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), ()):
            found.append(child)
            todo.append(child)
    return found


def process_cpu(pid: int) -> tuple[float, float, float]:
    """CPU seconds (user + system) of the bot: its process (all threads), its main thread (the event loop;
    the others render pictures and run SQLite), and its drawing processes (``bot.runtime.pool``)."""
    try:
        total, loop = _cpu_of(Path(f"/proc/{pid}/stat")), _cpu_of(Path(f"/proc/{pid}/task/{pid}/stat"))
    except (FileNotFoundError, ProcessLookupError):
        return 0.0, 0.0, 0.0
    drawing = 0.0
    for child in _descendants(pid):
        try:
            drawing += _cpu_of(Path(f"/proc/{child}/stat"))
        except (FileNotFoundError, ProcessLookupError):
            pass
    return total, loop, drawing


class Table:
    """One channel with its game and its two players."""

    def __init__(self, bench: Bench, channel: StubChannel, players: list[StubUser], seed: int):
        self.bench, self.channel, self.players, self.seed = bench, channel, players, seed
        self.player: RandomPlayer | None = None
        self.busy = True
        self.games = 0

    def observe(self, ix: InteractionRecord, answer: StubMessage) -> None:
        window = self.bench.window
        if window is None or ix.ack_latency is None:
            return
        if answer.attachments:
            window.move_ack.append(ix.ack_latency)
            window.move_full.append(ix.latency_to(answer))
            window.images += len(answer.attachments)
        else:
            window.menu_ack.append(ix.ack_latency)

    async def open(self) -> None:
        self.busy = True
        try:
            first = await start_guild_game(self.bench.stub, self.channel, self.players)
            self.games += 1
            self.player = RandomPlayer(self.bench.stub, self.channel, self.players,
                                       seed=self.seed * 1000 + self.games, timeout=60.0,
                                       observer=self.observe, measure=header_size, typed_share=0.0)
            self.player.start(first)
        finally:
            self.busy = False

    async def move(self) -> None:
        assert self.player is not None
        self.busy = True
        try:
            await self.player.step()
            if self.player.finished:
                await self.open()
        except Exception as exc:
            if self.bench.window is not None:
                self.bench.window.errors.append(f"{self.channel.name}: {exc!r}"[:500])
            self.player = None      # leave a broken game out of the rest of the run
            self.busy = True
        finally:
            if self.player is not None:
                self.busy = False


class Bench:
    def __init__(self, stub: DiscordStub, games: int, seed: int):
        self.stub = stub
        self.bot_pid: int | None = None
        self.rng = random.Random(seed)
        users = [stub.add_user(f"player{i}") for i in range(max(4, games // 2))]
        self.tables = [Table(self, stub.add_channel(f"table-{i}"), self.rng.sample(users, 2), seed + i)
                       for i in range(games)]
        self.window: Window | None = None
        self.tasks: set[asyncio.Task] = set()

    async def open_all(self, parallel: int = 8) -> None:
        gate = asyncio.Semaphore(parallel)

        async def one(table: Table) -> None:
            async with gate:
                await table.open()
        await asyncio.gather(*(one(t) for t in self.tables))

    async def load(self, rate: float, duration: float, *, measure: bool) -> Window:
        """Open loop: arrivals follow the clock, never the answers."""
        window = Window(rate)
        self.window = window if measure else None
        loop = asyncio.get_running_loop()
        cpu0 = (process_cpu(self.bot_pid) if self.bot_pid else (0.0, 0.0, 0.0), time.process_time(), loop.time())
        at = loop.time()
        end = at + duration
        while True:
            at += self.rng.expovariate(rate)
            if at >= end:
                break
            delay = at - loop.time()
            if delay > 0:
                await asyncio.sleep(delay)
            window.arrivals += 1
            idle = [t for t in self.tables if not t.busy and t.player is not None]
            if not idle:
                window.dropped += 1
                continue
            table = self.rng.choice(idle)
            table.busy = True
            task = asyncio.create_task(table.move())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        if self.tasks:                               # let the moves of this phase finish
            await asyncio.wait(set(self.tasks), timeout=90)
        total, main_thread, drawing = process_cpu(self.bot_pid) if self.bot_pid else (0.0, 0.0, 0.0)
        window.bot_cpu, window.bot_loop_cpu = total - cpu0[0][0], main_thread - cpu0[0][1]
        window.drawing_cpu = drawing - cpu0[0][2]
        window.driver_cpu = time.process_time() - cpu0[1]
        window.seconds = loop.time() - cpu0[2]
        self.window = None
        return window


async def start_bot_process(stub: DiscordStub, workdir: Path) -> tuple[asyncio.subprocess.Process, Path]:
    log_path = workdir / "bot.log"
    env = dict(os.environ, DISCORD_TOKEN=stub.token, DISCORD_API_BASE=stub.api_base,
               ROLLBOT_DB=str(workdir / "roundtrip.db"), ROLLBOT_LOG_LEVEL="WARNING")
    log_file = await asyncio.to_thread(open, log_path, "wb")
    try:
        proc = await asyncio.create_subprocess_exec(sys.executable, "-m", "bot", cwd=REPO, env=env,
                                                    stdout=log_file, stderr=asyncio.subprocess.STDOUT)
    finally:
        log_file.close()            # the child holds its own descriptor
    await stub.wait_for_session(timeout=60)
    return proc, log_path


async def stop_bot_process(proc: asyncio.subprocess.Process) -> int:
    if proc.returncode is None:
        proc.send_signal(signal.SIGTERM)
    try:
        return await asyncio.wait_for(proc.wait(), 20)
    except TimeoutError:
        proc.kill()
        return await proc.wait()


async def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING)
    stub = DiscordStub(retain_uploads=False, max_request_log=5000)
    await stub.start()
    workdir = Path(tempfile.mkdtemp(prefix="rollbot-roundtrip-"))
    bench = Bench(stub, args.games, args.seed)
    started = time.perf_counter()
    proc, log_path = await start_bot_process(stub, workdir)
    calls_from = stub.calls_mark()  # login and command sync left out
    bench.bot_pid = proc.pid
    try:
        t0 = time.perf_counter()
        await bench.open_all()
        print(f"opened {args.games} games in {time.perf_counter() - t0:.1f}s", flush=True)
        await bench.load(args.rate, args.warmup, measure=False)
        main = await bench.load(args.rate, args.duration, measure=True)
        print(main.summary(), flush=True)
        for error in main.errors[:5]:
            print(f"  error: {error}", flush=True)
        best = args.rate if main.passed() else 0.0
        if main.passed():
            for rate in args.ramp:
                await bench.load(rate, args.ramp_warmup, measure=False)
                window = await bench.load(rate, args.ramp_duration, measure=True)
                print(window.summary(), flush=True)
                for error in window.errors[:3]:
                    print(f"  error: {error}", flush=True)
                if not window.passed():
                    break
                best = rate
        problems = stub.problems()
        if problems:
            print(f"stand-in problems: {len(problems)}; first: {problems[:3]}", flush=True)
        print_rest_calls(stub, calls_from)
    finally:
        code = await stop_bot_process(proc)
        await stub.close()
    log_tail = log_path.read_text(errors="replace").strip().splitlines()[-5:]
    if code != 0 or any("ERROR" in line for line in log_tail):
        print("bot exit code", code, "log tail:", *log_tail, sep="\n  ")
    print(f"menu_ack_p95_ms={pct(main.menu_ack, .95) * 1000:.1f}")
    print(f"moves_measured={len(main.move_full)}")
    print(f"bot_cpu_ms_per_move={main.cpu_per_move(main.bot_cpu + main.drawing_cpu):.1f}")
    print(f"bot_drawing_processes_cpu_ms_per_move={main.cpu_per_move(main.drawing_cpu):.1f}")
    print(f"bot_event_loop_cpu_ms_per_move={main.cpu_per_move(main.bot_loop_cpu):.1f}")
    print(f"standin_cpu_ms_per_move={main.cpu_per_move(main.driver_cpu):.1f}")
    print(f"runtime_s={time.perf_counter() - started:.0f}")
    print(f"ack_p95_ms={pct(main.move_ack, .95) * 1000:.1f}")
    print(f"p50_ms={pct(main.move_full, .5) * 1000:.1f}")
    print(f"p95_ms={pct(main.move_full, .95) * 1000:.1f}")
    print(f"max_moves_per_s={best:g}")
    return 0 if main.move_full else 1


def print_rest_calls(stub: DiscordStub, since: int) -> None:
    """REST calls under Discord's limits (on in the stand-in): bot-token calls share the global 50/s."""
    calls = stub.call_counts(since)
    print(f"rest_calls: bot={calls['bot']} interaction={calls['interaction']} "
          f"invalid_requests={len(stub.invalid_requests)}", flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (about 1 minute)")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--rate", type=float, default=10.0, help="combined moves per second")
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.ramp, args.ramp_warmup, args.ramp_duration = RAMP_RATES, 3.0, 15.0
    if args.quick:
        args.games, args.duration, args.warmup = min(args.games, 30), 15.0, 3.0
        args.ramp, args.ramp_warmup, args.ramp_duration = (20, 40, 80), 2.0, 8.0
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(run(parse_args())))
