"""What a game leaves in its channel, and how fast it answers: full 2-player Roll Player games played through
the Discord stand-in by the seeded random player of tests/e2e, with the bot in its own process
(``python -m bot``, as in ``benchmarks/roundtrip.py``).

Channel figures (per game, each game in a channel of its own; counted by the stand-in as messages are
created and edited):
- ``public_messages_per_game``: messages everyone sees, from the lobby to the final result;
- ``pinging_messages_per_game``: public messages that, when they appeared, mentioned (pinged) someone — the
  random player checks that a ping only ever goes to someone who must act;
- ``live_messages_max``: the largest number of one game's public messages that had pictures or buttons at
  the same moment (the lobby counts while it has its buttons);
- ``private_messages_per_game``: ephemeral messages created (menus, private steps, refusals);
- ``bytes_per_game_kb``: bytes of all files uploaded for the game (posts and edits, public and private);
- ``clicks_per_dice_turn_mean``: interactions (clicks, selects, "My moves") from the message that makes a
  player due in the dice phase to the next change of the live message.
Then the round trip (``roundtrip.Bench``): ``p95_ms`` at 10 moves/s over many open games, and
``max_moves_per_s``, the highest rate of a ramp whose p95 stays under 1 s.

Discord calls (the stand-in enforces Discord's rate limits throughout), per game kind (``rp`` Roll Player,
``poker`` dice poker, ``rfa`` Roll for Adventure), from the lobby to the final post:
- ``bot_calls_per_move_<game>``: bot-token REST calls (every route but the interaction endpoints; these share
  Discord's global limit of 50 a second for the whole bot) per move the players made;
- ``interaction_calls_per_move_<game>``: calls to the interaction endpoints (callbacks, follow-ups, edits
  through an interaction token: outside the global limit) per move;
- ``invalid_requests_per_game``: answers 401, 403 and 429 (Discord bans a bot that gets 10,000 in 10 minutes);
- ``discord_ceiling_moves_per_s``: 50 divided by the largest ``bot_calls_per_move``: the moves a second one
  bot token carries for the whole bot.

Usage: python benchmarks/channel.py [--quick] [--games N] [--parallel N] [--seed N]
Prints one name=value per line; the last eight are the figures above.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "benchmarks"))

from roundtrip import (  # noqa: E402
    Bench,
    header_size,
    pct,
    print_rest_calls,
    start_bot_process,
    stop_bot_process,
)

from bot.i18n import t  # noqa: E402
from tests.discord_stub.messages import StubMessage  # noqa: E402
from tests.discord_stub.server import DiscordStub  # noqa: E402
from tests.e2e.flows import start_guild_game, turn_post  # noqa: E402
from tests.e2e.policy import RandomPlayer  # noqa: E402

DICE_PHASE = t("phase.dice", "en")


@dataclass
class ChannelCount:
    """What one game's channel received, counted as it happened."""
    public: int = 0
    pinging: int = 0
    private: int = 0
    bytes: int = 0
    live_max: int = 0
    by_file: dict[str, int] = field(default_factory=dict)     # "public table.png" -> bytes
    private_kinds: dict[str, int] = field(default_factory=dict)  # what the private messages were
    dice_turn_clicks: list[int] = field(default_factory=list)
    requests: list = field(default_factory=list)             # every REST request made for this channel
    moves: int = 0                                            # moves the players made (the game's version)

    @property
    def bot_calls(self) -> int:
        return sum(1 for r in self.requests if not is_interaction_call(r))

    @property
    def interaction_calls(self) -> int:
        return sum(1 for r in self.requests if is_interaction_call(r))

    @property
    def invalid(self) -> int:
        return sum(1 for r in self.requests if r.status in (401, 403, 429))


def is_interaction_call(record) -> bool:
    """Discord's interaction endpoints: the callback and everything under the interaction's webhook token
    (``/webhooks/{application_id}/{token}``), which its global rate limit does not bind."""
    return record.route.startswith("POST /interactions/") or record.route.split(" ", 1)[-1].startswith("/webhooks/")


