"""The placement labels of the move menu tell a die's value from the number of dice (t12 defect 5): Korean read
"요새에 2 주사위 2개 놓기", two numbers alike; it reads "요새에 눈이 2인 주사위 2개 놓기" now, and German "mit
Augenzahl 2" (it read "2 Würfel mit 2"). English ("showing 2") and French ("de valeur 2") said it already."""
from __future__ import annotations

import re

import pytest
from rfa_clicks import latest_turn_post, move_options
from rfa_tour import DAVE, open_game

#: locale -> (how a label names the value, the old label's shape where value and count read alike)
SHAPES = {"ko": (r"눈이 \d인 주사위 \d+개 놓기", r"에 \d 주사위 \d+개"),
          "de": (r"\d Würfel mit Augenzahl \d auf ", r"Würfel mit \d auf "),
          "en": (r"Place \d (die|dice) showing \d on ", None),
          "fr": (r"Placer \d dés? de valeur \d sur ", None)}


@pytest.mark.parametrize("locale", list(SHAPES))
async def test_a_placement_label_tells_the_value_from_the_count(harness, alice, bob, carol, monkeypatch, locale):
    users = [alice, bob, carol, DAVE]          # four heroes: five dice, one entry per placement
    game, place = await open_game(harness, users, 7, monkeypatch, locale=locale)
    labels = [o["label"] for _, o in move_options(latest_turn_post(harness, place))]
    good, old = SHAPES[locale]
    assert any(re.search(good, label) for label in labels), labels
    if old:
        assert not any(re.search(old, label) for label in labels), labels
