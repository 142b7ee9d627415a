"""Dice poker pictures: they decode, have sane sizes, and every word in them comes from the catalog."""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "games" / "dicepoker"))
from dp_kit import ForcedDice, bot, play  # noqa: E402

from bot.games.dicepoker.kind import KIND  # noqa: E402
from bot.i18n import has_key  # noqa: E402
from images.dicepoker import render_hand, render_match, words  # noqa: E402
from images.dicepoker.layout import WIDTH  # noqa: E402
from images.dicepoker.view import hand_view  # noqa: E402

NAMES = ["Anja", "Markus"]


def _decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def _check(png: bytes, max_kb: int = 80) -> Image.Image:
    img = _decode(png)
    assert img.width == WIDTH == 480 and 300 <= img.height <= 1400
    assert len(png) < max_kb * 1024
    return img


@pytest.fixture(autouse=True)
def record_keys(monkeypatch):
    """Every key the pictures look up must exist in the English catalog."""
    used: list[str] = []
    real = words.say

    def say(key, locale, **params):
        used.append(key)
        return real(key, locale, **params)

    monkeypatch.setattr(words, "say", say)
    yield used
    missing = sorted({k for k in used if not has_key(k)})
    assert not missing, missing


@pytest.mark.parametrize("seats, options", [(2, {}), (1, {}), (1, {"table": "printed"}),
                                            (1, {"mode": "local_gamblers"})])
def test_every_step_of_a_match_renders(seats, options, record_keys):
    s = KIND.create(seats, 11, options)
    _check(render_hand(s, "en", NAMES))
    while not KIND.is_finished(s):
        seat = KIND.pending(s)[0]["seat"]
        s, _ = KIND.apply(s, seat, {"type": "reroll", "keep": [0, 1]})
        _check(render_hand(s, "en", NAMES))
    for n in range(1, len(s["history"]) + 1):
        _check(render_hand(s, "en", NAMES, hand=n))
    _check(render_match(s, "en", NAMES))
    assert any(k.startswith("dicepoker.hand.") for k in record_keys)


def test_mid_match_summary_and_long_matches_render():
    s = KIND.create(2, 3, {"hands": 30, "purse": 40})
    _check(render_match(s, "en", NAMES))
    s, _, _ = play(s, bot("easy"))
    img = _check(render_match(s, "en", NAMES))
    assert img.height < 1200                                         # only the last hands are listed


def test_names_of_any_length_and_script_and_missing_names():
    s, _, _ = play(KIND.create(2, 4, {"hands": 2}), bot("best"))
    for names in (None, [], {0: "김민준", 1: "Éowyn"}, ["x" * 300, "🎲" * 40], {"0": "Zed"}):
        _check(render_hand(s, "en", names))
        _check(render_match(s, "en", names))
    assert words.name_of(None, 1, "en") == "Player 2" and words.name_of({"0": "Zed"}, 0, "en") == "Zed"
    assert words.name_of(None, None, "en") == "Local gamblers"


def test_unknown_locale_falls_back_to_english():
    s = KIND.create(1, 4, {})
    assert render_hand(s, "it", ["A"]) == render_hand(s, "en", ["A"])


def test_pictures_are_deterministic():
    s = KIND.create(2, 9, {})
    assert render_hand(s, "en", NAMES) == render_hand(s, "en", NAMES)


def test_view_of_the_worked_example(monkeypatch):
    ForcedDice(monkeypatch, [4, 4, 1, 3, 6] + [2, 2, 2, 5, 1] + [6, 6] + [5, 5, 2] + [1] * 20)
    s = KIND.create(2, 0, {})
    v = hand_view(s)
    assert v.pot == 3 and v.sides[1].due and v.sides[0].active and v.sides[0].waits and not v.finished
    s, _ = KIND.apply(s, 1, {"type": "reroll", "keep": [0, 1, 2]})
    s, _ = KIND.apply(s, 0, {"type": "reroll", "keep": [0, 1]})
    v = hand_view(s, 1)
    assert v.finished and v.winner_seat == 1 and v.decided_by == "category"
    assert v.sides[1].won and v.sides[1].hand == "full_house" and v.sides[0].hand == "two_pairs"
    assert v.sides[0].rerolled == (2, 3, 4) and v.sides[1].rerolled == (3, 4)
    assert v.sides[0].used == (True, True, True, True, False)
    assert v.score == (0, 1)
    assert hand_view(s).previous["winner"] == 1                      # the next hand shows the last result
    with pytest.raises(ValueError):
        hand_view(s, 5)
    _check(render_hand(s, "en", NAMES, hand=1))
