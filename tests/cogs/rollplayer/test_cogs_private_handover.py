"""How the live message's menu and a player's private menus hand over (a French phone tour, four players):

* a pick on the live message that goes on privately (the Bard's second purchase after a first one) answers the
  click with a new private message, where the player is looking; it was drawn into their private message of an
  earlier round, a dozen messages up, and nothing new appeared on the phone;
* a move made from the live message retires the private "My moves" menu that offered the same decision ("Done:
  …", no menu), as a move made from it does; it stayed live, and its pick answered "this was for an earlier turn"
  in the same round;
* a pick on a private menu the game has left behind says it is out of date, or whose turn it is now.
"""
from __future__ import annotations

import copy

from driver import menu_version, move_components
from harness import is_played
from test_cogs_live_menu import MY_MOVES, pick_first
from test_cogs_phase import start_two_player
from test_cogs_private_message import driven_game, due_now

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION


async def test_a_pick_on_the_live_message_goes_on_in_a_new_private_answer_not_an_old_message(
        harness, alice, bob, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    game, driver, users = await driven_game(harness, alice, bob, place)
    for _ in range(200):
        game, due, user, prompt, older = await due_now(harness, driver, game.id, users)
        if driver._prompt_seat is not None and older is not None and prompt is not None and older.id < prompt.id \
                and move_components(prompt) and menu_version(prompt) == game.version:
            result = await pick_first(harness, prompt, user, place)
            after = await harness.bot.sessions.load(game.id)
            if not result.public() and KIND.pending(after.state)[0]["seat"] == due[0]:
                # the step went on privately: a new private message answers the click, below the live message
                [private] = result.private()
                assert private.id > prompt.id and move_components(private), private.text()
                decision = PRESENTATION.decision_text(KIND.pending(after.state)[0]["decision"], "en")
                assert decision in private.text(), private.text()
                # the player's older private message far up is not where the step went
                assert not move_components(older), older.text()
                return
            driver.absorb(result, user)
            continue
        await driver.act(user, due[0])
    raise AssertionError("no pick on the live message went on privately")


async def test_a_move_from_the_live_message_retires_the_my_moves_menu_of_the_same_decision(
        harness, alice, bob, monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    game, started = await start_two_player(harness, alice, bob, place)
    [prompt] = started.public()
    seat = KIND.pending(game.state)[0]["seat"]
    user = [alice, bob][game.seats[seat].user_id == bob.id]
    mine = (await harness.click(prompt, user=user, place=place, label=MY_MOVES)).only()
    assert mine.ephemeral and move_components(mine)
    as_shown = copy.deepcopy(mine)          # what a client that missed the edit still shows
    value = prompt.selects()[0]["options"][0]["value"]
    label = prompt.selects()[0]["options"][0]["label"]
    played = await harness.select(prompt, [value], user=user, place=place)
    after = await harness.bot.sessions.load(game.id)
    assert after.version == game.version + 1 and played.public(), "the step went public"
    # the private menu of that decision says what was done, and offers nothing any more
    assert not move_components(mine) and is_played(mine.content) and label in mine.content, mine.text()
    # a pick on it where it still shows: out of date, or whose turn it is now, not "this was for an earlier turn"
    value = as_shown.selects()[0]["options"][0]["value"]
    stale = await harness.select(as_shown, [value], user=user, place=place)
    assert (await harness.bot.sessions.load(game.id)).version == after.version, "nothing was played"
    text = stale.text()
    assert "earlier turn" not in text, text
    due = KIND.pending(after.state)[0]["seat"]
    if due == seat:                # still theirs: the button is out of date (its step is the one just played)
        assert text == t("error.stale_button", "en", group="rp"), text
    else:
        assert text == t("error.not_your_turn", "en", players=after.seats[due].name), text
