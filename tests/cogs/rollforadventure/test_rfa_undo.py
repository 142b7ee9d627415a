"""``/rfa undo`` and the current turn (tour W, item 2): the heroes are chosen one player after another, so a
player's choice is their turn; once the next player has chosen, even if they took it back, the first choice
stands. The player due may take back their own choice while nobody else has chosen since."""
from __future__ import annotations

from rfa_clicks import due_seat, latest_turn_post, move_options
from test_rfa_play import open_three

from bot.i18n import t


async def pick_first_offered(harness, user, place):
    post = latest_turn_post(harness, place)
    [(_, option), *_] = move_options(post)
    await harness.select(post, [option["value"]], user=user, place=place)


async def test_a_hero_choice_stands_once_the_next_player_has_chosen(harness, alice, bob, carol, fixed_seed):
    place = harness.channel()
    users = [alice, bob, carol]
    game = await open_three(harness, users, place, heroes="choose")
    sessions = harness.bot.sessions
    first, second = (next(u for u in users if u.id == game.seats[s].user_id) for s in (0, 1))
    assert due_seat(game) == 0
    await pick_first_offered(harness, first, place)
    assert await sessions.can_undo(game.id, first.id), "nobody has chosen since: the choice may be taken back"
    chosen = await sessions.load(game.id)
    await pick_first_offered(harness, second, place)
    undone = await harness.run("rfa undo", user=second, place=place)
    assert any(m.ephemeral and m.text().startswith(t("undo.done", "en", move="")) for m in undone.messages)
    game = await sessions.load(game.id)
    assert game.state == chosen.state and due_seat(game) == 1

    assert not await sessions.can_undo(game.id, first.id)
    refused = await harness.run("rfa undo", user=first, place=place)
    assert refused.only().ephemeral
    assert refused.only().content == t("undo.refused_turn_over", "en", player=game.seats[1].name)
    after = await sessions.load(game.id)
    assert after.version == game.version and after.state == chosen.state and due_seat(after) == 1
