"""`python -m tools.gallery OUTDIR [--locale LANG|all]`: render representative pictures for review.

Hand-built scenes (start of game, mid-game with every card type, the tallest end-game sheet, long names,
Korean, 1–4 player tables, final scores with a tie, solo; positions set up on real rules-engine states, so
every score, star and rank shown is the engine's, ``tools/rp_samples.py``) plus pictures of real games
played by the rules engine with seeded random legal moves, at several moments, and dice poker matches, so
the gallery shows what players will see. Without ``--locale`` the scenes use their own languages (mostly
English, some Korean and French); ``--locale de`` draws every picture in German, ``--locale all`` each
shipped language into its own folder (``OUTDIR/<lang>/``).
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

from images.rollplayer.render import render_scores, render_sheet, render_table, scores_png, sheet_png, table_png
from images.rollplayer.views import Decision
from tools import rp_samples as samples

NAMES = ["Alice", "Bob the Bold", "Chloé Lefèvre-Dubois", samples.KOREAN_NAME]


def hand_built(locale: str | None = None) -> list[tuple[str, bytes]]:
    """The hand-built scenes; ``locale`` draws them all in one language (None: each scene's own)."""
    en, ko, fr = (locale or "en"), (locale or "ko"), (locale or "fr")
    out = [
        ("sheet_start", sheet_png(samples.start_sheet(), en)),
        ("sheet_mid_every_card_type", sheet_png(samples.mid_sheet(), en)),
        ("sheet_end_full", sheet_png(samples.full_sheet(), en)),
        ("sheet_long_names", sheet_png(samples.long_names_sheet(), en)),
        ("sheet_korean", sheet_png(samples.korean_sheet(), ko)),
        ("sheet_french_names", sheet_png(samples.korean_sheet(), fr)),
    ]
    for n in (1, 2, 3, 4):
        taken = {2: 0, n + 1: 1} if n > 1 else {}
        out.append((f"table_{n}p", table_png(samples.make_table(n, solo=n == 1, taken=taken), en)))
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
                ),
                en,
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
                ko,
            ),
        )
    )
    for n in (1, 2, 3, 4):
        out.append((f"scores_{n}p", scores_png(samples.make_scores(n, solo=n == 1), en)))
    out.append(("scores_4p_tie", scores_png(samples.make_scores(4, tie=True), en)))
    out.append(("scores_4p_long_names", scores_png(samples.make_scores(4, names=long_names), ko)))
    return out


def played(seats: int, seed: int, stops: tuple[int, ...], locale: str = "en") -> list[tuple[str, bytes]]:
    """A real game: random legal moves, pictures after the listed move counts and at the end."""
    from bot.games.rollplayer.kind import KIND

    rng = random.Random(seed)
    state = KIND.create(seats, seed, {})
    out = [(f"game{seats}p_created_sheet0", render_sheet(state, 0, locale, names=NAMES[:seats]))]
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
            out.append((f"game{seats}p_setup_table", render_table(state, locale, names=names)))
            out.append((f"game{seats}p_setup_sheet{seat}", render_sheet(state, seat, locale, names=names)))
        if n in stops:
            out.append((f"game{seats}p_move{n:03d}_table", render_table(state, locale, names=names)))
            out.append((f"game{seats}p_move{n:03d}_sheet{seat}", render_sheet(state, seat, locale, names=names)))
    out.append((f"game{seats}p_end_scores", render_scores(state, locale, names=names)))
    out.append((f"game{seats}p_end_sheet0", render_sheet(state, 0, locale, names=names)))
    return out


def dicepoker(seats: int, seed: int, options: dict, locale: str = "en") -> list[tuple[str, bytes]]:
    """A dice poker match played with seeded random legal moves: the first hand, the hand pictures after
    every third move, and the match summary at the end."""
    from bot.games.dicepoker.kind import KIND
    from images.dicepoker import render_hand, render_match

    rng = random.Random(seed)
    names = NAMES[:2]
    tag = f"poker{seats}p_{options.get('mode', 'duel' if seats == 2 else 'solo')}"
    state = KIND.create(seats, seed, options)
    out = [(f"{tag}_hand_start", render_hand(state, locale, names))]
    n = 0
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
        n += 1
        if n % 3 == 0:
            out.append((f"{tag}_move{n:03d}_hand", render_hand(state, locale, names)))
    out.append((f"{tag}_end_hand", render_hand(state, locale, names)))
    out.append((f"{tag}_end_match", render_match(state, locale, names)))
    return out


