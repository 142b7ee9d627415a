"""Roll for Adventure balance: win rate of the rule-following policy team per player count.

Plays ``--games`` games (default 1,000) for 2, 3 and 4 players on the first adventure (Book of Magic,
5 stones, all A sides, first-game heroes drawn from the seed — the configuration of the spec's
``balance_sim.py --players``) and prints, last, one line per player count:
``rfa_win_pct_2p=…``, ``rfa_win_pct_3p=…``, ``rfa_win_pct_4p=…``.

Run:  python3 benchmarks/rfa_balance.py [--games N] [--seed S] [--adventure ID] [--sides AAAA]
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.games.rollforadventure import moves  # noqa: E402
from bot.games.rollforadventure.kind import KIND  # noqa: E402
from bot.games.rollforadventure.policy import choose_move  # noqa: E402


def play(seats: int, seed: int, options: dict) -> dict:
    """One game to its end; moves are applied in place (the policy only ever offers legal ones)."""
    state = KIND.create(seats, seed, options)
    step = 0
    while state["result"] is None:
        seat = KIND.pending(state)[0]["seat"]
        moves.apply(state, seat, choose_move(state, seat, seed * 100003 + step))
        step += 1
    return state


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--adventure", default="book_of_magic")
    ap.add_argument("--sides", default="AAAA", help="desert, fortress, forest, ice cave sides, e.g. ABAB")
    ap.add_argument("--extra-ally", action="store_true", help="house variant: 3 ally dice each with 2 players")
    a = ap.parse_args(argv)
    options = {"adventure": a.adventure, "extra_ally_dice": a.extra_ally}
    for t, side in zip(("desert", "fortress", "forest", "ice_cave"), a.sides.upper()):
        options[f"{t}_side"] = side
    lines = []
    for seats in (2, 3, 4):
        started = time.perf_counter()
        outcome: Counter = Counter()
        turns = []
        for g in range(a.games):
            state = play(seats, a.seed * 1_000_000 + seats * 10_000 + g, options)
            reason = state["result"]
            if reason == "lost":
                reason = "lost_no_dice" if not any(d["at"].startswith("board:") for d in state["dice"]) \
                    else "lost_territory"
            outcome[reason] += 1
            if state["result"] == "won":
                turns.append(state["turn"])
        pct = 100.0 * outcome["won"] / max(1, a.games)
        avg = sum(turns) / len(turns) if turns else 0.0
        print(f"{seats} players: won {outcome['won']}, territory lost {outcome['lost_territory']}, "
              f"no dice {outcome['lost_no_dice']}, turns to win {avg:.1f} "
              f"({time.perf_counter() - started:.1f} s)", flush=True)
        lines.append(f"rfa_win_pct_{seats}p={pct:.1f}")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
