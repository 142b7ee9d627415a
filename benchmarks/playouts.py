"""Random full Roll Player playouts per second (1, 2 and 4 seats), on one core.

A playout = create a game, then until it is finished pick one pending seat and one of its legal moves
uniformly at random and apply it (in place: ``engine.play``, the path an AI search uses), then compute the
final itemised score. Rates are per CPU second of this single-threaded process (one core), so other load
on the machine does not distort them; the wall-clock rate is printed alongside.
It also times the three calls a tree search makes at every node, on states taken from such playouts:
``engine.legal``, ``state.clone`` and ``engine.play`` (µs per call, best of 5 passes).
Usage: ``python benchmarks/playouts.py [seconds_per_seat_count]`` (default 3).
The last three lines are the headline figures ``playouts_per_s_{1,2,4}p=…``.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.rollplayer import engine
from bot.games.rollplayer.kind import KIND, score


def playout(seats: int, seed: int) -> int:
    st = KIND.create(seats, seed, {})
    pick = random.Random(seed)
    n = 0
    legal, play, pending = engine.legal, engine.play, engine.pending
    while not st.finished:
        pend = pending(st)
        seat = pend[0]["seat"] if len(pend) == 1 else pick.choice(pend)["seat"]
        moves = legal(st, seat)
        play(st, moves[pick.randrange(len(moves))])
        n += 1
    score(st)
    return n


def measure(seats: int, seconds: float) -> tuple[float, float, float]:
    """Rate per CPU second of this process (one core, robust to other load on the machine) and per
    wall-clock second."""
    wall0, cpu0 = time.perf_counter(), time.process_time()
    done = moves = 0
    seed = 0
    while time.process_time() - cpu0 < seconds:
        moves += playout(seats, seed)
        done += 1
        seed += 1
    cpu = time.process_time() - cpu0
    wall = time.perf_counter() - wall0
    return done / cpu, done / wall, moves / done


def node_costs(seats: int = 4, games: int = 10) -> dict[str, float]:
    """µs per ``legal``, ``clone`` and ``play`` call over every state of a few random games."""
    nodes = []
    for seed in range(games):
        st = KIND.create(seats, seed, {})
        pick = random.Random(seed)
        while not st.finished:
            seat = engine.pending(st)[0]["seat"]
            moves = engine.legal(st, seat)
            move = moves[pick.randrange(len(moves))]
            nodes.append((st.clone(), seat, move))
            engine.play(st, move)
    copies = [st.clone() for st, _, _ in nodes]

    def best(fn) -> float:
        times = []
        for _ in range(5):
            t0 = time.process_time()
            fn()
            times.append(time.process_time() - t0)
        return min(times) * 1e6 / len(nodes)

    def play_all() -> None:
        for (_, _, move), st in zip(nodes, [st.clone() for st in copies]):
            engine.play(st, move)

    clone = best(lambda: [st.clone() for st, _, _ in nodes])
    return {"legal": best(lambda: [engine.legal(st, seat) for st, seat, _ in nodes]),
            "clone": clone, "play": best(play_all) - clone}


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    costs = node_costs()
    print("4 seats, per search node: " + ", ".join(f"{k} {v:.1f} µs" for k, v in costs.items()))
    results = {}
    for seats in (1, 2, 4):
        rate, wall_rate, mean_moves = measure(seats, seconds)
        results[seats] = rate
        print(f"{seats} seat(s): {rate:.1f} playouts per CPU second ({wall_rate:.1f} per wall second), "
              f"{mean_moves:.0f} moves per game")
    for seats in (1, 2, 4):
        print(f"playouts_per_s_{seats}p={results[seats]:.1f}")


if __name__ == "__main__":
    main()
