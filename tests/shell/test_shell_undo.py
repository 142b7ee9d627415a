"""Undo on a game added through the seam: Pig gets ``/pig undo`` from its rules' ``reveals`` hook alone. A hold
that passed the turn is taken back publicly (the channel learns the turn is back, the undoer is not pinged);
a roll, or another player's move since, stands with its reason."""
from __future__ import annotations

import pytest

from bot.engine.verify import verify_store
from bot.i18n import t
from tests.shell import test_shell_toy_game as toy

ALICE, BOB, public_post = toy.ALICE, toy.BOB, toy.public_post


@pytest.fixture
async def pig(tmp_path):
    """The bot with Pig registered (as the walkthrough of test_shell_toy_game does it)."""
    async for harness in toy.harness.__wrapped__(tmp_path):
        yield harness


async def start_duel(harness, place):
    created = await harness.run("pig new", user=ALICE, place=place, players=2, race_to="20")
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=BOB, place=place, label="Join")
    await harness.click(lobby, user=ALICE, place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id)


async def roll_until_points(harness, place, game):
    """Roll (whoever is due) until the player due has points this turn; returns (game, that user)."""
    users = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(100):
        user = users[game.seats[game.state.turn].user_id]
        if game.state.turn_total > 0:
            return game, user
        await harness.run("pig roll", user=user, place=place)
        game = await harness.bot.sessions.load(game.id)
    raise AssertionError("nobody kept any points")


async def test_pig_undo_of_a_hold_and_the_refusals(pig):
    harness = pig
    place = harness.channel()
    game = await start_duel(harness, place)
    assert harness.bot.tree.get_command("pig").get_command("undo") is not None
    game, user = await roll_until_points(harness, place, game)
    other = BOB if user is ALICE else ALICE
    before = await harness.bot.sessions.load(game.id)

    nothing = await harness.run("pig undo", user=other, place=place)
    assert nothing.only().ephemeral
    mover = game.seats[game.seat_of(user.id)].name
    assert nothing.only().content in (t("engine.error.nothing_to_undo", "en", group="pig"),
                                      t("undo.refused_player_moved", "en", player=mover))

    await harness.run("pig hold", user=user, place=place)
    held = await harness.bot.sessions.load(game.id)
    assert held.state.turn != before.state.turn

    undone = await harness.run("pig undo", user=user, place=place)
    game = await harness.bot.sessions.load(game.id)
    assert game.state == before.state and game.version == held.version + 1
    mine = [m for m in undone.messages if m.ephemeral]
    assert mine and mine[-1].content == t("undo.done", "en", move=t("pig.move.hold", "en"))
    assert not [m for m in undone.public() if m.files], "nobody new is due: the live message is edited in place"
    post = [m for m in harness.rec.order if m.channel_id == place.channel_id and not m.ephemeral and m.files][-1]
    who = game.seats[game.state.turn].name
    assert t("undo.taken_back", "en", player=who, move=t("pig.move.hold", "en")) in post.text()
    assert str(user.id) not in str(post.allowed_mentions), "the undoer is not pinged for getting their own turn back"

    again = await harness.run("pig undo", user=user, place=place)
    assert again.only().content == t("engine.error.undo_after_reveal", "en", group="pig")

    await harness.run("pig hold", user=user, place=place)
    await harness.run("pig roll", user=other, place=place)
    late = await harness.run("pig undo", user=user, place=place)       # the refusal names who moved since
    assert late.only().content == t("undo.refused_player_moved", "en", player=game.seats[game.seat_of(other.id)].name)
    log = await harness.run("pig log", user=user, place=place)
    assert t("undo.log_entry", "en", n=held.version) in log.only().content
    sessions = harness.bot.sessions
    assert (await verify_store(sessions.store, sessions.kinds)).ok
