"""A 3-player /rfa game played to its end by clicks (one message per hero turn, a fresh table picture after
every step), typed placements, and the refusals: a player who is not due, a stranger, a stale menu and a
move the throw does not allow — each ephemeral, in the player's language, changing nothing."""
from __future__ import annotations

import copy

import pytest
from harness import User
from rfa_clicks import KIND, click_move, due_seat, latest_turn_post, move_buttons, move_options

from bot.games.rollforadventure import policy
from bot.i18n import t


async def open_three(harness, users, place, **options):
    created = await harness.run("rfa new", user=users[0], place=place, players=3, **options)
    lobby = next(m for m in created.messages if m.buttons())
    for user in users[1:]:
        await harness.click(lobby, user=user, place=place, label="Join")
    await harness.click(lobby, user=users[0], place=place, label="Start")
    return await harness.bot.sessions.game_in_channel(place.channel_id)


def user_due(game, users):
    return next(u for u in users if u.id == game.seats[due_seat(game)].user_id)


async def play_to_the_end(harness, game, users, place, limit=600):
    """Every decision by the team policy's move, clicked; returns (game, clicks per move, turn messages)."""
    post = latest_turn_post(harness, place)
    clicks: list[int] = []
    messages = {post.id}
    while game.status == "active":
        assert len(clicks) < limit, "the game did not end"
        move = policy.choose_move(game.state, due_seat(game), len(clicks))
        version = game.version
        _, used = await click_move(harness, post, game, move, user=user_due(game, users), place=place)
        clicks.append(used)
        game = await harness.bot.sessions.load(game.id)
        [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
        assert record.seq == version + 1 and record.move == move
        post = latest_turn_post(harness, place)
        messages.add(post.id)
    return game, clicks, messages, post


async def test_three_players_to_the_end_by_clicks(harness, alice, bob, carol, fixed_seed):
    users = [alice, bob, carol]
    place = harness.channel()
    game = await open_three(harness, users, place)
    first = latest_turn_post(harness, place)
    assert first.file_names() == ["table.png"]
    assert f"<@{user_due(game, users).id}>" in first.text()
    game, clicks, messages, final = await play_to_the_end(harness, game, users, place)
    assert game.status == "finished" and game.state["result"] in ("won", "lost")
    # value × place is one click, except when a throw offers more moves than one menu holds
    assert max(clicks) <= 3 and clicks.count(1) > len(clicks) * 0.8
    # one message per hero turn, edited after each placement
    assert len(messages) <= game.state["turn"] + 2 < len(clicks)
    # co-operative: no score chart (every seat shares one result), no rating lines
    assert final.file_names() == ["final.png", "table.png"] and not final.buttons() and not final.selects()
    text = final.text()
    assert t("play.final_title_team", "en") in text
    assert t(f"rollforadventure.result.{game.state['result']}", "en") in text
    assert t("ratings.final_title", "en") not in text
    assert await harness.bot.store.undelivered_posts(game_id=game.id) == []


async def test_typed_placement_and_autocomplete(harness, alice, bob, carol, fixed_seed):
    users = [alice, bob, carol]
    place = harness.channel()
    game = await open_three(harness, users, place)
    user = user_due(game, users)
    legal = KIND.legal_moves(game.state, due_seat(game))
    move = next(m for m in legal if m["type"] == "place" and m["place"].startswith("territory:") and "hero" not in m)
    values = await harness.autocomplete("rfa place", "value", user=user, place=place, value="", where="")
    assert {c["value"] for c in values} == {str(m["value"]) for m in legal if m["type"] == "place"}
    places = await harness.autocomplete("rfa place", "where", user=user, place=place,
                                        value=str(move["value"]), where="")
    assert move["place"].split(":")[1] in {c["value"] for c in places}
    assert "Vortex of Memory" in {c["name"] for c in places}, "places read as names"
    await harness.run("rfa place", user=user, place=place, value=str(move["value"]),
                      where=move["place"].split(":")[1], count=str(move["count"]))
    [record] = await harness.bot.sessions.store.recent_moves(game.id, 1)
    assert record.move == move


@pytest.mark.parametrize("locale, lang", [("en-US", "en"), ("de", "de"), ("fr", "fr"), ("ko", "ko")])
async def test_refusals_change_nothing(harness, alice, bob, carol, fixed_seed, locale, lang):
    users = [alice, bob, carol]
    place = harness.channel()
    game = await open_three(harness, users, place)
    harness.locale = locale
    post = latest_turn_post(harness, place)
    due = user_due(game, users)
    other = next(u for u in users if u is not due)
    component = (move_buttons(post) or [None])[0]
    entry = move_options(post)[0] if not component else None

    async def press(user, message=post):
        if component is not None:
            return await harness.click(message, user=user, place=place, custom_id=component["custom_id"])
        return await harness.select(message, [entry[1]["value"]], user=user, place=place, custom_id=entry[0])

    # each person named as a sentence of the reader's language names them (Korean: "Alice 님")
    names = ", ".join(t("play.listed_player", lang, player=s.name) for s in game.seats if s.user_id == due.id)
    refused = await press(other)
    assert refused.only().ephemeral and refused.text() == t("error.not_your_turn", lang, players=names)
    stranger = User(id=100_000_000_000_000_077, name="dave")
    refused = await press(stranger)
    assert refused.only().ephemeral and refused.text() == t("error.not_your_game", lang)
    # a move the throw does not allow, typed: 7 is no die value (the option named as the player's client names it)
    refused = await harness.run("rfa place", user=due, place=place, value="7", where="forest")
    assert refused.only().ephemeral and refused.text() == t("error.option_not_legal", lang,
                                                            option=t("opt.value", lang), value="7")
    # what was typed comes back as typed: its markdown neither formats nor breaks the bold around it
    refused = await harness.run("rfa place", user=due, place=place, value="@everyone **x_y", where="forest")
    assert refused.only().ephemeral and refused.text() == t("error.option_not_legal", lang,
                                                            option=t("opt.value", lang),
                                                            value=r"@everyone \*\*x\_y")
    game = await harness.bot.sessions.load(game.id)
    assert game.version == 0
    # a private menu opened before a move is stale after it: made from the public menu, the move retires it (it
    # says what was done, and offers nothing); an old client still showing its menu is not played from it
    opened = await harness.click(post, user=due, place=place, label=t("button.my_moves", "en"))
    private = opened.private()[-1]
    as_shown = copy.deepcopy(private)
    move = policy.choose_move(game.state, due_seat(game), 0)
    await click_move(harness, post, game, move, user=due, place=place)
    game = await harness.bot.sessions.load(game.id)
    assert game.version == 1
    assert not move_buttons(private) and not move_options(private), private.text()
    if move_buttons(as_shown):
        stale = await harness.click(as_shown, user=due, place=place,
                                    custom_id=move_buttons(as_shown)[0]["custom_id"])
    else:
        [(cid, option), *_] = move_options(as_shown)
        stale = await harness.select(as_shown, [option["value"]], user=due, place=place, custom_id=cid)
    assert stale.text() in (t("error.stale_button", lang, group="rfa"), t("error.not_your_turn", lang, players=names))
    game = await harness.bot.sessions.load(game.id)
    assert game.version == 1


async def test_status_help_and_rules(harness, alice, bob, carol, fixed_seed):
    users = [alice, bob, carol]
    place = harness.channel()
    game = await open_three(harness, users, place)
    status = (await harness.run("rfa status", user=alice, place=place)).only().text()
    active = game.state["heroes"][game.state["active"]]["hero"]
    assert t(f"rollforadventure.hero.{active}.ability", "en") in status and "Turn 1" in status
    helped = (await harness.run("rfa help", user=alice, place=place)).only().text()
    assert t("rollforadventure.help.cmd.place", "en") in helped and t("rollforadventure.help.title", "en") in helped
    ruled = (await harness.run("rfa rules", user=alice, place=place, topic="turn")).only().text()
    assert t("rollforadventure.rules_topic.turn.text", "en") in ruled
    table = await harness.run("rfa table", user=bob, place=place)
    assert [f for m in table.messages for f in m.file_names()] == ["table.png"]
