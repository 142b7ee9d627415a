"""The live message of a /rfa game carries the compact picture (480 px, legible on a phone) and a Table button
that shows anyone the whole table (480 px, every band of it) privately; an edit after a placement
re-attaches the picture only when it changed (issue 28 points 8 and 9)."""
from __future__ import annotations

import io

from PIL import Image
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post

from bot.games.rollforadventure import policy
from bot.i18n import t
from images.rollforadventure import render_live, render_table
from images.rollforadventure.live import WIDTH as LIVE_WIDTH
from images.rollforadventure.table import WIDTH as TABLE_WIDTH


def width(blob: bytes) -> int:
    with Image.open(io.BytesIO(blob)) as im:
        return im.width


async def three_heroes(harness, alice, bob, carol):
    """Alice's game of three, started: (place, game)."""
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=3)
    lobby = next(m for m in created.messages if m.buttons())
    for user in (bob, carol):
        await harness.click(lobby, user=user, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")
    return place, await harness.bot.sessions.game_in_channel(place.channel_id)


async def test_the_live_message_is_compact_and_the_table_is_one_click_away(harness, alice, bob, carol, fixed_seed):
    users = [alice, bob, carol]
    place, game = await three_heroes(harness, alice, bob, carol)
    post = latest_turn_post(harness, place)
    names = [s.name for s in game.seats]
    [(name, live)] = post.files
    assert name == "table.png" and width(live) == LIVE_WIDTH
    assert live == render_live(game.state, names, "en"), "the live picture is the compact one"
    assert len(live) < 12_000, len(live)
    # anyone (here a player who is not due) opens the whole table privately
    onlooker = next(u for u in users if u.id != game.seats[due_seat(game)].user_id)
    look = await harness.click(post, user=onlooker, place=place, label=t("button.table", "en"))
    [(table_name, table)] = look.only().files
    assert look.only().ephemeral and table_name == "table.png" and width(table) == TABLE_WIDTH
    assert table == render_table(game.state, names, "en")
    # a placement edits the live message in place with the next picture
    user = next(u for u in users if u.id == game.seats[due_seat(game)].user_id)
    move = policy.choose_move(game.state, due_seat(game), 0)
    await click_move(harness, post, game, move, user=user, place=place)
    game = await harness.bot.sessions.load(game.id)
    after = latest_turn_post(harness, place)
    if after.id == post.id and KIND.pending(game.state)[0]["decision"] in ("place", "place_more"):
        assert after.files and after.files[0][1] == render_live(game.state, names, "en")


async def test_the_heros_power_is_said_once_when_its_turn_begins(harness, alice, bob, carol, fixed_seed):
    """The active hero's power, in full, stood under the status line of every edit of the turn's message: a
    screen reader read it again after each placement (and ``/games`` listed it too). The turn's message says it
    as it appears; its edits leave it out; ``/rfa status`` still says it; the next hero's turn says theirs."""
    users = [alice, bob, carol]
    place, game = await three_heroes(harness, alice, bob, carol)

    def power(state) -> str:
        return t(f"rollforadventure.hero.{state['heroes'][state['active']]['hero']}.ability", "en")

    post = latest_turn_post(harness, place)
    first = power(game.state)
    assert first in post.text(), "the turn's message says the hero's power as it appears"
    status = (await harness.run("rfa status", user=carol, place=place)).only().text()
    assert first in status
    turn, edits = game.state["turn"], 0
    for n in range(40):
        user = next(u for u in users if u.id == game.seats[due_seat(game)].user_id)
        await click_move(harness, post, game, policy.choose_move(game.state, due_seat(game), n), user=user, place=place)
        game = await harness.bot.sessions.load(game.id)
        after = latest_turn_post(harness, place)
        if after.id == post.id:                                # the same turn: its message edited in place
            assert post.edits > edits and first not in post.text(), post.text()
            edits = post.edits
            continue
        assert game.state["turn"] > turn and power(game.state) in after.text(), "the next hero's turn says its power"
        break
    else:
        raise AssertionError("the first turn did not end")
    assert edits, "the first turn's message was edited at least once"
    listed = (await harness.run("games", user=alice, place=place)).only().text()
    assert power(game.state) not in listed
