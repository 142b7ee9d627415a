"""/poker in a DM: a duel against the bot (it plays its seat through the engine), a tavern night on either
payout table and the local gamblers, typed rerolls, the private "My moves" toggles, help and rules."""
from __future__ import annotations

import pytest
from poker_kit import choose_and_confirm, confirm_button, due_seat, kept_positions, toggle, toggles, turn_post

from bot.games.dicepoker import ai
from bot.i18n import t
from cogs.dicepoker.commands import keep_value, parse_positions, reroll_value


async def play_typed(harness, user, place, game):
    """Answer every decision of ``user``'s seat with ``/poker keep`` (the easy bot's keep), until the end."""
    typed = 0
    while game.status == "active":
        await harness.bot.bots.idle()
        game = await harness.bot.sessions.load(game.id)
        if game.status != "active":
            break
        assert game.seats[due_seat(game)].user_id == user.id, "the bot's seat is never left waiting"
        keep = ai.choose_move(game.state, due_seat(game), "easy")["keep"]
        dice = " ".join(str(i + 1) for i in keep) or "none"
        result = await harness.run("poker keep", user=user, place=place, dice=dice)
        assert result.private(), result.text()
        record = [r for r in await harness.bot.sessions.store.recent_moves(game.id, 3) if r.user_id == user.id][-1]
        assert record.seq == game.version + 1 and record.move["keep"] == keep
        typed += 1
        game = await harness.bot.sessions.load(game.id)
    await harness.bot.bots.idle()        # the bot may have ended the game and still be posting it
    return game, typed


async def test_a_dm_duel_against_the_bot_to_the_match_picture(poker, alice):
    dm = poker.dm()
    started = await poker.run("poker solo", user=alice, place=dm, opponents=1, level="best")
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    assert game.status == "active" and [s.is_ai for s in game.seats] == [False, True]
    assert game.state["mode"] == "duel" and turn_post(started) is not None
    game, typed = await play_typed(poker, alice, dm, game)
    assert game.status == "finished" and typed >= game.state["hand"]
    moves = await poker.bot.sessions.store.recent_moves(game.id, 100)
    bot_moves = [m for m in moves if m.seat == 1]
    assert bot_moves and all(m.user_id is None for m in bot_moves)
    assert await poker.bot.store.undelivered_posts(game_id=game.id) == []
    final = [m for m in poker.rec.order if m.channel_id == dm.channel_id and m.files][-1]
    assert final.file_names() == ["match.png", "hand.png", "chart.png"] and t("play.final_title", "en") in final.text()
    assert "Bot (" in final.text()


@pytest.mark.parametrize("table, stake", [("house", 3), ("printed", 1)])
async def test_a_tavern_night_on_either_table(poker, alice, table, stake):
    dm = poker.dm()
    started = await poker.run("poker solo", user=alice, place=dm, table=table)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    assert game.state["mode"] == "solo" and game.state["options"]["table"] == table
    assert t(f"dicepoker.lobby.table.{table}", "en") in started.text()
    post = turn_post(started)
    assert post.file_names() == ["hand.png"] and toggles(post)
    assert t("dicepoker.status.stake", "en", stake=stake) in (await status_text(poker, alice, dm))
    game, _ = await play_typed(poker, alice, dm, game)
    final = [m for m in poker.rec.order if m.channel_id == dm.channel_id and m.files][-1]
    net = game.state["purses"][0] - 30
    assert final.file_names() == ["match.png", "hand.png", "chart.png"]        # + the score chart
    assert t("dicepoker.final.solo", "en", player=game.seats[0].name, gold=game.state["purses"][0],
             net=f"{net:+d}" if net else "0", purse=30) in final.text()       # an ASCII minus, which a reader says


async def status_text(harness, user, place) -> str:
    return (await harness.run("poker status", user=user, place=place)).only().text()


async def test_the_local_gamblers(poker, alice):
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm, mode="gamblers")
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    assert game.state["mode"] == "local_gamblers" and len(game.seats) == 1
    game, typed = await play_typed(poker, alice, dm, game)
    assert game.status == "finished" and typed == len(game.state["history"])


async def test_lobby_switches_that_do_not_fit_are_refused(poker, alice):
    dm = poker.dm()
    refused = await poker.run("poker solo", user=alice, place=dm, opponents=1, mode="gamblers")
    assert refused.only().content == t("dicepoker.error.duel_options", "en")
    refused = await poker.run("poker solo", user=alice, place=dm, mode="gamblers", table="printed")
    assert refused.only().content == t("dicepoker.error.gamblers_table", "en")
    assert await poker.bot.sessions.game_in_channel(dm.channel_id) is None
    new = poker.bot.tree.get_command("poker").get_command("new")
    offered = {p.name for p in new.parameters}
    assert not offered & {"mode", "table"}, "mode and table are switches of solo only"
    assert {"bots", "level"} <= offered


