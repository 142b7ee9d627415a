"""Train the learned value of the Roll Player AI (``bot/games/rollplayer/ai/value_weights.json``).

Self-play: seeded games are played by one AI level (``--level``, ``normal`` by default); at every decision
of a seat whose class is chosen, the parts of ``evaluate.components`` for that seat are recorded with the
stage (markets ahead) and, once the game is over, the seat's final total. A ridge regression then fits, for
solo and for multi-player games apart, final total ≈ Σ_i x_i · (w_i0 + w_i1·s + w_i2·s²) + (b0 + b1·s + b2·s²)
with s = markets ahead / 12: every part gets a weight that slides smoothly with the stage of the game.

A data file keeps its games too (seed and moves; a game is deterministic from them), and ``fit`` replays
them to work out the parts as ``evaluate.components`` defines them today, so a part added later is learned
from the games already played; a file recorded before games were kept gives the parts it stored.

Usage:
    python -m tools.rollplayer_value collect --solo 600 --multi 60 --out rp_value.npz [--jobs N]
    python -m tools.rollplayer_value fit rp_value.npz [more.npz ...] --write

``--level`` is an AI level or ``fast-learned`` (a small search valued by the weights file as it is, for a
second round of self-play). Seeds: solo games use seeds 100_000.. and four-player games 200_000.. plus
``--seed-offset`` (never the benchmark's 0..199, 10_000.. and 20_000..). ``fit --write`` stores the
weights with their provenance (level, games, seeds, samples, date). numpy is needed here only, not by the
bot.
"""
from __future__ import annotations

import argparse
import datetime
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from bot.games.rollplayer import engine
from bot.games.rollplayer.ai import BUDGETS, SOLO_BUDGETS, choose_move
from bot.games.rollplayer.ai.evaluate import components
from bot.games.rollplayer.ai.learned import DEGREE, PARTS, STAGE_SCALE, WEIGHTS_PATH
from bot.games.rollplayer.ai.search import Budget, search_move
from bot.games.rollplayer.kind import score

SOLO_SEED0 = 100_000
MULTI_SEED0 = 200_000
# ``--level fast-learned``: the former ``normal`` budget valuing leaves with the current learned weights
# (the next round of self-play uses the value of the last one; cheap enough for hundreds of games)
FAST_LEARNED = Budget(worlds=3, root_keep=4, beam=2, depth=4, max_evals=1_500, learned=True)


def pick(st, seat: int, level: str, seed: int) -> dict:
    if level == "fast-learned" and not st.phase == "setup_race":
        return search_move(st, seat, seed, FAST_LEARNED)[0]
    return choose_move(st, seat, "easy" if level == "fast-learned" else level, seed)


def play_and_record(job: tuple[int, int, str]) -> tuple[tuple, list[tuple], dict]:
    """One game: (the job, its samples (``samples``), the game itself: seats, seed, moves and totals, from
    which any other feature can be worked out later by replaying it, since a game is deterministic from its
    seed and moves)."""
    seats, seed, level = job
    st = engine.create(seats, seed, {})
    moves: list[dict] = []
    while not st.finished:
        move = pick(st, engine.pending(st)[0]["seat"], level, seed)
        moves.append(move)
        engine.play(st, move)
    game = {"seats": seats, "seed": seed, "moves": moves, "totals": [p["total"] for p in score(st)["players"]]}
    return job, samples(game), game


def samples(game: dict) -> list[tuple]:
    """[(seats, markets, parts, final total of that seat)] at every recorded decision of a played game, the
    parts as ``evaluate.components`` defines them today (the game is replayed: a few milliseconds)."""
    rows: list[tuple] = []
    st = replay(game, lambda st, seat: rows.append((seat,) + components(st, seat)[1:]))
    totals = [p["total"] for p in score(st)["players"]]
    return [(game["seats"], markets, parts, totals[seat]) for seat, parts, markets in rows]


def recorded(st, seat: int) -> bool:
    """The decisions whose value is learned: every one after setup, of a seat whose class is chosen."""
    return st.players[seat].class_id is not None and not st.phase.startswith("setup")


