"""The final scores and the table picture at a phone's width (360 px) with four seats, bot seats and long
names, in every language: class names and row labels readable and all one size, column heads clear of one
another and of the winner's frame, and the Initiative cards' takers wrapped rather than cut."""

from __future__ import annotations

import pytest

from bot.games.rollplayer import content
from bot.i18n import t
from images import scripts
from images.rollplayer import scores
from images.rollplayer.render import scores_png, table_png
from images.text import ELLIPSIS
from tools import legibility
from tools import rp_samples as samples

LOCALES = ("en", "de", "fr", "ko")


def bot_names(locale: str) -> list[str]:
    """Three bot seats named as the lobby names them ("Bot (normal)", "Bot 2 (hard)", "Bot 3 (easy)")."""
    level = {k: t(f"bot.level.{k}", locale) for k in ("easy", "normal", "hard")}
    return [t("bot.seat_name", locale, level=level["normal"]),
            t("bot.seat_name_numbered", locale, number=2, level=level["hard"]),
            t("bot.seat_name_numbered", locale, number=3, level=level["easy"])]


def seat_names(n: int, locale: str) -> list[str]:
    return ["Cleo", *bot_names(locale)][:n]


def drawn(render) -> list[legibility.Seen]:
    with legibility.recording() as rec:
        render()
    return rec.seen


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_class_names_and_row_labels_are_readable_at_phone_width_and_class_names_one_size(locale, seats):
    view = samples.make_scores(seats, solo=seats == 1, names=seat_names(seats, locale))
    seen = drawn(lambda: scores_png(view, locale))
    classes = {content.class_name(c, locale) for c in content.classes()}
    rows = {t(f"img.score.{key}", locale) for key in ("goals", "class_dice", "backstory", "alignment", "armor",
                                                        "traits", "weapons", "solo_gold")}
    class_caps = {s.text: s.cap for s in seen if s.text in classes}
    assert class_caps, "the class names are drawn"
    assert len({s.size for s in seen if s.text in classes}) == 1, f"class names drawn at several sizes: {class_caps}"
    assert min(class_caps.values()) >= 8, class_caps
    row_caps = {s.text: round(s.cap, 1) for s in seen if any(s.text in r for r in rows)}
    assert row_caps and min(row_caps.values()) >= 8, row_caps


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_column_heads_keep_clear_of_each_other_and_of_the_winners_frame(locale, seats):
    """Each head line is at least PAD px from its column's edges (the frame is drawn 4–7 px in), so two
    neighbouring heads are at least 2·PAD apart: "(normal) (normal)" were 3 px apart and touched the frame."""
    g = scores.grid(seats)
    assert scores.PAD >= 10 and g.inner == int(g.col_w - 2 * scores.PAD)
    for name in seat_names(seats, locale) + [samples.LONG_NAME, samples.KOREAN_NAME]:
        face, lines = scores.head_lines(name, g)
        assert len(lines) <= 2 and all(face.width(line) <= g.inner for line in lines), (name, lines)
    for name in bot_names(locale):          # a bot's name wraps whole ("Bot 2" / "(hard)"), it is not cut
        face, lines = scores.head_lines(name, g)
        assert not any(ELLIPSIS in line for line in lines), (name, lines)


@pytest.mark.parametrize("locale", LOCALES)
def test_initiative_cards_wrap_bot_names_instead_of_cutting_them(locale):
    """Five Initiative cards in a 4-seat game: "Bot 3 (no…" / "Bot (nor…" were cut; now on two lines."""
    view = samples.make_table(4, names=seat_names(4, locale), taken={1: 1, 2: 2, 3: 3, 4: 0})
    seen = drawn(lambda: table_png(view, locale))
    takers = [s for s in seen if s.kind == "table._initiative"]
    assert not [s.text for s in takers if ELLIPSIS in s.text]
    shown = " ".join(s.text for s in takers)
    for name in bot_names(locale):
        assert all(word in shown for word in name.split()), (name, shown)


#: the tour's names that the Initiative cards cut inside a word ("@everyon" / "e <@1>…")
ODD_NAMES = ["@everyone <@1> @here", "Chloé Lefèvre-Dubois", "Bartholomew the Magnificent", "김민준 日本語 中文"]


def whole_words(line: str, name: str) -> bool:
    """Whether a line of a wrapped name holds whole words of it (or the pieces a word may break into: after a
    hyphen, beside a wide character), only its last one cut, and then with "…"."""
    pieces = {p for word in name.split() for p in [word, *scripts.word_pieces(word)]}
    tokens = line.removesuffix(ELLIPSIS).split()
    cut = line.endswith(ELLIPSIS) and not line.endswith(" " + ELLIPSIS)
    return all(tok in pieces or (cut and k == len(tokens) - 1 and any(p.startswith(tok) for p in pieces))
               for k, tok in enumerate(tokens))


@pytest.mark.parametrize("locale", LOCALES)
def test_initiative_cards_break_a_long_name_between_words(locale):
    """A taker's name wraps at spaces (after a hyphen, between CJK characters); a word wider than the card is
    ellipsised ("@everyo…"), not cut over two lines; so in the live picture's Initiative row, drawn from the
    states of a game played with random legal moves."""
    import random

    from bot.games.rollplayer.kind import KIND
    from images.rollplayer import render_live
    from images.rollplayer.live import live_png

    view = samples.make_table(4, names=ODD_NAMES, taken={1: 0, 2: 1, 3: 2, 4: 3})
    takers = [s.text for s in drawn(lambda: table_png(view, locale)) if s.kind == "table._initiative"]
    rng, state = random.Random(3), KIND.create(4, 3, {})
    live_png.forget()
    with legibility.recording() as rec:
        while state.round < 3:
            render_live(state, locale, ODD_NAMES)
            seat = KIND.pending(state)[0]["seat"]
            state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    live = [s.text for s in rec.seen if s.kind == "live._initiative"]
    names = [line for line in takers + live if not line.isdigit() and line != t("img.table.free", locale)]
    assert len(names) > 8 and any(not line.isdigit() for line in live), "the takers are drawn in both pictures"
    assert all(any(whole_words(line, name) for name in ODD_NAMES) for line in names), names
    assert not whole_words("e <@1>…", ODD_NAMES[0]) and not whole_words("@everyon", ODD_NAMES[0])


@pytest.mark.parametrize("locale", LOCALES)
def test_a_solo_game_crowns_nobody_and_gives_no_place(locale, monkeypatch):
    """A newcomer's solo scores read "Place #1" under a crown with nobody else at the table: in solo the picture
    gives the rating title, no crown, no winner's frame and no place row; with two players both are back."""
    crowns = []
    crown = scores.icons.crown
    monkeypatch.setattr(scores.icons, "crown", lambda size: crowns.append(size) or crown(size))
    places = {t("img.scores.place", locale), t("img.scores.rank", locale, rank=1)}
    solo = samples.make_scores(1, solo=True, names=seat_names(1, locale))
    seen = {s.text for s in drawn(lambda: scores_png.__wrapped__(solo, locale))}
    assert not crowns and not places & seen, (crowns, places & seen)
    duel = samples.make_scores(2, names=seat_names(2, locale))
    seen = {s.text for s in drawn(lambda: scores_png.__wrapped__(duel, locale))}
    assert crowns and places <= seen, (crowns, places - seen)
