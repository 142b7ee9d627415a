"""Render speed and size of the pictures.

Plays seeded games with random legal moves through the rules engine, and times the public entry points
(state → PNG bytes, what the bot calls after every move) on positions from every phase of 1–4 player
games, plus the hand-built gallery scenes. Prints the median per picture kind and the largest PNG; the last
lines are the headline figures (``name=value``). Every timed render is cold: the picture memo
(``images/memo.py``: ``sheet_png``, ``table_png`` and ``scores_png`` remember their last pictures by view, so a
repeated call is a dictionary lookup) is cleared before each one, so the figures are drawing and encoding.
The static layers a character's first picture draws stay cached, as in a running bot. `--formats` also
measures a whole 2-player game the way the bot posts it today (table + the mover's sheet after every move,
scores at the end) in palette PNG and lossless WebP.

    python benchmarks/render.py [--repeat N] [--formats]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.games.rollplayer.kind import KIND
from images.rollplayer import render_scores, render_sheet, render_table, scores_png, sheet_png, table_png
from tools import rp_samples as samples

NAMES = ["Alice", "Bob the Bold", "Chloé Lefèvre-Dubois", samples.KOREAN_NAME]


def positions(seats: int, seed: int, every: int) -> tuple[list, object]:
    """States sampled every `every` moves of a random game, and the finished state."""
    rng = random.Random(seed)
    state = KIND.create(seats, seed, {})
    out, n = [], 0
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
        n += 1
        if n % every == 0 and state.round >= 1:
            out.append(state)
    return out, state


#: the remembered entry points (``images.memo.remembered``): forgotten before every timed render
MEMOS = (sheet_png, table_png, scores_png)


def timed(fn, repeat: int) -> tuple[list[float], int]:
    """``repeat`` cold renders of ``fn`` (the memo is emptied before each): milliseconds each, PNG bytes."""
    times, size = [], 0
    for _ in range(repeat):
        for memo in MEMOS:
            memo.forget()
        t0 = time.perf_counter()
        data = fn()
        times.append((time.perf_counter() - t0) * 1000)
        size = len(data)
    return times, size


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--formats", action="store_true", help="bytes and encode time of a 2-player game, PNG vs WebP")
    args = ap.parse_args()
    kinds: dict[str, list[float]] = {"sheet": [], "table": [], "scores": []}
    max_bytes = 0
    finished = []
    for seats, seed in ((1, 3), (2, 4), (3, 5), (4, 6)):
        states, end = positions(seats, seed, 25)
        finished.append(end)
        names = NAMES[:seats]
        for st in states + [end]:
            seat = KIND.pending(st)[0]["seat"] if KIND.pending(st) else 0
            for kind, fn in (
                ("sheet", lambda st=st, seat=seat, names=names: render_sheet(st, seat, names=names)),
                ("table", lambda st=st, names=names: render_table(st, names=names)),
            ):
                fn()  # first render of a character fills the static-layer cache, as in a running bot
                times, size = timed(fn, args.repeat)
                kinds[kind] += times
                max_bytes = max(max_bytes, size)
        times, size = timed(lambda end=end, names=names: render_scores(end, names=names), args.repeat)
        kinds["scores"] += times
        max_bytes = max(max_bytes, size)
    # hand-built extremes (tallest sheet, longest names, Korean): size only matters here
    for data in (
        sheet_png(samples.full_sheet()),
        sheet_png(samples.korean_sheet(), "ko"),
        table_png(samples.make_table(4)),
        scores_png(samples.make_scores(4, tie=True)),
    ):
        max_bytes = max(max_bytes, len(data))
    for kind, times in kinds.items():
        print(
            f"{kind}: n={len(times)} median={statistics.median(times):.1f} ms "
            f"p90={statistics.quantiles(times, n=10)[-1]:.1f} ms"
        )
    print(f"sheet_ms={statistics.median(kinds['sheet']):.1f}")
    print(f"table_ms={statistics.median(kinds['table']):.1f}")
    print(f"scores_ms={statistics.median(kinds['scores']):.1f}")
    print(f"max_png_kb={max_bytes / 1024:.1f}")
    if args.formats:
        game_formats()
    return 0


def game_formats(seed: int = 4) -> None:
    """Bytes of every picture of one 2-player game, and the time to encode them, per format."""
    from images import png
    from images.rollplayer import scores, sheet, table
    from images.rollplayer.adapt import scores_view, sheet_view, table_view

    rng = random.Random(seed)
    state = KIND.create(2, seed, {})
    names = NAMES[:2]
    drawn = []
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
        drawn.append(sheet.draw(sheet_view(state, seat, names)))
        drawn.append(table.draw(table_view(state, names)))
    drawn.append(scores.draw(scores_view(state, names)))
    for fmt in png.FORMATS:
        t0 = time.perf_counter()
        total = sum(len(png.encode(img, fmt)) for img in drawn)
        ms = (time.perf_counter() - t0) * 1000 / len(drawn)
        print(f"game2p_{fmt}: pictures={len(drawn)} total_kb={total / 1024:.0f} encode_ms_per_picture={ms:.0f}")


if __name__ == "__main__":
    raise SystemExit(main())