def rollforadventure(seats: int, seed: int, options: dict, locale: str = "en", every: int = 25
                     ) -> list[tuple[str, bytes]]:
    """A Roll for Adventure game played by the rules' own team policy: the table every ``every`` moves
    and at the end, and the final picture."""
    from bot.games.rollforadventure.kind import KIND
    from bot.games.rollforadventure.policy import choose_move
    from images.rollforadventure import render_final, render_table

    names = NAMES[:seats]
    sides = "".join(options.get(f"{t}_side", "A") for t in ("desert", "fortress", "forest", "ice_cave"))
    tag = f"rfa{seats}p_{sides}{'_specials' if options.get('specials') else ''}"
    state = KIND.create(seats, seed, options)
    out = [(f"{tag}_start_table", render_table(state, names, locale))]
    n = 0
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, choose_move(state, seat, seed * 7919 + n))
        n += 1
        if n % every == 0:
            out.append((f"{tag}_move{n:03d}_table", render_table(state, names, locale)))
    out.append((f"{tag}_end_table", render_table(state, names, locale)))
    out.append((f"{tag}_end_final", render_final(state, names, locale)))
    return out


RFA_GAMES = (
    (4, 3, {}),
    (1, 7, {"hero_pool": "all"}),
    (3, 5, {"desert_side": "B", "fortress_side": "B", "forest_side": "B", "ice_cave_side": "B",
            "specials": ["dragon", "phantom", "giant", "necromancer"], "adventure": "jewel_of_light"}),
)
GAMES = ("rollplayer", "dicepoker", "rollforadventure")


def pictures(locale: str | None = None, game: str | None = None) -> list[tuple[str, bytes]]:
    """Every picture of the gallery (of one ``game`` when given), drawn in ``locale`` (None: each scene's
    own language)."""
    out: list[tuple[str, bytes]] = []
    if game in (None, "rollplayer"):
        out += hand_built(locale)
        try:
            out += played(1, 11, (12, 60), locale or "en") + played(4, 5, (30, 200), locale or "en")
        except ImportError as exc:  # the rules engine is not importable: hand-built scenes only
            print(f"rules engine unavailable ({exc}); hand-built scenes only", file=sys.stderr)
    if game in (None, "dicepoker"):
        try:
            out += dicepoker(2, 7, {}, locale or "en") + dicepoker(1, 3, {"mode": "local_gamblers"}, locale or "en")
        except ImportError as exc:
            print(f"dice poker unavailable ({exc})", file=sys.stderr)
    if game in (None, "rollforadventure"):
        for seats, seed, options in RFA_GAMES:
            out += rollforadventure(seats, seed, options, locale or "en")
    return out


def main(argv: list[str] | None = None) -> int:
    from bot.i18n import available_locales

    parser = argparse.ArgumentParser(prog="python -m tools.gallery", description=__doc__.split("\n")[0])
    parser.add_argument("outdir", type=Path)
    parser.add_argument("--locale", choices=[*available_locales(), "all"], default=None,
                        help="draw every picture in this language (all: each shipped language, one folder each)")
    parser.add_argument("--game", choices=GAMES, default=None, help="only this game's pictures (default: all)")
    args = parser.parse_args(argv)
    runs = [(loc, args.outdir / loc) for loc in available_locales()] if args.locale == "all" \
        else [(args.locale, args.outdir)]
    for locale, outdir in runs:
        outdir.mkdir(parents=True, exist_ok=True)
        for name, data in pictures(locale, args.game):
            (outdir / f"{name}.png").write_bytes(data)
            print(f"{outdir / name}.png {len(data) // 1024} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
