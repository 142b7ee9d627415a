"""``/<game> defaults`` shown to a server admin, read as sentences in each language."""
from __future__ import annotations

import re

import discord
import pytest
from harness import MANAGER_PERMISSIONS, User

ADMIN = User(id=100_000_000_000_000_019, name="admin",
             permissions=MANAGER_PERMISSIONS | discord.Permissions(manage_guild=True).value)


async def shown_lines(harness, place, **options) -> list[str]:
    """The overview ``/rp defaults`` gives after setting ``options`` (its last line, the scope note, left out)."""
    if options:
        await harness.run("rp defaults", user=ADMIN, place=place, **options)
    return (await harness.run("rp defaults", user=ADMIN, place=place)).only().content.splitlines()[:-1]


async def every_overview(harness) -> list[str]:
    """Each line the overview can show: the bot never stands in or stands in after 48 hours, each pace, away
    players' clocks running or not in fast games."""
    place = harness.channel()
    lines = await shown_lines(harness, place)
    lines += await shown_lines(harness, place, takeover=48, away_fast=False)
    for pace in ("fast", "slow", "none"):
        lines += await shown_lines(harness, place, pace=pace)
    return list(dict.fromkeys(lines))


async def test_the_korean_overview_speaks_haeyo_without_saying_fast_twice(harness):
    """A Korean tour read "…봇이 플레이하지 않음; 진행 속도: 보통 (결정마다 1일)." (noun endings and an English
    semicolon in a sentence) and "빠른 게임(빠른 속도)에서는" (fast twice)."""
    harness.locale = "ko"
    lines = await every_overview(harness)
    assert len(lines) == 7, lines          # never, 48 h at each of 4 paces, away allowed or not in fast games
    for line in lines:
        assert ";" not in line and "않음" not in line and "플레이;" not in line, line
        sentences = [s for s in re.split(r"(?<=\.)\s+", line) if s]
        assert all(s.endswith("요.") for s in sentences), line           # 해요체: every sentence ends in 요
        assert "빠른 게임(빠른 속도)" not in line, line
    assert any("진행 속도는 보통 (결정마다 1일)이에요." in line for line in lines), lines


@pytest.mark.parametrize("locale", ["en", "de", "fr"])
async def test_the_english_german_and_french_overviews_are_sentences(harness, locale):
    """The same overview in German and French ended in a label after a semicolon ("…; Tempo: normal (…)."): the
    pace is a sentence of its own, in English too (it read "…; pace: fast (1 hour per decision).")."""
    harness.locale = locale
    for line in await every_overview(harness):
        assert ";" not in line and line.endswith(".") and line[0].isupper(), line


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_away_fast_does_not_promise_a_choice_no_game_has(harness, locale):
    """A German tour set ``/rp vorgaben away_fast:False`` and read "… in den schnellen **Partien** dieses Servers …"
    (everything else says "Spiele"), then "jedes neue Spiel kann trotzdem selbst wählen": no ``new`` has an option
    for it. Only what a new game can choose (pace, takeover) is said to be its own choice."""
    from bot.i18n import t

    harness.locale = locale
    place = harness.channel()
    games = ", ".join(t(key, locale) for key in ("game.rollplayer.title", "dicepoker.title", "rollforadventure.title"))
    away = (await harness.run("rp defaults", user=ADMIN, place=place, away_fast=False)).only().content.splitlines()
    assert away == [t("away.fast.off", locale), t("lobby.defaults_scope_server", locale, games=games)]
    pace = (await harness.run("rp defaults", user=ADMIN, place=place, pace="slow")).only().content.splitlines()
    assert pace[-1] == t("lobby.defaults_scope", locale, games=games)
    if locale == "de":
        assert "Partie" not in " ".join(away) and "Spielen" in away[0]


@pytest.mark.parametrize("locale", ["en", "de", "fr", "ko"])
async def test_poker_defaults_say_the_server_pace_per_decision_as_every_game_does(harness, locale):
    """A moderator's tour: ``/poker defaults`` said the server's pace only in dice poker's words ("fast (1 hour per
    reroll; each player rerolls once per hand)") though it is one setting for every game of the server, which
    ``/rp defaults``, the pace's choices and the scope line word per decision. Each game's defaults say it alike,
    and the option says it is one for every game, per decision."""
    from bot.i18n import t
    from cogs.pace import pace_text

    harness.locale = locale
    place = harness.channel()
    poker = harness.bot.games["dicepoker"]
    set_line = (await harness.run("poker defaults", user=ADMIN, place=place, pace="fast")).only().content
    assert t("clock.defaults_set", locale, pace=pace_text("fast", locale)) in set_line
    shown = (await harness.run("poker defaults", user=ADMIN, place=place)).only().content
    assert pace_text("fast", locale) in shown, shown
    assert pace_text("fast", locale, poker.pace_line_key) not in shown, shown
    rp = (await harness.run("rp defaults", user=ADMIN, place=place)).only().content
    assert rp == shown
    option = harness.bot.tree.get_command("poker").get_command("defaults").get_parameter("pace")
    assert option.description == t("cmd.defaults.pace", "en")
    assert t("clock.pace.line", locale, pace="", time="").strip(" ()") in t("cmd.defaults.pace", locale)