def replay(game: dict, visit) -> object:
    """Play a recorded game's moves again, calling ``visit(state, seat)`` at each recorded decision before
    its move; the finished state."""
    st = engine.create(game["seats"], game["seed"], {})
    for move in game["moves"]:
        seat = engine.pending(st)[0]["seat"]
        if recorded(st, seat):
            visit(st, seat)
        engine.play(st, move)
    if not st.finished:
        raise SystemExit(f"game {game['seed']}: the moves do not finish it")
    return st


def _games(d) -> list[dict]:
    return json.loads(str(d["games"])) if "games" in d.files else []


def _policy(level: str) -> str:
    """The level and the budget it played with (level names change meaning over time)."""
    if level == "fast-learned":
        return f"fast-learned: {FAST_LEARNED} with the weights file of that day"
    solo = f"; solo {SOLO_BUDGETS[level]}" if level in SOLO_BUDGETS else ""
    return f"{level}: {BUDGETS.get(level, 'one-ply greedy')}{solo}"


def collect(args) -> None:
    """Play the games over ``--jobs`` processes and save the samples; with ``--deadline-s`` the games still
    running when it passes are dropped and what is done is saved (so a run on a borrowed machine always
    returns data). The file is rewritten every 50 games, so an interrupted run keeps what it had."""
    s0, m0 = SOLO_SEED0 + args.seed_offset, MULTI_SEED0 + args.seed_offset
    jobs = [(4, m0 + i, args.level) for i in range(args.multi)]  # the long games first
    jobs += [(1, s0 + i, args.level) for i in range(args.solo)]
    out: list[tuple] = []
    done: list[tuple[int, int]] = []
    games: list[dict] = []
    start = time.monotonic()
    with Pool(args.jobs) as pool:
        for i, (job, rows, game) in enumerate(pool.imap_unordered(play_and_record, jobs)):
            out.extend(rows)
            done.append(job[:2])
            games.append(game)
            if (i + 1) % 50 == 0:
                print(f"{i + 1}/{len(jobs)} games, {len(out)} samples", file=sys.stderr, flush=True)
                _save(args, out, done, games)
            if args.deadline_s and time.monotonic() - start > args.deadline_s:
                print(f"deadline: {i + 1}/{len(jobs)} games done", file=sys.stderr, flush=True)
                pool.terminate()
                break
    _save(args, out, done, games)


def _save(args, out: list[tuple], done: list[tuple[int, int]], games: list[dict]) -> None:
    """Written beside the file and then moved over it, so a run killed while saving keeps the last save."""
    solo = sorted(seed for seats, seed in done if seats == 1)
    multi = sorted(seed for seats, seed in done if seats > 1)
    part = Path(str(args.out) + ".part")
    with part.open("wb") as fh:
        _write(fh, out, solo, multi, games, args.level)
    part.replace(args.out)


def _write(fh, out: list[tuple], solo: list[int], multi: list[int], games: list[dict], level: str) -> None:
    np.savez_compressed(
        fh,
        **_arrays(out),
        meta=np.array(json.dumps({"level": _policy(level), "solo_games": len(solo), "multi_games": len(multi),
                                  "solo_seeds": solo, "multi_seeds": multi})),
        games=np.array(json.dumps(games, separators=(",", ":"))),
    )


def design(parts: np.ndarray, markets: np.ndarray) -> np.ndarray:
    s = markets.astype(np.float64) / STAGE_SCALE
    x = np.concatenate([parts, np.ones((len(parts), 1))], axis=1)
    return np.concatenate([x * (s ** k)[:, None] for k in range(DEGREE + 1)], axis=1)


def fit_one(parts, markets, total, ridge: float) -> list[list[float]]:
    X = design(parts, markets)
    A = X.T @ X + ridge * np.eye(X.shape[1])
    w = np.linalg.solve(A, X.T @ total)
    resid = total - X @ w
    print(f"  samples {len(total)}, rmse {np.sqrt(np.mean(resid ** 2)):.3f}, "
          f"sd of target {np.std(total):.3f}")
    n = len(PARTS) + 1
    return [[float(w[k * n + i]) for k in range(DEGREE + 1)] for i in range(n)]


SOLO_ZERO_PARTS = ("priority",)  # parts that are 0 in every solo game by definition


