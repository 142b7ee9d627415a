"""Dice poker's pictures at a phone's width: Discord shows them about 290 px wide on a 360 px screen, where a tour
read the dice positions, "Wählt Würfel zum Behalten" and the hand-by-hand rows 6–7 px tall (720 px pictures,
20–24 px text). Every text of every picture — each phase of a hand, the solo payout table, the match of each
mode — in every language, with long and Korean names, is held to a cap height of 9 px at 290 px wide, and the
words a player reads (hands, what a side does, the "new" tags) are never cut. (The score chart beside the match:
``tests/images/test_chart.py``.)"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "dicepoker"))
from dp_kit import bot, play  # noqa: E402

from bot.games.dicepoker.kind import KIND  # noqa: E402
from images.dicepoker import layout, render_hand, render_match, words  # noqa: E402
from images.text import ELLIPSIS  # noqa: E402
from tools import legibility  # noqa: E402

LOCALES = ("en", "de", "fr", "ko")
#: how wide Discord shows a picture on a 360 px phone screen (281 px in the tour's screenshots)
SHOWN = legibility.SHOWN_WIDTH
#: the least cap height a text may have there
LEAST_CAP = 9.0
NAMES = [["Bartholomew the Magnificent", "김민준"], ["Anja", "Markus"], ["Chloé Lefèvre-Dubois", "이서연"]]


def cap_shown(seen: legibility.Seen) -> float:
    """The text's cap height once its picture is shown ``SHOWN`` px wide."""
    return legibility.CAP * seen.size * SHOWN / seen.canvas


def poker_pictures(locale: str, names: list[str]) -> None:
    """Every kind of hand and match picture: a duel hand by hand (the side that chooses shows positions, a side
    that rerolled shows "new" tags), a finished hand, the match; a solo night with its payout table on both
    tables; the local gamblers."""
    for seats, options in ((2, {}), (1, {}), (1, {"table": "printed"}), (1, {"mode": "local_gamblers"})):
        state = KIND.create(seats, 11, options)
        render_hand(state, locale, names)
        for _ in range(4):
            seat = KIND.pending(state)[0]["seat"]
            state, _ = KIND.apply(state, seat, {"type": "reroll", "keep": [0, 1]})
            render_hand(state, locale, names)
        render_hand(state, locale, names, hand=1)
        state, _, _ = play(state, bot("best"))
        render_hand(state, locale, names)
        render_match(state, locale, names)


@pytest.mark.parametrize("locale", LOCALES)
def test_every_text_of_the_poker_pictures_is_legible_at_a_phones_width(locale):
    with legibility.recording() as rec:
        for names in NAMES:
            poker_pictures(locale, names)
    seen = [s for s in rec.seen if s.picture in ("poker_hand", "poker_match")]
    assert {s.picture for s in seen} == {"poker_hand", "poker_match"} and len(seen) > 500
    small = sorted({(s.text, s.size, s.canvas) for s in seen if cap_shown(s) < LEAST_CAP})
    assert not small, f"under {LEAST_CAP} px cap height at {SHOWN} px wide: {small[:12]}"


@pytest.mark.parametrize("locale", LOCALES)
def test_the_words_a_player_reads_are_never_cut(locale):
    """The hand names, what each side does, the "new" tags ("relancé", "새 눈") and the payout
    table come out whole; only a long name may end in "…"."""
    with legibility.recording() as rec:
        for names in NAMES:
            poker_pictures(locale, names)
    drawn = {s.text for s in rec.seen}
    cut = {text for text in drawn if ELLIPSIS in text and not text.startswith(ELLIPSIS)}
    keep = {words.drawn_hand_text(h, locale) for h in ("pair", "two_pairs", "three_of_a_kind", "small_straight",
                                                   "big_straight", "full_house", "four_of_a_kind", "five_of_a_kind")}
    keep |= {words.say(k, locale) for k in ("dicepoker.img.keeps_now", "dicepoker.img.waits", "dicepoker.img.active")}
    assert keep <= drawn, keep - drawn
    new = words.say("dicepoker.img.new_die", locale)
    assert new in drawn or all(part in drawn for part in new.split()), new
    names = [n for pair in NAMES for n in pair]
    assert all(any(text.removesuffix(ELLIPSIS).rstrip().endswith(n[:k]) for n in names for k in range(1, len(n)))
               for text in cut), cut


@pytest.mark.parametrize("locale", LOCALES)
def test_the_new_tags_of_neighbouring_dice_stand_apart_on_one_line(locale):
    """Tour t14, D6: "새 주사위" wrapped onto two lines under each rerolled die, its second line close to the hand's
    name under it, and "nouveau nouveau nouveau" ran together (2 px apart at 480 px) up to the panel's edge. Each
    tag is one line, and two neighbouring tags keep at least 5 px apart at a phone's width; the last one stays
    inside the panel."""
    label = words.say("dicepoker.img.new_die", locale)
    face, lines = layout.tag_lines(label, layout.tag_width())
    assert lines == (label,), lines
    drawn = face.width(label)
    apart = layout.DIE + layout.DIE_GAP - drawn                  # the tags are centred under dice this far apart
    assert apart * SHOWN / layout.WIDTH >= 5, (label, apart)
    last_centre = layout.MARGIN + layout.PAD + 4 * (layout.DIE + layout.DIE_GAP) + layout.DIE / 2
    assert last_centre + drawn / 2 <= layout.WIDTH - layout.MARGIN - layout.PAD / 2, (label, drawn)


@pytest.mark.parametrize("locale", LOCALES)
def test_a_night_that_ran_its_hands_says_so_on_one_line(locale):
    """The match picture's line under the title of a tavern night played to its last hand: a French tour saw
    "Toutes les manches jouées (total : 10)" wrap and leave "10)" alone on a second line."""
    line = words.say("dicepoker.img.end.hands_played", locale, hands=10)
    width = layout.WIDTH - 2 * layout.MARGIN
    assert layout.lines_height(line, width, 2, 24, True) == layout.lines_height("A", width, 2, 24, True), line
