"""Issue 28 point 3 through the shell: a new match plays the printed tie-break unless the creator picks
the house rule (lobby option ``tie_break``), and says so in the lobby."""
from __future__ import annotations

import pytest
from poker_kit import choose_and_confirm, due_seat, open_duel, turn_post

from bot.games.dicepoker.score import score
from bot.i18n import listed, t
from images.dicepoker import words
from images.labels import labelled


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


@pytest.mark.parametrize("locale", ("en", "de", "fr", "ko"))
@pytest.mark.parametrize("seed, criterion", [(20261123, "best_hand"), (20261506, "shared")])
async def test_a_duel_level_on_gold_says_how_the_tie_was_broken(poker, alice, bob, monkeypatch, seed, criterion,
                                                                 locale):
    """A duel that ended level on Gold listed "1. Ann — 9 Gold" and "2. Ben — 9 Gold" and only named the rule
    ("Decided by: equal Gold, better best hand"): the final post says, as Roll Player's does, how the tie was
    broken, with each player's best hand (both players keep every die: seed 20261123 ends level on Gold, apart
    on best hands, seed 20261506 level on both)."""
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: seed)
    poker.locale = locale
    place = poker.channel()
    game, post = await open_duel(poker, alice, bob, place, locale)
    users = {alice.id: alice, bob.id: bob}
    while game.status == "active":
        seat = due_seat(game)
        result = await choose_and_confirm(poker, post, [0, 1, 2, 3, 4], user=users[game.seats[seat].user_id],
                                          place=place)
        post = turn_post(result, on=post)
        game = await poker.bot.sessions.load(game.id)
    state = game.state
    assert state["purses"][0] == state["purses"][1], state["purses"]
    assert state["result"]["reason"] == {"best_hand": "best_hand", "shared": "draw"}[criterion], state["result"]
    seats = [state["result"]["winner"], 1 - state["result"]["winner"]] if criterion == "best_hand" else [0, 1]
    sc = score(state)["seats"]
    names = [game.seats[seat].name for seat in seats]
    values = [labelled(name, t("dicepoker.final_tie.hand", locale, hand=words.hand_text(sc[seat]["best_hand"], locale),
                               dice=words.dice_text(sc[seat]["best_dice"])), locale)
              for name, seat in zip(names, seats)]
    said = t(f"dicepoker.final_tie.{criterion}", locale, gold=sc[0]["gold"],
             values=t("dicepoker.alt.list_sep", locale).join(values),
             players=listed([t("play.listed_player", locale, player=name) for name in names], locale))
    assert said in post.text(), post.text()
