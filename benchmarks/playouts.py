"""Random full Roll Player playouts per second (1, 2 and 4 seats), on one core.

A playout = create a game, then until it is finished pick one pending seat and one of its legal moves
uniformly at random and apply it (in place: ``engine.play``, the path an AI search uses), then compute the
final itemised score. Rates are per CPU second of this single-threaded process (one core), so other load
on the machine does not distort them; the wall-clock rate is printed alongside.
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


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
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
