"""Strength and speed of the Roll Player AI (``bot/games/rollplayer/ai``), on one core.

* Solo: ``--solo-games`` seeded games (seeds 0..N-1) per level, the AI playing every decision; the final
  total of each game is collected per level (median, mean, share of True Hero games ≥ 38).
* Four players: ``--multi-games`` games of one ``hard`` seat against three greedy seats (the ``easy``
  baseline), and as many against three ``normal`` seats (seeds 20_000..), the hard seat rotating 0..3 with
  the game number; a win is first place after the printed tiebreaks (a shared first place counts as a win).
* Decision time of ``hard`` (solo and four-player decisions together): CPU time of this single-threaded
  process per decision (what the decision costs on one core, whatever else runs on the machine) and the
  wall-clock time alongside; the load average at the start and the end says how busy the machine was.

* ``--jobs N`` plays the games in N worker processes (``multiprocessing.Pool``); every game is still
  played by one process from start to end, so the per-decision CPU times stay per core, and the figures
  are the same as with one job (the games are seeded; only the wall-clock time shrinks).

Usage: ``python benchmarks/ai.py [--solo-games N] [--multi-games N] [--levels easy,normal,hard]
[--against greedy,normal] [--jobs N]`` (defaults 200, 100, all levels, both four-player figures, 1 job; a
figure left out is printed as ``n/a``, so the parts of one measurement can run on different machines). The
last six lines are the headline figures ``ai_solo_median_hard=…``, ``ai_solo_true_hero_pct_hard=…``,
``ai_4p_win_pct_vs_greedy=…``, ``ai_4p_win_pct_vs_normal=…``, ``ai_decision_p95_ms=…``,
``ai_decision_max_ms=…``; the other levels' medians are printed just before them.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.rollplayer import engine  # noqa: E402
from bot.games.rollplayer.ai import LEVELS, choose_move  # noqa: E402
from bot.games.rollplayer.kind import score  # noqa: E402

TRUE_HERO = 38


def _load() -> str:
    try:
        return "%.2f %.2f %.2f" % os.getloadavg()
    except OSError:
        return "n/a"


def play_game(seats: int, seed: int, levels: list[str], times: list | None) -> dict:
    """Play one game with ``levels[seat]`` for each seat; hard decisions are timed into ``times``."""
    st = engine.create(seats, seed, {})
    while not st.finished:
        seat = engine.pending(st)[0]["seat"]
        level = levels[seat]
        c0, w0 = time.process_time(), time.perf_counter()
        move = choose_move(st, seat, level, seed)
        if times is not None and level == "hard":
            times.append((time.process_time() - c0, time.perf_counter() - w0))
        engine.play(st, move)
    return score(st)


def _solo_job(job: tuple[int, str]) -> tuple[int, list]:
    seed, level = job
    times: list = []
    return play_game(1, seed, [level], times)["players"][0]["total"], times


def _multi_job(job: tuple[int, str]) -> tuple[bool, list]:
    """Game ``g`` of one hard seat (seat ``g % 4``) against three ``others`` seats: (hard won, times)."""
    g, others = job
    hard_seat = g % 4
    seat_levels = [others] * 4
    seat_levels[hard_seat] = "hard"
    times: list = []
    seed0 = 10_000 if others == "easy" else 20_000
    result = play_game(4, seed0 + g, seat_levels, times)
    first = [r["index"] for r in result["ranking"] if r["place"] == 1]
    return hard_seat in first, times


def _map(pool, fn, jobs: list) -> list:
    return list(pool.imap(fn, jobs)) if pool is not None else [fn(j) for j in jobs]


def _win_pct(pool, others: str, games: int, times: list) -> tuple[int, float]:
    t0 = time.perf_counter()
    wins = 0
    for won, t in _map(pool, _multi_job, [(g, others) for g in range(games)]):
        wins += won
        times.extend(t)
    label = "greedy" if others == "easy" else others
    print(f"4 players, hard vs 3 {label}: {wins}/{games} wins ({time.perf_counter() - t0:.0f} s)", flush=True)
    return wins, 100.0 * wins / max(1, games)


def _pct(value: float | None) -> str:
    return "n/a" if value is None else f"{value:.1f}"


def percentile(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return 0.0
    i = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[i]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--solo-games", type=int, default=200)
    ap.add_argument("--multi-games", type=int, default=100)
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument("--against", default="greedy,normal", help="which four-player figures to measure")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (games are spread over them)")
    args = ap.parse_args()
    pool = Pool(args.jobs) if args.jobs > 1 else None
    levels = [lv for lv in args.levels.split(",") if lv]
    print(f"load average at start: {_load()} (cpus: {os.cpu_count()})", flush=True)
    t_start = time.perf_counter()
    times: list[tuple[float, float]] = []
    medians: dict[str, float] = {}
    hero_pct = 0.0
    for level in levels:
        t0 = time.perf_counter()
        totals = []
        for total, t in _map(pool, _solo_job, [(seed, level) for seed in range(args.solo_games)]):
            totals.append(total)
            times.extend(t)
        medians[level] = statistics.median(totals) if totals else 0.0
        hero = 100.0 * sum(1 for t in totals if t >= TRUE_HERO) / max(1, len(totals))
        if level == "hard":
            hero_pct = hero
        mean = statistics.mean(totals) if totals else 0.0
        print(f"solo {level}: {len(totals)} games, median {medians[level]}, mean {mean:.2f}, "
              f"min {min(totals, default=0)}, max {max(totals, default=0)}, >=38: {hero:.1f}% "
              f"({time.perf_counter() - t0:.0f} s)", flush=True)
    against = [a for a in args.against.split(",") if a]
    win_pct = _win_pct(pool, "easy", args.multi_games, times)[1] if "greedy" in against else None
    win_normal = _win_pct(pool, "normal", args.multi_games, times)[1] if "normal" in against else None
    if pool is not None:
        pool.close()
    cpu = sorted(c for c, _ in times)
    wall = sorted(w for _, w in times)
    print(f"hard decisions timed: {len(times)}; CPU ms p50 {percentile(cpu, .5) * 1000:.0f}, "
          f"p95 {percentile(cpu, .95) * 1000:.0f}, max {cpu[-1] * 1000 if cpu else 0:.0f}; "
          f"wall ms p95 {percentile(wall, .95) * 1000:.0f}, max {wall[-1] * 1000 if wall else 0:.0f}")
    print(f"load average at end: {_load()}; total {time.perf_counter() - t_start:.0f} s")
    for level in levels:
        if level != "hard":
            print(f"ai_solo_median_{level}={medians[level]}")
    print(f"ai_solo_median_hard={medians.get('hard', 0.0)}")
    print(f"ai_solo_true_hero_pct_hard={hero_pct:.1f}")
    print(f"ai_4p_win_pct_vs_greedy={_pct(win_pct)}")
    print(f"ai_4p_win_pct_vs_normal={_pct(win_normal)}")
    print(f"ai_decision_p95_ms={percentile(cpu, .95) * 1000:.0f}")
    print(f"ai_decision_max_ms={cpu[-1] * 1000 if cpu else 0:.0f}")


if __name__ == "__main__":
    main()