class RequestLog(list):
    """``stub.requests`` that also hands each request to the channel it concerns, as it arrives."""

    def __init__(self, counter: "Counter"):
        super().__init__()
        self.counter = counter

    def append(self, record) -> None:
        super().append(record)
        channel_id = record.params.get("channel_id")
        if channel_id is None and "token" in record.params:
            ix = self.counter.stub._by_token.get(record.params["token"])
            channel_id = ix.channel.id if ix is not None else None
        count = self.counter.channels.get(int(channel_id)) if str(channel_id or "").isdigit() else None
        if count is not None:
            count.requests.append(record)


class Counter:
    """Wraps the stand-in's message creation and edits to count per channel at the moment things happen
    (a summarised message no longer shows whom it pinged, so pings are counted on creation)."""

    def __init__(self, stub: DiscordStub):
        self.stub = stub
        self.channels: dict[int, ChannelCount] = {}
        stub.requests = RequestLog(self)
        create, edit = stub._create_message, stub._edit_message

        def counted_create(channel, payload, files, **kwargs) -> StubMessage:
            message = create(channel, payload, files, **kwargs)
            count = self.channels.get(channel.id)
            if count is not None:
                if message.ephemeral:
                    count.private += 1
                    kind = "loading" if message.loading else "picture" if message.attachments \
                        else "menu" if message.buttons or message.selects else "text"
                    count.private_kinds[kind] = count.private_kinds.get(kind, 0) + 1
                else:
                    count.public += 1
                    count.pinging += bool(message.mentions)
                self._bytes(count, files, "private" if message.ephemeral else "public")
                self._live(channel, count)
            return message

        def counted_edit(message, payload, files) -> StubMessage:
            edited = edit(message, payload, files)
            count = self.channels.get(message.channel.id)
            if count is not None:
                self._bytes(count, files, "private edit" if message.ephemeral else "public edit")
                self._live(message.channel, count)
            return edited

        stub._create_message, stub._edit_message = counted_create, counted_edit

    @staticmethod
    def _bytes(count: ChannelCount, files, where: str) -> None:
        for f in files:
            count.bytes += f.size
            key = f"{where} {f.filename}"
            count.by_file[key] = count.by_file.get(key, 0) + f.size

    def _live(self, channel, count: ChannelCount) -> None:
        live = sum(1 for m in self.stub.all_messages(channel)
                   if not m.ephemeral and not m.deleted and (m.attachments or m.buttons or m.selects))
        count.live_max = max(count.live_max, live)


def game_version(db: Path, channel_id: int) -> int:
    """The moves made in the channel's game (its version), read from the bot's database."""
    import sqlite3
    with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
        row = con.execute("SELECT max(version) FROM games WHERE channel_id = ?", (channel_id,)).fetchone()
    return int(row[0] or 0)


async def play_one(stub: DiscordStub, counter: Counter, index: int, seed: int, db: Path) -> ChannelCount:
    channel = stub.add_channel(f"channel-{index}")
    count = counter.channels[channel.id] = ChannelCount()
    players = [stub.add_user(f"c{index}a"), stub.add_user(f"c{index}b")]
    first = await start_guild_game(stub, channel, players)
    player = RandomPlayer(stub, channel, players, seed=seed * 1000 + index, timeout=60.0,
                          measure=header_size, typed_share=0.0)
    player.start(first)
    start, dice = 0, DICE_PHASE in first.text
    while not player.finished:
        await player.step()
        if player.menu is None:                 # the live message changed: the step is over
            if dice:
                count.dice_turn_clicks.append(player.log.interactions - start)
            start, dice = player.log.interactions, DICE_PHASE in player.prompt.text
    count.moves = game_version(db, channel.id)
    return count                                # (other games go on: the stand-in never settles here)


