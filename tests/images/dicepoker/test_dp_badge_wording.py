"""The dice poker picture and the live message describe the same choice in the same words."""
from __future__ import annotations

import pytest

from bot.games.dicepoker.kind import KIND
from bot.i18n import t
from images.dicepoker import render_hand, words

KEEP_WORD = {"en": "keep", "de": "behäl", "fr": "garder", "ko": "남길"}   # "behältst" / "Behalten" both
KEEP_WORD_PICTURE = {"en": "keep", "de": "behalt", "fr": "garder", "ko": "남길"}
REROLL_CHOICE = {"en": "dice to reroll", "de": "neuwerfen", "fr": "dés à relancer", "ko": "다시 굴릴 주사위"}


@pytest.mark.parametrize("locale", sorted(KEEP_WORD))
def test_picture_badge_and_live_message_both_ask_for_dice_to_keep(locale, monkeypatch):
    """The buttons toggle dice to keep; the picture's badge used to say "choosing dice to reroll"."""
    said: list[str] = []
    real = words.say

    def say(key, loc, **params):
        text = real(key, loc, **params)
        said.append(text)
        return text

    monkeypatch.setattr(words, "say", say)
    render_hand(KIND.create(2, 11, {}), locale, ["Anja", "Markus"])
    live = t("dicepoker.decision.reroll", locale)
    assert KEEP_WORD[locale] in live.lower()
    assert any(KEEP_WORD_PICTURE[locale] in s.lower() for s in said), said
    assert not any(REROLL_CHOICE[locale] in s.lower() for s in said), said
