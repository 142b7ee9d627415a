"""Dice poker in each language (issue 28, point 6): the level error names the levels the lobby offers, the
keywords ``none``/``all`` and the ``dice`` option are named in the player's language in help, option texts
and Discord (and understood in any), the tag under a rerolled die reads „새 주사위“ in Korean, and the
last-hand line has one colon at most."""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from bot.games.dicepoker import ai
from bot.games.dicepoker.kind import KIND
from bot.games.errors import RuleError
from bot.i18n import t
from cogs.dicepoker import PRESENTATION
from cogs.dicepoker.commands import keep_value, parse_positions, reroll_value
from images.dicepoker.layout import DIE, DIE_GAP
from images.text import fit

LOCALES = ("en", "de", "fr", "ko")


@pytest.mark.parametrize("locale", LOCALES)
def test_the_level_error_names_the_levels_the_lobby_offers(locale):
    state = KIND.create(2, 1, {})
    with pytest.raises(RuleError) as caught:
        ai.explain(state, 0, "legendary")
    error = caught.value
    game = SimpleNamespace(seats=[SimpleNamespace(name="Ann"), SimpleNamespace(name="Bo")])
    text = t(error.key, locale, **PRESENTATION.error_params(game, error.params, locale))
    for level in KIND.ai_levels:
        assert t(f"bot.level.{level}", locale) in text, (locale, text)
    assert t("bot.level.hard", locale) not in text and "hard" not in text and "{" not in text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_keywords_are_understood_in_every_language(locale):
    every, none = t("dicepoker.word.all", locale), t("dicepoker.word.none", locale)
    assert parse_positions(every) == {1, 2, 3, 4, 5} and parse_positions(none) == set()
    assert parse_positions(every.upper()) == {1, 2, 3, 4, 5}
    assert keep_value(every) == "1,2,3,4,5" and reroll_value(every) == "none" and keep_value(none) == "none"
    assert parse_positions("all") == {1, 2, 3, 4, 5} and parse_positions("none") == set()   # English everywhere
    assert parse_positions("allez") is None


@pytest.mark.parametrize("locale", ["de", "fr", "ko"])
def test_help_and_option_texts_name_keywords_and_options_in_the_language(locale):
    every, none = t("dicepoker.word.all", locale), t("dicepoker.word.none", locale)
    option = t("dicepoker.cmd.opt.dice.name", locale)
    assert (every, none, option) != ("all", "none", "dice")
    for key in ("dicepoker.cmd.opt.keep", "dicepoker.cmd.opt.reroll"):
        text = t(key, locale)
        assert every in text and none in text and not re.search(r"\b(all|none)\b", text), (key, text)
    keep, reroll = t("dicepoker.help.cmd.keep", locale), t("dicepoker.help.cmd.reroll", locale)
    assert f"`{every}`" in keep and "`all`" not in keep
    for text, command in ((keep, "keep"), (reroll, "reroll")):
        name = t(f"dicepoker.cmd.{command}.name", locale)
        assert f"/poker {name} {option}:" in text and " dice:" not in text, text


async def test_discord_shows_the_dice_option_by_its_name_in_each_language(payloads):
    poker = next(p for p in payloads if p["name"] == "poker")
    for command in ("keep", "reroll"):
        sub = next(o for o in poker["options"] if o["name"] == command)
        dice = next(o for o in sub["options"] if o["name"] == "dice")
        for locale in ("de", "fr", "ko"):
            assert dice["name_localizations"][locale] == t("dicepoker.cmd.opt.dice.name", locale)


@pytest.mark.parametrize("locale", LOCALES)
def test_the_new_die_tag_fits_under_a_die(locale):
    text = t("dicepoker.img.new_die", locale)
    assert fit(text, DIE + DIE_GAP, max(16, DIE // 4), True)[1] == text


@pytest.mark.parametrize("locale", LOCALES)
def test_the_last_hand_line_has_one_colon_at_most(locale):
    """The line wraps what ``images.dicepoker.hand._outcome`` says about the hand before."""
    reason = t("dicepoker.step.category", locale)
    inner = [t("dicepoker.img.paid", locale, hand=t("dicepoker.hand.two_pairs", locale), gold=3),
             t("dicepoker.img.gamblers_win", locale, reason=reason),
             t("dicepoker.img.wins_hand", locale, player="Ann", reason=reason)]
    for text in inner:
        line = t("dicepoker.img.last_hand", locale, hand=2, text=text)
        assert line.count(":") + line.count("：") <= 1, line


@pytest.mark.parametrize(("locale", "who_wins"), [("de", "gewinnt, wer mehr Gold hat"),
                                                  ("en", "the player with more Gold wins"),
                                                  ("fr", "celui qui a le plus d'or l'emporte")])
def test_the_match_topic_says_who_wins(locale, who_wins):
    """A tour read „Nach der letzten Runde gewinnt mehr Gold“: Gold does not win, the player who has more does."""
    assert who_wins in t("dicepoker.rules_topic.match.text", locale)
