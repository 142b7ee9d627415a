"""A channel duel through the real cogs: toggles edit the prompt in place, Confirm plays exactly the kept
dice, the opponent rerolls before the active player, and the match ends with the match picture."""
from __future__ import annotations

import asyncio

from poker_kit import (
    choose_and_confirm,
    confirm_button,
    due_seat,
    kept_positions,
    toggle,
    toggles,
    turn_post,
)

from bot.games.dicepoker import ai, rules
from bot.i18n import t
from cogs.core import game_locale


async def open_duel(harness, alice, bob, place):
    created = await harness.run("poker new", user=alice, place=place)
    lobby = next(m for m in created.messages if m.buttons())
    assert "Dice Poker" in lobby.text() and t("dicepoker.lobby.line.duel", "en", hands=8, purse=5) in lobby.text()
    await harness.click(lobby, user=bob, place=place, label="Join")
    started = await harness.click(lobby, user=alice, place=place, label="Start")
    game = await harness.bot.sessions.game_in_channel(place.channel_id)
    return game, turn_post(started), lobby


async def test_toggles_edit_the_prompt_in_place_and_confirm_plays_the_choice(poker, alice, bob, fixed_seed):
    place = poker.channel()
    game, post, _ = await open_duel(poker, alice, bob, place)
    # hand 1: the challenger (seat 0) is active, so bob, the opponent, rerolls first
    assert due_seat(game) == 1 and f"<@{bob.id}>" in post.text()
    # one message per hand: both duellists are pinged when it appears (an edit in place pings nobody)
    assert f"<@{alice.id}>" in post.text() and {alice.id, bob.id} <= {int(u) for u in post.allowed_mentions["users"]}
    dice = game.state["sides"][1]["dice"]
    # each toggle says its place, its value once and its state in words (a screen reader does not say a button's
    # colour), so two dice of one value are two buttons a reader tells apart (t18: "3, kept" twice)
    labels = [b["label"] for b in toggles(post)]
    assert labels == [t("dicepoker.toggle.kept", "en", position=i + 1, value=d) for i, d in enumerate(dice)]
    assert len(set(labels)) == len(labels) and labels[0].startswith("Die 1: "), labels
    assert kept_positions(post) == [0, 1, 2, 3, 4]
    assert confirm_button(post)["label"] == t("dicepoker.move.keep_all", "en")

    before = len(poker.rec.order)
    flipped = await toggle(poker, post, 1, user=bob, place=place)
    assert flipped.callback_types == [7], "a toggle edits the message it is on"
    assert len(poker.rec.order) == before, "no new message"
    assert kept_positions(post) == [0, 2, 3, 4] and post.edits == 1
    assert [b["label"] for b in toggles(post)] == [t("dicepoker.toggle.reroll" if i == 1 else "dicepoker.toggle.kept",
                                                     "en", position=i + 1, value=d) for i, d in enumerate(dice)]
    kept = " ".join(str(dice[i]) for i in (0, 2, 3, 4))
    assert confirm_button(post)["label"] == t("dicepoker.move.reroll_one", "en", kept=kept)
    await toggle(poker, post, 1, user=bob, place=place)          # and back
    assert kept_positions(post) == [0, 1, 2, 3, 4]
    game = await poker.bot.sessions.load(game.id)
    assert game.version == 0, "toggling plays nothing"

    confirmed = await choose_and_confirm(poker, post, [0, 3], user=bob, place=place)
    game = await poker.bot.sessions.load(game.id)
    [record] = await poker.bot.sessions.store.recent_moves(game.id, 1)
    assert record.seat == 1 and record.move == {"type": "reroll", "keep": [0, 3]}
    assert turn_post(confirmed) is None or turn_post(confirmed) is post, "one message per hand: no new post"
    nxt = turn_post(confirmed, on=post)
    assert nxt is post and toggles(nxt) and {b["custom_id"].split(":")[3] for b in toggles(nxt)} == {"1"}, \
        "the hand's message now carries the active player's toggles"
    # the active player now sees the opponent's final dice (in the log line and the picture) and chooses
    assert rules.pending(game.state)[0]["role"] == "active" and due_seat(game) == 0
    # addressed as the hand's first post did (the edit pings nobody): the prompt reads the same however it got here
    assert f"<@{game.seats[0].user_id}>" in nxt.text() and nxt.file_names() == ["hand.png"]
    assert " ".join(map(str, game.state["sides"][1]["dice"])) in nxt.text()