async def test_my_moves_opens_private_toggles_that_work_the_same(poker, alice, bob):
    place = poker.channel()
    created = await poker.run("poker new", user=alice, place=place, bots=1, level="easy")
    lobby = next(m for m in created.messages if m.buttons())
    assert "Bot (" in lobby.text()
    await poker.click(lobby, user=alice, place=place, label="Start")
    await poker.bot.bots.idle()                 # the bot (the opponent in hand 1) rerolls first
    game = await poker.bot.sessions.game_in_channel(place.channel_id)
    assert due_seat(game) == 0 and game.version == 1
    post = [m for m in poker.rec.order if m.channel_id == place.channel_id and m.files][-1]
    mine = await poker.click(post, user=alice, place=place, label=t("button.my_moves", "en"))
    menu = mine.only()
    assert menu.ephemeral and len(toggles(menu)) == 5
    # one's own menu has Hint, as Roll Player's and Roll for Adventure's do (a tour found none here)
    assert menu.button(label=t("button.hint", "en"))
    await toggle(poker, menu, 4, user=alice, place=place)
    assert kept_positions(menu) == [0, 1, 2, 3] and menu.ephemeral and menu.button(label=t("button.hint", "en"))
    hinted = await poker.click(menu, user=alice, place=place, label=t("button.hint", "en"))
    assert [m for m in hinted.messages if m.ephemeral and m.content.startswith("💡")]
    done = await choose_and_confirm(poker, menu, [0, 1], user=alice, place=place)
    assert menu.components == [] and t("play.done", "en", move="\x00").split("\x00")[0] in menu.content
    assert done.public(), "the step is posted in the channel"
    post = [m for m in poker.rec.order if m.channel_id == place.channel_id and m.files][-1]   # the live one
    peek = await poker.click(post, user=bob, place=place, label=t("button.table", "en"))
    assert peek.private() and peek.private()[0].file_names() == ["hand.png"]


async def test_typed_rerolls_and_their_refusals(poker, alice):
    dm = poker.dm()
    await poker.run("poker solo", user=alice, place=dm)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    wrong = await poker.run("poker keep", user=alice, place=dm, dice="7")
    assert wrong.only().content == t("dicepoker.cmd.refused.keep", "en", option="dice", value="7")
    await poker.run("poker reroll", user=alice, place=dm, dice="2 4")
    [record] = await poker.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == {"type": "reroll", "keep": [0, 2, 4]}
    choices = await poker.autocomplete("poker keep", "dice", user=alice, place=dm, dice="1,2")
    assert choices and all("1,2" in c["value"] or "1,2" in c["name"] for c in choices)


def test_positions_are_read_in_any_spelling():
    assert parse_positions("1,3,5") == parse_positions("1 3 5") == parse_positions("135") == {1, 3, 5}
    assert parse_positions("all") == {1, 2, 3, 4, 5} and parse_positions("None") == set()
    for bad in ("6", "1,1", "x", "12345678", "9" * 100, "-1"):
        assert parse_positions(bad) is None
    assert keep_value(" 5,1 ") == "1,5" and keep_value("none") == "none" and keep_value("all") == "1,2,3,4,5"
    assert reroll_value("all") == "none" and reroll_value("2,4") == "1,3,5" and reroll_value("nope") == "nope"


async def test_help_and_rules(poker, alice):
    place = poker.channel()
    helped = (await poker.run("poker help", user=alice, place=place)).only()
    text = helped.text()
    assert helped.ephemeral and "/poker keep" in text and t("dicepoker.help.cmd.keep", "en") in text
    assert t("dicepoker.help.cmd.new", "en") in text and t("help.cmd.join", "en") in text
    for topic in ("overview", "hands", "ties", "match", "solo", "gamblers"):
        shown = (await poker.run("poker rules", user=alice, place=place, topic=topic)).only().text()
        assert t(f"dicepoker.rules_topic.{topic}.text", "en") in shown


async def test_confirm_label_follows_the_choice(poker, alice):
    dm = poker.dm()
    started = await poker.run("poker solo", user=alice, place=dm)
    post = turn_post(started)
    game = await poker.bot.sessions.game_in_channel(dm.channel_id)
    dice = game.state["sides"][0]["dice"]
    for item in range(5):
        await toggle(poker, post, item, user=alice, place=dm)
    assert kept_positions(post) == [] and confirm_button(post)["label"] == t("dicepoker.move.reroll_all", "en")
    await toggle(poker, post, 2, user=alice, place=dm)
    assert confirm_button(post)["label"] == t("dicepoker.move.reroll", "en", kept=str(dice[2]), count=4)