async def other_games(stub: DiscordStub, counter: Counter, db: Path, games: int) -> dict[str, list[ChannelCount]]:
    """KB uploaded per game (posts and edits, public and private) of a 3-player Roll for Adventure game played
    by the team policy (``tests/e2e/test_rfa_games``) and of a dice-poker duel played by the easy AI's keeps
    (``tests/e2e/test_poker_games``); the players read the game from the bot's database."""
    import sqlite3
    from types import SimpleNamespace

    from bot.engine.kinds import default_registry
    from tests.e2e import test_poker_games as poker
    from tests.e2e import test_rfa_games as rfa

    kinds = default_registry()

    async def load(game_id: int) -> SimpleNamespace:
        """The game as the bot last committed it (read afresh: the bot writes from its own process)."""
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True) as con:
            kind, status, snapshot, version = con.execute(
                "SELECT kind, status, snapshot, version FROM games WHERE id = ?", (game_id,)).fetchone()
            seats = con.execute("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)).fetchall()
        return SimpleNamespace(id=game_id, status=status, version=version, state=kinds[kind].loads(snapshot),
                               seats=[SimpleNamespace(user_id=u) for u, in seats])

    bot = SimpleNamespace(sessions=SimpleNamespace(load=load))
    played: dict[str, list[ChannelCount]] = {"rfa": [], "poker": []}
    for i in range(games):
        for game, seats in (("rfa", 3), ("poker", 2)):
            channel = stub.add_channel(f"{game}-{i}")
            count = counter.channels[channel.id] = ChannelCount()
            users = [stub.add_user(f"{game}{i}{k}") for k in range(seats)]
            options = {"players": 3} if game == "rfa" else {}
            lobby = await (await stub.run_command(users[0], channel, f"{game} new", **options)).wait_response()
            for user in users[1:]:
                await (await stub.click(user, lobby, label=t("button.join", "en"))).wait_ack()
            first = await turn_post(stub, channel, await stub.click(users[0], lobby, label=t("button.start", "en")))
            game_id = rfa.game_id_of(first)
            by_id = {u.id: u for u in users}
            if game == "rfa":
                await rfa.play_out(stub, bot, channel, game_id, by_id)
            else:
                await poker.play_out(stub, bot, channel, first, by_id, game_id)
            await stub.settle()
            count.moves = game_version(db, channel.id)
            played[game].append(count)
    return played


async def run(args: argparse.Namespace) -> int:
    logging.basicConfig(level=logging.WARNING)
    stub = DiscordStub(retain_uploads=False, max_request_log=5000)
    await stub.start()
    counter = Counter(stub)
    workdir = Path(tempfile.mkdtemp(prefix="rollbot-channel-"))
    started = time.perf_counter()
    proc, log_path = await start_bot_process(stub, workdir)
    calls_from = stub.calls_mark()  # login and command sync left out
    try:
        gate = asyncio.Semaphore(args.parallel)

        async def one(i: int) -> ChannelCount:
            async with gate:
                return await play_one(stub, counter, i, args.seed, workdir / "roundtrip.db")
        counts = await asyncio.gather(*(one(i) for i in range(args.games))) if not args.other_only else []
        print(f"played {len(counts)} games in {time.perf_counter() - started:.0f}s", flush=True)
        other = await other_games(stub, counter, workdir / "roundtrip.db", max(1, min(args.games, 2)))
        other["rp"] = counts
        for game in ("rfa", "poker"):
            print(f"bytes_per_game_kb_{game}={statistics.mean(c.bytes for c in other[game]) / 1024:.0f}", flush=True)
        if args.other_only:
            calls_report(other)
            return 0
        by_channel = stub.calls_by_channel(calls_from)
        per_game = [by_channel.get(cid, {"bot": 0, "interaction": 0}) for cid in counter.channels]
        print("rest_calls_per_game: " + ", ".join(
            f"{kind}={statistics.mean(c[kind] for c in per_game):.1f}" for kind in ("bot", "interaction")), flush=True)
        main, best = None, 0.0
        if not args.no_load:
            main, best = await measure_load(stub, proc.pid, args)
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
    report(counts, main, best, started)
    calls_report(other)
    return 0 if main is None or main.move_full else 1


async def measure_load(stub: DiscordStub, bot_pid: int, args: argparse.Namespace):
    """p95 at ``args.rate`` over many open games, then the ramp (``roundtrip.Bench``)."""
    bench = Bench(stub, args.load_games, args.seed)
    bench.bot_pid = bot_pid
    await bench.open_all()
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
            if not window.passed():
                break
            best = rate
    return main, best


def report(counts: list[ChannelCount], main, best: float, started: float) -> None:
    clicks = [c for count in counts for c in count.dice_turn_clicks]
    keys = sorted({k for count in counts for k in count.by_file})
    print("bytes_per_game_kb_by_file: " + ", ".join(
        f"{k}={sum(c.by_file.get(k, 0) for c in counts) / len(counts) / 1024:.0f}" for k in keys))
    kinds = sorted({k for count in counts for k in count.private_kinds})
    print("private_messages_per_game_by_kind: " + ", ".join(
        f"{k}={sum(c.private_kinds.get(k, 0) for c in counts) / len(counts):.1f}" for k in kinds))
    print(f"games={len(counts)} dice_turns={len(clicks)} runtime_s={time.perf_counter() - started:.0f}")
    print(f"public_messages_per_game={statistics.mean(c.public for c in counts):.1f}")
    print(f"pinging_messages_per_game={statistics.mean(c.pinging for c in counts):.1f}")
    print(f"live_messages_max={max(c.live_max for c in counts)}")
    print(f"private_messages_per_game={statistics.mean(c.private for c in counts):.1f}")
    print(f"bytes_per_game_kb={statistics.mean(c.bytes for c in counts) / 1024:.0f}")
    print(f"clicks_per_dice_turn_mean={statistics.mean(clicks) if clicks else float('nan'):.2f}")
    print(f"p95_ms={pct(main.move_full, .95) * 1000:.1f}" if main is not None else "p95_ms=nan")
    print(f"max_moves_per_s={best:g}")


def calls_report(played: dict[str, list[ChannelCount]]) -> None:
    """Discord calls per move and game kind (printed last: the issue's headline figures)."""
    worst = 0.0
    invalid = [c.invalid for counts in played.values() for c in counts]
    for game in ("rp", "poker", "rfa"):
        counts = played.get(game) or []
        moves = sum(c.moves for c in counts)
        if not moves:
            continue
        bot = sum(c.bot_calls for c in counts) / moves
        worst = max(worst, bot)
        print(f"bot_calls_per_move_{game}={bot:.3f}")
        print(f"interaction_calls_per_move_{game}={sum(c.interaction_calls for c in counts) / moves:.2f}")
    print(f"invalid_requests_per_game={statistics.mean(invalid) if invalid else 0:.2f}")
    print(f"discord_ceiling_moves_per_s={50 / worst if worst else float('inf'):.0f}")


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="a short run (a few minutes)")
    parser.add_argument("--games", type=int, default=10, help="full games for the channel figures")
    parser.add_argument("--parallel", type=int, default=4)
    parser.add_argument("--load-games", type=int, default=100, help="open games for the latency figures")
    parser.add_argument("--rate", type=float, default=10.0)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-load", action="store_true", help="the channel figures only")
    parser.add_argument("--other-only", action="store_true", help="only Roll for Adventure's and dice poker's bytes")
    args = parser.parse_args(argv)
    args.ramp, args.ramp_warmup, args.ramp_duration = (20, 30, 40, 50, 60, 80, 100, 120, 150), 3.0, 15.0
    if args.quick:
        args.games, args.load_games, args.duration, args.warmup = min(args.games, 3), 30, 15.0, 3.0
        args.ramp, args.ramp_warmup, args.ramp_duration = (20, 40, 60, 80, 100), 2.0, 8.0
    return args


if __name__ == "__main__":
    sys.exit(asyncio.run(run(parse_args())))
