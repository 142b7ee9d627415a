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


def mentioned(message) -> set[int]:
    """The users a message pings (its allowed mentions)."""
    return {int(u) for u in (message.allowed_mentions or {}).get("users", [])}


async def test_a_redo_after_an_undo_does_not_ping_the_next_player_twice(pig):
    """Alice holds, the new live message pings Bob; Alice takes the hold back (that message now shows her turn)
    and holds again: Bob was already told of this turn, so no new message pings him a second time; the message
    that pinged him is drawn again with his turn (tour I, defect 3)."""
    harness = pig
    place = harness.channel()
    game = await start_duel(harness, place)
    game, user = await roll_until_points(harness, place, game)
    other = BOB if user is ALICE else ALICE

    held = await harness.run("pig hold", user=user, place=place)
    pinged = public_post(held)
    assert mentioned(pinged) == {other.id}
    undone = await harness.run("pig undo", user=user, place=place)
    assert not [m for m in undone.public() if m.files], "the undo edits the live message in place"
    edits = pinged.edits
    assert pinged.edits >= 1 and not pinged.deleted

    redone = await harness.run("pig hold", user=user, place=place)
    assert not [m for m in redone.public() if mentioned(m)], "Bob is not pinged again for the same turn"
    assert not [m for m in redone.public() if m.files], "the live message that pinged him is edited in place"
    assert pinged.edits > edits and f"**{mover_name(game, other)}**" in pinged.text(), "it names him again"
    assert t("undo.taken_back", "en", player=mover_name(game, user), move=t("pig.move.hold", "en")) in pinged.text()

    # the game goes on: the next player who becomes due is pinged as ever
    game = await harness.bot.sessions.load(game.id)
    game, holder = await roll_until_points(harness, place, game)
    passed = await harness.run("pig hold", user=holder, place=place)
    assert mentioned(public_post(passed)) == {(BOB if holder is ALICE else ALICE).id}


def mover_name(game, user) -> str:
    return game.seats[game.seat_of(user.id)].name
