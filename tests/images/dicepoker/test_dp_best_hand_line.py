"""The match picture's best hand is never cut: a French tour read "Meilleure main : Petite suite (…" beside Ben's
dice. A label that does not fit beside the dice puts the hand on a line of its own."""
from __future__ import annotations

import io
import random

import pytest
from PIL import Image

from bot.games.dicepoker.content import HANDS
from bot.games.dicepoker.kind import KIND
from bot.games.dicepoker.score import score
from images.dicepoker import words
from images.dicepoker.match import BEST_W, render_match
from images.labels import labelled
from images.text import fit

LOCALES = ("en", "de", "fr", "ko")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_best_hand_is_shown_whole(locale):
    title = words.say("dicepoker.img.best_hand", locale)
    for hand_id in HANDS:
        hand = words.hand_text(hand_id, locale)
        label = labelled(title, hand, locale)
        if fit(label, BEST_W, 24, True, min_size=21)[1] == label:
            continue                                    # one line beside the dice
        assert fit(hand, BEST_W, 22, True)[1] == hand, (locale, hand)
        heading = labelled(title, "", locale).rstrip()
        assert fit(heading, BEST_W, 22, True)[1] == heading


def test_the_french_straight_is_the_case_that_needed_two_lines():
    label = labelled(words.say("dicepoker.img.best_hand", "fr"), words.hand_text("small_straight", "fr"), "fr")
    assert fit(label, BEST_W, 24, True, min_size=21)[1] != label


def test_a_match_with_a_straight_draws_in_every_language():
    st = KIND.create(2, 0, {"mode": "duel"})
    rnd = random.Random(0)
    while not KIND.is_finished(st):
        seat = KIND.pending(st)[0]["seat"]
        st, _ = KIND.apply(st, seat, rnd.choice(KIND.legal_moves(st, seat)))
    assert "small_straight" in [s["best_hand"] for s in score(st)["seats"]]
    for locale in LOCALES:
        picture = Image.open(io.BytesIO(render_match(st, locale, names=["Ann", "Ben"])))
        assert picture.width == 720
