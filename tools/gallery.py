"""`python -m tools.gallery OUTDIR`: render representative pictures for review.

Hand-built scenes (start of game, mid-game with every card type, the tallest end-game sheet, long names,
Korean, 1–4 player tables, final scores with a tie, solo) plus pictures of real games played by the rules
engine with seeded random legal moves, at several moments, so the gallery shows what players will see.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from images.rollplayer.render import render_scores, render_sheet, render_table, scores_png, sheet_png, table_png
from images.rollplayer.views import Decision
from tools import rp_samples as samples

NAMES = ["Alice", "Bob the Bold", "Chloé Lefèvre-Dubois", samples.KOREAN_NAME]


def hand_built() -> list[tuple[str, bytes]]:
    out = [
        ("sheet_start", sheet_png(samples.start_sheet())),
        ("sheet_mid_every_card_type", sheet_png(samples.mid_sheet())),
        ("sheet_end_full", sheet_png(samples.full_sheet())),
        ("sheet_long_names", sheet_png(samples.long_names_sheet())),
        ("sheet_korean", sheet_png(samples.korean_sheet(), "ko")),
        ("sheet_french_names", sheet_png(samples.korean_sheet(), "fr")),
    ]
    for n in (1, 2, 3, 4):
        taken = {2: 0, n + 1: 1} if n > 1 else {}
        out.append((f"table_{n}p", table_png(samples.make_table(n, solo=n == 1, taken=taken))))
    long_names = [
        samples.LONG_NAME,
        "Ｗｉｄｅ Ｗｉｌｌｏｗ of the Everlasting Northern Marshes",
        samples.KOREAN_NAME + " 그리고 친구들",
        "X",
    ]
    longest_cards = [
        "move_silently",
        "leather_pauldron",
        "sleight_of_hand",
        "compassionate",
        "heavy_crossbow",
    ]
    out.append(
        (
            "table_4p_long_names",
            table_png(
                samples.make_table(
                    4,
                    names=long_names,
                    market=longest_cards,
                    taken={1: 3},
                    pending=(Decision(0, "refresh"), Decision(1, "refresh"), Decision(2, "refresh")),
                )
            ),
        )
    )
    out.append(
        (
            "table_4p_korean",
            table_png(
                samples.make_table(
                    4,
                    market=["jeweled_dagger", "open_lock", "move_silently", "leather_gloves", "quarterstaff"],
                ),
                "ko",
            ),
        )
    )
    for n in (1, 2, 3, 4):
        out.append((f"scores_{n}p", scores_png(samples.make_scores(n, solo=n == 1))))
    out.append(("scores_4p_tie", scores_png(samples.make_scores(4, tie=True))))
    out.append(("scores_4p_long_names", scores_png(samples.make_scores(4, names=long_names), "ko")))
    return out


def played(seats: int, seed: int, stops: tuple[int, ...]) -> list[tuple[str, bytes]]:
    """A real game: random legal moves, pictures after the listed move counts and at the end."""
    from bot.games.rollplayer.kind import KIND

    rng = random.Random(seed)
    state = KIND.create(seats, seed, {})
    out = [(f"game{seats}p_created_sheet0", render_sheet(state, 0, names=NAMES[:seats]))]
    n = 0
    names = NAMES[:seats]
    setup_shown = False
    while not KIND.is_finished(state):
        pending = KIND.pending(state)
        seat = pending[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
        n += 1
        if state.phase == "setup_dice" and not setup_shown:
            setup_shown = True
            seat = KIND.pending(state)[0]["seat"]
            out.append((f"game{seats}p_setup_table", render_table(state, names=names)))
            out.append((f"game{seats}p_setup_sheet{seat}", render_sheet(state, seat, names=names)))
        if n in stops:
            out.append((f"game{seats}p_move{n:03d}_table", render_table(state, names=names)))
            out.append((f"game{seats}p_move{n:03d}_sheet{seat}", render_sheet(state, seat, names=names)))
    out.append((f"game{seats}p_end_scores", render_scores(state, names=names)))
    out.append((f"game{seats}p_end_sheet0", render_sheet(state, 0, names=names)))
    return out


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m tools.gallery OUTDIR", file=sys.stderr)
        return 2
    outdir = Path(argv[0])
    outdir.mkdir(parents=True, exist_ok=True)
    pictures = hand_built()
    try:
        pictures += played(1, 11, (12, 60)) + played(4, 5, (30, 200))
    except ImportError as exc:  # the rules engine is not importable: hand-built scenes only
        print(f"rules engine unavailable ({exc}); hand-built scenes only", file=sys.stderr)
    for name, data in pictures:
        (outdir / f"{name}.png").write_bytes(data)
        print(f"{name}.png {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