def _upgrade(name: str, d) -> dict:
    """A data file recorded before the last parts were added: its solo rows get 0 for them where that is
    their value by definition (``priority``: a solo player is the only buyer), its multi-player rows are left
    out (their missing parts are unknown)."""
    d = {k: d[k] for k in d.files}
    have, want = d["parts"].shape[1], len(PARTS)
    if have == want:
        return d
    if have > want or any(p not in SOLO_ZERO_PARTS for p in PARTS[have:]):
        raise SystemExit(f"{name} has {have} parts, the value expects {want}")
    keep = d["seats"] == 1
    print(f"{name}: {have} parts, {int((~keep).sum())} multi-player samples left out, solo padded with 0",
          file=sys.stderr)
    d.update(seats=d["seats"][keep], markets=d["markets"][keep], total=d["total"][keep],
             parts=np.concatenate([d["parts"][keep], np.zeros((int(keep.sum()), want - have))], axis=1),
             meta=np.array(json.dumps(dict(json.loads(str(d["meta"])), used_for="solo only"))))
    return d


def _arrays(out: list[tuple]) -> dict[str, np.ndarray]:
    """Samples (seats, markets, parts, final total) as the arrays of a data file."""
    return {"seats": np.array([r[0] for r in out], dtype=np.int8),
            "markets": np.array([r[1] for r in out], dtype=np.int16),
            "parts": np.array([r[2] for r in out], dtype=np.float64).reshape(len(out), len(PARTS)),
            "total": np.array([r[3] for r in out], dtype=np.float64)}


def _load(name: str) -> dict:
    """A data file's samples: worked out again by replaying its games with today's parts when it keeps
    them, else as stored (``_upgrade``)."""
    d = np.load(name)
    games = _games(d)
    if not games:
        return _upgrade(name, d)
    return dict({k: d[k] for k in d.files}, **_arrays([row for game in games for row in samples(game)]))


def fit(args) -> None:
    data = [_load(f) for f in args.files]
    seats = np.concatenate([d["seats"] for d in data])
    markets = np.concatenate([d["markets"] for d in data])
    parts = np.concatenate([d["parts"] for d in data])
    total = np.concatenate([d["total"] for d in data])
    model = {}
    for name, mask in (("solo", seats == 1), ("multi", seats > 1)):
        if not mask.any():
            continue
        print(name)
        model[name] = fit_one(parts[mask], markets[mask], total[mask], args.ridge)
    meta = [json.loads(str(d["meta"])) for d in data]
    for m in meta:  # a run of consecutive seeds is written as [first, last]
        for key in ("solo_seeds", "multi_seeds"):
            seeds = m.get(key) or []
            if len(seeds) > 2 and seeds == list(range(seeds[0], seeds[-1] + 1)):
                m[key] = [seeds[0], seeds[-1]]
    doc = {
        "about": "Learned value of an unfinished Roll Player sheet; see tools/rollplayer_value.py",
        "parts": list(PARTS) + ["bias"],
        "degree": DEGREE,
        "stage_scale": STAGE_SCALE,
        "ridge": args.ridge,
        "data": meta,
        "samples": {"solo": int((seats == 1).sum()), "multi": int((seats > 1).sum())},
        "date": datetime.date.today().isoformat(),
        "weights": model,
    }
    for name, w in model.items():
        print(name, json.dumps([[round(v, 3) for v in row] for row in w]))
    if args.write:
        Path(WEIGHTS_PATH).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
        print(f"written {WEIGHTS_PATH}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("collect")
    c.add_argument("--solo", type=int, default=600)
    c.add_argument("--multi", type=int, default=0)
    c.add_argument("--level", default="normal")
    c.add_argument("--jobs", type=int, default=1)
    c.add_argument("--seed-offset", type=int, default=0)
    c.add_argument("--out", required=True)
    c.add_argument("--deadline-s", type=float, default=0.0, help="stop and save after this many seconds")
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    f.add_argument("--ridge", type=float, default=1.0)
    f.add_argument("--write", action="store_true")
    args = ap.parse_args()
    collect(args) if args.cmd == "collect" else fit(args)


if __name__ == "__main__":
    main()
