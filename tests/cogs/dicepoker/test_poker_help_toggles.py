"""The help describes the dice toggles as they work: every die starts kept (highlighted), and a click marks a die
for the reroll (a tour read "click the dice you want to keep" in every language, and clicked its dice away)."""
from __future__ import annotations

import pytest
from poker_kit import confirm_button, kept_positions, toggle, turn_post

from bot.i18n import t

#: what the intro's sentence about the toggles says in each language: click the dice to *reroll*
CLICK_TO_REROLL = {
    "en": "click the dice you want to reroll",
    "de": "Klicke die Würfel an, die du neu werfen willst",
    "fr": "cliquez sur les dés que vous voulez relancer",
    "ko": "다시 굴릴 주사위를 클릭하고",
}

CHOOSE_TO_REROLL = {
    "en": "choose the dice to reroll",
    "de": "wähle die Würfel, die du ein Mal neu wirfst",
    "fr": "choisissez les dés à relancer",
    "ko": "다시 굴릴 주사위를 고르세요",
}


@pytest.mark.parametrize("locale", sorted(CLICK_TO_REROLL))
async def test_the_help_says_a_click_marks_a_die_for_the_reroll(poker, alice, locale):
    dm = poker.dm()
    post = turn_post(await poker.run("poker solo", user=alice, place=dm))
    assert kept_positions(post) == [0, 1, 2, 3, 4], "every die starts kept"
    await toggle(poker, post, 0, user=alice, place=dm)
    assert kept_positions(post) == [1, 2, 3, 4], "a click takes the die out of the keep: it is rerolled"
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    kept = " ".join(str(v) for v in game.state["sides"][0]["dice"][1:])
    assert confirm_button(post)["label"] == t("dicepoker.move.reroll_one", "en", kept=kept)

    poker.locale = locale
    helped = (await poker.run("poker help", user=alice, place=dm)).only().text()
    assert CLICK_TO_REROLL[locale] in helped
    # the decision line beside the toggles names the dice to reroll as well (it read "choose the dice to keep")
    assert CHOOSE_TO_REROLL[locale] in t("dicepoker.decision.reroll", locale)
    assert t("dicepoker.decision.reroll", "en") in post.text()