async def test_a_toggle_on_the_live_message_keeps_the_games_language(poker, alice, bob, fixed_seed):
    """The live message is the channel's: a German player's toggle on an English game's message redrew its
    buttons in German for everyone ("3 2 6 1 behalten", "Meine Züge", "Tisch"). It stays English; the same
    toggles in the player's own private menu are in the player's language."""
    place = poker.channel()
    game, post, _ = await open_duel(poker, alice, bob, place)
    assert game_locale(game) == "en"
    poker.locale = "de"                                           # bob reads German
    await toggle(poker, post, 1, user=bob, place=place)
    dice = game.state["sides"][1]["dice"]
    kept = " ".join(str(dice[i]) for i in (0, 2, 3, 4))
    labels = [b["label"] for b in post.buttons()]
    assert confirm_button(post)["label"] == t("dicepoker.move.reroll_one", "en", kept=kept)
    assert t("button.my_moves", "en") in labels and t("button.table", "en") in labels
    assert t("button.my_moves", "de") not in labels and t("button.table", "de") not in labels

    moves = await poker.click(post, user=bob, place=place, label=t("button.my_moves", "en"))
    private = moves.only()
    assert private.ephemeral and confirm_button(private)["label"] == t("dicepoker.move.keep_all", "de")
    await toggle(poker, private, 1, user=bob, place=place)
    assert confirm_button(private)["label"] == t("dicepoker.move.reroll_one", "de", kept=kept), \
        "a private menu is the clicker's"
    assert [b["label"] for b in toggles(private)][:2] == [t("dicepoker.toggle.kept", "de", position=1, value=dice[0]),
                                                          t("dicepoker.toggle.reroll", "de", position=2, value=dice[1])]
    assert toggles(post)[1]["label"] == t("dicepoker.toggle.reroll", "en", position=2, value=dice[1])


async def test_a_toggle_redraws_the_prompt_only_between_deliveries(poker, alice, bob, fixed_seed):
    """While a post of the game is being delivered (a clock's redraw, another seat's move), a toggle waits to draw
    the live message: it can neither land under that post nor draw over it with the message as it was."""
    place = poker.channel()
    game, post, _ = await open_duel(poker, alice, bob, place)
    async with poker.bot.courier.delivering(game.id):
        flipping = asyncio.ensure_future(toggle(poker, post, 1, user=bob, place=place))
        await asyncio.sleep(0.3)
        assert post.edits == 0 and kept_positions(post) == [0, 1, 2, 3, 4]
    flipped = await flipping
    assert flipped.callback_types == [7] and post.edits == 1 and kept_positions(post) == [0, 2, 3, 4]

    # a move comes in while a toggle waits: the toggle was for an earlier turn, and draws nothing
    game = await poker.bot.sessions.load(game.id)
    async with poker.bot.courier.delivering(game.id):
        flipping = asyncio.ensure_future(toggle(poker, post, 2, user=bob, place=place))
        await asyncio.sleep(0.3)
        await poker.bot.sessions.apply(game.id, bob.id, poker.bot.games.kind(game.kind).legal_moves(game.state, 1)[0],
                                       expected_version=game.version)
    stale = await flipping
    assert stale.only().ephemeral and stale.only().content == t("error.stale_button", "en", group="poker")
    assert post.edits == 1 and kept_positions(post) == [0, 2, 3, 4]


