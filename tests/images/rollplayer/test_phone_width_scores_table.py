"""The final scores and the table picture at a phone's width (360 px) with four seats, bot seats and long
names, in every language: class names and row labels readable and all one size, column heads clear of one
another and of the winner's frame, and the Initiative cards' takers wrapped rather than cut."""

from __future__ import annotations

import pytest

from bot.games.rollplayer import content
from bot.i18n import t
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
