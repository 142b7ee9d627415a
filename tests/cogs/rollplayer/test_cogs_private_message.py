"""The player's ONE private message of a game is the newest one the bot gave them: after "My moves", a move
picked on the public message continues in that new private message, not in an older one far up the channel
(found by a German playground tour: the next step was drawn into a private message of round 0 and the newest
one answered "that was for an earlier move"), and the one before it loses its menu. A pick on the public menu the
player has left behind answers with their moves now, saying why, instead of sending them to "the latest turn
message" they are looking at."""
from __future__ import annotations

from driver import Driver, menu_version, move_components
from test_cogs_phase import start_two_player

from bot.games.rollplayer.kind import KIND
from bot.i18n import t
from cogs.rollplayer import PRESENTATION

MY_MOVES = t("button.my_moves", "en")


async def pick_first(harness, message, user, place):
    """The first move a menu offers: its first select's first option, or its first move button."""
    if message.selects():
        option = message.selects()[0]["options"][0]["value"]
        return await harness.select(message, [option], user=user, place=place)
    button = next(b for b in message.buttons() if b["custom_id"].startswith("rp:m:"))
    return await harness.click(message, user=user, place=place, custom_id=button["custom_id"])


async def driven_game(harness, alice, bob, place):
    """A two-player game and a ``Driver`` that follows its messages: (game, driver, the players)."""
    users = [alice, bob]
    game, started = await start_two_player(harness, alice, bob, place)
    driver = Driver(harness, place, users)
    driver.game_id, driver._prompt_seat = game.id, None
    driver.absorb(started, alice)
    return game, driver, users


async def due_now(harness, driver, game_id, users):
    """The game as it is now, the seats due, the player of the first, the live message and that player's private
    message: the driver's prompt seat is the one due when only one is."""
    game = await harness.bot.sessions.load(game_id)
    due = [p["seat"] for p in KIND.pending(game.state)]
    driver._prompt_seat = due[0] if len(set(due)) == 1 else None
    user = next(u for u in users if u.id == game.seats[due[0]].user_id)
    return game, due, user, driver.prompt, driver.own.get(user.id)


async def test_a_public_pick_after_my_moves_continues_in_the_newest_private_message(harness, alice, bob,
                                                                                      monkeypatch):
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 4242)
    place = harness.channel()
    game, driver, users = await driven_game(harness, alice, bob, place)
    for _ in range(120):
        game, due, user, prompt, older = await due_now(harness, driver, game.id, users)
        if driver._prompt_seat is not None and older is not None and prompt is not None \
                and move_components(prompt) and menu_version(prompt) == game.version \
                and any(b.get("label") == MY_MOVES for b in prompt.buttons()):
            mine = (await harness.click(prompt, user=user, place=place, label=MY_MOVES)).only()
            assert mine.ephemeral and move_components(mine)
            result = await pick_first(harness, prompt, user, place)
            after = await harness.bot.sessions.load(game.id)
            assert after.version > game.version, result.text()
            if not any(m.layout for m in result.public()) and KIND.pending(after.state)[0]["seat"] == due[0]:
                # the step went on privately: it is drawn in the private message given last
                assert mine.edits == 1 and move_components(mine), mine.text()
                # the older one keeps its text, loses its menu: no outdated menu stays clickable above
                assert not move_components(older), older.text()
                # the public message no longer shows the menu of before that pick (it answered "out of date"):
                # it says whose decision it is, and "My moves" opens it
                assert not move_components(prompt), prompt.text()
                decision = PRESENTATION.decision_text(KIND.pending(after.state)[0]["decision"], "en")
                assert t("play.your_turn", "en", player=user.mention, away="", decision=decision) in prompt.text(), \
                    prompt.text()
                version = after.version
                again = (await harness.click(prompt, user=user, place=place, label=MY_MOVES)).only()
                assert again.ephemeral and move_components(again), again.text()
                assert (await harness.bot.sessions.load(game.id)).version == version, "nothing was played"
                return
            driver.absorb(result, user)
            continue
        await driver.act(user, due[0])
    raise AssertionError("no public pick after My moves went on privately")
