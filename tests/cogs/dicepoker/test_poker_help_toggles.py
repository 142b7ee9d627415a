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
#: ... and that the highlighted dice are the ones kept (the turn line and the picture ask for "the dice to keep")
KEPT_AT_FIRST = {"en": "Every die starts kept (highlighted)", "de": "Zuerst sind alle Würfel behalten (hervorgehoben)",
                 "fr": "tous les dés sont gardés (mis en évidence)", "ko": "처음에는 모든 주사위가 남겨져 있어요"}


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
    # the intro says what the highlight means, in the words of the turn line and the picture ("dice to keep")
    assert KEPT_AT_FIRST[locale] in helped