async def test_a_duel_by_clicks_reaches_the_match_picture(poker, alice, bob, fixed_seed):
    place = poker.channel()
    game, post, _ = await open_duel(poker, alice, bob, place)
    users = {alice.id: alice, bob.id: bob}
    hands_seen = set()
    while game.status == "active":
        seat = due_seat(game)
        keep = ai.choose_move(game.state, seat, "easy")["keep"]
        hands_seen.add(game.state["hand"])
        result = await choose_and_confirm(poker, post, keep, user=users[game.seats[seat].user_id], place=place)
        [record] = await poker.bot.sessions.store.recent_moves(game.id, 1)
        assert record.move["keep"] == keep
        post = turn_post(result, on=post)
        game = await poker.bot.sessions.load(game.id)
        if game.status == "active" and game.state["phase"] == "opponent_reroll" and game.state["hand"] > 1:
            assert post.file_names() == ["last_hand.png", "hand.png"], "a finished hand is shown with the next"
    assert hands_seen == set(range(1, game.state["hand"] + 1))
    assert post.file_names() == ["match.png", "hand.png", "chart.png"] and not post.buttons()   # + score chart
    assert t("play.final_title", "en") in post.text()
    for seat in game.seats:
        assert f"{seat.name} — {game.state['purses'][seat.seat]} Gold" in post.text()
    results = await poker.bot.sessions.store.finished_results(kind="dicepoker")
    assert {r.seat for r in results} == {0, 1}


async def test_refusals_third_player_wrong_turn_and_stale_buttons(poker, alice, bob, carol, fixed_seed):
    place = poker.channel()
    created = await poker.run("poker new", user=alice, place=place)
    lobby = next(m for m in created.messages if m.buttons())
    before_full = type(lobby)(**{**lobby.__dict__, "components": [dict(r) for r in lobby.components]})
    await poker.click(lobby, user=bob, place=place, label="Join")
    third = await poker.click(before_full, user=carol, place=place, label="Join")    # Join is greyed out now
    assert third.only().ephemeral and "full" in third.only().content.lower()
    started = await poker.click(lobby, user=alice, place=place, label="Start")
    post = turn_post(started)
    game = await poker.bot.sessions.game_in_channel(place.channel_id)
    assert due_seat(game) == 1

    outsider = await toggle(poker, post, 0, user=carol, place=place)
    assert outsider.only().ephemeral and outsider.only().content == t("error.not_your_game", "en")
    early = await toggle(poker, post, 0, user=alice, place=place)
    assert early.only().ephemeral and early.only().content.startswith(
        t("error.not_your_turn", "en", players="\x00").split("\x00")[0])
    early_confirm = await poker.click(post, user=alice, place=place, custom_id=confirm_button(post)["custom_id"])
    assert early_confirm.only().ephemeral
    assert kept_positions(post) == [0, 1, 2, 3, 4], "refused toggles change nothing"
    typed = await poker.run("poker keep", user=alice, place=place, dice="1,2")
    assert typed.only().ephemeral and (await poker.bot.sessions.load(game.id)).version == 0

    stale_copy = type(post)(**{**post.__dict__, "components": [dict(r) for r in post.components]})
    await choose_and_confirm(poker, post, [0, 1, 2, 3, 4], user=bob, place=place)
    stale_text = t("error.stale_button", "en", group="poker")
    for user in (bob, alice):           # an old prompt is stale for everyone, even the player now due
        stale = await poker.click(stale_copy, user=user, place=place, custom_id=toggles(stale_copy)[2]["custom_id"])
        assert stale.only().ephemeral and stale.only().content == stale_text
    for user in (bob, alice):           # Confirm too: alice's keep-all is legal now, but was not what was shown
        again = await poker.click(stale_copy, user=user, place=place, custom_id=confirm_button(stale_copy)["custom_id"])
        assert again.only().ephemeral and again.only().content == stale_text
    assert (await poker.bot.sessions.load(game.id)).version == 1


async def test_one_game_per_channel_across_games(poker, alice, bob):
    place = poker.channel()
    await poker.run("poker new", user=alice, place=place)
    busy = await poker.run("rp new", user=bob, place=place, players=2)
    # the refusal names the game that holds the channel, not the command typed
    assert busy.only().content == t("engine.error.channel_busy", "en", group="poker")
    other = await poker.run("rp status", user=bob, place=place)
    assert other.only().content == t("error.other_game_here", "en", game="Dice Poker", group="poker")
    rp_place = poker.channel()
    await poker.run("rp new", user=alice, place=rp_place, players=2)
    taken = await poker.run("poker new", user=bob, place=rp_place)
    assert taken.only().content == t("engine.error.channel_busy", "en", group="rp")
    wrong = await poker.run("poker keep", user=alice, place=rp_place, dice="all")
    assert wrong.only().content == t("error.other_game_here", "en", game="Roll Player", group="rp")
