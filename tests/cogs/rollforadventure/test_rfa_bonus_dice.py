"""Issue 28 point 1 through the shell: when the Ice Cave holds fewer bonus dice than heroes to receive them,
the active player chooses who receives them (seed 003 l.301 with l.189), by a button of the turn message
named after the heroes; the others at the table see what is being decided meanwhile."""
from __future__ import annotations

from harness import User
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post, move_buttons

from bot.games.rollforadventure import policy
from bot.games.rollforadventure.board import ids_at
from bot.i18n import t

DAVE = User(id=100_000_000_000_000_004, name="dave")


def _reaches_the_choice(options: dict, seed: int, limit: int = 120) -> bool:
    """The team policy's game from ``seed`` (as the test plays it) comes to the scarce bonus dice choice."""
    state = KIND.create(4, seed, options)
    for n in range(limit):
        if state["result"]:
            return False
        if state["decision"]["kind"] == "bonus_dice":
            return True
        seat = state["decision"]["seat"]
        state, _ = KIND.apply(state, seat, policy.choose_move(state, seat, n))
    return False


async def test_the_active_player_chooses_who_gets_the_scarce_bonus_dice(harness, alice, bob, carol, monkeypatch):
    users = [alice, bob, carol, DAVE]
    options = dict(KIND.create(4, 0, {"ice_cave_side": "A"})["options"])
    seed = next(s for s in range(40) if _reaches_the_choice(options, s))
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: seed)
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=4, ice_cave="A")
    lobby = next(m for m in created.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label="Join")
    await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    assert game.state["options"] == options
    n = 0
    while game.state["decision"]["kind"] != "bonus_dice":
        seat = due_seat(game)
        user = next(u for u in users if u.id == game.seats[seat].user_id)
        await click_move(harness, latest_turn_post(harness, place), game, policy.choose_move(game.state, seat, n),
                         user=user, place=place)
        game = await harness.bot.sessions.load(game.id)
        n += 1
    decision = game.state["decision"]
    heroes, count = decision["heroes"], decision["count"]
    assert 0 < count < len(heroes) == len(set(heroes))
    assert decision["seat"] == game.state["heroes"][game.state["active"]]["seat"]     # the active player
    post = latest_turn_post(harness, place)
    assert t("rollforadventure.decision.bonus_dice", "en") in post.text()
    legal = KIND.legal_moves(game.state, due_seat(game))
    assert all(m["type"] == "bonus" and len(m["heroes"]) == count for m in legal)
    labels = [b["label"] for b in move_buttons(post)]
    assert len(labels) == len(legal) and all(label.startswith("Bonus dice to ") for label in labels)
    # the policy would pick one; the player picks another: the last choice offered
    choice = legal[-1]
    user = next(u for u in users if u.id == game.seats[due_seat(game)].user_id)
    supply = ids_at(game.state, "supply")
    await click_move(harness, post, game, choice, user=user, place=place)
    after = await harness.bot.sessions.load(game.id)
    [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == choice
    got = {int(after.state["dice"][i]["at"].split(":")[1]) for i in supply}
    assert got == set(choice["heroes"])
    for h in set(heroes) - got:                     # who was left out has no more bonus dice than before
        def bonus_on(state, h=h):
            return sum(1 for d in state["dice"] if d["o"] == "bonus" and d["at"] == f"board:{h}")
        assert bonus_on(after.state) == bonus_on(game.state)
