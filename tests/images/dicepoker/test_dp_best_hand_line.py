"""The match picture's best hand is never cut: a French tour read "Meilleure main : Petite suite (…" beside Ben's
dice. The label has the panel's width now, the dice under it; one that does not fit puts the hand on a line of
its own."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.dicepoker.content import HANDS
from bot.games.dicepoker.kind import KIND
from bot.games.dicepoker.score import score
from images.dicepoker import words
from images.dicepoker.layout import INNER, TEXT, WIDTH
from images.dicepoker.match import ROW_SIZE, _best_lines, render_match
from images.labels import labelled
from images.text import ELLIPSIS, fit

LOCALES = ("en", "de", "fr", "ko")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_best_hand_is_shown_whole(locale):
    """On one line "Best hand: Full House", or the heading and the hand on two; each line whole at ``TEXT`` or more."""
    title = words.say("dicepoker.img.best_hand", locale)
    for hand_id in HANDS:
        hand = words.drawn_hand_text(hand_id, locale)       # a straight drawn with its short "(1-5)"
        lines = _best_lines({"best_hand": hand_id}, locale)
        assert lines in ((labelled(title, hand, locale),), (labelled(title, "", locale).rstrip(), hand)), lines
        for line in lines:
            face, shown = fit(line, INNER, ROW_SIZE, True, min_size=TEXT)
            assert shown == line and ELLIPSIS not in shown and face.size >= TEXT, (locale, line)


def test_a_label_too_long_for_one_line_puts_the_hand_on_a_line_of_its_own(monkeypatch):
    """The French tour read "Meilleure main : Petite suite (…" beside the dice (330 px then); the panel is wider
    now and every shipped label fits, so a longer one is made up here."""
    real = words.say
    monkeypatch.setattr(words, "say", lambda key, loc, **p: "Meilleure main de toute la soirée" if
                        key == "dicepoker.img.best_hand" else real(key, loc, **p))
    assert _best_lines({"best_hand": "small_straight"}, "fr") == ("Meilleure main de toute la soirée :",
                                                                  "Petite suite (1-5)")


def test_a_match_with_a_straight_draws_in_every_language():
    st = KIND.create(2, 0, {"mode": "duel"})
    rnd = random.Random(0)
    while not KIND.is_finished(st):
        seat = KIND.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, rnd.choice(KIND.legal_moves(st, seat)))
    assert "small_straight" in [s["best_hand"] for s in score(st)["seats"]]
    for locale in LOCALES:
        picture = Image.open(io.BytesIO(render_match(st, locale, names=["Ann", "Ben"])))
        assert picture.width == WIDTH
