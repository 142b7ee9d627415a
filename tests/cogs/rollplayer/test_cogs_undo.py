"""Undo in Roll Player through the real cogs: the Undo button in the player's private menu after a quiet
move, ``/rp undo``, the refusals (after the class draw revealed dice, a stale button), the log, and a
restart (the undo is in the database, and the next one is decided from the log alone)."""
from __future__ import annotations

import pytest
from driver import Driver
from harness import Harness

from bot.app import create_bot
from bot.engine.verify import verify_store
from bot.i18n import t

UNDO = "Undo"


@pytest.fixture(autouse=True)
def one_move_per_click(monkeypatch):
    """The menus' multi-move options (a suggested arrangement of every starting die) would finish the step in
    one click; these tests take back single quiet moves, so the player here places one die at a time."""
    from cogs.rollplayer import PRESENTATION

    monkeypatch.setattr(type(PRESENTATION), "move_chains", lambda self, game, seat, legal, locale: [])


def undo_menu(result):
    """The private message of ``result`` that carries an Undo button, or None."""
    for message in result.messages:
        if message.ephemeral and any(b.get("label") == UNDO for b in message.buttons()):
            return message
    return None


async def setup_until_first_placement(harness, alice, place):
    """A solo game played by its menus (race, class: both draw dice) up to the first starting die placed."""
    first = await harness.run("solo", user=alice, place=place)
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    driver = Driver(harness, place, [alice])
    driver.game_id = game.id
    driver._prompt_seat = 0
    driver.absorb(first, alice)
    kind = harness.bot.sessions.kinds["rollplayer"]
    for _ in range(20):
        game = await driver.game()
        before = kind.dumps(game.state)
        decision = kind.pending(game.state)[0]["decision"]
        result = await driver.act(alice, 0)               # a move, or one narrowing step of a long menu
        moved = (await driver.game()).version > game.version
        if decision == "place_starting_die" and moved:
            return driver, result, before
        assert undo_menu(result) is None, "race and class drew dice: nothing to take back"
    raise AssertionError("no starting die placed")


async def place_one(driver, alice):
    """Act (narrowing a long menu as a player would) until one more move is played."""
    version = (await driver.game()).version
    driver.private.clear()            # menus from before an undo are stale: start from /rp play
    for _ in range(5):
        await driver.act(alice, 0)
        if (await driver.game()).version > version:
            return
    raise AssertionError("no move played")


async def test_undo_button_and_command(harness, alice):
    place = harness.dm()                     # a solo game lives in the player's DMs
    driver, placed, before = await setup_until_first_placement(harness, alice, place)
    sessions = harness.bot.sessions
    kind = sessions.kinds["rollplayer"]
    game = await sessions.load(driver.game_id)
    [record] = await sessions.recent_moves(game.id, 1)
    assert record.move["type"] == "place_start"
    menu = undo_menu(placed)
    assert menu is not None, "the private continuation offers Undo after a quiet move"
    version = game.version
    # /rp play shows the same decision with Undo too: its button goes stale with the undo below
    other = undo_menu(await harness.run("play", user=alice, place=place))
    assert other is not None

    undone = await harness.click(menu, user=alice, place=place, label=UNDO)
    game = await sessions.load(game.id)
    assert kind.dumps(game.state) == before and game.version == version + 1
    texts = [m.text() for m in undone.messages if m.ephemeral] + [menu.text()]   # new, or redrawn in place
    label = t("undo.done", "en", move="")
    assert any(text.startswith(label) and "Next:" in text for text in texts), texts
    assert not undone.public(), "a private step taken back stays private"
    assert undo_menu(undone) is None, "the move before was the class draw: no Undo offered"

    # an Undo button made before the undo: stale, nothing changes
    stale = await harness.click(other, user=alice, place=place, label=UNDO)
    assert stale.only().content == t("error.stale_button", "en", group="rp")
    # /rp undo now: the class draw revealed dice
    refused = await harness.run("undo", user=alice, place=place)
    assert refused.only().ephemeral
    assert refused.only().content == t("engine.error.undo_after_reveal", "en", group="rp")
    assert (await sessions.load(game.id)).version == version + 1

    # two placements, then /rp undo takes back the second one only
    await place_one(driver, alice)
    middle = kind.dumps((await sessions.load(game.id)).state)
    await place_one(driver, alice)
    by_command = await harness.run("undo", user=alice, place=place)
    assert kind.dumps((await sessions.load(game.id)).state) == middle
    assert any(m.ephemeral and m.text().startswith(label) for m in by_command.messages)
    assert undo_menu(by_command) is not None, "one more quiet placement can still be taken back"

    log = await harness.run("log", user=alice, place=place)
    text = log.only().content
    assert t("undo.log_entry", "en", n=version) in text and "~~" in text
    assert (await verify_store(sessions.store, sessions.kinds)).ok


async def test_the_undo_survives_a_restart(settings, alice):
    bot = create_bot(settings, sync_commands=False, run_reminders=False)
    harness = Harness(bot)
    await harness.start()
    place = harness.dm()
    driver, _, before_first = await setup_until_first_placement(harness, alice, place)
    await place_one(driver, alice)
    undone = await harness.run("undo", user=alice, place=place)
    assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in undone.messages)
    game_id = driver.game_id
    state = harness.bot.sessions.kinds["rollplayer"].dumps((await harness.bot.sessions.load(game_id)).state)
    await harness.close()

    bot = create_bot(settings, sync_commands=False, run_reminders=False)
    harness = Harness(bot)
    await harness.start()
    try:
        sessions = harness.bot.sessions
        kind = sessions.kinds["rollplayer"]
        assert kind.dumps((await sessions.load(game_id)).state) == state
        again = await harness.run("undo", user=alice, place=place)     # the first placement, from the log
        assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in again.messages)
        assert kind.dumps((await sessions.load(game_id)).state) == before_first
        refused = await harness.run("undo", user=alice, place=place)
        assert refused.only().content == t("engine.error.undo_after_reveal", "en", group="rp")
        assert (await verify_store(sessions.store, sessions.kinds)).ok
    finally:
        await harness.close()
