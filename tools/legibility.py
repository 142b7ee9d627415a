"""`python -m tools.legibility [--locale LANG]`: how big the pictures' text is on a phone.

A phone's screen is about 360 px wide (``SCREEN_WIDTH``); Discord shows a picture in its chat about 290 px wide
(``SHOWN_WIDTH``: the message's margins and the avatar take the rest), the width the phone-width tests hold
pictures to (cap height at ``SHOWN_WIDTH``). This tool renders every picture kind (Roll
Player sheet, table and scores, dice poker hand and match, Roll for Adventure's table and end), records every string the
shared text kit draws, and reports per *text kind* (the renderer function that drew it; rule texts wrapped into a
card face are their own kind) the smallest type, as cap height and x-height in px once the picture is scaled to
`PHONE_WIDTH` (the screen's 360 px, the tool's long-standing measure: a 9 px cap height there is about 7.3 px
at the 290 px a player sees). Rule of thumb for legibility without zooming: cap height ≥ 9 px (x-height ≥ ~7 px)
at ``SHOWN_WIDTH``.

The test `tests/images/test_img_legibility.py` holds the pictures to that for the text a player needs to
decide, and to a lower floor for rule texts (which a player may tap to read).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

#: a phone's screen width, px
SCREEN_WIDTH = 360
#: how wide Discord shows a picture in a phone's chat on that screen, px (the phone-width tests' measure)
SHOWN_WIDTH = 290
#: the width this tool's report and ``Seen.cap`` scale to: the screen's (see the module's docstring)
PHONE_WIDTH = SCREEN_WIDTH
CAP = 0.73  # DejaVu Sans cap height per em (NanumSquare is scaled to match, see images.text)
X_HEIGHT = 0.55
KIT = ("images/text.py", "images/draw.py", "images/dicepoker/layout.py")


@dataclass(frozen=True)
class Seen:
    picture: str  # sheet / table / scores / poker_hand / poker_match
    kind: str  # renderer module.function (+ ":rule" for wrapped paragraphs)
    size: int  # font size in picture px
    canvas: int  # picture width in px
    text: str

    @property
    def cap(self) -> float:
        """Cap height in px with the picture scaled to the screen's width (``PHONE_WIDTH``, 360 px); a player
        sees it at ``SHOWN_WIDTH``, about 290 px."""
        return CAP * self.size * PHONE_WIDTH / self.canvas

    @property
    def x_height(self) -> float:
        return X_HEIGHT * self.size * PHONE_WIDTH / self.canvas


@dataclass
class Record:
    seen: list[Seen] = field(default_factory=list)

    def typical(self) -> dict[str, float]:
        """The median cap height of each kind at phone width (long names shrink; the median does not)."""
        import statistics

        caps: dict[str, list[float]] = {}
        for s in self.seen:
            caps.setdefault(s.kind, []).append(s.cap)
        return {k: statistics.median(v) for k, v in caps.items()}

    def smallest(self) -> dict[str, Seen]:
        """The smallest text of each kind."""
        out: dict[str, Seen] = {}
        for s in self.seen:
            if s.kind not in out or s.cap < out[s.kind].cap:
                out[s.kind] = s
        return out


PICTURES = {"sheet": "sheet", "table": "table", "scores": "scores", "hand": "poker_hand", "match": "poker_match",
            "step": "step", "live": "live", "final": "rfa_final"}
#: Roll for Adventure's modules named like Roll Player's (``table``, ``live``) are pictures of their own
RFA_PICTURES = {"table": "rfa_table", "live": "rfa_live", "final": "rfa_final"}


def _kind() -> tuple[str, str]:
    """(picture kind, text kind): the picture module being drawn and the renderer function that asked
    for this text (the first caller outside the shared kit)."""
    frame = sys._getframe(2)
    rule, kind, picture = False, None, "other"
    while frame is not None:
        path = frame.f_code.co_filename.replace("\\", "/")
        if path.endswith("images/draw.py") and frame.f_code.co_name == "paragraph":
            rule = True
        if "/images/" in path and not any(path.endswith(k) for k in KIT):
            stem = Path(path).stem
            if kind is None:
                kind = f"{stem}.{frame.f_code.co_name}" + (":rule" if rule else "")
            pictures = RFA_PICTURES if "/images/rollforadventure/" in path else PICTURES
            picture = pictures.get(stem, picture)
        frame = frame.f_back
    return picture, kind or "?"


@contextmanager
def recording() -> Iterator[Record]:
    """Instrument `images.text.Face.draw` for the duration (the kit's caches do not hide draws)."""
    from images import text as kit

    record = Record()
    real = kit.Face.draw

    def draw(self, d, x, baseline, text, fill, align="left"):
        if text.strip():
            record.seen.append(Seen(*_kind(), self.size, d.im.size[0], text))
        return real(self, d, x, baseline, text, fill, align)

    kit.Face.draw = draw
    try:
        yield record
    finally:
        kit.Face.draw = real


def step_pictures(locale: str = "en", seats: int = 2, seed: int = 5) -> list[bytes]:
    """Roll Player step pictures (the private message of a turn) of a seeded game: one per kind of decision
    (setup, placing, an action, the market...), with long names."""
    import random

    from bot.games.rollplayer.kind import KIND
    from images.rollplayer import render_step

    names = ["Bartholomew the Magnificent", "Chloé", "민준", "Dmitri"][:seats]
    rng = random.Random(seed)
    state = KIND.create(seats, seed, {})
    seen, out = set(), []
    while not KIND.is_finished(state):
        pending = KIND.pending(state)[0]
        seat = pending["seat"]
        if (pending["decision"], state.action_row) not in seen:
            seen.add((pending["decision"], state.action_row))
            out.append(render_step(state, seat, locale, names))
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    return out


def measure(locale: str | None = None) -> dict[str, Record]:
    """Picture kind → the texts drawn in it, over the whole gallery in `locale` and the step pictures."""
    from tools import gallery

    with recording() as rec:
        gallery.pictures(locale)
        for loc in [locale] if locale else ["en", "ko"]:
            step_pictures(loc)
        live_pictures(locale or "en")
        rfa_final_pictures(locale or "en")
        rfa_table_pictures(locale or "en")
    by_picture: dict[str, Record] = {}
    for s in rec.seen:
        by_picture.setdefault(s.picture, Record()).seen.append(s)
    return by_picture


def live_pictures(locale: str = "en", seeds: tuple[tuple[int, int], ...] = ((1, 3), (2, 5), (4, 9))) -> list[bytes]:
    """Roll Player's live picture (``images.rollplayer.live``) once per phase of games played with seeded
    random legal moves (it is drawn from real states only, so the gallery's hand-built scenes lack it)."""
    import random

    from bot.games.rollplayer.kind import KIND
    from images.rollplayer import render_live

    out = []
    for seats, seed in seeds:
        rng, state, seen = random.Random(seed), KIND.create(seats, seed, {}), set()
        while not KIND.is_finished(state):
            if (state.phase, state.round > 1) not in seen:
                seen.add((state.phase, state.round > 1))
                out.append(render_live(state, locale, ["Alice", "Bob the Bold", "Chloé", "김민준"][:seats]))
            seat = KIND.pending(state)[0]["seat"]
            state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    return out


def rfa_final_pictures(locale: str = "en",
                       games: tuple[tuple[int, int], ...] = ((1, 2), (2, 4), (4, 6))) -> list[bytes]:
    """Roll for Adventure's end picture (``images.rollforadventure.final``) of games its team policy plays to
    the end (won or lost), with long names."""
    from bot.games.rollforadventure import policy
    from bot.games.rollforadventure.kind import RollForAdventureKind
    from images.rollforadventure import render_final

    kind, out = RollForAdventureKind(), []
    for seats, seed in games:
        state, n = kind.create(seats, seed, {}), 0
        while not kind.is_finished(state) and n < 800:
            seat = kind.pending(state)[0]["seat"]
            state, _ = kind.apply(state, seat, policy.choose_move(state, seat, n))
            n += 1
        out.append(render_final(state, ["Bartholomew the Magnificent", "Chloé", "민준", "Dmitri"][:seats], locale))
    return out


def rfa_table_pictures(locale: str = "en", every: int = 30,
                       games: tuple[tuple[int, int, dict], ...] = (
                           (2, 4, {"hero_pool": "all"}),
                           (3, 5, {"desert_side": "B", "fortress_side": "B", "forest_side": "B", "ice_cave_side": "B",
                                   "specials": ["dragon", "phantom", "giant", "necromancer"],
                                   "adventure": "jewel_of_light"}),
                           (4, 6, {"heroes": "choose", "hero_pool": "all"}))) -> list[bytes]:
    """Roll for Adventure's whole table (``images.rollforadventure.table``) every ``every`` moves of games its
    team policy plays to the end (every side of each territory, special enemies, heroes chosen), with long
    names."""
    from bot.games.rollforadventure import policy
    from bot.games.rollforadventure.kind import RollForAdventureKind
    from images.rollforadventure import render_table

    kind, out = RollForAdventureKind(), []
    for seats, seed, options in games:
        names = ["Bartholomew the Magnificent", "Chloé", "민준", "Dmitri"][:seats]
        state, n = kind.create(seats, seed, options), 0
        while not kind.is_finished(state) and n < 800:
            if n % every == 0:
                out.append(render_table(state, names, locale))
            seat = kind.pending(state)[0]["seat"]
            state, _ = kind.apply(state, seat, policy.choose_move(state, seat, n))
            n += 1
        out.append(render_table(state, names, locale))
    return out


def report(locale: str | None = None) -> str:
    lines = [f"text per kind at {PHONE_WIDTH} px wide: median cap | smallest cap / x-height px, size@canvas"]
    for pic, rec in sorted(measure(locale).items()):
        lines.append(f"[{pic}]")
        typical = rec.typical()
        for kind, s in sorted(rec.smallest().items(), key=lambda kv: typical[kv[0]]):
            med = typical[kind]
            flag = "ok " if med >= 9 else ("rule" if kind.endswith(":rule") else "LOW")
            lines.append(
                f"  {flag} {med:4.1f} | {s.cap:4.1f} / {s.x_height:4.1f} {s.size:>2}@{s.canvas:<4} {kind:30} "
                f"{s.text[:32]!r}"
            )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tools.legibility", description=__doc__.split("\n")[0])
    ap.add_argument("--locale", default=None)
    args = ap.parse_args(argv)
    print(report(args.locale))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
