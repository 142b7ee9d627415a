"""The solo scores picture gives no place (nobody else is at the table), but its alt text still read "1. Ann:
52 reputation (…)": a screen reader gave a place the picture did not show. Solo lines name the player without a
place; with two players or more each line keeps its place."""
from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION

LOCALES = ("en", "de", "fr", "ko")


def finished(seats: int, seed: int = 5):
    """A game of ``seats`` played to its end with random legal moves, as a table the presentation reads."""
    rng = random.Random(seed)
    state = KIND.create(seats, seed, {})
    while not KIND.is_finished(state):
        seat = KIND.pending(state)[0]["seat"]
        state, _ = KIND.apply(state, seat, rng.choice(KIND.legal_moves(state, seat)))
    names = ["Ann", "Ben"][:seats]
    return SimpleNamespace(state=state, status="finished", seats=[SimpleNamespace(name=n) for n in names])


def scores_alt(game, locale: str) -> str:
    [scores] = [p for p in PRESENTATION.turn_pictures(game, None, locale) if p.name == "scores.png"]
    return scores.alt


@pytest.mark.parametrize("locale", LOCALES)
def test_the_solo_scores_alt_gives_no_place(locale):
    alt = scores_alt(finished(1), locale)
    assert "1. Ann" not in alt and "1위" not in alt, alt
    assert "Ann" in alt, alt


@pytest.mark.parametrize("locale", LOCALES)
def test_with_two_players_each_line_keeps_its_place(locale):
    alt = scores_alt(finished(2), locale)
    first = t("rollplayer.alt.score_line", locale, place=1, player="X", total=0, items="").split("X")[0]
    assert first in alt, alt
