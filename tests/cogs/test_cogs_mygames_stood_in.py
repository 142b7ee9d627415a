"""``/games`` words a finished game the bot played for the player as the result and stats do. A German tour: Ben's
Roll Player game, played by the bot for him from round 2 on, read "Game #2. You won, with 25 Renown." in
``/games``, while the final post said "1. Bot for Ben" and his stats "Won: 0 … Played by the bot for them: 1"."""
from __future__ import annotations

import pytest
from test_cogs_stand_in import bot_wins_for_bob

from bot.i18n import t


@pytest.fixture
def fixed_seed(monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 20261130)


@pytest.mark.parametrize("locale", ["en", "de"])
async def test_games_says_the_bot_won_for_the_player_not_that_they_won(clocked, alice, bob, fixed_seed, locale):
    h = clocked
    place, game, _final = await bot_wins_for_bob(h, alice, bob)
    h.locale = locale
    listed = (await h.run("games", user=bob, place=place)).only().text()
    won = t("mygames.result_won", locale, result="\0").split("\0")[0]
    assert won not in listed, listed
    assert t("mygames.stood_in_won", locale, result="\0").split("\0")[0] in listed, listed
    # alice's own line is hers: she came second, by her own play
    theirs = (await h.run("games", user=alice, place=place)).only().text()
    assert t("mygames.result_place", locale, place=2, players=2, result="\0").split("\0")[0] in theirs, theirs
