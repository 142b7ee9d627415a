"""What the turn log says, as a Korean phone tour read it (issue t5): the Desert's step-up names the die that
moved (it said "one desert die", after the player had picked it among several); bonus dice go back to the
supply, not "to their holders" (the Summoner's own text says so); and Korean names each player with 님 (bot
seats without), as every other line of the same posts did."""
from __future__ import annotations

import re

from rfa_clicks import KIND, due_seat
from rfa_tour import channel_lines, lobby_options, open_game, play_moves, seed_for

from bot.games.rollforadventure import policy
from bot.i18n import t
from cogs.rollforadventure import words


def _promotes_with_bonus(before, move, events, after) -> bool:
    """A Desert step-up whose other dice go home, a bonus die among them."""
    keys = [e["key"].rsplit(".", 1)[-1] for e in events]
    return "promoted" in keys and any(
        e["key"].endswith(".dice_returned") and any(seen[0] == "bonus" for seen in e["params"]["dice_seen"])
        for e in events)


async def play_to_the_step_up(harness, users, monkeypatch):
    """A 3-player game played to the move that steps a Desert die up; the game, its channel and that move's
    events (worked out again by the rules from the state before it)."""
    options = lobby_options()
    seed, count = seed_for(3, options, _promotes_with_bonus)
    game, place = await open_game(harness, users, seed, monkeypatch)
    assert game.state["options"] == options
    game = await play_moves(harness, game, users, place, count - 1)
    move = policy.choose_move(game.state, due_seat(game), count - 1)
    _, events = KIND.apply(game.state, due_seat(game), move)
    game = await play_moves(harness, game, users, place, 1, start=count - 1)
    return game, place, events


async def test_the_desert_step_up_names_the_die_that_moved(harness, alice, bob, carol, monkeypatch):
    game, place, events = await play_to_the_step_up(harness, [alice, bob, carol], monkeypatch)
    [promoted] = [e["params"] for e in events if e["key"].endswith(".promoted")]
    moved = words.seen(promoted["die_seen"], "en")
    line = t("rollforadventure.event.promoted", "en", die=moved, section=words.section(promoted["section"], "en"))
    assert moved in line and line in "\n".join(channel_lines(harness, place))


async def test_bonus_dice_go_back_to_the_supply_not_to_a_holder(harness, alice, bob, carol, monkeypatch):
    game, place, events = await play_to_the_step_up(harness, [alice, bob, carol], monkeypatch)
    [returned] = [e["params"] for e in events if e["key"].endswith(".dice_returned")]
    seen = returned["dice_seen"]
    holders = ", ".join(words.seen(x, "en") for x in seen if x[0] != "bonus")
    bonus = ", ".join(words.seen(x, "en") for x in seen if x[0] == "bonus")
    shown = "\n".join(channel_lines(harness, place))
    # Ice Cave side A: the bonus dice lie on the Ice Cave
    assert t("rollforadventure.event.bonus_returned_ice_cave", "en", dice=bonus) in shown
    assert t("rollforadventure.event.dice_returned", "en", dice=holders) in shown
    assert not re.search(r"return to their holders: [^.]*bonus", shown)


async def test_korean_log_lines_honour_each_player_but_not_the_bot(harness, alice, bob, monkeypatch):
    """Ann and Ben with a bot seat, in Korean: every hero named with its player reads "Ann 님의 치유사" for a
    person and "봇 (보통)의 승부사" for the bot seat (it read "Ann · 치유사")."""
    harness.bot.bots.pause = 0
    monkeypatch.setattr("bot.engine.sessions.secrets.randbits", lambda bits: 7)
    harness.locale = "ko"
    place = harness.channel()
    created = await harness.run("rfa new", user=alice, place=place, players=3, bots=1, language="ko")
    lobby = next(m for m in created.messages if m.buttons())
    await harness.click(lobby, user=bob, place=place, label=t("button.join", "ko"))
    await harness.click(lobby, user=alice, place=place, label=t("button.start", "ko"))
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    users = [alice, bob]
    n = 0
    while game.state["turn"] < 5 and game.status == "active":
        await harness.bot.bots.idle()
        game = await harness.bot.sessions.load(game.id)
        if game.seats[due_seat(game)].is_ai:
            continue
        game = await play_moves(harness, game, users, place, 1, start=n)
        n += 1
    shown = "\n".join(channel_lines(harness, place))
    bot_name = next(s.name for s in game.seats if s.is_ai)
    people = [s.name for s in game.seats if not s.is_ai]
    for name in people:
        assert f"{name} 님의 " in shown
        assert f"{name}의 " not in shown, f"{name} without 님"
    assert f"{bot_name}의 " in shown and f"{bot_name} 님" not in shown
