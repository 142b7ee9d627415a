"""Issue 28 point 3 through the shell: a new match plays the printed tie-break unless the creator picks
the house rule (lobby option ``tie_break``), and says so in the lobby."""
from __future__ import annotations

import pytest

from bot.i18n import t


async def _duel(harness, alice, bob, **switches):
    place = harness.channel()
    created = await harness.run("poker new", user=alice, place=place, **switches)
    lobby = next(m for m in created.messages if m.buttons())
    shown = lobby.text()
    await harness.click(lobby, user=bob, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id), shown


async def test_a_new_duel_plays_the_printed_tie_break(poker, alice, bob):
    game, lobby = await _duel(poker, alice, bob)
    assert game.options["kicker_depth"] == 2 and game.state["options"]["kicker_depth"] == 2
    assert t("dicepoker.lobby.line.tie_break_house", "en") not in lobby


async def test_the_house_tie_break_is_a_marked_option(poker, alice, bob):
    game, lobby = await _duel(poker, alice, bob, tie_break="house")
    assert game.options["kicker_depth"] is None and game.state["options"]["kicker_depth"] is None
    assert t("dicepoker.lobby.line.tie_break_house", "en") in lobby


@pytest.mark.parametrize("tie_break, depth", [("printed", 2), ("house", None)])
async def test_the_local_gamblers_take_the_option_too(poker, alice, tie_break, depth):
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm, mode="gamblers", tie_break=tie_break)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    assert game.state["mode"] == "local_gamblers" and game.state["options"]["kicker_depth"] == depth


async def test_a_tavern_night_refuses_the_house_tie_break(poker, alice):
    dm = poker.dm()
    refused = await poker.run("poker solo", user=alice, place=dm, tie_break="house")
    assert refused.only().content == t("dicepoker.error.solo_tie_break", "en")
    assert await poker.bot.sessions.game_in_channel(dm.channel_id) is None


@pytest.mark.parametrize("locale", ("en", "de", "fr", "ko"))
@pytest.mark.parametrize("tie_break", ("printed", "house"))
async def test_the_lobby_and_status_name_the_tie_break_either_way(poker, alice, bob, tie_break, locale):
    """The lobby and ``/poker status`` said "Tie-break (house rule): …" for the house rule and nothing for the
    printed one, so a printed match did not say which it played; each names the chosen one."""
    poker.locale = locale
    place = poker.channel()
    created = await poker.run("poker new", user=alice, place=place, language=locale, tie_break=tie_break)
    lobby = next(m for m in created.messages if m.buttons())
    chosen = t(f"dicepoker.lobby.line.tie_break_{tie_break}", locale)
    other = t(f"dicepoker.lobby.line.tie_break_{'house' if tie_break == 'printed' else 'printed'}", locale)
    assert chosen in lobby.text() and other not in lobby.text(), lobby.text()
    await poker.click(lobby, user=bob, place=place, label=t("button.join", locale))
    await poker.click(lobby, user=alice, place=place, label=t("button.start", locale))
    status = (await poker.run("poker status", user=alice, place=place)).only().text()
    assert chosen in status and other not in status, status


async def test_french_hints_call_the_local_gamblers_as_every_other_text_does(poker, alice):
    """French called the local gamblers "joueurs locaux" in hints and "joueurs du coin" in the mode's name, the
    log and the rules: a hint names them as the rest does."""
    poker.locale = "fr"
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm, mode="gamblers")
    hinted = (await poker.run("poker hint", user=alice, place=dm)).only().text()
    assert "joueurs du coin" in hinted and "joueurs locaux" not in hinted, hinted
